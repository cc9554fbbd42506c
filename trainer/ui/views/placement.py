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
    """Lay a step view out in ``area``, then again lower down so its content sits in the
    middle third rather than hugging the top when there is room to spare."""
    bottom = content_bottom(view, area, widgets)
    if bottom == area.top:
        return
    free = area.bottom - bottom - gap
    if free > gap:
        shift = min(free // 2, area.height // 5)
        view.layout(pygame.Rect(area.left, area.top + shift, area.width, area.height - shift))
