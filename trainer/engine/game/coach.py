"""The coach's facts about the learner's position, computed from what the learner may see.

* :func:`discard_hints` — the discard the ``strong`` bot would make, from the shared hand
  evaluator (:meth:`trainer.engine.evaluator.HandEvaluator.turn`: push or fold, value,
  danger), with one short reason (``keeps_tenpai``, ``keeps_yaku``, ``fewer_steps``,
  ``more_tiles``, ``value``, ``less_risk``, ``fold``) and the evaluator's reasons behind it; while pushing
  against a threat, the safest tile too (``safer``);
* :func:`kita_first` — whether a North may be set aside now (sanma nukidora): the ``strong`` bot
  always does so before it discards, so :func:`discard_hints` suggests no discard then;
* :func:`efficiency_hints` — the best discards by tiles alone (fewest shanten, most ukeire;
  the safest tile against a riichi): with the :func:`discard_hints` tile, the answer of the
  discard puzzles;
* :func:`riichi_advice` — riichi or dama for that discard, the strong bot's verdict
  (:meth:`~trainer.engine.evaluator.HandEvaluator.riichi`) with its reasons;
* :func:`call_advice` — whether to call pon or chi on another player's discard (and which meld),
  or pass: the strong bot's choice from :meth:`~trainer.engine.evaluator.HandEvaluator.call`;
* :func:`kan_advice` — whether to declare a closed or added kan now: the strong bot's verdict
  (:meth:`~trainer.engine.evaluator.HandEvaluator.kan`) with its reasons;
* :func:`danger_warning` — why a tile about to be discarded can deal into a riichi
  (the notes of :func:`trainer.engine.game.review.danger_notes`: genbutsu, suji, kabe,
  honors by copies left) and which tile in the hand is safe instead;
* :func:`open_hand_warning` — when nobody is in riichi, why a tile fits the likely wait of
  an opponent whose open melds show what they build (one suit and honors, only pons, a
  yakuhai pon), read by the shared evaluator, and which tiles are much safer;
* :func:`waiting` — the waits of a ready 13-tile hand, whether it is furiten, and whether an open
  hand has no yaku on any of them (:func:`wins_with_yaku`).

Everything here is pure engine code; the table's coach view turns it into words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from trainer.engine.evaluator import DiscardAdvice, HandEvaluator, Reason, TurnAdvice, Verdict
from trainer.engine.evaluator.pushfold import THREAT, PushFold
from trainer.engine.game.actions import Chi, Kan, Pon
from trainer.engine.game.review import danger_notes
from trainer.engine.game.view import PlayerView
from trainer.engine.tiles import NORTH, Tile
from trainer.engine.ukeire import discard_options, ukeire


@dataclass(frozen=True)
class DiscardHint:
    """One suggested discard: the tile, the shanten after it, the unseen tiles that improve
    what is left (``ukeire``; for a ready hand the winning tiles), the waits when it keeps
    the hand ready, the reason in one word, and the evaluator's full ``advice`` for it
    (value, win chance, danger per opponent, reasons).

    Reasons: ``keeps_tenpai``, ``keeps_yaku`` (an open hand whose faster or wider discard would
    leave it without a yaku, so it could never win), ``fewer_steps``, ``more_tiles`` (the widest
    ukeire), ``value``
    (a little narrower than the widest, but worth more), ``win_chance`` (a little narrower, worth
    no more, but with better shapes: a better chance to win), ``less_risk`` (narrower, but safer
    against a threat), ``fold`` (betaori: pushing is not worth the risk, so the safest tile),
    ``weave`` (mawashi-uchi: folding, but with a tile nearly as safe as the safest that keeps more
    of the hand), ``safer`` (while pushing against a threat, or weaving: the safest tile, for
    comparison).
    ``threat_seats`` are the opponents likely ready (riichi, or an open hand far along);
    ``compare`` is the widest discard a ``value``, ``win_chance`` or ``less_risk`` hint was weighed
    against (the evaluator's advice for it)."""

    tile: Tile
    shanten_after: int
    ukeire: int
    waits: tuple[int, ...]
    reason: str
    advice: DiscardAdvice | None = None
    push_fold: PushFold | None = None
    threat_seats: tuple[int, ...] = ()
    compare: DiscardAdvice | None = None

    @property
    def push(self) -> bool:
        """True unless the coach folds (betaori) with this hint."""
        return self.push_fold is None or self.push_fold.push

@dataclass(frozen=True)
class DangerWarning:
    """A discard that can deal in: the tile, the riichi seats it is dangerous against, the
    notes per seat, and the tiles in the hand that are safe (genbutsu against everyone)."""

    tile: Tile
    seats: tuple[int, ...]
    notes: tuple[dict[str, Any], ...]
    safe: tuple[Tile, ...]


def seen_outside(view: PlayerView) -> list[int]:
    """Copies of each kind the player sees outside their own hand and melds."""
    held = view.hand.all_counts()
    return [max(0, v - h) for v, h in zip(view.visible_counts(), held, strict=True)]


def _threats(view: PlayerView) -> list[int]:
    return [s for s in range(len(view.riichi)) if s != view.seat and view.riichi[s]]


_EVALUATORS: dict[str, HandEvaluator] = {}
_LAST_TURN: list[Any] = [None, None]


def evaluator_for(rules: Any = None) -> HandEvaluator:
    """The shared hand evaluator for ``rules`` (a rule set or preset name; Tenhou rules by
    default), made once per rule set so its caches serve the whole session."""
    if rules is None or isinstance(rules, str):
        from trainer.engine.rules import load_rules

        rules = load_rules(rules or "tenhou")
    name = getattr(rules, "name", "") or repr(rules)
    ev = _EVALUATORS.get(name)
    if ev is None or ev.rules is not rules:
        ev = _EVALUATORS[name] = HandEvaluator(rules)
    return ev


def coach_turn(view: PlayerView, legal_tiles: Iterable[Tile], rules: Any = None) -> TurnAdvice:
    """The evaluator's advice for the learner's turn, exactly as the ``strong`` bot asks for
    it (:meth:`HandEvaluator.turn` over the legal discards); the last answer is kept, so the
    marks and the words of one turn cost one evaluation."""
    tiles = list(legal_tiles)
    ev = evaluator_for(rules)
    key = (view, tuple(tiles), id(ev))
    if _LAST_TURN[0] != key:
        _LAST_TURN[:] = [key, ev.turn(view, tiles)]
    return _LAST_TURN[1]


def threat_seats(turn: TurnAdvice) -> tuple[int, ...]:
    """The opponents the evaluator reads as a threat this turn (likely ready: a riichi, an open hand
    far along), the seats the coach's push-or-fold and danger words are about."""
    return tuple(t.seat for t in turn.threats if t.tenpai >= THREAT)


def _hint(a: DiscardAdvice, reason: str, turn: TurnAdvice, compare: DiscardAdvice | None = None) -> DiscardHint:
    e = a.efficiency
    waits = tuple(sorted(e.kinds)) if e.shanten == 0 else ()
    seats = threat_seats(turn)
    return DiscardHint(a.tile, e.shanten, e.ukeire, waits, reason, a, turn.push_fold, seats, compare)


WORTH_MORE = 1.05
"""A narrower discard is called a ``value`` choice only when the hand it leaves is worth at least this
many times the widest discard's; worth no more, a better chance to win is its reason (``win_chance``)."""


def kita_first(view: PlayerView, rules: Any = None) -> bool:
    """True when the player in ``view`` may set a North aside now (北抜き kita, nukidora), which the
    ``strong`` bot always does before it discards (:meth:`~trainer.engine.bots.efficient.EfficientBot.choose`):
    the rules use nukidora, the turn began with a draw (not a call), a North is in the hand (after
    riichi: the North just drawn) and a tile is left to draw in its place — the view's reading of
    :meth:`~trainer.engine.game.round.Round._kita_ok` (the 8 replacement tiles of a nukidora table
    outlast 4 kans and 3 Norths, so one is left while the live wall lasts)."""
    if not getattr(evaluator_for(rules).rules, "nukidora", False) or view.phase != "turn":
        return False
    if view.drawn is None or view.live_remaining <= 0:
        return False
    if view.riichi[view.seat]:
        return view.drawn.kind == NORTH
    return any(t.kind == NORTH for t in view.hand.concealed)


def discard_hints(view: PlayerView, legal_tiles: Iterable[Tile], rules: Any = None, *,
                  kita: bool | None = None) -> list[DiscardHint]:
    """The coach's discards for the hand in ``view`` (with its drawn tile), from the shared
    evaluator: first the discard the ``strong`` bot would make, with why in one word (see
    :class:`DiscardHint`); then, when it pushes against an opponent who may be ready and a
    clearly safer tile exists, that tile with the reason ``safer``.  None while a North may be set
    aside (``kita``: the Kita action is legal; None reads it from the view, :func:`kita_first`):
    the bot sets it aside first and discards only after the replacement draw."""
    tiles = list(legal_tiles)
    if not tiles:
        return []
    if kita if kita is not None else kita_first(view, rules):
        return []
    advice = coach_turn(view, tiles, rules)
    best = advice.best
    push = advice.push_fold.push
    others = [a for a in advice.discards if a.tile.kind != best.tile.kind]
    e = best.efficiency
    safest = min(advice.discards, key=lambda a: (a.risk, -a.ev))
    widest = None
    if not push:
        # betaori, or mawashi-uchi when a tile nearly as safe as the safest keeps more of the hand
        reason = "fold" if safest.tile.kind == best.tile.kind or best.risk <= safest.risk else "weave"
    elif not best.no_yaku and any(
            a.no_yaku and (a.efficiency.shanten, -a.efficiency.ukeire) < (e.shanten, -e.ukeire) for a in others):
        reason = "keeps_yaku"  # a faster or wider discard would leave the open hand without a yaku
    elif e.shanten == 0:
        reason = "keeps_tenpai"
    elif others and all(a.efficiency.shanten > e.shanten for a in others):
        reason = "fewer_steps"
    else:
        same = [a for a in others if a.efficiency.shanten == e.shanten and a.efficiency.ukeire > e.ukeire]
        widest = max(same, key=lambda a: a.efficiency.ukeire, default=None)
        if widest is None:
            reason = "more_tiles"
        elif best.risk < widest.risk - 1:
            reason = "less_risk"
        elif best.value.best < WORTH_MORE * widest.value.best and best.win > widest.win:
            reason = "win_chance"  # the same value: what the narrower tile keeps is better shapes
        else:
            reason = "value"
    out = [_hint(best, reason, advice, widest if reason in ("value", "win_chance", "less_risk") else None)]
    if reason == "weave" or (push and any(t.tenpai >= THREAT for t in advice.threats)
                             and safest.tile.kind != best.tile.kind and safest.risk < 0.5 * best.risk):
        out.append(_hint(safest, "safer", advice))
    return out


def efficiency_hints(view: PlayerView, legal_tiles: Iterable[Tile]) -> list[DiscardHint]:
    """The best legal discards by tiles alone (right in the discard puzzles, together with the
    :func:`discard_hints` tile): every tile tied for the fewest shanten and most ukeire, each with ``keeps_tenpai``,
    ``fewer_steps`` or ``more_tiles``, and, if someone is in riichi and the safest tile (by the
    review's danger notes) is another one, that tile with the reason ``safer``.  The table's
    coach uses :func:`discard_hints` (the strong bot's choice) instead."""
    allowed = {t.kind for t in legal_tiles}
    seen = seen_outside(view)
    options = [o for o in discard_options(view.hand, seen) if o.tile.kind in allowed]
    if not options:
        return []
    top = (options[0].shanten_after, options[0].total)
    rest = [o for o in options if (o.shanten_after, o.total) != top]
    out = []
    for o in options:
        if (o.shanten_after, o.total) != top:
            continue
        if o.shanten_after == 0:
            reason = "keeps_tenpai"
        elif rest and all(x.shanten_after > o.shanten_after for x in rest):
            reason = "fewer_steps"  # every other tile sets the hand back a step
        else:
            reason = "more_tiles"
        waits = tuple(sorted(o.ukeire)) if o.shanten_after == 0 else ()
        out.append(DiscardHint(o.tile, o.shanten_after, o.total, waits, reason))
    if _threats(view):
        visible = view.visible_counts()
        danger = {o.tile.kind: sum(n["danger"] for n in danger_notes(view, o.tile.kind, visible)) for o in options}
        low = min(danger.values())
        if all(danger[h.tile.kind] > low for h in out):
            safest = min(options, key=lambda o: (danger[o.tile.kind], o.shanten_after, -o.total))
            out.append(DiscardHint(safest.tile, safest.shanten_after, safest.total, (), "safer"))
    return out


def danger_warning(view: PlayerView, tile: Tile, legal_tiles: Iterable[Tile]) -> DangerWarning | None:
    """A warning if discarding ``tile`` can deal into an opponent's riichi while a tile safe
    against every riichi (genbutsu) is in the hand; None when it is safe or nothing is."""
    threats = _threats(view)
    if not threats:
        return None
    visible = view.visible_counts()
    notes = danger_notes(view, tile.kind, visible)
    if all(n.get("genbutsu") for n in notes):
        return None
    safe = []
    for t in dict.fromkeys(legal_tiles):
        if all(n.get("genbutsu") for n in danger_notes(view, t.kind, visible)):
            safe.append(t)
    if not safe:
        return None
    risky = tuple(n["seat"] for n in notes if not n.get("genbutsu"))
    return DangerWarning(tile, risky, tuple(notes), tuple(sorted(safe)))


@dataclass(frozen=True)
class OpenHandWarning:
    """A discard that fits an open hand's likely wait while nobody is in riichi: the tile,
    the opponent, what their melds show (``reading``: ``honitsu`` with its ``suit`` letter,
    ``toitoi``, ``yakuhai`` or ``open``), the chance of dealing in with it, and the legal
    tiles that are much safer against that player."""

    tile: Tile
    seat: int
    reading: str
    suit: str
    deal_in: float
    safe: tuple[Tile, ...]


OPEN_THREAT_TENPAI = 0.35
"""How likely an open hand must be ready (two melds or more) before the coach warns."""
OPEN_WARN_DEAL_IN = 0.025
"""The smallest chance of dealing in that is worth a warning."""
OPEN_WARN_RATIO = 3.0
"""A warning needs a tile at least this many times as dangerous as the safest one."""


def open_hand_warning(view: PlayerView, tile: Tile, legal_tiles: Iterable[Tile]) -> OpenHandWarning | None:
    """Warn when ``tile`` is clearly more likely to deal into an opponent's open hand than
    the safest legal tile (nobody in riichi; the riichi case is :func:`danger_warning`).
    The readings and chances are the shared evaluator's (:mod:`trainer.engine.evaluator.danger`)."""
    if _threats(view):
        return None
    from trainer.engine.evaluator.danger import read_threat, tile_dangers

    threats = [read_threat(view, s) for s in range(len(view.rivers)) if s != view.seat and view.melds[s]]
    threats = [t for t in threats if t.tenpai >= OPEN_THREAT_TENPAI]
    if not threats:
        return None
    legal = list(dict.fromkeys(legal_tiles))
    dangers = tile_dangers(view, sorted({t.kind for t in legal} | {tile.kind}), threats)
    best: OpenHandWarning | None = None
    for threat in threats:
        def deal_in(kind: int, seat: int = threat.seat) -> float:
            return next(d.deal_in for d in dangers[kind] if d.seat == seat)

        mine = deal_in(tile.kind)
        low = min(deal_in(t.kind) for t in legal)
        if mine < OPEN_WARN_DEAL_IN or mine < OPEN_WARN_RATIO * low:
            continue
        safe = tuple(sorted(t for t in legal if deal_in(t.kind) <= 1.5 * low))
        codes = {r.code for r in threat.reasons}
        suit = "mps"[threat.honitsu_suit] if threat.honitsu_suit is not None else ""
        if suit and (tile.kind >= 27 or tile.kind // 9 == threat.honitsu_suit):
            reading = "honitsu"
        elif threat.toitoi:
            reading = "toitoi"
        elif "yakuhai_pon" in codes:
            reading = "yakuhai"
        else:
            reading = "open"
        if best is None or mine > best.deal_in:
            best = OpenHandWarning(tile, threat.seat, reading, suit, mine, safe)
    return best


@dataclass(frozen=True)
class Waiting:
    """A ready hand: the winning kinds with the copies still unseen, and furiten (one of the
    waits is in the player's own river, so only a self-drawn win is allowed); ``riichi_furiten``
    (a winning tile let pass after riichi: only tsumo for the rest of the hand) and ``temporary``
    (a winning tile let pass without riichi: no ron until the player's next discard); ``no_yaku``
    (an open hand that no winning tile gives a yaku: it can win neither by ron nor by tsumo, and
    its furiten does not matter — the reason it cannot win is the missing yaku)."""

    waits: dict[int, int]
    furiten: bool
    riichi_furiten: bool = False
    temporary: bool = False
    no_yaku: bool = False


def waiting(view: PlayerView, rules: Any = None) -> Waiting | None:
    """The waits of the 13-tile hand in ``view`` (None if it is not ready), with its furiten: from
    the player's own river, and after a winning tile let pass (the view's ``riichi_furiten`` and
    ``temp_furiten``), and whether an open hand has no yaku on any wait (``rules``: a rule set or
    preset name, Tenhou by default)."""
    hand = view.hand
    if len(hand.concealed) % 3 != 1:
        return None
    from trainer.engine.shanten import shanten

    if shanten(hand) != 0:
        return None
    uke = ukeire(hand, seen_outside(view))
    own = {d.tile.kind for d in view.rivers[view.seat]}
    no_yaku = not hand.is_closed and not any(wins_with_yaku(view, kind, rules) for kind in uke)
    return Waiting(uke, any(k in own for k in uke), bool(getattr(view, "riichi_furiten", False)),
                   bool(getattr(view, "temp_furiten", False)), no_yaku)


def wins_with_yaku(view: PlayerView, kind: int, rules: Any = None) -> bool:
    """True when the ready hand in ``view`` completed by a tile of ``kind`` has a yaku, won by ron or
    by tsumo (the engine's scoring, without the chance yaku of the wall's last tile or a kan): an open
    hand without one can never win on that tile."""
    from trainer.engine.hand import Hand
    from trainer.engine.scoring import ScoringError, WinContext, score_hand

    rules = evaluator_for(rules).rules
    win = Tile(kind)
    full = Hand(tuple(sorted((*view.hand.concealed, win))), view.hand.melds)
    kita = getattr(view, "kita", ())
    for tsumo in (False, True):
        ctx = WinContext(win_tile=win, tsumo=tsumo, seat_wind=view.seat_wind, round_wind=view.round_wind,
                         dora_indicators=tuple(view.dora_indicators), nuki=kita[view.seat] if kita else 0)
        try:
            score_hand(full, ctx, rules)
        except ScoringError:
            continue
        return True
    return False


@dataclass(frozen=True)
class RiichiAdvice:
    """Riichi or dama (黙聴) for the coach's discard ``tile`` of a ready hand, as the ``strong``
    bot decides it: ``riichi`` (declare or not), the expected ron value ``dama`` without riichi
    (0 when the hand has no yaku without it) and ``with_riichi``, the winning tiles ``left``,
    and the evaluator's ``reasons`` (the last one is the deciding one)."""

    tile: Tile
    riichi: bool
    dama: int
    with_riichi: int
    left: int
    reasons: tuple[Reason, ...]

    @property
    def why(self) -> Reason:
        """The deciding reason (``riichi_for_yaku``, ``riichi_adds``, ``dama_mangan`` ...)."""
        return self.reasons[-1]


def riichi_advice(view: PlayerView, discard_tiles: Iterable[Tile], riichi_tiles: Iterable[Tile],
                  rules: Any = None, *, tile: Tile | None = None) -> RiichiAdvice | None:
    """Whether to declare riichi now, decided as the ``strong`` bot does: when its discard
    (among ``discard_tiles``) keeps the hand ready, riichi may be declared on it
    (``riichi_tiles``) and it pushes, the evaluator's riichi-or-dama verdict; None otherwise
    (no riichi on the table for that discard, or folding).  With ``tile`` the verdict is for
    that discard instead of the bot's own (the game review judges the learner's tile): the same
    evaluation of the turn, the same push-or-fold, the evaluator's riichi-or-dama for that tile."""
    advice = coach_turn(view, discard_tiles, rules)
    if not advice.push_fold.push:
        return None
    if tile is None:
        best = advice.best
    else:
        same = [a for a in advice.discards if a.tile == tile] or [a for a in advice.discards if a.tile.kind == tile.kind]
        if not same:
            return None
        best = same[0]
    if best.efficiency.shanten != 0 or best.tile not in set(riichi_tiles):
        return None
    verdict = evaluator_for(rules).riichi(view, best)
    v = best.value
    return RiichiAdvice(best.tile, verdict.yes, round(v.dama), round(v.riichi), best.efficiency.ukeire,
                        verdict.reasons)


@dataclass(frozen=True)
class CallAdvice:
    """Call or pass on the discard in view (``last_tile``), as the ``strong`` bot decides it: the
    evaluator's :class:`~trainer.engine.evaluator.advisor.Verdict` for every pon and chi offered
    (``verdicts``, in the order offered), and the coach's ``call`` — the meld it would make (among
    the ones the evaluator says yes to, the one leaving the fewest steps to tenpai; the first on
    a tie), None to pass."""

    call: Pon | Chi | None
    verdicts: tuple[tuple[Pon | Chi, Verdict], ...]

    def verdict_for(self, action: Pon | Chi) -> Verdict | None:
        """The evaluator's verdict on making the meld ``action`` (None if it was not offered)."""
        return next((v for a, v in self.verdicts if a == action), None)


def call_advice(view: PlayerView, legal: Iterable[Any], rules: Any = None) -> CallAdvice | None:
    """Whether to call the discard on the table (``view.last_tile``) with one of the pon and chi
    calls in ``legal``, or pass: exactly the ``strong`` bot's choice
    (:meth:`HandEvaluator.choose_call` over :meth:`HandEvaluator.call` for each meld: yes for speed
    with a yaku — a yakuhai pon, a hand near tenpai — or for value; no when it is not faster, leaves
    no yaku, throws away a good closed hand, or while folding).  None when no pon or chi is offered
    (ron and kan are other questions)."""
    calls = [a for a in legal if isinstance(a, Pon | Chi)]
    if not calls:
        return None
    return CallAdvice(*evaluator_for(rules).choose_call(view, calls))


def kan_advice(view: PlayerView, kan: Kan, rules: Any = None) -> Verdict:
    """Whether to declare the closed or added ``kan`` on offer now (no riichi of the player's own),
    exactly as the ``strong`` bot decides it (:meth:`HandEvaluator.kan`): its verdict with the
    reasons the coach words (``shanten`` before and after, then ``kan_free``, ``kan_riichi``,
    ``folding`` or ``slows_hand``)."""
    return evaluator_for(rules).kan(view, kan)


def pass_win_advice(view: PlayerView, tsumo: bool, rules: Any = None) -> tuple[Reason, ...] | None:
    """The evaluator's reasons when the ``strong`` bot would pass the win on offer (tsumo, or ron
    on the last discard): in the match's last hand, a win that ends it with the player still last
    (見逃し); None when it would take the win."""
    verdict = evaluator_for(rules).win(view, tsumo)
    return None if verdict.yes else verdict.reasons


__all__ = ["CallAdvice", "DangerWarning", "DiscardHint", "OpenHandWarning", "RiichiAdvice", "Waiting",
           "call_advice", "coach_turn", "danger_warning", "discard_hints", "efficiency_hints", "evaluator_for",
           "kan_advice", "open_hand_warning", "pass_win_advice", "riichi_advice", "threat_seats", "tsumo_values", "waiting",
           "wins_with_yaku"]


def tsumo_values(view: PlayerView, tile: Tile, rules: Any = None) -> tuple[int, int]:
    """What a self-drawn win (tsumo) of the hand left after discarding ``tile`` is worth in all,
    (with riichi, without), as the coach weighs a ron (:mod:`trainer.engine.evaluator.value`):
    each winning tile scored by the engine and weighted by the copies still unseen, riichi with
    its chance of ura dora.  A furiten wait can win only so, so the coach quotes these instead of
    the ron values."""
    from trainer.engine.evaluator.value import URA_CHANCE
    from trainer.engine.hand import Hand
    from trainer.engine.points import hand_value
    from trainer.engine.scoring import ScoringError, WinContext, score_hand
    from trainer.engine.ukeire import ukeire

    rules = evaluator_for(rules).rules
    left = view.hand.without(tile)
    dealer = view.dealer == view.seat
    kita = getattr(view, "kita", ())
    sums, total = [0.0, 0.0], 0.0
    for kind, copies in ukeire(left, seen_outside(view)).items():
        weight = copies if copies > 0 else 0.01
        win = Tile(kind)
        full = Hand(tuple(sorted((*left.concealed, win))), left.melds)
        for i, riichi in enumerate((True, False)):
            ctx = WinContext(win_tile=win, tsumo=True, riichi=riichi, seat_wind=view.seat_wind,
                             round_wind=view.round_wind, dora_indicators=tuple(view.dora_indicators),
                             nuki=kita[view.seat] if kita else 0)
            try:
                res = score_hand(full, ctx, rules)
            except ScoringError:
                continue
            value = float(res.payment.hand_value)
            if riichi and not res.yakuman:  # an ura dora adds a han about a third of the time
                more = hand_value(res.han + 1, res.fu, dealer=dealer, tsumo=True, rules=rules).hand_value
                value += URA_CHANCE * (more - value)
            sums[i] += weight * value
        total += weight
    if total <= 0:
        return 0, 0
    return round(sums[0] / total), round(sums[1] / total)
