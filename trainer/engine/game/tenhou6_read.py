"""Reading a tenhou.net/6 JSON log into our game log (import), with validation.

Every hand is replayed through our engine: the wall is rebuilt from the dealt tiles,
the draws, the dora/ura indicators and the replacement tiles, the undrawn places are
filled with the remaining tiles of the set in sorted order (deterministic), and each
player's actions are read from their draw and discard lists (a player who could call
or win but whose lists show no call answers "pass").  An action our engine refuses
is an error naming the hand; a win scored differently, or a payment that differs,
is reported per hand (:class:`Imported.notes`) and our engine's figures are kept.

A log written by our exporter carries a ``riichi_trainer`` key with the real walls
(see ``tenhou6_write``); those are used instead of the filled walls.

Three-player (三麻) logs are recognised by the empty fourth seat (no dealt tiles, draws or
discards): they are played with the three-player preset (``sanma``, unless the preset asked
for is a three-player one), on its 108-tile set, with ``f44`` in a discard list read as a North
set aside (kita) whose replacement tile is the player's next draw.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from trainer.engine.game import records
from trainer.engine.game.actions import (
    AbortiveDraw,
    Action,
    Chi,
    DeclareTenpai,
    Discard,
    IllegalAction,
    Kan,
    Kita,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
    action_from_json,
    action_to_json,
)
from trainer.engine.game.match import Match
from trainer.engine.game.round import Phase, Round
from trainer.engine.game.tenhou6_codes import (
    ABORT_REASONS,
    AGARI,
    EXHAUSTIVE_NAMES,
    KITA,
    NAGASHI,
    TSUMOGIRI,
    CallString,
    Tenhou6Error,
    code_tile,
    parse_call,
)
from trainer.engine.game.tenhou6_write import EXTENSION, round_label, yaku_names
from trainer.engine.game.wall import DEAD_WALL, standard_tiles
from trainer.engine.hand import MeldKind
from trainer.engine.tiles import Tile

RINSHAN_SLOTS = (12, 13, 10, 11)
THREE_PLAYER_PRESET = "sanma"  # the preset a three-player log is played with when a four-player one is asked for
FOUR_PLAYER_PRESET = "tenhou"  # and the other way round


@dataclass
class Kyoku:
    """One hand of a tenhou.net/6 log, checked for shape: seats are absolute (0 = first dealer).
    ``players`` is 3 for a three-player hand (the fourth seat's lists are empty); ``scores``,
    ``haipai`` and the point changes of ``result`` then hold three seats (the empty seat's 0
    dropped), while ``draws`` and ``discards`` keep four lists (the fourth empty)."""

    label: str
    kyoku: int
    honba: int
    sticks: int
    scores: list[int]
    dora: list[Tile]
    ura: list[Tile]
    haipai: list[list[Tile]]
    draws: list[list[Any]]
    discards: list[list[Any]]
    result: list[Any]
    players: int = 4

    @property
    def dealer(self) -> int:
        """The dealer's seat (kyoku 0 = East 1 is seat 0's deal)."""
        return self.kyoku % 4

    def wins(self) -> list[tuple[int, int, list[int], list[Any]]]:
        """``(winner, from, deltas, line)`` for each winner of a 和了 result (from = winner on tsumo)."""
        if not self.result or self.result[0] != AGARI:
            return []
        out = []
        for i in range(1, len(self.result) - 1, 2):
            deltas, line = self.result[i], self.result[i + 1]
            out.append((int(line[0]), int(line[1]), list(deltas), list(line)))
        return out


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Tenhou6Error(f"{what} must be a whole number, not {value!r}")
    return value


@contextmanager
def _in_hand(index: int) -> Iterator[None]:
    """A Tenhou6Error raised inside says which hand of the file it is about (its number from 1,
    kind ``damaged_hand``), so a user interface can name the hand in the learner's language."""
    try:
        yield
    except Tenhou6Error as e:
        if e.hand is None:
            e.hand, e.kind = index + 1, e.kind or "damaged_hand"
        raise


def parse_kyoku(raw: Any, index: int) -> Kyoku:
    """Check one hand array's shape and tiles; raises Tenhou6Error naming the hand and field."""
    with _in_hand(index):
        return _parse_kyoku(raw, index)


def _parse_kyoku(raw: Any, index: int) -> Kyoku:
    where = f"hand {index + 1}"
    if not isinstance(raw, list) or len(raw) < 16:
        raise Tenhou6Error(f"{where}: a hand needs 16 or 17 entries (header, scores, dora, ura, 4 x 3 lists, result)")
    head = raw[0]
    if not isinstance(head, list) or len(head) != 3:
        raise Tenhou6Error(f"{where}: the header must be [kyoku, honba, sticks]")
    kyoku, honba, sticks = (_int(v, f"{where}: header") for v in head)
    label = round_label(kyoku, honba)
    where = f"hand {label}"
    # a three-player (三麻) hand leaves the fourth seat empty: no dealt tiles, draws or discards
    players = 3 if all(isinstance(x, list) and not x for x in raw[13:16]) else 4
    try:
        if kyoku < 0 or kyoku % 4 >= players:
            raise Tenhou6Error(f"kyoku {kyoku} names a dealer who is not at this {players}-player table")
        if not isinstance(raw[1], list) or len(raw[1]) not in (4, players):
            raise Tenhou6Error("start scores must list four numbers")
        scores = [_int(v, "a start score") for v in raw[1]][:players]
        dora = [code_tile(c) for c in raw[2]]
        ura = [code_tile(c) for c in raw[3]]
        if not dora:
            raise Tenhou6Error("no dora indicator")
        haipai, draws, discards = [], [], []
        for seat in range(4):
            dealt, drawn, thrown = raw[4 + 3 * seat : 7 + 3 * seat]
            if not all(isinstance(x, list) for x in (dealt, drawn, thrown)):
                raise Tenhou6Error(f"seat {seat}: dealt tiles, draws and discards must be lists")
            draws.append(list(drawn))
            discards.append(list(thrown))
            if seat >= players:
                continue
            if len(dealt) != 13:
                raise Tenhou6Error(f"seat {seat} is dealt {len(dealt)} tiles, not 13")
            haipai.append([code_tile(c) for c in dealt])
            for item in drawn:
                if isinstance(item, str):
                    if parse_call(item).letter not in "cpm":
                        raise Tenhou6Error(f"seat {seat}: {item!r} cannot stand in a draw list")
                else:
                    code_tile(item)
            for item in thrown:
                _check_discard(item, seat, players)
        result = raw[16] if len(raw) > 16 else []
        if not isinstance(result, list) or not result or not isinstance(result[0], str):
            raise Tenhou6Error("the result is missing (the log is truncated?)")
        result = _check_result(result, players)
    except Tenhou6Error as e:
        raise Tenhou6Error(f"{where}: {e}", kind=e.kind) from None
    k = Kyoku(label, kyoku, honba, sticks, scores, dora, ura, haipai, draws, discards, result, players)
    _check_counts(k)
    return k


def _check_discard(item: Any, seat: int, players: int = 4) -> None:
    if item == KITA:
        if players != 3:
            raise Tenhou6Error(f"seat {seat}: {KITA!r} (a North set aside) is only in three-player logs")
        return
    if isinstance(item, str):
        if item.startswith("r"):
            rest = item[1:]
            if not rest.isdigit():
                raise Tenhou6Error(f"seat {seat}: riichi discard {item!r} is not r + a tile code")
            if int(rest) != TSUMOGIRI:
                code_tile(int(rest))
        elif parse_call(item).letter not in "ka":
            raise Tenhou6Error(f"seat {seat}: {item!r} cannot stand in a discard list")
    elif item not in (0, TSUMOGIRI):
        code_tile(item)


def _seat_changes(deltas: Any, players: int, what: str) -> list[int]:
    """A list of point changes: four numbers (at three players the empty seat's must be 0,
    and three are accepted too); returns one per seat at the table."""
    if not isinstance(deltas, list) or len(deltas) not in (4, players):
        raise Tenhou6Error(f"{what} needs four point changes")
    values = [_int(v, f"{what}'s point change") for v in deltas]
    if any(values[players:]):
        raise Tenhou6Error(f"{what} pays the empty fourth seat of a three-player table")
    return values[:players]


def _check_result(result: list[Any], players: int = 4) -> list[Any]:
    """Check a hand's result; returns it with every list of point changes cut to the seats
    at the table."""
    name = result[0]
    out = list(result)
    if name == AGARI:
        if len(result) < 3 or len(result) % 2 == 0:
            raise Tenhou6Error("a 和了 result needs a deltas list and a win line per winner")
        for i in range(1, len(result) - 1, 2):
            deltas, line = result[i], result[i + 1]
            if not isinstance(line, list) or len(line) < 3:
                raise Tenhou6Error("a win needs four point changes and a line [winner, from, pao, ...]")
            out[i] = _seat_changes(deltas, players, "a win")
            for v in line[:3]:
                _int(v, "a win's number")
            if not all(0 <= v < players for v in line[:3]):
                raise Tenhou6Error(f"win line {line[:3]} names a seat outside 0..{players - 1}")
    elif name in EXHAUSTIVE_NAMES:
        if len(result) < 2:
            raise Tenhou6Error(f"a {name} result needs four point changes")
        out[1] = _seat_changes(result[1], players, f"a {name} result")
    elif name not in ABORT_REASONS:
        raise Tenhou6Error(f"unknown result {name!r}")
    return out


def _all_tiles(k: Kyoku) -> list[Tile]:
    tiles = [t for h in k.haipai for t in h] + k.dora + k.ura
    for seat in range(4):
        tiles += [code_tile(c) for c in k.draws[seat] if isinstance(c, int)]
    return tiles


def _check_counts(k: Kyoku) -> None:
    """Raise Tenhou6Error when a tile kind (or a red five) appears more often than a set holds; the
    error's ``copies`` says which and how often — ``(tile, times, most)``, the tile in MPSZ (a red
    five's ``most`` is 1) — so a user interface can name it."""
    counts = Counter(t.kind for t in _all_tiles(k))
    for kind, n in counts.items():
        if n > 4:
            raise _too_many(f"hand {k.label}: {Tile(kind)} appears {n} times (at most 4)", str(Tile(kind)), n, 4)
    reds = Counter(t.kind for t in _all_tiles(k) if t.red)
    for kind, n in reds.items():
        if n > 1:
            raise _too_many(f"hand {k.label}: the red {Tile(kind)} appears {n} times", str(Tile(kind)), n, 1)


def _too_many(message: str, tile: str, times: int, most: int) -> Tenhou6Error:
    """The error for a tile seen ``times`` times where a set has ``most``, with those figures as
    ``copies``."""
    err = Tenhou6Error(message)
    err.copies = (tile, times, most)  # type: ignore[attr-defined]
    return err


# ----------------------------------------------------------------------------- walls
def _discard_tile(item: Any, drawn: Tile | None, k: Kyoku, seat: int) -> Tile:
    code = int(item[1:]) if isinstance(item, str) else item
    if code == TSUMOGIRI:
        if drawn is None:
            raise Tenhou6Error(f"hand {k.label}: seat {seat} discards the drawn tile (60) right after a call")
        return drawn
    return code_tile(code)


def _caller(k: Kyoku, di: list[int], giver: int, tile: Tile) -> tuple[int, CallString] | None:
    """The seat whose next draw-list entry is a call on ``giver``'s ``tile`` (pon/kan before chi)."""
    found = []
    for seat in range(4):
        if seat == giver or di[seat] >= len(k.draws[seat]) or not isinstance(k.draws[seat][di[seat]], str):
            continue
        call = parse_call(k.draws[seat][di[seat]])
        if (seat - call.source) % 4 == giver and call.called.kind == tile.kind:  # type: ignore[operator]
            found.append((call.letter == "c", seat, call))
    if not found:
        return None
    _, seat, call = min(found, key=lambda f: (f[0], f[1]))
    return seat, call


def draw_order(k: Kyoku) -> tuple[list[Tile], list[Tile]]:
    """The live-wall draws in the order they happened and the replacement draws (after a kan
    or a North set aside), found by following the turns through the draw and discard lists
    (calls take the turn)."""
    di, ki = [0] * 4, [0] * 4
    live: list[Tile] = []
    rinshan: list[Tile] = []
    seat, need_draw, from_dead = k.dealer, True, False
    last_drawn: list[Tile | None] = [None] * 4
    for _ in range(1000):
        if need_draw:
            if di[seat] >= len(k.draws[seat]):
                break
            item = k.draws[seat][di[seat]]
            if isinstance(item, str):
                raise Tenhou6Error(f"hand {k.label}: seat {seat}'s call {item!r} does not follow a discard it can take")
            di[seat] += 1
            tile = code_tile(item)
            (rinshan if from_dead else live).append(tile)
            last_drawn[seat] = tile
            from_dead = False
        if ki[seat] >= len(k.discards[seat]):
            break
        item = k.discards[seat][ki[seat]]
        ki[seat] += 1
        if isinstance(item, str) and not item.startswith("r"):  # a kan or a North set aside
            need_draw, from_dead = True, True
            last_drawn[seat] = None
            continue
        if item == 0:
            raise Tenhou6Error(f"hand {k.label}: seat {seat} has a 0 discard with no open kan before it")
        tile = _discard_tile(item, last_drawn[seat], k, seat)
        last_drawn[seat] = None
        taker = _caller(k, di, seat, tile)
        if taker is None:
            seat, need_draw = (seat + 1) % k.players, True
            continue
        seat, call = taker
        di[seat] += 1
        if call.letter == "m":
            if ki[seat] >= len(k.discards[seat]) or k.discards[seat][ki[seat]] != 0:
                raise Tenhou6Error(f"hand {k.label}: seat {seat}'s open kan is not followed by a 0 discard")
            ki[seat] += 1
            need_draw, from_dead = True, True
        else:
            need_draw = False
    for s in range(4):
        if di[s] < len(k.draws[s]) or ki[s] < len(k.discards[s]):
            raise Tenhou6Error(f"hand {k.label}: seat {s}'s lists go on after the hand can have ended "
                               f"(draw {di[s] + 1}, discard {ki[s] + 1})")
    return live, rinshan


def build_wall(k: Kyoku, red_fives: int, tile_set: Sequence[Tile] | None = None) -> list[Tile]:
    """A whole wall for the hand in drawing order: dealt tiles in dealing order, the logged
    draws, indicators and replacement tiles in their dead-wall places, every other place
    filled with the set's remaining tiles sorted (so the same log always gives the same wall).
    ``tile_set`` is the set played with (the 136 tiles with ``red_fives`` by default; 108 at
    three players).  At three players a North set aside takes a replacement tile as a kan
    does: up to eight, the four of the dead wall first, then the tiles moved into it from the
    end of the live wall (``Wall.draw_rinshan``)."""
    live_draws, rinshan = draw_order(k)
    tiles = tuple(tile_set) if tile_set is not None else standard_tiles(red_fives)
    pool = Counter(tiles)

    def take(t: Tile) -> Tile:
        if pool[t] <= 0:
            what = f"red {t}" if t.red else str(t)
            raise Tenhou6Error(f"hand {k.label}: more {what} than the tile set holds")
        pool[t] -= 1
        return t

    n = k.players
    order = [(k.dealer + i) % n for i in range(n)]
    live: list[Tile] = []
    for r in range(3):
        for s in order:
            live += [take(t) for t in k.haipai[s][4 * r : 4 * r + 4]]
    live += [take(k.haipai[s][12]) for s in order]
    live += [take(t) for t in live_draws]
    size = len(tiles) - DEAD_WALL
    if len(live) > size - len(rinshan):
        raise Tenhou6Error(f"hand {k.label}: {len(live_draws)} draws are more than the wall holds")
    replacements = 8 if n == 3 else 4
    if len(k.dora) > 5 or len(rinshan) > replacements or len(k.ura) > 5:
        raise Tenhou6Error(f"hand {k.label}: more indicators or replacement tiles than a dead wall holds")
    dead: list[Tile | None] = [None] * DEAD_WALL
    for i, t in enumerate(k.dora):
        dead[8 - 2 * i] = take(t)
    for i, t in enumerate(k.ura):
        dead[9 - 2 * i] = take(t)
    for i, t in enumerate(rinshan[:4]):
        dead[RINSHAN_SLOTS[i]] = take(t)
    # replacements after the fourth: the last live tiles, the very last first
    tail = [take(t) for t in rinshan[4:]]
    rest = sorted(pool.elements())
    rest.reverse()
    live += [rest.pop() for _ in range(size - len(live) - len(tail))]
    live += reversed(tail)
    return live + [t if t is not None else rest.pop() for t in dead]


# ----------------------------------------------------------------------------- replay
class _Driver:
    """Chooses each seat's action from its tenhou.net/6 lists while our engine plays the hand."""

    def __init__(self, k: Kyoku, rnd: Round) -> None:
        self.k, self.rnd = k, rnd
        self.di, self.ki = [0] * 4, [0] * 4
        self.seen = 0
        self.ron_from = {(who, frm) for who, frm, _, _ in k.wins() if who != frm}
        self.tsumo = {who for who, frm, _, _ in k.wins() if who == frm}
        self.events()

    def fail(self, text: str) -> Tenhou6Error:
        return Tenhou6Error(f"hand {self.k.label}: {text}")

    def events(self) -> None:
        """Follow the engine's draws and calls through the lists, checking each drawn tile."""
        rnd, k = self.rnd, self.k
        for ev in rnd.events[self.seen :]:
            if ev["type"] == "draw":
                s = ev["seat"]
                if self.di[s] >= len(k.draws[s]):
                    raise self.fail(f"seat {s} draws {ev['tile']} but the log has no more draws for them")
                item = k.draws[s][self.di[s]]
                if isinstance(item, str) or str(code_tile(item)) != ev["tile"]:
                    raise self.fail(f"seat {s}'s draw {self.di[s] + 1} is {item!r} in the log, the wall gives "
                                    f"{ev['tile']}")
                self.di[s] += 1
            elif ev["type"] == "call":
                s = ev["seat"]
                self.di[s] += 1
                if ev["call"] == "daiminkan":
                    self.ki[s] += 1
        self.seen = len(rnd.events)

    def turn_action(self, seat: int) -> Action:
        k, s = self.k, self.rnd.seats[seat]
        if self.ki[seat] >= len(k.discards[seat]):
            if seat in self.tsumo:
                return Tsumo()
            if ABORT_REASONS.get(k.result[0]) == "kyuushu":
                return AbortiveDraw("kyuushu")
            raise self.fail(f"seat {seat} has no discard left but the hand is not over in our replay")
        item = k.discards[seat][self.ki[seat]]
        self.ki[seat] += 1
        if item == KITA:
            return Kita()
        if isinstance(item, str) and not item.startswith("r"):
            call = parse_call(item)
            kind = MeldKind.KAN_CLOSED if call.letter == "a" else MeldKind.KAN_ADDED
            return Kan(kind, call.called)
        tile = _discard_tile(item, s.drawn if not self.rnd.after_call else None, k, seat)
        return Riichi(tile) if isinstance(item, str) else Discard(tile)

    def answer(self, seat: int, legal: list[Action]) -> Action:
        rnd, k = self.rnd, self.k
        giver = rnd.last_from
        last = giver is not None and self.ki[giver] >= len(k.discards[giver])
        if last and ((seat, giver) in self.ron_from or (ABORT_REASONS.get(k.result[0]) == "sanchahou"
                                                        and Ron() in legal)):
            return Ron()
        if self.di[seat] < len(k.draws[seat]) and isinstance(k.draws[seat][self.di[seat]], str):
            call = parse_call(k.draws[seat][self.di[seat]])
            tile = rnd.last_tile
            if (giver is not None and tile is not None and rnd.call_kind == "discard"
                    and (seat - (call.source or 0)) % 4 == giver and call.called.kind == tile.kind):
                want = sorted(call.others)
                for a in legal:
                    if call.letter == "c" and isinstance(a, Chi) and sorted(a.tiles) == want:
                        return a
                    if call.letter == "p" and isinstance(a, Pon) and sorted(a.tiles) == want:
                        return a
                    if call.letter == "m" and isinstance(a, Kan):
                        return a
                raise self.fail(f"seat {seat} cannot make the call {k.draws[seat][self.di[seat]]!r} here")
        return Pass()

    def next_action(self, seat: int) -> Action:
        """The action ``seat`` takes now, read from the log."""
        legal = self.rnd.legal_actions(seat)
        if self.rnd.phase is Phase.TURN:
            return self.turn_action(seat)
        if self.rnd.phase is Phase.DRAW:
            # a tenpai hand kept hidden counts as noten: the log shows it as a payer
            paid = self.k.result[0] in EXHAUSTIVE_NAMES and self.k.result[1][seat] < 0
            return DeclareTenpai(show=not paid or self.k.result[0] == NAGASHI)
        return self.answer(seat, legal)


def play_hand(k: Kyoku, rnd: Round, fixed: list[list[Any]] | None = None) -> list[tuple[int, Action]]:
    """Play the hand on ``rnd`` with the actions the log shows (or the ``fixed`` native actions);
    returns them.  Raises Tenhou6Error naming the hand when our engine refuses one."""
    taken: list[tuple[int, Action]] = []
    if fixed is not None:
        for j, (seat, data) in enumerate(fixed):
            try:
                action = action_from_json(data)
                rnd.apply(seat, action)
            except ValueError as e:
                raise Tenhou6Error(f"hand {k.label}, action {j + 1}: {e}") from None
            taken.append((seat, action))
        return taken
    driver = _Driver(k, rnd)
    for _ in range(2000):
        if rnd.ended:
            return taken
        for seat in rnd.to_act():
            if not rnd.legal_actions(seat):
                continue
            action = driver.next_action(seat)
            try:
                rnd.apply(seat, action)
            except IllegalAction as e:
                raise driver.fail(f"seat {seat}'s {_describe(action)} breaks our rules: {e.reason}") from None
            taken.append((seat, action))
            driver.events()
            if rnd.ended or rnd.phase is Phase.TURN:
                break
    raise Tenhou6Error(f"hand {k.label}: the hand does not end")


def _describe(action: Action) -> str:
    data = action_to_json(action)
    return " ".join(str(v) if not isinstance(v, list) else "".join(v) for v in data.values())


# ----------------------------------------------------------------------------- comparing
_FU_HAN = re.compile(r"(\d+)符(\d+)飜")


class ImportNote(str):
    """One difference found while importing, as an English sentence (what ``trainer log`` and
    ``trainer review`` print, and what the imported game keeps) that carries its figures in
    ``data`` for the app to word in the learner's language: ``kind`` and the hand (``kyoku``: 0 is
    East 1, ``honba``), seats 0-based as in the log, then by kind —

    * ``payment``: ``seat`` (the first seat whose payment differs: a winner first), ``log`` and
      ``ours`` (that seat's figures), ``others`` (how many more seats differ), ``why`` (a list:
      ``{"kind": "fu_han", "log_fu", "log_han", "fu", "han"}``, ``{"kind": "yaku_missing" |
      "yaku_added", "yaku": [...]}``, or ``{"kind": "split", "second": bool}`` — honba, riichi
      sticks or pao);
    * ``no_win`` (``ours``: how our engine ended the hand), ``winner`` (``seat``: a winner of the
      log our engine does not see);
    * ``no_draw`` (``ours``), ``draw_payments`` (``log``, ``ours``: the four payments;
      ``nagashi``, ``tenpai``);
    * ``abort`` (``name``, ``reason``, ``ours``, ``ours_reason``);
    * ``position`` (``ours_kyoku``, ``ours_honba``, ``ours_sticks``, ``sticks``), ``start_scores``
      (``log``, ``ours``);
    * ``unfinished`` (``hands``: the log ends before our rules end the match; no hand)."""

    data: dict[str, Any]

    def __new__(cls, text: str, data: dict[str, Any]) -> ImportNote:
        note = super().__new__(cls, text)
        note.data = data
        return note


def compare_result(k: Kyoku, rnd: Round) -> list[str]:
    """Differences between the log's result and our engine's, one :class:`ImportNote` each."""
    r = rnd.result
    assert r is not None
    name = k.result[0]
    notes: list[str] = []
    where = f"hand {k.label}"
    hand = {"kyoku": k.kyoku, "honba": k.honba}
    if name == AGARI:
        if r.kind not in ("ron", "tsumo"):
            return [ImportNote(f"{where}: the log has a win, our engine ends the hand with {r.kind}",
                               {"kind": "no_win", **hand, "ours": r.kind})]
        ours = {w.seat: w for w in r.wins}
        extra = [r.deltas[s] - sum(w.deltas[s] for w in r.wins) for s in range(rnd.n)]
        for i, (who, _frm, deltas, line) in enumerate(k.wins()):
            w = ours.get(who)
            if w is None:
                notes.append(ImportNote(f"{where}: the log has seat {who} winning, our engine does not",
                                        {"kind": "winner", **hand, "seat": who}))
                continue
            mine = [d + (extra[s] if w is r.wins[0] else 0) for s, d in enumerate(w.deltas)]
            if mine != deltas:
                # the seat whose payment differs, the winner first: its two figures differ
                differ = [s for s in (who, *range(rnd.n)) if mine[s] != deltas[s]]
                seat = differ[0]
                why = _why(line, w, i)
                notes.append(ImportNote(
                    f"{where}: the log says seat {seat} gets {deltas[seat]}, our engine gives {mine[seat]}"
                    f" because {'; '.join(_why_text(x) for x in why)}",
                    {"kind": "payment", **hand, "seat": seat, "log": deltas[seat], "ours": mine[seat],
                     "others": len(set(differ)) - 1, "why": why}))
    elif name in EXHAUSTIVE_NAMES:
        if r.kind != "exhaustive":
            return [ImportNote(f"{where}: the log has an exhaustive draw, our engine ends the hand with {r.kind}",
                               {"kind": "no_draw", **hand, "ours": r.kind})]
        if list(r.deltas) != list(k.result[1]):
            nagashi = name == NAGASHI or bool(r.nagashi)
            why = "nagashi mangan" if nagashi else f"tenpai seats {list(r.tenpai)}"
            notes.append(ImportNote(
                f"{where}: the log pays {k.result[1]} at the draw, our engine {list(r.deltas)} ({why})",
                {"kind": "draw_payments", **hand, "log": list(k.result[1]), "ours": list(r.deltas),
                 "nagashi": nagashi, "tenpai": list(r.tenpai)}))
    else:
        reason = ABORT_REASONS[name]
        if r.kind != "abortive" or r.abort_reason != reason:
            notes.append(ImportNote(
                f"{where}: the log ends in {name} ({reason}), our engine with {r.kind}"
                f"{' ' + str(r.abort_reason) if r.abort_reason else ''}",
                {"kind": "abort", **hand, "name": name, "reason": reason, "ours": r.kind,
                 "ours_reason": r.abort_reason}))
    return notes


def _why(line: list[Any], w: Any, index: int) -> list[dict[str, Any]]:
    """Why a win is paid differently, as data (see :class:`ImportNote`, ``payment``)."""
    text = str(line[3]) if len(line) > 3 else ""
    m = _FU_HAN.search(text)
    names = yaku_names()
    theirs = {re.sub(r"\(.*\)$", "", str(y)) for y in line[4:]}
    mine = {names.get(y, y) for y in w.yaku}
    parts: list[dict[str, Any]] = []
    if m and (int(m.group(1)), int(m.group(2))) != (w.fu, w.han):
        parts.append({"kind": "fu_han", "log_fu": int(m.group(1)), "log_han": int(m.group(2)), "fu": w.fu,
                      "han": w.han})
    missing, added = sorted(theirs - mine - {names["dora"], "赤ドラ", "裏ドラ", "抜きドラ"}), sorted(mine - theirs)
    if missing:
        parts.append({"kind": "yaku_missing", "yaku": missing})
    if added:
        parts.append({"kind": "yaku_added", "yaku": added})
    if not parts:
        parts.append({"kind": "split", "second": bool(index)})
    return parts


def _why_text(why: dict[str, Any]) -> str:
    """One reason of :func:`_why` in English (the command line's words)."""
    if why["kind"] == "fu_han":
        return f"the log counts {why['log_fu']} fu {why['log_han']} han, ours {why['fu']} fu {why['han']} han"
    if why["kind"] == "yaku_missing":
        return f"the log has yaku {', '.join(why['yaku'])} that our engine does not count"
    if why["kind"] == "yaku_added":
        return f"our engine counts {', '.join(why['yaku'])} that the log does not"
    return "the payment is split differently (honba, riichi sticks or pao)" + (
        " for the second winner" if why.get("second") else "")


# ----------------------------------------------------------------------------- the whole log
@dataclass
class Imported:
    """A tenhou.net/6 log read into our game ``log``; ``notes`` lists each difference found (each an
    :class:`ImportNote`: an English sentence with its figures as data)."""

    log: dict[str, Any]
    notes: list[str] = field(default_factory=list)


def parse_log(data: Any) -> list[Kyoku]:
    """Every hand of a tenhou.net/6 log object, checked for shape."""
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise Tenhou6Error("not a tenhou.net/6 log (no \"log\" list)")
    if not data["log"]:
        raise Tenhou6Error("the log has no hands")
    return [parse_kyoku(raw, i) for i, raw in enumerate(data["log"])]


def rule_options(data: dict[str, Any], preset: Any) -> dict[str, Any]:
    """Rule settings the log's ``rule`` states and the preset does not already have:
    red fives (``aka`` / ``aka51``..``aka53``) and East-only (東) or East-South (南) in ``disp``."""
    rule = data.get("rule")
    out: dict[str, Any] = {}
    if not isinstance(rule, dict):
        return out
    akas = [rule[key] for key in ("aka", "aka51", "aka52", "aka53") if isinstance(rule.get(key), int)]
    if akas:
        red = 1 if max(akas) > 0 else 0
        if red != preset.red_fives:
            out["red_fives"] = red
    disp = str(rule.get("disp", ""))
    length = "tonpuusen" if "東" in disp else "hanchan" if "南" in disp else None
    if length and length != preset.game_length:
        out["game_length"] = length
    return out


def from_tenhou6(data: Any, rules: str = "tenhou") -> Imported:
    """Read a tenhou.net/6 log object into our game log, replaying every hand through our
    engine.  ``rules`` is the preset used where the log's ``rule`` says nothing.  Raises
    Tenhou6Error with a one-line reason naming the hand when the log cannot be read or
    played; differences in scoring go to ``notes``."""
    hands = parse_log(data)
    players = hands[0].players
    for i, k in enumerate(hands):
        if k.players != players:
            raise Tenhou6Error(f"hand {k.label}: {k.players} players, but the log began with {players}",
                               kind="damaged_hand", hand=i + 1)
    ext = data.get(EXTENSION) if isinstance(data.get(EXTENSION), dict) else None
    preset = (ext or {}).get("rules", rules)
    probe = records.match_rules(preset)
    if getattr(probe, "players", 4) != players:
        if ext is not None:
            raise Tenhou6Error(f"the {EXTENSION} key's rules {preset!r} are not for {players} players")
        # a three-player log asked to be read with four-player rules (or the other way round)
        preset = THREE_PLAYER_PRESET if players == 3 else FOUR_PLAYER_PRESET
        probe = records.match_rules(preset)
    options = dict(ext.get("rule_options") or {}) if ext else rule_options(data, probe)
    game_rules = records.match_rules(preset, options)
    removed = getattr(game_rules, "removed_kinds", frozenset())
    tile_set = tuple(t for t in standard_tiles(game_rules.red_fives) if t.kind not in removed)
    walls_text = ext.get("walls") if ext else None
    fixed = (ext or {}).get("actions") or {}
    if walls_text is not None and len(walls_text) != len(hands):
        raise Tenhou6Error(f"the {EXTENSION} key has {len(walls_text)} walls for {len(hands)} hands")
    from trainer.engine.notation import parse_tiles

    walls = []
    for i, k in enumerate(hands):
        if walls_text is not None:
            try:
                walls.append(parse_tiles(walls_text[i], max_copies=None))
            except ValueError as e:
                raise Tenhou6Error(f"hand {k.label}: bad stored wall: {e}") from None
        else:
            walls.append(build_wall(k, game_rules.red_fives, tile_set))
    names = data.get("name")
    if isinstance(names, list) and len(names) in (4, players):
        seated = [str(n) for n in names[:players]]
    else:
        seated = [f"seat {i}" for i in range(players)]
    if ext is not None:
        choice = ext.get("tenpai_choice") or ()
    else:  # tenhou lets every player keep a tenpai hand hidden; the draw payments tell who did
        from trainer.engine.game.options import game_options

        choice = tuple(range(players)) if game_options(game_rules).noten_declaration else ()
    match = Match(game_rules, (ext or {}).get("seed"), walls=walls, tenpai_choice=choice)
    recorder = records.Recorder(match, seated)
    recorder.log["rules"] = preset
    first = hands[0]
    if [first.kyoku, first.honba, first.sticks, first.scores] != [0, 0, 0, list(match.scores)]:
        start = {"round": first.kyoku // 4, "hand": first.kyoku % 4, "honba": first.honba, "sticks": first.sticks,
                 "scores": list(first.scores)}
        records.set_start(match, start)
        recorder.log["start"] = start
    if options:
        recorder.log["rule_options"] = options
    notes: list[str] = []
    for i, k in enumerate(hands):
        if match.finished:
            raise Tenhou6Error(f"hand {k.label}: by our rules the match was already over ({match.end_reason})")
        rnd = match.start_round()
        at = 4 * match.round_index + match.hand_number
        if [at, match.honba, match.sticks] != [k.kyoku, k.honba, k.sticks]:
            notes.append(ImportNote(
                f"hand {k.label}: our replay is at {round_label(at, match.honba)} "
                f"with {match.sticks} sticks, the log at {k.label} with {k.sticks}",
                {"kind": "position", "kyoku": k.kyoku, "honba": k.honba, "sticks": k.sticks, "ours_kyoku": at,
                 "ours_honba": match.honba, "ours_sticks": match.sticks}))
        if list(match.scores) != k.scores:
            notes.append(ImportNote(f"hand {k.label}: the log starts with {k.scores}, our replay with {list(match.scores)}",
                                    {"kind": "start_scores", "kyoku": k.kyoku, "honba": k.honba, "log": list(k.scores),
                                     "ours": list(match.scores)}))
        recorder.start_hand(rnd)
        with _in_hand(i):
            for seat, action in play_hand(k, rnd, fixed.get(str(i))):
                recorder.action(seat, action)
        recorder.end_hand(rnd)
        notes += compare_result(k, rnd)
        match.finish_round()
    log = recorder.finish()
    if not match.finished:
        notes.append(ImportNote(f"the log ends after {len(hands)} hands; by our rules the match is not over",
                                {"kind": "unfinished", "hands": len(hands)}))
    return Imported(log, notes)


def derived_actions(data: dict[str, Any]) -> list[list[list[Any]]]:
    """Per hand, the native actions a reader derives from the tenhou.net/6 lists (on the stored walls)."""
    plain = {key: value for key, value in data.items()}
    ext = dict(plain[EXTENSION])
    ext.pop("actions", None)
    plain[EXTENSION] = ext
    log = from_tenhou6(plain).log
    return [h["actions"] for h in log["hands"]]


def structure_problems(data: Any) -> list[str]:
    """An independent check of a tenhou.net/6 log's structure, without our engine: 13 dealt
    tiles per seat (none for the empty seat of a three-player log), valid tile codes and call
    strings, no tile more than four times, and each hand's start scores = the previous start +
    its point changes - riichi sticks put down."""
    problems: list[str] = []
    try:
        hands = parse_log(data)
    except Tenhou6Error as e:
        return [str(e)]
    for prev, nxt in zip(hands, hands[1:], strict=False):
        n = prev.players
        changes = [0] * n
        if prev.result[0] == AGARI:
            for _, _, deltas, _ in prev.wins():
                changes = [a + b for a, b in zip(changes, deltas, strict=True)]
        elif len(prev.result) > 1 and isinstance(prev.result[1], list):
            changes = list(prev.result[1])
        deposits = [0] * n
        ron_from = {frm for who, frm, _, _ in prev.wins() if who != frm}
        for seat in range(n):
            riichi = [x for x in prev.discards[seat] if isinstance(x, str) and x.startswith("r")]
            if riichi:
                last = prev.discards[seat][-1]
                robbed = seat in ron_from and isinstance(last, str) and last.startswith("r")
                deposits[seat] = 0 if robbed else 1000
        expect = [prev.scores[s] + changes[s] - deposits[s] for s in range(n)]
        if expect != nxt.scores:
            problems.append(f"hand {nxt.label}: start scores {nxt.scores}, expected {expect} from hand {prev.label}")
    return problems


__all__ = ["ImportNote", "Imported", "Kyoku", "build_wall", "derived_actions", "draw_order", "from_tenhou6", "parse_kyoku",
           "parse_log", "play_hand", "rule_options", "structure_problems"]
