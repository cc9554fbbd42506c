"""The table as a learner plays it (review 21, "table"):

* #2 a keyboard learner gets the coach's warning before a dangerous discard: the tile under the
  cursor, which Enter discards, counts as the tile about to go (a mouse user's still has to be lifted);
* #6 after riichi (and in the riichi choice) the cursor starts on a tile that may go, and Enter on a
  greyed tile says why it cannot go; the prompt says what Enter does in riichi;
* #8 a double ron names both winners on the hand's card and in the replay caption, and a button shows
  the second winner's hand;
* #10 the replay header keeps its name and the rules («только Восток», never a bare «Восток»); what the
  header has no room for goes under the table;
* #11 an unfinished match can be played on from My games; the leave dialog says so;
* #12 a match left in its first hand is «идёт 1-я раздача», not «1 раздача» played;
* #14 the replay caption's han in plural forms («4 хана 40 фу»);
* #15 an imported game is dated when it was played when its log says so, else «импортирована …».
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.game.actions import Discard, Riichi  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.screens import play_shots as ps  # noqa: E402


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


@pytest.fixture()
def ru(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language="ru") as a:
        yield a
    set_language("en")


def _en(app: App) -> bool:
    return app.settings.language == "en"


def _key(app: App, k: int, unicode: str = "") -> None:
    app.process([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode)], 1 / 60)


def _click(app: App, pos: tuple[int, int]) -> None:
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)


# ------------------------------------------------------------------ #2 the warning for keyboard learners
def _dangerous(screen) -> tuple[object, object] | None:  # noqa: ANN001
    """A discard the coach warns about now (the tile, its warning), if any."""
    from trainer.ui.views.table.coach import danger_warning

    view = make_view(screen.round, 0)
    tiles = [a.tile for a in screen.my_legal() if isinstance(a, Discard)]
    for t in tiles:
        w = danger_warning(view, t, tiles)
        if w is not None:
            return t, w
    return None


def test_the_tile_under_the_keyboard_cursor_gets_the_danger_warning(app: App) -> None:
    from trainer.ui.views.table.coach import warning_line

    def want(s) -> bool:  # noqa: ANN001
        return (any(st.riichi for st in s.round.seats[1:]) and not s.round.seats[0].riichi
                and any(isinstance(a, Discard) for a in s.my_legal()) and _dangerous(s) is not None)

    screen = ps.play_until(app, want, setup=MatchSetup(coach="hints"))
    tile, warning = _dangerous(screen)
    expected = plain_text(warning_line(warning, screen.seat_name), app)
    row = screen.hand_row
    target = max(i for i, s in enumerate(row.slots) if s.tile == tile)
    screen.set_focus(row)
    # the mouse learner: the cursor means nothing, nothing lifted, no warning yet
    _click(app, (1, 1))
    row.cursor = target
    assert not app.show_focus and expected not in plain_text(screen.coach_message(), app)
    # the keyboard learner: the cursor reaches the tile with the arrow keys, and the warning is there
    row.cursor = 0 if target else 1
    while row.cursor != target:
        _key(app, pygame.K_RIGHT if row.cursor < target else pygame.K_LEFT)
    assert app.show_focus and not row.selected
    assert expected in plain_text(screen.coach_message(), app), screen.coach_message()
    assert ("Careful" if _en(app) else "Осторожно") in expected
    app.render()
    assert screen.coach_box.rect.height > 0
    # the prompt says what Enter does: it discards the tile under the cursor
    prompt = screen.prompt_text()
    assert ("Enter discards it" if _en(app) else "Enter — сбросить её") in prompt, prompt


# ------------------------------------------------------------------ #6 riichi and the cursor
def test_after_riichi_the_cursor_starts_on_the_drawn_tile_and_enter_discards_it(app: App) -> None:
    screen = ps.play_until(app, lambda s: s.round.seats[0].riichi and any(isinstance(a, Discard) for a in s.my_legal())
                           and not any(type(a).__name__ in ("Tsumo", "Kan") for a in s.my_legal()))
    row = screen.hand_row
    drawn = screen.round.seats[0].drawn
    assert row.dim and row.cursor not in row.dim
    assert row.slots[row.cursor].tile == drawn and row.cursor == len(row.slots) - 1
    _key(app, pygame.K_LEFT)  # a key press: the prompt names the keys
    assert screen.prompt_text() == ("Riichi: Enter discards the tile you drew." if _en(app)
                                    else "Риичи: Enter — сбросить взятую плитку.")
    # Enter on a greyed tile says why nothing happens
    screen.set_focus(row)
    row.cursor = next(i for i in range(len(row.slots)) if i in row.dim)
    before = len(screen.round.seats[0].river)
    _key(app, pygame.K_RETURN, "\r")
    assert len(screen.round.seats[0].river) == before
    assert app.banners and app.banners[-1].text == (
        "After riichi you can only discard the tile you drew." if _en(app)
        else "После риичи можно сбросить только взятую плитку.")
    # back on the drawn tile, Enter discards it
    row.cursor = len(row.slots) - 1
    _key(app, pygame.K_RETURN, "\r")
    river = screen.round.seats[0].river
    assert len(river) == before + 1 and river[-1].tile == drawn


def test_in_the_riichi_choice_the_cursor_starts_on_a_marked_tile(app: App) -> None:
    screen = ps.play_until(app, lambda s: any(isinstance(a, Riichi) for a in s.my_legal())
                           and len({a.tile for a in s.my_legal() if isinstance(a, Riichi)}) < 6)
    screen._toggle_riichi()
    row = screen.hand_row
    allowed = {a.tile for a in screen.my_legal() if isinstance(a, Riichi)}
    assert row.dim and row.cursor not in row.dim and row.slots[row.cursor].tile in allowed
    assert row.cursor == min(i for i in range(len(row.slots)) if i not in row.dim)
    screen.set_focus(row)
    row.cursor = next(i for i in range(len(row.slots)) if i in row.dim)
    _key(app, pygame.K_RETURN, "\r")
    assert screen.riichi_mode and not screen.round.seats[0].riichi  # nothing was discarded
    assert app.banners[-1].text.startswith("This tile would break your ready hand" if _en(app)
                                           else "Без этой плитки рука не будет готова")


def test_a_tile_greyed_after_a_call_says_why(app: App) -> None:
    screen = ps.play_until(app, lambda s: any(isinstance(a, Discard) for a in s.my_legal())
                           and not s.round.seats[0].riichi)
    tile = screen.hand_row.slots[0].tile
    screen.round.kuikae = frozenset({tile.kind})  # as the engine sets it right after a chi or pon
    words = screen.dimmed_reason(tile)
    assert words.startswith("Right after a call you may not discard a tile like the one you called" if _en(app)
                            else "Сразу после объявления нельзя сбросить такую же плитку, как взятая"), words
    assert ("kuikae" if _en(app) else "куйкаэ") in words.lower(), words  # the glossary's term, with its Japanese


# ------------------------------------------------------------------ #8 a double ron
HANDS = ["147m369p147s3456z", "258m258p258s1237z", "234m678m234s22s46p", "345m456s678s88m34p"]
"""Across (kanchan 5p, tanyao) and Left (2p-5p, pinfu tanyao) both win on the learner's 5p."""


def double_ron_table(app: App):  # noqa: ANN201
    from trainer.engine.game.scenario import setup_round
    from trainer.engine.notation import parse_tiles

    screen = app.push("play", seed=1)
    rnd = setup_round(HANDS, draws="5p", tenpai_choice=screen.match.tenpai_choice)
    screen.round = screen.match.round = rnd
    screen.hand_start = list(rnd.scores)
    screen.rebuild()
    screen._act(Discard(parse_tiles("5p")[0]))
    screen.run_bots_until_learner()
    app.render()
    return screen


def test_a_double_ron_names_both_winners_and_shows_either_hand(app: App) -> None:
    screen = double_ron_table(app)
    res = screen.round.result
    assert [w.seat for w in res.wins] == [2, 3]
    view = screen.result_view
    assert view.title() == ("Double ron! Across and Left win on your discard." if _en(app) else
                            "Двойной рон! С вашего сброса выиграли игрок напротив и игрок слева.")
    assert view.shown_heading() == ("Across's hand (1 of 2)" if _en(app) else "Рука игрока напротив (1 из 2)")
    button = screen.winner_btn
    assert button is not None and button.label == ("Show Left's hand" if _en(app) else "Показать руку игрока слева")
    assert not button.rect.colliderect(screen.next_btn.rect)
    first = view.details[view.shown_index()]
    _key(app, pygame.K_h, "h")  # its key badge: H
    view = screen.result_view
    second = view.details[view.shown_index()]
    assert first.win.seat == 2 and second.win.seat == 3
    assert view.shown_heading() == ("Left's hand (2 of 2)" if _en(app) else "Рука игрока слева (2 из 2)")
    assert screen.winner_btn.label == ("Show Across's hand" if _en(app) else "Показать руку игрока напротив")
    app.render()
    # the card's total line is the shown winner's: Left's pinfu tanyao, 2 han
    assert view.total_line(second).startswith("2 han, 30 fu" if _en(app) else "Хан: 2, фу: 30")


def test_a_double_ron_in_the_replay_caption(ru: App) -> None:
    from trainer.ui.screens.play_shots import saved_games

    screen = ru.push("replay", path=str(saved_games(ru)[0]))
    wins = [SimpleNamespace(seat=2, from_seat=0, tsumo=False, han=2, fu=30),
            SimpleNamespace(seat=3, from_seat=0, tsumo=False, han=3, fu=40)]
    frame = SimpleNamespace(result=SimpleNamespace(wins=wins, kind="ron"), seat=None, action=None, hand=0)
    assert screen.caption(frame) == ("Двойной рон! С вашего сброса выиграли игрок напротив и игрок слева "
                                     "(Напротив: 2 хана 30 фу; Слева: 3 хана 40 фу).")
    wins[1].from_seat = wins[0].from_seat = 1
    wins[0].seat = 0
    assert screen.caption(frame).startswith("Двойной рон! Со сброса игрока справа выиграли вы и игрок слева (Вы: ")


# ------------------------------------------------------------------ #14 plural han in the replay caption
def test_the_replay_caption_says_han_in_plural_forms(ru: App) -> None:
    from trainer.ui.screens.play_shots import saved_games

    screen = ru.push("replay", path=str(saved_games(ru)[0]))
    won = SimpleNamespace(seat=1, from_seat=0, tsumo=False, han=4, fu=40)
    frame = SimpleNamespace(result=SimpleNamespace(wins=[won], kind="ron"), seat=None, action=None, hand=0)
    assert screen.caption(frame) == "Рон! Игрок справа выиграл с вашего сброса — 4 хана 40 фу."
    won.han = 1
    assert screen.caption(frame).endswith("— 1 хан 40 фу.")
    won.han = 5
    assert screen.caption(frame).endswith("— 5 ханов 40 фу.")


# ------------------------------------------------------------------ #10 the replay header
def test_the_short_rules_say_east_only_and_the_header_keeps_the_screen_name(ru: App) -> None:
    from trainer.engine.game import records
    from trainer.ui.views.table.result import header_title, header_titles, short_rules_label

    east = records.match_rules("tenhou", {"game_length": "tonpuusen"})
    assert short_rules_label(east) == "tenhou.net, только Восток"
    assert all(t.startswith("Повтор партии · ") for t in header_titles("Повтор партии", east))
    assert header_title(ru, "Повтор партии", east, 10) == "Повтор партии · tenhou.net, только Восток"
    set_language("en")
    assert short_rules_label(east) == "Tenhou, East only"


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1024, 600)])
def test_the_replay_header_keeps_its_name_and_fits_at_every_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 size: tuple[int, int]) -> None:
    from trainer.ui.screens.play_shots import saved_games

    with headless_app(tmp_path, monkeypatch, language="ru", size=size) as app:
        paths = saved_games(app)  # East-only matches (the review has mistakes to count)
        screen = app.push("replay", path=str(paths[0]))
        app.render()
        L = app.layout
        title, extra = screen.title(), screen.header_extra()
        assert title.startswith("Повтор партии · ") and "только Восток" in title, title
        left = screen.back_button.rect.right + L.px(20)
        right = min(app.text_width(extra, L.font("small")), screen.header_room()) + L.px(20) if extra else 0
        assert app.text_width(title, L.font("h2"), True) <= L.width - left - L.margin - right  # drawn whole
        # nothing of the review is lost: what the header leaves out is under the table
        shown = extra + " · " + screen.below_text()
        assert "Шаг 1 из " in shown and "ошибок: " in shown, shown
        for step in (len(screen.frames) // 2, len(screen.frames) - 1):  # the same header at every step
            screen.pos = step
            assert screen.title() == title
    set_language("en")


# ------------------------------------------------------------------ #11, #12 unfinished matches
def _left_in_first_hand(app: App) -> Path:
    """A free match left after a few discards of its first hand; the saved file."""
    setup = MatchSetup(length="tonpuusen", coach="hints")
    screen = app.push("play", setup=setup, seed=5)
    for _ in range(3):
        screen.run_bots_until_learner()
        ps._learner_move(screen)
    screen.run_bots_until_learner()
    assert not screen.round.ended
    path = screen.saver.path
    _key(app, pygame.K_ESCAPE)
    assert screen.dialog is not None
    assert screen.dialog.body == ("The match is saved: you can go on with it later, from the home screen or from "
                                  "My games." if _en(app) else "Партия сохранена: её можно продолжить позже — с "
                                  "главного экрана или из «Моих партий».")
    leave = screen.dialog.buttons[0]
    assert leave.label == ("Leave" if _en(app) else "Выйти")
    app.render()
    _click(app, leave.rect.center)
    assert app.screen is not screen
    return path


def test_a_match_left_in_its_first_hand_is_in_progress_not_played(app: App) -> None:
    from trainer.engine.game.saved import read_game
    from trainer.ui.views.game_rows import game_line

    path = _left_in_first_hand(app)
    g = read_game(path)
    assert g.hands == 1 and g.hand_in_progress and g.resumable and not g.finished
    main, right = game_line(g)
    assert main.endswith("hand 1 in progress" if _en(app) else "идёт 1-я раздача"), main
    assert "1 hand" not in main and "1 раздача" not in main


def test_the_home_resume_card_says_the_first_hand_is_in_progress(app: App) -> None:
    _left_in_first_hand(app)
    home = app.stack[0]
    home.rebuild()
    app.render()
    texts = " | ".join(getattr(w, "subtitle", "") or "" for w in home.widgets)
    assert ("hand 1 in progress" if _en(app) else "идёт 1-я раздача") in texts, texts
    assert "1 hand played" not in texts and "сыграна 1 раздача" not in texts


def test_an_older_unfinished_match_is_played_on_from_my_games(app: App) -> None:
    older = _left_in_first_hand(app)
    newer = _left_in_first_hand(app)
    assert older != newer
    while len(app.stack) > 1:
        app.pop()
    games = app.push("my_games")
    app.render()
    row = next(r for r in games.rows if r.game.path == older)  # not the newest: home offers only that one
    games.set_focus(row)
    _key(app, pygame.K_RETURN, "\r")
    dialog = games.dialog
    assert dialog is not None and dialog.title == ("Unfinished match" if _en(app) else "Незаконченная партия")
    labels = [b.label for b in dialog.buttons]
    assert labels == (["Watch the replay", "Play on"] if _en(app) else ["Смотреть повтор", "Продолжить партию"])
    _key(app, pygame.K_RETURN, "\r")  # the focus starts on «Play on»
    table = app.screen
    assert table.name == "play" and table.saver is not None and table.saver.path == older
    assert not table.round.ended and len(table.round.seats[0].river) == 3
    # a finished game, or an imported one, opens the replay as before
    table.leave_table()
    assert app.screen is games


def test_an_imported_unfinished_game_is_not_offered_to_play_on(tmp_path: Path, played_log: dict) -> None:
    from trainer.engine.game.saved import latest_unfinished, read_game, write_game

    log = dict(played_log, final=None, imported={"from": "tenhou6", "notes": [], "at": "2026-11-28T15:31:00"})
    g = read_game(write_game(log, tmp_path / "game-20261128-153100.json"))
    assert g.readable and not g.finished and not g.resumable
    assert latest_unfinished(tmp_path) is None  # home offers no «Resume» for it
    mine = write_game(dict(played_log, final=None), tmp_path / "game-20261127-100000.json")
    assert latest_unfinished(tmp_path).path == mine  # an older match of the learner's own is


# ------------------------------------------------------------------ #15 the date of an imported game
@pytest.fixture(scope="module")
def played_log() -> dict:
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match

    rules = MatchSetup(length="tonpuusen").rules()
    return play_match([make_bot(n, rules) for n in ("efficient", "careful", "efficient", "careful")], rules,
                      seed=31).log


def _tenhou6(log: dict) -> dict:
    from trainer.engine.game.tenhou6_write import to_tenhou6

    data = to_tenhou6(log)
    data.pop("riichi_trainer", None)  # a log from elsewhere: no extension of ours
    return data


def test_tenhou6_dates_are_read_from_the_title_or_the_log_id() -> None:
    from trainer.engine.game.exchange import tenhou6_played

    assert tenhou6_played({"title": ["四般東喰赤", "2019/01/27"]}) == "2019-01-27"
    assert tenhou6_played({"title": ["", "2021-03-04 21:05"]}) == "2021-03-04T21:05:00"
    assert tenhou6_played({"title": ["", ""], "ref": "2019012721gm-0029-0000-1a2b3c4d"}) == "2019-01-27"
    assert tenhou6_played({"riichi_trainer": {"started": "2026-11-28T15:26:03+00:00"}}) == "2026-11-28T15:26:03+00:00"
    assert tenhou6_played({"title": ["riichi-trainer", "seed 31"]}) is None
    assert tenhou6_played({"title": ["", "2019/13/45"]}) is None  # not a date


def test_an_import_is_dated_when_played_or_says_it_was_imported(tmp_path: Path, played_log: dict) -> None:
    from trainer.engine.game.exchange import read_source, save_import
    from trainer.engine.game.saved import read_game
    from trainer.ui.views.game_rows import game_line

    now = datetime(2026, 11, 28, 15, 31, 0)
    dated = dict(_tenhou6(played_log), title=["四般東喰赤", "2019/01/27"])
    path = save_import(read_source(dated), tmp_path / "a", now=now)
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["started"] == "2019-01-27" and stored["imported"]["at"] == "2026-11-28T15:31:00"
    assert path.name.startswith("game-20190127-")  # listed among the games of that day
    assert game_line(read_game(path))[0].startswith("2019-01-27  ·  ")

    path = save_import(read_source(_tenhou6(played_log)), tmp_path / "b", now=now)  # a log with no date
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert "started" not in stored and stored["imported"]["at"] == "2026-11-28T15:31:00"
    g = read_game(path)
    assert g.started == "" and g.imported_at == "2026-11-28T15:31:00"
    set_language("ru")
    try:
        assert game_line(g)[0].startswith("импортирована 2026-11-28 15:31  ·  "), game_line(g)[0]
    finally:
        set_language("en")
    assert game_line(g)[0].startswith("imported 2026-11-28 15:31  ·  ")


def test_an_export_read_back_keeps_the_day_it_was_played(tmp_path: Path, played_log: dict) -> None:
    from trainer.engine.game.exchange import export_game, import_game
    from trainer.engine.game.saved import read_game, write_game

    ours = write_game(dict(played_log, started="2026-11-28T15:26:03+00:00"), tmp_path / "game-20261128-152603.json")
    out = export_game(ours, tmp_path / "out.tenhou6.json")
    new, _loaded = import_game(out, tmp_path / "fresh", now=datetime(2026, 11, 28, 15, 31, 0))
    assert read_game(new).started == "2026-11-28T15:26:03+00:00"
    # our own log imported as it is keeps its date too
    again, _loaded = import_game(ours, tmp_path / "fresh2", now=datetime(2026, 11, 28, 15, 31, 0))
    assert read_game(again).started == "2026-11-28T15:26:03+00:00"


def test_an_import_from_before_the_dates_were_kept_says_imported(tmp_path: Path, played_log: dict) -> None:
    from trainer.engine.game.saved import read_game, write_game

    old = dict(played_log, started="2026-11-20T10:00:00", imported={"from": "tenhou6", "notes": []})
    g = read_game(write_game(old, tmp_path / "game-20261120-100000.json"))
    assert g.started == "" and g.imported_at == "2026-11-20T10:00:00"


def test_the_resume_card_words_for_home(ru: App) -> None:
    """The words home's resume card should use (home.py is not this group's: the same SavedGame field)."""
    from trainer.ui.views.game_rows import hands_text

    g = SimpleNamespace(hands=1, hand_in_progress=True)
    assert hands_text(g) == "идёт 1-я раздача"
    assert hands_text(replace_ns(g, hands=3, hand_in_progress=False)) == "3 раздачи"


def replace_ns(ns: SimpleNamespace, **changes: object) -> SimpleNamespace:
    return SimpleNamespace(**{**vars(ns), **changes})
