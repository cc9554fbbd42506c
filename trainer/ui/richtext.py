"""Lesson prose on screen: words, inline tiles and glossary terms laid out in lines.

:func:`layout_rich` takes lesson text (the markup of :mod:`trainer.lessons.richtext`:
``{tiles:..}``, ``{hand:..}``, ``{term:id|word}``, ``**strong**``, blank-line
paragraphs), wraps it to a width and renders it once into a transparent surface.
Inline tiles sit on the text line (a little taller than the text); glossary terms
are drawn in the term colour with a dotted underline, and their rectangles are kept
so a click can open the term's card.  The result is cached, so a frame costs a blit.

One call renders one text block, and a block shows each term's Japanese once: the first
``{term:id}`` or ``{term:id|word}`` of an id shows it in the learner's display mode
(«объявление (鳴き, naki)»), later ones the word or name alone (see :func:`_term_label`).

A child's profile sees terms in its language alone (:func:`shown_term_mode`): «благородные
плитки», not «благородные плитки (字牌, jihai)»; the term's card still shows the Japanese.  A term
that is not Japanese (the glossary's ``japanese: false``, «Тибет») never shows any.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

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
    keep: bool = False  # no line break between this atom and the next, though a space parts them


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


def shown_term_mode(settings: Any) -> str:
    """The display mode terms show in for the learner of ``settings`` in running text and labels
    (lesson text, hints, seat labels, the glossary's list): the learner's ``term_mode``, or the
    name alone (:data:`trainer.glossary.NAME_MODE`, no kanji or romaji in brackets) for a child's
    profile."""
    from trainer.glossary import NAME_MODE

    # a child's profile as views.lesson_order.is_child reads it (a building block may not import views)
    return NAME_MODE if getattr(settings, "profile", "") == "child" else settings.term_mode


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


def _term_label(app: AppContext, span: Span, inline: bool = False, in_brackets: bool = False,
                seen: set[str] | None = None, before: str = "") -> str:
    """A term as the text shows it.  Its Japanese (written form and reading) shows once per text
    block — the first time the block names the term, whichever markup names it; ``seen`` holds
    the ids of the terms the block has shown so far and is updated (None: no block, as the first
    use).

    * ``{term:id|word}``, the author's inflected word: on first use followed by the written form
      and reading, in every mode that shows the Japanese (:meth:`~trainer.glossary.Term.shows_japanese`):
      «объявление (鳴き, naki)», "call (鳴き, naki)", in ``full`` «объявление (鳴き, ナキ, naki)»; a
      word that carries its own romaji gloss («slamming tiles (kyouda)») has it replaced by the
      Japanese, not doubled; a word with another gloss of its own takes the Japanese inside that
      bracket, after a dash («Half outside hand (chanta — 混全帯幺九, honchantaiyao)»); and where the
      written form stands just before the word (``before``, the paragraph so far: «槓 {term:kan|кан}»)
      only the reading follows, «槓 кан (kan)».  A word that already is the reading
      (:meth:`~trainer.glossary.Term.is_reading`: «genbutsu», «fuuro», «nuki dora») takes the
      written form alone: «genbutsu (現物)», «(genbutsu — 現物)».  Later in the block the word alone.
    * ``{term:id}``, the glossary's name: on first use in the learner's display mode, in running
      text without a bracketed explanation of the name (one set of brackets: «Shanten (向聴,
      shanten)», not «Shanten (tiles from ready) (向聴, shanten)»; the link opens the explanation)
      — inside a sentence (``inline``) with a small first letter for a common noun («you are not
      ready hand ...»).  Later in the block (after either markup) the name alone, without the
      Japanese (:meth:`~trainer.glossary.Term.word`): «… укеире (受け入れ, ukeire) … укеире …».

    An id the glossary does not know shows as it is.

    ``in_brackets``: the text around the term has a bracket open (:func:`_open_bracket`), so the
    term's own brackets would nest in it («(genbutsu (現物, genbutsu))»).  Then the Japanese follows
    a dash instead, its parts joined by commas as inside the brackets: an author's word «(генбуцу —
    現物, genbutsu)», in ``full`` «(генбуцу — 現物, ゲンブツ, genbutsu)»; a glossary name
    (``Term.display(bracketed=False)``) «(tile acceptance — 受け入れ, ukeire)» in ``ru_ja``,
    «(受け入れ, ukeire — Tile acceptance)» in ``ja_ru``, «(tile acceptance — 受け入れ, ウケイレ,
    ukeire)» in ``full``.  A dash rather than a comma: the word and its written form name one
    thing twice, they are not two items of a list (as the comma after them may be).

    A child's profile (:func:`shown_term_mode`) and a term that is not Japanese («Тибет») show the
    word or the name alone, every time."""
    try:
        term = app.glossary().term(span.value)
    except (KeyError, LookupError):
        return span.label or span.value
    mode, lang = shown_term_mode(app.settings), app.settings.language
    japanese = term.shows_japanese(mode)
    first = seen is None or term.id not in seen
    if seen is not None and japanese:
        seen.add(term.id)
    if span.label:
        return _word_with_japanese(term, span.label, mode, in_brackets, before) if japanese and first else span.label
    if not first:
        return term.word(lang, inline)
    if inline:
        return term.inline(mode, lang, bracketed=not in_brackets)
    return term.display(mode, lang, plain=True, bracketed=not in_brackets)


def _word_with_japanese(term: Term, word: str, mode: str, in_brackets: bool, before: str) -> str:
    """An author's word for ``term`` followed by the term's written form and reading (see
    :func:`_term_label`): «объявление (鳴き, naki)», in brackets «(генбуцу — 現物, genbutsu)»."""
    word = term.without_romaji_gloss(word)
    # A word that already is the reading is followed by the written form alone: «genbutsu (現物)»,
    # not «genbutsu (現物, genbutsu)».
    japanese = term.japanese(mode, reading=not term.is_reading(word))
    if before.rstrip().endswith(term.kanji):  # «吃 чи (chī)», not «吃 чи (吃, chī)»
        japanese = japanese[len(term.kanji):].lstrip(", ")
        if not japanese:
            return word  # «現物 genbutsu»: the written form and the reading are both there
    if in_brackets:
        return f"{word} — {japanese}"
    if word.endswith(")") and " (" in word:  # the word's own gloss: one bracket for both
        return f"{word[:-1]} — {japanese})"
    return f"{word} ({japanese})"


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
    key = (text, size, width, color, term_color, tile_scale, s.language, shown_term_mode(s), s.tile_theme)
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

    def add_words(chunk: str, *, bold: bool = False, term: str | None = None, col: Color = color,
                  keep: bool = False) -> None:
        """``keep``: the chunk's words stay on one line (a term's bracketed Japanese)."""
        # A single newline inside a paragraph is a soft break (YAML block text): a space.
        chunk = chunk.replace("\n", " ").replace(BR, "\n")
        if chunk[:1] == " " and paragraphs[-1]:
            paragraphs[-1][-1].space_after = space
        for word, sp in _words(chunk):
            if word == "\n":
                paragraphs[-1].append(_Atom("break", 0, lh))
                continue
            prev = paragraphs[-1][-1] if paragraphs[-1] else None
            if prev is not None and prev.kind != "break" and _stays_after(word, prev):
                prev.keep = True  # «Two Concealed Pungs (…) 2 ·», not «… (…) / 2 ·» nor «16 / · All Chows»
            pieces = _split_long(app, word, size, width, bold)
            for n, piece in enumerate(pieces):
                img = app.text_surface(piece, size, col, bold)
                paragraphs[-1].append(_Atom("word", img.get_width(), lh, img, term=term,
                                            breakable_after=n < len(pieces) - 1, keep=keep))
            paragraphs[-1][-1].space_after = space if sp else 0
        if keep and paragraphs[-1]:
            paragraphs[-1][-1].keep = False

    for span, shown in _shown_spans(app, text):
        if span.kind == "paragraph":
            paragraphs.append([])
        elif span.kind == "text":
            add_words(shown)
        elif span.kind == "strong":
            add_words(shown, bold=True)
        elif span.kind == "term":
            head, reading, tail = _reading_part(app, span.value, shown)
            if reading and app.text_width(reading, size) > width * _KEEP_SHARE:
                head, reading, tail = shown, "", ""  # too long to keep whole: it breaks like any words
            for part, keep in ((head, False), (reading, True), (tail, False)):
                if part:
                    add_words(part, term=span.value, col=term_color, keep=keep)
        else:
            from trainer.ui.tileview import row_width, slots_for_text

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
    punctuation never starts a line on its own; so do atoms joined by ``keep`` (a term's bracketed
    reading, «(七对, qī duì)»; a number after its term; a word before a lone «·» or «—»)."""
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
            while len(line) > 1 and (line[-1].space_after == 0 or line[-1].keep) and not line[-1].breakable_after:
                carry.insert(0, line.pop())
            lines.append(line)
            line, x = carry, sum(c.width + c.space_after for c in carry)
        line.append(a)
        x += a.width + a.space_after
    lines.append(line)
    return lines


_KEEP_SHARE = 0.8
"""A term's bracketed Japanese is kept on one line when it takes at most this share of the width;
a longer one breaks like other words, so it never leaves a line mostly empty."""
_NUMBER_RE = re.compile(r"[−+\-–]?\d[\d.,×]*[.,;:)]?")
_NO_LINE_START = frozenset({"·", "—", "–", "=", "→", "×"})
"""Lone signs that never start a line: a list's «·», a dash, the signs of a sum."""


def _stays_after(word: str, prev: _Atom) -> bool:
    """True when no line break may come between ``prev`` (the atom before) and ``word``: a sign
    that never starts a line, or a number right after a glossary term (a fan and its points)."""
    return word in _NO_LINE_START or (prev.term is not None and _NUMBER_RE.fullmatch(word) is not None)


def _reading_part(app: AppContext, term_id: str, shown: str) -> tuple[str, str, str]:
    """``shown`` (a term as :func:`_term_label` words it) split into the words before its Japanese,
    the Japanese — written form and reading, with their bracket — and the words after it:
    «Seven Pairs », «(七对, qī duì)», «»; «genbutsu — », «現物, genbutsu», «»; «», «立直 (rīchi)»,
    « — Риичи».  A line may break before or after the Japanese but not inside it.  The middle part
    is empty when there is no Japanese with a space in it."""
    try:
        term = app.glossary().term(term_id)
    except (KeyError, LookupError):
        return shown, "", ""
    start = shown.find(term.kanji)
    if start < 0:  # «槓 кан (kan)»: the written form stands before the term, the reading alone follows
        start = shown.find("(" + term.romaji)
    elif start > 0 and shown[start - 1] == "(":
        start -= 1
    if start < 0:
        return shown, "", ""
    end = shown.find(term.romaji, start)
    if end >= 0:
        end += len(term.romaji)
        end += shown[end:end + 1] == ")"
    else:
        close = shown.find(")", start)
        end = close + 1 if close >= 0 else len(shown)
    reading = shown[start:end]
    if " " not in reading:
        return shown, "", ""
    return shown[:start], reading, shown[end:]


def _shown_spans(app: AppContext, text: str) -> Iterator[tuple[Span, str]]:
    """Each span of one text block with the text it shows (a tile span: its MPSZ; a paragraph
    break: ""): terms as :func:`_term_label` words them, each term's Japanese once per block.
    A term whose bracket is followed at once by the author's own bracket shares it, the two parts
    after a semicolon — «Два панга драконов (双箭刻, shuāng jiàn kè; 6 очков)», not «… (双箭刻,
    shuāng jiàn kè) (6 очков)»."""
    spans = _spans(text)
    before = ""  # the paragraph's plain text so far: does a term open a sentence, is a bracket open?
    seen: set[str] = set()  # the terms the block has shown with their Japanese
    shared = False  # the previous term left its bracket open for the author's bracket that follows
    for i, span in enumerate(spans):
        shown = span.value
        if span.kind == "paragraph":
            before, shown = "", ""
        elif span.kind == "term":
            shown = _term_label(app, span, inline=not _starts_sentence(before), in_brackets=_open_bracket(before),
                                seen=seen, before=before)
            after = spans[i + 1] if i + 1 < len(spans) else None
            shared = (shown.endswith(")") and after is not None and after.kind == "text"
                      and after.value.startswith(" (") and not after.value.startswith(" ()"))
            if shared:
                shown = shown[:-1]
        elif shared:
            shown = "; " + span.value[2:]
            shared = False
        before += shown
        yield span, shown


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
    return "".join("\n" if span.kind == "paragraph" else shown for span, shown in _shown_spans(app, text))
