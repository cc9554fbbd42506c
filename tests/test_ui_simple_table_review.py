"""The simple table after a review of its English screens: called sets drawn as at the main
table (the called tile sideways, a closed kan's ends face down), the title and the prompt shown
whole with a line that explains the honour exchange, the desktop wording of the discard prompt,
and result lines in a learner's words (the dummy's share, the A/B game's guess)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui_events import headless_app
from trainer.engine.game.actions import Discard, Kan, Pon
from trainer.engine.game.full_table import make_game
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.hand import MeldKind
from trainer.engine.tiles import parse_tile
from trainer.ui.app import App
from trainer.ui.screens.play_shots import play_simple_out

T = parse_tile


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch) as a:
        yield a


def deal(screen, hands: list[str], draws: str) -> None:  # noqa: ANN001
    """Replace the screen's game by one dealt from a scripted wall (the learner deals)."""
    screen.game = make_game(screen.setup, 1, wall=scripted_wall(screen.setup.tileset, hands, draws))
    screen.counted = False
    screen.focus = None
    screen.rebuild()


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text the next frame puts on screen."""
    texts: list[str] = []
    real = App.text_surface

    def text_surface(self, text, *args, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        texts.append(text)
        return real(self, text, *args, **kw)

    with monkeypatch.context() as m:
        m.setattr(App, "text_surface", text_surface)
        app.render()
    return texts


def meld_slots(row) -> list:  # noqa: ANN001
    """The slots of a row's melds (after its concealed tiles)."""
    return [s for s in row.slots if s.group >= 0]


def test_a_pon_is_drawn_with_the_called_tile_sideways(app: App) -> None:
    screen = app.push("play_simple", mode="single_suit_2", seed=1, kids=False)
    deal(screen, ["1123456789s126z", "1999s1122z66z345s"], "7s8s")
    screen._act(Discard(T("7s")))
    screen.game.apply(1, Discard(T("1s")))
    screen._after_action()
    screen._act(Pon((T("1s"), T("1s"))))
    app.render()
    row = screen.hand_row
    melds = [i for i, s in enumerate(row.slots) if s.group >= 0]
    assert len(melds) == 3
    sideways = [i for i in melds if row.slots[i].sideways]
    assert len(sideways) == 1  # two players: the tile came from across, the middle one lies sideways
    assert sideways == [melds[1]]
    r = row.rects[sideways[0]]
    assert r.width > r.height  # drawn turned: wider than tall
    assert all(row.rects[i].height > row.rects[i].width for i in melds if i not in sideways)


def test_the_other_players_pon_is_drawn_sideways_too(app: App) -> None:
    screen = app.push("play_simple", mode="single_suit_2", seed=1, kids=False)
    deal(screen, ["1123456789s126z", "1999s1122z66z345s"], "7s8s")
    screen._act(Discard(T("9s")))
    screen.game.apply(1, Pon((T("9s"), T("9s"))))
    screen._after_action()
    app.render()
    slots = meld_slots(screen.other_rows[1]) or [s for s in screen.other_rows[1].slots if s.sideways]
    assert [s.sideways for s in slots[-3:]] == [False, True, False]


def test_a_closed_kan_shows_its_two_end_tiles_face_down(app: App) -> None:
    screen = app.push("play_simple", mode="single_suit_2", seed=1, kids=False)
    deal(screen, ["1111234567899s", "2223334445556s"], "1z")
    screen._act(Kan(MeldKind.KAN_CLOSED, T("1s")))
    app.render()
    slots = meld_slots(screen.hand_row)
    assert [s.face_down for s in slots] == [True, False, False, True]
    assert not any(s.sideways for s in slots)


def test_the_winning_hand_on_the_result_panel_shows_its_melds_as_at_the_table(app: App) -> None:
    from trainer.engine.game.simple_bots import make_simple_bot

    for seed in range(1, 60):
        screen = app.push("play_simple", mode="single_suit_2", seed=seed, kids=False)
        play_simple_out(screen, make_simple_bot(screen.setup.bots, seed, screen.setup.rules, screen.setup.shape_rules()))
        g = screen.game
        if g.result is not None and g.result.winners and g.melds[g.result.winners[0]]:
            break
        app.pop()
    else:
        pytest.fail("no win with a meld in 59 seeds")
    app.render()
    melds = meld_slots(screen.win_row)
    assert len(melds) == sum(len(m.tiles) for m in g.melds[g.result.winners[0]])
    assert any(s.sideways or s.face_down for s in melds)  # never four upright tiles only


def single_suit_exchange(app: App):  # noqa: ANN201
    """Single-suit mahjong, half abundance, two players: the learner may exchange East or North."""
    screen = app.push("play_simple", mode="single_suit_1", seed=3, kids=False,
                      rules={"half_abundance": True, "players": 2})
    setup = screen.setup
    screen.game = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["123m456p789s11m14z", "2345678m123p555s"], "9p"))
    screen.rebuild()
    return screen


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_title_prompt_and_the_exchange_line_are_shown_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             lang: str, size: tuple[int, int]) -> None:
    with headless_app(tmp_path, monkeypatch, size=size, language=lang) as app:
        screen = single_suit_exchange(app)
        texts = drawn_texts(app, monkeypatch)
        assert not [t for t in texts if t.endswith("…")], texts
        assert screen.title() in texts and screen._prompt() in texts
        note = screen._exchange_note()
        assert note and note in texts
        if lang == "en":
            assert "dealer" in note and "3000" in note.replace("\u202f", "").replace(",", "")


def test_the_discard_prompt_uses_the_main_tables_desktop_wording(app: App) -> None:
    screen = app.push("play_simple", mode="single_suit_2", seed=1, kids=False)
    deal(screen, ["1123456789s126z", "1999s1122z66z345s"], "7s8s")
    assert screen._prompt() == "Your turn: click a tile, then click it again to discard it."
    kids = app.push("play_simple", mode="tibet", hand=4, players=3, seed=1)
    kids.game = SimpleGame(kids.setup, wall=scripted_wall(kids.setup.tileset, ["1357p", "2468p", "2468p"], "9p"))
    kids.rebuild()
    assert "tap" not in kids._prompt() and "click" in kids._prompt()


def test_the_bamboo_dummy_share_is_said_in_a_learners_words(app: App) -> None:
    from trainer.engine.game.actions import Tsumo

    screen = app.push("play_simple", mode="bamboo", seed=1, kids=False)
    deal(screen, ["34456678s55s777z", "1199s1122z3344z5z"], "2s")
    screen._act(Tsumo())
    lines = screen.value_lines()
    share = next(line for line in lines if "empty seats" in line)
    assert "dummy" not in share and "points" in share


def test_the_ab_game_guess_line_reads_naturally(app: App) -> None:
    from trainer.ui.views import ab_guess

    screen = app.push("play_simple", mode="ab_game", seed=1, kids=False)
    words = ab_guess.guess_words(screen, [T("6m").kind, T("7m").kind])
    assert words == "6 and 7 of characters"
    assert ab_guess.guess_words(screen, [T("6m").kind, T("1z").kind]).startswith("6 of characters and ")
    assert ab_guess.guess_line(screen, 1, words, right=False) == "Right guessed 6 and 7 of characters — not the wait"
