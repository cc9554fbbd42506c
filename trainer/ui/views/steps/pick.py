"""The "pick_tiles" step: click tiles from a palette or from the shown hand."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pygame

from trainer.engine.notation import parse_hand, parse_tiles
from trainer.i18n import _, ngettext, pgettext
from trainer.lessons import answers
from trainer.ui.richtext import BR
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, slots_for_text
from trainer.ui.views.inputs import RichBlock, palette_slots, suits_of
from trainer.ui.views.steps.base import QuizView, restore_row, row_state
from trainer.ui.views.steps.marks import look_at_marks, near_waits
from trainer.ui.widgets import blit_text, draw_panel

P = PALETTE
PALETTE_LEAST = 0.55
"""The smallest palette tile, as a share of a hand tile: the marks on it still read."""
TILES_MARKUP = re.compile(r"\{tiles:([^}]*)\}")
COUNT_WORDS: dict[str, dict[int, tuple[str, ...]]] = {
    "ru": {1: ("один", "одна", "одно", "одну", "одной", "одного"), 2: ("два", "две", "двух"),
           3: ("три", "трёх", "трех"), 4: ("четыре", "четырёх", "четырех"), 5: ("пять", "пяти"),
           6: ("шесть", "шести"), 7: ("семь", "семи"), 8: ("восемь", "восьми"), 9: ("девять", "девяти")},
    "en": {1: ("one",), 2: ("two",), 3: ("three",), 4: ("four",), 5: ("five",), 6: ("six",), 7: ("seven",),
           8: ("eight",), 9: ("nine",)},
}
"""How a lesson's own hint says a count in words, by lesson language: «Кружков здесь три.» says
what "There are 3 right tiles." would say again."""
RANK_WORDS: dict[str, dict[int, str]] = {
    "ru": {1: r"единиц", 2: r"двойк|двоек", 3: r"тройк|троек", 4: r"четв[её]рк|четв[её]рок", 5: r"пят[её]рк|пят[её]рок",
           6: r"ш[её]ст[её]рк|шест[её]рок", 7: r"сем[её]рк|сем[её]рок", 8: r"восьм[её]рк|восьм[её]рок",
           9: r"девятк|девяток"},
    "en": {1: r"one", 2: r"two", 3: r"three", 4: r"four", 5: r"five", 6: r"six", 7: r"seven", 8: r"eight",
           9: r"nine"},
}
"""How a lesson's own hint names a tile's number in words, by lesson language (the start of the
word, any ending): «Это единица кружков.», «Попробуй пятёрку.», "Try a five." name the tiles as
the figures «1», «5» would.  An English number word names a tile only next to a word of
:data:`EN_TILE_WORDS` ("a five", "the nine dots"): "one more tile" is a count."""
EN_TILE_WORDS = frozenset({"a", "an", "the", "dot", "dots", "stick", "sticks", "character", "characters", "of"})


def right_count_hint(n: int, by_rank: bool) -> str:
    """How many tiles (or numbers, when graded by rank) are right, as the second hint says it.  One
    is said in words («Здесь одна верная плитка.», "There is one right tile."), never as the figure
    «1» that the plural form of «{n}» would give."""
    if by_rank:
        if n == 1:
            return _("There is one right number.")
        return ngettext("There is {n} right number.", "There are {n} right numbers.", n).format(n=n)
    if n == 1:
        return _("There is one right tile.")
    return ngettext("There is {n} right tile.", "There are {n} right tiles.", n).format(n=n)


def kids_not_all_yet(missing: int) -> str:
    """A child's first miss that found some right tiles but not all of them: that more are still
    hiding, one in words, more without a figure (the second hint may say how many there are: the
    count is never said twice)."""
    if missing == 1:
        # TRANSLATORS: to a 6-year-old after a first try that found some right tiles (ru: «ты»).
        return pgettext("to a child", "Not all yet: one more tile is hiding. Find it!")
    # TRANSLATORS: to a 6-year-old after a first try that found some right tiles (ru: «ты»).
    return pgettext("to a child", "Not all yet: more tiles are hiding. Find them!")


def hint_tiles(text: str) -> set[int]:
    """The tile kinds a hint shows as pictures (its ``{tiles:...}`` markup)."""
    kinds: set[int] = set()
    for code in TILES_MARKUP.findall(text):
        try:
            kinds |= {t.kind for t in parse_tiles(code)}
        except ValueError:
            continue
    return kinds


def hint_says_count(text: str, lang: str, count: int, right: set[int]) -> bool:
    """Whether a lesson's own hint already says how many tiles are right: the count in words
    («Кружков здесь три.»), or every right tile, by its number («Подходят две плитки: 2 и 5.»,
    «Подходят 3 и 6 кружков.») or as a picture."""
    from trainer.engine.tiles import kind_name

    said = set(COUNT_WORDS.get(lang, {}).get(count, ()))
    words = re.findall(r"\w+", text.lower())
    if any(w in said and words[i - 1:i] != ["the"] for i, w in enumerate(words)):  # "the one" is a tile
        return True
    if right and right <= hint_tiles(text):
        return True
    names = [kind_name(k) for k in right]
    return bool(names) and all(n[1] != "z" for n in names) and {int(n[0]) for n in names} <= ranks_named(text, lang)


def ranks_named(text: str, lang: str) -> set[int]:
    """The tile numbers a hint names, as figures («Подходят 3 и 6 кружков.») or in words («Это
    единица кружков.», «Попробуй пятёрку.», "Try a five."); tiles drawn in it do not count."""
    plain = TILES_MARKUP.sub(" ", text)
    ranks = {int(d) for d in re.findall(r"\b\d\b", plain)}
    words = re.findall(r"\w+", plain.lower())
    for rank, stem in RANK_WORDS.get(lang, {}).items():
        pattern = re.compile(rf"(?:{stem})\w*$" if lang == "ru" else rf"(?:{stem})s?$")
        if any(pattern.match(w) and (lang != "en" or _beside_tile_word(words, i)) for i, w in enumerate(words)):
            ranks.add(rank)
    return ranks


def _beside_tile_word(words: list[str], i: int) -> bool:
    """Whether the English number word ``words[i]`` names a tile: an article before it or a family
    word after it ("a five", "the one dot"), not a count ("one more tile")."""
    return bool({*words[i - 1:i], *words[i + 1:i + 2]} & EN_TILE_WORDS)


def palette_height(th: int, lines: int) -> int:
    """How tall a pickable row of ``lines`` lines of tiles ``th`` high is (TileRow.place: the lift
    of a picked tile, then a quarter of a tile between lines)."""
    return round(th * (0.18 + lines + 0.25 * (lines - 1)))


class PickTilesView(QuizView):
    """Click tiles: from a palette (waits, dora, sets) or from the shown tiles (discard, match)."""

    def build(self) -> None:
        st = self.step
        self.build_prompt()
        self.shown: TileRow | None = None
        self.shown_label = ""
        ask = st.ask
        absent = answers.absent_kinds(self.lesson)  # a sanma lesson's palette has no 2m-8m
        if ask in ("waits", "mcr_waits"):
            self.shown = self.host.add(TileRow(slots_for_text(st.hand)))
            tiles = list(parse_hand(st.hand, check_size=False).all_tiles())
            suits = suits_of(tiles) or ["m"]
            if st.variant is not None and st.variant.dragons != "normal":
                # Dragons as tens or jokers stand for number tiles of their own suit, so a winning
                # tile may be a dragon or of a suit the hand does not show: offer every tile (the
                # palette must not hint at the answer by which rows it has).
                suits = ["m", "p", "s", "z"]
            slots, breaks = palette_slots(suits, absent)
            self.picker = self.host.add(TileRow(slots, lines=breaks, pickable=True, on_change=self._changed))
            self.suit_starts = breaks
        elif ask == "dora":
            self.shown = self.host.add(TileRow(slots_for_text(st.dora)))
            self.shown_label = _("Dora indicator")
            slots, breaks = palette_slots(["m", "p", "s", "z"], absent)
            self.picker = self.host.add(TileRow(slots, lines=breaks, pickable=True, on_change=self._changed))
            self.suit_starts = breaks
        elif ask == "complete_set":
            self.shown = self.host.add(TileRow(slots_for_text(st.tiles)))
            tiles = list(parse_tiles(st.tiles))
            slots, breaks = palette_slots(suits_of(tiles), absent)
            self.picker = self.host.add(TileRow(slots, lines=breaks, pickable=True, on_change=self._changed))
            self.suit_starts = breaks
        elif ask == "discard":
            if st.visible:  # the tiles already seen change which discard keeps the most live tiles
                self.shown = self.host.add(TileRow(slots_for_text(st.visible)))
                self.shown_label = _("Already seen:")
            self.picker = self.host.add(TileRow(slots_for_text(st.hand), pickable=True, multi=False,
                                                on_change=self._changed))
        else:  # match: pick among the row itself
            self.picker = self.host.add(TileRow(slots_for_text(st.tiles), pickable=True, on_change=self._changed))
        self.count_text = ""
        self.note: RichBlock | None = None
        if ask in ("waits", "discard") and answers.by_rank(st.variant):
            # Graded by rank (trainer.lessons.answers): say so, or a learner hunts for the "right" suit.
            self.note = self.rich(_("Suits don't matter here: mark the numbers. Any suit of a right number "
                                    "counts."), size="small", align="center")

    def _changed(self, sel: set[int]) -> None:
        self.app.invalidate()

    def initial_focus(self) -> Any:
        return self.picker

    def response(self) -> Any:
        if not self.picker.selected:
            return None
        return [self.picker.slots[i].tile for i in sorted(self.picker.selected)]

    def empty_message(self) -> str:
        return _("Pick at least one tile first.")

    reserved_rect: pygame.Rect | None = None
    suit_starts: list[int] = []  # a palette's first slot of each suit line

    def fold(self, pairs: bool) -> None:
        """A palette of three or four suit lines laid out two suits to a line (man and pin, then
        sou and the honors, a gap between them) when ``pairs``, else one suit to a line."""
        starts = self.suit_starts
        if len(starts) < 3:
            return
        self.picker.breaks = list(starts[::2]) if pairs else list(starts)
        for b in starts[1::2]:
            self.picker.slots[b] = replace(self.picker.slots[b], gap=0.6 if pairs else 0.0)

    def _kid_palette_th(self, area: pygame.Rect, room: int, pairs: bool) -> int:
        """The tile height of a child's palette laid out one family (or, ``pairs``, two) to a line:
        as big as a child's tile (``th(0.75)``) while its lines fit ``room`` pixels and its width
        the area, never below the readable least (the picker is left placed at that size)."""
        self.fold(pairs)
        lines = len(self.picker._lines())
        fits = int(room / (0.18 + lines + 0.25 * (lines - 1)))  # palette_height solved for th
        th = max(self.th(PALETTE_LEAST), min(self.th(0.75), fits))
        self.picker.place(area.centerx, 0, area.width, th)
        return self.picker.height

    def _fit_kid_palette(self, area: pygame.Rect, room: int) -> int:
        """A child's palette tile height for ``room`` pixels of height: one family to a line when
        that keeps the big tiles, else whichever of one or two families to a line gives the bigger
        tiles (the palette is left folded and placed that way)."""
        single = self._kid_palette_th(area, room, pairs=False)
        if single >= self.th(0.75) or len(self.suit_starts) < 3:
            return single
        paired = self._kid_palette_th(area, room, pairs=True)
        if paired > single:
            return paired
        return self._kid_palette_th(area, room, pairs=False)

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        y = self.place_prompt(area)
        kid = self.child()
        self.fold(False)
        lines = len(self.picker._lines())
        note_h = 0
        if self.note is not None:
            note_h = self.note.place(self.app, area.left, area.bottom, area.width) + L.px(16)
        kid_th = 0
        if kid and lines > 1:
            # A child's palette keeps its big tiles while they fit (a 6-year-old must see and hit
            # every tile) and the hand above gives way first; short of room (the feedback panel is
            # open) the palette takes the larger of one family or two to a line that fits.
            hand = self.th(0.8) + L.px(8 + 28) if self.shown is not None else 0
            kid_th = self._fit_kid_palette(area, area.bottom - y - hand - L.px(8 + 10) - note_h)
            lines = len(self.picker._lines())
            kid_room = self.picker.rect.height + L.px(8 + 28 + 10) + note_h
        cap = self.th(0.85 if lines > 1 else 1.15)
        if kid:
            cap = self.th(1.3 if lines > 1 else 2.0)
        elif self.suit_starts and len(self.suit_starts) >= 3:
            # Short of room for a suit a line (the feedback panel is open): two suits share a line,
            # so the tiles keep their size and the panel its lines.
            hand = self.th() + L.px(8 + 28) if self.shown is not None else 0
            if palette_height(cap, lines) + L.px(8 + 10) + note_h + hand > area.bottom - y:
                self.fold(True)
                lines = len(self.picker._lines())
        # Never below a readable size (the picked and missed marks must show): when the feedback
        # panel is open and short of room, the hand above gives way first, then the panel's text
        # scrolls (it asks how tall the step is: trainer.ui.views.feedback.panel_height).
        least = min(cap, max(L.px(28), self.th(PALETTE_LEAST)))
        if self.shown is not None:
            th = self.th()
            if kid and kid_th:
                th = max(self.th(0.8), min(th, area.bottom - y - L.px(8) - kid_room))
            elif kid:  # big tiles for children, leaving the palette room for its lines
                th = max(th, min(self.th(1.5), (area.bottom - y - L.px(60)) // (2 + lines)))
            else:
                room = palette_height(least, lines) + L.px(8 + 28 + 10 + 8) + note_h
                th = max(self.th(0.7), min(th, area.bottom - y - room))
            self.shown.place(area.centerx, y + L.px(8), area.width - L.px(200), th)
            y = self.shown.rect.bottom + L.px(28)
        avail = area.bottom - y - L.px(10) - note_h
        th = min(cap, max(least, avail // max(1, lines) - L.px(14) - (round(cap * 0.2) if kid else 0)))
        if kid_th:
            th = kid_th
        self.picker.place(area.centerx, y + L.px(8), area.width, th)
        # the right/missed badges hang below the lowest tiles: keep them clear of the panel
        self.reserved_rect = self.picker.rect.inflate(0, L.px(8)).move(0, L.px(4))
        if self.note is not None:
            self.note.place(self.app, area.left, self.picker.rect.bottom + L.px(14), area.width)

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        if self.shown is not None:
            draw_panel(surf, self.shown.rect.inflate(L.px(36), L.px(24)), P.felt_dark, L.px(14), border=P.felt_line)
            if self.shown_label:
                blit_text(surf, self.app, self.shown_label, L.font("small"), P.on_felt_muted,
                          (self.shown.rect.left - L.px(30), self.shown.rect.centery), anchor="midright")

    def by_rank(self) -> bool:
        """Whether this step is graded by rank (suits ignored), as :func:`answers.grade` decides."""
        return self.step.ask in ("waits", "discard") and answers.by_rank(self.step.variant)

    def _cls(self, kind: int) -> Any:
        """A tile as the grader compares it: its rank class when graded by rank, else its kind."""
        return answers.rank_class(kind, self.step.variant) if self.by_rank() else kind

    def mark(self, feedback: Any, final: bool) -> None:
        right_kinds = feedback.expected if isinstance(feedback.expected, frozenset) else frozenset()
        right = {self._cls(k) for k in right_kinds}
        marks = {}
        kid_misses = set()
        for i in self.picker.selected:
            ok = self._cls(self.picker.slots[i].tile.kind) in right
            if ok or not self.child():
                marks[i] = "right" if ok else "wrong"
            else:
                kid_misses.add(i)
        if kid_misses:
            # A child's wrong pick is never painted red nor left lifted as if it were right: it
            # drops back into the row, greyed until the next try (the child may pick it again).
            self.picker.selected -= kid_misses
            self.picker.dim = set(kid_misses)
        if final and not (self.step.ask == "discard" and feedback.correct):
            picked = {self._cls(self.picker.slots[i].tile.kind) for i in self.picker.selected}
            for i, s in enumerate(self.picker.slots):
                c = self._cls(s.tile.kind)
                if c in right and i not in marks and not (self.by_rank() and c in picked):
                    marks[i] = "hint"
        self.picker.marks = marks
        # A group's tiles ("mark every tile of...") are named by the engine's working under the
        # learner's mistakes already: the answer is not said twice.
        group = any(i.get("kind") == "filter" for i in feedback.explanation)
        if self.child():  # the children's words under it name the answer (explain.for_child)
            from trainer.ui.views.explain import for_child

            group = group or bool(for_child(feedback.explanation))
        if final and not feedback.correct and feedback.display and not group:
            self.host.set_answer(_("The answer: {tiles}").format(tiles="{tiles:" + feedback.display + "}"))

    def clear_marks(self) -> None:
        # The learner's picks stay for the retry; only the right/wrong marks go (and the grey of a
        # child's wrong pick, which :meth:`mark` already put back into the row).
        self.picker.marks = {}
        self.picker.dim = set()

    def lock(self, locked: bool) -> None:
        self.locked = locked
        self.picker.locked = locked

    def state(self) -> dict[str, Any]:
        """The tiles picked and their marks (a child's miss greyed), the keyboard cursor, the
        first hint's marks on the hand shown, whether the answer is locked."""
        return {"picker": row_state(self.picker), "shown": row_state(self.shown), "locked": self.locked}

    def restore(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`state` kept, on this view of the same step."""
        restore_row(self.picker, state["picker"])
        restore_row(self.shown, state["shown"])
        self.lock(state["locked"])

    def child_miss_words(self, response: Any, feedback: Any) -> str:
        """After a child's first miss, what was wrong with the child's own picks: each wrong pick in
        the children's words («{3p} — это кружки, а не палочки.»), and, when some right tiles were
        found, that more are hiding (never which)."""
        right_kinds = feedback.expected if isinstance(feedback.expected, frozenset) else frozenset()
        picked = {t.kind for t in response or ()}
        wrong = self._child_wrong_picks(picked, set(right_kinds))
        right = {self._cls(k) for k in right_kinds}
        found = {self._cls(k) for k in picked} & right
        missing = len(right - found)
        more = kids_not_all_yet(missing) if found and missing else ""
        return BR.join(t for t in (wrong, more) if t)

    def _child_wrong_picks(self, picked: set[int], right: set[int]) -> str:
        """A child's wrong picks in the children's words (:func:`~trainer.ui.views.mistakes.kids_picked_text`:
        on a give-away step why the tile given away stays in the hand, «У {2s} есть пара — её
        оставь.», on any other what the tile is)."""
        from trainer.ui.views.mistakes import kids_picked_text

        try:
            return kids_picked_text(self.step, picked, right)
        except (ValueError, KeyError, TypeError, AttributeError):
            return ""

    def hint_shows_found(self, text: str) -> bool:
        """Whether ``text`` (a hint) shows only tiles the learner has already picked rightly: said
        after a miss it would point at what was done right, not at what is missing."""
        shown = {self._cls(k) for k in hint_tiles(text)}
        found = {self._cls(self.picker.slots[i].tile.kind) for i in self.picker.selected
                 if self.picker.marks.get(i) == "right"}
        return bool(shown) and shown <= found

    def hint(self, level: int) -> str:
        st = self.step
        if level == 1 and self.shown is not None and st.ask == "waits":
            marks = near_waits(self.shown, st.hand) if st.variant is None else {}
            if not marks:
                return ""
            self.shown.marks = marks
            return look_at_marks(self.child())
        if level >= 2:
            try:
                right = self.answer().value
            except Exception:
                return ""
            by_rank = self.by_rank()
            count = len({self._cls(k) for k in right}) if by_rank else len(right)
            own = [self.text(h) for h in st.hints[:level]]
            if any(hint_says_count(t, self.lang(), count, set(right)) for t in own):
                # The step's own hints named the count or the tiles already («Кружков здесь три.»,
                # «Подходят две плитки: 2 и 5.»): the count under them would only say it again.
                return ""
            return right_count_hint(count, by_rank)
        return ""
