"""The verifier's findings on the training games (review 22, group vtrain): the twelve-tile lamp
reads the game's own hand size (2), yochi's open wall stays under the riichi line (3), kunto's
wind triplets with no han to double (4), a refused kunto setup names the set it plays (5), short
mahjong keeps the rulebook's 14 tiles in the wall when the hands grow (6, 000:4329), risu's leave
dialog names no clock (7), the saved game's points as they stand (8), yochi's lesson card (10)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.test_fix22_tgui_table import learner_plays, scripted  # noqa: E402
from tests.ui_events import open_lesson_step  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.engine.game.actions import Riichi, Tsumo  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.engine.game.simple_modes import get_mode  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.i18n import points_text  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.play_simple import PlaySimpleScreen  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.training_setup import tile_set_name  # noqa: E402

T = parse_tile


def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str = "en",
             size: tuple[int, int] = (1280, 720)) -> App:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    return App(size=size, settings=Settings(language=lang, profile="rules"), progress=None, save=False)


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    a = make_app(tmp_path, monkeypatch)
    yield a
    a.close()
    i18n.set_language("en")


@pytest.fixture()
def ru_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    a = make_app(tmp_path, monkeypatch, "ru")
    yield a
    a.close()
    i18n.set_language("en")


# ---------------------------------------------------------------- 2: twelve tiles hold 12 + 1


def test_the_twelve_tile_lamp_says_almost_ready_when_a_discard_makes_the_hand_ready(app: App) -> None:
    """234m 45m 88m 111s 88s and 發 drawn: giving 發 away leaves a ready hand (Riichi is offered)."""
    screen = app.push("play_simple", mode="twelve_tiles", kids=False, seed=1)
    g = scripted(screen, ["2344588m11188s", "123456789p123s", "1122334455z77z", "99m99p99s1177z5s6s"], "6z")
    assert len(g.hands[0]) == 13 and Riichi(T("6z")) in screen.my_legal()
    assert screen.almost_ready() and screen.lamp_text() == "Almost ready!"


# ---------------------------------------------------------------- 3: yochi's open wall after riichi


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_open_wall_is_drawn_under_the_learners_riichi_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               size: tuple[int, int]) -> None:
    app = make_app(tmp_path, monkeypatch, "ru", size)
    screen = app.push("play_simple", mode="yochi", kids=False, seed=1)
    g = scripted(screen, ["123m456p789s23s55p", "1112223334445z", "111999m111999p1s", "111999s5566774z"], "9m")
    screen._act(Riichi(T("9m")))
    assert g.riichi[0] and not g.ended
    app.render()
    L, m = app.layout, screen.mid_rect
    lh = app.line_height(L.font("small"))
    words_bottom = m.top + L.px(10) + screen.side_lines() * lh  # «Осталось плиток» and «Риичи»
    wall = screen.open_wall_rect
    assert wall.top >= words_bottom, (wall, words_bottom)
    assert screen.side_lines() == 1  # «Риичи» beside the count: the next draws keep their size
    assert wall.height >= L.tile_h(0.45)
    assert wall.bottom + app.line_height(L.font("tiny")) <= m.bottom  # «ваша» under the framed tile
    app.close()


# ---------------------------------------------------------------- 4: kunto's winds with no han


def kunto_win(hands: list[str], draw: str) -> SimpleGame:
    setup = get_mode("kunto").setup(tiles="sou_winds52", hand=7)
    g = SimpleGame(setup, wall=scripted_wall(setup.tileset, hands, draw))
    g.apply(0, Tsumo())
    return g


def test_wind_triplets_in_a_hand_without_a_han_double_nothing() -> None:
    """000:3454 doubles the base value; a hand without a han has none, so no "x2" is counted."""
    value = kunto_win(["111z222z5s", "1234567s"], "5s").result.values[0]
    assert value.han == 0
    assert [(i.id, i.amount, i.unit) for i in value.items] == [("wind_nothing_to_double", 2, "triplets")]


def test_the_panel_says_the_winds_had_nothing_to_double(ru_app: App) -> None:
    screen = ru_app.push("play_simple", mode="kunto", kids=False, seed=1, rules={"tiles": "sou_winds52", "hand": 7})
    scripted(screen, ["111z222z5s", "1234567s"], "5s")
    screen._act(Tsumo())
    lines = screen.value_lines()
    assert lines[0] == "Вы: 0 ханов"
    assert "2 тройки ветров удваивают ханы, но у этой руки ханов нет: удваивать нечего." in lines
    assert not any("×2" in line for line in lines)
    ru_app.render()


# ---------------------------------------------------------------- 5: a refused kunto setup


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refused_kunto_setup_shows_and_names_the_set_it_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                lang: str) -> None:
    app = make_app(tmp_path, monkeypatch, lang)
    screen = app.push("training_setup", mode="kunto", title="Kunto")
    screen._set("dragons", "jokers")
    screen._set("players", 4)
    screen._set("hand", 13)
    assert screen.table is None and screen.error
    played = tile_set_name("sou_dragons48")
    assert screen.current("tiles") == "sou_dragons48"  # the set shown is the set counted
    assert played in screen.error and "48" in screen.error and "61" in screen.error
    note = next(n for k, _label, n, _w in screen.blocks if k == "tiles")
    assert "48" in note and note  # the dragons-added note stays while the table is refused
    app.render()
    app.close()


# ---------------------------------------------------------------- 6: short mahjong keeps 14 in the wall


def short_stage_win(left: int) -> SimpleGame:
    """Four players at 4 tiles, the learner's tsumo with ``left`` tiles in the wall."""
    setup = get_mode("short").setup()
    g = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["123m5p", "1z2z3z4z", "5z6z7z1z", "2z3z4z5z"], "5p"))
    del g.wall[:-left]
    g.apply(0, Tsumo())
    return g


def test_the_hands_grow_only_when_the_wall_keeps_the_rulebooks_14_tiles() -> None:
    """000:4329 «Остаток плиток в стене должен быть не менее 14»: growing four hands from 4 to 7
    takes 2 + 3 x 3 = 11 tiles, so the wall needs 11 + 14 = 25."""
    short = short_stage_win(24)
    assert short.ended and short.result.reason == "no_growth" and short.wall_remaining == 24
    end = short.events[-1]
    assert (end["grow"], end["keep"], end["need"], end["left"]) == (11, 14, 25, 24)
    grown = short_stage_win(25)
    assert not grown.ended and grown.hand_size == 7
    assert grown.wall_remaining == 14 - 1  # 14 kept, then the dealer's draw


def test_a_hand_that_cannot_grow_says_what_the_wall_must_keep(app: App) -> None:
    screen = app.push("play_simple", mode="short", kids=False, seed=2)
    g = scripted(screen, ["123m5p", "1z2z3z4z", "5z6z7z1z", "2z3z4z5z"], "5p")
    del g.wall[:-20]
    screen._act(Tsumo())
    assert g.ended
    line = screen._result_lines()[1]
    assert "20 tiles are left" in line and "takes 11" in line and "at least 14 must stay" in line
    assert len(screen.subtitle_lines(screen.end_rect.width)) == 2 and "…" not in " ".join(
        screen.subtitle_lines(screen.end_rect.width))  # whole, on two lines
    banners = [b.text for b in app.banners]  # the intermediate win does not promise hands that stay
    assert any("cannot grow every hand" in b for b in banners) and not any("grows to 7" in b for b in banners)


# ---------------------------------------------------------------- 7: risu has no clock


def test_leaving_risu_names_no_clock_but_the_ab_game_does(app: App) -> None:
    risu = app.push("play_simple", mode="risu", kids=False, seed=3)
    learner_plays(risu)
    assert risu.keeps_game() and risu.clock_left() is None
    words = risu.leave_loss()
    assert "clock" not in words and "everyone's points" in words
    ab = app.push("play_simple", mode="ab_game", kids=False, seed=3)
    learner_plays(ab)
    assert "clock" in ab.leave_loss()


# ---------------------------------------------------------------- 8: the saved game's points now


def test_the_setup_quotes_the_points_after_the_hand_that_ended(app: App) -> None:
    setup = app.push("training_setup", mode="risu", title="Risu")
    setup.begin()
    table: PlaySimpleScreen = app.screen
    for _ in range(8):
        learner_plays(table)
        if table.game.points != table.hand_start[0] and not table.match_over():
            break
        table.play_again()
    start, now = table.hand_start[0][0], table.game.points[0]
    assert table.game.ended and start != now
    table.back()
    next(b for b in table.dialog.buttons if b.label == "Leave").activate()
    setup = app.screen
    assert setup.resume is not None
    assert points_text(now) in setup.saved_text() and points_text(start) not in setup.saved_text()


# ---------------------------------------------------------------- 10: yochi's lesson card


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_yochi_lessons_play_card_says_the_glossarys_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             lang: str) -> None:
    app = make_app(tmp_path, monkeypatch, lang)
    lesson = app.library().lessons["variant_yochi"]
    step = next(s for s in lesson.steps if s.kind == "play")
    screen = open_lesson_step(app, "variant_yochi", step.id)
    assert screen.view.title == app.glossary().term("yochi").name(lang)
    app.close()
