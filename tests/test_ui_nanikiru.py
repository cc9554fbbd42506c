"""«Что сбросить?» in the app: the card in the drill menu, the starter set before any game,
the learner's own mistakes first, a damaged saved game named in a banner, the coach's words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.ui_events import headless_app, key
from trainer.ui.app import App
from trainer.ui.richtext import plain_text
from trainer.ui.screens.play_shots import saved_games
from trainer.ui.views.table.coach import hint_lines


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    from trainer.progress import open_store

    with headless_app(tmp_path, monkeypatch, progress=open_store(tmp_path / "progress.sqlite3")) as a:
        yield a


def test_the_drill_menu_opens_the_starter_set_before_any_game(app: App) -> None:
    menu = app.push("drills")
    card = next(c for c in menu.cards if c.title == "What to discard?")
    card.activate()
    assert app.screen.name == "nanikiru_setup"
    app.render()
    key(app, pygame.K_RETURN, "\r")  # Start: ten puzzles of every kind
    screen = app.screen
    assert type(screen).__name__ == "NanikiruScreen" and len(screen.items) == 10
    assert all(p.position.source.startswith("starter") for p in screen.items)
    app.render()
    assert "starter set" in screen.question()
    wrong = next((s.tile for s in screen.hand_row.slots if s.tile.kind not in screen.right()), None)
    if wrong is None:  # a position where every tile is right cannot be in the starter set
        pytest.fail("starter position without a wrong tile")
    answers = app.progress.answer_count(app.learner_id)
    screen.answer(wrong)
    assert screen.answered is False
    assert app.progress.answer_count(app.learner_id) == answers + 1
    text = plain_text(screen.feedback(), app)
    assert "You discarded" in text and "Coach:" in text  # the review's verdict, then the coach's best tiles
    app.render()
    key(app, pygame.K_RETURN, "\r")
    assert screen.index == 1 and screen.answered is None


def test_own_mistakes_come_first_and_a_damaged_game_is_named(app: App) -> None:
    saved_games(app)  # two games of a hasty learner and a damaged file
    screen = app.push("nanikiru", seed=5)
    assert any("game-20261101-090000.json" in b.text for b in app.banners)
    first = screen.items[0]
    assert first.differs and first.position.chosen is not None
    assert "from your game" in screen.question()
    right = next(s.tile for s in screen.hand_row.slots if s.tile.kind in screen.right())
    screen.answer(right)
    assert screen.answered is True
    text = plain_text(screen.feedback(), app)
    assert "At the table you discarded" in text
    app.render()
    while screen.decision is not None:
        screen.answer(screen.hand_row.slots[0].tile)
        screen.next_card()
    app.render()
    assert "right" in screen.done_text()


def _open_at(app: App, want: Callable[[Any], bool]) -> Any:
    """The drill over the whole starter set, moved to its first puzzle that ``want`` picks."""
    screen = app.push("nanikiru", games=[], n=60, seed=0)
    screen.index = next(i for i, p in enumerate(screen.items) if want(p))
    screen._load()
    screen.rebuild()
    app.render()
    return screen


def _fits(app: App, screen: Any) -> None:
    """Both feedback boxes are drawn beside the table, each tall enough for its whole text."""
    pad = app.layout.px(10)
    for box in (screen.box, screen.side_box):
        assert box.layout is not None and box.rect.height >= box.layout.height + 2 * pad
    assert not screen.box.rect.colliderect(screen.side_box.rect)


def test_the_table_coachs_tile_is_right_and_explained_in_the_coachs_words(app: App) -> None:
    screen = _open_at(app, lambda p: p.coach_kind not in p.widest and p.coach[0].reason in ("fold", "less_risk"))
    p = screen.decision
    coach = next(s.tile for s in screen.hand_row.slots if s.tile.kind == p.coach_kind)
    screen.answer(coach)
    assert screen.answered is True
    text = plain_text(screen.feedback(), app)
    assert "The table's coach plays" in text and "By tiles alone, " in text
    assert "full fold (" in text.lower() or "less danger" in text  # the coach's own reason: betaori or danger
    said = plain_text(hint_lines(list(p.coach), screen.seat_name, safest=False)[0], app)
    assert said in text  # word for word what the table's coach says
    app.render()
    _fits(app, screen)
    key(app, pygame.K_RETURN, "\r")
    screen.index -= 1
    screen._load()
    screen.rebuild()
    widest = next(s.tile for s in screen.hand_row.slots if s.tile.kind in p.widest)
    screen.answer(widest)
    assert screen.answered is True
    text = plain_text(screen.feedback(), app)
    # "Correct by tiles:" and "…right too:" stand on their own line: the coach's line has a colon of its own
    assert text.startswith("Correct by tiles:\u2028Discard") and "would discard" in text and "that is right too" in text
    assert "that is right too:\u2028" + said in text  # the coach's words, word for word
    app.render()
    _fits(app, screen)


def test_a_wrong_tile_is_explained_and_the_coach_named(app: App) -> None:
    screen = _open_at(app, lambda p: p.coach_kind in p.widest and not p.riichi_against)
    p = screen.decision
    wrong = next(s.tile for s in screen.hand_row.slots if s.tile.kind not in p.answer)
    screen.answer(wrong)
    assert screen.answered is False
    text = plain_text(screen.feedback(), app)
    assert text.startswith("You discarded") and "Coach:\u2028Discard" in text  # not two colons in one sentence
    app.render()


def test_an_open_hands_tenpai_without_a_yaku_is_wrong_and_says_why(app: App) -> None:
    """Where the fastest tile would leave an open hand without a yaku, that tile is not right:
    the learner reads why (no ron, no tsumo), the coach's tile keeps the yaku, and the learner's
    own melds are drawn beside the hand."""
    screen = _open_at(app, lambda p: p.coach[0].reason == "keeps_yaku" and p.yakuless)
    p = screen.decision
    assert p.coach_kind not in p.yakuless and not (p.answer & p.yakuless)
    melds = screen._melds()
    assert melds is not None and melds.get_width() > 0
    wrong = next(s.tile for s in screen.hand_row.slots if s.tile.kind in p.yakuless)
    screen.answer(wrong)
    assert screen.answered is False
    text = plain_text(screen.feedback(), app)
    assert "leaves your open hand without a yaku (役, yaku)" in text and "cannot win" in text
    assert "Coach:\u2028Discard" in text and "keeps its way to a yaku" in text
    app.render()
    _fits(app, screen)


def test_the_settings_choose_how_many_puzzles_and_defence_or_attack_only(app: App) -> None:
    setup = app.push("nanikiru_setup")
    setup.count.on_change(5)
    setup.focus_row.set_index(2)  # against a riichi
    app.render()
    setup.start_drill()
    screen = app.screen
    assert len(screen.items) == 5 and all(p.riichi_against for p in screen.items)
    app.pop()
    setup.focus_row.set_index(1)  # building the hand
    setup.start_drill()
    assert len(app.screen.items) == 5 and not any(p.riichi_against for p in app.screen.items)
    app.pop()
    app.pop()
    again = app.push("nanikiru_setup")  # the last settings are kept
    assert again.count.value == 5 and again.focus_row.value == "attack"


def test_a_notice_on_a_table_screen_sits_under_the_header_not_over_the_hand(app: App) -> None:
    saved_games(app)  # a damaged file among them: the drill says it skipped it
    screen = app.push("nanikiru", seed=5)
    assert app.banners and screen.banner_top
    drawn: list[pygame.Rect] = []
    import trainer.ui.widgets as widgets

    real = widgets.draw_panel

    def spy(surf, rect, *a, **k):  # noqa: ANN001, ANN202
        drawn.append(pygame.Rect(rect))
        return real(surf, rect, *a, **k)

    widgets.draw_panel = spy
    try:
        app.banners[0].draw(app.surface, app)
    finally:
        widgets.draw_panel = real
    (rect,) = drawn
    assert rect.top < app.layout.content().centery < screen.hand_row.rect.top


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_notice_leaves_the_answer_boxes_free(app: App, size: tuple[int, int]) -> None:
    saved_games(app)  # a damaged file among them: the drill says it skipped it, for ten seconds
    app.resize(*size)
    screen = app.push("nanikiru", seed=2)
    screen.answer(screen.hand_row.slots[0].tile)
    app.render()
    (banner,) = app.banners
    shown = banner.rect(app)
    for box in (screen.box, screen.side_box):
        assert box.rect.height > 0 and not box.rect.colliderect(shown)
        assert box.layout is not None and box.rect.height >= box.layout.height  # the text still fits
    assert shown.bottom <= screen.board.rect.top + app.layout.px(12)  # over the header bar, not the felt
    before = screen.box.rect.copy()
    for _ in range(3):  # the notice goes away: the boxes were never pushed aside
        app.process([], 5.0)
    assert not app.banners
    app.render()
    assert screen.box.rect.top == before.top


def test_a_term_opening_a_sentence_keeps_its_capital_and_one_inside_starts_small(app: App) -> None:
    text = plain_text("{term:tenpai}. You are not {term:tenpai} yet: {term:riichi} needs it.", app)
    assert text == "Tenpai (聴牌, tenpai). You are not tenpai yet: riichi (立直, rīchi) needs it."
    text = plain_text("You are not {term:tenpai} yet. {term:tenpai} first.", app)  # once more: the name alone
    assert text == "You are not tenpai (聴牌, tenpai) yet. Tenpai first."
    assert plain_text("Play on {term:tenhou_net}.", app) == "Play on Tenhou (天鳳, tenhō)."
    import dataclasses

    app.settings = dataclasses.replace(app.settings, language="ru")
    assert plain_text("Играйте на {term:tenhou_net}.", app) == "Играйте на tenhou.net (天鳳, tenhō)."  # as 001 writes it


def test_a_soft_line_break_does_not_open_a_sentence(app: App) -> None:
    assert plain_text("You are not\n{term:tenpai} yet.", app) == "You are not\ntenpai (聴牌, tenpai) yet."
    assert plain_text("Done.\u2028{term:tenpai} next.", app).endswith("\u2028Tenpai (聴牌, tenpai) next.")


@pytest.mark.parametrize(("mode", "shown"), [
    ("ru_ja", "Such tiles are genbutsu (現物)."),
    ("ja_ru", "Such tiles are genbutsu (現物)."),
    ("full", "Such tiles are genbutsu (現物, ゲンブツ)."),
])
def test_an_authors_word_is_followed_by_the_japanese_alone(app: App, mode: str, shown: str) -> None:
    """A labelled term shows the author's word, and (on its first use in the text) only the written
    form and reading after it — not the whole Japanese-first name in a second set of brackets; a word
    that is the reading itself («genbutsu») only the written form."""
    import dataclasses

    app.settings = dataclasses.replace(app.settings, term_mode=mode)
    assert plain_text("Such tiles are {term:genbutsu|genbutsu}.", app) == shown
