"""Rich lesson text: plain prose with inline tiles, glossary terms and emphasis.

Markup (the whole grammar; ``docs/lessons.md`` shows examples):

* ``{tiles:123m55z}`` draws tiles inline (MPSZ notation, no melds);
* ``{hand:123m (456p)}`` draws a hand with melds inline;
* ``{term:riichi}`` shows a glossary term (its Russian, kana and romaji come from
  the glossary file; a lesson never spells the Japanese itself);
* ``{term:riichi|риичи}`` the same term, shown with the given word in the sentence;
* ``**words**`` emphasis;
* an empty line starts a new paragraph.

:func:`parse_rich` turns a string into spans the UI renders; it raises
:class:`RichTextError` (with the 0-based character offset) for bad markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from trainer.engine.notation import NotationError, parse_hand, parse_tiles
from trainer.i18n import N_
from trainer.lessons.engine_words import engine_reason
from trainer.lessons.say import Say

SpanKind = Literal["text", "tiles", "hand", "term", "strong", "paragraph"]

# Emphasis may run over a line break inside a paragraph, never over a paragraph break.
_TOKEN = re.compile(r"\{([a-z_]*):([^{}]*)\}|\*\*((?:(?!\n[ \t]*\n).)+?)\*\*|\n[ \t]*\n", re.DOTALL)
_TERM_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class RichTextError(ValueError):
    """Bad inline markup; ``offset`` is the 0-based character where it starts, ``problem`` a
    :class:`~trainer.lessons.say.Say` (English as a ``str``, translatable)."""

    def __init__(self, offset: int, problem: str) -> None:
        self.offset = offset
        self.problem = problem
        super().__init__(problem)


@dataclass(frozen=True, slots=True)
class Span:
    """One piece of rich text: plain ``text``, ``tiles`` / ``hand`` (value is MPSZ),
    ``term`` (value is the glossary id, ``label`` the optional inline word),
    ``strong`` (emphasised words) or a ``paragraph`` break."""

    kind: SpanKind
    value: str = ""
    label: str | None = None


def parse_rich(text: str) -> list[Span]:
    """Split lesson prose into spans, checking every inline tile string and term id syntax."""
    spans: list[Span] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() > pos:
            spans.append(Span("text", text[pos : m.start()]))
        pos = m.end()
        if m.group(3) is not None:
            if "{" in m.group(3):
                raise RichTextError(m.start(), Say(N_("inline markup inside **bold** is not shown: put {tiles}, "
                                                      "{hand} or {term} outside the bold words"),
                                                   tiles="{tiles:..}", hand="{hand:..}", term="{term:..}"))
            spans.append(Span("strong", " ".join(m.group(3).split())))
        elif m.group(1) is None:
            spans.append(Span("paragraph"))
        else:
            spans.append(_markup(m.group(1), m.group(2), m.start()))
    if pos < len(text):
        spans.append(Span("text", text[pos:]))
    for s in spans:
        if s.kind == "text" and ("{" in s.value or "}" in s.value):
            where = text.find("{" if "{" in s.value else "}")
            raise RichTextError(where, Say(N_("a brace without markup: inline markup is {tiles}, {hand} or {term}; "
                                              "write other braces as ( )"),
                                           english="stray brace: inline markup is {tiles:123m}, {hand:...} or {term:id}",
                                           tiles="{tiles:123m}", hand="{hand:...}", term="{term:id}"))
    return spans


def _markup(tag: str, body: str, offset: int) -> Span:
    if tag == "tiles":
        try:
            parse_tiles(body)
        except NotationError as e:
            raise RichTextError(offset, Say(N_("bad tiles in {markup}: {problem}"), markup=f"{{tiles:{body}}}",
                                            problem=engine_reason(e.problem))) from None
        return Span("tiles", body.strip())
    if tag == "hand":
        try:
            parse_hand(body, check_size=False)
        except NotationError as e:
            raise RichTextError(offset, Say(N_("bad hand in {markup}: {problem}"), markup=f"{{hand:{body}}}",
                                            problem=engine_reason(e.problem))) from None
        return Span("hand", body.strip())
    if tag == "term":
        term, _, label = body.partition("|")
        term = term.strip()
        if not _TERM_ID.match(term):
            raise RichTextError(offset, Say(N_("{markup}: a term id is written in lower-case Latin letters with "
                                               "'_', e.g. riichi"),
                                            english=f"{{term:{body}}}: a term id is lower-case ASCII romaji with '_', "
                                                    "e.g. riichi", markup=f"{{term:{body}}}"))
        return Span("term", term, label.strip() or None)
    raise RichTextError(offset, Say(N_("unknown markup {markup}: use tiles, hand or term"), markup=f"{{{tag}:...}}"))


def term_ids(text: str) -> list[tuple[str, int]]:
    """The glossary ids a text refers to, each with the offset of its markup."""
    return [(m.group(2).partition("|")[0].strip(), m.start()) for m in _TOKEN.finditer(text) if m.group(1) == "term"]
