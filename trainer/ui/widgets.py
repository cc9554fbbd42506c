"""Reusable pieces of the interface: panels, buttons, option rows, toggles, number fields.

Widgets are plain objects with a ``rect`` (set by the screen's ``layout``), a
``draw(surface, ctx, focused)`` method and, when they can take focus, an
``activate()`` method (Enter or a click) and ``handle_key(event)`` for keys
such as Left/Right or digits.  :class:`trainer.ui.screens.base.Screen` keeps a
list of them, moves focus with the arrow keys and dispatches mouse clicks, so
every widget works with the keyboard and the mouse alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from trainer.ui.theme import PALETTE, Color

if TYPE_CHECKING:
    from trainer.ui.context import AppContext

P = PALETTE

DOUBLE_CLICK_SECONDS = 0.4
"""Two clicks closer than this are one double click (the usual desktop setting is 0.4-0.5 s)."""
DOUBLE_CLICK_SLOP = 10
"""...and no farther apart than this many pixels (a hand that shakes a little)."""


class ClickGuard:
    """Ignores the second click of a double click: a screen ``arm``s it when a click changed what
    is under the mouse (a new step, an answer checked), and a click that comes at about the same
    place less than :data:`DOUBLE_CLICK_SECONDS` of app time later ``blocks``.  Time is the app's
    own (``app.time``), so tests drive it with the ``dt`` they give."""

    def __init__(self) -> None:
        self.since: float | None = None
        self.pos: tuple[int, int] = (0, 0)

    def arm(self, now: float, pos: tuple[int, int]) -> None:
        """A click at ``pos`` changed something under the mouse at ``now``."""
        self.since = now
        self.pos = (int(pos[0]), int(pos[1]))

    def blocks(self, now: float, pos: tuple[int, int]) -> bool:
        """Whether a click at ``pos`` and ``now`` is the second click of a double click (ignored)."""
        if self.since is None or not 0 <= now - self.since < DOUBLE_CLICK_SECONDS:
            return False
        return abs(pos[0] - self.pos[0]) <= DOUBLE_CLICK_SLOP and abs(pos[1] - self.pos[1]) <= DOUBLE_CLICK_SLOP


# ---------------------------------------------------------------- drawing helpers


def draw_panel(
    surf: pygame.Surface,
    rect: pygame.Rect,
    color: Color,
    radius: int,
    *,
    shadow: int = 0,
    border: Color | None = None,
    border_w: int = 1,
) -> None:
    """A rounded rectangle, optionally with a soft drop shadow and a border."""
    if shadow:
        sh = rect.move(0, shadow)
        pygame.draw.rect(surf, P.shadow, sh, border_radius=radius)
    pygame.draw.rect(surf, color, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, border, rect, width=border_w, border_radius=radius)


def blit_text(
    surf: pygame.Surface,
    app: AppContext,
    text: str,
    size: int,
    color: Color,
    pos: tuple[int, int],
    *,
    anchor: str = "topleft",
    bold: bool = False,
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw one line of text anchored at ``pos``; text wider than ``max_width`` is shortened with '…'."""
    img = app.text_surface(text, size, color, bold)
    if max_width is not None and img.get_width() > max_width:
        img = app.text_surface(fit_line(app, text, size, max_width, bold), size, color, bold)
    r = img.get_rect(**{anchor: pos})
    surf.blit(img, r)
    return r


def fit_line(app: AppContext, text: str, size: int, width: int, bold: bool = False) -> str:
    """The longest prefix of ``text`` that fits ``width`` pixels, ending in '…' when cut."""
    if app.text_width(text, size, bold) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if app.text_width(text[:mid].rstrip() + "…", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


# Marks that would dangle before a closing '…' ("First: Fu:…", "tiles,…"): dropped with the space.
_DANGLING = " ,;:·—–"


def wrapped_lines(app: AppContext, text: str, size: int, width: int, bold: bool = False, *,
                  max_lines: int | None = None) -> list[str]:
    """The lines :func:`blit_wrapped` draws: ``text`` wrapped to ``width``; with more than
    ``max_lines`` lines the last one kept ends in '…' after a whole word (a comma, colon or dash
    before it dropped), cut inside a word only when its first word alone does not fit."""
    lines = app.wrap(text, size, width, bold)
    if max_lines is None or len(lines) <= max_lines:
        return lines
    lines = lines[:max(1, max_lines)]
    words = lines[-1].split(" ")
    while words:
        short = " ".join(words).rstrip(_DANGLING)
        if short and app.text_width(short + "…", size, bold) <= width:
            lines[-1] = short + "…"
            return lines
        words.pop()
    lines[-1] = fit_line(app, lines[-1] + "…", size, width, bold)
    return lines


def blit_wrapped(
    surf: pygame.Surface,
    app: AppContext,
    text: str,
    size: int,
    color: Color,
    rect: pygame.Rect,
    *,
    bold: bool = False,
    align: str = "left",
    max_lines: int | None = None,
) -> int:
    """Draw ``text`` wrapped to ``rect.width`` from ``rect.top``; returns the height used.  With
    ``max_lines`` a longer text is shortened at a word with '…' (see :func:`wrapped_lines`)."""
    lines = wrapped_lines(app, text, size, rect.width, bold, max_lines=max_lines)
    lh = app.line_height(size)
    y = rect.top
    for line in lines:
        img = app.text_surface(line, size, color, bold)
        if align == "center":
            x = rect.centerx - img.get_width() // 2
        elif align == "right":
            x = rect.right - img.get_width()
        else:
            x = rect.left
        surf.blit(img, (x, y))
        y += lh
    return y - rect.top


def wrapped_height(app: AppContext, text: str, size: int, width: int, bold: bool = False) -> int:
    """The height :func:`blit_wrapped` would use for ``text``."""
    return len(app.wrap(text, size, width, bold)) * app.line_height(size)


def two_lines(app: AppContext, text: str, size: int, bold: bool = False) -> tuple[str, ...]:
    """``text`` broken at the space that makes its two lines the narrowest (one word: one line)."""
    best: tuple[str, ...] = (text,)
    best_w = app.text_width(text, size, bold)
    for i, ch in enumerate(text):
        if ch == " " and text[:i].strip() and text[i + 1:].strip():
            lines = (text[:i].rstrip(), text[i + 1:].lstrip())
            w = max(app.text_width(line, size, bold) for line in lines)
            if w < best_w:
                best, best_w = lines, w
    return best


def draw_focus_ring(surf: pygame.Surface, rect: pygame.Rect, radius: int, width: int) -> None:
    """The gold ring around the widget that has keyboard focus."""
    ring = rect.inflate(width * 4, width * 4)
    pygame.draw.rect(surf, P.accent, ring, width=width, border_radius=radius + width * 2)


# ---------------------------------------------------------------- widgets


class Widget:
    """Base of all widgets: a rectangle, hover state and optional focus."""

    focusable = True

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hovered = False
        self.enabled = True
        self.visible = True
        self.clip: pygame.Rect | None = None  # drawn clipped to this rect (scrolling lists)

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:  # pragma: no cover - abstract
        """Paint the widget."""
        raise NotImplementedError

    def activate(self) -> None:
        """Enter pressed or clicked."""

    def click(self, pos: tuple[int, int]) -> None:
        """A left click inside ``rect``; by default the same as :meth:`activate`."""
        self.activate()

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """A key while focused; return True when consumed."""
        return False

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether the point is inside the widget."""
        return self.visible and self.rect.collidepoint(pos)


class Button(Widget):
    """A push button: ``kind`` is "primary" (gold), "secondary" (paper) or "ghost" (on the felt)."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], Any],
        *,
        kind: str = "secondary",
        hotkey: str | None = None,
        size: str = "body",
    ) -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.kind = kind
        self.hotkey = hotkey
        self.size = size

    def activate(self) -> None:
        """Run the button's action unless it is disabled."""
        if self.enabled and self.visible:
            self.on_click()

    def preferred_width(self, app: AppContext) -> int:
        """Width that fits the label with padding."""
        L = app.layout
        w = app.text_width(self.label, L.font(self.size), True) + L.px(40)
        if self.hotkey:
            w += app.text_width(self.hotkey, L.font("tiny"), True) + L.px(18)
        return w

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Paint the button in its kind's colours; hover lightens it, disabled greys it."""
        if not self.visible:
            return
        L = app.layout
        rad = L.px(12)
        if self.kind == "primary":
            bg, fg, edge = (P.accent if not self.hovered else (244, 194, 100)), P.on_accent, P.accent_dark
        elif self.kind == "ghost":
            bg, fg, edge = (P.felt_light if self.hovered else P.felt_dark), P.on_felt, P.felt_line
        elif self.kind == "danger":
            bg, fg, edge = P.wrong, (255, 255, 255), (160, 60, 50)
        else:
            bg, fg, edge = (P.card_alt if self.hovered else P.card), P.ink, P.card_edge
        if not self.enabled:
            bg, fg, edge = (P.felt_light, P.on_felt_muted, P.felt_line)
        draw_panel(surf, self.rect, bg, rad, shadow=L.px(3) if self.kind != "ghost" else 0, border=edge)
        size = L.font(self.size)
        cx = self.rect.centerx
        if self.hotkey:
            key_img = app.text_surface(self.hotkey, L.font("tiny"), fg, True)
            cx -= (key_img.get_width() + L.px(12)) // 2
        r = blit_text(
            surf, app, self.label, size, fg, (cx, self.rect.centery), anchor="center", bold=True,
            max_width=self.rect.width - L.px(24),
        )
        if self.hotkey:
            kr = key_img.get_rect(midleft=(r.right + L.px(10), self.rect.centery))
            pygame.draw.rect(surf, edge, kr.inflate(L.px(8), L.px(4)), width=1, border_radius=L.px(4))
            surf.blit(key_img, kr)
        if focused:
            draw_focus_ring(surf, self.rect, rad, L.px(2))


class Card(Widget):
    """A large clickable paper card with a title, a subtitle and an optional badge (home, lesson map)."""

    def __init__(
        self,
        title: str,
        subtitle: str,
        on_click: Callable[[], Any],
        *,
        badge: str = "",
        badge_color: Color | None = None,
        locked: bool = False,
        done: bool = False,
        icon: Callable[[pygame.Surface, pygame.Rect], None] | None = None,
        accent: Color | None = None,
        title_font: str = "large",
    ) -> None:
        super().__init__()
        self.title = title
        self.title_font = title_font
        self.subtitle = subtitle
        self.on_click = on_click
        self.badge = badge
        self.badge_color = badge_color
        self.locked = locked
        self.done = done
        self.icon = icon
        self.accent = accent

    def activate(self) -> None:
        """Open whatever the card stands for."""
        self.on_click()

    def _text_area(self, app: AppContext, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect | None]:
        """The room for the title and subtitle inside ``rect`` (after the padding, the accent
        stripe and the icon), and the icon's rectangle if the card has one."""
        L = app.layout
        pad = L.px(16)
        inner = rect.inflate(-2 * pad, -2 * pad)
        if self.accent is not None:
            inner.left += L.px(6)
            inner.width -= L.px(6)
        icon_rect = None
        if self.icon is not None:
            isz = min(inner.height, L.px(84))
            icon_rect = pygame.Rect(inner.left, inner.top + L.px(2), round(isz * 0.78), isz)
            inner.left += icon_rect.width + L.px(16)
            inner.width -= icon_rect.width + L.px(16)
        return inner, icon_rect

    def _badge_width(self, app: AppContext) -> int:
        """The width the badge takes from the title's first line (0 without a badge)."""
        if not self.badge:
            return 0
        L = app.layout
        return app.text_surface(self.badge, L.font("tiny"), (255, 255, 255), True).get_width() + L.px(14) + L.px(8)

    def _title_size(self, app: AppContext, first_w: int) -> int:
        """The title's font size: the card's own, smaller only while its longest word does not
        fit beside the badge (a title never breaks inside a word; a long word may take it down to
        the small size, «Тренировочные» in a narrow card)."""
        L = app.layout
        tsize = L.font(self.title_font)
        floor = min(tsize, L.font("small"))
        while tsize > floor and max((app.text_width(w, tsize, True) for w in self.title.split()), default=0) > first_w:
            tsize -= 1
        return tsize

    def _title_lines(self, app: AppContext, size: int, first_w: int, width: int) -> list[str]:
        """The title wrapped at ``size``: its first line beside the badge (``first_w``), the
        others across the whole text area (``width``)."""
        first = app.wrap(self.title, size, max(1, first_w), True)[0] if self.title else ""
        rest = self.title[len(first):].strip() if self.title.startswith(first) else ""
        return [first, *app.wrap(rest, size, width, True)] if rest else [first]

    def layout_title(self, app: AppContext, first_w: int, width: int, height: int) -> tuple[int, list[str], bool]:
        """The title's size and lines in a text area of ``width`` x ``height`` (the first line
        ``first_w`` wide), and whether a subtitle line still fits below it.

        A title is shown whole when it can be: on as many lines as leave room for one line of
        subtitle, else a little smaller (down to body text), else over the subtitle's room;
        only a card too small for all of it gets its last line shortened with '…'."""
        L = app.layout
        lh_sub = app.line_height(L.font("small"))
        tsize = self._title_size(app, first_w)
        floor = min(tsize, L.font("body"))
        for size in range(tsize, floor - 1, -1):
            lines = self._title_lines(app, size, first_w, width)
            if len(lines) <= max(1, (height - lh_sub) // app.line_height(size)):
                return size, lines, True
        lines = self._title_lines(app, floor, first_w, width)
        if len(lines) <= max(1, height // app.line_height(floor)):
            return floor, lines, False
        lines = self._title_lines(app, tsize, first_w, width)
        keep = max(1, (height - lh_sub) // app.line_height(tsize))
        last = " ".join(lines[keep - 1:])
        return tsize, [*lines[:keep - 1], fit_line(app, last, tsize, first_w if keep == 1 else width, True)], True

    def subtitle_room(self, app: AppContext) -> int:
        """How many lines of subtitle the card shows at its current size, below its title as
        :meth:`draw` lays it out (0: the title takes all the room)."""
        L = app.layout
        inner, _icon = self._text_area(app, self.rect)
        tsize, lines, _with_sub = self.layout_title(app, inner.width - self._badge_width(app), inner.width,
                                                    inner.height)
        top = inner.top + len(lines) * app.line_height(tsize) + L.px(4)
        return max(0, (inner.bottom - top) // app.line_height(L.font("small")))

    def subtitle_lines(self, app: AppContext, width: int) -> int:
        """How many lines the whole subtitle takes in a card ``width`` pixels wide."""
        L = app.layout
        inner, _icon = self._text_area(app, pygame.Rect(0, 0, width, 10 * L.px(84)))
        return len(app.wrap(self.subtitle, L.font("small"), max(1, inner.width))) if self.subtitle else 0

    def height_for(self, app: AppContext, width: int, subtitle_lines: int = 1) -> int:
        """The height a card ``width`` pixels wide needs to show its whole title and
        ``subtitle_lines`` lines of subtitle."""
        L = app.layout
        inner, _icon = self._text_area(app, pygame.Rect(0, 0, width, 10 * L.px(84)))
        tsize = self._title_size(app, inner.width - self._badge_width(app))
        n = len(self._title_lines(app, tsize, inner.width - self._badge_width(app), inner.width))
        sub = L.px(4) + subtitle_lines * app.line_height(L.font("small")) if subtitle_lines else 0
        return 2 * L.px(16) + n * app.line_height(tsize) + sub

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Paint the card: accent stripe, icon, badge, the title (whole, on as many lines as it
        needs) and as many lines of subtitle as the rest of the card holds."""
        L = app.layout
        rad = L.px(14)
        bg = P.card_alt if self.hovered else P.card
        if self.locked:
            bg = (222, 220, 210) if not self.hovered else (230, 228, 218)
        draw_panel(surf, self.rect, bg, rad, shadow=L.px(4), border=P.card_edge)
        if self.accent is not None:
            stripe = pygame.Rect(self.rect.left, self.rect.top, L.px(8), self.rect.height)
            pygame.draw.rect(surf, self.accent, stripe, border_top_left_radius=rad, border_bottom_left_radius=rad)
        inner, icon_rect = self._text_area(app, self.rect)
        if self.icon is not None and icon_rect is not None:
            self.icon(surf, icon_rect)
        title_color = P.locked if self.locked else P.ink
        badge_w = 0
        if self.badge:
            bsize = L.font("tiny")
            bimg = app.text_surface(self.badge, bsize, (255, 255, 255), True)
            br = bimg.get_rect()
            br.inflate_ip(L.px(14), L.px(6))
            br.topright = inner.topright
            pygame.draw.rect(surf, self.badge_color or P.accent_dark, br, border_radius=br.height // 2)
            surf.blit(bimg, bimg.get_rect(center=br.center))
            badge_w = self._badge_width(app)
        tsize, title_lines, with_sub = self.layout_title(app, inner.width - badge_w, inner.width, inner.height)
        ty = inner.top
        for i, line in enumerate(title_lines):
            blit_text(surf, app, line, tsize, title_color, (inner.left, ty), bold=True,
                      max_width=inner.width - badge_w if i == 0 else inner.width)
            ty += app.line_height(tsize)
        sub_rect = pygame.Rect(inner.left, ty + L.px(4), inner.width, inner.height)
        ssize = L.font("small")
        lines = (inner.bottom - sub_rect.top) // app.line_height(ssize)
        if with_sub or lines >= 1:
            blit_wrapped(surf, app, self.subtitle, ssize, P.ink_muted, sub_rect, max_lines=max(1, lines))
        if focused:
            draw_focus_ring(surf, self.rect, rad, L.px(2))


class OptionRow(Widget):
    """A row of mutually exclusive options (segmented control); Left/Right or clicks change it."""

    def __init__(
        self,
        options: Sequence[tuple[str, str]],
        value: str,
        on_change: Callable[[str], Any],
    ) -> None:
        super().__init__()
        self.options = list(options)  # (value, label)
        self.value = value
        self.on_change = on_change

    def _segments(self) -> list[pygame.Rect]:
        n = max(1, len(self.options))
        widths = getattr(self, "_widths", None)
        if not widths or len(widths) != n or self._widths_for != self.rect.width:
            widths = [self.rect.width / n] * n
        out, x = [], float(self.rect.left)
        for w in widths:
            out.append(pygame.Rect(round(x), self.rect.top, round(x + w) - round(x), self.rect.height))
            x += w
        return out

    mark = ""
    """What the row draws before a label that is on (a multi-select row's "✓ "); labels are
    measured with it, so turning an option on never makes its label overflow."""

    def fit_labels(self, app: AppContext) -> None:
        """Share the row's width out so that every label fits when it can: equal segments if the
        longest label fits one, otherwise each its label's width plus an equal share of the rest.
        When the labels cannot all fit on one line, the widest ones break onto two lines (at the
        space that makes them narrowest) until they fit; :meth:`label_lines` says how many lines
        the row then needs, and :meth:`draw` draws a label on two lines when it must."""
        L = app.layout
        n = max(1, len(self.options))
        pad = L.px(30)
        size = L.font("small")
        one = [app.text_width(self.mark + label, size, bold=True) + pad for _v, label in self.options]
        two = [max(app.text_width(line, size, bold=True) for line in two_lines(app, self.mark + label, size, True))
               + pad for _v, label in self.options]
        need = list(one)
        while sum(need) > self.rect.width:
            # the widest label still on one line that is narrower on two goes onto two
            i = max((j for j in range(n) if need[j] == one[j] and two[j] < one[j]), key=lambda j: one[j],
                    default=None)
            if i is None:
                break
            need[i] = two[i]
        self._two = [need[j] < one[j] for j in range(n)]
        equal = self.rect.width / n
        if max(need, default=0) <= equal or sum(need) > self.rect.width:
            self._widths = [equal] * n
        else:
            extra = (self.rect.width - sum(need)) / n
            self._widths = [w + extra for w in need]
        self._widths_for = self.rect.width

    def label_lines(self, app: AppContext) -> int:
        """How many lines the row's labels need at its width: 1, or 2 when a label must break."""
        if getattr(self, "_widths_for", None) != self.rect.width:
            self.fit_labels(app)
        return 2 if any(getattr(self, "_two", ())) else 1

    def _draw_label(self, surf: pygame.Surface, app: AppContext, text: str, color: Color, inner: pygame.Rect,
                    bold: bool) -> None:
        """A segment's label: on one line when it fits, else on two lines (small type, or tiny type
        when the row is too low for two small lines); cut with '…' only when even that overflows."""
        L = app.layout
        size = L.font("small")
        room = inner.width - L.px(8)
        if app.text_width(text, size, bold) > room:
            for sz in (size, L.font("tiny")):
                lines = two_lines(app, text, sz, bold)
                lh = app.line_height(sz)
                if (len(lines) == 2 and 2 * lh <= inner.height + L.px(4)
                        and max(app.text_width(line, sz, bold) for line in lines) <= room):
                    for k, line in enumerate(lines):
                        blit_text(surf, app, line, sz, color, (inner.centerx, inner.centery - lh + k * lh + lh // 2),
                                  anchor="center", bold=bold)
                    return
        blit_text(surf, app, text, size, color, inner.center, anchor="center", bold=bold, max_width=room)

    def _index(self) -> int:
        vals = [v for v, _ in self.options]
        return vals.index(self.value) if self.value in vals else 0

    def set_index(self, i: int) -> None:
        """Choose the option at position ``i`` (wrapping around)."""
        v = self.options[i % len(self.options)][0]
        if v != self.value:
            self.value = v
            self.on_change(v)

    def activate(self) -> None:
        """Enter moves to the next option."""
        self.set_index(self._index() + 1)

    def click(self, pos: tuple[int, int]) -> None:
        """Choose the clicked segment."""
        for i, seg in enumerate(self._segments()):
            if seg.collidepoint(pos):
                self.set_index(i)

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Left/Right step through the options."""
        if ev.key == pygame.K_LEFT:
            self.set_index(self._index() - 1)
            return True
        if ev.key == pygame.K_RIGHT:
            self.set_index(self._index() + 1)
            return True
        return False

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Paint the segments; the chosen one is gold."""
        L = app.layout
        rad = L.px(10)
        draw_panel(surf, self.rect, P.felt_dark, rad, border=P.felt_line)
        cur = self._index()
        if getattr(self, "_widths_for", None) != self.rect.width:
            self.fit_labels(app)
        for i, (seg, (_, label)) in enumerate(zip(self._segments(), self.options, strict=True)):
            inner = seg.inflate(-L.px(6), -L.px(6))
            if i == cur:
                draw_panel(surf, inner, P.accent, rad - 2)
                color = P.on_accent
            else:
                if self.hovered and seg.collidepoint(pygame.mouse.get_pos()):
                    draw_panel(surf, inner, P.felt_light, rad - 2)
                color = P.on_felt
            self._draw_label(surf, app, label, color, inner, i == cur)
        if focused:
            draw_focus_ring(surf, self.rect, rad, L.px(2))


class Toggle(Widget):
    """An on/off switch."""

    def __init__(self, value: bool, on_change: Callable[[bool], Any]) -> None:
        super().__init__()
        self.value = value
        self.on_change = on_change

    def activate(self) -> None:
        """Flip the switch."""
        self.value = not self.value
        self.on_change(self.value)

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Left turns off, Right turns on."""
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
            want = ev.key == pygame.K_RIGHT
            if want != self.value:
                self.activate()
            return True
        return False

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Paint the track and the knob."""
        L = app.layout
        r = self.rect
        track = pygame.Rect(0, 0, L.px(64), L.px(34))
        track.midleft = r.midleft
        color = P.right if self.value else P.locked
        draw_panel(surf, track, color, track.height // 2)
        knob_r = track.height // 2 - L.px(4)
        cx = track.right - track.height // 2 if self.value else track.left + track.height // 2
        pygame.draw.circle(surf, P.card, (cx, track.centery), knob_r)
        if focused:
            draw_focus_ring(surf, track, track.height // 2, L.px(2))


class Stepper(Widget):
    """An integer with − and + buttons; Left/Right/digits change it, clamped to [lo, hi]."""

    def __init__(self, value: int, lo: int, hi: int, on_change: Callable[[int], Any], step: int = 1,
                 choices: Sequence[int] | None = None) -> None:
        super().__init__()
        self.value = value
        self.lo, self.hi, self.step = lo, hi, step
        self.choices = list(choices) if choices else None
        self.on_change = on_change
        self.suffix = ""

    def _set(self, v: int) -> None:
        if self.choices:
            v = min(self.choices, key=lambda c: abs(c - v))
        v = max(self.lo, min(self.hi, v))
        if v != self.value:
            self.value = v
            self.on_change(v)

    def bump(self, direction: int) -> None:
        """Go one step up (+1) or down (-1)."""
        if self.choices:
            i = self.choices.index(self.value) if self.value in self.choices else 0
            i = max(0, min(len(self.choices) - 1, i + direction))
            self._set(self.choices[i])
        else:
            self._set(self.value + direction * self.step)

    def activate(self) -> None:
        """Enter steps up, wrapping to the minimum at the top."""
        if self.value >= self.hi or (self.choices and self.value == self.choices[-1]):
            self._set(self.choices[0] if self.choices else self.lo)
        else:
            self.bump(1)

    def _buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        h = self.rect.height
        minus = pygame.Rect(self.rect.left, self.rect.top, h, h)
        plus = pygame.Rect(self.rect.right - h, self.rect.top, h, h)
        return minus, plus

    def click(self, pos: tuple[int, int]) -> None:
        """− or + when one of them is clicked."""
        minus, plus = self._buttons()
        if minus.collidepoint(pos):
            self.bump(-1)
        elif plus.collidepoint(pos):
            self.bump(1)

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Left/Right or -/+ step the value."""
        if ev.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.bump(-1)
            return True
        if ev.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.bump(1)
            return True
        return False

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Paint − value +."""
        L = app.layout
        rad = L.px(10)
        draw_panel(surf, self.rect, P.felt_dark, rad, border=P.felt_line)
        minus, plus = self._buttons()
        size = L.font("large")
        for r, sym, ok in ((minus, "−", self.value > self.lo), (plus, "+", self.value < self.hi)):
            draw_panel(surf, r.inflate(-L.px(6), -L.px(6)), P.felt_light if ok else P.felt_dark, rad - 2)
            blit_text(surf, app, sym, size, P.on_felt if ok else P.locked, r.center, anchor="center", bold=True)
        blit_text(surf, app, str(self.value), size, P.on_felt, self.rect.center, anchor="center", bold=True)
        if focused:
            draw_focus_ring(surf, self.rect, rad, L.px(2))


class NumberField(Widget):
    """A box that takes typed digits (Backspace deletes); Enter is left to the screen (submit)."""

    def __init__(self, on_change: Callable[[str], Any] | None = None, max_len: int = 6,
                 placeholder: str = "", allow_negative: bool = False) -> None:
        super().__init__()
        self.text = ""
        self.max_len = max_len
        self.allow_negative = allow_negative  # a leading "-": shanten -1 means a complete hand
        self.on_change = on_change
        self.placeholder = placeholder
        self.state: str | None = None  # None, "right", "wrong" or "soft" (a child's miss: the calm hint colour)
        self._cut_at: str | None = None  # the text when a decimal comma or point was refused (see cut_fraction)

    @property
    def cut_fraction(self) -> bool:
        """Whether a decimal comma or point was typed and refused, and the box still holds what
        was typed before it: the digits after it are refused too (never «1,5» -> 15), and the
        screen should not grade the number as it stands without saying so (Backspace, or any
        other change of the text, ends it)."""
        return self._cut_at is not None and self._cut_at == self.text

    def forget_cut(self) -> None:
        """The learner was told about the refused comma: the number as it stands may be checked."""
        self._cut_at = None

    def tell_cut(self, app: Any, check_label: str) -> None:
        """Tell the learner that the digits after a comma were not taken and that pressing
        ``check_label`` again answers the number as it stands; the notice goes as soon as the
        number in the box changes.  The number may then be checked (:meth:`forget_cut`)."""
        from trainer.i18n import _, format_number

        self.forget_cut()
        shown = self.text
        n = self.value()
        # TRANSLATORS: {check} is the main button's label («Проверить»); {n} the number in the box.
        app.notify(_("Digits after a comma are not taken. "
                     "To answer {n}, press “{check}” again, or change the number.").format(
            check=check_label, n=format_number(n) if n is not None else shown), "info", 6,
            while_true=lambda: self.text == shown)

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Digits append, Backspace deletes; after a refused decimal comma or point, digits are
        refused until the text changes (Backspace)."""
        ch = getattr(ev, "unicode", "")
        digit = (ch and ch.isdigit()) or pygame.K_KP0 <= ev.key <= pygame.K_KP9
        if ev.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self._cut_at = None
        elif ch in (",", "."):
            if self.text:  # «1,» — what follows would be a fraction; a comma in an empty box cuts nothing
                self._cut_at = self.text  # refused (reject_message says why)
            return False
        elif digit and self.cut_fraction:
            return False  # the digits after the comma: refused, not glued onto the whole part
        elif self.allow_negative and not self.text and (ch in ("-", "−") or ev.key == pygame.K_KP_MINUS):
            self.text = "-"
        elif ch and ch.isdigit() and len(self.text) < self.max_len:
            self.text += ch
        elif pygame.K_KP0 <= ev.key <= pygame.K_KP9 and len(self.text) < self.max_len:
            self.text += str(ev.key - pygame.K_KP0)
        else:
            return False
        if self.on_change:
            self.on_change(self.text)
        return True

    def value(self) -> int | None:
        """The typed integer, or None while nothing (or only a minus sign) is typed."""
        return int(self.text) if self.text and self.text != "-" else None

    def reject_message(self, ev: pygame.event.Event) -> str:
        """For a typed character the box does not take (a letter, a comma), one short sentence
        that says what it takes; "" for a key it takes or one that types nothing (Enter, arrows).
        The box holds whole numbers only: a decimal comma or point is answered with that."""
        from trainer.i18n import _

        ch = getattr(ev, "unicode", "") or ""
        if len(ch) == 1 and ch.isdigit() and self.cut_fraction:
            return _("The answer is a whole number: digits after a comma are not taken. "
                     "To type another number, delete this one (Backspace).")
        if len(ch) != 1 or not ch.isprintable() or ch.isspace() or ch.isdigit():
            return ""
        if ch in ("-", "−") and self.allow_negative:
            return "" if not self.text else _("A minus sign goes only at the start of the number.")
        if ch in ",.":
            return _("The answer is a whole number: no comma or point is needed.")
        if ch in ("-", "−"):
            return _("The answer here is never negative: type digits only.")
        return _("Only digits go into this box.")

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Paint the box with the typed digits and a caret."""
        L = app.layout
        rad = L.px(10)
        border = {"right": P.right, "wrong": P.wrong, "soft": P.hint}.get(self.state or "", P.card_edge)
        draw_panel(surf, self.rect, P.card, rad, border=border, border_w=L.px(3))
        size = L.font("h2")
        if self.text:
            r = blit_text(surf, app, self.text, size, P.ink, (self.rect.left + L.px(16), self.rect.centery),
                          anchor="midleft", bold=True)
        else:
            r = pygame.Rect(self.rect.left + L.px(16), self.rect.centery, 0, 0)
            if self.placeholder:
                blit_text(surf, app, self.placeholder, L.font("body"), P.ink_muted, (r.left + L.px(10), r.top),
                          anchor="midleft", max_width=self.rect.width - L.px(36))
        if focused:
            caret = pygame.Rect(r.right + L.px(3), self.rect.top + L.px(10), L.px(3), self.rect.height - L.px(20))
            pygame.draw.rect(surf, P.ink, caret)
            draw_focus_ring(surf, self.rect, rad, L.px(2))


class Banner:
    """A message shown at the bottom of the window for a few seconds (not focusable)."""

    def __init__(self, text: str, kind: str = "info", seconds: float = 6.0) -> None:
        self.text = text
        self.kind = kind
        self.left = seconds

    def update(self, dt: float) -> bool:
        """Count down; returns False when it should disappear."""
        self.left -= dt
        return self.left > 0

    def rect(self, app: AppContext) -> pygame.Rect:
        """Where the banner is drawn: centred at the bottom, or under the header on a screen whose
        ``banner_top`` is set (the tables, with the hand at the bottom; their corner boxes start
        below it, see :meth:`trainer.ui.views.table.board.Board.corner`).  The app's own notices
        on a table cover the header bar instead (:class:`trainer.ui.app.Notice`)."""
        L = app.layout
        size = L.font("small")
        width = min(L.width - 2 * L.margin, L.px(900))
        lines = app.wrap(self.text, size, width - L.px(40))
        h = len(lines) * app.line_height(size) + L.px(24)
        rect = pygame.Rect(0, 0, width, h)
        if getattr(getattr(app, "screen", None), "banner_top", False):
            # a table keeps its hand and prompt at the bottom: the notice goes under the header
            rect.midtop = (L.width // 2, L.content().top + L.px(6))
        else:
            # above the bottom button bar (Hint / Check), so a notice never hides the buttons
            rect.midbottom = (L.width // 2, L.height - L.margin - L.px(60))
        return rect

    def draw(self, surf: pygame.Surface, app: AppContext) -> None:
        """Paint the banner where :meth:`rect` puts it."""
        L = app.layout
        size = L.font("small")
        rect = self.rect(app)
        bg = {"error": P.wrong, "warn": P.accent_dark, "ok": P.right}.get(self.kind, P.felt_dark)
        draw_panel(surf, rect, bg, L.px(12), shadow=L.px(4), border=P.felt_line)
        blit_wrapped(surf, app, self.text, size, (255, 255, 255), rect.inflate(-L.px(40), -L.px(24)))


class Dialog:
    """A modal box over a dimmed screen: a title, text and buttons (Esc closes, arrows/Enter work).

    Extra widgets (e.g. a tile row) can be given in ``extra`` together with a ``paint`` callback
    that draws them inside the box under the text.
    """

    def __init__(self, app: AppContext, title: str, body: str, buttons: Sequence[tuple[str, Callable[[], Any], str]],
                 *, on_close: Callable[[], Any] | None = None, width: int = 640,
                 paint: Callable[[pygame.Surface, pygame.Rect], int] | None = None, paint_height: int = 0) -> None:
        self.app = app
        self.title = title
        self.body = body
        self.on_close = on_close
        self.width = width
        self.paint = paint
        self.paint_height = paint_height
        self.buttons = [Button(label, self._wrap(cb), kind=kind) for label, cb, kind in buttons]
        self.focus = len(self.buttons) - 1 if self.buttons else None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.closed = False

    def _wrap(self, cb: Callable[[], Any]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            cb()

        return run

    def close(self) -> None:
        """Remove the dialog (the screen checks ``closed``)."""
        self.closed = True
        self.app.invalidate()

    def layout(self) -> None:
        """Size the box to its text and place the buttons in a row at the bottom."""
        app = self.app
        L = app.layout
        w = min(L.px(self.width), L.width - 2 * L.margin)
        pad = L.px(28)
        text_w = w - 2 * pad
        th = app.line_height(L.font("h2")) * len(self.title_lines())
        bh = wrapped_height(app, self.body, L.font("body"), text_w) if self.body else 0
        ph = L.px(self.paint_height)
        btn_h = L.px(52)
        h = pad + th + L.px(12) + bh + (ph + L.px(12) if ph else 0) + L.px(24) + btn_h + pad
        h = min(h, L.height - 2 * L.margin)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (L.width // 2, L.height // 2)
        x = self.rect.right - pad
        for b in reversed(self.buttons):
            bw = min(max(b.preferred_width(app), L.px(120)), (w - 2 * pad) // max(1, len(self.buttons)))
            b.rect = pygame.Rect(x - bw, self.rect.bottom - pad - btn_h, bw, btn_h)
            x -= bw + L.px(12)

    def handle_event(self, ev: pygame.event.Event) -> None:
        """Keys and clicks for the dialog only (the screen below is inert)."""
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.close()
                if self.on_close:
                    self.on_close()
            elif ev.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB) and self.buttons:
                step = -1 if ev.key in (pygame.K_LEFT, pygame.K_UP) else 1
                self.focus = ((self.focus or 0) + step) % len(self.buttons)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None:
                self.buttons[self.focus].activate()
            else:
                ch = getattr(ev, "unicode", "")
                if ch and ch.isdigit() and 1 <= int(ch) <= len(self.buttons):
                    self.buttons[int(ch) - 1].activate()
        elif ev.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hovered = b.rect.collidepoint(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(ev.pos):
                    self.focus = i
                    b.activate()
                    return
        self.app.invalidate()

    def title_lines(self) -> list[str]:
        """The title broken to the box's width (a term's name with its Japanese or Chinese and the
        reading is often wider than the box): never cut with "…"."""
        L = self.app.layout
        width = min(L.px(self.width), L.width - 2 * L.margin) - 2 * L.px(28)
        return self.app.wrap(self.title, L.font("h2"), width, True) or [self.title]

    def draw_frame(self, surf: pygame.Surface) -> int:
        """Dim the screen, paint the box and its title on as many lines as it needs; the y where the
        box's content starts."""
        app = self.app
        L = app.layout
        self.layout()
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((*P.overlay, 150))
        surf.blit(shade, (0, 0))
        draw_panel(surf, self.rect, P.card, L.px(18), shadow=L.px(6), border=P.card_edge)
        pad = L.px(28)
        y = self.rect.top + pad
        h2 = L.font("h2")
        for line in self.title_lines():
            blit_text(surf, app, line, h2, P.ink, (self.rect.left + pad, y), bold=True,
                      max_width=self.rect.width - 2 * pad)
            y += app.line_height(h2)
        return y + L.px(12)

    def draw(self, surf: pygame.Surface) -> None:
        """Dim the screen and paint the box."""
        app = self.app
        L = app.layout
        pad = L.px(28)
        y = self.draw_frame(surf)
        if self.body:
            y += blit_wrapped(surf, app, self.body, L.font("body"), P.ink,
                              pygame.Rect(self.rect.left + pad, y, self.rect.width - 2 * pad, 0))
        if self.paint is not None:
            area = pygame.Rect(self.rect.left + pad, y + L.px(12), self.rect.width - 2 * pad, L.px(self.paint_height))
            self.paint(surf, area)
        for i, b in enumerate(self.buttons):
            b.draw(surf, app, i == self.focus)


class MultiOptionRow(OptionRow):
    """Like :class:`OptionRow` but several options can be on; Left/Right move, Space toggles."""

    mark = "✓ "

    def __init__(self, options: Sequence[tuple[str, str]], values: Sequence[Any],
                 on_change: Callable[[list[Any]], Any]) -> None:
        super().__init__(options, "", lambda _v: None)
        self.values = list(values)
        self.cursor = 0
        self.on_values = on_change

    def toggle(self, i: int) -> None:
        """Switch option ``i`` on or off (at least one stays on)."""
        v = self.options[i][0]
        if v in self.values:
            if len(self.values) > 1:
                self.values.remove(v)
        else:
            self.values.append(v)
        self.cursor = i
        order = [o for o, _ in self.options]
        self.values.sort(key=order.index)
        self.on_values(list(self.values))

    def activate(self) -> None:
        """Enter/Space toggles the option under the cursor."""
        self.toggle(self.cursor)

    def click(self, pos: tuple[int, int]) -> None:
        """Toggle the clicked segment."""
        for i, seg in enumerate(self._segments()):
            if seg.collidepoint(pos):
                self.toggle(i)

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Left/Right move the cursor, Space toggles."""
        if ev.key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
            return True
        if ev.key == pygame.K_RIGHT:
            self.cursor = min(len(self.options) - 1, self.cursor + 1)
            return True
        if ev.key == pygame.K_SPACE:
            self.toggle(self.cursor)
            return True
        return False

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """Paint the segments; the ones that are on are gold."""
        L = app.layout
        rad = L.px(10)
        draw_panel(surf, self.rect, P.felt_dark, rad, border=P.felt_line)
        if getattr(self, "_widths_for", None) != self.rect.width:
            self.fit_labels(app)
        for i, (seg, (value, label)) in enumerate(zip(self._segments(), self.options, strict=True)):
            inner = seg.inflate(-L.px(6), -L.px(6))
            on = value in self.values
            if on:
                draw_panel(surf, inner, P.accent, rad - 2)
            if focused and i == self.cursor:
                pygame.draw.rect(surf, P.on_felt, inner, width=max(1, L.px(2)), border_radius=rad - 2)
            self._draw_label(surf, app, (self.mark if on else "") + label, P.on_accent if on else P.on_felt, inner, on)
        if focused:
            draw_focus_ring(surf, self.rect, rad, L.px(2))


def place_cards(cards: list[Card], area: pygame.Rect, cols: int, gap: int, max_h: int) -> None:
    """Lay ``cards`` out in a grid of ``cols`` columns filling ``area`` (rows at most ``max_h`` tall)."""
    w = (area.width - gap * (cols - 1)) // cols
    rows = max(1, (len(cards) + cols - 1) // cols)
    h = min(max_h, (area.height - gap * (rows - 1)) // rows)
    for i, c in enumerate(cards):
        r, col = divmod(i, cols)
        c.rect = pygame.Rect(area.left + col * (w + gap), area.top + r * (h + gap), w, h)
