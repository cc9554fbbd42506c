"""Bots that play through the same interface as the learner: ``choose(view, legal)``.

* :class:`~trainer.engine.bots.efficient.EfficientBot` — tile efficiency: fewest
  shanten, then most ukeire; calls only towards a reachable yaku; riichi with a
  good wait.
* :class:`~trainer.engine.bots.careful.CarefulBot` — the same, but folds against
  riichi using genbutsu, suji and kabe.
* :class:`~trainer.engine.bots.beginner.BeginnerBot` — a gentle level: plays for
  tiles only, rarely calls, never folds.
* :class:`~trainer.engine.bots.strong.StrongBot` — every decision from the shared
  hand evaluator (:mod:`trainer.engine.evaluator`): push/fold by value and danger,
  dama or riichi by value, calls with a reason, all-last tactics.
"""

from trainer.engine.bots.beginner import BeginnerBot
from trainer.engine.bots.careful import CarefulBot
from trainer.engine.bots.efficient import EfficientBot
from trainer.engine.bots.strong import StrongBot

BOTS = {"beginner": BeginnerBot, "efficient": EfficientBot, "careful": CarefulBot, "strong": StrongBot}
"""Bot classes by the name used on the command line."""


def make_bot(name: str, rules: object = None) -> EfficientBot:
    """A bot by name (``beginner``, ``efficient``, ``careful`` or ``strong``) for a rule set."""
    try:
        return BOTS[name](rules)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}") from None


__all__ = ["BOTS", "BeginnerBot", "CarefulBot", "EfficientBot", "StrongBot", "make_bot"]
