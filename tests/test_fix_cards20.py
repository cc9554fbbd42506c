"""Review cards from the table and the import door (review «returning», items 4, 5 and 6):

- a match's positions the coach disagreed with become review cards without an answer: the
  learner's daily count, accuracy and mastery do not move until the learner answers the card;
- the progress screen names the due positions from games beside the due exercises and opens them,
  and the home keeps the positions' card beside an unfinished match;
- an import from the progress screen makes the imported learner the current one."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer import i18n  # noqa: E402
from trainer.engine.game.records import load  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.progress.transfer import write_export  # noqa: E402
from trainer.ui import folders, game_cards  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.game_cards import due_positions, record_mistakes  # noqa: E402
from trainer.ui.screens.play_shots import saved_games  # noqa: E402
from trainer.ui.screens.progress import positions_note  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def _app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str = "en", store=None) -> App:  # noqa: ANN001
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    store = store or open_store(tmp_path / "progress.sqlite3")
    app = App((1280, 720), settings=Settings(language=lang), progress=store, save=False)
    app.push("home")
    return app


def _frame(app: App):  # noqa: ANN202
    app.process([], 1.0)
    return app.render()


def _figures(app: App) -> tuple:
    store, lid = app.progress, app.learner_id
    return (store.answer_count(lid), store.today_count(lid), store.totals(lid)["answers"],
            [(m.skill, m.answers, m.mastery) for m in store.mastery(lid)])


# ------------------------------------------------------------- 5: no answer for the coach's verdict


def test_add_card_schedules_a_card_due_now_without_an_answer(tmp_path: Path) -> None:
    store = open_store(tmp_path / "progress.sqlite3")
    lid = store.create_learner("Mama").id
    spec = {"game": str(tmp_path / "g.json"), "hand": 1, "action": 7, "seat": 0, "ask": "call"}
    assert store.add_card(lid, "game-call:g:1:7", "rules_calls", spec) is True
    due = store.due_reviews(lid, limit=10)
    assert [(r["item_id"], r["skill"], r["ask"]) for r in due] == [("game-call:g:1:7", "rules_calls", "call")]
    assert store.answer_count(lid) == 0 and store.today_count(lid) == 0 and store.mastery(lid) == []
    assert store.totals(lid)["answers"] == 0
    # an existing card is left as it is
    store.record_answer(lid, "game", "game-call:g:1:7", "rules_calls", True, 4.0, spec=spec)
    state = store.db.execute("SELECT due, state FROM card WHERE item_id = 'game-call:g:1:7'").fetchone()
    assert store.add_card(lid, "game-call:g:1:7", "rules_calls", spec) is False
    assert store.db.execute("SELECT due, state FROM card WHERE item_id = 'game-call:g:1:7'").fetchone() == state
    store.close()


def test_a_finished_match_makes_cards_but_no_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(tmp_path, monkeypatch)
    path = saved_games(app)[0]
    before = _figures(app)
    made = record_mistakes(app, path, load(path))
    assert made > 0
    assert _figures(app) == before  # no answers, no daily count, no mastery moved
    now = datetime.now(UTC)
    due = [r for r in app.progress.due_reviews(app.learner_id, now=now, limit=500) if "game" in r]
    assert len(due) == made  # due at once, from the store itself
    assert len(due_positions(app)) == made
    # the learner's own answer in the review is what counts
    item = due[0]
    app.record_answer("game", item["item_id"], item["skill"], False, 5.0,
                      spec={k: item[k] for k in ("game", "hand", "action", "seat", "ask") if k in item})
    assert app.progress.answer_count(app.learner_id) == before[0] + 1
    app.close()


def test_record_mistakes_never_calls_record_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(tmp_path, monkeypatch)
    cards = [(f"game-call:g:{h}:3", "rules_calls", {"game": "g.json", "hand": h, "action": 3, "seat": 0,
                                                   "ask": "call"}) for h in range(3)]
    monkeypatch.setattr(game_cards, "mistake_cards", lambda *_a, **_k: cards)
    assert record_mistakes(app, tmp_path / "g.json", {}) == 3
    skills = {m.skill for m in app.progress.mastery(app.learner_id)}
    assert "rules_calls" not in skills and app.progress.today_count(app.learner_id) == 0
    app.close()


# ------------------------------------------------- 4: the progress screen names the positions


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_progress_screen_names_the_due_positions_and_opens_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     lang: str) -> None:
    app = _app(tmp_path, monkeypatch, lang)
    path = saved_games(app)[0]
    made = record_mistakes(app, path, load(path))
    assert made > 1
    progress = app.push("progress")
    _frame(app)
    assert progress.data.due == 0 and len(progress.data.positions) == made
    assert progress.review_btn.enabled is False
    btn = progress.positions_btn
    assert btn.visible and btn.enabled
    if lang == "en":
        assert btn.label == f"Review {made} positions from your games"
        assert positions_note(made) == f"+ {made} positions from your games"
    else:
        assert btn.label.startswith(f"Повторить {made} позици") and btn.label.endswith(" из партий")
        assert positions_note(made).startswith(f"+ {made} позици")
    # the button stays inside the screen and clear of the other buttons
    assert btn.rect.right <= 1280 and btn.rect.bottom <= 720
    assert not btn.rect.colliderect(progress.import_btn.rect)
    btn.activate()
    assert app.screen.name == "position_review"
    assert len(app.screen.items) == made
    app.close()


def test_no_positions_no_button(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(tmp_path, monkeypatch)
    progress = app.push("progress")
    _frame(app)
    assert progress.data.positions == [] and not progress.positions_btn.visible
    app.close()


def test_the_home_keeps_the_positions_card_beside_an_unfinished_match(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.engine.game import saved

    items = [{"game": "g.json", "hand": 0, "action": i, "seat": 0, "ask": "call"} for i in range(3)]
    monkeypatch.setattr(game_cards, "due_positions", lambda _app: items)
    game = SimpleNamespace(path=tmp_path / "game.json", hands=1, points=22400, game="riichi", hand_in_progress=False)
    monkeypatch.setattr(saved, "latest_unfinished", lambda _folder: game)
    app = _app(tmp_path, monkeypatch)
    home = app.screen
    home.rebuild()
    _frame(app)
    assert home.match_card is not None and home.match_card.title == "Resume the match"
    assert home.mistakes_card is not None and home.mistakes_card.title == "Mistakes from your games"
    assert home.mistakes_card.badge == "3"
    assert not home.mistakes_card.rect.colliderect(home.match_card.rect)
    assert home.mistakes_card.rect.right <= 1280 and home.mistakes_card.rect.width > 200
    app.close()


# ------------------------------------------------------------ 6: the imported learner is current


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_import_switches_to_the_imported_learner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    lang: str) -> None:
    other = open_store(tmp_path / "old" / "progress.sqlite3")
    mama = other.create_learner("Мама").id
    other.record_answer(mama, "drill", "shanten:x:1", "efficiency", True, 3.0)
    other.complete_lesson(mama, "basics_tiles", 1.0)
    docs = tmp_path / "docs"
    docs.mkdir()
    write_export(other, mama, docs / "mama.json")
    other.close()
    monkeypatch.setattr(folders, "export_folder", lambda: docs)
    app = _app(tmp_path / "new", monkeypatch, lang)
    default = app.learner_id
    progress = app.push("progress")
    _frame(app)
    assert progress.data.totals["answers"] == 0
    imp = app.push("progress_import")
    _frame(app)
    imp.do_import(docs / "mama.json")
    assert app.banners[-1].kind != "error", app.banners[-1].text
    assert app.learner_id != default and app.progress.learner(app.learner_id).name == "Мама"
    assert app.screen is progress
    _frame(app)
    assert progress.data.learner_name == "Мама" and progress.data.totals["answers"] == 1
    assert progress.data.totals["lessons_completed"] == 1
    text = app.banners[-1].text
    # what the import did (progress24's import_summary), then who is learning now
    assert text == ("Imported Мама: 1 answer; now learning: Мама. The empty profile Player was removed: nothing had "
                    "been done in it." if lang == "en" else "Импортировано: Мама, 1 ответ; выбран профиль «Мама». "
                    "Пустой профиль «Игрок» убран: в нём ещё ничего не было сделано.")
    # the learner who was current was the empty default profile the app made: it goes (review 21; a
    # learner with anything at all stays, tests/test_fix_data21.py)
    assert default not in {x.id for x in app.progress.learners()}
    app.pop()
    _frame(app)
    assert "Мама" in app.screen.status_text
    app.close()


@pytest.mark.parametrize(("asks", "words"), [(["win"], "win or let it pass?"),
                                             (["win", None], "discards, win or pass")])
def test_the_home_card_asks_win_or_pass_for_due_win_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          asks: list, words: str) -> None:
    """Due cards of wins let pass were announced as «what would you discard now?»."""
    items = [{"game": "g.json", "hand": 0, "action": i, "seat": 0, **({"ask": a} if a else {})}
             for i, a in enumerate(asks)]
    monkeypatch.setattr(game_cards, "due_positions", lambda _app: items)
    app = _app(tmp_path, monkeypatch)
    home = app.screen
    home.rebuild()
    _frame(app)
    assert home.mistakes_card is not None and words in home.mistakes_card.subtitle, home.mistakes_card.subtitle
    assert "what would you discard" not in home.mistakes_card.subtitle
    app.close()
