"""Lesson prose on screen: words, inline tiles and glossary terms laid out in lines.

:func:`layout_rich` takes lesson text (the markup of :mod:`trainer.lessons.richtext`:
``{tiles:..}``, ``{hand:..}``, ``{term:id|word}``, ``**strong**``, blank-line
paragraphs), wraps it to a width and renders it once into a transparent surface.
Inline tiles sit on the text line (a little taller than the text); glossary terms
are drawn in the term colour with a dotted underline, and their rectangles are kept
so a click can open the term's card.  The result is cached, so a frame costs a blit.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from trainer.lessons.richtext import RichTextError, Span, parse_rich
from trainer.ui import tile_art
from trainer.ui.theme import PALETTE, Color

if TYPE_CHECKING:
    from trainer.glossary import Term
    from trainer.ui.context import AppContext

P = PALETTE
BR = "\u2028"
"""A hard line break inside rich text (a plain newline is a soft break, as in YAML prose)."""
_CACHE: OrderedDict[tuple, RichLayout] = OrderedDict()
_CACHE_SIZE = 64


@dataclass(slots=True)
class _Atom:
    kind: str  # "word", "tiles", "space"
    width: int
    height: int
    surf: pygame.Surface | None = None
    term: str | None = None
    tiles: str = ""
    space_after: int = 0
    breakable_after: bool = False  # a piece of a word too long for a line: a break may follow it


@dataclass(slots=True)
class RichLayout:
    """Rendered prose: the surface, its size, the clickable glossary terms (rect, term id) and
    where each line is (top, bottom), so a window onto the text can show whole lines only."""

    surface: pygame.Surface
    terms: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    lines: list[tuple[int, int]] = field(default_factory=list)

    @property
    def height(self) -> int:
        """Height of the rendered text in pixels."""
        return self.surface.get_height()

    def term_at(self, pos: tuple[int, int], origin: tuple[int, int]) -> str | None:
        """The term id under a window point, with the text drawn at ``origin``."""
        x, y = pos[0] - origin[0], pos[1] - origin[1]
        for rect, term in self.terms:
            if rect.collidepoint(x, y):
                return term
        return None


def term_word(term_id: str, word: str) -> str:
    """The markup of a glossary term shown as ``word`` (already translated, e.g. with
    ``pgettext("inline term", "tenpai")``): the form a sentence needs («you stay tenpai», «safe
    (genbutsu)»), still linked to the term's card, instead of the glossary name."""
    return "{term:" + term_id + "|" + word.replace("}", ")").replace("|", "/") + "}"


def tiles_markup(text: str, empty: str = "—") -> str:
    """The markup that draws the tiles written in ``text`` (MPSZ notation) inside a sentence;
    ``empty`` stands in when there are no tiles (a hand with no waits, nothing thrown back)."""
    return "{tiles:" + text + "}" if text else empty


def _words(text: str) -> list[tuple[str, bool]]:
    """Split text into (word, followed-by-space) pairs, keeping newlines as their own items."""
    out: list[tuple[str, bool]] = []
    for li, line in enumerate(text.split("\n")):
        if li:
            out.append(("\n", False))
        parts = line.split(" ")
        for i, w in enumerate(parts):
            if w:
                out.append((w, i < len(parts) - 1))
            elif out and i > 0 and out[-1][0] != "\n":
                out[-1] = (out[-1][0], True)
    return out


def _term_label(app: AppContext, span: Span, inline: bool = False, in_brackets: bool = False) -> str:
    """A term as the text shows it: the author's inflected word (``{term:id|word}``), followed in
    the Japanese-showing modes by the written form and reading alone («genbutsu (現物, genbutsu)»),
    or the glossary's name in the learner's display mode, in running text without a bracketed
    explanation of the name (one set of brackets: «Shanten (向聴, shanten)», not «Shanten
    (tiles from ready) (向聴, shanten)»; the link opens the explanation) — inside a sentence
    (``inline``) with a small first letter for a common noun («you are not ready hand ...»).
    An id the glossary does not know shows as it is.

    ``in_brackets``: the text around the term has a bracket open (:func:`_open_bracket`), so the
    term's own brackets would nest in it («(genbutsu (現物, genbutsu))»).  Then the Japanese follows
    a dash instead, its parts joined by commas as inside the brackets: an author's word in
    ``ja_ru`` «(genbutsu — 現物, genbutsu)», in ``full`` «(генбуцу — 現物, ゲンブツ, genbutsu)»
    (``ru_ja`` shows the word alone); a glossary name «(tile acceptance — 受け入れ, ukeire)» in
    ``ru_ja``, «(受け入れ, ukeire — Tile acceptance)» in ``ja_ru``, «(tile acceptance — 受け入れ,
    ウケイレ, ukeire)» in ``full``.  A dash rather than a comma: the word and its written form
    name one thing twice, they are not two items of a list (as the comma after them may be)."""
    try:
        term = app.glossary().term(span.value)
    except (KeyError, LookupError):
        return span.label or span.value
    mode, lang = app.settings.term_mode, app.settings.language
    if span.label:
        if mode not in ("ja_ru", "full"):
            return span.label
        return f"{span.label} — {term.japanese(mode)}" if in_brackets else f"{span.label} ({term.japanese(mode)})"
    shown = term.inline(mode, lang) if inline else term.display(mode, lang, plain=True)
    return _unbracketed(shown, term, mode) if in_brackets else shown


def _unbracketed(shown: str, term: Term, mode: str) -> str:
    """A glossary name as :meth:`~trainer.glossary.Term.display` shows it, with its bracketed
    Japanese written after a dash or a comma («укеире — 受け入れ, ukeire», «受け入れ, ukeire —
    укеире», «укеире — 受け入れ, ウケイレ, ukeire»); a form it does not recognise stays as it is."""
    japanese = term.japanese(mode)
    if mode == "ru_ja":
        bracketed = f" ({japanese})"
        return shown[:-len(bracketed)] + " — " + japanese if shown.endswith(bracketed) else shown
    if mode == "ja_ru":
        bracketed = f"{term.kanji} ({term.romaji})"
        return japanese + shown[len(bracketed):] if shown.startswith(bracketed) else shown
    reading = term.romaji if term.kana == term.kanji else f"{term.kana}, {term.romaji}"
    bracketed = f"{term.kanji} ({reading})"
    return shown[:-len(bracketed)] + japanese if shown.endswith(bracketed) else shown


def _open_bracket(before: str) -> bool:
    """True when ``before`` (the paragraph's plain text so far) leaves a round bracket open, so
    what follows is read inside it: «…71 (» or «(a safe tile, »; one closed again, «(71) », does
    not count, nor a stray closing one («1) first»)."""
    depth = 0
    for ch in before:
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
    return depth > 0


_SENTENCE_ENDS = ".!?•" + BR


def _starts_sentence(before: str) -> bool:
    """True when text following ``before`` (the plain text of the paragraph so far) opens a
    sentence: nothing before it, or a full stop, a hard line break or a bullet (after a colon a
    term starts small: «не считается: якухай», "you cannot ron: temporary furiten").  A
    single newline is a soft break inside a sentence (YAML block text), not an end."""
    tail = before.replace("\n", " ").rstrip(" ")
    return not tail or tail[-1] in _SENTENCE_ENDS


def layout_rich(app: AppContext, text: str, size: int, width: int, color: Color = P.ink, *,
                term_color: Color = P.term, tile_scale: float = 1.45) -> RichLayout:
    """Wrap and render rich lesson text ``width`` pixels wide at font ``size``."""
    s = app.settings
    key = (text, size, width, color, term_color, tile_scale, s.language, s.term_mode, s.tile_theme)
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    result = _layout(app, text, size, max(20, width), color, term_color, tile_scale)
    _CACHE[key] = result
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return result


def _layout(app: AppContext, text: str, size: int, width: int, color: Color, term_color: Color,
            tile_scale: float) -> RichLayout:
    lh = app.line_height(size)
    space = app.text_width(" ", size)
    tile_h = round(lh * tile_scale)
    tw = tile_art.tile_size(tile_h)[0]
    gap = max(1, tile_h // 20)
    paragraphs: list[list[_Atom]] = [[]]

    def add_words(chunk: str, *, bold: bool = False, term: str | None = None, col: Color = color) -> None:
        # A single newline inside a paragraph is a soft break (YAML block text): a space.
        chunk = chunk.replace("\n", " ").replace(BR, "\n")
        if chunk[:1] == " " and paragraphs[-1]:
            paragraphs[-1][-1].space_after = space
        for word, sp in _words(chunk):
            if word == "\n":
                paragraphs[-1].append(_Atom("break", 0, lh))
                continue
            pieces = _split_long(app, word, size, width, bold)
            for n, piece in enumerate(pieces):
                img = app.text_surface(piece, size, col, bold)
                paragraphs[-1].append(_Atom("word", img.get_width(), lh, img, term=term,
                                            breakable_after=n < len(pieces) - 1))
            paragraphs[-1][-1].space_after = space if sp else 0

    before = ""  # the paragraph's plain text so far: does a term open a sentence?
    for span in _spans(text):
        if span.kind == "paragraph":
            paragraphs.append([])
            before = ""
        elif span.kind == "text":
            add_words(span.value)
            before += span.value
        elif span.kind == "strong":
            add_words(span.value, bold=True)
            before += span.value
        elif span.kind == "term":
            label = _term_label(app, span, inline=not _starts_sentence(before), in_brackets=_open_bracket(before))
            add_words(label, term=span.value, col=term_color)
            before += label
        else:
            from trainer.ui.tileview import row_width, slots_for_text

            before += span.value
            slots = slots_for_text(span.value)
            h = tile_h
            while h > lh and row_width(slots, h, gap) > width:
                h -= 1
            atom = _Atom("tiles", row_width(slots, h, gap), h, tiles=span.value)
            paragraphs[-1].append(atom)

    lines: list[list[_Atom]] = []
    para_starts: set[int] = set()
    for pi, para in enumerate(paragraphs):
        if pi:
            para_starts.add(len(lines))
        lines.extend(wrap_atoms(para, width))
    para_gap = round(lh * 0.55)
    heights = [max([lh] + [a.height for a in ln]) for ln in lines]
    total = sum(heights) + para_gap * len(para_starts)
    surf = pygame.Surface((width, max(1, total)), pygame.SRCALPHA)
    terms: list[tuple[pygame.Rect, str]] = []
    spans: list[tuple[int, int]] = []
    y = 0
    for li, (ln, h) in enumerate(zip(lines, heights, strict=True)):
        if li in para_starts:
            y += para_gap
        spans.append((y, y + h))
        x = 0
        mid = y + h // 2
        for a in ln:
            if a.kind == "tiles":
                _draw_inline_tiles(app, surf, a, x, mid, gap, tw)
            elif a.surf is not None:
                r = a.surf.get_rect(midleft=(x, mid))
                surf.blit(a.surf, r)
                if a.term is not None:
                    uy = r.bottom - max(1, lh // 10)
                    for dx in range(0, a.width + (a.space_after if _next_is_same_term(ln, a) else 0), 4):
                        pygame.draw.line(surf, term_color, (x + dx, uy), (x + dx + 1, uy))
                    hit = pygame.Rect(x, y, a.width + a.space_after, h)
                    terms.append((hit, a.term))
            x += a.width + a.space_after
        y += h
    return RichLayout(surf, terms, spans)


def wrap_atoms(para: list[_Atom], width: int) -> list[list[_Atom]]:
    """Break one paragraph's atoms into lines at most ``width`` wide.  Atoms written without a
    space between them ("**bold**," or "{term:x}:") move to the next line together, so
    punctuation never starts a line on its own."""
    lines: list[list[_Atom]] = []
    line: list[_Atom] = []
    x = 0
    for a in para:
        if a.kind == "break":
            lines.append(line)
            line, x = [], 0
            continue
        if line and x + a.width > width:
            carry: list[_Atom] = []
            while len(line) > 1 and line[-1].space_after == 0 and not line[-1].breakable_after:
                carry.insert(0, line.pop())
            lines.append(line)
            line, x = carry, sum(c.width + c.space_after for c in carry)
        line.append(a)
        x += a.width + a.space_after
    lines.append(line)
    return lines


def _spans(text: str) -> list[Span]:
    """Parsed markup; text with broken markup is shown as plain text rather than failing."""
    try:
        return parse_rich(text)
    except RichTextError:
        return [Span("text", text.replace("{", "(").replace("}", ")"))]


def _next_is_same_term(line: list[_Atom], atom: _Atom) -> bool:
    i = line.index(atom)
    return i + 1 < len(line) and line[i + 1].term == atom.term


def _draw_inline_tiles(app: AppContext, surf: pygame.Surface, atom: _Atom, x: int, mid: int, gap: int, tw: int) -> None:
    from trainer.ui.tileview import slot_width, slots_for_text, tile_image

    h = atom.height
    # Centred on the line from the top down: a tile never reaches above its own line (the line is
    # at least as tall as the tile), so a window that shows whole lines shows no part of the next.
    top = mid - h // 2
    tw = tile_art.tile_size(h)[0]
    for s in slots_for_text(atom.tiles):
        x += round(s.gap * tw)
        img = tile_image(app, s, h)
        r = img.get_rect(bottomleft=(x, top + h))
        if r.top < top:  # an image taller than the tile (a sideways or stacked one): keep it in the line
            r.top = top
        surf.blit(img, r)
        x += slot_width(s, h) + gap


def _split_long(app: AppContext, word: str, size: int, width: int, bold: bool) -> list[str]:
    if app.text_width(word, size, bold) <= width:
        return [word]
    return app.wrap(word, size, width, bold)


def plain_text(text: str, app: AppContext) -> str:
    """Lesson markup flattened to plain text (terms as shown, tiles in MPSZ), for narrow places."""
    out = []
    before = ""  # the paragraph so far: does a term open a sentence?
    for span in _spans(text):
        if span.kind == "paragraph":
            out.append("\n")
            before = ""
            continue
        piece = (_term_label(app, span, inline=not _starts_sentence(before), in_brackets=_open_bracket(before))
                 if span.kind == "term" else span.value)
        out.append(piece)
        before += piece
    return "".join(out)
