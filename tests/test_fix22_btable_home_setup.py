"""Review rev22 "beginner" finding 11 and the low items 16-17: the home's cards above the sections
show whole titles and subtitles at 1280x720 and 1024x600 (three of them no longer squeezed into
one row), the section cards grow to show their whole subtitles when there is room; a learner new
to the table starts the match setup with the gentle bots and East only (a remembered setup still
wins), and the setup's level buttons keep their whole labels at 1024x600."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer.i18n import set_language  # noqa: E402
from trainer.progress import open_store  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import FIRST_MATCH, MatchSetup, first_setup, learner_setup  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.widgets import OptionRow  # noqa: E402

SIZES = [(1280, 720), (1024, 600)]


@pytest.fixture()
def make_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    made: list[tuple[App, object]] = []

    def make(lang: str = "en", size: tuple[int, int] = (1280, 720)) -> App:
        set_language(lang)
        store = open_store(tmp_path / f"progress-{len(made)}.sqlite3")
        app = App(size=size, settings=Settings(language=lang), progress=store, save=False)
        app.push("home")
        made.append((app, store))
        return app

    yield make
    for app, store in made:
        app.close()
        store.close()  # type: ignore[attr-defined]
    set_language("en")


def _three_tops(monkeypatch: pytest.MonkeyPatch) -> None:
    """A learner with a lesson to continue, 84 reviews due and 17 positions from games due."""
    from trainer.ui import game_cards
    from trainer.ui.screens import home

    monkeypatch.setattr(home.HomeScreen, "_resume", lambda self: ("basics_dora", 0, "Dora"))
    monkeypatch.setattr(home.HomeScreen, "_reviews", lambda self: [{"id": i} for i in range(84)])
    monkeypatch.setattr(game_cards, "due_positions",
                        lambda app: [{"ask": "tile"}] * 10 + [{"ask": "riichi"}] * 4 + [{"ask": "call"}] * 3)


def _whole(app: App, card) -> bool:  # noqa: ANN001
    """The card shows its whole title and its whole subtitle."""
    w = card.rect.width
    return (card.height_for(app, w, card.subtitle_lines(app, w)) <= card.rect.height
            and card.subtitle_room(app) >= card.subtitle_lines(app, w))


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_three_cards_above_the_sections_show_their_whole_titles_and_subtitles(
        make_app, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:  # noqa: ANN001
    _three_tops(monkeypatch)
    app = make_app(lang, size)
    app.render()
    home = app.screen
    tops = home._tops()
    assert len(tops) == 3
    for card in tops:
        assert _whole(app, card), (card.title, card.subtitle, card.rect)
    # the continue card keeps the lesson's name and step, on the title's own line
    hero = tops[0]
    inner_w = hero.rect.width - 2 * app.layout.px(16) - app.layout.px(6) - hero._badge_width(app)
    assert app.text_width(hero.title, app.layout.font("large"), True) <= inner_w
    # the cards never overlap, and stay inside the window
    rects = [c.rect for c in tops + home.cards]
    assert all(r.bottom <= app.layout.height for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_with_room_the_section_cards_show_their_whole_subtitles(make_app, lang: str) -> None:  # noqa: ANN001
    app = make_app(lang, (1280, 720))
    app.library()
    app.screen.rebuild()
    app.render()
    for card in app.screen.cards:
        assert _whole(app, card), (card.title, card.subtitle, card.rect)


# ---------------------------------------------------------------- the first match of a new learner


def test_a_new_learner_starts_with_the_gentle_bots_and_east_only(make_app) -> None:  # noqa: ANN001
    app = make_app()
    screen = app.push("match_setup")
    assert screen.setup == first_setup(new_player=True)
    assert screen.setup.opponents == ("beginner",) * 3 and screen.setup.length == "tonpuusen"
    assert screen.setup.preset == MatchSetup().preset and screen.setup.coach == MatchSetup().coach


def test_the_first_setup_follows_the_basics_and_the_games_played(make_app) -> None:  # noqa: ANN001
    from trainer.ui.saved_games import games_dir

    app = make_app()
    for lesson in app.library().by_track("basics"):
        app.progress.complete_lesson(app.learner_id, lesson.id, 1.0)
    assert app.push("match_setup").setup == first_setup(new_player=True)  # the basics done, no match yet
    app.pop()
    folder = games_dir(app)
    folder.mkdir(parents=True)
    (folder / "game-20260101-000000.json").write_text("{}", encoding="utf-8")
    assert app.push("match_setup").setup == MatchSetup()  # the basics done and a match played


def test_a_remembered_setup_wins_over_the_first_setup() -> None:
    mine = MatchSetup(length="hanchan", opponents=("strong", "careful", "efficient"), coach="full")
    for done, played in ((False, False), (True, True), (False, True)):
        assert learner_setup(mine.to_json(), basics_done=done, played=played) == mine
        assert learner_setup("", basics_done=done, played=played) == first_setup(new_player=not (done and played))
    assert first_setup(new_player=True) == MatchSetup(**FIRST_MATCH)


def test_a_learner_who_changed_the_first_setup_keeps_the_change(make_app) -> None:  # noqa: ANN001
    from trainer.ui.screens.match_setup import remember_setup

    app = make_app()
    theirs = MatchSetup(opponents=("careful", "beginner", "beginner"), length="tonpuusen")
    remember_setup(app, theirs)
    assert app.push("match_setup").setup == theirs


# ---------------------------------------------------------------- the level buttons' labels


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_every_option_label_of_the_setup_fits_its_button(make_app, lang: str, size: tuple[int, int]) -> None:  # noqa: ANN001
    app = make_app(lang, size)
    screen = app.push("match_setup")
    app.render()
    small = app.layout.font("small")
    rows = [w for _l, _n, w in screen.rows if isinstance(w, OptionRow)]
    assert len(rows) >= 5
    for row in rows:
        for (_value, label), seg in zip(row.options, row._segments(), strict=True):
            assert app.text_width(label, small, True) <= seg.width - app.layout.px(8), (label, seg.width)
