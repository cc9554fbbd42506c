"""The learner's own mistake, explained: the engine's reasons (:mod:`trainer.engine.explain`) in words.

After a wrong try the feedback panel says what is wrong with *this* answer (the picked tile
that is not a wait and the split of the hand that shows it; the blocks of the hand for a
shanten; the fu item left out or added; the step of the points chain that went wrong), without
giving the answer away.  After the final answer it explains the learner's choice beside the
right one.  Drills (:func:`drill_mistake`) and lesson quizzes (:func:`lesson_mistake`) share
every sentence.  Output is rich markup (``{tiles:..}``, ``{term:..}``) for
:func:`trainer.ui.richtext.layout_rich`; ``""`` when there is nothing to add.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from trainer.i18n import N_, _, format_number, format_points, fu_text, han_text, ngettext, pgettext
from trainer.ui.mcr_texts import waits_found_line
from trainer.ui.richtext import BR, term_word
from trainer.ui.richtext import tiles_markup as _tiles
from trainer.ui.views.explain import form_name, fu_name

PAYERS = {
    "discarder": N_("the discarder pays"),
    "each": N_("each of the three pays"),
    "dealer": N_("the dealer pays"),
    "non_dealer": N_("each non-dealer pays"),
}
PAYERS_THREE = {"each": N_("each of the two pays"), "non_dealer": N_("the other non-dealer pays")}
"""Payers of a tsumo at three players (two payers), where the four-player words would mislead."""

SLIPS = {
    "dealer_swapped": N_("Your number is what the hand pays when the winner is {other}: here the winner is {who}."),
    "win_swapped": N_("Your number is the payment for a win by {other_how}: this hand was won by {how}."),
    "not_rounded": N_("Your number is not rounded: each payment is rounded up to the next 100."),
    "no_honba": N_("You left out the {term}: each one adds {n} to every payment here."),
    "basic_only": N_("Your number is the basic points themselves: multiply them for each payer."),
    "payers_swapped": N_("Your two numbers are swapped: the dealer pays twice as much as a non-dealer, so the "
                         "bigger number goes in the dealer's box."),
    "rounded_down": N_("You rounded down: each payment is rounded up to the next 100, never down."),
    "doubled": N_("Your number is twice the right one: check the han (each han doubles the basic points) and "
                  "the multiplier of each payer."),
    "halved": N_("Your number is half the right one: check the han (each han doubles the basic points) and "
                 "the multiplier of each payer."),
}


def _tile_list(texts: Iterable[str]) -> str:
    return " ".join(_tiles(t) for t in texts)


# ---------------------------------------------------------------- waits


def _block_word(term: str, n: int) -> str:
    """The label of a kind of block before its tiles, linked to its glossary card: one word for one
    block, the plural for several («сеты (面子, mentsu): …», "pairs: …")."""
    one = n == 1
    if term == "mentsu":
        word = pgettext("blocks of a hand", "set") if one else pgettext("blocks of a hand", "sets")
    elif term == "toitsu":
        word = pgettext("blocks of a hand", "pair") if one else pgettext("blocks of a hand", "pairs")
    else:
        word = pgettext("blocks of a hand", "partial set") if one else pgettext("blocks of a hand", "partial sets")
    return term_word(term, word)


def blocks_line(blocks: dict[str, Any]) -> str:
    """The blocks of a hand in one line: its sets, pairs, partial sets and loose tiles."""
    parts = []
    if blocks.get("sets"):
        parts.append(_("{sets}: {tiles}").format(sets=_block_word("mentsu", len(blocks["sets"])),
                                                  tiles=_tile_list(blocks["sets"])))
    if blocks.get("melds"):
        parts.append(ngettext("{n} called set", "{n} called sets", blocks["melds"]).format(n=blocks["melds"]))
    if blocks.get("pairs"):
        parts.append(_("{pairs}: {tiles}").format(pairs=_block_word("toitsu", len(blocks["pairs"])),
                                                   tiles=_tile_list(blocks["pairs"])))
    if blocks.get("partials"):
        parts.append(_("{partials}: {tiles}").format(partials=_block_word("taatsu", len(blocks["partials"])),
                                                      tiles=_tile_list(blocks["partials"])))
    if blocks.get("loose"):
        loose = list(blocks["loose"])
        parts.append(ngettext("loose tile: {tiles}", "loose tiles: {tiles}", _tile_count(loose)).format(
            tiles=_tile_list(loose)))
    return "; ".join(parts) if parts else "—"


def not_wait_line(why: dict[str, Any]) -> str:
    """Why one picked tile is not a wait, from :func:`trainer.engine.explain.not_a_wait`."""
    tile = _tiles(why["tile"])
    if why["reason"] == "fifth_copy":
        return _("{tile} is not a wait: the hand already holds all four, a fifth cannot come.").format(tile=tile)
    b = why["blocks"]
    head = _("{tile} is not a wait: with it the hand splits at best into {blocks}.").format(
        tile=tile, blocks=blocks_line(b))
    left = list(b.get("partials", ())) + list(b.get("loose", ()))
    if not b.get("pairs"):
        tail = complete_hand_line(int(b.get("needed", 4)) + int(b.get("melds", 0)))
    elif left:  # the tiles are named just before: the tail says what they mean, not them again
        tail = _("What is left over fits in no set and no pair: the hand is not complete.")
    else:
        tail = _("Only one pair can be the head, and the other pairs are not sets: the hand is not complete.")
    return head + " " + tail


def _tile_count(texts: Iterable[str]) -> int:
    """How many tiles some MPSZ strings hold ("34p", "9s" -> 3)."""
    from trainer.engine.notation import parse_tiles

    return sum(len(parse_tiles(t, max_copies=None)) for t in texts)


def complete_hand_line(sets: int) -> str:
    """Why a hand without a pair is not complete, by its size: a complete hand of it is ``sets``
    sets and a pair (one set and a pair for five tiles, four and a pair for fourteen)."""
    if sets <= 0:
        return _("No pair is left, and a complete hand here is a single pair.")
    return ngettext("No pair is left for the head, and a complete hand here is {n} set and a pair.",
                    "No pair is left for the head, and a complete hand here is {n} sets and a pair.",
                    sets).format(n=sets)


def reading_line(reading: dict[str, Any]) -> str:
    """The reading that shows a wait (a missed one): the complete hand with the tile, group by group."""
    return _("{tile} completes the hand: {groups} — {shape}.").format(
        tile=_tiles(reading["tile"]), groups=_tile_list(reading["groups"]), shape="{term:" + reading["shape"] + "}")


def waits_text(hand: Any, picked: Iterable[int], answer: Iterable[int], final: bool) -> str:
    """The learner's picked waits against the engine's: each picked tile that is not a wait with the
    split that shows it; after the final try also each missed wait with the reading that shows it."""
    from trainer.engine.explain import not_a_wait, wait_reading
    from trainer.engine.tiles import kind_name

    picked, answer = set(picked), set(answer)
    lines = [not_wait_line(not_a_wait(hand, k)) for k in sorted(picked - answer)]
    missed = sorted(answer - picked)
    if missed and not final:
        lines.append(waits_found_line(picked, answer))
    elif missed:
        lines.append(_("You did not pick {tiles}:").format(tiles=_tile_list(kind_name(k) for k in missed)))
        for k in missed:
            r = wait_reading(hand, k)
            if r is not None:
                lines.append(reading_line(r))
    return BR.join(lines)


def variant_waits_text(picked: Iterable[int], answer: Iterable[int], same: Any) -> str:
    """Waits of a training variant (suits ignored, dragons as tens or jokers): which picks do not
    complete the hand and how many are missing, with ``same(kind)`` the variant's tile class."""
    from trainer.engine.tiles import kind_name

    want = {same(k) for k in answer}
    wrong = sorted(k for k in picked if same(k) not in want)
    got = {same(k) for k in picked} & want
    lines = [_("{tile} does not complete the hand, whatever set you try it in.").format(tile=_tiles(kind_name(k)))
             for k in wrong]
    if len(got) < len(want):
        lines.append(ngettext("{n} winning tile is missing from your pick.", "{n} winning tiles are missing from "
                              "your pick.", len(want) - len(got)).format(n=len(want) - len(got)))
    return BR.join(lines)


# ---------------------------------------------------------------- shanten


def shanten_text(hand: Any, given: int | None, right: int, final: bool, *, plain: bool = False) -> str:
    """The blocks behind the shanten: for the standard form the sets, pairs, partial sets and loose
    tiles and (after the final try) the count; the other forms by their glossary names.  On the
    retry what is wrong with the learner's number is said at once, above the blocks (too high: what
    the hand already has follows the blocks; too low: why, before them).  When the right answer is another form's (seven pairs), the final
    try says so first and labels the count as the four-sets form's, so no number on screen
    contradicts the answer.  ``given`` None (the answer shown without one, after giving up): the
    blocks and the count alone.  ``plain``: for a learner not yet taught the count (2 × sets still
    to make − partial sets − the pair), what the number means instead (:func:`_plain_count_lines`)."""
    from trainer.engine.explain import shanten_blocks

    forms = shanten_blocks(hand)
    std = next(f for f in forms if f["form"] == "standard")
    blocks = _("The blocks of this hand: {blocks}.").format(blocks=blocks_line(std))
    if given is not None and not final:
        said = _("You said {given}.").format(given=format_number(given))
        if given > right:  # the verdict at once; what the hand already has after its blocks
            return BR.join([said + " " + _("That is too many."), blocks, too_high_line(forms, std, right)])
        return BR.join([said + " " + _("Too low: a loose tile needs two more tiles to become a set."), blocks])
    if given is None:
        lines = [blocks]
    else:
        lines = [_("You said {given}. The blocks of this hand: {blocks}.").format(given=format_number(given),
                                                                                  blocks=blocks_line(std))]
    count = _plain_count_lines if plain else _shanten_count_lines
    return BR.join([*lines, *count(forms, std, right)])


PLAIN_SHANTEN = {
    -1: N_("The hand is complete: its {term} is −1."),
    0: N_("One tile completes the hand: its {term} is 0."),
}
"""What a shanten of -1 or 0 means, for a learner not yet taught the count (:func:`_plain_count_lines`)."""


def _plain_count_lines(forms: Sequence[dict[str, Any]], std: dict[str, Any], right: int) -> list[str]:
    """The shanten without the count: the other form's answer (seven pairs) when that is it, else
    what the number means (complete, one tile short, or so many useful tiles from one tile short),
    in the words of the lessons before the count is taught."""
    other = _answer_form(forms, std, right)
    if other is not None:
        return [other_form_line(other, form_name("standard", int(std["needed"]) + int(std.get("melds", 0))))]
    if right in PLAIN_SHANTEN:
        return [_(PLAIN_SHANTEN[right]).format(term="{term:shanten}")]
    return [ngettext("{n} more useful tile brings the hand to one tile short of complete: its {term} is {n}.",
                     "{n} more useful tiles bring the hand to one tile short of complete: its {term} is {n}.",
                     right).format(n=format_number(right), term="{term:shanten}")]


def _shanten_count_lines(forms: Sequence[dict[str, Any]], std: dict[str, Any], right: int) -> list[str]:
    """The count of the standard form's shanten, after the other form's answer when that is it."""
    need = std["needed"] - len(std["sets"])
    head = 1 if std["pairs"] else 0
    usable = min(len(std["partials"]) + len(std["pairs"]) - head, need)
    other = _answer_form(forms, std, right)
    if other is None:
        return [_("Count: 2 × {need} (sets still to make) − {usable} (partial sets and spare pairs that "
                  "can grow) − {head} (the pair) = {n}.").format(need=need, usable=usable, head=head,
                                                            n=format_number(std["shanten"]))]
    std_name = form_name("standard", int(std["needed"]) + int(std.get("melds", 0)))
    return [other_form_line(other, std_name),
            _("Count as {form}: 2 × {need} (sets still to make) − {usable} (partial sets and spare "
              "pairs that can grow) − {head} (the pair) = {n}.").format(
                form=std_name, need=need, usable=usable, head=head, n=format_number(std["shanten"]))]


def _answer_form(forms: Sequence[dict[str, Any]], std: dict[str, Any], right: int) -> dict[str, Any] | None:
    """The other form (seven pairs, thirteen orphans) whose shanten is the answer, when the
    standard form's is higher (None when the standard form gives the answer)."""
    if std["shanten"] <= right:
        return None
    return next((f for f in forms if f["form"] != "standard" and f["shanten"] == right), None)


def other_form_line(other: dict[str, Any], std_name: str) -> str:
    """Why the answer is another form's shanten: the hand is complete (or nearer to it) that way."""
    if other["shanten"] < 0:
        return _("As {form} the hand is already complete, so its {term} is {n}: a hand counts by the form "
                 "closest to complete.").format(form=form_name(other["form"]), term="{term:shanten}",
                                                n=format_number(other["shanten"]))
    return _("As {form} the hand's {term} is {n}, lower than as {std}: a hand counts by the form closest "
             "to complete.").format(form=form_name(other["form"]), term="{term:shanten}",
                                 n=format_number(other["shanten"]), std=std_name)


def too_high_line(forms: Sequence[dict[str, Any]], std: dict[str, Any], right: int) -> str:
    """A shanten said too high (after the verdict «That is too many.»): what the hand already has that the learner did not count, from the
    engine's blocks (its sets, pairs and partial sets, each with what it gives), or, when the right
    shanten is another form's (the question counts every form), that form."""
    other = _answer_form(forms, std, right)
    if other is not None and other["shanten"] < 0:  # complete as that form: "closer to tenpai" would be wrong
        return _("Read the hand as {form}. Does it still lack a tile that way?").format(
            form=form_name(other["form"]))
    if other is not None:
        return _("The hand is closer to tenpai as {form}.").format(form=form_name(other["form"]))
    have = []
    if std["sets"]:
        have.append(ngettext("{tiles} is a set already.", "{tiles} are sets already.", len(std["sets"])).format(
            tiles=_tile_list(std["sets"])))
    if std["pairs"]:
        have.append(ngettext("{tiles} is a pair: the head of the hand, or a set one tile away.",
                             "{tiles} are pairs: one is the head, and each of the others needs one more tile "
                             "to become a set.",
                             len(std["pairs"])).format(tiles=_tile_list(std["pairs"])))
    if std["partials"]:
        have.append(ngettext("{tiles} is a partial set: one more tile makes it a set.",
                             "{tiles} are partial sets: one more tile makes each of them a set.",
                             len(std["partials"])).format(tiles=_tile_list(std["partials"])))
    if not have:
        return _("Look again for sets, pairs and partial sets you have not counted.")
    return " ".join([_("You have not counted everything the hand already has."), *have])


# ---------------------------------------------------------------- fu


def _fu_item(fid: str, fu: int) -> str:
    """A fu item named inside a sentence: its name in quotes, with its fu unless the name says them
    («Seven pairs: fixed 25 fu» is not followed by "(25 fu)")."""
    name = fu_name(fid)
    if str(fu) in name:
        return _("“{name}”").format(name=name)
    return ngettext("“{name}” ({n} fu)", "“{name}” ({n} fu)", fu).format(name=name, n=fu)


def items_fu(items: Sequence[tuple[str, int]]) -> int:
    """The fu of some items as the engine rounds them (seven pairs stays 25)."""
    from trainer.engine.fu import FuItem, round_fu

    return round_fu(tuple(FuItem(fid, fu) for fid, fu in items)) if items else 0


def fu_items_text(expected: Sequence[tuple[str, int]], given: Sequence[tuple[str, int]], final: bool) -> str:
    """The fu items the learner added that the hand does not score (always named), the ones left out
    (counted on the retry, named after the final try) and any named with the wrong value; after the
    final try it starts with the hand's fu beside what the learner's items make."""
    from trainer.engine.explain import fu_diff

    d = fu_diff(expected, given)
    lines = []
    if final:  # the answer first, beside the learner's own count (the running sum shows theirs)
        right, mine = items_fu(expected), items_fu(given)
        if right == mine:  # the same rounded total from different items: the step asks for the items
            lines.append(_("Your items round to the same {fu} fu as the hand's, but the step asks for the hand's "
                           "items, and they differ:").format(fu=right))
        else:
            lines.append(_("This hand has {right} fu; your items make {mine} fu.").format(right=right, mine=mine))
    lines += [_("This hand does not score {item}.").format(item=_fu_item(fid, fu)) for fid, fu in d["extra"]]
    lines += [surplus_line(fid, fu, have, counted) for fid, fu, have, counted in d["surplus"]]
    lines += [_("{name} is worth {right} fu here, not {given}.").format(name=fu_name(fid), right=r, given=g)
              for fid, g, r in d["wrong_value"]]
    if d["missing"] and not final:
        lines.append(ngettext("{n} item of the hand is missing: check the win, each set, the pair and the wait.",
                              "{n} items of the hand are missing: check the win, each set, the pair and the wait.",
                              len(d["missing"])).format(n=len(d["missing"])))
    elif d["missing"]:
        lines += [_("You left out {item}.").format(item=_fu_item(fid, fu)) for fid, fu in d["missing"]]
    return BR.join(lines)


def surplus_line(fid: str, fu: int, have: int, counted: int) -> str:
    """A fu item the hand does score, counted more often than the hand has it: «„Закрытая тройка
    простых“ (4 фу) в этой руке одна, а вы посчитали её 2 раза»; the fu of the win itself (the base,
    the closed ron, the tsumo), the pair and the wait once per hand."""
    item = _fu_item(fid, fu)
    if not fid.startswith(SET_ITEMS):
        # TRANSLATORS: {item} is a fu item in quotes with its fu; {n} how often the learner counted it.
        return ngettext("{item} is scored once per hand; you counted it {n} time.",
                        "{item} is scored once per hand; you counted it {n} times.", counted).format(
            item=item, n=counted)
    if have == 1:
        # TRANSLATORS: {item} is a fu item in quotes (a set, the pair, the wait); {n} how often the learner counted it.
        return ngettext("This hand has {item} once; you counted it {n} time.",
                        "This hand has {item} once; you counted it {n} times.", counted).format(
            item=item, n=counted)
    # TRANSLATORS: {item} is a fu item in quotes; {have} (2 to 4) how often the hand has it, {n} how often it was counted.
    return ngettext("This hand has {item} {have} times; you counted it {n} time.",
                    "This hand has {item} {have} times; you counted it {n} times.", counted).format(
        item=item, have=have, n=counted)


SET_ITEMS = ("minkou", "ankou", "minkan", "ankan")
"""The fu items of a set (their ids start so), which a hand may score several times; every other
item (the base fu, the win, the pair, the wait) it scores once."""


def fu_total_text(items: Sequence[tuple[str, int]], total: int, given: int, final: bool) -> str:
    """A typed fu total (one number: the learner named no items) against the engine's: the usual
    slip (not rounded up), too many or too few; a seven-pairs hand's fixed fu (said after the final
    try only).  The working that follows the final try lists the items, their sum and the rounding."""
    from trainer.engine.explain import fu_total_slip

    if [fid for fid, _fu in items] == ["chiitoitsu"]:  # seven pairs: one fixed figure, nothing to add up
        if not final:  # the hint that follows says to look at the form first
            return _("{given} fu is not right for this hand.").format(given=given)
        return _("{given} fu is not right: a {term} hand always scores a fixed {total} fu — no base, win, sets "
                 "or wait are added, and nothing is rounded.").format(given=given, term="{term:chiitoitsu}",
                                                                      total=total)
    slip = fu_total_slip(items, total, given)
    if slip == "not_rounded":
        text = _("{given} is the sum before rounding: fu are rounded up to the next 10.").format(given=given)
    elif slip == "rounded_down":
        text = _("{given} is rounded down: fu are always rounded up to the next 10.").format(given=given)
    elif given > total:
        text = _("{given} fu is too many: you counted fu this hand does not score, or an item worth less than "
                 "you gave it.").format(given=given)
    else:
        text = _("{given} fu is too few: you left out fu this hand scores, or an item worth more than you gave "
                 "it.").format(given=given)
    return text


# ---------------------------------------------------------------- han


def han_mistake_text(explanation: Sequence[dict[str, Any]], given: int, final: bool, *, open_hand: bool = False) -> str:
    """A wrong han count, from the engine's working (its yaku with their han, the dora, the
    total).  The first miss says why the learner's number is too many or too few -- a yaku counted
    that the hand does not have, a yaku's han counted twice or worth less in an open hand
    (``open_hand``); a yaku or a dora left out -- and what to look at, without naming the hand's
    yaku or saying there are no dora (with one yaku and no dora that is the answer itself).  After
    the final try it says where to look in the working below it, which lists each yaku with its han.
    "" for a yakuman hand or a working without yaku (the caller's plain line then)."""
    yaku = [(str(i["id"]), int(i.get("han") or 0)) for i in explanation if i.get("kind") == "yaku"]
    dora = next((int(i.get("count") or 0) for i in explanation if i.get("kind") == "dora"), 0)
    total = next((i for i in explanation if i.get("kind") == "total"), None)
    if total is None or not yaku or any(i.get("yakuman") for i in explanation if i.get("kind") == "yaku"):
        return ""
    right = int(total["han"])
    if given == right:
        return ""
    many = given > right
    if final:  # the working under this line lists each yaku with its han, and the dora
        # TRANSLATORS: {given} is a counted word ("3 han"); the engine's list of the yaku follows below.
        text = _("{given} is too many: the hand's yaku and their han are listed below; a yaku you counted is "
                 "not among them, or is worth less here.") if many else \
            _("{given} is too few: the hand's yaku and their han are listed below; one of them or a dora is "
              "missing from your count, or is worth more here.")
        return text.format(given=han_text(given))
    if many:
        # TRANSLATORS: {given} is a counted word ("3 han"). The first miss: the hand's yaku are not named.
        lines = [_("{given} is too many: you counted a yaku this hand does not have, counted one yaku's han "
                   "twice, or gave a yaku more han than it is worth here. Find which yaku the hand really has: "
                   "look at its sets, its pair, its wait and how it was won.").format(given=han_text(given))]
        if open_hand:
            lines.append(_("The hand is open: some yaku are worth one han less in an open hand, and some do not "
                           "count at all."))
        if dora:
            lines.append(_("Count the dora again too: each dora tile in the hand adds one han."))
    else:
        # TRANSLATORS: {given} is a counted word ("1 han"). The first miss: the hand's yaku are not named.
        lines = [_("{given} is too few: the hand has a yaku you did not count, or a yaku is worth more han here "
                   "than you gave it. Look again at its sets, its pair, its wait and how it was won.").format(
            given=han_text(given))]
        if dora:
            lines.append(_("Do not forget the dora: each one adds a han on top of the yaku."))
    return " ".join(lines)


def _is_open(step: Any) -> bool:
    """Whether a step's hand has an open meld (False when it cannot be read)."""
    from trainer.engine.notation import parse_hand

    try:
        return not parse_hand(str(step.hand), check_size=False).is_closed
    except (ValueError, KeyError, TypeError, AttributeError):
        return False


# ---------------------------------------------------------------- points


def chain_lines(chain: dict[str, Any]) -> list[str]:
    """The points chain in words: han and fu -> basic points (or the limit) -> each payment -> honba."""
    han, fu = chain["han"], chain["fu"]
    lines = []
    if chain["limit"]:
        # TRANSLATORS: {han} and {fu} are counted words ("13 han", "40 fu"); {limit} is a limit hand's name.
        lines.append(_("{han} {fu} reach {limit}: basic points {basic}.").format(
            han=han_text(han), fu=fu_text(fu), limit="{term:" + chain["limit"] + "}",
            basic=format_points(chain["basic"])))
    else:
        # fu × 2^(han+2) without the power sign: the multiplier itself, 8 at 1 han, doubled per han
        lines.append(_("Basic points = {fu} fu × {mult} = {basic} (for {han}: the multiplier is 8 at 1 han and "
                       "doubles with each further han).").format(
            fu=fu, han=han_text(han), mult=format_points(chain["basic"] // fu), basic=format_points(chain["basic"])))
    for p in chain["payments"]:
        words = PAYERS_THREE if chain.get("payers") == 2 and p["payer"] in PAYERS_THREE else PAYERS
        text = _("{payer}: {basic} × {mult} = {raw} → rounded up to {paid}") if p["raw"] != p["paid"] else \
            _("{payer}: {basic} × {mult} = {raw}")  # nothing to round: no "rounded up to" the same figure
        line = text.format(payer=_(words[p["payer"]]).capitalize(), basic=format_points(chain["basic"]),
                           mult=p["mult"], raw=format_points(p["raw"]), paid=format_points(p["paid"]))
        if p["honba"]:
            line += " " + _("+ {honba} for {term} = {total}").format(honba=format_points(p["honba"]), term=term_word(
                "honba", pgettext("inline term", "honba")), total=format_points(p["total"]))
        lines.append(line + ".")
    return lines


def payment_chain(ex: Any) -> tuple[dict[str, Any], Any]:
    """A payment question's points chain (:func:`~trainer.engine.explain.points_chain`) and the
    rules of its preset, from the prompt's data."""
    from trainer.engine.exercises.scoring_drills import rules_for
    from trainer.engine.explain import points_chain

    data = dict(ex.prompt.data)
    rules = rules_for(data.get("preset") or dict(ex.params).get("preset", "tenhou"))
    chain = points_chain(data["han"], data["fu"], dealer=data["dealer"], tsumo=data["by"] == "tsumo", rules=rules,
                         honba=data.get("honba", 0))
    return chain, rules


def slip_line(slip: str, chain: dict[str, Any], rules: Any) -> str:
    """One usual payment slip in words: those of :data:`SLIPS` said of the chain's winner and way
    of winning, a box's honba slip (:func:`~trainer.ui.views.explain.box_slip_line`) otherwise."""
    from trainer.engine.points import payers
    from trainer.ui.views.explain import box_slip_line

    if slip not in SLIPS:
        return box_slip_line(slip, rules.honba_points, payers(rules))
    dealer, tsumo = chain["dealer"], chain["tsumo"]
    return _(SLIPS[slip]).format(who=_("the dealer") if dealer else _("a non-dealer"),
                                 other=_("a non-dealer") if dealer else _("the dealer"),
                                 how=_("tsumo") if tsumo else _("ron"), other_how=_("ron") if tsumo else _("tsumo"),
                                 term="{term:honba}", n=format_points(chain["per_honba"]))


def points_text(chain: dict[str, Any], given: Sequence[int] | None, rules: Any, final: bool, *,
                boxes: str = "", box_slips: bool = False) -> str:
    """A typed payment against the chain: the usual slips that give the learner's numbers
    (:func:`~trainer.engine.explain.points_slip`; with ``box_slips`` the slips of one box too, as
    :func:`~trainer.engine.explain.payment_slips` names them), else the first step to recheck; after
    the final try the whole chain.  ``boxes`` is said after the numbers (which of two boxes is
    wrong).  ``given`` None (the answer shown without one, after giving up): the whole chain alone."""
    from trainer.engine.explain import payment_slips, points_slip

    if given is None:
        return BR.join(chain_lines(chain))
    named = payment_slips if box_slips else points_slip
    slips = [slip_line(slip, chain, rules) for slip in named(chain, given, rules)]
    lines = [_("You said {given}.").format(given=" / ".join(format_points(g) for g in given)), boxes, *slips]
    if final:
        lines += chain_lines(chain)
    elif not slips:
        lines.append(chain_lines(chain)[0] + " " + _("Now multiply them for each payer and round up to the next "
                                                     "100."))
    return BR.join(t for t in lines if t)


# ---------------------------------------------------------------- discards and choices


def discard_text(items: Sequence[dict[str, Any]], picked: Iterable[int], final: bool, hand: Any = None) -> str:
    """A discard against the engine's table of discards: what the learner's tile leaves (shanten, the
    hand form that shanten comes from when it is not four sets and a pair, and the tiles that
    improve) beside the best one (after the final try named once, with what it does better: the
    working under it lists its tiles).  ``hand`` (the 14 tiles) names the form; without it none."""
    from trainer.engine.tiles import kind_name

    by_tile = {i["tile"].replace("0", "5"): i for i in items if i.get("kind") == "discard"}
    best = next((i for i in items if i.get("kind") == "discard" and i.get("best")), None)
    lines = []
    for k in sorted(set(picked)):
        mine = by_tile.get(kind_name(k))
        if mine is None or mine.get("best"):
            continue
        n = mine.get("total", 0)
        if mine.get("ukeire"):
            line = ngettext("Discarding {tile} leaves {term} {s} and {n} tile that improves the hand: {tiles}.",
                            "Discarding {tile} leaves {term} {s} and {n} tiles that improve the hand: {tiles}.",
                            n).format(tile=_tiles(mine["tile"]), term="{term:shanten}", s=mine["shanten"], n=n,
                                      tiles=_tiles(mine["ukeire"]))
        else:
            line = ngettext("Discarding {tile} leaves {term} {s} and {n} tile that improves the hand.",
                            "Discarding {tile} leaves {term} {s} and {n} tiles that improve the hand.", n).format(
                tile=_tiles(mine["tile"]), term="{term:shanten}", s=mine["shanten"], n=n)
        form = _discard_form_line(hand, k, int(mine["shanten"]))
        lines.append(" ".join(t for t in (line, form) if t))
        if best is None:
            continue
        if not final:
            if best["shanten"] < mine["shanten"]:
                lines.append(_("Another discard keeps the hand closer to {term}.").format(
                    term=term_word("tenpai", pgettext("inline term", "tenpai"))))
            else:
                lines.append(_("Another discard leaves more tiles that improve the hand ({n}).").format(
                    n=best.get("total", 0)))
        elif best["shanten"] < mine["shanten"]:
            line = _("Discarding {tile} instead leaves {term} {s}: nearer to {tenpai}.").format(
                tile=_tiles(best["tile"]), term="{term:shanten}", s=best["shanten"],
                tenpai=term_word("tenpai", pgettext("inline term", "tenpai")))
            form = _discard_form_line(hand, _kind(best["tile"]), int(best["shanten"]))
            lines.append(" ".join(t for t in (line, form) if t))
        else:
            lines.append(_("Discarding {tile} instead leaves the same {term}, and more tiles improve the "
                           "hand.").format(tile=_tiles(best["tile"]), term="{term:shanten}"))
    return BR.join(lines)


def _hand_or_none(text: Any) -> Any:
    """The hand of an MPSZ text, or None when there is none or it cannot be read."""
    from trainer.engine.notation import parse_hand

    try:
        return parse_hand(str(text), check_size=False) if text else None
    except (ValueError, KeyError):
        return None


def _kind(tile: str) -> int:
    from trainer.engine.tiles import kind_from_name

    return kind_from_name(tile.replace("0", "5"))


def _discard_form_line(hand: Any, kind: int, shanten: int) -> str:
    """The hand form a discard's shanten comes from, when it is another form than four sets and a
    pair (seven pairs): «Такой шантен — в виде семи пар; в виде «4 сета и пара» он был бы 2.»"""
    from trainer.engine.explain import discard_forms

    if hand is None:
        return ""
    try:
        forms = discard_forms(hand, kind)
    except (ValueError, KeyError):
        return ""
    std = forms.get("standard")
    other = next((f for f, v in forms.items() if f != "standard" and v == shanten), None)
    if other is None or std is None or std <= shanten:
        return ""
    sets = len(hand.concealed) // 3
    return _("That {term} is the hand's as {form}; as {std} it would be {n}.").format(
        term="{term:shanten}", form=form_name(other), std=form_name("standard", sets), n=format_number(std))


def options_text(picked: Iterable[str], right: Iterable[str], names: dict[str, str], final: bool) -> str:
    """Ticked options against the right set (yaku of a hand...): each wrong tick named, the missing
    ones counted on the retry and named after the final try (:func:`yaku_ticks_text` says why, for
    the yaku drill)."""
    picked, right = set(picked), set(right)
    lines = [_("{name}: not in this hand.").format(name=names.get(v, v)) for v in sorted(picked - right)]
    missed = sorted(right - picked)
    if missed and not final:
        lines.append(more_yaku_line(len(missed)))
    elif missed:  # the answer line lists them all: here only the ones the learner left out
        lines.append(_("Not ticked, though in the hand: {names}.").format(
            names=", ".join(names.get(v, v) for v in missed)))
    return BR.join(lines)


def more_yaku_line(n: int) -> str:
    """On the retry: how many yaku of the hand are still not ticked («В руке есть ещё 1 яку.»)."""
    return ngettext("{n} more yaku is in the hand.", "{n} more yaku are in the hand.", n).format(n=n)


# ---------------------------------------------------------------- yaku


def yaku_needs(yaku_id: str) -> str:
    """What a yaku needs, in a few words to follow a colon: the first sentence of its glossary card
    (the card its link opens, as MCR's fans say what they need), else the kunto words
    (:data:`trainer.ui.kunto_words.YAKU_NEEDS`)."""
    from trainer.engine.yaku import yaku_info
    from trainer.ui.kunto_words import YAKU_NEEDS
    from trainer.ui.mcr_texts import term_meaning

    info = yaku_info().get(yaku_id)
    meaning = card_words(term_meaning(info.glossary if info is not None else yaku_id))
    if meaning:
        return meaning
    need = YAKU_NEEDS.get({"sanshoku_doujun": "sanshoku"}.get(yaku_id, yaku_id))
    return _(need) if need else ""


def card_words(meaning: str) -> str:
    """A glossary card's explanation cut to its first sentence, to follow a colon inside a sentence
    («ожидание на две пары: третья плитка…»): a sentence ends at a full stop before a capital
    letter or a number outside brackets ("(e.g. 2-3-4" goes on); the first word lower-cased unless it is a name
    ("A triplet…" → "a triplet…")."""
    import re

    text = meaning.strip()
    for m in re.finditer(r"\.\s+(?=[A-ZА-ЯЁ0-9])", text):
        if text[: m.start()].count("(") == text[: m.start()].count(")"):
            text = text[: m.start()]
            break
    first = text.split(" ", 1)[0]
    if first[:1].isupper() and (len(first) == 1 or first[1:].islower()) and first not in NAMES_FIRST:
        text = text[:1].lower() + text[1:]
    return text.rstrip(".")


NAMES_FIRST = ("Riichi", "Tenhou", "Chuuren", "Kokushi", "MCR")
"""First words of a glossary explanation that are names and keep their capital letter."""


def _yaku_term(yaku_id: str) -> str:
    from trainer.ui.kunto_words import _yaku_term as term

    return term(yaku_id)


def yaku_absent_line(why: dict[str, Any]) -> str:
    """A ticked yaku the hand does not have (:func:`trainer.engine.explain.yaku_reason`): what the
    yaku needs, then what in this hand stands against it («Тойтой в этой руке нет. Для него нужно:
    все четыре сета — тройки… А здесь есть последовательности: 345p 678s.»)."""
    yaku = _yaku_term(why["id"])
    reason = why.get("reason")
    if reason == "replaced":
        return _("{yaku}: the hand has {by} instead, a bigger yaku that includes it and counts in its "
                 "place.").format(yaku=yaku, by=_yaku_term(why["by"]))
    need = yaku_needs(why["id"])
    head = _("{yaku}: not in this hand. What it needs: {need}.").format(yaku=yaku, need=need) if need else \
        _("{yaku}: not in this hand.").format(yaku=yaku)
    tail = _yaku_against(why)
    return " ".join(t for t in (head, tail) if t)


def _yaku_against(why: dict[str, Any]) -> str:
    """What in the hand stands against a ticked yaku, one sentence ("" when nothing more is known)."""
    reason = why.get("reason")
    tiles = list(why.get("tiles") or ())
    shown = _tile_list(tiles)
    if reason == "other_reading":
        return _("Split as {groups} the hand would have it, but a hand is scored by its split worth the most: "
                 "{best} against {points}.").format(groups=_tile_list(why["reading"]),
                                                    best=_points_words(why["best"]),
                                                    points=_points_words(why["points"]))
    if reason == "open":
        return ngettext("But this hand is open: {tiles} was called from a discard.",
                        "But this hand is open: {tiles} were called from discards.", len(tiles)).format(tiles=shown)
    if reason == "tiles" and tiles:
        return _("But the hand holds {tiles}.").format(tiles=shown)
    if reason == "runs":
        return ngettext("But here {tiles} is a run.", "But here {tiles} are runs.", len(tiles)).format(tiles=shown)
    if reason == "no_runs" or (reason == "run_shape" and not tiles):
        return _("But the hand has no run at all.")
    if reason == "run_shape":
        return ngettext("But the hand's only run is {tiles}.", "But the hand's runs are {tiles}.",
                        len(tiles)).format(tiles=shown)
    if reason == "sets" and why["id"] == "junchan":
        return ngettext("But {tiles} holds no 1 or 9.", "But {tiles} hold no 1 or 9.", len(tiles)).format(tiles=shown)
    if reason == "sets":
        return ngettext("But {tiles} holds no 1, 9 or honor.", "But {tiles} hold no 1, 9 or honor.",
                        len(tiles)).format(tiles=shown)
    if reason == "no_triplet":
        return _no_triplet_line(why)
    if reason == "pinfu":
        return _pinfu_line(why)
    if reason == "not_pairs":
        return _("But this hand is made of sets and a pair, not of seven pairs.")
    if reason == "seven_pairs":
        return _("But this hand is seven pairs: it has no sets at all.")
    if reason == "ron":
        return _("But this hand was won by ron, off another player's discard.")
    if reason == "situation":
        return _("That did not happen in this win.")
    if reason == "concealed":
        return _concealed_line(why)
    if reason == "excluded":
        return _("This hand is scored with {by}, and the two are never counted together.").format(
            by=_yaku_term(why["by"]))
    return ""


def _ron_triplet_line(tiles: Sequence[str]) -> str:
    """A triplet finished by ron, which counts as open (as its fu line says)."""
    return ngettext("{tiles} was finished by ron, off another player's discard, so it counts as an open triplet.",
                    "{tiles} were finished by ron, off another player's discard, so they count as open triplets.",
                    len(tiles)).format(tiles=_tile_list(tiles))


def _concealed_line(why: dict[str, Any]) -> str:
    """Sanankou ticked without three concealed triplets: the concealed ones, and why the others do
    not count (finished by ron, called)."""
    own, ron, called = list(why.get("tiles") or ()), list(why.get("ron") or ()), list(why.get("called") or ())
    if own:
        lines = [ngettext("But this hand has only {n} concealed triplet: {tiles}.",
                          "But this hand has only {n} concealed triplets: {tiles}.", len(own)).format(
            n=len(own), tiles=_tile_list(own))]
    else:
        lines = [_("But this hand has no concealed triplet.")]
    if ron:
        lines.append(_ron_triplet_line(ron))
    if called:
        lines.append(ngettext("{tiles} was called from a discard: it is open.",
                              "{tiles} were called from discards: they are open.", len(called)).format(
            tiles=_tile_list(called)))
    return " ".join(lines)


def _points_words(n: int) -> str:
    from trainer.i18n import points_text as words

    return words(n)


def _no_triplet_line(why: dict[str, Any]) -> str:
    """A yakuhai ticked without its triplet: which tile it needs (the seat or round wind named) and
    how many the hand holds."""
    tile = _tiles(why["tile"])
    lines = []
    if why["id"] == "yakuhai_seat_wind":
        lines.append(_("Your seat wind here is {tile}.").format(tile=tile))
    elif why["id"] == "yakuhai_round_wind":
        lines.append(_("The round wind here is {tile}.").format(tile=tile))
    held = int(why.get("held") or 0)
    if held == 2:
        lines.append(_("But {tile} is only a pair here.").format(tile=tile))
    elif held == 1:
        lines.append(_("But the hand holds only one {tile}.").format(tile=tile))
    else:
        lines.append(_("But the hand holds no {tile}.").format(tile=tile))
    return " ".join(lines)


def _pinfu_line(why: dict[str, Any]) -> str:
    """What breaks pinfu here, from the engine's blockers: the open hand, the triplets, a pair of
    value tiles, a wait that was not two-sided."""
    parts = []
    blocks = why.get("blocks") or ()
    if "open_hand" in blocks:
        parts.append(_("the hand is open"))
    if "triplet" in blocks and why.get("tiles"):
        parts.append(ngettext("{tiles} is a triplet, not a run", "{tiles} are triplets, not runs",
                              len(why["tiles"])).format(tiles=_tile_list(why["tiles"])))
    if "valued_pair" in blocks and why.get("pair"):
        parts.append(_("the pair {tiles} is of value tiles").format(tiles=_tiles(why["pair"])))
    if "not_ryanmen" in blocks:
        parts.append(_("the wait was {shape}, not two-sided").format(shape="{term:" + why["shape"] + "}"))
    if not parts:
        return ""
    return _("But here {reasons}.").format(reasons="; ".join(parts))


def yaku_present_line(why: dict[str, Any]) -> str:
    """A yaku of the hand left unticked, with what makes it: its groups («Его дают 222z»), or, where
    the whole hand or the win does, what it needs, which this hand has."""
    yaku = _yaku_term(why["id"])
    tiles = list(why.get("tiles") or ())
    if tiles:
        line = _("Not ticked, though in the hand: {yaku}, made by {tiles}.").format(yaku=yaku,
                                                                                   tiles=_tile_list(tiles))
        if why.get("ron"):  # a fourth triplet, finished by ron: not one of the concealed ones
            line += " " + _ron_triplet_line(why["ron"])
        return line
    need = yaku_needs(why["id"])
    if need:
        return _("Not ticked, though in the hand: {yaku}. What it needs: {need} — and this hand has that.").format(
            yaku=yaku, need=need)
    return _("Not ticked, though in the hand: {names}.").format(names=yaku)


def yaku_ticks_text(ex: Any, picked: Iterable[str], final: bool) -> str:
    """The yaku drill's ticks against the hand's yaku, from the engine (:func:`~trainer.engine.
    explain.yaku_reason`): each wrong tick with what that yaku needs and what in this hand stands
    against it; on the retry how many yaku are still to tick; after the final try each yaku left
    out with what in the hand makes it."""
    from trainer.engine.exercises.scoring_drills import rules_for
    from trainer.engine.explain import drill_win, yaku_reason

    data = dict(ex.prompt.data)
    hand, ctx = drill_win(str(ex.prompt.hand), data)
    rules = rules_for(data.get("preset") or dict(ex.params).get("preset", "tenhou"))
    picked, right = set(picked), set(ex.answer)
    lines = [yaku_absent_line(yaku_reason(hand, ctx, rules, y)) for y in sorted(picked - right)]
    missed = sorted(right - picked)
    if missed and not final:
        lines.append(more_yaku_line(len(missed)))
    elif missed:
        lines += [yaku_present_line(yaku_reason(hand, ctx, rules, y)) for y in missed]
    return BR.join(lines)


def your_choice(labels: Iterable[str]) -> str:
    """The learner's own pick, named (when nothing more specific can be said about it)."""
    shown = ", ".join(labels)
    if not shown:
        return ""
    # an option that is a sentence of its own keeps one closing mark («…потом дилера.», not «..»;
    # "Ron!" keeps its own mark), as steps.choice.answer_sentence does for the lessons
    if shown.endswith(".") and not shown.endswith(".."):
        shown = shown[:-1]
    text = _("Your answer: {answer}.").format(answer=shown)
    if shown.endswith(("?", "!", "…", "...")) and text.endswith(shown + "."):
        text = text[:-1]
    return text


# ---------------------------------------------------------------- dora, groups, sets, complete hands, safe tiles
# Why the learner's own pick is wrong in the small drills (the dora, tile groups, sets, complete
# hands, safe tiles), from the engine's answer and explanation items: on the retry without naming
# the answer, after the final try with what the pick missed.


def _tile_order(kind: int) -> str:
    """The order a tile counts on in: its suit ("m", "p", "s"), the winds or the dragons (a dora is
    always of its indicator's order)."""
    from trainer.engine.tiles import SUITS, is_dragon, is_wind, suit_of

    return "winds" if is_wind(kind) else "dragons" if is_dragon(kind) else SUITS[suit_of(kind)]


DORA_ORDERS = {
    "winds": N_("the winds go {east} → {south} → {west} → {north}, and after {north} comes {east} again"),
    "dragons": N_("the dragons go {white} → {green} → {red}, and after {red} comes {white} again"),
    "wrap": N_("in a suit the numbers go up to 9, and after 9 comes 1 again"),
}
"""Why the tile after an indicator is the one it is, where the order is not plain counting on."""


def dora_after_line(indicator: int) -> str:
    """"After 4z comes 1z: the winds go East → South → West → North, and after North comes East
    again" — the engine's dora of one indicator, with the order it follows where that is not
    plain counting on (the winds, the dragons, a 9)."""
    from trainer.engine.tiles import dora_from_indicator, kind_name

    dora = dora_from_indicator(indicator)
    head = _("After {ind} comes {dora}").format(ind=_tiles(kind_name(indicator)), dora=_tiles(kind_name(dora)))
    order = _tile_order(indicator)
    key = order if order in DORA_ORDERS else ("wrap" if dora < indicator else "")
    if not key:
        return head + "."
    words = {k: "{term:" + t + "}" for k, t in (("east", "ton"), ("south", "nan"), ("west", "shaa"),
                                                 ("north", "pei"), ("white", "haku"), ("green", "hatsu"),
                                                 ("red", "chun"))}
    return head + ": " + _(DORA_ORDERS[key]).format(**words) + "."


def dora_pick_text(indicators: str, picked: Iterable[int], answer: Iterable[int], final: bool) -> str:
    """Picked dora against the engine's: each wrong tile as what it is beside the indicators (the
    indicator itself, the tile before it, another tile of its order, a tile of another order); the
    dora still to find counted on the retry; after the final try the tile that comes after each
    indicator concerned, and why."""
    from trainer.engine.notation import parse_tiles
    from trainer.engine.tiles import dora_from_indicator, kind_name

    inds = [t.kind for t in parse_tiles(indicators, max_copies=None)] if indicators else []
    picked, answer = set(picked), set(answer)
    lines: list[str] = []
    concerned: list[int] = []
    for k in sorted(picked - answer):
        tile = _tiles(kind_name(k))
        same = [i for i in inds if _tile_order(i) == _tile_order(k)]
        before = next((i for i in same if dora_from_indicator(k) == i), None)
        if k in inds:
            lines.append(_("{tile} is the indicator itself: the dora is the tile after it.").format(tile=tile))
            concerned.append(k)
        elif before is not None:
            lines.append(_("{tile} comes before the indicator {ind}: the dora is the tile after it, not before "
                           "it.").format(tile=tile, ind=_tiles(kind_name(before))))
            concerned.append(before)
        elif same:
            ind = next((i for i in same if dora_from_indicator(i) not in picked), same[0])
            lines.append(_("{tile} is not the tile right after the indicator {ind}.").format(
                tile=tile, ind=_tiles(kind_name(ind))))
            concerned.append(ind)
        else:
            lines.append(_("{tile} is of another kind than the indicator: the dora is of the indicator's own suit "
                           "(a wind after a wind, a dragon after a dragon).").format(tile=tile))
            concerned.extend(inds)
    missed = len(answer - picked)
    if missed and not final:
        lines.append(ngettext("{n} right tile is not picked yet.", "{n} right tiles are not picked yet.",
                              missed).format(n=missed))
    if final:
        lines += [dora_after_line(i) for i in dict.fromkeys(concerned)]
    return BR.join(lines)


def dora_count_text(hand_text: str, items: Sequence[dict[str, Any]], given: int, right: int, final: bool,
                    aka: bool = False) -> str:
    """A typed dora count against the engine's: the usual slips (the red fives left out, the
    indicators counted instead of the tiles after them), else too many or too few (``aka``: the
    game has red fives); after the final try the dora tiles of the hand and the red fives."""
    from trainer.engine.notation import format_tiles, parse_tiles
    from trainer.engine.tiles import dora_from_indicator, kind_from_name

    inds = [kind_from_name(i["indicator"]) for i in items if i.get("kind") == "dora" and "indicator" in i]
    red = next((int(i.get("red", 0)) for i in items if i.get("kind") == "dora" and "red" in i), 0)
    hand = parse_tiles(hand_text, max_copies=None)
    on_indicators = sum(1 for t in hand if t.kind in inds)
    lines = [_("You said {given}.").format(given=given)]
    if red and given == right - red:
        lines.append(_("You left out the red fives: each red five is one more dora."))
    elif on_indicators != right - red and given in (on_indicators, on_indicators + red):
        lines.append(_("That is how many indicator tiles the hand holds: the dora is the tile after the "
                       "indicator."))
    elif given > right:
        lines.append(_("That is too many: count only the copies of the tile after each indicator, plus one for "
                       "each red five.") if aka or red else
                     _("That is too many: count only the copies of the tile after each indicator."))
    else:
        lines.append(_("That is too few: count every copy of the tile after each indicator, plus one for each red "
                       "five.") if aka or red else
                     _("That is too few: count every copy of the tile after each indicator."))
    if final and len(set(inds)) == len(inds):  # an indicator shown twice counts its dora twice: no tile list
        kinds = {dora_from_indicator(i) for i in inds}
        dora = format_tiles([t for t in hand if t.kind in kinds])
        tiles = _("the dora tiles {tiles}").format(tiles=_tiles(dora)) if dora else _("no dora tile")
        if aka or red:
            lines.append(ngettext("In this hand: {tiles}, {red} — {n} dora in all.",
                                  "In this hand: {tiles}, {red} — {n} dora in all.", right).format(
                tiles=tiles, red=ngettext("{n} red five", "{n} red fives", red).format(n=red), n=right))
        else:
            lines.append(ngettext("In this hand: {tiles} — {n} dora in all.", "In this hand: {tiles} — {n} dora in all.",
                                  right).format(tiles=tiles, n=right))
    return BR.join(lines)


GROUP_RULES = {
    "simple": N_("the simples are the number tiles from 2 to 8"),
    "terminal": N_("the terminals are the 1s and 9s of the three suits"),
    "honor": N_("the honors are the four winds and the three dragons"),
    "yaochuu": N_("the terminals and honors are the 1s, the 9s, the winds and the dragons"),
    "value": N_("the value tiles are the three dragons, your seat wind {seat} and the round wind {round}"),
}
"""What each tile group holds (the groups of trainer.engine.exercises.tile_facts), in a few words."""


def group_rule(group: str, data: dict[str, Any]) -> str:
    """What one tile group holds; the value tiles with this question's seat and round wind."""
    from trainer.ui.question_texts import WIND_TERMS

    seat, rnd = WIND_TERMS.get(str(data.get("seat"))), WIND_TERMS.get(str(data.get("round")))
    return _(GROUP_RULES[group]).format(seat="{term:" + seat + "}" if seat else "—",
                                        round="{term:" + rnd + "}" if rnd else "—")


def _group(group: str) -> str:
    from trainer.ui.question_texts import GROUP_TERMS

    return "{term:" + GROUP_TERMS[group] + "}"


def group_text(tile: str, picked: Iterable[str], answer: Iterable[str], data: dict[str, Any], final: bool) -> str:
    """The groups ticked for a tile against the engine's: each wrong group with what it holds; a
    group still missing counted on the retry.  After the final try the engine's working names the
    tile's groups, one line each; a wrong group is then said in that very line (the panel shows a
    line once) followed by what the group holds, so that no sentence comes twice."""
    from trainer.ui.views.explain import explain_item

    picked, answer = set(picked), set(answer)
    shown = _tiles(tile)
    lines = []
    for g in sorted(picked - answer):
        if g == "none":
            lines.append(_("{tile} does belong to one of these groups.").format(tile=shown))
        elif g in GROUP_RULES and final:
            rule = group_rule(g, data)
            lines.append(explain_item({"kind": "group", "tile": tile, "group": g, "member": False}) or "")
            lines.append(rule[:1].upper() + rule[1:] + ".")  # what the group holds, as a sentence
        elif g in GROUP_RULES:
            lines.append(_("{tile} is not one of the {group}: {rule}.").format(tile=shown, group=_group(g),
                                                                              rule=group_rule(g, data)))
    missed = sorted(g for g in answer - picked if g in GROUP_RULES)
    if missed and not final and len(answer) > 1:
        lines.append(ngettext("{n} more group fits this tile.", "{n} more groups fit this tile.",
                              len(missed)).format(n=len(missed)))
    return BR.join(lines)


def group_pick_text(picked: Iterable[int], answer: Iterable[int], data: dict[str, Any], final: bool) -> str:
    """Tiles picked as one group's against the engine's: the wrong ones with what the group holds,
    the ones still to find counted on the retry."""
    from trainer.engine.notation import format_tiles

    picked, answer = set(picked), set(answer)
    group = str(data.get("group"))
    wrong = sorted(picked - answer)
    lines = []
    if wrong and group in GROUP_RULES:
        lines.append(ngettext("{tiles} is not one of the {group}: {rule}.", "{tiles} are not among the {group}: {rule}.",
                              len(wrong)).format(tiles=_tiles(format_tiles(wrong)), group=_group(group),
                                                 rule=group_rule(group, data)))
    missed = len(answer - picked)
    if missed and not final:
        lines.append(ngettext("{n} right tile is not picked yet.", "{n} right tiles are not picked yet.",
                              missed).format(n=missed))
    return BR.join(lines)


def no_set_reason(kinds: Sequence[int]) -> str:
    """Why three tiles the engine finds no set are none, in words: honors in a "run", two suits,
    a number twice, a 9-1 wrap, a gap."""
    from trainer.engine.tiles import is_honor, rank_of, suit_of

    if any(is_honor(k) for k in kinds):
        return _("winds and dragons make no runs, only triplets of one and the same tile")
    if len({suit_of(k) for k in kinds}) > 1:
        return _("a run is of one suit, and these tiles are of different suits")
    ranks = sorted(rank_of(k) for k in kinds)
    if len(set(ranks)) < 3:
        return _("a run needs three different numbers in a row, a triplet three identical tiles")
    if ranks[0] == 1 and ranks[-1] == 9:
        return _("the numbers do not go round from 9 to 1: a run is three numbers in a row")
    return _("the numbers are not three in a row")


def set_complete_text(two: str, picked: Iterable[int], answer: Iterable[int], final: bool) -> str:
    """Tiles picked to complete a set of two against the engine's: each wrong one with the three
    tiles it makes and why they are no set; those still to find counted on the retry."""
    from trainer.engine.exercises.shapes import SET_OPTIONS, set_kind
    from trainer.engine.notation import format_tiles, parse_tiles

    base = [t.kind for t in parse_tiles(two, max_copies=None)]
    picked, answer = set(picked), set(answer)
    lines = []
    for k in sorted(picked - answer):
        three = [*base, k]
        got = set_kind(three)
        shown = _tiles(format_tiles(three))
        if got is None:
            lines.append(_("{tiles} is no set: {why}.").format(tiles=shown, why=no_set_reason(three)))
        else:  # a set, but not of the kind asked for
            lines.append(_("{tiles} is a set, but not of the kind asked for here.").format(tiles=shown)
                         if got not in SET_OPTIONS else
                         _("{tiles} is {what}, and the question asks for the other kind.").format(
                             tiles=shown, what="{term:" + SET_OPTIONS[got] + "}"))
    missed = len(answer - picked)
    if missed and not final:
        lines.append(ngettext("{n} right tile is not picked yet.", "{n} right tiles are not picked yet.",
                              missed).format(n=missed))
    return BR.join(lines)


def set_judge_text(tiles: str, picked: str, got: str, final: bool) -> str:
    """Three tiles judged a run, a triplet or no set against the engine's verdict ``got`` ("run",
    "triplet", "none"): why the learner's verdict does not fit them."""
    from trainer.engine.notation import parse_tiles

    kinds = [t.kind for t in parse_tiles(tiles, max_copies=None)]
    shown = _tiles(tiles)
    if picked == "run":
        why = no_set_reason(kinds) if got == "none" else _("a run is three different numbers in a row of one suit")
        return _("{tiles} is not a run: {why}.").format(tiles=shown, why=why)
    if picked == "triplet":
        return _("{tiles} is not a triplet: a triplet is three identical tiles.").format(tiles=shown)
    if picked == "not_set" and not final:
        return _("{tiles} is a set after all: look at the suit and the numbers again.").format(tiles=shown)
    return ""


def hand_complete_text(hand_text: str, picked: str, final: bool) -> str:
    """A hand judged complete or not against the engine's reading, after the final try: a complete
    hand's form; for a hand that is not, the best it makes (its sets, pairs, partial sets and loose
    tiles in the standard form, else its pairs or its terminals and honors)."""
    from trainer.engine.decompose import readings
    from trainer.engine.explain import shanten_blocks
    from trainer.engine.notation import parse_hand

    if not final:
        return ""
    hand = parse_hand(hand_text, check_size=False)
    found = readings(hand)
    if picked == "no" and found:
        sets = len(hand.concealed) // 3
        return _("The hand is complete: {form}, with no tile left over (the reading below).").format(
            form=form_name(found[0].form.value, sets))
    if picked != "yes" or found:
        return ""
    best = min(shanten_blocks(hand), key=lambda f: (f["shanten"], f["form"] != "standard"))
    if best["form"] == "seven_pairs":
        n = len(best["pairs"])
        return ngettext("The hand is not complete: for {form} it has only {n} different pair.",
                        "The hand is not complete: for {form} it has only {n} different pairs.", n).format(
            form=form_name("seven_pairs"), n=n)
    if best["form"] == "thirteen_orphans":
        return _("The hand is not complete: for {form} it holds {tiles}, not all thirteen terminals and honors "
                 "with a pair.").format(form=form_name("thirteen_orphans"), tiles=_tiles(best["held"]))
    return _("The hand is not complete: at best it splits into {blocks}.").format(blocks=blocks_line(best))


def hand_pair_text(hand_text: str, picked: Iterable[int], answer: Iterable[int]) -> str:
    """Tiles picked as a complete hand's pair against the engine's: a tile the hand holds once,
    or a pair that leaves the other tiles without a split into sets."""
    from trainer.engine.notation import parse_hand
    from trainer.engine.tiles import kind_name

    hand = parse_hand(hand_text, check_size=False)
    counts = hand.counts()
    lines = []
    for k in sorted(set(picked) - set(answer)):
        tile = _tiles(kind_name(k))
        if counts[k] < 2:
            lines.append(_("The hand holds only one {tile}: a pair is two identical tiles.").format(tile=tile))
        else:
            lines.append(_("With {tile} as the pair the other tiles do not all fit into sets.").format(tile=tile))
    return BR.join(lines)


def hand_extra_text(hand_text: str, picked: Iterable[int], answer: Iterable[int], final: bool) -> str:
    """Tiles picked as the one too many against the engine's: the hand without each wrong one is
    still not complete (after the final try with its best split); those still to find counted on
    the retry."""
    from trainer.engine.explain import hand_blocks
    from trainer.engine.notation import parse_hand
    from trainer.engine.tiles import Tile, kind_name

    hand = parse_hand(hand_text, check_size=False)
    picked, answer = set(picked), set(answer)
    lines = []
    for k in sorted(picked - answer):
        if not final:  # its best split would show the tile that is left over: the answer
            lines.append(_("Without {tile} the rest still does not split into sets and a pair.").format(
                tile=_tiles(kind_name(k))))
            continue
        rest = hand_blocks(hand.without(Tile(k))).to_json()
        lines.append(_("Without {tile} the hand is still not complete: at best it splits into {blocks}.").format(
            tile=_tiles(kind_name(k)), blocks=blocks_line(rest)))
    missed = len(answer - picked)
    if missed and not final:
        lines.append(ngettext("{n} right tile is not picked yet.", "{n} right tiles are not picked yet.",
                              missed).format(n=missed))
    return BR.join(lines)


def safe_tile_text(items: Sequence[dict[str, Any]], picked: Iterable[int], final: bool) -> str:
    """A tile picked as the safest against the engine's safety of each tile, on the retry: what
    still makes the learner's tile unsafe (the waits that can win on it).  After the final try the
    explanation itself puts that line first."""
    from trainer.engine.tiles import kind_name
    from trainer.ui.views.explain import explain_item

    if final:
        return ""
    by_tile = {str(i["tile"]).replace("0", "5"): i for i in items if i.get("kind") == "safety"}
    lines = []
    for k in sorted(set(picked)):
        item = by_tile.get(kind_name(k))
        if item is not None and not item.get("best"):
            lines.append(explain_item(item) or "")
    return BR.join(line for line in lines if line)


TANKI_MEANING = N_("a wait on a single tile: every other tile is already in complete sets, and the lone tile waits "
                   "for its copy to make the pair")
"""What a tanki is, for a hand of any size (the glossary card's first sentence counts four sets,
which a 4- or 7-tile drill hand does not have)."""


def wait_shape_text(hand_text: str, picked: str, items: Sequence[dict[str, Any]]) -> str:
    """A wait shape named wrongly: what the shape the learner picked is (the first sentence of its
    glossary card; for tanki words that fit a hand of any size), then what in this hand rules it
    out, from the engine's reading of what waits (:func:`trainer.engine.explain.wait_parts`): for a
    two-pair wait the pairs the hand holds («шанпон — две пары ждут третью; здесь пара одна: 22m»),
    for a run's wait the two tiles that wait (not neighbours, not at the edge, no gap), for a lone
    tile the pair the hand already has; for a named shape the block that is another one.  The
    answer's own name is never said (the retry shows these words too)."""
    from trainer.engine.explain import hand_blocks, wait_parts
    from trainer.engine.notation import parse_hand
    from trainer.ui.mcr_texts import term_meaning

    shape = "{term:" + picked + "}"
    meaning = _(TANKI_MEANING) if picked == "tanki" else _without_name(picked, card_words(term_meaning(picked)))
    head = _("You picked {shape}: {meaning}.").format(shape=shape, meaning=meaning) if meaning else ""
    named = next((i for i in items if i.get("kind") == "named_wait"), None)
    hand = parse_hand(hand_text, check_size=False)
    try:
        parts = wait_parts(hand)
    except (ValueError, KeyError, IndexError):
        parts = []
    tail = ""
    if picked in {p["shape"] for p in parts}:
        pass  # the hand does wait so in one of its readings: the named shape says more (below)
    elif picked == "shanpon":
        pairs = list(hand_blocks(hand).pairs)
        if not pairs:
            tail = _("But this hand holds no pair.")
        elif len(pairs) == 1:
            tail = _("But this hand holds only one pair: {tiles}.").format(tiles=_tile_list(pairs))
    elif parts:
        tail = _shape_against(picked, parts)
    if not tail and named is not None and named.get("tiles"):
        tail = _("But {tiles} is another shape.").format(tiles=_tiles(named["tiles"]))
    if not tail:
        tail = _("But no winning tile of this hand completes it that way.")
    return " ".join(t for t in (head, tail) if t)


def _shape_against(picked: str, parts: Sequence[dict[str, Any]]) -> str:
    """What in the hand's waiting part rules out a picked run wait (ryanmen, kanchan, penchan) or a
    tanki, in one or two sentences ("" when nothing can be said): the parts are the engine's
    (:func:`trainer.engine.explain.wait_parts`), none of them of the picked shape."""
    runs = [p for p in parts if p["shape"] in ("ryanmen", "kanchan", "penchan")]
    if picked in ("ryanmen", "kanchan", "penchan"):
        if not runs:
            line = _("But this hand has no run still waiting for its third tile.")
            sets = [s for s in parts[0].get("sets", ()) if not s.startswith(("[", "("))]  # one reading's sets
            if sets:
                line += " " + ngettext("{tiles} is a complete set already.", "{tiles} are complete sets already.",
                                       len(sets)).format(tiles=_tile_list(sets))
            return line
        part = runs[0]
        tiles = _tiles(part["part"])
        if picked == "kanchan":  # the two tiles of a ryanmen or a penchan sit side by side
            return _("But the two tiles {tiles} are neighbors: there is no gap between them.").format(tiles=tiles)
        if part["shape"] == "kanchan":  # a ryanmen or penchan needs neighbours
            return _("But the two tiles {tiles} are not neighbors: there is a gap between them.").format(tiles=tiles)
        if picked == "penchan":  # the part is a ryanmen's
            return _("But {tiles} is neither 1-2 nor 8-9: it is not at the edge of its suit.").format(tiles=tiles)
        low = part["part"].startswith("12")
        return (_("But {tiles} sits at the edge of its suit: there is no tile below the 1.") if low else
                _("But {tiles} sits at the edge of its suit: there is no tile above the 9.")).format(tiles=tiles)
    if picked == "tanki":
        pair = next((p["pair"] for p in runs if p.get("pair")), "")
        if pair:
            return _("But this hand already has its pair, {pair}: no tile of it is waiting alone for a copy.").format(
                pair=_tiles(pair))
        pairs = [p["part"] for p in parts if p["shape"] == "shanpon"]
        if pairs:
            return _("But no tile of this hand is alone: {tiles} are pairs.").format(tiles=_tile_list(pairs))
    return ""


def _without_name(term_id: str, meaning: str) -> str:
    """A glossary explanation without the term's own name in front of it ("two-sided wait: two
    neighboring tiles…" after "You picked two-sided wait (ryanmen)" says it once)."""
    from trainer.glossary import load_glossary
    from trainer.i18n import current_language

    head, sep, rest = meaning.partition(": ")
    try:
        name = load_glossary().term(term_id).plain_name(current_language())
    except (KeyError, LookupError, ValueError):
        return meaning
    return rest if sep and rest and head.casefold() == name.casefold() else meaning


def small_drill_mistake(ex: Any, response: Any, final: bool) -> str | None:
    """Why an answer to one of the small drills (dora, tile groups, sets, complete hands, safe
    tiles) is wrong; None for the other questions."""
    q = ex.prompt.question
    data = dict(ex.prompt.data)
    if q == "dora_pick":
        return dora_pick_text(str(data.get("indicators") or ex.prompt.tiles), response, ex.answer, final)
    if q == "dora_count":
        return dora_count_text(ex.prompt.hand, ex.explanation, int(response[0]), int(ex.answer), final,
                               aka=bool(data.get("aka")))
    if q in ("tile_group", "tile_groups"):
        return group_text(ex.prompt.tiles, response, ex.answer, data, final)
    if q == "group_pick":
        return group_pick_text(response, ex.answer, data, final)
    if q == "set_complete":
        return set_complete_text(ex.prompt.tiles, response, ex.answer, final)
    if q == "set_judge":
        got = next((i.get("set", "none") for i in ex.explanation if i.get("kind") == "set_judge"), "none")
        return set_judge_text(ex.prompt.tiles, next(iter(response)), got, final)
    if q == "hand_complete":
        return hand_complete_text(ex.prompt.hand, next(iter(response)), final)
    if q == "hand_pair":
        return hand_pair_text(ex.prompt.hand, response, ex.answer)
    if q == "hand_extra":
        return hand_extra_text(ex.prompt.hand, response, ex.answer, final)
    if q == "safe_tile":
        return safe_tile_text(ex.explanation, response, final)
    if q == "wait_shape":
        return wait_shape_text(str(ex.prompt.hand), next(iter(response)), ex.explanation)
    return None


def kunto_shanten_text(ex: Any, given: int | None, final: bool) -> str:
    """A kunto hand's shanten (the ``kunto_hand`` drill) named wrongly, said as the shanten drill says
    it: a plain hand by its blocks (:func:`shanten_text`); a hand of a training variant (suits
    ignored, dragons as tens or jokers), whose blocks the standard split cannot show, by a shortest
    way to tenpai and the best single draw (:func:`trainer.ui.kunto_words.shanten_mistake`).
    ``given`` None: the working alone (the answer shown after giving up)."""
    from trainer.engine.explain import variant_way
    from trainer.engine.notation import parse_hand
    from trainer.engine.tiles import DRAGONS, WINDS
    from trainer.engine.variants import Variant
    from trainer.ui.kunto_words import shanten_mistake, way_line

    data = dict(ex.prompt.data)
    hand = parse_hand(str(ex.prompt.hand), check_size=False)
    dragons = {"ten": "ten", "joker": "joker"}.get(str(data.get("dragons")), "normal")
    variant = Variant(suits_ignored=bool(data.get("suits_ignored")), dragons=dragons)  # type: ignore[arg-type]
    right = int(ex.answer)
    if variant.is_plain:
        return shanten_text(hand, given, right, final)
    items = list(ex.explanation)
    if given is None and any(i.get("kind") == "kunto_way" for i in items):
        return ""  # the kunto practice shows its own way to tenpai under the answer
    if not any(i.get("kind") == "kunto_way" for i in items):
        pool = set(range(27)) | (set(DRAGONS) if dragons != "normal" else set())
        pool |= set(WINDS) if dict(ex.params).get("winds") else set()
        way = variant_way(hand, variant, pool)
        items.append({"kind": "kunto_way", "steps": way["steps"]})
        if way["best_draw"]:
            items.append({"kind": "kunto_best_draw", "tile": way["best_draw"][0], "after": way["best_draw"][1]})
    if given is None:
        steps = next((i["steps"] for i in items if i.get("kind") == "kunto_way"), None)
        return way_line(steps) if steps else ""
    return shanten_mistake(items, given, right, final)


def drill_working(ex: Any) -> str:
    """The working a wrong answer shows, for an answer shown without one (the learner gave up): the
    blocks and the count of a shanten, the chain of a payment (no «Ваш ответ» line); "" where the
    engine's explanation already shows all of it."""
    from trainer.engine.notation import parse_hand

    q = ex.prompt.question
    data = dict(ex.prompt.data)
    try:
        if q == "shanten" and ex.prompt.input == "number":
            return shanten_text(parse_hand(ex.prompt.hand, check_size=False), None, int(ex.answer), True)
        if q == "kunto_shanten" and ex.prompt.input == "number" and data.get("count") != "tiles_missing":
            return kunto_shanten_text(ex, None, True)
        if q == "payment":
            chain, rules = payment_chain(ex)
            return points_text(chain, None, rules, True)
    except (ValueError, KeyError, TypeError, IndexError):
        pass
    return ""


# ---------------------------------------------------------------- entry points


def drill_mistake(ex: Any, response: Any, final: bool, labels: Iterable[str] = ()) -> str:
    """Why a drill answer is wrong, for the exercise's question kind (``labels``: the learner's
    options in words, for choice questions)."""
    from trainer.engine.notation import parse_hand
    from trainer.ui.mcr_texts import mcr_mistake

    q = ex.prompt.question
    data = dict(ex.prompt.data)
    try:
        mcr = mcr_mistake(ex, response, final)
        if mcr is not None:
            return mcr or your_choice(labels)
        small = small_drill_mistake(ex, response, final)
        if small is not None:
            return small or your_choice(labels)
        if q in ("waits", "kunto_waits") and ex.prompt.input == "pick_tiles":
            picked = set(response)
            if data.get("grade_by") == "rank" or data.get("dragons") in ("ten", "joker"):
                return variant_waits_text(picked, ex.answer, ex._seen_as())
            return waits_text(parse_hand(ex.prompt.hand, check_size=False), picked, ex.answer, final)
        if q in ("shanten",) and ex.prompt.input == "number":
            hand = parse_hand(ex.prompt.hand, check_size=False)
            return shanten_text(hand, int(response[0]), int(ex.answer), final)
        if q == "kunto_shanten" and ex.prompt.input == "number" and data.get("count") != "tiles_missing":
            return kunto_shanten_text(ex, int(response[0]), final)
        if q == "fu_breakdown":  # judged against the right reading nearest to the learner's items
            given = [(str(a), int(b)) for a, b in response]
            return fu_items_text(list(ex.answer_near(given)), given, final)
        if q == "fu_total":
            items = [(i["id"], i["fu"]) for i in ex.explanation if i.get("kind") == "fu"]
            return fu_total_text(items, int(ex.answer), int(response[0]), final)
        if q == "payment":
            chain, rules = payment_chain(ex)
            return points_text(chain, [int(x) for x in response], rules, final)
        if q in ("best_discard", "kunto_discard") and ex.prompt.input == "pick_tiles":
            hand = _hand_or_none(ex.prompt.hand) if q == "best_discard" else None
            return discard_text(ex.explanation, response, final, hand=hand)
        if q == "yaku" and ex.prompt.input == "multi_choice":
            return yaku_ticks_text(ex, response, final)
        if ex.prompt.input == "multi_choice" and isinstance(ex.answer, frozenset):
            from trainer.ui.views.exercise_labels import option_label

            names = {o.value: option_label(o) or o.value for o in ex.prompt.options}
            return options_text(response, ex.answer, names, final)
    except (ValueError, KeyError, TypeError, IndexError):
        pass  # a variant hand the standard engine cannot read: the learner's answer is still named
    return your_choice(labels)


def lesson_mistake(step: Any, response: Any, fb: Any, final: bool, preset: str = "tenhou", *,
                   child: bool = False, text: Callable[[Any], str] | None = None,
                   plain_shanten: bool = False) -> str:
    """Why a lesson quiz answer is wrong (pick_tiles waits, discards and groups, tiles put into boxes,
    a row or cards put in order, options ticked, shanten, fu, points); with ``child``, in a children's
    lesson's words (:func:`kids_picked_text`).  ``text`` gives the lesson's own words (options,
    cards) in its language; without it the steps that need them get nothing.  ``plain_shanten``: the
    lesson comes before the shanten count is taught (:func:`shanten_text`)."""
    from trainer.engine.notation import parse_hand
    from trainer.ui.mcr_texts import mcr_lesson_mistake

    kind = getattr(step, "kind", "")
    ask = getattr(step, "ask", "")
    variant = getattr(step, "variant", None)
    if child:
        try:
            return kids_picked_text(step, {t.kind for t in response}, set(fb.expected)) if kind == "pick_tiles" \
                else ""
        except (ValueError, KeyError, TypeError, AttributeError):
            return ""
    try:
        mcr = mcr_lesson_mistake(step, response, fb, final)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, StopIteration):
        mcr = ""
    if mcr is not None:
        return mcr
    plain = variant is None or (not variant.suits_ignored and variant.dragons == "normal")
    try:
        if kind == "pick_tiles" and ask == "waits":
            picked = {t.kind for t in response}
            if not plain:
                from trainer.lessons.answers import rank_class

                return variant_waits_text(picked, fb.expected, lambda k: rank_class(k, variant))
            return waits_text(parse_hand(step.hand, check_size=False), picked, fb.expected, final)
        if kind == "pick_tiles" and ask == "discard" and plain:
            return discard_text(fb.explanation, {t.kind for t in response}, final,
                                hand=_hand_or_none(getattr(step, "hand", None)))
        if kind == "pick_tiles":
            return picked_text(step, {t.kind for t in response}, set(fb.expected), final)
        if kind == "arrange" and ask == "boxes" and getattr(step, "tiles", None):
            return boxes_text(step, list(response), list(fb.expected), final)
        if kind == "arrange" and ask == "split":
            return split_text(list(response))
        if kind == "arrange" and ask == "sort":
            return sort_text(list(response))
        if kind == "arrange" and ask == "order" and text is not None:
            return order_text([arranged_card_words(c, text) for c in step.cards], list(response))
        if mistake_says_options(step) and text is not None:
            return choice_ticks_text(step, response, fb.expected, final, text, preset)
        if kind == "number" and ask == "shanten" and plain:
            return shanten_text(parse_hand(step.hand, check_size=False), int(response), int(fb.expected), final,
                                plain=plain_shanten)
        if kind == "number" and ask == "fu":
            items = [(i["id"], i["fu"]) for i in fb.explanation if i.get("kind") == "fu"]
            return fu_total_text(items, int(fb.expected), int(response), final)
        if kind == "fu_breakdown":
            expected = [(i["id"], i["fu"]) for i in fb.explanation if i.get("kind") == "fu"]
            return fu_items_text(expected, [(str(a), int(b)) for a, b in response], final)
        if kind == "number" and ask == "han":
            han = han_mistake_text(list(fb.explanation), int(response), final, open_hand=_is_open(step))
            if han:
                return han
        if kind == "number" and ask == "points":
            total = next((i for i in fb.explanation if i.get("kind") == "total"), None)
            if total is not None and total.get("han") and not total.get("yakuman"):
                return _points_of_win(step, total, int(response), preset, final)
        if kind == "number":
            given = int(response)
            return _("You said {given}.").format(given=format_points(given) if ask == "points" else format_number(given))
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        pass
    return ""


# ---------------------------------------------------------------- children's lessons (ages 6-9)

def kids_picked_text(step: Any, picked: set[int], answer: set[int]) -> str:
    """After a child's last try at a tile-picking step: each of the child's tiles that did not
    belong, in the children's lessons' words and never as "wrong" («{8s} — это палочки, а не
    кружки»; «С {5s} не получится ни лесенки, ни тройняшек»; «{2p} не принесёт победу»).  The
    right tiles themselves are named by the working under it.  A give-away step says why each tile
    the child gave away stays («У {2s} есть пара — её оставь.»), as its first miss did
    (:func:`~trainer.ui.views.kids_miss_words.discard_miss_words`)."""
    from trainer.engine.tiles import kind_name
    from trainer.ui.views.kids_miss_words import (
        child_family,
        discard_miss_words,
        what_it_is,
        what_the_box_holds,
    )

    ask = getattr(step, "ask", "")
    if ask == "discard":  # a training variant's hand is read by other rules: nothing said about it
        variant = getattr(step, "variant", None)
        return discard_miss_words(str(getattr(step, "hand", "") or ""), picked, answer) if variant is None else ""
    group = getattr(step, "filter", None) or ""
    lines = []
    for k in sorted(picked - answer):
        tile = _tiles(kind_name(k))
        if ask == "match":
            own = child_family(k)
            asked = what_the_box_holds(group)
            if group == "honors":
                # TRANSLATORS: children's lesson: a tile with a number was picked among the tiles with no numbers.
                lines.append(_("{tile} has a number: it is {own}.").format(tile=tile, own=what_it_is(own)))
            elif asked is not None and own != group:
                # TRANSLATORS: children's lesson (ages 6-9): «{tile} — это палочки, а не кружки».
                lines.append(_("{tile} is {own}, not {asked}.").format(tile=tile, own=what_it_is(own), asked=asked))
            else:
                # TRANSLATORS: children's lesson: a picked tile that does not belong, never called wrong.
                lines.append(_("{tile} does not go here.").format(tile=tile))
        elif ask == "complete_set":
            # TRANSLATORS: children's lesson: «лесенка» (three in a row), «тройняшки» (three the same).
            lines.append(_("With {tile} you get neither a ladder nor triplets.").format(tile=tile))
        elif ask == "waits":
            # TRANSLATORS: children's lesson: this tile does not finish the hand.
            lines.append(_("{tile} will not win.").format(tile=tile))
    return BR.join(lines)


def _next_kinds(indicators: str) -> set[int]:
    """The tiles right after the indicators in the full set's order (2m after 1m)."""
    from trainer.engine.notation import parse_tiles
    from trainer.engine.tiles import dora_from_indicator

    return {dora_from_indicator(t.kind) for t in parse_tiles(indicators)} if indicators else set()


def picked_text(step: Any, picked: set[int], answer: set[int], final: bool) -> str:
    """A tile-picking step other than waits and discards: why each wrong pick is wrong (it makes no
    set with the two tiles; it is not the dora the indicator points to; it is of another group than
    the one asked for, and which), and on the retry how many right tiles are still to find (after the
    final try the answer itself is shown)."""
    from trainer.engine.tiles import kind_name

    lines = []
    grouped: list[tuple[str, str, str | None]] = []  # wrong picks of a "mark every tile of..." step
    for k in sorted(picked - answer):
        tile = _tiles(kind_name(k))
        ask = getattr(step, "ask", "")
        if ask == "complete_set":
            lines.append(_("{tiles} with {tile} is no set: a run is three numbers in a row of one suit, a "
                           "triplet three of a kind.").format(tiles=_tiles(step.tiles or ""), tile=tile))
        elif ask == "dora" and k in _next_kinds(step.dora or ""):  # next in order, but not in this deck (sanma)
            lines.append(_("{tile} would follow {ind}, but it is not in this game's tiles: the dora is the next "
                           "tile that is.").format(tile=tile, ind=_tiles(step.dora or "")))
        elif ask == "dora":
            lines.append(_("{tile} is not the dora: the dora is the tile after the indicator {ind}.").format(
                tile=tile, ind=_tiles(step.dora or "")))
        elif own_group(k, getattr(step, "filter", None) or "") is not None:
            grouped.append((kind_name(k), step.filter, own_group(k, step.filter)))
        else:
            lines.append(_("{tile} does not belong here.").format(tile=tile))
    lines += group_lines(grouped)
    missed = len(answer - picked)
    if missed and not final:
        lines.append(ngettext("{n} right tile is not picked yet.", "{n} right tiles are not picked yet.",
                              missed).format(n=missed))
    return BR.join(lines)


# ---------------------------------------------------------------- tile groups (boxes, "mark every tile of...")


def _group_words(group: str) -> tuple[str, str, str, str]:
    """A tile group (a filter of :data:`trainer.lessons.answers.FILTERS`) in words: its glossary term,
    one tile of it inside a sentence («простая», "a simple"), several («простые», "simples") and what
    the group is, for a beginner."""
    from trainer.ui.suit_names import suit_name, suit_names

    if group == "simples":
        return ("chunchanpai", pgettext("one tile of a group", "a simple"),
                pgettext("several tiles of a group", "simples"),
                _("simples are the numbers 2 to 8 of the three suits"))
    if group == "terminals":
        return ("routouhai", pgettext("one tile of a group", "a terminal"),
                pgettext("several tiles of a group", "terminals"),
                _("terminals are the ones and nines of the three suits"))
    if group == "honors":
        return ("jihai", pgettext("one tile of a group", "an honor"),
                pgettext("several tiles of a group", "honors"),
                _("honors are the winds and dragons, the tiles without a number"))
    if group == "winds":
        return ("kazehai", pgettext("one tile of a group", "a wind"),
                pgettext("several tiles of a group", "winds"),
                _("the winds are East, South, West and North"))
    if group == "dragons":
        return ("sangenpai", pgettext("one tile of a group", "a dragon"),
                pgettext("several tiles of a group", "dragons"),
                _("the dragons are white, green and red"))
    if group == "numbers":
        return ("suuhai", pgettext("one tile of a group", "a number tile"),
                pgettext("several tiles of a group", "number tiles"),
                _("number tiles are the three suits, {man}, {pin} and {sou}, numbered 1 to 9").format(
                    **suit_names()))
    if group == "yaochuu":
        return ("yaochuuhai", pgettext("one tile of a group", "a terminal or an honor"),
                pgettext("several tiles of a group", "terminals or honors"),
                _("terminals and honors are the ones and nines and the winds and dragons"))
    suit = {"man": "m", "pin": "p", "sou": "s"}[group]
    name = suit_name(suit)
    one = pgettext("one tile of a group", "a tile of {suit}").format(suit=name)
    many = pgettext("several tiles of a group", "tiles of {suit}").format(suit=name)
    if suit == "m":
        what = _("tiles of {suit} show the number in Chinese over the character 萬").format(suit=name)
    elif suit == "p":
        what = _("tiles of {suit} show circles").format(suit=name)
    else:
        what = _("tiles of {suit} show bamboo sticks, and the 1 a bird").format(suit=name)
    return ({"m": "manzu", "p": "pinzu", "s": "souzu"}[suit], one, many, what)


_GROUPS_BESIDE = {"man": ("man", "pin", "sou", "honors"), "pin": ("man", "pin", "sou", "honors"),
                  "sou": ("man", "pin", "sou", "honors"), "numbers": ("honors",), "honors": ("numbers",),
                  "winds": ("winds", "dragons", "numbers"), "dragons": ("winds", "dragons", "numbers"),
                  "simples": ("simples", "terminals", "honors"), "terminals": ("simples", "terminals", "honors"),
                  "yaochuu": ("simples", "terminals", "honors")}
"""For each group, the groups a tile outside it is told to be in instead (suits beside a suit;
simples, terminals and honors beside each other)."""


def own_group(kind: int, group: str) -> str | None:
    """The group ``kind`` belongs to instead of ``group`` (5p for "man": "pin"), by the engine's
    tile predicates (:data:`trainer.lessons.answers.FILTERS`); None when the tile is in ``group``."""
    from trainer.lessons.answers import FILTERS

    if group not in FILTERS or FILTERS[group](kind):
        return None
    return next((g for g in _GROUPS_BESIDE.get(group, ()) if g != group and FILTERS[g](kind)), None)


def _specific_group(kind: int, group: str) -> str:
    """The group that says most about ``kind`` inside ``group``: a terminal or an honor rather than
    "a terminal or an honor"."""
    from trainer.lessons.answers import FILTERS

    if group == "yaochuu":
        return "terminals" if FILTERS["terminals"](kind) else "honors"
    return group


def group_lines(items: Sequence[tuple[str, str, str | None]]) -> list[str]:
    """Tiles of the wrong group, in words: each ``(tile, wrong group, right group)``.  With the right
    group: «9m — не простая, а крайняя (老頭牌, rōtōhai): крайние — это единицы и девятки трёх мастей»;
    without it (a retry, where the learner finds the right box): «9m — не простая (中張牌, chunchanpai):
    простые — это…».  Tiles of the same wrong and right group share one sentence."""
    order: list[tuple[str, str | None]] = []
    tiles: dict[tuple[str, str | None], list[str]] = {}
    for tile, wrong, right in items:
        key = (wrong, right)
        if key not in tiles:
            order.append(key)
            tiles[key] = []
        if tile not in tiles[key]:
            tiles[key].append(tile)
    lines = []
    for wrong, right in order:
        shown = _tile_list(tiles[wrong, right])
        n = len(tiles[wrong, right])
        w_term, w_one, w_many, w_what = _group_words(wrong)
        if right is None:
            lines.append(ngettext("{tiles} is not {group}: {what}.", "{tiles} are not {group}: {what}.", n).format(
                tiles=shown, group=term_word(w_term, w_one if n == 1 else w_many), what=w_what))
            continue
        term, one, many, what = _group_words(right)
        lines.append(ngettext("{tiles} is not {wrong} but {right}: {what}.",
                              "{tiles} are not {wrong} but {right}: {what}.", n).format(
            tiles=shown, wrong=w_one if n == 1 else w_many, right=term_word(term, one if n == 1 else many),
            what=what))
    return lines


def boxes_text(step: Any, placed: Sequence[int], want: Sequence[int], final: bool) -> str:
    """Tiles dropped into boxes that sort them by group (each box's ``filter``): the tiles put in the
    wrong box, with why they are not of that box's group; after the final try also the group they are of."""
    from trainer.engine.notation import parse_tiles

    tiles = list(parse_tiles(step.tiles or "", max_copies=None))
    filters = [box.filter for box in step.boxes]
    items = [(str(t), filters[b], _specific_group(t.kind, filters[w]) if final else None)
             for t, b, w in zip(tiles, placed, want, strict=False)
             if b != w and b >= 0 and filters[b] and filters[w]]
    return BR.join(group_lines(items))


def split_text(groups: Sequence[Any]) -> str:
    """A hand split into groups by the learner (each group its tiles, as Tile objects or MPSZ text)
    that is no right split: each group that is neither a set (by the engine's meld rules) nor a
    pair, with why; a tile left alone; or, every group fine, the number of pairs (a complete hand
    has one).  It never names the right split."""
    from trainer.engine.decompose import readings
    from trainer.engine.exercises.shapes import set_kind
    from trainer.engine.notation import format_tiles, parse_hand, parse_tiles

    lines = []
    pairs = 0
    for group in groups:
        tiles = parse_tiles(group, max_copies=None) if isinstance(group, str) else list(group)
        kinds = sorted(t.kind for t in tiles)
        text = format_tiles(kinds)
        shown = _tiles(text)
        if len(kinds) == 3:
            if set_kind(kinds) is None:
                lines.append(_("{tiles} is not a set: {why}.").format(tiles=shown, why=no_set_reason(kinds)))
        elif len(kinds) == 2:
            if readings(parse_hand(text, check_size=False)):  # the engine reads two tiles as a pair
                pairs += 1
            else:
                lines.append(_("{tiles} is not a pair: a pair is two identical tiles.").format(tiles=shown))
        elif len(kinds) == 1:
            lines.append(_("{tile} is left over on its own: every tile goes into a set or the pair.").format(
                tile=shown))
        elif kinds:
            lines.append(ngettext("{tiles} is {n} tile in one group: a set has three tiles, the pair two.",
                                  "{tiles} are {n} tiles in one group: a set has three tiles, the pair two.",
                                  len(kinds)).format(tiles=shown, n=len(kinds)))
    lines = list(dict.fromkeys(lines))  # two groups alike (334p twice) are one sentence
    if not lines and pairs != 1:
        lines.append(ngettext("Your groups hold {n} pair: a complete hand has exactly one, and sets for the rest.",
                              "Your groups hold {n} pairs: a complete hand has exactly one, and sets for the rest.",
                              pairs).format(n=pairs))
    return BR.join(lines)


def cards_boxes_text(cards: Sequence[str], labels: Sequence[str], placed: Sequence[int], want: Sequence[int]) -> str:
    """Cards dropped into boxes, once the answer is shown (``cards``: each card's text, ``labels``: each
    box's): each card put in the wrong box, with the box it belongs in and the one the learner chose
    (the boxes then show every card in its right box only)."""
    lines = []
    for card, b, w in zip(cards, placed, want, strict=False):
        if b != w and b >= 0:
            lines.append(_("“{card}” goes in “{right}”, not in “{box}”.").format(
                card=card.rstrip("."), right=labels[w], box=labels[b]))
    return BR.join(lines)


def _points_of_win(step: Any, total: dict[str, Any], given: int, preset: str, final: bool) -> str:
    """A lesson's points question: everything the winner gains, from the chain of the step's win."""
    from trainer.engine.explain import points_chain
    from trainer.engine.rules import load_rules

    win = step.win
    rules = load_rules(preset)
    chain = points_chain(total["han"], total["fu"], dealer=win.seat == "E", tsumo=win.by == "tsumo", rules=rules,
                         honba=win.honba)
    pays = chain["payments"]
    others = rules.players - 1  # who pays a tsumo: three players at four, two in sanma
    gained = sum(p["total"] * (others if p["payer"] == "each" else others - 1 if p["payer"] == "non_dealer" else 1)
                 for p in pays) + win.sticks * rules.riichi_deposit
    if not final:  # a retry names the slip and the first step of the chain, never the total
        slip = _("That is more than the winner gains.") if given > gained else _("That is less than the winner gains.")
        return BR.join([_("You said {given}.").format(given=format_points(given)) + " " + slip,
                        chain_lines(chain)[0]])
    lines = [_("You said {given}; the winner gains {right}.").format(given=format_points(given),
                                                                     right=format_points(gained))]
    lines += chain_lines(chain)
    if win.sticks:
        lines.append(ngettext("+ {n} riichi stick on the table ({points}).",
                              "+ {n} riichi sticks on the table ({points}).", win.sticks).format(
            n=win.sticks, points=format_points(win.sticks * rules.riichi_deposit)))
    return BR.join(lines)


# ---------------------------------------------------------------- ticked options, rows and cards put in order


def _bare(label: str) -> str:
    """An option's words inside a list: without the full stop that ends a sentence of its own."""
    return label[:-1] if label.endswith(".") and not label.endswith("..") else label


def option_words(option: Any, text: Callable[[Any], str]) -> str:
    """A lesson ``choice`` option named in a sentence, as its button shows it: its tiles drawn and
    its words (``text`` gives the lesson's words in its language; an engine value by its glossary
    term, yes or no in words)."""
    if option.text is not None:
        words = text(option.text)
    elif option.value in ("yes", "no"):
        words = _("Yes") if option.value == "yes" else _("No")
    else:
        words = "{term:" + option.value + "}" if option.value else ""
    return " ".join(t for t in (_tiles(option.tiles) if option.tiles else "", words) if t)


def options_named(step: Any, indices: Iterable[int], text: Callable[[Any], str]) -> str:
    """Options of a ``choice`` step named in one sentence so that each is told apart, even when its
    own words hold commas ("Closed hand, 18,000 points, 30 tiles in the wall"): one option by its
    words alone; several each by its number on screen and its words in quotation marks (an option
    of tiles alone unquoted), the last two joined by "and"."""
    indices = list(indices)
    words = [_bare(option_words(step.options[i], text)) for i in indices]
    if len(words) == 1:
        return words[0]
    named = [_numbered(i + 1, w, bool(step.options[i].text is not None or step.options[i].value))
             for i, w in zip(indices, words, strict=True)]
    return _("{a} and {b}").format(a=", ".join(named[:-1]), b=named[-1]) if named else ""


def _numbered(number: int, words: str, quoted: bool) -> str:
    """One option in a list: its number as its button shows it, then its words in quotation marks
    (``quoted``), or its tiles."""
    if not quoted:
        return f"**{number}** {words}"
    # TRANSLATORS: an option in a list of options, by its number on screen and its own words
    # (ru: «{number} «{option}»»).
    return pgettext("an option in a list", "{number} “{option}”").format(number=f"**{number}**", option=words)


def option_numbers(indices: Iterable[int]) -> str:
    """Options by their numbers on screen alone ("1 and 5"), for a line under the answer that
    names them in full already."""
    numbers = [format_number(i + 1) for i in indices]
    if len(numbers) < 2:
        return "".join(numbers)
    return _("{a} and {b}").format(a=", ".join(numbers[:-1]), b=numbers[-1])


def _option_reason(step: Any, index: int, text: Callable[[Any], str], preset: str, have: bool) -> str:
    """Why one option is right or wrong: its own words in the lesson (``explain``), else for a
    yaku the engine's reason in this hand (what the yaku needs and what the hand has against it,
    or what in the hand makes it when ``have``); "" when there is none."""
    option = step.options[index]
    if option.explain is not None:
        return text(option.explain)
    if getattr(step, "ask", None) != "yaku" or not option.value or getattr(step, "win", None) is None:
        return ""
    from trainer.engine.exercises.scoring_drills import rules_for
    from trainer.engine.explain import yaku_reason
    from trainer.engine.notation import parse_hand
    from trainer.lessons.answers import win_context

    hand = parse_hand(step.hand)
    why = yaku_reason(hand, win_context(step.win, hand), rules_for(preset), option.value)
    return yaku_present_line(why) if have else yaku_absent_line(why)


def mistake_says_options(step: Any) -> bool:
    """Whether :func:`lesson_mistake` answers this step with :func:`choice_ticks_text` (a "tick every
    right one" step of riichi lessons), which says every ticked option's own words itself."""
    ask = getattr(step, "ask", None) or ""
    return getattr(step, "kind", "") == "choice" and bool(getattr(step, "multiple", False)) \
        and not ask.startswith("mcr_")


def choice_ticks_text(step: Any, picked: Iterable[int], right: Iterable[int], final: bool,
                      text: Callable[[Any], str], preset: str = "tenhou") -> str:
    """A "tick every right option" step answered wrong, the learner's own ticks first: each wrong
    tick with why (its own words, or the engine's reason for a yaku; named when there is none);
    the right options still unticked — how many on the retry, by their numbers on screen after the
    final try (the answer line above names them in full), with their own words; then the right
    ticks kept (their own words, or named).  Several options named together are told apart by
    their numbers and quotation marks (:func:`options_named`)."""
    picked, right = set(picked), set(right)

    def reason(i: int, have: bool) -> str:
        return _option_reason(step, i, text, preset, have)

    def names(indices: Iterable[int]) -> str:
        return options_named(step, indices, text)

    wrong = sorted(picked - right)
    lines = [r for r in (reason(i, False) for i in wrong) if r]
    unexplained = [i for i in wrong if not reason(i, False)]
    if unexplained:
        lines.append(_("Ticked, but not right: {answers}.").format(answers=names(unexplained)))
    missed = sorted(right - picked)
    if missed and not final:
        lines.append(_("Not all the right answers are ticked: tick {n} more.").format(n=format_number(len(missed))))
    elif missed:  # the answer line above names them in full: here by their numbers on screen
        lines.append(ngettext("Not ticked, though right: option {numbers}.",
                              "Not ticked, though right: options {numbers}.", len(missed)).format(
            numbers=option_numbers(missed)))
        lines += [r for r in (reason(i, True) for i in missed) if r]
    kept = sorted(picked & right)
    plain = [i for i in kept if step.options[i].explain is None]
    if plain:
        lines.append(_("Ticked right: {answers}.").format(answers=names(plain)))
    lines += [text(step.options[i].explain) for i in kept if step.options[i].explain is not None]
    return BR.join(lines)


SORT_RULES = {
    "numbers": N_("in a suit the numbers go up"),
    "suits": N_("the suits go {man}, {pin}, {sou}"),
    "honors": N_("the {honors} come after the suits"),
    "winds": N_("the winds go East, South, West, North"),
    "dragons": N_("the dragons go white, green, red"),
    "winds_first": N_("the winds come before the dragons"),
}
"""Why one tile goes before another in a sorted hand, by the pair's families (:func:`sort_rule`)."""
MAX_ORDER_LINES = 3
"""At most this many places out of order are named: the first ones, one rule each."""


def sort_rule(first: int, then: int) -> str:
    """The key of :data:`SORT_RULES` that a tile ``first`` placed before a tile ``then`` breaks
    (kinds in the engine's order: man, pin, sou, the winds East to North, the dragons white,
    green, red)."""
    from trainer.engine.tiles import is_honor

    if is_honor(first) and not is_honor(then):
        return "honors"
    if not is_honor(first):
        return "numbers" if first // 9 == then // 9 else "suits"
    dragon = 31  # 5z, the white dragon: the first of the dragons
    if then >= dragon:
        return "dragons"
    return "winds_first" if first >= dragon else "winds"


def sort_text(row: Sequence[Any]) -> str:
    """A row of tiles put in order wrongly (``row``: the learner's tiles, left to right): each place
    where a tile stands before one that comes earlier, with the rule it breaks («南 стоит перед 東, а
    ветры идут так: Восток, Юг, Запад, Север»), one place per rule, the first ones first."""
    from trainer.engine.tiles import parse_tile
    from trainer.ui.suit_names import suit_names

    row = [parse_tile(t) if isinstance(t, str) else t for t in row]
    words = {**suit_names(glossed=True), "honors": term_word("jihai", pgettext("several tiles of a group", "honors"))}
    said: dict[str, str] = {}
    for a, b in zip(row, row[1:], strict=False):
        if a.kind > b.kind and len(said) < MAX_ORDER_LINES:
            rule = sort_rule(a.kind, b.kind)
            said.setdefault(rule, _("{first} stands before {then}, but {rule}.").format(
                first=_tiles(str(a)), then=_tiles(str(b)), rule=_(SORT_RULES[rule]).format(**words)))
    return BR.join(said.values())


def order_text(labels: Sequence[str], order: Sequence[int]) -> str:
    """Cards put in order wrongly (``labels``: each card's words in the right order, ``order``: the
    cards as the learner laid them out): each card placed right before one that comes earlier, at
    most :data:`MAX_ORDER_LINES` of them."""
    lines = [_("“{first}” comes after “{then}”, not before it.").format(
        first=_bare(labels[a]), then=_bare(labels[b]))
        for a, b in zip(order, order[1:], strict=False) if a > b]
    return BR.join(lines[:MAX_ORDER_LINES])


def arranged_card_words(card: Any, text: Callable[[Any], str]) -> str:
    """An arrange step's card in a sentence: its words, else its tiles drawn."""
    return text(card.text) if card.text else _tiles(card.tiles or "")
