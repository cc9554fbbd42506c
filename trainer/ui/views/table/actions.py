"""Action buttons of the table: a word, the tiles it concerns, and the key that presses it.

A call offer shows its tiles (each chi choice is its own button with its own two tiles
and the called tile highlighted), so the learner sees the set being made, not notation.  The
tiles fill the button's height but for a thin margin (:data:`TILE_MARGIN`): 26 px wide at
1024x600, where a row of three chii choices must still tell apart; a crowded action bar may cap
them (:attr:`TileButton.tile_cap`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from trainer.engine.game.actions import (
    AbortiveDraw,
    Chi,
    DeclareTenpai,
    Kan,
    Kita,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from trainer.engine.tiles import NORTH, Tile
from trainer.i18n import _, pgettext
from trainer.ui.theme import PALETTE
from trainer.ui.views.table.tiles import Piece, strip, strip_size
from trainer.ui.widgets import Widget, blit_text, draw_focus_ring, draw_panel

P = PALETTE
TILE_MARGIN = 10
"""Design pixels of a button's height left above and below its tiles together."""


class TileButton(Widget):
    """A button with a label, an optional row of tiles and a key name."""

    def __init__(self, label: str, pieces: tuple[Piece, ...], on_click: Callable[[], Any], *, key: str = "",
                 primary: bool = False) -> None:
        super().__init__()
        self.label = label
        self.pieces = pieces
        self.on_click = on_click
        self.key = key
        self.primary = primary
        self.tile_cap: int | None = None  # the tiles' largest height (a crowded action bar lowers it)

    def activate(self) -> None:
        """Press the button."""
        if self.enabled and self.visible:
            self.on_click()

    def tiles_for(self, app: Any, height: int) -> int:
        """Height of the tiles inside a button ``height`` tall (at most :attr:`tile_cap`)."""
        th = max(16, height - app.layout.px(TILE_MARGIN))
        return min(th, self.tile_cap) if self.tile_cap else th

    def tile_height(self, app: Any) -> int:
        """Height of the tiles inside the button."""
        return self.tiles_for(app, self.rect.height) if self.rect.height else app.layout.px(34)

    def preferred_width(self, app: Any, height: int) -> int:
        """Width that fits the key, the label and the tiles at button ``height``."""
        L = app.layout
        th = self.tiles_for(app, height)
        w = app.text_width(self.label, L.font("small"), True) + L.px(28)
        if self.key:
            w += app.text_width(self.key, L.font("tiny"), True) + L.px(16)
        if self.pieces:
            w += strip_size(self.pieces, th)[0] + L.px(10)
        return w

    def draw(self, surf: pygame.Surface, app: Any, focused: bool) -> None:
        """Paint the button: key box, label, tiles."""
        if not self.visible:
            return
        L = app.layout
        rad = L.px(10)
        if self.primary:
            bg, fg, edge = (P.accent if not self.hovered else (244, 194, 100)), P.on_accent, P.accent_dark
        else:
            bg, fg, edge = (P.card_alt if self.hovered else P.card), P.ink, P.card_edge
        draw_panel(surf, self.rect, bg, rad, shadow=L.px(3), border=edge)
        x = self.rect.left + L.px(12)
        cy = self.rect.centery
        if self.key:
            img = app.text_surface(self.key, L.font("tiny"), fg, True)
            kr = img.get_rect(midleft=(x + L.px(4), cy))
            pygame.draw.rect(surf, edge, kr.inflate(L.px(8), L.px(4)), width=1, border_radius=L.px(4))
            surf.blit(img, kr)
            x = kr.right + L.px(12)
        tiles_w = strip_size(self.pieces, self.tile_height(app))[0] + L.px(10) if self.pieces else 0
        r = blit_text(surf, app, self.label, L.font("small"), fg, (x, cy), anchor="midleft", bold=True,
                      max_width=self.rect.right - x - tiles_w - L.px(8))
        if self.pieces:
            row = strip(app.settings.tile_theme, self.pieces, self.tile_height(app))
            surf.blit(row, row.get_rect(midleft=(r.right + L.px(10), cy)))
        if focused:
            draw_focus_ring(surf, self.rect, rad, L.px(2))


_CALLS = {
    Tsumo: lambda: pgettext("mahjong call", "Tsumo"), Ron: lambda: pgettext("mahjong call", "Ron"),
    Pon: lambda: pgettext("mahjong call", "Pon"), Chi: lambda: pgettext("mahjong call", "Chii"),
    Kan: lambda: pgettext("mahjong call", "Kan"), Riichi: lambda: pgettext("mahjong call", "Riichi"),
    Kita: lambda: pgettext("mahjong call", "Kita"),
}
"""Actions named by their call word (translated when shown)."""
MCR_CALLS = {
    Tsumo: lambda: pgettext("mcr call", "Hu"), Ron: lambda: pgettext("mcr call", "Hu"),
    Pon: lambda: pgettext("mcr call", "Peng"), Kan: lambda: pgettext("mcr call", "Gang"),
    Chi: lambda: pgettext("mcr call", "Chi"),
}
"""The calls as MCR (Chinese Official) players say them, in Chinese (002:86): a win on a discard or
on one's own draw is Hu either way."""


def offer_label(action: Any, *, mcr: bool = False) -> str:
    """The word on a button for ``action`` (Chi, Pon, Kan, Riichi, Tsumo, Ron, Pass ...); ``mcr``:
    as a Chinese Official table says it (Chi, Peng, Gang, Hu)."""
    word = (MCR_CALLS if mcr else {}).get(type(action)) or _CALLS.get(type(action))
    if word is not None:
        return word()
    if isinstance(action, AbortiveDraw):
        return _("Nine terminals: draw")
    if isinstance(action, DeclareTenpai):
        return _("Show tenpai") if action.show else _("Hide tenpai (count as noten)")
    if isinstance(action, Pass):
        return _("Pass")
    return str(action)


def offer_pieces(action: Any, called: Tile | None) -> tuple[Piece, ...]:
    """The tiles shown on a call button: the two (or three) from the hand, then the called
    tile highlighted; a kan shows its four tiles; a win shows the winning tile; kita the North
    set aside."""
    if isinstance(action, Chi | Pon):
        own = tuple(Piece(t) for t in sorted(action.tiles))
        return own + ((Piece(called, highlight="hint", gap=0.15),) if called is not None else ())
    if isinstance(action, Kan):
        return tuple(Piece(action.tile) for _ in range(4))
    if isinstance(action, Kita):
        return (Piece(Tile(NORTH)),)
    if isinstance(action, Ron) and called is not None:
        return (Piece(called, highlight="hint"),)
    return ()
