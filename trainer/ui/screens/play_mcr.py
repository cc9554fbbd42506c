"""The MCR (Chinese Official) table: the learner at seat 0 against three MCR bots.

Everything the riichi table does (the board, the hand row, offers as buttons, bots acting
one by one) comes from :class:`~trainer.ui.screens.play.PlayScreen`; this screen plays an
:class:`~trainer.engine.mcr.match.McrMatch` instead (16 hands, flowers, the 8-point
minimum), shows the flowers each seat set aside, has the MCR coach (the 8-point hands the
tiles are heading for, the discards that keep the nearest, the value of each winning
tile, a warning before a Hu under the minimum), and the MCR hand result and game end.

Params: ``setup`` (a match setup with the ``mcr`` preset) or, for lessons and tests,
``preset`` (an MCR game preset, default ``mcr``), ``coach``, ``reveal``, ``seed``,
``goal_games``, ``goal_wins``, ``on_done``, ``title``.  A free MCR game is not saved.
"""

from __future__ import annotations

from typing import Any

import pygame

from trainer.engine.game.actions import Chi, Discard, Kan, Pon, Ron, Tsumo
from trainer.engine.game.view import make_view
from trainer.engine.mcr.bots import make_mcr_bot
from trainer.engine.mcr.coach import mcr_advice
from trainer.engine.mcr.match import McrMatch
from trainer.engine.mcr.rules_game import is_mcr_rules
from trainer.i18n import _, pgettext
from trainer.ui.registry import register_screen
from trainer.ui.screens.play import PlayScreen
from trainer.ui.views.table.mcr import McrHandResultView, McrMatchEndView, draw_flowers, mcr_coach_text

MCR_BOT_FOR = {"beginner": "mcr_beginner"}
"""Match-setup opponents -> MCR bots (every other level plays the aiming bot)."""
MCR_CALLS = {
    Tsumo: lambda: pgettext("mcr call", "Hu"), Ron: lambda: pgettext("mcr call", "Hu"),
    Pon: lambda: pgettext("mcr call", "Peng"), Kan: lambda: pgettext("mcr call", "Gang"),
    Chi: lambda: pgettext("mcr call", "Chi"),
}
"""The calls as MCR players say them, in Chinese (002:86)."""


@register_screen("mcr_play")
class McrPlayScreen(PlayScreen):
    """An MCR game at the table."""

    result_view_class = McrHandResultView
    match_end_view_class = McrMatchEndView

    def __init__(self, app: Any, **params: Any) -> None:
        if params.get("setup") is None and not is_mcr_rules(params.get("preset")):
            params = {**params, "preset": "mcr"}
        super().__init__(app, **params)
        self.center.sticks_and_dora = False  # no riichi sticks, no dora in MCR

    def new_match(self, rules: Any, seed: int) -> McrMatch:
        """An MCR game (the match setup's preset name ``mcr`` is the seed's rules)."""
        return McrMatch(rules if is_mcr_rules(rules) else "mcr", seed)

    def make_bot(self, name: str, rules: Any) -> Any:
        """The MCR bot standing in for the chosen opponent."""
        return make_mcr_bot(MCR_BOT_FOR.get(name, "mcr"), rules)

    def start_saver(self) -> None:
        """MCR games are not saved (the saved-game format is riichi's)."""
        return None

    def build(self) -> None:
        super().build()
        for action, button in zip(self._offers(self.my_legal()), self.action_buttons, strict=False):
            word = MCR_CALLS.get(type(action))
            if word is not None:
                button.label = word()

    def title(self) -> str:
        return self.params.get("title") or _("Chinese Official table")

    def header_extra(self) -> str:
        return _("{round} · hand {n} of {total}").format(
            round=self.center.round_label(self.state), n=min(self.match.hands_played + 1, self.match.rules.hands),
            total=self.match.rules.hands)

    def _advice(self) -> Any:
        return mcr_advice(make_view(self.round, 0), self.my_legal(), self.match.rules)

    def _coach_marks(self) -> None:
        """Mark the discards that keep the nearest 8-point hand."""
        if self.coach == "off" or not any(isinstance(a, Discard) for a in self.my_legal()):
            return
        self.mark_hints(set(self._advice().discards))

    def coach_message(self) -> str:
        """The MCR coach's words (recomputed only when the table changes)."""
        if self.coach == "off" or self.round.ended:
            return ""
        key = (len(self.round.history), self.app.settings.language)
        if key != self._coach_key:
            self._coach_key = key
            self._coach_text = mcr_coach_text(self.coach, self._advice())
        return self._coach_text

    def draw_content(self, surf: pygame.Surface) -> None:
        super().draw_content(surf)
        if self.match_end is None and not self.round.ended:
            draw_flowers(surf, self.app, self.board.center.rect, self.board.gap, 0, self.round.flowers)
