"""The first-run question: new to mahjong, knows the rules, or a child.

One answer picks the starting path: the lesson-map tab the learner sees first,
the tile theme and size, and, for a child, the children's home, tiles and
drill presentation (see ``trainer.ui.settings.PROFILE_DEFAULTS``).

A language switch at the top right («Русский» / "English", each name in its own language, the
current one gold; L toggles it, Tab reaches it) changes the whole interface at once through the
same path as the settings screen (``App.apply_settings``), so the choice is saved in the settings
and in the learner's profile and stays after the answer and after a restart.
"""

from __future__ import annotations

import pygame

from trainer.i18n import LANGUAGE_NAMES, _
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import Card, OptionRow, blit_text, draw_panel

P = PALETTE

# (profile, tiles on the card's picture)
CHOICES = (("new", "1s"), ("rules", "1z"), ("child", "5p"))

LANGUAGE_KEY = "L"
"""The key badge shown beside the language switch."""
LANGUAGE_KEY_CHARS = frozenset("lLдД")
"""What the L key types on a Latin or a Russian keyboard layout: either toggles the language."""


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
        # After the cards, so the first card keeps the initial focus and Tab reaches the switch last.
        self.language_row = self.add(OptionRow(list(LANGUAGE_NAMES.items()), self.app.settings.language,
                                               self.set_language))

    def _icon(self, tiles: str):
        def paint(surf: pygame.Surface, rect: pygame.Rect) -> None:
            from trainer.ui.tileview import draw_tile_string

            draw_tile_string(surf, tiles, rect, self.app)

        return paint

    def set_language(self, language: str) -> None:
        """Switch the whole interface to ``language`` as the settings screen does (saved at once)."""
        if language != self.app.settings.language:
            self.app.apply_settings(self.app.settings.with_(language=language))

    def on_key(self, ev: pygame.event.Event) -> bool:
        """L (Д on a Russian layout) toggles the interface language."""
        if ev.key == pygame.K_l or getattr(ev, "unicode", "") in LANGUAGE_KEY_CHARS:
            self.language_row.activate()
            return True
        return False

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
        self._place_language_row()

    def _place_language_row(self) -> None:
        """The switch at the top right, each segment as wide as its name needs."""
        L = self.app.layout
        row = self.language_row
        size = L.font("small")
        width = sum(self.app.text_width(name, size, True) + L.px(36) for _code, name in row.options)
        row.rect = pygame.Rect(0, 0, width, L.px(44))
        row.rect.topright = (L.width - L.margin, L.px(18))

    def _draw_language_key(self, surf: pygame.Surface) -> None:
        """The L key badge left of the language switch."""
        L = self.app.layout
        size = L.font("small")
        key_img = self.app.text_surface(LANGUAGE_KEY, size, P.on_felt_muted, True)
        badge = key_img.get_rect(midright=(self.language_row.rect.left - L.px(16), self.language_row.rect.centery))
        draw_panel(surf, badge.inflate(L.px(14), L.px(6)), P.felt_dark, L.px(5), border=P.felt_line)
        surf.blit(key_img, badge)

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        self._draw_language_key(surf)
        blit_text(surf, self.app, _("Welcome!"), L.font("title"), P.on_felt, (area.centerx, self.head_top),
                  anchor="midtop", bold=True)
        y = self.head_top + self.app.line_height(L.font("title")) + L.px(10)
        blit_text(surf, self.app, _("Who is going to learn? One click, and you can change it later in Learners."),
                  L.font("large"), P.on_felt_muted, (area.centerx, y), anchor="midtop", max_width=area.width)
