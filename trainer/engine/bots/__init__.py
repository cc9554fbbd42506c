"""Bots that play through the same interface as the learner: ``choose(view, legal)``.

* :class:`~trainer.engine.bots.efficient.EfficientBot` — tile efficiency: fewest
  shanten, then most ukeire; calls only towards a reachable yaku; riichi with a
  good wait.
* :class:`~trainer.engine.bots.careful.CarefulBot` — the same, but folds against
  riichi using genbutsu, suji and kabe.
"""

from trainer.engine.bots.careful import CarefulBot
from trainer.engine.bots.efficient import EfficientBot

BOTS = {"efficient": EfficientBot, "careful": CarefulBot}
"""Bot classes by the name used on the command line."""


def make_bot(name: str, rules: object = None) -> EfficientBot:
    """A bot by name (``efficient`` or ``careful``) for a rule set."""
    try:
        return BOTS[name](rules)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}") from None


__all__ = ["BOTS", "CarefulBot", "EfficientBot", "make_bot"]
