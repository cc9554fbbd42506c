"""The simple table's end panel in a game of several hands, as a learner reads it after a
review of the A/B game and single-suit mahjong: the button goes on to the next hand until the
game is over, the header counts hands, a won A/B hand says its points went to the table and
the tenpai learner reads "Your wait", the way the hand was won reads as a word inside the
sentence («tsumo», not «Tsumo»), and a value line shows a term with one set of brackets, whole
on the panel."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table_driver import play_simple_hand
from tests.test_ui_ab_match import play_hand
from tests.ui_events import headless_app
from trainer.ui.app import App


def play_out(screen) -> None:  # noqa: ANN001
    """Play the hand in play to its end, the learner's moves by the mode's own bot."""
    play_simple_hand(screen)


@pytest.mark.parametrize(("lang", "next_hand", "again"), [("en", "Next hand", "Play again"),
                                                           ("ru", "Следующая раздача", "Сыграть ещё")])
def test_the_button_goes_on_to_the_next_hand_until_the_game_is_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, next_hand: str, again: str) -> None:
    with headless_app(tmp_path, monkeypatch, language=lang) as app:
        screen = app.push("play_simple", mode="ab_game", seed=5, kids=False)
        play_hand(screen)
        assert not screen.match_over()
        assert [b.label for b in screen.end_buttons] == [next_hand]
        header = screen.header_extra()
        assert header.startswith("hands 1, wins " if lang == "en" else "раздач: 1, побед: "), header
        screen.play_again()
        screen.match_started -= 61 * 60  # the hour is over: this hand is the last
        play_hand(screen)
        assert screen.match_over()
        assert [b.label for b in screen.end_buttons] == [again]


def test_a_game_of_one_hand_keeps_its_games_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        screen = app.push("play_simple", mode="yochi", seed=1)
        assert screen.header_extra().startswith("games 0, wins 0")


def test_a_won_ab_hand_says_its_points_went_to_the_table(app_en: App) -> None:
    screen = app_en.push("play_simple", mode="ab_game", seed=5, kids=False)
    for _hand in range(6):
        play_hand(screen)
        g = screen.game
        if g.result.winners and not screen.match_over():
            break
        screen.play_again()
    else:
        pytest.skip("no won hand in six")
    lines = screen.value_lines()
    assert any(line.startswith("The losers pay") and "to the table" in line
               and f"{g.table_points:,}" in line for line in lines), lines
    assert any(line.startswith("An announced open tenpai without a yaku: 1 han") for line in lines), lines
    if g.result.winners == (0,):
        assert lines[0].startswith("Your wait: "), lines


@pytest.mark.parametrize(("lang", "word"), [("en", ": tsumo."), ("ru", "— цумо.")])
def test_the_way_another_player_won_reads_as_a_word_in_the_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, word: str) -> None:
    with headless_app(tmp_path, monkeypatch, language=lang) as app:
        screen = app.push("play_simple", mode="single_suit_1", seed=3, kids=False, rules={"players": 2})
        play_out(screen)
        g = screen.game
        assert g.result.kind == "tsumo" and g.result.winners == (1,)
        assert screen._result_lines()[1].endswith(word), screen._result_lines()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_value_line_shows_one_set_of_brackets_and_fits_the_panel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    with headless_app(tmp_path, monkeypatch, size=size) as app:
        screen = app.push("play_simple", mode="single_suit_1", seed=3, kids=False, rules={"players": 2})
        for _hand in range(3):  # the third hand: Across wins with riichi and menzen tsumo
            play_out(screen)
            if _hand < 2:
                screen.play_again()
        app.render()
        lines = screen.value_lines()
        assert any(line.startswith("Fully concealed self-draw") for line in screen.value_lines()), lines
        assert not [line for line in lines if line.count("(") > 1], lines
        L = app.layout
        room = screen.end_rect.width - L.px(40)
        assert all(app.text_width(line, L.font("small")) <= room for line in lines), lines


@pytest.fixture()
def app_en(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch) as a:
        yield a
