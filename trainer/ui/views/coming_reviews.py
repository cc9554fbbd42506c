"""When a learner's review cards come back, in words: with nothing to review now, how many
exercises come back and when (a miss comes back the next day, :mod:`trainer.progress.srs`), for
the home's «Review» card, the progress screen's «Due for review» card and its «Review» button —
and practising them at once as a "my mistakes" round (the schedule stays as it is)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from trainer.i18n import _, current_language, ngettext

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
        return len(self.items)

    def soon(self, now: datetime) -> bool:
        """Whether these are the misses of the last day (back within a day, not spaced out)."""
        return not self.capped and self.at <= now + SOON


def coming_reviews(app, *, now: datetime | None = None, wait: bool = True) -> Coming | None:  # noqa: ANN001
    """With no review card due now: which cards come back next, and when (None when cards are due
    now, or none is scheduled; always None without a progress store).  The same cards as the
    review session counts (those the app can show, :func:`~trainer.ui.views.review_items.can_show`);
    the schedule is the store's (a miss comes back a day later, :mod:`trainer.progress.srs`),
    read, never changed.  With the day's review limit used up, the cards due now are said to
    come the next day (``capped``)."""
    from trainer.ui.views.review_items import can_show

    store, lid = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if store is None or lid is None:
        return None
    now = (now or datetime.now()).astimezone()
    show = can_show(app, wait=wait)

    def due_by(t: datetime, limit: int = ALL) -> list[dict]:
        return store.due_reviews(lid, now=t, limit=limit, showable=show)

    try:
        if store.due_reviews(lid, now=now, showable=show):
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
        first = hi.astimezone()
        day_end = datetime.combine(first.date() + timedelta(days=1), datetime.min.time()).astimezone()
        return Coming(due_by(day_end), first)  # the cards of that day: "tomorrow from 15:40" holds for each
    except Exception:  # noqa: BLE001 - a store that cannot answer: nothing to say, never a crash
        return None


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


def coming_text(c: Coming, now: datetime | None = None) -> str:
    """What the «Review» button says with nothing to review now (instead of "nothing to review"):
    when the next cards come back, and for the ones back within a day (the misses of the last day)
    that they can be practised at once."""
    if c.capped:
        return ngettext("Today's reviews are done: the daily limit is {cap}. {n} more exercise waits for tomorrow.",
                        "Today's reviews are done: the daily limit is {cap}. {n} more exercises wait for "
                        "tomorrow.", c.n).format(n=c.n, cap=c.cap)
    when = when_text(c.at, now)
    if c.soon((now or datetime.now()).astimezone()):
        return ngettext("Nothing is due yet. {n} exercise comes back {when}: a mistake always comes back the next "
                        "day. You can practice it now too.",
                        "Nothing is due yet. {n} exercises come back {when}: a mistake always comes back the next "
                        "day. You can practice them now too.", c.n).format(n=c.n, when=when)
    return ngettext("Nothing is due yet. {n} exercise comes back for review {when}.",
                    "Nothing is due yet. {n} exercises come back for review {when}.", c.n).format(n=c.n, when=when)


def home_coming_text(c: Coming, now: datetime | None = None) -> str:
    """The home's «Review» card with nothing due yet, for the cards back within a day (the misses
    of the last day): how many and when, and that the card practises them now."""
    # TRANSLATORS: the home's «Review» card; {when}: «сегодня», «завтра» (ru: «12 заданий вернутся завтра…»).
    return ngettext("{n} exercise comes back {when}. Practice it now?",
                    "{n} exercises come back {when}. Practice them now?", c.n).format(
        n=c.n, when=when_text(c.at, now, time=False))


PRACTICE_ROUND = 20
"""At most this many cards in one "practise now" round: after a first long session a learner may
have eighty misses coming back, and a round of eighty is a wall, not a practice."""


def practice_round(app, items: list[dict]) -> list[dict]:  # noqa: ANN001
    """The cards of the next "practise now" round: at most :data:`PRACTICE_ROUND`, those not yet
    practised in this sitting first (so pressing again brings the next ones, then starts over),
    in the schedule's order otherwise."""
    done: set = getattr(app, "practised_cards", set())
    fresh = [it for it in items if it.get("item_id") not in done]
    batch = (fresh or items)[:PRACTICE_ROUND]
    if not fresh:
        done = set()
    app.practised_cards = done | {it.get("item_id") for it in batch}
    return batch


def practise_now(app, c: Coming) -> None:  # noqa: ANN001
    """Practise the cards that come back soon at once, as a "my mistakes" round of at most
    :data:`PRACTICE_ROUND` (:func:`practice_round`): the answers count as drill answers, so the cards
    still come back when they are due (:func:`trainer.progress.srs.should_grade` keeps a card graded
    today as it is)."""
    try:
        app.push("review", items=practice_round(app, list(c.items)), mistakes=True)
    except ValueError:  # no card can be shown after all
        app.notify(_("Nothing to review right now."), "info")
