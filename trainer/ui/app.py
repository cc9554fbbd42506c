"""The desktop app: the window, the screen stack, shared services and the main loop.

:class:`App` owns the pygame window (resizable, 1280x720 by default), the
user's :class:`~trainer.ui.settings.Settings`, the text renderer, the lesson
library, the glossary and the progress store (``app.progress``; None when it
cannot be opened or in tests that do not need it).  Screens are registered by
name with :func:`trainer.ui.registry.register_screen` and opened with ``app.push(name, **params)``.

The loop is idle-friendly: it redraws only after something changed
(``app.invalidate()``) or while a screen animates (``update`` returned True);
otherwise it sleeps in ``pygame.event.wait`` so an idle app uses almost no CPU.
Tests and the screenshot command drive the same code with
:meth:`App.process` (events + a fixed ``dt``) and :meth:`App.render`.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import pygame

from trainer import i18n
from trainer.i18n import _
from trainer.ui.layout import MIN_SIZE, Layout
from trainer.ui.registry import SCREEN_MODULES, SCREENS, has_screen, load_screen_modules, register_screen
from trainer.ui.richtext import shown_term_mode
from trainer.ui.settings import (
    DELETED_KEY,
    LoadResult,
    Settings,
    for_profile,
    load_settings,
    problem_text,
    save_settings,
    settings_from_dict,
)
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import Banner

if TYPE_CHECKING:
    from trainer.ui.screens.base import Screen

P = PALETTE
DEFAULT_SIZE = (1280, 720)
FPS_ANIMATING = 60
LIBRARY_READY = pygame.event.custom_type()
IDLE_WAIT_MS = 1000
# SCREENS, SCREEN_MODULES, register_screen, has_screen and load_screen_modules live in
# trainer.ui.registry; they stay importable from here for older callers.
__all__ = ["App", "SCREENS", "SCREEN_MODULES", "ensure_video_driver", "has_screen", "load_screen_modules",
           "register_screen"]


def store_notice_text(notice: Any, titles: Callable[[str], str | None] | None = None) -> str:
    """What the learner is told when the progress file opened with something to say, in one line
    naming the file (:func:`trainer.progress.notices.notice_text`): a file from a newer trainer kept
    aside untouched, parts rebuilt in place, a journal without its database, or a damaged file kept
    aside, everything that was wrong with it in the learner's words (``titles``: a lesson's title by
    its id) and what was rescued from it into the new file."""
    from trainer.progress.notices import notice_text

    return notice_text(notice, titles)


START_WAIT = 1.0
"""Seconds the start waits for another program's lock on the progress file before it shows the
progress read-only and keeps the new answers until the lock ends."""
UI_WAIT = 0.25
"""Seconds a write made on a frame waits for another program's lock before it is kept for later
(:mod:`trainer.progress.pending`): the window never freezes for the 10 s SQLite would wait."""
RETRY_SECONDS = 3.0
"""How often (seconds of app time) the app tries again to write what it keeps, or to open a locked
progress file for writing; each try asks without waiting."""


def ensure_video_driver() -> None:
    """Use SDL's dummy video/audio driver when there is no display (CI, screenshots)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and os.name == "posix" \
            and not _is_macos():
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


class Notice(Banner):
    """A notice of the app (:meth:`App.notify`): a :class:`Banner`, placed off the play on a table.

    A table screen (``banner_top``) keeps its hand and prompt at the bottom and the player
    across at the top of the felt, so its notice goes into the header bar: in the free stretch
    between the title and the header's own text on the right (the "3 of 44" counter), on at
    most two lines, covering neither.  A notice too long for that stretch covers the bar right
    of the back button for the few seconds it is shown, and runs below the bar only when it
    needs more than one line there.  Other screens: where the screen's ``notice_rect(text)`` puts
    it, else as :meth:`Banner.rect` (above the bottom bar)."""

    HEADER_LINES = 2
    """The most lines a notice has inside the header bar."""

    def _table(self, app: Any) -> bool:
        screen = getattr(app, "screen", None)
        return bool(getattr(screen, "banner_top", False) and getattr(screen, "has_header", True))

    def header_gap(self, app: Any) -> pygame.Rect:
        """The stretch of the header bar that the title (after the back button) and the header's
        right-hand text leave free."""
        L = app.layout
        screen = app.screen
        start, end = self.header_span(app)
        back = getattr(screen, "back_button", None)
        left = back.rect.right + L.px(20) if back is not None and back.rect.width else start
        try:
            title = screen.title()
            extra = screen.header_extra()
        except Exception:  # a screen that cannot name itself right now: keep clear of the whole bar
            return pygame.Rect(left, 0, 0, L.header_h)
        left += app.text_width(title, L.font("h2"), True) + L.px(16) if title else 0
        right = end
        if extra:
            right -= min(app.text_width(extra, L.font("small")), screen.header_room()) + L.px(16)
        return pygame.Rect(left, 0, max(0, right - left), L.header_h)

    def header_span(self, app: Any) -> tuple[int, int]:
        """Where the screen's header starts and ends (:meth:`Screen.header_span`: over the content
        in a wide window, the window's margins in a 16:9 one)."""
        span = getattr(getattr(app, "screen", None), "header_span", None)
        if callable(span):
            return span()
        area = app.layout.content()
        return area.left, area.right

    def _in_header(self, app: Any) -> pygame.Rect | None:
        """Where the notice sits in the header's free stretch, or None when it does not fit there."""
        L = app.layout
        gap = self.header_gap(app)
        if gap.width < L.px(240):
            return None
        size = L.font("small")
        lines = app.wrap(self.text, size, gap.width - L.px(32))
        h = len(lines) * app.line_height(size) + L.px(12)
        if len(lines) > self.HEADER_LINES or h > L.header_h - L.px(4):
            return None
        width = min(gap.width, max(app.text_width(line, size) for line in lines) + L.px(32))
        return pygame.Rect(gap.right - width, (L.header_h - h) // 2, width, h)

    def rect(self, app: Any) -> pygame.Rect:
        if not self._table(app):
            # A screen may place its notices itself (the lesson: in the bottom bar's free stretch,
            # off its feedback panel); None keeps the place above the bottom bar.
            place = getattr(getattr(app, "screen", None), "notice_rect", None)
            rect = place(self.text) if callable(place) else None
            return rect if isinstance(rect, pygame.Rect) else self.clear_of_buttons(app, super().rect(app))
        inside = self._in_header(app)
        if inside is not None:
            return inside
        # Too long for the free stretch: over the header bar right of the back button (the title
        # and the counter hidden for the few seconds it shows), below it only past one line.
        L = app.layout
        start, end = self.header_span(app)
        back = getattr(app.screen, "back_button", None)
        left = back.rect.right + L.px(16) if back is not None and back.rect.width else start
        width = end - left
        size = L.font("small")
        lines = app.wrap(self.text, size, width - L.px(40))
        h = len(lines) * app.line_height(size) + L.px(24)
        return pygame.Rect(left, max(L.px(4), (L.header_h - h) // 2), width, h)

    def clear_of_buttons(self, app: Any, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` (the usual place above the bottom bar) raised clear of the screen's buttons at the
        bottom that it would touch: a screen whose bottom buttons are taller than the usual bar (the
        child's home, with its big buttons) keeps them whole and the notice a gap above them."""
        L = app.layout
        gap = L.px(10)
        zone = rect.inflate(0, 2 * gap)
        tops = [w.rect.top for w in getattr(getattr(app, "screen", None), "widgets", ())
                if getattr(w, "visible", True) and w.rect.width and w.rect.top > rect.top
                and w.rect.bottom >= rect.bottom and w.rect.colliderect(zone)]
        if tops:
            rect = rect.move(0, min(0, min(tops) - gap - rect.bottom))
        return rect

    def draw(self, surf: pygame.Surface, app: Any) -> None:
        inside = self._in_header(app) if self._table(app) else None
        if inside is None:
            super().draw(surf, app)
            return
        from trainer.ui.widgets import blit_wrapped, draw_panel

        L = app.layout
        bg = {"error": P.wrong, "warn": P.accent_dark, "ok": P.right}.get(self.kind, P.felt_dark)
        draw_panel(surf, inside, bg, L.px(10), shadow=L.px(2), border=P.felt_line)
        blit_wrapped(surf, app, self.text, L.font("small"), (255, 255, 255), inside.inflate(-L.px(32), -L.px(12)))


# Sounds are synthesised, not loaded: (frequency Hz, seconds, volume) notes played in a row.
SOUND_NOTES = {
    "right": ((1046.5, 0.09, 0.35), (1318.5, 0.16, 0.30)),  # C6 then E6: a soft chime
    "wrong": ((220.0, 0.14, 0.30),),  # a low, short tone, never a buzzer
    "click": ((1800.0, 0.012, 0.18),),
    "tile": ((900.0, 0.02, 0.25), (600.0, 0.02, 0.15)),  # a tile set down on the felt
}


def _make_sounds() -> dict[str, Any]:
    """Build the sounds (16-bit mono sine notes with a quick fade); empty without audio."""
    import array
    import math

    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
        rate, _fmt, channels = pygame.mixer.get_init()
    except pygame.error:
        return {}
    out = {}
    for name, notes in SOUND_NOTES.items():
        samples = array.array("h")
        for freq, seconds, volume in notes:
            n = int(rate * seconds)
            for i in range(n):
                fade = min(1.0, i / (rate * 0.004), (n - i) / (rate * 0.03))
                v = int(32767 * volume * fade * math.sin(2 * math.pi * freq * i / rate))
                samples.extend([v] * channels)
        try:
            out[name] = pygame.mixer.Sound(buffer=samples.tobytes())
        except pygame.error:
            return {}
    return out


def _is_macos() -> bool:
    import sys

    return sys.platform == "darwin"


def _is_fullscreen() -> bool:
    """Whether the window is full screen now (False where the system cannot say)."""
    try:
        return bool(pygame.display.is_fullscreen())
    except pygame.error:
        return False


class ProgressReadOnlyError(OSError):
    """A change the learner asked for (a new learner, a new name, an import) cannot be saved:
    the progress file can only be read now.  ``str()`` says so in the learner's language."""

    learner_words = True  # str() is for the learner (trainer.progress.files.said_reason)

    def __init__(self) -> None:
        super().__init__(_("your progress can only be read right now, so this change cannot be saved"))


class ReadOnlyProgress:
    """A progress store opened only to read (:func:`trainer.progress.store.open_store_readonly`):
    every read goes to it; the writes made while learning (answers, study time, lesson steps,
    review cards, a learner's settings) are skipped, as the start-up notice said; a change the
    learner asks for (a new learner, a new name, erase, import) raises ProgressReadOnlyError."""

    read_only = True

    def __init__(self, store: Any) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def record_answer(self, *args: Any, **kwargs: Any) -> None:
        return None

    def record_study_time(self, *args: Any, **kwargs: Any) -> None:
        return None

    def save_lesson_step(self, *args: Any, **kwargs: Any) -> None:
        return None

    def complete_lesson(self, *args: Any, **kwargs: Any) -> None:
        return None

    def add_card(self, *args: Any, **kwargs: Any) -> bool:
        return False

    def update_learner(self, learner_id: int, *, name: str | None = None, **kwargs: Any) -> Any:
        if name is not None:
            raise ProgressReadOnlyError()
        return self._store.learner(learner_id)

    def create_learner(self, *args: Any, **kwargs: Any) -> Any:
        raise ProgressReadOnlyError()

    def erase_learner(self, *args: Any, **kwargs: Any) -> None:
        raise ProgressReadOnlyError()

    def import_learner(self, *args: Any, **kwargs: Any) -> Any:
        raise ProgressReadOnlyError()

    def import_file(self, *args: Any, **kwargs: Any) -> Any:
        raise ProgressReadOnlyError()


class App:
    """The running app: window, settings, services and the stack of screens."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        *,
        settings: Settings | None = None,
        progress: Any = "open",
        save: bool = True,
        resizable: bool = True,
        lessons_dir: Any = None,
        catch_errors: bool = False,
    ) -> None:
        """Open the window.  ``settings=None`` loads them from disk; ``progress="open"`` opens the
        learner database (None disables progress); ``save=False`` never writes settings."""
        pygame.init()
        self.banners: list[Banner] = []
        self.save_enabled = save
        if settings is None:  # start-up must survive any settings file
            try:
                loaded = load_settings()
            except Exception as exc:  # noqa: BLE001 - reported, the defaults are used
                loaded = LoadResult(Settings(), repr(exc))
            settings = loaded.settings
        else:
            loaded = None
        self.settings = settings
        i18n.set_language(settings.language)  # a broken catalog falls back to English, never raises
        if loaded is not None and loaded.problem:  # said in the language of the settings that apply
            detail = loaded.translated_problem() or loaded.problem
            if loaded.moved_to is None:
                self.notify(_("Some settings could not be used, so their defaults apply.") + "\n" + detail,
                            "warn", 12)
            else:
                where = " " + _("It was kept as {name}.").format(name=loaded.moved_to.name)
                self.notify(_("Your settings file was damaged, so the defaults are used.") + where
                            + "\n" + detail, "warn", 12)
        for problem in i18n.catalog_problems():
            self.notify(_("A translation could not be loaded, so the English text is shown.") + "\n" + problem,
                        "warn", 12)
        flags = pygame.RESIZABLE if resizable else 0
        self.flags = flags
        pygame.display.set_caption(_("Riichi mahjong trainer"))
        self.window = pygame.display.set_mode(size, flags)
        self.surface = self.window
        self.layout = Layout.for_settings(*size, settings)
        from trainer.ui.text import get_text

        self.text = get_text()
        self.stack: list[Screen] = []
        self.dirty = True
        self.running = False
        self.animating = False
        self.time = 0.0  # seconds of app time (sum of the dt given to process)
        self.show_focus = True
        self._bg_cache: tuple[tuple[int, int], pygame.Surface] | None = None
        self._library: Any = None
        self.lessons_dir = lessons_dir
        self.catch_errors = catch_errors
        self._glossary: Any = None
        self.learner_id: int | None = None
        self.progress = None
        if progress == "open":
            self._open_progress()
        elif progress is not None:
            self.progress = progress
            self._pick_learner()
        self._sounds: dict[str, Any] | None = None
        self._loader: threading.Thread | None = None
        self._loader_error: BaseException | None = None
        if len(self.banners) > 1:  # banners share one place on screen: start-up notices become one
            kind = next((k for k in ("error", "warn") if any(b.kind == k for b in self.banners)), "info")
            self.banners = [Notice("\n".join(b.text for b in self.banners), kind, max(b.left for b in self.banners))]
        self._started = True  # from now on a new notice takes the place of the one shown

    # ------------------------------------------------------------------ services

    def _open_progress(self) -> None:
        """Open the learner's progress file; when another program holds it locked, show it
        read-only and keep the new answers until the lock ends (:meth:`_wait_for_lock`); any other
        problem is said in the learner's words and the app goes on without saving."""
        from trainer.progress import StoreUnavailable, open_store

        try:
            store = open_store(wait=START_WAIT)
        except StoreUnavailable as exc:  # full disk, lock, read-only folder: the file is left alone
            self.progress = None
            if exc.kind == "locked":
                self._wait_for_lock(exc)
            elif not self._open_progress_read_only(exc):
                self._progress_off(exc)
            return
        except Exception as exc:  # noqa: BLE001 - the app still works without progress, and says so
            self.progress = None
            self._progress_off(exc)
            return
        self.progress = self._patient(store)
        for notice in getattr(store, "notices", ()):
            self.notify(store_notice_text(notice, self.lesson_title), "warn", 20)
        try:
            self._pick_learner()
        except Exception as exc:  # noqa: BLE001 - start-up goes on without saving, and says so
            self.progress = None
            self._progress_off(exc)

    #: Why there is no progress store (None: there is one, or the app was started without one).
    progress_problem: BaseException | None = None
    #: The progress file another program holds locked: the app tries to open it again (None: no lock).
    locked_path: Any = None
    #: App time of the next try at writing what is kept, or at opening the locked file.
    next_progress_try = 0.0

    def _patient(self, store: Any, *, writable: bool = True) -> Any:
        """``store`` wrapped so that its writes wait in memory while the file cannot take them
        (:class:`trainer.progress.pending.PatientStore`), a write on a frame waiting at most
        :data:`UI_WAIT` for another program's lock."""
        from trainer.progress.pending import PatientStore

        patient = PatientStore(store, writable=writable, on_kept=self._writes_kept)
        patient.set_wait(UI_WAIT)
        return patient

    def _progress_off(self, problem: BaseException) -> None:
        """No progress this run: say why in the learner's words (the progress screen says it too)."""
        from trainer.progress import StoreUnavailable
        from trainer.progress.files import said_reason

        self.progress_problem = problem
        if not isinstance(problem, StoreUnavailable):
            self.notify(self.progress_error_text(problem), "error", 60)
        elif problem.no_file:  # a folder or a file where the other belongs: there is no file to leave alone
            self.notify(_("Progress cannot be saved: answers are not kept until this is fixed and the app is "
                          "started again.") + "\n" + said_reason(problem), "error", 60)
        else:
            self.notify(_("Your progress file cannot be used right now and was left untouched. Answers are not "
                          "saved until this is fixed and the app is started again.") + "\n" + problem.translated(),
                        "error", 60)

    def _wait_for_lock(self, problem: Any) -> None:
        """Another program holds the progress file locked (a database browser with unsaved edits):
        show the progress read-only when the file can be read, keep the new answers in memory, and
        try every :data:`RETRY_SECONDS` to open it for writing (:meth:`keep_progress`); the learner
        is told in one line.  When it cannot be read either, the app goes on without progress until
        the lock ends."""
        from trainer.progress.store import open_store_readonly

        self.locked_path, self.progress_problem = problem.path, problem
        store = None
        try:
            store = open_store_readonly(problem.path, wait=START_WAIT)
            if not self.active_learners_of(store):
                store.close()
                store = None
        except Exception:  # noqa: BLE001 - not even readable now: tried again with the lock
            store = None
        if store is not None:
            self.progress = self._patient(store, writable=False)
            try:
                self._pick_learner()
                self.progress_problem = None
            except Exception:  # noqa: BLE001 - the app goes on without progress until the lock ends
                self.progress, self.learner_id = None, None
                store.close()
        if self.progress is not None:
            self.notify(self.to_learner(
                _("Another program is using your progress file right now, so your progress is only shown: new "
                  "answers are kept and saved as soon as it lets go of the file (keep the app open until then)."),
                i18n.pgettext("to a child", "Another program is using your progress file right now, so your progress "
                              "is only shown: new answers are kept and saved as soon as it lets go of the file (keep "
                              "the app open until then).")), "warn", 30)
        else:
            self.notify(self.to_learner(
                _("Another program is using your progress file right now, so your progress cannot be shown yet: "
                  "it appears as soon as the program lets go of the file."),
                i18n.pgettext("to a child", "Another program is using your progress file right now, so your "
                              "progress cannot be shown yet: it appears as soon as the program lets go of the "
                              "file.")), "error", 30)

    def to_learner(self, adult: str, child: str) -> str:
        """The words for the current learner: ``child`` (spoken to with «ты») on a child's profile,
        else ``adult`` (both already translated)."""
        return child if self.settings.profile == "child" else adult

    def progress_error_text(self, error: BaseException) -> str:
        """One line saying that the progress could not be saved, and why, in the learner's words (a
        lock, a full disk, a read-only file, an input/output error: never SQLite's English)."""
        from trainer.progress.files import said_reason

        if not getattr(error, "learner_words", False):
            logging.getLogger(__name__).warning("progress: %r", error)
        return _("Progress cannot be saved: {error}").format(error=said_reason(error))

    def progress_failed(self, error: BaseException) -> None:
        """Tell the learner that something could not be saved (:meth:`progress_error_text`)."""
        self.notify(self.progress_error_text(error), "error")

    def _writes_kept(self, kind: str) -> None:
        """The progress file did not take a write: it is kept in memory (and tried again every
        :data:`RETRY_SECONDS`); the learner is told in one line while it waits."""
        from trainer.progress.files import kind_words

        self.next_progress_try = self.time + RETRY_SECONDS
        if kind == "locked":
            text = self.to_learner(
                _("Another program is using your progress file: your answers are kept and saved as soon as it "
                  "lets go of the file (keep the app open until then)."),
                i18n.pgettext("to a child", "Another program is using your progress file: your answers are kept "
                              "and saved as soon as it lets go of the file (keep the app open until then)."))
        else:
            reason = kind_words(kind)
            text = self.to_learner(
                _("Your answers cannot be saved right now ({reason}): they are kept and saved as soon as that "
                  "is fixed (keep the app open until then).").format(reason=reason),
                i18n.pgettext("to a child", "Your answers cannot be saved right now ({reason}): they are kept and "
                              "saved as soon as that is fixed (keep the app open until then).").format(reason=reason))
        self.notify(text, "warn", 30, while_true=lambda: self.kept_writes() > 0)

    def keep_progress(self) -> None:
        """Every :data:`RETRY_SECONDS` of app time: write what the progress file did not take, or open
        the file another program held locked once it lets go; each try asks without waiting, so no
        frame waits for a lock."""
        if self.time < self.next_progress_try:
            return
        self.next_progress_try = self.time + RETRY_SECONDS
        if self.locked_path is not None:
            self._reopen_after_lock()
            return
        if self.kept_writes() and self.progress.flush():
            self.notify(self.to_learner(_("Everything kept meanwhile is saved now."),
                                        i18n.pgettext("to a child", "Everything kept meanwhile is saved now.")),
                        "ok", 5)

    def kept_writes(self) -> int:
        """How many writes the progress file did not take yet and the app keeps in memory."""
        pending = getattr(self.progress, "pending", 0)
        return pending if type(pending) is int else 0

    def _reopen_after_lock(self) -> None:
        """Open the progress file for writing once the other program let go of it: the kept answers
        are written, and the learner is told that saving works again."""
        from trainer.progress import StoreUnavailable, open_store
        from trainer.progress.files import lock_is_free

        if not lock_is_free(self.locked_path):
            return
        try:
            store = open_store(self.locked_path, wait=0.0)
        except StoreUnavailable as exc:
            if exc.kind != "locked":  # something else is wrong now: said, no more tries
                self.locked_path = None
                self.progress_failed(exc)
            return
        except Exception as exc:  # noqa: BLE001 - said, no more tries
            self.locked_path = None
            self.progress_failed(exc)
            return
        self.locked_path, self.progress_problem = None, None
        for notice in getattr(store, "notices", ()):
            self.notify(store_notice_text(notice, self.lesson_title), "warn", 20)
        if self.progress is not None:
            self.progress.set_wait(UI_WAIT)
            self.progress.reopened(store)
        else:
            self.progress = self._patient(store)
            self._pick_learner()
        self.withdraw("error")
        self.notify(self.to_learner(
            _("The other program let go of your progress file: your answers are saved again."),
            i18n.pgettext("to a child", "The other program let go of your progress file: your answers are saved "
                          "again.")), "ok", 6)
        for screen in self.stack:
            screen._built_for = None
        self.invalidate()

    def progress_off_text(self) -> str | None:
        """What the progress screen says when there is no progress to show: why (another program
        holds the file locked, or the reason it cannot be used); None when nothing is known (the
        screen's own words)."""
        from trainer.progress.files import said_reason

        problem = self.progress_problem
        if problem is None:
            return None
        if self.locked_path is not None:
            return self.to_learner(
                _("Another program is using your progress file right now. Your progress appears here as soon "
                  "as it lets go of the file."),
                i18n.pgettext("to a child", "Another program is using your progress file right now. Your progress "
                              "appears here as soon as it lets go of the file."))
        return _("Progress is not being saved: {reason}").format(reason=said_reason(problem))

    def lesson_title(self, lesson_id: str) -> str | None:
        """A lesson's title in the current language, by its id (None when there is no such lesson);
        the lessons are loaded for it when they are not yet."""
        try:
            if self._library is None:
                self._library = self._load_library()
            lesson = self._library.lessons.get(lesson_id)
            return lesson.title.get(self.settings.language) if lesson is not None else None
        except Exception:  # noqa: BLE001 - the id is said instead
            return None

    def _open_progress_read_only(self, problem: Any) -> bool:
        """The progress file cannot be written (a read-only folder, a full disk) but may still be
        read: open it only to read, so that home, progress and export show what the learner earned,
        while nothing is written (:class:`ReadOnlyProgress`).  False when it cannot be read either,
        or holds no learner to show."""
        from trainer.progress.store import open_store_readonly

        if not problem.may_be_read():
            return False
        try:
            store = ReadOnlyProgress(open_store_readonly(problem.path))
        except Exception:  # noqa: BLE001 - unreadable too: the app goes on without progress
            return False
        try:
            if not self.active_learners_of(store):
                store.close()
                return False
            self.progress = store
            self._pick_learner()
        except Exception:  # noqa: BLE001 - the app goes on without progress, and says why
            self.progress, self.learner_id = None, None
            store.close()
            return False
        said = self.to_learner(
            _("Your progress can only be read right now: it is shown and can be exported, but new "
              "answers are not saved until this is fixed and the app is started again."),
            i18n.pgettext("to a child", "Your progress can only be read right now: it is shown and can be "
                          "exported, but new answers are not saved until this is fixed and the app is "
                          "started again."))
        self.notify(said + "\n" + problem.translated(), "error", 60)
        return True

    @property
    def progress_read_only(self) -> bool:
        """True when the progress file is shown but nothing is written to it (:class:`ReadOnlyProgress`)."""
        return bool(getattr(getattr(self, "progress", None), "read_only", False))

    @staticmethod
    def active_learners_of(store: Any) -> list[Any]:
        """The learners of ``store`` not set aside by "delete"."""
        return [x for x in store.learners() if not x.settings.get(DELETED_KEY)]

    def _pick_learner(self) -> None:
        """Start with the learner who was active last (their own settings apply); with no
        learner yet, create one: stored under the untranslated default name, which every screen
        shows in the current language (:func:`trainer.progress.names.shown_name`)."""
        from trainer.progress.names import DEFAULT_NAME

        if self.progress is None:
            return
        learner_id = self.progress.last_active_learner()
        active = [x.id for x in self.active_learners()]
        if learner_id not in active:
            learner_id = active[0] if active else self.progress.create_learner(DEFAULT_NAME).id
        self.switch_learner(learner_id, save_current=False)

    def active_learners(self) -> list[Any]:
        """The learners not set aside by "delete" (see :mod:`trainer.ui.screens.learners`)."""
        if self.progress is None:
            return []
        return self.active_learners_of(self.progress)

    def needs_first_run(self) -> bool:
        """True for a learner who has not answered the first-run question and has done nothing yet."""
        if self.progress is None or self.learner_id is None or self.settings.profile:
            return False
        try:
            return self.progress.answer_count(self.learner_id) == 0 and not self.progress.lessons(self.learner_id)
        except Exception:
            return False

    def switch_learner(self, learner_id: int, *, save_current: bool = True) -> None:
        """Make ``learner_id`` the current learner: the current learner's settings are kept in
        their profile, and the new learner's own settings (if they have any) take effect."""
        store = self.progress
        if store is None:
            return
        if save_current and self.learner_id is not None:
            self.save_learner_settings()
        self.learner_id = learner_id
        learner = store.learner(learner_id)
        saved = learner.settings
        if any(k in Settings.__dataclass_fields__ for k in saved):
            chosen, bad = settings_from_dict(saved)  # a bad value costs only that value
            self.apply_settings(chosen)
            if bad:
                self.notify(_("Some settings could not be used, so their defaults apply.") + "\n"
                            + "; ".join(problem_text(p) for p in bad), "warn", 12)
        else:
            # A new learner inherits nobody's "continue", tab or profile: only the language and
            # how terms show carry over; a child's profile gets the children's tiles.
            self.apply_settings(for_profile(self.settings, "child" if learner.kind == "child" else ""))
        self.invalidate()

    def save_learner_settings(self) -> None:
        """Keep the current settings in the current learner's profile (other keys of the
        profile, such as saved lesson results, are kept)."""
        store = self.progress
        if store is None or self.learner_id is None:
            return
        try:
            saved = store.learner(self.learner_id).settings
            store.update_learner(self.learner_id, settings={**saved, **asdict(self.settings)})
        except Exception as exc:
            self.progress_failed(exc)

    def apply_profile(self, profile: str) -> None:
        """Switch the current learner to a first-run answer (``new``, ``rules`` or ``child``): the
        profile's tab, tiles and theme, and the learner's kind in the store."""
        if self.progress is not None and self.learner_id is not None:
            try:
                self.progress.update_learner(self.learner_id, kind="child" if profile == "child" else "adult")
            except Exception as exc:
                self.progress_failed(exc)
        self.apply_settings(for_profile(self.settings, profile))

    def learner_data(self, key: str) -> Any:
        """A value kept in the current learner's profile under ``key`` (None without one)."""
        if self.progress is None or self.learner_id is None:
            return None
        try:
            return self.progress.learner(self.learner_id).settings.get(key)
        except Exception:
            return None

    def set_learner_data(self, key: str, value: Any) -> None:
        """Keep ``value`` in the current learner's profile under ``key`` (None removes it)."""
        if self.learner_id is not None:
            self.set_learner_data_for(self.learner_id, key, value)

    def set_learner_data_for(self, learner_id: int, key: str, value: Any) -> None:
        """Keep ``value`` in one learner's profile under ``key`` (None removes it)."""
        if self.progress is None:
            return
        try:
            saved = dict(self.progress.learner(learner_id).settings)
            if value is None:
                saved.pop(key, None)
            else:
                saved[key] = value
            self.progress.update_learner(learner_id, settings=saved)
        except Exception as exc:
            self.progress_failed(exc)

    def record_answer(self, source: str, item_id: str, skill: str, correct: bool, seconds: float,
                      hints: int = 0, spec: dict | None = None) -> None:
        """Store one answer in the learner's progress (no-op without a progress store)."""
        if self.progress is None or self.learner_id is None:
            return
        try:
            self.progress.record_answer(self.learner_id, source, item_id, skill, correct, seconds, hints,
                                        spec=spec)
        except Exception as exc:
            self.progress_failed(exc)

    def _load_library(self) -> Any:
        from trainer.lessons.loader import load_all

        return load_all(self.lessons_dir)  # None: the shipped lessons and a teacher's folders

    def start_background_loading(self) -> None:
        """Load the lessons (and the glossary) in a thread so the first frame does not wait;
        a LIBRARY_READY event arrives when they are in."""
        if self._library is not None or self._loader is not None:
            return

        def work() -> None:
            try:
                lib = self._load_library()
                try:
                    self.glossary()
                except Exception:
                    pass
                self._library = lib
            except BaseException as exc:  # reported on first use, never lost
                self._loader_error = exc
            try:
                pygame.event.post(pygame.event.Event(LIBRARY_READY))
            except pygame.error:
                pass

        self._loader = threading.Thread(target=work, name="lesson-loader", daemon=True)
        self._loader.start()

    def library_ready(self) -> bool:
        """Whether the lessons are loaded (True also when no background load was started)."""
        return self._library is not None or self._loader is None

    def library(self) -> Any:
        """The lesson library (loaded on first use; problems in lesson files are kept, never raised)."""
        if self._library is None and self._loader is not None:
            self._loader.join()
            if self._loader_error is not None:
                err, self._loader_error = self._loader_error, None
                self._loader = None
                raise err
        if self._library is None:
            self._library = self._load_library()
        return self._library

    def set_library(self, library: Any) -> None:
        """Use this lesson library instead of loading ``lessons/`` (tests, screenshots)."""
        self._library = library

    def glossary(self) -> Any:
        """The glossary of terms (loaded on first use)."""
        if self._glossary is None:
            from trainer.glossary import load_glossary

            self._glossary = load_glossary()
        return self._glossary

    def term_text(self, term_id: str, *, plain: bool = True) -> str:
        """A glossary term as the learner chose to see it (settings.term_mode; a child's profile shows
        the name alone, :func:`~trainer.ui.richtext.shown_term_mode`), in the UI language:
        as a label (a yaku in a result, a game's title) one set of brackets, «Dora (ドラ, dora)»;
        ``plain=False`` keeps the name's own explanation, «Dora (bonus tile) (ドラ, dora)», for
        the term's own card."""
        try:
            mode = shown_term_mode(self.settings)
            return self.glossary().term(term_id).display(mode, self.settings.language, plain=plain)
        except (KeyError, LookupError):
            return term_id

    # ------------------------------------------------------------------ sound

    def play_sound(self, name: str) -> None:
        """A short sound ("right", "wrong", "click", "tile") when sound is on; silent if there is no audio."""
        if not self.settings.sound:
            return
        if self._sounds is None:
            self._sounds = _make_sounds()
        snd = self._sounds.get(name)
        if snd is not None:
            snd.play()

    # ------------------------------------------------------------------ text helpers

    def text_surface(self, text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        """One line of text rendered with font fallback (cached by the renderer)."""
        return self.text.render(text, size, color, bold=bold)

    def text_width(self, text: str, size: int, bold: bool = False) -> int:
        """Width in pixels of one line of text."""
        return self.text.measure(text, size, bold=bold)[0]

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Break text into lines no wider than ``width``."""
        return self.text.wrap(text, size, max(1, width), bold=bold)

    def line_height(self, size: int) -> int:
        """Height of one text line at ``size``."""
        return self.text.line_height(size)

    # ------------------------------------------------------------------ settings

    def apply_settings(self, settings: Settings) -> None:
        """Switch to new settings: language and sizes take effect at once; saved unless disabled."""
        old = self.settings
        self.settings = settings.validated()
        if settings.language != old.language:
            i18n.set_language(settings.language)
            pygame.display.set_caption(_("Riichi mahjong trainer"))
        layout = Layout.for_settings(self.layout.width, self.layout.height, settings)
        if layout != self.layout:  # tile size, interface size, or a child's profile (which always fits the window)
            self.layout = layout
        if self.save_enabled:
            try:
                save_settings(self.settings)
            except OSError as exc:
                if not self.progress_read_only:  # else the start-up banner says why already
                    from trainer.progress.files import said_reason

                    self.notify(_("Settings cannot be saved: {error}").format(error=said_reason(exc)), "error")
        self.save_learner_settings()
        for screen in self.stack:
            screen._built_for = None
        if self.stack:
            self.stack[-1].rebuild()
        self.invalidate()

    def remember(self, **changes: Any) -> None:
        """Store "where I stopped" fields in the settings without rebuilding screens."""
        self.settings = self.settings.with_(**changes)
        if self.save_enabled:
            try:
                save_settings(self.settings)
            except OSError:
                pass
        self.save_learner_settings()

    # ------------------------------------------------------------------ screen stack

    def push(self, name: str, **params: Any) -> Screen:
        """Open the screen registered as ``name`` on top of the current one."""
        if not has_screen(name):
            raise KeyError(f"no screen registered as {name!r}")
        cls = SCREENS[name]
        if self.stack:
            self.stack[-1].leave()
        screen = cls(self, **params)
        self.stack.append(screen)
        screen.enter()
        self.invalidate()
        return screen

    def replace(self, name: str, **params: Any) -> Screen:
        """Close the current screen and open another in its place."""
        if self.stack:
            left = self.stack.pop()
            left.leave()
            self._drop_notices(left)
        return self.push(name, **params)

    def pop(self) -> None:
        """Close the current screen and return to the one below (the home screen never closes)."""
        if len(self.stack) <= 1:
            return
        left = self.stack.pop()
        left.leave()
        self._drop_notices(left)
        top = self.stack[-1]
        top.enter()
        self.invalidate()

    def home(self) -> None:
        """Return to the bottom screen of the stack."""
        while len(self.stack) > 1:
            left = self.stack.pop()
            left.leave()
            self._drop_notices(left)
        if self.stack:
            self.stack[-1].enter()
        self.invalidate()

    def can_go_back(self) -> bool:
        """Whether the screen being built is above another one (so it gets a back button)."""
        return len(self.stack) > 1

    @property
    def screen(self) -> Screen | None:
        """The screen on top of the stack."""
        return self.stack[-1] if self.stack else None

    # ------------------------------------------------------------------ frame

    def layout_key(self) -> tuple[int, int, float, str, str]:
        """What a screen's widgets depend on: window size, scale, tile size and interface size."""
        L = self.layout
        return (L.width, L.height, L.scale, self.settings.tile_size, self.settings.interface_size)

    def invalidate(self) -> None:
        """Ask for a redraw at the next frame."""
        self.dirty = True

    def notify(self, text: str, kind: str = "info", seconds: float = 6.0,
               while_true: Callable[[], bool] | None = None) -> None:
        """Show a banner message at the bottom of the window (in place of the one shown, once started).

        A notice belongs to the screen on top when it is shown: an "info" notice about that
        screen ("pick a tile first") goes away when the learner leaves the screen (see
        :meth:`_drop_notices`); warnings and errors stay their time, wherever the learner goes.
        With ``while_true``, the notice also goes as soon as it no longer holds (a notice about
        the number in a box, once the number changes)."""
        if getattr(self, "_started", False):
            self.banners = []
        notice = Notice(text, kind, seconds)
        notice.while_true = while_true  # type: ignore[attr-defined]
        stack = getattr(self, "stack", None)
        notice.owner = stack[-1] if stack else None  # type: ignore[attr-defined]
        notice.born = getattr(self, "time", 0.0)  # type: ignore[attr-defined]
        self.banners.append(notice)
        self.dirty = True

    def notify_once(self, text: str, kind: str = "info", seconds: float = 6.0, *, about: Any = None) -> None:
        """:meth:`notify`, but each ``text`` once per run (and per ``about``: a learner, say), however
        often the screen that says it is built again."""
        said = self.__dict__.setdefault("_said_once", set())
        if text and (about, text) not in said:
            said.add((about, text))
            self.notify(text, kind, seconds)

    def withdraw(self, kind: str) -> None:
        """Take back the notices of ``kind`` shown so far: what they said no longer holds (the
        error about a file that could not be read, once another file was read)."""
        keep = [b for b in self.banners if b.kind != kind]
        if len(keep) != len(self.banners):
            self.banners = keep
            self.dirty = True

    def _drop_notices(self, left: Screen) -> None:
        """The learner left ``left``: its own info notices go.  One shown by the very action that
        leaves ("Now learning: Anna", then back) is about where the learner goes, and stays."""
        keep = [b for b in self.banners if getattr(b, "owner", None) is not left or b.kind != "info"
                or getattr(b, "born", None) == self.time]
        if len(keep) != len(self.banners):
            self.banners = keep
            self.dirty = True

    def resize(self, width: int, height: int) -> None:
        """Adapt to a new window size (also used by the screenshot command)."""
        width, height = max(MIN_SIZE[0] // 2, width), max(MIN_SIZE[1] // 2, height)
        if (width, height) != self.surface.get_size():
            surface = self._set_mode((width, height), self.flags, _("The window could not take that size."))
            if surface is None:
                return
            self.window = self.surface = surface
        self._lay_out_for(width, height)

    #: The window's size before F11 made it full screen (None: not full screen by F11).
    windowed_size: tuple[int, int] | None = None

    def toggle_fullscreen(self) -> None:
        """F11: the whole screen, borderless, at the desktop's size (``set_mode((0, 0), FULLSCREEN)``
        takes the desktop size of the display the window is on, which pygame-ce opens as SDL's
        desktop full screen: no change of the monitor's mode), the layout built for that size; F11
        again goes back to the window at its size before.  Where the system refuses, one line says
        so and the window stays as it was."""
        if self.windowed_size is None or not _is_fullscreen():
            windowed: tuple[int, int] | None = self.surface.get_size()  # before: the display surface is reused
            surface = self._set_mode((0, 0), pygame.FULLSCREEN, _("Full screen is not available here."))
        else:
            surface = self._set_mode(self.windowed_size, self.flags,
                                     _("The window could not go back to its size."))
            windowed = None
        if surface is None:
            return
        self.windowed_size = windowed
        self.window = self.surface = surface
        self._lay_out_for(*surface.get_size())

    def _set_mode(self, size: tuple[int, int], flags: int, failed: str) -> pygame.Surface | None:
        """``pygame.display.set_mode``, guarded: where the system refuses (no full screen with this
        video driver, a size it cannot give), the learner reads ``failed`` in one line, the error
        goes to the log, the app goes on with whatever window is left, and None is returned."""
        try:
            return pygame.display.set_mode(size, flags)
        except pygame.error as exc:
            logging.getLogger(__name__).warning("display: %s", exc)
            self.notify(failed, "warn", 6)
            left = pygame.display.get_surface()
            if left is not None and left.get_size() != (self.layout.width, self.layout.height):
                self.window = self.surface = left
                self._lay_out_for(*left.get_size())
            return None

    def _lay_out_for(self, width: int, height: int) -> None:
        """The layout for a window of ``width`` x ``height``; the screen on top built again for it
        (its learner's input kept: :meth:`Screen.rebuild`)."""
        self.layout = Layout.for_settings(width, height, self.settings)
        if self.stack:
            self.stack[-1].rebuild()
        self.invalidate()

    def draw_background(self, surf: pygame.Surface) -> None:
        """The felt table: a soft vertical gradient with a darker edge (cached per window size)."""
        size = surf.get_size()
        if self._bg_cache is None or self._bg_cache[0] != size:
            bg = pygame.Surface(size)
            w, h = size
            top, bottom = P.felt_light, P.felt_dark
            for y in range(h):
                t = y / max(1, h - 1)
                t = t * t * 0.85 + 0.15 * t
                c = tuple(round(top[i] + (bottom[i] - top[i]) * t) for i in range(3))
                pygame.draw.line(bg, c, (0, y), (w, y))
            self._bg_cache = (size, bg)
        surf.blit(self._bg_cache[1], (0, 0))

    def process(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """Handle events, then advance the top screen by ``dt`` seconds (tests call this directly)."""
        self.time += dt
        for ev in events:
            self.handle_event(ev)
        if self.locked_path is not None or self.kept_writes():
            self.keep_progress()
        screen = self.screen
        animating = bool(self._guard(screen.update, min(dt, 0.1))) if screen is not None else False
        if self.banners:
            alive = [b for b in self.banners if b.update(dt)
                     and (getattr(b, "while_true", None) is None or b.while_true())]
            if len(alive) != len(self.banners):
                self.dirty = True
            self.banners = alive  # a banner is still: it is drawn again only when one goes away
        self.animating = animating
        if animating:
            self.dirty = True

    def handle_event(self, ev: pygame.event.Event) -> None:
        """Global events (quit, resize), then the top screen's handling."""
        if ev.type == pygame.QUIT:
            self.running = False
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            w, h = getattr(ev, "w", None) or ev.x, getattr(ev, "h", None) or ev.y
            if (w, h) != (self.layout.width, self.layout.height):
                self.surface = pygame.display.get_surface() or self.surface
                self._lay_out_for(w, h)
            self.invalidate()
            return
        if ev.type == LIBRARY_READY:
            if self.stack and getattr(self.stack[-1], "needs_library", False):
                self.stack[-1].rebuild()
            # Lessons, glossary and fonts are loaded for good: keep them out of the garbage
            # collector's full passes, which would otherwise pause frames now and then.
            import gc

            gc.collect()
            gc.freeze()
            self.invalidate()
            return
        if ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            self.invalidate()
            return
        if ev.type == pygame.KEYDOWN:
            self.show_focus = True
            if ev.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            self.show_focus = False
        screen = self.screen
        if screen is not None:
            self._guard(screen.handle_event, ev)

    def _guard(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a screen hook; in the desktop app a bug is reported in a banner instead of
        closing the window (and losing the learner's place).  Tests let errors through."""
        if not self.catch_errors:
            return fn(*args)
        try:
            return fn(*args)
        except Exception as exc:  # noqa: BLE001 - shown to the learner and printed for a bug report
            import traceback

            traceback.print_exc()
            self.notify(_("Something went wrong: {error}").format(error=exc), "error", 10)
            return None

    def render(self) -> pygame.Surface:
        """Draw the top screen and the banners onto the window surface; returns it."""
        screen = self.screen
        surf = self.surface
        if screen is not None:
            if screen._built_for != self.layout_key():
                self._guard(screen.rebuild)
            self._guard(screen.draw, surf)
        for b in self.banners:
            b.draw(surf, self)
        self.dirty = False
        return surf

    def idle_wait_ms(self) -> int:
        """How long the idle loop may sleep: until the next event, or until the first banner
        is due to go away (so a banner costs one redraw when it appears and one when it goes)."""
        if not self.banners:
            return IDLE_WAIT_MS
        return max(1, min(IDLE_WAIT_MS, int(min(b.left for b in self.banners) * 1000) + 1))

    def run(self, first: str = "home") -> int:
        """The main loop until the window is closed; returns the exit status."""
        if not self.stack:
            self.push("first_run" if first == "home" and self.needs_first_run() else first)
        self.running = True
        clock = pygame.time.Clock()
        last = time.perf_counter()
        self.animating = False
        while self.running:
            if self.animating or self.dirty:
                events = pygame.event.get()
            else:
                first_ev = pygame.event.wait(self.idle_wait_ms())
                events = [first_ev] if first_ev.type != pygame.NOEVENT else []
                events += pygame.event.get()
            now = time.perf_counter()
            dt = now - last
            last = now
            self.process(events, dt)
            if self.dirty:
                self.render()
                pygame.display.flip()
            if self.animating:
                clock.tick(FPS_ANIMATING)
        self.close()
        return 0

    def close(self) -> None:
        """Let every open screen keep what must not be lost (:meth:`Screen.closing`: a lesson's
        study time on the step still open), then close the progress store and the window."""
        for screen in reversed(getattr(self, "stack", [])):
            try:
                self._guard(screen.closing)
            except Exception:  # noqa: BLE001 - closing goes on: the store must still be closed
                pass
        if self.locked_path is not None and self.kept_writes():  # one last chance for what was kept
            try:
                self._reopen_after_lock()
            except Exception:  # noqa: BLE001 - closing goes on
                pass
        if self.progress is not None:
            try:
                self.progress.close()
            except Exception:
                pass
        pygame.display.quit()
