"""The hand evaluator: one object that bots and the table's coach ask about a turn.

:class:`HandEvaluator` combines the parts of the evaluator for one
:class:`~trainer.engine.game.view.PlayerView`:

* :meth:`HandEvaluator.turn` — every discard with its efficiency, value, danger
  and expected points, the push-or-fold verdict, best first;
* :meth:`HandEvaluator.riichi` — riichi or dama (黙聴) with a tenpai hand;
* :meth:`HandEvaluator.call` — whether to call a pon / chi, for speed or value;
* :meth:`HandEvaluator.kan` — whether to declare a closed or added kan now;
* :meth:`HandEvaluator.win` — whether to take a win (in the last hand, not one that leaves
  the player last);
* :meth:`HandEvaluator.nine_terminals` — whether to abort with nine terminals;
* :meth:`HandEvaluator.placement` — the all-last plan from the scores.

Every answer carries reasons (:class:`~trainer.engine.evaluator.reasons.Reason`).
The evaluator sees only the view, so the coach's advice to the learner is what the
``strong`` bot would do in the learner's chair.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from trainer.engine.evaluator.danger import Threat, TileDanger, genbutsu, read_threat, tile_dangers
from trainer.engine.evaluator.efficiency import DiscardEfficiency, discard_efficiency, improving
from trainer.engine.evaluator.placement import PLACE_POINTS, PlacementModel, place_of, placement_model
from trainer.engine.evaluator.pushfold import THREAT, PushFold, all_last_plan, push_or_fold, win_chance
from trainer.engine.evaluator.reasons import Reason, reason
from trainer.engine.evaluator.value import HandValue, estimate_value, tenpai_value
from trainer.engine.game.actions import Chi, Kan, Pon
from trainer.engine.game.round import kuikae_kinds
from trainer.engine.game.view import PlayerView
from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.points import hand_value
from trainer.engine.shanten import shanten_counts
from trainer.engine.tiles import EAST, TERMINALS_AND_HONORS, Tile


@dataclass(frozen=True, slots=True)
class DiscardAdvice:
    """One discard, fully evaluated: ``efficiency``, ``value`` of the hand left, ``dangers``
    (one per opponent), ``risk`` (expected points lost by discarding it now), ``win`` (chance
    to win afterwards) and ``ev`` (win x value - risk), with the reasons that matter most;
    ``furiten`` when it leaves a tenpai waiting on a tile of the player's own river (no ron);
    ``no_yaku`` when it leaves an open hand without a yaku (worth nothing: it can never win)."""

    tile: Tile
    efficiency: DiscardEfficiency
    value: HandValue
    dangers: tuple[TileDanger, ...]
    risk: float
    win: float
    ev: float
    reasons: tuple[Reason, ...]
    furiten: bool = False
    no_yaku: bool = False

    def to_json(self) -> dict[str, Any]:
        """The advice as a JSON-ready dict (what a coach or a log stores)."""
        return {
            "tile": str(self.tile), "shanten": self.efficiency.shanten, "ukeire": self.efficiency.ukeire,
            "value": round(self.value.best), "risk": round(self.risk), "win": round(self.win, 3),
            "ev": round(self.ev), "reasons": [r.to_json() for r in self.reasons],
            "danger": [{"seat": d.seat, "deal_in": round(d.deal_in, 4),
                        "reasons": [r.to_json() for r in d.reasons]} for d in self.dangers],
        }


@dataclass(frozen=True, slots=True)
class TurnAdvice:
    """Every discard of a turn, best first under the ``push_fold`` verdict, and the opponents'
    ``threats``.  ``best`` is the recommended discard."""

    discards: tuple[DiscardAdvice, ...]
    push_fold: PushFold
    threats: tuple[Threat, ...]

    @property
    def best(self) -> DiscardAdvice:
        """The recommended discard."""
        return self.discards[0]


@dataclass(frozen=True, slots=True)
class Verdict:
    """A yes/no recommendation (riichi, a call, an abortive draw) with its reasons."""

    yes: bool
    reasons: tuple[Reason, ...]


RIICHI_GAIN = 1.8
"""Riichi when it multiplies the expected value of the hand by at least this much (or the
hand is cheap with a wide wait).  2.3 before: replayed both ways from the same positions, riichi
beat dama by about 2,000 points per hand where it adds 1.8x to 2.3x (docs/game.md, "Decisions
replayed"); lower still would pass the human riichi rate (14-23%)."""
RIICHI_WIDE_WAIT = 5
"""A cheap hand (under 60% of a mangan) with at least this many winning tiles left riichis early
in the hand even when riichi adds less than :data:`RIICHI_GAIN`."""
KEEP_CLOSED = 2.0
"""A closed hand one step from tenpai declines a call unless riichi would be worth less than this
many times the open hand."""
EFFICIENT_SHARE = 0.85
"""A pushing discard keeps at least this share of the widest ukeire of the fewest shanten."""
CALL_VALUE = 2000
"""A call that keeps a hand worth at least this many points (ron, dama) is made for value."""
CALL_SPEED_SHANTEN = 2
"""A cheaper call is made for speed when it leaves the hand at most this many steps from tenpai."""
KEISHIKI_LIVE = 12
"""With at most this many live tiles left and no riichi on the table, a call that makes the hand
tenpai is made even without a yaku (formal tenpai, 形式聴牌): it cannot win, but an exhaustive
draw pays a tenpai hand (0 turns it off).  Against a riichi only when a tile that keeps the tenpai
is genbutsu against every riichi."""
PLACE_MODEL = True
"""In the last hand, weigh wins and deal-ins by the places they move (:mod:`.placement`)
instead of by their points."""
PLACE_HANDS_BEFORE = 0
"""... and in this many regular hands before the last too, with the scores still drifting
(:data:`.placement.HAND_SPREAD` per hand to come; 0: the last hand only)."""
WIN_HAN_UPSIDE = 3
"""In the last hand a win is read this many han above its sure value (ura dora, ippatsu, what the
table adds) before the bot passes it for leaving it last."""
CALL_FOR_YAKU = True
"""An open hand with no yaku takes a call that keeps it as many steps from tenpai but gives it one
(a yakuhai pon, most often): without it the hand could never win (``gives_yaku``).  Not against a
riichi before tenpai, where it folds."""
TIE_BREAK_UKEIRE = True
"""Between discards of the same expected points and risk (the last hand, when no result can move
the place; an open hand that has no yaku whatever it throws), the one that keeps more useful tiles
goes first, before the tile order: the coach can then say why it marks it."""
FOLD_BAND = 30.0
"""When folding, tiles whose expected loss (points) falls in the same band of this width count as
equally safe, and among them the one that keeps the most of the hand is thrown (mawashi-uchi,
回し打ち): +8 ± 3 points per seat-hand on duplicate hands against careful."""


def _counts(tiles: tuple[Tile, ...]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t.kind] += 1
    return c


class HandEvaluator:
    """The shared hand evaluator for one rule set (see the module docstring)."""

    def __init__(self, rules: Any = None) -> None:
        if rules is None or isinstance(rules, str):
            from trainer.engine.rules import load_rules

            rules = load_rules(rules or "tenhou")
        from trainer.engine.game.options import game_options

        self.rules = rules
        self.options = game_options(rules)
        self.open_tanyao = any(row[0] == "tanyao" and row[2] > 0 for row in getattr(rules, "yaku_han", ()))

    # ------------------------------------------------------------------ situation
    def threats(self, view: PlayerView) -> list[Threat]:
        """Every opponent's threat (riichi, open hand, quiet hand)."""
        return [read_threat(view, s, open_tanyao=self.open_tanyao) for s in range(len(view.rivers))
                if s != view.seat]

    def is_all_last(self, view: PlayerView) -> bool:
        """True in the match's last regular hand (orasu) or in the extra round."""
        last_round = 0 if self.options.game_length == "tonpuusen" else 1
        index = view.round_wind - EAST
        return index > last_round or (index == last_round and view.dealer == len(view.scores) - 1)

    def placement(self, view: PlayerView, value: float) -> str:
        """The all-last plan (``"protect_lead"``, ``"last_place"``, ``"need_win"`` or ``""``;
        always ``""`` before the last hand)."""
        return all_last_plan(view.scores, view.seat, value) if self.is_all_last(view) else ""

    def hands_after(self, view: PlayerView) -> int:
        """Regular hands still to come after this one (0 in the last hand and the extra round)."""
        last_round = 0 if self.options.game_length == "tonpuusen" else 1
        n = len(view.scores)
        return max(0, (last_round - (view.round_wind - EAST)) * n + (n - 1 - view.dealer))

    def placement_model(self, view: PlayerView, threats: list[Threat]) -> PlacementModel | None:
        """In the last hand (and the :data:`PLACE_HANDS_BEFORE` before it), the places a win or a
        deal-in would move the player (None before)."""
        if not PLACE_MODEL:
            return None
        after = 0 if self.is_all_last(view) else self.hands_after(view)
        if after > PLACE_HANDS_BEFORE:
            return None
        return placement_model(view.scores, view.seat, view.dealer, threats, sticks=view.sticks, honba=view.honba,
                               deposit=self.options.riichi_deposit, live_fraction=min(1.0, view.live_remaining / 70),
                               hands_after=after)

    @staticmethod
    def unseen(view: PlayerView) -> list[int]:
        """Copies of each kind the player cannot see."""
        return [4 - v if v < 4 else 0 for v in view.visible_counts()]

    def value_of(self, view: PlayerView, hand: Hand, shanten: int, waits: tuple[int, ...],
                 unseen: list[int]) -> HandValue:
        """The value of a 3n+1 ``hand`` seen from ``view``: exact at tenpai, estimated before."""
        if shanten == 0:
            return tenpai_value(hand, waits, unseen, seat_wind=view.seat_wind, round_wind=view.round_wind,
                                dora_indicators=view.dora_indicators, rules=self.rules)
        return estimate_value(_counts(hand.concealed), hand.melds, hand.red_fives(), seat_wind=view.seat_wind,
                              round_wind=view.round_wind, dora_indicators=view.dora_indicators,
                              open_tanyao=self.open_tanyao, rules=self.rules)

    # ------------------------------------------------------------------ the turn
    def turn(self, view: PlayerView, tiles: list[Tile] | None = None) -> TurnAdvice:
        """Evaluate every discard (``tiles``, default every concealed tile) of a 3n+2 hand."""
        hand = view.hand
        concealed = hand.concealed
        if len(concealed) % 3 != 2:
            raise ValueError(f"a turn needs the hand with its drawn tile (3n+2 concealed tiles), not {len(concealed)}")
        if tiles is None:
            tiles = list(dict.fromkeys(concealed))
        counts = _counts(concealed)
        need = len(concealed) // 3
        unseen = self.unseen(view)
        unseen_total = sum(unseen)
        eff = discard_efficiency(counts, need, unseen)
        threats = read = self.threats(view)
        model = self.placement_model(view, threats)
        if model is not None:  # the last hand: a deal-in costs places, not points
            threats = [replace(t, loss=round(model.deal_in_loss(t) * model.place_points)) for t in threats]
            worth: dict[Tile, float] = {}  # each discard's win, in place points
        dangers = tile_dangers(view, [t.kind for t in tiles], threats)
        draws_left = view.live_remaining / 4
        pressure = sum(t.tenpai for t in threats if t.tenpai >= THREAT)
        own_river = {d.tile.kind for d in view.rivers[view.seat]}
        advice: list[DiscardAdvice] = []
        closed = hand.is_closed
        for t in tiles:
            e = eff[t.kind]
            left = hand.without(t)
            value = self.value_of(view, left, e.shanten, e.kinds, unseen)
            v = value.best if closed and not view.riichi[view.seat] else value.dama
            if view.riichi[view.seat]:
                v = value.riichi or value.dama
            if model is not None:  # ... and a win is worth the places it gains
                v = worth[t] = max(0.0, model.win_gain(v)) * model.place_points if v > 0 else 0.0
            next_waits = e.two_step / e.ukeire if (e.two_step and e.shanten == 1) else 6.0
            furiten = e.shanten == 0 and any(k == t.kind or k in own_river for k in e.kinds)
            win = win_chance(e.shanten, e.ukeire, draws_left=draws_left, unseen_total=unseen_total,
                             next_waits=next_waits, threats=pressure, furiten=furiten)
            no_yaku = not closed and value.dama <= 0
            if no_yaku and e.shanten == 0:
                win = 0.0  # an open tenpai without a yaku cannot win at all
            row = tuple(dangers[t.kind])
            risk = sum(d.expected_loss for d in row)
            ev = win * v - risk
            notes = [*e.reasons, *value.reasons[:1]]
            if furiten:
                notes.append(reason("furiten"))
            worst = max(row, key=lambda d: d.deal_in, default=None)
            if worst is not None and worst.deal_in > 0:
                notes.append(reason("deal_in", seat=worst.seat, chance=round(worst.deal_in, 3)))
                notes.extend(worst.reasons[:2])
            elif row and all(d.deal_in == 0 for d in row) and any(
                    th.tenpai >= 0.3 for th in threats):
                notes.append(reason("safe"))
            advice.append(DiscardAdvice(t, e, value, row, risk, win, ev, tuple(notes), furiten, no_yaku))
        # pushing never goes back in shanten nor gives up much of the ukeire for value: among the
        # discards of the fewest shanten keeping at least 3/4 of the widest ukeire, the best
        # expected points; then the rest by shanten and expected points.  An open hand keeps a
        # yaku: a discard that leaves it without one ranks below every discard that keeps one,
        # even one a step slower
        pool = [a for a in advice if not a.no_yaku] or advice
        fewest = min(a.efficiency.shanten for a in pool)
        widest = max(a.efficiency.ukeire for a in pool if a.efficiency.shanten == fewest)

        def push_key(a: DiscardAdvice) -> tuple:
            e = a.efficiency
            near = e.shanten == fewest and e.ukeire >= EFFICIENT_SHARE * widest and not a.no_yaku
            wider = -e.ukeire if TIE_BREAK_UKEIRE else 0
            return (not near, a.no_yaku, e.shanten, -a.ev, a.risk, wider, a.tile.kind, a.tile.red)

        push_order = sorted(advice, key=push_key)
        by_ev = push_order[0]
        safest = min(advice, key=lambda a: (a.risk, -a.ev))
        best_sh = by_ev.efficiency.shanten
        my_value = by_ev.value.best if closed else by_ev.value.dama
        plan = self.placement(view, my_value)
        if model is not None:
            my_value, plan = worth[by_ev.tile], ""
        verdict = push_or_fold(win=by_ev.win, value=my_value, tile_loss=by_ev.risk, safest_loss=safest.risk,
                               shanten=best_sh, threats=threats, draws_left=draws_left,
                               dealer=view.dealer == view.seat, placement=plan)
        if model is not None and model.spread == 0:
            verdict = replace(verdict, reasons=(*verdict.reasons, reason(
                "last_hand_places", place=round(model.place), expected=round(model.base, 2), place_points=PLACE_POINTS)))
        if verdict.push:
            order = push_order
        else:  # fold: the safest band of tiles, and in it the tile that keeps the most of the hand
            order = sorted(advice, key=lambda a: (round(a.risk / FOLD_BAND), -a.ev, a.tile.kind, a.tile.red))
        return TurnAdvice(tuple(order), verdict, tuple(read))

    # ------------------------------------------------------------------ riichi or dama
    def riichi(self, view: PlayerView, advice: DiscardAdvice) -> Verdict:
        """Riichi or dama after discarding ``advice.tile`` (a tenpai discard): riichi when it adds
        a lot (no yaku without it, or a cheap hand with a decent wait), dama when the hand is
        already worth a mangan, riichi would add little, or the lead only needs any win."""
        v = advice.value
        waits = advice.efficiency.ukeire
        dealer = view.dealer == view.seat
        notes: list[Reason] = [reason("value_exact", dama=round(v.dama), riichi=round(v.riichi)),
                               reason("waits_left", tiles=waits)]
        if waits == 0:
            return Verdict(False, (*notes, reason("dead_wait")))
        if advice.furiten and waits < 6:
            return Verdict(False, (*notes, reason("furiten")))
        if v.dama <= 0:
            return Verdict(True, (*notes, reason("riichi_for_yaku")))
        if self.placement(view, v.dama) == "protect_lead":
            return Verdict(False, (*notes, reason("dama_any_win_ends")))
        if self.is_all_last(view):
            me = view.scores[view.seat]
            above = [s for i, s in enumerate(view.scores) if i != view.seat and s >= me]
            if above:
                # a ron takes the points from one player: the gap closes by twice the value
                gap = (min(above) - me) / 2 - view.sticks * self.options.riichi_deposit
                if v.dama > gap:
                    return Verdict(False, (*notes, reason("dama_enough_for_place", gap=round(gap))))
                if v.riichi > gap:
                    return Verdict(True, (*notes, reason("riichi_for_place", gap=round(gap))))
        mangan = 12000 if dealer else 8000
        if v.dama >= mangan:
            return Verdict(False, (*notes, reason("dama_mangan")))
        gain = v.riichi / v.dama if v.dama else 9.0
        if gain >= RIICHI_GAIN and waits >= 2:
            return Verdict(True, (*notes, reason("riichi_adds", ratio=round(gain, 2))))
        if waits >= RIICHI_WIDE_WAIT and v.dama < 0.6 * mangan and view.live_remaining > 16:
            return Verdict(True, (*notes, reason("riichi_good_wait", ratio=round(gain, 2))))
        return Verdict(False, (*notes, reason("riichi_adds_little", ratio=round(gain, 2))))

    # ------------------------------------------------------------------ calls
    def choose_call(self, view: PlayerView, calls: list[Pon | Chi]
                    ) -> tuple[Pon | Chi | None, tuple[tuple[Pon | Chi, Verdict], ...]]:
        """Among the pon and chi ``calls`` offered on the last discard, the one to make — of those :meth:`call` says yes to, the one leaving the
        fewest steps to tenpai, the first on a tie — or None to pass; with every call's verdict
        in the order offered.  The strong bot calls by it and the table's coach advises by it."""
        verdicts = tuple((a, self.call(view, a.tiles, MeldKind.PON if isinstance(a, Pon) else MeldKind.CHI))
                         for a in calls)
        best: tuple[int, Pon | Chi] | None = None
        for a, verdict in verdicts:
            if verdict.yes:
                after = verdict.reasons[0].get("after", 9)
                if best is None or after < best[0]:
                    best = (after, a)
        return (best[1] if best else None), verdicts

    def call(self, view: PlayerView, used: tuple[Tile, Tile], kind: MeldKind, advice: TurnAdvice | None = None
             ) -> Verdict:
        """Whether to call the last discard with ``used`` from the hand (a pon or chi): yes when
        it makes the hand faster and it still has a yaku, for speed (a yakuhai pon, a hand near
        tenpai) or for value (dora, honitsu); no when folding or when it throws away a good
        closed hand."""
        tile = view.last_tile
        assert tile is not None
        hand = view.hand
        counts = _counts(hand.concealed)
        need = len(hand.concealed) // 3
        now = shanten_counts(counts, need)
        for t in used:
            counts[t.kind] -= 1
        meld = Meld(kind, tuple(sorted((tile, *used))))
        melds = (*hand.melds, meld)
        unseen = self.unseen(view)
        best_sh, best_value = 9, None
        ready: list[int] = []  # discards after the call that leave the hand tenpai
        forbid = kuikae_kinds(self.options.kuikae, tile.kind, [t.kind for t in used], chi=kind is MeldKind.CHI)
        for k in range(34):
            if not counts[k] or k in forbid:
                continue  # kuikae: not the called kind back, nor (chi) the other end of the run
            counts[k] -= 1
            sh, waits = improving(counts, need - 1)
            if sh == 0:
                ready.append(k)
            if sh <= best_sh:
                rest = [Tile(x) for x in range(34) for _ in range(counts[x])]
                h = Hand(tuple(rest), melds)
                val = self.value_of(view, h, sh, waits, unseen)
                if sh < best_sh or best_value is None or val.dama > best_value.dama:
                    best_sh, best_value = sh, val
            counts[k] += 1
        assert best_value is not None
        notes = [reason("shanten", value=now, after=best_sh),
                 reason("value_after", points=round(best_value.dama))]
        if best_sh > now or (best_sh == now and not self._gives_yaku(view, best_value, unseen)):
            return Verdict(False, (*notes, reason("not_faster")))
        threats = advice.threats if advice else tuple(self.threats(view))
        riichis = [t.seat for t in threats if t.tenpai >= 0.9]
        if best_sh == now:  # not faster, but the hand gets the yaku it lacks
            if riichis and best_sh >= 1:
                return Verdict(False, (*notes, reason("folding")))
            return Verdict(True, (*notes, reason("gives_yaku")))
        if best_value.dama <= 0:
            if best_sh == 0 and view.live_remaining <= KEISHIKI_LIVE:
                safe = [genbutsu(view, s) for s in riichis]
                if any(all(k in g for g in safe) for k in ready):  # no riichi: every tenpai discard
                    return Verdict(True, (*notes, reason("formal_tenpai")))
            return Verdict(False, (*notes, reason("no_yaku")))
        if riichis and best_sh >= 1:
            return Verdict(False, (*notes, reason("folding")))
        yakuhai = {31, 32, 33, view.seat_wind, view.round_wind}
        if kind is MeldKind.PON and tile.kind in yakuhai and best_sh <= 3:
            return Verdict(True, (*notes, reason("speed_yakuhai")))
        if hand.is_closed and now <= 1:
            closed_value = estimate_value(_counts(hand.concealed), hand.melds, hand.red_fives(),
                                          seat_wind=view.seat_wind, round_wind=view.round_wind,
                                          dora_indicators=view.dora_indicators, open_tanyao=self.open_tanyao,
                                          rules=self.rules)
            if closed_value.riichi > KEEP_CLOSED * best_value.dama:
                return Verdict(False, (*notes, reason("keep_closed", riichi=round(closed_value.riichi))))
        if best_value.dama >= CALL_VALUE:
            return Verdict(True, (*notes, reason("value")))
        if best_sh <= CALL_SPEED_SHANTEN:
            return Verdict(True, (*notes, reason("speed")))
        return Verdict(False, (*notes, reason("cheap_and_slow")))

    def _gives_yaku(self, view: PlayerView, after: HandValue, unseen: list[int]) -> bool:
        """Whether a call that leaves an open hand as many steps from tenpai gives it the yaku it
        lacks: the hand as it is has none (value 0, it could never win), the hand after the call
        (``after``) has one.  Off with :data:`CALL_FOR_YAKU`; a closed hand has riichi for a yaku."""
        hand = view.hand
        if not CALL_FOR_YAKU or hand.is_closed or after.dama <= 0:
            return False
        counts = _counts(hand.concealed)
        sh, waits = improving(counts, len(hand.concealed) // 3)
        return self.value_of(view, hand, sh, waits, unseen).dama <= 0

    # ------------------------------------------------------------------ kans
    def kan(self, view: PlayerView, kan: Kan) -> Verdict:
        """Whether to declare the closed or added ``kan`` on offer now (no riichi of the player's
        own: after riichi every allowed kan is declared).  Yes only when the hand pushes with no
        riichi on the table and the kan leaves it as near to tenpai as before (``kan_free``: a new
        kan dora and a replacement draw for nothing); no, in that order, against a riichi
        (``kan_riichi``: a new kan dora may make their hand bigger), while folding (``folding``)
        or when it sets the hand back (``slows_hand``).  The first reason, ``shanten`` (value,
        after), gives the steps to tenpai before and after the kan."""
        advice = self.turn(view)
        counts = _counts(view.hand.concealed)  # the steps to tenpai now and with the quad set aside
        need = len(view.hand.concealed) // 3
        now = shanten_counts(counts, need)
        added = kan.kind is MeldKind.KAN_ADDED
        counts[kan.tile.kind] -= 1 if added else 4
        after = shanten_counts(counts, need - (0 if added else 1))
        notes = (reason("shanten", value=now, after=after),)
        riichi = [t.seat for t in advice.threats if t.tenpai >= 0.9]
        if riichi:
            return Verdict(False, (*notes, reason("kan_riichi", seat=riichi[0])))
        if not advice.push_fold.push:
            return Verdict(False, (*notes, reason("folding")))
        if after > now:
            return Verdict(False, (*notes, reason("slows_hand", by=after - now)))
        return Verdict(True, (*notes, reason("kan_free")))

    # ------------------------------------------------------------------ wins
    def win(self, view: PlayerView, tsumo: bool) -> Verdict:
        """Whether to take the win on offer (tsumo, or ron on the last discard).  Always, except in
        the match's last hand (オーラス) when the win would end the match with the player still
        last — even read generously (:data:`WIN_HAN_UPSIDE` more han for ura dora or ippatsu):
        passing it (見逃し) cannot cost a place, and keeps the chance of a bigger win later (a
        riichi, a tsumo, another tile).  A dealer's win never ends the match from last place
        (renchan), so the dealer always takes it."""
        take = Verdict(True, (reason("win"),))
        n = len(view.scores)
        if not self.is_all_last(view) or view.seat == view.dealer:
            return take
        tile = view.drawn if tsumo else view.last_tile
        if tile is None:
            return take
        concealed = view.hand.concealed if tsumo else (*view.hand.concealed, tile)
        hand = Hand(tuple(sorted(concealed)), view.hand.melds)
        from trainer.engine.game.wins import payment_deltas, score_win

        info = score_win(self.rules, hand, seat=view.seat, from_seat=None if tsumo else view.last_from,
                         win_tile=tile, dealer=view.dealer, tsumo=tsumo, honba=view.honba, sticks=0,
                         riichi=view.riichi[view.seat], seat_wind=view.seat_wind, round_wind=view.round_wind,
                         dora_indicators=view.dora_indicators)
        if info is None:
            return take  # the table offered it, so it is a win: let the table score it
        pay = hand_value(info.han + WIN_HAN_UPSIDE, info.fu, dealer=False, tsumo=tsumo, rules=self.rules)
        deltas = payment_deltas(pay, view.seat, view.dealer, info.from_seat, n)
        scores = [s + d + b for s, d, b in zip(view.scores, deltas, info.bonus, strict=True)]  # b: honba
        scores[view.seat] += view.sticks * self.options.riichi_deposit
        place = place_of(scores, view.seat)
        o = self.options
        ends = (not o.extension_round or any(x >= o.target_points for x in scores)
                or (o.busting and any(x < 0 for x in scores)))
        notes = (reason("win_place", place=place, han=info.han, fu=info.fu),)
        if place == n and ends:
            return Verdict(False, (*notes, reason("win_stays_last")))
        return Verdict(True, notes)

    # ------------------------------------------------------------------ nine terminals
    def nine_terminals(self, view: PlayerView) -> Verdict:
        """Abort with nine terminals (九種九牌) unless the hand is good: thirteen orphans two
        steps away, or a normal hand no worse than two shanten, or the last hand when it needs
        a win."""
        counts = _counts(view.hand.concealed)
        kinds = sum(1 for k in TERMINALS_AND_HONORS if counts[k])
        kokushi = 13 - kinds - (1 if any(counts[k] >= 2 for k in TERMINALS_AND_HONORS) else 0)
        need = len(view.hand.concealed) // 3
        sh = shanten_counts(counts, need)
        notes = [reason("kinds", value=kinds), reason("shanten", value=sh)]
        if kokushi <= 3 and kinds >= 10:
            return Verdict(False, (*notes, reason("go_for_kokushi", shanten=kokushi)))
        if sh <= 2:
            return Verdict(False, (*notes, reason("hand_good")))
        if self.placement(view, 8000) in ("need_win", "last_place"):
            return Verdict(False, (*notes, reason("need_win")))
        return Verdict(True, (*notes, reason("hand_poor")))


__all__ = ["DiscardAdvice", "HandEvaluator", "TurnAdvice", "Verdict"]
