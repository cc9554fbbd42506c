"""The kunto practice's answers and mistakes in words (rich markup with glossary links).

The engine (:mod:`trainer.engine.exercises.kunto_practice`) puts into each question what an
answer is checked against: a shortest way to tenpai (``kunto_way``: draw, throw back) and the best
single draw (``kunto_best_draw``) for a shanten question, the table of throw-backs
(``throwback``: shanten after, tiles that still help) for a throw-back, the kunto table's value on
each wait (``kunto_value``) for a base value, the yaku and the win off a discard (``yaku``,
``kunto_ron`` or ``kunto_no_yaku``) for a yaku question, and each one-tile exchange
(``kunto_raise``) for the exchange that adds han.  These functions say why the learner's own
answer is wrong with them, in a beginner's words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from trainer.i18n import N_, _, format_points, ngettext, pgettext
from trainer.ui.richtext import BR, term_word
from trainer.ui.richtext import tiles_markup as _tiles
from trainer.ui.suit_names import suit_names

SUITS = {"kept": N_("suits count"), "ignored": N_("only numbers count")}
DRAGONS = {"plain": "", "tens": "{term:shiipai_no_suu}", "jokers": "{term:gen_pocchi}"}
TILE_SETS = {
    "sou36": N_("{sou} only"),
    "pin_sou72": N_("two suits"),
    "suits108": N_("three suits"),
    "sou_dragons48": N_("{sou} and dragons"),
    "suits108_dragons": N_("three suits and dragons"),
    "pin_sou_dragons84": N_("two suits and dragons"),
    "sou_winds52": N_("{sou} and winds"),
    "sou_honors64": N_("{sou} and honors"),
    "suits136": N_("all tiles"),
}
"""The kunto table's tile sets in words inside a sentence (the suit as the setup screen names it:
the glossary's name with its gloss, «со (палочки)», :mod:`trainer.ui.suit_names`)."""


def settings_text(tiles: str, suits: str, dragons: str) -> str:
    """One table's settings in words: the tile set, whether suits count, the dragons' role."""
    parts = [_(TILE_SETS[tiles]).format(**suit_names(glossed=True)) if tiles in TILE_SETS else tiles]
    if tiles != "sou36":
        parts.append(_(SUITS.get(suits, suits)))
    if DRAGONS.get(dragons):
        parts.append(DRAGONS[dragons])
    return ", ".join(parts)


def way_line(steps: Sequence[Sequence[str]]) -> str:
    """A way to tenpai: each exchange (draw, throw back) in turn."""
    moves = [_("draw {drawn}, throw back {out}").format(drawn=_tiles(d), out=_tiles(o)) for d, o in steps]
    return _("A way to a {term}: {moves}.").format(term="{term:tenpai}", moves="; ".join(moves))


def _item(items: Iterable[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((i for i in items if i.get("kind") == kind), None)


READING_LEADS = {
    (True, "normal"): N_("Suits don't matter here, only the numbers. The hand reads: {blocks}."),
    (True, "ten"): N_("Suits don't matter here, and the dragons are tens. The hand reads: {blocks}."),
    (False, "ten"): N_("Each dragon is a ten of its suit here. The hand reads: {blocks}."),
}
"""The sentence around a training-variant hand's reading, by (suits ignored, the dragons' role)."""

def _block_terms() -> dict[str, str]:
    """The kinds of block of a reading as linked words («последовательность (順子, shuntsu)»)."""
    return {"run": term_word("shuntsu", pgettext("inline term", "run")),
            "triplet": term_word("koutsu", pgettext("inline term", "triplet")),
            "pair": term_word("toitsu", pgettext("inline term", "pair")),
            "partial": term_word("taatsu", pgettext("inline term", "partial set"))}


def _block(term: str, tiles: str) -> str:
    """One block of a reading: its tiles and what it is («1p 2p 3s — последовательность»)."""
    # TRANSLATORS: one block of a kunto hand's reading: {tiles} are pictures, {term} a linked word ("run")
    return _("{tiles} — a {term}").format(tiles=_tiles(tiles), term=term)


def reading_line(item: dict[str, Any] | None) -> str:
    """A training-variant hand's reading (the engine's ``kunto_blocks`` item) in one sentence: each
    run, triplet, pair and partial set with its tiles, then the loose tiles, under what the variant
    changes («Масти здесь не важны, только числа. Рука читается так: 1p 2p 3s — ряд; 9m — одиночная
    плитка.»).  "" without the item."""
    if not item:
        return ""
    runs, terms = list(item.get("runs") or ()), _block_terms()
    parts = [_block(terms["run" if t in runs else "triplet"], t) for t in item.get("sets") or ()]
    parts += [_block(terms["pair"], t) for t in item.get("pairs") or ()]
    parts += [_block(terms["partial"], t) for t in item.get("partials") or ()]
    loose = [t for t in item.get("loose") or ()]
    if loose:
        parts.append(ngettext("{tiles} — a loose tile", "{tiles} — loose tiles", len(loose)).format(
            tiles=" ".join(_tiles(t) for t in loose)))
    lead = READING_LEADS.get((bool(item.get("suits_ignored")), str(item.get("dragons"))))
    if not parts or lead is None:
        return ""
    return _(lead).format(blocks="; ".join(parts))


def count_line(item: dict[str, Any] | None) -> str:
    """How the reading gives the shanten: 2 × the sets still to make − the partial sets and spare
    pairs that can grow − the pair ("" without the item)."""
    if not item:
        return ""
    need = int(item["needed"]) - len(item.get("sets") or ())
    head = 1 if item.get("pairs") else 0
    usable = min(len(item.get("partials") or ()) + len(item.get("pairs") or ()) - head, need)
    return _("Count: 2 × {need} (sets still to make) − {usable} (partial sets and spare pairs that can grow) − "
             "{head} (the pair) = {n}.").format(need=need, usable=usable, head=head, n=item["shanten"])


def shanten_mistake(items: Sequence[dict[str, Any]], given: int, right: int, final: bool) -> str:
    """Why a named shanten is wrong: the hand's reading as the variant reads it (``kunto_blocks``:
    «1p 2p 3s — a run», suits ignored) when the engine gives one; too high — a way to tenpai in
    fewer exchanges shows it; too low — even the best single draw leaves the hand further away
    (or, for 0, no tile completes it).  After the final try the count and the way to tenpai are
    shown too."""
    way = _item(items, "kunto_way")
    best = _item(items, "kunto_best_draw")
    blocks = _item(items, "kunto_blocks")
    reading = reading_line(blocks)  # the runs, pairs ... as the variant reads them: why the number is what it is
    lines = []
    if given > right:
        lines.append(_("You said {given}, but the hand needs fewer exchanges than that.").format(given=given))
        if final and way and way.get("steps"):
            lines.append(way_line(way["steps"]))
        elif not (final and reading):  # after the final try the reading below says it all
            lines.append(_("Look again for {sets}, and for pairs and {partials} that need only one more tile.").format(
                sets=term_word("mentsu", pgettext("inline term", "sets")),
                partials=term_word("taatsu", pgettext("inline term", "partial sets"))))
        if reading:
            lines.append(reading)
    elif given == 0:
        lines.append(_("You said the hand is a {term}, but no tile completes it: with any tile drawn some "
                       "tiles are still left outside the sets and the pair.").format(term="{term:tenpai}"))
    else:
        lines.append(_("You said {given}: that is too few.").format(given=given))
    if given <= right and reading:
        lines.append(reading)
    if final and reading:
        lines.append(count_line(blocks))
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
                mine["shanten"]).format(tile=_tiles(mine["tile"]), s=mine["shanten"],
                                        term=term_word("tenpai", pgettext("inline term", "tenpai"))))
            if not final:
                lines.append(_("Another tile can go without losing a step."))
        else:
            lines.append(ngettext(
                "Without {tile} the hand keeps its {term} of {s}, but only {n} tile still to come helps it.",
                "Without {tile} the hand keeps its {term} of {s}, but only {n} tiles still to come help it.",
                mine["count"]).format(tile=_tiles(mine["tile"]), s=mine["shanten"], term="{term:shanten}",
                                      n=mine["count"]))
            if not final:
                lines.append(_("Another tile keeps more tiles that help, a wider {term}.").format(term="{term:ukeire}"))
    if final and best is not None:
        lines.append(ngettext(
            "Best: throw back {tile}; then {term} {s}, and {n} tile still to come helps: {help}.",
            "Best: throw back {tile}; then {term} {s}, and {n} tiles still to come help: {help}.",
            best["count"]).format(tile=_tiles(best["tile"]), s=best["shanten"], term="{term:shanten}",
                                  n=best["count"], help=_tiles(best.get("improving", ""))))
    return BR.join(lines)


# What each yaku of a closed hand of number tiles needs, in a beginner's words (a wrong yaku named).
YAKU_NEEDS = {
    "tanyao": N_("only tiles 2 to 8, no 1 or 9"),
    "pinfu": N_("four runs, a pair and a two-sided wait"),
    "iipeikou": N_("two identical runs in the same suit"),
    "sanshoku": N_("the same run in all three suits"),
    "ittsu": N_("1-2-3, 4-5-6 and 7-8-9 of one suit"),
    "chanta": N_("a 1, a 9 or an honor in every set and in the pair"),
    "junchan": N_("a 1 or a 9 in every set and in the pair"),
    "toitoi": N_("four triplets"),
    "sanankou": N_("three triplets held concealed, not completed by the tile won"),
    "honitsu": N_("one suit and honors"),
    "chinitsu": N_("tiles of one suit only"),
}


def _yaku_term(yaku_id: str) -> str:
    """A yaku as a glossary link (its glossary key from the engine's yaku table)."""
    from trainer.engine.yaku import yaku_info

    info = yaku_info().get(yaku_id)
    return "{term:" + (info.glossary if info is not None else yaku_id) + "}"


def _han(n: int) -> str:
    return ngettext("{n} han", "{n} han", n).format(n=n)


def value_option(key: str) -> str:
    """A value option of the yaku question: its yaku, han, fu and points (``none``: no yaku)."""
    if key == "none":
        return _("No yaku: it cannot win off a discard")
    yaku, han, fu, points = key.split(":")
    names = ", ".join(_yaku_term(y) for y in yaku.split("+"))
    return _("{yaku} — {han}, {fu} fu: {points}").format(
        yaku=names, han=_han(int(han)), fu=fu, points=ngettext("{n} point", "{n} points", int(points)).format(
            n=format_points(int(points))))


def kunto_explain_item(item: dict[str, Any]) -> str | None:
    """One explanation line of the value questions (None for other kinds and the exchanges that add
    no han)."""
    k = item.get("kind")
    if k == "kunto_value":
        if item.get("quads"):
            return _("Won on {tile}: four of a kind {quads} kept in the hand, an {term} — {han}.").format(
                tile=_tiles(item["tile"]), quads=_tiles(item["quads"]), term="{term:okurikan}", han=_han(item["han"]))
        return _("Won on {tile}: no four of a kind in the hand — 0 han.").format(tile=_tiles(item["tile"]))
    if k == "kunto_no_yaku":
        return _("No wait gives the hand a {term}: without riichi it cannot win off a discard — no {ron}.").format(
            term="{term:yaku}", ron="{term:ron}")
    if k == "kunto_ron":
        return _("Won off a discard on {tile}: {han}, {fu} fu — {points}.").format(
            tile=_tiles(item["tile"]), han=_han(item["han"]), fu=item["fu"],
            points=ngettext("{n} point", "{n} points", item["points"]).format(n=format_points(item["points"])))
    if k == "kunto_raise":
        if not item.get("best"):
            return None
        return _("Throw back {tile} and draw {draw}: {yaku} — {han} instead of {now}.").format(
            tile=_tiles(item["tile"]), draw=_tiles(item["draw"]), yaku=", ".join(_yaku_term(y) for y in item["yaku"]),
            han=_han(item["han"]), now=_han(item["han_now"]))
    return None


def value_mistake(items: Sequence[dict[str, Any]], given: int, final: bool) -> str:
    """Why a named base value is wrong: what makes a kunto win's han; after the final try, the
    value on each wait (the explanation below lists them)."""
    lines = [_("You said {given}.").format(given=_han(given)),
             _("At the kunto table a win is worth 1 {han} for each {okurikan} — four of a kind kept in the hand, "
               "the winning tile included. Nothing else counts here: a {yakuhai} counts only with {riichi}, and these "
               "tiles have no winds to double the value.").format(han="{term:han}", okurikan="{term:okurikan}",
                                                          yakuhai="{term:yakuhai}", riichi="{term:riichi}")]
    if not final:
        lines.append(_("Add each winning tile to the hand in turn and count the kinds you hold four of."))
    return BR.join(lines)


def yaku_mistake(items: Sequence[dict[str, Any]], picked: str, right: str, final: bool) -> str:
    """Why a named value is wrong: a yaku the hand does not have (and what it needs), a yaku left out
    (named after the final try), no yaku when there is one, or the right yaku with the han miscounted."""
    have = set() if right == "none" else set(right.split(":")[0].split("+"))
    mine = set() if picked == "none" else set(picked.split(":")[0].split("+"))
    lines = []
    if picked == "none":
        lines.append(_("The hand has a {term}: on one of its waits it can win off a discard.").format(
            term="{term:yaku}"))
    for y in sorted(mine - have):
        need = YAKU_NEEDS.get(y)
        lines.append(_("{yaku} is not in this hand: it needs {need}.").format(yaku=_yaku_term(y), need=_(need))
                     if need else _("{yaku} is not in this hand.").format(yaku=_yaku_term(y)))
    missing = sorted(have - mine)
    if missing and picked != "none":
        if final:
            lines.append(_("You left out {yaku}.").format(yaku=", ".join(_yaku_term(y) for y in missing)))
        else:
            lines.append(_("The hand has a yaku you did not name."))
    if mine == have and picked != right:
        lines.append(_("The yaku are right, but not the value: add up the han of each yaku."))
    if right == "none" and final:
        lines.append(_("Without riichi a win off a discard needs a yaku of the hand's own shape, and none fits."))
    return BR.join(lines)


def raise_mistake(items: Sequence[dict[str, Any]], picked: Iterable[int], final: bool) -> str:
    """Why a thrown-back tile does not add han: the best the hand can do without it after one draw."""
    from trainer.engine.tiles import kind_name

    by_tile = {i["tile"]: i for i in items if i.get("kind") == "kunto_raise"}
    lines = []
    for k in sorted(set(picked)):
        row = by_tile.get(kind_name(k))
        if row is None or row.get("best"):
            continue
        if row.get("draw") is None:
            lines.append(_("Without {tile}, no single new tile keeps the hand {tenpai} and adds a {yaku}.").format(
                tile=_tiles(row["tile"]), tenpai="{term:tenpai|" + pgettext("inline term", "tenpai") + "}",
                yaku="{term:yaku}"))
        else:
            lines.append(_("Without {tile}, the best new tile ({draw}) keeps the hand ready but is worth {han}, "
                           "no more than now ({now}).").format(tile=_tiles(row["tile"]), draw=_tiles(row["draw"]),
                                                              han=_han(row["han"]), now=_han(row["han_now"])))
    if not final:
        lines.append(_("Look for a tile that stands in the way of a yaku: without it, one new tile adds one."))
    return BR.join(lines)


def exchange_line(out: str, drawn: str) -> str:
    """The exchange just made, above the second yaku question."""
    return _("You threw back {out} and drew {drawn}. What is the hand worth now?").format(
        out=_tiles(out), drawn=_tiles(drawn))


def drawn_line(tile: str) -> str:
    """The tile just drawn, above a throw-back question."""
    return _("You drew {tile}. Now throw one tile back.").format(tile=_tiles(tile))


__all__ = ["YAKU_NEEDS", "count_line", "drawn_line", "exchange_line", "kunto_explain_item", "raise_mistake",
           "reading_line", "settings_text", "shanten_mistake", "throwback_mistake", "value_mistake", "value_option",
           "way_line", "yaku_mistake"]
