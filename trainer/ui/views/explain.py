"""The engine's explanation items written out for the learner, as rich lesson markup.

Graders (:mod:`trainer.lessons.answers`) return explanation items as plain dicts
with a ``kind`` (``wait``, ``discard``, ``fu``, ``yaku``...).  :func:`explain`
turns them into translated lines with tiles drawn inline (``{tiles:2m}``) and
terms linked to the glossary (``{term:kanchan}``), ready for
:func:`trainer.ui.richtext.layout_rich`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from trainer.i18n import (
    N_,
    _,
    current_language,
    format_number,
    format_points,
    fu_text,
    han_text,
    ngettext,
    pgettext,
)
from trainer.names import FU_NAMES
from trainer.names import fu_name as _shared_fu_name
from trainer.ui.richtext import BR, term_word
from trainer.ui.suit_names import suit_name_glossed, suit_names

if TYPE_CHECKING:
    from trainer.glossary import Term

__all__ = ["BOX_SLIP_WORDS", "FORM_NAMES", "FORM_TERMS", "FU_NAMES", "box_slip_line", "discard_contrast", "explain",
           "explain_item", "manners_pick_line",
           "family_name", "for_child", "form_name", "fu_line", "fu_name", "fu_only", "reading_markup", "tile_label",
           "tile_reading", "tile_term", "total_points_sum"]

FORM_NAMES = {"standard": N_("Sets and a pair")}
FORM_TERMS = {"seven_pairs": "{term:chiitoitsu}", "thirteen_orphans": "{term:kokushi_musou}",
              "chiitoitsu": "{term:chiitoitsu}", "kokushi": "{term:kokushi_musou}"}
"""Hand forms by the engine's ids (``shanten_by_form``): the standard one in words, the others as
glossary links (never the raw id on screen)."""


def form_name(form: str, sets: int | None = None) -> str:
    """A hand form as the learner reads it (a glossary link for seven pairs and thirteen orphans);
    the standard form with the number of sets the hand's size makes it (``sets``, from the
    engine's item: one set and a pair for four or five tiles, four sets and a pair for a full
    hand), or without a number when it is not known."""
    if form in FORM_TERMS:
        return FORM_TERMS[form]
    if sets is None:
        return _(FORM_NAMES["standard"])
    if sets <= 0:
        return _("A pair")
    return ngettext("{n} set and a pair", "{n} sets and a pair", sets).format(n=sets)
SET_NAMES = {"run": N_("a run"), "triplet": N_("a triplet")}


FAMILY_NAMES = {"honors": N_("honors")}
"""The tile families that are not a suit (a suit is named by :func:`trainer.ui.suit_names.suit_name_glossed`)."""
SUIT_TILE = {"m": N_("{n} of {man}"), "p": N_("{n} of {pin}"), "s": N_("{n} of {sou}")}
"""A number tile in words («5 пин», "5 of dots"): the suit's glossary name fills the placeholder
(:func:`suit_tile`)."""
HONOR_TERMS = ("ton", "nan", "shaa", "pei", "haku", "hatsu", "chun")


def tile_label(name: str) -> str:
    """A tile's name in words ("5 of dots"; honors as glossary terms), as rich markup."""
    rank, suit = name[0], name[1]
    if suit == "z":
        return "{term:" + HONOR_TERMS[int(rank) - 1] + "}"
    n = "5" if rank == "0" else rank
    return suit_tile(suit, n)


def _tile_card(name: str) -> Term | None:
    """The glossary card of the tile ``name`` (MPSZ, a red five as its five), None when it has none."""
    from trainer.glossary import load_glossary

    kind = ("5" if name[0] == "0" else name[0]) + name[1:]
    try:
        return next((t for t in load_glossary() if t.category == "tile" and t.tiles == kind), None)
    except (OSError, ValueError):
        return None


def tile_term(name: str) -> str:
    """A tile's name as a link to its own glossary card, which shows its Japanese name on first
    use («1 со (一索, ī sō)», "1 of characters (一萬, ī man)"); a tile without a card in words."""
    term = _tile_card(name)
    if term is None:
        return tile_label(name)
    return term_word(term.id, term.word(current_language(), inline=False))


def tile_reading(name: str) -> str:
    """The Japanese reading of a number tile from its glossary card ("ī man"), "" when none."""
    term = _tile_card(name)
    return term.romaji if term is not None else ""


def suit_tile(suit: str, n: str) -> str:
    """Number(s) ``n`` of a suit (m/p/s) in words: «5 пин», «6 и 7 ман»; "5 of dots"."""
    return _(SUIT_TILE[suit]).format(n=n, **suit_names())


def tile_words(app: Any, tiles: Iterable[Any], *, plain: bool = False, inline: bool = False) -> str:
    """Tiles in plain words ("4 of dots, East"), for lines drawn without tile pictures: honors by
    their glossary names as the learner chose to see terms, or with ``plain`` by the name alone
    ("Red dragon", where a short label is wanted); with ``inline`` (words inside a sentence) an
    honor's name starts with a small letter ("discard red dragon (中, chun)")."""
    out = []
    for t in tiles:
        label = tile_label(str(t))
        if label.startswith("{term:"):
            term = label[6:-1]
            try:
                name = app.glossary().term(term).name(app.settings.language)
                label = name if plain else app.term_text(term, plain=False)  # «чун — красный дракон (中, chun)»
            except (KeyError, LookupError):
                name, label = "", app.term_text(term)
            head = name.split(" ")[0]
            if inline and head:  # the name's first word, wherever the display mode puts it
                label = label.replace(head, head[0].lower() + head[1:], 1)
        out.append(label)
    return ", ".join(out)


def group_words(app: Any, text: str) -> str:
    """The tiles of a group written in MPSZ ("666s", "7m", "777z") as short words, each kind once
    ("6 of bamboo", "Red dragon")."""
    from trainer.engine.notation import parse_tiles

    return tile_words(app, dict.fromkeys(parse_tiles(text, max_copies=None)), plain=True)


def family_name(family: str) -> str:
    """A tile family in words: a suit by its glossary name with its gloss («со (палочки)»,
    "bamboo (sou)"), the honors in words."""
    if family in ("man", "pin", "sou"):
        return suit_name_glossed(family)
    return _(FAMILY_NAMES[family]) if family in FAMILY_NAMES else family


def fu_name(fu_id: str) -> str:
    """The learner-facing name of a fu item id (translated; the names live in :mod:`trainer.names`)."""
    return _shared_fu_name(fu_id)


def _tiles(text: str) -> str:
    return f"{{tiles:{text}}}" if text else "—"


def _terms(ids: Iterable[str]) -> str:
    return ", ".join(f"{{term:{i}}}" for i in ids)


def explain_item(item: dict[str, Any]) -> str | None:
    """One explanation item as one line of rich markup (None for kinds shown elsewhere)."""
    from trainer.ui.question_texts import more_explain_item

    more = more_explain_item(item)
    if more is not None:
        return more
    k = item.get("kind")
    if k == "wait":
        left = item.get("left")
        text = _tiles(item["tile"])
        if item.get("shapes"):
            text += " — " + _terms(item["shapes"])
        if left is not None:
            text += ", " + ngettext("{n} tile left", "{n} tiles left", left).format(n=left)
        return text
    if k == "named_wait":
        return _("The shape {tiles} is a {name}: it waits on {waits}.").format(
            tiles=_tiles(item.get("tiles", "")), name=f"{{term:{item['id']}}}", waits=_tiles(item.get("waits", "")))
    if k == "discard":
        if not item.get("best"):
            return None
        return _("Discard {tile}: {n} tiles improve the hand ({tiles}).").format(
            tile=_tiles(item["tile"]), n=item.get("total", 0), tiles=_tiles(item.get("ukeire", "")))
    if k == "dora":
        if "count" in item:
            text = ngettext("{n} dora", "{n} dora", item["count"]).format(n=item["count"])
            if item.get("nuki"):
                text += " " + ngettext("(of them {n} North set aside, {term})", "(of them {n} Norths set aside, {term})",
                                       item["nuki"]).format(n=item["nuki"], term=term_word(
                                           "nukidora", pgettext("inline term", "nuki dora")))
            return text
        if "indicator" in item:
            return _("Indicator {ind} → dora {dora}").format(ind=_tiles(item["indicator"]), dora=_tiles(item["dora"]))
        return _("Dora: {dora}; red fives: {red}").format(dora=_tiles(item.get("dora", "")), red=item.get("red", 0))
    if k == "set":
        return _("{tile} makes {what}").format(tile=_tiles(item["tile"]), what=_(SET_NAMES.get(item["set"], item["set"])))
    if k == "filter":
        return _("The tiles of this group: {tiles}").format(tiles=_tiles(item.get("tiles", "")))
    if k == "shanten":
        return _("Shanten: {n}").format(n=format_number(item["shanten"]))  # a real minus for −1
    if k == "shanten_form":
        return _("{form}: {term} {n}").format(form=form_name(item["form"], item.get("sets")), term="{term:shanten}",
                                              n=format_number(item["shanten"]))
    if k == "ukeire":
        return _tiles(item["tile"]) + " — " + ngettext("{n} tile left", "{n} tiles left", item["left"]).format(
            n=item["left"])
    if k == "yaku":
        han = item.get("han")
        suffix = (" — " + ngettext("{n} han", "{n} han", han).format(n=han)) if han else ""
        return f"{{term:{item['id']}}}" + suffix
    if k == "fu":
        return fu_line(item)
    if k == "fu_sum":
        raw = item.get("raw", item["fu"])
        if raw != item["fu"]:
            return _("Total: {raw} → {fu} fu (rounded up to the next 10)").format(raw=raw, fu=item["fu"])
        return _("Total: {fu} fu").format(fu=item["fu"])
    if k == "fu_readings":
        return _fu_readings_text(item)
    if k == "total":
        text = _("Total: {han} han, {fu} fu").format(han=item["han"], fu=item["fu"])
        if item.get("points"):
            text += " — " + total_points_sum(item)
        return text
    if k in ("tile_family", "tile_name"):
        # TRANSLATORS: the tile's family is a suit («со (палочки)», "bamboo (sou)") or the honors
        return _("{tile} is {name}; its family: {family}.").format(
            tile=_tiles(item["tile"]), name=tile_term(item["tile"]), family=family_name(item.get("family", "")))
    if k == "tile_number":
        return _("{tile} shows the number {n}.").format(tile=_tiles(item["tile"]), n=item["number"])
    if k == "fifth_copy":
        return _("{tile} cannot come: the hand already holds all four.").format(tile=_tiles(item["tile"]))
    if k == "points":
        who = _("dealer") if item.get("dealer") else _("non-dealer")
        how = _("tsumo") if item.get("tsumo") else _("ron")
        # TRANSLATORS: a payment question's hand: {han} and {fu} are counted words ("2 han", "40 fu"),
        # e.g. "2 han 40 fu, non-dealer, ron".
        text = _("{han} {fu}, {who}, {how}").format(han=han_text(item["han"]), fu=fu_text(item["fu"]), who=who,
                                                    how=how)
        if item.get("honba"):
            text += " · " + ngettext("{n} honba", "{n} honba", item["honba"]).format(n=item["honba"]) + " (" + \
                _honba_bonus(item) + ")"
        if item.get("total"):
            text += " — " + _("{n} points in all").format(n=format_points(item["total"]))
        return text
    if k == "manners_rule":
        try:
            from trainer.engine.exercises.manners import manners_text
            from trainer.i18n import current_language

            rule = manners_text("rule:" + item["code"], current_language())
        except Exception:
            rule = item["code"]
        return _("Rule {code} (rank {rank}): {text}").format(code=item["code"], rank=item.get("rank", ""), text=rule)
    if k == "reading":
        if item.get("groups"):  # a lesson's split step: each way the hand splits is a right answer
            return _("A right split: {r}").format(r=reading_markup(item))
        return _("Reading: {r}").format(r=reading_markup(item))
    if k == "kunto_blocks":  # a training-variant hand's reading: 1p 2p 3s is a run when suits are ignored
        from trainer.ui.kunto_words import reading_line

        return reading_line(item) or None
    if str(k).startswith("kids_"):
        return _kids_item(item)
    return None


def total_points_sum(item: dict[str, Any]) -> str:
    """A ``total`` item's points, with the honba and riichi sticks they include added up in the open
    ("7,700 + 2 honba × 200 = 8,100 points"), so the hand's own value stays the one the learner looks
    up in the table; each honba and stick at the value the rules paid (the item's ``honba_points`` and
    ``stick_points``, all of them together, from the engine's payment: 200 a honba at three players,
    300 at four).  Without them, the points alone ("7,700 points")."""
    points = ngettext("{n} point", "{n} points", item["points"]).format(n=format_points(item["points"]))
    honba, sticks = item.get("honba", 0), item.get("sticks", 0)
    if "value" not in item or not (honba or sticks):
        return points
    parts = [format_points(item["value"])]
    if honba:
        each = format_points(item["honba_points"] // honba)
        # TRANSLATORS: a part of a points sum, "7,700 + 2 honba × 200 = 8,100 points" (ru «2 хонбы × 200»)
        parts.append(ngettext("{n} honba × {each}", "{n} honba × {each}", honba).format(n=honba, each=each))
    if sticks:
        each = format_points(item["stick_points"] // sticks)
        parts.append(ngettext("{n} riichi stick × {each}", "{n} riichi sticks × {each}", sticks).format(
            n=sticks, each=each))
    return " + ".join(parts) + " = " + points


BOX_SLIP_WORDS = {
    "same_share": N_("You have every payer paying the same: in a non-dealer's tsumo the dealer pays twice as much "
                     "as each non-dealer."),
    # TRANSLATORS: {full} is the points of one honba (300), {n} each payer's part of it (100); {term} is «хонба»
    "honba_per_payer": N_("You took the whole {full} of each {term} from every payer: in a tsumo it is shared, "
                          "{n} from each."),
    "honba_split": N_("In a ron the discarder pays the whole {full} for each {term}, not {n}: nobody shares it."),
}
"""The payment slips of :data:`trainer.engine.explain.BOX_SLIPS` in words (the older ones are
``trainer.ui.views.mistakes.SLIPS``)."""


def box_slip_line(slip: str, honba_points: int, payers: int) -> str:
    """A payment slip of :data:`BOX_SLIP_WORDS` as a sentence ("" for another slip): ``honba_points``
    is one honba's value, ``payers`` how many share it in a tsumo."""
    if slip not in BOX_SLIP_WORDS:
        return ""
    return _(BOX_SLIP_WORDS[slip]).format(full=format_points(honba_points), term="{term:honba}",
                                          n=format_points(honba_points // max(1, payers)))


def discard_contrast(items: Iterable[dict[str, Any]], picked: Iterable[int], final: bool) -> str:
    """Why the best discard beats the learner's tile, from the engine's discard items (``held``
    copies in the hand, ``left`` still to come): a tile that can still pair against one that never
    can (the fourth copy beside a complete set: no fifth exists).  On the retry the learner's own
    tile is named and the answer is not; "" when the items say no such thing."""
    from trainer.engine.tiles import kind_name

    rows = [i for i in items if i.get("kind") == "discard" and "left" in i]
    best = next((i for i in rows if i.get("best")), None)
    names = {kind_name(k) for k in picked}
    mine = next((i for i in rows if i["tile"] in names and not i.get("best")), None)
    if best is None or mine is None or best["left"] or not mine["left"]:
        return ""
    # TRANSLATORS: {n} copies of the learner's tile can still be drawn (ru «…ещё может стать парой: придут ещё 3»)
    own = ngettext("{tile} can still become a pair: {n} more can come.",
                   "{tile} can still become a pair: {n} more can come.", mine["left"]).format(
        tile=_tiles(mine["tile"]), n=mine["left"])
    if not final:
        return own + " " + _("A tile with no copy left to come helps the hand less.")
    if best.get("held") == 4:
        why = _("All four {tile} are in your hand: three make a set, and no fifth can come to pair the fourth, "
                "so it helps the hand least.").format(tile=_tiles(best["tile"]))
    else:
        why = _("{tile} can never pair: every other copy is in your hand or already seen, so it helps the hand "
                "least.").format(tile=_tiles(best["tile"]))
    return why + " " + own


def manners_pick_line(value: str) -> str:
    """A manners option the learner picked, by the rule it is about: a breach names the rule it breaks,
    a right action the rule it follows (which option is the answer is not said); "" for another option."""
    from trainer.engine.exercises.manners import manners_text

    field, _sep, code = value.partition(":")
    if field not in ("right", "wrong"):
        return ""
    try:
        rule = manners_text("rule:" + code, current_language())
    except KeyError:
        return ""
    if field == "wrong":
        # TRANSLATORS: the manners option the learner picked; {rule} is the rule's text (ru «Это нарушает правило 3.4: …»)
        return _("That breaks rule {code}: {rule}").format(code=code, rule=rule)
    return _("That is what rule {code} asks for: {rule}").format(code=code, rule=rule)


FU_BY_RON = {
    # TRANSLATORS: a fu line: a concealed triplet whose third tile was another player's discard
    # (won by ron on a pair): it scores as an open one. {tiles} is a picture of the triplet.
    "minkou_simple": N_("Triplet of simples {tiles}: its third tile came from another player's discard (ron), "
                        "so it counts as open"),
    "minkou_yaochuu": N_("Triplet of terminals or honors {tiles}: its third tile came from another player's "
                         "discard (ron), so it counts as open"),
}
"""The fu line of a triplet the ron tile finished (the engine's ``by_ron``): why a closed hand's
triplet is scored as an open one."""


def fu_line(item: dict[str, Any]) -> str:
    """One fu item as a line of the working: its name with the tiles it counts (``tiles``: the
    triplet, the pair, the winning tile of the wait) and its fu; a triplet finished by ron says
    why it counts as open.  An item without tiles (the base, the win) is its name alone."""
    fid = str(item["id"])
    name = fu_name(fid)
    tiles = str(item.get("tiles") or "")
    if str(item["fu"]) in name:  # «Seven pairs: fixed 25 fu» says its figure already
        return name
    if tiles and item.get("by_ron") and fid in FU_BY_RON:
        text = _(FU_BY_RON[fid]).format(tiles=_tiles(tiles))
    elif tiles and fid.startswith("wait_"):
        # TRANSLATORS: a fu line: a wait and the tile it was won on ("Closed wait (kanchan) on 5p").
        text = _("{name} on {tiles}").format(name=name, tiles=_tiles(tiles))
    elif tiles:
        # TRANSLATORS: a fu line: a triplet, quad or pair and its tiles ("Closed triplet of simples 888m").
        text = _("{name} {tiles}").format(name=name, tiles=_tiles(tiles))
    else:
        text = name
    return text + " — " + ngettext("{n} fu", "{n} fu", item["fu"]).format(n=item["fu"])


def reading_markup(item: dict[str, Any] | str) -> str:
    """A split of a hand into sets and a pair drawn as tile groups, one picture per group with a
    space between them ("{tiles:234p} {tiles:777s} {tiles:55p}"), never as raw notation.  ``item``
    is the engine's ``reading`` item (its ``groups``, or its ``reading`` text) or that text alone."""
    if isinstance(item, dict) and item.get("groups"):
        return GROUP_GAP.join(_tiles(str(g.get("tiles", ""))) for g in item["groups"])
    text = str(item.get("reading", "") if isinstance(item, dict) else item).strip()
    if text.startswith("kokushi "):
        return _tiles(text.split(" ", 1)[1])
    return GROUP_GAP.join(_tiles(part) for part in text.split()) or "—"


FU_GAP = "   ·   "
"""Between two fu items on one line of the working (the base and the win, which name no tiles)."""

GROUP_GAP = " · "
"""Between two groups of tiles drawn in a line of text (a word space alone hardly shows)."""


# ---------------------------------------------------------------- the working for children (6-9)

KIDS_KINDS = ("wait", "fifth_copy", "discard", "set", "filter", "reading")
"""The engine's explanation kinds a children's lesson shows, in the lessons' own words
(:func:`for_child`); the others (shape names such as ryanmen, tiles left, shanten) are left out."""

# TRANSLATORS: the tiles of one family found in a children's lesson (ages 6-9, ru: «ты», the lessons'
# words: кружки, палочки, цифры-иероглифы, ветры, драконы, плитки без чисел); {tiles} are pictures.
KIDS_FOUND = {
    "pin": N_("Here are all the dots: {tiles}."),
    "sou": N_("Here are all the sticks: {tiles}."),
    "man": N_("Here are all the number characters: {tiles}."),
    "honors": N_("Here are all the tiles with no numbers: {tiles}."),
    "winds": N_("Here are all the winds: {tiles}."),
    "dragons": N_("Here are all the dragons: {tiles}."),
}


def for_child(items: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The engine's working as a children's lesson shows it: the winning tiles (one line), a tile
    that cannot come, the tile to give away, the team a tile makes, the tiles of a family and the
    teams and pair of a split hand, each as a ``kids_...`` item that :func:`explain_item` words in
    the children's lessons' words (team, ladder, triplets, pair; «ты»).  Everything else is left
    out, as the children's drills leave out the engine's working."""
    items = list(items)
    out: list[dict[str, Any]] = []
    waits = [str(i["tile"]) for i in items if i.get("kind") == "wait" and i.get("tile")]
    if waits:
        out.append({"kind": "kids_waits", "tiles": "".join(waits), "n": len(waits)})
    for i in items:
        k = i.get("kind")
        if k in KIDS_KINDS and k != "wait" and (k != "discard" or i.get("best")):
            out.append({**i, "kind": "kids_" + str(k)})
    return out


def _count_tiles(text: str) -> int:
    """How many tiles the MPSZ ``text`` draws (0 for none or text that is not tiles)."""
    from trainer.engine.notation import parse_tiles

    try:
        return len(parse_tiles(text, max_copies=None)) if text else 0
    except ValueError:
        return 0


def _kids_item(item: dict[str, Any]) -> str | None:
    """One ``kids_...`` item of :func:`for_child` in a children's lesson's words."""
    k = item["kind"]
    if k == "kids_waits":
        n = int(item.get("n", 1))
        # TRANSLATORS: children's lesson (ages 6-9, ru: «ты»); {tiles} are pictures of the tiles that win.
        return ngettext("{tiles} will win.", "Any of these tiles will win: {tiles}.", n).format(
            tiles=_tiles(item["tiles"]))
    if k == "kids_fifth_copy":
        # TRANSLATORS: children's lesson: no more copies of this tile can come (they are all in the hand).
        return _("{tile} cannot come: all of them are already in your hand.").format(tile=_tiles(item["tile"]))
    if k == "kids_discard":
        tile, better = _tiles(item["tile"]), str(item.get("ukeire", ""))
        n = _count_tiles(better)
        if not n:
            # TRANSLATORS: children's lesson: the tile to give away (ru «отдать», never «сбросить»).
            return _("Give away {tile}.").format(tile=tile)
        if item.get("shanten") == 0:
            # TRANSLATORS: children's lesson (ru: «ты», «отдать»): after giving {tile} away, any of {tiles} wins.
            return ngettext("Give away {tile}: then {tiles} will win.",
                            "Give away {tile}: then any of {tiles} will win.", n).format(
                tile=tile, tiles=_tiles(better))
        # TRANSLATORS: children's lesson (ru: «ты», «отдать»): after giving {tile} away, {tiles} help.
        return ngettext("Give away {tile}: then {tiles} will help you.",
                        "Give away {tile}: then the tiles {tiles} will help you.", n).format(
            tile=tile, tiles=_tiles(better))
    if k == "kids_set":
        if item.get("set") == "triplet":
            # TRANSLATORS: children's lesson: «тройняшки» (three tiles the same), not the adults' «тройка».
            return _("With {tile} you get triplets.").format(tile=_tiles(item["tile"]))
        # TRANSLATORS: children's lesson: «лесенка» (three in a row of one family), not «последовательность».
        return _("With {tile} you get a ladder.").format(tile=_tiles(item["tile"]))
    if k == "kids_filter":
        text = KIDS_FOUND.get(str(item.get("filter", "")))
        tiles = _tiles(item.get("tiles", ""))
        # TRANSLATORS: children's lesson: every tile that was to be found.
        return _(text).format(tiles=tiles) if text else _("Here are all the right tiles: {tiles}.").format(
            tiles=tiles)
    if k == "kids_reading":
        groups = item.get("groups") or []
        sets = [g for g in groups if g.get("set") != "pair"]
        pair = [g for g in groups if g.get("set") == "pair"]
        if not sets or len(pair) != 1:
            return reading_markup(item)
        # TRANSLATORS: children's lesson: a hand split into teams («команды») and one pair; {sets} and
        # {pair} are pictures of the tiles.
        return ngettext("Team: {sets}, pair: {pair}.", "Teams: {sets}, pair: {pair}.", len(sets)).format(
            sets=GROUP_GAP.join(_tiles(str(g["tiles"])) for g in sets), pair=_tiles(str(pair[0]["tiles"])))
    return None


def _honba_bonus(item: dict[str, Any]) -> str:
    """What the honba add to a payment question's total: on a ron the discarder pays it all; on a
    tsumo each payer adds its share, and the total counts every payer's ("+100 from each, +300 in
    all")."""
    each = item["honba"] * item.get("honba_each", 0)
    whole = item.get("honba_total", each)
    if item.get("tsumo") and whole != each:
        return _("{each} from each payer, {all} in all").format(
            each=format_points(each, signed=True), all=format_points(whole, signed=True))
    return format_points(whole, signed=True)


def _fu_words(pairs: Iterable[tuple[str, int]]) -> str:
    """Fu items named inside a sentence: each name in quotes, with its fu unless the name says them."""
    out = []
    for fid, fu in pairs:
        name = fu_name(fid)
        out.append(_("“{name}”").format(name=name) if str(fu) in name else
                   ngettext("“{name}” ({n} fu)", "“{name}” ({n} fu)", fu).format(name=name, n=fu))
    return ", ".join(out)


def _fu_readings_text(item: dict[str, Any]) -> str:
    """The other readings of a hand that score it the same (the engine's ``fu_readings``): a line
    saying they count too, then each one as what it puts in place of the items shown above."""
    from collections import Counter

    main = Counter((str(a), int(b)) for a, b in item.get("main", ()))
    others = item.get("others") or ()
    n = len(others)
    lines = [_("This hand can also be read another way, with the same {fu} fu, and that is right too:").format(
        fu=item["fu"]) if n == 1 else ngettext(
        "This hand can also be read {n} other way, with the same {fu} fu, and each is right too:",
        "This hand can also be read {n} other ways, with the same {fu} fu, and each is right too:", n).format(
        n=n, fu=item["fu"])]
    for other in others:
        alt = Counter((str(a), int(b)) for a, b in other)
        extra, missing = sorted((alt - main).elements()), sorted((main - alt).elements())
        if extra and missing:
            line = _("{alt} instead of {main}").format(alt=_fu_words(extra), main=_fu_words(missing))
        elif extra:
            line = _("with {alt} as well").format(alt=_fu_words(extra))
        elif missing:
            line = ngettext("without {main}", "without {main}", len(missing)).format(main=_fu_words(missing))
        else:
            continue
        lines.append("— " + line)
    return BR.join(lines)


def fu_only(items: Iterable[dict[str, Any]], total: int | None = None) -> list[dict[str, Any]]:
    """The working of a fu question: the fu items and the fu total (from the items' ``total`` or
    ``total``) with the sum it rounds up from, without the yaku, dora, han or points (with honba
    and sticks) it never asked about; then the hand's other readings that score it the same (the
    total's ``fu_readings``), when it has some.  A hand whose fu are one fixed figure (seven pairs:
    the engine's one ``chiitoitsu`` item, whose name says the figure) has no sum and starts with a
    ``fu_fixed`` item instead: no line of its own, it sends the drills' first hint to the hand's
    form rather than through the four-sets count."""
    items = list(items)
    out = [i for i in items if i.get("kind") == "fu"]
    whole = next((i for i in items if i.get("kind") == "total"), None)
    fu = whole["fu"] if whole is not None else total
    if [i["id"] for i in out] == ["chiitoitsu"]:
        return [{"kind": "fu_fixed", "fu": out[0]["fu"]}, *out]
    if fu is not None:
        out.append({"kind": "fu_sum", "fu": fu, "raw": sum(int(i["fu"]) for i in out) if out else fu})
    if whole is not None and whole.get("fu_readings"):
        out.append({"kind": "fu_readings", "fu": whole["fu"], "main": [(i["id"], i["fu"]) for i in out
                                                                        if i.get("kind") == "fu"],
                    "others": whole["fu_readings"]})
    return out


def explain(items: Iterable[dict[str, Any]], limit: int | None = None) -> str:
    """Rich markup for a list of explanation items, one per line, except that fu items naming no
    tiles (the base, the win) share one line: the items that name tiles, each on its own line,
    keep the working short.  Nothing is cut by default (the feedback panel scrolls); ``limit``
    keeps the first lines only where a short summary is wanted."""
    items = list(items)
    if limit is None and any(i.get("kind") == "mcr_fan" for i in items):
        from trainer.ui.mcr_texts import score_summary

        return score_summary(items)  # a scored MCR hand: its many fans in a few lines
    lines: list[str] = []
    loose = False  # the last line is fu items without tiles (the base, the win): the next such item joins it
    for i in items:
        line = explain_item(i)
        if not line:
            continue
        plain_fu = i.get("kind") == "fu" and not i.get("tiles")
        if plain_fu and loose:
            lines[-1] += FU_GAP + line
        else:
            lines.append(line)
        loose = plain_fu
    if limit is not None and len(lines) > limit:
        lines = lines[:limit]
    return BR.join(lines)
