"""Tile codes, call strings and result names of the tenhou.net/6 JSON log format.

The format is described in ``docs/game-log.md`` (section "tenhou.net/6").  Tiles are
two-digit numbers: 11-19 characters (man), 21-29 circles (pin), 31-39 bamboo (sou),
41-47 East South West North, white, green, red dragon; 51/52/53 the red fives of
man/pin/sou; 60 in a discard list means "the tile just drawn" (tsumogiri).

Calls are strings of tile codes with one letter.  ``c`` chi, ``p`` pon, ``m`` open
kan (daiminkan) stand in a player's draw list; ``k`` added kan (shouminkan) and
``a`` closed kan (ankan) stand in the discard list.  The letter sits in front of
the called tile, and where it sits says whom the tile came from: first for the
player on the left (kamicha), second for the one across (toimen), last for the
one on the right (shimocha) -- for an open kan from the right the letter comes before
the fourth tile; an added kan keeps the letter where its pon had it.

Three-player (sanma) logs keep the four-seat table with the North seat empty: its dealt
tiles, draws and discards are empty lists, and "left / across / right" are counted around
all four seats, so East and West sit across from each other.  A North set aside as
nukidora (kita) is ``"f44"`` in the discard list; the replacement tile is the next draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.game.records import RecordError
from trainer.engine.tiles import Tile

TSUMOGIRI = 60
KITA = "f44"  # a North set aside (nukidora) in a three-player discard list
AGARI = "和了"
RYUUKYOKU = "流局"
ALL_TENPAI = "全員聴牌"
ALL_NOTEN = "全員不聴"
NAGASHI = "流し満貫"
EXHAUSTIVE_NAMES = (RYUUKYOKU, ALL_TENPAI, ALL_NOTEN, NAGASHI)
ABORT_NAMES = {
    "kyuushu": "九種九牌",
    "suufon": "四風連打",
    "suucha": "四家立直",
    "suukaikan": "四槓散了",
    "sanchahou": "三家和了",
}
# spellings other writers use for the same abortive draws
ABORT_ALIASES = {"四開槓": "suukaikan", "三家和": "sanchahou"}
ABORT_REASONS = {v: k for k, v in ABORT_NAMES.items()} | ABORT_ALIASES

RED_CODES = {51: 4, 52: 13, 53: 22}  # code -> kind of the red five


class Tenhou6Error(RecordError):
    """A tenhou.net/6 log (or one of its fields) that cannot be read."""


def tile_code(tile: Tile) -> int:
    """The tenhou.net/6 number of ``tile`` (a red five is 51/52/53)."""
    if tile.red:
        return 51 + tile.kind // 9
    return 10 * (tile.kind // 9 + 1) + tile.kind % 9 + 1


def code_tile(code: object) -> Tile:
    """The tile a tenhou.net/6 number stands for; raises Tenhou6Error for any other value."""
    if isinstance(code, bool) or not isinstance(code, int):
        raise Tenhou6Error(f"{code!r} is not a tile code", kind="bad_tile")
    if code in RED_CODES:
        return Tile(RED_CODES[code], red=True)
    suit, number = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return Tile(9 * (suit - 1) + number - 1)
    if suit == 4 and 1 <= number <= 7:
        return Tile(27 + number - 1)
    raise Tenhou6Error(f"{code} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)", kind="bad_tile")


@dataclass(frozen=True, slots=True)
class CallString:
    """A parsed call: ``letter`` (c p m k a), the ``called`` tile (the one after the letter),
    the ``others`` in the string, and ``source``: 1 left, 2 across, 3 right (seats after
    the giver, i.e. ``(caller - giver) % 4``, around four seats even at three players),
    None for a closed kan."""

    letter: str
    called: Tile
    others: tuple[Tile, ...]
    source: int | None


_LENGTHS = {"c": 3, "p": 3, "m": 4, "k": 4, "a": 4}


def parse_call(text: str) -> CallString:
    """Read a call string such as ``"c275226"`` or ``"39m393939"``; raises Tenhou6Error naming the fault."""
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) != 1 or letters[0] not in _LENGTHS:
        raise Tenhou6Error(f"call {text!r}: needs exactly one of the letters c, p, m, k, a")
    letter = letters[0]
    at = text.index(letter)
    digits = text[:at] + text[at + 1 :]
    if not digits.isdigit() or len(digits) != 2 * _LENGTHS[letter] or at % 2:
        raise Tenhou6Error(f"call {text!r}: expected {_LENGTHS[letter]} two-digit tile codes")
    tiles = [code_tile(int(digits[i : i + 2])) for i in range(0, len(digits), 2)]
    slot = at // 2
    called = tiles.pop(slot)
    if len({t.kind for t in [*tiles, called]}) != 1 and letter != "c":
        raise Tenhou6Error(f"call {text!r}: the tiles of a {letter} must be one kind")
    if letter == "c":
        if slot != 0:
            raise Tenhou6Error(f"call {text!r}: a chi is always from the left (c first)")
        kinds = sorted(t.kind for t in [*tiles, called])
        if kinds[0] >= 27 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2] or kinds[0] % 9 > 6:
            raise Tenhou6Error(f"call {text!r}: a chi must be three consecutive tiles of one suit")
        return CallString(letter, called, tuple(tiles), 1)
    if letter == "a":
        if slot != 3:
            raise Tenhou6Error(f"call {text!r}: a closed kan is written ttt a t")
        return CallString(letter, called, tuple(tiles), None)
    last = 3 if letter == "m" else 2  # an open kan from the right puts its letter last of four
    source = {0: 1, 1: 2, last: 3}.get(slot)
    if source is None:
        raise Tenhou6Error(f"call {text!r}: the letter is in no giver's position")
    return CallString(letter, called, tuple(tiles), source)


def write_call(letter: str, called: Tile, others: list[Tile], source: int | None) -> str:
    """The call string for ``called`` plus ``others`` taken from ``source`` (1 left, 2 across,
    3 right; None for a closed kan, written with the letter before the last tile)."""
    codes = [str(tile_code(t)) for t in others]
    if letter == "a" or source is None:
        slot = 3
    elif source == 3:
        slot = 3 if letter == "m" else 2
    else:
        slot = source - 1
    codes.insert(slot, f"{letter}{tile_code(called)}")
    return "".join(codes)


__all__ = [
    "ABORT_NAMES", "ABORT_REASONS", "AGARI", "ALL_NOTEN", "ALL_TENPAI", "CallString", "EXHAUSTIVE_NAMES", "KITA",
    "NAGASHI", "RYUUKYOKU", "TSUMOGIRI", "Tenhou6Error", "code_tile", "parse_call", "tile_code", "write_call",
]
