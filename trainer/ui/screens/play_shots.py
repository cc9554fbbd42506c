"""Table positions for screenshots, benchmarks and tests: a match played by the engine's bots
(the learner's seat too) until the table shows what a picture needs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from trainer.ui.match_setup import MatchSetup


def play_simple_out(screen: Any, bot: Any, *, until: Any = None, max_steps: int = 3000) -> bool:
    """Play the simple table's hand in play (screen ``play_simple``) to its end, or until
    ``until(game)`` holds: the learner's moves by ``bot``, the others by the table's bots.  True
    when it got there within ``max_steps`` actions."""
    g = screen.game
    for _step in range(max_steps):
        if g.ended or (until is not None and until(g)):
            return True
        if 0 in g.to_act():
            screen._act(bot.choose(g.view(0), g.legal_actions(0)))
        else:
            screen.bot_step()
    return g.ended or (until is not None and until(g))


def _learner_move(screen: Any) -> None:
    """The learner's seat plays as the efficient bot would (never passing a win)."""
    from trainer.engine.game.view import make_view

    bot = getattr(screen, "_shot_bot", None)
    if bot is None:  # the table's own kind of bot (the MCR table seats MCR bots)
        bot = screen._shot_bot = screen.make_bot("efficient", screen.match.rules)
    legal = screen.my_legal()
    screen._act(bot.choose(make_view(screen.round, 0), legal))


def _open_table(app: Any, setup: MatchSetup, seed: int, *, saved: bool = False) -> Any:
    """A free match's table on top of the home screen (the MCR table for the ``mcr`` preset), not
    saved unless ``saved``."""
    while len(app.stack) > 1:
        app.pop()
    screen = app.push("mcr_play" if setup.preset == "mcr" else "play", setup=setup, seed=seed)
    if not saved:
        screen.saver = None  # pictures are not saved games
    return screen


def play_until(app: Any, want: Any, *, seeds: range = range(1, 60), coach: str = "off",
               setup: MatchSetup | None = None) -> Any:
    """Open a free match and play it (bots everywhere) until ``want(screen)`` holds with the
    learner to decide; tries seeds in order.  Returns the table screen."""
    setup = setup or MatchSetup(coach=coach)
    for seed in seeds:
        screen = _open_table(app, setup, seed)
        for _ in range(400):
            screen.run_bots_until_learner()
            if screen.round.ended:
                break
            if want(screen):
                screen.rebuild()
                return screen
            _learner_move(screen)
    raise RuntimeError("no seed gave the wanted table")


def table_with_calls_and_riichi(app: Any, coach: str = "off") -> Any:
    """A hand in the middle: someone has called, someone is in riichi, the learner discards."""
    from trainer.engine.game.actions import Discard

    def want(s: Any) -> bool:
        seats = s.round.seats
        return (any(st.melds for st in seats) and any(st.riichi for st in seats[1:]) and not seats[0].riichi
                and any(isinstance(a, Discard) for a in s.my_legal()))

    return play_until(app, want, coach=coach)


def table_coach_keeps_yaku(app: Any) -> Any:
    """The learner's open hand where the fastest discard would leave it without a yaku: the coach
    (full) marks the tile that keeps the yaku and says why."""
    from trainer.engine.game.actions import Discard
    from trainer.engine.game.coach import discard_hints
    from trainer.engine.game.view import make_view

    def want(s: Any) -> bool:
        legal = [a.tile for a in s.my_legal() if isinstance(a, Discard)]
        if not legal or not s.round.seats[0].melds or s.round.seats[0].riichi:
            return False
        hints = discard_hints(make_view(s.round, 0), legal, s.match.rules)
        return bool(hints) and hints[0].reason == "keeps_yaku"

    return play_until(app, want, coach="full")


def table_coach_reads_tanyao(app: Any) -> Any:
    """An opponent's open hand of simples only (an open tanyao): the coach (full) says why a
    terminal or an honor is the safe side against it."""
    from trainer.i18n import _

    words = _("of no use to the open {tanyao} of {who} (only simples called)").split("{tanyao}")[0]
    # seed 136 shows it today (the coach's words change with the evaluator: the search goes on past it)
    return play_until(app, lambda s: words + "{term:tanyao|" in s.coach_message(), coach="full",
                      seeds=range(136, 320))


def table_coach_weaves(app: Any) -> Any:
    """The learner folds against a riichi, and the coach (full) throws a tile nearly as safe as the
    safest one that keeps more of the hand (mawashi-uchi), with the safest tile for comparison."""
    return play_until(app, lambda s: "{term:mawashi_uchi}" in s.coach_message(), coach="full",
                      seeds=range(1, 160))


def table_coach_last_hand(app: Any) -> Any:
    """The last hand of an East-only match with a threat on the table: the coach (full) weighs
    pushing and folding in places, not points."""
    from trainer.i18n import ngettext

    words = ngettext("In the last hand only the final place counts ({place} now): over 100 hands like this, "
                     "pushing rather than folding would gain you about {gain} place in all and lose about {loss}.",
                     "In the last hand only the final place counts ({place} now): over 100 hands like this, "
                     "pushing rather than folding would gain you about {gain} places in all and lose about {loss}.",
                     2).split("{place}")[0]  # the coach's own words (coach._places_odds), as the learner reads them
    setup = MatchSetup(coach="full", length="tonpuusen")
    for seed in range(1, 40):
        screen = _open_table(app, setup, seed)
        while not screen.match.finished:
            for _turn in range(600):
                screen.run_bots_until_learner()
                if screen.round.ended:
                    break
                if words in screen.coach_message():
                    screen.rebuild()
                    return screen
                _learner_move(screen)
            if screen.match.finished:
                break
            screen.next_hand()
    raise RuntimeError("no seed gave the wanted table")


def table_coach_lets_a_win_pass(app: Any) -> Any:
    """South 4, the learner last by far: the dealer's first discard (6m) completes the learner's
    cheap tanyao, and the coach (full) says to let that win pass — it would end the match with
    the learner still last (見逃し)."""
    from trainer.engine.game.scenario import setup_round
    from trainer.engine.tiles import SOUTH

    screen = _open_table(app, MatchSetup(coach="full"), 1)
    screen.round = setup_round(["234m456p678s5566m", "147m258p369s1234z", "147m369p147s5567z", "123p456p789p23s11z"],
                               draws="6m", rules=screen.match.rules, dora="9s", dealer=3, round_wind=SOUTH,
                               scores=(5000, 40000, 30000, 25000))
    screen.match.scores = list(screen.round.scores)
    screen.run_bots_until_learner()
    screen.rebuild()
    return screen


def tenpai_choice_at_draw(app: Any) -> Any:
    """The learner, tenpai and not in riichi, at an exhaustive draw: show the hand or hide it
    (001:805).  The other seats hold junk; every seat throws its draw until the wall is empty."""
    from trainer.engine.game.round import Phase
    from trainer.engine.game.scenario import setup_round

    screen = app.push("play", seed=3, reveal="own")
    junk = "147m369p147s3456z"
    rnd = setup_round(["123m456p789s1122z", junk, junk, "258m369p258s5677z"], dora="9s",
                      tenpai_choice=screen.match.tenpai_choice)
    while rnd.phase is not Phase.DRAW:
        seat = rnd.to_act()[0]
        rnd.apply(seat, rnd.legal_actions(seat)[0] if rnd.phase is Phase.CALLS else
                  next(a for a in rnd.legal_actions(seat) if getattr(a, "tile", None) == rnd.seats[seat].drawn))
    screen.round = screen.match.round = rnd
    screen.rebuild()
    return screen


def table_with_a_call_offer(app: Any, coach: str = "off") -> Any:
    """The learner may call (chi or pon) the tile just discarded (with ``coach="full"`` the
    coach says whether to call)."""
    from trainer.engine.game.actions import Chi, Pon

    return play_until(app, lambda s: any(isinstance(a, Chi | Pon) for a in s.my_legal()), coach=coach)


def table_coach_calls(app: Any) -> Any:
    """A pon or chi on offer where the coach would take it (the full coach names the call)."""
    from trainer.engine.game.actions import Chi, Pon
    from trainer.engine.game.coach import call_advice
    from trainer.engine.game.view import make_view

    def want(s: Any) -> bool:
        legal = s.my_legal()
        if not any(isinstance(a, Chi | Pon) for a in legal):
            return False
        advice = call_advice(make_view(s.round, 0), legal, s.match.rules)
        return advice is not None and advice.call is not None

    return play_until(app, want, coach="full")


def table_after_hand(app: Any, want: Any, *, setup: MatchSetup | None = None, seeds: range = range(1, 40)) -> Any:
    """Play whole hands until one ends as ``want(result)`` says; the table then shows its result."""
    setup = setup or MatchSetup()
    for seed in seeds:
        screen = _open_table(app, setup, seed)
        while True:
            for _ in range(600):
                screen.run_bots_until_learner()
                if screen.round.ended:
                    break
                _learner_move(screen)
            if want(screen.round.result):
                screen.rebuild()
                return screen
            if screen.match.finished:
                break
            screen.next_hand()
    raise RuntimeError("no seed gave the wanted result")


def match_end(app: Any, setup: MatchSetup | None = None, *, saved: bool = False) -> Any:
    """An East-only match (or the ``setup`` given) played to its end, showing the match result;
    ``saved`` keeps it as a learner's match is kept (so the result offers its review)."""
    screen = _open_table(app, setup or MatchSetup(length="tonpuusen"), 3, saved=saved)
    while not screen.match.finished:
        for _ in range(600):
            screen.run_bots_until_learner()
            if screen.round.ended:
                break
            _learner_move(screen)
        if not screen.match.finished:
            screen.next_hand()
    screen.show_match_end()
    return screen


class _Hasty:
    """A learner who always throws the tile just drawn (so the review has mistakes to show)."""

    name = "You"

    def choose(self, view: Any, legal: list[Any]) -> Any:
        """Win when possible, pass calls, discard the drawn tile."""
        from trainer.engine.game.actions import Discard, Pass, Ron, Tsumo

        for a in legal:
            if isinstance(a, Tsumo | Ron):
                return a
        if any(isinstance(a, Pass) for a in legal):
            return Pass()
        drawn = [a for a in legal if isinstance(a, Discard) and a.tile == view.drawn]
        plain = [a for a in legal if isinstance(a, Discard)]
        return (drawn or plain or legal)[0]


def saved_games(app: Any, setup: MatchSetup | None = None) -> list[Any]:
    """Two saved East-only matches and a damaged file in the learner's games folder (for the
    "My games" list, the replay and the review pictures); returns the game paths."""
    from datetime import UTC, datetime

    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.game.saved import new_game_path, write_game
    from trainer.ui.saved_games import games_dir, setup_to_log

    setup = setup or MatchSetup(length="tonpuusen")
    rules = setup.rules()
    folder = games_dir(app)
    paths = []
    for i, seed in enumerate((5, 8)):
        players = [_Hasty(), *(make_bot(setup.opponents[i], rules) for i in setup.opponent_seats())]
        log = play_match(players, rules, seed=seed).log
        started = datetime(2026, 11, 26, 10 + i, 0, tzinfo=UTC)
        log.update(started=started.isoformat(timespec="seconds"), learner_seat=0, setup=setup_to_log(setup))
        paths.append(write_game(log, new_game_path(folder, started)))
    (folder / "game-20261101-090000.json").write_text("{not a game", encoding="utf-8")
    return paths


def replay_at(app: Any, *, mistake: bool, setup: MatchSetup | None = None) -> Any:
    """The replay viewer on a saved game, in the middle of a hand or at a reviewed mistake."""
    path = saved_games(app, setup)[0]
    while len(app.stack) > 1:
        app.pop()
    screen = app.push("replay", path=str(path))
    if mistake:
        screen.next_mistake()
    else:
        screen.pos = screen.starts[min(1, len(screen.starts) - 1)] + 30
    return screen


class _Quiet:
    """A learner who plays the efficient bot's tiles but never declares riichi (always dama), so
    the review has riichi-or-dama choices to judge."""

    name = "You"

    def __init__(self, rules: Any) -> None:
        from trainer.engine.bots import make_bot

        self.bot = make_bot("efficient", rules)

    def choose(self, view: Any, legal: list[Any]) -> Any:
        """The efficient bot's action, with a riichi turned into the same discard without it."""
        from trainer.engine.game.actions import Discard, Riichi

        action = self.bot.choose(view, legal)
        return Discard(action.tile) if isinstance(action, Riichi) else action

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


def riichi_game(app: Any, seed: int = 1) -> Any:
    """A saved East-only match of a learner who never declares riichi (seed 1: the coach would
    declare it in hands 1, 3 and 4, where the learner stayed dama); returns the file's path."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.game.saved import write_game
    from trainer.ui.saved_games import games_dir

    setup = MatchSetup(length="tonpuusen")
    rules = setup.rules()
    players = [_Quiet(rules), *(make_bot(setup.opponents[i], rules) for i in setup.opponent_seats())]
    log = play_match(players, rules, seed=seed).log
    log.update(learner_seat=0)
    folder = games_dir(app).parent.parent / "shot-riichi"  # in the data folder, not in the learner's games
    return write_game(log, folder / f"riichi-{seed}.json")


def replay_riichi(app: Any, *, agree: bool) -> Any:
    """The replay viewer at a ready hand of a learner who never declares riichi: a turn where the
    coach would declare it (``agree`` False: seed 1, riichi multiplies the hand) or one where the
    coach stays dama too (``agree`` True: seed 6, a quiet win is enough in the last hand)."""
    path = riichi_game(app, 6 if agree else 1)
    while len(app.stack) > 1:
        app.pop()
    screen = app.push("replay", path=str(path))

    def wanted(d: Any) -> bool:
        c = d.riichi_choice
        return c is not None and (c["chosen"] == c["advice"]) == agree and (agree or c["reason"] == "riichi_adds")

    target = next(d for d in sorted(screen.decisions.values(), key=lambda d: (d.hand, d.action)) if wanted(d))
    screen.pos = next(i for i, f in enumerate(screen.frames) if (f.hand, f.action_index) == (target.hand, target.action))
    return screen


def replay_push_fold(app: Any, *, agree: bool) -> Any:
    """The replay viewer at a discard against a riichi with the review's push-or-fold sentence: a
    dangerous tile pushed where the coach pushes too (``agree`` True: the never-riichi learner of
    :func:`riichi_game`, seed 1 — the tile verdict is ``unsafe``, and the words must not tell a
    hand worth pushing to fold), or the first push or fold against the coach on a tile that was no
    mistake otherwise (``agree`` False: the learner of :func:`call_game`, seed 10, who pushes where
    the coach folds), so that only push or fold makes M stop there."""
    path = riichi_game(app, 1) if agree else call_game(app, 10, calls=True)
    while len(app.stack) > 1:
        app.pop()
    screen = app.push("replay", path=str(path))

    def wanted(d: Any) -> bool:
        pf = d.push_fold
        if pf is None:
            return False
        if agree:
            return d.verdict == "unsafe" and pf["chosen"] == pf["advice"] == "push"
        return d.push_fold_against_advice and not d.mistake and not d.riichi_against_advice

    target = next(d for d in sorted(screen.decisions.values(), key=lambda d: (d.hand, d.action)) if wanted(d))
    screen.pos = next(i for i, f in enumerate(screen.frames) if (f.hand, f.action_index) == (target.hand, target.action))
    return screen


class _NoCalls(_Quiet):
    """A learner who plays the efficient bot's tiles and never calls pon or chi (a win is still
    taken), so the review has passed calls to judge."""

    def choose(self, view: Any, legal: list[Any]) -> Any:
        """Pass every pon and chi; otherwise the efficient bot's action."""
        from trainer.engine.game.actions import Pass, Ron

        if any(isinstance(a, Pass) for a in legal) and not any(isinstance(a, Ron) for a in legal):
            return Pass()
        return self.bot.choose(view, legal)


def call_game(app: Any, seed: int, *, calls: bool) -> Any:
    """A saved East-only match of a learner who plays the efficient bot's tiles and either makes
    the efficient bot's calls (``calls``) or never calls; returns the file's path."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.game.saved import write_game
    from trainer.ui.saved_games import games_dir

    setup = MatchSetup(length="tonpuusen")
    rules = setup.rules()
    learner = _Quiet(rules) if calls else _NoCalls(rules)
    players = [learner, *(make_bot(setup.opponents[i], rules) for i in setup.opponent_seats())]
    log = play_match(players, rules, seed=seed).log
    log.update(learner_seat=0)
    folder = games_dir(app).parent.parent / "shot-calls"  # in the data folder, not in the learner's games
    return write_game(log, folder / f"calls-{seed}-{int(calls)}.json")


def replay_call(app: Any, *, called: bool) -> Any:
    """The replay viewer at the learner's answer to a call offer against the coach: a pass on a
    dragon the coach would pon for tenpai with yakuhai (``called`` False: seed 4, a learner who
    never calls), or a pon the coach would not make, as it leaves the open hand without a yaku
    (``called`` True: seed 10, the efficient bot's calls)."""
    path = call_game(app, 10 if called else 4, calls=called)
    while len(app.stack) > 1:
        app.pop()
    screen = app.push("replay", path=str(path))

    def wanted(c: Any) -> bool:
        if not c.against_advice or c.called != called:
            return False
        return c.reason == "no_yaku" if called else (c.reason == "speed_yakuhai" and c.shanten_after == 0)

    target = next(c for c in sorted(screen.calls.values(), key=lambda c: (c.hand, c.action)) if wanted(c))
    screen.pos = next(i for i, f in enumerate(screen.frames) if (f.hand, f.action_index) == (target.hand, target.action))
    return screen


def position_review(app: Any, *, answered: bool, setup: MatchSetup | None = None) -> Any:
    """The review of a mistake from a saved game, before or after the learner's answer."""
    from trainer.engine.game.records import load
    from trainer.engine.game.review import review_game
    from trainer.ui.game_cards import CARD_VERDICTS, card_id

    path = saved_games(app, setup)[0]
    log = load(path)
    items = [{"game": str(path), "hand": d.hand, "action": d.action, "seat": 0, "item_id": card_id(path, d)}
             for d in review_game(log, 0).decisions if d.verdict in CARD_VERDICTS]
    while len(app.stack) > 1:
        app.pop()
    screen = app.push("position_review", items=items)
    if answered:
        screen.answer(next(s.tile for s in screen.hand_row.slots if str(s.tile) == screen.decision.chosen))
    return screen


class _Passer:
    """A learner who lets every win go by: a pass on a ron offer, the efficient bot's discard on a
    tsumo offer (and the efficient bot's play otherwise), so the review has wins let pass."""

    name = "You"

    def __init__(self, rules: Any) -> None:
        from trainer.engine.bots import make_bot

        self.bot = make_bot("efficient", rules)

    def choose(self, view: Any, legal: list[Any]) -> Any:
        """Pass every win; else the efficient bot's action."""
        from trainer.engine.game.actions import Discard, Pass, Ron, Tsumo

        if any(isinstance(a, Ron) for a in legal):
            return next(a for a in legal if isinstance(a, Pass))
        if any(isinstance(a, Tsumo) for a in legal):
            return self.bot.choose(view, [a for a in legal if isinstance(a, Discard)])
        return self.bot.choose(view, legal)


def passed_wins_game(app: Any, seed: int = 2) -> Any:
    """A saved East-only match (efficient bots) of a learner who lets every win pass; its path."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.game.saved import write_game
    from trainer.ui.saved_games import games_dir

    rules = MatchSetup(length="tonpuusen").rules()
    players = [_Passer(rules), *(make_bot("efficient", rules) for _ in range(3))]
    log = play_match(players, rules, seed=seed).log
    log.update(learner_seat=0)
    return write_game(log, games_dir(app).parent.parent / "shot-wins" / f"wins-{seed}.json")


def win_card(app: Any, *, answered: str = "") -> Any:
    """The review of a ron let pass (the first win card of :func:`passed_wins_game`), before the
    answer or after a ``"right"`` (ron) or ``"wrong"`` (pass) one."""
    screen = _review(app, _due_items(passed_wins_game(app), "win")[:1])
    if answered:
        screen.answer_win("win" if answered == "right" else "pass")
    return screen


def _due_items(path: Any, ask: str) -> list[dict[str, Any]]:
    """The review cards of one kind (``ask``: "riichi", "call", "push_fold" or "win") that a saved game at
    ``path`` gives the learner in seat 0, as the review screen gets them (due items)."""
    from trainer.engine.game.records import load
    from trainer.ui.game_cards import mistake_cards

    return [dict(spec, item_id=item_id, skill=skill) for item_id, skill, spec in mistake_cards(path, load(path), 0)
            if spec.get("ask") == ask]


def _review(app: Any, items: list[dict[str, Any]]) -> Any:
    """The position review on ``items``, opened from the home screen."""
    while len(app.stack) > 1:
        app.pop()
    return app.push("position_review", items=items)


def riichi_cards(app: Any, seed: int = 1) -> list[dict[str, Any]]:
    """The riichi-or-dama cards of :func:`riichi_game` as the review screen gets them (due items)."""
    return _due_items(riichi_game(app, seed), "riichi")


def riichi_card(app: Any, *, answered: str = "") -> Any:
    """The review of a riichi-or-dama choice against the coach (a hand where the learner stayed
    dama and riichi would have multiplied it), before the answer or after a ``"right"`` or
    ``"wrong"`` one."""
    screen = _review(app, [c for c in riichi_cards(app) if c["hand"] == 2])  # hand 3: riichi about 2.4 times bigger
    if answered:
        advice = screen.decision.riichi_choice["advice"]
        screen.answer_riichi(advice if answered == "right" else ("dama" if advice == "riichi" else "riichi"))
    return screen


def call_cards(app: Any, *, called: bool) -> list[dict[str, Any]]:
    """The call-or-pass cards of :func:`call_game` as the review screen gets them (due items):
    seed 10 with the efficient bot's calls (``called``) or seed 4 of a learner who never calls."""
    return _due_items(call_game(app, 10 if called else 4, calls=called), "call")


def call_card(app: Any, *, called: bool = True, answer: str = "") -> Any:
    """The review of a call offer answered against the coach: with ``called`` the first hand of
    seed 10 (7m on offer for a pon or a chi; the learner called pon, which leaves the open hand
    without a yaku, and the coach passes), else the second hand of seed 4 (a green dragon on
    offer, passed; the coach pons it for a yakuhai).  ``answer`` ("pon", "chi" or "pass")
    answers the card with that button."""
    from trainer.engine.game.actions import Pass
    from trainer.engine.game.call_review import call_name

    screen = _review(app, [c for c in call_cards(app, called=called) if c["hand"] == (0 if called else 1)])
    if answer:
        screen.answer_call(next(a for a in (*screen.point.offers, Pass()) if call_name(a) == answer))
    return screen


def push_fold_cards(app: Any) -> list[dict[str, Any]]:
    """The push-or-fold cards of :func:`call_game` seed 10 (the learner who pushes where the coach
    folds) as the review screen gets them (due items)."""
    return _due_items(call_game(app, 10, calls=True), "push_fold")


def push_fold_card(app: Any, *, answered: str = "", hand: int = 1) -> Any:
    """The review of a push against a riichi where the coach folds (hand 2 of seed 10: a 3,900 hand
    with about 4% to win), or with ``hand`` 4 against an open hand that looks ready (the last
    hand: places), before the answer or after a ``"right"`` (fold) or ``"wrong"`` (push) one."""
    screen = _review(app, [c for c in push_fold_cards(app) if c["hand"] == hand])
    if answered:
        advice = screen.decision.push_fold["advice"]
        screen.answer_push_fold(advice if answered == "right" else ("fold" if advice == "push" else "push"))
    return screen


def nanikiru(app: Any, *, answered: str = "", starter: bool = False) -> Any:
    """The discard puzzles: from the saved games (a damaged file among them) or, with ``starter``,
    from the starter set alone; ``answered`` is "", "right" or "wrong" (a tile the coach does not
    accept when there is one)."""
    games = [] if starter else None
    if not starter:
        saved_games(app)
    while len(app.stack) > 1:
        app.pop()
    screen = app.push("nanikiru", games=games, seed=2)
    if answered and screen.decision is not None:
        right = screen.right()
        tiles = [s.tile for s in screen.hand_row.slots if s.tile is not None]
        pick = next((t for t in tiles if (t.kind in right) == (answered == "right")), tiles[0])
        screen.answer(pick)
    return screen


def nanikiru_coach(app: Any, pick: str = "coach", reason: str = "") -> Any:
    """A starter puzzle where the table's coach and the best by ukeire disagree (it folds, or
    plays a safer tile; with ``reason``, the first whose coach reason is that one, such as
    ``keeps_yaku``), answered with the coach's tile (``pick`` "coach") or the widest one
    ("widest"): both are right, and the coach's words say why its tile differs; or answered
    with the fastest tile that is not right ("faster": an open hand's tenpai without a yaku)."""
    while len(app.stack) > 1:
        app.pop()
    screen = app.push("nanikiru", games=[], n=60, seed=2)
    screen.index = next((i for i, p in enumerate(screen.items) if p.coach_kind not in p.widest and (
        p.widest or pick != "widest") and (not reason or (p.coach and p.coach[0].reason == reason))), 0)
    screen._load()
    screen.rebuild()
    if screen.decision is not None:
        p = screen.decision
        if pick == "faster":
            from trainer.engine.tiles import parse_tile

            wrong = [e for e in p.exercise.explanation if e["kind"] == "discard" and not e["best"]]
            fastest = min(wrong, key=lambda e: (e["shanten"], -e["ukeire"]))
            want = {parse_tile(fastest["tile"]).kind}
        else:
            want = {p.coach_kind} if pick == "coach" else p.widest
        screen.answer(next(s.tile for s in screen.hand_row.slots if s.tile.kind in want))
    return screen


SANMA = MatchSetup(preset="sanma", length="tonpuusen")
"""A three-player (sanma) East-only match, for the three-seat pictures and tests."""


def sanma_table(app: Any, coach: str = "off") -> Any:
    """Three players in the middle of a hand: a North set aside (nukidora) beside a player,
    the learner to discard."""
    from trainer.engine.game.actions import Discard

    def want(s: Any) -> bool:
        seats = s.round.seats
        return any(st.kita for st in seats) and any(isinstance(a, Discard) for a in s.my_legal()) and len(
            seats[0].river) >= 4

    return play_until(app, want, setup=replace(SANMA, coach=coach))


def sanma_kita_offer(app: Any) -> Any:
    """Three players: the learner holds a North and is offered kita (set it aside)."""
    from trainer.engine.game.actions import Kita

    return play_until(app, lambda s: any(isinstance(a, Kita) for a in s.my_legal()), setup=SANMA)


# ---------------------------------------------------------------- the MCR table


def _mcr_mid_hand(screen: Any) -> bool:
    """Flowers set aside at two seats, a call made, the learner to discard after a few turns."""
    from trainer.engine.game.actions import Discard

    rnd = screen.round
    return (sum(1 for f in rnd.flowers if f) >= 2 and any(st.melds for st in rnd.seats)
            and any(isinstance(a, Discard) for a in screen.my_legal()) and len(rnd.seats[0].river) >= 4)


def mcr_call_offer(screen: Any) -> bool:
    """The learner may chow or pung the tile just discarded."""
    from trainer.engine.game.actions import Chi, Pon

    return any(isinstance(a, Chi | Pon) for a in screen.my_legal())


def mcr_table(app: Any, coach: str = "hints", *, want: Any = _mcr_mid_hand) -> Any:
    """An MCR hand where ``want(screen)`` holds with the learner to decide (by default in the middle)."""
    return play_until(app, want, setup=MatchSetup(preset="mcr", coach=coach), seeds=range(1, 40))


def mcr_after_hand(app: Any, want: Any) -> Any:
    """Play whole MCR hands until one ends as ``want(result)`` says; the table shows its result."""
    return table_after_hand(app, want, setup=MatchSetup(preset="mcr", coach="off"))


def mcr_game_end(app: Any) -> Any:
    """A whole MCR game played to its end: places, game points and table points."""
    return match_end(app, MatchSetup(preset="mcr", coach="off"))


def mcr_saved_games(app: Any, *, then: str = "home") -> Any:
    """Two saved MCR games — one finished, one left after three hands — beside the riichi ones;
    ``then`` "home" shows the home screen's resume card, "my_games" the list, "replay" the finished
    game in the replay viewer at the end of a hand won with flowers."""
    from datetime import UTC, datetime

    from trainer.engine.game.saved import new_game_path, write_game
    from trainer.engine.mcr.bots import make_mcr_bot
    from trainer.engine.mcr.match import play_mcr_match
    from trainer.engine.mcr.records import McrRecorder
    from trainer.engine.mcr.rules_game import load_mcr_game
    from trainer.ui.saved_games import games_dir, setup_to_log

    setup = MatchSetup(preset="mcr")
    folder = games_dir(app)
    for i, (seed, hands) in enumerate(((6, 16), (9, 3))):
        started = datetime(2026, 11, 27, 9 + i, 0, tzinfo=UTC)
        if (folder / f"game-{started:%Y%m%d-%H%M%S}.json").exists():
            continue  # written for an earlier shot
        bots = [make_mcr_bot("mcr", load_mcr_game("mcr")) for _ in range(4)]
        rec = play_mcr_match(bots, "mcr", seed, recorder=lambda m: McrRecorder(m, ["You", "A", "B", "C"]),
                             hands=hands).recorder
        rec.log.update(started=started.isoformat(timespec="seconds"), learner_seat=0, setup=setup_to_log(setup))
        write_game(rec.log, new_game_path(folder, started))
    while len(app.stack) > 1:
        app.pop()
    if then == "my_games":
        return app.push("my_games")
    if then == "replay":
        screen = app.push("replay", path=str(folder / "game-20261127-090000.json"))
        ends = [i for i, f in enumerate(screen.frames) if f.result is not None and f.result.wins and any(f.flowers)]
        screen.pos = ends[0] if ends else len(screen.frames) - 1
        return screen
    app.screen.rebuild()
    return app.screen


def sanma_kita_ron(app: Any) -> Any:
    """Three players: the right player sets a North aside while the learner's seven pairs wait on
    the North alone — the North is marked and the learner may ron it (robbing the kita)."""
    from trainer.engine.game.actions import Discard, Kita
    from trainer.engine.game.scenario import setup_round

    screen = _open_table(app, SANMA, 3)
    rnd = setup_round(["1199m112233p55s4z", "19m147p258s123z56z", "19m258p369s12356z"], "7p4z",
                      rules=screen.match.rules, dora="9s", tenpai_choice=screen.match.tenpai_choice)
    rnd.apply(0, next(a for a in rnd.legal_actions(0) if isinstance(a, Discard) and str(a.tile) == "7p"))
    while rnd.phase.value != "turn":  # nobody calls the 7p
        seat = rnd.to_act()[0]
        rnd.apply(seat, rnd.legal_actions(seat)[0])
    rnd.apply(1, next(a for a in rnd.legal_actions(1) if isinstance(a, Kita)))
    screen.round = screen.match.round = rnd
    screen._state = None
    screen.rebuild()
    return screen
