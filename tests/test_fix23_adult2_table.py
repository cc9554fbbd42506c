"""Review 23 (table23), the table's replay, review cards and match end: the replay's caption draws
the discarded tile instead of naming it in words with its Japanese («Вы: сброс север (北, pē)»);
the call verdicts of the replay and of a call card know whether the hand was already open; the
match end says nothing of an oka the rules do not have (JPML: «плюс ока 0»); the Strong bot's
note reads plainly; and a log with too many copies of a tile says so in one line."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.ui_events import headless_app  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.engine.game.actions import Discard  # noqa: E402
from trainer.engine.game.options import game_options  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.ui import richtext  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens import position_review, replay  # noqa: E402
from trainer.ui.screens.play_shots import _due_items, _review, call_game, saved_games  # noqa: E402
from trainer.ui.views.table.result import MatchEndView  # noqa: E402


@pytest.fixture()
def lang():  # noqa: ANN201
    """Set the UI language for one test (the one before comes back afterwards)."""
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


# ---------------------------------------------------------------- 1: the replay's caption
@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_replay_caption_draws_the_discarded_tile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     language: str, size: tuple[int, int]) -> None:
    with headless_app(tmp_path, monkeypatch, size=size, language=language, term_mode="ru_ja") as app:
        screen = app.push("replay", path=str(saved_games(app)[0]))
        screen.pos = next(i for i, f in enumerate(screen.frames)
                          if isinstance(f.action, Discard) and f.action.tile.kind == 30 and f.seat == 0)
        tile = str(screen.frames[screen.pos].action.tile)
        caption = screen.caption(screen.frames[screen.pos])
        assert caption == ("Вы: сброс " if language == "ru" else "You: discard ") + "{tiles:" + tile + "}"
        drawn: list[str] = []
        real = richtext._draw_inline_tiles

        def spy(app_: Any, surf: Any, atom: Any, *args: Any) -> None:
            drawn.append(atom.tiles)
            real(app_, surf, atom, *args)

        monkeypatch.setattr(richtext, "_draw_inline_tiles", spy)
        richtext._CACHE.clear()
        app.render()
        assert tile in drawn  # the North drawn as a tile, as the review's boxes draw tiles
        lay = richtext.layout_rich(app, caption, app.layout.font("small"), app.layout.content().width,
                                   tile_scale=replay.CAPTION_TILE_SCALE)
        assert screen.caption_y - lay.height >= screen.board.rect.bottom  # between the table and the buttons
        assert 0 < screen.caption_width(caption) < app.layout.content().width // 2


# ---------------------------------------------------------------- 3: an open hand's call verdict
OPEN_ENDING = "it only leaves fewer tiles in your hand, and fewer to fold with"


def test_the_replay_call_verdict_knows_the_hand_was_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        # seed 1 with the efficient bot's calls: in hand 6 the learner, open and ready, passes a chii
        screen = app.push("replay", path=str(call_game(app, 1, calls=True)))
        index = {(f.hand, f.action_index): i for i, f in enumerate(screen.frames)}
        screen.pos = index[(5, 43)]
        call = screen.current_call()
        assert call is not None and call.reason == "not_faster" and call.shanten == 0 and not call.called
        assert screen.hand_was_open()
        seen: list[Any] = []
        real = replay.call_choice_text
        monkeypatch.setattr(replay, "call_choice_text", lambda c, open_hand=None: seen.append(open_hand) or real(
            c, open_hand))
        app.render()
        assert seen == [True]
        assert OPEN_ENDING in real(call, screen.hand_was_open())
        screen.pos = index[(0, 20)]  # the first offer of the match: a closed hand, ready too
        app.invalidate()
        app.render()
        assert seen == [True, False] and not screen.hand_was_open()


def test_a_call_card_on_an_open_hand_says_so(progress_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app = progress_app
    items = [c for c in _due_items(call_game(app, 1, calls=True), "call") if c["hand"] == 5]
    screen = _review(app, items)  # hand 6: the learner, open and ready, called a chii the coach passes
    app.render()
    assert screen.ask == "call" and not screen.point.view.hand.is_closed
    seen: list[Any] = []
    real = position_review.call_answer_text
    monkeypatch.setattr(position_review, "call_answer_text",
                        lambda c, open_hand=None: seen.append(open_hand) or real(c, open_hand))
    chi = next(a for a in screen.point.offers if type(a).__name__ == "Chi")
    screen.answer_call(chi)
    words = richtext.plain_text(screen.feedback(), app)
    assert seen and set(seen) == {True}
    assert OPEN_ENDING in words, words


# ---------------------------------------------------------------- 1: no oka of 0
@pytest.mark.parametrize(("preset", "oka"), [("jpml", False), ("ema", False), ("tenhou", True)])
def test_the_match_end_names_an_oka_only_when_there_is_one(lang: Any, preset: str, oka: bool) -> None:
    options = game_options(load_rules(preset))
    for code in ("en", "ru"):
        lang(code)
        note = MatchEndView(SimpleNamespace(options=options), str, []).note()
        assert ("{oka_term}" not in note) and ("{term:oka}" in note) == oka, note
        assert "{term:uma}" in note and ("of 0 to" not in note) and ("ока 0" not in note)
        rounded = options.final_rounding == "thousand_5_down"
        assert (("rounded" if code == "en" else "округлением") in note) == rounded


def test_the_strong_bot_is_described_plainly(lang: Any) -> None:
    from trainer.ui.match_setup import BOT_ROSTER

    lang("ru")
    words = i18n._(BOT_ROSTER["strong"][2])
    assert "давит" not in words and "когда рука того стоит" in words, words


# ---------------------------------------------------------------- 2: the log's detail, in one line
def _log(tmp_path: Path) -> dict:
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.game.tenhou6_write import to_tenhou6
    from trainer.ui.match_setup import MatchSetup

    rules = MatchSetup(length="tonpuusen").rules()
    log = play_match([make_bot(n, rules) for n in ("efficient", "careful", "efficient", "careful")], rules,
                     seed=31).log
    data = to_tenhou6(log)
    data.pop("riichi_trainer", None)
    return data


def test_the_problem_sentence_names_a_tile_seen_too_often(tmp_path: Path, lang: Any) -> None:
    from trainer.engine.game.exchange import read_source
    from trainer.engine.game.records import RecordError
    from trainer.ui.log_problems import error_problem_text, log_problem_text

    bad = copy.deepcopy(_log(tmp_path))
    hand = bad["log"][1]
    hand[4][:3] = [11, 11, 11]
    hand[7][:2] = [11, 11]
    path = tmp_path / "five-1m.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_source(path)
    lang("en")
    text = error_problem_text(caught.value)
    assert text.startswith("hand 2: 1m appears ") and text.endswith("times, but a full tile set has only four"), text
    lang("ru")
    assert "раздача 2: 1m встречается" in error_problem_text(caught.value)
    assert log_problem_text("damaged_hand", hand=2, copies=("0p", 2, 1)) == "раздача 2: красная 0p встречается 2 раза, " \
                                                                              "а в наборе она одна"
    assert log_problem_text("damaged_hand", hand=3) == "раздача 3 оборвана или испорчена — скопируйте снова"


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_import_banner_about_a_cut_log_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      language: str) -> None:
    from trainer.ui import folders

    docs = tmp_path / "docs"
    docs.mkdir()
    monkeypatch.setattr(folders, "export_folder", lambda: docs)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    cut = _log(tmp_path)
    cut["log"][0] = cut["log"][0][:6]
    bad = copy.deepcopy(_log(tmp_path))
    bad["log"][1][4][:3] = [11, 11, 11]
    bad["log"][1][7][:2] = [11, 11]
    (docs / "broken-cut.json").write_text(json.dumps(cut), encoding="utf-8")
    (docs / "five-1m.json").write_text(json.dumps(bad), encoding="utf-8")
    with headless_app(tmp_path, monkeypatch, language=language, profile="rules") as app:
        screen = app.push("game_import")
        app.render()
        small = app.layout.font("small")
        for name in ("broken-cut.json", "five-1m.json"):
            screen.open_file(docs / name)
            app.process([], 1 / 60)
            app.render()
            banner = app.banners[-1]
            assert banner.kind == "error" and name in banner.text
            one_line = app.line_height(small) + app.layout.px(24)  # a line and the notice's padding
            assert banner.rect(app).height <= one_line, banner.text  # one line at 1280x720
