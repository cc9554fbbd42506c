"""The full game: wall, hands (rounds), matches, player views, game logs and invariants.

Start with :func:`trainer.engine.game.play.play_match` for bot games, or build a
:class:`~trainer.engine.game.match.Match` and drive its rounds yourself through
``Round.to_act`` / ``Round.legal_actions`` / ``Round.apply``.
"""
