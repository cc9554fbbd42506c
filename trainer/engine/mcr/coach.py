"""The MCR coach's reading of the learner's hand: which 8-point hands it is heading for,
which discards keep the nearest one, what a ready hand waits on and what each winning
tile would be worth, and whether a Hu offered now would reach the minimum.

Pure data for the table screen; the words are the UI's.  The bots' own evaluation
(:class:`~trainer.engine.mcr.bots.McrBot`) picks the discards, so the coach recommends
what the strongest bot would play.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.game.actions import Action, Chi, Discard, Kan, Pon, Ron, Tsumo
from trainer.engine.game.view import PlayerView
from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.mcr.bots import McrBot, win_points
from trainer.engine.mcr.calculator import McrError, score_mcr
from trainer.engine.mcr.detect import Situation
from trainer.engine.mcr.forms import waiting_kinds
from trainer.engine.mcr.plans import Plan, plans
from trainer.engine.mcr.rules_game import McrGameRules
from trainer.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class McrAdvice:
    """What the coach knows now.  ``plans``: the nearest plans (distinct names, nearest
    first); ``discards``: the kinds the coach would discard (empty when no discard is
    due); ``waits``: for a ready hand, each winning kind with its points on a discard
    (0: below the minimum, a false win); ``hu``: the points (without flowers) of a Hu
    offered now, or None; ``call``: on a chow/pung/kong offer, whether the coach would
    take it (None when no call is offered); ``call_advice``: the call it would take, with the
    plan that call serves; ``calls_offered``: how many chow/pung/kong calls are on offer;
    ``dead``: the seat made a false win and may not win this hand any more (002:2147) — no plans
    then, and ``discards`` are the safest tiles."""

    plans: tuple[Plan, ...]
    discards: tuple[int, ...]
    waits: tuple[tuple[int, int], ...]
    hu: int | None
    minimum: int
    call: bool | None = None
    dead: bool = False
    call_advice: CallAdvice | None = None
    calls_offered: int = 0


@dataclass(frozen=True, slots=True)
class CallAdvice:
    """The call the coach would take and what it is for: ``meld`` the set it makes (the called
    tile among its tiles), ``called`` the kind of the called tile; ``plan`` the nearest plan after
    the call (and the best discard after it), None when none is left; ``ready_value`` the points a
    win would bring when the call makes the hand ready (0 otherwise); ``keeps_plan`` whether that
    plan is the one named before the call (``plans[0]`` of the advice)."""

    meld: Meld
    called: int
    plan: Plan | None
    ready_value: int = 0
    keeps_plan: bool = False


def _distinct(ps: list[Plan], n: int) -> tuple[Plan, ...]:
    out: list[Plan] = []
    for p in ps:
        if all(q.fans != p.fans for q in out):
            out.append(p)
        if len(out) == n:
            break
    return tuple(out)


def _wait_values(hand: Hand, view: PlayerView, rules: McrGameRules) -> tuple[tuple[int, int], ...]:
    counts = hand.counts()
    out = []
    for k in waiting_kinds(counts, len(hand.melds)):
        full = Hand(tuple(sorted((*hand.concealed, Tile(k)))), hand.melds)
        sit = Situation(win=k, self_drawn=False, seat=view.seat_wind, round=view.round_wind)
        try:
            res = score_mcr(full, sit, rules.fans)
        except McrError:
            continue
        out.append((k, res.total - res.flowers if res.meets_minimum else 0))
    return tuple(out)


def mcr_advice(view: PlayerView, legal: list[Action], rules: McrGameRules, count: int = 2, *,
               dead: bool = False) -> McrAdvice:
    """The coach's reading of ``view`` (the learner's seat) with the actions offered now;
    ``dead``: the seat may not win this hand any more (``McrRound.dead[seat]``, after a false
    win), so the coach plans no hand and marks the safest discards instead."""
    if dead:
        return dead_advice(view, legal, rules)
    hand = view.hand
    hu = None
    for a in legal:
        if isinstance(a, Tsumo | Ron):
            hu = win_points(view, rules, isinstance(a, Tsumo)) or 0
    counts = hand.counts()
    discards: tuple[int, ...] = ()
    options = [a.tile for a in legal if isinstance(a, Discard)]
    waits: tuple[tuple[int, int], ...] = ()
    if options:
        bot = McrBot(rules)
        keyed = []
        for t in options:
            counts[t.kind] -= 1
            keyed.append((bot.evaluate(counts, hand.melds, view), t.kind))
            counts[t.kind] += 1
        best = min(k for k, _ in keyed)
        discards = tuple(sorted(k for key, k in keyed if key == best))
        counts[discards[0]] -= 1
        after = Hand(tuple(t for t in _without(hand.concealed, discards[0])), hand.melds)
        found = plans(counts, hand.melds, view.seat_wind, view.round_wind, view.visible_counts())
        counts[discards[0]] += 1
        if best[0] <= 0 and best[2] == 0:
            waits = _wait_values(after, view, rules)
    else:
        found = plans(counts, hand.melds, view.seat_wind, view.round_wind, view.visible_counts())
        if sum(counts) + 3 * len(hand.melds) == 13:
            waits = _wait_values(hand, view, rules)
    named = _distinct(found, count)
    call, advice = _call_advice(view, legal, rules, named[0] if named else None)
    offered = sum(isinstance(a, Chi | Pon) or (isinstance(a, Kan) and a.kind is MeldKind.KAN_OPEN) for a in legal)
    return McrAdvice(named, discards, waits, hu, rules.fans.minimum, call, call_advice=advice,
                     calls_offered=offered)


def _call_advice(view: PlayerView, legal: list[Action], rules: McrGameRules,
                 named: Plan | None) -> tuple[bool | None, CallAdvice | None]:
    """Whether the coach takes a call (the aiming bot's choice) and, if it does, which call and the
    plan it serves.  On a discard (chow, pung, kong): True or False; on the learner's own turn a
    kong of their own tiles: True with the kong when the bot declares it, else None (the discard
    advice stands); (None, None) with no call on offer."""
    if not any(isinstance(a, Chi | Pon | Kan) for a in legal):
        return None, None
    choice = McrBot(rules).choose(view, [a for a in legal if not isinstance(a, Ron)])
    if any(isinstance(a, Discard) for a in legal):  # the learner's turn: only a kong of their own
        if not isinstance(choice, Kan):
            return None, None
        meld = Meld(choice.kind, (choice.tile,) * 4)
        return True, CallAdvice(meld, choice.tile.kind, named, keeps_plan=True)
    if not isinstance(choice, Chi | Pon | Kan) or view.last_tile is None:
        return False, None
    return True, call_outcome(view, choice, rules, named)


def call_meld(action: Chi | Pon | Kan, called: Tile) -> Meld:
    """The set a call on the discard ``called`` makes (a kong from a discard is a melded kong)."""
    if isinstance(action, Kan):
        return Meld(MeldKind.KAN_OPEN, (called,) * 4, called=called)
    kind = MeldKind.PON if isinstance(action, Pon) else MeldKind.CHI
    return Meld(kind, tuple(sorted((*action.tiles, called))), called=called)


def call_outcome(view: PlayerView, action: Chi | Pon | Kan, rules: McrGameRules, named: Plan | None) -> CallAdvice:
    """What a call leads to, as the aiming bot weighs it (the set made, then its best discard;
    no discard after a kong): the nearest plan then, or the value of the ready hand it makes;
    ``named``: the plan named before the call, to tell whether the call keeps it."""
    assert view.last_tile is not None
    called = view.last_tile
    meld = call_meld(action, called)
    after = view.hand.counts()
    own = (called,) * 3 if isinstance(action, Kan) else action.tiles
    for t in own:
        after[t.kind] -= 1
    melds = (*view.hand.melds, meld)
    bot = McrBot(rules)
    if not isinstance(action, Kan):
        options = [Tile(k) for k in range(34) if after[k] > 0]
        _key, discard = bot.best_discard(after, melds, view, options)
        after[discard.kind] -= 1
    distance, minus_value, _shape = bot.evaluate(after, melds, view)
    found = plans(after, melds, view.seat_wind, view.round_wind, view.visible_counts())
    plan = found[0] if found else None
    ready = -minus_value if distance < 0 else 0
    keeps = plan is not None and named is not None and plan.fans == named.fans
    return CallAdvice(meld, called.kind, plan, ready, keeps)


def _without(tiles: tuple[Tile, ...], kind: int) -> list[Tile]:
    out = list(tiles)
    out.remove(next(t for t in out if t.kind == kind))
    return out


def chow_shapes(kind: int) -> int:
    """How many chows hold a tile of ``kind``: 1 for a 1 or 9, 2 for a 2 or 8, 3 for 3-7, 0 for
    an honor (only a pair or a pung can wait on it)."""
    if kind >= 27:
        return 0
    return min(3, kind % 9 + 1, 9 - kind % 9)


def danger(kind: int, seen: list[int]) -> int:
    """A rough count of the ways another hand can be waiting on ``kind``: the copies nobody has
    in sight (a pair or pung wait needs one of them in that hand) plus the chows the tile fits.
    With no furiten in MCR a tile in a river is no safer by itself; what is in sight is."""
    return (4 - seen[kind]) + chow_shapes(kind)


def dead_advice(view: PlayerView, legal: list[Action], rules: McrGameRules) -> McrAdvice:
    """The coach for a seat that may not win this hand (a false win, 002:2147): no plans and no
    waits; the discards that give the others the fewest ways to win, and no call."""
    seen = view.visible_counts()
    options = sorted({a.tile.kind for a in legal if isinstance(a, Discard)})
    discards: tuple[int, ...] = ()
    if options:
        least = min(danger(k, seen) for k in options)
        discards = tuple(k for k in options if danger(k, seen) == least)
    claims = not options and any(isinstance(a, Chi | Pon | Kan) for a in legal)  # a discard to claim
    return McrAdvice((), discards, (), None, rules.fans.minimum, False if claims else None, dead=True)

