"""The training games' rules from the rulebook (seed 000:3441-3560), review 22, group tgame:
kunto's face-down discards (000:3455) and its tile sets with winds (000:3451, 3454), risu's
face-down discards as an option (000:3483), twelve tiles' yaku (000:3477), dragons that need
dragon tiles (000:3453, 3503), short mahjong's end when the hands cannot grow (000:4331),
the simulate help and yochi's name (000:3379)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from trainer.engine.game.actions import Discard, Riichi, Ron, Tsumo
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.game.simple_modes import ModeError, get_mode, has_dragons, mode_ids, table_setup
from trainer.engine.game.training_match import play_mode_game
from trainer.engine.game.training_scoring import ValueItem, Win, value_of
from trainer.engine.hand import Hand
from trainer.engine.notation import parse_tiles
from trainer.engine.rules import load_rules
from trainer.engine.tiles import Tile

ROOT = Path(__file__).resolve().parent.parent


def tile(text: str) -> Tile:
    return parse_tiles(text)[0]


def game(mode: str, hands: list[str], draws: str, **options: object) -> SimpleGame:
    setup = get_mode(mode).setup(**options)
    return SimpleGame(setup, wall=scripted_wall(setup.tileset, hands, draws))


# --------------------------------------------------------------------------- kunto (000:3447-3473)


def test_kunto_discards_go_face_down_so_nobody_can_ron() -> None:
    """000:3455 «Снос плиток в кон … происходит в закрытую рубашкой вверх»: a face-down tile
    cannot be claimed; it goes back into the deck (the far end of the wall)."""
    g = game("kunto", ["1239s", "5677s"], "7s")
    assert not g.setup.ron and g.setup.recycle_discards
    assert tile("7s").kind in g.waits(1)  # seat 1 waits on the very tile seat 0 throws
    g.apply(0, Discard(tile("7s")))
    assert Ron() not in g.legal_actions(1) and g.current == 1 and g.phase == "turn"
    assert g.rivers[0] == [] and g.wall[0] == tile("7s")  # face down at the far end of the wall
    g.check()


def test_kunto_offers_ron_as_a_named_option() -> None:
    assert get_mode("kunto").options()["ron"] == (False, True)
    g = game("kunto", ["1239s", "5677s"], "7s", ron="true")
    g.apply(0, Discard(tile("7s")))
    assert Ron() in g.legal_actions(1)


def test_kunto_bots_win_by_tsumo_only() -> None:
    setup = get_mode("kunto").setup()
    kinds = {r.kind for seed in range(12) for r in play_mode_game(setup, seed, check=True).results}
    assert "ron" not in kinds and "tsumo" in kinds


def test_kunto_offers_sets_with_winds_and_the_whole_deck() -> None:
    """000:3451 «1 масть, несколько мастей или всю колоду»; 000:3454 winds double the base."""
    offered = get_mode("kunto").options()["tiles"]
    mode = get_mode("kunto")
    assert any(any(27 <= t.kind <= 30 for t in mode.tileset(name).tiles) for name in offered)
    assert any(len(mode.tileset(name)) == 136 for name in offered)


def test_a_wind_triplet_doubles_kuntos_okurikan_han_at_the_table() -> None:
    g = game("kunto", ["1111s23s111z5s", "4567899s222z"], "5s", tiles="sou_winds52", hand=10)
    assert Tsumo() in g.legal_actions(0)
    g.apply(0, Tsumo())
    value = g.result.values[0]
    assert ("okurikan", 1, "han") in [(i.id, i.amount, i.unit) for i in value.items]
    assert ValueItem("wind_double", 2, "times") in value.items and value.han == 2


# --------------------------------------------------------------------------- risu (000:3481-3485)


def test_risu_keeps_its_ron_window_and_offers_the_rulebooks_face_down_discards() -> None:
    """000:3483 «снос происходит в конец стены в закрытую»: ron = false is the seed's way."""
    hands = ["5556667778889s", "1112223334449s"]
    kept = game("risu", hands, "9s")
    kept.apply(0, Discard(tile("9s")))
    assert Ron() in kept.legal_actions(1)
    strict = game("risu", hands, "9s", ron=False)
    strict.apply(0, Discard(tile("9s")))
    assert Ron() not in strict.legal_actions(1) and strict.current == 1
    assert strict.rivers[0] == [] and strict.wall[0] == tile("9s")


# --------------------------------------------------------------------------- twelve tiles (000:3475-3479)


def twelve(text: str, win: str, *, tsumo: bool = False, riichi: bool = False, **options: object
           ) -> list[tuple[str, int]]:
    """The han items of a twelve-tile win: ``text`` holds the 13 tiles, the winning one among them."""
    setup = get_mode("twelve_tiles").setup(**options)
    hand = Hand(tuple(sorted(parse_tiles(text))))
    w = Win(hand, tile(win), tsumo=tsumo, riichi=riichi, seat=1, dealer=0, players=4, from_seat=None if tsumo else 0,
            shape=setup.shape_rules())
    v = value_of("twelve", w, rules=load_rules(setup.rules), yaku_removed=setup.yaku_removed,
                 yaku_instead=dict(setup.yaku_instead))
    assert v.han == sum(i.amount for i in v.items if i.unit == "han")
    return [(i.id, i.amount) for i in v.items if i.unit == "han"]


def test_twelve_tiles_count_the_usual_yaku() -> None:
    """000:3477 removes four yaku, so the others count as usual."""
    assert twelve("234m567p345s55s88s", "8s", tsumo=True) == [("menzen_tsumo", 1), ("tanyao", 1)]
    assert ("riichi", 1) in twelve("234m567p345s55s88s", "8s", riichi=True)
    assert twelve("234m567p777z55s88s", "8s") == [("yakuhai_chun", 1)]
    assert ("toitoi", 2) in twelve("222m555p888s33s66m", "6m")
    assert {("chinitsu", 6), ("ittsu", 2)} <= set(twelve("123m456m789m11m55m", "5m"))
    assert {("honitsu", 3), ("chanta", 2)} <= set(twelve("123m789m111z99m22z", "2z"))
    assert {("honroutou", 2), ("toitoi", 2)} <= set(twelve("111m999p111z99s22z", "2z"))


def test_a_removed_yaku_leaves_the_hands_other_yaku() -> None:
    """The seed removes the usual fourteen-tile nine gates (000:3477): 1123455678999m, a nine-gates
    shape with an extra 5m, keeps only its flush; the 9-sided form itself (1112345678999m) is the
    one nine gates the twelve-tile game counts."""
    assert twelve("1123455678999m", "1m") == [("chinitsu", 6)]
    assert twelve("123m456m789m11m99m", "9m") == [("wide_wait", 5), ("junsei_chuuren_poutou", 13)]


def test_under_atama_kasou_the_13_tile_tenpais_waits_are_the_imaginary_tile() -> None:
    """000:3479: a 13-tile tenpai wins; its yaku count whichever tile it waits on."""
    assert twelve("123m456p789s111z2z", "1z", atama_kasou=True) == [("yakuhai_round_wind", 1)]


def test_a_pair_of_dragons_is_no_yakuhai_and_concealed_triplets_are_left_out() -> None:
    """The imaginary 14th tile (kakū no pai) may complete either pair: a yaku counts only when the
    hand has it whichever that tile is."""
    assert twelve("234m567p345s55s77z", "7z") == []
    assert ("sanankou", 2) not in twelve("222m555p888s33s66m", "3s", tsumo=True)


def test_six_pairs_and_a_lone_honor_count_instead_of_seven_pairs() -> None:
    """000:3477 «Вместо Семи парных ввести Шесть парных с одной благородной»."""
    items = twelve("1122m3344p5566s5z", "5z", tsumo=True)
    assert ("six_pairs", 2) in items and not any(y == "chiitoitsu" for y, _han in items)


def test_twelve_tiles_offer_riichi() -> None:
    g = game("twelve_tiles", ["234m567p345s55s8s", "123m456m789m11z2z"], "9p", players=2)
    assert Riichi(tile("9p")) in g.legal_actions(0)


# --------------------------------------------------------------------------- dragons (000:3453, 3503)


@pytest.mark.parametrize("mode_name", ["kunto", "single_suit_1"])
def test_dragons_as_tens_or_jokers_always_play_with_dragon_tiles(mode_name: str) -> None:
    mode = get_mode(mode_name)
    for tiles in mode.options()["tiles"]:
        for dragons in mode.options()["dragons"]:
            try:
                setup = mode.setup(tiles=tiles, dragons=dragons)
            except ModeError as e:
                assert e.kind == "too_few_tiles", e  # never a set without the dragons asked for
                continue
            if dragons != "plain":
                assert has_dragons(setup.tileset), (tiles, dragons)
            replaced = not has_dragons(mode.tileset(tiles)) and dragons != "plain"
            assert setup.tiles_chosen == (tiles if replaced else ""), (tiles, dragons)


def test_the_default_single_suit_table_with_jokers_has_dragons() -> None:
    setup = get_mode("single_suit_1").setup(dragons="jokers")
    assert setup.tileset.name == "suits108_dragons" and setup.tiles_chosen == "suits108"


def test_a_lessons_set_without_dragons_and_dragon_jokers_is_refused() -> None:
    with pytest.raises(ModeError) as e:
        table_setup({"mode": "kunto", "rules": {"dragons": "jokers"}, "tiles": {"suits": ["s"]}})
    assert e.value.kind == "needs_dragons"


# --------------------------------------------------------------------------- short mahjong (000:4331)


def test_short_mahjong_says_the_hands_cannot_grow_not_that_the_wall_ran_out() -> None:
    g = game("short", ["123m5m", "147p9s"], "5m", players=2)
    del g.wall[:-3]  # three tiles left: growing both hands (2 + 3) and keeping 14 in the wall (000:4329) needs 19
    g.apply(0, Tsumo())
    assert g.result.kind == "draw" and g.result.reason == "no_growth" and g.wall_remaining == 3
    end = g.events[-1]
    assert end["type"] == "no_growth" and end["left"] == 3 and end["need"] == 19 and end["hand"] == 7
    assert end["grow"] == 5 and end["keep"] == 14
    assert g.result.to_json()["reason"] == "no_growth"


def test_draws_say_why_they_ended() -> None:
    setup = get_mode("kunto").setup()
    reasons = {r.reason for seed in range(30) for r in play_mode_game(setup, seed).results if r.kind == "draw"}
    assert reasons <= {"draw_limit"}  # kunto's discards go back to the wall: it never runs out
    g = game("tibet", ["1234p", "5678p", "1234p"], "9p")
    g.wall[:] = []  # the last tile was drawn: the discard that passes ends the hand
    g.apply(0, Discard(tile("9p")))
    assert g.ended and g.result.kind == "draw" and g.result.reason == "wall"


# --------------------------------------------------------------------------- the simulate help, yochi's name


def test_simulate_help_lists_every_mode() -> None:
    p = subprocess.run([sys.executable, "-m", "trainer", "simulate", "--help"], capture_output=True, text=True,
                       timeout=120, env={**os.environ, "COLUMNS": "400"})
    assert p.returncode == 0, p.stderr
    line = next(x for x in p.stdout.splitlines() if "--mode" in x and "play a play mode" in x)
    assert all(m in line for m in mode_ids()), line


def test_yochi_is_called_as_the_rulebook_calls_it() -> None:
    """000:3379: «Предсказание»."""
    from trainer import i18n

    lesson = yaml.safe_load((ROOT / "lessons" / "variants" / "variant_yochi.yaml").read_text(encoding="utf-8"))
    assert lesson["title"]["ru"].startswith("Предсказание") and "редвидени" not in str(lesson)
    before = i18n.current_language()
    try:
        i18n.set_language("ru")
        assert i18n._("Foresight (yochi)") == "Предсказание"
    finally:
        i18n.set_language(before)
