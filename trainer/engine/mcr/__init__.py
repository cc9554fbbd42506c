"""Chinese Official mahjong (MCR): hand forms, the 81 fans, the counting principles,
the 8-point minimum and payments.  Pure Python; shares tiles and notation with riichi."""

from trainer.engine.mcr.calculator import McrError, McrResult, score_mcr
from trainer.engine.mcr.detect import Situation
from trainer.engine.mcr.table import MCR_PRESETS, McrRulesError, load_mcr_rules

__all__ = ["MCR_PRESETS", "McrError", "McrResult", "McrRulesError", "Situation", "load_mcr_rules", "score_mcr"]
