"""The progress screen: streak and daily goal, what is due for review, mastery per skill,
accuracy and speed over the last 30 days (charts drawn in the app), lessons done and time
spent; and the doors to switching learner, review, export and import.

A child's profile sees the children's page instead (:class:`KidsProgress`): how many of the
children's lessons are done, the right answers as stars, today's answers, and one big button to
what comes next, in a child's words.  The grown-ups' page with every figure is behind «For
grown-ups» (the screen opened with ``adult=True``, as the child home's «For grown-ups» does)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date, datetime

import pygame

from trainer.i18n import _, format_decimal, format_number, format_percent, ngettext
from trainer.progress.names import shown_name
from trainer.progress.skills import skill_name
from trainer.ui import folders
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.views.coming_reviews import Coming, coming_note, coming_reviews, coming_text, practise_now
from trainer.ui.views.review_items import due_review_items, waiting_for_lessons
from trainer.ui.widgets import Button, blit_text, blit_wrapped, draw_panel, fit_line

P = PALETTE
CHART_DAYS = 30
NOTE_LINES = 3
"""The mastery panel's note (what the bars mean) takes at most this many lines."""
NOTE_WARN_LINES = 3
"""The warning line under the figures (a newer trainer's progress, cards waiting for lessons) takes at
most this many lines."""
FEW_ANSWERS = 10
"""A skill with fewer answers is not judged yet: its bar is drawn blue, never red (two right
answers of two show a short bar, because mastery grows answer by answer)."""
KID_VALUE_FONTS = ("hero", "title", "h2")
"""The sizes a child card's big figure may take, largest first, to fit its card."""


@dataclass
class ProgressData:
    """What the screen shows, read from the store in one go when the screen opens."""

    learner_name: str
    streak: int
    today: int
    goal: int
    due: int
    totals: dict
    mastery: list
    days: list
    positions: list = field(default_factory=list)  # the due positions from games (the home's "Mistakes")
    waiting: list = field(default_factory=list)  # (file, n): due cards of lessons that did not load
    coming: Coming | None = None  # with nothing due now: when the next review cards come back
    newer: list = field(default_factory=list)  # progress files of a newer trainer kept aside beside this one


def mastery_order(mastery: list) -> list:
    """The skills as the progress screen lists them: the weakest first, so the ones to practise
    next are never the ones cut off; the skills with too few answers to judge come after the
    judged ones (their bars are short because they have just started)."""
    return sorted(mastery, key=lambda m: (m.answers < FEW_ANSWERS, m.mastery, m.skill))


def load_data(app) -> ProgressData | None:
    """Read the current learner's figures, or None when there is no progress store."""
    store, lid = app.progress, app.learner_id
    if store is None or lid is None:
        return None
    learner = store.learner(lid)
    return ProgressData(
        learner_name=shown_name(learner.name),
        streak=store.streak(lid),
        today=store.today_count(lid),
        goal=learner.daily_goal,
        due=len(due_review_items(app)),  # what the review session shows: drills, missed lesson steps, starter puzzles
        totals=store.totals(lid),
        mastery=mastery_order(store.mastery(lid)),
        days=store.days(lid, last=CHART_DAYS),
        positions=_due_positions(app),  # named apart: the position review shows them, as from the home
        waiting=waiting_for_lessons(app),  # not in the count above, so said apart: never dropped silently
        coming=_coming(app),  # nothing due now: when the next cards come back
        newer=_newer_files(store),  # said every time, not only in the start-up notice: never hidden
    )


def _newer_files(store) -> list:  # noqa: ANN001 - the progress store
    """The progress files a newer version of the trainer wrote, kept aside beside the store's file."""
    from trainer.progress.files import kept_aside

    path = getattr(store, "path", None)
    return kept_aside(path, "newer") if path is not None else []


def _coming(app, now: datetime | None = None) -> Coming | None:  # noqa: ANN001
    """With nothing due now: when the next cards come back, the positions from games among them."""
    from trainer.ui.game_cards import game_path

    return coming_reviews(app, now=now, find_game=game_path)


def _due_positions(app) -> list:  # noqa: ANN001
    """The due positions from the learner's games (the home's "Mistakes from your games" card)."""
    from trainer.ui.game_cards import due_positions

    return due_positions(app)


@dataclass
class KidsProgress:
    """What a child's progress page shows: the children's lessons done of all, right answers (the
    stars), today's answers, and the lesson to go on with (None when every one is done)."""

    done: int
    total: int
    right: int
    today: int
    next_title: str = ""
    next_lesson: str | None = None
    next_step: int | None = None  # a lesson left in the middle goes on at its step


def kids_progress(app) -> KidsProgress:  # noqa: ANN001
    """Read a child's figures: the children's track only (the lessons a child's profile has)."""
    from trainer.ui.views.lesson_order import lesson_states, lesson_title, next_lesson, resume_lesson

    store, lid = app.progress, app.learner_id
    right = today = 0
    if store is not None and lid is not None:
        right, today = int(store.totals(lid)["correct"]), store.today_count(lid)
    try:
        lib = app.library()
        kids = list(lib.by_track("kids"))
        states = lesson_states(app, lib)
        resume = resume_lesson(app, lib)
        nxt = lib.lessons[resume[0]] if resume is not None else next_lesson(app, lib)
    except Exception:  # noqa: BLE001 - lessons that cannot be read: the figures without them
        return KidsProgress(0, 0, right, today)
    done = sum(1 for x in kids if states.get(x.id) == "done")
    if nxt is None:
        return KidsProgress(done, len(kids), right, today)
    return KidsProgress(done, len(kids), right, today, lesson_title(nxt, app.settings.language), nxt.id,
                        resume[1] if resume is not None else None)


def positions_note(n: int) -> str:
    """The "due for review" card's line about the due positions from games (the review session
    shows exercises; the positions have their own door, as on the home)."""
    # TRANSLATORS: under the count of due exercises on the progress screen (ru: «+ 3 позиции из ваших партий»).
    return ngettext("+ {n} position from your games", "+ {n} positions from your games", n).format(n=n)


def newer_text(newer: list) -> str:
    """The progress screen's line about progress files a newer trainer wrote (kept aside untouched
    when this one started): where the newest is, and that updating the trainer shows it ("" for none)."""
    if not newer:
        return ""
    # TRANSLATORS: progress screen; {path} is a progress file kept aside because a newer trainer wrote it.
    return _("The progress saved by a newer version of the trainer is kept in {path}: update the trainer "
             "to see it. Nothing in it was changed.").format(path=newer[-1])


def notes_text(data: ProgressData) -> str:
    """The progress screen's warning line under the figures: a newer trainer's progress kept aside,
    review cards waiting for lesson files to be fixed ("" for none)."""
    notes = [t for t in (newer_text(data.newer), waiting_text(data.waiting)) if t]
    return "⚠ " + " ".join(notes) if notes else ""


def waiting_text(waiting: list[tuple[str, int]]) -> str:
    """The progress screen's line about due review cards of lessons that cannot open now (their
    file has an error): how many wait for which file, and that they come back ("" for none)."""
    from pathlib import Path

    if not waiting:
        return ""
    n = sum(k for _file, k in waiting)
    if len(waiting) == 1:
        file = "…/" + Path(waiting[0][0]).name
        # TRANSLATORS: progress screen; {file} is a lesson file with an error (ru: «1 карточка урока из файла …/x.yaml ждёт…»).
        return ngettext("{n} review card of the lesson in {file} is waiting: the file has an error, so the lesson "
                        "cannot open now. It comes back when the file is fixed.",
                        "{n} review cards of the lesson in {file} are waiting: the file has an error, so the lesson "
                        "cannot open now. They come back when the file is fixed.", n).format(n=n, file=file)
    files = ", ".join(f"…/{Path(f).name} ({k})" for f, k in waiting)
    return ngettext("{n} review card is waiting for lessons that cannot open now, their files have errors: {files}. "
                    "It comes back when the files are fixed.",
                    "{n} review cards are waiting for lessons that cannot open now, their files have errors: "
                    "{files}. They come back when the files are fixed.", n).format(n=n, files=files)


def duration_text(seconds: float) -> str:
    """Time spent, as hours and minutes (some seconds: under a minute, not zero)."""
    minutes = int(seconds // 60)
    if minutes == 0 and seconds > 0:
        return _("under a minute")
    if minutes < 60:
        return ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)
    hours, minutes = divmod(minutes, 60)
    return _("{h} h {m} min").format(h=hours, m=minutes)


def axis_label(peak: float) -> str:
    """A chart's top value: whole numbers as such, small ones with the decimals that keep them
    from reading as 0 (0.3 seconds, 0.04 seconds)."""
    if peak >= 10 or peak == int(peak):
        return format_decimal(peak, "0")
    return format_decimal(peak, "0.0" if peak >= 1 else "0.00")


def seconds_axis(peak: float) -> tuple[int, str]:
    """The seconds chart's top: whole seconds (at least one) and its label with the unit ("6 s").

    Answers take seconds; a peak of 0.03 s (answers given by a script) reads as "1 s", not "0.03"."""
    top = max(1, math.ceil(peak - 1e-9))
    # TRANSLATORS: seconds on a chart's axis (ru: «6 с»).
    return top, _("{n} s").format(n=top)


def mastery_label(m) -> str:  # noqa: ANN001 - a SkillMastery
    """What the learner did in one skill, beside its bar: right answers of all, then the mastery
    («2 из 2 · 28 %»), so a short bar after few answers reads as "just started", not as "bad"."""
    # TRANSLATORS: right answers of all answers in one skill, beside its mastery bar (ru: «2 из 2»).
    counts = _("{right} of {n}").format(right=format_number(m.correct), n=format_number(m.answers))
    return f"{counts} · {format_percent(m.mastery)}"


def mastery_color(m):  # noqa: ANN001, ANN201 - a SkillMastery -> a colour
    """The bar's colour: blue while the skill has few answers (not judged yet), then green, amber
    or red by mastery."""
    if m.answers < FEW_ANSWERS:
        return P.hint
    return P.right if m.mastery >= 0.8 else P.accent if m.mastery >= 0.5 else P.wrong


@register_screen("progress")
class ProgressScreen(Screen):
    """Mastery, charts and totals for the current learner (a child: :class:`KidsProgress`)."""

    data: ProgressData | None = None
    kid: KidsProgress | None = None
    waiting_rect: pygame.Rect | None = None  # the line about cards waiting for a lesson file to be fixed
    mastery_top: int = 0  # the first skill shown in the mastery panel (the list pages on)
    mastery_fits: int = 0  # how many skill rows the panel shows at once
    mastery_rows_top: int = 0  # where the first row starts

    @property
    def kids(self) -> bool:
        """A child's profile sees the children's page, unless a grown-up opened the full one."""
        return self.app.settings.profile == "child" and not self.params.get("adult")

    def title(self) -> str:
        # TRANSLATORS: the title of a child's progress page (ru: «Мои успехи»).
        return _("My progress") if self.kids else _("Progress")

    def header_extra(self) -> str:
        return self.data.learner_name if self.data else ""

    def enter(self) -> None:
        self.data = load_data(self.app)
        self.kid = kids_progress(self.app) if self.kids and self.data is not None else None
        super().enter()

    def build(self) -> None:
        if self.kid is not None:
            self._build_kids()
            return
        self.review_btn = self.add(Button(_("Review"), self.start_review, kind="primary", size="small"))
        # nothing due now, but cards are coming: the button says when (never "nothing to review")
        self.review_btn.enabled = bool(self.data and (self.data.due or self.data.coming is not None))
        positions = len(self.data.positions) if self.data else 0
        # TRANSLATORS: the progress screen's door to the due positions from the learner's games.
        self.positions_btn = self.add(Button(ngettext("Review {n} position from your games",
                                                      "Review {n} positions from your games", positions)
                                             .format(n=positions), self.review_positions, kind="secondary"))
        self.positions_btn.visible = positions > 0
        self.learners_btn = self.add(Button(_("Learners"), lambda: self.app.push("learners"), kind="secondary"))
        self.export_btn = self.add(Button(_("Export"), self.export, kind="secondary"))
        self.import_btn = self.add(Button(_("Import"), lambda: self.app.push("progress_import"), kind="secondary"))
        # the mastery list pages on: every skill can be seen, with the keyboard too
        self.more_btn = self.add(Button("", self.more_skills, kind="secondary", size="small"))
        self.more_btn.visible = False
        if self.data is None:
            for b in (self.review_btn, self.learners_btn, self.export_btn, self.import_btn):
                b.enabled = False
        if getattr(self.app, "progress_read_only", False):
            self.import_btn.enabled = False  # shown and exported, but nothing can be written now

    def initial_focus(self) -> int | None:
        """The first button that can be pressed: a disabled one (the «Review» button with nothing to
        review or coming back) never holds the focus ring."""
        start = 1 if self.back_button is not None else 0
        return next((i for i in range(start, len(self.widgets))
                     if self.widgets[i].focusable and self.widgets[i].visible and self.widgets[i].enabled), None)

    def rebuild(self) -> None:
        """Build the page again; the focus leaves a button that is disabled now (nothing to review
        any more) for the first one that can be pressed."""
        super().rebuild()
        focused = self.focused_widget()
        if focused is not None and not focused.enabled:
            self.focus = self.initial_focus()

    def _build_kids(self) -> None:
        """The children's page: one big button to what comes next, and the grown-ups' door."""
        k = self.kid
        if k.next_lesson is not None:
            lesson_id, step = k.next_lesson, k.next_step
            label = (_("Go on: {lesson}") if step is not None else _("Next: {lesson}")).format(lesson=k.next_title)
            go = (lambda: self.app.push("lesson", lesson_id=lesson_id, step=step)) if step is not None else \
                (lambda: self.app.push("lesson", lesson_id=lesson_id))
        else:
            label, go = _("Games"), lambda: self.app.push("kids_games")
        self.next_btn = self.add(Button(label, go, kind="primary", size="large"))
        self.adult_btn = self.add(Button(_("For grown-ups"), lambda: self.app.push("progress", adult=True),
                                         kind="ghost"))

    def _layout_kids(self) -> None:
        L = self.app.layout
        c = L.content()
        gap = L.px(22)
        self.kid_cards = [pygame.Rect(c.left + i * ((c.width - 2 * gap) // 3 + gap), c.top + L.px(10),
                                      (c.width - 2 * gap) // 3, L.px(214)) for i in range(3)]
        self.next_top = self.kid_cards[0].bottom + L.px(36)
        bh = L.px(72)
        y = self.next_top + self.app.line_height(L.font("h2")) + L.px(14)
        self.next_btn.rect = pygame.Rect(c.left, y, min(c.width, self.next_btn.preferred_width(self.app) + L.px(40)),
                                         bh)
        if self.next_btn.rect.width >= c.width:  # a long lesson name: the button takes the row
            self.next_btn.rect.width = c.width
        gw = self.adult_btn.preferred_width(self.app)
        self.adult_btn.rect = pygame.Rect(c.right - gw, c.bottom - L.px(48), gw, L.px(48))

    def layout(self) -> None:
        if self.kid is not None:
            self._layout_kids()
            return
        L = self.app.layout
        c = L.content()
        foot = self.data is not None and (self.data.positions or self.data.coming is not None)
        # a line at the due card's foot (the positions, or when the next cards come): a little taller,
        # so the review button and its focus ring stay clear of it in a small window too
        self.stats_rect = pygame.Rect(c.left, c.top, c.width, L.px(112) + (L.px(8) if foot else 0))
        body_top = self.stats_rect.bottom + L.px(18)
        self.waiting_rect = None
        note = notes_text(self.data) if self.data is not None else ""
        if note:  # a newer trainer's progress kept aside, cards waiting for a lesson file: under the figures
            lines = min(NOTE_WARN_LINES, len(self.app.wrap(note, L.font("small"), c.width)))
            h = lines * self.app.line_height(L.font("small"))
            self.waiting_rect = pygame.Rect(c.left, body_top - L.px(6), c.width, h)
            body_top = self.waiting_rect.bottom + L.px(12)
        btn_h = L.px(48)
        self.buttons_y = c.bottom - btn_h
        left_w = int(c.width * 0.42)
        self.mastery_rect = pygame.Rect(c.left, body_top, left_w, self.buttons_y - body_top - L.px(16))
        right = pygame.Rect(self.mastery_rect.right + L.px(20), body_top,
                            c.right - self.mastery_rect.right - L.px(20), self.mastery_rect.height)
        half = (right.height - L.px(16)) // 2
        self.chart1 = pygame.Rect(right.left, right.top, right.width, half)
        self.chart2 = pygame.Rect(right.left, self.chart1.bottom + L.px(16), right.width, half)
        x = c.left
        for b in (self.learners_btn, self.export_btn, self.import_btn, self.positions_btn):
            b.rect = pygame.Rect(x, self.buttons_y, b.preferred_width(self.app), btn_h)
            x = b.rect.right + L.px(12)
        # the review button sits in the "due" stat card
        card_w = (c.width - 3 * L.px(14)) // 4
        due_card = pygame.Rect(c.left + 2 * (card_w + L.px(14)), c.top, card_w, self.stats_rect.height)
        bw = min(self.review_btn.preferred_width(self.app), due_card.width * 3 // 5)
        self.review_btn.rect = pygame.Rect(0, 0, bw, L.px(40))
        # under the card's label with room for the focus ring (it stands 2 * px(2) out of the
        # button) and a gap, and no lower than the card's padding allows
        label_bottom = due_card.top + L.px(10) + self.app.line_height(L.font("small"))
        top = min(label_bottom + L.px(12), due_card.bottom - L.px(10) - L.px(40))
        if foot:  # the line at the card's foot stays clear
            note_top = due_card.bottom - L.px(12) - self.app.line_height(L.font("small"))
            top = min(top, note_top - 2 * L.px(2) - L.px(40))
        self.review_btn.rect.topright = (due_card.right - L.px(14), max(top, label_bottom + 2 * L.px(2)))
        self._layout_mastery()

    def _layout_mastery(self) -> None:
        """How many skill rows the mastery panel shows, and the button to the rest of them."""
        L = self.app.layout
        r = self.mastery_rect
        pad = L.px(16)
        y = r.top + pad + self.app.line_height(L.font("large")) + L.px(4)
        lines = min(NOTE_LINES, len(self.app.wrap(self.mastery_note(), L.font("tiny"), r.width - 2 * pad)))
        y += lines * self.app.line_height(L.font("tiny")) + L.px(2)
        self.mastery_rows_top = y
        row_h = L.px(34)
        total = len(self.data.mastery) if self.data is not None else 0
        fits = max(1, (r.bottom - pad - y) // row_h)
        btn = self.more_btn
        btn.visible = total > fits
        if not btn.visible:
            self.mastery_top, self.mastery_fits = 0, fits
            return
        btn_h = L.px(36)
        fits = max(1, (r.bottom - pad - btn_h - L.px(6) - y) // row_h)
        self.mastery_fits = fits
        self.mastery_top = max(0, min(self.mastery_top, total - fits))
        rest = total - self.mastery_top - fits
        # TRANSLATORS: the button under the mastery list to the skills below (ru: «↓ Ещё 4 навыка»).
        btn.label = ("↓ " + ngettext("{n} more skill", "{n} more skills", rest).format(n=rest)) if rest > 0 \
            else "↑ " + _("Back to the start")
        w = min(btn.preferred_width(self.app), r.width - 2 * pad)
        btn.rect = pygame.Rect(r.right - pad - w, r.bottom - pad - btn_h, w, btn_h)

    def mastery_note(self) -> str:
        """The line under the mastery panel's title: what the bars mean and the order."""
        return _("The weakest skills come first. The bar grows with each right answer; recent answers count most. "
                 "Blue: too few answers to judge yet.")

    def more_skills(self) -> None:
        """The mastery list's button: the next page of skills, or back to the first."""
        total = len(self.data.mastery) if self.data is not None else 0
        fits = max(1, self.mastery_fits)
        self.mastery_top = 0 if self.mastery_top + fits >= total else min(self.mastery_top + fits, total - fits)
        self.relayout()
        self.app.invalidate()

    def scroll(self, dy: int) -> None:
        """The mouse wheel, PgUp/PgDn and the arrows past the last button move the mastery list
        (the page itself does not scroll)."""
        if self.kid is not None or self.data is None or not self.more_btn.visible:
            return
        rows = max(1, round(abs(dy) / self.app.layout.px(34)))
        total = len(self.data.mastery)
        top = max(0, min(total - self.mastery_fits, self.mastery_top + (rows if dy > 0 else -rows)))
        if top != self.mastery_top:
            self.mastery_top = top
            self.relayout()
            self.app.invalidate()

    # ------------------------------------------------------------------ actions

    def start_review(self) -> None:
        """Open a review session with the due items the app can show again."""
        store, lid = self.app.progress, self.app.learner_id
        if store is None or lid is None:
            return
        now = datetime.now().astimezone()
        items = due_review_items(self.app, now=now)
        if items:
            self.app.push("review", items=items)
            return
        coming = _coming(self.app, now)
        if coming is None:
            self.app.notify(_("Nothing to review yet: an exercise you miss in a drill or a lesson comes back "
                              "here the next day."), "info")
            return
        buttons = [(_("Close"), lambda: None, "secondary")]
        if coming.soon(now):
            # TRANSLATORS: the button that practises the exercises coming back tomorrow, at once.
            buttons.insert(0, (_("Practice now"), lambda: practise_now(self.app, coming), "primary"))
        self.open_dialog(_("Review"), coming_text(coming, now), buttons)

    def review_positions(self) -> None:
        """Open the review of the due positions from the learner's games (the home's door)."""
        items = _due_positions(self.app)
        if not items:
            self.app.notify(_("Nothing to review right now."), "info")
            return
        self.app.push("position_review", items=items)

    def export(self) -> None:
        """Write the learner's progress to a JSON file in the documents folder and say where."""
        from trainer.progress.transfer import ExportError, write_export
        from trainer.ui.saved_games import games_dir

        store, lid = self.app.progress, self.app.learner_id
        if store is None or lid is None:
            return
        folder = folders.export_folder()
        learner = shown_name(store.learner(lid).name)
        name = "".join(ch if ch.isalnum() else "_" for ch in learner) or "learner"
        path = folder / f"riichi-trainer-{name}-{date.today().isoformat()}.json"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_export(store, lid, path, games=games_dir(self.app))  # the saved games go along
        except ExportError as exc:
            self.app.notify(_("Could not export: {error}").format(error=exc.translated()), "error", 10)
            return
        except OSError as exc:
            self.app.notify(_("Could not export: {error}").format(error=exc), "error", 10)
            return
        self.app.notify(_("Progress exported to {path}").format(path=path), "info", 12)

    # ------------------------------------------------------------------ drawing

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        if self.data is None:
            c = L.content()
            # why there is no progress, when the app knows (a file another program holds locked, ...)
            off = getattr(self.app, "progress_off_text", lambda: None)()
            text = off or _("Progress is not being saved on this computer.")
            box = c.inflate(-2 * L.px(40), 0)
            high = len(self.app.wrap(text, L.font("large"), box.width)) * self.app.line_height(L.font("large"))
            blit_wrapped(surf, self.app, text, L.font("large"), P.on_felt,
                         pygame.Rect(box.left, c.centery - high // 2, box.width, high), align="center")
            return
        if self.kid is not None:
            self._draw_kids(surf)
            return
        self._draw_stats(surf)
        if self.waiting_rect is not None:
            blit_wrapped(surf, self.app, notes_text(self.data), L.font("small"), P.on_felt, self.waiting_rect,
                         max_lines=NOTE_WARN_LINES)
        self._draw_mastery(surf)
        d = self.data.days
        accuracy = [(x.accuracy if x.answers else None) for x in d]
        self._draw_chart(surf, self.chart1, _("Answers and accuracy, last 30 days"),
                         [x.answers for x in d], accuracy, P.accent, P.right)
        seconds = [x.mean_seconds for x in d]
        self._draw_chart(surf, self.chart2, _("Seconds per answer, last 30 days"),
                         seconds, None, P.hint, None, axis=seconds_axis(max(seconds, default=0)))

    def _draw_kids(self, surf: pygame.Surface) -> None:
        """Three big cards (lessons, stars, today) and what comes next, in a child's words."""
        L = self.app.layout
        k = self.kid
        # TRANSLATORS: a child's progress page; a card: children's lessons done of all (ru: «3 из 8»).
        lessons = _("{done} of {total}").format(done=k.done, total=k.total)
        cards = [
            (_("Lessons done"), lessons, k.done / k.total if k.total else None),
            # TRANSLATORS: a child's progress page: every right answer is a star.
            (_("Stars"), f"★ {format_number(k.right)}", None),
            (_("Today"), ngettext("{n} answer", "{n} answers", k.today).format(n=k.today), None),
        ]
        notes = ["", _("a star for each right answer"), ""]
        for i, (rect, (label, value, fill), note) in enumerate(zip(self.kid_cards, cards, notes, strict=True)):
            draw_panel(surf, rect, P.card, L.px(18), shadow=L.px(3), border=P.card_edge)
            pad = L.px(22)
            blit_text(surf, self.app, label, L.font("large"), P.ink_muted, (rect.left + pad, rect.top + L.px(18)),
                      max_width=rect.width - 2 * pad)
            size = self._kid_value_size(value, rect.width - 2 * pad)
            blit_text(surf, self.app, value, size, P.accent_dark if i == 1 else P.ink,
                      (rect.left + pad, rect.top + L.px(58) + (L.font("hero") - size) // 2), bold=True,
                      max_width=rect.width - 2 * pad)
            if fill is not None:
                note_top = rect.bottom - L.px(14) - self.app.line_height(L.font("small"))
                bar = pygame.Rect(rect.left + pad, note_top - L.px(22), rect.width - 2 * pad, L.px(14))
                pygame.draw.rect(surf, P.card_alt, bar, border_radius=bar.height // 2)
                done = bar.copy()
                done.width = int(bar.width * max(0.0, min(1.0, fill)))
                if done.width:
                    pygame.draw.rect(surf, P.right, done, border_radius=bar.height // 2)
            if note:
                blit_text(surf, self.app, note, L.font("small"), P.ink_muted,
                          (rect.left + pad, rect.bottom - L.px(14)), anchor="bottomleft", max_width=rect.width - 2 * pad)
        c = L.content()
        head = _("What's next?") if k.next_lesson is not None else _("All the lessons are done! Now let's play.")
        blit_text(surf, self.app, head, L.font("h2"), P.on_felt, (c.left, self.next_top), bold=True,
                  max_width=c.width)

    def _kid_value_size(self, value: str, width: int) -> int:
        """The largest of the child cards' big font sizes that shows ``value`` whole in ``width``
        («140 ответов» is too wide for the hero size in a third of a 1024-pixel window)."""
        L = self.app.layout
        for name in KID_VALUE_FONTS:
            if self.app.text_width(value, L.font(name), bold=True) <= width:
                return L.font(name)
        return L.font(KID_VALUE_FONTS[-1])

    def _stat_card(self, surf: pygame.Surface, rect: pygame.Rect, label: str, value: str, note: str,
                   fill: float | None = None) -> None:
        L = self.app.layout
        draw_panel(surf, rect, P.card, L.px(14), shadow=L.px(3), border=P.card_edge)
        pad = L.px(14)
        w = rect.width - 2 * pad
        blit_text(surf, self.app, label, L.font("small"), P.ink_muted, (rect.left + pad, rect.top + L.px(10)),
                  max_width=w)
        blit_text(surf, self.app, value, L.font("h2"), P.ink, (rect.left + pad, rect.top + L.px(34)), bold=True,
                  max_width=w)
        if note:
            size = L.font("small")
            if self.app.text_width(note, size) > w:
                size = L.font("tiny")
            blit_text(surf, self.app, note, size, P.ink_muted,
                      (rect.left + pad, rect.bottom - L.px(12)), anchor="bottomleft", max_width=w)
        if fill is not None:
            bar = pygame.Rect(rect.left + pad, rect.bottom - L.px(40), w, L.px(8))
            pygame.draw.rect(surf, P.card_alt, bar, border_radius=bar.height // 2)
            done = bar.copy()
            done.width = int(bar.width * max(0.0, min(1.0, fill)))
            if done.width:
                pygame.draw.rect(surf, P.right, done, border_radius=bar.height // 2)

    def _draw_stats(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        d = self.data
        gap = L.px(14)
        w = (self.stats_rect.width - 3 * gap) // 4
        rects = [pygame.Rect(self.stats_rect.left + i * (w + gap), self.stats_rect.top, w, self.stats_rect.height)
                 for i in range(4)]
        self._stat_card(surf, rects[0], _("Streak"), ngettext("{n} day", "{n} days", d.streak).format(n=d.streak),
                        _("in a row with the daily goal met"))
        self._stat_card(surf, rects[1], _("Today"), f"{d.today} / {d.goal}", "", fill=d.today / max(1, d.goal))
        positions = len(d.positions)
        note = positions_note(positions) if positions else coming_note(d.coming) if d.coming is not None else ""
        self._stat_card(surf, rects[2], _("Due for review"), str(d.due), note)
        t = d.totals
        lessons = int(t["lessons_completed"])
        self._stat_card(surf, rects[3], _("Time spent"), duration_text(t["seconds"]),
                        ngettext("{n} lesson done", "{n} lessons done", lessons).format(n=lessons))
        answers = int(t["answers"])
        line = ngettext("{n} answer", "{n} answers", answers).format(n=answers)
        if answers:
            line += " · " + _("{share} right").format(share=format_percent(t["correct"] / answers))
        c = L.content()
        blit_text(surf, self.app, line, L.font("body"), P.on_felt_muted, (c.right, self.buttons_y + L.px(24)),
                  anchor="midright")

    def _draw_mastery(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        r = self.mastery_rect
        draw_panel(surf, r, P.card, L.px(14), shadow=L.px(3), border=P.card_edge)
        pad = L.px(16)
        blit_text(surf, self.app, _("Mastery by skill"), L.font("large"), P.ink, (r.left + pad, r.top + pad),
                  bold=True, max_width=r.width - 2 * pad)
        y = r.top + pad + self.app.line_height(L.font("large")) + L.px(8)
        row_h = L.px(34)
        if not self.data.mastery:
            blit_text(surf, self.app, _("Answer a few questions and your skills appear here."), L.font("small"),
                      P.ink_muted, (r.left + pad, y), max_width=r.width - 2 * pad)
            return
        y -= L.px(4)
        blit_wrapped(surf, self.app, self.mastery_note(), L.font("tiny"), P.ink_muted,
                     pygame.Rect(r.left + pad, y, r.width - 2 * pad, L.px(90)), max_lines=NOTE_LINES)
        y = self.mastery_rows_top
        inner = r.width - 2 * pad
        top = self.mastery_top
        shown = self.data.mastery[top:top + self.mastery_fits]
        labels = [mastery_label(m) for m in shown]
        label_w = max(self.app.text_width(t, L.font("tiny")) for t in labels)
        widest = max(self.app.text_width(skill_name(m.skill), L.font("small")) for m in shown)
        name_w = min(widest, inner - label_w - L.px(18) - L.px(100))  # a bar keeps at least px(100)
        bar_left = r.left + pad + name_w + L.px(8)
        bar_w = r.right - pad - bar_left - label_w - L.px(10)
        for m, label_text in zip(shown, labels, strict=True):
            label = fit_line(self.app, skill_name(m.skill), L.font("small"), name_w)
            blit_text(surf, self.app, label, L.font("small"), P.ink, (r.left + pad, y + row_h // 2),
                      anchor="midleft")
            bar = pygame.Rect(bar_left, y + row_h // 2 - L.px(6), bar_w, L.px(12))
            pygame.draw.rect(surf, P.card_alt, bar, border_radius=bar.height // 2)
            fill = bar.copy()
            fill.width = max(0, int(bar.width * m.mastery))
            if fill.width:
                pygame.draw.rect(surf, mastery_color(m), fill, border_radius=bar.height // 2)
            blit_text(surf, self.app, label_text, L.font("tiny"), P.ink_muted,
                      (r.right - pad, y + row_h // 2), anchor="midright")
            y += row_h
        if self.more_btn.visible:
            total = len(self.data.mastery)
            # TRANSLATORS: which skills the mastery list shows (ru: «1–8 из 12 навыков»).
            where = ngettext("{first}–{last} of {n} skill", "{first}–{last} of {n} skills", total).format(
                first=top + 1, last=top + len(shown), n=total)
            blit_text(surf, self.app, where, L.font("tiny"), P.ink_muted,
                      (r.left + pad, self.more_btn.rect.centery), anchor="midleft",
                      max_width=self.more_btn.rect.left - r.left - pad - L.px(8))

    def _draw_chart(self, surf: pygame.Surface, rect: pygame.Rect, title: str, bars: list[float],
                    line: list[float | None] | None, bar_color, line_color,
                    axis: tuple[float, str] | None = None) -> None:
        """A bar chart of one value per day, with an optional 0..1 line (accuracy) over it;
        ``axis`` is the chart's top value and its label when not the highest bar's."""
        L = self.app.layout
        draw_panel(surf, rect, P.card, L.px(14), shadow=L.px(3), border=P.card_edge)
        pad = L.px(14)
        blit_text(surf, self.app, title, L.font("small"), P.ink, (rect.left + pad, rect.top + L.px(10)), bold=True,
                  max_width=rect.width - 2 * pad)
        top = rect.top + L.px(10) + self.app.line_height(L.font("small")) + L.px(8)
        area = pygame.Rect(rect.left + pad + L.px(30), top, rect.width - 2 * pad - L.px(30),
                           rect.bottom - top - L.px(28))
        if area.height < L.px(20):
            return
        peak = max(bars) if bars and max(bars) > 0 else 1
        top_label = axis_label(peak)
        if axis is not None:
            peak, top_label = axis
        pygame.draw.line(surf, P.card_edge, area.bottomleft, area.bottomright, max(1, L.px(1)))
        blit_text(surf, self.app, top_label, L.font("tiny"), P.ink_muted, (area.left - L.px(6), area.top),
                  anchor="topright")
        blit_text(surf, self.app, "0", L.font("tiny"), P.ink_muted, (area.left - L.px(6), area.bottom),
                  anchor="bottomright")
        n = len(bars)
        step = area.width / max(1, n)
        bw = max(1, int(step * 0.7))
        for i, v in enumerate(bars):
            h = int(area.height * v / peak)
            if h:
                pygame.draw.rect(surf, bar_color, pygame.Rect(int(area.left + i * step), area.bottom - h, bw, h),
                                 border_top_left_radius=L.px(2), border_top_right_radius=L.px(2))
        if line is not None and line_color is not None:
            pts = [(int(area.left + i * step + bw / 2), int(area.bottom - area.height * v))
                   for i, v in enumerate(line) if v is not None]
            if len(pts) > 1:
                pygame.draw.lines(surf, line_color, False, pts, max(2, L.px(3)))
            for p in pts:
                pygame.draw.circle(surf, line_color, p, max(2, L.px(4)))
            blit_text(surf, self.app, _("line: share of right answers"), L.font("tiny"), line_color,
                      (rect.right - pad, rect.bottom - L.px(6)), anchor="bottomright")
        if n:
            first, last = self.data.days[0].day, self.data.days[-1].day
            blit_text(surf, self.app, _format_day(first), L.font("tiny"), P.ink_muted,
                      (area.left, rect.bottom - L.px(6)), anchor="bottomleft")
            if line is None:
                blit_text(surf, self.app, _format_day(last), L.font("tiny"), P.ink_muted,
                          (area.right, rect.bottom - L.px(6)), anchor="bottomright")


def _format_day(iso: str) -> str:
    from trainer.i18n import format_date

    return format_date(date.fromisoformat(iso), "d MMM")
