"""Review 23, group engtg: the training games' rules in the engine.

1. The gentle bot judges yaku by the table's own rules (the view's ``yaku_rules``: the mode's
   preset, yaku pool and removed yaku), not always by the tenhou list.
2. Twelve tiles has the rulebook's own forms (seed 000:3477): «Большие четыре ветра возможно
   добавить с одним окуриканом как две пары глаз» and «Оставшиеся два яку [13 сирот, 9 небесных
   врат] должны быть в форме многостороннего тенпаи ожидания по стандартным правилам».
   A form's wait is therefore the form's own (review 23, kfollow 6): thirteen orphans is the
   13-sided wait and nine gates the 9-sided one, with or without atama kasō, so they count 13 and
   9 sides and the wide-wait han of those (9 and 5), never the one side of the 12 tiles before the
   win, which contradicted the form's name on the end panel («Кокуши мусо на 13 сторон» under
   «Ожидание на 1 вид плиток»).  Big four winds is no ready hand of the usual game (its fourth
   wind's four are all held, as two pairs): it counts no sides and has no wait line.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from trainer.engine.game.actions import Discard, Pass, Pon, Riichi, Tsumo
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.game.simple_bots import GentleBot, has_yaku, keeps_sure_yaku, make_simple_bot
from trainer.engine.game.simple_modes import MODES_DIR, ModeError, TableSetup, YakuRules, get_mode, load_mode
from trainer.engine.game.training_scoring import Win, value_of
from trainer.engine.hand import Hand
from trainer.engine.notation import parse_tiles
from trainer.engine.rules import load_rules
from trainer.engine.tiles import Tile


def tile(text: str) -> Tile:
    return parse_tiles(text)[0]


def kinds(text: str) -> list[int]:
    return [t.kind for t in parse_tiles(text)]


def game(setup: TableSetup, hands: list[str], draws: str) -> SimpleGame:
    return SimpleGame(setup, wall=scripted_wall(setup.tileset, hands, draws))


# --------------------------------------------------------------------------- 1. the bot's yaku check

TANYAO_KANCHAN = ["234m567p345s66s57m", "111z222z333z444z5z", "11p22p33p44p55p66p7p", "11s22s33s44s77s88s9s"]
"""Seat 0 draws 9m: giving it away leaves 234m567p345s66s57m, a kanchan on 6m with tanyao (no pinfu)."""


def glass_table(**options: object) -> TableSetup:
    return get_mode("glass_table").setup(win="yaku", **options)


def test_the_view_carries_the_tables_yaku_rules() -> None:
    setup = glass_table(yaku_pool=["riichi", "pinfu"])
    view = game(setup, TANYAO_KANCHAN, "9m").view(0)
    assert view.yaku_rules == YakuRules("tenhou_no_aka", ("riichi", "pinfu"), ())
    twelve = get_mode("twelve_tiles").setup(players=2)
    assert game(twelve, ["123m456p789s1z22z", "234m567p345s669s"], "9p").view(1).yaku_rules.removed == \
        twelve.yaku_removed


def test_the_gentle_bot_stays_dama_on_a_yaku_the_table_counts() -> None:
    g = game(glass_table(), TANYAO_KANCHAN, "9m")
    assert GentleBot(seed=1).choose(g.view(0), g.legal_actions(0)) == Discard(tile("9m"))


def test_the_gentle_bot_declares_riichi_when_the_pool_leaves_the_hand_no_yaku() -> None:
    """Tanyao is a yaku under tenhou_no_aka but not in this table's pool: without riichi the hand
    could never win on a discard, so the bot declares riichi."""
    g = game(glass_table(yaku_pool=["riichi", "pinfu"]), TANYAO_KANCHAN, "9m")
    assert isinstance(GentleBot(seed=1).choose(g.view(0), g.legal_actions(0)), Riichi)
    assert not g.can_win_with(0, tile("6m"), tsumo=False)  # the table agrees: no yaku on the ron


def test_the_gentle_bot_reads_yaku_by_the_modes_own_preset() -> None:
    """single_suit_2's own yaku list (data/modes/rules/single_suit_2.toml) has no tanyao."""
    hand = Hand(tuple(sorted(parse_tiles("234m567p345s66s57m"))))
    tenhou = game(glass_table(), TANYAO_KANCHAN, "9m").view(0)
    own = game(replace(glass_table(), rules="single_suit_2"), TANYAO_KANCHAN, "9m").view(0)
    assert has_yaku(hand, tile("6m"), tenhou)
    assert not has_yaku(hand, tile("6m"), own)


def test_a_limit_hand_the_table_does_not_count_leaves_the_hands_other_yaku() -> None:
    """Removed yaku, and yaku outside the pool, are worth nothing, so a hand that would be one of
    them keeps the other yaku it has (not none, as filtering the limit hand out would leave)."""
    removed = YakuRules("tenhou_no_aka", (), ("junsei_chuuren_poutou", "chuuren_poutou"))
    assert {y.id for y in _score("11123456789999m", "9m", removed)} == {"chinitsu", "ittsu"}
    pool = YakuRules("tenhou_no_aka", ("chinitsu",), ())
    assert {y.id for y in _score("11123456789999m", "9m", pool)} == {"chinitsu"}
    assert pool.counts("chinitsu") and not pool.counts("ittsu") and not removed.counts("chuuren_poutou")


def _score(text: str, win: str, yaku: YakuRules) -> tuple:
    from trainer.engine.scoring import WinContext, score_hand

    return score_hand(Hand(tuple(sorted(parse_tiles(text)))), WinContext(win_tile=tile(win)), yaku.rules()).yaku


def test_a_dragon_pon_is_no_sure_yaku_where_the_pool_lacks_yakuhai() -> None:
    hands = ["55z234m567p345s19p", "5z234p567s19m1234z", "11p22p33p44p66p77p8p", "11s22s33s44s66s77s8s"]
    counted = game(glass_table(calls="all"), hands, "1s9s")
    counted.apply(0, Discard(tile("9p")))
    counted.apply(1, Discard(tile("5z")))
    pon = Pon((tile("5z"), tile("5z")))
    assert pon in counted.legal_actions(0) and keeps_sure_yaku(counted.view(0), pon)
    pool = game(glass_table(calls="all", yaku_pool=["riichi", "tanyao"]), hands, "1s9s")
    pool.apply(0, Discard(tile("9p")))
    pool.apply(1, Discard(tile("5z")))
    assert not keeps_sure_yaku(pool.view(0), pon)
    assert GentleBot(seed=1).choose(pool.view(0), pool.legal_actions(0)) == Pass()


# --------------------------------------------------------------------------- 2. twelve tiles' own forms


def twelve_items(text: str, win: str, *, tsumo: bool = False, **options: object) -> list[tuple[str, int]]:
    """The han items of a twelve-tile win: ``text`` holds the 13 tiles, the winning one among them."""
    setup = get_mode("twelve_tiles").setup(**options)
    w = Win(Hand(tuple(sorted(parse_tiles(text)))), tile(win), tsumo=tsumo, riichi=False, seat=1, dealer=0,
            players=4, from_seat=None if tsumo else 0, shape=setup.shape_rules())
    v = value_of("twelve", w, rules=load_rules(setup.rules), yaku_removed=setup.yaku_removed,
                 yaku_instead=dict(setup.yaku_instead))
    return [(i.id, i.amount) for i in v.items if i.unit == "han"]


def test_the_mode_file_names_the_seeds_three_forms() -> None:
    assert dict(get_mode("twelve_tiles").setup().forms) == {
        "kokushi_musou_juusanmen": "19m19p19s1234567z", "junsei_chuuren_poutou": "1112345678999m",
        "daisuushii": "1112223334444z"}


@pytest.mark.parametrize(("text", "yaku", "wide"), [
    ("19m19p19s1234567z", "kokushi_musou_juusanmen", 9),  # thirteen orphans as the 13-sided wait
    ("1112345678999p", "junsei_chuuren_poutou", 5),  # nine gates as the 9-sided wait, in any suit
    ("1112345678999s", "junsei_chuuren_poutou", 5),
    ("1112223334444z", "daisuushii", 0),  # three wind triplets, the fourth wind's okurikan as two pairs
    ("1112224443333z", "daisuushii", 0),  # any wind may be the four
])
def test_each_form_completes_the_hand_and_counts_its_limit_yaku(text: str, yaku: str, wide: int) -> None:
    """The form's limit yaku, with the wide-wait han of the form's own sides (13 -> 9, 9 -> 5)."""
    shape = get_mode("twelve_tiles").setup().shape_rules()
    assert shape.complete(kinds(text)) and shape.form_of(kinds(text)) == yaku
    want = [("wide_wait", wide)] if wide else []
    assert twelve_items(text, text[-2:] if text[-2] != "z" else "1z", tsumo=True) == [*want, (yaku, 13)]


def test_only_the_many_sided_forms_count() -> None:
    """Kokushi's one-sided tenpai (twelve orphans and a pair) is no form and no hand; a nine-gates
    shape that was not the 9-sided tenpai keeps the usual yaku (the 14-tile yaku stay removed)."""
    shape = get_mode("twelve_tiles").setup().shape_rules()
    assert not shape.complete(kinds("19m19p19s1234566z"))
    assert not get_mode("twelve_tiles").setup(atama_kasou=True).shape_rules().complete(kinds("19m19p19s1234566z"))
    items = twelve_items("1123455678999m", "1m")
    assert ("chinitsu", 6) in items and not any("chuuren" in y for y, _han in items)


def test_the_bot_builds_toward_thirteen_orphans() -> None:
    """The shape's shanten knows the form: eleven orphans and a 5m, drawing the twelfth orphan,
    give the 5m away and wait on the thirteenth."""
    setup = get_mode("twelve_tiles").setup(players=2)
    shape = setup.shape_rules()
    assert shape.shanten(kinds("19m19p19s123456z")) == 0
    assert shape.waits(kinds("19m19p19s123456z"), range(34)) == (33,)
    g = game(setup, ["19m19p19s12345z5m", "234m567p345s669s"], "6z")
    bot = make_simple_bot("gentle", 1, shape=g.form)
    assert bot.choose(g.view(0), g.legal_actions(0)) == Discard(tile("5m"))


def test_thirteen_orphans_win_at_the_table() -> None:
    g = game(get_mode("twelve_tiles").setup(players=2), ["19m19p19s123456z", "234m567p345s669s"], "7z")
    assert Tsumo() in g.legal_actions(0)
    g.apply(0, Tsumo())
    value = g.result.values[0]
    # the form's own 13 sides (000:3477), not the one tile the 12 orphans waited on
    assert [(i.id, i.amount) for i in value.items] == [("wait_sides", 13), ("wide_wait", 9),
                                                       ("kokushi_musou_juusanmen", 13)]
    assert g.won_in_form(0) == "kokushi_musou_juusanmen"


def test_a_usual_win_is_in_no_form() -> None:
    g = game(get_mode("twelve_tiles").setup(players=2), ["234m567p345s55s8s", "123m456m789m1z22z"], "8s")
    g.apply(0, Tsumo())
    assert g.won_in_form(0) == ""


def test_nine_gates_win_at_the_table() -> None:
    g = game(get_mode("twelve_tiles").setup(players=2), ["111234567899m", "234p567p345s669s"], "9m")
    g.apply(0, Tsumo())
    items = [(i.id, i.amount) for i in g.result.values[0].items]
    assert items == [("wait_sides", 9), ("wide_wait", 5), ("junsei_chuuren_poutou", 13)]  # the 9-sided form


def test_big_four_winds_win_under_atama_kasou_though_the_fourth_wind_is_all_held() -> None:
    """Under the virtual head a win is refused when its awaited tile is dead; a seed form is complete
    as it is and needs no imaginary head, so the okurikan's four norths do not refuse it."""
    setup = get_mode("twelve_tiles").setup(players=2, atama_kasou=True)
    g = game(setup, ["111222333444z", "234p567p345s669s"], "4z")
    assert Tsumo() in g.legal_actions(0)
    g.apply(0, Tsumo())
    items = [(i.id, i.amount) for i in g.result.values[0].items]
    assert items == [("daisuushii", 13)]  # no wait: all four norths are in the hand, as two pairs
    assert g.won_in_form(0) == "daisuushii" and g.won_in_form(1) == ""


def test_under_atama_kasou_thirteen_orphans_is_the_13_sided_tenpai() -> None:
    """000:3479: the sides are those of the 13-tile tenpai: 13, so 9 han for the wide wait."""
    setup = get_mode("twelve_tiles").setup(players=2, atama_kasou=True)
    g = game(setup, ["19m19p19s123456z", "234m567p345s669s"], "7z")
    g.apply(0, Tsumo())
    items = [(i.id, i.amount) for i in g.result.values[0].items]
    assert items == [("wait_sides", 13), ("wide_wait", 9), ("kokushi_musou_juusanmen", 13)]


def test_big_four_winds_has_no_wait_line_without_atama_kasou_either() -> None:
    """The form is complete with the okurikan as two pairs; the 12 tiles' one wait on the fourth
    wind is not a side of a ready hand of the usual game, so the value has no wait item at all."""
    g = game(get_mode("twelve_tiles").setup(players=2), ["111222333444z", "234p567p345s669s"], "4z")
    g.apply(0, Tsumo())
    assert [(i.id, i.amount) for i in g.result.values[0].items] == [("daisuushii", 13)]


@pytest.mark.parametrize(("text", "sides"), [("19m19p19s1234567z", 13), ("1112345678999p", 9),
                                             ("1112223334444z", 0)])
def test_value_of_counts_a_forms_own_sides_whatever_sides_it_is_given(text: str, sides: int) -> None:
    """value_of alone gives a form its own sides: a Win built with the 12 tiles' one side still
    counts 13, 9 or none."""
    setup = get_mode("twelve_tiles").setup()
    hand = Hand(tuple(sorted(parse_tiles(text))))
    w = Win(hand, hand.concealed[-1], tsumo=True, riichi=False, seat=1, dealer=0, players=4, sides=1,
            shape=setup.shape_rules())
    v = value_of("twelve", w, rules=load_rules(setup.rules), yaku_removed=setup.yaku_removed)
    assert [i.amount for i in v.items if i.id == "wait_sides"] == ([sides] if sides else [])
    assert [i.amount for i in v.items if i.id == "wide_wait"] == ([sides - 4] if sides >= 5 else [])


def test_a_bad_form_in_a_mode_file_is_refused(tmp_path: Path) -> None:
    text = (MODES_DIR / "twelve_tiles.toml").read_text(encoding="utf-8")
    bad = tmp_path / "twelve_tiles.toml"
    bad.write_text(text.replace('"1112223334444z"', '"111222333444z"'), encoding="utf-8")
    with pytest.raises(ModeError, match="13 tiles"):
        load_mode(bad)
    bad.write_text(text.replace("daisuushii =", "big_winds ="), encoding="utf-8")
    with pytest.raises(ModeError, match="forms"):
        load_mode(bad)
