"""The children's tables, games and words (review 19, child: items 5, 9, 11, 12, 13, 15, 16, 18).

A child's term card speaks in the children's words and the glossary finds them; the children's
games open the children's setup with the hand sizes the lessons have reached and a grown-up's pon
switch; «Рон!» shows whose tile it is, is the main button and the lamp says «Можно выиграть!»; the
children's tables say «ты»; hints say «команды»; «Скажи «риичи»!» says when; a lesson's play step
praises a child; the A/B game's end panel shows every seat's points before and after."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.table_driver import play_simple_hand
from tests.ui_events import headless_app
from trainer.engine.game.actions import Discard
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.game.simple_bots import make_simple_bot
from trainer.engine.game.simple_modes import get_mode
from trainer.engine.tiles import parse_tile
from trainer.glossary import GlossaryError, load_glossary, parse_glossary
from trainer.i18n import _, format_points
from trainer.ui.app import App

T = parse_tile
KIDS_LESSONS = Path(__file__).resolve().parent.parent / "lessons" / "kids"


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, progress="open") as a:
        a.apply_profile("child")
        a.home()
        yield a


def scripted(screen, hands: list[str], draws: str) -> None:  # noqa: ANN001
    screen.game = SimpleGame(screen.setup, wall=scripted_wall(screen.setup.tileset, hands, draws))
    screen.counted = False
    screen.focus = None
    screen.rebuild()


# ---------------------------------------------------------------- 5: the children's words in the glossary


@pytest.mark.parametrize(("word", "term"), [("лесенка", "shuntsu"), ("команда", "mentsu"), ("тройняшки", "koutsu"),
                                            ("птичка", "ii_sou"), ("ladder", "shuntsu"), ("team", "mentsu")])
def test_the_childrens_words_find_their_terms(word: str, term: str) -> None:
    assert load_glossary().search(word)[0].id == term


def test_every_term_a_childrens_lesson_links_has_a_childs_explanation() -> None:
    glossary = load_glossary()
    linked = set()
    for path in KIDS_LESSONS.glob("*.yaml"):
        linked |= set(re.findall(r"\{term:([a-z0-9_]+)", path.read_text(encoding="utf-8")))
    assert linked
    for term_id in sorted(linked):
        term = glossary.term(term_id)
        ru, en = term.child_explanation("ru"), term.child_explanation("en")
        assert ru and en, term_id
        assert not re.search(r"[A-Za-z]", ru) and not re.search(r"[А-Яа-яЁё]", en), term_id
    assert "лесенка" in glossary.term("mentsu").child_explanation("ru")
    assert glossary.term("riichi").child_explanation("ru") and not glossary.term("fu").child_explanation("ru")


def test_a_childs_explanation_comes_in_both_languages(tmp_path: Path) -> None:
    entry = """terms:
- id: toitsu
  kanji: 対子
  kana: トイツ
  romaji: toitsu
  ru: Пара
  ru_explanation: "Две одинаковые плитки."
  en: Pair
  en_explanation: "Two identical tiles."
  category: meld
  seed: "000:1"
"""
    parse_glossary(entry + '  ru_child: "Две одинаковые."\n  en_child: "Two the same."\n', tmp_path / "g.yaml")
    with pytest.raises(GlossaryError, match="en_child"):
        parse_glossary(entry + '  ru_child: "Две одинаковые."\n', tmp_path / "g.yaml")
    with pytest.raises(GlossaryError, match="ru_child"):
        parse_glossary(entry + '  ru_child: "Two"\n  en_child: "Two the same."\n', tmp_path / "g.yaml")


def test_a_childs_term_card_tells_the_childrens_words_and_a_grown_ups_the_definition(app: App) -> None:
    screen = app.push("lesson", lesson_id="kids_making_threes")
    screen.open_term("mentsu")
    card = screen.dialog
    # the child's words, under the one line that names the grown-ups' term with its Japanese (review 23)
    assert card.body.endswith(load_glossary().term("mentsu").child_explanation("en"))
    assert card.body.startswith("Grown-ups say:") and "面子" in card.body.split("\n")[0]
    assert [b.label for b in card.buttons] == ["Close"]  # not into the grown-ups' glossary
    assert card.title.count("(") <= 1
    screen.dialog = None
    app.apply_profile("rules")
    screen.open_term("mentsu")
    assert load_glossary().term("mentsu").explanation("en") in screen.dialog.body
    assert "Open the glossary" in [b.label for b in screen.dialog.buttons]


def drawn(app: App, monkeypatch: pytest.MonkeyPatch, module: str) -> list[str]:
    import importlib

    mod = importlib.import_module(module)
    seen: list[str] = []
    real = mod.blit_text

    def spy(surf, app_, text, *a, **k):  # noqa: ANN001, ANN002, ANN003, ANN202
        seen.append(text)
        return real(surf, app_, text, *a, **k)

    monkeypatch.setattr(mod, "blit_text", spy)
    app.invalidate()
    app.render()
    monkeypatch.setattr(mod, "blit_text", real)
    return seen


def test_a_search_with_no_result_does_not_ask_for_a_word(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = app.push("glossary", query="xyzzy")
    assert screen.current is None
    texts = drawn(app, monkeypatch, "trainer.ui.screens.glossary")
    assert "Type a word to search the glossary." not in texts
    assert any(t.startswith("Try another word") for t in texts), texts
    screen = app.push("glossary", query="лесенка")
    assert screen.current.id == "shuntsu"
    texts = drawn(app, monkeypatch, "trainer.ui.screens.glossary")
    assert any(t.startswith("A ladder is") for t in texts), texts  # a child's profile: the children's words


# ---------------------------------------------------------------- 9: the children's games and their setup


def test_a_new_childs_tibet_asks_the_players_only_and_opens_the_childrens_table(app: App) -> None:
    games = app.push("kids_games")
    games.play("tibet")
    setup = app.screen
    assert setup.name == "training_setup" and not setup.kid_hands and setup.kid_pon is None
    assert [b.label for b in setup.kid_buttons] == ["2 players", "3 players", "4 players"]
    setup.kid_buttons[1].activate()
    table = app.screen
    assert table.name == "play_simple" and table.kids and table.setup.hand == 4 and table.setup.players == 3


def test_the_childs_games_follow_the_lessons_and_a_grown_up_can_switch_pon_on(app: App) -> None:
    for lesson in ("kids_tibet_5", "kids_tibet_8", "kids_tibet_11"):
        app.progress.complete_lesson(app.learner_id, lesson, 1.0)
    app.progress.save_lesson_step(app.learner_id, "kids_tibet_14", 2)  # begun: pon is on its way
    app.push("kids_games").play("tibet")
    setup = app.screen
    assert [b.label for b in setup.kid_hands] == ["4 tiles", "7 tiles", "10 tiles", "13 tiles"]
    assert next(b for b in setup.kid_hands if b.kind == "primary").label == "13 tiles"  # as far as the lessons got
    assert setup.kid_pon is not None and not setup.kid_pon.value
    setup.kid_hands[1].activate()  # seven tiles: 36 dots seat two or three players
    assert [b.label for b in app.screen.kid_buttons] == ["2 players", "3 players"]
    app.screen.kid_hands[2].activate()
    app.screen.kid_pon.activate()
    app.screen.kid_buttons[-1].activate()
    table = app.screen
    assert table.name == "play_simple" and table.kids
    assert (table.setup.hand, table.setup.players, table.setup.calls) == (10, 4, "pon")


def test_the_pon_lesson_points_to_the_switch_before_a_game_of_tibet() -> None:
    text = (KIDS_LESSONS / "kids_tibet_14.yaml").read_text(encoding="utf-8")
    assert "Если взрослый включит «пон» перед игрой в {term:tibet|Тибет}" in text
    assert "before a game of {term:tibet|Tibet}" in text


def test_child_progress_reads_the_play_steps_of_the_lessons_met(app: App) -> None:
    from trainer.ui.training_setup import child_options, child_progress

    lib = app.library()
    kids = list(lib.by_track("kids"))
    assert child_progress(get_mode("tibet"), []) == ((4,), False)
    assert child_progress(get_mode("tibet"), kids) == ((4, 7, 10, 13), True)
    assert child_progress(get_mode("ponjan"), kids) == ((7, 10), False)
    assert child_options(get_mode("kids_riichi"), (13,), False) == []  # straight to the table


# ---------------------------------------------------------------- 11, 12, 15: the children's tables


def ron_offered(app: App):  # noqa: ANN201
    # the child has finished the lesson that teaches «цумо» and «рон»: the button says the call
    app.progress.complete_lesson(app.learner_id, "kids_tibet_5", 1.0)
    table = app.push("play_simple", mode="ponjan", hand=7, players=3, seed=2, kids=True)
    scripted(table, ["123m55p78s", "234m678p1s", "456s789p2s"], "9m9s")
    table._act(Discard(T("9m")))
    table.game.apply(1, Discard(T("9s")))  # the player on the right gives the winning tile away
    table._after_action()
    return table


def test_ron_marks_the_tile_names_its_owner_and_is_the_main_button(app: App) -> None:
    table = ron_offered(app)
    assert table.offered_discard() == 1
    river = table.rivers[1]
    assert river.marks == {len(river.slots) - 1: "hint"} and river.slots[-1].tile == T("9s")
    assert [(b.label, b.kind) for b in table.action_buttons] == [("Ron!", "primary"), ("Pass", "secondary")]
    assert table._prompt() == "You can win with Right's tile! Press “Ron!”"
    assert table.lamp_text() == "You can win!"


def test_ron_in_russian_the_lamp_says_you_can_win_not_complete(app: App, ru: None) -> None:
    table = ron_offered(app)
    assert table._prompt() == "Можно выиграть с плиткой игрока справа! Нажми «Рон!»"
    assert table.lamp_text() == "Можно выиграть!"
    table.kids = False  # a grown-up's table names the discarder too, with «вы» kept elsewhere
    assert table._prompt() == "Можно выиграть на сбросе игрока справа!"


def test_the_childrens_table_says_ty_and_the_grown_ups_table_keeps_vy(app: App, ru: None) -> None:
    table = app.push("play_simple", mode="tibet", hand=4, players=3, seed=1)
    scripted(table, ["1357p", "2468p", "2468p"], "9p")
    assert table._prompt() == "Твой ход: нажми на плитку, а потом ещё раз, чтобы отдать её."
    table.riichi_mode = True
    assert table._prompt().startswith("Риичи: выбери плитку")
    table.riichi_mode = False
    scripted(table, ["1237p", "4569p", "4569p"], "7p")
    table.action_buttons[0].activate()
    assert table._result_lines() == ("Ура, победа!", "Цумо! Твоя рука собрана.")
    table.kids = False
    assert table._result_lines()[1] == "Цумо! Ваша рука собрана."


def test_say_riichi_tells_the_child_when_to_say_it(app: App, ru: None) -> None:
    table = app.push("play_simple", mode="kids_riichi", seed=3)
    others = ["1s2s3s4s5s6s7s8s9s1z1z2z2z", "3z3z4z4z6z6z7z7z1m1m9m5m6m", "9p9p9s8s7s6s5s4s3s2s1s9m9m"]
    scripted(table, ["123m456m789m1p23p5z", *others], "1p")
    assert table._prompt() == "Можно сказать «Риичи!» — нажми кнопку, потом отдай плитку."
    assert [(b.label, b.kind) for b in table.action_buttons] == [("Риичи", "primary")]


# ---------------------------------------------------------------- 13: «команды», not «тройки»


def test_the_childrens_hints_say_teams(ru: None) -> None:
    from trainer.ui.screens.drills import KIDS_HINTS
    from trainer.ui.screens.lesson import SECOND_HINTS

    wait = _(KIDS_HINTS["wait"])
    assert "команды" in wait and "тройк" not in wait
    finish = _(SECOND_HINTS["finish"][1])
    assert "команда" in finish and "тройк" not in finish


# ---------------------------------------------------------------- 16: praise, not scores


def test_a_childs_play_step_praises_and_the_glass_table_shows_stars(app: App, ru: None) -> None:
    screen = app.push("lesson", lesson_id="kids_tibet_5")
    index = next(i for i, st in enumerate(screen.lesson.steps) if st.kind == "play")
    screen.params[f"_play_{index}"] = {"games": 2, "wins": 0, "goal_met": True}
    screen.index = index
    screen.rebuild()
    assert screen.view.outcome_text() == "2 игры сыграны. Молодец!"
    screen.view.outcome = {"games": 1, "wins": 1, "goal_met": False}
    assert screen.view.outcome_text() == "1 игра сыграна. Сыграем ещё! ★"
    glass = app.push("play_simple", mode="glass_table", seed=3, kids=True)
    glass.wins = 2
    assert glass.header_extra() == "★★"
    assert app.push("play_simple", mode="glass_table", seed=3, kids=False).header_extra() == "игр: 0, побед: 0"


def test_a_grown_ups_play_step_still_counts_hands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        lib = app.library()
        lesson = next(les for les in lib.lessons.values()
                      if les.audience != "child" and any(st.kind == "play" for st in les.steps))
        screen = app.push("lesson", lesson_id=lesson.id)
        index = next(i for i, st in enumerate(lesson.steps) if st.kind == "play")
        screen.params[f"_play_{index}"] = {"games": 2, "wins": 0, "goal_met": True}
        screen.index = index
        screen.rebuild()
        assert screen.view.outcome_text() == "Hands played 2, won 0"


# ---------------------------------------------------------------- 18: the A/B game's points add up


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_ab_end_panel_shows_every_seats_points_before_and_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    with headless_app(tmp_path, monkeypatch, language=lang) as app:
        screen = app.push("play_simple", mode="ab_game", seed=5, kids=False)
        for _hand in range(4):
            before, table_before = screen.hand_start
            play_simple_hand(screen, make_simple_bot("reader", 7), max_steps=3000)
            g = screen.game
            text = " · ".join(screen.value_lines())
            for seat in range(g.n):
                part = f"{screen.seat_name(seat)}: {format_points(before[seat])} → {format_points(g.points[seat])} " \
                       f"({format_points(g.points[seat] - before[seat], signed=True)})"
                assert part in text, (part, text)
            table = _("On the table: {before} → {after} ({change})").format(
                before=format_points(table_before), after=format_points(g.table_points),
                change=format_points(g.table_points - table_before, signed=True))
            assert table in text
            assert sum(g.points) + g.table_points == sum(before) + table_before  # every number adds up
            app.render()
            assert 0 <= screen.end_rect.top and screen.end_rect.bottom <= app.layout.height  # on screen, whole
            if screen.match_over():
                break
            screen.play_again()


def test_the_riichi_button_of_a_grown_ups_table_stays_secondary(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with headless_app(tmp_path, monkeypatch) as app:
        table = app.push("play_simple", mode="kids_riichi", seed=3, kids=False)
        others = ["1s2s3s4s5s6s7s8s9s1z1z2z2z", "3z3z4z4z6z6z7z7z1m1m9m5m6m", "9p9p9s8s7s6s5s4s3s2s1s9m9m"]
        scripted(table, ["123m456m789m1p23p5z", *others], "1p")
        assert [b.kind for b in table.action_buttons] == ["secondary"]
        assert table._prompt().startswith("Your turn")
