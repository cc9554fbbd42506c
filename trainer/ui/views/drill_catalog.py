"""The drill catalog in the learner's words: each exercise generator's title and blurb, the
labels of its settings and their values, and the tile drawn on its card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trainer.i18n import N_, _, pgettext
from trainer.ui.question_texts import MORE_BLURBS, MORE_FIELD_LABELS, MORE_TITLES, MORE_VALUE_LABELS
from trainer.ui.suit_names import capitalized, suit_name_glossed

GENERATOR_NAMES = {
    "tile_name": (N_("Tile names"), N_("Read a tile: its family, its number, its name.")),
    "kunto_hand": (N_("Kunto hands"), N_("Small training hands: shanten and waits, step by step.")),
    "single_suit_waits": (N_("Single-suit waits"), N_("Find every wait of a one-suit tenpai hand.")),
    "mixed_waits": (N_("Waits of full hands"), N_("Every wait of a hand over several suits, with melds.")),
    "discard_ukeire": (N_("Best discard"), N_("Choose the discard that keeps the most useful tiles.")),
    "shanten": (N_("Shanten"), N_("How many tiles is the hand from tenpai?")),
    "fu_count": (N_("Counting fu"), N_("The fu of a won hand, as a total or item by item.")),
    "points_lookup": (N_("Points"), N_("What a win pays for han, fu, dealer, ron or tsumo.")),
    "yaku_identify": (N_("Yaku"), N_("Name every yaku of a won hand.")),
    "manners_situation": (N_("Table manners"), N_("The 55 rules of the table, by rank.")),
}

# The card's sentence when a parameter changes what a drill asks: (generator, param, value) -> text.
PARAM_BLURBS = {
    ("yaku_identify", "ask", "han"): N_("Count the han of a won hand."),
    ("yaku_identify", "ask", "both"): N_("Name every yaku of a won hand and count its han."),
    ("single_suit_waits", "ask", "count"): N_("Count the waits of a one-suit tenpai hand."),
    ("mixed_waits", "ask", "count"): N_("Count the waits of a hand over several suits."),
    ("fu_count", "answer", "fu_breakdown"): N_("The fu of a won hand, item by item."),
    ("wait_shape", "ask", "waits"): N_("Find every winning tile of a hand with a named wait shape."),
}
GROUP_WORDS: dict[str, Callable[[], str]] = {
    "simple": lambda: pgettext("several tiles of a group", "simples"),
    "terminal": lambda: pgettext("several tiles of a group", "terminals"),
    "honor": lambda: pgettext("several tiles of a group", "honors"),
    "yaochuu": lambda: pgettext("several tiles of a group", "terminals and honors"),
    "value": lambda: pgettext("several tiles of a group", "value tiles"),
}
"""The ``tile_group`` drill's groups (its ``groups`` parameter) as its card names them."""
# TRANSLATORS: a tile-group drill's card. {groups} is a list of tile groups ("simples, terminals and
# honors"); in Russian the groups are adjectives («простые, крайние и благородные»), so add «плитки».
GROUPS_BLURB = N_("Tell {groups} apart.")
# TRANSLATORS: a tile-group drill's card for one group ("value tiles"; in Russian an adjective, «ценные»).
ONE_GROUP_BLURB = N_("Find the {groups}.")

FIELD_LABELS = {
    "n": N_("Exercises"), "preset": N_("Rules"), "kids": N_("Children's mode"), "ask": N_("Question"),
    "direction": N_("Direction"), "pool": N_("Tiles or yaku used"), "options": N_("Options shown"),
    "lookalikes": N_("Look-alike distractors"), "size": N_("Hand size"), "min_waits": N_("Fewest waits"),
    "max_waits": N_("Most waits"), "suit": N_("Suit"), "melds": N_("Open melds"), "honors": N_("Honor tiles"),
    "min_shanten": N_("Lowest shanten"), "max_shanten": N_("Highest shanten"), "forms": N_("Hand forms"),
    "special_bias": N_("Seven pairs and kokushi share"), "visible": N_("Show discards seen"),
    "hand_pool": N_("Kind of hands"), "open_ratio": N_("Open hands"), "tsumo_ratio": N_("Wins by tsumo"),
    "kans": N_("Quads"), "seven_pairs": N_("Seven pairs"), "answer": N_("Answer as"), "han_min": N_("Least han"),
    "han_max": N_("Most han"), "fu": N_("Fu values"), "roles": N_("Winner"), "wins": N_("Win by"),
    "honba": N_("Most honba"), "situational": N_("Situational yaku"), "ranks": N_("Rule ranks"),
    "format": N_("Question kinds"), "suits_ignored": N_("Suits ignored"), "dragons": N_("Dragons"),
    "jokers": N_("Jokers"), "waits": N_("Number of waits"), "winds": N_("Winds in the hands"),
}
DRILL_FIELD_LABELS = {
    ("tile_name", "pool"): N_("Tiles asked about"),
    ("yaku_identify", "pool"): N_("Yaku in the hands"),
}
"""A setting's label in one drill when the shared one (``FIELD_LABELS``) would be vague there:
(generator, key) -> label (``pool`` is the tiles of one drill, the yaku of another)."""
VALUE_LABELS = {
    "family": N_("Family"), "number": N_("Number"), "name": N_("Name"), "to_name": N_("Tile → name"),
    "to_tile": N_("Name → tile"), "all": N_("All"), "numbers": N_("Numbers"), "honors": N_("Honors"),
    "any": N_("Any"), "pick": N_("Pick the tiles"), "count": N_("Count them"),
    "standard": N_("Four sets and a pair"), "random": N_("Random"), "isolated_tile": N_("With a loose tile"),
    "fu_breakdown": N_("Item by item"), "dealer": N_("Dealer"), "non_dealer": N_("Non-dealer"),
    "mixed": N_("Mixed"), "ron": N_("Ron"), "tsumo": N_("Tsumo"), "common12": N_("12 common"),
    "han1": N_("1 han"), "han2": N_("2 han"), "han3_6": N_("3-6 han"), "all_regular": N_("All regular"),
    "yaku": N_("Yaku"), "han": N_("Han"), "both": N_("Both"), "right_action": N_("Right action"),
    "spot_mistake": N_("Spot the mistake"), "rank": N_("Rank"), "normal": N_("Normal"), "ten": N_("As tens"),
    "joker": N_("As jokers"), "none": N_("Left out"), "shanten": N_("Shanten"), "waits": N_("Waits"),
    "discard": N_("Discard"), "value": N_("Base value"), "raise": N_("Exchange that adds han"),
}
DRILL_GROUPS = {"riichi": N_("Riichi"), "mcr": N_("Chinese Official rules (MCR)")}
"""The drill menu's groups by rule set; a generator's group is :func:`drill_group`."""


def drill_group(name: str) -> str:
    """The drill-menu group of a generator: ``mcr`` for the Chinese Official drills, else ``riichi``."""
    from trainer.ui.mcr_texts import MCR_GENERATORS

    return "mcr" if name in MCR_GENERATORS else "riichi"


HIDDEN_FIELDS = {"tiles", "time_target", "groups", "rules"}
GENERATOR_TILES = {
    "tile_name": "9m", "kunto_hand": "2p", "single_suit_waits": "3s", "mixed_waits": "4m", "shanten": "5s",
    "discard_ukeire": "6p", "fu_count": "7s", "points_lookup": "8m", "yaku_identify": "7z",
    "manners_situation": "1z", "dora_from_indicator": "0m", "mcr_fans": "7z", "mcr_minimum": "8s",
    "mcr_excluded": "1s", "mcr_waits": "9m", "tile_group": "9p", "make_set": "3s",
    "complete_hand": "1p", "wait_shape": "2s", "furiten_situation": "4z", "safe_tile": "6z",
}

# Children's drills (params kids: true; curriculum §1.4): a friendly title, short prompts in the
# child's words (no kanji or romaji), praise, gentle retries and no pass mark.
KIDS_TITLES = {
    "tile_name": N_("Guess the tile!"), "single_suit_waits": N_("Which tile fits?"),
    "kunto_hand": N_("Which tile fits?"), "mixed_waits": N_("Which tile fits?"),
}
KIDS_TITLE_OTHER = N_("Let's play!")
# The newer generators keep their words in trainer.ui.question_texts; one set of tables here.
GENERATOR_NAMES.update({name: (title, MORE_BLURBS.get(name, "")) for name, title in MORE_TITLES.items()})
FIELD_LABELS.update(MORE_FIELD_LABELS)
VALUE_LABELS.update(MORE_VALUE_LABELS)


def generators() -> dict[str, Any]:
    """The registry of exercise generators (empty when the engine has none)."""
    try:
        from trainer.engine.exercises import GENERATORS
    except ImportError:
        return {}
    return GENERATORS


def generator_title(name: str, kids: bool = False) -> str:
    """A generator's name for the learner (``kids``: the friendly title of a children's drill)."""
    if kids:
        return _(KIDS_TITLES.get(name, KIDS_TITLE_OTHER))
    return _(GENERATOR_NAMES[name][0]) if name in GENERATOR_NAMES else name.replace("_", " ").capitalize()


def generator_blurb(name: str, gen: Any, params: dict[str, Any] | None = None) -> str:
    """One sentence about a generator; with ``params`` (a lesson's drill step), the sentence for
    what those parameters make it ask (``yaku_identify`` with ``ask: han`` asks for the han;
    ``tile_group`` names only the groups it asks about, :func:`tile_group_blurb`)."""
    for (gname, key, value), text in PARAM_BLURBS.items():
        if gname == name and (params or {}).get(key) == value:
            return _(text)
    if name == "tile_group" and gen is not None:
        return tile_group_blurb((params or {}).get("groups") or gen.params_model.model_fields["groups"].default)
    return _(GENERATOR_NAMES[name][1]) if name in GENERATOR_NAMES else (gen.doc or "")


def tile_group_blurb(groups: list[str]) -> str:
    """The ``tile_group`` card's sentence naming only the groups asked ("Tell simples, terminals
    and honors apart."; one group: "Find the value tiles.")."""
    words = [GROUP_WORDS[g]() for g in groups if g in GROUP_WORDS]
    if not words:
        return _(GENERATOR_NAMES["tile_group"][1])
    listed = words[0] if len(words) == 1 else _("{a} and {b}").format(a=", ".join(words[:-1]), b=words[-1])
    return _(ONE_GROUP_BLURB if len(words) == 1 else GROUPS_BLURB).format(groups=listed)


def field_label(key: str, generator: str = "") -> str:
    """The label of a drill setting in the current language ("Wrap-arounds (9→1, North→East)"),
    in ``generator``'s own words when it has them (:data:`DRILL_FIELD_LABELS`)."""
    if (generator, key) in DRILL_FIELD_LABELS:
        return _(DRILL_FIELD_LABELS[generator, key])
    return _(FIELD_LABELS[key]) if key in FIELD_LABELS else key.replace("_", " ").capitalize()


SUIT_VALUES = ("man", "pin", "sou", "m", "p", "s")
"""Setting values that are a suit: named by the glossary with the gloss a beginner needs to choose
one (Ман (иероглифы), Пин (кружки), Со (палочки); Characters (man), Dots (pin), Bamboo (sou))."""

PLURAL_FIELDS = ("kinds", "forms")
"""Settings whose label names several things («Виды», «Формы руки»): their "any" agrees with it."""


def value_label(v: Any, key: str = "") -> str:
    """An enum value for the learner (a suit by its glossary name and gloss); ``key``, the
    setting it belongs to, where the word must agree with its label ("any" of the suit, of the
    kinds of sets)."""
    if isinstance(v, str) and v in SUIT_VALUES:
        return capitalized(suit_name_glossed(v))
    if v == "any" and key in PLURAL_FIELDS:
        # TRANSLATORS: a setting's value after a plural label («Виды: … / Любые»), any of the kinds.
        return pgettext("several kinds", "Any")
    if isinstance(v, str) and v in VALUE_LABELS:
        return _(VALUE_LABELS[v])
    return str(v)

