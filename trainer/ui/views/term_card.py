"""The glossary card of a term: a dialog showing how the term is written and what it means.

A child's profile gets the term told in the children's lessons' words (the glossary's
``ru_child``/``en_child``: «Команда — три плитки вместе…»), not the grown-ups' definition, and
no way into the grown-ups' glossary; a term without a child's explanation shows the usual card.
A child's card is titled by the word the child clicked, the children's lessons' own
(:meth:`~trainer.glossary.Term.child_name`: «Тройняшки», not «Тройка (коцу)»), and keeps the
term's Japanese in the learner's display mode on a line under it (the one place a child sees how
the term is written: «Взрослые говорят: тройка (刻子, kōtsu)», «По-японски: 字牌, jihai»),
though running text shows a child the name alone; a term that is not Japanese («Тибет») shows
none anywhere.  The grown-ups' words are every name the term's own name gives that is not the
child's word: "Bamboo (sou)" says bamboo and the table's short word sou, "Set / meld" set and meld
(:func:`grown_up_words`).

The title wraps onto as many lines as it needs ("Fully Concealed Hand (不求人, bù qiú rén)" at
1024x600), never cut with "…" (every dialog's :meth:`~trainer.ui.widgets.Dialog.title_lines`).  An
MCR fan's card says what the fan is worth, from the fan table the calculator counts by (:func:`fan_worth_line`)."""

from __future__ import annotations

import unicodedata
from typing import Any

from trainer.engine.mcr.table import MCR_PRESETS, base_fans, load_mcr_rules
from trainer.i18n import _, ngettext, pgettext
from trainer.ui.registry import has_screen
from trainer.ui.views.lesson_order import is_child


def open_term_card(screen: Any, term_id: str) -> None:
    """Open on ``screen`` a dialog with a glossary term: how it is written and what it means."""
    app = screen.app
    lang = app.settings.language
    child = is_child(app.settings)
    title = term_id
    body = ""
    kid = ""
    try:
        term = app.glossary().term(term_id)
        title = term.display(app.settings.term_mode, lang)
        kid = term.child_explanation(lang) if child else ""
        if kid:  # the children's word and words; the Japanese on a line of its own under the title
            title = term.child_name(lang)
            body = "\n\n".join(t for t in (child_japanese_line(term, app.settings.term_mode, lang), kid) if t)
        else:
            full = term.display("full", lang)
            body = "\n\n".join(t for t in (full if full != title else "", fan_worth_line(term_id),
                                            term.explanation(lang)) if t)
    except Exception:
        body = _("This term is not in the glossary yet.")
    buttons = [(_("Close"), lambda: None, "primary")]
    if has_screen("glossary") and not kid:
        buttons.insert(0, (_("Open the glossary"), lambda: app.push("glossary", term=term_id), "secondary"))
    screen.open_dialog(title, body, buttons)


def fan_worth_line(term_id: str) -> str:
    """What an MCR fan (glossary term ``mcr_<fan>``) is worth, from the fan table and its presets
    ("The fan is worth 12 points."; both values where the rulebook and tournaments differ); "" for
    any other term."""
    fan = term_id.removeprefix("mcr_")
    if fan == term_id or fan not in base_fans():
        return ""
    rulebook, tournaments = (load_mcr_rules(name).value(fan) for name in MCR_PRESETS)
    if rulebook != tournaments:
        return _("The fan is worth {n} points as the rulebook counts, {m} as tournaments count.").format(
            n=rulebook, m=tournaments)
    return ngettext("The fan is worth {n} point.", "The fan is worth {n} points.", rulebook).format(n=rulebook)


def child_japanese_line(term: Any, mode: str, lang: str) -> str:
    """The line under a child's card title that shows how the term is written: the grown-ups'
    words with the Japanese where the children's word is another («Взрослые говорят: тройка (刻子,
    kōtsu)», "Grown-ups say: bamboo or sou (索子, sōzu)"), else the Japanese alone («По-японски:
    字牌, jihai»); "" where the display mode or the term shows no Japanese («Тибет»)."""
    japanese = term.japanese(mode)
    if not japanese:
        return ""
    words = grown_up_words(term, lang)
    if words:
        # TRANSLATORS: on a child's term card, under the children's word («Тройняшки»): the grown-ups'
        # term with its Japanese (ru «Взрослые говорят: тройка (刻子, kōtsu)»).
        return pgettext("term card, to a child", "Grown-ups say: {term}").format(term=_with_words(term, mode, lang,
                                                                                                  words))
    # TRANSLATORS: on a child's term card, under the term's name: how it is written in Japanese.
    return pgettext("term card, to a child", "In Japanese: {japanese}").format(japanese=japanese)


def grown_up_words(term: Any, lang: str) -> list[str]:
    """The names grown-ups give the term in ``lang`` that a child's card still has to say: the
    term's name («Тройка» for «Тройняшки»), each of its names given as "a / b" ("Set / meld"), and a
    bracketed table word, the reading shortened as players say it ("Bamboo (sou)": bamboo, sou) —
    leaving out the child's own word ("Dots (pin)" on the card "Dots": pin alone).  A bracket that
    explains («Хаку (белый дракон)», "Ron (win on a discard)») or spells the reading names nothing new."""
    name = term.without_romaji_gloss(term.name(lang))
    plain = term.plain_name(lang)
    words = plain.split(" / ")
    gloss = name[len(plain):].strip()[1:-1] if name != plain else ""
    if gloss and _shortens_reading(gloss, term.romaji):
        words.append(gloss)
    child = term.child_name(lang).casefold()
    return [w for w in words if w.casefold() != child]


def _shortens_reading(word: str, romaji: str) -> bool:
    """Whether ``word`` is the start of the reading ``romaji``, as the table shortens it (sou for
    sōzu, man for manzu), long vowels written either way."""
    key, reading = _romaji_key(word), _romaji_key(romaji)
    return len(key) >= 2 and word.isascii() and reading.startswith(key) and key != reading


def _romaji_key(text: str) -> str:
    """Romaji compared loosely: lower case, no accents, a long vowel the same doubled or not (sou = sō)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    for long, short in (("ou", "o"), ("uu", "u"), ("aa", "a"), ("ii", "i"), ("ee", "e"), ("oo", "o")):
        bare = bare.replace(long, short)
    return bare


def _with_words(term: Any, mode: str, lang: str, words: list[str]) -> str:
    """The term inside a sentence in ``mode`` (:meth:`~trainer.glossary.Term.inline`), its name
    said as the grown-ups' ``words``: "bamboo or sou (索子, sōzu)", «тройка (刻子, kōtsu)»."""
    shown = term.inline(mode, lang)
    name = term.plain_name(lang)
    at = shown.casefold().find(name.casefold())
    if at < 0:  # the name is always there; a form without it keeps the term as it reads
        return shown
    said = words[0] if len(words) == 1 else pgettext("term card, to a child", "{names} or {name}").format(
        names=", ".join(words[:-1]), name=words[-1])
    said = (said[:1].lower() if shown[at].islower() else said[:1].upper()) + said[1:]
    return shown[:at] + said + shown[at + len(name):]
