"""The centre panel: round and hand, honba and riichi-stick counters, the dora indicators
(kan dora as they appear; the rest of the indicator row face down), tiles left, and each
seat's wind and score on the side facing that seat, with its riichi stick and a marker for
whose turn it is.  Hovering a score (or the key D for all of them) shows the difference to the
learner's."""

from __future__ import annotations

from typing import Any

import pygame

from trainer.i18n import N_, _
from trainer.ui.theme import PALETTE
from trainer.ui.views.table.state import TableState
from trainer.ui.views.table.tiles import Piece, strip
from trainer.ui.widgets import draw_panel

P = PALETTE
WIND_GLYPHS = "東南西北"
ROUND_NAMES = (N_("East"), N_("South"), N_("West"), N_("North"))
INDICATOR_SLOTS = 5


def draw_stick(surf: pygame.Surface, rect: pygame.Rect, *, thousand: bool = True) -> None:
    """A scoring stick: white with one red dot (1000, riichi) or eight small black dots (100, honba)."""
    pygame.draw.rect(surf, (250, 250, 244), rect, border_radius=rect.height // 2)
    pygame.draw.rect(surf, (150, 150, 140), rect, width=1, border_radius=rect.height // 2)
    r = max(1, rect.height // 3)
    if thousand:
        pygame.draw.circle(surf, (200, 40, 40), rect.center, r)
    else:
        for i in range(4):
            for side in (-1, 1):
                x = rect.centerx + side * (rect.width // 10) * (i + 1) // 1
                pygame.draw.circle(surf, (30, 30, 30), (x, rect.centery), max(1, r // 2))


class CenterPanel:
    """Draws the centre panel into ``rect`` and remembers where each seat's score is, for hover."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.score_rects: dict[int, pygame.Rect] = {}
        self.sticks_and_dora = True  # riichi's counters and dora row (MCR has neither)
        self.show_diff = False  # every score as the difference to the learner's (key D)

    def round_label(self, state: TableState) -> str:
        """"East 1" and the like: the round wind and the hand number (the dealer's seat + 1)."""
        return _("{wind} {n}").format(wind=_(ROUND_NAMES[(state.round_wind - 27) % 4]), n=state.dealer + 1)

    def draw(self, surf: pygame.Surface, app: Any, state: TableState, hover: tuple[int, int] | None) -> None:
        """Paint the panel for ``state``; ``hover`` is the mouse position (score differences)."""
        L = app.layout
        c = self.rect
        draw_panel(surf, c, P.felt_dark, L.px(12), border=P.accent_dark)
        band = app.line_height(L.font("tiny")) + L.px(6)
        inner = c.inflate(-2 * band, -2 * band)
        theme = app.settings.tile_theme
        y = inner.top + L.px(2)
        big = L.font("body")
        img = app.text_surface(self.round_label(state), big, P.on_felt, True)
        if img.get_width() > inner.width:
            img = app.text_surface(self.round_label(state), L.font("small"), P.on_felt, True)
        surf.blit(img, img.get_rect(midtop=(c.centerx, y)))
        y += img.get_height() + L.px(4)
        tiny = L.font("tiny")
        if self.sticks_and_dora:
            y = self._sticks_and_dora(surf, app, state, y, inner)
        else:
            y = (y + inner.bottom - app.line_height(tiny)) // 2
        # tiles left in the wall: a small face-down tile and the number
        wall = strip(theme, (Piece(None, face_down=True),), max(12, app.line_height(tiny) - L.px(2)))
        left = app.text_surface(f"× {state.live_remaining}", tiny, P.on_felt_muted, True)
        x = c.centerx - (wall.get_width() + L.px(4) + left.get_width()) // 2
        surf.blit(wall, (x, y))
        surf.blit(left, left.get_rect(midleft=(x + wall.get_width() + L.px(4), y + wall.get_height() // 2)))
        self.wall_rect = pygame.Rect(x, y, wall.get_width() + L.px(4) + left.get_width(), wall.get_height())
        self._seat_labels(surf, app, state, band, hover)

    def _sticks_and_dora(self, surf: pygame.Surface, app: Any, state: TableState, y: int, inner: pygame.Rect) -> int:
        """Riichi's honba and riichi-stick counters and the dora indicator row; returns the y below them."""
        L = app.layout
        c = self.rect
        theme = app.settings.tile_theme
        tiny = L.font("tiny")
        # counters: honba (100 stick) and riichi sticks on the table (1000 stick)
        sw, sh = L.px(34), max(4, L.px(7))
        parts = [(False, state.honba), (True, state.sticks)]
        texts = [app.text_surface(f"×{n}", tiny, P.on_felt, True) for _t, n in parts]
        total = sum(sw + L.px(4) + t.get_width() for t in texts) + L.px(14)
        x = c.centerx - total // 2
        line_h = max(t.get_height() for t in texts)
        for (thousand, _n), t in zip(parts, texts, strict=True):
            draw_stick(surf, pygame.Rect(x, y + (line_h - sh) // 2, sw, sh), thousand=thousand)
            x += sw + L.px(4)
            surf.blit(t, (x, y))
            x += t.get_width() + L.px(14)
        y += line_h + L.px(6)
        # dora indicators: the revealed ones, the rest of the row face down
        th = max(16, min(L.px(34), (inner.bottom - y - app.line_height(tiny) - L.px(6))))
        shown = state.dora_indicators
        pieces = tuple(Piece(t) for t in shown) + tuple(
            Piece(None, face_down=True) for _ in range(max(0, INDICATOR_SLOTS - len(shown))))
        row = strip(theme, pieces, th)
        if row.get_width() > inner.width:
            th = max(12, th * inner.width // row.get_width())
            row = strip(theme, pieces, th)
        surf.blit(row, row.get_rect(midtop=(c.centerx, y)))
        return y + row.get_height() + L.px(4)

    def _seat_labels(self, surf: pygame.Surface, app: Any, state: TableState, band: int,
                     hover: tuple[int, int] | None) -> None:
        L = app.layout
        c = self.rect
        tiny = L.font("tiny")
        mine = state.seats[state.me].score
        self.score_rects = {}
        for s in state.seats:
            q = state.relative(s.seat)
            diff = s.seat != state.me and (self.show_diff or (hover is not None and self._hovered(s.seat, hover)))
            score = f"{s.score - mine:+d}" if diff else str(s.score)
            text = f"{WIND_GLYPHS[(s.wind - 27) % 4]} {score}"
            turn = state.current == s.seat
            color = P.accent if turn else (P.hint_bg if diff else P.on_felt)
            img = app.text_surface(text, tiny, color, True)
            mark_w = img.get_height() // 2 + L.px(4) if turn else 0
            stick_w = L.px(30) if s.riichi else 0
            w = mark_w + img.get_width() + (stick_w + L.px(6) if stick_w else 0)
            ih = max(img.get_height(), 1)
            label = pygame.Surface((w, ih), pygame.SRCALPHA)
            if turn:  # whose turn: a small triangle pointing at the text
                a = ih // 4
                pygame.draw.polygon(label, P.accent, [(0, ih // 2 - a), (0, ih // 2 + a), (a * 2 - 1, ih // 2)])
            label.blit(img, (mark_w, 0))
            if stick_w:
                sh = max(4, L.px(6))
                draw_stick(label, pygame.Rect(w - stick_w, (ih - sh) // 2, stick_w, sh))
            if q == 1:
                label = pygame.transform.rotate(label, 90)
                r = label.get_rect(midright=(c.right - L.px(3), c.centery))
            elif q == 3:
                label = pygame.transform.rotate(label, -90)
                r = label.get_rect(midleft=(c.left + L.px(3), c.centery))
            elif q == 2:
                r = label.get_rect(midtop=(c.centerx, c.top + L.px(3)))
            else:
                r = label.get_rect(midbottom=(c.centerx, c.bottom - L.px(3)))
            surf.blit(label, r)
            self.score_rects[s.seat] = r

    def _hovered(self, seat: int, pos: tuple[int, int]) -> bool:
        r = self.score_rects.get(seat)
        return r is not None and r.collidepoint(pos)
