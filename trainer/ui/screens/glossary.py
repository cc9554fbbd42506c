"""The glossary screen: search every mahjong term in Russian, kanji, kana or romaji.

Left: a search box and the matching terms (as the learner's display-mode setting
shows them: «Риичи (立直, rīchi)», «立直 (rīchi) — Риичи» or with the kana reading).
Right: the chosen term in full — kanji, kana, romaji, the Russian and English
names, its category, the explanation, other spellings (no Cyrillic ones on an English
card) and the rulebook and line it comes from — with the tile itself for tile terms (一萬, 發 ...).

Keys: type to search (any script; the field has focus), Up/Down/PageUp/PageDown
pick a term, Enter moves into the list, where Left/Right jump between categories
and Home/End go to the ends; Esc clears the search first and leaves the screen second.
A card taller than its pane (a small window) scrolls and says so at its bottom: the wheel
over it, a click on it, or Tab to it and Up/Down/PageUp/PageDown/Home/End.

A child's profile (:func:`is_child`) lists first the terms with a children's line, shows that
line first, and leaves out the grown-ups' other spellings (English, jargon) and cross-references
(«Тройка (коцу)» where the children say «тройняшки»); a search still finds them.  Its list and
the card's title name each term by the children's lessons' own word where the glossary has one
(:meth:`~trainer.glossary.Term.child_name`: «Тройняшки», «Белый дракон»), else by its name without
a bracketed gloss («Пара», not «Пара (тойцу)»); the card keeps the written form and reading.  A term that is not Japanese («Тибет») has no Japanese on its card.
``app.push("glossary", term="riichi")`` opens with a term chosen (clickable terms
in lessons); ``query="..."`` starts with a search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from trainer.engine.notation import parse_tiles
from trainer.engine.tiles import Tile
from trainer.i18n import N_, _, ngettext, pgettext
from trainer.ui import tile_art
from trainer.ui.registry import register_screen
from trainer.ui.richtext import shown_term_mode
from trainer.ui.screens.base import Screen
from trainer.ui.sources import source_text
from trainer.ui.theme import PALETTE, Color
from trainer.ui.views.lesson_order import is_child
from trainer.ui.views.search_field import SearchField
from trainer.ui.views.term_card import child_japanese_line
from trainer.ui.widgets import Widget, blit_text, draw_focus_ring, draw_panel

if TYPE_CHECKING:
    from trainer.glossary import Term
    from trainer.ui.context import AppContext

P = PALETTE
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
"""A Russian spelling: the English card leaves it out of "Also written"."""

# Category labels shown in the detail pane (ids from trainer.glossary.CATEGORIES).
CATEGORY_LABELS: dict[str, str] = {
    "general": N_("General"),
    "tile": N_("Tile"),
    "suit": N_("Suit"),
    "tile_group": N_("Tile group"),
    "wind": N_("Winds"),
    "dragon": N_("Dragons"),
    "seat": N_("Players and seats"),
    "table": N_("Table and wall"),
    "game_flow": N_("Course of the game"),
    "call": N_("Draws, discards and calls"),
    "meld": N_("Sets and shapes"),
    "hand": N_("State of a hand"),
    "wait": N_("Waits"),
    "yaku": N_("Yaku"),
    "fu": N_("Fu"),
    "limit": N_("Limit hands"),
    "scoring": N_("Scoring"),
    "dora": N_("Dora"),
    "furiten": N_("Furiten"),
    "draw": N_("Draws (no winner)"),
    "penalty": N_("Penalties"),
    "rule": N_("Rule options"),
    "strategy": N_("Strategy"),
    "training": N_("Training variants"),
    "manners": N_("Table manners"),
}

CHILD_SECTIONS: dict[str, str] = {
    # TRANSLATORS: a heading in a child's glossary list, over the words of the children's lessons (ru «ты»)
    "child_words": N_("Words from your lessons"),
    # TRANSLATORS: a heading in a child's glossary list, over the other terms (the grown-ups' game)
    "grown_up_words": N_("More words, for grown-ups"),
}
"""The two parts of a child's glossary list, browsed: the children's lessons' words, then the rest."""

_NUMERALS = tile_art.MAN_NUMERALS
_SUIT_CHARS = "萬筒索"  # man, pin, sou as printed in tile names (一萬, 五筒, 九索)


def term_tiles(term: Term) -> list[Tile]:
    """The tiles that picture a term: its glossary ``tiles:`` (a set, a wait, a yaku's hand), else
    read from its kanji: 一萬..九索 one tile, 東..中 one honor, 萬子/筒子/索子 the nine tiles of the
    suit; other terms have no picture."""
    if term.tiles:
        return list(parse_tiles(re.sub(r"[()\[\]]", "", term.tiles)))
    k = term.kanji
    if len(k) == 1 and k in tile_art.HONOR_CHARS:
        return [Tile(27 + tile_art.HONOR_CHARS.index(k))]
    if len(k) == 2 and k[0] in _NUMERALS and k[1] in _SUIT_CHARS:
        return [Tile(_SUIT_CHARS.index(k[1]) * 9 + _NUMERALS.index(k[0]))]
    if len(k) == 2 and k[0] in _SUIT_CHARS and k[1] == "子":
        return [Tile(_SUIT_CHARS.index(k[0]) * 9 + r) for r in range(9)]
    return []


def _japanese_head(term: Term) -> list[tuple[str, str, Color, bool]]:
    """The card's head lines with the term's Japanese — the written form large, the reading under
    it — as (text, size, colour, bold); none for a name that is not a Japanese term («Тибет»: its
    explanation says what the katakana is)."""
    if not term.is_japanese:
        return []
    reading = term.romaji if term.kana == term.kanji else f"{term.kana} · {term.romaji}"
    return [(term.kanji, "hero", P.ink, True), (reading, "large", P.ink_muted, False)]


def says_the_same(child_words: str, grown_up_words: str) -> bool:
    """Whether the grown-ups' explanation only repeats the child's («Пара — две одинаковые
    плитки.» and «Две одинаковые плитки.»): its words, in order, are all in the child's."""
    def words(text: str) -> list[str]:
        return re.findall(r"\w+", text.lower())

    theirs, mine = words(grown_up_words), " ".join(words(child_words))
    return bool(theirs) and f" {' '.join(theirs)} " in f" {mine} "


@dataclass(frozen=True, slots=True)
class DetailLine:
    """One line of the detail pane: text, font size name, colour, bold, extra space above."""

    text: str
    size: str
    color: Color
    bold: bool = False
    gap_before: int = 0


class TermDetail(Widget):
    """The chosen term's card, the right pane (drawn by :meth:`GlossaryScreen.draw_detail`).

    It takes the focus (Tab, a click) only while the card is taller than its pane: then Up/Down,
    PageUp/PageDown and Home/End scroll it, and a click turns the page (at the end: back to the top)."""

    def __init__(self, screen: GlossaryScreen) -> None:
        super().__init__()
        self.screen = screen

    @property  # type: ignore[override]
    def focusable(self) -> bool:
        """Only a card with more to read than its pane shows is worth the focus."""
        return self.screen.detail_overflows()

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """The scrolling keys move the card."""
        return self.screen.scroll_detail_key(ev.key)

    def click(self, pos: tuple[int, int]) -> None:
        """A click on a long card shows its next part, or its start again from the end."""
        self.screen.turn_detail_page()

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """The card, with a focus ring while its keys scroll it."""
        self.screen.draw_detail(surf, focused)


class ResultList(Widget):
    """The matching terms, one per row; Up/Down/PageUp/PageDown/Home/End and clicks choose one."""

    def __init__(self, screen: GlossaryScreen) -> None:
        super().__init__()
        self.screen = screen

    def row_height(self, app: AppContext) -> int:
        """Pixels per row."""
        return app.line_height(app.layout.font("body")) + app.layout.px(14)

    def visible_rows(self, app: AppContext) -> int:
        """How many whole rows fit."""
        return max(1, (self.rect.height - 2 * app.layout.px(6)) // self.row_height(app))

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Navigation keys move the choice."""
        return self.screen.navigate(ev.key)

    def click(self, pos: tuple[int, int]) -> None:
        """Choose the row under the mouse."""
        app = self.screen.app
        row = (pos[1] - self.rect.top - app.layout.px(6)) // self.row_height(app)
        position = self.screen.list_top + row
        if 0 <= row and position < len(self.screen.rows):
            kind, value = self.screen.rows[position]
            if kind == "term":
                self.screen.select(int(value))

    def draw(self, surf: pygame.Surface, app: AppContext, focused: bool) -> None:
        """The rows on a paper panel; the chosen row highlighted, a scroll bar when needed."""
        L = app.layout
        s = self.screen
        rad = L.px(12)
        draw_panel(surf, self.rect, P.card, rad, shadow=L.px(3), border=P.card_edge)
        inner = self.rect.inflate(-2 * L.px(6), -2 * L.px(6))
        rh = self.row_height(app)
        size = L.font("body")
        if not s.results:
            if s.error is not None:
                msg = _("The glossary file could not be read.")
            elif s.query.strip():
                msg = _("Nothing found for “{query}”.").format(query=s.query.strip())
            else:
                msg = _("The glossary is empty.")
            lines = app.wrap(msg, size, inner.width - L.px(24))
            for i, line in enumerate(lines):
                blit_text(surf, app, line, size, P.ink_muted, (inner.left + L.px(12), inner.top + L.px(12) + i * rh))
            return
        rows = self.visible_rows(app)
        bar_w = L.px(6) if len(s.rows) > rows else 0
        mode, lang = shown_term_mode(app.settings), app.settings.language  # a child's list: names alone
        child = is_child(app.settings)
        for i in range(rows):
            position = s.list_top + i
            if position >= len(s.rows):
                break
            kind, value = s.rows[position]
            row = pygame.Rect(inner.left, inner.top + i * rh, inner.width - bar_w - (L.px(4) if bar_w else 0), rh)
            if kind == "category":
                # A category heading while browsing: small caps-like label with a rule under it.
                label = _(CATEGORY_LABELS.get(str(value)) or CHILD_SECTIONS.get(str(value), str(value)))
                r = blit_text(surf, app, label, L.font("small"), P.term, (row.left + L.px(12), row.bottom - L.px(8)),
                              anchor="bottomleft", bold=True, max_width=row.width - L.px(24))
                pygame.draw.line(surf, P.card_edge, (r.right + L.px(10), r.centery),
                                 (row.right - L.px(12), r.centery), max(1, L.px(1)))
                continue
            index = int(value)
            term = s.results[index]
            if index == s.selected:
                pygame.draw.rect(surf, P.accent if focused else P.card_alt, row, border_radius=L.px(8))
            # a child reads the children's lessons' word («Тройняшки», «Белый дракон»), or the name
            # without its bracketed gloss («Пара», not «Пара (тойцу)»)
            text = term.child_name(lang) if child else term.display(mode, lang)
            room = row.width - L.px(24)
            # a long name steps down to the small size before it is cut short
            fit = size if app.text_width(text, size) <= room else L.font("small")
            blit_text(surf, app, text, fit, P.on_accent if index == s.selected and focused else P.ink,
                      (row.left + L.px(12), row.centery), anchor="midleft", max_width=room)
        if bar_w:
            track = pygame.Rect(inner.right - bar_w, inner.top, bar_w, inner.height)
            pygame.draw.rect(surf, P.card_alt, track, border_radius=bar_w // 2)
            total = len(s.rows)
            h = max(L.px(24), track.height * rows // total)
            top = track.top + (track.height - h) * s.list_top // max(1, total - rows)
            pygame.draw.rect(surf, P.card_edge, pygame.Rect(track.left, top, bar_w, h), border_radius=bar_w // 2)
        if focused:
            draw_focus_ring(surf, self.rect, rad, L.px(2))


@register_screen("glossary")
class GlossaryScreen(Screen):
    """Search and read the glossary of mahjong terms."""

    rebuild_on_enter = False  # coming back from another screen keeps the query and the choice

    def __init__(self, app: AppContext, **params: Any) -> None:
        super().__init__(app, **params)
        self.query: str = str(params.get("query", ""))
        self.results: list[Term] = []
        # What the list shows, top to bottom: ("term", index in results) or ("category", id) headings.
        self.rows: list[tuple[str, int | str]] = []
        self.row_of: list[int] = []  # row position of each result
        self.selected = 0
        self.list_top = 0  # first visible row position
        self.field: SearchField | None = None
        self.list: ResultList | None = None
        self.card: TermDetail | None = None
        self.detail_rect = pygame.Rect(0, 0, 0, 0)
        self.detail_top = 0  # the first line of the chosen term's card shown (a long card scrolls)
        self.error: str | None = None  # why the glossary file could not be read
        self._run_search()
        wanted = params.get("term")
        if wanted:
            self.show_term(str(wanted))

    # ---------------------------------------------------------------- data

    def _glossary(self) -> Any:
        """The app's glossary, or None (with :attr:`error` set) when its file is broken."""
        from trainer.glossary import GlossaryError

        try:
            glossary = self.app.glossary()
        except (GlossaryError, OSError) as e:
            self.error = str(e)
            return None
        self.error = None
        return glossary

    def _run_search(self) -> None:
        q = self.query.strip()
        glossary = self._glossary()
        if glossary is None:
            self.results = []
        elif q:
            self.results = glossary.search(q)
            if is_child(self.app.settings):
                # a child's search shows first the words the children's lessons use («пара»: the
                # pair of the children's lessons before the grown-ups' «пара руки» terms)
                self.results.sort(key=lambda t: not t.child_explanation(self.app.settings.language))
        else:
            # Browsing: every term, grouped by category (in the glossary's category order).
            from trainer.glossary import CATEGORIES

            order = {c: i for i, c in enumerate(CATEGORIES)}
            self.results = sorted(glossary, key=lambda t: order.get(t.category, len(order)))
            if is_child(self.app.settings):  # the children's lessons' words first, then the grown-ups'
                self.results.sort(key=lambda t: self._section(t) != "child_words")
        self.rows, self.row_of = [], []
        for i, term in enumerate(self.results):
            if not q and (i == 0 or self._section(self.results[i - 1]) != self._section(term)):
                self.rows.append(("category", self._section(term)))
            self.row_of.append(len(self.rows))
            self.rows.append(("term", i))
        self.selected = 0
        self.list_top = 0
        self.detail_top = 0

    def _section(self, term: Term) -> str:
        """The heading a browsed term is listed under: its category, or for a child whether the
        children's lessons use it (:data:`CHILD_SECTIONS`)."""
        if not is_child(self.app.settings):
            return term.category
        return "child_words" if term.child_explanation(self.app.settings.language) else "grown_up_words"

    def show_term(self, term_id: str) -> None:
        """Choose the term with this id (or alias); a search that hides it is cleared first."""
        glossary = self._glossary()
        if glossary is None:
            return
        if not glossary.has(term_id):
            self.app.notify(_("No glossary term “{id}”.").format(id=term_id), "warn")
            return
        term = glossary.term(term_id)
        if term not in self.results:
            self.query = ""
            if self.field is not None:
                self.field.text, self.field.cursor = "", 0
            self._run_search()
        self.select(self.results.index(term))

    @property
    def current(self) -> Term | None:
        """The chosen term, if any term matches."""
        return self.results[self.selected] if 0 <= self.selected < len(self.results) else None

    def _on_query(self, text: str) -> None:
        self.query = text
        self._run_search()
        self.app.invalidate()

    def select(self, index: int) -> None:
        """Choose result number ``index`` and scroll it into view."""
        if not self.results:
            return
        chosen = max(0, min(len(self.results) - 1, index))
        if chosen != self.selected:
            self.detail_top = 0  # another term's card starts at its top
        self.selected = chosen
        rows = self.list.visible_rows(self.app) if self.list is not None and self.list.rect.height else 10
        position = self.row_of[self.selected]
        # Keep a category heading directly above the chosen term in view too.
        top_needed = position - 1 if position > 0 and self.rows[position - 1][0] == "category" else position
        if top_needed < self.list_top:
            self.list_top = top_needed
        elif position >= self.list_top + rows:
            self.list_top = position - rows + 1
        self.app.invalidate()

    def navigate(self, key: int) -> bool:
        """Up/Down/PageUp/PageDown/Home(list)/End(list) move the choice; True when handled."""
        rows = self.list.visible_rows(self.app) if self.list is not None else 10
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -rows, pygame.K_PAGEDOWN: rows}.get(key)
        if step is not None:
            self.select(self.selected + step)
            return True
        if self.focused_widget() is self.list and key in (pygame.K_HOME, pygame.K_END):
            self.select(0 if key == pygame.K_HOME else len(self.results) - 1)
            return True
        if self.focused_widget() is self.list and key in (pygame.K_LEFT, pygame.K_RIGHT) and self.results:
            # Left/Right: the first term of the previous / next category.
            starts = [i for i, t in enumerate(self.results) if i == 0 or self.results[i - 1].category != t.category]
            current = max(i for i in starts if i <= self.selected)
            if key == pygame.K_RIGHT:
                later = [i for i in starts if i > self.selected]
                self.select(later[0] if later else self.selected)
            else:
                earlier = [i for i in starts if i < current]
                self.select(current if self.selected != current else (earlier[-1] if earlier else current))
            return True
        return False

    # ---------------------------------------------------------------- screen hooks

    def title(self) -> str:
        """Header: the screen's name."""
        return _("Glossary")

    def header_extra(self) -> str:
        """Header, right: how many terms match."""
        n = len(self.results)
        return ngettext("{n} term", "{n} terms", n).format(n=n)

    def build(self) -> None:
        """The search box (focused first) and the result list."""
        # a child searches by the names alone: no scripts named to a child
        placeholder = pgettext("a child's glossary search box", "Search") if is_child(self.app.settings) \
            else _("Search: a name, 漢字, かな or romaji")
        self.field = self.add(SearchField(self.query, self._on_query, placeholder))
        self.list = self.add(ResultList(self))
        self.card = self.add(TermDetail(self))

    def initial_focus(self) -> int | None:
        """Typing goes straight into the search box."""
        return self.widgets.index(self.field) if self.field is not None else None

    def enter(self) -> None:
        """Make sure typed text arrives as TEXTINPUT events (any keyboard layout, IMEs)."""
        pygame.key.start_text_input()
        super().enter()

    def layout(self) -> None:
        """Search box and list on the left (half the width: long names fit), the term on the right."""
        L = self.app.layout
        area = L.content()
        gap = L.px(20)
        # half the width where the term's card still has room for the longest one (from about
        # 1,200 px up); a smaller window gives the card more (tested: no term overflows it)
        share = 0.5 if area.width >= 1150 else 0.42
        left_w = max(L.px(360), int(area.width * share))
        assert self.field is not None and self.list is not None
        self.field.rect = pygame.Rect(area.left, area.top, left_w, L.px(56))
        self.list.rect = pygame.Rect(area.left, self.field.rect.bottom + L.px(12), left_w,
                                     area.bottom - self.field.rect.bottom - L.px(12))
        self.detail_rect = pygame.Rect(area.left + left_w + gap, area.top, area.width - left_w - gap, area.height)
        assert self.card is not None
        self.card.rect = self.detail_rect
        pygame.key.set_text_input_rect(self.field.rect)
        self.select(self.selected)

    def handle_event(self, ev: pygame.event.Event) -> None:
        """Typed text goes into the search box; the wheel over a long card scrolls the card;
        everything else is the usual handling."""
        if ev.type == pygame.TEXTINPUT and self.dialog is None and self.field is not None:
            if self.focused_widget() is not self.field:
                self.set_focus(self.field)
            self.field.insert(ev.text)
            self.app.invalidate()
            return
        if ev.type == pygame.MOUSEWHEEL and self.dialog is None and self.card is not None \
                and self.card.hovered and self.detail_overflows():
            self.scroll_detail(-3 * ev.y)
            return
        super().handle_event(ev)

    def on_key(self, ev: pygame.event.Event) -> bool:
        """Up/Down pick a term even while typing (they scroll a long card that has the focus);
        Esc clears the search before leaving."""
        if self.card is not None and self.focused_widget() is self.card and self.scroll_detail_key(ev.key):
            return True
        if ev.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return self.navigate(ev.key)
        if ev.key == pygame.K_ESCAPE and self.query and self.field is not None:
            self.field.set_text("")
            return True
        return False

    def submit(self) -> bool:
        """Enter in the search box moves to the list."""
        if self.focused_widget() is self.field and self.list is not None and self.results:
            self.set_focus(self.list)
            return True
        return False

    def scroll(self, dy: int) -> None:
        """The mouse wheel scrolls the result list (not the page)."""
        if self.list is None or not self.results:
            return
        rows = self.list.visible_rows(self.app)
        step = 3 if dy > 0 else -3
        self.list_top = max(0, min(max(0, len(self.rows) - rows), self.list_top + step))
        self.app.invalidate()

    # ---------------------------------------------------------------- the detail pane

    def detail_height(self, lines: list[DetailLine]) -> int:
        """The height in pixels that ``lines`` take in the detail pane, gaps included."""
        L = self.app.layout
        return sum(line.gap_before + self.app.line_height(L.font(line.size)) for line in lines)

    def detail_lines(self, term: Term, width: int, room: int | None = None) -> list[DetailLine]:
        """The detail pane's lines for ``term``, each already wrapped to ``width`` pixels.

        The order follows the display mode: Russian (interface-language) name first for
        ``ru_ja``, the Japanese first for ``ja_ru``; ``full`` adds the other language's name.
        Given the pane's ``room`` (pixels of height), a term whose lines would not fit gets
        half the space between them (the full mode at 1024x600: «кан», «дора»).
        """
        lines = self._detail_lines(term, width, 1.0)
        if room is not None and self.detail_height(lines) > room:
            lines = self._detail_lines(term, width, 0.5)
        return lines

    def _detail_lines(self, term: Term, width: int, spacing: float) -> list[DetailLine]:
        """:meth:`detail_lines` with the space between lines scaled by ``spacing``."""
        app = self.app
        L = app.layout
        lang, mode = app.settings.language, app.settings.term_mode
        out: list[DetailLine] = []

        def add(text: str, size: str, color: Color, bold: bool = False, gap: int = 0) -> None:
            for i, line in enumerate(app.wrap(text, L.font(size), width, bold)):
                out.append(DetailLine(line, size, color, bold, round(gap * spacing) if i == 0 else 0))

        child = is_child(app.settings)
        title = term.child_name(lang) if child else term.name(lang)  # as the child's list names it
        name = [(title, "h2", P.ink, True)]
        if child:  # no big kanji: one small line under the name says how the grown-ups write it
            written = child_japanese_line(term, mode, lang)
            head = name + ([(written, "body", P.ink_muted, False)] if written else [])
        else:
            japanese = _japanese_head(term)
            head = japanese + name if mode == "ja_ru" else name + japanese
        for i, (text, size, color, bold) in enumerate(head):
            add(text, size, color, bold, L.px(6) if i else 0)
        if mode == "full":
            other = "en" if lang == "ru" else "ru"
            label = _("In English") if other == "en" else _("In Russian")
            add(f"{label}: {term.name(other)}", "body", P.ink_muted, gap=L.px(4))
        category = CATEGORY_LABELS.get(term.category)
        if category:
            add(_(category), "small", P.term, True, L.px(14))
        kid = term.child_explanation(lang) if child else ""
        if kid:  # a child's profile: the children's words first, the grown-ups' definition after them
            add(kid, "body", P.ink, gap=L.px(10))
            if not says_the_same(kid, term.explanation(lang)):
                add(_("For grown-ups: {text}").format(text=term.explanation(lang)), "small", P.ink_muted,
                    gap=L.px(8))
        else:
            add(term.explanation(lang), "body", P.ink, gap=L.px(10))
        spellings = term.alt if lang == "ru" else [a for a in term.alt if not CYRILLIC.search(a)]
        if spellings and not child:  # an English card lists no Russian spellings; a child's card none
            add(_("Also written: {spellings}").format(spellings=", ".join(spellings)), "small", P.ink_muted,
                gap=L.px(12))
        if term.see and not child:  # the grown-ups' names («Тройка (коцу)»), not the children's words
            g = app.glossary()
            names = ", ".join(g.term(ref).name(lang) for ref in term.see if g.has(ref))
            add(_("See also: {terms}").format(terms=names), "small", P.ink_muted, gap=L.px(10))
        if term.coined and not child:
            add(_("A word of the rulebook's own, not in common use."), "small", P.ink_muted, gap=L.px(6))
        if not child:  # where a rulebook says it is for the grown-ups who check it
            add(_("Source: {where}").format(where=source_text(term.seed)), "tiny", P.ink_muted, gap=L.px(10))
        return out

    def draw_content(self, surf: pygame.Surface) -> None:
        """Nothing besides the widgets: the card is the :class:`TermDetail` widget."""

    def _detail_layout(self) -> tuple[pygame.Rect, list[Tile], int, int, list[DetailLine]] | None:
        """The chosen term's card laid out: the pane's inner rect, the term's tiles, the text width,
        the bottom of the text (above a row of tiles) and the wrapped lines; None without a term."""
        app = self.app
        L = app.layout
        term = self.current
        if term is None or self.error is not None or self.detail_rect.width <= 0:
            return None
        inner = self.detail_rect.inflate(-2 * L.px(28), -2 * L.px(28))
        tiles = term_tiles(term)
        text_w, tiles_h = inner.width, 0
        if len(tiles) == 1:
            text_w = inner.width - tile_art.tile_size(L.px(110))[0] - L.px(20)
        elif tiles:
            tiles_h = self._tiles_height(tiles, inner.width) + L.px(16)
        bottom = inner.bottom - tiles_h
        return inner, tiles, text_w, bottom, self.detail_lines(term, text_w, bottom - inner.top)

    def _tiles_height(self, tiles: list[Tile], width: int) -> int:
        """The height of a row of several tiles at the bottom of the card."""
        L = self.app.layout
        return min(L.px(72), int((width - (len(tiles) - 1) * L.px(4)) / len(tiles) / 0.75))

    def _hint_height(self) -> int:
        """The room of the «more below» line at the bottom of a long card."""
        return self.app.line_height(self.app.layout.font("small")) + self.app.layout.px(6)

    def _lines_shown(self, lines: list[DetailLine], top: int, room: int) -> int:
        """How many lines from line ``top`` on fit ``room`` pixels (the first one's gap left out)."""
        L = self.app.layout
        used = shown = 0
        for i in range(top, len(lines)):
            h = (lines[i].gap_before if i > top else 0) + self.app.line_height(L.font(lines[i].size))
            if used + h > room:
                break
            used += h
            shown += 1
        return max(1, shown)

    def detail_overflows(self) -> bool:
        """Whether the chosen term's card is taller than its pane (it scrolls then)."""
        laid = self._detail_layout()
        if laid is None:
            return False
        inner, _tiles, _w, bottom, lines = laid
        return self.detail_height(lines) > bottom - inner.top

    def _detail_max_top(self) -> int:
        """The last useful first line: from it on the rest of the card fits above the hint."""
        laid = self._detail_layout()
        if laid is None:
            return 0
        inner, _tiles, _w, bottom, lines = laid
        room = bottom - inner.top - self._hint_height()
        top = len(lines) - 1
        while top > 0 and self._lines_shown(lines, top - 1, room) >= len(lines) - (top - 1):
            top -= 1
        return top

    def scroll_detail(self, lines: int) -> None:
        """Scroll the long card by ``lines`` lines (positive: further down)."""
        new = max(0, min(self._detail_max_top(), self.detail_top + lines))
        if new != self.detail_top:
            self.detail_top = new
            self.app.invalidate()

    def detail_page(self) -> int:
        """How many lines the card shows at once from where it is scrolled (a page step)."""
        laid = self._detail_layout()
        if laid is None:
            return 1
        inner, _tiles, _w, bottom, lines = laid
        return self._lines_shown(lines, min(self.detail_top, len(lines) - 1), bottom - inner.top - self._hint_height())

    def scroll_detail_key(self, key: int) -> bool:
        """Up/Down, PageUp/PageDown and Home/End on a long card scroll it; True when handled."""
        if not self.detail_overflows():
            return False
        page = max(1, self.detail_page() - 1)
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
        if key in steps:
            self.scroll_detail(steps[key])
        elif key == pygame.K_HOME:
            self.scroll_detail(-self.detail_top)
        elif key == pygame.K_END:
            self.scroll_detail(self._detail_max_top())
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.turn_detail_page()
        else:
            return False
        return True

    def turn_detail_page(self) -> None:
        """Show the long card's next part; from its end, its start again."""
        if not self.detail_overflows():
            return
        if self.detail_top >= self._detail_max_top():
            self.detail_top = 0
            self.app.invalidate()
        else:
            self.scroll_detail(max(1, self.detail_page() - 1))

    def draw_detail(self, surf: pygame.Surface, focused: bool = False) -> None:
        """The detail pane of the chosen term: a card taller than the pane shows the part scrolled
        to, a scroll bar, and at its bottom how to see the rest («↓ Это не всё…»)."""
        app = self.app
        L = app.layout
        rect = self.detail_rect
        if rect.width <= 0:
            return
        draw_panel(surf, rect, P.card, L.px(16), shadow=L.px(4), border=P.card_edge)
        term = self.current
        pad = L.px(28)
        inner = rect.inflate(-2 * pad, -2 * pad)
        if self.error is not None:
            y = inner.top
            for text, colour, bold in ((_("The glossary file could not be read."), P.wrong, True),
                                       (self.error, P.ink, False)):
                for line in app.wrap(text, L.font("body"), inner.width, bold):
                    blit_text(surf, app, line, L.font("body"), colour, (inner.left, y), bold=bold)
                    y += app.line_height(L.font("body"))
                y += L.px(10)
            return
        if term is None:  # nothing typed yet, or nothing found for the word typed
            text = _("Try another word: a name in Russian or English, kanji, kana or romaji.") if self.query.strip() \
                else _("Type a word to search the glossary.")
            for line in app.wrap(text, L.font("body"), inner.width):
                blit_text(surf, app, line, L.font("body"), P.ink_muted, inner.topleft, max_width=inner.width)
                inner.top += app.line_height(L.font("body"))
            return
        laid = self._detail_layout()
        assert laid is not None
        inner, tiles, text_w, bottom, lines = laid
        if len(tiles) == 1:
            # One tile: drawn at the top right, the text keeps clear of it.
            th = L.px(110)
            tw = tile_art.tile_size(th)[0]
            surf.blit(tile_art.tile_surface(tiles[0], th, theme=app.settings.tile_theme),
                      (inner.right - tw, inner.top))
        elif tiles:
            # Several tiles (a suit, a set, a hand): one row at the bottom of the pane.
            th = self._tiles_height(tiles, inner.width)
            tile_art.draw_tiles(surf, tiles, (inner.left, inner.bottom - th), th,
                                theme=app.settings.tile_theme, gap=L.px(4))
        long_card = self.detail_height(lines) > bottom - inner.top
        if not long_card:
            self.detail_top = 0
        top = max(0, min(self.detail_top, self._detail_max_top() if long_card else 0))
        self.detail_top = top
        room = bottom - inner.top - (self._hint_height() if long_card else 0)
        shown = self._lines_shown(lines, top, room) if long_card else len(lines)
        y = inner.top
        for i in range(top, top + shown):
            line = lines[i]
            size = L.font(line.size)
            y += line.gap_before if i > top else 0
            blit_text(surf, app, line.text, size, line.color, (inner.left, y), bold=line.bold, max_width=text_w)
            y += app.line_height(size)
        if not long_card:
            return
        # A long card (a small window, a child's two explanations): the rest is a scroll away, and
        # the card says so in words at its bottom edge; a thin bar on the right shows where one is.
        more = top + shown < len(lines)
        if is_child(app.settings):  # a child is spoken to with «ты»
            hint = "↓ " + pgettext("to a child", "There is more: click here or scroll") if more \
                else "↑ " + pgettext("to a child", "Back to the start: click here")
        else:
            hint = "↓ " + _("There is more: click here or scroll") if more \
                else "↑ " + _("Back to the start: click here")
        blit_text(surf, app, hint, L.font("small"), P.term, (inner.left, bottom), anchor="bottomleft",
                  bold=True, max_width=inner.width)
        bar_w = L.px(6)
        track = pygame.Rect(rect.right - L.px(14), inner.top, bar_w, bottom - inner.top)
        pygame.draw.rect(surf, P.card_alt, track, border_radius=bar_w // 2)
        h = max(L.px(24), track.height * shown // len(lines))
        max_top = max(1, self._detail_max_top())
        knob_top = track.top + (track.height - h) * top // max_top
        pygame.draw.rect(surf, P.card_edge, pygame.Rect(track.left, knob_top, bar_w, h), border_radius=bar_w // 2)
        if focused:
            draw_focus_ring(surf, rect, L.px(16), L.px(2))
