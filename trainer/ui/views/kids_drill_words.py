"""The children's drills in a child's words: the hint ladder and the answer shown, by what the
question asks and by the tile's family, in the words of the children's lessons (``lessons/kids/``:
coins for dots, the bird that is one stick, the number written on top of a character with the red
sign below, «крышечка и табуретка» for five, the winds in their order, the white dragon's frame).

Everything a child reads here is a table: :data:`TILE_HINTS` (two rungs for each kind of tile
question and family), :data:`TILE_REVEALS` (the answer with one reason), :data:`MAN_PICTURES`,
:data:`FOUND` and :data:`NAMED` (a wind or dragon found or named), :data:`KIDS_HINTS` and
:data:`KIDS_SECOND_HINTS` (the other questions), :data:`WAIT_SHAPE_HINTS`, :data:`SET_HINTS` and
:data:`SET_WORDS` (what a winning tile makes: a pair, a ladder, triplets).

Each line of a ladder says something the lines before it did not: the answer never repeats a hint
(its sentence or its fact), it names the answer with a reason the hints left for it (the tile's name,
how the Chinese and Japanese write a number, the only tile with a bird, a wind's place in the row)."""

from __future__ import annotations

from typing import Any

from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import kind_from_name, kind_name
from trainer.i18n import N_, _, ngettext
from trainer.ui.richtext import BR
from trainer.ui.views.exercise_labels import kids_tile_name, one_tile_hand
from trainer.ui.views.explain import GROUP_GAP, explain, for_child

ASKS = {"tile_family": "family", "tile_number": "number", "tile_name": "name", "tile_for_name": "find"}
"""What a tile question asks, by the exercise's question: its family, its number, its name (the tile
shown), or the tile for a name (the tiles are the options)."""

WINDS = "{tiles:1234z}"
"""The four winds in their order, as the winds lesson shows them (``{winds}`` in the texts)."""

# TRANSLATORS: the signs on top of the number characters 1-9 as the children's lesson names them
# (kids_character_numbers: «одна чёрточка», «окошко с занавесками», «крышечка и табуретка» ...); they
# follow "On top you see" (ru «Сверху …»: the nominative after the word).
MAN_PICTURES = {
    1: N_("one line"), 2: N_("two lines"), 3: N_("three lines"), 4: N_("a window with curtains"),
    5: N_("a little lid on a stool"), 6: N_("a little man in a hat"), 7: N_("a cross with a tail"),
    8: N_("two legs, like a little hill"), 9: N_("a leg and a big hook"),
}
"""The sign on top of each number character, by its number, in the children's lesson's words."""

# TRANSLATORS: counting aloud for a child, one word per number, separated by ", " (ru «раз, два, три, …»).
COUNTING = N_("one, two, three, four, five, six, seven, eight, nine")
"""The counting words; the first ``n`` of them count the dots or sticks of a tile."""

# TRANSLATORS: for a child, the first hint on "which family": the pictures that tell the families apart
# (coins: dots; the red sign at the bottom: number characters; the bird belongs to the sticks).
_FAMILY_FIRST = N_("Is there something to count on the tile? Round coins mean the dots family, and a red sign "
                   "at the bottom means number characters. And the bird belongs to the sticks!")
_NO_NUMBER = N_("There is no number on this tile: nothing to count. Which family is that?")
_MAN_FIRST = N_("On a number character the number is written on top. The red sign at the bottom is the "
                "same on all of them.")
_MAN_SECOND = N_("On top you see {picture}. Which number is that?")
_DOTS_FIRST = N_("Count the dots on the tile with your finger: one, two, three…")
_DOTS_SECOND = N_("Touch each dot once and say the numbers out loud. The last number you say is the answer.")
_STICKS_FIRST = N_("Count the sticks on the tile with your finger. And remember: the bird is one stick!")
_STICKS_SECOND = N_("Touch each stick once and say the numbers out loud. The last number you say is the "
                    "answer.")
_BIRD_SECOND = N_("Do you see the bird? The bird is one stick!")
# TRANSLATORS: for a child, the second hint on the number of the 1 of sticks (the first one said
# «птичка — это одна палочка»): the bird is all there is on the tile.
_BIRD_ALONE = N_("Do you see the bird? There are no other sticks on this tile.")
# TRANSLATORS: for a child, the first hint on "what is this tile called": dots and sticks are counted, a
# number character's number is read from the sign on top (never counted: 五萬 shows two signs).
_NAME_FIRST = N_("Which family is it, and which number? Count the coins or the sticks. A number character "
                 "is not counted: its number is written on top.")
_NUMBER_HINTS = {"man": (_MAN_FIRST, _MAN_SECOND), "pin": (_DOTS_FIRST, _DOTS_SECOND),
                 "sou": (_STICKS_FIRST, _STICKS_SECOND), "bird": (_STICKS_FIRST, _BIRD_ALONE)}

TILE_HINTS: dict[str, dict[str, tuple[str, ...]]] = {
    # which family: never the family itself first; the second rung names what is on the tile
    "family": {
        "pin": (_FAMILY_FIRST, N_("This tile has round coins on it. Which family has coins?")),
        "sou": (_FAMILY_FIRST, N_("This tile has little sticks on it. Which family is that?")),
        # TRANSLATORS: for a child; the first hint said which family the bird belongs to
        "bird": (_FAMILY_FIRST, N_("This tile has a bird on it. Remember: which family is the bird in?")),
        "man": (_FAMILY_FIRST, N_("Look at the bottom of the tile: there is a red sign. Which family has it?")),
        "wind": (_FAMILY_FIRST, _NO_NUMBER),
        "dragon": (_FAMILY_FIRST, _NO_NUMBER),
    },
    "number": _NUMBER_HINTS,
    # what is it called: the family and the count (the options differ in either), then how to read this one
    "name": {
        # TRANSLATORS: for a child; {picture} is the sign on top of the character (nominative, as after «Сверху …»)
        "man": (_NAME_FIRST, N_("A red sign at the bottom: it's a number character. On top you see {picture}: "
                                "which number is that?")),
        "pin": (_NAME_FIRST, _DOTS_FIRST),
        "sou": (_NAME_FIRST, _STICKS_FIRST),
        "bird": (_NAME_FIRST, _BIRD_SECOND),
        "wind": (N_("It's a wind. There are four winds, and they always go in this order: East, South, West, "
                    "North."),
                 N_("Here are the winds in order: {winds}. Which one is on your tile?")),
        "dragon": (N_("It's a dragon. There are three dragons: white, green and red."),
                   N_("Look at its color. And the white dragon is the tile with just a frame.")),
    },
    "find": {
        "man": (N_("A number character has its number on top and a red sign at the bottom."),
                N_("Look for this sign on top: {picture}.")),
        "pin": (N_("Look for the dots, like little coins, and count them."),
                N_("You need {n}: touch each dot and count out loud.")),
        "sou": (N_("Look for the sticks and count them. The bird is one stick!"),
                N_("You need {n}: touch each stick and count out loud.")),
        "bird": (N_("Look for the sticks and count them. The bird is one stick!"), N_("Look for the bird!")),
        # the second rung points at what decides, the answer's reason stays for the answer (FOUND)
        "wind": (N_("There are four winds, and they always go in this order: East, South, West, North."),
                 # TRANSLATORS: for a child; {winds} is a picture of the four winds in order, {name} a wind's name
                 N_("Here are the winds in order: {winds}. Which place in the row is {name}?")),
        "dragon": (N_("There are three dragons: white, green and red."),
                   N_("Look at the color of each tile: which one fits the dragon's name?")),
    },
}
"""The two rungs of a child's hint on a tile question, by what it asks (:data:`ASKS`) and the tile's
family (:func:`family_key`): the first says where to look, the second more about this tile (its sign,
how to count, the winds in order); ``{picture}``, ``{n}``, ``{name}`` and ``{winds}`` as in
:func:`_tile_values`."""

_COUNT_NAME = N_("It's {name}: {counting}!")
# TRANSLATORS: a child's answer shown under «Смотри!»: {tile} is the tile's picture, {name} its name
# («{tile} — это 3 кружка»), {counting} the counting words up to its number («раз, два, три»).
_COUNT_FIND = N_("{tile} is {name}: let's count — {counting}!")

FOUND = {
    # TRANSLATORS: a child's answer shown under «Смотри!»: {tile} is the tile's picture (ru «он»: ветер, дракон).
    "1z": N_("{tile} is East: it always comes first."),
    "2z": N_("{tile} is South: it comes second, right after East."),
    "3z": N_("{tile} is West: it comes third, right after South."),
    "4z": N_("{tile} is North: it comes fourth, last of all."),
    "5z": N_("{tile} is the white dragon: it has only a frame, but it is a real dragon."),
    "6z": N_("{tile} is the green dragon: it is drawn in green."),
    "7z": N_("{tile} is the red dragon: it is drawn in red."),
}
"""A wind or dragon found or named, told to a child: the tile, its name once and the reason its hints
left for the answer (the wind's place in the row, the dragon's colour)."""

NAMED = {
    # TRANSLATORS: a child's answer on "what is this tile called" for the white dragon, whose hint said
    # it is the tile with just a frame: it is a real tile (the winds-and-dragons lesson's point).
    "5z": N_("{tile} is the white dragon: it is not an empty spot, it is a real tile!"),
}
"""A wind or dragon named (the tile shown), where its hints already said the reason of :data:`FOUND`
(the white dragon's frame): a reason of its own."""

TILE_REVEALS: dict[str, dict[str, str]] = {
    "family": {
        # TRANSLATORS: a child's answer shown: the family, then what the hints did not say: the tile's
        # name ({name}: «3 кружка», «иероглиф 5»)
        "pin": N_("It's the dots family. This tile is {name}."),
        "sou": N_("It's the sticks family. This tile is {name}."),
        # TRANSLATORS: a child's answer shown: the 1 of sticks ({name}: «1 палочка») is the only tile with a bird
        "bird": N_("It's the sticks family. This tile is {name}: it is the only one with a bird."),
        # TRANSLATORS: a child's answer shown; the hints said the red sign at the bottom, this says the top
        "man": N_("It's the number characters family. This tile is {name}: its number is written on top."),
        "wind": N_("It's the winds and dragons family, and this tile is a wind."),
        "dragon": N_("It's the winds and dragons family, and this tile is a dragon."),
    },
    "number": {
        # TRANSLATORS: a child's answer shown after the hint named the sign on top: why that sign is {n}
        # (五 is how Chinese and Japanese write five)
        "man": N_("It's {n}: that's how people in China and Japan write {n}."),
        # TRANSLATORS: {counting} is the counting words up to the number («раз, два, три»)
        "pin": N_("It's {n}: let's count the dots — {counting}!"),
        "sou": N_("It's {n}: let's count the sticks — {counting}!"),
        # TRANSLATORS: a child's answer shown: the hints said the bird is one stick
        "bird": N_("It's 1: only the 1 of sticks has a bird."),
    },
    "name": {
        # TRANSLATORS: a child's answer shown: {name} is «иероглиф 5», {n} its number
        "man": N_("It's {name}: that's how people in China and Japan write {n}."),
        "pin": _COUNT_NAME, "sou": _COUNT_NAME,
        # TRANSLATORS: a child's answer shown: {name} is «1 палочка»
        "bird": N_("It's {name}: only this tile has a bird."),
        "wind": "{found}", "dragon": "{named}",
    },
    "find": {
        # TRANSLATORS: {tile} is the tile's picture, {name} its name («иероглиф 5»), {n} its number
        "man": N_("{tile} is {name}: that's how people in China and Japan write {n}."),
        "pin": _COUNT_FIND, "sou": _COUNT_FIND,
        # TRANSLATORS: a child's answer shown: {tile} is the 1 of sticks, {name} its name («1 палочка»).
        "bird": N_("{tile} is {name}: it is the only tile with a bird."),
        "wind": "{found}", "dragon": "{found}",
    },
}
"""A child's answer shown on a tile question: a short sentence naming the right answer once with
one reason its hints did not say, by what the question asks and the tile's family (``{found}``:
the tile's line of :data:`FOUND`; ``{named}``: of :data:`NAMED`, else of :data:`FOUND`)."""

_LONELY = N_("Look for a lonely tile: one with no pair and no neighbors.")
_SPLIT = N_("Try to split the hand into teams of three and one pair. Is any tile left over?")
# TRANSLATORS: for a child; "teams" are the children's track's word for sets (ru: «команды», not «тройки»)
_WAIT_FIRST = N_("Try every tile: with which one do all the tiles make teams and one pair?")
KIDS_HINTS = {
    "wait": _WAIT_FIRST,
    "named_wait": _WAIT_FIRST,
    "twin": N_("Find a tile just the same: two tiles just the same make a pair."),
    "discard": _LONELY,
    "throwback": _LONELY,
    "reading": _SPLIT,
    "not_complete": _SPLIT,
    "set": N_("Put each tile beside the two: do you get a ladder or triplets?"),
}
"""The first rung of a child's hint on the other questions, by the kind of the exercise's first
explanation item that has one (``twin``: a one-tile hand, whose only winning tile is its twin); the
second is :data:`KIDS_SECOND_HINTS`, :data:`WAIT_SHAPE_HINTS` or :data:`SET_HINTS`."""

# TRANSLATORS: for a child, the second hint on a tile that needs a give-away (the first: «одинокая
# плитка — без пары и без соседей»); a neighbor is a tile of the same family a step or two away
_LONELY_CHECK = N_("Check each tile: does it have a pair? A neighbor from its family?")
# TRANSLATORS: for a child, the second hint on "is it a win": where to start splitting the hand
_PAIR_FIRST = N_("Start with the pair: find two tiles just the same. Can the other tiles make teams of three?")
KIDS_SECOND_HINTS = {
    # TRANSLATORS: for a child, the second hint on finding a tile's twin (the children's lesson's words)
    "twin": N_("Look at the family and at the number: both must be the same."),
    "discard": _LONELY_CHECK,
    "reading": _PAIR_FIRST,
    "not_complete": _PAIR_FIRST,
}
"""The second rung of a child's hint on the other questions, by the kind of :data:`KIDS_HINTS`
(a waits question's second rung is :data:`WAIT_SHAPE_HINTS`, a set's :data:`SET_HINTS`; a kunto
throwback keeps one rung: a variant that ignores suits has no family to look at)."""

SET_HINTS = {
    # TRANSLATORS: for a child, the second hint on "which tile makes a team with these two", when they are the same
    "triplet": N_("These two tiles are just the same. Which tile is just like them?"),
    # TRANSLATORS: for a child: two tiles of one family in order or with a gap; a ladder's step is missing
    "run": N_("These two tiles are from one family and almost in a row. Which step of the ladder is missing: "
              "below, above or in the middle?"),
}
"""The second rung on a set question (two tiles: which tile makes a team with them), by the set the
winning tiles make (one kind for two tiles: the same twice make only triplets)."""

WAIT_SHAPE_HINTS = {
    "run": N_("Look at the tiles that almost stand in a row: which step of the ladder is missing?"),
    "tanki": N_("Is there a tile without a pair? Find it a twin!"),
    "shanpon": N_("Are there two pairs? With a third tile just the same you get triplets."),
}
"""The second rung on a waits question, by the shapes the engine reads the hand waiting in (the
sentence of each kind once, in this order)."""

SHAPE_SETS = {"ryanmen": "run", "kanchan": "run", "penchan": "run", "tanki": "pair", "shanpon": "triplet"}
"""The set a winning tile makes, by the engine's wait shape."""

# TRANSLATORS: why a tile is a one-tile hand's twin, for a child: {name} is its name («иероглиф 3»,
# «Восток»); the hints said that two tiles just the same make a pair.
TWIN_WORDS = N_("It is {name} too.")

SET_WORDS = {
    # TRANSLATORS: why a tile wins, for a child: {a} is the tile's number (ru «3 и 3 — пара»)
    "pair": N_("{a} and {a} make a pair."),
    # TRANSLATORS: why a tile wins, for a child: three numbers in a row make a ladder (ru «лесенка»)
    "run": N_("{a}, {b} and {c} make a ladder."),
    # TRANSLATORS: why a tile wins, for a child: three the same make triplets (ru «тройняшки»)
    "triplet": N_("{a}, {a} and {a} make triplets."),
}
"""What a winning tile makes with the tiles of the hand, in the children's words."""

FALLBACK_HINT = N_("Look at the tiles one by one. You can do it!")

NAMED_BY_ITEMS = ("wait_shape",)
"""Questions whose explanation items would name the answer in a child's hint (the shape's name):
they get :data:`FALLBACK_HINT`."""


def family_key(name: str) -> str:
    """The family a tile's hints and answers go by: man, pin, sou, bird (the one stick), wind, dragon."""
    rank, suit = name[0], name[1]
    if suit == "z":
        return "wind" if rank in "1234" else "dragon"
    if name == "1s":
        return "bird"
    return {"m": "man", "p": "pin", "s": "sou"}[suit]


def _tile_values(name: str) -> dict[str, Any]:
    """What the tile texts may name: the tile's number, its picture (and how it is read) or counting
    words, the tile drawn, its children's name, the winds in order and how a child knows an honor."""
    n = 5 if name[0] == "0" else int(name[0])
    values: dict[str, Any] = {"n": n, "tile": "{tiles:" + name + "}", "name": kids_tile_name(name),
                              "winds": WINDS}
    if name[1] == "m":
        values["picture"] = _(MAN_PICTURES[n])
    if name[1] in "ps":
        values["counting"] = ", ".join(_(COUNTING).split(", ")[:n])
    if name in FOUND:
        values["found"] = _(FOUND[name]).format(tile=values["tile"])
        values["named"] = _(NAMED.get(name, FOUND[name])).format(tile=values["tile"])
    return values


def _tile_of(ex: Any) -> str | None:
    """The tile a tile question is about (the tile shown, or the one to find)."""
    item = next((i for i in ex.explanation if i.get("tile")), None)
    return str(item["tile"]) if item else None


def asked_tile(ex: Any) -> str | None:
    """The tile a tile question (:data:`ASKS`) is about, None for the other questions."""
    return _tile_of(ex) if ex.prompt.question in ASKS else None


def hint_rungs(ex: Any) -> list[str]:
    """The rungs of a child's hint ladder before the answer: for a tile question two (how to read
    this tile's family, then more: its sign, how to count, the winds in order), for a waits
    question where to look and then the hand's own shapes, for a set the two tiles' kind, for a
    twin, a lonely tile and a win where to look and then how to check; else one nudge."""
    q = ex.prompt.question
    tile = _tile_of(ex)
    if q in ASKS and tile:
        rungs = TILE_HINTS[ASKS[q]].get(family_key(tile), ())
        values = _tile_values(tile)
        return [_(r).format(**values) for r in rungs] or [_(FALLBACK_HINT)]
    items = () if q in NAMED_BY_ITEMS else ex.explanation
    kind = next((str(i["kind"]) for i in items if i.get("kind") in KIDS_HINTS), "")
    if kind == "wait" and one_tile_hand(ex.prompt.hand):
        kind = "twin"
    first = _(KIDS_HINTS[kind]) if kind else _(FALLBACK_HINT)
    second = _second_rung(kind, ex.explanation)
    return [first, second] if second else [first]


def _second_rung(kind: str, items: Any) -> str:
    """The second rung on a question other than a tile's: the hand's own wait shapes, the set the two
    tiles make, or the kind's line of :data:`KIDS_SECOND_HINTS` ("" when there is none)."""
    if kind in ("wait", "named_wait"):
        return _wait_shape_hint(items)
    if kind == "set":
        made = next((str(i.get("set")) for i in items if i.get("kind") == "set"), "")
        return _(SET_HINTS[made]) if made in SET_HINTS else ""
    return _(KIDS_SECOND_HINTS[kind]) if kind in KIDS_SECOND_HINTS else ""


def _wait_shape_hint(items: Any) -> str:
    """The second rung on a waits question: one sentence for each kind of shape the hand waits in."""
    kinds = {SHAPE_SETS.get(s) for i in items if i.get("kind") == "wait" for s in i.get("shapes") or ()}
    by_kind = {"run": "run", "pair": "tanki", "triplet": "shanpon"}
    return " ".join(_(WAIT_SHAPE_HINTS[by_kind[k]]) for k in ("run", "pair", "triplet") if k in kinds)


def reveal(ex: Any) -> str:
    """The answer shown to a child: a short sentence that names it with one reason in the children's
    words ("" when this question has none: the caller names the answer plainly)."""
    q = ex.prompt.question
    tile = _tile_of(ex)
    if q in ASKS and tile:
        template = TILE_REVEALS[ASKS[q]].get(family_key(tile))
        return _(template).format(**_tile_values(tile)) if template else ""
    said = REVEALS.get(q)
    return said(ex) if said is not None else ""


def _working_reveal(ex: Any) -> str:
    """The engine's working in the children's lessons' words: the tile to give away and what then
    wins or helps, the tile that makes a ladder or triplets (:func:`~trainer.ui.views.explain.for_child`)."""
    return explain(for_child(ex.explanation))


def _waits_reveal(ex: Any) -> str:
    """The winning tiles, then what each one makes: «3 и 3 — пара»; the twin of a one-tile hand by
    its name, its hints having said that two tiles just the same make a pair («Это тоже иероглиф 3»)."""
    waits = [i for i in ex.explanation if i.get("kind") == "wait" and i.get("tile")]
    if not waits:
        return ""
    tiles = "{tiles:" + "".join(str(i["tile"]) for i in waits) + "}"
    if one_tile_hand(ex.prompt.hand):
        lead = _("Here is the tile just the same: {tile}.").format(tile=tiles)
        return BR.join([lead, _(TWIN_WORDS).format(name=kids_tile_name(str(waits[0]["tile"])))])
    lead = ngettext("{tiles} will win.", "Any of these tiles will win: {tiles}.", len(waits)).format(tiles=tiles)
    reasons = [_why_it_wins(i) for i in waits]
    if len(waits) > 1:
        reasons = [f"{{tiles:{i['tile']}}}: {r}" for i, r in zip(waits, reasons, strict=True) if r]
    return BR.join([lead, *(r for r in reasons if r)])


def _why_it_wins(item: dict[str, Any]) -> str:
    """What one winning tile makes with the hand's tiles (a pair, a ladder, triplets), read from the
    engine's first reading with the tile; "" when the reading shows no such group."""
    tile = str(item["tile"])
    kind = kind_from_name(tile)
    reading = str((item.get("readings") or [""])[0])
    for shape in item.get("shapes") or ():
        want = SHAPE_SETS.get(shape)
        for group in reading.split():
            try:
                kinds = [t.kind for t in parse_tiles(group, max_copies=None)]
            except ValueError:
                continue
            if kind in kinds and _set_of(kinds) == want:
                return _(SET_WORDS[want]).format(**_numbers(group))
    return ""


def _set_of(kinds: list[int]) -> str:
    """The kind of set a group of tile kinds is: pair, triplet, run (or "")."""
    if len(kinds) == 2 and kinds[0] == kinds[1]:
        return "pair"
    if len(kinds) == 3 and len(set(kinds)) == 1:
        return "triplet"
    if len(kinds) == 3 and sorted(kinds) == list(range(min(kinds), min(kinds) + 3)):
        return "run"
    return ""


def _numbers(group: str) -> dict[str, str]:
    """The tiles of a group as a child reads them, in order: their numbers (an honor as its picture)."""
    names = [kind_name(t.kind) for t in parse_tiles(group, max_copies=None)]
    return dict(zip("abc", (n[0] if n[1] != "z" else "{tiles:" + n + "}" for n in names), strict=False))


def _complete_reveal(ex: Any) -> str:
    """Is it a win: yes with its teams and pair (the engine's reading), or no and how many tiles to
    swap for a win (the engine's shanten plus one; its hints said how to split the hand)."""
    if "yes" not in set(ex.answer):
        return _not_a_win(ex.explanation)
    reading = next((str(i.get("reading", "")) for i in ex.explanation if i.get("kind") == "reading"), "")
    groups = reading.split()
    sets = ["{tiles:" + g + "}" for g in groups if _group_size(g) > 2]
    pairs = ["{tiles:" + g + "}" for g in groups if _group_size(g) == 2]
    lines = [_("Yes, it's a win!")]
    if sets and len(pairs) == 1:
        # TRANSLATORS: children's lesson: a hand split into teams («команды») and one pair; {sets} and
        # {pair} are pictures of the tiles.
        lines.append(ngettext("Team: {sets}, pair: {pair}.", "Teams: {sets}, pair: {pair}.", len(sets)).format(
            sets=GROUP_GAP.join(sets), pair=pairs[0]))
    return BR.join(lines)


def _not_a_win(items: Any) -> str:
    """No, not a win: how many tiles to swap for one (a complete hand's size held: shanten + 1), then
    the tiles the engine's best split leaves without a team or the pair (its ``leftover``)."""
    item = next((i for i in items if i.get("kind") == "not_complete"), {})
    shanten = item.get("shanten")
    if not isinstance(shanten, int) or shanten < 0:
        return _("No, not a win yet: the tiles do not all make teams and one pair.")
    n = shanten + 1
    # TRANSLATORS: for a child (ru «ты»): a hand of 14 tiles that is not a win; {n} tiles to swap to win
    lead = ngettext("No, not a win yet: swap {n} tile for the right one and it's a win.",
                    "No, not a win yet: swap {n} tiles for the right ones and it's a win.", n).format(n=n)
    return BR.join(t for t in (lead, _leftover_line(str(item.get("leftover") or ""))) if t)


def _leftover_line(leftover: str) -> str:
    """The tiles left over when the hand is split best, drawn («Эти плитки не вошли в команды и
    пару: …»); "" when the engine names none."""
    count = _group_size(leftover)
    if not count:
        return ""
    # TRANSLATORS: for a child (ru «ты»), after "not a win yet": {tiles} is a picture of the tiles that
    # are in no team of three and are not the one pair (ru «Эти плитки не вошли в команды и пару: …»)
    return ngettext("This tile does not fit into the teams and the pair: {tiles}.",
                    "These tiles do not fit into the teams and the pair: {tiles}.", count).format(
        tiles="{tiles:" + leftover + "}")


def _group_size(group: str) -> int:
    """How many tiles a group of a reading holds (0 for a word that is no tiles, such as "kokushi")."""
    try:
        return len(parse_tiles(group, max_copies=None))
    except ValueError:
        return 0


REVEALS = {
    "waits": _waits_reveal, "kunto_waits": _waits_reveal, "hand_complete": _complete_reveal,
    "best_discard": _working_reveal, "kunto_discard": _working_reveal, "set_complete": _working_reveal,
}
"""How the answer to the other questions is shown to a child, by the question (the rest: named plainly)."""
