"""Push or fold (押し引き): is going on worth the risk of dealing in?

The expected gain of pushing is the chance to win times what the hand is worth;
the expected loss is what the tile about to be discarded may cost (its deal-in
chance against each opponent times that opponent's likely hand) plus the risk of
the further unsafe tiles the hand still needs to get there.  Folding costs the
win and gains safety: its risk is that of the safest tile.  Standings move the
balance in the last hand: a clear leader folds sooner, a player who needs a win
pushes harder.

The chance to win is a simple model of the race: from tenpai, the winning tiles
left among the unseen tiles over the draws (and discards) still to come; before
tenpai, the draws spent getting there first (one ukeire-wide step per shanten).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from trainer.engine.evaluator.danger import Threat
from trainer.engine.evaluator.reasons import Reason, reason

FUTURE_DANGER = 0.03  # deal-in chance of a typical unsafe tile against a tenpai hand
TYPICAL_WAIT = 6.0  # winning tiles left in a tenpai yet to come
TYPICAL_STEP = 30.0  # ukeire of a step not yet looked at
RON_FACTOR = 2.5  # a winning tile may come from four players' tiles, not only the own draw
THREAT = 0.5  # an opponent this likely to be tenpai is worth folding against
TENPAI_AT_DRAW = 1000.0  # what staying tenpai is worth at an exhaustive draw (noten payments)
DRAW_MODEL = False  # weigh a tenpai's draw payments by the chance the hand ends in an exhaustive draw
DRAW_TENPAI_GAIN = 2500.0  # ... what being tenpai rather than noten is worth there (3,000 split: +1,500 vs -1,000)
DRAW_FLOOR, DRAW_RISE, DRAW_DECAY = 0.13, 0.8, 0.28  # ... that chance with d own draws left (bot matches)
RACE = 0.7  # share of the win chance left per tenpai opponent racing for the same hand
STEP_RACE = 0.6  # ... and per step still to make to tenpai, per tenpai opponent (they are ready already)
DEALER_GAIN = 1.6  # a dealer's win is worth more: the 1.5x payment and the repeat (renchan); 1.25 before
# (strong vs careful, paired by seed over 3 x 1,000 matches: -0.008 +- 0.003 of place; 2.2 was +0.006)
LATER_SHARE = 0.6  # share of the later unsafe tiles a pushing hand actually has to throw
PROTECT_LEAD = 1.6  # risk weight of a clear leader in the last hand
NEED_WIN = 0.6  # risk weight of a player who needs a win in the last hand
LAST_PLACE = 0.6  # risk weight of the last player in the last hand: a deal-in cannot cost a place


def draw_chance(draws_left: float) -> float:
    """Chance that a hand still going with ``draws_left`` own draws to come ends in an exhaustive
    draw (nobody wins): measured over 2,224 hands of strong and careful bots — 15% with 15 draws
    left, 23% with 8, 45% with 4, 80% with the last one."""
    return min(1.0, DRAW_FLOOR + DRAW_RISE * math.exp(-DRAW_DECAY * (max(0.0, draws_left) - 0.5)))


def win_chance(shanten: int, ukeire: int, *, draws_left: float, unseen_total: int,
               next_waits: float = TYPICAL_WAIT, threats: float = 0.0, furiten: bool = False) -> float:
    """Chance to win a hand ``shanten`` steps from tenpai whose next step accepts ``ukeire``
    tiles (at tenpai: the winning tiles left), with ``draws_left`` own draws to come and
    ``threats`` the summed tenpai chance of the opponents (each shortens the race).

    The draws left are shared equally between the steps still to make (each succeeds when one
    of its tiles is drawn) and the wait for the winning tile, which may also come as another
    player's discard (counted as about twice the draws) — unless the tenpai is ``furiten``
    (a winning tile is in the player's own river): then only the own draws count."""
    if unseen_total <= 0 or draws_left <= 0:
        return 0.0
    steps = max(0, shanten)
    share = draws_left / (steps + 1)
    p = 1.0
    for i in range(steps):
        accept = ukeire if i == 0 else TYPICAL_STEP
        p *= 1 - (1 - min(0.95, accept / unseen_total)) ** share
    waits = ukeire if shanten <= 0 else next_waits
    p *= 1 - (1 - min(0.9, waits / unseen_total)) ** (share * (1.0 if furiten else RON_FACTOR))
    return p * (RACE ** threats) * (STEP_RACE ** (threats * steps))


@dataclass(frozen=True, slots=True)
class PushFold:
    """The push-or-fold verdict: ``push``, the expected ``gain`` of pushing (points), the
    expected ``loss`` of pushing (this tile plus the unsafe tiles still to come) and the
    ``fold_loss`` of the safest tile instead, with the reasons."""

    push: bool
    gain: float
    loss: float
    fold_loss: float
    reasons: tuple[Reason, ...]


def push_or_fold(*, win: float, value: float, tile_loss: float, safest_loss: float, shanten: int,
                 threats: list[Threat], draws_left: float, dealer: bool, placement: str = "") -> PushFold:
    """Compare pushing (``win`` chance x ``value``, risking ``tile_loss`` now and more unsafe tiles
    for the ``shanten`` steps left) with folding (risking ``safest_loss``).  ``placement`` is
    ``"protect_lead"``, ``"last_place"`` or ``"need_win"`` in the last hand (see
    :func:`all_last_plan`).

    The ``gain`` reason carries the gain's parts as well as its total ``points`` (all rounded to
    points): the ``win_chance``, the hand's ``value``, their product ``average`` (what a win brings
    on average), the ``dealer_factor`` it is multiplied by (:data:`DEALER_GAIN` for the dealer,
    else 1) and the ``draw_payments`` added for a tenpai hand (what it is still paid at an
    exhaustive draw, noten bappu, for the chance of getting there without a win; 0 before tenpai):
    ``points`` = ``average`` x ``dealer_factor`` + ``draw_payments``, so that the coach words the
    figures from the reason and never recomputes them."""
    average = win * value  # what a win brings on average
    dealer_factor = DEALER_GAIN if dealer else 1.0  # the dealer's 1.5x payment and renchan
    draw_payments = 0.0  # a tenpai hand that does not win is still paid at a draw (noten bappu)
    if shanten == 0:
        draw_payments = draw_chance(draws_left) * DRAW_TENPAI_GAIN if DRAW_MODEL else (1 - win) * TENPAI_AT_DRAW
    gain = average * dealer_factor + draw_payments
    future = sum(t.tenpai * t.loss for t in threats) * FUTURE_DANGER * max(0, shanten + 1) * LATER_SHARE
    future *= min(1.0, draws_left / 6)
    loss = tile_loss + future
    notes = [reason("gain", points=round(gain), win_chance=round(win, 3), value=round(value),
                    average=round(average), dealer_factor=dealer_factor, draw_payments=round(draw_payments)),
             reason("risk", points=round(loss), now=round(tile_loss), later=round(future))]
    if placement == "protect_lead":
        loss *= PROTECT_LEAD
        notes.append(reason("protect_lead"))
    elif placement == "need_win":
        loss *= NEED_WIN
        notes.append(reason("need_win"))
    elif placement == "last_place":
        loss *= LAST_PLACE
        notes.append(reason("last_place"))
    if not any(t.tenpai >= THREAT for t in threats):
        notes.append(reason("no_threat"))
        return PushFold(True, gain, loss, safest_loss, tuple(notes))
    push = gain - loss >= -safest_loss
    notes.append(reason("push" if push else "fold", margin=round(gain - loss + safest_loss)))
    return PushFold(push, gain, loss, safest_loss, tuple(notes))


def all_last_plan(scores: tuple[int, ...], seat: int, value: float) -> str:
    """In the last hand: ``"protect_lead"`` for a leader more than a typical hand ahead,
    ``"last_place"`` for the player in last place (a deal-in cannot cost a place, only a win
    can gain one), ``"need_win"`` when a win of about ``value`` moves the player up a place
    and the hand is needed, else ``""``."""
    me = scores[seat]
    others = sorted((s for i, s in enumerate(scores) if i != seat), reverse=True)
    if me > others[0]:
        return "protect_lead" if me - others[0] > 4000 else ""
    if me < others[-1]:
        return "last_place"
    above = min(s for s in others if s >= me)
    return "need_win" if above - me <= max(value, 1000) * 1.5 + 2000 else ""


__all__ = ["PushFold", "all_last_plan", "push_or_fold", "win_chance"]
