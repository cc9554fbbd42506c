"""Placing a step or exercise view in the free part of a screen."""

from __future__ import annotations

from typing import Any

import pygame


def content_bottom(view: Any, area: pygame.Rect, widgets: list[Any]) -> int:
    """Lay a step view out at the top of ``area`` and return the bottom of what it shows (its
    widgets, its card and any painted content below them); ``area.top`` when it shows nothing."""
    view.layout(area)
    rects = [w.rect for w in widgets if w.visible and w.rect.width > 0]
    if getattr(view, "card_rect", None) is not None:
        rects.append(view.card_rect)
    if getattr(view, "reserved_rect", None) is not None:  # painted content below the widgets
        rects.append(view.reserved_rect)
    return max(r.bottom for r in rects) if rects else area.top


def center_view(view: Any, area: pygame.Rect, widgets: list[Any], gap: int) -> None:
    """Lay a step view out in ``area``, then again lower down so that its content stands in the
    middle of the room when it is shorter than the room (a big window has room to spare; a view
    that fills the room stays at the top).  Once placed, the view keeps its top while it still
    fits (``view.centered_top``): the feedback panel that comes under it after an answer does not
    make the question jump up."""
    bottom = content_bottom(view, area, widgets)
    if bottom == area.top:
        return
    height = bottom - area.top
    free = area.bottom - bottom - gap
    if free <= gap:
        view.centered_top = None
        return
    top = area.top + free // 2
    kept = getattr(view, "centered_top", None)
    if kept is not None and area.top <= kept and kept + height + gap <= area.bottom:
        top = kept
    view.centered_top = top
    if top > area.top:
        view.layout(pygame.Rect(area.left, top, area.width, area.bottom - top))
