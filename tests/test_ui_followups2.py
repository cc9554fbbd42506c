"""Lesson and drill screens, second follow-up pass, driven headless with synthetic events: every
flag of a ``win:`` under a scored hand, the table diagram's centre panel, the play goal counted
in hands, pick marks decided by the exercise itself, the wait hint from the engine's shapes,
``reveal: [named_shape]`` on its own, and the drill card's sentence for ``ask: han``."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import key  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.lessons import answers  # noqa: E402
from trainer.lessons.check import check_paths  # noqa: E402
from trainer.lessons.loader import LessonLibrary, load_text  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402

YAML = """\
id: skill_ui_followups2
title: {ru: "Проверка экранов 2", en: "Screen checks 2"}
track: skills
level: 1
audience: beginner
minutes: 5
skill: han
steps:
  - kind: number
    id: all_flags
    prompt: {ru: "Сколько хан?"}
    ask: han
    hand: "234m456p345678s88p"
    win: {tile: 6s, by: ron, seat: S, round: E, riichi: true, ippatsu: true, houtei: true,
          dora: "1m", ura: "7p", honba: 2, sticks: 3}
  - kind: number
    id: double_haitei
    prompt: {ru: "Сколько хан?"}
    ask: han
    hand: "234m456p345678s88p"
    win: {tile: 6s, by: tsumo, seat: S, round: E, riichi: true, double_riichi: true, haitei: true}
  - kind: number
    id: rinshan
    prompt: {ru: "Сколько хан?"}
    ask: han
    hand: "234m456p345s88p [7777s]"
    win: {tile: 5s, by: tsumo, seat: S, round: E, rinshan: true}
  - kind: number
    id: chankan
    prompt: {ru: "Сколько хан?"}
    ask: han
    hand: "234m456p345678s88p"
    win: {tile: 6s, by: ron, seat: S, round: E, chankan: true}
  - kind: number
    id: tenhou
    prompt: {ru: "Сколько хан?"}
    ask: han
    hand: "234m456p345678s88p"
    win: {tile: 6s, by: tsumo, seat: E, round: E, tenhou: true}
  - kind: show
    id: table
    table:
      seats:
        - {who: self, wind: S, hand: "234m678p3455s789s", river: "1z9m2p6z8p", riichi_at: 4}
        - {who: right, wind: W, hidden: 13, river: "9s1m4z7p"}
        - {who: across, wind: N, hidden: 13, river: "2z1p8m5z"}
        - {who: left, wind: E, hidden: 13, river: "3z9p7z1s"}
      round: S
      honba: 2
      sticks: 3
      dora: "4m"
      wall_left: 52
  - kind: show
    id: named_only
    hand: "2345m"
    reveal: [named_shape]
  - kind: show
    id: scored_show
    hand: "234m456p345678s88p"
    win: {tile: 6s, by: ron, seat: S, round: E, riichi: true, ippatsu: true, ura: "7p"}
  - kind: choice
    id: shape_hint
    prompt: {ru: "Какое ожидание?"}
    ask: shape
    hand: "123m456p789s24m55z"
    options:
      - {value: kanchan, text: {ru: "Канчан"}}
      - {value: ryanmen, text: {ru: "Рянмен"}}
  - kind: play
    id: play_hands
    mode: glass_table
    goal: {games: 2}
  - kind: play
    id: play_wins
    mode: glass_table
    goal: {wins: 1}
  - kind: drill
    id: drill_han
    generator: yaku_identify
    params: {ask: han}
    n: 3
  - kind: drill
    id: drill_yaku
    generator: yaku_identify
    n: 3
"""
LESSON = load_text(YAML, "lessons/skills/skill_ui_followups2.yaml").lesson
IDS = [s.id for s in LESSON.steps]


def make_app(size: tuple[int, int] = (1280, 720), lang: str = "en") -> App:
    a = App(size=size, settings=Settings(language=lang), progress=None, save=False)
    a.set_library(LessonLibrary(lessons={LESSON.id: LESSON}))
    a.push("home")
    return a


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = make_app()
    yield a
    a.close()
    set_language("ru")


def open_step(app: App, step_id: str):  # noqa: ANN201
    screen = app.push("lesson", lesson_id=LESSON.id, step=IDS.index(step_id))
    app.process([], 1 / 60)
    app.render()
    return screen


def shown_text(app: App, block) -> str:  # noqa: ANN001
    """A rich block's words as the learner reads them (terms by their shown label)."""
    return plain_text(block.text, app)


def not_plain(surf: pygame.Surface, rect: pygame.Rect) -> bool:
    """Whether ``rect`` holds drawn content (more than three colours on a 2-pixel grid)."""
    px = {tuple(surf.get_at((x, y)))[:3] for x in range(rect.left, rect.right, 2)
          for y in range(rect.top, rect.bottom, 2)}
    return len(px) > 3


# ---------------------------------------------------------------- W1: the win line


def test_win_line_shows_every_flag_ura_honba_and_sticks(app: App) -> None:
    screen = open_step(app, "all_flags")
    info = screen.view.info
    text = info.text
    for term in ("riichi", "ura_dora", "honba", "kyoutaku"):
        assert "{term:" + term in text, term
    for yaku in ("ippatsu", "houtei_raoyui"):  # the circumstances in words, never the yaku they make
        assert "{term:" + yaku not in text, yaku
    assert "{tiles:1m}" in text and "{tiles:7p}" in text
    words = shown_text(app, info)
    assert "before your next discard after the" in words and "the very last discard of the hand" in words
    assert "2 honba" in words and "3 riichi sticks on the table" in words
    assert "ura-dora indicator" in words
    # drawn, inside the step area and above the answer field
    assert info.rect.width > 0 and screen.step_area.contains(info.rect)
    assert info.rect.bottom <= screen.view.field.rect.top
    assert not_plain(app.surface, info.rect)


@pytest.mark.parametrize(("step_id", "words", "absent"), [
    ("double_haitei", ("with your very first discard", "the last tile of the live wall"),
     ("term:double_riichi", "term:haitei_raoyue", "riichi} declared ·")),
    ("rinshan", ("the replacement tile from the dead wall",), ("term:rinshan_kaihou", "riichi")),
    ("chankan", ("adding this tile to their pon",), ("term:chankan", "riichi")),
    ("tenhou", ("the hand is complete as dealt",), ("term:tenhou", "term:chiihou")),
])
def test_win_line_flags(app: App, step_id: str, words: tuple[str, ...], absent: tuple[str, ...]) -> None:
    """The circumstances in words (what happened), never the yaku they make: the learner names those."""
    info = open_step(app, step_id).view.info
    said = shown_text(app, info)
    for w in words:
        assert w in said, (w, said)
    for t in absent:
        assert t not in info.text


def test_tenhou_is_scored_by_the_engine() -> None:
    step = LESSON.steps[IDS.index("tenhou")]
    assert answers.answer(step, LESSON).value >= 13  # a yakuman, not a plain tsumo


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_win_line_wraps_inside_the_window_at_1024x600(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      lang: str) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = make_app((1024, 600), lang)
    try:
        screen = open_step(a, "all_flags")
        info = screen.view.info
        lh = a.line_height(a.layout.font("small"))
        assert info.rect.height > lh * 1.5  # more than one line: it wraps
        assert info.rect.right <= screen.step_area.right and info.rect.left >= screen.step_area.left
        for b in screen.view.keys:  # the keypad stays on screen, above the button bar
            assert b.rect.bottom <= screen.hint_btn.rect.top
    finally:
        a.close()
        set_language("ru")


def test_show_step_with_win_draws_the_win_line(app: App) -> None:
    screen = open_step(app, "scored_show")
    block = screen.view.win_info
    assert block is not None and "{tiles:7p}" in block.text
    assert "before your next discard after the" in shown_text(app, block)  # ippatsu's circumstance
    row = screen.view.rows[0][0]
    assert block.rect.top >= row.rect.bottom
    assert not_plain(app.surface, block.rect)


# ---------------------------------------------------------------- T1: the table's centre panel


def test_table_centre_panel_shows_round_honba_sticks_dora_and_wall(app: App) -> None:
    screen = open_step(app, "table")
    table = screen.view.table
    lines = dict(table.center_lines())
    assert lines["round"] == "Round: " + app.glossary().term("nan").name("en")
    assert lines["honba"] == "2 honba" and lines["sticks"] == "3 riichi sticks"
    assert lines["wall"] == "Tiles left: 52"
    c = table.center
    assert c.width > 0 and screen.step_area.contains(c)
    # the panel is right of every river and hand, and holds the dora indicator row
    for _label, hand, river in table.rows:
        for row in (hand, river):
            if row is not None:
                assert row.rect.right <= c.left
    assert c.contains(table.dora.rect)
    # painted: the panel's dark felt and its text, and the riichi stick's red dot
    surf = app.surface
    assert not_plain(surf, pygame.Rect(c.left + 4, c.top + 4, c.width - 8, c.height // 3))
    from trainer.ui.theme import PALETTE

    reds = sum(1 for x in range(c.left, c.left + c.width // 3) for y in range(c.top, c.centery + c.height // 4)
               if tuple(surf.get_at((x, y)))[:3] == PALETTE.wrong)
    assert reds > 0


def test_table_without_wall_left_has_no_wall_line(app: App) -> None:
    from trainer.lessons.model import Table

    t = Table(seats=[{"who": "self", "hand": "123m"}])
    screen = open_step(app, "table")
    table = type(screen.view.table)(screen.view, t)
    kinds = [k for k, _t in table.center_lines()]
    assert kinds == ["round", "honba", "sticks"]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_table_fits_the_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = make_app(size, "ru")
    try:
        screen = open_step(a, "table")
        table = screen.view.table
        assert screen.step_area.contains(table.center)
        assert table.center.right <= a.surface.get_width()
        assert table.area.bottom <= screen.main_btn.rect.top
    finally:
        a.close()
        set_language("ru")


# ---------------------------------------------------------------- T3: the play goal counts hands


@pytest.mark.parametrize(("step_id", "want"), [("play_hands", "Goal: play 2 hands."),
                                                ("play_wins", "Goal: win 1 hand.")])
def test_play_goal_counts_hands(app: App, monkeypatch: pytest.MonkeyPatch, step_id: str, want: str) -> None:
    import trainer.ui.views.steps.extra as extra

    seen = []
    real = extra.blit_text
    monkeypatch.setattr(extra, "blit_text", lambda surf, a, text, *args, **kw: (seen.append(text),
                                                                               real(surf, a, text, *args, **kw))[1])
    open_step(app, step_id)
    assert want in seen


@pytest.mark.parametrize(("n", "word"), [(1, "раздачу"), (2, "раздачи"), (5, "раздач"), (21, "раздачу")])
def test_play_goal_russian_plural(n: int, word: str) -> None:
    from trainer.i18n import ngettext

    set_language("ru")
    try:
        text = ngettext("Goal: play {n} hand.", "Goal: play {n} hands.", n).format(n=n)
        assert text.endswith(f"{n} {word}.") and "игр" not in text
        text = ngettext("Goal: win {n} hand.", "Goal: win {n} hands.", n).format(n=n)
        assert text.endswith(f"{n} {word}.")
    finally:
        set_language("ru")


# ---------------------------------------------------------------- L1: marks from the exercise itself


def test_drill_pick_marks_come_from_the_exercise(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = app.push("drill", generator="kunto_hand", params={"size": 4, "ask": ["waits"]}, n=1, seed=11)
    app.render()
    view = screen.view
    ex = screen.ex
    asked = []
    real = type(ex).is_answer_tile
    monkeypatch.setattr(type(ex), "is_answer_tile", lambda self, k: (asked.append(k), real(self, k))[1])
    right = sorted(ex.answer)[0]
    wrong = next(s.tile.kind for s in view.picker.slots if not real(ex, s.tile.kind))
    for k in (right, wrong):
        i = next(i for i, s in enumerate(view.picker.slots) if s.tile.kind == k)
        view.picker.toggle(i)
    key(app, pygame.K_RETURN, "\r")
    assert right in asked and wrong in asked
    marks = {view.picker.slots[i].tile.kind: m for i, m in view.picker.marks.items()}
    assert marks[right] == "right" and marks[wrong] == "wrong"


def test_drill_by_rank_marks_another_suit_of_a_right_rank_right(app: App) -> None:
    screen = app.push("drill", generator="kunto_hand", params={"size": 4, "ask": ["waits"],
                                                                "suits_ignored": True}, n=1, seed=11)
    app.render()
    ex = screen.ex
    assert ex.prompt.get("grade_by") == "rank"
    k = sorted(ex.answer)[0]
    other = next(o for o in range(27) if o % 9 == k % 9 and o != k)
    assert screen.view.tile_ok(other) is ex.is_answer_tile(other) is True


def test_wait_hint_marks_the_engine_shape(app: App) -> None:
    screen = open_step(app, "shape_hint")
    key(app, pygame.K_h, "h")
    row = screen.view.hand_row
    marked = sorted(row.slots[i].tile.kind for i in row.marks)
    # 3m completes 24m (kanchan) or 12m (penchan, with 234m a set): 1m 2m 4m, nothing else; each
    # reading's own copies (the 12m at the start, the 24m at the end: review 19 #6)
    assert sorted(set(marked)) == [0, 1, 3]
    assert [str(row.slots[i].tile) for i in sorted(row.marks)] == ["1m", "2m", "2m", "4m"]
    assert max(row.marks) == len(row.slots) - 3  # the 4m of "24m", before the 55z
    assert set(row.marks.values()) == {"hint"}


def test_drill_wait_hint_marks_only_waiting_shapes(app: App) -> None:
    screen = app.push("drill", generator="single_suit_waits", params={"size": 7}, n=1, seed=3)
    app.render()
    key(app, pygame.K_h, "h")
    row = screen.view.hand_row
    assert row.marks and set(row.marks.values()) == {"hint"}
    from trainer.ui.views.steps.marks import near_waits

    assert row.marks == near_waits(row, screen.ex.prompt.hand)


# ---------------------------------------------------------------- M1: reveal named_shape on its own


def test_named_shape_reveal_alone(app: App) -> None:
    screen = open_step(app, "named_only")
    facts = screen.view.facts
    assert facts is not None and "Named shape:" in facts.text and "{term:nobetan}" in facts.text
    assert not_plain(app.surface, facts.rect)


def _write(root: Path, body: str) -> Path:
    path = root / "skills" / "skill_named.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("""\
id: skill_named
title: {ru: "Тест", en: "Test"}
track: skills
level: 1
audience: player
minutes: 5
skill: waits_basic
steps:
""" + body, encoding="utf-8")
    return path


def test_validator_accepts_named_shape_reveal_and_expect(tmp_path: Path) -> None:
    path = _write(tmp_path, """\
  - kind: show
    hand: "2345m"
    reveal: [named_shape]
    expect: {named_shape: [nobetan]}
""")
    good, probs, _n = check_paths([path])
    assert (len(good), [str(p) for p in probs]) == (1, [])


def test_validator_reports_a_wrong_named_shape(tmp_path: Path) -> None:
    path = _write(tmp_path, """\
  - kind: show
    hand: "2345m"
    reveal: [named_shape]
    expect: {named_shape: kantan}
""")
    _good, probs, _n = check_paths([path])
    lines = [str(p) for p in probs]
    assert len(lines) == 1 and "skill_named.yaml:" in lines[0] and "named_shape" in lines[0]
    assert "kantan" in lines[0] and "nobetan" in lines[0]


def test_validator_rejects_tenhou_for_a_non_dealer(tmp_path: Path) -> None:
    path = _write(tmp_path, """\
  - kind: number
    prompt: {ru: "Сколько хан?"}
    ask: han
    hand: "234m456p345678s88p"
    win: {tile: 6s, by: tsumo, seat: S, tenhou: true}
""")
    _good, probs, _n = check_paths([path])
    lines = [str(p) for p in probs]
    assert len(lines) == 1 and "tenhou" in lines[0] and "skill_named.yaml:" in lines[0]


# ---------------------------------------------------------------- Y1: the drill card's sentence


def test_drill_card_for_ask_han_asks_for_han(app: App) -> None:
    screen = open_step(app, "drill_han")
    assert screen.view.blurb == "Count the han of a won hand."
    screen2 = open_step(app, "drill_yaku")
    assert screen2.view.blurb == "Name every yaku of a won hand."


def test_drill_card_for_ask_han_in_russian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = make_app(lang="ru")
    try:
        view = open_step(a, "drill_han").view
        assert "хан" in view.blurb and "Назовите все яку" not in view.blurb
        assert GENERATORS["yaku_identify"].params_model(ask="han").ask == "han"
    finally:
        a.close()
        set_language("ru")
