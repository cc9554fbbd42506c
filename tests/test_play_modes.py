"""The simple play modes (tibet, ponjan, kids_riichi, glass_table): mode files, deals,
scripted wins by tsumo and ron, refused actions with reasons, tiles accounted for,
seeded determinism and whole bot games."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine.decompose import is_complete
from trainer.engine.game.actions import Chi, Discard, IllegalAction, Pass, Pon, Riichi, Ron, Tsumo
from trainer.engine.game.simple import SimpleGame, play_bots, scripted_wall
from trainer.engine.game.simple_bots import GentleBot, make_simple_bot
from trainer.engine.game.simple_modes import ModeError, get_mode, load_mode, mode_ids
from trainer.engine.tiles import parse_tile

T = parse_tile


def game(mode: str, hands: list[str], draws: str = "", **opts) -> SimpleGame:  # noqa: ANN003
    setup = get_mode(mode).setup(**opts)
    return SimpleGame(setup, wall=scripted_wall(setup.tileset, hands, draws))


# ---------------------------------------------------------------- mode files

def test_shipped_modes_load_with_the_curriculum_defaults() -> None:
    assert set(mode_ids()) >= {"tibet", "ponjan", "kids_riichi", "glass_table"}
    tibet = get_mode("tibet")
    assert [tibet.setup(hand=h).tileset.name for h in (4, 7, 10, 13)] == ["pin36", "pin36", "pin_sou72", "suits108"]
    assert len(tibet.setup(hand=10).tileset) == 72 and len(tibet.setup(hand=13).tileset) == 108
    pon = get_mode("ponjan").setup()
    assert len(pon.tileset) == 81 and max(pon.tileset.counts()) == 3 and pon.calls == "none"
    kr = get_mode("kids_riichi").setup()
    assert (kr.players, kr.hand, kr.win, len(kr.tileset), kr.tileset.red_fives) == (4, 13, "riichi", 136, 0)
    gt = get_mode("glass_table").setup(win="yaku", calls="all")
    assert gt.reveal == "all" and gt.win == "yaku" and gt.calls == "all"


def test_impossible_tables_and_options_are_refused_with_reasons() -> None:
    # The one-suit 13-tile game fits two players only (26 held + 10 left).
    assert get_mode("tibet").setup(hand=13, players=2, tiles="pin36").players == 2
    with pytest.raises(ModeError, match="pin36.*only 36"):
        get_mode("tibet").setup(hand=13, players=3, tiles="pin36")
    with pytest.raises(ModeError, match="calls = 'all' is not offered"):
        get_mode("tibet").setup(calls="all")
    with pytest.raises(ModeError, match="hand = 4 is not offered"):
        get_mode("ponjan").setup(hand=4)
    with pytest.raises(ModeError, match="unknown option 'dora'"):
        get_mode("tibet").setup(dora=True)
    with pytest.raises(ModeError, match="no tile set 'pin99'"):
        get_mode("tibet").setup(tiles="pin99")


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ('name = "x"\nplayers = 3\nwin = "points"\n', r"x\.toml:3: win: 'points'"),
        ('name = "x"\ncolour = "red"\n', r"x\.toml:2: colour: unknown key"),
        ('name = "x"\nplayers = 9\n', r"x\.toml:2: players: expected a whole number 2\.\.4"),
        ('name = "x"\nhand = 13\ntiles = "man_only"\nplayers = 4\n', r"x\.toml:4: players: .*only 36"),
        ('name = "x"\n[tile_sets]\nodd = { suits = ["q"] }\n', r"x\.toml:2: tile_sets: .*suits"),
        ('name = "x"\nhand = 7\nhand_allowed = [4]\n', r"x\.toml:2: hand: the default 7"),
    ],
)
def test_a_bad_mode_file_names_file_line_and_key(tmp_path: Path, body: str, where: str) -> None:
    path = tmp_path / "x.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(ModeError, match=where):
        load_mode(path)


# ---------------------------------------------------------------- deals

@pytest.mark.parametrize(("mode", "opts"), [
    ("tibet", {"hand": 4, "players": 2}), ("tibet", {"hand": 7}), ("tibet", {"hand": 10, "players": 4}),
    ("tibet", {"hand": 13, "players": 4}), ("ponjan", {"hand": 7}), ("ponjan", {"hand": 10, "players": 4}),
    ("kids_riichi", {}), ("glass_table", {}),
])
def test_deal_sizes_and_every_tile_accounted_for(mode: str, opts: dict) -> None:
    setup = get_mode(mode).setup(**opts)
    g = SimpleGame(setup, seed=11, dealer=1)
    n, h = setup.players, setup.hand
    assert [len(x) for x in g.hands] == [h + (1 if s == 1 else 0) for s in range(n)]
    assert g.to_act() == [1] and g.drawn[1] is not None
    assert g.wall_remaining == len(setup.tileset) - n * h - 1
    g.check()


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    setup = get_mode("ponjan").setup()

    def run(seed: int) -> list:
        g = SimpleGame(setup, seed)
        play_bots(g, [GentleBot(seed * 7 + i) for i in range(3)])
        return [*g.history, g.result]

    assert run(5) == run(5)
    assert SimpleGame(setup, 5).all_tiles != SimpleGame(setup, 6).all_tiles


# ---------------------------------------------------------------- scripted wins

def test_win_by_tsumo_on_a_complete_shape() -> None:
    g = game("tibet", ["1237p", "4569p", "4569p"], "7p")
    assert Tsumo() in g.legal_actions(0)
    events = g.apply(0, Tsumo())
    assert g.ended and events[-1]["type"] == "win"
    assert (g.result.kind, g.result.winners, g.result.tile) == ("tsumo", (0,), T("7p"))
    g.check()
    with pytest.raises(IllegalAction, match="over"):
        g.apply(1, Discard(T("4p")))


def test_win_by_ron_on_another_players_discard() -> None:
    g = game("tibet", ["1239p", "2345p", "5566p"], "5p")
    g.apply(0, Discard(T("5p")))
    assert g.to_act() == [1, 2]  # 2345p+5p = 234p 55p; 5566p+5p = 555p 66p
    assert Ron() in g.legal_actions(1) and Ron() in g.legal_actions(2)
    g.apply(1, Ron())
    assert not g.ended  # seat 2 still decides (pass)
    g.apply(2, Pass())
    assert (g.result.kind, g.result.winners, g.result.from_seat, g.result.tile) == ("ron", (1,), 0, T("5p"))
    assert g.hand(1).concealed == tuple(sorted(map(T, ["2p", "3p", "4p", "5p"])))  # the ron tile stays in the river
    g.check()
    both = game("tibet", ["1239p", "2345p", "5566p"], "5p")
    both.apply(0, Discard(T("5p")))
    both.apply(1, Ron())
    both.apply(2, Ron())
    assert both.result.winners == (1, 2)


def test_no_win_on_an_incomplete_hand_and_the_state_is_unchanged() -> None:
    g = game("tibet", ["1357p", "2468p", "2468p"], "9p")
    assert not any(isinstance(a, Tsumo) for a in g.legal_actions(0))
    before = (list(g.hands[0]), g.wall_remaining, len(g.history))
    with pytest.raises(IllegalAction, match="not a complete shape"):
        g.apply(0, Tsumo())
    assert (list(g.hands[0]), g.wall_remaining, len(g.history)) == before


def test_illegal_actions_are_refused_with_a_reason() -> None:
    g = game("tibet", ["1357p", "2468p", "2468p"], "9p")
    with pytest.raises(IllegalAction, match="not in the hand"):
        g.apply(0, Discard(T("4p")))
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        g.apply(1, Discard(T("2p")))
    with pytest.raises(IllegalAction, match="no riichi"):
        g.apply(0, Riichi(T("9p")))
    g.apply(0, Discard(T("9p")))
    assert g.to_act() == [1]  # nobody can use 9p: seat 1 drew
    g2 = game("tibet", ["1359p", "5568p", "2468p"], "7p")
    g2.apply(0, Discard(T("5p")))
    with pytest.raises(IllegalAction):  # calls are off: nobody is even asked
        g2.apply(1, Pon((T("5p"), T("5p"))))


def test_pon_when_the_mode_allows_it() -> None:
    g = game("tibet", ["1359p", "5568p", "2477p"], "7p", calls="pon")
    g.apply(0, Discard(T("5p")))
    assert g.legal_actions(1) == [Pon((T("5p"), T("5p"))), Pass()]
    g.apply(1, Pon((T("5p"), T("5p"))))
    assert g.current == 1 and g.phase == "turn" and g.rivers[0][-1].called
    assert not any(isinstance(a, Tsumo) for a in g.legal_actions(1))
    g.check()
    g.apply(1, Discard(T("8p")))
    g.check()
    # Seat 2 has 77p: pon of seat 1's discard is not offered on 8p; the game moves on.
    assert g.to_act() == [2]


def test_chi_only_from_the_left_with_all_calls() -> None:
    g = game("glass_table", ["123m456m789m11p5z7z", "34m1s2s3s4s5s6s7s8s9s1z2z", "3z3z4z4z6z6z7z7z1m1m9m5m6m",
                             "13m9p9p8s7s6s5s4s3s2s1s9m"], "2m", calls="all")
    g.apply(0, Discard(T("2m")))
    assert g.to_act() == [1]  # seat 3 holds 13m too, but chi is only from the player on the left
    assert g.legal_actions(1) == [Chi((T("3m"), T("4m"))), Pass()]
    g.apply(1, Chi((T("3m"), T("4m"))))
    assert str(g.melds[1][0]) and g.current == 1
    g.check()


def test_riichi_is_required_to_win_in_kids_riichi() -> None:
    # Complete shape, no riichi: no win.
    g = game("kids_riichi", ["123m456m789m11p23p", "1s2s3s4s5s6s7s8s9s1z1z2z2z", "3z3z4z4z5z5z6z6z7z7z1m1m9m",
                             "9p9p9s8s7s6s5s4s3s2s1s9m9m"], "4p")
    assert not any(isinstance(a, Tsumo) for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="riichi"):
        g.apply(0, Tsumo())
    # Declare riichi on a ready hand, then win.
    g = game("kids_riichi", ["123m456m789m1p23p5z", "1s2s3s4s5s6s7s8s9s1z1z2z2z", "3z3z4z4z6z6z7z7z1m1m9m5m6m",
                             "9p9p9s8s7s6s5s4s3s2s1s9m9m"], "1p" + "5p6p7p" + "4p")
    assert Riichi(T("5z")) in g.legal_actions(0) and Riichi(T("2p")) not in g.legal_actions(0)  # 1p would leave a 5z tanki
    g.apply(0, Riichi(T("5z")))
    for seat in (1, 2, 3):
        while g.to_act() != [seat]:
            g.apply(g.to_act()[0], Pass())
        g.apply(seat, Discard(g.drawn[seat]))
    while g.to_act() != [0]:
        g.apply(g.to_act()[0], Pass())
    assert g.legal_actions(0) == [Tsumo(), Discard(T("4p"))]  # after riichi: win or give the drawn tile
    with pytest.raises(IllegalAction, match="drawn tile"):
        g.apply(0, Discard(T("1m")))
    g.apply(0, Tsumo())
    assert g.result.winners == (0,)
    g.check()


def test_yaku_required_refuses_a_yakuless_ron_but_allows_menzen_tsumo() -> None:
    hands = ["5z123m456p789s11p24p", "1s2s3s4s5s6s7s8s9s1z1z2z2z", "3z3z4z4z6z6z7z7z1m1m9m5m6m",
             "9p9p9s8s7s6s5s4s3s2s1s9m9m"]
    g = game("glass_table", [hands[3], hands[0][2:]] + hands[1:3], "3p", win="yaku")
    g.apply(0, Discard(T("3p")))  # dealer (seat 0) throws 3p into seat 1's kanchan: no yaku, no ron
    assert g.to_act() == [1] and g.phase == "turn"
    g = game("glass_table", [hands[0][2:]] + hands[1:], "3p", win="yaku")
    assert Tsumo() in g.legal_actions(0)
    assert g.yaku_of(0, g.hand(0), T("3p"), tsumo=True) == ("menzen_tsumo",)


OTHERS = ["1s2s3s4s5s6s7s8s9s1z1z2z2z", "3z3z4z4z6z6z7z7z1m1m9m5m6m", "9p9p9s8s7s6s5s4s3s2s1s9m9m"]


@pytest.mark.parametrize(("mode", "ron"), [("glass_table", False), ("kids_riichi", False)])
def test_furiten_blocks_ron_on_a_wait_in_ones_own_river(mode: str, ron: bool) -> None:
    g = game(mode, ["123m456m789m1p23p4p", *OTHERS], "1p1p", win="shape" if mode == "glass_table" else None)
    g.apply(0, Discard(T("4p")))  # ready on 1p-4p with 4p in the river: furiten
    assert g.waits(0) == (T("1p").kind, T("4p").kind)
    g.apply(1, Discard(T("1p")))
    assert (Ron() in g.legal_actions(0)) is ron and g.to_act() == [2]


def test_without_furiten_the_same_ron_is_offered() -> None:
    g = game("tibet", ["2344p", "5678s", "1199s"], "1p1p", hand=4, tiles="pin_sou72")
    g.apply(0, Discard(T("4p")))  # 234p: ready on 1p-4p... with 4p in the river
    g.apply(1, Discard(T("1p")))
    assert Ron() in g.legal_actions(0)


# ---------------------------------------------------------------- bot games

@pytest.mark.parametrize(("mode", "opts", "games"), [
    ("tibet", {"hand": 4}, 6), ("tibet", {"hand": 7, "players": 2}, 4), ("tibet", {"hand": 10, "calls": "pon"}, 3),
    ("tibet", {"hand": 13, "players": 4}, 2), ("ponjan", {}, 4), ("ponjan", {"hand": 10, "players": 4}, 2),
    ("kids_riichi", {}, 2), ("glass_table", {}, 2), ("glass_table", {"win": "riichi", "bots": "efficient"}, 2),
])
def test_bot_only_games_finish_with_invariants_checked(mode: str, opts: dict, games: int) -> None:
    setup = get_mode(mode).setup(**opts)
    for seed in range(games):
        g = SimpleGame(setup, seed)
        bots = [make_simple_bot(setup.bots, seed * 10 + i, setup.rules) for i in range(setup.players)]
        res = play_bots(g, bots, check=True)
        assert g.ended and res.kind in ("tsumo", "ron", "draw")
        for w in res.winners:
            hand = g.hand(w) if res.kind == "tsumo" else g.hand(w).with_tile(res.tile)
            assert is_complete(hand)


# ---------------------------------------------------------------- properties

TABLES = [("tibet", {"hand": 4, "players": 2}), ("tibet", {"hand": 7, "calls": "pon"}),
          ("ponjan", {"hand": 7, "players": 4}), ("tibet", {"hand": 10, "players": 3, "calls": "pon"})]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(TABLES), st.integers(0, 10**6), st.integers(0, 3))
def test_any_seeded_bot_game_keeps_every_tile_and_ends_properly(table: tuple, seed: int, dealer: int) -> None:
    mode, opts = table
    setup = get_mode(mode).setup(**opts)
    g = SimpleGame(setup, seed, dealer=dealer)
    res = play_bots(g, [GentleBot(seed + i) for i in range(setup.players)], check=True)
    if res.kind == "draw":
        assert g.wall_remaining == 0 and all(g.is_tenpai(s) == (s in res.tenpai) for s in range(setup.players))
    for w in res.winners:
        assert is_complete(g.hand(w) if res.kind == "tsumo" else g.hand(w).with_tile(res.tile))
    # Every action taken was legal where it was taken: replaying the log reproduces the game.
    again = SimpleGame(setup, seed, dealer=dealer)
    for seat, action in g.history:
        again.apply(seat, action)
    assert again.result == res


def test_curriculum_spellings_of_play_options() -> None:
    from trainer.engine.game.simple_modes import lesson_options

    glass = get_mode("glass_table")
    opts = lesson_options(glass, {"rules": "riichi_required", "calls": "off", "reveal": "all", "coach": "full"})
    assert glass.setup(**opts).win == "riichi" and opts["calls"] == "none"
    assert lesson_options(glass, {"calls": "on"})["calls"] == "all"
    assert lesson_options(get_mode("tibet"), {"calls": "on", "hint": "ready_lamp"}) == {"calls": "pon", "coach": "hints"}
    assert get_mode("ponjan").setup(**lesson_options(get_mode("ponjan"), {"deal": 10})).hand == 10
    assert lesson_options(get_mode("kids_riichi"), {"riichi_required": True}) == {"win": "riichi"}


def test_scripted_walls_refuse_uneven_hands_and_missing_tiles() -> None:
    ts = get_mode("tibet").setup().tileset
    with pytest.raises(ValueError, match="same number of tiles"):
        scripted_wall(ts, ["2345p678p", "1113p99p"])
    with pytest.raises(ValueError, match="no more 1p"):
        scripted_wall(ts, ["1111p", "1234p"])
