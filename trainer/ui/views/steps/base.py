"""Base classes of the lesson step views (:class:`StepView`, :class:`QuizView`) and the plain text step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from trainer.i18n import _, ngettext
from trainer.lessons import answers
from trainer.lessons.language import lesson_language, step_text
from trainer.ui.question_texts import win_situation_parts
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, TileSlot, slots_for_hand, slots_for_text
from trainer.ui.views.inputs import RichBlock, draw_card

if TYPE_CHECKING:
    from trainer.ui.views.steps.host import StepHost

P = PALETTE


WIND_NAMES = {"E": "ton", "S": "nan", "W": "shaa", "N": "pei"}
# The flags of a lesson's ``win:`` and the glossary term each is shown as, in table order.
WIN_FLAG_TERMS = (
    ("double_riichi", "double_riichi"), ("riichi", "riichi"), ("ippatsu", "ippatsu"),
    ("haitei", "haitei_raoyue"), ("houtei", "houtei_raoyui"), ("rinshan", "rinshan_kaihou"),
    ("chankan", "chankan"), ("tenhou", "tenhou"), ("chiihou", "chiihou"),
)


def hand_slots(hand: str, win: Any = None) -> list[TileSlot]:
    """The slots a step draws for its ``hand:``.  A scored hand (one with ``win:``) is drawn as
    the result screens draw a win: the concealed tiles sorted (docs/notation.md: they are sorted
    on reading), the winning tile set apart at their end, then the melds; any other hand as
    written (:func:`~trainer.ui.tileview.slots_for_text`)."""
    if win is None or not getattr(win, "tile", None):
        return slots_for_text(hand)
    from trainer.engine.notation import parse_hand
    from trainer.engine.tiles import parse_tile

    try:
        h = parse_hand(hand, check_size=False)
        won = parse_tile(win.tile)
    except ValueError:
        return slots_for_text(hand)
    tiles = list(h.concealed)
    at = next((i for i, t in enumerate(tiles) if t == won), None)  # the very tile (a red five), else its kind
    if at is None:
        at = next((i for i, t in enumerate(tiles) if t.kind == won.kind), None)
    if at is None:  # the validator reports a winning tile the hand does not hold
        return slots_for_text(hand)
    last = tiles.pop(at)
    rest = [s for s in slots_for_hand(hand) if s.group >= 0] if h.melds else []
    return [*(TileSlot(t) for t in tiles), TileSlot(last, gap=0.3), *rest]


def highlight_marks(slots: list[TileSlot], highlight: str, mark: str = "hint", win: Any = None) -> dict[int, str]:
    """The marks of a step's ``highlight:`` on a row of slots: the slots of the highlighted tiles,
    each highlight tile used once, in the row's order.  When a highlighted kind is the winning
    tile's (``win``: the step's ``win:`` of a scored hand drawn by :func:`hand_slots`), the winning
    tile set apart at the end of the concealed tiles is marked first: «highlight: 7z» on a
    thirteen-orphans hand won on 7z marks the 7z that won, not the 7z in the row."""
    if not highlight:
        return {}
    from trainer.engine.notation import parse_tiles

    want = [t.kind for t in parse_tiles(highlight)]
    out: dict[int, str] = {}
    apart = _winning_slot(slots, win)
    if apart is not None and slots[apart].tile.kind in want:
        want.remove(slots[apart].tile.kind)
        out[apart] = mark
    for i, s in enumerate(slots):
        if i not in out and s.tile.kind in want:
            want.remove(s.tile.kind)
            out[i] = mark
    return out


def _winning_slot(slots: list[TileSlot], win: Any) -> int | None:
    """The index of the winning tile :func:`hand_slots` set apart (the last concealed slot, after
    its gap, of the winning tile's kind), or None (no win, or a hand drawn as written)."""
    if win is None or not getattr(win, "tile", None):
        return None
    from trainer.engine.tiles import parse_tile

    try:
        kind = parse_tile(win.tile).kind
    except ValueError:
        return None
    concealed = [i for i, s in enumerate(slots) if s.group < 0]
    if not concealed:
        return None
    last = concealed[-1]
    return last if slots[last].gap > 0 and slots[last].tile.kind == kind else None



def row_state(row: TileRow | None, *, slots: bool = False) -> dict[str, Any] | None:
    """What the learner did on a tile row and how it is marked, for a view's ``state()``: the picks,
    the marks (of a check, or of a hint), the greyed tiles (a child's miss) and the keyboard cursor;
    with ``slots`` the tiles themselves too (a row the learner reorders or empties).  None for no row."""
    if row is None:
        return None
    kept: dict[str, Any] = {"selected": set(row.selected), "marks": dict(row.marks), "dim": set(row.dim),
                            "cursor": row.cursor}
    if slots:
        kept["slots"] = list(row.slots)
    return kept


def restore_row(row: TileRow | None, kept: dict[str, Any] | None) -> None:
    """Put back on ``row`` what :func:`row_state` kept (nothing when either is missing)."""
    if row is None or kept is None:
        return
    if "slots" in kept:
        row.slots = list(kept["slots"])
    n = len(row.slots)
    row.selected = {i for i in kept["selected"] if 0 <= i < n}
    row.marks = {i: m for i, m in kept["marks"].items() if 0 <= i < n}
    row.dim = {i for i in kept["dim"] if 0 <= i < n}
    row.cursor = max(0, min(kept["cursor"], n - 1))


class StepView:
    """Base view: no input.  Subclasses override the hooks they need.

    A view that takes input keeps it over a rebuild of the lesson screen (a resized window, another
    language: :meth:`~trainer.ui.screens.base.Screen.rebuild`): its ``state()`` says everything the
    learner did and how it is marked (the hint's marks, what is locked), and ``restore(state)`` puts
    that on a new view of the same step (:attr:`subject`) exactly as it was."""

    quiz = False

    def __init__(self, host: StepHost, step: Any, lesson: Any) -> None:
        self.host = host
        self.app = host.app
        self.step = step
        self.lesson = lesson
        self.blocks: list[RichBlock] = []
        self.card_rect: pygame.Rect | None = None

    @property
    def subject(self) -> Any:
        """What this view asks: its step (a view built again for the same step takes its input back)."""
        return self.step

    # helpers
    def lang(self) -> str:
        """The language this lesson is shown in: the interface language if the lesson has it, else Russian."""
        return lesson_language(self.lesson, self.app.settings.language)

    def text(self, t: Any) -> str:
        """A lesson Text in the lesson's one language ('' for None)."""
        return step_text(t, self.lesson, self.app.settings.language)

    def rich(self, text: str, **kw: Any) -> RichBlock:
        """Add a rich text block whose glossary terms open the term card."""
        b = self.host.add(RichBlock(text, on_term=self.host.open_term, **kw))
        self.blocks.append(b)
        return b

    def child(self) -> bool:
        """Whether this is a children's lesson (``audience: child``)."""
        return getattr(self.lesson, "audience", "") == "child"

    def miss(self) -> str:
        """How a missed tile is marked: red for adults, the calm hint colour for children."""
        return "hint" if self.child() else "wrong"

    def th(self, factor: float = 1.0) -> int:
        """Tile height for this step: children's lessons get bigger tiles (curriculum §1.4)."""
        kid = 1.25 if getattr(self.lesson, "audience", "") == "child" else 1.0
        return self.app.layout.tile_h(factor * kid)

    def answer(self) -> Any:
        """The engine's answer for this step."""
        return answers.answer(self.step, self.lesson)

    def short_term(self, term_id: str, label: str | None = None) -> str:
        """Markup for a glossary term shown by its short name (``label``, or the glossary's name
        in the UI language); the settings may add the Japanese, and a click opens the card."""
        if label is None:
            try:
                label = self.app.glossary().term(term_id).name(self.lang())
            except (KeyError, LookupError):
                label = term_id
        return "{term:" + term_id + "|" + label.replace("}", ")").replace("|", "/") + "}"

    def win_line(self, win: Any) -> str:
        """The winning situation in words: ron/tsumo on the tile, seat and round, every flag of
        the step's ``win:`` (riichi, ippatsu, haitei, rinshan, ...), the dora and ura-dora
        indicators, the honba and riichi sticks on the table, and the Norths set aside (three
        players).  Rich markup that wraps."""
        if win is None:
            return ""
        if getattr(self.lesson, "track", "") == "mcr":  # Chinese rules: winds in words, flowers, no riichi terms
            from trainer.ui.mcr_texts import situation_line

            flags = tuple(f for f in ("last_copy", "rinshan", "chankan", "haitei", "houtei") if getattr(win, f, False))
            return situation_line({"win_tile": win.tile, "by": "tsumo" if win.by == "tsumo" else "ron",
                                   "seat": win.seat, "round": win.round, "flowers": win.flowers, "flags": flags})
        tile = f"{{tiles:{win.tile}}}"
        parts = [_("Ron on {tile}").format(tile=tile) if win.by == "ron" else _("Tsumo on {tile}").format(tile=tile)]
        parts.append(_("seat {seat}, round {round}").format(seat=self.app.term_text(WIND_NAMES[win.seat]),
                                                            round=self.app.term_text(WIND_NAMES[win.round])))
        # the circumstances as what happened, never the yaku they make (the options name those)
        parts += win_situation_parts(f for f, _t in WIN_FLAG_TERMS if getattr(win, f, False))
        if win.dora:
            parts.append(_("dora indicator {tiles}").format(tiles=f"{{tiles:{win.dora}}}"))
        if win.ura:
            parts.append(self.short_term("ura_dora", _("ura-dora indicator")) + f" {{tiles:{win.ura}}}")
        if win.honba:
            parts.append(self.short_term("honba", ngettext("{n} honba", "{n} honba", win.honba).format(n=win.honba)))
        if win.sticks:
            parts.append(self.short_term("kyoutaku", ngettext(
                "{n} riichi stick on the table", "{n} riichi sticks on the table", win.sticks).format(n=win.sticks)))
        if win.nuki:
            parts.append(self.short_term("nukidora", ngettext(
                "{n} North set aside", "{n} Norths set aside", win.nuki).format(n=win.nuki)))
        return " · ".join(parts)

    # hooks
    def build(self) -> None:
        """Create the widgets (``self.host.add``)."""

    def layout(self, area: pygame.Rect) -> None:
        """Place the widgets inside ``area``."""

    def draw(self, surf: pygame.Surface) -> None:
        """Paint below the widgets."""
        if self.card_rect is not None:
            draw_card(surf, self.app, self.card_rect)

    def response(self) -> Any:
        """The learner's answer in :func:`answers.grade` form, or None when nothing is entered."""
        return None

    def empty_message(self) -> str:
        """What to tell a learner who pressed Check without answering."""
        return _("Choose an answer first.")

    def child_empty_message(self) -> str:
        """The same for a child, in a child's words, where the step has its own ("" when not: the
        lesson then says «answer first» to the child)."""
        return ""

    def mark(self, feedback: Any, final: bool) -> None:
        """Show which parts of the answer were right or wrong (``final``: also reveal the solution)."""

    def answer_in_working(self, feedback: Any) -> bool:
        """Whether the engine's working (the panel's explanation) itself lists the right answer
        (a split's right readings): the panel then shows it before the lines on the learner's
        own answer, so the answer is never pushed below the fold."""
        return False

    def clear_marks(self) -> None:
        """Forget the marks for a new try."""

    def lock(self, locked: bool) -> None:
        """Stop (or allow) changes to the answer."""

    def hint(self, level: int) -> str:
        """Apply hint ``level`` (1 where to look, 2 narrowing); return an automatic hint text."""
        return ""

    def child_miss_words(self, response: Any, feedback: Any) -> str:
        """After a child's first miss, what was wrong with the child's own answer in a child's
        words, never the answer itself ("" when the step has nothing to say about it)."""
        return ""

    def hint_shows_found(self, text: str) -> bool:
        """Whether a hint (``text``) only points at what the learner already got right (the tiles
        it shows were picked rightly): after a miss it is left out."""
        return False

    def choose(self, n: int) -> bool:
        """Digit ``n`` pressed."""
        return False

    def initial_focus(self) -> Any:
        """The widget to focus when the step opens."""
        return None

    def click_at(self, pos: tuple[int, int]) -> bool:
        """A click that hit no widget (e.g. inside a box drawn by the view); True when used."""
        return False

    def on_key(self, ev: pygame.event.Event) -> bool:
        """A key the step itself answers (e.g. the paifu step's record/table switch); True when used."""
        return False


# ---------------------------------------------------------------- text


class TextView(StepView):
    """A short explanation on a paper card."""

    def build(self) -> None:
        self.body = self.rich(self.text(self.step.text), size="large", color=P.ink)

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        w = min(area.width, L.px(900))
        pad = L.px(36)
        x = area.centerx - w // 2
        h = self.body.place(self.app, x + pad, area.top + pad, w - 2 * pad)
        self.card_rect = pygame.Rect(x, area.top, w, min(area.height, h + 2 * pad))




class QuizView(StepView):
    """Common parts of steps the learner answers: a prompt and a hand display."""

    quiz = True
    locked = False
    """Whether the answer is checked and waits (no input) for the retry or the next step (:meth:`lock`)."""

    def build_prompt(self) -> None:
        self.prompt = self.rich(self.text(self.step.prompt), size="large")

    def place_prompt(self, area: pygame.Rect) -> int:
        L = self.app.layout
        return area.top + self.prompt.place(self.app, area.left, area.top, area.width) + L.px(14)
