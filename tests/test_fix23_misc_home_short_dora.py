"""Review rev23 "misc": the home's section cards show whole subtitles under four cards above them
(a short subtitle when the whole one does not fit, never «…»), short mahjong's end panel names a
player who won two stages once («Напротив — 2 раза»), and the dora indicator of the bamboo and
single-suit tables keeps its size and place when the learner declares riichi."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from trainer.engine.game.actions import Riichi, Tsumo  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.engine.game.simple_bots import make_simple_bot  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.i18n import _, set_language  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.play_simple import PlaySimpleScreen, StageWin  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.widgets import Card  # noqa: E402

T = parse_tile
SIZES = [(1280, 720), (1024, 600), (1920, 1080)]


@pytest.fixture()
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    made: list[tuple[App, object]] = []

    def make(lang: str = "en", size: tuple[int, int] = (1280, 720), *, store: bool = True,
             tile_size: str = "medium") -> App:
        set_language(lang)
        progress = open_store(tmp_path / f"progress-{len(made)}.sqlite3") if store else None
        app = App(size=size, settings=Settings(language=lang, tile_size=tile_size), progress=progress, save=False)
        made.append((app, progress))
        return app

    yield make
    for app, progress in made:
        app.close()
        if progress is not None:
            progress.close()  # type: ignore[attr-defined]
    set_language("en")


# ---------------------------------------------------------------- 1: the home's section cards


def _four_tops(monkeypatch: pytest.MonkeyPatch) -> None:
    """A learner with progress: a lesson to continue, 84 reviews due, a match to resume and 17
    positions from games due — four cards above the sections."""
    from trainer.ui import game_cards
    from trainer.ui.screens import home

    monkeypatch.setattr(home.HomeScreen, "_resume", lambda self: ("basics_dora", 0, "Dora"))
    monkeypatch.setattr(home.HomeScreen, "_reviews", lambda self: [{"id": i} for i in range(84)])
    monkeypatch.setattr(home.HomeScreen, "_unfinished_match",
                        lambda self: self.add(Card("Resume the match", "3 hands played", lambda: None)))
    monkeypatch.setattr(game_cards, "due_positions",
                        lambda app: [{"ask": "tile"}] * 10 + [{"ask": "riichi"}] * 4 + [{"ask": "call"}] * 3)


def _whole(app: App, card: Card) -> bool:
    """The card shows its whole title and its whole subtitle."""
    w = card.rect.width
    return (card.height_for(app, w, card.subtitle_lines(app, w)) <= card.rect.height
            and card.subtitle_room(app) >= card.subtitle_lines(app, w))


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_under_four_top_cards_every_section_card_shows_its_whole_subtitle(
        make_app, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:  # noqa: ANN001
    _four_tops(monkeypatch)
    app = make_app(lang, size)
    app.library()
    home = app.push("home")
    app.render()
    assert len(home._tops()) == 4
    for card in home.cards:
        assert _whole(app, card), (card.title, card.subtitle, card.rect)
        assert not card.subtitle.endswith("…"), card.subtitle
    # the progress card still says how many reviews are due today
    progress = home.cards[5]
    assert "84" in progress.subtitle
    rects = [c.rect for c in home._tops() + home.cards]
    assert all(r.bottom <= app.layout.height for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_with_room_the_section_cards_keep_their_whole_long_subtitles(make_app, lang: str,
                                                                     size: tuple[int, int]) -> None:  # noqa: ANN001
    app = make_app(lang, size)
    app.library()
    home = app.push("home")
    app.render()
    assert len(home._tops()) <= 1
    for card, (whole, _short) in zip(home.cards, home.section_subtitles, strict=True):
        assert card.subtitle == whole and _whole(app, card), (card.title, card.subtitle, card.rect)
        assert not card.subtitle.endswith("…"), card.subtitle


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_childs_home_shows_its_cards_whole_too(make_app, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:  # noqa: ANN001
    _four_tops(monkeypatch)
    for size in SIZES:
        app = make_app(lang, size)
        app.library()
        app.apply_profile("child")
        home = app.push("home")
        app.render()
        assert home.kids
        for card in home.cards:
            assert _whole(app, card), (size, card.title, card.subtitle, card.rect)


# ---------------------------------------------------------------- 2: short mahjong's intermediate wins


def _short_table(app: App) -> PlaySimpleScreen:
    """Short mahjong whose learner wins the first stage on a scripted draw (5p tsumo, a hand of 4)."""
    screen = app.push("play_simple", mode="short", kids=False, seed=2)
    assert screen.setup is not None
    wall = scripted_wall(screen.setup.tileset, ["123m5p", "1z2z3z4z", "5z6z7z1z", "2z3z4z5z"], "5p")
    screen.game = SimpleGame(screen.setup, wall=wall)
    screen.counted = False
    screen.rebuild()
    screen._act(Tsumo())
    assert screen.stage_wins and screen.stage_wins[-1].seat == 0
    return screen


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Intermediate wins: Across — 2 times (hands of 4 and 7 tiles) and Right with a hand of 10 tiles."),
    ("ru", "Промежуточные агари: Напротив — 2 раза (руки из 4 и 7 плиток) и Справа — с рукой из 10 плиток."),
])
def test_a_player_who_won_two_stages_is_named_once(make_app, lang: str, line: str) -> None:  # noqa: ANN001
    app = make_app(lang, store=False)
    screen = _short_table(app)
    first = screen.stage_wins[0]
    screen.stage_wins[:] = [first._replace(seat=2), first._replace(seat=2, size=7), first._replace(seat=1, size=10)]
    assert screen._stage_lines() == [line]
    across = screen.seat_name(2)
    assert screen._stage_lines()[0].count(across) == 1


def test_one_win_each_reads_as_before(make_app) -> None:  # noqa: ANN001
    app = make_app("en", store=False)
    screen = _short_table(app)
    assert screen._stage_lines() == ["Intermediate wins: You with a hand of 4 tiles."]
    screen.stage_wins.append(StageWin(2, screen.stage_wins[0].hand, T("5p"), False, 7))
    assert screen._stage_lines() == ["Intermediate wins: You with a hand of 4 tiles and Across with a hand of 7 tiles."]


def test_the_end_panel_draws_the_grouped_line(make_app) -> None:  # noqa: ANN001
    """Played to the end by bots: the panel's lines never name a stage winner twice."""
    app = make_app("ru", (1024, 600), store=False)
    screen = app.push("play_simple", mode="short", kids=False, seed=0)
    st = screen.setup
    bot = make_simple_bot(st.bots, 99, st.rules, st.shape_rules())
    g = screen.game
    for _step in range(800):
        screen.run_bots_until_learner()
        if g.ended:
            break
        screen._act(bot.choose(g.view(0), screen.my_legal()))
    assert g.ended
    screen.rebuild()
    app.render()
    line = screen.value_lines()[0] if screen.stage_wins else ""
    for seat in {w.seat for w in screen.stage_wins}:
        assert line.count(screen.seat_name(seat) + " —") == 1, line


# ---------------------------------------------------------------- 3: the dora indicator and riichi


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("tiles", ["small", "medium"])
def test_the_dora_indicator_keeps_its_size_when_the_learner_declares_riichi(
        make_app, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int], tiles: str) -> None:  # noqa: ANN001
    drawn: list[pygame.Rect] = []  # where the dora indicator was drawn, frame by frame
    draw_labelled = PlaySimpleScreen._draw_tiles_labelled

    def record(self, surf, m, top, scale, label, tiles, **kw):  # noqa: ANN001, ANN202
        room = draw_labelled(self, surf, m, top, scale, label, tiles, **kw)
        if label == _("Dora indicator:"):
            drawn.append(room.copy())
        return room

    monkeypatch.setattr(PlaySimpleScreen, "_draw_tiles_labelled", record)
    app = make_app(lang, size, store=False, tile_size=tiles)
    screen = app.push("play_simple", mode="bamboo", kids=False, seed=0)
    st = screen.setup
    bot = make_simple_bot(st.bots, 99, st.rules, st.shape_rules())
    g = screen.game
    riichi = None
    for _step in range(300):
        screen.run_bots_until_learner()
        assert not g.ended
        riichi = next((a for a in screen.my_legal() if isinstance(a, Riichi)), None)
        if riichi is not None:
            break
        screen._act(bot.choose(g.view(0), screen.my_legal()))
    assert riichi is not None
    app.render()
    before = drawn[-1]
    screen._act(riichi)
    assert g.riichi[0]
    app.render()
    after = drawn[-1]
    assert after == before  # neither smaller nor moved
    L, m = app.layout, screen.mid_rect
    lh = app.line_height(L.font("small"))
    assert screen.side_lines() == 1  # «Риичи» beside the tiles left, above the indicator
    assert after.top >= m.top + L.px(10) + lh
    assert after.height >= min(L.tile_h(0.5), m.bottom - m.top - L.px(26) - lh)
