"""The coach: best discards with a reason, danger warnings against riichi, waits and furiten,
riichi or dama — in the engine, and as words with glossary links at the table."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from trainer.engine.game.coach import danger_warning, discard_hints, riichi_advice, waiting  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.game.view import RiverTile, make_view  # noqa: E402
from trainer.engine.rules import load_rules  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402

JUNK = "147m369p147s3456z"
RULES = load_rules("tenhou")


def _view(hand13: str, draw: str = ""):
    rnd = setup_round([hand13, JUNK, JUNK, JUNK], draws=draw or "9p", dora="9s")
    return make_view(rnd, 0)


def _with_riichi(view, river: str, seat: int = 1):
    rivers = list(view.rivers)
    rivers[seat] = tuple(RiverTile(parse_tile(t), False, i == 0, False) for i, t in enumerate(river.split()))
    riichi = tuple(s == seat for s in range(4))
    turns = tuple(0 if s == seat else None for s in range(4))
    return dataclasses.replace(view, riichi=riichi, riichi_turn=turns, rivers=tuple(rivers))


def test_hints_name_the_best_discard_and_why():
    ready = _view("123m456p789s1177z", "9p")
    (h,) = discard_hints(ready, list(ready.hand.concealed))
    assert (str(h.tile), h.reason, h.shanten_after) == ("9p", "keeps_tenpai", 0)
    assert set(h.waits) == {parse_tile("1z").kind, parse_tile("7z").kind} and h.ukeire == 4
    slow = _view("1234m456p789s115z", "9p")
    (h,) = discard_hints(slow, list(slow.hand.concealed))
    assert (str(h.tile), h.reason) == ("5z", "more_tiles") and h.ukeire == 33
    assert h.advice is not None and h.push and h.advice.efficiency.shanten == 1


def test_against_riichi_the_coach_pushes_or_folds_as_the_evaluator_does_and_warns():
    view = _with_riichi(_view("123m456p78s59m115z", "2p"), "9m 1p 7z")
    tiles = list(view.hand.concealed)
    hints = discard_hints(view, tiles)
    # two steps from tenpai against a riichi: the genbutsu 9m is the tile, narrower but safe
    assert str(hints[0].tile) == "9m" and hints[0].reason in ("less_risk", "fold")
    w = danger_warning(view, parse_tile("5m"), tiles)
    assert w is not None and w.seats == (1,) and [str(t) for t in w.safe] == ["9m"]
    assert not w.notes[0].get("genbutsu") and w.notes[0]["edge"] == 2
    assert danger_warning(view, parse_tile("9m"), tiles) is None  # genbutsu is safe
    assert danger_warning(_view("123m456p78s59m115z", "2p"), parse_tile("5m"), tiles) is None  # no riichi


def test_a_slow_hand_folds_against_a_dealer_riichi_and_a_ready_one_pushes_with_a_safer_tile_named():
    slow = _with_riichi(_view("1358m2469p1378s7z", "5z"), "9m 1p 7z 4m 6s", seat=1)
    slow = dataclasses.replace(slow, dealer=1, seat_winds=(28, 27, 30, 29))
    (h,) = discard_hints(slow, list(slow.hand.concealed))
    assert h.reason == "fold" and not h.push and str(h.tile) == "7z"  # the genbutsu
    ready = _with_riichi(_view("234m567p23488s77z", "9m"), "1m 7z 3p", seat=1)
    hints = discard_hints(ready, list(ready.hand.concealed))
    assert hints[0].reason == "keeps_tenpai" and hints[0].push
    assert all(h.reason == "safer" and str(h.tile) in ("1m", "7z", "3p", "9m") for h in hints[1:])


def test_waits_furiten_and_riichi_or_dama():
    rnd = setup_round(["123m456p789s1177z", JUNK, JUNK, JUNK], draws="9p", dora="9s")
    view = make_view(rnd, 0)
    tiles = list(view.hand.concealed)
    ch = riichi_advice(view, tiles, tiles, RULES)
    assert ch is not None and str(ch.tile) == "9p" and ch.dama > 0 and ch.with_riichi > ch.dama
    assert ch.riichi and ch.why.code == "riichi_adds"
    no_yaku = make_view(setup_round(["123m456p789s2358p", JUNK, JUNK, JUNK], draws="9p", dora="9s"), 0)
    tiles = list(no_yaku.hand.concealed)
    ch = riichi_advice(no_yaku, tiles, tiles, RULES)
    assert ch is not None and ch.dama == 0 and ch.riichi and ch.why.code == "riichi_for_yaku"
    assert riichi_advice(no_yaku, tiles, [parse_tile("2p")], RULES) is None  # no riichi on the coach's tile
    # a hand already worth a mangan without riichi stays quiet
    big = make_view(setup_round(["222555888m22p77z", JUNK, JUNK, JUNK], draws="5p", dora="6z"), 0)
    tiles = list(big.hand.concealed)
    ch = riichi_advice(big, tiles, tiles, RULES)
    assert ch is not None and not ch.riichi and ch.why.code == "dama_mangan"
    from trainer.engine.game.actions import Discard

    rnd.apply(0, Discard(parse_tile("9p")))
    ready = waiting(make_view(rnd, 0))
    assert ready is not None and set(ready.waits) == {parse_tile("1z").kind, parse_tile("7z").kind}
    assert not ready.furiten
    view = make_view(rnd, 0)
    rivers = list(view.rivers)
    rivers[0] = (*rivers[0], RiverTile(parse_tile("7z"), False, False, False))
    assert waiting(dataclasses.replace(view, rivers=tuple(rivers))).furiten


def test_the_table_coach_speaks_with_glossary_links_and_warns_on_a_lifted_tile(tmp_path, monkeypatch):
    import pygame

    from trainer.ui.app import App
    from trainer.ui.screens.play_shots import table_with_calls_and_riichi
    from trainer.ui.settings import Settings

    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    app.push("home")
    screen = table_with_calls_and_riichi(app, coach="full")
    app.render()
    text = screen.coach_message()
    assert "{term:" in text and "{tiles:" in text and text.startswith(("Discard", "Fold", "Careful"))
    assert screen.hand_row.marks and set(screen.hand_row.marks.values()) == {"hint"}
    # lift a tile that is not safe: the coach warns before the discard
    from trainer.engine.game.coach import danger_warning as warn

    view = make_view(screen.round, 0)
    legal = [a.tile for a in screen.my_legal() if hasattr(a, "tile")]
    risky = next((i for i, s in enumerate(screen.hand_row.slots) if warn(view, s.tile, legal)), None)
    assert risky is not None  # this position has a tile that can deal into the riichi
    screen.hand_row.selected = {risky}
    assert screen.coach_message().startswith("Careful")
    # a click on a term in the box opens the glossary at that term
    app.render()
    rect, term = screen.coach_box.layout.terms[0]
    pos = (rect.centerx + screen.coach_box.origin[0], rect.centery + screen.coach_box.origin[1])
    app.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 1 / 60)
    assert app.screen.name == "glossary"
    app.close()


def _open_view(melds1, river1: str = "1m9p2p8m1z5m"):
    """A view from seat 0 with nobody in riichi and seat 1's open melds on the table."""
    from trainer.engine.game.view import PlayerView
    from trainer.engine.hand import Hand
    from trainer.engine.notation import parse_tiles
    from trainer.engine.tiles import EAST

    def river(text: str):
        return tuple(RiverTile(t, False, False, False) for t in parse_tiles(text))

    tiles = tuple(sorted(parse_tiles("123m456p78s59m115z3s")))
    return PlayerView(
        seat=0, hand=Hand(tiles), drawn=None, dealer=0, round_wind=EAST, seat_winds=(27, 28, 29, 30),
        scores=(25000,) * 4, honba=0, sticks=0, dora_indicators=parse_tiles("1z"),
        rivers=(river("9m1p"), river(river1), river("1z2z3z"), river("3z4z5z")),
        melds=((), tuple(melds1), (), ()), riichi=(False,) * 4, riichi_turn=(None,) * 4,
        hand_sizes=(14, 13 - 3 * len(melds1), 13, 13), live_remaining=30, phase="turn",
        last_tile=None, last_from=None, call_kind="",
    )


def _meld(kind_name: str, text: str):
    from trainer.engine.hand import Meld, MeldKind
    from trainer.engine.notation import parse_tiles

    tiles = parse_tiles(text)
    return Meld(MeldKind[kind_name], tiles, tiles[0])


def test_an_open_honitsu_hand_is_warned_about_in_its_suit_only():
    from trainer.engine.game.coach import open_hand_warning

    view = _open_view([_meld("CHI", "234s"), _meld("PON", "666s")])  # sou and nothing else, no sou thrown
    tiles = list(view.hand.concealed)
    w = open_hand_warning(view, parse_tile("3s"), tiles)
    assert w is not None and (w.seat, w.reading, w.suit) == (1, "honitsu", "s")
    assert parse_tile("1z") in w.safe and all(t.kind // 9 != 2 for t in w.safe)  # genbutsu and off-suit tiles
    assert open_hand_warning(view, parse_tile("5m"), tiles) is None  # off-suit: nothing to warn about
    assert open_hand_warning(view, parse_tile("1z"), tiles) is None  # their own discard
    # the same melds while someone is in riichi: the riichi warning speaks instead
    in_riichi = dataclasses.replace(view, riichi=(False, False, True, False), riichi_turn=(None, None, 0, None))
    assert open_hand_warning(in_riichi, parse_tile("3s"), tiles) is None


def test_a_toitoi_hand_makes_live_pair_tiles_dangerous_and_one_call_is_no_threat():
    from trainer.engine.game.coach import open_hand_warning

    tiles_of = lambda v: list(v.hand.concealed)  # noqa: E731
    toitoi = _open_view([_meld("PON", "555p"), _meld("PON", "222m")], river1="1z9p1s2z8p")
    w = open_hand_warning(toitoi, parse_tile("5m"), tiles_of(toitoi))
    assert w is not None and w.reading == "toitoi" and w.safe == (parse_tile("1z"),)
    one_call = _open_view([_meld("CHI", "234s")])
    assert open_hand_warning(one_call, parse_tile("3s"), tiles_of(one_call)) is None


def test_the_open_hand_warning_is_worded_with_glossary_links():
    from trainer.engine.game.coach import open_hand_warning
    from trainer.i18n import set_language
    from trainer.ui.views.table.coach import open_warning_line

    view = _open_view([_meld("CHI", "234s"), _meld("PON", "666s")])
    w = open_hand_warning(view, parse_tile("3s"), list(view.hand.concealed))
    set_language("en")
    text = open_warning_line(w, lambda s: f"seat {s}")
    assert "{term:honitsu}" in text and "{term:souzu}" in text and "seat 1" in text and "{tiles:3s}" in text
    set_language("ru")
    assert "Осторожно" in open_warning_line(w, lambda s: f"seat {s}")


def test_the_coach_recommends_exactly_what_the_strong_bot_plays():
    """Every discard turn of seat 0 in the first hands of a seeded match of strong bots: the
    coach's first hint is the bot's discard, and the coach's riichi verdict is the bot's."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.actions import Discard, Riichi
    from trainer.engine.game.play import play_match

    checked = []

    class Watched:
        name = "strong"

        def __init__(self) -> None:
            self.bot = make_bot("strong", RULES)

        def choose(self, view, legal):
            action = self.bot.choose(view, legal)
            discards = [a.tile for a in legal if isinstance(a, Discard)]
            if view.seat == 0 and discards and not view.riichi[0] and isinstance(action, Discard | Riichi):
                hint = discard_hints(view, discards, RULES)[0]
                riichi = [a.tile for a in legal if isinstance(a, Riichi)]
                choice = riichi_advice(view, discards, riichi, RULES)
                checked.append((hint.tile == action.tile, isinstance(action, Riichi) == bool(choice and choice.riichi)))
            return action

        def __getattr__(self, name):
            return getattr(self.bot, name)

    from trainer.engine.game.options import game_options  # noqa: F401 - the same rules object for both

    play_match([Watched(), make_bot("strong", RULES), make_bot("careful", RULES), make_bot("strong", RULES)],
               RULES, seed=31, max_hands=200)
    assert len(checked) >= 40
    assert all(same_tile and same_riichi for same_tile, same_riichi in checked)


def _open_tanyao_view():  # noqa: ANN202
    """Pon 444m, then 1p-2p-3p, 6p 8p, 3s 4s 4s 4s 5s 7s, seat 0 to discard (an open tanyao hand)."""
    from trainer.engine.game.view import PlayerView
    from trainer.engine.hand import Hand
    from trainer.engine.notation import parse_tiles
    from trainer.engine.tiles import EAST

    def river(text: str):  # noqa: ANN202
        return tuple(RiverTile(t, False, False, False) for t in parse_tiles(text))

    hand = Hand(tuple(sorted(parse_tiles("12368p344457s"))), (_meld("PON", "444m"),))
    return PlayerView(
        seat=0, hand=hand, drawn=None, dealer=1, round_wind=EAST, seat_winds=(30, 27, 28, 29),
        scores=(25000,) * 4, honba=0, sticks=0, dora_indicators=parse_tiles("1z"),
        rivers=(river("9m1z2z"), river("1m9p2z"), river("1z2z3z"), river("3z4z5z")),
        melds=((_meld("PON", "444m"),), (), (), ()), riichi=(False,) * 4, riichi_turn=(None,) * 4,
        hand_sizes=(11, 13, 13, 13), live_remaining=40, phase="turn",
        last_tile=None, last_from=None, call_kind="",
    )


def test_an_open_hand_keeps_its_yaku_rather_than_a_faster_tenpai_without_one():
    """Pon 444m, then 1p-2p-3p, 6p 8p, 3s 4s 4s 4s 5s 7s: throwing 7s is tenpai on 7p, but 1p
    kills tanyao and the open hand has no other yaku, so it could never win; the coach (and the
    strong bot) keeps the yaku a step slower and says why."""
    from trainer.engine.game.coach import coach_turn
    from trainer.ui.views.table.coach import hint_lines

    view = _open_tanyao_view()
    hand = view.hand
    hints = discard_hints(view, list(hand.concealed))
    h = hints[0]
    assert h.reason == "keeps_yaku" and str(h.tile) != "7s"
    assert h.shanten_after == 1 and h.advice is not None and h.advice.value.dama > 0
    yakuless = next(a for a in coach_turn(view, list(hand.concealed)).discards if str(a.tile) == "7s")
    assert yakuless.efficiency.shanten == 0 and yakuless.value.dama == 0 and yakuless.win == 0
    words = " ".join(hint_lines(hints))
    assert "{term:yaku}" in words and "{term:ukeire}" in words and "{term:furiten}" not in words


def test_a_discard_into_a_furiten_wait_says_so():
    """07_table_coach: the coach's tile left the hand waiting on a kind of its own river, and the
    hint said only "keeps its yaku": the learner must hear that no ron can come (furiten)."""
    from trainer.i18n import set_language
    from trainer.ui.views.table.coach import hint_lines

    view = _open_tanyao_view()
    h = discard_hints(view, list(view.hand.concealed))[0]
    furiten = dataclasses.replace(h, advice=dataclasses.replace(h.advice, furiten=True))
    for lang, word in (("en", "no ron, only"), ("ru", "рона не будет, только")):
        set_language(lang)
        try:
            words = " ".join(hint_lines([furiten]))
        finally:
            set_language("en")
        assert "{term:furiten}" in words and "{term:tsumo}" in words and word in words, words


def test_tanyao_with_one_terminal_left_names_the_tile_to_throw():
    """A hand heading for tanyao with one terminal still held: the value names it ("tanyao once
    1s is thrown"); with none left, plain tanyao."""
    from trainer.engine.evaluator.value import estimate_value
    from trainer.engine.notation import parse_tiles
    from trainer.engine.tiles import EAST, SOUTH
    from trainer.ui.views.table.coach import value_words

    def words(text: str) -> str:
        counts = [0] * 34
        for t in parse_tiles(text):
            counts[t.kind] += 1
        v = estimate_value(counts, (), 0, seat_wind=SOUTH, round_wind=EAST, dora_indicators=(),
                           open_tanyao=True, rules=RULES)
        return value_words(v)

    one_left = words("2456m36p1223588s")  # in the catalog's language: "... once 1s is thrown"
    assert "{term:tanyao}" in one_left and "{tiles:1s}" in one_left
    assert words("2456m36p2234588s") == "{term:tanyao}"


def test_an_open_tanyao_makes_terminals_and_honors_safe_and_the_coach_says_why():
    from trainer.engine.evaluator import HandEvaluator
    from trainer.i18n import set_language
    from trainer.ui.views.table.coach import danger_words

    view = _open_view([_meld("CHI", "345m"), _meld("PON", "666p")], river1="1m9p2p8m1z7s")
    advice = {str(a.tile): a for a in HandEvaluator(RULES).turn(view).discards}
    against = {t: next(d for d in a.dangers if d.seat == 1) for t, a in advice.items()}
    assert against["9m"].deal_in * 3 < against["5m"].deal_in  # a terminal against a middle tile
    assert "tanyao_read" in {r.code for r in against["9m"].reasons}
    assert "tanyao_read" not in {r.code for r in against["5m"].reasons}
    set_language("en")
    words = danger_words(advice["9m"], lambda s: f"seat {s}", seats=(1,))
    assert "{term:tanyao|tanyao}" in words and "seat 1" in words
    set_language("ru")
    assert "не нужен открытому {term:tanyao|танъяо}" in danger_words(advice["9m"], lambda s: f"seat {s}", seats=(1,))


def test_a_soft_fold_is_named_and_the_safest_tile_shown_for_comparison():
    from tests.test_evaluator import WEAVE, WEAVE_RIVERS
    from tests.test_evaluator import make_view as evaluator_view
    from trainer.i18n import set_language
    from trainer.ui.views.table.coach import hint_lines

    view = evaluator_view(WEAVE, WEAVE_RIVERS, dealer=1, riichi={1: 4}, live=40)
    hints = discard_hints(view, list(view.hand.concealed), RULES)
    assert [h.reason for h in hints] == ["weave", "safer"]
    assert str(hints[0].tile) == "9m" and hints[1].advice.risk == 0 and not hints[0].push
    set_language("en")
    lines = hint_lines(hints, lambda s: f"seat {s}")
    assert "{term:mawashi_uchi}" in lines[0] and "{tiles:9m}" in lines[0]
    assert lines[1].startswith("Safest tile now")
    # 9m is genbutsu against the riichi (its small risk is against the others): "as safe", not "nearly"
    assert "as safe as the safest tile" in lines[0] and "nearly" not in lines[0]
    # the same soft fold with a little risk against the riichi: "nearly as safe"
    weave = hints[0]
    dangers = tuple(dataclasses.replace(d, deal_in=0.01, wait=0.01, expected_loss=50.0) if d.seat in weave.threat_seats
                    else d for d in weave.advice.dangers)
    risky = dataclasses.replace(weave, advice=dataclasses.replace(weave.advice, dangers=dangers))
    assert "nearly as safe" in hint_lines([risky, hints[1]], lambda s: f"seat {s}")[0]
    set_language("ru")
    assert "мягкая защита" in hint_lines(hints, lambda s: f"seat {s}")[0]
    assert "мягкая защита" in hint_lines([risky, hints[1]], lambda s: f"seat {s}")[0]


def test_in_the_last_hand_the_coach_weighs_push_and_fold_in_places():
    """South 4: the leader 4,000 points ahead of a riichi folds a three-shanten hand, and the coach
    says why in places (a deal-in would cost first place); far ahead, nothing this hand does can
    change the place, and the coach says that instead."""
    from tests.test_evaluator import FAR, RIVERS
    from tests.test_evaluator import make_view as evaluator_view
    from trainer.engine.tiles import SOUTH
    from trainer.i18n import set_language
    from trainer.ui.views.table.coach import hint_lines

    set_language("en")
    close = evaluator_view(FAR, RIVERS, dealer=3, riichi={1: 4}, live=40, scores=(31000, 27000, 22000, 20000),
                           round_wind=SOUTH)
    hints = discard_hints(close, list(close.hand.concealed), RULES)
    assert hints[0].reason == "fold" and hints[0].push_fold.loss > hints[0].push_fold.gain
    line = hint_lines(hints, lambda s: f"seat {s}")[0]
    assert "only the final place counts" in line and "(1st place now)" in line and "over 100 hands" in line
    far = evaluator_view(FAR, RIVERS, dealer=3, riichi={1: 4}, live=40, scores=(50000, 20000, 16000, 14000),
                         round_wind=SOUTH)
    lines = " ".join(hint_lines(discard_hints(far, list(far.hand.concealed), RULES), lambda s: f"seat {s}"))
    assert "can hardly change it" in lines
    set_language("ru")
    assert "место" in hint_lines(hints, lambda s: f"seat {s}")[0]


def test_in_the_last_hand_the_coach_says_to_let_a_win_pass_that_leaves_the_learner_last():
    """South 4, the learner last by 11,000 can ron a 1,300-point tanyao: the coach says to let it
    pass (見逃し, a glossary link) and why; 3,000 behind, where the win may lift the learner, it
    says nothing about the win."""
    from tests.test_evaluator import make_view as evaluator_view
    from trainer.engine.game.actions import Pass, Ron
    from trainer.engine.tiles import SOUTH
    from trainer.i18n import set_language
    from trainer.ui.views.table.coach import coach_text

    def ron_view(scores):
        return evaluator_view("234m456p678s5566m", ["1z", "2z3z", "3z", "4z"], dealer=3, round_wind=SOUTH,
                              scores=scores, phase="calls", last="6m", last_from=1)

    set_language("en")
    text = coach_text("hints", ron_view((12000, 40000, 25000, 23000)), [Ron(), Pass()], None, RULES, str)
    assert "{term:minogashi|" in text and "last place" in text and "{term:doujun_furiten|temporary furiten}" in text
    assert "minogashi" not in coach_text("hints", ron_view((16000, 40000, 25000, 19000)), [Ron(), Pass()], None,
                                         RULES, str)
    set_language("ru")
    text = coach_text("full", ron_view((12000, 40000, 25000, 23000)), [Ron(), Pass()], None, RULES, str)
    assert "{term:minogashi|" in text and "последн" in text
    set_language("en")


def test_the_table_highlights_pass_when_the_coach_says_to_let_a_win_pass(tmp_path, monkeypatch):
    """At the table (coach on), the South 4 position where a ron would leave the learner last: the
    coach's words say to let it pass and Pass, not Ron, is the highlighted button; with the coach
    off the win is highlighted as always."""
    from trainer.engine.game.actions import Pass, Ron
    from trainer.ui.app import App
    from trainer.ui.screens.play_shots import table_coach_lets_a_win_pass
    from trainer.ui.settings import Settings

    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    app = App(size=(1280, 720), settings=Settings(language="en"), progress=None, save=False)
    app.push("home")
    screen = table_coach_lets_a_win_pass(app)
    app.render()
    assert any(isinstance(a, Ron) for a in screen.my_legal())
    assert "{term:minogashi|" in screen.coach_message()
    primary = [b.label for b in screen.action_buttons if b.primary]
    assert primary == [offer_label(Pass())]
    screen.coach = "off"
    screen.rebuild()
    assert [b.label for b in screen.action_buttons if b.primary] == [offer_label(Ron())]
    assert screen.coach_message() == ""


def offer_label(action):
    from trainer.ui.views.table.actions import offer_label as label

    return label(action)
