"""Spelling and citation checks of learner-facing lesson text.

* **Variant spellings.**  The glossary lists, per term, the spellings a lesson must not use
  (``variants:``): «сосу» for the souzu suit, «читойцу» for chiitoitsu, «индикатор доры» for the
  dora indicator...  A variant is a word or phrase matched as whole words, case-insensitively,
  with «ё» read as «е»; ``*`` stands for a Russian inflection ending (up to four letters), so
  ``ринсян*`` finds «ринсян», «ринсяна», «ринсяне».  A variant written ``re:...`` is a regular
  expression, for the few words that are right in another sense (``сотни`` is wrong for the
  suit but right in «до сотни»).
* **Counted words.**  A term with ``plural: [хан, хана, ханов]`` must agree with the number
  before it by the Russian rule: 1, 21 хан; 2-4, 22-24 хана; 5-20, 25 ханов.  Only the
  nominative forms are judged («от 2 ханов» is a correct genitive and is left alone).
* **Citations.**  Seed line references («(001:909)», «000:4612») and plan codes («урок B05»)
  belong in the ``sources:`` header, never in a text the learner reads.

Inline markup is skipped, except the inflected word of a ``{term:id|word}``: that word is
checked too, but a variant that is the term's own name is not reported there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from trainer.i18n import N_
from trainer.lessons.say import Say

if TYPE_CHECKING:
    from trainer.glossary import Glossary, Term

_WORD = "A-Za-zА-Яа-яЁё"
_ENDING = r"[а-яё]{0,4}"
_MARKUP = re.compile(r"\{(tiles|hand|term):([^}|]*)(?:\|([^}]*))?\}")
_CITATION = re.compile(r"\(?\b\d{3}:\d+(?:\s*[-–]\s*\d+)?\)?")
_PLAN_CODE = re.compile(r"(?i)\b(?:урок[а-яё]*|lesson|план[а-яё]*|plan)\s+([A-Z]\d{1,3})\b|§\s*\d")
_COUNT = re.compile(r"(?<![\d.,])(\d+)\s+([а-яё]+)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a text: its character offset and a message for the author (a
    :class:`~trainer.lessons.say.Say`: English as a ``str``, translatable)."""

    offset: int
    message: str


@dataclass(frozen=True, slots=True)
class _Variant:
    pattern: re.Pattern[str]
    text: str
    term_id: str
    right: str


def variant_pattern(variant: str) -> re.Pattern[str]:
    """The regular expression for one glossary variant (see the module docstring)."""
    if variant.startswith("re:"):
        return re.compile(variant[3:], re.IGNORECASE)
    words = []
    for word in variant.split():
        stem = re.escape(_fold(word.rstrip("*")))
        words.append(stem + (_ENDING if word.endswith("*") else ""))
    body = r"\s+".join(words)
    return re.compile(rf"(?<![{_WORD}]){body}(?![{_WORD}])", re.IGNORECASE)


def _fold(text: str) -> str:
    return text.replace("ё", "е").replace("Ё", "Е")


def plural_form(n: int) -> int:
    """The Russian plural class of the number ``n``: 0 for 1/21/31 (хан), 1 for 2-4/22-24 (хана),
    2 for 0, 5-20, 25-30 (ханов)."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


class SpellingChecker:
    """The spelling rules taken from one glossary: its variants and counted words."""

    def __init__(self, terms: Iterable[Term]) -> None:
        self.variants: list[_Variant] = []
        self.own_words: dict[str, set[str]] = {}
        self.plurals: dict[str, tuple[str, tuple[str, ...]]] = {}
        for t in terms:
            term_id, right = t.id, t.ru
            self.own_words[term_id] = {_fold(right).lower()}
            for v in t.variants:
                self.variants.append(_Variant(variant_pattern(v), v, term_id, right))
            forms = t.plural
            for i, form in enumerate(forms):
                self.plurals[form.lower()] = (term_id, forms)
                if i == 0:
                    self.own_words[term_id].add(form.lower())

    def findings(self, text: str) -> list[Finding]:
        """Every variant spelling and every number that disagrees with its counted word in ``text``."""
        out: list[Finding] = []
        for start, chunk, own in _plain_chunks(text):
            folded = _fold(chunk)
            for v in self.variants:
                for m in v.pattern.finditer(folded):
                    word = m.group(0)
                    if own is not None and (own == v.term_id or word.lower() in self.own_words.get(own, ())):
                        continue
                    out.append(Finding(start + m.start(), Say(
                        N_("«{word}» is a variant spelling of the glossary term {term}: write «{right}» (or {markup})"),
                        word=word, term=v.term_id, right=v.right, markup=f"{{term:{v.term_id}}}")))
            out.extend(self._counts(chunk, start))
        return sorted(out, key=lambda f: f.offset)

    def _counts(self, chunk: str, start: int) -> Iterator[Finding]:
        for m in _COUNT.finditer(chunk):
            word = m.group(2).lower()
            if word not in self.plurals:
                continue
            term_id, forms = self.plurals[word]
            n = int(m.group(1))
            want = forms[plural_form(n)]
            nominative_wrong = (word == forms[0] and plural_form(n) != 0) or (word == forms[1] and plural_form(n) == 2)
            if nominative_wrong:
                yield Finding(start + m.start(2), Say(
                    N_("«{words}»: after {n} write «{want}» (the Russian plural of the glossary term {term})"),
                    english=f"«{m.group(1)} {m.group(2)}»: after {n} write «{want}» "
                            f"(Russian plural of the glossary term {term_id})",
                    words=f"{m.group(1)} {m.group(2)}", n=str(n), want=want, term=term_id))


def _plain_chunks(text: str) -> Iterator[tuple[int, str, str | None]]:
    """The parts of a rich text a learner reads as words: (offset, text, term id of a label or None)."""
    pos = 0
    for m in _MARKUP.finditer(text):
        if m.start() > pos:
            yield pos, text[pos:m.start()], None
        if m.group(1) == "term" and m.group(3):
            yield m.start(3), m.group(3), m.group(2)
        pos = m.end()
    if pos < len(text):
        yield pos, text[pos:], None


def citation_findings(text: str) -> list[Finding]:
    """Seed line references and plan codes in a learner-facing text (they belong in ``sources:``)."""
    out: list[Finding] = []
    for start, chunk, _own in _plain_chunks(text):
        for m in _CITATION.finditer(chunk):
            out.append(Finding(start + m.start(), Say(
                N_("source citation «{text}» in a text the learner reads: move it to the lesson's sources: header"),
                english=f"source citation «{m.group(0)}» in learner-facing text: move it to the lesson's sources: "
                        "header", text=m.group(0))))
        for m in _PLAN_CODE.finditer(chunk):
            out.append(Finding(start + m.start(), Say(
                N_("plan code «{text}» in a text the learner reads: name the lesson by its title, or leave it out"),
                english=f"plan code «{m.group(0)}» in learner-facing text: name the lesson by its title, or leave "
                        "it out", text=m.group(0))))
    return sorted(out, key=lambda f: f.offset)


@lru_cache(maxsize=4)
def checker_for(glossary: Glossary) -> SpellingChecker:
    """The spelling checker of a loaded glossary (built once per glossary object)."""
    return SpellingChecker(glossary)
