"""A one-line text box for typing a search query or a name (any script)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from trainer.ui.context import AppContext
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import Widget, blit_text, draw_panel

P = PALETTE


class SearchField(Widget):
    """A one-line text box for the search query (any script: Cyrillic, kana, kanji, Latin).

    Characters arrive as TEXTINPUT events (the screen forwards them to :meth:`insert`), so
    keyboard layouts and input methods work; the field handles the editing keys itself.
    ``magnifier`` off: a plain text box (a name, not a search).
    """

    magnifier = True

    def __init__(self, text: str, on_change: Callable[[str], Any], placeholder: str, max_len: int = 60) -> None:
        super().__init__()
        self.text = text
        self.cursor = len(text)
        self.on_change = on_change
        self.placeholder = placeholder
        self.max_len = max_len

    def set_text(self, text: str) -> None:
        """Replace the whole query (and tell the screen)."""
        self.text = text[: self.max_len]
        self.cursor = len(self.text)
        self.on_change(self.text)

    def insert(self, chars: str) -> None:
        """Type ``chars`` at the cursor (control characters are dropped)."""
        chars = "".join(c for c in chars if c.isprintable())
        room = self.max_len - len(self.text)
        if not chars or room <= 0:
            return
        chars = chars[:room]
        self.text = self.text[: self.cursor] + chars + self.text[self.cursor:]
        self.cursor += len(chars)
        self.on_change(self.text)

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Backspace/Delete erase, Left/Right/Home/End move the cursor; printable keys are taken
        (their text comes as TEXTINPUT) so digits and Space do not trigger screen shortcuts."""
        key = ev.key
        if key == pygame.K_BACKSPACE:
            if self.cursor > 0:
                cut = self.cursor - 1
                if ev.mod & pygame.KMOD_CTRL:  # Ctrl+Backspace: the word before the cursor
                    cut = len(self.text[: self.cursor].rstrip().rsplit(" ", 1)[0]) if " " in \
                        self.text[: self.cursor].rstrip() else 0
                self.text = self.text[:cut] + self.text[self.cursor:]
                self.cursor = cut
                self.on_change(self.text)
            return True
        if key == pygame.K_DELETE:
            if self.cursor < len(self.text):
                self.text = self.text[: self.cursor] + self.text[self.cursor + 1:]
                self.on_change(self.text)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.cursor = max(0, min(len(self.text), self.cursor + (1 if key == pygame.K_RIGHT else -1)))
            return True
        if key == pygame.K_HOME:
            self.cursor = 0
            return True
        if key == pygame.K_END:
            self.cursor = len(self.text)
            return True
        ch = getattr(ev, "unicode", "")
        return bool(ch) and ch.isprintable()

    def click(self, pos: tuple[int, int]) -> None:
        """A click puts the cursor at the end (the field takes focus through the screen)."""
        self.cursor = len(self.text)

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """The box: a magnifier (unless ``magnifier`` is off), the query (its end kept in view) or the
        placeholder, and a caret."""
        L = app.layout
        rad = L.px(12)
        draw_panel(surf, self.rect, P.card, rad, shadow=L.px(3), border=P.accent if focused else P.card_edge,
                   border_w=L.px(2))
        if self.magnifier:
            r = max(3, self.rect.height // 6)
            c = (self.rect.left + L.px(16) + r, self.rect.centery - r // 3)
            pygame.draw.circle(surf, P.ink_muted, c, r, max(2, L.px(2)))
            pygame.draw.line(surf, P.ink_muted, (c[0] + r * 0.7, c[1] + r * 0.7), (c[0] + r * 1.6, c[1] + r * 1.6),
                             max(2, L.px(3)))
            left = c[0] + r * 2 + L.px(12)
        else:
            left = self.rect.left + L.px(12)
        width = self.rect.right - left - L.px(14)
        size = L.font("large")
        if not self.text:
            blit_text(surf, app, self.placeholder, L.font("small"), P.ink_muted, (left + L.px(6), self.rect.centery),
                      anchor="midleft", max_width=width - L.px(6))
            caret_x = left - L.px(2)
        else:
            shown, start = self.text, 0
            while start < self.cursor and app.text_width(self.text[start:], size) > width:
                start += 1
            shown = self.text[start:]
            clip = surf.get_clip()
            surf.set_clip(pygame.Rect(left, self.rect.top, width, self.rect.height).clip(clip or surf.get_rect()))
            blit_text(surf, app, shown, size, P.ink, (left, self.rect.centery), anchor="midleft")
            surf.set_clip(clip)
            caret_x = left + app.text_width(self.text[start: self.cursor], size)
        if focused:
            h = app.line_height(size)
            pygame.draw.rect(surf, P.ink, pygame.Rect(min(caret_x + 1, self.rect.right - L.px(12)),
                                                      self.rect.centery - h // 2 + L.px(3), max(2, L.px(2)),
                                                      h - L.px(6)))
