"""The review's riichi-or-dama row: the words for each of the coach's reasons in both languages
(glossary links, the ron value both ways, "Good" when the learner agreed), and the replay and
the review card showing it in the free corner at the top right."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.review_cards import against_coach_part  # noqa: E402
from trainer.engine.game.review import Decision  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR, plain_text  # noqa: E402
from trainer.ui.views.table.review import decision_text, riichi_choice_text, tile_text  # noqa: E402

RIICHI_REASONS = ("riichi_for_yaku", "riichi_adds", "riichi_good_wait", "riichi_for_place", "something_new")
DAMA_REASONS = ("dama_mangan", "riichi_adds_little", "dama_any_win_ends", "dama_enough_for_place", "furiten",
                "dead_wait", "something_new")


@pytest.fixture()
def app(lang_app: App) -> App:
    """The app in each language (``lang_app`` in conftest)."""
    return lang_app


def _en(app: App) -> bool:
    return app.settings.language == "en"


def _decision(**choice: object) -> Decision:
    c = {"chosen": "dama", "advice": "riichi", "dama": 2900, "with_riichi": 7830, "left": 8, "reason": "riichi_adds",
         **choice}
    return Decision(hand=0, turn=5, action=25, round=0, hand_number=0, honba=0, chosen="7m", riichi=False,
                    best=("7m",), shanten_chosen=0, shanten_best=0, ukeire_chosen=8, ukeire_best=8, verdict="good",
                    riichi_choice=c)


def test_dama_where_riichi_multiplies_the_hand_says_how_much_with_both_values(app: App) -> None:
    d = _decision()
    text = decision_text(d)
    assert text.startswith(tile_text(d) + BR)  # the tile's verdict first, then the riichi row
    row = text.split(BR)[1]
    assert "{term:damaten|" in row and "{term:riichi}" in row
    words = plain_text(row, app)
    if _en(app):
        assert words == ("You stayed dama (黙聴, damaten): riichi (立直, rīchi) would have made the hand about 2.7 times bigger "
                         "(a ron: about 7,800 with riichi, 2,900 without)."), words
    else:
        assert "Вы играли молча (даматен — 黙聴, damaten)" in words and "примерно в 2,7 раза" in words, words
        assert "рон: около 7 800 с риичи, 2 900 без риичи" in words.replace("\u00a0", " "), words


def test_agreeing_with_the_coach_is_good_and_going_against_it_is_not(app: App) -> None:
    good = plain_text(riichi_choice_text(_decision(chosen="dama", advice="dama", reason="dama_mangan",
                                                   dama=12000, with_riichi=18000).riichi_choice), app)
    assert good.endswith("Good." if _en(app) else "Хорошо."), good
    assert ("mangan" if _en(app) else "манган") in good.lower(), good
    bad = riichi_choice_text(_decision(chosen="riichi", advice="dama", reason="dama_mangan", dama=12000,
                                       with_riichi=18000).riichi_choice)
    words = plain_text(bad, app)
    assert not words.endswith(("Good.", "Хорошо.")) and "{term:mangan}" in bad and "{term:damaten|" in bad, words
    assert ("12,000" if _en(app) else "12 000") in words.replace("\u00a0", " "), words


@pytest.mark.parametrize("chosen", ["riichi", "dama"])
def test_every_reason_has_words_with_no_markup_left(app: App, chosen: str) -> None:
    seen = set()
    for advice, reasons in (("riichi", RIICHI_REASONS), ("dama", DAMA_REASONS)):
        for reason in reasons:
            c = _decision(chosen=chosen, advice=advice, reason=reason,
                          dama=0 if reason == "riichi_for_yaku" else 3900).riichi_choice
            text = riichi_choice_text(c)
            words = plain_text(text, app)
            assert words and "{" not in words and "}" not in words, (reason, words)
            if reason == "riichi_for_yaku" and chosen != advice:
                assert "{term:yaku}" in text and "{term:menzen_tsumo}" in text
            seen.add(words)
    assert len(seen) >= 8  # the reasons are told apart, not one sentence for all


def test_the_replay_shows_the_riichi_row_at_the_top_right(app: App) -> None:
    from trainer.ui.screens.play_shots import replay_riichi

    screen = replay_riichi(app, agree=False)
    d = screen.current_decision()
    assert d is not None and d.riichi_against_advice and d.riichi_choice["advice"] == "riichi"
    app.render()
    assert screen.side_box.layout is not None and screen.side_box.rect.height > 0
    assert screen.side_box.rect.left > screen.box.rect.right  # the other corner, not under the tile's verdict
    # the next frame is another seat's turn: no riichi question there, so no box
    screen.step(1)
    assert screen.current_decision() is None
    app.render()
    assert screen.side_box.layout is None


def test_a_review_card_splits_the_tile_and_the_riichi_choice(app: App) -> None:
    from trainer.ui.screens.play_shots import position_review

    screen = position_review(app, answered=True)
    assert len(screen.feedback_parts()) == 1  # no riichi question on this card
    screen.decision = dataclasses.replace(screen.decision, riichi_choice=_decision().riichi_choice)
    parts = screen.feedback_parts()
    assert parts == [tile_text(screen.decision), riichi_choice_text(screen.decision.riichi_choice)]
    app.render()
    assert screen.side_box.layout is not None


def test_the_replay_counts_riichi_choices_against_the_coach_and_m_stops_on_them(app: App) -> None:
    from trainer.ui.screens.play_shots import replay_riichi

    screen = replay_riichi(app, agree=False)
    here = screen.pos
    against = sum(1 for d in screen.decisions.values() if d.riichi_against_advice)
    assert against >= 1
    header = screen.header_extra()
    expected = against_coach_part(screen, _en(app))  # with the calls and push/fold this learner made
    # in the header, or — beside a long title («Повтор партии · tenhou.net, только Восток») — under the table
    assert expected in header or expected in screen.below_text(), (header, screen.below_text())
    L = app.layout  # the header fits beside the title at 1280x720
    assert app.text_width(header, L.font("small")) < L.width - app.text_width(screen.title(), L.font("h2"), True) - 260
    # the tile was right here: only the riichi choice makes M stop on this discard
    assert not screen.current_decision().mistake
    screen.pos = here - 1
    screen.next_mistake()
    assert screen.pos == here
