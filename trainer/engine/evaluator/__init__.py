"""The shared hand evaluator: efficiency, value, danger and push/fold, each with reasons.

Bots and the table's coach call :class:`HandEvaluator` (see
:mod:`trainer.engine.evaluator.advisor` and docs/game.md, "Evaluator").  The parts:

* :mod:`~trainer.engine.evaluator.efficiency` — shanten, ukeire with the tiles left,
  two-step look-ahead;
* :mod:`~trainer.engine.evaluator.value` — expected han and points, riichi or dama;
* :mod:`~trainer.engine.evaluator.danger` — deal-in chance per tile and opponent;
* :mod:`~trainer.engine.evaluator.pushfold` — push or fold, all-last plans;
* :mod:`~trainer.engine.evaluator.reasons` — the machine-readable reasons.
"""

from trainer.engine.evaluator.advisor import DiscardAdvice, HandEvaluator, TurnAdvice, Verdict
from trainer.engine.evaluator.reasons import Reason

__all__ = ["DiscardAdvice", "HandEvaluator", "Reason", "TurnAdvice", "Verdict"]
