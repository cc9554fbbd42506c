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

from collections.abc import Iterable, Sequence
from typing import Any

from trainer.i18n import N_, _, format_points, han_text, ngettext, pgettext
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
        parts.append(_("loose tiles: {tiles}").format(tiles=_tile_list(blocks["loose"])))
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
    else:
        tail = ngettext("{tiles} stays outside the sets: the hand is not complete.",
                        "{tiles} stay outside the sets: the hand is not complete.", len(left)).format(
            tiles=_tile_list(left))
    return head + " " + tail


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


def shanten_text(hand: Any, given: int, right: int, final: bool) -> str:
    """The blocks behind the shanten: for the standard form the sets, pairs, partial sets and loose
    tiles and (after the final try) the count; the other forms by their glossary names."""
    from trainer.engine.explain import shanten_blocks

    forms = shanten_blocks(hand)
    std = next(f for f in forms if f["form"] == "standard")
    lines = [_("You said {given}. The blocks of this hand: {blocks}.").format(given=given, blocks=blocks_line(std))]
    if final:
        need = std["needed"] - len(std["sets"])
        head = 1 if std["pairs"] else 0
        usable = min(len(std["partials"]) + len(std["pairs"]) - head, need)
        lines.append(_("Count: 2 × {need} (sets still to make) − {usable} (partial sets and spare pairs that "
                       "can grow) − {head} (the pair) = {n}.").format(need=need, usable=usable, head=head,
                                                                 n=std["shanten"]))
    elif given > right:
        lines.append(too_high_line(forms, std, right))
    else:
        lines.append(_("Too low: a loose tile needs two more tiles to become a set."))
    return BR.join(lines)


def too_high_line(forms: Sequence[dict[str, Any]], std: dict[str, Any], right: int) -> str:
    """A shanten said too high: what the hand already has that the learner did not count, from the
    engine's blocks (its sets, pairs and partial sets, each with what it gives), or, when the right
    shanten is another form's (the question counts every form), that form."""
    other = next((f for f in forms if f["form"] != "standard" and f["shanten"] == right), None)
    if std["shanten"] > right and other is not None:
        return _("Too high: the hand is closer to tenpai as {form}.").format(form=form_name(other["form"]))
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
        return _("Too high: look again for sets, pairs and partial sets you have not counted.")
    return " ".join([_("Too high: you have not counted everything the hand already has."), *have])


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
        lines.append(_("This hand has {right} fu; your items make {mine} fu.").format(
            right=items_fu(expected), mine=items_fu(given)))
    lines += [_("This hand does not score {item}.").format(item=_fu_item(fid, fu)) for fid, fu in d["extra"]]
    lines += [_("{name} is worth {right} fu here, not {given}.").format(name=fu_name(fid), right=r, given=g)
              for fid, g, r in d["wrong_value"]]
    if d["missing"] and not final:
        lines.append(ngettext("{n} item of the hand is missing: check the win, each set, the pair and the wait.",
                              "{n} items of the hand are missing: check the win, each set, the pair and the wait.",
                              len(d["missing"])).format(n=len(d["missing"])))
    elif d["missing"]:
        lines += [_("You left out {item}.").format(item=_fu_item(fid, fu)) for fid, fu in d["missing"]]
    return BR.join(lines)


def fu_total_text(items: Sequence[tuple[str, int]], total: int, given: int, final: bool) -> str:
    """A typed fu total against the engine's: the usual slip (not rounded up), too many or too few;
    after the final try the items one per line with the sum and the rounding."""
    from trainer.engine.explain import fu_total_slip

    slip = fu_total_slip(items, total, given)
    if slip == "not_rounded":
        lines = [_("{given} is the sum before rounding: fu are rounded up to the next 10.").format(given=given)]
    elif slip == "rounded_down":
        lines = [_("{given} is rounded down: fu are always rounded up to the next 10.").format(given=given)]
    elif given > total:
        lines = [_("{given} fu is too many: one of your items is not in this hand.").format(given=given)]
    else:
        lines = [_("{given} fu is too few: an item of this hand is missing.").format(given=given)]
    if final:  # the items themselves follow in the engine's working
        raw = sum(fu for _fid, fu in items)
        lines.append(_("Sum {raw} → {total} fu").format(raw=raw, total=total) if raw != total else
                     _("Sum {total} fu").format(total=total))
    return BR.join(lines)


# ---------------------------------------------------------------- points


def chain_lines(chain: dict[str, Any]) -> list[str]:
    """The points chain in words: han and fu -> basic points (or the limit) -> each payment -> honba."""
    han, fu = chain["han"], chain["fu"]
    lines = []
    if chain["limit"]:
        lines.append(_("{han} han {fu} fu reach {limit}: basic points {basic}.").format(
            han=han, fu=fu, limit="{term:" + chain["limit"] + "}", basic=format_points(chain["basic"])))
    else:
        # fu × 2^(han+2) without the power sign: the multiplier itself, 8 at 1 han, doubled per han
        lines.append(_("Basic points = {fu} fu × {mult} = {basic} (for {han}: the multiplier is 8 at 1 han and "
                       "doubles with each further han).").format(
            fu=fu, han=han_text(han), mult=format_points(chain["basic"] // fu), basic=format_points(chain["basic"])))
    for p in chain["payments"]:
        words = PAYERS_THREE if chain.get("payers") == 2 and p["payer"] in PAYERS_THREE else PAYERS
        line = _("{payer}: {basic} × {mult} = {raw} → rounded up to {paid}").format(
            payer=_(words[p["payer"]]).capitalize(), basic=format_points(chain["basic"]), mult=p["mult"],
            raw=format_points(p["raw"]), paid=format_points(p["paid"]))
        if p["honba"]:
            line += " " + _("+ {honba} for {term} = {total}").format(honba=format_points(p["honba"]), term=term_word(
                "honba", pgettext("inline term", "honba")), total=format_points(p["total"]))
        lines.append(line + ".")
    return lines


def points_text(chain: dict[str, Any], given: Sequence[int], rules: Any, final: bool) -> str:
    """A typed payment against the chain: the usual slip that gives the learner's number, else the
    first step to recheck; after the final try the whole chain."""
    from trainer.engine.explain import points_slip

    who = _("the dealer") if chain["dealer"] else _("a non-dealer")
    other = _("a non-dealer") if chain["dealer"] else _("the dealer")
    how = _("tsumo") if chain["tsumo"] else _("ron")
    other_how = _("ron") if chain["tsumo"] else _("tsumo")
    lines = [_("You said {given}.").format(given=" / ".join(format_points(g) for g in given))]
    for slip in points_slip(chain, given, rules):
        lines.append(_(SLIPS[slip]).format(other=other, who=who, how=how, other_how=other_how, term="{term:honba}",
                                           n=format_points(chain["per_honba"])))
    if final:
        lines += chain_lines(chain)
    elif len(lines) == 1:
        lines.append(chain_lines(chain)[0] + " " + _("Now multiply them for each payer and round up to the next "
                                                     "100."))
    return BR.join(lines)


# ---------------------------------------------------------------- discards and choices


def discard_text(items: Sequence[dict[str, Any]], picked: Iterable[int], final: bool) -> str:
    """A discard against the engine's table of discards: what the learner's tile leaves (shanten and
    the tiles that improve) beside the best one (named only after the final try)."""
    from trainer.engine.tiles import kind_name

    by_tile = {i["tile"].replace("0", "5"): i for i in items if i.get("kind") == "discard"}
    best = next((i for i in items if i.get("kind") == "discard" and i.get("best")), None)
    lines = []
    for k in sorted(set(picked)):
        mine = by_tile.get(kind_name(k))
        if mine is None or mine.get("best"):
            continue
        lines.append(_("Discarding {tile} leaves {term} {s} and {n} tiles that improve the hand.").format(
            tile=_tiles(mine["tile"]), term="{term:shanten}", s=mine["shanten"], n=mine.get("total", 0)))
        if best is not None and not final:
            if best["shanten"] < mine["shanten"]:
                lines.append(_("Another discard keeps the hand closer to {term}.").format(
                    term=term_word("tenpai", pgettext("inline term", "tenpai"))))
            else:
                lines.append(_("Another discard leaves more tiles that improve the hand ({n}).").format(
                    n=best.get("total", 0)))
    if final and best is not None:
        lines.append(_("Best: discard {tile}: {term} {s}, {n} tiles improve the hand.").format(
            tile=_tiles(best["tile"]), term="{term:shanten}", s=best["shanten"], n=best.get("total", 0)))
    return BR.join(lines)


def options_text(picked: Iterable[str], right: Iterable[str], names: dict[str, str], final: bool) -> str:
    """Ticked options against the right set (yaku of a hand...): each wrong tick named, the missing
    ones counted on the retry and named after the final try."""
    picked, right = set(picked), set(right)
    lines = [_("{name}: not in this hand.").format(name=names.get(v, v)) for v in sorted(picked - right)]
    missed = sorted(right - picked)
    if missed and not final:
        lines.append(ngettext("{n} more is in the hand.", "{n} more are in the hand.", len(missed)).format(
            n=len(missed)))
    elif missed:
        lines.append(_("Also in the hand: {names}.").format(names=", ".join(names.get(v, v) for v in missed)))
    return BR.join(lines)


def your_choice(labels: Iterable[str]) -> str:
    """The learner's own pick, named (when nothing more specific can be said about it)."""
    shown = ", ".join(labels)
    return _("Your answer: {answer}.").format(answer=shown) if shown else ""


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
        if q in ("waits", "kunto_waits") and ex.prompt.input == "pick_tiles":
            picked = set(response)
            if data.get("grade_by") == "rank" or data.get("dragons") in ("ten", "joker"):
                return variant_waits_text(picked, ex.answer, ex._seen_as())
            return waits_text(parse_hand(ex.prompt.hand, check_size=False), picked, ex.answer, final)
        if q in ("shanten",) and ex.prompt.input == "number":
            hand = parse_hand(ex.prompt.hand, check_size=False)
            return shanten_text(hand, int(response[0]), int(ex.answer), final)
        if q == "fu_breakdown":
            return fu_items_text(list(ex.answer), [(str(a), int(b)) for a, b in response], final)
        if q == "fu_total":
            items = [(i["id"], i["fu"]) for i in ex.explanation if i.get("kind") == "fu"]
            return fu_total_text(items, int(ex.answer), int(response[0]), final)
        if q == "payment":
            from trainer.engine.exercises.scoring_drills import rules_for
            from trainer.engine.explain import points_chain

            rules = rules_for(data.get("preset") or dict(ex.params).get("preset", "tenhou"))
            chain = points_chain(data["han"], data["fu"], dealer=data["dealer"], tsumo=data["by"] == "tsumo",
                                 rules=rules, honba=data.get("honba", 0))
            return points_text(chain, [int(x) for x in response], rules, final)
        if q in ("best_discard", "kunto_discard") and ex.prompt.input == "pick_tiles":
            return discard_text(ex.explanation, response, final)
        if ex.prompt.input == "multi_choice" and isinstance(ex.answer, frozenset):
            from trainer.ui.views.exercise_labels import option_label

            names = {o.value: option_label(o) or o.value for o in ex.prompt.options}
            return options_text(response, ex.answer, names, final)
    except (ValueError, KeyError, TypeError, IndexError):
        pass  # a variant hand the standard engine cannot read: the learner's answer is still named
    return your_choice(labels)


def lesson_mistake(step: Any, response: Any, fb: Any, final: bool, preset: str = "tenhou") -> str:
    """Why a lesson quiz answer is wrong (pick_tiles waits and discards, shanten, fu, points)."""
    from trainer.engine.notation import parse_hand
    from trainer.ui.mcr_texts import mcr_lesson_mistake

    kind = getattr(step, "kind", "")
    ask = getattr(step, "ask", "")
    variant = getattr(step, "variant", None)
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
            return discard_text(fb.explanation, {t.kind for t in response}, final)
        if kind == "pick_tiles":
            return picked_text(step, {t.kind for t in response}, set(fb.expected), final)
        if kind == "number" and ask == "shanten" and plain:
            return shanten_text(parse_hand(step.hand, check_size=False), int(response), int(fb.expected), final)
        if kind == "number" and ask == "fu":
            items = [(i["id"], i["fu"]) for i in fb.explanation if i.get("kind") == "fu"]
            return fu_total_text(items, int(fb.expected), int(response), final)
        if kind == "fu_breakdown":
            expected = [(i["id"], i["fu"]) for i in fb.explanation if i.get("kind") == "fu"]
            return fu_items_text(expected, [(str(a), int(b)) for a, b in response], final)
        if kind == "number" and ask == "points":
            total = next((i for i in fb.explanation if i.get("kind") == "total"), None)
            if total is not None and total.get("han") and not total.get("yakuman"):
                return _points_of_win(step, total, int(response), preset, final)
        if kind == "number":
            given = int(response)
            return _("You said {given}.").format(given=format_points(given) if ask == "points" else given)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        pass
    return ""


def _next_kinds(indicators: str) -> set[int]:
    """The tiles right after the indicators in the full set's order (2m after 1m)."""
    from trainer.engine.notation import parse_tiles
    from trainer.engine.tiles import dora_from_indicator

    return {dora_from_indicator(t.kind) for t in parse_tiles(indicators)} if indicators else set()


def picked_text(step: Any, picked: set[int], answer: set[int], final: bool) -> str:
    """A tile-picking step other than waits and discards: why each wrong pick is wrong (it makes no
    set with the two tiles; it is not the dora the indicator points to; it is not of the group), and
    how many right tiles are still to find."""
    from trainer.engine.tiles import kind_name

    lines = []
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
        else:
            lines.append(_("{tile} does not belong here.").format(tile=tile))
    missed = len(answer - picked)
    if missed:
        lines.append(ngettext("{n} right tile is not picked yet.", "{n} right tiles are not picked yet.",
                              missed).format(n=missed))
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
    lines = [_("You said {given}; the winner gains {right}.").format(given=format_points(given),
                                                                     right=format_points(gained))]
    if final or gained != total.get("points", gained):
        lines += chain_lines(chain)
        if win.sticks:
            lines.append(ngettext("+ {n} riichi stick on the table ({points}).",
                                  "+ {n} riichi sticks on the table ({points}).", win.sticks).format(
                n=win.sticks, points=format_points(win.sticks * rules.riichi_deposit)))
    else:
        lines.append(chain_lines(chain)[0])
    return BR.join(lines)
