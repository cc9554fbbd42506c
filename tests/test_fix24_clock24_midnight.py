"""Session 24 (clock24): the tests of "today's" answers pass at any time of day.

Tests that record "today's" answers as "now minus a few minutes" failed just after midnight: the
answers then fell on yesterday and came back today instead of tomorrow.  Here those tests' own
logic runs with every clock the app reads (the store's ``_now``, the screens' and views'
``datetime.now()``) moved to 00:02, 00:05 and 23:55 local time; and the old "now minus five
minutes" is shown to fail at 00:02, so the moved clock does reach the code under test.
"""

from __future__ import annotations

import datetime as datetime_module
import os
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests import test_fix22_starter_session as starter_session  # noqa: E402
from tests import test_fix22_starter_store as starter_store  # noqa: E402
from tests import test_fix24_coming24_positions as positions  # noqa: E402
from tests import test_fix_progressflow as progressflow  # noqa: E402
from tests import test_fix_reviews as reviews  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.progress import open_store  # noqa: E402

REAL_DATETIME = datetime
TIMES = ["00:00", "00:02", "00:05", "23:55"]


def _shifted_datetime(hour: int, minute: int) -> type[datetime]:
    """A ``datetime`` class whose ``now()`` runs on from ``hour:minute`` today, local time."""
    real_local = REAL_DATETIME.now().astimezone()
    delta = real_local.replace(hour=hour, minute=minute, second=0, microsecond=0) - real_local

    class ShiftedDatetime(REAL_DATETIME):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> datetime:  # noqa: D102 - the clock, moved
            return REAL_DATETIME.now(tz) + delta

    return ShiftedDatetime


def move_clock(monkeypatch: pytest.MonkeyPatch, at: str) -> None:
    """Make every ``datetime.now()`` (the app's, the store's ``_now``, the tests') read ``at``
    ("HH:MM" local time, today) and run on from there, until the test ends."""
    hour, minute = map(int, at.split(":"))
    shifted = _shifted_datetime(hour, minute)
    monkeypatch.setattr(datetime_module, "datetime", shifted)  # `from datetime import datetime` inside functions
    for name, module in list(sys.modules.items()):
        if name != "datetime" and getattr(module, "datetime", None) is REAL_DATETIME:
            monkeypatch.setattr(module, "datetime", shifted)


@pytest.fixture(scope="module")
def played_match() -> tuple:
    """The coming-positions tests' match and its review cards, played once here."""
    return positions.match.__wrapped__()


@pytest.fixture()
def language() -> Iterator[None]:
    before = i18n.current_language()
    yield
    i18n.set_language(before)


def test_the_moved_clock_reaches_the_store_and_the_views(monkeypatch: pytest.MonkeyPatch, language: None) -> None:
    """The proof the moved clock is felt: the old "now minus five minutes" at 00:02 is yesterday,
    and its miss is said to come back today, not tomorrow."""
    import trainer.progress.store as store_module
    from trainer.ui.views.coming_reviews import when_text

    move_clock(monkeypatch, "00:02")
    now = datetime_module.datetime.now().astimezone()
    assert (now.hour, now.minute) == (0, 2) and store_module._now().astimezone().hour == 0
    old_miss = now - timedelta(minutes=5)
    assert old_miss.date() < now.date()  # the old way put "today's" miss on yesterday
    i18n.set_language("ru")
    assert when_text(old_miss + timedelta(days=1), time=False) == "сегодня"  # and said «вернётся сегодня»


@pytest.mark.parametrize("at", TIMES)
def test_a_starter_miss_of_today_comes_back_tomorrow_at_any_time(at: str, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 language: None) -> None:
    move_clock(monkeypatch, at)
    starter_store.test_a_starter_miss_of_today_is_said_to_come_back_tomorrow(tmp_path, monkeypatch)


@pytest.mark.parametrize("at", TIMES)
def test_a_puzzle_missed_today_is_practised_from_the_home_at_any_time(at: str, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch,
                                                                      language: None) -> None:
    move_clock(monkeypatch, at)
    with headless_app(tmp_path, monkeypatch, progress=open_store(tmp_path / "progress.sqlite3"),
                      language="ru") as app:
        starter_session.test_a_puzzle_missed_today_can_be_practised_now_from_the_home(app)


@pytest.mark.parametrize("at", TIMES)
def test_todays_drill_session_comes_back_tomorrow_at_any_time(at: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              language: None) -> None:
    """``_session`` of the progress-flow tests (today's misses, "20 minutes ago")."""
    move_clock(monkeypatch, at)
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path / "data"))
    store = open_store(tmp_path / "progress.sqlite3")
    try:
        progressflow.test_after_a_session_with_misses_the_home_says_when_they_come_back(
            store, progressflow.SIZES[0], monkeypatch)
    finally:
        store.close()
    store = open_store(tmp_path / "second.sqlite3")
    try:
        progressflow.test_practising_early_keeps_the_schedule(store)
    finally:
        store.close()


@pytest.mark.parametrize("at", TIMES)
def test_a_lesson_step_missed_on_day_1_comes_back_on_day_2_at_any_time(at: str, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch,
                                                                       language: None) -> None:
    move_clock(monkeypatch, at)
    with headless_app(tmp_path, monkeypatch, progress="open") as app:
        reviews.test_a_lesson_step_missed_on_day_1_comes_back_on_day_2_and_is_graded_on_the_same_card(
            app, monkeypatch)


@pytest.mark.parametrize("at", TIMES)
def test_todays_missed_positions_come_back_tomorrow_at_any_time(at: str, played_match: tuple, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch,
                                                                language: None) -> None:
    """``_ago("day 1")`` of the coming-positions tests (today's review, "20 minutes ago")."""
    move_clock(monkeypatch, at)
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path / "data"))
    store = open_store(tmp_path / "progress.sqlite3")
    try:
        positions.test_the_home_says_when_the_missed_positions_come_back_and_opens_them(
            store, played_match, "day 1", positions.SIZES[0], monkeypatch)
    finally:
        store.close()


def test_the_old_five_minutes_ago_fails_just_after_midnight(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            language: None) -> None:
    """What the starter test did before its fix: the miss five minutes before 00:02 is said to
    come back today."""
    from trainer.engine.exercises import nanikiru
    from trainer.ui.views.coming_reviews import coming_note, coming_reviews
    from trainer.ui.views.review_items import starter_spec

    move_clock(monkeypatch, "00:02")
    with headless_app(tmp_path, monkeypatch, progress=open_store(tmp_path / "progress.sqlite3"),
                      language="ru") as app:
        i18n.set_language("ru")
        pos = nanikiru.starter_positions()[0]
        q = nanikiru.puzzle(pos)
        now = datetime_module.datetime.now().astimezone()
        app.progress.record_answer(app.learner_id, "nanikiru", q.exercise.item_id, q.exercise.skill, False, 8.0,
                                   spec=starter_spec(pos), at=now.astimezone(UTC) - timedelta(minutes=5))
        coming = coming_reviews(app, now=now)
        assert coming is not None and coming_note(coming, now) == "1 вернётся сегодня"
