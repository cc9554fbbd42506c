"""Review 24 (group "mcrB24", MCR #3): the replay of a Chinese Official game speaks MCR.

A false Hu was captioned "You: ron" and its −30 passed without a word; calls read "chii / pon / ron"
while the table says Chi / Peng / Hu; a win frame gave only the points, never the fans.  Now: the
calls in MCR words, the false win named with what the hand was worth and its penalty (and again
at the hand's end), and at a Hu the box at the top left lists the hand's fans as the result card
does.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.text_checks import in_english, plain_words, surfaces_drawn  # noqa: E402
from trainer.engine.game.actions import Chi, Kan, Pon, Ron, Tsumo  # noqa: E402
from trainer.engine.mcr.bots import make_mcr_bot  # noqa: E402
from trainer.engine.mcr.match import play_mcr_match  # noqa: E402
from trainer.engine.mcr.records import McrRecorder  # noqa: E402
from trainer.engine.mcr.rules_game import load_mcr_game  # noqa: E402
from trainer.ui.views.table.actions import offer_label  # noqa: E402

RULES = load_mcr_game("mcr")
SEED = 7
"""A game whose first hand has the learner's false Hu (6 points without flowers) and a chow and a
kong by Across, and whose second hand the learner wins by self-draw (Greater Honors and Knitted)."""


class HuAlways:
    """The MCR bot, but it declares every Hu it is offered, under the minimum too (a false win)."""

    def __init__(self) -> None:
        self.bot = make_mcr_bot("mcr", RULES)

    def choose(self, view: Any, legal: list[Any]) -> Any:
        """Hu whenever offered, else the bot's choice."""
        return next((a for a in legal if isinstance(a, Ron | Tsumo)), None) or self.bot.choose(view, legal)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


@pytest.fixture(scope="module")
def game_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The saved log of the game's first two hands."""
    players = [HuAlways()] + [make_mcr_bot("mcr", RULES) for _ in range(3)]
    out = play_mcr_match(players, RULES, SEED, recorder=lambda m: McrRecorder(m, ["You", "A", "B", "C"]), hands=2)
    assert out.results[0].false_wins and out.results[0].false_wins[0].seat == 0  # the game is the one described
    assert out.results[1].wins and out.results[1].wins[0].seat == 0
    path = tmp_path_factory.mktemp("mcr_replay") / "game.json"
    path.write_text(json.dumps(out.recorder.log), encoding="utf-8")
    return path


def _frame(screen: Any, what: type, *, ended: bool = False) -> int:
    """The index of the first frame of action ``what`` (its result set when ``ended``)."""
    return next(i for i, f in enumerate(screen.frames)
                if isinstance(f.action, what) and (f.result is not None) == ended)


def test_calls_are_captioned_in_mcr_words(app: Any, game_path: Path) -> None:
    screen = app.push("replay", path=str(game_path))
    assert screen.mcr and not screen.error
    chi, kan = (screen.caption(screen.frames[_frame(screen, kind)]) for kind in (Chi, Kan))
    if in_english(app):
        assert chi == "Across: chi" and kan == "Across: gang"
    else:
        assert chi == "Напротив: чии" and kan == "Напротив: ган"
    assert offer_label(Pon(tiles=()), mcr=False) != offer_label(Pon(tiles=()), mcr=True)  # riichi keeps "Pon"


def test_a_false_hu_is_named_with_its_worth_and_penalty(app: Any, game_path: Path) -> None:
    screen = app.push("replay", path=str(game_path))
    false_hu = screen.frames[_frame(screen, Ron)]
    caption = screen.caption(false_hu)
    if in_english(app):
        assert caption == ("You: Hu — a false win: 6 points without flowers, 8 needed. "
                           "You pay 10 to each other player (−30).")
    else:
        assert caption == ("Вы: ху, но ложный: 6 очков без цветов, а нужно 8. "
                           "Вы платите по 10 каждому другому игроку (−30).")
    end = next(f for f in screen.frames if f.hand == 0 and f.result is not None)
    said = screen.caption(end)
    assert said.endswith("Your false win cost 30." if in_english(app) else "Ваш ложный ху обошёлся вам в 30.")


def test_a_hu_frame_lists_the_hands_fans(app: Any, game_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = app.push("replay", path=str(game_path))
    screen.pos = _frame(screen, Tsumo, ended=True)
    frame = screen.frames[screen.pos]
    win = frame.result.wins[0]
    text = plain_words(app, screen.mcr_fans_text(frame))
    names = app.glossary()
    for fan in set(win.score.fans):  # every fan counted, by its glossary name, with its points
        name = names.term("mcr_" + fan).plain_name(app.settings.language)
        assert name in text, (fan, text)
    assert ("Total: 33 points" if in_english(app) else "Итого: 33 очка") in text
    assert "(七星不靠, qī xīng bù kào): 24" in text  # the name as the result card shows it, then its points
    drawn = surfaces_drawn(app, monkeypatch)
    app.invalidate()
    app.render()
    assert any("24" in w for w in drawn) and screen.box.rect.width > 0  # on screen, in the box at the top left
    screen.pos = _frame(screen, Ron)
    assert "(−30)" not in screen.mcr_fans_text(screen.frames[screen.pos])
    assert ("Total: 8 points" if in_english(app) else "Итого: 8 очков") in plain_words(
        app, screen.mcr_fans_text(screen.frames[screen.pos]))  # the false win's own hand: 6 + 2 flowers
    screen.pos = 1
    assert screen.mcr_fans_text(screen.frames[1]) == ""
