"""A hand as a paifu (牌譜): the game record in the table form of seed 000 («Как читать паифу»).

Each player's block has the seat (家) and name (名) and four rows: 配牌 the dealt hand, 取 the
tiles taken (a draw, or a discard called with chi/pon/kan), 出 the discards, and 最終 the
final hand.  Every column is one turn of that player.  The dealer's fourteenth tile comes
with the deal, so the dealer's first 取 cell is empty.  A discard of the tile just drawn
(tsumogiri) is written as ↓ in the 出 row, a tile from the hand (tedashi) as the tile; a
riichi discard is marked 立直; a call made on the player's own draw (a closed or added kan,
a tsumo) is noted over the 取 cell, and a call other players made on the discard (chi, pon,
kan, ron) under the 出 cell.  A kan takes a column of its own (nothing is discarded in it).

:func:`paifu_of` reads one hand of a game log through the engine's replay, so the record
always matches the replay viewer; each cell keeps the index of the action that completed
it, so a viewer can light the column of the moment it shows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Literal

from trainer.engine.game.records import RecordError, check_header, replay
from trainer.engine.hand import Hand
from trainer.engine.notation import format_hand, format_tiles

CALL_MARKS = {"chi": "吃", "pon": "碰", "daiminkan": "槓", "ankan": "槓", "shouminkan": "槓", "ron": "栄",
              "tsumo": "自摸", "riichi": "立直"}
"""The kanji the seed's form writes for each call (chi 吃, pon 碰, kan 槓, ron 栄, tsumo 自摸, riichi 立直)."""


EXAMPLES = "paifu"
"""The folder of ``trainer/engine/data`` with the hands lessons show as a record (one-hand game logs)."""

WINDS = "ESWN"
"""Seat winds as lessons name them: a player's block is found by its wind in the hand."""

CellAsk = Literal["riichi", "call", "tsumogiri"]
"""What a lesson may ask the learner to find in a record: the turn a player declared riichi,
a discard another player called (chi, pon, kan or ron), a discard of the tile just drawn."""


@dataclass
class Cell:
    """One turn of a player: ``take`` the tile drawn or called ("" for the dealer's first turn),
    ``took_by`` how it came when not by a plain draw (``chi``, ``pon``, ``daiminkan``,
    ``rinshan``), ``own_call`` a call made on the own tile (``ankan``, ``shouminkan``,
    ``tsumo``), ``discard`` the tile discarded ("" in a kan column or at the end),
    ``tsumogiri`` and ``riichi`` for that discard, ``called`` a call others made on it
    (``chi``, ``pon``, ``daiminkan``, ``ron``) with ``called_seat``, and ``action``: the index
    in the hand's actions after which the cell is complete (-1: at the deal)."""

    take: str = ""
    took_by: str = ""
    own_call: str = ""
    discard: str = ""
    tsumogiri: bool = False
    riichi: bool = False
    called: str = ""
    called_seat: int | None = None
    action: int = -1


@dataclass
class SeatRecord:
    """One player's block: seat, name, seat wind (0 East .. 3 North), the dealt hand (the
    dealer's with the fourteenth tile), the turns and the final hand (MPSZ, melds in brackets)."""

    seat: int
    name: str
    wind: int
    dealt: str
    cells: list[Cell] = field(default_factory=list)
    final: str = ""


@dataclass
class Paifu:
    """One hand as a record: the header (rules, round wind, hand number, honba, riichi sticks on
    the table, the start scores, the dora indicators shown by the end and the ura indicators
    when a riichi hand won), the players' blocks, and the result (``result``: the log's result
    object; ``deltas``: points gained or lost)."""

    rules: str
    round: int
    hand: int
    honba: int
    sticks: int
    scores: list[int]
    dora: str
    ura: str
    seats: list[SeatRecord]
    result: dict[str, Any]

    def cell_at(self, action: int) -> tuple[int, int] | None:
        """(seat, column) of the latest cell completed by ``action`` (or before it); None
        before the first discard."""
        best: tuple[int, int, int] | None = None
        for rec in self.seats:
            for col, c in enumerate(rec.cells):
                if c.action <= action and (best is None or c.action > best[0]):
                    best = (c.action, rec.seat, col)
        return None if best is None or best[0] < 0 else (best[1], best[2])


def paifu_of(log: dict[str, Any], hand_index: int = 0) -> Paifu:
    """The record of hand ``hand_index`` of a game log, from its replay (raises RecordError for a
    log that does not replay)."""
    rnd = None
    mark = 0  # events already read
    action = -1
    recs: list[SeatRecord] = []
    h = log["hands"][hand_index]
    hand_no = -1
    for rnd, who, _act in replay(log, allow_unfinished=True):
        if who is None:
            hand_no += 1
            if hand_no > hand_index:
                break
            if hand_no < hand_index:
                continue
            mark, action = 0, -1
            recs = [SeatRecord(s, str(log["players"][s]), rnd.seat_wind(s) - 27,
                               format_tiles(sorted(seat.concealed)))
                    for s, seat in enumerate(rnd.seats)]
            mark = _read_events(rnd, recs, mark, action, first=True)
            continue
        if hand_no != hand_index:
            continue
        action += 1
        mark = _read_events(rnd, recs, mark, action)
        if rnd.ended:
            break
    assert rnd is not None
    for rec, seat in zip(recs, rnd.seats, strict=True):
        rec.final = format_hand(Hand(tuple(sorted(seat.concealed)), tuple(seat.melds)))
    result = rnd.result.to_json() if rnd.result is not None else {}
    ura = ""
    if result.get("wins") and any(rnd.seats[w["seat"]].riichi for w in result["wins"]):
        ura = format_tiles(rnd.wall.ura_indicators)
    return Paifu(str(log["rules"]), int(h.get("round", 0)), int(h.get("hand", 0)), int(h.get("honba", 0)),
                 int(h.get("sticks", 0)), list(h["scores"]), format_tiles(rnd.wall.dora_indicators), ura, recs, result)


def cell_id(wind: int, column: int) -> str:
    """How a lesson names a cell: the player's seat wind letter and the turn, from 1 (``"S8"``)."""
    return f"{WINDS[wind]}{column + 1}"


def find_cells(p: Paifu, ask: CellAsk, wind: str | None = None, call: str | None = None) -> frozenset[str]:
    """The cells that answer a question about the record (see :data:`CellAsk`): for ``riichi`` and
    ``tsumogiri`` the cells of the player with seat wind ``wind``; for ``call`` the discards of any
    player called with ``call`` (``chi``, ``pon``, ``kan``: any open kan, ``ron``)."""
    out = set()
    for rec in p.seats:
        if wind is not None and WINDS[rec.wind] != wind:
            continue
        for col, c in enumerate(rec.cells):
            if ask == "riichi":
                hit = c.riichi
            elif ask == "tsumogiri":
                hit = bool(c.discard) and c.tsumogiri
            else:
                hit = bool(c.called) and (c.called == call or (call == "kan" and c.called == "daiminkan"))
            if hit:
                out.add(cell_id(rec.wind, col))
    return frozenset(out)


@cache
def example_log(name: str) -> dict[str, Any]:
    """A hand shipped for lessons (``trainer/engine/data/paifu/<name>.json``, a one-hand game log);
    RecordError when there is no such file or it is not a game log."""
    if not name.replace("_", "").isalnum():
        raise RecordError(f"paifu example {name!r}: a name is letters, digits and _")
    try:
        text = resources.files("trainer.engine").joinpath("data", EXAMPLES, f"{name}.json").read_text(encoding="utf-8")
    except (OSError, FileNotFoundError):
        raise RecordError(f"paifu example {name!r}: no file data/{EXAMPLES}/{name}.json") from None
    try:
        log = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"paifu example {name!r}: line {e.lineno}: not JSON: {e.msg}") from None
    check_header(log, f"paifu example {name!r}")
    return log


@cache
def example(name: str) -> Paifu:
    """The record of a shipped hand (see :func:`example_log`)."""
    return paifu_of(example_log(name))


def hand_log(log: dict[str, Any], i: int) -> dict[str, Any]:
    """Hand ``i`` of a match as a game log of its own that opens where the hand began (``start``)."""
    h = log["hands"][i]
    out = {k: log[k] for k in ("format", "version", "rules", "seed", "players") if k in log}
    if log.get("rule_options"):
        out["rule_options"] = log["rule_options"]
    out["start"] = {"round": h["round"], "hand": h["hand"], "honba": h["honba"], "sticks": h["sticks"],
                    "scores": h["scores"]}
    out["hands"] = [h]
    out["final"] = None
    return out


def _read_events(rnd: Any, recs: list[SeatRecord], mark: int, action: int, first: bool = False) -> int:
    """Write the round's events since ``mark`` into the blocks; returns the new mark."""
    for e in rnd.events[mark:]:
        kind = e["type"]
        if kind == "draw":
            rec = recs[e["seat"]]
            if first:  # the dealer's fourteenth tile: dealt, not drawn
                rec.cells.append(Cell(action=action))
            else:
                rec.cells.append(Cell(take=e["tile"], took_by="rinshan" if e.get("rinshan") else "", action=action))
        elif kind == "call":
            recs[e["from"]].cells[-1].called, recs[e["from"]].cells[-1].called_seat = e["call"], e["seat"]
            recs[e["seat"]].cells.append(Cell(take=e["tile"], took_by=e["call"], action=action))
        elif kind == "kan":
            cell = recs[e["seat"]].cells[-1]
            cell.own_call = e["kan"]
            cell.action = action
        elif kind == "discard":
            cell = recs[e["seat"]].cells[-1]
            cell.discard, cell.tsumogiri, cell.riichi, cell.action = e["tile"], e["tsumogiri"], e["riichi"], action
        elif kind == "win":
            for w in e["wins"]:
                if w.get("tsumo"):
                    cell = recs[w["seat"]].cells[-1]
                    cell.own_call, cell.action = "tsumo", action
                else:
                    cell = recs[w["from"]].cells[-1]
                    cell.called, cell.called_seat = "ron", w["seat"]
    return len(rnd.events)


__all__ = ["CALL_MARKS", "WINDS", "Cell", "CellAsk", "Paifu", "SeatRecord", "cell_id", "example", "example_log",
           "find_cells", "hand_log", "paifu_of"]
