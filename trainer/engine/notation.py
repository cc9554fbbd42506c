"""MPSZ notation in and out: ``123m406p789s11z (777z) [5555p]``.

The full grammar, with examples, is in ``docs/notation.md``.  In short:

* concealed tiles are runs of digits each closed by a suit letter ``m p s z``;
  ``0`` is a red five; honors are ``1z``..``7z`` (E S W N, White Green Red);
* an open meld is written in round brackets after the concealed tiles: ``(123m)``
  chi, ``(777s)`` pon, ``(7777s)`` open kan, ``(7777s+)`` added kan; a ``*`` after
  a digit marks the called tile and ``<``, ``^`` or ``>`` after the bracket says it
  came from the left, across or right;
* a closed kan is written in square brackets: ``[5555p]``;
* where the suits are ignored (single-suit mahjong, variant 1) a kan may be four tiles of one
  rank in mixed suits, written with each tile's own suit as the concealed tiles are,
  ``[5m5p55s]``, ``(2m2p2*2s)^``; ``parse_hand(..., suits_ignored=True)`` reads it as a
  :class:`~trainer.engine.hand.RankKan`, a normal hand refuses it naming the meld.

Errors are :class:`NotationError` and name the 0-based character position, as in
``"123m4x6p": position 5: 'x' is not a tile``.
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine.hand import Hand, Meld, MeldKind, RankKan, Source, check_copies, check_red_fives
from trainer.engine.tiles import HONOR, SUITS, Tile, counts34, kind_name, kind_of

DIGITS = "0123456789"
"""The only digits the notation reads: ASCII ones (``²``, ``①``, ``٣`` or ``３`` are not tiles)."""

VALID_HAND_SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
"""Hand sizes a riichi hand or a training hand may have (3n+1 waiting, 3n+2 complete)."""


class NotationError(ValueError):
    """Bad MPSZ text; ``position`` is the 0-based offset of the problem (or None)."""

    def __init__(self, text: str, position: int | None, problem: str) -> None:
        self.text = text
        self.position = position
        self.problem = problem
        where = f"position {position}: " if position is not None else ""
        super().__init__(f'"{text}": {where}{problem}')


def _read_group(text: str, i: int, end_chars: str, *, in_meld: bool = False) -> tuple[list[tuple[Tile, bool]], int]:
    """Read digit runs with suit letters from ``text[i:]`` until a char in ``end_chars``
    or a space; returns (tile, called-marker) pairs and the new position.  Inside a meld
    (``in_meld``) a ``*`` after a digit marks the called tile."""
    out: list[tuple[Tile, bool]] = []
    pending: list[tuple[int, int, bool]] = []  # (digit, position, called)
    n = len(text)
    while i < n and text[i] not in end_chars and not text[i].isspace():
        ch = text[i]
        if ch in DIGITS:
            pending.append((DIGITS.index(ch), i, False))
        elif ch == "*" and in_meld and pending:
            d, p, _ = pending[-1]
            pending[-1] = (d, p, True)
        elif ch == "*":
            where = "after a digit" if in_meld else "inside a meld, e.g. (3*45m)"
            raise NotationError(text, i, f"'*' marks a called tile and belongs {where}")
        elif ch in ")]":
            raise NotationError(text, i, f"{ch!r} closes a meld that was never opened")
        elif ch in SUITS:
            if not pending:
                raise NotationError(text, i, f"suit letter {ch!r} has no digits before it")
            suit = SUITS.index(ch)
            for d, p, called in pending:
                if suit == HONOR:
                    if not 1 <= d <= 7:
                        raise NotationError(text, p, f"'{d}z' is not a tile: honors are 1z..7z")
                    out.append((Tile(kind_of(suit, d)), called))
                elif d == 0:
                    out.append((Tile(kind_of(suit, 5), red=True), called))
                else:
                    out.append((Tile(kind_of(suit, d)), called))
            pending = []
        elif ch.isnumeric():
            raise NotationError(text, i, f"{ch!r} is not a tile: write the numbers with the digits 0-9")
        else:
            raise NotationError(text, i, f"{ch!r} is not a tile")
        i += 1
    if pending:
        raise NotationError(text, pending[0][1], "digits without a suit letter (m, p, s or z) after them")
    return out, i


def parse_tiles(text: str, *, max_copies: int | None = 4) -> tuple[Tile, ...]:
    """Parse a plain list of tiles (no melds), e.g. the dora indicators ``'3m7z'`` or
    a wall slice.  Spaces are allowed between groups.  Order is kept."""
    tiles: list[Tile] = []
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        if text[i] in "([])":
            raise NotationError(text, i, "melds are not allowed here, only tiles")
        group, i = _read_group(text, i, "")
        tiles.extend(t for t, _ in group)
    if max_copies is not None:
        _check(text, counts34(tiles), max_copies)
    return tuple(tiles)


def _check(text: str, counts: list[int], limit: int) -> None:
    try:
        check_copies(counts, limit)
    except ValueError as e:
        raise NotationError(text, None, str(e)) from None


def _check_reds(text: str, tiles: Iterable[Tile], limit: int | None) -> None:
    if limit is None:
        return
    try:
        check_red_fives(tiles, limit)
    except ValueError as e:
        raise NotationError(text, None, str(e)) from None


def _parse_meld(text: str, i: int, *, suits_ignored: bool = False) -> tuple[Meld, int]:
    """Read one bracketed meld at ``text[i]``; a kan of one rank in mixed suits only where the
    suits are ignored (``suits_ignored``)."""
    opener = text[i]
    closer = ")" if opener == "(" else "]"
    start = i
    group, i = _read_group(text, i + 1, closer + "+", in_meld=True)
    added = False
    if i < len(text) and text[i] == "+":
        if opener != "(":
            raise NotationError(text, i, "'+' (added kan) belongs in round brackets: (7777s+)")
        added = True
        i += 1
    if i >= len(text) or text[i] != closer:
        raise NotationError(text, start, f"meld opened with {opener!r} is not closed with {closer!r}")
    i += 1
    source = None
    if i < len(text) and text[i] in "<^>":
        if opener == "[":
            raise NotationError(text, i, "a closed kan is not called from anybody")
        source = Source(text[i])
        i += 1
    tiles = tuple(sorted(t for t, _ in group))
    called = [t for t, c in group if c]
    if len(called) > 1:
        raise NotationError(text, start, "only one tile of a meld can be the called tile")
    kinds = {t.kind for t in tiles}
    if opener == "[":
        kind = MeldKind.KAN_CLOSED
    elif len(tiles) == 4:
        kind = MeldKind.KAN_ADDED if added else MeldKind.KAN_OPEN
    elif len(tiles) == 3 and len(kinds) == 1:
        kind = MeldKind.PON
    elif len(tiles) == 3:
        kind = MeldKind.CHI
    else:
        raise NotationError(text, start, f"a meld has 3 or 4 tiles, not {len(tiles)}")
    if added and kind is not MeldKind.KAN_ADDED:
        raise NotationError(text, start, "'+' marks an added kan, which has four tiles")
    cls = Meld
    if kind.is_kan and len(kinds) > 1 and len({k % 9 for k in kinds}) == 1 and max(kinds) < 27:
        if not suits_ignored:
            raise NotationError(text, start, f"{text[start:i]} is a kan of one rank in mixed suits, which only a "
                                             "game that ignores the suits has: a kan is four identical tiles")
        cls = RankKan
    try:
        meld = cls(kind, tiles, called[0] if called else None, source)
    except ValueError as e:
        raise NotationError(text, start, str(e)) from None
    return meld, i


def parse_hand(
    text: str, *, check_size: bool = True, max_copies: int = 4, max_red: int | None = 1,
    suits_ignored: bool = False,
) -> Hand:
    """Parse a hand: concealed tiles, then melds in brackets.

    Checks that no kind appears more than ``max_copies`` times, that no suit
    has more than ``max_red`` red fives (the riichi set has one per suit; None
    skips the check, e.g. for a set with two red 5p) and (unless
    ``check_size`` is False) that the hand has a playable size: 3n+1 tiles
    waiting or 3n+2 complete, at most 14, counting each meld as three.
    With ``suits_ignored`` (a game where only the rank counts, single-suit mahjong
    variant 1) a kan may be four tiles of one rank in mixed suits (``[5m5p55s]``, a
    :class:`~trainer.engine.hand.RankKan`); otherwise such a kan is an error naming it.
    """
    concealed: list[Tile] = []
    melds: list[Meld] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in "([":
            meld, i = _parse_meld(text, i, suits_ignored=suits_ignored)
            melds.append(meld)
        elif ch in ")]":
            raise NotationError(text, i, f"{ch!r} closes a meld that was never opened")
        else:
            if melds:
                raise NotationError(text, i, "concealed tiles come before the melds")
            group, i = _read_group(text, i, "([")
            concealed.extend(t for t, _ in group)
    hand = Hand(tuple(sorted(concealed)), tuple(melds))
    _check(text, hand.all_counts(), max_copies)
    _check_reds(text, hand.all_tiles(), max_red)
    if check_size and hand.size not in VALID_HAND_SIZES:
        raise NotationError(
            text,
            None,
            f"a hand of {hand.size} tiles cannot be played: use 3n+1 (1, 4, 7, 10, 13) tiles "
            "or 3n+2 (2, 5, 8, 11, 14) with the drawn tile, each meld counting as 3",
        )
    return hand


def format_tiles(tiles: Iterable[Tile | int], *, sort: bool = True) -> str:
    """Write tiles in compact MPSZ form, e.g. ``'123m406p11z'``.  Ints are kinds.

    With ``sort`` (the default) the result is canonical: suits in m p s z order,
    ranks ascending, a red five just after the plain fives of its suit.
    """
    ts = [Tile(t) if isinstance(t, int) else t for t in tiles]
    if sort:
        ts.sort()
    out: list[str] = []
    digits = ""
    suit = None
    for t in ts:
        letter = t.suit_letter
        if suit is not None and letter != suit:
            out.append(digits + suit)
            digits = ""
        suit = letter
        digits += str(t)[0]
    if suit is not None:
        out.append(digits + suit)
    return "".join(out)


def format_meld(meld: Meld) -> str:
    """Write one meld: ``(123m)``, ``(777z)``, ``(7777s+)``, ``[5555p]``, with the called
    tile starred and the source marker if they are known.  A kan of one rank in mixed suits
    (the suits ignored) closes each suit's digits with its letter: ``[5m5p55s]``."""
    body = ""
    digits = ""
    starred = False
    for n, t in enumerate(meld.tiles):
        digits += str(t)[0]
        if not starred and meld.called is not None and t == meld.called:
            digits += "*"
            starred = True
        if n + 1 == len(meld.tiles) or meld.tiles[n + 1].suit_letter != t.suit_letter:
            body += digits + t.suit_letter
            digits = ""
    if meld.kind is MeldKind.KAN_CLOSED:
        return f"[{body}]"
    plus = "+" if meld.kind is MeldKind.KAN_ADDED else ""
    src = meld.source.value if meld.source else ""
    return f"({body}{plus}){src}"


def format_hand(hand: Hand) -> str:
    """Canonical text of a hand: sorted concealed tiles, then the melds separated by spaces."""
    parts = [format_tiles(hand.concealed)] if hand.concealed else []
    parts.extend(format_meld(m) for m in hand.melds)
    return " ".join(parts)


def parse_kind(text: str) -> int:
    """Parse one tile and return its kind (red fives map to the plain five's kind)."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError(text, None, f"expected one tile, found {len(tiles)}")
    return tiles[0].kind


__all__ = [
    "NotationError",
    "VALID_HAND_SIZES",
    "format_hand",
    "format_meld",
    "format_tiles",
    "kind_name",
    "parse_hand",
    "parse_kind",
    "parse_tiles",
]
