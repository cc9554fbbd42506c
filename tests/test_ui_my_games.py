"""My games: a finished match's row names the learner's place as an ordinal ("3rd place",
«3-е место»), in both languages, on the screen."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.table_driver import open_app  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.i18n import place_text  # noqa: E402
from trainer.ui.screens import my_games  # noqa: E402
from trainer.ui.screens.play_shots import saved_games  # noqa: E402


def test_place_text_is_an_ordinal() -> None:
    before = i18n.current_language()
    try:
        i18n.set_language("en")
        assert [place_text(n) for n in (1, 2, 3, 4)] == ["1st place", "2nd place", "3rd place", "4th place"]
        i18n.set_language("ru")
        assert [place_text(n) for n in (1, 2, 3, 4)] == ["1-е место", "2-е место", "3-е место", "4-е место"]
    finally:
        i18n.set_language(before)


def test_my_games_shows_the_place_as_an_ordinal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(tmp_path, monkeypatch)
    seen: list[str] = []
    real = my_games.blit_text
    monkeypatch.setattr(my_games, "blit_text", lambda surf, a, text, *args, **kw: (seen.append(text),
                                                                                 real(surf, a, text, *args, **kw))[1])
    try:
        saved_games(app)
        screen = app.push("my_games")
        finished = [r.game for r in screen.rows if r.game.readable and r.game.finished]
        assert finished and all(g.place in (1, 2, 3, 4) for g in finished)
        words = {1: ("1st place", "1-е место"), 2: ("2nd place", "2-е место"), 3: ("3rd place", "3-е место"),
                 4: ("4th place", "4-е место")}
        for lang in ("en", "ru"):
            app.apply_settings(replace(app.settings, language=lang))
            seen.clear()
            app.render()
            for g in finished:
                want = f"{words[g.place][lang == 'ru']}  ·  {i18n.format_points(g.points)}"  # 18,800 / 18 800
                assert want in seen, (want, seen)
            assert not any(re.search(r"\b(place|место) \d", t) for t in seen), seen
    finally:
        app.apply_settings(replace(app.settings, language="en"))
        app.close()


def test_an_unreadable_game_says_why_in_the_learners_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reason an unreadable file cannot be opened is a translated sentence in a beginner's
    words, not the engine's English line ("saved by a newer version of the app (game log version
    2; ...)")."""
    import json

    from trainer.engine.game.records import FORMAT
    from trainer.ui.saved_games import games_dir

    app = open_app(tmp_path, monkeypatch)
    folder = games_dir(app)
    folder.mkdir(parents=True, exist_ok=True)
    files = {"newer": {"format": FORMAT, "version": 2, "hands": []}, "json": '{\n "format": "x",\n oops',
             "other": {"format": "something-else"}, "damaged": {"format": FORMAT, "version": 1, "hands": []}}
    for i, content in enumerate(files.values()):
        (folder / f"game-2026010{i + 1}-000000.json").write_text(
            content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    seen: list[str] = []
    real = my_games.blit_text
    monkeypatch.setattr(my_games, "blit_text", lambda surf, a, text, *args, **kw: (seen.append(text),
                                                                                 real(surf, a, text, *args, **kw))[1])
    try:
        app.apply_settings(replace(app.settings, language="ru"))
        screen = app.push("my_games")
        assert [r.game.problem_kind for r in screen.rows] == ["damaged", "not_game_log", "not_json", "newer_version"]
        seen.clear()
        app.render()
        why = {r.game.problem_kind: my_games.game_line(r.game)[1] for r in screen.rows}
        assert all(w in seen for w in why.values()), (why, seen)
        assert "новой версией" in why["newer_version"] and "newer version" not in why["newer_version"]
        assert "строк" in why["not_json"] and "3" in why["not_json"]
        assert "не запись партии" in why["not_game_log"]
        assert why["damaged"] == "не читается: файл повреждён: нет поля «rules»"
        for text in why.values():  # no English words (the missing field's own name aside)
            assert not re.search(r"[A-Za-z]{2,}", text.replace("JSON", "").replace("rules", "")), text
        app.apply_settings(replace(app.settings, language="en"))
        screen = app.screen
        why = {r.game.problem_kind: my_games.game_line(r.game)[1] for r in screen.rows}
        assert why["newer_version"] == "unreadable: saved by a newer version of the app — update the app to open it"
    finally:
        app.apply_settings(replace(app.settings, language="en"))
        app.close()
