"""Scoring: speed against the `mahjong` 2.1.0 oracle and a differential run.

``run(quick)`` generates random winning hands (closed and open, kans, riichi,
tsumo, ippatsu, winds, dora, ura, red fives, honba, sticks, haitei / houtei /
rinshan / chankan), scores each with ``trainer.engine.scoring.score_hand``
(Tenhou preset) and with ``mahjong``'s ``HandCalculator.estimate_hand_value``
configured as Tenhou, and prints:

* the number of hands compared and the number of differences (han, fu, every
  payment, or error vs. no error), with the first few differences spelled out;
* the median time per hand of each scorer and the speed ratio.

The oracle is used only here and in tests, never by ``trainer/``.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from trainer.engine.hand import Hand, MeldKind
from trainer.engine.rules import load_rules
from trainer.engine.scoring import ScoringError, WinContext, score_hand
from trainer.engine.scoring_random import random_win
from trainer.engine.tiles import Tile

RULES = load_rules("tenhou")
SANMA = load_rules("sanma")

# mahjong error ids that mean the same as ours
_ERROR_MAP = {"no_yaku": "no_yaku", "hand_not_winning": "not_complete"}


def _ids(tiles: list[Tile], used: dict[int, int]) -> list[int]:
    """136-ids for our tiles: a red five is copy 0 of its kind (mahjong's aka ids 16/52/88),
    plain fives take copies 1..3, every other kind copies 0..3."""
    out = []
    for t in tiles:
        if t.red:
            out.append(t.kind * 4)
            continue
        base = 1 if (t.kind < 27 and t.kind % 9 == 4) else 0
        n = used.get(t.kind, 0)
        used[t.kind] = n + 1
        out.append(t.kind * 4 + base + n)
    return out


def oracle(hand: Hand, ctx: WinContext, three_player: bool = False):
    """Score with mahjong 2.1.0 configured as Tenhou (its three-player mode with
    ``three_player``); returns its HandResponse."""
    from mahjong.hand_calculating.hand import HandCalculator

    args, kwargs = _oracle_args(hand, ctx, three_player)
    return HandCalculator.estimate_hand_value(*args, **kwargs)


def _oracle_args(hand: Hand, ctx: WinContext, three_player: bool = False) -> tuple[tuple, dict]:
    """The arguments of mahjong's estimate_hand_value for our hand and situation."""
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld as MMeld

    used: dict[int, int] = {}
    melds = []
    all_ids = []
    concealed_ids = _ids(list(hand.concealed), used)
    all_ids += concealed_ids
    for m in hand.melds:
        ids = _ids(list(m.tiles), used)
        all_ids += ids
        mtype = {
            MeldKind.CHI: MMeld.CHI,
            MeldKind.PON: MMeld.PON,
            MeldKind.KAN_OPEN: MMeld.KAN,
            MeldKind.KAN_ADDED: MMeld.SHOUMINKAN,
            MeldKind.KAN_CLOSED: MMeld.KAN,
        }[m.kind]
        melds.append(MMeld(meld_type=mtype, tiles=ids, opened=m.kind is not MeldKind.KAN_CLOSED))
    win_id = next(
        i for t, i in zip(hand.concealed, concealed_ids, strict=True) if t.kind == ctx.win_tile.kind
    )
    dora = [t.kind * 4 for t in ctx.dora_indicators]
    ura = [t.kind * 4 for t in ctx.ura_indicators]
    options = OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        is_three_player=three_player,
    )
    config = HandConfig(
        is_tsumo=ctx.tsumo,
        is_riichi=ctx.riichi or ctx.double_riichi,
        is_daburu_riichi=ctx.double_riichi,
        is_ippatsu=ctx.ippatsu,
        is_rinshan=ctx.rinshan,
        is_chankan=ctx.chankan,
        is_haitei=ctx.haitei,
        is_houtei=ctx.houtei,
        is_tenhou=ctx.tenhou,
        is_chiihou=ctx.chiihou,
        player_wind=ctx.seat_wind,
        round_wind=ctx.round_wind,
        tsumi_number=ctx.honba,
        kyoutaku_number=ctx.riichi_sticks,
        num_nuki_dora=ctx.nuki,
        options=options,
    )
    return (all_ids, win_id), {
        "melds": melds,
        "dora_indicators": dora,
        "config": config,
        "ura_dora_indicators": ura,
    }


def ours(hand: Hand, ctx: WinContext, rules=RULES):
    """Score with our engine; returns the ScoreResult or the ScoringError."""
    try:
        return score_hand(hand, ctx, rules)
    except ScoringError as e:
        return e


def compare(hand: Hand, ctx: WinContext, rules=RULES) -> str | None:
    """None when both scorers agree on the hand, else a one-line description of the difference
    (``rules``: tenhou, or sanma against the oracle's three-player mode)."""
    a = ours(hand, ctx, rules)
    b = oracle(hand, ctx, rules.players == 3)
    if isinstance(a, ScoringError) or b.error:
        ea = a.code if isinstance(a, ScoringError) else None
        eb = _ERROR_MAP.get(b.error, b.error) if b.error else None
        if ea == eb:
            return None
        return f"{hand} win {ctx.win_tile} {_ctx_text(ctx)}: ours {ea or _res_text(a)} vs oracle {eb or _ora_text(b)}"
    cost = b.cost
    pay = a.payment
    if pay.ron is not None:
        mine = (pay.ron, 0)
    elif pay.all is not None:
        mine = (pay.all, pay.all)
    else:
        mine = (pay.dealer, pay.non_dealer)
    theirs = (cost["main"], cost["additional"])
    same = a.han == b.han and mine == theirs and pay.total == cost["total"]
    if same and not a.yakuman and a.han < 5:
        same = a.fu == b.fu
    if same:
        return None
    return f"{hand} win {ctx.win_tile} {_ctx_text(ctx)}: ours {_res_text(a)} vs oracle {_ora_text(b)}"


def _ctx_text(ctx: WinContext) -> str:
    flags = [
        n
        for n in (
            "tsumo",
            "riichi",
            "double_riichi",
            "ippatsu",
            "haitei",
            "houtei",
            "rinshan",
            "chankan",
            "tenhou",
            "chiihou",
        )  # fmt: skip
        if getattr(ctx, n)
    ]
    winds = "ESWN"
    return (
        f"[{' '.join(flags)} seat {winds[ctx.seat_wind - 27]} round {winds[ctx.round_wind - 27]} "
        f"dora {''.join(map(str, ctx.dora_indicators))} ura {''.join(map(str, ctx.ura_indicators))} "
        f"honba {ctx.honba} sticks {ctx.riichi_sticks} nuki {ctx.nuki}]"
    )


def _res_text(a) -> str:
    return f"{a.han}h{a.fu}f {[y.id for y in a.yaku]} dora {a.dora} {a.payment.to_json()}"


def _ora_text(b) -> str:
    return f"{b.han}h{b.fu}f {[y.name for y in b.yaku]} {b.cost and (b.cost['main'], b.cost['additional'], b.cost['total'])}"


def differential(n: int, seed: int = 1, rules=RULES) -> tuple[int, list[str]]:
    """Compare ``n`` random hands; returns (number compared, list of differences)."""
    rng = random.Random(seed)
    diffs = []
    for _ in range(n):
        hand, ctx = random_win(rng, rules)
        if ctx.tsumo and not hand.melds and not ctx.riichi and not ctx.haitei and rng.random() < 0.03:
            # first-draw wins: tenhou for the dealer, chiihou for the others
            first = {"tenhou": True} if ctx.seat_wind == 27 else {"chiihou": True}
            ctx = replace(ctx, double_riichi=False, ippatsu=False, **first)
        d = compare(hand, ctx, rules)
        if d:
            diffs.append(d)
    return n, diffs


def _timing(n: int, seed: int = 7, block: int = 100, explain: bool = False) -> tuple[float, float]:
    """Median seconds per winning hand for our scorer and for the oracle on the same hands.

    The hands are timed in blocks of ``block``: our scorer on the block, then the
    oracle on the same block, and so on, so that changes in machine load hit both
    alike while each scorer runs with its own code and data warm in the CPU caches
    (timing them hand by hand alternately slows both by evicting each other).
    The oracle's 136-id conversion is prepared beforehand and not timed.  With
    ``explain`` our time includes building the itemised fu and the chosen reading
    (what a fu quiz shows), which ``score_hand`` otherwise builds on first use.
    """
    from mahjong.hand_calculating.hand import HandCalculator

    rng = random.Random(seed)
    cases = []
    while len(cases) < n:
        hand, ctx = random_win(rng, RULES)
        if not isinstance(ours(hand, ctx), ScoringError):
            cases.append((hand, ctx, _oracle_args(hand, ctx)))
    estimate = HandCalculator.estimate_hand_value
    clock = time.perf_counter
    ours_t: list[float] = []
    theirs_t: list[float] = []
    for start in range(0, n, block):
        part = cases[start : start + block]
        for hand, ctx, _ in part:
            t0 = clock()
            result = score_hand(hand, ctx, RULES)
            if explain:
                result.fu_items  # noqa: B018 - builds the breakdown
            ours_t.append(clock() - t0)
        for _, _, (args, kwargs) in part:
            t0 = clock()
            estimate(*args, **kwargs)
            theirs_t.append(clock() - t0)
    return statistics.median(ours_t), statistics.median(theirs_t)


def run(quick: bool) -> None:
    """Print the differential count and the speed comparison."""
    n = 5_000 if quick else 50_000
    start = time.perf_counter()
    total, diffs = differential(n)
    print(
        f"differential vs mahjong 2.1.0 (Tenhou): {total} hands, {len(diffs)} differences "
        f"({time.perf_counter() - start:.1f} s)"
    )
    for d in diffs[:10]:
        print("  ", d)
    start = time.perf_counter()
    total, diffs = differential(n, seed=3, rules=SANMA)
    print(
        f"differential vs mahjong 2.1.0 three-player mode (sanma, nukidora): {total} hands, "
        f"{len(diffs)} differences ({time.perf_counter() - start:.1f} s)"
    )
    for d in diffs[:10]:
        print("  ", d)
    n_time = 2_000 if quick else 10_000
    ours_med, theirs_med = _timing(n_time)
    print(
        f"median per winning hand ({n_time} hands): ours {ours_med * 1e6:.1f} us, "
        f"mahjong estimate_hand_value {theirs_med * 1e6:.1f} us, ratio {theirs_med / ours_med:.2f}x"
    )
    ours_med, theirs_med = _timing(n_time, explain=True)
    print(
        f"  with the fu breakdown and reading built too: ours {ours_med * 1e6:.1f} us, "
        f"mahjong {theirs_med * 1e6:.1f} us, ratio {theirs_med / ours_med:.2f}x"
    )
