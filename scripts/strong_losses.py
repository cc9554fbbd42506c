"""Where the strong bot gains and loses placement against careful: per-hand point deltas of
strong's seats split by cause, on a fixed seed set (two of each, both seat orders).

    .venv/bin/python scripts/strong_losses.py --start 90000 --games 300 --workers 2 [--bot strong]

Causes: own wins (ron / tsumo, with size), deal-ins (strong pushing, folding or in riichi;
against a riichi, an open hand or a quiet closed hand), others' tsumo, draw payments
(tenpai / noten), riichi sticks lost, and the all-last hand.  A tuning aid, not a test.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor


class _Recorder:
    """Wraps a bot and remembers whether its last discard decision was a push."""

    def __init__(self, bot) -> None:  # noqa: ANN001 - any bot
        self.bot = bot
        self.name = bot.name
        self.flags: list[str] = []  # one per discard: "push", "fold" or "?"

    def choose(self, view, legal):  # noqa: ANN001, ANN201 - the player interface
        from trainer.engine.game.actions import Discard, Riichi

        action = self.bot.choose(view, legal)
        if isinstance(action, Discard | Riichi):
            codes = {getattr(r, "code", None) for r in getattr(self.bot, "last_reasons", ())}
            self.flags.append("fold" if "fold" in codes else "push" if codes & {"push", "no_threat"} else "?")
        return action

    def __getattr__(self, name: str):  # noqa: ANN204 - everything else is the bot's
        return getattr(self.bot, name)


def _chunk(args: tuple[str, list[int]]) -> dict:
    from trainer.engine.bots import make_bot
    from trainer.engine.game.play import play_match
    from trainer.engine.rules import load_rules

    bot, seeds = args
    rules = load_rules("tenhou")
    sums: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    places: list[int] = []
    for seed in seeds:
        names = [bot, "careful"] * 2 if seed % 2 == 0 else ["careful", bot] * 2
        mine = (0, 2) if seed % 2 == 0 else (1, 3)
        players = [_Recorder(make_bot(n, rules)) for n in names]
        done = [0] * 4
        out = play_match(players, rules, seed=seed)
        st = sorted(out.match.standings(), key=lambda s: s.seat)
        places.extend(st[s].place for s in mine)
        hands = out.log["hands"]
        for i, h in enumerate(hands):
            last = i == len(hands) - 1
            res = h["result"]
            riichi, called = set(), set()
            flag = ["?"] * 4
            for seat, a in h["actions"]:
                if a["type"] in ("discard", "riichi"):
                    flags = players[seat].flags
                    flag[seat] = flags[done[seat]] if done[seat] < len(flags) else "?"
                    done[seat] += 1
                if a["type"] == "riichi":
                    riichi.add(seat)
                elif a["type"] in ("chi", "pon") or (a["type"] == "kan" and a.get("kan") == "daiminkan"):
                    called.add(seat)
            for s in mine:
                d = res["deltas"][s]
                if last:
                    sums["all_last"] += d
                    counts["all_last"] += 1
                if s in riichi and not any(w["seat"] == s for w in res["wins"]):
                    sums["riichi_stick_lost"] -= 1000
                    counts["riichi_stick_lost"] += 1
                kind = res["kind"]
                if any(w["seat"] == s for w in res["wins"]):
                    w = next(w for w in res["wins"] if w["seat"] == s)
                    size = "big" if w["deltas"][s] >= 7700 else "mid" if w["deltas"][s] >= 3900 else "cheap"
                    key = f"win_{'tsumo' if w['tsumo'] else 'ron'}_{'riichi' if s in riichi else 'open' if s in called else 'dama'}_{size}"
                elif any(w["from"] == s for w in res["wins"]):
                    w = next(w for w in res["wins"] if w["from"] == s)
                    against = "riichi" if w["seat"] in riichi else "open" if w["seat"] in called else "dama"
                    me = "riichi" if s in riichi else ("open_" if s in called else "") + flag[s]
                    key = f"dealin_vs_{against}_{me}"
                elif res["wins"]:
                    key = "others_tsumo" if d < 0 else "others_ron_between"
                elif kind in ("draw", "exhaustive", "ryuukyoku") or res.get("tenpai") is not None:
                    key = f"draw_{'tenpai' if s in res.get('tenpai', []) else 'noten'}"
                else:
                    key = f"other_{kind}"
                sums[key] += d
                counts[key] += 1
    return {"sums": dict(sums), "counts": dict(counts), "places": places}


def main() -> None:
    """Print the per-cause totals (points per game of strong's seats) and the average place."""
    p = argparse.ArgumentParser()
    p.add_argument("--start", type=int, default=90_000)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--bot", default="strong")
    a = p.parse_args()
    seeds = [a.start + i for i in range(a.games)]
    with ProcessPoolExecutor(a.workers) as pool:
        results = list(pool.map(_chunk, [(a.bot, seeds[i::a.workers]) for i in range(a.workers)]))
    sums: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    places: list[int] = []
    for r in results:
        for k, v in r["sums"].items():
            sums[k] += v
        for k, v in r["counts"].items():
            counts[k] += v
        places.extend(r["places"])
    seat_games = len(places)
    print(f"{a.bot} vs careful, seeds {a.start}..{a.start + a.games - 1}: average place "
          f"{sum(places) / seat_games:.3f}, places {[places.count(i) for i in (1, 2, 3, 4)]}")
    print(f"{'cause':<36}{'count':>7}{'pts/seat-game':>15}{'pts/event':>11}")
    for k in sorted(sums, key=lambda k: sums[k]):
        print(f"{k:<36}{counts[k]:>7}{sums[k] / seat_games:>15.0f}{sums[k] / max(1, counts[k]):>11.0f}")
    print(f"{'total':<36}{'':>7}{sum(v for k, v in sums.items() if k != 'all_last' and k != 'riichi_stick_lost') / seat_games:>15.0f}")


if __name__ == "__main__":
    main()
