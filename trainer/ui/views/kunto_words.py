"""The kunto practice's answers and mistakes in words (rich markup with glossary links).

The engine (:mod:`trainer.engine.exercises.kunto_practice`) puts into each question what an
answer is checked against: a shortest way to tenpai (``kunto_way``: draw, throw back) and the best
single draw (``kunto_best_draw``) for a shanten question, the table of throw-backs
(``throwback``: shanten after, tiles that still help) for a throw-back.  These functions say why
the learner's own answer is wrong with them, in a beginner's words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from trainer.i18n import N_, _, ngettext
from trainer.ui.richtext import BR
from trainer.ui.richtext import tiles_markup as _tiles

SUITS = {"kept": N_("suits count"), "ignored": N_("only numbers count")}
DRAGONS = {"plain": "", "tens": "{term:shiipai_no_suu}", "jokers": "{term:gen_pocchi}"}
TILE_SETS = {
    "sou36": N_("one suit (bamboo)"),
    "pin_sou72": N_("two suits"),
    "suits108": N_("three suits"),
    "sou_dragons48": N_("bamboo and dragons"),
    "suits108_dragons": N_("three suits and dragons"),
}


def settings_text(tiles: str, suits: str, dragons: str) -> str:
    """One table's settings in words: the tile set, whether suits count, the dragons' role."""
    parts = [_(TILE_SETS[tiles]) if tiles in TILE_SETS else tiles]
    if tiles != "sou36":
        parts.append(_(SUITS.get(suits, suits)))
    if DRAGONS.get(dragons):
        parts.append(DRAGONS[dragons])
    return ", ".join(parts)


def way_line(steps: Sequence[Sequence[str]]) -> str:
    """A way to tenpai: each exchange (draw, throw back) in turn."""
    moves = [_("draw {drawn}, throw back {out}").format(drawn=_tiles(d), out=_tiles(o)) for d, o in steps]
    return _("A way to get ready ({term}): {moves}.").format(term="{term:tenpai}", moves="; ".join(moves))


def _item(items: Iterable[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((i for i in items if i.get("kind") == kind), None)


def shanten_mistake(items: Sequence[dict[str, Any]], given: int, right: int, final: bool) -> str:
    """Why a named shanten is wrong: too high — a way to tenpai in fewer exchanges shows it;
    too low — even the best single draw leaves the hand further away (or, for 0, no tile completes
    it).  After the final try the way to tenpai is shown too."""
    way = _item(items, "kunto_way")
    best = _item(items, "kunto_best_draw")
    lines = []
    if given > right:
        lines.append(_("You said {given}, but the hand needs fewer exchanges than that.").format(given=given))
        if final and way and way.get("steps"):
            lines.append(way_line(way["steps"]))
        else:
            lines.append(_("Look again for sets ({sets}) and for pairs and two-tile shapes ({shapes}) that need "
                           "only one more tile.").format(sets="{term:mentsu}", shapes="{term:taatsu}"))
    elif given == 0:
        lines.append(_("You said the hand is ready ({term}), but no tile completes it: with any tile drawn some "
                       "tiles are still left outside the sets and the pair.").format(term="{term:tenpai}"))
    else:
        lines.append(_("You said {given}: that is too few.").format(given=given))
    if given < right and best is not None:
        lines.append(_("Even the best draw, {tile}, followed by the best throw-back leaves {term} {s}: one "
                       "exchange gains one step at most.").format(
            tile=_tiles(best["tile"]), s=best["after"], term="{term:shanten}"))
    if final and given < right and way and way.get("steps"):
        lines.append(way_line(way["steps"]))
    return BR.join(lines)


def throwback_mistake(items: Sequence[dict[str, Any]], picked: Iterable[int], final: bool) -> str:
    """Why a thrown-back tile is not the best: what the hand is without it (its shanten and the
    tiles that still help) beside the best (named only after the final try)."""
    from trainer.engine.tiles import kind_name

    rows = [i for i in items if i.get("kind") == "throwback"]
    best = next((i for i in rows if i.get("best")), None)
    by_tile = {i["tile"]: i for i in rows}
    lines = []
    for k in sorted(set(picked)):
        mine = by_tile.get(kind_name(k))
        if mine is None or mine.get("best") or best is None:
            continue
        if mine["shanten"] > best["shanten"]:
            lines.append(ngettext(
                "Without {tile} the hand is {s} step from {term}: this tile was part of a set or of a shape "
                "that is almost one, so throwing it back moves the hand further away.",
                "Without {tile} the hand is {s} steps from {term}: this tile was part of a set or of a shape "
                "that is almost one, so throwing it back moves the hand further away.",
                mine["shanten"]).format(tile=_tiles(mine["tile"]), s=mine["shanten"], term="{term:tenpai}"))
            if not final:
                lines.append(_("Another tile can go without losing a step."))
        else:
            lines.append(ngettext(
                "Without {tile} the hand keeps its {term} ({s}), but only {n} tile still to come helps it.",
                "Without {tile} the hand keeps its {term} ({s}), but only {n} tiles still to come help it.",
                mine["count"]).format(tile=_tiles(mine["tile"]), s=mine["shanten"], term="{term:shanten}",
                                      n=mine["count"]))
            if not final:
                lines.append(_("Another tile keeps more {term} (tiles that help).").format(term="{term:ukeire}"))
    if final and best is not None:
        lines.append(ngettext(
            "Best: throw back {tile}; then {term} {s}, and {n} tile still to come helps: {help}.",
            "Best: throw back {tile}; then {term} {s}, and {n} tiles still to come help: {help}.",
            best["count"]).format(tile=_tiles(best["tile"]), s=best["shanten"], term="{term:shanten}",
                                  n=best["count"], help=_tiles(best.get("improving", ""))))
    return BR.join(lines)


def drawn_line(tile: str) -> str:
    """The tile just drawn, above a throw-back question."""
    return _("You drew {tile}. Now throw one tile back.").format(tile=_tiles(tile))


__all__ = ["drawn_line", "settings_text", "shanten_mistake", "throwback_mistake", "way_line"]
