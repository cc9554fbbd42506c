"""Writing a game log in the tenhou.net/6 JSON format (export).

:func:`to_tenhou6` replays our game log through the engine and writes, per hand,
the dealt tiles, every draw (calls in their place), every discard (riichi ``r``,
tsumogiri 60, kans, ``f44`` for a North set aside at three players) and the result with
the win line.  A three-player game is written as tenhou.net/6 writes its 三麻 logs: four
seats with the North seat empty (no name, 0 points, empty tile lists, 0 in every list of
point changes).  A tenhou.net/6 log does not hold the undrawn wall, so the export also
carries a ``riichi_trainer`` key (other viewers ignore unknown keys) with the walls, the
rule preset and the seed; reading the export back (``tenhou6_read.from_tenhou6``) then
gives the identical game log.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from trainer.engine.game import records
from trainer.engine.game.actions import Discard, Kan, Kita, Riichi, action_to_json
from trainer.engine.game.round import Round
from trainer.engine.game.tenhou6_codes import (
    ABORT_NAMES,
    AGARI,
    ALL_NOTEN,
    ALL_TENPAI,
    KITA,
    NAGASHI,
    RYUUKYOKU,
    TSUMOGIRI,
    Tenhou6Error,
    tile_code,
    write_call,
)
from trainer.engine.hand import MeldKind
from trainer.engine.tiles import Tile, parse_tile
from trainer.paths import ENGINE_DATA_DIR

EXTENSION = "riichi_trainer"
LIMIT_NAMES = ((13, "役満"), (11, "三倍満"), (8, "倍満"), (6, "跳満"), (5, "満貫"))


@cache
def yaku_names() -> dict[str, str]:
    """Our yaku ids -> the names tenhou.net/6 logs write (data/tenhou6_yaku.toml)."""
    with (ENGINE_DATA_DIR / "tenhou6_yaku.toml").open("rb") as f:
        return dict(tomllib.load(f)["names"])


def round_label(kyoku: int, honba: int) -> str:
    """A hand's short name: E3 for East 3, S1-2 for South 1 with two counters."""
    name = f"{'ESWN'[kyoku // 4 % 4]}{kyoku % 4 + 1}"
    return f"{name}-{honba}" if honba else name


def _codes(tiles: list[Tile] | tuple[Tile, ...]) -> list[int]:
    return [tile_code(t) for t in tiles]


def four(values: Any, fill: Any = 0) -> list[Any]:
    """``values`` (one per seat) as the four entries a tenhou.net/6 list has: at three players
    the empty North seat gets ``fill``."""
    out = list(values)
    return out + [fill] * (4 - len(out))


def tenhou_source(seat: int, giver: int) -> int:
    """Where ``giver`` sits for ``seat`` in a tenhou.net/6 call string: 1 left, 2 across,
    3 right, counted around four seats (at three players East and West are across)."""
    return (seat - giver) % 4


class HandWriter:
    """Collects one hand's tenhou.net/6 array while the hand is replayed."""

    def __init__(self, rnd: Round, entry: dict[str, Any]) -> None:
        self.rnd = rnd
        self.entry = entry
        self.draws: list[list[Any]] = [[] for _ in range(4)]
        self.discards: list[list[Any]] = [[] for _ in range(4)]
        self.haipai: list[list[int]] = [[] for _ in range(4)]  # the empty North seat at three players
        for seat, s in enumerate(rnd.seats):
            tiles = list(s.concealed)
            if seat == rnd.dealer and s.drawn is not None:
                tiles.remove(s.drawn)
            self.haipai[seat] = sorted(_codes(tiles))
        self.seen = 0
        self._events()

    def _events(self) -> None:
        """Turn the round's new events (draws and called sets) into draw-list entries."""
        rnd = self.rnd
        for ev in rnd.events[self.seen :]:
            if ev["type"] == "draw":
                self.draws[ev["seat"]].append(tile_code(parse_tile(ev["tile"])))
            elif ev["type"] == "call":
                seat, src = ev["seat"], ev["from"]
                meld = rnd.seats[seat].melds[-1]
                called = parse_tile(ev["tile"])
                others = list(meld.tiles)
                others.remove(called)
                letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[ev["call"]]
                if letter != "m":
                    others = [parse_tile(t) for t in ev["tiles"]]
                self.draws[seat].append(write_call(letter, called, others, tenhou_source(seat, src)))
                if letter == "m":
                    self.discards[seat].append(0)
        self.seen = len(rnd.events)

    def step(self, seat: int, action: Any) -> None:
        """Record ``seat``'s action just applied, then what it caused."""
        rnd = self.rnd
        s = rnd.seats[seat]
        if isinstance(action, Discard | Riichi) and s.river and s.river[-1].tile == action.tile:
            code = TSUMOGIRI if s.river[-1].tsumogiri else tile_code(action.tile)
            self.discards[seat].append(f"r{code}" if isinstance(action, Riichi) else code)
        elif isinstance(action, Kan) and action.kind is not MeldKind.KAN_OPEN:
            self.discards[seat].append(self._kan_string(seat, action))
        elif isinstance(action, Kita):
            self.discards[seat].append(KITA)
        self._events()

    def _kan_string(self, seat: int, action: Kan) -> str:
        meld = next(m for m in reversed(self.rnd.seats[seat].melds) if m.first == action.tile.kind)
        others = list(meld.tiles)
        others.remove(action.tile)
        if action.kind is MeldKind.KAN_CLOSED:
            return write_call("a", action.tile, others, None)
        n = self.rnd.n
        # our meld says left / across / right at its own table (at three players the other
        # player is "right"); the string counts around four seats
        step = {"<": 1, "^": 2, ">": n - 1}[meld.source.value] if meld.source is not None else 1
        return write_call("k", action.tile, others, tenhou_source(seat, (seat - step) % n))

    def finish(self, rules: Any) -> list[Any]:
        """The hand's tenhou.net/6 array, once the hand is over."""
        rnd, e = self.rnd, self.entry
        result = rnd.result
        assert result is not None
        riichi_win = any(rnd.seats[w.seat].riichi for w in result.wins)
        out: list[Any] = [
            [4 * e["round"] + e["hand"], e["honba"], e["sticks"]],
            four(e["scores"]),
            _codes(rnd.wall.dora_indicators),
            _codes(rnd.wall.ura_indicators) if riichi_win else [],
        ]
        for seat in range(4):
            out += [self.haipai[seat], self.draws[seat], self.discards[seat]]
        out.append(result_array(rnd, rules))
        return out


def result_array(rnd: Round, rules: Any) -> list[Any]:
    """The tenhou.net/6 result of a finished hand: 和了 with deltas and win line per winner,
    流局 (or 全員聴牌 / 全員不聴 / 流し満貫) with deltas, or the abortive draw's name."""
    r = rnd.result
    assert r is not None
    if r.kind in ("ron", "tsumo"):
        extra = [r.deltas[s] - sum(w.deltas[s] for w in r.wins) for s in range(rnd.n)]
        out: list[Any] = [AGARI]
        for i, w in enumerate(r.wins):
            deltas = [d + (extra[s] if i == 0 else 0) for s, d in enumerate(w.deltas)]
            who = w.seat
            head = [who, w.from_seat if w.from_seat is not None else who, w.liable if w.liable is not None else who]
            out += [four(deltas), head + win_line(rnd, w, rules)]
        return out
    if r.kind == "exhaustive":
        if r.nagashi:
            return [NAGASHI, four(r.deltas)]
        name = ALL_TENPAI if len(r.tenpai) == rnd.n else ALL_NOTEN if not r.tenpai else RYUUKYOKU
        return [name, four(r.deltas)]
    return [ABORT_NAMES.get(r.abort_reason or "", r.abort_reason or "abort")]


def win_line(rnd: Round, w: Any, rules: Any) -> list[str]:
    """The win line after the seats: ``"30符2飜2000点"`` (or ``満貫2000-4000点``, ``…点∀`` for a
    dealer's tsumo) and each yaku as ``"立直(1飜)"`` / ``"国士無双(役満)"``; dora of every kind
    (Norths set aside too, as tenhou writes its 三麻 logs) are summed into one ``ドラ(n飜)``.
    A tsumo's points are what each payer pays (at three players two payers)."""
    from trainer.engine.yaku import yaku_info

    names = yaku_names()
    info = yaku_info()
    closed = not any(m.is_open for m in rnd.seats[w.seat].melds)
    yakuman = any(info[y].is_yakuman for y in w.yaku if y in info)
    texts = []
    counted = 0
    for y in w.yaku:
        name = names.get(y, y)
        if y in info and info[y].is_yakuman:
            texts.append(f"{name}(役満)")
        else:
            han = rules.han(y, closed)
            counted += han
            texts.append(f"{name}({han}飜)")
    if not yakuman and w.han > counted:
        texts.append(f"{names['dora']}({w.han - counted}飜)")
    basic = w.fu * 2 ** (w.han + 2)
    limit = "役満" if yakuman else next((n for h, n in LIMIT_NAMES if w.han >= h), None)
    if limit is None and basic >= 2000:
        limit = "満貫"
    head = limit or f"{w.fu}符{w.han}飜"
    base = w.base
    if w.liable is not None:
        pts = f"{base[w.seat]}点"
    elif w.from_seat is not None:
        pts = f"{-base[w.from_seat]}点"
    elif w.seat == rnd.dealer:
        pts = f"{-base[(w.seat + 1) % rnd.n]}点∀"
    else:
        others = [-base[s] for s in range(rnd.n) if s not in (w.seat, rnd.dealer)]
        pts = f"{others[0]}-{-base[rnd.dealer]}点"
    return [head + pts, *texts]


def rule_display(rules: Any) -> dict[str, Any]:
    """The ``rule`` object: ``disp`` in tenhou's short form, following the rules: 般, 三 for three
    players, 東 (East-only) or 南 (East-South), 喰 only when open tanyao counts (kuitan), 赤 only
    with red fives; and ``aka`` (1 with red fives, 0 without)."""
    south = "東" if getattr(rules, "game_length", "hanchan") == "tonpuusen" else "南"
    red = int(getattr(rules, "red_fives", 1))
    han = getattr(rules, "han", None)
    kuitan = han is None or han("tanyao", False) > 0
    three = "三" if getattr(rules, "players", 4) == 3 else ""
    return {"disp": f"{three}般{south}{'喰' if kuitan else ''}{'赤' if red else ''}", "aka": 1 if red else 0}


def can_export(rules: Any) -> bool:
    """Whether a game of ``rules`` can be written as tenhou.net/6: riichi at four or three
    players (a three-player game as tenhou's 三麻 logs, North seat empty, kita as ``f44``)."""
    return getattr(rules, "players", 4) in (3, 4)


def to_tenhou6(log: dict[str, Any], *, extension: bool = True) -> dict[str, Any]:
    """Our game log as a tenhou.net/6 log object (``title``, ``name``, ``rule``, ``log``).

    With ``extension`` the ``riichi_trainer`` key keeps the walls, preset and seed so that
    reading the export back gives the identical game log.  Raises RecordError if the log
    does not replay, Tenhou6Error (kind ``export_players``) for a table that is neither four nor
    three players."""
    rules = records.log_rules(log)
    if not can_export(rules):
        raise Tenhou6Error("tenhou.net/6 export is for games of four or three players", kind="export_players")
    hands: list[list[Any]] = []
    writer: HandWriter | None = None
    entries = log["hands"]
    for rnd, seat, action in records.replay(log):
        if seat is None:
            writer = HandWriter(rnd, entries[len(hands)])
            continue
        assert writer is not None
        writer.step(seat, action)
        if rnd.ended:
            hands.append(writer.finish(rules))
    out: dict[str, Any] = {
        "title": ["riichi-trainer", f"seed {log.get('seed')}" if log.get("seed") is not None else ""],
        "name": four(log["players"], ""),
        "rule": rule_display(rules),
        "log": hands,
    }
    if extension:
        out[EXTENSION] = {
            "format": records.FORMAT,
            "version": records.VERSION,
            "rules": log["rules"],
            "rule_options": dict(log.get("rule_options") or {}),
            "seed": log.get("seed"),
            "walls": [h["wall"] for h in entries],
            "tenpai_choice": list(log.get("tenpai_choice") or []),
        }
        overrides = _action_overrides(log, out)
        if overrides:
            out[EXTENSION]["actions"] = overrides
    return out


def _action_overrides(log: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """Hands whose logged actions are not what a reader derives from the tenhou.net/6 lists
    (a chi declared but beaten by a pon is not in the tenhou.net/6 log): their actions, by index."""
    from trainer.engine.game.tenhou6_read import derived_actions

    derived = derived_actions(data)
    out: dict[str, Any] = {}
    for i, h in enumerate(log["hands"]):
        if i >= len(derived) or derived[i] != h["actions"]:
            out[str(i)] = h["actions"]
    return out


def native_actions(actions: list[tuple[int, Any]]) -> list[list[Any]]:
    """``[seat, action]`` pairs in game-log JSON form."""
    return [[seat, action_to_json(a)] for seat, a in actions]


__all__ = ["EXTENSION", "HandWriter", "can_export", "four", "result_array", "round_label", "rule_display",
           "tenhou_source", "to_tenhou6", "win_line"]
