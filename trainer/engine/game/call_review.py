"""Review of a saved game's call decisions: pon, chi or pass on another player's discard.

Every time a discard offered the reviewed seat a pon or a chi (鳴き naki: taking the tile to
make an open set), the learner decided something, even when the log shows no call: passing is
a decision too.  The offers are found by replaying the log and reading the round's legal
actions for the seat while the discard is on the table (a tile that allows both a pon and a chi
is one decision), and the seat's answer is the action it took in that call window (a window
that closes without one counts as a pass).

Each decision is judged from the seat's view only by the table coach's
:func:`trainer.engine.game.coach.call_advice` — the shared evaluator's
:meth:`~trainer.engine.evaluator.HandEvaluator.call`, exactly as the ``strong`` bot calls:
yes for speed with a yaku (a yakuhai pon, a hand near tenpai) or for value, no when the call is
not faster, leaves the open hand without a yaku (it could never win), throws away a closed hand
worth much more with riichi, or while folding against a riichi.  A call is in line with the coach
when the evaluator says yes to that very meld; a pass when the coach would call nothing.

Offers where the seat could also win (ron) are left out: taking or passing the win is another
question; so is an open kan (daiminkan) made instead of the pon.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from trainer.engine.game.actions import Chi, Kan, Pass, Pon, Ron
from trainer.engine.game.records import replay
from trainer.engine.game.view import PlayerView, make_view


@dataclass(frozen=True)
class CallPoint:
    """A discard that offered ``seat`` a pon or chi: the seat's ``view`` with the tile on the
    table (``view.last_tile``, thrown by ``view.last_from``), the pon and chi calls it could make
    (``offers``), its ``answer`` (a Pass, Pon or Chi), ``where`` (the position fields of
    :class:`CallDecision`) and the table's ``rules``."""

    view: PlayerView
    offers: tuple[Pon | Chi, ...]
    answer: Pass | Pon | Chi
    where: dict[str, int]
    rules: Any = field(default=None, repr=False, compare=False)


def call_name(action: Any) -> str:
    """``"pon"``, ``"chi"`` or ``"pass"`` for an answer to a call offer."""
    return "pon" if isinstance(action, Pon) else "chi" if isinstance(action, Chi) else "pass"


def _tiles(action: Any) -> tuple[str, ...]:
    """The two tiles from the hand a pon or chi uses (MPSZ), () for a pass."""
    return tuple(str(t) for t in action.tiles) if isinstance(action, Pon | Chi) else ()


@dataclass(frozen=True)
class CallDecision:
    """One pon-or-chi offer to the reviewed seat and the coach's verdict on its answer.

    ``hand`` indexes the log's hands (0-based) and ``action`` is the index of the seat's answer in
    the hand's action list (of the action that closed the call window, when the log holds no
    answer); ``round``, ``hand_number`` and ``honba`` say which hand it was.  ``tile`` is the
    discard offered (MPSZ) and ``from_seat`` who threw it; ``offered`` lists the calls the rules
    allowed as ``(call, two tiles from the hand)`` with call ``"pon"`` or ``"chi"``.

    ``chosen`` is what the seat did (``"pon"``, ``"chi"`` or ``"pass"``, with the two tiles it
    used in ``chosen_tiles``), ``advice`` what the coach would do (same words, ``advice_tiles``).
    ``against_advice`` is True when the seat passed where the coach calls, or made a call the
    coach says no to.

    The reason is the evaluator's verdict on one meld, ``judged`` (with ``judged_tiles``): the
    seat's own call when it called, the coach's call when the seat passed it, else (both passed)
    the offer that would have come nearest to tenpai.  ``reason`` is its deciding code
    (``speed_yakuhai``, ``gives_yaku``, ``value``, ``speed``, ``formal_tenpai``; ``not_faster``,
    ``no_yaku``, ``folding``, ``keep_closed``, ``cheap_and_slow``), ``shanten`` the steps to tenpai before the
    call (0 = tenpai), ``shanten_after`` the fewest after the call and its discard,
    ``value_after`` the expected ron of the open hand then (points, 0 without a yaku), and
    ``reasons`` every reason of that verdict as JSON (``keep_closed`` carries ``riichi``: the
    closed hand's value with riichi)."""

    hand: int
    action: int
    round: int
    hand_number: int
    honba: int
    tile: str
    from_seat: int
    offered: tuple[tuple[str, tuple[str, ...]], ...]
    chosen: str
    chosen_tiles: tuple[str, ...]
    advice: str
    advice_tiles: tuple[str, ...]
    against_advice: bool
    judged: str
    judged_tiles: tuple[str, ...]
    reason: str
    shanten: int
    shanten_after: int
    value_after: int
    reasons: tuple[dict[str, Any], ...] = ()

    @property
    def called(self) -> bool:
        """True if the seat made the call (pon or chi)."""
        return self.chosen != "pass"

    def to_json(self) -> dict[str, Any]:
        """The decision as in ``trainer review --json`` (the ``calls`` list)."""
        return {
            "hand": self.hand,
            "action": self.action,
            "round": self.round,
            "hand_number": self.hand_number,
            "honba": self.honba,
            "tile": self.tile,
            "from_seat": self.from_seat,
            "offered": [{"call": c, "tiles": list(t)} for c, t in self.offered],
            "chosen": self.chosen,
            "chosen_tiles": list(self.chosen_tiles),
            "advice": self.advice,
            "advice_tiles": list(self.advice_tiles),
            "against_advice": self.against_advice,
            "judged": self.judged,
            "judged_tiles": list(self.judged_tiles),
            "reason": self.reason,
            "shanten": self.shanten,
            "shanten_after": self.shanten_after,
            "value_after": self.value_after,
            "reasons": [dict(r) for r in self.reasons],
        }


def call_points(log: dict[str, Any], seat: int) -> Iterator[CallPoint]:
    """Every pon-or-chi offer to ``seat`` in a game log, in game order, with the seat's answer
    (raises RecordError for a log that does not replay; an unfinished last hand is walked as far
    as it goes, an offer still open at its end left out).  Offers with a ron possible, and those
    answered with an open kan, are not call decisions here."""
    if not 0 <= seat < 4:
        raise ValueError(f"seat {seat} is out of range (0..3)")
    hand_index = -1
    action_no = 0
    open_offer: _Offer | None = None
    for rnd, who, action in replay(log, allow_unfinished=True):
        if who is None:
            if open_offer is not None:  # the hand ended on the window (the wall ran out): a pass
                yield open_offer.point(Pass(), action_no)
            hand_index += 1
            action_no, open_offer = 0, None
            continue
        action_no += 1
        if open_offer is not None:
            if who == seat and isinstance(action, Pass | Pon | Chi | Kan | Ron):  # the seat's answer
                if isinstance(action, Pass | Pon | Chi):
                    yield open_offer.point(action, action_no - 1)
                open_offer = None  # an open kan or a ron: not a pon-or-chi question
            elif _window(rnd, seat) != open_offer.window:  # it closed with no answer recorded: a pass
                yield open_offer.point(Pass(), action_no - 1)
                open_offer = None
        window = _window(rnd, seat)
        if open_offer is None and window is not None:
            legal = rnd.legal_actions(seat)
            offers = tuple(a for a in legal if isinstance(a, Pon | Chi))
            if offers and not any(isinstance(a, Ron) for a in legal):
                h = log["hands"][hand_index]
                where = {"hand": hand_index, "round": h.get("round", 0), "hand_number": h.get("hand", 0),
                         "honba": h.get("honba", 0)}
                open_offer = _Offer(window, make_view(rnd, seat), offers, where, rnd.rules)


@dataclass(frozen=True)
class _Offer:
    """A call window open for the seat: which discard (``window``), and what it was offered."""

    window: tuple[int, int]
    view: PlayerView
    offers: tuple[Pon | Chi, ...]
    where: dict[str, int]
    rules: Any

    def point(self, answer: Pass | Pon | Chi, action: int) -> CallPoint:
        return CallPoint(self.view, self.offers, answer, {**self.where, "action": action}, self.rules)


def _window(rnd: Any, seat: int) -> tuple[int, int] | None:
    """The discard ``seat`` still has to answer — (who threw it, its place in their river) — or
    None when no call window waits for the seat."""
    if rnd.ended or rnd.phase.value != "calls" or seat not in rnd.options_for or seat in rnd.responses:
        return None
    src = rnd.last_from
    return (src, len(rnd.seats[src].river))


def review_call(p: CallPoint) -> CallDecision:
    """The coach's verdict on one answer to a call offer (see :class:`CallDecision`)."""
    from trainer.engine.game.coach import call_advice  # the coach reads the review module

    advice = call_advice(p.view, p.offers, p.rules)
    assert advice is not None  # a call point always offers a pon or chi
    answer = p.answer
    if isinstance(answer, Pon | Chi):
        judged: Pon | Chi = answer
        mine = advice.verdict_for(answer)
        against = mine is None or not mine.yes
    elif advice.call is not None:
        judged, against = advice.call, True
    else:
        judged = min(advice.verdicts, key=lambda av: av[1].reasons[0].get("after", 9))[0]
        against = False
    verdict = advice.verdict_for(judged)
    assert verdict is not None
    reasons = verdict.reasons
    steps = next((r for r in reasons if r.code == "shanten"), None)
    value = next((r for r in reasons if r.code == "value_after"), None)
    tile = p.view.last_tile
    pos = {k: int(p.where.get(k, 0)) for k in ("hand", "action", "round", "hand_number", "honba")}
    return CallDecision(
        **pos, tile=str(tile), from_seat=p.view.last_from if p.view.last_from is not None else -1,
        offered=tuple((call_name(a), _tiles(a)) for a in p.offers),
        chosen=call_name(answer), chosen_tiles=_tiles(answer),
        advice=call_name(advice.call), advice_tiles=_tiles(advice.call),
        against_advice=against, judged=call_name(judged), judged_tiles=_tiles(judged),
        reason=reasons[-1].code,
        shanten=int(steps.get("value", 0)) if steps else 0,
        shanten_after=int(steps.get("after", 0)) if steps else 0,
        value_after=int(value.get("points", 0)) if value else 0,
        reasons=tuple(r.to_json() for r in reasons),
    )


def review_calls(log: dict[str, Any], seat: int) -> tuple[CallDecision, ...]:
    """The verdict on every pon-or-chi offer to ``seat`` in a game log, in game order."""
    return tuple(review_call(p) for p in call_points(log, seat))


__all__ = ["CallDecision", "CallPoint", "call_name", "call_points", "review_call", "review_calls"]
