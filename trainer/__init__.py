"""Riichi trainer: a desktop application that teaches Japanese (riichi) mahjong."""

__version__ = "0.1.0"
