"""Words for the newer exercise generators (dora, tile groups, sets, complete hands, wait
shapes, furiten, safe tiles), kept apart from the drill screen so the two can be merged.

* ``MORE_TITLES`` / ``MORE_BLURBS``: a generator's name and one sentence about it;
* ``MORE_QUESTIONS``: question id -> the question's gettext msgid (English);
* ``MORE_OPTIONS``: choice values without a glossary term (yes, no, not a set);
* ``MORE_FIELD_LABELS`` / ``MORE_VALUE_LABELS``: the settings form of these generators;
* :func:`more_question_text`, :func:`more_option_label`, :func:`more_explain_item`: the
  rich markup (``{tiles:..}``, ``{term:..}``) for a prompt, an option and an explanation
  item of these generators, or None for anything that is not theirs.

Everything is marked with ``N_`` and translated when shown.
"""

from __future__ import annotations

from typing import Any

from trainer.engine.exercises.tile_facts import GROUP_TERMS
from trainer.i18n import N_, _, ngettext, pgettext
from trainer.ui.mcr_texts import (
    MCR_BLURBS,
    MCR_FIELD_LABELS,
    MCR_TITLES,
    MCR_VALUE_LABELS,
    mcr_explain_item,
    mcr_info_text,
    mcr_question_text,
)
from trainer.ui.richtext import BR, term_word

MORE_TITLES: dict[str, str] = {
    "dora_from_indicator": N_("Dora"),
    "tile_group": N_("Tile groups"),
    "make_set": N_("Sets"),
    "complete_hand": N_("Complete hands"),
    "wait_shape": N_("Wait shapes"),
    "furiten_situation": N_("Furiten"),
    "safe_tile": N_("Safe tiles"),
}
"""Generator name -> its title in the drill list."""

MORE_BLURBS: dict[str, str] = {
    "dora_from_indicator": N_("From the indicator to the dora, and the dora in a hand."),
    "tile_group": N_("Simples, terminals, honors and value tiles."),
    "make_set": N_("Which tiles make a run or a triplet?"),
    "complete_hand": N_("Is the hand complete? Where is its pair?"),
    "wait_shape": N_("Name the shape a hand waits with."),
    "furiten_situation": N_("Your river, the tiles passed, riichi: may you call ron?"),
    "safe_tile": N_("Against a riichi, which tile is the safest to throw?"),
}
"""Generator name -> one sentence about it."""

MORE_QUESTIONS: dict[str, str] = {
    "dora_pick": N_("Pick every tile that is dora."),
    "dora_count": N_("How many dora does this hand hold?"),
    "tile_group": N_("Which group does this tile belong to?"),
    "tile_groups": N_("Tick every group this tile belongs to."),
    "group_pick": N_("Pick every tile of this group: {group}."),
    "set_complete": N_("Which tiles make a set with these two? Pick every one."),
    "set_judge": N_("Are these three tiles a set?"),
    "hand_complete": N_("Is this hand complete?"),
    "hand_pair": N_("This hand is complete. Which tile is its pair?"),
    "hand_extra": N_("This hand has one tile too many. Which tile can go so that the rest is complete? "
                     "Pick every such tile."),
    "wait_shape": N_("What is the wait shape of this hand called?"),
    "furiten_ron": N_("Now an opponent throws {tile}. May you call ron on it?"),
    "safe_tile": N_("Which tile of your hand is the safest to discard?"),
}
"""Question id -> the question (English msgid; placeholders are filled by :func:`more_question_text`)."""

MORE_NOTES: dict[str, str] = {
    "aka": N_("Each red five is one more dora."),
    "winds": N_("Your seat wind: {seat}. The round wind: {round}."),
    "run": N_("Which tiles make a run with these two? Pick every one."),
    "triplet": N_("Which tile makes a triplet with these two?"),
    "river": N_("Your discards: {tiles}"),
    "no_river": N_("You have not discarded yet."),
    "riichi": N_("You declared riichi with {tile}."),
    "before": N_("Before your last discard the others threw: {tiles}"),
    "since": N_("Since your last discard the others threw: {tiles}"),
    "nothing_since": N_("Since your last discard nobody else has thrown a tile."),
    "before_riichi": N_("Before your riichi the others threw: {tiles}"),
    "since_riichi": N_("After your riichi the others threw: {tiles}"),
    "nothing_since_riichi": N_("After your riichi nobody else has thrown a tile."),
    "threat_1": N_("The player on your right declared riichi with {tile}. River: {tiles}"),
    "threat_2": N_("The player across declared riichi with {tile}. River: {tiles}"),
    "threat_3": N_("The player on your left declared riichi with {tile}. River: {tiles}"),
    "passed": N_("passed by the others after it: {tiles}"),
    "seen": N_("Seen elsewhere: {tiles}"),
}
"""Extra lines of the prompts above."""

MORE_OPTIONS: dict[str, str] = {
    "none": N_("None of these"),
    "yes": N_("Yes"),
    "no": N_("No"),
    "not_set": N_("Not a set"),
}
"""Choice values shown as words (the other options of these generators are glossary terms)."""

MORE_FIELD_LABELS: dict[str, str] = {
    "indicators": N_("Dora indicators"), "wraps": N_("Wrap-arounds (9→1, North→East)"), "aka": N_("Red fives"),
    "row": N_("Tiles in the row"), "seat": N_("Seat wind"), "round": N_("Round wind"), "kinds": N_("Kinds"),
    "traps": N_("Traps"), "complete_ratio": N_("Complete hands"), "special_forms": N_("Seven pairs and kokushi"),
    "shapes": N_("Shapes"), "furiten_ratio": N_("Furiten share"), "riichi_players": N_("Players in riichi"),
    "tools": N_("Defense tools"),
}
"""Settings-form labels of the new parameters."""

MORE_VALUE_LABELS: dict[str, str] = {
    "choice": N_("Choose the group"), "run": N_("Runs"), "triplet": N_("Triplets"), "complete": N_("Complete a set"),
    "judge": N_("Is it a set?"), "yes_no": N_("Complete or not"), "pair": N_("Find the pair"), "extra": N_("Find the extra tile"),
    "basic": N_("Basic"), "compound": N_("Compound"), "multi": N_("Many-sided"), "permanent": N_("Permanent"),
    "temporary": N_("Temporary"), "riichi": N_("After riichi"), "genbutsu": N_("Genbutsu"), "suji": N_("Suji"),
    "kabe": N_("Kabe"), "wrap": N_("8-9-1 wrapped"), "mixed_suits": N_("Mixed suits"),
    "honor_run": N_("Honor \"runs\""), "gap": N_("Gaps"), "E": N_("East"), "S": N_("South"), "W": N_("West"),
    "N": N_("North"),
}
"""Settings-form labels of the new parameter values."""
MORE_TITLES.update(MCR_TITLES)
MORE_BLURBS.update(MCR_BLURBS)
MORE_FIELD_LABELS.update(MCR_FIELD_LABELS)
MORE_VALUE_LABELS.update(MCR_VALUE_LABELS)

WIND_TERMS = {"E": "ton", "S": "nan", "W": "shaa", "N": "pei"}
FURITEN_TERMS = {"permanent": "sutehai_furiten", "temporary": "doujun_furiten", "riichi": "riichi_furiten"}

EXPLAIN_TEXTS: dict[str, str] = {
    "in_group": N_("{tile} is one of the {group}."),
    "not_in_group": N_("{tile} is not one of the {group}."),
    "is_run": N_("{tiles} is a run: three numbers in a row of one suit."),
    "is_triplet": N_("{tiles} is a triplet: three identical tiles."),
    "no_set": N_("{tiles} is not a set: a run is three numbers in a row of one suit (no 9-1 wrap, no honors), "
                 "a triplet is three identical tiles."),
    "no_ron_furiten": N_("No ron: {kind}. The waits are {waits}."),
    "no_ron_furiten_one": N_("No ron: {kind}. The wait is {waits}."),
    "permanent": N_("Your own river holds {tiles}, a winning tile: furiten while the hand waits on it."),
    "temporary": N_("You let a winning tile pass since your last discard: furiten until your next discard."),
    "riichi": N_("After riichi you let a winning tile pass: furiten until the end of the hand."),
    "ron_ok": N_("Ron is allowed: {tile} completes the hand (waits {waits}) and you are not furiten."),
    "safest_one": N_("Safest: {tiles}."),
    "safest_tie": N_("Equally safe: {tiles} — either is right."),
}
"""Explanation lines of the new explanation items."""

WHO_TEXTS: dict[int, str] = {
    1: N_("vs Right:"),
    2: N_("vs Across:"),
    3: N_("vs Left:"),
}
"""How a safety line names the riichi player it is about (only with two of them)."""

REASON_TEXTS: dict[str, str] = {
    "genbutsu_own": N_("{genbutsu}, in that river"),
    "genbutsu_passed": N_("{genbutsu}, passed after that riichi"),
    "suji": N_("{suji} of {tiles}"),
    "kabe": N_("{kabe}: all four {tiles} visible"),
    "honor": N_("an honor makes no runs"),
    "visible_1": N_("only one other copy is out of sight, so the riichi player cannot hold a pair of it: no {shanpon}"),
    "visible_0": N_("every copy is in sight, so they hold none: no {shanpon}, no {tanki}"),
}
"""Why some waits on a tile are ruled out (reason ids of trainer.engine.safety), in a few words;
the tools are glossary links (:func:`_reason_terms`: the block shows each one's Japanese once).
A plain genbutsu (a tile of that player's river) is the link alone."""


def _reason_terms() -> dict[str, str]:
    """The defense tools named in :data:`REASON_TEXTS`, as links to their glossary cards."""
    return {"genbutsu": term_word("genbutsu", pgettext("inline term", "genbutsu")),
            "suji": term_word("suji", pgettext("inline term", "suji")),
            "kabe": term_word("kabe", pgettext("inline term", "wall"))}


def pair_wait(shape: str) -> str:
    """A wait without tiles of its own, linked to its glossary card and named as the whole app
    names it: the pair wait (shanpon) waits on two pairs, the single wait (tanki) on one tile."""
    if shape == "shanpon":
        return term_word("shanpon", pgettext("inline term", "two-pair wait (shanpon)"))
    return term_word("tanki", pgettext("inline term", "single wait (tanki)"))



def _tr(table: dict[str, str], key: str) -> str:
    """The translation of a table's msgid (keeps the table keys out of the extracted messages)."""
    return _(table[key])


def _tiles(text: str) -> str:
    return f"{{tiles:{text}}}" if text else "—"


def _term(term_id: str) -> str:
    return "{term:" + term_id + "}"


SHANTEN_NOTES: dict[str, str] = {
    "standard": N_("Count the standard form only: four sets and a pair (seven pairs and thirteen orphans do "
                   "not count here)."),
    "all": N_("Count every form: four sets and a pair, seven pairs, thirteen orphans — the lowest shanten "
              "counts."),
}
"""What a shanten prompt says about the hand forms it counts (13- and 14-tile hands)."""


def shanten_note(ex: Any) -> str:
    """The line a shanten prompt adds about the forms counted (empty when only one form exists)."""
    p = ex.prompt
    if p.question != "shanten" or not p.get("special_forms") or p.get("forms") not in SHANTEN_NOTES:
        return ""
    return _tr(SHANTEN_NOTES, str(p.get("forms")))


def more_question_text(ex: Any) -> str | None:
    """The prompt of a new generator's exercise as rich markup (None for other questions)."""
    p = ex.prompt
    if p.question not in MORE_QUESTIONS:
        return mcr_question_text(ex)
    data = dict(p.data)
    q = p.question
    if q in ("dora_pick", "dora_count"):
        text = _dora_question(q, str(data.get("indicators", "")))
        if q == "dora_count" and data.get("aka"):
            text += " " + _tr(MORE_NOTES, "aka")
        return text
    if q == "set_complete" and data.get("sets") in ("run", "triplet"):
        return _tr(MORE_NOTES, str(data["sets"]))
    if q == "group_pick":
        text = _tr(MORE_QUESTIONS, q).format(group=_term(GROUP_TERMS.get(str(data.get("group")), "")))
    elif q == "furiten_ron":
        return _furiten_text(data, str(p.tiles))
    elif q == "safe_tile":
        return _tr(MORE_QUESTIONS, "safe_tile")
    else:
        text = _tr(MORE_QUESTIONS, q)
    if data.get("seat") in WIND_TERMS and data.get("round") in WIND_TERMS:
        text += BR + _tr(MORE_NOTES, "winds").format(seat=_term(WIND_TERMS[data["seat"]]),
                                                  round=_term(WIND_TERMS[data["round"]]))
    return text


def _dora_question(q: str, indicators: str) -> str:
    """A dora question with its indicators: one or several (the word agrees).  Picking the dora,
    the indicators are the tiles drawn under the prompt, so the prompt does not draw them again."""
    from trainer.engine.notation import parse_tiles

    n = len(parse_tiles(indicators, max_copies=None)) if indicators else 1
    if q == "dora_pick":
        head = ngettext("The tile below is a dora indicator.", "The tiles below are dora indicators.", n)
    else:
        head = ngettext("Dora indicator: {indicators}.", "Dora indicators: {indicators}.", n).format(
            indicators=_tiles(indicators))
    return head + " " + _tr(MORE_QUESTIONS, q)


def _furiten_text(data: dict[str, Any], tile: str) -> str:
    lines = []
    river = str(data.get("river", ""))
    lines.append(_tr(MORE_NOTES, "river").format(tiles=_tiles(river)) if river else _tr(MORE_NOTES, "no_river"))
    at = data.get("riichi_at", -1)
    if data.get("riichi") and isinstance(at, int) and at >= 0:
        from trainer.engine.notation import parse_tiles

        tiles = parse_tiles(river, max_copies=None)
        if at < len(tiles):
            lines.append(_tr(MORE_NOTES, "riichi").format(tile=_tiles(str(tiles[at]))))
    after_riichi = "_riichi" if data.get("riichi") else ""
    if data.get("before"):
        lines.append(_tr(MORE_NOTES, "before" + after_riichi).format(tiles=_tiles(str(data["before"]))))
    if data.get("since"):
        lines.append(_tr(MORE_NOTES, "since" + after_riichi).format(tiles=_tiles(str(data["since"]))))
    else:
        lines.append(_tr(MORE_NOTES, "nothing_since" + after_riichi))
    lines.append(_tr(MORE_QUESTIONS, "furiten_ron").format(tile=_tiles(tile)))
    return BR.join(lines)


WIN_SITUATIONS: dict[str, str] = {
    # TRANSLATORS: the win line of a scored hand says what happened, never the yaku it makes (the
    # learner ticks the yaku). {riichi} is a link to the term; ru: «риичи» is neuter («объявлено»).
    "riichi": N_("{riichi} declared"),
    "double_riichi": N_("{riichi} declared with your very first discard, before any call"),
    # TRANSLATORS: the circumstance of ippatsu, not its name.
    "ippatsu": N_("the win comes before your next discard after the {riichi}, with no call in between"),
    # TRANSLATORS: the circumstance of haitei (a tsumo), not its name.
    "haitei": N_("the last tile of the live wall"),
    # TRANSLATORS: the circumstance of houtei (a ron), not its name.
    "houtei": N_("the very last discard of the hand"),
    # TRANSLATORS: the circumstance of rinshan kaihou, not its name; {kan} is a link to the term.
    "rinshan": N_("a {kan} was declared, and this is the replacement tile from the dead wall"),
    # TRANSLATORS: the circumstance of chankan, not its name; {kan} is a link to the term.
    "chankan": N_("an opponent was adding this tile to their pon to make a {kan}"),
    # TRANSLATORS: the circumstance of tenhou, not its name; {dealer} is a link to the term.
    "tenhou": N_("you are the {dealer}, and the hand is complete as dealt"),
    # TRANSLATORS: the circumstance of chiihou, not its name.
    "chiihou": N_("your very first draw, before any call"),
}
"""A win's circumstances (the ``win:`` flags of a lesson, the ``flags`` of a scoring drill) in
words, in table order: what happened, so that ticking riichi, ippatsu or houtei still takes knowing
the yaku; a term the words cannot do without is a glossary link (:func:`_situation_terms`)."""


def _situation_terms() -> dict[str, str]:
    """The terms :data:`WIN_SITUATIONS` cannot do without, as links to their glossary cards."""
    return {"riichi": term_word("riichi", pgettext("inline term", "riichi")),
            "kan": term_word("kan", pgettext("inline term", "kan")),
            "dealer": term_word("oya", pgettext("inline term", "dealer"))}


YAKU_QUESTIONS = frozenset({"yaku", "yaku_and_han", "han_total"})
"""The scoring drills' questions whose answer the yaku of the win situation are part of: their win
line says the circumstances, never the yaku (the fu and points drills keep the short names)."""


def win_situation_parts(flags: Any) -> list[str]:
    """The circumstances of a win in words (:data:`WIN_SITUATIONS`), one part per flag that is set,
    in table order; double riichi says its riichi itself."""
    flags = set(flags)
    terms = _situation_terms()
    return [_tr(WIN_SITUATIONS, f).format(**terms) for f in WIN_SITUATIONS
            if f in flags and not (f == "riichi" and "double_riichi" in flags)]


def win_situation_line(data: dict[str, Any]) -> str:
    """The win under a scoring drill's hand (``data``: the drill's prompt data): ron or tsumo on the
    tile, the seat and round winds, the circumstances in words (:func:`win_situation_parts`, never
    the yaku they make), the dora and ura-dora indicators, the Norths set aside, the tiles in view."""
    how = _("Ron on {tile}") if data.get("by") == "ron" else _("Tsumo on {tile}")
    bits = [how.format(tile=_tiles(str(data["win_tile"])))]
    seat, rnd = data.get("seat"), data.get("round")
    if seat in WIND_TERMS and rnd in WIND_TERMS:
        bits.append(_("seat {seat}, round {round}").format(seat=_wind(seat), round=_wind(rnd)))
    bits += win_situation_parts(data.get("flags", ()))
    if data.get("dora"):
        bits.append(_("dora indicator {tiles}").format(tiles=_tiles(str(data["dora"]))))
    if data.get("ura"):
        bits.append(_("ura-dora indicator {tiles}").format(tiles=_tiles(str(data["ura"]))))
    if data.get("nuki"):
        bits.append(ngettext("{n} North set aside ({term})", "{n} Norths set aside ({term})", data["nuki"]).format(
            n=data["nuki"], term=term_word("nukidora", pgettext("inline term", "nuki dora"))))
    if data.get("visible"):
        bits.append(_("Already seen:") + " " + _tiles(str(data["visible"])))
    return " · ".join(bits)


def _wind(letter: str) -> str:
    """A seat or round wind by its glossary name, as a name («Юг (南, nan)», never «юг»), linked to
    its card."""
    from trainer.glossary import load_glossary
    from trainer.i18n import current_language

    term_id = WIND_TERMS[letter]
    try:
        return term_word(term_id, load_glossary().term(term_id).name(current_language()))
    except (KeyError, LookupError):
        return _term(term_id)


def more_info_text(ex: Any) -> str | None:
    """The situation block under a new generator's prompt (smaller print), or None: for a safe
    tile every river, what passed after each riichi, the other tiles in view and the dora
    indicators — everything the answer rests on; for a Chinese Official win its situation; for a
    riichi yaku or han question (:data:`YAKU_QUESTIONS`) the win with its circumstances in words
    (:func:`win_situation_line`): their yaku names would give the answer away."""
    if ex.prompt.question == "safe_tile":
        return _safe_text(dict(ex.prompt.data))
    mcr = mcr_info_text(ex)
    if mcr is not None:
        return mcr
    data = dict(ex.prompt.data)
    return win_situation_line(data) if ex.prompt.question in YAKU_QUESTIONS and data.get("win_tile") else None


def _safe_text(data: dict[str, Any]) -> str:
    from trainer.engine.notation import parse_tiles

    lines = []
    for who, river, at, passed in zip(data.get("threats", ()), data.get("rivers", ()), data.get("riichi_at", ()),
                                      data.get("passed", ()), strict=False):
        tiles = parse_tiles(str(river), max_copies=None) if river else ()
        declared = _tiles(str(tiles[at])) if 0 <= at < len(tiles) else "—"
        line = _tr(MORE_NOTES, f"threat_{who}").format(tile=declared, tiles=_tiles(str(river)))
        if passed:
            line += " · " + _tr(MORE_NOTES, "passed").format(tiles=_tiles(str(passed)))
        lines.append(line)
    last = []
    if data.get("seen"):
        last.append(_tr(MORE_NOTES, "seen").format(tiles=_tiles(str(data["seen"]))))
    if data.get("dora"):
        n = sum(c.isdigit() for c in str(data["dora"]))  # one digit per tile in MPSZ text
        last.append(ngettext("dora indicator: {tiles}", "dora indicators: {tiles}", n).format(
            tiles=_tiles(str(data["dora"]))))
    if last:
        lines.append(" · ".join(last))
    return BR.join(lines)


def more_option_label(opt: Any) -> str | None:
    """The words of a choice option of the new generators that has no glossary term (None otherwise)."""
    if not opt.ref and not opt.tiles and opt.value in MORE_OPTIONS:
        return _(MORE_OPTIONS[opt.value])
    return None


def more_explain_item(item: dict[str, Any]) -> str | None:
    """One explanation item of the new generators as rich markup (None for other kinds)."""
    k = item.get("kind")
    if str(k).startswith("mcr_"):
        return mcr_explain_item(item)
    if k in ("kunto_value", "kunto_no_yaku", "kunto_ron", "kunto_raise"):
        from trainer.ui.kunto_words import kunto_explain_item

        return kunto_explain_item(item) or ""
    if k == "group":
        key = "in_group" if item.get("member") else "not_in_group"
        return _tr(EXPLAIN_TEXTS, key).format(tile=_tiles(item["tile"]), group=_term(GROUP_TERMS[item["group"]]))
    if k == "set_judge":
        key = {"run": "is_run", "triplet": "is_triplet"}.get(item.get("set", ""), "no_set")
        return _tr(EXPLAIN_TEXTS, key).format(tiles=_tiles(item["tiles"]))
    if k == "not_complete":
        return ngettext("Not complete: {n} tile from tenpai.", "Not complete: {n} tiles from tenpai.",
                        item["shanten"]).format(n=item["shanten"]) if item["shanten"] > 0 else _(
            "Not complete, though one tile away from it (tenpai after a discard).")
    if k == "furiten":
        kind = item.get("furiten")
        if kind in FURITEN_TERMS:
            from trainer.engine.notation import parse_tiles

            waits = item.get("waits", "")
            one = len(parse_tiles(waits, max_copies=None)) == 1 if waits else False
            first = _tr(EXPLAIN_TEXTS, "no_ron_furiten_one" if one else "no_ron_furiten").format(
                kind=_term(FURITEN_TERMS[kind]), waits=_tiles(waits))
            why = _tr(EXPLAIN_TEXTS, kind).format(tiles=_tiles(item.get("in_river", "")))
            return first + BR + why
        return _tr(EXPLAIN_TEXTS, "ron_ok").format(tile=_tiles(item.get("tile", "")), waits=_tiles(item.get("waits", "")))
    if k == "wait" and not item.get("shapes"):
        return _("{tile} completes the hand.").format(tile=_tiles(item["tile"]))
    if k == "tiles_missing":
        return ngettext("{n} tile is missing: the hand needs one more tile to be complete.",
                        "{n} tiles are missing: {s} to get ready (tenpai) and one more to be complete.",
                        item["n"]).format(n=item["n"], s=item["n"] - 1) if item["n"] else _(
            "No tile is missing: the hand is complete.")
    if k == "throwback":
        return _throwback_line(item)
    if k == "dora" and "ura" in item:
        parts = [ngettext("{n} dora", "{n} dora", item["count"]).format(n=item["count"])]
        if item.get("dora"):
            parts.append(_("by the dora indicator: {n}").format(n=item["dora"]))
        if item.get("ura"):
            parts.append(_("by the ura-dora indicator: {n}").format(n=item["ura"]))
        if item.get("aka"):
            parts.append(_("red fives: {n}").format(n=item["aka"]))
        if item.get("nuki"):  # Norths set aside (three players): each is one dora, so the parts add up
            parts.append(_("Norths set aside ({term}): {n}").format(n=item["nuki"], term=term_word(
                "nukidora", pgettext("inline term", "nuki dora"))))
        return parts[0] + (" (" + ", ".join(parts[1:]) + ")" if len(parts) > 1 else "")
    if k == "safest":
        key = "safest_tie" if item.get("count", 1) > 1 else "safest_one"
        return _tr(EXPLAIN_TEXTS, key).format(tiles=_tiles(item["tiles"]))
    if k == "safety":
        return _safety_line(item)
    return None


def _throwback_line(item: dict[str, Any]) -> str:
    """One throw-back option: how far from ready the hand is without the tile, and how many tiles help."""
    tile = _tiles(item["tile"])
    sh, n = item.get("shanten"), item.get("count", 0)
    if sh is None:
        return _("Without {tile} the hand is no longer ready (tenpai).").format(tile=tile)
    head = _("Best: ") if item.get("best") else ""
    if sh == 0:
        text = ngettext("without {tile} the hand is ready (tenpai) and {n} tile can still complete it",
                        "without {tile} the hand is ready (tenpai) and {n} tiles can still complete it",
                        n).format(tile=tile, n=n)
    else:
        text = ngettext("without {tile} the hand is {s} tiles from ready and {n} tile brings it closer",
                        "without {tile} the hand is {s} tiles from ready and {n} tiles bring it closer",
                        n).format(tile=tile, s=sh, n=n)
    if item.get("improving"):
        text += " (" + _tiles(item["improving"]) + ")"
    return head + text[0].upper() + text[1:] + "." if not head else head + text + "."


def merge_equal_tiles(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Safe-tile lines of the best tiles merged into one when they are safe for the same reasons
    against each player: one line says it for all of them.  Each reason keeps the tiles of every
    merged tile, and a genbutsu where each one came from (its source becomes ``((tile, source),
    ...)``: one in that river, another passed after the riichi)."""
    from trainer.engine.notation import format_tiles, parse_tiles

    def shape(i: dict[str, Any]) -> tuple:
        return tuple((t.get("who"), tuple(r[0] for r in t.get("reasons", ())), t.get("open")) for t in i["threats"])

    def sources(r: tuple, tile: str) -> tuple:
        return r[2] if isinstance(r[2], tuple) else ((tile, r[2]),)

    def joined(a: str, b: str) -> str:
        return format_tiles(sorted(set(parse_tiles(a, max_copies=None)) | set(parse_tiles(b, max_copies=None)),
                                   key=lambda t: t.kind)) if a != b else a

    out: list[dict[str, Any]] = []
    for i in items:
        if i.get("kind") == "safety" and i.get("best"):
            twin = next((o for o in out if o.get("kind") == "safety" and o.get("best") and shape(o) == shape(i)), None)
            if twin is not None:
                tiles = parse_tiles(twin["tile"] + i["tile"], max_copies=None)
                first = twin["tile"]
                twin["threats"] = tuple(
                    {**t, "reasons": tuple((r[0], joined(r[1], o[1]), sources(r, first) + sources(o, i["tile"]))
                                           for r, o in zip(t["reasons"], u["reasons"], strict=True))}
                    for t, u in zip(twin["threats"], i["threats"], strict=True))
                twin["tile"] = format_tiles(tiles)
                continue
            i = dict(i)
        out.append(i)
    return out


def _genbutsu_where(source: tuple, terms: dict[str, str]) -> str:
    """A genbutsu shared by several tiles, each with where it came from («генбуцу: 8s есть в его
    сбросе, 1z прошла после его риичи»)."""
    parts = []
    for src in ("own", "passed"):
        tiles = [tile for tile, s in source if s == src]
        if not tiles:
            continue
        shown = _tiles("".join(tiles))
        if src == "own":
            parts.append(ngettext("{tiles} is in that river", "{tiles} are in that river",
                                  len(tiles)).format(tiles=shown))
        else:
            parts.append(ngettext("{tiles} passed after that riichi", "{tiles} passed after that riichi",
                                  len(tiles)).format(tiles=shown))
    if not parts:
        return terms["genbutsu"]
    # TRANSLATORS: several tiles that are genbutsu; {where}: each one's river or «passed after that riichi»
    return _("{genbutsu}: {where}").format(genbutsu=terms["genbutsu"], where=", ".join(parts))


def _safety_line(item: dict[str, Any]) -> str:
    """One tile of a safe-tile item (or several equally safe ones, :func:`merge_equal_tiles`): per
    riichi player, why waits are closed and which stay open."""
    from trainer.engine.notation import parse_tiles

    many = len(parse_tiles(str(item.get("tile") or ""), max_copies=None)) > 1
    parts = []
    for t in item.get("threats", ()):
        bits = []
        for rid, tiles, source in t.get("reasons", ()):
            terms = _reason_terms()
            if rid == "genbutsu" and isinstance(source, tuple):
                bits.append(_genbutsu_where(source, terms))
                continue
            key = (f"genbutsu_{source}" if source else "genbutsu") if rid == "genbutsu" else rid
            if rid in ("honor_visible", "copies_visible"):
                key = "visible_0" if t.get("unseen", 0) == 0 else "visible_1"
            bits.append(terms["genbutsu"] if key == "genbutsu" else
                        _tr(REASON_TEXTS, key).format(tiles=_tiles(tiles), shanpon=pair_wait("shanpon"),
                                                      tanki=pair_wait("tanki"), **terms))
        shapes = [_tiles(held) if held else pair_wait(shape) for shape, held in t.get("open", ())]
        if shapes:
            bits.append(_("still open: {waits}").format(waits=", ".join(shapes)))
            if item.get("best"):  # why it is still the safest: the others are open to all of these
                bits.append(_("every other tile of yours is open to these waits too, or to more"))
        elif any(r[0] == "genbutsu" for r in t.get("reasons", ())):
            # a tile of his river or passed after his riichi: furiten for him, whatever he waits on
            bits.append(_("the riichi player cannot win on any of them by ron, whatever the wait") if many else
                        _("the riichi player cannot win on it by ron, whatever the wait"))
        else:
            bits.append(_("no wait can win on any of them") if many else _("no wait can win on it"))
        text = "; ".join(bits)
        parts.append((_(WHO_TEXTS[t["who"]]) + " " + text) if t.get("who") else text)
    head = _("Safest, {tile}:") if item.get("best") else "{tile}:"
    return head.format(tile=_tiles(item["tile"])) + " " + " · ".join(parts) + "."


__all__ = [
    "MORE_BLURBS", "MORE_FIELD_LABELS", "MORE_OPTIONS", "MORE_QUESTIONS", "MORE_TITLES", "MORE_VALUE_LABELS",
    "WIN_SITUATIONS", "merge_equal_tiles", "more_explain_item", "pair_wait", "more_info_text", "more_option_label",
    "more_question_text", "shanten_note", "win_situation_line", "win_situation_parts",
]
