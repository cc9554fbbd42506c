"""The centre panel: round and hand, honba and riichi-stick counters, the dora indicators
(kan dora as they appear; the rest of the indicator row face down), tiles left, and each
seat's wind and score on the side facing that seat, with its riichi stick and a marker for
whose turn it is.  Hovering a score (or the key D for all of them) shows the difference to the
learner's.

The panel is laid out from its own size: the design (fonts and lengths of the play screen's
table) is kept while it fits, and a smaller panel (the paifu lesson's replay beside the
record, a small window) scales its fonts and lengths down together until no text or icon
runs over another; only when even the smallest fonts leave no room are the sticks shortened,
and at last the counters' stick icons dropped."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from trainer.i18n import N_, _, format_points
from trainer.ui.layout import Layout
from trainer.ui.theme import PALETTE
from trainer.ui.views.table.state import TableState
from trainer.ui.views.table.tiles import Piece, strip
from trainer.ui.widgets import draw_panel

P = PALETTE
WIND_GLYPHS = "東南西北"
ROUND_NAMES = (N_("East"), N_("South"), N_("West"), N_("North"))
INDICATOR_SLOTS = 5
SCALES = tuple(round(1 - 0.04 * i, 2) for i in range(16))  # 1.0 .. 0.4: the design shrunk to fit
STICKS = ("long", "short", "none")  # the sticks' lengths tried once the fonts are at their smallest


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


@dataclass
class _Plan:
    """One try at the panel: every image with its rect, the counters' sticks, each seat's score."""

    images: list[tuple[pygame.Surface, pygame.Rect]] = field(default_factory=list)
    sticks: list[tuple[pygame.Rect, bool]] = field(default_factory=list)  # rect, thousand
    scores: dict[int, pygame.Rect] = field(default_factory=dict)
    wall: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def add(self, img: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
        self.images.append((img, rect))
        return rect

    def fits(self, box: pygame.Rect) -> bool:
        """Whether everything lies inside ``box`` with at least two pixels between any two parts."""
        rects = [r.inflate(2, 2) for _img, r in self.images] + [r.inflate(2, 2) for r, _t in self.sticks]
        inside = box.inflate(2, 2)
        return all(inside.contains(r) and r.collidelist(rects[i + 1:]) == -1 for i, r in enumerate(rects))


class CenterPanel:
    """Draws the centre panel into ``rect`` and remembers where each seat's score is, for hover."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.score_rects: dict[int, pygame.Rect] = {}
        self.wall_rect = pygame.Rect(0, 0, 0, 0)
        self.sticks_and_dora = True  # riichi's counters and dora row (MCR has neither)
        self.show_diff = False  # every score as the difference to the learner's (key D)
        self._fitted: tuple[Any, tuple[float, str]] | None = None  # what was laid out -> (k, sticks)

    def round_label(self, state: TableState) -> str:
        """"East 1" and the like: the round wind and the hand number (the dealer's seat + 1)."""
        return _("{wind} {n}").format(wind=_(ROUND_NAMES[(state.round_wind - 27) % 4]), n=state.dealer + 1)

    def draw(self, surf: pygame.Surface, app: Any, state: TableState, hover: tuple[int, int] | None) -> None:
        """Paint the panel for ``state``; ``hover`` is the mouse position (score differences)."""
        L = app.layout
        c = self.rect
        draw_panel(surf, c, P.felt_dark, L.px(12), border=P.accent_dark)
        hovered = frozenset(s for s in self.score_rects if hover is not None and self._hovered(s, hover))
        plan = self._fit(app, state, hovered)
        for rect, thousand in plan.sticks:
            draw_stick(surf, rect, thousand=thousand)
        for img, rect in plan.images:
            surf.blit(img, rect)
        self.score_rects, self.wall_rect = plan.scores, plan.wall

    def _fit(self, app: Any, state: TableState, hovered: frozenset[int]) -> _Plan:
        """The panel at the design's size when it fits, else shrunk until nothing overlaps
        (remembered while the panel's size and texts stay the same)."""
        key = (tuple(self.rect), app.layout.scale, app.settings.tile_theme, self.sticks_and_dora, self.show_diff,
               hovered, self.round_label(state), state.honba, state.sticks, state.live_remaining,
               len(state.dora_indicators), state.current, tuple((s.score, s.wind, s.riichi) for s in state.seats))
        if self._fitted is not None and self._fitted[0] == key:
            return self._plan(app, state, hovered, *self._fitted[1])
        tries = [(k, "long") for k in SCALES] + [(SCALES[-1], sticks) for sticks in STICKS[1:]]
        for k, sticks in tries:
            plan = self._plan(app, state, hovered, k, sticks)
            if plan.fits(self.rect):
                break
        self._fitted = (key, (k, sticks))
        return plan

    def _plan(self, app: Any, state: TableState, hovered: frozenset[int], k: float, sticks: str) -> _Plan:
        """Where everything goes with the design shrunk by ``k`` and the sticks ``sticks``."""
        z = replace(app.layout, scale=app.layout.scale * k)  # the design's lengths and fonts, shrunk by k
        c = self.rect
        plan = _Plan()
        tiny = z.font("tiny")
        band = app.line_height(tiny) + z.px(6)
        inner = c.inflate(-2 * band, -2 * band)
        theme = app.settings.tile_theme
        y = inner.top + z.px(2)
        img = app.text_surface(self.round_label(state), z.font("body"), P.on_felt, True)
        if img.get_width() > inner.width:
            img = app.text_surface(self.round_label(state), z.font("small"), P.on_felt, True)
        above = plan.add(img, img.get_rect(midtop=(c.centerx, y))).bottom
        y += img.get_height() + z.px(4)
        if self.sticks_and_dora:
            y, above = self._sticks_and_dora(plan, app, state, z, y, inner, sticks, k)
        else:
            y = (y + inner.bottom - app.line_height(tiny)) // 2
        # tiles left in the wall: a small face-down tile and the number (its line a little
        # taller than the tile, kept clear of the row above when the gaps grow small)
        wall = strip(theme, (Piece(None, face_down=True),), max(12, app.line_height(tiny) - z.px(2)))
        left = app.text_surface(f"× {state.live_remaining}", tiny, P.on_felt_muted, True)
        y = max(y, above + 2 + max(0, left.get_height() // 2 - wall.get_height() // 2))
        x = c.centerx - (wall.get_width() + z.px(4) + left.get_width()) // 2
        plan.add(wall, wall.get_rect(topleft=(x, y)))
        plan.add(left, left.get_rect(midleft=(x + wall.get_width() + z.px(4), y + wall.get_height() // 2)))
        plan.wall = pygame.Rect(x, y, wall.get_width() + z.px(4) + left.get_width(), wall.get_height())
        self._seat_labels(plan, app, state, z, hovered, sticks)
        return plan

    def _sticks_and_dora(self, plan: _Plan, app: Any, state: TableState, z: Layout, y: int, inner: pygame.Rect,
                         sticks: str, k: float) -> tuple[int, int]:
        """Riichi's honba and riichi-stick counters and the dora indicator row; returns the y for
        the next line and the row's bottom."""
        c = self.rect
        theme = app.settings.tile_theme
        tiny = z.font("tiny")
        # counters: honba (100 stick) and riichi sticks on the table (1000 stick)
        sw, sh = {"long": z.px(34), "short": z.px(17)}.get(sticks, 0), max(4, z.px(7))
        parts = [(False, state.honba), (True, state.sticks)]
        texts = [app.text_surface(f"×{n}", tiny, P.on_felt, True) for _t, n in parts]
        icon = sw + z.px(4) if sw else 0
        total = sum(icon + t.get_width() for t in texts) + z.px(14)
        x = c.centerx - total // 2
        line_h = max(t.get_height() for t in texts)
        for (thousand, _n), t in zip(parts, texts, strict=True):
            if sw:
                plan.sticks.append((pygame.Rect(x, y + (line_h - sh) // 2, sw, sh), thousand))
            x += icon
            plan.add(t, t.get_rect(topleft=(x, y)))
            x += t.get_width() + z.px(14)
        y += line_h + z.px(6)
        # dora indicators: the revealed ones, the rest of the row face down
        th = max(max(12, round(16 * k)), min(z.px(34), (inner.bottom - y - app.line_height(tiny) - z.px(6))))
        shown = state.dora_indicators
        pieces = tuple(Piece(t) for t in shown) + tuple(
            Piece(None, face_down=True) for _ in range(max(0, INDICATOR_SLOTS - len(shown))))
        row = strip(theme, pieces, th)
        if row.get_width() > inner.width:
            th = max(12, th * inner.width // row.get_width())
            row = strip(theme, pieces, th)
            while row.get_width() > inner.width and th > 12:  # the tiles' gaps round up
                th -= 1
                row = strip(theme, pieces, th)
        bottom = plan.add(row, row.get_rect(midtop=(c.centerx, y))).bottom
        return bottom + z.px(4), bottom

    def _seat_labels(self, plan: _Plan, app: Any, state: TableState, z: Layout, hovered: frozenset[int],
                     sticks: str) -> None:
        """Each seat's wind and score along the side facing it, with its riichi stick and the turn marker."""
        c = self.rect
        tiny = z.font("tiny")
        mine = state.seats[state.me].score
        for s in state.seats:
            q = state.relative(s.seat)
            diff = s.seat != state.me and (self.show_diff or s.seat in hovered)
            score = format_points(s.score - mine, signed=True) if diff else format_points(s.score)
            text = f"{WIND_GLYPHS[(s.wind - 27) % 4]} {score}"
            turn = state.current == s.seat
            color = P.accent if turn else (P.hint_bg if diff else P.on_felt)
            img = app.text_surface(text, tiny, color, True)
            mark_w = img.get_height() // 2 + z.px(4) if turn else 0
            stick_w = (z.px(30) if sticks == "long" else z.px(15)) if s.riichi else 0
            w = mark_w + img.get_width() + (stick_w + z.px(6) if stick_w else 0)
            ih = max(img.get_height(), 1)
            label = pygame.Surface((w, ih), pygame.SRCALPHA)
            if turn:  # whose turn: a small triangle pointing at the text
                a = ih // 4
                pygame.draw.polygon(label, P.accent, [(0, ih // 2 - a), (0, ih // 2 + a), (a * 2 - 1, ih // 2)])
            label.blit(img, (mark_w, 0))
            if stick_w:
                sh = max(4, z.px(6))
                draw_stick(label, pygame.Rect(w - stick_w, (ih - sh) // 2, stick_w, sh))
            if q == 1:
                label = pygame.transform.rotate(label, 90)
                r = label.get_rect(midright=(c.right - z.px(3), c.centery))
            elif q == 3:
                label = pygame.transform.rotate(label, -90)
                r = label.get_rect(midleft=(c.left + z.px(3), c.centery))
            elif q == 2:
                r = label.get_rect(midtop=(c.centerx, c.top + z.px(3)))
            else:
                r = label.get_rect(midbottom=(c.centerx, c.bottom - z.px(3)))
            plan.scores[s.seat] = plan.add(label, r)

    def _hovered(self, seat: int, pos: tuple[int, int]) -> bool:
        r = self.score_rects.get(seat)
        return r is not None and r.collidepoint(pos)
