"""Per-seat figures of played matches (simulate --json, the game benchmark)."""

from __future__ import annotations

from trainer.engine.game.figures import SeatFigures, TimedPlayer, percentile


def _hand(actions, wins):
    return {"actions": actions, "result": {"kind": "ron" if wins else "exhaustive", "wins": wins}}


def test_rates_per_hand_and_a_double_ron_is_one_deal_in():
    log = {"hands": [
        _hand([[0, {"type": "riichi", "tile": "5m"}], [1, {"type": "pon", "tiles": ["7z", "7z"]}],
               [1, {"type": "chi", "tiles": ["3m", "4m"]}]],
              [{"seat": 2, "from": 0}, {"seat": 3, "from": 0}]),
        _hand([[3, {"type": "kan", "kan": "ankan", "tile": "1z"}], [2, {"type": "kan", "kan": "daiminkan",
                                                                        "tile": "2z"}]], []),
    ]}
    f = SeatFigures()
    f.add(log, [4, 3, 1, 2])
    rates = f.rates()
    assert rates["riichi_rate"] == [0.5, 0, 0, 0]
    assert rates["call_rate"] == [0, 0.5, 0.5, 0], "a closed kan is not a call; two calls in a hand count once"
    assert rates["deal_in_rate"] == [0.5, 0, 0, 0], "a double ron is one deal-in"
    assert rates["win_rate"] == [0, 0, 0.5, 0.5]
    assert rates["average_place"] == [4, 3, 1, 2]


def test_percentile_and_timed_player():
    assert percentile([], 0.95) == 0
    assert percentile(list(range(1, 101)), 0.95) == 95
    assert percentile([3.0], 0.95) == 3.0

    class Bot:
        name = "x"

        def choose(self, view, legal):
            return legal[0]

    timed = TimedPlayer(Bot())
    assert timed.choose(None, ["a"]) == "a" and timed.name == "x" and len(timed.times_ms) == 1
