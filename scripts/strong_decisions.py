"""Replay the strong bot's decisions both ways: at each riichi-or-dama decision (and, with
``--kinds``, each push-or-fold and call decision, and each discard made with no threat on the table
that is not the most efficient one) of strong-vs-careful matches, the hand is copied,
played to its end once with the bot's choice and once with the alternative (same wall, every bot
unchanged after that), and the points of the deciding seat and of both strong seats ("team": what
the average place of the strong bot follows, as points passing between the two strong seats do not
move it) are compared, grouped by the evaluator's deciding reason.

    .venv/bin/python scripts/strong_decisions.py --start 710000 --matches 300 [--kinds riichi,fold,call,discard]
        [--workers 2] [--json rows.json] ['trainer.engine.evaluator.advisor.RIICHI_GAIN=2.3']

Only the first decision of each kind per seat and hand is counted (later ones of the same hand are
not independent of it).  Signs: "alt - bot" is what the alternative gains over the bot's choice,
so a group with a clearly positive figure is a group of decisions the bot gets wrong.  A tuning
aid, not a test: one hand's points, not places (docs/game.md, "Decisions replayed").
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from strong_duplicates import _apply  # the same module.CONSTANT=json settings


def _finish(rnd: Any, seat: int, action: Any, names: list[str], rules: Any, keep: dict) -> list[int]:
    """Each seat's points from now to the end of the hand when ``seat`` takes ``action`` now."""
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_round

    copy_ = copy.deepcopy(rnd, dict(keep))
    before = list(copy_.scores)
    copy_.apply(seat, action)
    play_round(copy_, [make_bot(n, rules) for n in names])
    return [after - b for after, b in zip(copy_.scores, before, strict=True)]


def _alternative(bot: Any, view: Any, legal: list, action: Any, kinds: set[str]) -> tuple[str, Any, str] | None:
    """(kind, the other action, the evaluator's deciding reason) for a decision worth replaying."""
    from trainer.engine.evaluator import advisor
    from trainer.engine.game.actions import Chi, Discard, Pass, Pon, Riichi
    from trainer.engine.hand import MeldKind

    discards = [a for a in legal if isinstance(a, Discard)]
    if discards and not view.riichi[view.seat]:
        tile = action.tile if isinstance(action, Discard | Riichi) else None
        riichi = [a for a in legal if isinstance(a, Riichi) and a.tile == tile]
        why = bot.last_reasons[-1].code if bot.last_reasons else ""
        if "riichi" in kinds and riichi:
            return "riichi", Discard(tile) if isinstance(action, Riichi) else riichi[0], why
        if not kinds & {"fold", "discard"}:
            return None
        advice = bot.evaluator.turn(view, [a.tile for a in discards])
        threatened = any(t.tenpai >= advisor.THREAT for t in advice.threats)
        if "fold" in kinds and threatened:
            forced = advisor.push_or_fold
            try:  # the best tile under the other verdict
                advisor.push_or_fold = lambda **kw: _flip(forced(**kw))
                other = bot.evaluator.turn(view, [a.tile for a in discards]).best.tile
            finally:
                advisor.push_or_fold = forced
            if other != advice.best.tile:
                verdict = "push" if advice.push_fold.push else "fold"
                return "fold", Discard(other), f"{verdict} sh{advice.best.efficiency.shanten}"
        if "discard" in kinds and not threatened and isinstance(action, Discard):
            return _against_efficiency(advice, action)
        return None
    calls = [a for a in legal if isinstance(a, Pon | Chi)]
    if "call" in kinds and calls and isinstance(action, Pass | Pon | Chi):
        call = action if not isinstance(action, Pass) else calls[0]
        kind = MeldKind.PON if isinstance(call, Pon) else MeldKind.CHI
        why = bot.evaluator.call(view, call.tiles, kind).reasons[-1].code
        return "call", Pass() if call is action else call, why
    return None


def _against_efficiency(advice: Any, action: Any) -> tuple[str, Any, str] | None:
    """A discard made with no threat on the table (``advice``: the evaluator's turn) that is not the
    most efficient one (fewest steps to tenpai, then most tiles that take a step, then the widest
    next step): the most efficient discard is the alternative.  The group says why the bot's tile
    was chosen over it: ``slower`` (a step slower), ``fewer`` (fewer tiles take a step) or
    ``twostep`` (the same tiles, a wider next step), then ``value`` (the hand left is worth more)
    and ``safer`` (less risk now)."""
    from trainer.engine.game.actions import Discard

    mine = next(d for d in advice.discards if d.tile == action.tile)
    fast = min(advice.discards, key=lambda d: (d.efficiency.shanten, -d.efficiency.ukeire, -d.efficiency.two_step))
    if fast.tile.kind == mine.tile.kind:
        return None
    m, f = mine.efficiency, fast.efficiency
    why = [f"sh{m.shanten}", "slower" if m.shanten > f.shanten else "fewer" if m.ukeire < f.ukeire else "twostep"]
    if mine.value.best > 1.05 * fast.value.best:
        why.append("value")
    if mine.risk < fast.risk - 10:
        why.append("safer")
    return "discard", Discard(fast.tile), " ".join(why)


def _flip(verdict: Any) -> Any:
    from dataclasses import replace

    return replace(verdict, push=not verdict.push)


class _Replaying:
    """Wraps a strong bot: before each decision worth replaying (the first of its kind for this
    seat in this hand) the hand is played out both ways and the points are kept in ``rows``."""

    def __init__(self, bot: Any, seat: int, names: list[str], kinds: set[str], rows: list[dict]) -> None:
        self.bot, self.seat, self.names, self.kinds, self.rows = bot, seat, names, kinds, rows
        self.name = bot.name
        self.rnd: Any = None
        self.keep: dict = {}
        self.seen: set[str] = set()

    def start(self, rnd: Any, keep: dict) -> None:
        """A new hand, ``rnd``, to copy from (``keep``: the objects shared, not copied)."""
        self.rnd, self.keep, self.seen = rnd, keep, set()

    def choose(self, view: Any, legal: list) -> Any:  # the player interface
        action = self.bot.choose(view, legal)
        alt = _alternative(self.bot, view, legal, action, self.kinds)
        if alt is not None and alt[0] not in self.seen:
            self.seen.add(alt[0])
            rules = self.bot.rules
            mine = _finish(self.rnd, self.seat, action, self.names, rules, self.keep)
            other = _finish(self.rnd, self.seat, alt[1], self.names, rules, self.keep)
            team = (self.seat, (self.seat + 2) % 4)
            self.rows.append({"kind": alt[0], "why": alt[2], "own": other[self.seat] - mine[self.seat],
                              "team": sum(other[s] - mine[s] for s in team)})
        return action

    def __getattr__(self, name: str) -> Any:  # everything else is the bot's
        return getattr(self.bot, name)


def _chunk(args: tuple[list[int], list[str], set[str]]) -> list[dict]:
    from trainer.engine.bots import make_bot
    from trainer.engine.game.match import Match
    from trainer.engine.game.play import play_round
    from trainer.engine.rules import load_rules

    seeds, settings, kinds = args
    if _apply("&".join(settings)) != "strong":
        raise SystemExit("strong_decisions: replays the strong bot's decisions only (no bot=)")
    rules = load_rules("tenhou")
    rows: list[dict] = []
    for seed in seeds:
        names = ["strong", "careful"] * 2 if seed % 2 == 0 else ["careful", "strong"] * 2
        players = [_Replaying(make_bot(n, rules), s, names, kinds, rows) if n == "strong" else make_bot(n, rules)
                   for s, n in enumerate(names)]
        match = Match(rules, seed)
        keep = {id(rules): rules, id(match.options): match.options}
        while not match.finished:
            rnd = match.start_round()
            for p in players:
                if isinstance(p, _Replaying):
                    p.start(rnd, keep)
            play_round(rnd, players)
            match.finish_round()
    return rows


def _line(label: str, xs: list[int]) -> str:
    se = statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return f"  {label:44s} {statistics.mean(xs):+8.0f} ± {se:5.0f}  n={len(xs)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for flag, default in (("--start", 710000), ("--matches", 100), ("--workers", 2)):
        parser.add_argument(flag, type=int, default=default)
    parser.add_argument("--kinds", default="riichi", help="riichi, fold, call, discard (comma-separated)")
    parser.add_argument("--json", help="also write every replayed decision (kind, why, own, team) to this file")
    parser.add_argument("settings", nargs="*", help="module.CONSTANT=json applied to every bot first (as in strong_duplicates.py)")
    args = parser.parse_args()
    kinds = set(args.kinds.split(","))
    seeds = list(range(args.start, args.start + args.matches))
    parts = [(seeds[i::args.workers * 4], args.settings, kinds) for i in range(args.workers * 4)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [r for part in pool.map(_chunk, parts) for r in part]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out)
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in rows:
        groups[(r["kind"], r["why"])].append(r)
    print(f"{args.matches} matches from seed {args.start}; alt - bot, points per decision (own seat | both strong seats)")
    for (kind, why), rs in sorted(groups.items()):
        print(f"{kind} / {why}")
        print(_line("own seat", [r["own"] for r in rs]))
        print(_line("both strong seats", [r["team"] for r in rs]))


if __name__ == "__main__":
    main()
