"""The table coach and prompt (review round 20, "rules"):

* #3 in sanma, while Kita (setting the North aside, nukidora) is legal, the coach says to take it —
  as the strong bot does — and neither names nor marks the North as the best discard;
* #10 "riichi adds little" only when it does: a real gain (7 700 → 12 000) is named, with why the
  evaluator stays quiet anyway (the narrow wait); the evaluator's verdict is unchanged;
* #9 after a key press the table's prompt names the keys (←/→, Enter, the number keys).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.evaluator.reasons import reason  # noqa: E402
from trainer.engine.game.actions import Discard, Kita  # noqa: E402
from trainer.engine.game.coach import discard_hints, kita_first  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.engine.tiles import NORTH, Tile  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.screens import play_shots as ps  # noqa: E402
from trainer.ui.views.table import coach  # noqa: E402


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


def _en(app: App) -> bool:
    return app.settings.language == "en"


# ------------------------------------------------------------------ #3 Kita before any discard
def test_the_coach_says_kita_and_marks_no_discard_while_kita_is_legal(app: App) -> None:
    checked: list[bool] = []

    def want(s) -> bool:  # noqa: ANN001
        legal = s.my_legal()
        if any(isinstance(a, Discard) for a in legal):
            # the engine coach reads from the view alone exactly when Kita is legal
            offered = any(isinstance(a, Kita) for a in legal)
            assert kita_first(make_view(s.round, 0), s.match.rules) == offered
            checked.append(offered)
        return any(isinstance(a, Kita) for a in legal) and not s.round.seats[0].riichi

    screen = ps.play_until(app, want, setup=replace(ps.SANMA, coach="full"))
    app.render()
    view = make_view(screen.round, 0)
    tiles = [a.tile for a in screen.my_legal() if isinstance(a, Discard)]
    assert discard_hints(view, tiles, screen.match.rules) == []  # the bot sets the North aside first
    assert discard_hints(view, tiles, screen.match.rules, kita=False)  # the ranking itself still works
    # no "best discard" mark on the North (nor on any tile: the discard comes after the replacement draw)
    assert "hint" not in [screen.hand_row.marks.get(i) for i, s in enumerate(screen.hand_row.slots)
                          if s.tile.kind == NORTH]
    text = plain_text(screen.coach_message(), app)
    if _en(app):
        assert text.startswith("Coach: first set 4z aside with the Kita button"), text
        assert "Discard " not in text and "widest" not in text, text
    else:
        assert text.startswith("Тренер: сначала выложите 4z в сторону кнопкой «Кита»"), text
        assert "Сбросьте" not in text and "укейре" not in text, text
    assert len(checked) > 3 and checked[-1]


def test_kita_is_never_read_outside_nukidora_rules() -> None:
    from tests.test_evaluator import make_view as view_of

    v = replace(view_of("123m456p789s1122z4z", ["", "", "", ""]), drawn=Tile(NORTH))
    assert kita_first(v, "sanma") and not kita_first(v, "tenhou")
    assert not kita_first(replace(v, drawn=None), "sanma")  # a turn begun with a call
    assert not kita_first(replace(v, live_remaining=0), "sanma")  # no tile left to draw in its place


# ------------------------------------------------------------------ #10 riichi "adds little"
def _choice(ratio: float, left: int | None, dama: int = 7700, with_riichi: int = 12000) -> SimpleNamespace:
    return SimpleNamespace(riichi=False, why=reason("riichi_adds_little", ratio=ratio), tile=Tile(0), dama=dama,
                           with_riichi=with_riichi, left=left)


def test_a_real_riichi_gain_is_not_called_little(app: App) -> None:
    text = plain_text(coach.riichi_line(_choice(1.56, 3)), app)
    if _en(app):
        assert "adds little" not in text
        assert "about 1.6 times bigger, but the wait is narrow: only 3 winning tiles left" in text, text
        assert "about 12,000 with riichi, 7,700 without" in text
    else:
        assert "добавит мало" not in text
        assert "примерно в 1,6 раза дороже, но ожидание узкое: всего 3 выигрышные плитки" in text, text
        assert "около 12\u00a0000 с риичи, 7\u00a0700 без него" in text
    one = plain_text(coach.riichi_line(_choice(2.0, 1)), app)
    assert ("only 1 winning tile left" if _en(app) else "всего 1 выигрышная плитка") in one, one
    wide = plain_text(coach.riichi_line(_choice(1.5, 6)), app)
    assert ("not enough to tell everyone" if _en(app) else "этого мало, чтобы показать всем") in wide, wide
    # a gain that really is small keeps its words
    small = plain_text(coach.riichi_line(_choice(1.1, 3, dama=7700, with_riichi=8500)), app)
    assert ("riichi adds little" if _en(app) else "риичи добавит мало") in small, small


def test_the_review_words_without_the_wait_still_read() -> None:
    set_language("en")
    assert coach.RIICHI_WHY["riichi_adds_little"](reason("riichi_adds_little", ratio=1.0)) == (
        "riichi adds little and tells everyone you are ready")
    assert "1.6 times bigger — not enough" in coach.RIICHI_WHY["riichi_adds_little"](
        reason("riichi_adds_little", ratio=1.56))


# ------------------------------------------------------------------ #9 the prompt names the keys
def test_the_prompt_names_the_keys_after_a_key_press(app: App) -> None:
    screen = ps.play_until(app, lambda s: any(isinstance(a, Discard) for a in s.my_legal())
                           and not s.round.seats[0].riichi)
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)], 1 / 60)
    assert not app.show_focus
    mouse = screen.prompt_text()
    assert mouse == ("Your turn: click a tile, then click it again to discard it." if _en(app)
                     else "Ваш ход: нажмите на плитку, затем нажмите ещё раз, чтобы сбросить её.")
    app.process([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")], 1 / 60)
    assert app.show_focus and app.screen is screen
    keys = screen.prompt_text()
    if screen.action_buttons:
        want = ("Your turn: ←/→ choose a tile, Enter discards it; the number keys press the buttons." if _en(app)
                else "Ваш ход: ←/→ — выбрать плитку, Enter — сбросить её, цифры — нажать кнопки справа.")
    else:
        want = ("Your turn: ←/→ choose a tile, Enter discards it." if _en(app)
                else "Ваш ход: ←/→ — выбрать плитку, Enter — сбросить её.")
    assert keys == want
