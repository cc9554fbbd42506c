"""Give a wrong answer to the quiz on screen with synthetic events (for screenshots and UI tests).

A learner's typical slip is chosen where there is one (a tile next to the waits, a shanten one
too high, the fu sum before rounding, a payment without rounding), so the feedback panel shows
what the app says about a real mistake.  Everything goes through ``app.process`` as mouse
clicks and key presses, as a learner would give them.
"""

from __future__ import annotations

from typing import Any

import pygame


def _key(app: Any, k: int, unicode: str = "") -> None:
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode)], 1 / 60)


def _click(app: Any, pos: tuple[int, int]) -> None:
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)


def _type(app: Any, screen: Any, field: Any, value: int) -> None:
    screen.set_focus(field)
    for ch in str(value):
        _key(app, pygame.K_0 + int(ch) if ch.isdigit() else pygame.K_MINUS, ch)


def _add_chip(app: Any, chip: Any) -> None:
    _click(app, chip.rect.move(chip.rect.height, 0).center)  # the chip's "+" half


def _check(app: Any, screen: Any) -> Any:
    """Press Enter to check (a single choice is checked by its click already); the response given."""
    response = screen.view.response()
    if screen.phase == "answer":
        _key(app, pygame.K_RETURN, "\r")
    return response


def _wrong_number(right: int, slip: int | None = None) -> int:
    if slip is not None and slip != right and slip >= 0:
        return slip
    return right + 2 if right < 5 else right + 10


def _mcr_slip(app: Any, screen: Any) -> None:
    """An MCR counting slip: the counted fans plus one the hand shows but a bigger fan implies
    (or one it does not have), and the total with that fan added."""
    view, ex = screen.view, screen.view.ex
    right, total = ex.answer
    left_out = [i["id"] for i in ex.explanation if i.get("kind") == "mcr_excluded"]
    values = [o.value for o in ex.prompt.options]
    trap = next((v for v in values if v in left_out), next(v for v in values if v not in right))
    for b in view.buttons:
        if values[b.index] in right or values[b.index] == trap:
            _click(app, b.rect.center)
    from trainer.ui.mcr_texts import item_value

    _type(app, screen, view.fields[0][1], total + max(1, item_value(ex, trap)))


def drill_wrong(app: Any, screen: Any) -> Any:
    """Answer the drill's current exercise wrongly and press Enter; returns the response given."""
    view = screen.view
    ex = view.ex
    if view.response() is not None:  # a second try with the same answer still in place
        pass
    elif view.input == "fans_total":
        _mcr_slip(app, screen)
    elif view.picker is not None:
        answer = set(ex.answer)
        near = sorted(range(len(view.picker.slots)), key=lambda i: min(
            (abs(view.picker.slots[i].tile.kind - a) for a in answer), default=0))
        for i in near:
            if not ex.is_answer_tile(view.picker.slots[i].tile.kind):
                _click(app, view.picker.rects[i].center)
                break
    elif view.fields:
        values = ex.answer if isinstance(ex.answer, tuple) else (ex.answer,)
        slip = None
        if ex.prompt.question == "fu_total":
            slip = sum(i["fu"] for i in ex.explanation if i.get("kind") == "fu")
        for (_name, field), value in zip(view.fields, values, strict=True):
            _type(app, screen, field, _wrong_number(int(value), slip))
    elif view.chips:
        want = {a[0] for a in ex.answer}
        _add_chip(app, next((c for c in view.chips if c.key not in want), view.chips[0]))
        base = next((c for c in view.chips if c.key == "fuutei"), None)
        if base is not None and "fuutei" in want:  # the base, but none of the hand's own items
            _add_chip(app, base)
    elif view.buttons:
        for b in view.buttons:
            if ex.prompt.options[b.index].value not in ex.answer:
                _click(app, b.rect.center)
                break
    return _check(app, screen)


def lesson_wrong(app: Any, screen: Any) -> Any:
    """Answer the lesson's current quiz step wrongly and press Enter; returns the response given."""
    from trainer.lessons import answers

    view = screen.view
    step = screen.step
    ans = answers.answer(step, screen.lesson)
    right = ans.value
    picker = getattr(view, "picker", None)
    if view.response() is not None:  # a second try with the same answer still in place
        pass
    elif picker is not None:
        want = set(right) if isinstance(right, frozenset) else set()
        for i, slot in enumerate(picker.slots):
            if slot.tile.kind not in want:
                _click(app, picker.rects[i].center)
                break
    elif getattr(view, "field", None) is not None:
        _type(app, screen, view.field, _wrong_number(int(right)))
    elif getattr(view, "chips", None):
        want = {i["id"] for i in ans.explanation if i.get("kind") == "fu"}
        _add_chip(app, next((c for c in view.chips if c.key not in want), view.chips[0]))
    elif getattr(view, "buttons", None):
        for b in view.buttons:
            if getattr(b, "index", None) not in right:
                _click(app, b.rect.center)
                break
    return _check(app, screen)
