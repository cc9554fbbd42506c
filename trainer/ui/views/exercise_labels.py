"""What a drill exercise asks and what its options say, in the learner's language (and in a
child's words for the children's drills)."""

from __future__ import annotations

from typing import Any

from trainer.engine.notation import parse_hand, parse_tiles
from trainer.i18n import N_, _, current_language, ngettext, npgettext, pgettext
from trainer.ui.question_texts import MORE_QUESTIONS, more_option_label, more_question_text, shanten_note
from trainer.ui.richtext import BR
from trainer.ui.suit_names import SUIT_TERMS, suit_gloss, suit_name
from trainer.ui.views.explain import HONOR_TERMS, family_name, tile_label, tile_reading

QUESTIONS = {
    "tile_family": N_("Which family does this tile belong to?"),
    "tile_number": N_("What number does this tile show?"),
    "tile_name": N_("What is this tile called?"),
    "tile_for_name": N_("Find the tile: {name}"),
    "shanten": N_("How many tiles from tenpai is this hand? (Tenpai is 0, a complete hand −1.)"),
    "best_discard": N_("Which tile do you discard? Keep the most tiles that improve the hand."),
    "waits": N_("Which tiles complete this hand? Pick every one."),
    "waits_count": N_("How many different tiles complete this hand?"),
    "fu_total": N_("How many fu is this hand worth (rounded)?"),
    "fu_breakdown": N_("Count the fu of this hand item by item."),
    "payment": N_("{han} han, {fu} fu — what does the win pay?"),
    "han_total": N_("How many han is this hand worth?"),
    "yaku": N_("Tick every yaku of this hand."),
    "yaku_and_han": N_("Tick every yaku of this hand."),
    "manners_rank": N_("How serious is breaking this rule?"),
    "manners_right_action": N_("What is the right thing to do?"),
    "manners_spot_mistake": N_("Which of these is a mistake?"),
    "kunto_shanten": N_("How many tiles from tenpai is this hand?"),
    "kunto_waits": N_("Which tiles complete this hand? Pick every one."),
    "kunto_discard": N_("Which tile do you throw back? Keep the hand closest to complete."),
    "kunto_value": N_("The hand is ready. What is its base value: how many han does the kunto table give the win "
                      "on its best wait?"),
    "kunto_yaku": N_("What is this hand worth at its best, won off a discard (ron) without riichi? Pick its yaku "
                     "and value."),
    "kunto_raise": N_("Which tile do you throw back so that one new tile adds han? The hand must stay ready."),
}
QUESTIONS.update(MORE_QUESTIONS)
DISCARD_QUESTIONS = ("best_discard", "kunto_discard", "kunto_raise", "safe_tile")
# Questions whose number answer may be negative (a complete hand is shanten -1).
NEGATIVE_QUESTIONS = ("shanten", "kunto_shanten")

# Children's drills (params kids: true; curriculum §1.4): short prompts in the child's words
# (no kanji or romaji) and praise.
KIDS_QUESTIONS = {
    "tile_family": N_("Which family is it from?"),
    "tile_number": N_("What number is it?"),
    "tile_name": N_("What is this tile called?"),
    "tile_for_name": N_("Find: {name}!"),
    "waits": N_("Which tiles fit here? Tap every one!"),
    "kunto_waits": N_("Which tiles fit here? Tap every one!"),
    "shanten": N_("How many tiles are missing?"),
    "kunto_shanten": N_("How many tiles are missing?"),
    "best_discard": N_("Which tile do you give away? Keep the tiles that help your hand."),
    "kunto_discard": N_("Which tile do you give back? Keep the tiles that help your hand."),
    # TRANSLATORS: to a child (ru «ты»); one tile or two may fit, and the words stay true either way
    # without saying which ("maybe one, maybe more"), never "tap all of them".
    "set_complete": N_("Which tiles make a team with these two? Tap the ones that fit: maybe one, maybe more!"),
    "set_judge": N_("Are these three tiles a team?"),
}
# A children's "which tiles fit" drill whose answer is one tile: never "tap every one".
KIDS_ONE_TILE_QUESTIONS = {
    "waits": N_("Which tile fits here? There is just one!"),
    "kunto_waits": N_("Which tile fits here? There is just one!"),
}
KIDS_TWIN_QUESTION = N_("Find a tile just the same!")
"""A child's one-tile hand: the only tile that fits is its twin."""
KIDS_HONOR_NAMES = (N_("East"), N_("South"), N_("West"), N_("North"), N_("White dragon"), N_("Green dragon"),
                    N_("Red dragon"))
KIDS_PRAISE = (N_("Well done!"), N_("Great!"), N_("You got it!"), N_("Super!"))


def can_be_complete(hand: str) -> bool:
    """Whether a hand of this size can be complete (3n+2 tiles), i.e. have shanten -1."""
    try:
        return len(parse_hand(hand, check_size=False).concealed) % 3 == 2
    except Exception:
        return True  # unreadable here: let the learner type any number


def kids_family(family: str) -> str:
    """A suit family in the children's words (the ones the children's lessons use)."""
    names = {"pin": pgettext("children's word", "Dots"), "sou": pgettext("children's word", "Sticks"),
             "man": pgettext("children's word", "Number characters"),
             "honors": pgettext("children's word", "Winds and dragons")}
    return names.get(family, family_name(family).capitalize())


def kids_tile_name(name: str) -> str:
    """A tile's name for a child: an honor by its plain name (no kanji, no romaji), a number tile
    by the children's family words of the kids' lessons (5 dots, 3 sticks, character 7), not the
    Japanese suit names.  Dots and sticks are counted, so their number comes first («5 кружков»);
    a character's number is read from its sign, never counted (五萬 shows two signs), so it is
    named as the lessons name it: «иероглиф 5», "character 5" (kids_sorting: «иероглифы 1, 5, 6»)."""
    rank, suit = name[0], name[1]
    if suit == "z" and rank.isdigit() and 1 <= int(rank) <= 7:
        return _(KIDS_HONOR_NAMES[int(rank) - 1])
    n = 5 if rank == "0" else int(rank)
    if suit == "p":
        return npgettext("children's word", "{n} dot", "{n} dots", n).format(n=n)
    if suit == "s":
        return npgettext("children's word", "{n} stick", "{n} sticks", n).format(n=n)
    if suit == "m":
        # TRANSLATORS: a number character tile for a child, as the children's lessons name it (ru «иероглиф 5»):
        # its number is read from the sign on top, not counted, so never «5 иероглифов».
        return pgettext("children's word", "character {n}").format(n=n)
    return tile_label(name)


def tile_option_name(name: str) -> str:
    """A tile's name as an answer option: an honor by its name and romaji but never its
    character ("Запад (shā)", not "Запад (西, shā)" beside a 西 tile, which would give the answer
    away); a number tile in words with its Japanese reading from its glossary card, and in a
    language whose suit names are the Japanese ones the suit's picture word too: «1 со (палочки,
    ī sō)», "1 of bamboo (ī sō)" (the characters 一索 stay on the feedback's link)."""
    rank, suit = name[0], name[1]
    if suit in SUIT_TERMS and rank.isdigit():
        label = tile_label(name)
        gloss = suit_gloss(suit)
        extra = [gloss] if gloss.lower() != suit_name(suit).lower() else []
        reading = tile_reading(name)
        extra += [reading] if reading else []
        return f"{label} ({', '.join(extra)})" if extra else label
    if suit != "z" or not (rank.isdigit() and 1 <= int(rank) <= len(HONOR_TERMS)):
        return tile_label(name)
    try:
        from trainer.glossary import load_glossary

        term = load_glossary().term(HONOR_TERMS[int(rank) - 1])
        name = term.name(current_language())
        return name if "(" in name else f"{name} ({term.romaji})"  # «Хаку (белый дракон)» has its gloss
    except (KeyError, LookupError, OSError, ValueError):
        return _(KIDS_HONOR_NAMES[int(rank) - 1])


def kids_praise(i: int) -> str:
    """One of the praise words for a right answer (varied by the exercise number)."""
    return _(KIDS_PRAISE[i % len(KIDS_PRAISE)])


def question_text(ex: Any, kids: bool = False, *, rules: bool = True) -> str:
    """The prompt of an exercise in the learner's language (rich markup); ``kids``: the short
    children's wording where there is one.  A drill whose answer depends on the rule preset
    names it (``rules=False``: not, where the rules are on screen already, as in the settings
    form's example)."""
    text = _question_text(ex, kids)
    preset = ex.prompt.get("preset")
    if preset and rules:
        from trainer.ui.views.rule_presets import PRESET_NAMES

        text += BR + _("Rules: {name}").format(name=_(PRESET_NAMES[preset]) if preset in PRESET_NAMES else preset)
    return text


def _one_answer_tile(ex: Any) -> bool:
    """Whether the exercise's answer is a set of exactly one tile."""
    return isinstance(ex.answer, frozenset) and len(ex.answer) == 1


def one_tile_hand(hand: str) -> bool:
    """Whether a prompt's hand is a single tile (its only wait is its twin)."""
    try:
        return len(parse_tiles(hand)) == 1
    except Exception:  # a hand this cannot read is simply not one tile
        return False


def _question_text(ex: Any, kids: bool = False) -> str:
    p = ex.prompt
    if kids and p.question in KIDS_ONE_TILE_QUESTIONS and _one_answer_tile(ex):
        return _(KIDS_TWIN_QUESTION) if one_tile_hand(p.hand) else _(KIDS_ONE_TILE_QUESTIONS[p.question])
    if kids and p.question in KIDS_QUESTIONS:
        text = _(KIDS_QUESTIONS[p.question])
        if p.question == "tile_for_name":
            return text.format(name=kids_tile_name(str(dict(p.data).get("name", ""))))
        return text
    more = more_question_text(ex)
    if more is not None:
        return more
    template = _(QUESTIONS[p.question]) if p.question in QUESTIONS else p.question.replace("_", " ").capitalize() + "?"
    data = dict(p.data)
    if shanten_note(ex):
        return template + BR + shanten_note(ex)
    if p.question == "tile_for_name":  # the options are tiles: the name never shows a tile's character
        return template.format(name=tile_option_name(str(data.get("name", ""))))
    if p.question == "payment":
        text = template.format(han=data.get("han"), fu=data.get("fu"))
        who = _("The dealer") if data.get("dealer") else _("A non-dealer")
        how = _("by tsumo") if data.get("by") == "tsumo" else _("by ron")
        text += " " + _("{who} wins {how}.").format(who=who, how=how)
        text += _three_players_note(data)
        if data.get("honba"):
            text += " " + ngettext("{n} honba on the table.", "{n} honba on the table.", data["honba"]).format(
                n=data["honba"])
        return text
    if p.question == "manners_rank":
        try:
            from trainer.engine.exercises.manners import manners_text

            return template + BR + manners_text("rule:" + str(data.get("rule")), current_language())
        except Exception:
            return template
    return template



def _three_players_note(data: dict[str, Any]) -> str:
    """" Three players: ..." for a payment question under a three-player preset (sanma), naming
    who pays the absent North's share of a tsumo; empty at four players."""
    from trainer.ui.views.rule_presets import THREE_PLAYER_TSUMO, three_player_rules

    rules = three_player_rules(data.get("preset"))
    note = THREE_PLAYER_TSUMO.get(rules.three_player_tsumo) if rules is not None else None
    return " " + _(note) if note else ""

def option_label(opt: Any, kids: bool = False) -> str:
    """What an exercise option shows (rich markup; tiles are drawn separately); ``kids``: in the
    children's words."""
    more = more_option_label(opt)
    if more is not None:
        return more
    ref = opt.ref or ""
    kind, _sep, rest = ref.partition(":")
    if kids and kind == "family":
        return kids_family(rest)
    if kids and kind == "tile":
        return kids_tile_name(rest)
    if kind == "family":
        return family_name(rest).capitalize()
    if kind == "tile":
        return tile_option_name(rest)
    if kind == "yaku":
        return "{term:" + rest + "}"
    if kind == "kunto_value":
        from trainer.ui.kunto_words import value_option

        return value_option(rest)
    if kind == "manners":
        try:
            from trainer.engine.exercises.manners import manners_text

            return manners_text(rest, current_language())
        except Exception:
            return rest
    if ref and not opt.tiles:
        return "{term:" + ref + "}" if ref.replace("_", "").isalnum() and ref.islower() else ref
    if opt.tiles:
        return ""
    if opt.value in ("A", "B", "C"):
        return _("Rank {rank}").format(rank=opt.value)
    return str(opt.value)

