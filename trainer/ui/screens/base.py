"""The Screen base class every screen of the app derives from.

A screen is a page of the app (home, lesson map, a lesson, a drill...).  The
:class:`~trainer.ui.app.App` keeps a stack of them; the top one gets events,
``update(dt)`` and ``draw(surface)``.  Nothing in a screen reads the clock:
time only arrives as ``dt`` so tests can drive screens with fixed steps.

Subclass checklist::

    @register_screen("my_screen")
    class MyScreen(Screen):
        def title(self) -> str:               # shown in the header bar
            return _("My screen")
        def build(self) -> None:              # (re)create widgets; called on enter,
            self.ok = self.add(Button(...))   #   on resize and on language change
        def layout(self) -> None:             # place widgets: self.app.layout.px(...)
            self.ok.rect = ...
        def draw_content(self, surf) -> None: # paint what is not a widget
            ...

Keyboard for free: arrows move focus between widgets (spatially), Tab cycles,
Enter activates the focused widget (or calls :meth:`Screen.submit`), Esc goes
back, digits 1-9 call :meth:`Screen.choose` (option number), the mouse wheel
calls :meth:`Screen.scroll`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from trainer.i18n import _
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import Button, Dialog, Widget, blit_text

if TYPE_CHECKING:
    from trainer.ui.context import AppContext

P = PALETTE


class Screen:
    """One page of the app; override ``build``, ``layout``, ``draw_content`` and the key hooks."""

    #: Registered name (set by :func:`trainer.ui.app.register_screen`).
    name: str = ""
    #: Whether the header bar with a back button is drawn.
    has_header: bool = True

    def __init__(self, app: AppContext, **params: Any) -> None:
        self.app = app
        self.params = params
        self.widgets: list[Widget] = []
        self.focus: int | None = None
        self.scroll_y = 0
        self.max_scroll = 0
        self.back_button: Button | None = None
        self._built_for: tuple[int, int, float, str] | None = None
        self.dialog: Dialog | None = None

    # ---------------------------------------------------------------- lifecycle

    def title(self) -> str:
        """The header title (already translated)."""
        return ""

    #: Whether returning to this screen (after a pop) rebuilds it; screens that keep
    #: in-progress input in their widgets set this to False.
    rebuild_on_enter: bool = True
    banner_top: bool = False  # notices under the header instead of above the bottom bar (tables)

    def enter(self) -> None:
        """Called when the screen becomes the top of the stack (first time or after a pop)."""
        if not self.rebuild_on_enter and self.widgets and self._built_for == self.app.layout_key():
            self.relayout()
            return
        self.rebuild()

    def leave(self) -> None:
        """Called when another screen is pushed on top or this one is popped."""

    def closing(self) -> None:
        """Called when the app closes (the window closed) with this screen still open: keep what
        must not be lost.  Nothing by default."""

    def rebuild(self) -> None:
        """Recreate the widgets and lay them out (window resized, language or tile size changed).
        What the learner has done on the screen's view (typed, picked, and how it was marked) is
        kept: see :meth:`keep_view_input`."""
        old_focus = self.focus
        self.kept_input = self.keep_view_input()
        self.widgets = []
        self.back_button = None
        if self.has_header and self.app.can_go_back():
            self.back_button = self.add(Button("←  " + _("Back"), self.back, kind="ghost", hotkey="Esc",
                                               size="small"))
        self.build()
        self.restore_view_input()
        self.relayout()
        focusable = [i for i, w in enumerate(self.widgets) if w.focusable and w.visible]
        if old_focus is not None and old_focus in focusable:
            self.focus = old_focus
        elif self.focus is None or self.focus not in focusable:
            self.focus = self.initial_focus()

    #: What :meth:`rebuild` keeps of the view's input until the new view has it back: the view's
    #: ``subject`` and its ``state()``, or None.
    kept_input: tuple[Any, Any] | None = None

    def keep_view_input(self) -> tuple[Any, Any] | None:
        """The learner's input on the screen's view, for :meth:`rebuild` to give back to the view
        built again: ``(view.subject, view.state())`` when the view (``self.view``) can say it, else
        None.  A view that keeps its input has a ``subject`` (what it asks: an exercise, a lesson
        step), ``state()`` (typed text, picks, marks, the hint's marks, what is locked) and
        ``restore(state)``; a screen that moves on to another question drops its view first
        (``self.view = None``), so nothing of the old one is carried over."""
        view = getattr(self, "view", None)
        if view is None or not hasattr(view, "state") or not hasattr(view, "restore"):
            return None
        return getattr(view, "subject", None), view.state()

    def restore_view_input(self) -> bool:
        """Give the view just built what :meth:`rebuild` kept of the last one, when both ask the
        same thing (the same ``subject``); True when it did.  :meth:`rebuild` calls it after
        :meth:`build`; a ``build`` may call it itself, earlier, to know whether the input came back
        (then it is not given twice)."""
        kept, self.kept_input = self.kept_input, None
        view = getattr(self, "view", None)
        if kept is None or view is None or not hasattr(view, "restore"):
            return False
        subject, state = kept
        if subject is None or getattr(view, "subject", None) is not subject:
            return False
        view.restore(state)
        return True

    def relayout(self) -> None:
        """Place the header and the widgets for the current window size."""
        L = self.app.layout
        if self.back_button is not None:
            b = self.back_button
            b.rect = pygame.Rect(0, 0, b.preferred_width(self.app), L.px(44))
            b.rect.midleft = (self.header_span()[0], L.header_h // 2 + L.px(4))
        self.layout()
        self._built_for = self.app.layout_key()

    def build(self) -> None:
        """Create widgets with :meth:`add`."""

    def layout(self) -> None:
        """Give every widget its ``rect``."""

    def initial_focus(self) -> int | None:
        """Index of the widget focused when the screen opens (the first after the back button)."""
        start = 1 if self.back_button is not None else 0
        for i in range(start, len(self.widgets)):
            if self.widgets[i].focusable and self.widgets[i].visible:
                return i
        return None

    def add(self, widget: Any) -> Any:
        """Register a widget (drawn, hit-tested and focusable in insertion order); returns it."""
        self.widgets.append(widget)
        return widget

    # ---------------------------------------------------------------- actions

    def leave_review(self) -> None:
        """Esc on one card of a review session (a lesson step, a puzzle): close this screen and
        tell the session the learner left (its ``on_leave``; ``on_done`` is dropped so a second
        press cannot report a result)."""
        leave = self.params.pop("on_leave", None)
        self.params.pop("on_done", None)
        self.app.pop()
        if leave is not None:
            leave()

    def back(self) -> None:
        """Esc or the back button: leave this screen."""
        self.app.pop()

    def submit(self) -> bool:
        """Enter when the focused widget does not take it; return True when handled."""
        return False

    def choose(self, n: int) -> bool:
        """Digit ``n`` (1-9) pressed: pick option number ``n``; return True when handled."""
        return False

    def scroll(self, dy: int) -> None:
        """Scroll the content by ``dy`` pixels (positive = down), clamped to the content."""
        new = max(0, min(self.max_scroll, self.scroll_y + dy))
        if new != self.scroll_y:
            self.scroll_y = new
            self.relayout()
            self.app.invalidate()

    def on_key(self, ev: pygame.event.Event) -> bool:
        """Screen-specific keys, tried before the default handling; return True when consumed."""
        return False

    def on_click(self, pos: tuple[int, int], button: int) -> bool:
        """A click not on any widget; return True when consumed."""
        return False

    # ---------------------------------------------------------------- events

    def focused_widget(self) -> Widget | None:
        """The widget with keyboard focus, if any."""
        if self.focus is None or not 0 <= self.focus < len(self.widgets):
            return None
        return self.widgets[self.focus]

    def set_focus(self, widget: Widget | None) -> None:
        """Give keyboard focus to ``widget`` (None clears it)."""
        self.focus = None if widget is None else self.widgets.index(widget)
        self.app.invalidate()

    def move_focus(self, dx: int, dy: int) -> bool:
        """Move focus to the nearest focusable widget in the direction (dx, dy); True if it moved."""
        cur = self.focused_widget()
        cands = [(i, w) for i, w in enumerate(self.widgets) if w.focusable and w.visible and w.enabled]
        if not cands:
            return False
        if cur is None or not (cur.visible and cur.enabled):
            # The first arrow key lands where the screen starts (never on the back button).
            self.focus = self._start_focus([i for i, _w in cands])
            self.app.invalidate()
            return True
        cx, cy = cur.rect.center
        best, best_score = None, None
        for i, w in cands:
            if i == self.focus:
                continue
            wx, wy = w.rect.center
            ddx, ddy = wx - cx, wy - cy
            along = ddx * dx + ddy * dy
            if along <= 0:
                continue
            across = abs(ddx * dy) + abs(ddy * dx)
            # Overlapping rows/columns are preferred to diagonal jumps.
            if dx:
                overlap = min(cur.rect.bottom, w.rect.bottom) - max(cur.rect.top, w.rect.top)
            else:
                overlap = min(cur.rect.right, w.rect.right) - max(cur.rect.left, w.rect.left)
            score = along + 3 * across - (10_000 if overlap > 0 else 0)
            if best_score is None or score < best_score:
                best, best_score = i, score
        if best is None:
            return False
        self.focus = best
        self.ensure_visible(self.widgets[best])
        self.app.invalidate()
        return True

    def _start_focus(self, candidates: list[int]) -> int:
        """Where keyboard focus goes when nothing is focused: the screen's initial focus, else the
        first candidate that is not the back button."""
        start = self.initial_focus()
        if start in candidates:
            return start
        rest = [i for i in candidates if self.widgets[i] is not self.back_button]
        return (rest or candidates)[0]

    def hotkey_button(self, key: str) -> Widget | None:
        """The visible, enabled button whose key badge reads ``key`` (e.g. "Enter", "H"), if any."""
        for w in self.widgets:
            if getattr(w, "hotkey", None) == key and w.visible and w.enabled and w is not self.back_button:
                return w
        return None

    def cycle_focus(self, step: int) -> None:
        """Tab / Shift+Tab: the next or previous focusable widget."""
        idx = [i for i, w in enumerate(self.widgets) if w.focusable and w.visible and w.enabled]
        if not idx:
            return
        if self.focus not in idx:
            self.focus = self._start_focus(idx)
        else:
            self.focus = idx[(idx.index(self.focus) + step) % len(idx)]
        self.ensure_visible(self.widgets[self.focus])
        self.app.invalidate()

    def ensure_visible(self, widget: Widget) -> None:
        """Scroll so that a focused widget is inside the content area."""
        if self.max_scroll <= 0:
            return
        area = self.app.layout.content()
        if widget.rect.top < area.top:
            self.scroll(widget.rect.top - area.top - self.app.layout.px(8))
        elif widget.rect.bottom > area.bottom:
            self.scroll(widget.rect.bottom - area.bottom + self.app.layout.px(8))

    def bar_notice_rect(self, text: str, *, panel_gap: int = 14) -> pygame.Rect | None:
        """Where a notice of the app goes on a screen with a bottom bar of buttons (the lesson and
        drill screens: ``main_btn``, optional ``hint_btn`` / ``mistakes_btn`` on the left and
        ``prev_btn`` / ``again_btn`` on the right, and a ``feedback_rect`` above the bar;
        :class:`trainer.ui.app.Notice`): in the stretch between them, so that it covers no
        button, nothing of the step and no line of the feedback panel (two lines at most, the
        bar's height and a little more, never up to the panel).  A notice too long for that
        covers the header bar (the title and the step count, for the few seconds it shows);
        longer still, None: the app's usual place."""
        L = self.app.layout
        main = getattr(self, "main_btn", None)
        if main is None or not main.rect.width:
            return None
        area = L.content()
        size = L.font("small")
        line_h = self.app.line_height(size)
        lefts = [b.rect.right + L.px(16) for b in (getattr(self, n, None) for n in ("hint_btn", "mistakes_btn"))
                 if b is not None and b.visible]
        left = max(lefts) if lefts else area.left
        shown = [b.rect.left for b in (getattr(self, n, None) for n in ("prev_btn", "again_btn", "main_btn"))
                 if b is not None and b.visible]
        right = (min(shown) if shown else area.right) - (L.px(16) if shown else 0)
        lines = self.app.wrap(text, size, right - left - L.px(40)) if right - left > L.px(200) else []
        h = len(lines) * line_h + L.px(24)
        top_limit = (self.feedback_rect.bottom if getattr(self, "feedback_rect", None) is not None
                     else main.rect.top - L.px(panel_gap)) + L.px(3)
        room = 2 * min(main.rect.centery - top_limit, L.height - L.px(3) - main.rect.centery)
        if lines and len(lines) <= 2 and h <= room:
            w = max(self.app.text_width(line, size) for line in lines) + L.px(40)
            rect = pygame.Rect(0, 0, min(w, right - left), h)
            rect.center = ((left + right) // 2, main.rect.centery)
            return rect
        back = self.back_button
        left = back.rect.right + L.px(16) if back is not None and back.rect.width else self.header_span()[0]
        width = self.header_span()[1] - left
        lines = self.app.wrap(text, size, width - L.px(40))
        h = len(lines) * line_h + L.px(24)
        if h > L.header_h - L.px(6):
            return None
        return pygame.Rect(left, (L.header_h - h) // 2, width, h)

    def open_dialog(self, title: str, body: str, buttons: list[tuple[str, Any, str]], **kw: Any) -> Dialog:
        """Show a modal dialog; ``buttons`` are (label, callback, kind); Esc closes it."""
        self.dialog = Dialog(self.app, title, body, buttons, **kw)
        self.app.invalidate()
        return self.dialog

    def handle_event(self, ev: pygame.event.Event) -> None:
        """Route one pygame event: keys, mouse motion (hover), clicks, wheel."""
        app = self.app
        if self.dialog is not None:
            self.dialog.handle_event(ev)
            if self.dialog is not None and self.dialog.closed:
                self.dialog = None
            return
        if ev.type == pygame.KEYDOWN:
            if self.on_key(ev):
                app.invalidate()
                return
            w = self.focused_widget()
            if w is not None and w.enabled and w.handle_key(ev):
                app.invalidate()
                return
            key = ev.key
            if key == pygame.K_ESCAPE:
                self.back()
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if not self.submit():
                    # The focused widget, else the button whose badge says Enter.
                    target = w if w is not None and w.enabled and w.visible else self.hotkey_button("Enter")
                    if target is not None:
                        target.activate()
            elif key == pygame.K_SPACE and w is not None and w.enabled:
                w.activate()
            elif key == pygame.K_TAB:
                self.cycle_focus(-1 if ev.mod & pygame.KMOD_SHIFT else 1)
            elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(key, 0)
                dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key, 0)
                if not self.move_focus(dx, dy) and dy:
                    self.scroll(dy * app.layout.px(80))
            elif key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll((1 if key == pygame.K_PAGEDOWN else -1) * app.layout.content().height * 3 // 4)
            else:
                digit = _digit(ev)
                letter = getattr(ev, "unicode", "") or ""
                typing = w is not None and hasattr(w, "insert")  # a text box keeps its letters
                badge = self.hotkey_button(letter.upper()) if len(letter) == 1 and letter.isalpha() \
                    and not typing and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META) \
                    else None
                if digit is not None and digit > 0:
                    self.choose(digit)
                elif badge is not None:
                    badge.activate()  # every key badge works with its key
            app.invalidate()
        elif ev.type == pygame.MOUSEMOTION:
            for w in self.widgets:
                h = w.hit(ev.pos) and w.enabled
                if h != w.hovered:
                    w.hovered = h
                    app.invalidate()
                elif h and hasattr(w, "options"):
                    app.invalidate()  # segmented rows highlight the segment under the mouse
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i in range(len(self.widgets) - 1, -1, -1):
                w = self.widgets[i]
                if w.hit(ev.pos) and w.enabled:
                    if w.focusable:
                        self.focus = i
                    w.click(ev.pos)
                    app.invalidate()
                    return
            if self.on_click(ev.pos, ev.button):
                app.invalidate()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            self.on_click(ev.pos, 3)
            app.invalidate()
        elif ev.type == pygame.MOUSEWHEEL:
            self.scroll(-ev.y * app.layout.px(60))

    def update(self, dt: float) -> bool:
        """Advance animations by ``dt`` seconds; return True while something still moves."""
        return False

    # ---------------------------------------------------------------- drawing

    def draw(self, surf: pygame.Surface) -> None:
        """Paint the whole screen: background, content, widgets, header on top."""
        L = self.app.layout
        self.app.draw_background(surf)
        self.draw_content(surf)
        focused = self.focused_widget()
        pygame.Rect(0, 0, L.width, L.header_h) if self.has_header else None
        for w in self.widgets:
            if not w.visible or w is self.back_button:
                continue
            clip = getattr(w, "clip", None)
            if clip is not None:
                surf.set_clip(clip)
            w.draw(surf, self.app, w is focused and self.app.show_focus)
            if clip is not None:
                surf.set_clip(None)
        self.draw_overlay(surf)
        if self.has_header:
            self.draw_header(surf)
        if self.dialog is not None:
            self.dialog.draw(surf)

    def draw_content(self, surf: pygame.Surface) -> None:
        """Paint everything that is not a widget (below the widgets)."""

    def draw_overlay(self, surf: pygame.Surface) -> None:
        """Paint above the widgets (popups, animations)."""

    def draw_header(self, surf: pygame.Surface) -> None:
        """The top bar: back button, title, and the screen's extra header text."""
        L = self.app.layout
        bar = pygame.Rect(0, 0, L.width, L.header_h)
        pygame.draw.rect(surf, P.felt_dark, bar)
        pygame.draw.line(surf, P.felt_line, bar.bottomleft, bar.bottomright, max(1, L.px(1)))
        left, right = self.header_span()
        if self.back_button is not None:
            b = self.back_button
            b.draw(surf, self.app, b is self.focused_widget() and self.app.show_focus)
            left = b.rect.right + L.px(20)
        extra = self.header_extra()
        right_w = 0
        if extra:
            r = blit_text(surf, self.app, extra, L.font("small"), P.on_felt_muted,
                          (right, bar.centery + L.px(2)), anchor="midright",
                          max_width=self.header_room())
            right_w = r.width + L.px(20)
        blit_text(surf, self.app, self.title(), L.font("h2"), P.on_felt, (left, bar.centery + L.px(2)),
                  anchor="midleft", bold=True, max_width=right - left - right_w)

    def header_span(self) -> tuple[int, int]:
        """Where the header's back button starts and its right-hand text ends: the edges of the
        content area (:meth:`Layout.content`), so that in a wide window the header stands over the
        content, not against the window's edges (the window's margins in a 16:9 one)."""
        area = self.app.layout.content()
        return area.left, area.right

    def header_room(self) -> int:
        """The width the header's extra text may take: a third of the bar, or all that the back
        button and a short title leave free."""
        L = self.app.layout
        start, end = self.header_span()
        left = self.back_button.rect.right + L.px(20) if self.back_button is not None else start
        title_w = self.app.text_width(self.title(), L.font("h2"), True)
        return max(min(L.width // 3, end - start), end - left - title_w - L.px(40))

    def header_extra(self) -> str:
        """Short text at the right of the header (e.g. "Step 3 of 9")."""
        return ""


def _digit(ev: pygame.event.Event) -> int | None:
    ch = getattr(ev, "unicode", "")
    if ch and ch in "0123456789":
        return int(ch)
    if pygame.K_KP1 <= ev.key <= pygame.K_KP9:
        return ev.key - pygame.K_KP1 + 1
    if pygame.K_0 <= ev.key <= pygame.K_9:
        return ev.key - pygame.K_0
    return None
