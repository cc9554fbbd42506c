"""When a learner's review cards come back, in words: with nothing to review now, how many
exercises come back and when (a miss comes back the next day, :mod:`trainer.progress.srs`), for
the home's «Review» card, the progress screen's «Due for review» card and its «Review» button —
and practising them at once as a "my mistakes" round (the schedule stays as it is).

The positions from the learner's games (the cards the position review asks) come back the same
way and are counted with the others, named as positions, when the screen asking gives the way to
their game files (``find_game``: :func:`trainer.ui.game_cards.game_path`); practising them early
opens the position review of those cards.  While some of them are due now (the home's "Mistakes from your
games" card and the progress screen's button offer them), the ones coming back later wait to be
said."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from trainer.i18n import _, current_language, ngettext

if TYPE_CHECKING:
    from trainer.ui.views.review_items import GameFinder

SOON = timedelta(days=1, minutes=1)
"""Cards that come back within this time are the misses (and the hard answers) of the last day:
:data:`trainer.progress.srs.RELEARN_AFTER` brings a miss back a day later."""
HORIZON = timedelta(days=400)
"""How far ahead :func:`coming_reviews` looks for the next review cards."""
ALL = 1_000_000
"""A limit that lifts the daily review cap when the cards are counted, not shown."""


@dataclass(frozen=True)
class Coming:
    """The next review cards when none can be reviewed now (:func:`coming_reviews`).

    ``items`` are the cards due by the end of the local day of the first one (the specs
    ``ProgressStore.due_reviews`` gives, so they can be practised at once as a "my mistakes"
    round), ``at`` when the first comes due; ``capped`` when cards are due now but the day's
    review limit (``cap``) is used up: they come at the next local day."""

    items: list
    at: datetime
    capped: bool = False
    cap: int = 0

    @property
    def n(self) -> int:
        """How many cards come back (exercises and positions from games)."""
        return len(self.items)

    @property
    def positions(self) -> int:
        """How many of them are positions from the learner's games (the position review's cards)."""
        from trainer.ui.views.review_items import is_game_position

        return sum(1 for it in self.items if is_game_position(it))

    @property
    def exercises(self) -> int:
        """How many of them are exercises (drill families, lesson steps, starter puzzles)."""
        return self.n - self.positions

    @property
    def kind(self) -> str:
        """What comes back, for the words that say it: "exercises", "positions" or "both"."""
        if not self.positions:
            return "exercises"
        return "positions" if not self.exercises else "both"

    def soon(self, now: datetime) -> bool:
        """Whether these are the misses of the last day (back within a day, not spaced out)."""
        return not self.capped and self.at <= now + SOON


def coming_reviews(app, *, now: datetime | None = None, wait: bool = True,  # noqa: ANN001
                   find_game: GameFinder | None = None) -> Coming | None:
    """With no review card due now: which cards come back next, and when (None when cards are due
    now, or none is scheduled; always None without a progress store).  The same cards as the
    review session counts (those the app can show, :func:`~trainer.ui.views.review_items.can_show`),
    and, given ``find_game`` (the screens pass :func:`trainer.ui.game_cards.game_path`), the
    positions from the learner's games whose game file is there
    (:func:`~trainer.ui.views.review_items.can_show_position`) unless some of those are due now;
    the schedule is the store's (a miss comes back a day later, :mod:`trainer.progress.srs`),
    read, never changed.  With the day's review limit used up, the cards due now are said to
    come the next day (``capped``)."""
    store, lid = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if store is None or lid is None:
        return None
    now = (now or datetime.now()).astimezone()
    try:
        session, show = _coming_checks(app, store, lid, now, wait, find_game)

        def due_by(t: datetime, limit: int = ALL) -> list[dict]:
            return store.due_reviews(lid, now=t, limit=limit, showable=show)

        if store.due_reviews(lid, now=now, showable=session):
            return None  # something to review now: the count says it
        base = due_by(now)
        if base:  # due, but the day's limit is used up: they come the next day
            tomorrow = datetime.combine(now.date() + timedelta(days=1), datetime.min.time()).astimezone()
            return Coming(base, tomorrow, capped=True, cap=store.review_cap(lid))
        # the first card's due time: windows doubling from an hour, then halved to the minute
        # (only "is there one by then?" is asked, so each look stops at the first card)
        lo, step = now, timedelta(hours=1)
        while not due_by(now + step, 1):
            if step >= HORIZON:
                return None
            lo, step = now + step, step * 2
        hi = now + step
        while hi - lo > timedelta(minutes=1):
            mid = lo + (hi - lo) / 2
            if due_by(mid, 1):
                hi = mid
            else:
                lo = mid
        from trainer.ui.views.review_items import with_game_path

        first = hi.astimezone()
        day_end = datetime.combine(first.date() + timedelta(days=1), datetime.min.time()).astimezone()
        cards = due_by(day_end)  # the cards of that day: "tomorrow from 15:40" holds for each
        return Coming([with_game_path(app, it, find_game) for it in cards] if find_game else cards, first)
    except Exception:  # noqa: BLE001 - a store that cannot answer: nothing to say, never a crash
        return None


def _coming_checks(app, store, lid: int, now: datetime, wait: bool,  # noqa: ANN001
                   find_game: GameFinder | None) -> tuple[Callable[[dict], bool], Callable[[dict], bool]]:
    """The checks :func:`coming_reviews` applies: the review session's cards alone (those due now
    mean there is something to review), and the cards whose coming back is said — the session's
    and the positions from games (with ``find_game``), unless a position is due now (its own door
    offers it then)."""
    from trainer.ui.views.review_items import can_show, can_show_position

    session = can_show(app, wait=wait)
    if find_game is None:
        return session, session
    position = can_show_position(app, find_game)
    if store.due_reviews(lid, now=now, limit=1, showable=position):
        return session, session
    return session, lambda item: session(item) or position(item)


def _local_time(at: datetime) -> str:
    """A time of day as the language writes it ("15:40", "3:40 PM")."""
    from babel.dates import format_time

    return format_time(at.astimezone(), "short", locale=current_language()).replace("\u202f", "\u00a0")


def when_text(at: datetime, now: datetime | None = None, *, time: bool = True) -> str:
    """When review cards come back, to follow "come back": "today from 20:15", "tomorrow from
    15:40", "on December 1" (ru «сегодня с 20:15», «завтра с 15:40», «1 декабря»); without
    ``time`` just "today", "tomorrow" (for a narrow place)."""
    from babel.dates import format_skeleton

    now = (now or datetime.now()).astimezone()
    local = at.astimezone()
    days = (local.date() - now.date()).days
    if days <= 0:
        # TRANSLATORS: when review cards come back (ru: «сегодня с 20:15»).
        return _("today from {time}").format(time=_local_time(local)) if time else _("today")
    if days == 1:
        # TRANSLATORS: when review cards come back (ru: «завтра с 15:40»).
        return _("tomorrow from {time}").format(time=_local_time(local)) if time else _("tomorrow")
    # TRANSLATORS: when review cards come back; {date} is a day and month (ru: «1 декабря»).
    return _("on {date}").format(date=format_skeleton("MMMMd", local, locale=current_language()))


def from_time_text(at: datetime) -> str:
    """The time of day review cards come back from, for a badge: "from 15:40" (ru «с 15:40»)."""
    # TRANSLATORS: a badge: the time review cards come back from (ru: «с 15:40»).
    return _("from {time}").format(time=_local_time(at))


def coming_note(c: Coming, now: datetime | None = None) -> str:
    """The progress screen's «Due for review» card, under its 0: when the next cards come."""
    if c.capped:
        # TRANSLATORS: under «Due for review: 0» when the day's review limit is used up (ru: «ещё 5 — завтра»).
        return ngettext("{n} more tomorrow", "{n} more tomorrow", c.n).format(n=c.n)
    # TRANSLATORS: under «Due for review: 0»; {when}: «завтра», «1 декабря» (ru: «12 вернутся завтра»).
    return ngettext("{n} comes back {when}", "{n} come back {when}", c.n).format(
        n=c.n, when=when_text(c.at, now, time=False))


def _both(c: Coming, *, short: bool = False) -> dict[str, str]:
    """The two counts of a :class:`Coming` of exercises and positions, in words, for the lines that
    name both ("5 exercises and 3 positions from your games"; ``short``: "… and 3 positions", for
    the home's card of one line)."""
    # TRANSLATORS: part of «{exercises} and {positions} come back …» (ru: «5 заданий»).
    exercises = ngettext("{n} exercise", "{n} exercises", c.exercises).format(n=c.exercises)
    if short:
        # TRANSLATORS: part of the home's «{exercises} and {positions} come back …» (ru: «3 позиции»).
        positions = ngettext("{n} position", "{n} positions", c.positions)
    else:
        # TRANSLATORS: part of «{exercises} and {positions} come back …» (ru: «3 позиции из ваших партий»).
        positions = ngettext("{n} position from your games", "{n} positions from your games", c.positions)
    return {"exercises": exercises, "positions": positions.format(n=c.positions)}


def _soon_text(c: Coming, when: str) -> str:
    """The «Review» button's words for the misses of the last day: when, and practise them now."""
    if c.kind == "both":
        return _("Nothing is due yet. {exercises} and {positions} come back {when}: a mistake always comes back the "
                 "next day. You can practice them now too.").format(when=when, **_both(c))
    if c.kind == "positions":
        return ngettext("Nothing is due yet. {n} position from your games comes back {when}: a mistake always "
                        "comes back the next day. You can practice it now too.",
                        "Nothing is due yet. {n} positions from your games come back {when}: a mistake always "
                        "comes back the next day. You can practice them now too.", c.n).format(n=c.n, when=when)
    return ngettext("Nothing is due yet. {n} exercise comes back {when}: a mistake always comes back the next "
                    "day. You can practice it now too.",
                    "Nothing is due yet. {n} exercises come back {when}: a mistake always comes back the next "
                    "day. You can practice them now too.", c.n).format(n=c.n, when=when)


def _later_text(c: Coming, when: str) -> str:
    """The «Review» button's words for cards spaced out further: when they come back."""
    if c.kind == "both":
        return _("Nothing is due yet. {exercises} and {positions} come back for review {when}.").format(
            when=when, **_both(c))
    if c.kind == "positions":
        return ngettext("Nothing is due yet. {n} position from your games comes back for review {when}.",
                        "Nothing is due yet. {n} positions from your games come back for review {when}.",
                        c.n).format(n=c.n, when=when)
    return ngettext("Nothing is due yet. {n} exercise comes back for review {when}.",
                    "Nothing is due yet. {n} exercises come back for review {when}.", c.n).format(n=c.n, when=when)


def coming_text(c: Coming, now: datetime | None = None) -> str:
    """What the «Review» button says with nothing to review now (instead of "nothing to review"):
    when the next cards come back (exercises, positions from games, or both, each named), and for
    the ones back within a day (the misses of the last day) that they can be practised at once."""
    if c.capped:
        return ngettext("Today's reviews are done: the daily limit is {cap}. {n} more exercise waits for tomorrow.",
                        "Today's reviews are done: the daily limit is {cap}. {n} more exercises wait for "
                        "tomorrow.", c.n).format(n=c.n, cap=c.cap)
    when = when_text(c.at, now)
    if c.soon((now or datetime.now()).astimezone()):
        return _soon_text(c, when)
    return _later_text(c, when)


def home_coming_title(c: Coming) -> str:
    """The title of the home's card for the cards coming back: «Mistakes from your games» when they
    are all positions from games (the card the due ones have), else «Review»."""
    return _("Mistakes from your games") if c.kind == "positions" else _("Review")


def home_coming_text(c: Coming, now: datetime | None = None) -> str:
    """The home's card with nothing due yet (:func:`home_coming_title`), for the cards back within a
    day (the misses of the last day): how many and when — exercises, positions, or both, each
    named — and that the card practises them now; short, for the card's one line."""
    when = when_text(c.at, now, time=False)
    if c.kind == "both":
        # TRANSLATORS: the home's «Review» card, one line (ru: «5 заданий и 3 позиции вернутся завтра…»).
        return _("{exercises} and {positions} come back {when}. Practice now?").format(
            when=when, **_both(c, short=True))
    if c.kind == "positions":
        # TRANSLATORS: the home's «Mistakes from your games» card; {when}: «сегодня», «завтра» (ru: «3 позиции…»).
        return ngettext("{n} position comes back {when}. Practice it now?",
                        "{n} positions come back {when}. Practice them now?", c.n).format(n=c.n, when=when)
    # TRANSLATORS: the home's «Review» card; {when}: «сегодня», «завтра» (ru: «12 заданий вернутся завтра…»).
    return ngettext("{n} exercise comes back {when}. Practice it now?",
                    "{n} exercises come back {when}. Practice them now?", c.n).format(n=c.n, when=when)


PRACTICE_ROUND = 20
"""At most this many cards in one "practise now" round: after a first long session a learner may
have eighty misses coming back, and a round of eighty is a wall, not a practice."""


def practice_round(app, items: list[dict]) -> list[dict]:  # noqa: ANN001
    """The cards of the next "practise now" round: at most :data:`PRACTICE_ROUND`, those not yet
    practised in this sitting first (so pressing again brings the next ones, then starts over),
    in the schedule's order otherwise.  A round is of one kind, exercises or positions from games
    (each has its own screen): the kind of the first card it takes; pressing again brings the other."""
    from trainer.ui.views.review_items import is_game_position

    done: set = getattr(app, "practised_cards", set())
    fresh = [it for it in items if it.get("item_id") not in done]
    pool = fresh or items
    if not pool:
        return []
    kind = is_game_position(pool[0])
    batch = [it for it in pool if is_game_position(it) == kind][:PRACTICE_ROUND]
    if not fresh:
        done = set()
    app.practised_cards = done | {it.get("item_id") for it in batch}
    return batch


PRACTICE_SCREENS = {False: ("review", {"mistakes": True}), True: ("position_review", {})}
"""The screen that practises a round of each kind (is it of positions from games?) and what it is
told: exercises as a "my mistakes" round of the review session, positions in the position review."""


def practise_now(app, c: Coming) -> None:  # noqa: ANN001
    """Practise the cards that come back soon at once, at most :data:`PRACTICE_ROUND` of one kind
    (:func:`practice_round`): exercises as a "my mistakes" round, positions from games in the
    position review.  The answers count as practice, so the cards still come back when they are due
    (:func:`trainer.progress.srs.should_grade` keeps a card graded today as it is)."""
    from trainer.ui.views.review_items import is_game_position

    batch = practice_round(app, list(c.items))
    if not batch:
        app.notify(_("Nothing to review right now."), "info")
        return
    screen, extra = PRACTICE_SCREENS[is_game_position(batch[0])]
    try:
        app.push(screen, items=batch, **extra)
    except ValueError:  # no card can be shown after all
        app.notify(_("Nothing to review right now."), "info")
