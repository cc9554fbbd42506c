"""The rules engine: tiles, notation, hand analysis, scoring and the game.

Pure Python; it never imports pygame or anything from ``trainer.ui``.
"""
