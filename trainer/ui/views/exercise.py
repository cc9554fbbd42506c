"""The view of one generated drill exercise: its prompt, the hand, the answer input fitting
the question, and how a right or wrong answer is marked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame

from trainer.engine.notation import parse_hand, parse_tiles
from trainer.i18n import N_, _, format_number, ngettext, pgettext
from trainer.ui.question_texts import more_info_text
from trainer.ui.richtext import term_word
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, slots_for_text
from trainer.ui.views.exercise_labels import (
    DISCARD_QUESTIONS,
    NEGATIVE_QUESTIONS,
    can_be_complete,
    option_label,
    question_text,
)
from trainer.ui.views.explain import fu_name
from trainer.ui.views.inputs import (
    TIGHTER,
    CounterChip,
    OptionButton,
    RichBlock,
    big_options_fit,
    fit_option_rows,
    fu_chip_total,
    fu_chip_values,
    fu_sum_size,
    palette_slots,
    place_fu_chips,
    suits_of,
)
from trainer.ui.views.kids_drill_words import reveal as kids_reveal
from trainer.ui.views.mistakes import items_fu
from trainer.ui.views.rule_presets import three_player_rules
from trainer.ui.views.steps.base import WIND_NAMES, restore_row, row_state
from trainer.ui.views.steps.choice import tile_options
from trainer.ui.views.steps.fu import fu_sum_text
from trainer.ui.widgets import Button, NumberField, blit_text, draw_panel

P = PALETTE


PAY_FIELDS = {"ron": N_("The discarder pays"), "all": N_("Each player pays"),
              "non_dealer": N_("Each non-dealer pays"), "dealer": N_("The dealer pays")}
PAY_FIELDS_THREE = {"non_dealer": N_("The other non-dealer pays")}
"""A tsumo's payer at three players, where only one non-dealer pays."""

def pay_field_label(name: str, preset: str | None) -> str:
    """The label over a payment's answer box («Платит дилер»), as at the table of ``preset`` (at three
    players the other non-dealer is one player); an unknown box by its name."""
    fields = PAY_FIELDS_THREE if name in PAY_FIELDS_THREE and three_player_rules(preset) else PAY_FIELDS
    return _(fields[name]) if name in fields else name


MANY_OPTIONS = 9
"""More plain options than this (the yaku drill may have 12) make room when a feedback panel is open:
the hand goes beside the question, and after the final try the options neither picked nor right
step aside."""

KIDS_QUESTION_GROWTH = 1.6
"""How much taller than a child's hand tiles the one tile of a children's tile question may grow
when the room above its options allows (76×102 px became 122×163 at 1024×600)."""

EXTRA_OPTION_KEYS = ("0", "-", "=")
"""The keys of options 10, 11 and 12 (the keys after 9 on the number row), shown on their badges."""


TOTAL_FORM_KEYS = N_("Arrows or Tab: move the frame · Space: tick · digits: the total · Enter: check")
"""The key line under the ticks-and-total form (its ticks show no number: the digits type the total)."""


class KeyedOption(OptionButton):
    """An answer option whose badge shows its key past the ninth option too (0, -, =); none at all
    where an answer box takes the digit keys (``keyed`` False, the ticks-and-total form).  There
    Enter on a tick while the total is still empty goes on to the box (``on_enter``)."""

    on_enter: Callable[[], bool] | None = None

    @property
    def extra_keys(self) -> bool:
        """Whether the badges past the ninth option show their keys (0, -, =): as ``keyed``."""
        return self.keyed

    def handle_key(self, ev: pygame.event.Event) -> bool:
        """Enter: ``on_enter`` decides (True when it moved the focus on); other keys go to the screen."""
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_enter is not None and not self.locked:
            return self.on_enter()
        return False

    def draw(self, surf: pygame.Surface, app: Any, focused: bool) -> None:
        super().draw(surf, app, focused)
        extra = self.index - 9
        if not self.keyed or not 0 <= extra < len(EXTRA_OPTION_KEYS) or (self.toggle and self.selected):
            return
        L = app.layout
        badge = self.badge_rect(app)
        blit_text(surf, app, EXTRA_OPTION_KEYS[extra], L.font("small"), (255, 255, 255), badge.center,
                  anchor="center", bold=True)


def _unmark_on_change(field: NumberField) -> None:
    """A box whose wrong number is kept for the retry: its mark goes as soon as the number changes."""
    field.on_change = lambda _text: setattr(field, "state", None)


class ExerciseView:
    """Widgets for one generated exercise and its grading."""

    def _palette_repeats(self, shown: str, palette: str | None) -> bool:
        """Whether the tiles to pick from are the very tiles shown (a row asked "pick every tile of
        this group"): the row is then shown once, as the one to pick from."""
        if self.input != "pick_tiles" or not palette:
            return False
        try:
            return sorted(parse_tiles(palette, max_copies=None)) == sorted(parse_tiles(shown, max_copies=None))
        except ValueError:  # a hand with melds or forms: never the same row as a palette
            return False

    def __init__(self, host: Any, ex: Any) -> None:
        self.host = host
        self.app = host.app
        self.ex = ex
        p = ex.prompt
        self.input = p.input
        self.kids = bool(getattr(host, "kids", False))
        self.prompt = host.add(RichBlock(question_text(ex, self.kids), size="large", on_term=host.open_term))
        self.hand_row: TileRow | None = None
        self.info: RichBlock | None = None
        self.buttons: list[OptionButton] = []
        self.fields: list[tuple[str, NumberField]] = []
        self.keys: list[Button] = []
        self.answer_fu: int | None = None  # the hand's fu, shown on the big line after a final miss
        self.chips: list[CounterChip] = []
        self.total_beside = False  # the total's box beside the info line, its keypad hidden (ten and more fans)
        self.final = False  # the answer given for good: the keypad stays hidden
        self.locked = False  # the answer checked and not yet tried again (:meth:`lock`)
        self.key_line_place: tuple[pygame.Rect, int] | None = None  # the key line under the total row
        self.picker: TileRow | None = None
        self.note: RichBlock | None = None
        shown = p.hand or p.tiles
        data = dict(p.data)
        if self.input == "pick_tiles" and p.question in DISCARD_QUESTIONS:
            self.picker = host.add(TileRow(slots_for_text(p.hand), pickable=True, multi=False))
            # called sets lie beside the hand as at the table: seen, never discarded
            self.picker.inert = {i for i, s in enumerate(self.picker.slots) if s.group >= 0}
        elif shown and not self._palette_repeats(shown, data.get("palette")):
            self.hand_row = host.add(TileRow(slots_for_text(shown)))
        info = self._info(data)
        if info:
            self.info = host.add(RichBlock(info, size="small", on_term=host.open_term, align="center"))
        if self.input in ("choice", "multi_choice", "fans_total"):
            # Children get big tile buttons in a row; so does anyone when every option is a few tiles.
            self.big = self.kids or (tile_options(p.options) and not any(option_label(o) for o in p.options))
            for i, o in enumerate(p.options):
                self.buttons.append(host.add(KeyedOption(i, option_label(o, self.kids), o.tiles, self._pick,
                                                          toggle=self.input != "choice", big=self.big)))
            if self.input == "fans_total":  # tick the fans, then type the total below them
                self._build_total_row(host)
        elif self.input == "pick_tiles" and self.picker is None:
            palette = data.get("palette")
            if palette:
                tiles = list(parse_tiles(palette))
                suits = suits_of(tiles)
                slots, breaks = palette_slots(suits)
                keep = {t.kind for t in tiles}
                slots = [s for s in slots if s.tile.kind in keep]
                # a line per suit only when one line would make the tiles smaller (``_place_palette``)
                breaks = [0] + [i for i in range(1, len(slots)) if slots[i].tile.suit != slots[i - 1].tile.suit]
                self.row_first = True
            else:
                held = list(parse_hand(shown, check_size=False).all_tiles()) if shown else []
                suits = suits_of(held) or ["m", "p", "s", "z"]
                if data.get("dragons") in ("ten", "joker") or (
                        p.get("grade_by") == "rank" and not p.question.startswith("kunto")):
                    # Dragons standing for number tiles can be won on, or complete suits the hand
                    # does not show: offer every tile, so the rows shown never hint at the answer.
                    suits = ["m", "p", "s", "z"]
                slots, breaks = palette_slots(suits)
            self.picker = host.add(TileRow(slots, lines=breaks, pickable=True))
        elif self.input == "number":
            names = data.get("fields") or ("value",)
            negative = p.question in NEGATIVE_QUESTIONS and can_be_complete(shown)  # shanten -1: complete
            for f in names:
                self.fields.append((f, host.add(NumberField(max_len=6, placeholder=_("Type a number"),
                                                            allow_negative=negative))))
            self.keys = [host.add(Button(str(d), lambda d=d: self._key(str(d)), size="large")) for d in range(10)]
            if negative:
                self.keys.insert(0, host.add(Button("−", lambda: self._key("-"), size="large")))
            self.keys.append(host.add(Button("⌫", lambda: self._key("back"), size="large")))
        elif self.input == "fu_breakdown":
            # every reading that scores the hand the same keeps the engine's values
            scored = [tuple(a) for r in ex.readings() for a in r if isinstance(a, tuple | list)]
            preset = getattr(getattr(host, "gen_params", None), "preset", None) or "tenhou"
            values = fu_chip_values(str(preset), scored)
            self.chips = [host.add(CounterChip(fid, fu_name(fid), v, self.app.invalidate))
                          for fid, v in values.items()]

        self._add_suits_note(host, data)

    def _add_suits_note(self, host: Any, data: dict[str, Any]) -> None:
        """Under the hand (under the tile palette when there is one): a hand whose suits do not count
        (a kunto stage, ``suits_ignored``) says so, or 0 for 9m 1p 2p 3s looks wrong and a learner
        hunts for the "right" suit.  The kunto practice names its settings under the hand itself."""
        palette = self._note_under_palette()
        if not data.get("suits_ignored") or data.get("practice") and not palette:
            return
        if palette:
            text = _("Suits don't matter here: mark the numbers. Any suit of a right number counts.")
        else:
            text = _("Suits don't matter here, only the numbers: 1p 2p 3s is a run, 5m 5s a pair.")
        self.note = host.add(RichBlock(text, size="small", align="center"))

    def _hand_picker(self) -> TileRow | None:
        """The picker that is the hand itself (a discard question), else None."""
        return self.picker if self.ex.prompt.question in DISCARD_QUESTIONS else None

    def _build_total_row(self, host: Any) -> None:
        """The ticks-and-total form: every digit key types into the total's box, wherever the focus
        is, so the ticks show no number key (an empty tick box: Space or a click ticks it), Enter on
        a tick goes on to an empty box, and the keypad is for the mouse (Tab goes from the ticks to
        the box and on, not through eleven keys)."""
        for b in self.buttons:
            b.own_font = b.text_font = "small"  # long fan names with hanzi and pinyin: many options
            b.keyed = False
            b.on_enter = self._on_to_total
        self.fields.append(("total", host.add(NumberField(max_len=4, placeholder=_("Total")))))
        self.keys = [host.add(Button(str(d), lambda d=d: self._key(str(d)))) for d in range(10)]
        self.keys.append(host.add(Button("⌫", lambda: self._key("back"))))
        for k in self.keys:
            k.focusable = False

    def _on_to_total(self) -> bool:
        """Enter on a tick: the ring goes to the total's box while it is empty (True); with a total
        typed, Enter checks as anywhere else (False)."""
        field = self.fields[0][1]
        if not field.enabled or field.text:
            return False
        self.host.set_focus(field)
        return True

    def key_line(self) -> str:
        """The keys of the ticks-and-total form, shown under its total row."""
        return _(TOTAL_FORM_KEYS)

    def _info(self, data: dict[str, Any]) -> str:
        more = more_info_text(self.ex)
        if more:
            return more
        bits = []
        if "win_tile" in data:
            how = _("Ron on {tile}") if data.get("by") == "ron" else _("Tsumo on {tile}")
            bits.append(how.format(tile="{tiles:" + data["win_tile"] + "}"))
            if data.get("seat") in WIND_NAMES and data.get("round") in WIND_NAMES:
                bits.append(_("seat {seat}, round {round}").format(
                    seat=self.app.term_text(WIND_NAMES[data["seat"]]), round=self.app.term_text(WIND_NAMES[data["round"]])))
            for flag in data.get("flags", ()):
                bits.append("{term:" + flag + "}")
            if data.get("dora"):
                bits.append(_("dora indicator {tiles}").format(tiles="{tiles:" + data["dora"] + "}"))
            if data.get("ura"):
                bits.append(_("ura-dora indicator {tiles}").format(tiles="{tiles:" + data["ura"] + "}"))
            if data.get("nuki"):
                bits.append(ngettext("{n} North set aside ({term})", "{n} Norths set aside ({term})",
                                     data["nuki"]).format(n=data["nuki"], term=term_word(
                                         "nukidora", pgettext("inline term", "nuki dora"))))
        if data.get("visible"):
            bits.append(_("Already seen:") + " {tiles:" + data["visible"] + "}")
        return " · ".join(bits)

    # -- input
    def _pick(self, i: int) -> None:
        b = self.buttons[i]
        if self.input != "choice":
            b.selected = not b.selected
            b.mark = None  # a wrong tick kept marked for the retry (start_retry): changed now
        else:
            for o in self.buttons:
                o.selected = o is b
            self.host.check()

    def _key(self, k: str) -> None:
        focused = self.host.focused_widget()
        field = next((f for _n, f in self.fields if f is focused), self.fields[0][1] if self.fields else None)
        if field is None or not field.enabled:
            return
        if k == "back":
            field.text = field.text[:-1]
        elif k == "-":
            if field.allow_negative and not field.text:
                field.text = "-"
        elif len(field.text) < field.max_len:
            field.text += k
        if field.on_change:  # as typing into the box does (a total kept marked for the retry: changed now)
            field.on_change(field.text)
        self.host.set_focus(field)

    def option_key(self, ch: str) -> int | None:
        """The option number a key past 9 picks (0 → 10, - → 11, = → 12), when there are that many
        options and no answer box takes the key; None otherwise."""
        if self.fields or ch not in EXTRA_OPTION_KEYS:
            return None
        n = 10 + EXTRA_OPTION_KEYS.index(ch)
        return n if n <= len(self.buttons) else None

    def choose(self, n: int) -> bool:
        if self.buttons and 1 <= n <= len(self.buttons) and not self.buttons[n - 1].locked:
            self.buttons[n - 1].activate()
            return True
        return False

    def initial_focus(self) -> Any:
        if self.buttons:
            return self.buttons[0]
        if self.fields:
            return self.fields[0][1]
        if self.chips:
            return self.chips[0]
        return self.picker

    # -- answers
    def response(self) -> Any:
        if self.input == "fans_total":
            ticked = frozenset(self.ex.prompt.options[b.index].value for b in self.buttons if b.selected)
            total = self.fields[0][1].value()
            return (ticked, total) if ticked and total is not None else None
        if self.buttons:
            sel = [self.ex.prompt.options[b.index].value for b in self.buttons if b.selected]
            return frozenset(sel) if sel else None
        if self.picker is not None:
            return frozenset(self.picker.slots[i].tile.kind for i in self.picker.selected) or None
        if self.fields:
            values = [f.value() for _n, f in self.fields]
            if any(v is None for v in values):
                return None
            return tuple(values)
        if self.chips:
            ids = [c.key for c in self.chips for _k in range(c.count)]
            return ids or None
        return None

    def is_right(self, response: Any) -> bool:
        """Ask the exercise itself whether the response is right (it knows rank grading etc.)."""
        ex = self.ex
        if self.input == "fans_total":
            return ex.check(response)
        if self.buttons:
            return ex.check(next(iter(response)) if self.input == "choice" and len(response) == 1 else response)
        if self.fields:
            return ex.check(tuple(response) if isinstance(ex.answer, tuple) else response[0])
        if self.chips:
            fu = {c.key: c.value for c in self.chips}
            return ex.check([(i, fu[i]) for i in response])
        return ex.check(set(response))

    def graded(self, response: Any) -> Any:
        """The response in the form the exercise grades: fu chips as ``(item id, fu)`` pairs, answer
        boxes as numbers, picked tiles and options as they are."""
        if self.chips:
            fu = {c.key: c.value for c in self.chips}
            return [(i, fu[i]) for i in response]
        return response

    def tile_ok(self, kind: int) -> bool:
        """Whether one tile is among the answer, as the exercise itself decides (by rank when it
        grades by rank): the UI never re-implements the rule."""
        return bool(self.ex.is_answer_tile(kind))

    def answer_markup(self) -> str:
        """The right answer written out (rich markup)."""
        ans = self.ex.answer
        if self.input == "fans_total":
            return ngettext("The answer: {n} point.", "The answer: {n} points.", ans[1]).format(n=format_number(ans[1]))
        words = self.answer_words()
        if self.picker is not None:
            if self.ex.prompt.question in DISCARD_QUESTIONS and len(ans) > 1:
                return _("Any one of these is right: {tiles}").format(tiles=words)
            return _("The answer: {tiles}").format(tiles=words)
        if self.fields:
            return _("The answer: {n}").format(n=words)
        if words:
            return _("The answer: {answer}").format(answer=words)
        return ""

    def answer_words(self) -> str:
        """The right answer alone (rich markup): the tiles, the number(s) or the right options in words
        (and tiles) as their buttons show them; "" when the input has none of these."""
        ans = self.ex.answer
        if self.input == "fans_total":  # the options to tick, then the total
            right, total = ans
            names = [option_label(o, self.kids) or str(o.value) for o in self.ex.prompt.options if o.value in right]
            return ", ".join([*names, format_number(total) if isinstance(total, int) else str(total)])
        if self.picker is not None:
            from trainer.engine.notation import format_tiles

            return "{tiles:" + format_tiles(sorted(ans)) + "}"
        if self.fields:
            want = ans if isinstance(ans, tuple) else (ans,)
            return " / ".join(format_number(x) if isinstance(x, int) else str(x) for x in want)
        if self.buttons:
            want = ans if isinstance(ans, frozenset | set) else frozenset([ans])
            shown = []
            for o in self.ex.prompt.options:
                if o.value in want:
                    label = option_label(o, self.kids)
                    shown.append(" ".join(t for t in ("{tiles:" + o.tiles + "}" if o.tiles else "", label) if t))
            return ", ".join(shown)
        return ""

    def kids_answer_markup(self) -> str:
        """The answer shown to a child: a short sentence that names it with one reason in the
        children's words (:func:`~trainer.ui.views.kids_drill_words.reveal`: «3 и 3 — пара»), else
        the answer named plainly, never the adults' «Ответ:»."""
        said = kids_reveal(self.ex)
        if said:
            return said
        words = self.answer_words()
        # TRANSLATORS: for a child (ru «ты»), when no child's reason can be given for the answer
        return _("Here is the right answer: {answer}.").format(answer=words.rstrip(".")) if words else _(
            "The right one is marked.")

    def mark(self, right: bool, final: bool) -> None:
        self.final = self.final or final
        ans = self.ex.answer
        if self.input == "fans_total":
            ans, total = ans
            got = self.fields[0][1].value()
            right = got is not None and int(got) == total  # the total box is marked on its own
            if final:  # the fans neither ticked nor counted step aside: the working needs the room
                for b in self.buttons:
                    value = self.ex.prompt.options[b.index].value
                    b.visible = b.selected or value in ans
        elif final and self.input == "multi_choice" and len(self.buttons) > MANY_OPTIONS and not self.big:
            # ten and more options: those neither ticked nor right step aside for the working
            for b in self.buttons:
                b.visible = b.selected or self.ex.prompt.options[b.index].value in ans
        if self.buttons:
            want = ans if isinstance(ans, frozenset | set) else frozenset([ans])
            for b in self.buttons:
                value = self.ex.prompt.options[b.index].value
                if b.selected:
                    # A child's miss is not painted red: the gold edge of the pick stays (curriculum §1.4),
                    # but never a ✓ on an option that is not right (a tickable option's pick goes).
                    b.mark = "right" if value in want else (None if self.kids else "wrong")
                    if self.kids and b.toggle and value not in want:
                        b.selected = False
                elif final and value in want:
                    b.mark = "missed"
        if self.picker is not None:
            want = frozenset(ans)
            marks = {i: ("right" if self.tile_ok(self.picker.slots[i].tile.kind) else "wrong")
                     for i in self.picker.selected}
            if self.kids:
                # A child's wrong tile is never painted red with a ✕: it drops back into the row,
                # unmarked, for the next try (curriculum §1.4).
                misses = {i for i, m in marks.items() if m == "wrong"}
                self.picker.selected -= misses
                marks = {i: m for i, m in marks.items() if i not in misses}
            if final and not (right and self.ex.prompt.question in DISCARD_QUESTIONS):
                for i, s in enumerate(self.picker.slots):
                    if s.tile.kind in want and i not in marks and i not in self.picker.inert:
                        marks[i] = "hint"
            self.picker.marks = marks
        for (_n, f), box_right in zip(self.fields, self.boxes_right(right), strict=True):
            f.state = "right" if box_right else ("soft" if self.kids else "wrong")
        if final and not right and not self.kids:
            # the answer shown with nothing typed (the hint ladder's last rung): the box shows the
            # answer in the hint's colour, not empty and red
            want = (total,) if self.input == "fans_total" else (
                self.ex.answer if isinstance(self.ex.answer, tuple) else (self.ex.answer,))
            for (_n, f), value in zip(self.fields, want, strict=False):
                if f.value() is None and isinstance(value, int):
                    f.text, f.state = str(value), "soft"
        if final:  # nothing more to type: the keypad steps aside so the explanation has its room
            for k in self.keys:
                k.visible = False
        if self.chips:
            # marked against the right reading nearest to the learner's chips: an item of another
            # reading that scores the hand the same is not painted wrong
            fu = {c.key: c.value for c in self.chips}
            ans = self.ex.answer_near([(c.key, fu[c.key]) for c in self.chips for _k in range(c.count)])
            want_ids = Counter(a[0] if isinstance(a, tuple | list) else a.get("id") for a in ans)
            for c in self.chips:
                if c.count:
                    c.mark = "right" if want_ids.get(c.key, 0) == c.count else "wrong"
                elif final and want_ids.get(c.key):
                    c.mark = "missed"
                c.visible = not final or bool(c.count or c.mark)
            if final and not right:  # the big line now says the hand's fu, the learner's beside it
                self.answer_fu = items_fu([(a[0], a[1]) for a in ans if isinstance(a, tuple | list)])

    def boxes_right(self, right: bool) -> list[bool]:
        """Whether each answer box holds its own part of the answer (two payments: each box is judged
        by itself, so a right share is never painted red beside a wrong one); one box: ``right``."""
        want = self.ex.answer
        if self.input != "number" or not isinstance(want, tuple) or len(want) != len(self.fields):
            return [right] * len(self.fields)
        return [f.value() is not None and int(f.value()) == int(w) for (_n, f), w in zip(self.fields, want, strict=True)]

    def clear_marks(self) -> None:
        self.final = False
        for b in self.buttons:
            b.mark = None
            b.visible = True
            if self.input == "choice":
                b.selected = False
        if self.picker is not None:
            self.picker.marks = {}
        for _n, f in self.fields:
            f.state = None
        for k in self.keys:
            k.visible = True
        for c in self.chips:
            c.mark = None
            c.visible = True
        self.answer_fu = None

    def start_retry(self) -> None:
        """Ready another try at the same question.  A number typed into a box of its own starts again
        from an empty box, as in lessons; the fans-and-total form keeps the whole answer, the ticks
        and the total (lessons keep a pick), so the learner changes only what was wrong: a wrong tick
        and a wrong total stay marked until they are changed (:meth:`_pick`, :meth:`_key`)."""
        keep = self.input == "fans_total"
        wrong = {b.index for b in self.buttons if b.selected and b.mark == "wrong"} if keep else set()
        wrong_fields = {id(f) for _n, f in self.fields if f.state == "wrong"} if keep else set()
        # several boxes (a payment's shares): a right one keeps its number, only the wrong ones start again
        right_fields = {id(f) for _n, f in self.fields if f.state == "right"} if len(self.fields) > 1 else set()
        self.clear_marks()
        for b in self.buttons:
            if b.index in wrong:
                b.mark = "wrong"
        for _n, f in self.fields:
            f.forget_cut()
            if not keep and id(f) not in right_fields:
                f.text = ""
            elif id(f) in wrong_fields:
                f.state = "wrong"
                _unmark_on_change(f)

    def lock(self, locked: bool) -> None:
        """Checked: nothing takes input (True) until the retry unlocks it (False)."""
        self.locked = locked
        for b in self.buttons:
            b.locked = locked
        if self.picker is not None:
            self.picker.locked = locked
        for _n, f in self.fields:
            f.enabled = not locked
        for k in self.keys:
            k.enabled = not locked
        for c in self.chips:
            c.locked = locked

    # -- kept over a rebuild (a resized window, another language)
    @property
    def subject(self) -> Any:
        """What this view asks: its exercise (a rebuilt view of the same one takes :meth:`state`)."""
        return self.ex

    def state(self) -> dict[str, Any]:
        """Everything the learner has done here and how it is marked: the text typed in each box,
        the options ticked, the tiles picked (and the keyboard cursor), the fu chips counted, the
        marks of a check and of the hint ladder (the hand's tiles a hint marks), what a final answer
        hides, whether the answer is locked.  :meth:`restore` puts it on a view of the same exercise
        exactly as it was: never a later rung (the answer), never an empty box."""
        return {
            "final": self.final, "locked": self.locked, "answer_fu": self.answer_fu,
            "buttons": [(b.selected, b.mark, b.visible) for b in self.buttons],
            "fields": [(f.text, f.state, f.on_change is not None) for _n, f in self.fields],
            "chips": [(c.count, c.mark, c.visible) for c in self.chips],
            "picker": row_state(self.picker), "hand_row": row_state(self.hand_row),
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`state` said, on this view of the same exercise (the keypad shown
        unless the answer was final; where it goes is the layout's business)."""
        self.final, self.answer_fu = state["final"], state["answer_fu"]
        for b, (selected, mark, visible) in zip(self.buttons, state["buttons"], strict=False):
            b.selected, b.mark, b.visible = selected, mark, visible
        for (_n, f), (text, box_state, unmarks) in zip(self.fields, state["fields"], strict=False):
            f.text, f.state = text, box_state
            if unmarks:  # a wrong number kept for the retry: its mark goes when it is changed
                _unmark_on_change(f)
        for c, (count, mark, visible) in zip(self.chips, state["chips"], strict=False):
            c.count, c.mark, c.visible = count, mark, visible
        restore_row(self.picker, state["picker"])
        restore_row(self.hand_row, state["hand_row"])
        for k in self.keys:
            k.visible = not self.final
        self.lock(state["locked"])

    # -- layout
    def layout(self, area: pygame.Rect) -> None:
        if self.total_beside and not self.final:  # the keypad back under the options until room runs short
            for k in self.keys:
                k.visible = True
        self.total_beside = False
        self.prompt.size = "large"
        self._layout(area, compact=False)
        if self._overflows(area):
            # Options, the keypad or the tile palette would run under the feedback panel (a hint, a
            # miss): tighten (smaller hand tiles, smaller gaps).
            self._layout(area, compact=True)
            if self._overflows(area) and not self.kids:
                # still under it (a question of four lines, the furiten drill's): the question in
                # body type, smaller hand tiles, two or three options side by side
                self.prompt.size = "body"
                self._layout(area, compact=True, tight=True)

    def _overflows(self, area: pygame.Rect) -> bool:
        """Whether the last of the options, the keypad, the palette or the fu chips' sum ends below
        ``area``."""
        keys = [k for k in self.keys if k.visible]
        last = keys[-1] if keys else (self.buttons[-1] if self.buttons else
                                      self.fields[-1][1] if self.fields else self.picker)
        if self.note is not None and self._note_under_palette():
            last = self.note
        return bool((last is not None and last.rect.bottom > area.bottom) or (
            self.chips and self.reserved_rect is not None and self.reserved_rect.bottom > area.bottom))

    def _layout(self, area: pygame.Rect, compact: bool, tight: bool = False) -> None:
        L = self.app.layout
        app = self.app
        self.reserved_rect: pygame.Rect | None = None
        self.key_line_place: tuple[pygame.Rect, int] | None = None  # the key line under the total row
        row = self.hand_row or (self.picker if self.ex.prompt.question in DISCARD_QUESTIONS else None)
        many = sum(1 for b in self.buttons if b.visible) > MANY_OPTIONS and not self.big
        side = 0  # the width the answer box takes beside the info line (the yaku-and-han form)
        if compact and self.chips and row is not None and self._hand_beside_prompt(row, area):
            row = None  # placed: 22 fu chips, their running sum and a retry panel need every line
            y = max(self.prompt.rect.bottom, self.hand_row.rect.bottom + L.px(12)) + L.px(8)
        elif compact and many and row is not None and (
                self._hand_beside_prompt(row, area, 0.7, lines=3 if self.fields else 2)
                or self._hand_beside_prompt(row, area, lines=3 if self.fields else 2)):
            row = None  # placed: ten or more options and a feedback panel under them need its lines
            y = max(self.prompt.rect.bottom, self.hand_row.rect.bottom + L.px(18)) + L.px(8)
            side = self._info_side_width()  # an answer box beside the info line, not under the options
        else:
            y = area.top + self.prompt.place(app, area.left, area.top, area.width) + L.px(8 if compact else 14)
        if row is not None:
            factor = (1.05 if self.buttons else 1.0) * (0.6 if tight else 0.7 if compact else 1.0)
            if compact and self.chips:  # 22 fu chips and their sum need every line the hand can give
                factor = 0.5
            if self.kids:  # big tiles for children (curriculum §1.4)
                factor *= 1.35 if len(row.slots) <= 5 else 1.15
            tile_h = L.tile_h(factor)
            if self.kids and not compact and self._one_question_tile(row):
                tile_h = self._kids_question_tile_h(area, y, tile_h)
            row.place(area.centerx, y + L.px(4 if compact and self.chips else 10), area.width - L.px(40), tile_h)
            y = row.rect.bottom + L.px(16 if compact else 24)  # the hand's panel reaches 12 px below its tiles
        if self.note is not None and not self._note_under_palette():
            y += self.note.place(app, area.left, y - L.px(4 if compact else 10), area.width) + L.px(2 if compact else 4)
        if self.info is not None:
            h = self.info.place(app, area.left, y, area.width - side)
            if side:
                h = self._place_info_side(area, y, h)
            y += h + L.px(6 if compact else 14)
        elif side:
            y += self._place_info_side(area, y, 0) + L.px(6)
        if self.buttons and self.big:
            big_options_fit(app, self.buttons, area, y + L.px(4), L.tile_h(1.6 if self.kids and not compact else 1.1))
        elif self.buttons:
            shown = [b for b in self.buttons if b.visible]
            n = len(shown)
            cols = 3 if compact and n > 4 else (2 if n > 3 else 1)
            if tight and n <= 3 and not self.fields:  # two or three options side by side
                cols = max(1, n)
            if self.fields and len(self.buttons) > 4:  # fans_total: the same three columns throughout
                cols = 3
            gap = L.px(6 if compact else 10)
            w = (area.width - gap * (cols - 1)) // cols if cols > 1 else min(area.width, L.px(720))
            avail = area.bottom - y
            if self.fields and not side:  # room for the total row under the options (fans_total)
                avail -= L.px(40 if compact else 48) + gap * 2
            # short of room (a hint, a miss): smaller type, then less padding; the panel gives way after that
            self._short_labels(False)
            rh = fit_option_rows(app, shown, w, cols, avail, gap, TIGHTER if compact else TIGHTER[:1])
            if compact and many and sum(rh) + gap * (len(rh) - 1) > avail:
                # ten and more options still under the panel: their terms by name alone (the link
                # to each card stays), then four columns when that is lower
                self._short_labels(True)
                rh = fit_option_rows(app, shown, w, cols, avail, gap, TIGHTER)
                if sum(rh) + gap * (len(rh) - 1) > avail:
                    w4 = (area.width - gap * 3) // 4
                    rh4 = fit_option_rows(app, shown, w4, 4, avail, gap, TIGHTER)
                    if sum(rh4) + gap * (len(rh4) - 1) < sum(rh) + gap * (len(rh) - 1):
                        cols, w, rh = 4, w4, rh4
                    else:
                        rh = fit_option_rows(app, shown, w, cols, avail, gap, TIGHTER)
            x0 = area.left if cols > 1 else area.centerx - w // 2
            for i, b in enumerate(shown):
                r, c = divmod(i, cols)
                b.place(app, pygame.Rect(x0 + c * (w + gap), y + sum(rh[:r]) + gap * r, w, rh[r]))
            if self.fields and not side:
                self._total_row((shown[-1].rect.bottom if shown else y) + gap * 2, area, compact)
            elif self.fields:  # the total's box beside the info line: the key line under the options
                self.key_line_place = self._key_line_place(area, (shown[-1].rect.bottom if shown else y) + gap * 2)
        elif self.picker is not None and self.picker is not row:
            self._place_palette(area, y, row)
        elif self.fields:
            fw = L.px(200)
            gap = L.px(24)
            total = len(self.fields) * fw + (len(self.fields) - 1) * gap
            x = area.centerx - total // 2
            self.field_labels = []
            if len(self.fields) > 1 or self.fields[0][0] != "value":
                y += app.line_height(L.font("small")) + L.px(4)
            for name, f in self.fields:
                f.rect = pygame.Rect(x, y, fw, L.px(48 if compact else 60))
                self.field_labels.append((name, f.rect.midtop))
                x += fw + gap
            y += L.px(58 if compact else 76)
            kw, kg = L.px(58), L.px(8)
            x = area.centerx - (len(self.keys) * kw + (len(self.keys) - 1) * kg) // 2
            for k in self.keys:
                k.rect = pygame.Rect(x, y, kw, L.px(42 if compact else 50))
                x += kw + kg
        elif self.chips:
            # the painted sum line beside or under the chips: the feedback panel must not cover it
            self.reserved_rect = place_fu_chips(app, self.chips, area, y, L.px(4))
            self.sum_pos = self.reserved_rect.midtop

    def _note_under_palette(self) -> bool:
        """Whether the suits note goes under the tile palette (a pick from a palette), not under the hand."""
        return self.picker is not None and self.picker is not self._hand_picker()

    def _one_question_tile(self, row: TileRow) -> bool:
        """Whether the hand row is the one tile a question asks about, answered by big option buttons
        (which family, which number, what is it called)."""
        return row is self.hand_row and len(row.slots) == 1 and bool(self.buttons) and self.big

    def _kids_question_tile_h(self, area: pygame.Rect, y: int, base: int) -> int:
        """A child's question tile as tall as the room above the options allows (they keep their own
        size), from ``base`` up to :data:`KIDS_QUESTION_GROWTH` times it."""
        L = self.app.layout
        probe = pygame.Rect(area.left, 0, area.width, 1 << 20)  # the options' own height, nothing shrunk
        options_h = big_options_fit(self.app, self.buttons, probe, 0, L.tile_h(1.6))
        info_h = self.info.place(self.app, area.left, 0, area.width) + L.px(14) if self.info is not None else 0
        room = area.bottom - y - L.px(10 + 24 + 4) - options_h - info_h
        return max(base, min(round(base * KIDS_QUESTION_GROWTH), room))

    def _place_palette(self, area: pygame.Rect, y: int, row: TileRow | None) -> None:
        """The tile palette under the hand, its tiles at least as large as the hand's when the room
        allows: one line per suit, or — when the room under the hand is short (a hint, a miss) — all
        suits in one line with a gap between them, whichever gives the larger tiles."""
        from dataclasses import replace

        L = self.app.layout
        picker = self.picker
        assert picker is not None
        if not hasattr(self, "_palette_layout"):  # the suits' lines and the slots as built
            self._palette_layout = (list(picker.breaks), list(picker.slots))
        breaks, slots = self._palette_layout
        lines = len([b for b in breaks if 0 < b < len(slots)]) + 1
        note_h = self.note.place(self.app, area.left, area.bottom, area.width) + L.px(14) if self.note else 0
        hand_h = row.height if row is not None and row is self.hand_row else 0
        cap = L.tile_h((1.7 if lines == 1 else 1.2) if self.kids else 0.85)
        if not self.kids:
            cap = max(cap, hand_h or L.tile_h(1.0))  # no hand shown: the palette is the one row, hand-sized
        extra = round(cap * 0.2) if self.kids else 0
        room = area.bottom - y - note_h

        def place(n_lines: int) -> int:
            one = n_lines == 1 and lines > 1
            picker.breaks = [] if one else list(breaks)
            picker.slots = [replace(sl, gap=0.5) if one and i in breaks and i > 0 else sl
                            for i, sl in enumerate(slots)]
            th = min(cap, max(L.px(28), room // n_lines - L.px(16) - extra))
            picker.place(area.centerx, y + L.px(8), area.width, th)
            return picker.height

        if getattr(self, "row_first", False):  # the question's own row: one line unless it is smaller
            best = place(1)
            if lines > 1 and place(lines) <= best:
                place(1)
        else:
            best = place(lines)
            if lines > 1 and best < cap and place(1) <= best:
                place(lines)  # one line is no larger: the suits keep a line each
        if self.note is not None:
            self.note.place(self.app, area.left, picker.rect.bottom + L.px(12), area.width)

    def _short_labels(self, short: bool) -> None:
        """Options that are a glossary term alone («Сананко (三暗刻, san'ankō)») by its name alone
        («Сананко», ``short``: the Japanese and the reading each take a line of their own), or back
        as built: ten and more options short of room beside a feedback panel."""
        import re

        from trainer.glossary import load_glossary
        from trainer.i18n import current_language

        for b in self.buttons:
            full = b.__dict__.setdefault("full_text", b.text)
            b.text = full
            m = re.fullmatch(r"\{term:([a-z0-9_]+)\}", full)
            if short and m:
                try:
                    b.text = load_glossary().term(m.group(1)).plain_name(current_language())
                except (KeyError, LookupError, ValueError):
                    pass

    def total_label(self) -> str:
        """The label of the ticks-and-total form's box (the MCR fans drill: its points; the yaku
        drill's "both" question says han)."""
        return _("Total, points:")

    def _info_side_width(self) -> int:
        """The width the total's box and its label take beside the info line when ten and more fans
        have put the hand beside the question (0: none, for the other inputs)."""
        if self.input != "fans_total" or not self.fields:
            return 0
        L = self.app.layout
        return self.app.text_width(self.total_label(), L.font("small"), bold=True) + L.px(150 + 10 + 24)

    def _place_info_side(self, area: pygame.Rect, y: int, info_h: int) -> int:
        """Place the total's box and its label beside the info line (at ``y``, the line ``info_h``
        tall), the keypad hidden (digits typed anywhere go into the box); the height of the row."""
        L = self.app.layout
        fw, fh = L.px(150), L.px(40)
        label_w = self.app.text_width(self.total_label(), L.font("small"), bold=True) + L.px(10)
        h = max(info_h, fh)
        x = area.right - fw - label_w
        self.fields[0][1].rect = pygame.Rect(x + label_w, y + (h - fh) // 2, fw, fh)
        self.total_label_pos = (x, y + h // 2)
        if self.info is not None and info_h < h:  # the info line in the middle of the row's height
            self.info.place(self.app, area.left, y + (h - info_h) // 2, area.width - (area.right - x) - L.px(24))
        for k in self.keys:
            k.visible = False
        self.total_beside = True
        return h

    def _hand_beside_prompt(self, row: TileRow, area: pygame.Rect, factor: float = 0.5, lines: int = 2) -> bool:
        """Lay the question out on the left and the hand (small tiles, ``factor`` of the usual
        height, on its panel) on the right of the same lines, when both fit so: the fu chips, or ten
        and more options, then keep the lines the hand's own row took.  False (nothing placed for
        good) when the question would need more than ``lines`` lines."""
        L = self.app.layout
        if row is not self.hand_row or self.kids:
            return False
        row.place(0, 0, area.width, L.tile_h(factor))
        side = row.rect.width + L.px(18) * 2  # the hand's panel reaches 18 px past its tiles
        width = area.width - side - L.px(24)
        one_line = self.app.line_height(L.font(self.prompt.size))
        if width < area.width // 3 or self.prompt.place(self.app, area.left, area.top, width) > lines * one_line:
            return False
        top = area.top + max(L.px(12), (self.prompt.rect.height - row.rect.height) // 2)
        row.place(area.right - side // 2, top, side, L.tile_h(factor))
        return True

    def _total_row(self, y: int, area: pygame.Rect, compact: bool) -> None:
        """The total box and its keypad in one row under the ticked options (``fans_total``)."""
        L = self.app.layout
        h = L.px(40 if compact else 48)
        fw, kw, kg = L.px(150), L.px(46), L.px(6)
        label_w = self.app.text_width(self.total_label(), L.font("body"), bold=True) + L.px(14)
        width = label_w + fw + L.px(16) + (len(self.keys) + 1) * (kw + kg)
        x = max(area.left, area.centerx - width // 2)
        self.total_label_pos = (x, y + h // 2)
        field = self.fields[0][1]
        field.rect = pygame.Rect(x + label_w, y, fw, h)
        x = field.rect.right + L.px(16)
        for k in self.keys:
            w = kw * 2 if k is self.keys[-1] else kw  # the backspace key is wider
            k.rect = pygame.Rect(x, y, w, h)
            x += w + kg
        self.key_line_place = self._key_line_place(area, y + h + L.px(8 if compact else 12))

    def _key_line_place(self, area: pygame.Rect, top: int) -> tuple[pygame.Rect, int] | None:
        """Where the key line goes under the total row and in which type (small, else tiny, so it
        is never cut); None when the row leaves no room for it above ``area.bottom``."""
        L = self.app.layout
        text = self.key_line()
        for size in (L.font("small"), L.font("tiny")):
            rect = pygame.Rect(area.left, top, area.width, self.app.line_height(size))
            if self.app.text_width(text, size) <= area.width and rect.bottom <= area.bottom:
                return rect, size
        return None

    def key_line_shown(self) -> bool:
        """Whether the key line is on screen: placed, and the total's box still takes an answer."""
        return (self.input == "fans_total" and self.key_line_place is not None and not self.final
                and self.fields[0][1].enabled)

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        row = self.hand_row or (self.picker if self.ex.prompt.question in DISCARD_QUESTIONS else None)
        if row is not None:
            draw_panel(surf, row.rect.inflate(L.px(36), L.px(24 if row is self.hand_row else 44)), P.felt_dark,
                       L.px(14), border=P.felt_line)
        if self.input == "fans_total" and hasattr(self, "total_label_pos"):
            blit_text(surf, self.app, self.total_label(), L.font("small" if self.total_beside else "body"),
                      P.on_felt, self.total_label_pos,
                      anchor="midleft", bold=True)
        if self.key_line_shown() and self.key_line_place is not None:
            rect, size = self.key_line_place
            blit_text(surf, self.app, self.key_line(), size, P.on_felt_muted, rect.midtop, anchor="midtop")
        for name, pos in getattr(self, "field_labels", []):
            if name != "value":
                blit_text(surf, self.app, pay_field_label(name, self.ex.prompt.get("preset")), L.font("small"),
                          P.on_felt_muted, (pos[0], pos[1] - L.px(4)), anchor="midbottom")
        if self.chips:
            raw, rounded = fu_chip_total(self.chips)
            shown = self.answer_fu
            blit_text(surf, self.app, fu_sum_text(raw, rounded, shown), fu_sum_size(self.app, self.reserved_rect),
                      P.accent if shown is not None else P.on_felt, self.sum_pos, anchor="midtop", bold=True)

