"""Review 24, child (group "kidtable24"): the children's table.

- #5: a child's first Tibet game said «Цумо!» before any lesson taught the word: until the child has
  finished the lesson that teaches the calls (kids_tibet_5), the win button says «Готово!» (a word for a
  girl or a boy alike) and the prompt «Рука собрана! Нажми «Готово!»» (ron too); afterwards the calls, as before.
- #6: at 1024x600 the end panel of a children's table of four covered the other players' discards:
  it now stands between their boxes and the child's hand, tighter where it must be.
- Tidy: the title's room is measured from the header's span (:meth:`Screen.header_span`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402
import yaml  # noqa: E402

from tests.ui_events import frame, headless_app, lesson_app  # noqa: E402
from trainer.engine.game.actions import Discard, Ron, Tsumo  # noqa: E402
from trainer.engine.game.simple import SimpleGame, scripted_wall  # noqa: E402
from trainer.engine.game.simple_bots import make_simple_bot  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.screens.play_shots import play_simple_out  # noqa: E402
from trainer.ui.screens.play_simple import CALL_LESSONS, KIDS_RIVER_TILE  # noqa: E402

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
SIZES = [(1024, 600), (1280, 720)]


@pytest.fixture(autouse=True)
def english_after() -> Any:  # noqa: ANN401
    yield
    set_language("en")


def scripted(table: Any, hands: list[str], draws: str) -> None:  # noqa: ANN401
    """Deal ``table`` a game from a scripted wall (the learner deals)."""
    table.game = SimpleGame(table.setup, wall=scripted_wall(table.setup.tileset, hands, draws))
    table.counted = False
    table.focus = None
    table.rebuild()


def tsumo_table(app: Any, *, kids: bool = True) -> Any:  # noqa: ANN401
    """A Tibet table of four whose learner has just drawn the winning tile."""
    table = app.push("play_simple", mode="tibet", players=4, hand=4, seed=1, kids=kids)
    scripted(table, ["1237p", "4569p", "4569p", "1358p"], "7p")
    return table


def ron_table(app: Any) -> Any:  # noqa: ANN401
    """A children's ponjan table of three where the player on the right gives the child's tile away."""
    table = app.push("play_simple", mode="ponjan", hand=7, players=3, seed=2, kids=True)
    scripted(table, ["123m55p78s", "234m678p1s", "456s789p2s"], "9m9s")
    table._act(Discard(parse_tile("9m")))
    table.game.apply(1, Discard(parse_tile("9s")))
    table._after_action()
    return table


# ---------------------------------------------------------------- 5: a child's words for a win


@pytest.mark.parametrize(("lang", "button", "prompt", "ron_prompt"), [
    ("en", "I made it!", "You made your hand! Press “I made it!”",
     "You made your hand with Right's tile! Press “I made it!”"),
    ("ru", "Готово!", "Рука собрана! Нажми «Готово!»",
     "Рука собрана с плиткой игрока справа! Нажми «Готово!»"),
])
def test_before_the_lesson_a_child_wins_with_a_childs_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            lang: str, button: str, prompt: str,
                                                            ron_prompt: str) -> None:
    with headless_app(tmp_path, monkeypatch, progress="open", language=lang) as app:
        app.apply_profile("child")
        table = tsumo_table(app)
        assert [b.label for b in table.action_buttons] == [button] and table._prompt() == prompt
        table.action_buttons[0].activate()
        assert table.game.ended and table.learner_won()
        table = ron_table(app)
        assert [b.label for b in table.action_buttons][0] == button and table._prompt() == ron_prompt
        table._act(next(a for a in table.my_legal() if isinstance(a, Ron)))
        assert table.learner_won()


def test_after_the_lesson_the_button_says_the_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch, progress="open", language="ru") as app:
        app.apply_profile("child")
        app.progress.save_lesson_step(app.learner_id, "kids_tibet_5", 3)  # begun: not taught yet
        assert [b.label for b in tsumo_table(app).action_buttons] == ["Готово!"]
        app.progress.complete_lesson(app.learner_id, "kids_tibet_5", 1.0)
        table = tsumo_table(app)
        assert [b.label for b in table.action_buttons] == ["Цумо!"]
        assert table._prompt() == "Можно выиграть! Нажми «Цумо!»"
        assert [b.label for b in ron_table(app).action_buttons] == ["Рон!", "Пропустить"]


def test_a_grown_ups_table_says_the_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch, progress="open") as app:
        table = tsumo_table(app, kids=False)
        assert [b.label for b in table.action_buttons] == ["Tsumo!"] and table._prompt() == "You can win!"


def test_the_call_lessons_teach_both_calls() -> None:
    for lesson_id in CALL_LESSONS:
        [path] = LESSONS.glob(f"*/{lesson_id}.yaml")
        lesson = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert lesson["audience"] == "child" and {"tsumo", "ron"} <= set(lesson["terms"])


# ---------------------------------------------------------------- 6: the end panel covers nothing


class NoWin:
    """The learner's moves as ``bot`` makes them, never a win (a game the wall ends)."""

    def __init__(self, bot: Any) -> None:  # noqa: ANN401
        self.bot = bot

    def choose(self, view: Any, legal: list[Any]) -> Any:  # noqa: ANN401
        """The bot's choice among the moves that do not win."""
        return self.bot.choose(view, [a for a in legal if not isinstance(a, Ron | Tsumo)] or legal)


def assert_covers_nothing(app: Any, table: Any) -> None:  # noqa: ANN401
    """The end panel stands clear of every other player's box (hand and discards) and the child's hand."""
    end = table.end_rect
    for seat, box in table.seat_boxes.items():
        assert not end.colliderect(box), (seat, box, end)
        assert not end.colliderect(table.other_rows[seat].rect) and not end.colliderect(table.rivers[seat].rect)
    assert not end.colliderect(table.hand_row.rect), (table.hand_row.rect, end)
    assert end.top >= app.layout.content().top and end.bottom <= app.layout.height
    for button in table.end_buttons:
        assert end.contains(button.rect)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("hand", "seed", "learner_wins", "kind"), [(7, 10, False, "draw"), (7, 3, True, "win"),
                                                                   (10, 5, True, "win")])
def test_a_childs_end_panel_at_a_table_of_four_covers_nothing(tmp_path: Path, size: tuple[int, int], hand: int,
                                                              seed: int, learner_wins: bool, kind: str) -> None:
    app = lesson_app(tmp_path, language="ru", size=size)
    try:
        app.apply_profile("child")
        table = app.push("play_simple", mode="ponjan", players=4, hand=hand, seed=seed, kids=True)
        bot = make_simple_bot(table.setup.bots, 4, table.setup.rules, table.setup.shape_rules())
        assert play_simple_out(table, bot if learner_wins else NoWin(bot))
        table.rebuild()
        frame(app)
        assert (table.game.result.kind == "draw") == (kind == "draw")  # a win: a hand on the panel, a long one
        assert_covers_nothing(app, table)
        if table.win_rows and not table.two_line_hands:  # the winner's tiles kept, no smaller than the discards
            shown = [row for row in table.win_rows.values() if row.visible]
            assert shown and all(row.rect.height >= app.layout.tile_h(KIDS_RIVER_TILE) for row in shown)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_childs_own_win_shows_the_hand_on_a_panel_that_covers_nothing(tmp_path: Path, size: tuple[int, int],
                                                                        lang: str) -> None:
    app = lesson_app(tmp_path, language=lang, size=size)
    try:
        app.apply_profile("child")
        table = tsumo_table(app)
        table.action_buttons[0].activate()
        frame(app)
        assert table.learner_won()
        assert_covers_nothing(app, table)
        assert any(row.visible and table.end_rect.contains(row.rect) for row in table.win_rows.values())
    finally:
        app.close()


def test_a_grown_ups_end_panel_keeps_its_place(tmp_path: Path) -> None:
    app = lesson_app(tmp_path, size=(1024, 600))
    try:
        table = tsumo_table(app, kids=False)
        table.action_buttons[0].activate()
        frame(app)
        area = app.layout.content()
        assert table.end_rect.centery == area.top + area.height * 2 // 5  # centred as before
    finally:
        app.close()


# ---------------------------------------------------------------- tidy: the title's room


def test_the_title_fits_the_headers_span(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = lesson_app(tmp_path, size=(1280, 720))
    try:
        table = app.push("play_simple", mode="tibet", players=4, hand=4, seed=1, kids=True)
        title = table.title()
        assert table._title_fits(title)
        start, _end = table.header_span()
        left = table.back_button.rect.right + app.layout.px(20)
        right = left + app.text_width(title, app.layout.font("h2"), True) - 1
        monkeypatch.setattr(table, "header_span", lambda: (start, right))  # a narrower content area
        assert not table._title_fits(title)
    finally:
        app.close()
