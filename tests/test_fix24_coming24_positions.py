"""Review 24 (loop24, finding 4): the positions from the learner's games that were missed in a
review come back the next day, and the home and the progress screen say so — on the day of the
review and the next morning — and offer to practise them now in the position review; the
progress screen's disabled «Review» button never holds the focus ring."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer import i18n  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.views.coming_reviews import coming_reviews, when_text  # noqa: E402
from trainer.ui.views.review_items import due_review_items  # noqa: E402

GAME = "game-20261126-100000.json"
SIZES = [(1280, 720), (1024, 600)]
MISSED, RIGHT = 3, 2
GENS = ("shanten", "fu_count")


@pytest.fixture(scope="module")
def match() -> tuple[dict[str, Any], list[tuple[str, str, dict[str, Any]]]]:
    """One match of a hasty learner against bots (played once for the module) and its review cards,
    each naming the game by its file name (found in the learner's games folder)."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.ui.game_cards import mistake_cards
    from trainer.ui.match_setup import MatchSetup
    from trainer.ui.saved_games import setup_to_log
    from trainer.ui.screens.play_shots import _Hasty

    setup = MatchSetup(length="tonpuusen")
    rules = setup.rules()
    players = [_Hasty(), *(make_bot(setup.opponents[i], rules) for i in setup.opponent_seats())]
    log = play_match(players, rules, seed=5).log
    log.update(started="2026-11-26T10:00:00+00:00", learner_seat=0, setup=setup_to_log(setup))
    cards = [(item, skill, dict(spec, game=GAME)) for item, skill, spec in mistake_cards(Path(GAME), log, 0)]
    assert len(cards) >= MISSED + RIGHT
    return log, cards


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


def _app(store, lang: str = "ru", size: tuple[int, int] = (1280, 720)) -> App:
    i18n.set_language(lang)
    app = App(size, settings=Settings(language=lang), progress=store, save=False)
    app.push("home")
    return app


def _frame(app: App) -> None:
    app.process([], 1 / 60)
    app.render()


def _drawn(app: App, monkeypatch) -> str:
    """Every text drawn in one frame, joined."""
    seen: list[str] = []
    real = app.text.render

    def spy(text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        seen.append(str(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(app.text, "render", spy)
    try:
        _frame(app)
    finally:
        monkeypatch.setattr(app.text, "render", real)
    return " ".join(seen)


def _reviewed(app: App, match, *, ago: timedelta, answered: int = MISSED + RIGHT) -> list[str]:
    """Five of the match's cards made (the match as the learner saw it) and ``answered`` of them
    answered in the position review ``ago`` before now (the first :data:`MISSED` wrong, the rest
    right); the others wait unanswered.  Returns the ids of the missed cards."""
    from trainer.engine.game.saved import write_game
    from trainer.ui.saved_games import games_dir

    log, cards = match
    folder = games_dir(app)
    folder.mkdir(parents=True, exist_ok=True)
    write_game(log, folder / GAME)
    start = datetime.now(UTC) - ago
    for k, (item, skill, spec) in enumerate(cards[:MISSED + RIGHT]):
        app.progress.add_card(app.learner_id, item, skill, spec, due=start)
        if k < answered:
            app.progress.record_answer(app.learner_id, "game", item, skill, k >= MISSED, 8.0,
                                       at=start + timedelta(seconds=20 * (k + 1)), spec=spec)
    return [item for item, _skill, _spec in cards[:MISSED]]


def _drill_misses(app: App, *, ago: timedelta) -> int:
    """A short drill session with a miss in each drill, ``ago`` before now; how many cards it missed."""
    from trainer.engine.exercises import GENERATORS

    start = datetime.now(UTC) - ago
    for n, g in enumerate(GENS):
        gen = GENERATORS[g]
        ex = gen.generate(gen.params({}), n)
        app.progress.record_answer(app.learner_id, "drill", ex.item_id, ex.skill, False, 8.0,
                                   at=start + timedelta(seconds=5 * n), spec=ex.spec())
    return len(GENS)


def _coming(app: App, now: datetime | None = None) -> Any:
    """When the next cards come back, the positions from games among them (as the screens ask)."""
    from trainer.ui.game_cards import game_path

    return coming_reviews(app, now=now, find_game=game_path)


def _home(app: App) -> Any:
    while len(app.stack) > 1:
        app.pop()
    app.pop()
    home = app.push("home")
    _frame(app)
    return home


# ------------------------------------------------------------------ the home says when they come back

DAYS = {"day 1": timedelta(minutes=20), "next morning": timedelta(hours=14)}


def _ago(day: str, earlier: bool = False) -> timedelta:
    """How long ago the review of ``day`` was (``earlier``: the drills before it, 5 minutes sooner).
    "day 1" is today: just after midnight both are moved into the minutes since it, so a run at 00:10
    never puts "today's" review on the day before."""
    ago, gap = DAYS[day], timedelta(minutes=5)
    if day == "day 1":
        now = datetime.now().astimezone()
        since = now - now.replace(hour=0, minute=0, second=0, microsecond=0)
        if since < ago + gap + timedelta(minutes=1):
            ago, gap = since * 0.4, since * 0.4
    return ago + gap if earlier else ago


@pytest.mark.parametrize("day", list(DAYS))
@pytest.mark.parametrize("size", SIZES)
def test_the_home_says_when_the_missed_positions_come_back_and_opens_them(store, match, day, size, monkeypatch):
    app = _app(store, "ru", size)
    missed = _reviewed(app, match, ago=_ago(day))
    home = _home(app)
    text = _drawn(app, monkeypatch)
    now = datetime.now().astimezone()
    assert due_review_items(app) == [] and home.mistakes_card is None  # nothing due now
    coming = _coming(app, now)
    assert coming is not None and coming.soon(now) and coming.positions == MISSED and coming.exercises == 0
    assert {it["item_id"] for it in coming.items} == set(missed)  # the misses, not the right answers
    back = (datetime.now(UTC) - _ago(day) + timedelta(days=1)).astimezone()
    assert abs((coming.at - back).total_seconds()) < 300  # a miss comes back a day after the answer
    card = home.review
    when = when_text(coming.at, now, time=False)
    assert card is not None and card.title == "Ошибки из ваших партий"
    assert card.subtitle == f"3 позиции вернутся {when}. Потренировать сейчас?"
    assert card.badge.startswith("с ") and ":" in card.badge
    assert f"3 позиции вернутся {when}. Потренировать сейчас?" in text  # one line, whole
    assert card.rect.right <= size[0] and card.rect.bottom < home.cards[0].rect.top  # in the top row
    card.activate()  # practise them now: the position review of those very cards
    review = app.screen
    assert review.name == "position_review"
    assert [it["item_id"] for it in review.items] == missed
    assert all(Path(it["game"]).is_file() for it in review.items)
    assert review.decision is not None  # the first card opened at its position
    _frame(app)
    app.close()


def test_the_english_home_names_the_positions(store, match):
    app = _app(store, "en")
    _reviewed(app, match, ago=_ago("day 1"))
    home = _home(app)
    now = datetime.now().astimezone()
    when = when_text(_coming(app, now).at, now, time=False)
    assert home.review.title == "Mistakes from your games"
    assert home.review.subtitle == f"3 positions come back {when}. Practice them now?"
    app.close()


# ------------------------------------------------------------------ the progress screen says it too


@pytest.mark.parametrize("day", list(DAYS))
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_progress_screen_says_when_the_positions_come_back_and_practises_them(store, match, day, lang,
                                                                                  monkeypatch):
    app = _app(store, lang)
    missed = _reviewed(app, match, ago=_ago(day))
    screen = app.push("progress")
    text = _drawn(app, monkeypatch)
    now = datetime.now().astimezone()
    when = when_text(screen.data.coming.at, now, time=False)
    assert screen.data.due == 0 and screen.data.positions == [] and screen.data.coming.n == MISSED
    assert (f"3 вернутся {when}" if lang == "ru" else f"3 come back {when}") in text
    assert screen.review_btn.enabled and screen.focused_widget() is screen.review_btn
    screen.review_btn.activate()
    dialog = screen.dialog
    if lang == "ru":
        assert dialog.body.startswith(f"Повторять пока нечего. 3 позиции из ваших партий вернутся {when} с ")
        assert [b.label for b in dialog.buttons] == ["Потренировать сейчас", "Закрыть"]
    else:
        assert dialog.body.startswith(f"Nothing is due yet. 3 positions from your games come back {when} from ")
        assert dialog.body.endswith("You can practice them now too.")
    _frame(app)
    dialog.buttons[0].activate()
    assert app.screen.name == "position_review" and [it["item_id"] for it in app.screen.items] == missed
    app.close()


def test_a_disabled_review_button_never_holds_the_focus(store):
    app = _app(store, "ru")
    screen = app.push("progress")
    _frame(app)
    assert not screen.review_btn.enabled  # nothing due, nothing coming
    focused = screen.focused_widget()
    assert focused is not None and focused.enabled and focused is screen.learners_btn
    app.close()


def test_a_review_button_disabled_on_return_gives_up_the_focus(store, match):
    app = _app(store, "ru")
    _reviewed(app, match, ago=_ago("day 1"))
    screen = app.push("progress")
    _frame(app)
    assert screen.focused_widget() is screen.review_btn
    store.db.execute("DELETE FROM card")  # the cards are gone meanwhile (another copy, an import)
    store.db.commit()
    app.push("learners")
    app.pop()  # back on the progress screen: built again, nothing to review
    _frame(app)
    assert not screen.review_btn.enabled and screen.focused_widget().enabled
    app.close()


# ------------------------------------------------------------------ with drills, and with positions due now


def test_exercises_and_positions_are_named_both_and_practised_a_kind_at_a_time(store, match):
    app = _app(store, "ru")
    missed = _reviewed(app, match, ago=_ago("day 1"))
    drills = _drill_misses(app, ago=_ago("day 1", earlier=True))  # before the match's review
    home = _home(app)
    now = datetime.now().astimezone()
    coming = _coming(app, now)
    when = when_text(coming.at, now, time=False)
    assert (coming.exercises, coming.positions) == (drills, MISSED)
    assert home.review.title == "Повторение"
    assert home.review.subtitle == f"{drills} задания и 3 позиции вернутся {when}. Потренировать?"
    home.review.activate()  # the schedule's order: the drills' misses came first
    assert app.screen.name == "review" and app.screen.mistakes and app.screen.n == drills
    home = _home(app)
    home.review.activate()  # pressing again brings the positions
    assert app.screen.name == "position_review" and [it["item_id"] for it in app.screen.items] == missed
    app.close()


def test_while_positions_are_due_the_home_offers_them_once(store, match):
    app = _app(store, "ru")
    _reviewed(app, match, ago=_ago("day 1"), answered=MISSED)  # the rest of the match's cards wait, due now
    home = _home(app)
    assert home.mistakes_card is not None  # «Mistakes from your games»: the due ones
    assert home.review is None  # not a second card about positions: the due ones first
    app.close()


def test_a_position_whose_game_is_gone_is_not_announced(store, match):
    from trainer.ui.saved_games import games_dir

    app = _app(store, "ru")
    _reviewed(app, match, ago=_ago("day 1"))
    (games_dir(app) / GAME).unlink()
    home = _home(app)
    assert home.review is None and _coming(app) is None
    app.close()
