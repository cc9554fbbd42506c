"""The names of the three number suits on screen, from the glossary.

One scheme everywhere (docs/translating.md, "Suits"): a suit is called by its glossary term —
ман, пин, со in Russian (``manzu``, ``pinzu``, ``souzu``), characters, dots, bamboo in English —
in lower case inside a sentence.  Where a beginner chooses or meets the suits (a training game's
tile sets), the name comes with its gloss: the Russian picture word in brackets, «со (палочки)»
(the picture the children's lessons name; «бамбук» is never a suit word), and in English the
glossary's own English name with the Japanese word, «bamboo (sou)».  The children's screens keep
their picture words alone (кружки, палочки; msgctxt "children's word") on purpose.

No pygame here.
"""

from __future__ import annotations

from trainer.glossary import load_glossary
from trainer.i18n import current_language, pgettext

SUIT_TERMS = {"m": "manzu", "p": "pinzu", "s": "souzu"}
"""A suit's notation letter -> its glossary term."""

_KEYS = {"m": "m", "p": "p", "s": "s", "man": "m", "pin": "p", "sou": "s",
         "manzu": "m", "pinzu": "p", "souzu": "s"}


def _letter(suit: str) -> str:
    try:
        return _KEYS[suit]
    except KeyError:
        raise ValueError(f"unknown suit {suit!r}; use one of m, p, s") from None


def _small(text: str) -> str:
    return text[:1].lower() + text[1:]


def _lang(lang: str | None) -> str:
    return lang or current_language()


def suit_name(suit: str, lang: str | None = None) -> str:
    """A suit's name inside a sentence, from the glossary: «ман», «пин», «со»; "characters",
    "dots", "bamboo" (``suit``: m/p/s, man/pin/sou or the term's id)."""
    term = load_glossary().term(SUIT_TERMS[_letter(suit)])
    return term.word(_lang(lang), inline=True)


def suit_gloss(suit: str) -> str:
    """The Russian picture word a beginner reads beside the Japanese name (иероглифы, кружки,
    палочки)."""
    letter = _letter(suit)
    if letter == "m":
        # TRANSLATORS: the picture word for the man suit, in brackets after its Japanese name: «ман (иероглифы)».
        return pgettext("suit gloss", "characters")
    if letter == "p":
        # TRANSLATORS: the picture word for the pin suit, in brackets after its Japanese name: «пин (кружки)».
        return pgettext("suit gloss", "dots")
    # TRANSLATORS: the picture word for the sou suit, in brackets after its Japanese name: «со (палочки)»
    # (ru: the sticks drawn on the tiles, as the children's lessons say; never «бамбук» for the suit).
    return pgettext("suit gloss", "bamboo")


def suit_name_glossed(suit: str, lang: str | None = None) -> str:
    """A suit's name with its gloss, for a beginner: «со (палочки)»; in English the glossary's
    English name, which carries the Japanese word: "bamboo (sou)"."""
    lang = _lang(lang)
    term = load_glossary().term(SUIT_TERMS[_letter(suit)])
    if lang == "en":
        return _small(term.name("en"))
    return f"{suit_name(suit, lang)} ({suit_gloss(suit)})"


def suit_names(glossed: bool = False, lang: str | None = None) -> dict[str, str]:
    """``{"man": ..., "pin": ..., "sou": ...}`` — the placeholders of a message that names suits."""
    name = suit_name_glossed if glossed else suit_name
    return {"man": name("m", lang), "pin": name("p", lang), "sou": name("s", lang)}


def capitalized(text: str) -> str:
    """``text`` with a capital first letter (a label that starts with a suit's name)."""
    return text[:1].upper() + text[1:]
