"""The first-run question: new to mahjong, knows the rules, or a child.

One answer picks the starting path: the lesson-map tab the learner sees first,
the tile theme and size, and, for a child, the children's home, tiles and
drill presentation (see ``trainer.ui.settings.PROFILE_DEFAULTS``).
"""

from __future__ import annotations

import pygame

from trainer.i18n import _
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import Card, blit_text

P = PALETTE

# (profile, tiles on the card's picture)
CHOICES = (("new", "1s"), ("rules", "1z"), ("child", "5p"))


def choice_texts() -> dict[str, tuple[str, str]]:
    """The title and the one-line description of each first-run answer, translated."""
    return {
        "new": (_("I am new to mahjong"), _("Start from the tiles and learn the game step by step.")),
        "rules": (_("I know the rules"), _("Go to waits, efficiency, scoring and table manners.")),
        "child": (_("A child is learning"), _("Big tiles, bright colors, games and very little reading.")),
    }


@register_screen("first_run")
class FirstRunScreen(Screen):
    """Three big cards; the answer is kept in the learner's settings (``profile``)."""

    has_header = False

    def build(self) -> None:
        texts = choice_texts()
        self.cards = [
            self.add(Card(texts[p][0], texts[p][1], lambda p=p: self.pick(p), icon=self._icon(tiles)))
            for p, tiles in CHOICES
        ]

    def _icon(self, tiles: str):
        def paint(surf: pygame.Surface, rect: pygame.Rect) -> None:
            from trainer.ui.tileview import draw_tile_string

            draw_tile_string(surf, tiles, rect, self.app)

        return paint

    def pick(self, profile: str) -> None:
        """Take the answer and open the home screen that fits it."""
        self.app.apply_profile(profile)
        if self.params.get("then_pop"):
            self.app.pop()
        else:
            self.app.replace("home")

    def choose(self, n: int) -> bool:
        if 1 <= n <= len(self.cards):
            self.cards[n - 1].activate()
            return True
        return False

    def back(self) -> None:
        """Esc does not skip the question when there is nowhere to go back to."""
        if self.params.get("then_pop"):
            self.app.pop()

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        self.head_top = L.px(70)
        y = self.head_top + self.app.line_height(L.font("title")) + self.app.line_height(L.font("large")) + L.px(48)
        h = min(L.px(130), (L.height - L.margin - y) // len(self.cards) - L.px(18))
        w = min(area.width, L.px(820))
        for i, card in enumerate(self.cards):
            card.rect = pygame.Rect(area.centerx - w // 2, y + i * (h + L.px(18)), w, h)

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        blit_text(surf, self.app, _("Welcome!"), L.font("title"), P.on_felt, (area.centerx, self.head_top),
                  anchor="midtop", bold=True)
        y = self.head_top + self.app.line_height(L.font("title")) + L.px(10)
        blit_text(surf, self.app, _("Who is going to learn? One click, and you can change it later in Learners."),
                  L.font("large"), P.on_felt_muted, (area.centerx, y), anchor="midtop", max_width=area.width)
