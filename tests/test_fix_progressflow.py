"""Review 21 (drills) #9, #10, #18: the progress screen shows the weakest skills and every skill;
the misses of a drill session are seen coming back (home, progress, the «Review» button says when,
and they can be practised at once); the home's «{n} reviews are due today» reads as "to review"."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer import i18n  # noqa: E402
from trainer.i18n import ngettext  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.progress.store import SkillMastery  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.screens.progress import mastery_order  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.views.coming_reviews import Coming, coming_note, coming_reviews, coming_text, when_text  # noqa: E402
from trainer.ui.views.review_items import due_review_items  # noqa: E402

SIZES = [(1280, 720), (1024, 600)]
GENS = ("shanten", "fu_count", "points_lookup", "yaku_identify", "safe_tile", "dora_from_indicator")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path / "data"))
    yield
    i18n.set_language("en")


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "progress.sqlite3")
    yield s
    s.close()


def _app(store, lang="ru", size=(1280, 720)) -> App:
    i18n.set_language(lang)
    app = App(size, settings=Settings(language=lang), progress=store, save=False)
    app.push("home")
    return app


def _frame(app):
    app.process([], 1 / 60)
    return app.render()


def _drawn(app, monkeypatch) -> str:
    """Every text drawn in one frame, joined."""
    seen: list[str] = []
    real = app.text.render

    def spy(text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        seen.append(str(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(app.text, "render", spy)
    try:
        app.process([], 1 / 60)
        app.render()
    finally:
        monkeypatch.setattr(app.text, "render", real)
    return " ".join(seen)


def _session(store, learner_id, *, ago=timedelta(minutes=20)) -> int:
    """A drill session of six drills, ten items each, with misses in every drill, ``ago`` before
    now; returns how many cards it missed (one per drill: a card is a drill's family)."""
    from trainer.engine.exercises import GENERATORS

    now = datetime.now(UTC)
    start, step = now - ago, timedelta(seconds=5)
    midnight = now.astimezone().replace(hour=0, minute=0, second=0, microsecond=0)
    if ago < timedelta(days=1) and start < midnight:  # "today's" session must not begin yesterday
        start = midnight  # nor end after now: just after midnight it fits in the minutes since
        step = min(step, (now - start) / (10 * len(GENS) + 1))
    k = 0
    for g in GENS:
        gen = GENERATORS[g]
        for i in range(10):
            ex = gen.generate(gen.params({}), i)
            k += 1
            store.record_answer(learner_id, "drill", ex.item_id, ex.skill, i % 3 != 0, 8.0,
                                at=start + step * k, spec=ex.spec())
    return len(GENS)


# ------------------------------------------------------------------ 18: «Сегодня к повторению: 15»


def test_the_due_today_line_says_to_review_with_russian_plurals():
    i18n.set_language("ru")
    line = lambda n: ngettext("{n} review is due today.", "{n} reviews are due today.", n).format(n=n)  # noqa: E731
    assert line(1) == "Сегодня к повторению: 1 задание."
    assert line(3) == "Сегодня к повторению: 3 задания."
    assert line(15) == "Сегодня к повторению: 15 заданий."
    assert line(21) == "Сегодня к повторению: 21 задание."
    i18n.set_language("en")
    assert line(15) == "15 reviews are due today."


def test_the_homes_progress_card_says_what_is_due_today(store):
    app = _app(store, "ru")
    n = _session(store, app.learner_id, ago=timedelta(days=1, hours=1))  # yesterday's misses: due now
    app.pop()
    home = app.push("home")
    _frame(app)
    card = next(c for c in home.cards if c.title == "Прогресс")
    assert card.subtitle.startswith(f"Сегодня к повторению: {n} заданий.")
    app.close()


# ------------------------------------------------------------------ 9: the weakest skills are seen


def test_the_weakest_judged_skills_come_first_and_the_unjudged_after_them():
    ms = [SkillMastery("fu", 0.63, 10, 7), SkillMastery("shanten", 0.38, 10, 4), SkillMastery("dora", 0.2, 2, 1),
          SkillMastery("points", 0.41, 10, 4), SkillMastery("yaku_id", 0.58, 12, 7)]
    assert [m.skill for m in mastery_order(ms)] == ["shanten", "points", "yaku_id", "fu", "dora"]


def _many_skills(store, learner_id) -> dict[str, float]:
    """Twelve skills of ten answers each, every one with its own mastery."""
    skills = ["fu", "yaku_id", "defense", "rules_furiten", "winning_shape", "waits_mixed", "efficiency", "dora",
              "points", "shanten", "waits_basic", "waits_single_suit"]
    at = datetime.now(UTC) - timedelta(hours=3)
    for k, skill in enumerate(skills):
        for i in range(10):
            store.record_answer(learner_id, "lesson", f"l{k}/q{i}", skill, i < 10 - k // 2 - 2, 5.0,
                                at=at + timedelta(seconds=k * 10 + i))
    return {m.skill: m.mastery for m in store.mastery(learner_id)}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_progress_screen_shows_the_weakest_skill_and_pages_to_every_skill(store, size, lang):
    app = _app(store, lang, size)
    mastery = _many_skills(store, app.learner_id)
    screen = app.push("progress")
    _frame(app)
    fits = screen.mastery_fits
    assert fits < len(mastery)  # the panel cannot show all twelve at once
    shown = [m.skill for m in screen.data.mastery[screen.mastery_top:screen.mastery_top + fits]]
    weakest = min(mastery, key=mastery.get)
    assert weakest == shown[0]  # the skill to practise next is the first row, never cut off
    btn = screen.more_btn
    assert btn.visible and btn.enabled and screen.mastery_rect.contains(btn.rect)
    rows_bottom = screen.mastery_rows_top + fits * app.layout.px(34)
    assert rows_bottom <= btn.rect.top  # the rows keep clear of the button
    rest = len(mastery) - fits
    if lang == "ru":
        assert btn.label.startswith("↓ Ещё ") and "навык" in btn.label
    else:
        assert btn.label == f"↓ {rest} more skills" if rest > 1 else "↓ 1 more skill"
    seen = set(shown)
    for _ in range(len(mastery)):  # the button pages through the rest
        btn.activate()
        _frame(app)
        seen |= {m.skill for m in screen.data.mastery[screen.mastery_top:screen.mastery_top + fits]}
        if screen.mastery_top + fits >= len(mastery):
            break
    assert seen == set(mastery)
    assert btn.label.startswith("↑ ")  # at the end: back to the start
    btn.activate()
    assert screen.mastery_top == 0
    # the mouse wheel moves the list too
    app.process([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 1 / 60)
    assert screen.mastery_top > 0
    app.close()


# ------------------------------------------------------------------ 10: the misses are seen coming back


@pytest.mark.parametrize("size", SIZES)
def test_after_a_session_with_misses_the_home_says_when_they_come_back(store, size, monkeypatch):
    app = _app(store, "ru", size)
    n = _session(store, app.learner_id)
    app.pop()
    home = app.push("home")
    text = _drawn(app, monkeypatch)
    assert due_review_items(app) == []  # nothing is due today: the misses come back tomorrow, as designed
    card = home.review
    assert card is not None and card.title == "Повторение"
    assert card.subtitle == f"{n} заданий вернутся завтра. Потренировать сейчас?"
    assert card.badge.startswith("с ") and ":" in card.badge  # «с 15:40»: when they come back
    assert "вернутся завтра" in text
    assert card.rect.right <= size[0] and card.rect.bottom < home.cards[0].rect.top  # in the top row
    card.activate()  # practise them now: a "my mistakes" round of the same cards
    review = app.screen
    assert review.name == "review" and review.mistakes and review.n == n
    assert review.title() == "Мои ошибки"
    app.close()


def test_practising_early_keeps_the_schedule(store):
    app = _app(store, "en")
    n = _session(store, app.learner_id)
    now = datetime.now().astimezone()
    coming = coming_reviews(app, now=now)
    assert coming is not None and coming.n == n and coming.soon(now)
    assert now + timedelta(hours=23) < coming.at <= now + timedelta(days=1)
    app.pop()
    app.push("home").review.activate()
    review = app.screen
    for _ in range(n):  # answer every card right, at once
        app.record_answer("drill", review.ex.item_id, review.ex.skill, True, 3.0, spec=review.ex.spec())
        review.index += 1
    # the cards still come back the next day (practice is not a review), and then they are due
    assert due_review_items(app) == []
    later = now + timedelta(days=1, minutes=1)  # a day after the session: every miss is back
    assert len(due_review_items(app, now=later)) == n
    assert coming_reviews(app, now=later) is None  # due then: the count says it
    app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_progress_screen_says_when_the_next_reviews_come(store, size, lang, monkeypatch):
    app = _app(store, lang, size)
    n = _session(store, app.learner_id)
    screen = app.push("progress")
    text = _drawn(app, monkeypatch)
    assert screen.data.due == 0 and screen.data.coming is not None
    note = f"{n} вернутся завтра" if lang == "ru" else f"{n} come back tomorrow"
    assert note in text
    # the note at the due card's foot keeps clear of the button's focus ring
    L = app.layout
    ring = screen.review_btn.rect.inflate(4 * L.px(2), 4 * L.px(2))
    note_top = screen.stats_rect.bottom - L.px(12) - app.line_height(L.font("small"))
    assert ring.bottom <= note_top and screen.review_btn.rect.bottom <= screen.stats_rect.bottom
    # the button is not "nothing to review": it says when, and offers to practise now
    assert screen.review_btn.enabled
    screen.review_btn.activate()
    dialog = screen.dialog
    assert dialog is not None
    if lang == "ru":
        assert dialog.body.startswith(f"Повторять пока нечего. {n} заданий вернутся завтра с ")
        assert "ошибка всегда возвращается на следующий день" in dialog.body
        labels = [b.label for b in dialog.buttons]
        assert labels == ["Потренировать сейчас", "Закрыть"]
    else:
        assert dialog.body.startswith(f"Nothing is due yet. {n} exercises come back tomorrow from ")
    assert "Nothing to review right now" not in dialog.body and "Сейчас повторять нечего" not in dialog.body
    _frame(app)
    dialog.buttons[0].activate()
    assert app.screen.name == "review" and app.screen.mistakes
    app.close()


def test_with_the_days_limit_used_up_the_button_says_the_rest_come_tomorrow(store):
    app = _app(store, "ru")
    n = _session(store, app.learner_id, ago=timedelta(days=1, hours=1))  # due now
    store.update_learner(app.learner_id, settings={"daily_reviews": 0})
    screen = app.push("progress")
    _frame(app)
    assert screen.data.due == 0 and screen.data.coming is not None and screen.data.coming.capped
    assert coming_note(screen.data.coming) == f"ещё {n} — завтра"
    screen.review_btn.activate()
    assert screen.dialog.body == (f"На сегодня повторений хватит: дневной лимит — 0. Ещё {n} заданий подождут "
                                  "до завтра.")
    assert [b.label for b in screen.dialog.buttons] == ["Закрыть"]
    app.close()


def test_with_nothing_scheduled_the_home_shows_no_review_card(store):
    app = _app(store, "ru")
    home = app.screen
    _frame(app)
    assert home.review is None and coming_reviews(app) is None
    screen = app.push("progress")
    _frame(app)
    assert not screen.review_btn.enabled and screen.data.coming is None
    app.close()


def test_when_the_cards_come_back_in_words():
    now = datetime(2026, 11, 28, 10, 0).astimezone()
    i18n.set_language("ru")
    assert when_text(now.replace(hour=20, minute=15), now) == "сегодня с 20:15"
    assert when_text(now + timedelta(days=1, hours=5, minutes=40), now) == "завтра с 15:40"
    assert when_text(now + timedelta(days=1), now, time=False) == "завтра"
    assert when_text(now + timedelta(days=3), now) == "1 декабря"
    later = Coming([{"generator": "shanten"}] * 3, now + timedelta(days=3))
    assert not later.soon(now)
    assert coming_text(later, now) == "Повторять пока нечего. 3 задания вернутся на повторение 1 декабря."
    i18n.set_language("en")
    assert when_text(now + timedelta(days=1, hours=5, minutes=40), now) == "tomorrow from 3:40\u00a0PM"
    assert when_text(now + timedelta(days=3), now) == "on December 1"
    assert coming_text(Coming([{}], now + timedelta(hours=20)), now) == (
        "Nothing is due yet. 1 exercise comes back tomorrow from 6:00\u00a0AM: a mistake always comes back the "
        "next day. You can practice it now too.")
