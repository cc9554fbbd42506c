"""The home screen: continue where I stopped, and the doors to lessons, drills, glossary,
progress and settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from trainer.i18n import N_, _, ngettext, points_text
from trainer.progress.names import shown_name
from trainer.ui.registry import has_screen, register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import Button, Card, blit_text

if TYPE_CHECKING:
    from trainer.engine.game.saved import SavedGame

P = PALETTE

# Tiles drawn on the home cards (MPSZ), one small hand per section.
CARD_TILES = {
    "lesson_map": "1s",
    "drills": "5p",
    "play": "1z",
    "training_games": "1s",
    "glossary": "7z",
    "progress": "6z",
    "settings": "5z",
}
# The section cards: (section, title, subtitle, short subtitle). The short one is shown when the
# whole subtitle does not fit the card (four cards above the sections leave them little room):
# a subtitle is always read whole, never cut with «…».
SECTIONS = (
    ("lesson_map", N_("Lessons"), N_("Step by step: tiles, hands, waits, yaku, fu and table manners."),
     N_("Tiles, hands, waits, yaku and fu.")),
    ("drills", N_("Drills"), N_("Endless generated exercises: efficiency, waits, fu, points."),
     N_("Efficiency, waits, fu, points.")),
    ("play", N_("Play"), N_("A game against three bots, with a coach if you like."),
     N_("Against three bots, with a coach.")),
    # TRANSLATORS: the home's training-games card; its short line is for a narrow card, keep it as short
    # (ru: «Кунто, рису и другие.»).
    ("training_games", N_("Training games"), N_("Kunto, risu, short mahjong and more."),
     N_("Kunto, risu, yochi.")),
    ("glossary", N_("Glossary"), N_("Every term in your language, Japanese and romaji."),
     N_("Every term, with its Japanese.")),
    ("progress", N_("Progress"), N_("Mastery of each skill, reviews due, your streak."),
     N_("Skills, reviews, your streak.")),
    ("settings", N_("Settings"), N_("Language, terms, rules, tiles and sound."),
     N_("Language, rules, tiles, sound.")),
)

# The decorative hand beside the title: a complete hand (pinfu shape) in all three suits.
TITLE_HAND = "234m678p345s99s"


def today_text(done: int, goal: int) -> str:
    """Today's answers against the daily goal: "today 5 of 20", and once the goal is met
    "today 83 answers (goal 20) ✓" (not "83 of 20")."""
    if goal <= 0 or done < goal:
        return _("today {done} of {goal}").format(done=done, goal=goal)
    # TRANSLATORS: the home screen's line once the daily goal is met (ru: «сегодня 83 ответа (цель 20) ✓»).
    return ngettext("today {done} answer (goal {goal}) ✓", "today {done} answers (goal {goal}) ✓", done).format(
        done=done, goal=goal)


_DUE_QUESTIONS: dict[frozenset[str], Callable[[int], str]] = {
    frozenset({"tile"}): lambda n: ngettext("{n} position is due: what would you discard now?",
                                            "{n} positions are due: what would you discard now?", n),
    frozenset({"riichi"}): lambda n: ngettext("{n} position is due: riichi or dama now?",
                                              "{n} positions are due: riichi or dama now?", n),
    frozenset({"call"}): lambda n: ngettext("{n} position is due: call or pass now?",
                                            "{n} positions are due: call or pass now?", n),
    frozenset({"push_fold"}): lambda n: ngettext("{n} position is due: push or fold now?",
                                                 "{n} positions are due: push or fold now?", n),
    frozenset({"tile", "riichi"}): lambda n: ngettext("{n} position is due: a discard, or riichi or dama — what now?",
                                                      "{n} positions are due: discards, riichi or dama — what now?", n),
    frozenset({"tile", "call"}): lambda n: ngettext("{n} position is due: a discard, or call or pass — what now?",
                                                    "{n} positions are due: discards, call or pass — what now?", n),
    frozenset({"tile", "push_fold"}): lambda n: ngettext(
        "{n} position is due: a discard, or push or fold — what now?",
        "{n} positions are due: discards, push or fold — what now?", n),
    frozenset({"riichi", "call"}): lambda n: ngettext(
        "{n} position is due: riichi or dama, call or pass — what now?",
        "{n} positions are due: riichi or dama, call or pass — what now?", n),
    frozenset({"win"}): lambda n: ngettext("{n} position is due: win or let it pass?",
                                           "{n} positions are due: win or let it pass?", n),
    frozenset({"tile", "win"}): lambda n: ngettext("{n} position is due: a discard, or win or pass — what now?",
                                                   "{n} positions are due: discards, win or pass — what now?", n),
    frozenset({"tile", "riichi", "call"}): lambda n: ngettext(
        "{n} position is due: a discard, riichi, a call — what now?",
        "{n} positions are due: discards, riichi, calls — what now?", n),
}
"""The home card's question for the due game positions, by what they ask (tile cards ask for a
discard); any other mix gets :func:`_several_kinds`."""


def _several_kinds(n: int) -> str:
    """The home card's question when the due positions ask several kinds of decision."""
    return ngettext("{n} position is due: a decision from your games — what now?",
                    "{n} positions are due: decisions of several kinds — what now?", n)


def unclaimed_games_notice(app: object) -> str:
    """For a learner made again from a damaged progress file whose saved games could not be told
    apart from others (:data:`trainer.progress.salvage.UNCLAIMED_GAMES_KEY`): where those games are,
    so that none is lost from sight ("" when there is nothing to say: no such folder is left, or a
    learner owns it now)."""
    from pathlib import Path

    from trainer.progress.salvage import UNCLAIMED_GAMES_KEY

    store, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if store is None or learner is None:
        return ""
    try:
        names = store.learner(learner).settings.get(UNCLAIMED_GAMES_KEY) or []
        owned = {x.uuid for x in store.learners()}
        root = Path(store.path).parent / "games"
        folders = [root / str(n) for n in names if str(n) not in owned and (root / str(n)).is_dir()]
    except (KeyError, TypeError, OSError, AttributeError):
        return ""
    if not folders:
        return ""
    # TRANSLATORS: after a damaged progress file was rebuilt; {folders}: one or more folder paths.
    return ngettext("This profile was rebuilt from a damaged progress file, and its saved games could not be "
                    "told apart: they may be in this folder: {folders}. My games does not list them, but nothing "
                    "was deleted.",
                    "This profile was rebuilt from a damaged progress file, and its saved games could not be "
                    "told apart: they may be in these folders: {folders}. My games does not list them, but "
                    "nothing was deleted.",
                    len(folders)).format(folders=", ".join(str(f) for f in folders))


@register_screen("home")
class HomeScreen(Screen):
    """The first screen: a "continue" card and one card per section."""

    has_header = False
    needs_library = True  # rebuilt when the background lesson load finishes

    def _resume(self) -> tuple[str, int, str] | None:
        """(lesson id, step, lesson title) of the lesson of the learner's path to continue, if any
        (a child is offered only children's lessons, an adult never one)."""
        from trainer.ui.views.lesson_order import resume_lesson

        try:
            lib = self.app.library()
            found = resume_lesson(self.app, lib)
        except Exception:
            return None
        if found is None:
            return None
        return found[0], found[1], _lesson_title(lib.lessons[found[0]], self.app.settings.language)

    def _next_lesson(self) -> tuple[str, str] | None:
        """The first lesson of the learner's path not yet completed, for a learner with nothing to
        continue: the children's track for a child's profile, the adult path (basics first, or the
        track the first-run answer chose) for everyone else, the rule system of the lesson done or
        opened last first (an MCR learner is offered the next MCR lesson, see
        :func:`~trainer.ui.views.lesson_order.working_tracks`)."""
        from trainer.ui.views.lesson_order import next_lesson

        try:
            lesson = next_lesson(self.app, self.app.library())
        except Exception:
            return None
        return (lesson.id, _lesson_title(lesson, self.app.settings.language)) if lesson is not None else None

    @property
    def kids(self) -> bool:
        """A child's profile gets the children's home: big cards, their lessons and games."""
        return self.app.settings.profile == "child"

    def _finished_any(self) -> bool:
        """Whether the learner has finished at least one lesson."""
        from trainer.ui.views.lesson_order import lesson_records

        return any(row.get("completed_at") for row in lesson_records(self.app).values())

    def _home_notices(self) -> None:
        """What the home says once (per learner and message): that a lesson the learner worked on
        did not open, and where a rebuilt learner's saved games may be (:func:`unclaimed_games_notice`)."""
        from trainer.ui.views.lesson_problems import broken_lesson_notice

        self._notices = [(text, seconds) for text, seconds in ((broken_lesson_notice(self.app), 15),
                                                                (unclaimed_games_notice(self.app), 20)) if text]
        self._say_notices()

    def _say_notices(self) -> None:
        """Say the next of the home's notices, but not over a warning still shown (the start-up
        notice of a damaged progress file says what was rescued and must be read first; a second
        notice of the home would take the first one's place): each waits until the one shown has gone."""
        while self._notices and not any(b.kind in ("warn", "error") for b in self.app.banners):
            text, seconds = self._notices.pop(0)
            self.app.notify_once(text, "warn", seconds, about=self.app.learner_id)

    def update(self, dt: float) -> bool:
        if getattr(self, "_notices", None):
            self._say_notices()
        return super().update(dt)

    def build(self) -> None:
        self._home_notices()
        if self.kids:
            self._build_kids()
            return
        resume = self._resume() if self.app.library_ready() else None
        if resume is not None:
            lesson_id, step, title = resume
            self.hero = self.add(Card(
                _("Continue where you stopped"),
                title + "  ·  " + _("step {n}").format(n=step + 1),
                lambda: self.app.push("lesson", lesson_id=lesson_id, step=step),
                accent=P.accent, badge=_("Continue"), badge_color=P.accent_dark,
            ))
        else:
            nxt = self._next_lesson() if self.app.library_ready() else None
            if nxt is not None:
                lesson_id, title = nxt
                # "start here" only before the first finished lesson; after it the path goes on
                heading = _("Keep learning") if self._finished_any() else _("Start here")
                self.hero = self.add(Card(
                    heading, title, lambda: self.app.push("lesson", lesson_id=lesson_id),
                    accent=P.accent, badge=_("Next lesson"), badge_color=P.accent_dark,
                ))
            else:
                self.hero = None
        self.status_text = self._status()
        self.review = None
        reviews = self._reviews()
        if reviews:
            due = len(reviews)  # the one count: exactly the exercises the review session will show
            self.review = self.add(Card(
                _("Review"),
                ngettext("{n} exercise is due: bring it back before you forget it.",
                         "{n} exercises are due: bring them back before you forget them.", due).format(n=due),
                lambda: self.app.push("review", items=reviews),
                accent=P.hint, badge=str(due), badge_color=P.hint,
            ))
        else:
            self.review = self._coming_card()
        # the match to go on with and the due positions from games: both have a door
        self.match_card = self._unfinished_match()
        self.mistakes_card = self._game_mistakes()
        self.cards = []
        self.section_subtitles: list[tuple[str, str]] = []  # each card's whole and short subtitle
        for name, title, sub, short in SECTIONS:
            target = "match_setup" if name == "play" else name
            whole, brief = self._section_subtitles(name, _(sub), _(short), len(reviews))
            card = self.add(Card(_(title), whole, lambda n=target: self.open(n), icon=self._icon(CARD_TILES[name])))
            self.cards.append(card)
            self.section_subtitles.append((whole, brief))

    @staticmethod
    def _section_subtitles(name: str, whole: str, short: str, due: int) -> tuple[str, str]:
        """A section card's whole and short subtitle; the progress card's both begin with the
        reviews due today (the short one is then that line alone)."""
        if name != "progress" or not due:
            return whole, short
        line = ngettext("{n} review is due today.", "{n} reviews are due today.", due).format(n=due)
        return line + " " + whole, line

    def _build_kids(self) -> None:
        """The children's home: continue (or start) a children's lesson, the lessons, the games."""
        self.hero = self.review = None
        resume = self._resume() if self.app.library_ready() else None  # children's lessons only
        if resume is not None:
            lesson_id, step, title = resume
            go = (_("Go on!"), title, lambda: self.app.push("lesson", lesson_id=lesson_id, step=step))
        else:
            go = self._kids_next_card() if self.app.library_ready() else None
        entries = [go] if go else []
        entries += [
            (_("My lessons"), _("Tiles, teams and games"), lambda: self.app.push("lesson_map", track="kids")),
            (_("Games"), _("Tibet, ponjan, riichi"), lambda: self.app.push("kids_games")),
        ]
        pictures = (["123s", "5p1z7z", "111p"] if go else ["5p1z7z", "111p"])
        self.kid_pictures = pictures
        self.cards = [self.add(Card(t, sub, fn, accent=P.accent if i == 0 and go else None))
                      for i, (t, sub, fn) in enumerate(entries)]
        # TRANSLATORS: the child home's door to a child's progress page (ru: «Мои успехи»).
        self.kid_buttons = [self.add(Button(_("Who is playing?"), lambda: self.open("learners"), size="large")),
                            self.add(Button(_("My progress"), lambda: self.open("progress"), size="large")),
                            self.add(Button(_("For grown-ups"), self.grown_ups, kind="ghost"))]
        self.status_text = self._status()

    def grown_ups(self) -> None:
        """The child home's «For grown-ups»: the settings, or the full progress page with every
        figure (the child's own page shows only what a child reads)."""
        self.open_dialog(_("For grown-ups"), _("The settings, or this learner's full progress: skills, charts, "
                                               "export and import."),
                         [(_("Settings"), lambda: self.open("settings"), "secondary"),
                          (_("Progress"), lambda: self.app.push("progress", adult=True), "secondary"),
                          (_("Cancel"), lambda: None, "ghost")])

    def _kids_next_card(self) -> tuple[str, str, Callable[[], None]] | None:
        """The first card of the children's home when no lesson is left in the middle: start the
        first children's lesson not yet done, or, when the whole path is done, praise and an
        invitation to the games (None without the children's lessons)."""
        from trainer.ui.views.lesson_order import lesson_states

        try:
            lib = self.app.library()
        except Exception:
            return None
        states = lesson_states(self.app, lib)
        kids = list(lib.by_track("kids"))
        nxt = next((lesson for lesson in kids if states.get(lesson.id) != "done"), None)
        if nxt is not None:
            return _("Let's start!"), _lesson_title(nxt, self.app.settings.language), \
                lambda: self.app.push("lesson", lesson_id=nxt.id)
        if kids:
            return _("All lessons done!"), _("Well done! Now let's play."), \
                lambda: self.app.push("kids_games")
        return None

    def draw_overlay(self, surf: pygame.Surface) -> None:
        """The children's cards carry big tile pictures under their names."""
        if self.kids and self.dialog is None:
            paint_card_tiles(surf, self.app, self.cards, self.kid_pictures)

    def _layout_kids(self) -> None:
        L = self.app.layout
        area = L.content()
        top = L.px(40) + self.app.line_height(L.font("hero")) + L.px(24)
        gap = L.px(22)
        bar_h = L.px(64)
        n = len(self.cards)
        w = (area.width - gap * (n - 1)) // n
        h = min(L.px(260), L.height - L.margin - bar_h - gap - top)
        for i, card in enumerate(self.cards):
            card.rect = pygame.Rect(area.left + i * (w + gap), top, w, h)
        y = L.height - L.margin - bar_h
        who, mine, grown = self.kid_buttons
        who.rect = pygame.Rect(area.left, y, max(who.preferred_width(self.app), L.px(280)), bar_h)
        mine.rect = pygame.Rect(who.rect.right + gap, y, max(mine.preferred_width(self.app), L.px(240)), bar_h)
        gw = grown.preferred_width(self.app)
        grown.rect = pygame.Rect(area.right - gw, y + L.px(8), gw, bar_h - L.px(16))

    def _unfinished_match(self) -> Card | None:
        """A card to go on with the learner's match left in the middle, if there is one that can
        be played on (:meth:`_resumable_match`)."""
        game = self._resumable_match()
        if game is None:
            return None
        if game.hand_in_progress:  # left mid-hand: that hand is not "played" yet (as My games says it)
            from trainer.ui.views.game_rows import hands_text

            sub = hands_text(game)
        else:
            sub = ngettext("{n} hand played", "{n} hands played", game.hands).format(n=game.hands)
        if game.points is not None:
            sub += "  ·  " + points_text(game.points)
        if game.game == "mcr":
            sub = _("Chinese Official") + "  ·  " + sub
        return self.add(Card(_("Resume the match"), sub, lambda: self._resume_match(game.path, game.game),
                             accent=P.accent, badge=_("Resume"), badge_color=P.accent_dark))

    def _game_mistakes(self) -> Card | None:
        """A card for the learner's own mistakes from games that are due for review."""
        from trainer.ui.game_cards import due_positions

        items = due_positions(self.app)
        if not items:
            return None
        # what the cards ask: a discard (tile cards), riichi or dama, a call or a pass, push or fold
        asks = frozenset(r.get("ask") if r.get("ask") in ("riichi", "call", "push_fold", "win") else "tile" for r in items)
        sub = _DUE_QUESTIONS.get(asks, _several_kinds)(len(items))
        return self.add(Card(_("Mistakes from your games"), sub.format(n=len(items)),
                             lambda: self.app.push("position_review", items=items),
                             accent=P.hint, badge=str(len(items)), badge_color=P.hint))

    def _resumable_match(self) -> SavedGame | None:
        """The newest match of the learner's own left in the middle that replays (the engine plays
        its hands through once per version of its file); one that does not is not offered, the
        learner is told once why (it stays in My games, marked there), and an older one that
        replays is offered instead."""
        from trainer.engine.game.saved import latest_unfinished, list_games
        from trainer.ui.log_problems import replay_problem
        from trainer.ui.saved_games import games_dir

        try:
            newest = latest_unfinished(games_dir(self.app))
            if newest is None or replay_problem(newest.path) is None:
                return newest
            unfinished = [g for g in list_games(games_dir(self.app)) if g.readable and g.resumable]
        except OSError:
            return None
        for game in unfinished:
            problem = replay_problem(game.path)
            if problem is None:
                return game
            self.app.notify_once(_("Your unfinished match cannot be played on: {error}. It stays in My games.").format(
                error=problem.text()), "warn", 12, about=str(game.path))
        return None

    def _resume_match(self, path: object, game: str = "riichi") -> None:
        """Open the table (the MCR table for a Chinese Official game) on the saved match; a file
        that cannot be resumed is reported in the learner's words, not lost."""
        from trainer.ui.log_problems import REPLAY_ERRORS, GameProblem

        try:
            self.app.push("mcr_play" if game == "mcr" else "play", resume=str(path))
        except REPLAY_ERRORS as exc:
            while self.app.screen is not self:
                self.app.pop()
            self.app.notify(_("This match cannot be resumed: {error}").format(error=GameProblem(exc).text()), "warn", 12)

    def _reviews(self) -> list[dict]:
        """The due exercises the review session can show again (empty without a progress store)."""
        app = self.app
        if app.progress is None or app.learner_id is None:
            return []
        try:
            from trainer.ui.views.review_items import due_review_items

            # drill cards, missed lesson steps and starter puzzles; the lessons' are counted once the lessons are
            # loaded (the home is rebuilt then), so the first frame does not wait for them
            return due_review_items(app, wait=False)
        except Exception:
            return []

    def _coming_card(self) -> Card | None:
        """With nothing to review now: a card for the exercises and the positions from games that
        come back within a day (the misses of the last day; :mod:`trainer.progress.srs` brings a
        miss back the next day), that says how many and when, and practises them at once (exercises
        as a "my mistakes" round, positions in the position review: the schedule stays as it is).
        None when nothing comes back that soon."""
        from datetime import datetime

        from trainer.ui.game_cards import game_path
        from trainer.ui.views.coming_reviews import (
            coming_reviews,
            from_time_text,
            home_coming_text,
            home_coming_title,
            practise_now,
        )

        app = self.app
        if app.progress is None or app.learner_id is None or not app.library_ready():
            return None  # while the lessons load, a missed lesson step due now is not counted yet
        now = datetime.now().astimezone()
        coming = coming_reviews(app, now=now, wait=False, find_game=game_path)
        if coming is None or not coming.soon(now):
            return None
        # the day in the line, the time in the badge: «12 заданий вернутся завтра…» «с 15:40»
        return self.add(Card(home_coming_title(coming), home_coming_text(coming, now), lambda: practise_now(app, coming),
                             accent=P.hint, badge=from_time_text(coming.at), badge_color=P.hint))

    def _status(self) -> str:
        """The learner's line under the title: name, today's answers against the goal, the streak."""
        app = self.app
        if app.progress is None or app.learner_id is None:
            return ""
        try:
            learner = app.progress.learner(app.learner_id)
            today = app.progress.today_count(app.learner_id)
            streak = app.progress.streak(app.learner_id)
        except Exception:
            return ""
        parts = [shown_name(learner.name), today_text(today, learner.daily_goal)]
        if streak:
            parts.append(ngettext("a {n}-day streak", "a {n}-day streak", streak).format(n=streak))
        return " · ".join(parts)

    def _icon(self, tiles: str):
        def paint(surf: pygame.Surface, rect: pygame.Rect) -> None:
            from trainer.ui.tileview import draw_tile_string

            draw_tile_string(surf, tiles, rect, self.app)

        return paint

    def open(self, name: str) -> None:
        """Open a section; a section whose screen is not installed says so instead of crashing."""
        if has_screen(name):
            self.app.push(name)
        else:
            self.app.notify(_("This section is not available in this build."), "warn")

    def layout(self) -> None:
        if self.kids:
            self._layout_kids()
            return
        L = self.app.layout
        area = L.content()
        area.top = L.px(40) + self.app.line_height(L.font("title")) + self.app.line_height(L.font("body")) + L.px(20)
        gap = L.px(18)
        y = area.top
        tops = self._tops()
        if tops:
            per_row = self.tops_per_row(tops, area.width, gap)
            for i, card in enumerate(tops):
                r, c = divmod(i, per_row)
                in_row = min(per_row, len(tops) - r * per_row)  # a last row of fewer cards shares the width
                w_top = (area.width - gap * (in_row - 1)) // in_row
                card.rect = pygame.Rect(area.left + c * (w_top + gap), y + r * (L.px(96) + gap), w_top, L.px(96))
            y += (len(tops) + per_row - 1) // per_row * (L.px(96) + gap)
        cols = 4 if len(self.cards) > 6 else 3
        w = (area.width - gap * (cols - 1)) // cols
        rows = (len(self.cards) + cols - 1) // cols
        room = (L.height - L.margin - y - gap * (rows - 1)) // rows
        self._fit_subtitles(w, room)
        # tall enough for every card's whole subtitle when the window has the room
        need = max(card.height_for(self.app, w, card.subtitle_lines(self.app, w)) for card in self.cards)
        h = min(max(L.px(150), need), room)
        for i, card in enumerate(self.cards):
            r, c = divmod(i, cols)
            card.rect = pygame.Rect(area.left + c * (w + gap), y + r * (h + gap), w, h)

    def _fit_subtitles(self, width: int, room: int) -> None:
        """Give each section card ``width`` wide its whole subtitle when the card can show all of
        it in ``room`` pixels of height, else its short one (read whole too, never cut)."""
        for card, (whole, short) in zip(self.cards, getattr(self, "section_subtitles", ()), strict=False):
            card.subtitle = whole
            if card.height_for(self.app, width, card.subtitle_lines(self.app, width)) > room:
                card.subtitle = short

    def tops_per_row(self, tops: list[Card], width: int, gap: int) -> int:
        """How many of the cards above the sections share a row ``width`` wide: one or two, or
        three (five or more: rows of three) only in a wide window and only when each of them still
        shows its whole title on one line and its whole subtitle in its height (the continue card's
        lesson name and step, the review's count); otherwise rows of two."""
        n = len(tops)
        if n < 3 or n == 4:
            return n if n < 3 else 2
        L = self.app.layout
        if L.width < 1200:
            return 2
        w = (width - 2 * gap) // 3
        fits = all(card.height_for(self.app, w, max(1, card.subtitle_lines(self.app, w))) <= L.px(96) for card in tops)
        return 3 if fits else 2

    def _tops(self) -> list[Card]:
        """The cards above the sections, in order: the next lesson, the review (missed starter
        puzzles among its exercises), the match to go on with, the due positions from games."""
        return [c for c in (self.hero, self.review, getattr(self, "match_card", None),
                            getattr(self, "mistakes_card", None))
                if c is not None]

    def choose(self, n: int) -> bool:
        order = self._tops() + self.cards
        if 1 <= n <= len(order):
            order[n - 1].activate()
            return True
        return False

    def back(self) -> None:
        """Esc on the home screen does nothing (closing is the window's job)."""

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        top = L.px(36)
        if self.kids:
            name = self.status_text.split(" · ")[0] if self.status_text else ""
            hello = _("Hi, {name}!").format(name=name) if name else _("Hi!")
            blit_text(surf, self.app, hello, L.font("hero"), P.on_felt, (area.left, top), bold=True,
                      max_width=area.width)
            return
        title_h = self.app.line_height(L.font("title"))
        hand_w = min(area.width // 2 - L.px(20), L.px(520))
        hand_rect = pygame.Rect(area.right - hand_w, top + L.px(4), hand_w, title_h + L.px(18))
        blit_text(surf, self.app, _("Riichi mahjong trainer"), L.font("title"), P.on_felt,
                  (area.left, top), bold=True, max_width=area.width - hand_w - L.px(24))
        blit_text(surf, self.app, self.status_text or _("Learn, drill, play"), L.font("body"), P.on_felt_muted,
                  (area.left, top + title_h + L.px(4)), max_width=area.width - hand_w - L.px(24))
        from trainer.ui.tileview import draw_tile_string

        draw_tile_string(surf, TITLE_HAND, hand_rect, self.app)


def paint_card_tiles(surf: pygame.Surface, app, cards: list[Card], pictures: list[str]) -> None:  # noqa: ANN001
    """Big tile pictures under the names of the children's cards (pictures instead of reading)."""
    from trainer.ui.tileview import draw_tile_string

    L = app.layout
    for card, tiles in zip(cards, pictures, strict=False):
        r = card.rect
        top = r.top + L.px(24) + app.line_height(L.font("h2")) + app.line_height(L.font("body"))
        box = pygame.Rect(r.left + L.px(24), top, r.width - L.px(48), r.bottom - top - L.px(20))
        if box.height > L.px(40):
            draw_tile_string(surf, tiles, box, app)


def _lesson_title(lesson, lang: str) -> str:
    """A lesson's title in the UI language (Russian when there is no translation)."""
    title = getattr(lesson, "title", "")
    if isinstance(title, dict):
        return title.get(lang) or title.get("ru") or next(iter(title.values()), "")
    for attr in (lang, "ru"):
        v = getattr(title, attr, None)
        if v:
            return v
    return str(title)


# The children's games on the shape-game table: (mode, tiles on the card).
KIDS_GAMES = (("tibet", "111p"), ("ponjan", "123s"), ("kids_riichi", "55m"), ("glass_table", "777z"))


def kids_game_texts() -> dict[str, tuple[str, str]]:
    """A children's game's name and its one short line, translated."""
    return {
        "tibet": (_("Tibet"), _("Collect teams of tiles")),
        "ponjan": (_("Ponjan"), _("Mahjong for children")),
        "kids_riichi": (_("Say riichi!"), _("Say it when one tile is missing")),
        "glass_table": (_("Glass table"), _("Everyone's tiles are open")),
    }


@register_screen("kids_games")
class KidsGamesScreen(Screen):
    """The children's games, reachable from the children's home without a lesson."""

    def title(self) -> str:
        return _("Games")

    def build(self) -> None:
        texts = kids_game_texts()
        self.cards = [self.add(Card(texts[m][0], texts[m][1], lambda m=m: self.play(m))) for m, _t in KIDS_GAMES]

    def draw_overlay(self, surf: pygame.Surface) -> None:
        if self.dialog is None:
            paint_card_tiles(surf, self.app, self.cards, [tiles for _m, tiles in KIDS_GAMES])

    def play(self, mode: str) -> None:
        """Open the children's setup of ``mode`` — the hand sizes the child has met in the
        children's lessons, the player count, a grown-up's pon switch once a lesson has shown pon
        — or, with nothing to choose, the children's table at once (big tiles)."""
        from trainer.engine.game.simple_modes import get_mode
        from trainer.ui.training_setup import child_options, child_progress

        game = get_mode(mode)
        hands, pon = child_progress(game, self._lessons_met())
        if child_options(game, hands, pon):
            self.app.push("training_setup", mode=mode, title=kids_game_texts()[mode][0], kids=True, hands=hands,
                          pon=pon)
        else:
            self.app.push("play_simple", mode=mode, kids=True, hand=hands[-1] if hands else None)

    def _lessons_met(self) -> list:
        """The children's lessons the child has begun or finished (none while the library loads)."""
        from trainer.ui.views.lesson_order import lesson_states

        if not self.app.library_ready():
            return []
        try:
            lib = self.app.library()
            states = lesson_states(self.app, lib)
        except Exception:
            return []
        return [lesson for lesson in lib.by_track("kids") if states.get(lesson.id) in ("done", "started")]

    def choose(self, n: int) -> bool:
        if 1 <= n <= len(self.cards):
            self.cards[n - 1].activate()
            return True
        return False

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        gap = L.px(22)
        w = (area.width - gap) // 2
        h = min(L.px(200), (area.height - gap - L.px(20)) // 2)
        for i, card in enumerate(self.cards):
            r, c = divmod(i, 2)
            card.rect = pygame.Rect(area.left + c * (w + gap), area.top + L.px(20) + r * (h + gap), w, h)
