"""Review 22, English reviewer's finding 2: the scoring drills set up only wins that can happen.

``yaku_identify {ask: yaku, situational: true}`` seed 13 asked for double riichi + ippatsu +
haitei with a closed kan in the hand: ippatsu after a double riichi falls in the first go-around
(far from the last tile), and a kan breaks the double riichi (before the first discard) or the
ippatsu (after it; the game engine ends every ippatsu at any kan, the winner's own included).

The property test below reads every item back from its prompt (what the learner is shown) and
checks it against the rules written out here, independently of the generator's own guard
(:func:`trainer.engine.exercises.scoring_drills.impossible_win`).
"""

from __future__ import annotations

import hashlib
from itertools import combinations
from typing import Any

import pytest

from trainer.engine.decompose import Form, GroupKind, readings
from trainer.engine.exercises import GENERATORS
from trainer.engine.exercises.scoring_drills import possible_win, rules_for
from trainer.engine.hand import Hand, MeldKind
from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.rules import Rules
from trainer.engine.scoring import WinContext
from trainer.engine.tiles import NORTH, Tile, wind_kind

LAST_TILE_WINS = ("haitei", "houtei", "rinshan", "chankan")
"""The four special tiles a win can come on; a win comes on one of them at most."""

FIRST_TURN = ("tenhou", "chiihou", "renhou")


# --------------------------------------------------------------------------- reading an item back


def item_situation(data: dict[str, Any]) -> tuple[Hand, WinContext]:
    """The hand and the win situation an item's prompt shows."""
    ctx = WinContext(
        win_tile=parse_tiles(data["win_tile"])[0], tsumo=data["by"] == "tsumo",
        seat_wind=wind_kind(data["seat"]), round_wind=wind_kind(data["round"]),
        dora_indicators=parse_tiles(data["dora"], max_copies=None),
        ura_indicators=parse_tiles(data["ura"], max_copies=None),
        nuki=data.get("nuki", 0), **{f: True for f in data["flags"]},
    )
    return parse_hand(data["hand"], check_size=False), ctx


# --------------------------------------------------------------------------- the rules, written out


def complete(concealed: list[int], melds: tuple) -> bool:
    """Whether the tiles make a complete hand (by the reading enumerator, not by ``waits``)."""
    return bool(readings(Hand(tuple(Tile(k) for k in sorted(concealed)), melds)))


def brute_waits(concealed: list[int], melds: tuple) -> set[int]:
    """The kinds that complete a 13-tile hand, tried one by one (a fifth copy never counts)."""
    held = [0] * 34
    for k in concealed:
        held[k] += 1
    for m in melds:
        for t in m.tiles:
            held[t.kind] += 1
    return {k for k in range(34) if held[k] < 4 and complete([*concealed, k], melds)}


def kan_after_riichi(hand: Hand, win: int, kan_kinds: set[int]) -> bool:
    """Whether the closed kans of ``kan_kinds`` could have been declared after the riichi:
    the waiting hand (kans as concealed triplets) keeps its waits once they are declared, and
    every reading of it keeps them as triplets (Tenhou's rule, 001:525-539)."""
    before = [t.kind for t in hand.concealed]
    before.remove(win)
    kept = tuple(m for m in hand.melds if m.first not in kan_kinds)
    riichi_hand = before + [k for k in kan_kinds for _ in range(3)]
    waits = brute_waits(riichi_hand, kept)
    if not waits or brute_waits(before, hand.melds) != waits:
        return False
    for w in waits:
        for r in readings(Hand(tuple(Tile(k) for k in sorted([*riichi_hand, w])), kept)):
            triplets = {g.first for g in r.groups if g.kind is GroupKind.TRIPLET and not g.declared}
            if r.form is not Form.STANDARD or not kan_kinds <= triplets:
                return False
    return True


def flag_problems(on: set[str], rules: Rules, spare_norths: int) -> list[str]:
    """What cannot be true together among the situation flags ``on``."""
    out = []
    if {"riichi", "double_riichi"} <= on:
        out.append("riichi twice")
    if "ippatsu" in on and not on & {"riichi", "double_riichi"}:
        out.append("ippatsu without riichi")
    if len(on & set(LAST_TILE_WINS)) > 1:
        out.append("two special last tiles")
    if on & set(FIRST_TURN) and len(on) > 1:
        out.append("a first-turn win with something that needs a later turn")
    if {"double_riichi", "ippatsu"} <= on and on & set(LAST_TILE_WINS):
        out.append("double riichi + ippatsu is the first go-around: no last tile, no kan")
    if {"ippatsu", "rinshan"} <= on:
        out.append("the winner's own kan ends the ippatsu")
    if {"ippatsu", "chankan"} <= on and not rules.chankan_keeps_ippatsu:
        out.append("the added kan ends the ippatsu")
    # within the ippatsu the others draw once each, plus a replacement per North they set aside
    # where that does not end it; a riichi leaves at least riichi_min_tiles_left in the wall
    most_drawn = rules.players + spare_norths
    if {"ippatsu", "haitei"} <= on and most_drawn < rules.riichi_min_tiles_left:
        out.append("ippatsu + haitei needs the riichi in the last go-around")
    if {"ippatsu", "houtei"} <= on and most_drawn - 1 < rules.riichi_min_tiles_left:
        out.append("ippatsu + houtei needs another player to draw the last tile")
    return out


def situation_problems(hand: Hand, ctx: WinContext, rules: Rules) -> list[str]:
    """Every reason the shown win could not happen at a real table."""
    on = {f for f in ("riichi", "double_riichi", "ippatsu", *LAST_TILE_WINS, *FIRST_TURN) if getattr(ctx, f)}
    copies = [0] * 34
    for t in (*hand.all_tiles(), *ctx.dora_indicators, *ctx.ura_indicators):
        copies[t.kind] += 1
    spare = 0
    if rules.nukidora and not rules.kita_breaks_ippatsu:
        spare = max(0, 4 - copies[NORTH] - ctx.nuki)
    out = flag_problems(on, rules, spare)
    if max(copies) > 4:
        out.append("a fifth copy")
    if ctx.haitei and not ctx.tsumo or ctx.rinshan and not ctx.tsumo:
        out.append("haitei and rinshan are tsumo")
    if ctx.houtei and ctx.tsumo or ctx.chankan and ctx.tsumo:
        out.append("houtei and chankan are ron")
    kans = {m.first for m in hand.melds if m.kind is MeldKind.KAN_CLOSED}
    if ctx.rinshan and not any(m.kind.is_kan for m in hand.melds):
        out.append("rinshan without a kan")
    if ctx.double_riichi and kans and ctx.ippatsu:
        out.append("a kan breaks either the double riichi or the ippatsu")
    if ctx.double_riichi and kans and not kan_after_riichi(hand, ctx.win_tile.kind, kans):
        out.append("a double riichi's kans come after it, and these could not")
    if ctx.riichi and ctx.rinshan and not any(kan_after_riichi(hand, ctx.win_tile.kind, {k}) for k in kans):
        out.append("the rinshan kan after the riichi could not be declared")
    return out


# --------------------------------------------------------------------------- the sweep

SWEEP: list[tuple[str, dict[str, Any], int]] = [
    *(("yaku_identify", {"ask": ask, "situational": True, "open_ratio": ratio}, 400)
      for ask in ("yaku", "han", "both") for ratio in (0.0, 0.3, 1.0)),
    *(("yaku_identify", {"ask": ask, "situational": False, "open_ratio": ratio}, 100)
      for ask in ("yaku", "han", "both") for ratio in (0.0, 0.3, 1.0)),
    ("yaku_identify", {"pool": "all_regular", "situational": True, "preset": "sanma"}, 200),
    ("yaku_identify", {"pool": "all_regular", "situational": True, "preset": "ema", "ask": "han"}, 200),
    ("yaku_identify", {"pool": "han1", "situational": True, "open_ratio": 0.0}, 100),
    ("fu_count", {"kans": True, "tsumo_ratio": 0.7}, 300),
]
"""5,000 yaku items across ask, situational and open_ratio (and two other presets), plus fu items
(the fu drill shows the same situations)."""


def test_sweep_is_5000_yaku_items() -> None:
    """The sweep covers the brief's 5,000 yaku items."""
    assert sum(n for name, _p, n in SWEEP if name == "yaku_identify") == 5000


@pytest.mark.parametrize(("name", "params", "n"), SWEEP, ids=lambda x: str(x))
def test_every_generated_situation_can_happen(name: str, params: dict[str, Any], n: int) -> None:
    """No item asks about a win that the rules make impossible."""
    rules = rules_for(params.get("preset", "tenhou"))
    bad = []
    for seed in range(n):
        ex = GENERATORS[name].generate(params, seed)
        hand, ctx = item_situation(dict(ex.prompt.data) | {"hand": ex.prompt.hand})
        problems = situation_problems(hand, ctx, rules)
        if problems:
            bad.append(f"seed {seed} {ex.prompt.hand} {ex.prompt.data}: {problems}")
    assert not bad, "\n".join(bad[:10])


# --------------------------------------------------------------------------- the reviewer's item


def test_seed_13_no_longer_asks_for_double_riichi_ippatsu_haitei() -> None:
    """The reviewer's item now shows a win that can happen (and the old one is refused)."""
    ex = GENERATORS["yaku_identify"].generate({"ask": "yaku", "situational": True}, 13)
    data = dict(ex.prompt.data)
    assert not {"double_riichi", "ippatsu", "haitei"} <= set(data["flags"])
    hand, ctx = item_situation(data | {"hand": ex.prompt.hand})
    assert situation_problems(hand, ctx, rules_for("tenhou")) == []
    old = {"hand": "66m566778p777s [4444s]", "win_tile": "6m", "by": "tsumo", "seat": "E", "round": "E",
           "dora": "2s1m", "ura": "4p5z", "flags": ("double_riichi", "ippatsu", "haitei")}
    assert not possible_win(*item_situation(old), rules_for("tenhou"))


def test_valid_items_keep_their_seeds() -> None:
    """Items that were possible before the fix come out of the same seeds as before: over seeds
    0-199 of the reviewer's drill only 13 and 15 (both impossible) changed; the digest is the
    old generator's."""
    gen = GENERATORS["yaku_identify"]
    text = "|".join(f"{ex.prompt.hand} {ex.prompt.data}" for s in range(200) if s not in (13, 15)
                    for ex in [gen.generate({"ask": "yaku", "situational": True}, s)])
    assert hashlib.sha1(text.encode()).hexdigest()[:12] == OLD_DIGEST


OLD_DIGEST = "80da88babe0c"


# --------------------------------------------------------------------------- the rules one by one


def _win(hand: str, win: str, *, tsumo: bool, **flags: Any) -> tuple[Hand, WinContext]:
    ctx = WinContext(win_tile=parse_tiles(win)[0], tsumo=tsumo, dora_indicators=parse_tiles("1z"), **flags)
    return parse_hand(hand), ctx


@pytest.mark.parametrize(("hand", "win", "tsumo", "flags", "preset", "ok"), [
    # riichi with exactly four tiles left, the last tile drawn before the riichi player's next discard
    ("234m567p22s345678s", "2s", True, {"riichi": True, "ippatsu": True, "haitei": True}, "tenhou", True),
    # nobody else draws the last tile within the go-around at four players ...
    ("234m567p22s345678s", "2s", False, {"riichi": True, "ippatsu": True, "houtei": True}, "tenhou", False),
    # ... but at three, Norths set aside (not a call there) shorten the wall within it
    ("111p999p22s345678s", "2s", False, {"riichi": True, "ippatsu": True, "houtei": True}, "sanma", True),
    ("234m567p22s345678s", "2s", True, {"double_riichi": True, "ippatsu": True, "haitei": True}, "tenhou", False),
    ("234m567p22s345678s", "2s", False, {"double_riichi": True, "ippatsu": True, "houtei": True}, "tenhou", False),
    ("234m567p22s345678s", "2s", True, {"double_riichi": True, "haitei": True}, "tenhou", True),
    ("234m567p22s345678s", "2s", True, {"double_riichi": True, "ippatsu": True}, "tenhou", True),
    ("234m567p22s345678s", "2s", True, {"riichi": True, "double_riichi": True}, "tenhou", False),
    # robbing an added kan keeps ippatsu at Tenhou, not under EMA's rules
    ("234m567p22s345678s", "5s", False, {"riichi": True, "ippatsu": True, "chankan": True}, "tenhou", True),
    ("234m567p22s345678s", "5s", False, {"riichi": True, "ippatsu": True, "chankan": True}, "ema", False),
    ("234m567p22s345678s", "2s", True, {"tenhou": True, "riichi": True}, "tenhou", False),
    ("234m567p22s345678s", "2s", True, {"tenhou": True, "haitei": True}, "tenhou", False),
])
def test_flag_combinations(hand: str, win: str, tsumo: bool, flags: dict[str, bool], preset: str,
                           ok: bool) -> None:
    """Each combination is allowed or refused as the rules say."""
    assert possible_win(*_win(hand, win, tsumo=tsumo, **flags), rules_for(preset)) is ok


@pytest.mark.parametrize(("hand", "win", "tsumo", "flags", "ok"), [
    # 4444s declared after the double riichi: the wait 1m-4m stays, 4s is a triplet in every reading
    ("123m567p22s789s [4444s]", "1m", False, {"double_riichi": True}, True),
    # ... but that kan ends the ippatsu, and one before the first discard stops the double riichi
    ("123m567p22s789s [4444s]", "1m", True, {"double_riichi": True, "ippatsu": True}, False),
    # 5556s waits on 4s, 7s and 6s: a kan of 5s would leave only 6s, so it came before any riichi
    ("234m567p789p66s [5555s]", "6s", True, {"double_riichi": True}, False),
    ("234m567p789p66s [5555s]", "6s", True, {"riichi": True}, True),
    # a rinshan win after riichi off a kan that was legal after it, or not
    ("123m567p22s789s [4444s]", "1m", True, {"riichi": True, "rinshan": True}, True),
    ("234m567p789p66s [5555s]", "6s", True, {"riichi": True, "rinshan": True}, False),
    ("234m567p789p66s [5555s]", "6s", True, {"rinshan": True}, True),
    # the reviewer's hand: a closed kan with double riichi + ippatsu
    ("66m566778p777s [4444s]", "6m", True, {"double_riichi": True, "ippatsu": True}, False),
])
def test_closed_kans_against_the_riichi(hand: str, win: str, tsumo: bool, flags: dict[str, bool], ok: bool) -> None:
    """A double riichi's closed kans were declared after it (legal kans after riichi, ending the
    ippatsu); a rinshan win after riichi comes off such a kan."""
    h, ctx = _win(hand, win, tsumo=tsumo, **flags)
    assert possible_win(h, ctx, rules_for("tenhou")) is ok
    assert (situation_problems(h, ctx, rules_for("tenhou")) == []) is ok


def test_the_oracle_sees_every_pair_the_guard_refuses() -> None:
    """Every pair of flags the guard refuses on a plain closed hand is refused by the written-out
    rules too, and the other way round (Tenhou)."""
    flags = ("riichi", "double_riichi", "ippatsu", *LAST_TILE_WINS, *FIRST_TURN)
    rules = rules_for("tenhou")
    for a, b in combinations(flags, 2):
        for tsumo in (False, True):
            h, ctx = _win("123m567p22s789s [4444s]", "1m", tsumo=tsumo, **{a: True, b: True})
            assert possible_win(h, ctx, rules) is (situation_problems(h, ctx, rules) == []), (a, b, tsumo)
