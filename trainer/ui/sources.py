"""Where a fact comes from, worded for a reader.

The glossary (and the docs) cite the rulebooks the app is built on as ``book:line`` references
(``"000:4681"``, ``"000:1153; 001:443-449"``).  On screen the book is named and the lines are
called lines: "the riichi book (000), line 4681; the riichi rulebook (001), lines 443–449".
"""

from __future__ import annotations

from trainer.i18n import N_, _

SOURCE_BOOKS: dict[str, str] = {
    "000": N_("the riichi book"),
    "001": N_("the riichi rulebook"),
    "002": N_("the Chinese Official rules, MCR"),
    "003": N_("the JPML rules"),
    "004": N_("the EMA rules"),
}
"""Book number of a ``book:line`` reference -> its name as a learner reads it."""


def source_text(refs: str) -> str:
    """``"000:1153; 000:5704; 001:443-449"`` as a reader reads it, in the interface language:
    each book named once with its number, then its line or lines (ranges with an en dash)."""
    books: dict[str, list[str]] = {}
    for ref in refs.split(";"):
        book, _sep, line = ref.strip().partition(":")
        if book:
            books.setdefault(book, []).append(line.strip().replace("-", "–"))
    parts = []
    for book, lines in books.items():
        where = (_("line {line}").format(line=lines[0]) if len(lines) == 1 and "–" not in lines[0]
                 else _("lines {lines}").format(lines=", ".join(lines)))
        if book in SOURCE_BOOKS:
            name = f"{_(SOURCE_BOOKS[book])} ({book})"
        else:
            name = _("book {number}").format(number=book)
        parts.append(f"{name}, {where}")
    return "; ".join(parts)
