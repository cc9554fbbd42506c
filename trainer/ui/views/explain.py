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

from trainer.i18n import N_, _, current_language, format_points, ngettext, pgettext
from trainer.names import FU_NAMES
from trainer.names import fu_name as _shared_fu_name
from trainer.ui.richtext import BR, term_word
from trainer.ui.suit_names import suit_name_glossed, suit_names

if TYPE_CHECKING:
    from trainer.glossary import Term

__all__ = ["FORM_NAMES", "FORM_TERMS", "FU_NAMES", "explain", "explain_item", "family_name", "form_name", "fu_name",
           "fu_only", "tile_label", "tile_reading", "tile_term"]

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
    """A tile family in words: a suit by its glossary name with its gloss («со (бамбук)»,
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
        return _("Shanten: {n}").format(n=item["shanten"])
    if k == "shanten_form":
        return _("{form}: {term} {n}").format(form=form_name(item["form"], item.get("sets")), term="{term:shanten}",
                                              n=item["shanten"])
    if k == "ukeire":
        return _tiles(item["tile"]) + " — " + ngettext("{n} tile left", "{n} tiles left", item["left"]).format(
            n=item["left"])
    if k == "yaku":
        han = item.get("han")
        suffix = (" — " + ngettext("{n} han", "{n} han", han).format(n=han)) if han else ""
        return f"{{term:{item['id']}}}" + suffix
    if k == "fu":
        return fu_name(item["id"]) + " — " + ngettext("{n} fu", "{n} fu", item["fu"]).format(n=item["fu"])
    if k == "fu_sum":
        return _("Total: {fu} fu").format(fu=item["fu"])
    if k == "total":
        text = _("Total: {han} han, {fu} fu").format(han=item["han"], fu=item["fu"])
        if item.get("points"):
            text += " — " + ngettext("{n} point", "{n} points", item["points"]).format(n=format_points(item["points"]))
        return text
    if k in ("tile_family", "tile_name"):
        return _("{tile} is {name}, one of the {family}.").format(
            tile=_tiles(item["tile"]), name=tile_term(item["tile"]), family=family_name(item.get("family", "")))
    if k == "tile_number":
        return _("{tile} shows the number {n}.").format(tile=_tiles(item["tile"]), n=item["number"])
    if k == "fifth_copy":
        return _("{tile} cannot come: the hand already holds all four.").format(tile=_tiles(item["tile"]))
    if k == "points":
        who = _("dealer") if item.get("dealer") else _("non-dealer")
        how = _("tsumo") if item.get("tsumo") else _("ron")
        text = _("{han} han {fu} fu, {who}, {how}").format(han=item["han"], fu=item["fu"], who=who, how=how)
        if item.get("honba"):
            text += " · " + ngettext("{n} honba", "{n} honba", item["honba"]).format(n=item["honba"]) + " (" + format_points(
                item["honba"] * item.get("honba_each", 0), signed=True) + ")"
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
        return _("Reading: {r}").format(r=item["reading"])
    return None


def fu_only(items: Iterable[dict[str, Any]], total: int | None = None) -> list[dict[str, Any]]:
    """The working of a fu question: the fu items and the fu total (from the items' ``total`` or
    ``total``), without the yaku, dora, han or points (with honba and sticks) it never asked about."""
    items = list(items)
    out = [i for i in items if i.get("kind") == "fu"]
    whole = next((i for i in items if i.get("kind") == "total"), None)
    fu = whole["fu"] if whole is not None else total
    if fu is not None:
        out.append({"kind": "fu_sum", "fu": fu})
    return out


def explain(items: Iterable[dict[str, Any]], limit: int | None = None) -> str:
    """Rich markup for a list of explanation items, one per line.  Nothing is cut by default (the
    feedback panel scrolls); ``limit`` keeps the first lines only where a short summary is wanted."""
    items = list(items)
    if limit is None and any(i.get("kind") == "mcr_fan" for i in items):
        from trainer.ui.mcr_texts import score_summary

        return score_summary(items)  # a scored MCR hand: its many fans in a few lines
    lines = [line for line in (explain_item(i) for i in items) if line]
    if limit is not None and len(lines) > limit:
        lines = lines[:limit]
    return BR.join(lines)
