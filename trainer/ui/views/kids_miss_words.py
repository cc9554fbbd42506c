"""A child's first miss in a children's lesson, said about the child's own answer.

Two kinds of step speak here (the other steps' words are in :mod:`trainer.ui.views.mistakes`):

* **give-away steps** (``pick_tiles``, ``ask: discard``): why the tile the child gave away is not
  the lonely one — it is in a team already, it has a pair, or a neighbour it can grow a ladder
  with («У {2s} есть пара — её оставь.»);
* **box steps** (``arrange``, ``ask: boxes``, tiles): what each tile the child put in a wrong box
  is, in the children's family words, and what that box holds («{4z} — это ветер, а не дракон.»),
  about the misplaced tiles only, never a tile the child sorted right.

The words are the children's lessons' own (команда, пара, сосед, лесенка), with «ты», never
"wrong".  No pygame here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from trainer.engine.notation import parse_hand
from trainer.engine.tiles import kind_name
from trainer.i18n import N_, _, pgettext
from trainer.lessons.answers import FILTERS
from trainer.ui.richtext import BR
from trainer.ui.richtext import tiles_markup as tiles_of

KEEP_REASONS = {
    # TRANSLATORS: to a 6-year-old after giving away a tile of a finished set (ru: «ты»; команда = a set).
    "team": N_("{tile} is already in a team: keep it."),
    # TRANSLATORS: to a 6-year-old after giving away one of a pair (ru: «У {tile} есть пара — её оставь.»).
    "pair": N_("{tile} has a pair: keep it."),
    # TRANSLATORS: to a 6-year-old: the tile has a neighbour (the next number but one at most) of its family.
    "neighbor": N_("{tile} has a neighbor: together they can grow into a ladder."),
    # TRANSLATORS: to a 6-year-old: the tile given away was lonely too, but another one is lonelier.
    "keep": N_("{tile} will still come in handy. Find the loneliest tile."),
}
"""Why a tile the child gave away is worth keeping, by :func:`keep_reason`."""

CHILD_FAMILIES = ("man", "pin", "sou", "winds", "dragons")
"""The families a child's lessons name, each a filter of :data:`trainer.lessons.answers.FILTERS`."""
MOST_LINES = 2
"""A child's miss on a box step takes at most this many lines: every misplaced tile while they fit,
else the first one and that more are still in a wrong box (the lesson's hint comes under them,
in a panel that leaves the boxes their room)."""


def keep_reason(counts: Counter[int], kind: int) -> str:
    """Why ``kind`` is no lonely tile in a hand of ``counts`` (kinds), as a child sees the hand:
    "team" (three of it), "pair", "team" (a run of its family whose other two tiles are single, so
    no pair is broken to see it: in 22s34s the 3s is a neighbour, not in 234s), "neighbor" (a tile
    of its family one or two numbers away), or "keep" (lonely too, though not the loneliest)."""
    if counts[kind] >= 3:
        return "team"
    if counts[kind] == 2:
        return "pair"
    if _in_run(counts, kind):
        return "team"
    if _has_neighbor(counts, kind):
        return "neighbor"
    return "keep"


def _in_run(counts: Counter[int], kind: int) -> bool:
    """Whether three numbers in a row of ``kind``'s family, ``kind`` among them, are held, the other
    two once each (a tile of a pair or a triplet belongs there first)."""
    if kind >= 27:
        return False
    rank, base = kind % 9, kind - kind % 9
    return any(all(counts[base + r] == 1 for r in range(lo, lo + 3) if base + r != kind)
               for lo in range(max(0, rank - 2), min(rank, 6) + 1))


def _has_neighbor(counts: Counter[int], kind: int) -> bool:
    """Whether a tile of ``kind``'s family one or two numbers away is held (honors have none)."""
    if kind >= 27:
        return False
    rank, base = kind % 9, kind - kind % 9
    return any(counts[base + r] for r in (rank - 2, rank - 1, rank + 1, rank + 2) if 0 <= r < 9)


def discard_miss_words(hand: str, picked: set[int], right: set[int]) -> str:
    """After a child's first miss on a give-away step: each tile the child gave away that is not the
    one to give, with why it stays («У {2s} есть пара — её оставь.»); "" for a hand that cannot
    be read."""
    try:
        counts = Counter(t.kind for t in parse_hand(hand, check_size=False).all_tiles())
    except ValueError:
        return ""
    lines = [_(KEEP_REASONS[keep_reason(counts, k)]).format(tile=tiles_of(kind_name(k))) for k in sorted(picked - right)]
    return BR.join(lines)


def child_family(kind: int) -> str:
    """The children's family of a tile kind: man, pin, sou, winds or dragons."""
    return next(f for f in CHILD_FAMILIES if FILTERS[f](kind))


def what_it_is(family: str) -> str:
    """What one tile of a child's ``family`` is, inside «{tile} — это {own}, а не {box}» (the
    children's-lesson words; :func:`trainer.ui.views.mistakes.kids_picked_text` says them too)."""
    words = {
        "man": pgettext("children's family: what a tile is", "a number character"),
        "pin": pgettext("children's family: what a tile is", "one of the dots"),
        "sou": pgettext("children's family: what a tile is", "one of the sticks"),
        "winds": pgettext("children's family: what a tile is", "a wind"),
    }
    return words.get(family) or pgettext("children's family: what a tile is", "a dragon")


def what_the_box_holds(group: str) -> str | None:
    """What a box of tiles ``group`` (a filter) holds, in a child's words, inside «{tile} — это
    {own}, а не {box}»; None for a group the children's lessons have no word for."""
    words = {
        "man": pgettext("children's family: what was to be found", "a number character"),
        "pin": pgettext("children's family: what was to be found", "a dot"),
        "sou": pgettext("children's family: what was to be found", "a stick"),
        "winds": pgettext("children's family: what was to be found", "a wind"),
        "dragons": pgettext("children's family: what was to be found", "a dragon"),
        # TRANSLATORS: children's box «Ветры и драконы», inside «{tile} — это кружки, а не ветер или дракон».
        "honors": pgettext("children's family: what was to be found", "a wind or a dragon"),
    }
    return words.get(group)


def misplaced_tile_line(kind: int, box_group: str) -> str:
    """One tile a child put in the box of ``box_group`` (a filter) where it does not belong: what the
    tile is and what that box holds («{4z} — это ветер, а не дракон.»), or that it does not go in
    that box where the box has no child's word."""
    tile = tiles_of(kind_name(kind))
    holds = what_the_box_holds(box_group)
    if holds is None:
        # TRANSLATORS: a children's box step: the tile the child put in a box it does not belong in.
        return pgettext("to a child", "{tile} does not go in this box.").format(tile=tile)
    return _("{tile} is {own}, not {asked}.").format(tile=tile, own=what_it_is(child_family(kind)), asked=holds)


def named_misplaced(box_of: Sequence[int], want: Sequence[int]) -> tuple[list[int], bool]:
    """The items a child's box miss names (:func:`boxes_miss_words`): the misplaced ones while they
    fit :data:`MOST_LINES` lines, else the first; and whether more are misplaced than named."""
    misplaced = [i for i, b in enumerate(box_of) if b >= 0 and b != want[i]]
    named = misplaced if len(misplaced) <= MOST_LINES else misplaced[:MOST_LINES - 1]
    return named, len(named) < len(misplaced)


def boxes_miss_words(kinds: Sequence[int], box_of: Sequence[int], want: Sequence[int],
                     groups: Sequence[str]) -> str:
    """After a child's first miss on a box step of tiles: the tiles in a box they do not belong in,
    each with what it is and what that box holds (in :data:`MOST_LINES` lines: more than that many
    tiles, the first one and that more are still in a wrong box, never how many); nothing about
    the tiles sorted right.  ``kinds`` are
    the tiles, ``box_of`` the child's box of each (-1: none), ``want`` the right box of each and
    ``groups`` each box's filter."""
    named, more = named_misplaced(box_of, want)
    lines = [misplaced_tile_line(kinds[i], groups[box_of[i]] if box_of[i] < len(groups) else "") for i in named]
    if more:
        # TRANSLATORS: a children's box step, after a misplaced tile was named (ru: «ты», no count).
        lines.append(pgettext("to a child", "A few more tiles are not in their own box yet."))
    return BR.join(lines)
