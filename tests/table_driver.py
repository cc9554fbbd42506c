"""Drive the table screen with synthetic key events, as a keyboard-only learner would.

The learner's choices come from the efficient bot, except that every chi or pon offered is
taken (so a hand shows a call); each choice is made with keys only: Left/Right along the
hand and Enter to discard, the number key of a button for a call, riichi or a win."""

from __future__ import annotations

from typing import Any

import pygame

from trainer.engine.bots import make_bot
from trainer.engine.game.actions import Chi, Discard, Pass, Pon, Riichi
from trainer.engine.game.view import make_view


def key(app: Any, k: int, unicode: str = "") -> None:
    """One key press, then one frame."""
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode)], 1 / 60)


def press_digit(app: Any, n: int) -> None:
    """The number key ``n`` (1-9)."""
    key(app, pygame.K_0 + n, str(n))


def discard_with_keys(app: Any, screen: Any, tile: Any) -> None:
    """Walk the hand's cursor to ``tile`` with Left/Right and press Enter."""
    row = screen.hand_row
    if screen.focused_widget() is not row:
        screen.set_focus(row)
    target = max(i for i, s in enumerate(row.slots) if s.tile == tile)
    while row.cursor != target:
        key(app, pygame.K_RIGHT if row.cursor < target else pygame.K_LEFT)
        row = screen.hand_row
    key(app, pygame.K_RETURN, "\r")


def button_for(screen: Any, action: Any) -> int:
    """The number of the button that takes ``action``."""
    for i, b in enumerate(screen.action_buttons, start=1):
        if b.on_click.__defaults__ and b.on_click.__defaults__[0] == action:
            return i
    raise LookupError(f"no button for {action!r}")


def learner_turn(app: Any, screen: Any, bot: Any, seen: dict[str, Any]) -> None:
    """Make the learner's decision with keys."""
    legal = screen.my_legal()
    calls = [a for a in legal if isinstance(a, Chi | Pon)]
    choice = calls[0] if calls else bot.choose(make_view(screen.round, 0), legal)
    if isinstance(choice, Chi | Pon):
        seen["learner_call"] = True
        seen["call_buttons"] = [(b.label, b.pieces) for b in screen.action_buttons]
        seen["offered"] = (screen.round.last_from, screen._marked())
    if isinstance(choice, Discard):
        discard_with_keys(app, screen, choice.tile)
    elif isinstance(choice, Riichi):
        riichi_btn = len(screen.action_buttons)  # the riichi button comes last
        press_digit(app, riichi_btn)
        seen["riichi_marks"] = dict(screen.hand_row.marks)
        discard_with_keys(app, screen, choice.tile)
    elif isinstance(choice, Pass):
        press_digit(app, button_for(screen, Pass()))
    else:
        press_digit(app, button_for(screen, choice))


def drive_hand(app: Any, screen: Any, *, max_steps: int = 500) -> dict[str, Any]:
    """Play one hand to its end; returns what happened (calls, riichi, the result kind)."""
    bot = make_bot("efficient", screen.match.rules)
    seen: dict[str, Any] = {"learner_call": False}
    for _ in range(max_steps):
        screen.run_bots_until_learner()
        if screen.round.ended:
            break
        learner_turn(app, screen, bot, seen)
    rnd = screen.round
    seen["calls"] = sum(len(s.melds) for s in rnd.seats)
    seen["riichi"] = [i for i, s in enumerate(rnd.seats) if s.riichi]
    seen["kind"] = rnd.result.kind if rnd.result is not None else None
    return seen


def open_app(tmp_path: Any, monkeypatch: Any, *, with_progress: bool = False) -> Any:
    """A headless English app at 1280x720 on the home screen, its data in ``tmp_path``
    (with a progress store when ``with_progress``)."""
    from trainer.ui.app import App
    from trainer.ui.settings import Settings

    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    store = None
    if with_progress:
        from trainer.progress import open_store

        store = open_store(tmp_path / "progress.sqlite3")
    app = App(size=(1280, 720), settings=Settings(language="en"), progress=store, save=False)
    app.push("home")
    return app


def play_simple_hand(screen: Any, bot: Any = None, *, max_steps: int = 4000) -> None:
    """Play the simple table's hand in play to its end: the learner's moves by ``bot`` (default:
    the mode's own bot), the others by the table's bots."""
    from trainer.engine.game.simple_bots import make_simple_bot
    from trainer.ui.screens.play_shots import play_simple_out

    setup = screen.setup
    me = bot or make_simple_bot(setup.bots, 3, setup.rules, setup.shape_rules())
    if not play_simple_out(screen, me, max_steps=max_steps):
        raise AssertionError("the hand did not end")
