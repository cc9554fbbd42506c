"""The table review's polish (review 21, verify_table "new defects" 1-9):

1. a deal-in's box names the real winner (the riichi player only when that player won, a double ron
   as one), never two sentences that contradict each other;
2. the deal-in words are the essentials, and a verdict longer than the replay's box scrolls there
   (wheel, click) instead of being cut;
3. the learner's 13th and later discards stay above their own hand in the replay;
4. and 9. the header's mistakes count a ron let pass (M stops on it), with plural-aware words;
5. a tsumo let pass by a discard that changed the wait names the tile really in the river;
6. the text the header had no room for keeps a line of its own under the table;
7. «The coach preferred …» weighs the coach's tile against the learner's own, "but" only with a
   contrast;
8. the table coach never claims "keeps its value: yaku" without naming what the value is.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.text_checks import in_english, plain_words  # noqa: E402
from trainer.engine.bots import make_bot  # noqa: E402
from trainer.engine.evaluator.reasons import reason  # noqa: E402
from trainer.engine.game.actions import Discard  # noqa: E402
from trainer.engine.game.play import play_match  # noqa: E402
from trainer.engine.game.review import Decision, _furiten_after  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.game.view import RiverTile, make_view  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.engine.tiles import Tile, parse_tile  # noqa: E402
from trainer.ui import tile_art  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.views.table import coach as table_coach  # noqa: E402
from trainer.ui.views.table.review import deal_in_text, passed_win_text, tile_text  # noqa: E402
from trainer.ui.views.table.river import river_pieces  # noqa: E402

RULES = load_rules("tenhou")
JUNK = "147m369p147s3456z"


def _decision(**kw) -> Decision:
    base = dict(hand=0, turn=3, action=12, round=0, hand_number=0, honba=0, chosen="3s", riichi=False,
                best=("3s",), shanten_chosen=1, shanten_best=1, ukeire_chosen=8, ukeire_best=8, verdict="good")
    return Decision(**{**base, **kw})


DANGER = {"riichi_seats": [1], "chosen": 5.8, "safest": ["4s"], "safest_danger": 0, "genbutsu_available": True,
          "genbutsu": ["4s"], "notes": []}


def _deal_in(winners: list[int], riichi: list[bool], **quiet) -> dict:
    note = {"winners": winners, "riichi": riichi, "me": 0, "players": 4}
    if quiet:
        note.update({"open": True, "reading": None, "suit": "", "chance": None, "reasons": [], "safer": []}, **quiet)
    return note


@pytest.fixture(scope="module")
def game_path(tmp_path_factory) -> Path:
    """A saved tonpuusen of four efficient bots, seat 0 reviewed."""
    log = play_match([make_bot("efficient", RULES) for _ in range(4)], RULES, seed=5).log
    path = tmp_path_factory.mktemp("games") / "game.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return path


# ---------------------------------------------------------------- 1: the real winner


def test_a_deal_in_names_the_real_winner(app: App):
    # Left won, open and without riichi, while Right was the riichi player
    d = _decision(verdict="dealt_in", dealt_in=True, danger=DANGER,
                  deal_in=_deal_in([3], [False], seat=3, open=True, chance=0.01))
    words = plain_words(app, tile_text(d))
    if in_english(app):
        assert words.startswith("Left won on 3s with an open hand, without riichi"), words
        assert "Against the riichi, 4s was safe" in words and "dealt into the riichi" not in words, words
        assert words.count("won on") == 1, words
    else:
        assert words.startswith("Игрок слева выиграл на 3s с открытой рукой, без риичи"), words
        assert "4s был безопасен против риичи" in words and "объявивший" not in words, words
        assert words.count("выиграл") == 1, words
    # the riichi player alone won: the riichi words, as before
    riichi = plain_words(app, tile_text(_decision(verdict="dealt_in", dealt_in=True, danger=DANGER,
                                                  deal_in=_deal_in([1], [True]))))
    assert riichi.startswith("3s dealt into the riichi" if in_english(app)
                             else "На 3s выиграл соперник, объявивший риичи"), riichi
    # two winners: a double ron, said once, then the hand without riichi
    double = plain_words(app, tile_text(_decision(verdict="dealt_in", dealt_in=True, danger=DANGER,
                                                  deal_in=_deal_in([2, 3], [False, True], seat=2, open=True))))
    if in_english(app):
        assert double.startswith("Double ron: Across and Left both won on 3s. Across's hand was open"), double
        assert "dealt into" not in double, double
    else:
        assert double.startswith("Двойной рон: на 3s выиграли сразу двое — игрок напротив и игрок слева. "
                                 "Рука игрока напротив была открытой"), double
        assert "объявивший" not in double, double


def test_a_double_ron_the_review_does_not_count_is_named_too(app: App):
    d = _decision(dealt_in=True, deal_in=_deal_in([1, 3], [True, True]))
    words = plain_words(app, deal_in_text(d))
    assert words == ("Double ron: Right and Left both won on 3s." if in_english(app)
                     else "Двойной рон: на 3s выиграли сразу двое — игрок справа и игрок слева."), words


# ---------------------------------------------------------------- 2: the essentials, and a box that scrolls


def test_the_deal_in_words_are_the_essentials(app: App):
    d = _decision(dealt_in=True, deal_in=_deal_in([3], [False], seat=3, open=True, chance=0.04,
                                                  reasons=[{"code": "one_chance"}, {"code": "middle"}]))
    words = plain_words(app, deal_in_text(d))
    # who won, with what hand, and the coach's risk in one short sentence (not its whole reading)
    assert ("Left won on 3s with an open hand" if in_english(app) else "Игрок слева выиграл на 3s") in words, words
    assert ("The coach put the risk of 3s at about 4%." if in_english(app)
            else "Риск сброса 3s тренер оценивал примерно в 4%.") in words, words
    assert "reading" not in words and "оценивал 3s в тот момент" not in words and "(" not in words.split(":")[-1]
    assert len(words) < 200, words


def test_a_long_verdict_scrolls_in_the_replay_box(tmp_path, monkeypatch, game_path):
    from tests.ui_events import headless_app
    from trainer.ui.screens import replay as replay_screen

    long = " ".join(["The coach weighs this discard with care, and says so at length."] * 40)
    monkeypatch.setattr(replay_screen, "tile_text", lambda d: long)
    with headless_app(tmp_path, monkeypatch, size=(1024, 600)) as app:
        app.push("replay", path=str(game_path))
        screen = app.screen
        screen.pos = next(i for i, f in enumerate(screen.frames) if screen.decisions.get((f.hand, f.action_index)))
        app.invalidate()
        app.render()
        box = screen.box
        pad = app.layout.px(10)
        assert box.overflow > 0 and box.offset == 0
        assert box.layout.height + 2 * pad == box.rect.height + box.overflow  # the whole text is reachable
        screen.scroll(app.layout.px(60))  # the mouse wheel
        assert box.offset == app.layout.px(60)
        screen.scroll(10 ** 6)
        app.render()
        assert box.offset == box.overflow  # the end of the text in view, not cut
        screen.on_click(box.rect.center, 1)  # a click at the end: back to the top
        assert box.offset == 0
        screen.on_click(box.rect.center, 1)  # a click: a page down
        assert box.offset == min(box.overflow, box.rect.height * 3 // 4)
        screen.step(1)  # another frame starts at the top of its text
        app.render()
        assert box.offset == 0


def test_a_box_that_does_not_scroll_still_clips_as_before():
    box = table_coach.CoachBox()
    assert not box.scrollable and box.overflow == 0 and not box.scroll(50)


# ---------------------------------------------------------------- 3: late discards stay above the hand


def test_a_long_river_continues_its_last_row():
    river = tuple(RiverTile(Tile(k % 34), False, False, False) for k in range(14))
    rows = river_pieces(river, ((12, "wrong"),), max_rows=2)
    assert [len(r) for r in rows] == [6, 8]
    assert rows[1][6].highlight == "wrong"  # the 13th discard, marked, in the second row
    assert [len(r) for r in river_pieces(river)] == [6, 6, 2]  # the table's own rivers keep their rows


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1600, 900)])
def test_the_learners_late_discards_are_not_drawn_under_their_hand(tmp_path, monkeypatch, game_path, size):
    from tests.ui_events import headless_app
    from trainer.ui.views.table.river import row_gap

    with headless_app(tmp_path, monkeypatch, size=size) as app:
        app.push("replay", path=str(game_path))
        screen = app.screen
        long = next(i for i, f in enumerate(screen.frames)
                    if len(next(s for s in f.state.seats if f.state.relative(s.seat) == 0).river) >= 13)
        screen.pos = long
        app.invalidate()
        app.render()
        board = screen.board
        rows = board.bottom_rows()
        th = tile_art.tile_size(board.river_h)[1]
        hand_top = board.rect.bottom - board.pad - board.edge_h
        river_bottom = board.center.rect.bottom + board.gap + rows * th + (rows - 1) * row_gap(board.river_h)
        assert rows >= 2 and river_bottom <= hand_top + th // 4, (rows, river_bottom, hand_top)
        seat = next(s for s in screen.frames[long].state.seats if screen.frames[long].state.relative(s.seat) == 0)
        drawn = river_pieces(seat.river, max_rows=rows)
        assert len(drawn) <= rows and sum(len(r) for r in drawn) == len(seat.river)


# ---------------------------------------------------------------- 4, 9: the header's count


def test_the_header_counts_a_passed_ron_and_says_its_plural(app: App, game_path):
    app.push("replay", path=str(game_path))
    screen = app.screen
    ron = _decision(turn=-1, verdict="passed_win", passed_win={"kind": "ron", "tile": "3s"})
    screen.decisions = {(0, 1): ron, (0, 2): _decision()}
    assert screen.mistakes_text() == ("mistakes: 1 of 2 decisions" if in_english(app) else "ошибок: 1 из 2 решений")
    assert screen.mistakes_text() in screen.header_extra() + screen.below_text()
    screen.decisions = {(0, i): _decision(verdict="lost_tiles" if i < 10 else "good") for i in range(61)}
    assert screen.mistakes_text() == ("mistakes: 10 of 61 discards" if in_english(app) else "ошибок: 10 из 61 сброса")
    screen.decisions = {(0, 0): _decision()}
    assert screen.mistakes_text() == ("mistakes: 0 of 1 discard" if in_english(app) else "ошибок: 0 из 1 сброса")


# ---------------------------------------------------------------- 5: the tile really in the river


def test_a_tsumo_passed_by_a_discard_that_changed_the_wait_names_the_tile_in_the_river(app: App):
    from trainer.engine.game.review import _river_waits

    # ready on 3s-6s; 3s drawn and let pass by discarding 3m: the new wait, 3m-6m, has 3m in the river
    rnd = setup_round(["345m45s11z234p678p", JUNK, JUNK, JUNK], draws="3s")
    view = make_view(rnd, 0)
    rnd.apply(0, Discard(parse_tile("3m")))
    assert _furiten_after(rnd, 0, True, view) == "river"
    assert _river_waits(rnd, 0) == ("3m",)
    w = {"kind": "tsumo", "tile": "3s", "han": 2, "fu": 30, "points": 2900, "furiten": "river",
         "river_tiles": ["3m"], "advice": "win"}
    words = plain_words(app, passed_win_text(w))
    if in_english(app):
        assert "the new winning tile 3m is already in your own river" in words, words
        assert "The winning tile is in your own river" not in words, words
    else:
        assert "новая выигрышная плитка 3m уже лежит в вашем сбросе" in words, words
        assert "Теперь выигрышная плитка лежит" not in words, words
    # the winning tile itself thrown: it is the one in the river
    same = plain_words(app, passed_win_text({**w, "river_tiles": ["3s"]}))
    assert ("The winning tile is in your own river now" if in_english(app)
            else "Теперь выигрышная плитка лежит в вашем сбросе") in same, same


# ---------------------------------------------------------------- 6: the text under the table


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_text_under_the_table_is_never_cut_by_a_long_caption(tmp_path, monkeypatch, game_path, size):
    from tests.ui_events import headless_app

    with headless_app(tmp_path, monkeypatch, size=size, language="ru") as app:
        app.push("replay", path=str(game_path))
        screen = app.screen
        caption = ("Двойной рон! С вашего сброса выиграли игрок напротив и игрок слева "
                   "(Напротив: 2 хана 30 фу; Слева: 3 хана 40 фу).")
        monkeypatch.setattr(type(screen), "caption", lambda self, frame: caption)
        monkeypatch.setattr(type(screen), "below_text", lambda self: "Шаг 217 из 269 · решений вопреки тренеру: 26")
        app.render()
        text, (x, y), anchor, room = screen.below_place()
        small = app.layout.font("small")
        assert app.text_width(text, small) <= room  # shown whole
        line = app.line_height(small)
        # a line of its own under the caption's (the buttons' upper row), or beside a caption that leaves room
        assert y - line // 2 >= screen.caption_y or x - app.text_width(text, small) > app.text_width(caption, small)


# ---------------------------------------------------------------- 7: against the learner's own tile


MINE = {"tile": "5p", "shanten": 1, "ukeire": 8, "win": 0.10, "value": [], "worth": 1000}


def _why(**kw) -> dict:
    base = {"tile": "8m", "reason": "win_chance", "shanten": 1, "ukeire": 7, "value": [], "win": 0.15, "worth": 1000,
            "dangers": [], "threat_seats": [], "me": 0, "players": 4,
            "compare": {"tile": "8s", "ukeire": 8, "win": 0.10, "value": [], "worth": 1000}, "mine": MINE}
    return {**base, **kw}


def test_the_coach_tile_is_weighed_against_the_learners_tile(app: App):
    d = _decision(chosen="5p", best=("8s", "5p"), coach="8m", coach_why=_why())
    words = plain_words(app, tile_text(d))
    assert "8s" not in words, words  # never a third tile
    assert ("a few fewer than after 5p (8)" if in_english(app) else "чуть меньше, чем после сброса 5p (8)") in words
    assert ("about 15% instead of 10%" if in_english(app) else "около 15% вместо 10%") in words, words


def test_but_only_with_a_contrast_and_only_the_value_the_learner_gave_up(app: App):
    dora, yakuhai = {"code": "dora", "count": 1}, {"code": "yakuhai", "kind": 31}
    why = _why(tile="6p", reason="value", ukeire=13, value=[dora, yakuhai], worth=2000,
               mine={**MINE, "ukeire": 12, "value": [yakuhai], "worth": 1000})
    words = plain_words(app, tile_text(_decision(chosen="5p", ukeire_chosen=12, coach="6p", coach_why=why)))
    if in_english(app):
        assert "13 useful tiles, and the hand keeps more of its value: 1 dora" in words, words
        assert "but" not in words and "yakuhai" not in words, words
    else:
        assert "13 полезных плиток, и рука к тому же дороже: 1 дора" in words, words
        assert "зато" not in words and "якухай" not in words, words
    # fewer tiles than the learner's: now "but" has its contrast, with the learner's tile
    fewer = plain_words(app, tile_text(_decision(chosen="5p", ukeire_chosen=14, coach="6p", coach_why={
        **why, "mine": {**why["mine"], "ukeire": 14}})))
    assert ("13 useful tiles, fewer than after 5p (14), but the hand keeps more of its value: 1 dora" if in_english(app)
            else "13 полезных плиток (после сброса 5p — 14), зато рука сохраняет цену: 1 дора") in fewer, fewer
    # worth no more than the learner's hand, no better chance: the coach's tile is no better
    even = plain_words(app, tile_text(_decision(chosen="5p", ukeire_chosen=14, coach="6p", coach_why={
        **why, "worth": 1000, "win": 0.1, "mine": {**why["mine"], "ukeire": 14, "value": [dora, yakuhai]}})))
    assert ("The coach advised 6p; yours is just as good." if in_english(app)
            else "Тренер советовал 6p; ваш сброс ничем не хуже.") in even, even


# ---------------------------------------------------------------- 8: the table coach names the value


def _value(best: float, *codes) -> SimpleNamespace:
    return SimpleNamespace(best=best, reasons=(reason("value_estimate", dama=0, riichi=round(best), han=0.0), *codes))


def _value_hint(value: SimpleNamespace, other: SimpleNamespace) -> SimpleNamespace:
    advice = SimpleNamespace(value=value, dangers=[], furiten=False)
    compare = SimpleNamespace(tile=parse_tile("7z"), value=other, efficiency=SimpleNamespace(ukeire=72))
    return SimpleNamespace(reason="value", advice=advice, tile=parse_tile("9m"), ukeire=68, compare=compare,
                           push=False, push_fold=None, threat_seats=(), waits=())


def test_the_table_coach_never_keeps_a_value_it_cannot_name(app: App):
    line = plain_words(app, table_coach.hint_lines([_value_hint(_value(1650), _value(1650))], str)[0])
    assert "yaku" not in line and "яку" not in line, line  # was «зато рука сохраняет цену: яку»
    assert ("Discard 9m: 68 useful tiles stay, 72 after 7z; by the coach's estimate the two are about as good."
            if in_english(app) else
            "Сбросьте 9m: полезных плиток остаётся 68, после сброса 7z — 72; по оценке тренера оба хода примерно "
            "равноценны.") == line, line
    # a dora the widest discard gives up: named, and only it
    dora = plain_words(app, table_coach.hint_lines([_value_hint(
        _value(2600, reason("dora", count=1), reason("tanyao")), _value(1650, reason("tanyao")))], str)[0])
    assert ("keeps its value: 1 dora" if in_english(app) else "сохраняет цену: 1 дора") in dora, dora
    assert "tanyao" not in dora and "танъяо" not in dora, dora
    # worth more with nothing to name: the points
    more = plain_words(app, table_coach.hint_lines([_value_hint(_value(2600), _value(1700))], str)[0])
    assert ("worth more: about 2,600 points instead of 1,700" if in_english(app)
            else "стоит больше: около 2 600 очков вместо 1 700") in more.replace("\u00a0", " "), more


def test_the_review_box_stays_above_a_long_bottom_hand(tmp_path, monkeypatch, game_path):
    """A long bottom hand (sanma's Norths set aside) reaches under the box's corner: the box stops above it."""
    import pygame

    from tests.ui_events import headless_app

    with headless_app(tmp_path, monkeypatch, size=(1024, 600)) as app:
        app.push("replay", path=str(game_path))
        app.render()
        board = app.screen.board
        free = board.corner(app)
        assert board.bottom_hand is not None  # the replay draws the bottom hand
        board.bottom_hand = pygame.Rect(free.right - 30, board.rect.bottom - board.pad - board.edge_h, 500, board.edge_h)
        corner = board.corner(app)
        assert corner.bottom <= board.bottom_hand.top and corner.height < free.height
        board.bottom_hand = pygame.Rect(free.right + 30, board.bottom_hand.top, 300, board.edge_h)
        assert board.corner(app) == free  # a hand clear of the corner leaves it whole


def test_a_coach_tile_a_step_closer_gives_up_nothing(app: App):
    """«8s — 51 useful tiles (72 after 0p), but …» weighed tiles of hands at different distances from ready."""
    why = _why(tile="8s", reason="value", ukeire=51, shanten=3, value=[{"code": "dora", "count": 1}], worth=2000,
               mine={**MINE, "tile": "0p", "shanten": 4, "ukeire": 72, "value": [], "worth": 1000})
    d = _decision(chosen="0p", best=("6z",), verdict="lost_shanten", shanten_chosen=4, shanten_best=3,
                  ukeire_chosen=72, ukeire_best=60, coach="8s", coach_why=why)
    words = plain_words(app, tile_text(d))
    assert ("51 useful tiles, and the hand keeps more of its value: 1 dora" if in_english(app)
            else "51 полезная плитка, и рука к тому же дороже: 1 дора") in words, words
    assert "72" not in words.split("8s")[-1], words


def test_the_wheel_scrolls_the_long_coach_box_and_the_table_and_cards_scroll_theirs() -> None:
    """The table's coach box and the review card's boxes scroll a long text as the replay's does."""
    import pygame as pg

    from trainer.ui.views.table.coach import CoachBox

    class _Box:
        def __init__(self, overflow: int, rect: tuple[int, int, int, int]) -> None:
            self.overflow, self.rect, self.offset = overflow, pg.Rect(rect), 0

        def scroll(self, dy: int) -> bool:
            new = max(0, min(self.overflow, self.offset + dy))
            moved, self.offset = new != self.offset, new
            return moved

    pg.display.init()  # the mouse is asked where it is
    short, long_ = _Box(0, (-100, -100, 10, 10)), _Box(80, (-50, -50, 10, 10))
    assert CoachBox.scroll_one((short, long_), 40) and long_.offset == 40 and short.offset == 0
    assert not CoachBox.scroll_one((short,), 40)


def test_the_tables_coach_box_scrolls_with_the_wheel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.ui_events import headless_app
    from trainer.ui.match_setup import MatchSetup

    with headless_app(tmp_path, monkeypatch, progress="open") as app:
        screen = app.push("play", setup=MatchSetup(coach="full"), seed=1)
        app.render()
        assert screen.coach_box.scrollable
        screen.coach_box.overflow = 120  # as a long word of the coach lays out
        screen.scroll(50)
        assert screen.coach_box.offset == 50
