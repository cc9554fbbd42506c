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
                want = f"{words[g.place][lang == 'ru']}  ·  {g.points}"
                assert want in seen, (want, seen)
            assert not any(re.search(r"\b(place|место) \d", t) for t in seen), seen
    finally:
        app.apply_settings(replace(app.settings, language="en"))
        app.close()
