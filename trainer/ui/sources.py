"""Where a fact comes from, worded for a reader.

The glossary (and the docs) cite the rulebooks the app is built on as ``book:line`` references
(``"000:4681"``, ``"000:1153; 001:443-449"``).  A learner sees the books by name, each once
("the big book “Japanese Mahjong Rules”; the rulebook “Riichi Mahjong Rules”"): the book
numbers and line numbers are the authors' codes for the seed files, of no use on screen.  They stay in the
data (the glossary's ``seed``, the modes' ``source``) and in the docs, and ``lines=True`` words
them for a teacher or a developer ("the big book “Japanese Mahjong Rules” (000), lines 1153, 5704").
"""

from __future__ import annotations

from trainer.i18n import N_, _

SOURCE_BOOKS: dict[str, str] = {
    "000": N_("the big book “Japanese Mahjong Rules”"),
    "001": N_("the rulebook “Riichi Mahjong Rules”"),
    "002": N_("the Chinese Official rules, MCR"),
    "003": N_("the JPML rules"),
    "004": N_("the EMA rules"),
}
"""Book number of a ``book:line`` reference -> its name as a learner reads it (the seed files'
titles: 000 «РИ ЧИ. Правила японского маджонга», 001 «Правила риичи-маджонга»)."""


def _books(refs: str) -> dict[str, list[str]]:
    """The books of ``"000:1153; 000:5704; 001:443-449"`` in order, each with its lines."""
    books: dict[str, list[str]] = {}
    for ref in refs.split(";"):
        book, _sep, line = ref.strip().partition(":")
        if book:
            books.setdefault(book, []).append(line.strip().replace("-", "–"))
    return books


def book_name(book: str) -> str:
    """A book's name in the interface language ("book 007" for a number without a name)."""
    return _(SOURCE_BOOKS[book]) if book in SOURCE_BOOKS else _("book {number}").format(number=book)


def source_text(refs: str, *, lines: bool = False) -> str:
    """``"000:1153; 000:5704; 001:443-449"`` as a reader reads it, in the interface language:
    each book named once; with ``lines`` (a teacher's view) also its number and its line or
    lines (ranges with an en dash)."""
    parts = []
    for book, where in _books(refs).items():
        if not lines:
            parts.append(book_name(book))
            continue
        text = (_("line {line}").format(line=where[0]) if len(where) == 1 and "–" not in where[0]
                else _("lines {lines}").format(lines=", ".join(where)))
        name = f"{book_name(book)} ({book})" if book in SOURCE_BOOKS else book_name(book)
        parts.append(f"{name}, {text}")
    return "; ".join(parts)


def source_books(refs: str) -> frozenset[str]:
    """The book numbers a reference cites (``"000:3465; 001:5"`` -> {"000", "001"})."""
    return frozenset(_books(refs))
