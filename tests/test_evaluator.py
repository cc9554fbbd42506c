"""The shared hand evaluator on fixed positions with a known answer (no statistics here)."""

from __future__ import annotations

from trainer.engine.bots import make_bot
from trainer.engine.evaluator import HandEvaluator
from trainer.engine.game.actions import AbortiveDraw, Discard, Riichi
from trainer.engine.game.view import PlayerView, RiverTile
from trainer.engine.hand import Hand, Meld, MeldKind
from trainer.engine.notation import parse_tiles
from trainer.engine.shanten import shanten_counts
from trainer.engine.tiles import EAST, parse_tile

RULES = "tenhou"


def _river(text: str, riichi_at: int | None = None) -> tuple[RiverTile, ...]:
    return tuple(RiverTile(t, False, i == riichi_at, False) for i, t in enumerate(parse_tiles(text) if text else ()))


def make_view(hand: str, rivers: list[str], *, seat: int = 0, dealer: int = 0, riichi: dict[int, int] | None = None,
              dora: str = "1z", live: int = 40, scores: tuple[int, int, int, int] = (25000,) * 4,
              round_wind: int = EAST, phase: str = "turn", last: str | None = None,
              last_from: int | None = None) -> PlayerView:
    """A view from ``seat``: its hand, the four rivers, riichi players ``{seat: index of the riichi tile}``."""
    riichi = riichi or {}
    tiles = tuple(sorted(parse_tiles(hand)))
    return PlayerView(
        seat=seat, hand=Hand(tiles), drawn=None, dealer=dealer, round_wind=round_wind,
        seat_winds=tuple(EAST + (s - dealer) % 4 for s in range(4)), scores=scores, honba=0, sticks=0,
        dora_indicators=parse_tiles(dora),
        rivers=tuple(_river(r, riichi.get(s)) for s, r in enumerate(rivers)),
        melds=((), (), (), ()), riichi=tuple(s in riichi for s in range(4)),
        riichi_turn=tuple(riichi.get(s) for s in range(4)), hand_sizes=(len(tiles), 13, 13, 13),
        live_remaining=live, phase=phase, last_tile=parse_tile(last) if last else None, last_from=last_from,
        call_kind="",
    )


def codes(reasons) -> set[str]:
    return {r.code for r in reasons}


# a hand three steps from tenpai (without the 7p) holding one tile the riichi player discarded (7p)
FAR = "23m56p1489s359m77z7p"
RIVERS = ["1z2z3z4z", "1z4z3z9p7p", "1z2z3z4z", "3z4z5z6z"]


def test_genbutsu_is_the_safest_tile_against_a_lone_riichi():
    view = make_view(FAR, RIVERS, riichi={1: 4})
    advice = HandEvaluator(RULES).turn(view)
    assert advice.best.tile == parse_tile("7p")
    danger = next(d for d in advice.best.dangers if d.seat == 1)
    assert danger.deal_in == 0 and "genbutsu" in codes(danger.reasons)
    assert all(a.risk > advice.best.risk for a in advice.discards[1:])


def test_a_three_shanten_hand_folds_against_a_dealer_riichi():
    counts = [0] * 34
    for t in parse_tiles(FAR):
        counts[t.kind] += 1
    counts[parse_tile("7p").kind] -= 1
    assert shanten_counts(counts) == 3
    view = make_view(FAR, RIVERS, dealer=1, riichi={1: 4}, live=40)
    advice = HandEvaluator(RULES).turn(view)
    assert not advice.push_fold.push
    assert "fold" in codes(advice.push_fold.reasons)
    assert advice.best.tile == parse_tile("7p")


# dealer tenpai worth 12,000 (tanyao, pinfu, dora 2, red five) holding 4s, which the riichi
# player may wait on: three 5s are visible (one chance), and the hand must throw it to stay tenpai
RICH = "234m406m34p678s55p4s"
RICH_RIVERS = ["", "1z9m9p2z7z", "5s5s1z", "5s9m"]


def test_tenpai_with_a_12k_hand_pushes_a_one_chance_tile():
    view = make_view(RICH, RICH_RIVERS, dealer=0, riichi={1: 4}, dora="4p", live=40)
    ev = HandEvaluator(RULES)
    advice = ev.turn(view)
    assert advice.push_fold.push
    best = advice.best
    assert best.tile == parse_tile("4s") and best.efficiency.shanten == 0
    assert best.value.dama >= 12000
    danger = next(d for d in best.dangers if d.seat == 1)
    assert danger.deal_in > 0 and "one_chance" in codes(danger.reasons)
    assert "push" in codes(advice.push_fold.reasons)


def test_dama_with_a_hand_that_already_has_mangan():
    view = make_view(RICH, ["", "1z9m", "2z9p", "3z1s"], seat=0, dealer=1, dora="4p", live=50)
    ev = HandEvaluator(RULES)
    advice = ev.turn(view)
    assert advice.best.tile == parse_tile("4s") and advice.best.value.dama >= 8000
    verdict = ev.riichi(view, advice.best)
    assert not verdict.yes and "dama_mangan" in codes(verdict.reasons)
    bot = make_bot("strong", RULES)
    legal = [Discard(t) for t in dict.fromkeys(view.hand.concealed)] + [Riichi(parse_tile("4s"))]
    assert bot.choose(view, legal) == Discard(parse_tile("4s"))


def test_riichi_when_it_nearly_doubles_a_cheap_hand():
    # tanyao, pinfu and one dora: 3,900 dama; riichi makes it about twice as big (replayed hands:
    # riichi wins about 2,000 points more in such hands than dama)
    view = make_view("234m567m234p67s55p1z", ["", "1z9m", "2z9p", "3z1s"], dealer=1, dora="4m", live=50)
    ev = HandEvaluator(RULES)
    advice = ev.turn(view)
    assert advice.best.tile == parse_tile("1z") and advice.best.value.dama == 3900
    verdict = ev.riichi(view, advice.best)
    ratio = next(r for r in verdict.reasons if r.code == "riichi_adds").get("ratio")
    assert verdict.yes and 1.8 <= ratio < 2.3


def test_riichi_when_it_is_the_only_yaku():
    view = make_view("111m789m456p99s78s1z", ["", "1z", "2z", "3z"], dealer=1, live=50)
    ev = HandEvaluator(RULES)
    advice = ev.turn(view)
    assert advice.best.tile == parse_tile("1z") and advice.best.value.dama == 0
    verdict = ev.riichi(view, advice.best)
    assert verdict.yes and "riichi_for_yaku" in codes(verdict.reasons)


def test_a_wall_protects_only_the_tiles_beyond_it():
    # all four 2m visible: 1m cannot be a two-sided wait (needs 23m), 3m still can (45m)
    view = make_view("2m2m1m3m" + "579p1358s246z", ["", "2m2m4z", "5z", "6z"], riichi={1: 2})
    danger = HandEvaluator(RULES).turn(view).discards
    by_tile = {str(a.tile): next(d for d in a.dangers if d.seat == 1) for a in danger}
    assert by_tile["1m"].deal_in < by_tile["3m"].deal_in
    assert "no_chance" in codes(by_tile["1m"].reasons)


def test_a_yakuhai_pon_is_called_for_speed_and_a_yakuless_chi_is_not():
    ev = HandEvaluator(RULES)
    view = make_view("77z23m56p1899s359m", ["", "", "", "7z"], phase="calls", last="7z", last_from=3)
    verdict = ev.call(view, (parse_tile("7z"), parse_tile("7z")), MeldKind.PON)
    assert verdict.yes and "speed_yakuhai" in codes(verdict.reasons)
    view = make_view("23m56p189s1359m19p", ["", "", "", "", ""][:4], seat=1, phase="calls", last="1m",
                     last_from=0)
    verdict = ev.call(view, (parse_tile("2m"), parse_tile("3m")), MeldKind.CHI)
    assert not verdict.yes and codes(verdict.reasons) & {"no_yaku", "not_faster"}


def test_a_yakuless_chi_to_tenpai_is_called_only_late_for_the_draw_payments():
    # 23m + 1m makes tenpai on a single East with no yaku: worthless early, formal tenpai late
    ev = HandEvaluator(RULES)
    used = (parse_tile("2m"), parse_tile("3m"))
    early = make_view("23m567p234789s1z9p", ["1m", "", "", ""], seat=1, phase="calls", last="1m", last_from=0)
    verdict = ev.call(early, used, MeldKind.CHI)
    assert not verdict.yes and "no_yaku" in codes(verdict.reasons)
    late = make_view("23m567p234789s1z9p", ["1m", "", "", ""], seat=1, phase="calls", last="1m", last_from=0,
                     live=8)
    verdict = ev.call(late, used, MeldKind.CHI)
    assert verdict.yes and "formal_tenpai" in codes(verdict.reasons)
    riichi = make_view("23m567p234789s1z9p", ["1m", "", "4z5z6z", ""], seat=1, phase="calls", last="1m",
                       last_from=0, live=8, riichi={2: 0})
    verdict = ev.call(riichi, used, MeldKind.CHI)
    assert not verdict.yes  # against a riichi only with a safe tile to keep the tenpai with
    safe = make_view("23m567p234789s1z9p", ["1m", "", "4z5z9p", ""], seat=1, phase="calls", last="1m",
                     last_from=0, live=8, riichi={2: 0})
    verdict = ev.call(safe, used, MeldKind.CHI)
    assert verdict.yes and "formal_tenpai" in codes(verdict.reasons)


def test_nine_terminals_is_declined_with_a_good_hand():
    ev = HandEvaluator(RULES)
    good = make_view("19m19p19s1234567z5m", ["", "", "", ""], live=69)
    verdict = ev.nine_terminals(good)
    assert not verdict.yes and "go_for_kokushi" in codes(verdict.reasons)
    poor = make_view("19m1p9s12345z4688p2s", ["", "", "", ""], live=69)
    assert ev.nine_terminals(poor).yes
    bot = make_bot("strong", RULES)
    assert bot.choose(good, [AbortiveDraw(), Discard(parse_tile("5m"))]) == Discard(parse_tile("5m"))


def test_every_reason_is_json_ready():
    import json

    view = make_view(RICH, RICH_RIVERS, dealer=0, riichi={1: 4}, dora="4p")
    advice = HandEvaluator(RULES).turn(view)
    text = json.dumps([a.to_json() for a in advice.discards])
    assert '"code": "one_chance"' in text


def test_all_last_riichi_only_when_the_place_needs_it():
    from trainer.engine.tiles import SOUTH

    ev = HandEvaluator(RULES)
    # South 4, seat 0 third by 1,000: the cheap dama (pinfu tanyao) is enough to move up
    hand = "234m456p678s5566m7z"
    scores = (24000, 40000, 25000, 11000)
    view = make_view(hand, ["", "1z", "2z", "3z"], seat=0, dealer=3, round_wind=SOUTH, live=50,
                     scores=scores)
    advice = ev.turn(view)
    assert advice.best.efficiency.shanten == 0
    verdict = ev.riichi(view, advice.best)
    assert not verdict.yes and "dama_enough_for_place" in codes(verdict.reasons)
    # far behind: only the riichi value can close the gap
    view = make_view(hand, ["", "1z", "2z", "3z"], seat=0, dealer=3, round_wind=SOUTH, live=50,
                     scores=(20000, 40000, 25000, 15000))
    verdict = ev.riichi(view, ev.turn(view).best)
    assert verdict.yes and "riichi_for_place" in codes(verdict.reasons)


def test_new_levels_play_legal_actions_and_repeat_themselves():
    from trainer.engine.game.match import Match
    from trainer.engine.game.play import play_round
    from trainer.engine.game.records import Recorder

    def one_hand() -> list:
        match = Match(RULES, 11)
        players = [make_bot(n, RULES) for n in ("strong", "beginner", "strong", "beginner")]
        recorder = Recorder(match, [p.name for p in players])
        rnd = match.start_round()
        recorder.start_hand(rnd)
        assert play_round(rnd, players, check=True, total_points=match.total_points, recorder=recorder) == 0
        return recorder.log["hands"][0]["actions"]

    first = one_hand()
    assert first and first == one_hand()


def test_a_tenpai_that_waits_on_its_own_discard_is_furiten():
    # 345567m: throwing 5m waits on 2-5-8m, the 5m just thrown: furiten
    view = make_view("345567m456p678s99s", ["", "1z", "2z", "3z"], dealer=1, live=50)
    advice = HandEvaluator(RULES).turn(view)
    five = next(a for a in advice.discards if str(a.tile) == "5m")
    assert five.efficiency.shanten == 0 and five.furiten and "furiten" in codes(five.reasons)
    # 34556m waits on 4m-7m: furiten only when 7m is in the own river
    clean = HandEvaluator(RULES).turn(make_view("34556m456p678s99s1z", ["9m", "1z", "2z", "3z"], dealer=1))
    dirty = HandEvaluator(RULES).turn(make_view("34556m456p678s99s1z", ["7m", "1z", "2z", "3z"], dealer=1))
    assert clean.best.tile == parse_tile("1z") and not clean.best.furiten
    one = next(a for a in dirty.discards if str(a.tile) == "1z")
    assert one.furiten and one.win < clean.best.win


def test_a_turn_needs_the_drawn_tile():
    import pytest

    with pytest.raises(ValueError, match="3n\\+2"):
        HandEvaluator(RULES).turn(make_view("123m456p789s1122z", ["", "", "", ""]))


def test_tenpai_at_a_draw_keeps_a_cheap_tenpai_pushing() -> None:
    """A tenpai hand that hardly wins is still paid at an exhaustive draw: with the same risk, the
    tenpai hand pushes where a one-shanten hand with the same win chance folds."""
    from trainer.engine.evaluator.danger import Threat
    from trainer.engine.evaluator.pushfold import push_or_fold

    riichi = [Threat(seat=1, tenpai=1.0, loss=5200, honitsu_suit=None, toitoi=False, reasons=())]
    common = dict(win=0.05, value=2000.0, tile_loss=700.0, safest_loss=0.0, threats=riichi,
                  draws_left=2.0, dealer=False)
    assert push_or_fold(shanten=0, **common).push
    assert not push_or_fold(shanten=1, **common).push


def test_the_all_last_plan_follows_the_scores():
    """In the last hand: a clear leader protects the lead, the last player has nothing to lose by
    dealing in, a player a win away from the next place needs it; with one riichi against a
    one-shanten hand the same numbers fold for the leader and push for the last player."""
    from trainer.engine.evaluator.danger import Threat
    from trainer.engine.evaluator.pushfold import all_last_plan, push_or_fold

    scores = (35000, 27000, 22000, 16000)
    assert all_last_plan(scores, 0, 3900) == "protect_lead"
    assert all_last_plan(scores, 3, 3900) == "last_place"
    assert all_last_plan(scores, 2, 3900) == "need_win"  # 5,000 behind, a 3,900 ron closes 7,800
    assert all_last_plan(scores, 1, 1000) == ""  # 8,000 behind a cheap hand: an ordinary hand
    riichi = [Threat(1, 1.0, 5200, None, False, ())]
    kw = dict(win=0.2, value=5200, tile_loss=700, safest_loss=0, shanten=1, threats=riichi, draws_left=8,
              dealer=False)
    plain = push_or_fold(**kw)
    lead = push_or_fold(**kw, placement="protect_lead")
    last = push_or_fold(**kw, placement="last_place")
    assert lead.loss > plain.loss > last.loss
    assert not lead.push and last.push
    assert any(r.code == "last_place" for r in last.reasons)


def test_an_open_hand_of_simples_reads_as_tanyao():
    # seat 1 called 345m and 666p: an open tanyao cannot win on a terminal or an honor, so 9s and
    # 2z are far safer against it than a middle 5s; with a dragon pon there is no such reading
    import dataclasses

    from trainer.engine.hand import Meld

    simples = (Meld(MeldKind.CHI, tuple(parse_tiles("345m"))), Meld(MeldKind.PON, tuple(parse_tiles("666p"))))
    view = make_view("23m56p1489s359m77z2z", ["", "1z4z3z9p7p1s", "1z2z3z", "3z4z5z"], live=30)
    view = dataclasses.replace(view, melds=((), simples, (), ()), hand_sizes=(14, 7, 13, 13))
    ev = HandEvaluator(RULES)
    threat = next(t for t in ev.threats(view) if t.seat == 1)
    assert threat.tanyao and "tanyao_read" in codes(threat.reasons)
    by_tile = {str(a.tile): next(d for d in a.dangers if d.seat == 1) for a in ev.turn(view).discards}
    assert "tanyao_read" in codes(by_tile["9s"].reasons) and "tanyao_read" in codes(by_tile["2z"].reasons)
    assert by_tile["9s"].deal_in * 4 < by_tile["8s"].deal_in
    dragon = (Meld(MeldKind.PON, tuple(parse_tiles("777z"))), simples[0])
    view = dataclasses.replace(view, melds=((), dragon, (), ()))
    assert not next(t for t in ev.threats(view) if t.seat == 1).tanyao


def test_suji_protects_only_the_two_sided_wait():
    # 6s in the riichi player's river: 3s is suji (no two-sided wait on it) yet a closed wait (24s),
    # a pair or a single wait can still win on it; it stays well above a genbutsu and below a
    # plain 3m (the suji tables of riichi statistics: about half the danger of a non-suji tile)
    view = make_view("23m56p1489s359m77z3s", ["", "1z4z9p6s", "1z2z3z", "3z4z5z"], riichi={1: 3})
    by_tile = {str(a.tile): next(d for d in a.dangers if d.seat == 1) for a in HandEvaluator(RULES).turn(view).discards}
    suji, plain = by_tile["3s"], by_tile["3m"]
    assert "suji" in codes(suji.reasons) and "suji" not in codes(plain.reasons)
    assert 0.3 * plain.deal_in < suji.deal_in < 0.7 * plain.deal_in
    assert suji.deal_in > 0.03


def test_a_fold_weaves_among_equally_safe_tiles():
    # dealer riichi; the hand folds.  1z and 3z are genbutsu (risk 0) but each is a pair the hand
    # needs; the lone 9m is genbutsu against the riichi too, with a few points of risk against the
    # quiet hands (eight discards each: late enough to be a dama tenpai): in the same band of
    # safety, so the fold throws the 9m and keeps the pairs
    # (mawashi-uchi) instead of breaking a pair for the last few points of safety
    from trainer.engine.evaluator.advisor import FOLD_BAND

    view = make_view(WEAVE, WEAVE_RIVERS, dealer=1, riichi={1: 4}, live=40)
    advice = HandEvaluator(RULES).turn(view)
    assert not advice.push_fold.push
    best = advice.best
    safest = min(advice.discards, key=lambda a: a.risk)
    assert str(best.tile) == "9m" and 0 < best.risk < FOLD_BAND / 2 and safest.risk == 0
    assert best.ev > safest.ev
    assert all(a.risk > FOLD_BAND / 2 for a in advice.discards if str(a.tile) not in ("9m", "7p", "1z", "3z"))


WEAVE = "23m9m45p7p4568s1133z"
WEAVE_RIVERS = ["", "1z4z3z9p7p9m9m", "1z2z5z6z1p9s8p2p", "3z4z6z7z9s1p2p8p"]


def test_the_last_hand_weighs_wins_and_deal_ins_by_places():
    """In the last hand a win is worth the places it gains and a deal-in the places it costs:
    the last player cannot drop, so a deal-in costs nothing; a leader far ahead gains nothing
    from a win; a second player 6,000 behind gains a place with a 3,900 ron but not with a
    1,000-point one; with a riichi from second place one mangan behind, a deal-in costs the leader
    first place and a win protects it."""
    from trainer.engine.evaluator.danger import Threat
    from trainer.engine.evaluator.placement import place_of, placement_model

    assert place_of((25000, 25000, 25000, 25000), 0) == 1  # ties: the seat nearer the first dealer
    assert place_of((25000, 25000, 25000, 25000), 3) == 4
    def quiet(seat: int) -> list[Threat]:
        return [Threat(s, 0.0, 2600, None, False, ()) for s in range(4) if s != seat]

    scores = (45000, 24000, 18000, 13000)
    last = placement_model(scores, 3, 3, quiet(3), sticks=0, honba=0)
    assert last.deal_in_loss(Threat(0, 1.0, 8000, None, False, ())) < 0.05  # fourth stays fourth
    leader = placement_model(scores, 0, 3, quiet(0), sticks=0, honba=0)
    assert abs(leader.win_gain(12000)) < 1e-9
    second = placement_model((30000, 25000, 23000, 22000), 1, 3, quiet(1), sticks=0, honba=0)
    assert second.win_gain(8000) > 1.0 > second.win_gain(3900) > 0.2 > second.win_gain(1000)
    riichi = Threat(1, 1.0, 5200, None, False, ())
    close = placement_model((30000, 25000, 24000, 21000), 0, 3, [riichi, *quiet(0)[1:]], sticks=1, honba=0)
    assert close.deal_in_loss(riichi) > 0.5
    assert close.win_gain(1000) > 0.3  # any win keeps first place against the riichi


def test_before_the_last_hand_the_expected_place_is_smooth():
    """With hands still to come a lead is not yet a place: the expected place moves smoothly
    with the scores (level scores give the average place), equals the place itself when the match
    ends now, and a bigger lead is worth less per point than the first thousands."""
    from trainer.engine.evaluator.placement import HAND_SPREAD, expected_place, place_of, placement_model

    level = (25000, 25000, 25000, 25000)
    assert abs(sum(expected_place(level, s, HAND_SPREAD) for s in range(4)) - 10.0) < 1e-9
    assert abs(expected_place(level, 0, HAND_SPREAD) - 2.5) < 0.01  # a coin toss against each
    for scores in (level, (32000, 28000, 21000, 19000)):
        assert all(expected_place(scores, s, 0) == place_of(scores, s) for s in range(4))
    ahead = [expected_place((25000 + d, 25000, 25000, 25000 - d), 0, HAND_SPREAD * 2) for d in (0, 4000, 8000, 30000)]
    assert ahead[0] > ahead[1] > ahead[2] > ahead[3] >= 1.0
    assert (ahead[0] - ahead[1]) / 4000 > (ahead[2] - ahead[3]) / 22000  # the first thousands count most
    early = placement_model(level, 0, 0, [], sticks=0, honba=0, hands_after=7)
    # at level scores about the points, a little more: a ron also drops the player who paid it
    assert 1.0 < early.win_gain(8000) * early.place_points / 8000 < 1.4


def test_a_tile_next_to_the_riichi_declaration_tile_is_more_dangerous():
    """Seat 1 declared riichi with 7p (its seventh discard): 5p and 6p, two and one away from it,
    are more dangerous than 5s and 6s, the same ranks in a suit the declaration says nothing about."""
    view = make_view("23m569p14569s35m77z", ["", "1z4z3z9m2z1m7p", "1z2z3z4z", "3z4z5z6z"], riichi={1: 6})
    ev = HandEvaluator("tenhou")
    dangers = {str(a.tile): next(d for d in a.dangers if d.seat == 1) for a in ev.turn(view).discards}
    for near, far in (("5p", "5s"), ("6p", "6s")):
        assert "near_riichi_tile" in codes(dangers[near].reasons)
        assert "near_riichi_tile" not in codes(dangers[far].reasons)
        assert dangers[near].wait > dangers[far].wait


def test_kuikae_forbids_the_called_kind_and_the_other_end_of_the_run():
    """The tiles a caller may not throw right after the call (喰い替え), shared by the table and
    the evaluator: chi 3m with 4m5m forbids 3m and 6m (suji kuikae), chi 4m with 3m5m only 4m, a
    pon its own kind; with kuikae allowed nothing; with only the called kind forbidden, never 6m."""
    from trainer.engine.game.round import kuikae_kinds

    assert kuikae_kinds("forbidden", 2, (3, 4), chi=True) == {2, 5}
    assert kuikae_kinds("forbidden", 3, (2, 4), chi=True) == {3}
    assert kuikae_kinds("forbidden", 6, (7, 8), chi=True) == {6}  # 7m8m9m: no 10m beyond the end
    assert kuikae_kinds("forbidden", 31, (31, 31), chi=False) == {31}
    assert kuikae_kinds("allowed", 2, (3, 4), chi=True) == frozenset()
    assert kuikae_kinds("same_tile", 2, (3, 4), chi=True) == {2}


def test_the_last_hand_passes_a_win_that_leaves_the_player_last():
    """South 4, a non-dealer last by 11,000 can ron a 1,300-point tanyao: even read as a mangan
    (ura dora, ippatsu) it ends the match in last place, so the strong bot passes it (見逃し);
    3,000 behind it takes it, and so does the dealer, and anyone before the last hand."""
    from trainer.engine.game.actions import Pass, Ron
    from trainer.engine.tiles import SOUTH

    ev = HandEvaluator(RULES)
    hand, rivers = "234m456p678s5566m", ["1z", "2z3z", "3z", "4z"]

    def ron_view(scores, *, dealer=3, round_wind=SOUTH):
        return make_view(hand, rivers, seat=0, dealer=dealer, round_wind=round_wind, scores=scores, phase="calls",
                         last="6m", last_from=1)

    behind = ron_view((12000, 40000, 25000, 23000))
    verdict = ev.win(behind, tsumo=False)
    assert not verdict.yes and "win_stays_last" in codes(verdict.reasons)
    assert make_bot("strong", RULES).choose(behind, [Ron(), Pass()]) == Pass()
    assert ev.win(ron_view((16000, 40000, 25000, 19000)), tsumo=False).yes  # a mangan would lift it
    assert ev.win(ron_view((12000, 40000, 25000, 23000), dealer=0), tsumo=False).yes  # the dealer goes on
    assert ev.win(ron_view((12000, 40000, 25000, 23000), round_wind=EAST), tsumo=False).yes
    assert make_bot("strong", RULES).choose(ron_view((16000, 40000, 25000, 19000)), [Ron(), Pass()]) == Ron()


def test_the_chance_of_an_exhaustive_draw_grows_as_the_wall_runs_out() -> None:
    """Measured on bot matches: about one hand in seven still going early ends in a draw, four in
    five with the last draw to come — what a tenpai's noten payments are weighed by."""
    from trainer.engine.evaluator.pushfold import draw_chance

    chances = [draw_chance(d) for d in (17.5, 10, 6, 4, 2, 1, 0)]
    assert chances == sorted(chances) and all(0 < c <= 1 for c in chances)
    assert 0.12 <= chances[0] <= 0.17 and 0.4 <= draw_chance(4) <= 0.5 and draw_chance(1) >= 0.75


def test_the_last_hand_is_the_last_dealers_in_three_and_four_player_games():
    """Orasu is the hand dealt by the last seat of the last round: seat 3 with four players, seat
    2 in sanma (three players); the hands still to come count down to it."""
    from types import SimpleNamespace

    from trainer.engine.evaluator import HandEvaluator
    from trainer.engine.tiles import EAST, SOUTH

    for preset, n in (("tenhou", 4), ("sanma", 3)):
        ev = HandEvaluator(preset)
        def view(wind: int, dealer: int, n: int = n) -> SimpleNamespace:
            return SimpleNamespace(round_wind=wind, dealer=dealer, scores=(25000,) * n)
        assert ev.is_all_last(view(SOUTH, n - 1)) and not ev.is_all_last(view(SOUTH, n - 2))
        assert ev.hands_after(view(SOUTH, n - 1)) == 0 and ev.hands_after(view(SOUTH, n - 2)) == 1
        assert ev.hands_after(view(EAST, 0)) == 2 * n - 1 and not ev.is_all_last(view(EAST, n - 1))


def _open_view(concealed: str, meld: str, kind: MeldKind = MeldKind.CHI, **kw) -> PlayerView:
    """``make_view`` from seat 1 with one open meld (``meld``) beside the concealed tiles."""
    from dataclasses import replace

    called = Meld(kind, tuple(sorted(parse_tiles(meld))))
    view = make_view(concealed, ["", "", "", ""], **kw)
    return replace(view, hand=Hand(view.hand.concealed, (called,)), melds=((), (called,), (), ()),
                   hand_sizes=(13, 13, 13, 13))


def test_an_open_hand_without_a_yaku_pons_the_dragon_that_gives_it_one():
    # chi 123m, 456p 45s 789s 77z: ready on 3s/6s but with no yaku (it could never win); the pon of
    # the red dragon leaves it ready (a single wait) and gives it yakuhai
    ev = HandEvaluator(RULES)
    used = (parse_tile("7z"), parse_tile("7z"))
    view = _open_view("456p45s789s77z", "123m", seat=1, phase="calls", last="7z", last_from=0)
    verdict = ev.call(view, used, MeldKind.PON)
    assert verdict.yes and "gives_yaku" in codes(verdict.reasons)
    # a closed hand of the same tiles has riichi for its yaku: the pon only opens it
    closed = make_view("123m456p45s789s77z", ["", "", "", ""], seat=1, phase="calls", last="7z", last_from=0)
    assert "gives_yaku" not in codes(ev.call(closed, used, MeldKind.PON).reasons)
    # with a yakuhai already in the open hand the pon is only not faster
    with_yaku = _open_view("456p45s789s77z", "666z", MeldKind.PON, seat=1, phase="calls", last="7z", last_from=0)
    assert "gives_yaku" not in codes(ev.call(with_yaku, used, MeldKind.PON).reasons)
