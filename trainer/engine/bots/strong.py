"""The strong bot: every decision from the shared hand evaluator.

* discards by expected points — the chance to win times what the hand is worth,
  minus what the tile may cost against each opponent — and folds (betaori) to
  the safest tiles when pushing is worth less than the risk;
* riichi or dama by value: dama when the hand already has a mangan or riichi adds
  little, riichi when it needs the yaku or doubles the hand;
* calls a pon or chi for speed (yakuhai, near tenpai) or for value, never without
  a yaku and not while folding — except late in the hand, when a call that makes the hand
  tenpai is worth the draw payments even without a yaku (formal tenpai, 形式聴牌;
  against a riichi only with a genbutsu to keep the tenpai with);
  reads open hands as threats;
* in the last hand plays for placement: a clear leader folds sooner and takes dama,
  a player who needs a win pushes harder;
* declines nine terminals with a good hand;
* in the last hand passes a win that would end the match with it still last (見逃し).

The evaluator is deterministic, so the bot is deterministic for a given match seed.
"""

from __future__ import annotations

from typing import Any

from trainer.engine.bots.efficient import EfficientBot
from trainer.engine.evaluator import HandEvaluator
from trainer.engine.game.actions import Action, Chi, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo
from trainer.engine.game.view import PlayerView


class StrongBot(EfficientBot):
    """Evaluator-driven play (see the module docstring)."""

    name = "strong"

    def __init__(self, rules: Any = None) -> None:
        super().__init__(rules)
        self.evaluator = HandEvaluator(self.rules)
        self.last_reasons: tuple = ()

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        """Take a win unless the evaluator says to pass it (the last hand, still last); then the
        usual choice among the other actions."""
        wins = [a for a in legal if isinstance(a, Tsumo | Ron)]
        if wins and len(legal) > 1:
            verdict = self.evaluator.win(view, isinstance(wins[0], Tsumo))
            if not verdict.yes:
                self.last_reasons = verdict.reasons
                legal = [a for a in legal if not isinstance(a, Tsumo | Ron)]
        return super().choose(view, legal)

    def want_abort(self, view: PlayerView) -> bool:
        """Abort with nine terminals unless the hand is good (the evaluator's verdict)."""
        verdict = self.evaluator.nine_terminals(view)
        self.last_reasons = verdict.reasons
        return verdict.yes

    def choose_kan(self, view: PlayerView, kan: Kan) -> bool:
        """A closed or added kan only when pushing with no riichi on the table, and when it does
        not slow the hand: the evaluator's verdict (:meth:`HandEvaluator.kan`), whose reasons the
        table's coach words; a kan declared keeps them in ``last_reasons``, as a call does."""
        verdict = self.evaluator.kan(view, kan)
        if verdict.yes:
            self.last_reasons = verdict.reasons
        return verdict.yes

    def choose_discard(self, view: PlayerView, legal: list[Action]) -> Action:
        """The evaluator's best discard; riichi on it when tenpai, pushing, and riichi is worth it."""
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        if view.riichi[view.seat]:
            return discards[0]
        advice = self.evaluator.turn(view, [a.tile for a in discards])
        best = advice.best
        self.last_reasons = (*advice.push_fold.reasons, *best.reasons)
        riichi = [a for a in legal if isinstance(a, Riichi) and a.tile == best.tile]
        if riichi and best.efficiency.shanten == 0 and advice.push_fold.push:
            verdict = self.evaluator.riichi(view, best)
            self.last_reasons = (*self.last_reasons, *verdict.reasons)
            if verdict.yes:
                return riichi[0]
        return Discard(best.tile)

    def choose_call(self, view: PlayerView, legal: list[Action]) -> Action:
        """Call a discard for speed or value when the evaluator says so; otherwise pass."""
        call, verdicts = self.evaluator.choose_call(view, [a for a in legal if isinstance(a, Pon | Chi)])
        if call is None:
            return Pass()
        self.last_reasons = next(v for a, v in verdicts if a is call).reasons
        return call
