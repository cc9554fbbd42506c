"""Drills: the list of generators, a settings form built from each generator's parameters,
and the drill session itself (one generated exercise after another).

The form is built from the generator's pydantic parameter model: booleans become
switches, enums option rows, bounded integers steppers, ratios percentage steppers,
lists of enum values multi-select rows.  The session grades every item against
the exercise's engine-computed answer, gives one retry, shows the explanation,
and records each first answer in the learner's progress.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame

from trainer.engine.notation import parse_hand, parse_tiles
from trainer.engine.tiles import kind_name
from trainer.i18n import N_, _, current_language, ngettext, pgettext
from trainer.ui.app import register_screen
from trainer.ui.question_texts import (
    MORE_BLURBS,
    MORE_FIELD_LABELS,
    MORE_QUESTIONS,
    MORE_TITLES,
    MORE_VALUE_LABELS,
    merge_equal_tiles,
    more_info_text,
    more_option_label,
    more_question_text,
    shanten_note,
)
from trainer.ui.richtext import BR
from trainer.ui.screens.base import Screen
from trainer.ui.screens.explain import explain, explain_item, family_name, fu_name, tile_label
from trainer.ui.screens.inputs import (
    CounterChip,
    OptionButton,
    RichBlock,
    big_options_fit,
    fu_chip_total,
    fu_chip_values,
    palette_slots,
    suits_of,
)
from trainer.ui.screens.retry import FeedbackSlide, RetryOnTouch
from trainer.ui.screens.steps import WIND_NAMES, tile_options
from trainer.ui.screens.tileview import TileRow, slots_for_text
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import (
    Button,
    Card,
    MultiOptionRow,
    NumberField,
    OptionRow,
    Stepper,
    Toggle,
    blit_text,
    draw_panel,
)

P = PALETTE

GENERATOR_NAMES = {
    "tile_name": (N_("Tile names"), N_("Read a tile: its family, its number, its name.")),
    "kunto_hand": (N_("Kunto hands"), N_("Small training hands: shanten and waits, step by step.")),
    "single_suit_waits": (N_("Single-suit waits"), N_("Find every wait of a one-suit tenpai hand.")),
    "mixed_waits": (N_("Waits of full hands"), N_("Every wait of a hand over several suits, with melds.")),
    "discard_ukeire": (N_("Best discard"), N_("Choose the discard that keeps the most useful tiles.")),
    "shanten": (N_("Shanten"), N_("How many tiles is the hand from tenpai?")),
    "fu_count": (N_("Counting fu"), N_("The fu of a won hand, as a total or item by item.")),
    "points_lookup": (N_("Points"), N_("What a win pays for han, fu, dealer, ron or tsumo.")),
    "yaku_identify": (N_("Yaku"), N_("Name every yaku of a won hand.")),
    "manners_situation": (N_("Table manners"), N_("The 55 rules of the table, by rank.")),
}

# The card's sentence when a parameter changes what a drill asks: (generator, param, value) -> text.
PARAM_BLURBS = {
    ("yaku_identify", "ask", "han"): N_("Count the han of a won hand."),
    ("yaku_identify", "ask", "both"): N_("Name every yaku of a won hand and count its han."),
    ("single_suit_waits", "ask", "count"): N_("Count the waits of a one-suit tenpai hand."),
    ("mixed_waits", "ask", "count"): N_("Count the waits of a hand over several suits."),
    ("fu_count", "answer", "fu_breakdown"): N_("The fu of a won hand, item by item."),
    ("wait_shape", "ask", "waits"): N_("Find every winning tile of a hand with a named wait shape."),
}

FIELD_LABELS = {
    "n": N_("Exercises"), "preset": N_("Rules"), "kids": N_("Children's mode"), "ask": N_("Question"),
    "direction": N_("Direction"), "pool": N_("Tiles or yaku used"), "options": N_("Options shown"),
    "lookalikes": N_("Look-alike distractors"), "size": N_("Hand size"), "min_waits": N_("Fewest waits"),
    "max_waits": N_("Most waits"), "suit": N_("Suit"), "melds": N_("Open melds"), "honors": N_("Honor tiles"),
    "min_shanten": N_("Lowest shanten"), "max_shanten": N_("Highest shanten"), "forms": N_("Hand forms"),
    "special_bias": N_("Seven pairs and kokushi share"), "visible": N_("Show discards seen"),
    "hand_pool": N_("Kind of hands"), "open_ratio": N_("Open hands"), "tsumo_ratio": N_("Wins by tsumo"),
    "kans": N_("Quads"), "seven_pairs": N_("Seven pairs"), "answer": N_("Answer as"), "han_min": N_("Least han"),
    "han_max": N_("Most han"), "fu": N_("Fu values"), "roles": N_("Winner"), "wins": N_("Win by"),
    "honba": N_("Most honba"), "situational": N_("Situational yaku"), "ranks": N_("Rule ranks"),
    "format": N_("Question kinds"), "suits_ignored": N_("Suits ignored"), "dragons": N_("Dragons"),
    "jokers": N_("Jokers"), "waits": N_("Number of waits"), "winds": N_("Winds in the hands"),
}
VALUE_LABELS = {
    "family": N_("Family"), "number": N_("Number"), "name": N_("Name"), "to_name": N_("Tile → name"),
    "to_tile": N_("Name → tile"), "all": N_("All"), "numbers": N_("Numbers"), "honors": N_("Honors"),
    "man": N_("Characters"), "pin": N_("Dots"), "sou": N_("Bamboo"), "m": N_("Characters"), "p": N_("Dots"),
    "s": N_("Bamboo"), "any": N_("Any"), "pick": N_("Pick the tiles"), "count": N_("Count them"),
    "standard": N_("Four sets and a pair"), "random": N_("Random"), "isolated_tile": N_("With a loose tile"),
    "fu_breakdown": N_("Item by item"), "dealer": N_("Dealer"), "non_dealer": N_("Non-dealer"),
    "mixed": N_("Mixed"), "ron": N_("Ron"), "tsumo": N_("Tsumo"), "common12": N_("12 common"),
    "han1": N_("1 han"), "han2": N_("2 han"), "han3_6": N_("3-6 han"), "all_regular": N_("All regular"),
    "yaku": N_("Yaku"), "han": N_("Han"), "both": N_("Both"), "right_action": N_("Right action"),
    "spot_mistake": N_("Spot the mistake"), "rank": N_("Rank"), "normal": N_("Normal"), "ten": N_("As tens"),
    "joker": N_("As jokers"), "none": N_("Left out"), "shanten": N_("Shanten"), "waits": N_("Waits"),
    "discard": N_("Discard"),
}
HIDDEN_FIELDS = {"tiles", "time_target", "groups", "rules"}
GENERATOR_TILES = {
    "tile_name": "9m", "kunto_hand": "2p", "single_suit_waits": "3s", "mixed_waits": "4m", "shanten": "5s",
    "discard_ukeire": "6p", "fu_count": "7s", "points_lookup": "8m", "yaku_identify": "7z",
    "manners_situation": "1z", "dora_from_indicator": "0m", "tile_group": "9p", "make_set": "3s",
    "complete_hand": "1p", "wait_shape": "2s", "furiten_situation": "4z", "safe_tile": "6z",
}

# The hint ladder's first rung (where to look), by the kind of the question's first explanation item.
HINT_WHERE = {
    "wait": N_("Look at the shapes that are not complete yet: the hand waits around them."),
    "named_wait": N_("Look at the shapes that are not complete yet: the hand waits around them."),
    "shanten": N_("Count the complete sets and pairs first, then the shapes that still need a tile."),
    "shanten_form": N_("Count the complete sets and pairs first, then the shapes that still need a tile."),
    "discard": N_("Look for the tile that belongs to no shape: it helps the hand least."),
    "yaku": N_("Look at the whole hand: what sets it has, its pair, and how it was won."),
    "fu": N_("Go in order: the base, how the hand was won, each triplet or quad, the pair, the wait."),
    "points": N_("Find the han in the payment table, then the fu; the dealer is paid more."),
    "tile_name": N_("Look at the marks on the tile: their shape, how many there are, their colour."),
    "tile_family": N_("Look at the marks on the tile: their shape, how many there are, their colour."),
    "tile_number": N_("Look at the marks on the tile: their shape, how many there are, their colour."),
    "manners_rule": N_("Ask yourself: does it spoil the game, or its fairness, for the others?"),
}
# Explanation items that may be shown one part at a time on the middle rung (each is one piece of
# the answer, never all of it).
HINT_PARTIAL_KINDS = ("wait", "fu", "yaku")

# Which explanation items a question shows (the rest are about other questions of the same hand).
EXPLAIN_KINDS = {
    "fu_total": ("fu", "total"), "fu_breakdown": ("fu", "total"), "yaku": ("yaku", "dora", "total"),
    "yaku_and_han": ("yaku", "dora", "total"), "han_total": ("yaku", "dora", "total"),
}
QUESTIONS = {
    "tile_family": N_("Which family does this tile belong to?"),
    "tile_number": N_("What number does this tile show?"),
    "tile_name": N_("What is this tile called?"),
    "tile_for_name": N_("Find the tile: {name}"),
    "shanten": N_("How many tiles from tenpai is this hand? (Tenpai is 0, a complete hand −1.)"),
    "best_discard": N_("Which tile do you discard? Keep the most tiles that improve the hand."),
    "waits": N_("Which tiles complete this hand? Pick every one."),
    "waits_count": N_("How many different tiles complete this hand?"),
    "fu_total": N_("How many fu is this hand worth (rounded)?"),
    "fu_breakdown": N_("Count the fu of this hand item by item."),
    "payment": N_("{han} han, {fu} fu — what does the win pay?"),
    "han_total": N_("How many han is this hand worth?"),
    "yaku": N_("Tick every yaku of this hand."),
    "yaku_and_han": N_("Tick every yaku of this hand."),
    "manners_rank": N_("How serious is breaking this rule?"),
    "manners_right_action": N_("What is the right thing to do?"),
    "manners_spot_mistake": N_("Which of these is a mistake?"),
    "kunto_shanten": N_("How many tiles from tenpai is this hand?"),
    "kunto_waits": N_("Which tiles complete this hand? Pick every one."),
    "kunto_discard": N_("Which tile do you throw back? Keep the hand closest to complete."),
}
# The newer generators keep their words in trainer.ui.question_texts; one set of tables here.
GENERATOR_NAMES.update({name: (title, MORE_BLURBS.get(name, "")) for name, title in MORE_TITLES.items()})
QUESTIONS.update(MORE_QUESTIONS)
FIELD_LABELS.update(MORE_FIELD_LABELS)
VALUE_LABELS.update(MORE_VALUE_LABELS)
DISCARD_QUESTIONS = ("best_discard", "kunto_discard", "safe_tile")
# Questions whose number answer may be negative (a complete hand is shanten -1).
NEGATIVE_QUESTIONS = ("shanten", "kunto_shanten")

# Children's drills (params kids: true; curriculum §1.4): a friendly title, short prompts in the
# child's words (no kanji or romaji), praise, gentle retries and no pass mark.
KIDS_TITLES = {
    "tile_name": N_("Guess the tile!"), "single_suit_waits": N_("Which tile fits?"),
    "kunto_hand": N_("Which tile fits?"), "mixed_waits": N_("Which tile fits?"),
}
KIDS_TITLE_OTHER = N_("Let's play!")
KIDS_QUESTIONS = {
    "tile_family": N_("Which family is it from?"),
    "tile_number": N_("What number is it?"),
    "tile_name": N_("What is this tile called?"),
    "tile_for_name": N_("Find: {name}!"),
    "waits": N_("Which tile fits here? Tap them all!"),
    "kunto_waits": N_("Which tile fits here? Tap them all!"),
    "shanten": N_("How many tiles are missing?"),
    "kunto_shanten": N_("How many tiles are missing?"),
    "best_discard": N_("Which tile do you give away? Keep the tiles that help your hand."),
    "kunto_discard": N_("Which tile do you give back? Keep the tiles that help your hand."),
}
KIDS_HONOR_NAMES = (N_("East"), N_("South"), N_("West"), N_("North"), N_("White dragon"), N_("Green dragon"),
                    N_("Red dragon"))
# The children's hint: one friendly nudge in the child's words, then the answer is shown.
KIDS_HINTS = {
    "tile_name": N_("Look closely: what is drawn on the tile, and how many?"),
    "tile_family": N_("Look closely: what is drawn on the tile, and how many?"),
    "tile_number": N_("Look closely: what is drawn on the tile, and how many?"),
    "wait": N_("Try every tile: which one makes a three or a pair?"),
    "named_wait": N_("Try every tile: which one makes a three or a pair?"),
}
KIDS_PRAISE = (N_("Well done!"), N_("Great!"), N_("You got it!"), N_("Super!"))


def can_be_complete(hand: str) -> bool:
    """Whether a hand of this size can be complete (3n+2 tiles), i.e. have shanten -1."""
    try:
        return len(parse_hand(hand, check_size=False).concealed) % 3 == 2
    except Exception:
        return True  # unreadable here: let the learner type any number


def kids_family(family: str) -> str:
    """A suit family in the children's words (the ones the children's lessons use)."""
    names = {"pin": pgettext("children's word", "Dots"), "sou": pgettext("children's word", "Sticks"),
             "man": pgettext("children's word", "Characters"), "honors": pgettext("children's word", "Pictures")}
    return names.get(family, family_name(family).capitalize())


def kids_tile_name(name: str) -> str:
    """A tile's name for a child: an honor by its plain name (no kanji, no romaji), a number tile in words."""
    rank, suit = name[0], name[1]
    if suit == "z" and rank.isdigit() and 1 <= int(rank) <= 7:
        return _(KIDS_HONOR_NAMES[int(rank) - 1])
    return tile_label(name)


def kids_praise(i: int) -> str:
    """One of the praise words for a right answer (varied by the exercise number)."""
    return _(KIDS_PRAISE[i % len(KIDS_PRAISE)])
PAY_FIELDS = {"ron": N_("The discarder pays"), "all": N_("Each player pays"),
              "non_dealer": N_("Each non-dealer pays"), "dealer": N_("The dealer pays")}


def generators() -> dict[str, Any]:
    """The registry of exercise generators (empty when the engine has none)."""
    try:
        from trainer.engine.exercises import GENERATORS
    except ImportError:
        return {}
    return GENERATORS


def generator_title(name: str, kids: bool = False) -> str:
    """A generator's name for the learner (``kids``: the friendly title of a children's drill)."""
    if kids:
        return _(KIDS_TITLES.get(name, KIDS_TITLE_OTHER))
    return _(GENERATOR_NAMES[name][0]) if name in GENERATOR_NAMES else name.replace("_", " ").capitalize()


def generator_blurb(name: str, gen: Any, params: dict[str, Any] | None = None) -> str:
    """One sentence about a generator; with ``params`` (a lesson's drill step), the sentence for
    what those parameters make it ask (``yaku_identify`` with ``ask: han`` asks for the han)."""
    for (gname, key, value), text in PARAM_BLURBS.items():
        if gname == name and (params or {}).get(key) == value:
            return _(text)
    return _(GENERATOR_NAMES[name][1]) if name in GENERATOR_NAMES else (gen.doc or "")


def value_label(v: Any) -> str:
    """An enum value for the learner."""
    if isinstance(v, str) and v in VALUE_LABELS:
        return _(VALUE_LABELS[v])
    return str(v)


# ---------------------------------------------------------------- the list


@register_screen("drills")
class DrillListScreen(Screen):
    """Every generator as a card."""

    def title(self) -> str:
        return _("Drills")

    def build(self) -> None:
        from trainer.ui.screens.lesson_map import TRACK_COLORS

        colors = list(TRACK_COLORS.values())
        self.cards = []
        for i, (name, gen) in enumerate(generators().items()):
            card = Card(generator_title(name), generator_blurb(name, gen),
                        lambda n=name: self.app.push("drill_setup", generator=n), accent=colors[i % len(colors)],
                        icon=self._icon(GENERATOR_TILES.get(name, "5z")))
            self.cards.append(self.add(card))

    def _icon(self, tiles: str) -> Callable[[pygame.Surface, pygame.Rect], None]:
        def paint(surf: pygame.Surface, rect: pygame.Rect) -> None:
            from trainer.ui.screens.tileview import draw_tile_string

            draw_tile_string(surf, tiles, rect, self.app)

        return paint

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        cols = 3 if area.width > L.px(900) else 2
        gap = L.px(16)
        w = (area.width - gap * (cols - 1)) // cols
        rows = max(1, (len(self.cards) + cols - 1) // cols)
        h = min(L.px(132), (area.height - gap * (rows - 1)) // rows)
        for i, c in enumerate(self.cards):
            r, col = divmod(i, cols)
            c.rect = pygame.Rect(area.left + col * (w + gap), area.top + r * (h + gap), w, h)

    def choose(self, n: int) -> bool:
        if 1 <= n <= len(self.cards):
            self.cards[n - 1].activate()
            return True
        return False

    def draw_content(self, surf: pygame.Surface) -> None:
        if not self.cards:
            L = self.app.layout
            blit_text(surf, self.app, _("No drills are available."), L.font("large"), P.on_felt_muted,
                      L.content().midtop, anchor="midtop")


# ---------------------------------------------------------------- the settings form

_LAST_PARAMS: dict[str, dict[str, Any]] = {}


def _field_kind(spec: dict[str, Any]) -> tuple[str, Any]:
    """How to edit a JSON-schema property: ("toggle"|"enum"|"int"|"ratio"|"multi"|None, detail)."""
    if "anyOf" in spec:
        for sub in spec["anyOf"]:
            if sub.get("type") == "string" and "enum" in sub:
                return "enum", sub["enum"]
        return None, None
    t = spec.get("type")
    if t == "boolean":
        return "toggle", None
    if "enum" in spec:
        return "enum", spec["enum"]
    if t == "integer" and "minimum" in spec and "maximum" in spec:
        return "int", (spec["minimum"], spec["maximum"])
    if t == "number" and spec.get("minimum") == 0 and spec.get("maximum") == 1:
        return "ratio", None
    if t == "array" and "enum" in spec.get("items", {}):
        return "multi", spec["items"]["enum"]
    return None, None


@register_screen("drill_setup")
class DrillSetupScreen(Screen):
    """A generator's settings form and the Start button; params: ``generator``."""

    def title(self) -> str:
        return generator_title(self.params["generator"])

    def enter(self) -> None:
        name = self.params["generator"]
        self.gen = generators()[name]
        if not hasattr(self, "values"):
            defaults = self.gen.params().model_dump(mode="json")
            self.values = dict(_LAST_PARAMS.get(name, defaults))
            if "preset" in self.values and "preset" not in _LAST_PARAMS.get(name, {}):
                self.values["preset"] = self.app.settings.preset
        super().enter()

    def build(self) -> None:
        from trainer.ui.screens.settings import preset_ids

        schema = self.gen.params_model.model_json_schema()
        self.fields: list[tuple[str, Any]] = []
        for key, spec in schema.get("properties", {}).items():
            if key in HIDDEN_FIELDS:
                continue
            value = self.values.get(key)
            kind, detail = _field_kind(spec)
            if key == "preset":
                ids = preset_ids()
                from trainer.ui.screens.settings import PRESET_NAMES

                w: Any = OptionRow([(p, _(PRESET_NAMES[p]) if p in PRESET_NAMES else p.upper()) for p in ids],
                                   value if value in ids else ids[0], self._setter(key))
            elif key == "n":
                w = Stepper(int(value), 1, 50, self._setter(key), choices=[5, 8, 10, 12, 15, 20, 30, 50])
            elif kind == "toggle":
                w = Toggle(bool(value), self._setter(key))
            elif kind == "enum" and len(detail) <= 6 and all(isinstance(v, str) for v in detail):
                w = OptionRow([(v, value_label(v)) for v in detail], value if value in detail else detail[0],
                              self._setter(key))
            elif kind == "enum":
                ints = [int(v) for v in detail if isinstance(v, int)]
                if ints and len(ints) == len(detail):
                    w = Stepper(int(value), min(ints), max(ints), self._setter(key), choices=sorted(ints))
                else:
                    w = OptionRow([(v, value_label(v)) for v in detail], value, self._setter(key))
            elif kind == "int":
                w = Stepper(int(value), detail[0], detail[1], self._setter(key))
            elif kind == "ratio":
                w = Stepper(round(float(value) * 100), 0, 100, self._setter(key, ratio=True), step=10)
                w.suffix = "%"
            elif kind == "multi":
                w = MultiOptionRow([(v, value_label(v)) for v in detail], list(value or []), self._setter(key))
            else:
                continue
            self.fields.append((key, self.add(w)))
        self.start = self.add(Button(_("Start"), self.start_drill, kind="primary", hotkey="Enter"))
        self.reset = self.add(Button(_("Defaults"), self._defaults, kind="ghost"))

    def _setter(self, key: str, ratio: bool = False) -> Callable[[Any], None]:
        def set_value(v: Any) -> None:
            self.values[key] = round(v / 100, 2) if ratio else v
            self._example = None
            self.app.invalidate()

        return set_value

    def example(self) -> tuple[str, str]:
        """(tiles, text) of an example exercise for the current values: the live preview."""
        if getattr(self, "_example", None) is None:
            try:
                ex = self.gen.generate(self.gen.params(self.values), 1)
                self._example = (ex.prompt.hand or ex.prompt.tiles, question_text(ex))
            except Exception as exc:
                self._example = ("", _("These settings cannot be used: {error}").format(error=_first_error(exc)))
        return self._example

    def _defaults(self) -> None:
        self.values = self.gen.params().model_dump(mode="json")
        self.rebuild()

    def submit(self) -> bool:
        self.start_drill()
        return True

    def start_drill(self) -> None:
        """Check the parameters with the generator's model, then open the drill."""
        try:
            params = self.gen.params(self.values)
        except Exception as exc:
            self.app.notify(_("These settings cannot be used: {error}").format(error=_first_error(exc)), "error")
            return
        name = self.params["generator"]
        _LAST_PARAMS[name] = dict(self.values)
        self.app.remember(last_drill=name)
        self.app.push("drill", generator=name, params=params.model_dump(mode="json"), n=params.n,
                      seed=int(self.app.time * 1000) % 1_000_000 + len(_LAST_PARAMS))

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        label_w = min(L.px(330), area.width * 2 // 5)
        x = area.left + label_w + L.px(20)
        w = area.right - x
        bar = L.px(52)
        n = max(1, len(self.fields))
        row_h = max(L.px(34), min(L.px(46), (area.height - bar - L.px(24)) // n - L.px(8)))
        y = area.top
        for _key, widget in self.fields:
            if isinstance(widget, Toggle):
                widget.rect = pygame.Rect(x, y, L.px(80), row_h)
            elif isinstance(widget, Stepper):
                widget.rect = pygame.Rect(x, y, min(w, L.px(240)), row_h)
            else:
                widget.rect = pygame.Rect(x, y, w, row_h)
            y += row_h + L.px(8)
        self.label_w = label_w
        sw = max(self.start.preferred_width(self.app), L.px(220))
        self.start.rect = pygame.Rect(area.right - sw, area.bottom - bar, sw, bar)
        rw = max(self.reset.preferred_width(self.app), L.px(140))
        self.reset.rect = pygame.Rect(area.left, area.bottom - bar, rw, bar)

    def initial_focus(self) -> int | None:
        return self.widgets.index(self.start)

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        strip = pygame.Rect(self.reset.rect.right + L.px(24), self.start.rect.top - L.px(6),
                            self.start.rect.left - self.reset.rect.right - L.px(48), self.start.rect.height + L.px(12))
        if strip.width > L.px(200):
            draw_panel(surf, strip, P.felt_dark, L.px(12), border=P.felt_line)
            label = blit_text(surf, self.app, _("Example"), L.font("small"), P.on_felt_muted,
                              (strip.left + L.px(14), strip.centery), anchor="midleft")
            tiles, text = self.example()
            inner = pygame.Rect(label.right + L.px(14), strip.top + L.px(6), strip.right - label.right - L.px(26),
                                strip.height - L.px(12))
            if tiles:
                from trainer.ui.screens.tileview import draw_tile_string

                draw_tile_string(surf, tiles, inner, self.app)
            else:
                from trainer.ui.richtext import plain_text
                from trainer.ui.widgets import fit_line

                line = fit_line(self.app, plain_text(text, self.app).replace("\n", " "), L.font("small"), inner.width)
                blit_text(surf, self.app, line, L.font("small"), P.on_felt, (inner.left, inner.centery),
                          anchor="midleft")
        for key, widget in self.fields:
            label = _(FIELD_LABELS[key]) if key in FIELD_LABELS else key.replace("_", " ").capitalize()
            blit_text(surf, self.app, label, L.font("body"), P.on_felt, (area.left, widget.rect.centery),
                      anchor="midleft", bold=True, max_width=self.label_w)
            if isinstance(widget, Stepper) and getattr(widget, "suffix", ""):
                blit_text(surf, self.app, widget.suffix, L.font("body"), P.on_felt_muted,
                          (widget.rect.right + L.px(10), widget.rect.centery), anchor="midleft")


def _first_error(exc: Exception) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        try:
            e = errors()[0]
            where = ".".join(str(x) for x in e.get("loc", ()))
            return f"{where}: {e.get('msg', '')}".strip(": ")
        except Exception:
            pass
    return str(exc)


# ---------------------------------------------------------------- one exercise on screen


def question_text(ex: Any, kids: bool = False) -> str:
    """The prompt of an exercise in the learner's language (rich markup); ``kids``: the short
    children's wording where there is one."""
    p = ex.prompt
    if kids and p.question in KIDS_QUESTIONS:
        text = _(KIDS_QUESTIONS[p.question])
        if p.question == "tile_for_name":
            return text.format(name=kids_tile_name(str(dict(p.data).get("name", ""))))
        return text
    more = more_question_text(ex)
    if more is not None:
        return more
    template = _(QUESTIONS[p.question]) if p.question in QUESTIONS else p.question.replace("_", " ").capitalize() + "?"
    data = dict(p.data)
    if shanten_note(ex):
        return template + BR + shanten_note(ex)
    if p.question == "tile_for_name":
        return template.format(name=tile_label(str(data.get("name", ""))))
    if p.question == "payment":
        text = template.format(han=data.get("han"), fu=data.get("fu"))
        who = _("The dealer") if data.get("dealer") else _("A non-dealer")
        how = _("by tsumo") if data.get("by") == "tsumo" else _("by ron")
        text += " " + _("{who} wins {how}.").format(who=who, how=how)
        if data.get("honba"):
            text += " " + ngettext("{n} honba on the table.", "{n} honba on the table.", data["honba"]).format(
                n=data["honba"])
        return text
    if p.question == "manners_rank":
        try:
            from trainer.engine.exercises.manners import manners_text

            return template + BR + manners_text("rule:" + str(data.get("rule")), current_language())
        except Exception:
            return template
    return template


def option_label(opt: Any, kids: bool = False) -> str:
    """What an exercise option shows (rich markup; tiles are drawn separately); ``kids``: in the
    children's words."""
    more = more_option_label(opt)
    if more is not None:
        return more
    ref = opt.ref or ""
    kind, _sep, rest = ref.partition(":")
    if kids and kind == "family":
        return kids_family(rest)
    if kids and kind == "tile":
        return kids_tile_name(rest)
    if kind == "family":
        return family_name(rest).capitalize()
    if kind == "tile":
        return tile_label(rest)
    if kind == "yaku":
        return "{term:" + rest + "}"
    if kind == "manners":
        try:
            from trainer.engine.exercises.manners import manners_text

            return manners_text(rest, current_language())
        except Exception:
            return rest
    if ref and not opt.tiles:
        return "{term:" + ref + "}" if ref.replace("_", "").isalnum() and ref.islower() else ref
    if opt.tiles:
        return ""
    if opt.value in ("A", "B", "C"):
        return _("Rank {rank}").format(rank=opt.value)
    return str(opt.value)


class ExerciseView:
    """Widgets for one generated exercise and its grading."""

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
        self.chips: list[CounterChip] = []
        self.picker: TileRow | None = None
        self.note: RichBlock | None = None
        shown = p.hand or p.tiles
        data = dict(p.data)
        if self.input == "pick_tiles" and p.question in DISCARD_QUESTIONS:
            self.picker = host.add(TileRow(slots_for_text(p.hand), pickable=True, multi=False))
        elif shown:
            self.hand_row = host.add(TileRow(slots_for_text(shown)))
        info = self._info(data)
        if info:
            self.info = host.add(RichBlock(info, size="small", on_term=host.open_term, align="center"))
        if self.input in ("choice", "multi_choice"):
            # Children get big tile buttons in a row; so does anyone when every option is a few tiles.
            self.big = self.kids or (tile_options(p.options) and not any(option_label(o) for o in p.options))
            for i, o in enumerate(p.options):
                self.buttons.append(host.add(OptionButton(i, option_label(o, self.kids), o.tiles, self._pick,
                                                          toggle=self.input == "multi_choice", big=self.big)))
        elif self.input == "pick_tiles" and self.picker is None:
            palette = data.get("palette")
            if palette:
                tiles = list(parse_tiles(palette))
                suits = suits_of(tiles)
                slots, breaks = palette_slots(suits)
                keep = {t.kind for t in tiles}
                idx = [i for i, s in enumerate(slots) if s.tile.kind in keep]
                slots = [slots[i] for i in idx]
                breaks = [0]
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
            if p.get("grade_by") == "rank":
                # Graded by rank by the exercise itself: say so, or a learner hunts for the "right" suit.
                self.note = host.add(RichBlock(_("Suits don't matter here: mark the numbers. Any suit of a right "
                                                 "number counts."), size="small", align="center"))
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
            scored = [tuple(a) for a in ex.answer if isinstance(a, tuple | list)]
            preset = getattr(getattr(host, "gen_params", None), "preset", None) or "tenhou"
            values = fu_chip_values(str(preset), scored)
            self.chips = [host.add(CounterChip(fid, fu_name(fid), v, self.app.invalidate))
                          for fid, v in values.items()]

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
        if data.get("visible"):
            bits.append(_("Already seen:") + " {tiles:" + data["visible"] + "}")
        return " · ".join(bits)

    # -- input
    def _pick(self, i: int) -> None:
        b = self.buttons[i]
        if self.input == "multi_choice":
            b.selected = not b.selected
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
        self.host.set_focus(field)

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
        if self.buttons:
            return ex.check(next(iter(response)) if self.input == "choice" and len(response) == 1 else response)
        if self.fields:
            return ex.check(tuple(response) if isinstance(ex.answer, tuple) else response[0])
        if self.chips:
            fu = {c.key: c.value for c in self.chips}
            return ex.check([(i, fu[i]) for i in response])
        return ex.check(set(response))

    def tile_ok(self, kind: int) -> bool:
        """Whether one tile is among the answer, as the exercise itself decides (by rank when it
        grades by rank): the UI never re-implements the rule."""
        return bool(self.ex.is_answer_tile(kind))

    def answer_markup(self) -> str:
        """The right answer written out (rich markup)."""
        ans = self.ex.answer
        if self.picker is not None:
            from trainer.engine.notation import format_tiles

            tiles = "{tiles:" + format_tiles(sorted(ans)) + "}"
            if self.ex.prompt.question in DISCARD_QUESTIONS and len(ans) > 1:
                return _("Any one of these is right: {tiles}").format(tiles=tiles)
            return _("The answer: {tiles}").format(tiles=tiles)
        if self.fields:
            want = ans if isinstance(ans, tuple) else (ans,)
            return _("The answer: {n}").format(n=" / ".join(str(x) for x in want))
        return ""

    def mark(self, right: bool, final: bool) -> None:
        ans = self.ex.answer
        if self.buttons:
            want = ans if isinstance(ans, frozenset | set) else frozenset([ans])
            for b in self.buttons:
                value = self.ex.prompt.options[b.index].value
                if b.selected:
                    # A child's miss is not painted red: the gold edge of the pick stays (curriculum §1.4).
                    b.mark = "right" if value in want else (None if self.kids else "wrong")
                elif final and value in want:
                    b.mark = "missed"
        if self.picker is not None:
            want = frozenset(ans)
            marks = {i: ("right" if self.tile_ok(self.picker.slots[i].tile.kind) else "wrong")
                     for i in self.picker.selected}
            if final and not (right and self.ex.prompt.question in DISCARD_QUESTIONS):
                for i, s in enumerate(self.picker.slots):
                    if s.tile.kind in want and i not in marks:
                        marks[i] = "hint"
            self.picker.marks = marks
        for _n, f in self.fields:
            f.state = "right" if right else "wrong"
        if self.chips:
            want_ids = Counter(a[0] if isinstance(a, tuple | list) else a.get("id") for a in ans)
            for c in self.chips:
                if c.count:
                    c.mark = "right" if want_ids.get(c.key, 0) == c.count else "wrong"
                elif final and want_ids.get(c.key):
                    c.mark = "missed"
                c.visible = not final or bool(c.count or c.mark)

    def clear_marks(self) -> None:
        for b in self.buttons:
            b.mark = None
            if self.input == "choice":
                b.selected = False
        if self.picker is not None:
            self.picker.marks = {}
        for _n, f in self.fields:
            f.state = None
        for c in self.chips:
            c.mark = None
            c.visible = True

    def lock(self, locked: bool) -> None:
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

    # -- layout
    def layout(self, area: pygame.Rect) -> None:
        self._layout(area, compact=False)
        last = self.buttons[-1] if self.buttons else (self.keys[-1] if self.keys else None)
        if last is not None and last.rect.bottom > area.bottom:
            # Options or the keypad would run under the feedback panel (a hint, a miss): tighten.
            self._layout(area, compact=True)

    def _layout(self, area: pygame.Rect, compact: bool) -> None:
        L = self.app.layout
        app = self.app
        y = area.top + self.prompt.place(app, area.left, area.top, area.width) + L.px(8 if compact else 14)
        row = self.hand_row or (self.picker if self.ex.prompt.question in DISCARD_QUESTIONS else None)
        if row is not None:
            factor = (1.05 if self.buttons else 1.0) * (0.7 if compact else 1.0)
            if self.kids:  # big tiles for children (curriculum §1.4)
                factor *= 1.35 if len(row.slots) <= 5 else 1.15
            row.place(area.centerx, y + L.px(10), area.width - L.px(40), L.tile_h(factor))
            y = row.rect.bottom + L.px(12 if compact else 24)
        if self.info is not None:
            y += self.info.place(app, area.left, y, area.width) + L.px(6 if compact else 14)
        if self.buttons and self.big:
            big_options_fit(app, self.buttons, area, y + L.px(4), L.tile_h(1.6 if self.kids and not compact else 1.1))
        elif self.buttons:
            n = len(self.buttons)
            cols = 3 if compact and n > 4 else (2 if n > 3 else 1)
            gap = L.px(6 if compact else 10)
            w = (area.width - gap * (cols - 1)) // cols if cols > 1 else min(area.width, L.px(720))
            hs = [b.measure(app, w) for b in self.buttons]
            rows = (n + cols - 1) // cols
            rh = [max(hs[r * cols:(r + 1) * cols]) for r in range(rows)]
            avail = area.bottom - y
            if sum(rh) + gap * (rows - 1) > avail and rows:
                rh = [max(L.px(36 if compact else 44), (avail - gap * (rows - 1)) // rows)] * rows
            x0 = area.left if cols > 1 else area.centerx - w // 2
            for i, b in enumerate(self.buttons):
                r, c = divmod(i, cols)
                b.place(app, pygame.Rect(x0 + c * (w + gap), y + sum(rh[:r]) + gap * r, w, rh[r]))
        elif self.picker is not None and self.picker is not row:
            lines = len(self.picker._lines())
            note_h = self.note.place(app, area.left, area.bottom, area.width) + L.px(14) if self.note else 0
            cap = L.tile_h((1.7 if lines == 1 else 1.2) if self.kids else 0.85)
            th = min(cap, max(L.px(28), (area.bottom - y - note_h) // max(1, lines) - L.px(16)
                              - (round(cap * 0.2) if self.kids else 0)))
            self.picker.place(area.centerx, y + L.px(8), area.width, th)
            if self.note is not None:
                self.note.place(app, area.left, self.picker.rect.bottom + L.px(12), area.width)
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
            cols, gap = 3, L.px(6)
            w = (area.width - gap * (cols - 1)) // cols
            shown = [c for c in self.chips if c.visible]
            rows = max(1, (len(shown) + cols - 1) // cols)
            sum_h = app.line_height(L.font("large")) + L.px(8)
            h = max(L.px(20), min(L.px(40), (area.bottom - y - sum_h) // rows - gap))
            for i, c in enumerate(shown):
                r, col = divmod(i, cols)
                c.rect = pygame.Rect(area.left + col * (w + gap), y + r * (h + gap), w, h)
            self.sum_pos = (area.centerx, y + rows * (h + gap) + L.px(4))

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        row = self.hand_row or (self.picker if self.ex.prompt.question in DISCARD_QUESTIONS else None)
        if row is not None:
            draw_panel(surf, row.rect.inflate(L.px(36), L.px(24 if row is self.hand_row else 44)), P.felt_dark,
                       L.px(14), border=P.felt_line)
        for name, pos in getattr(self, "field_labels", []):
            if name != "value":
                label = _(PAY_FIELDS[name]) if name in PAY_FIELDS else name
                blit_text(surf, self.app, label, L.font("small"), P.on_felt_muted, (pos[0], pos[1] - L.px(4)),
                          anchor="midbottom")
        if self.chips:
            raw, rounded = fu_chip_total(self.chips)
            blit_text(surf, self.app, _("Sum: {raw} fu → rounded: {fu} fu").format(raw=raw, fu=rounded),
                      L.font("large"), P.on_felt, self.sum_pos, anchor="midtop", bold=True)


# ---------------------------------------------------------------- the session


@register_screen("drill")
class DrillScreen(RetryOnTouch, FeedbackSlide, Screen):
    """A run of generated exercises.  Params: ``generator``, ``params`` (dict), ``n``, ``seed``,
    optional ``on_done(right, total)`` (a lesson's drill step) and ``title``."""

    rebuild_on_enter = False

    def __init__(self, app: Any, **params: Any) -> None:
        super().__init__(app, **params)
        self.gen = generators()[params["generator"]]
        self.gen_params = self.gen.params(params.get("params") or {})
        self.kids = bool(getattr(self.gen_params, "kids", False))  # children's presentation, never failed
        self.n = int(params.get("n") or self.gen_params.n)
        self.seed = int(params.get("seed") or 0)
        self.index = 0
        self.right = 0
        self.results: list[str] = []
        self.finished = False
        self.error = ""
        self._new_item()

    def _new_item(self) -> None:
        self.phase = "answer"
        self.attempts = 0
        self.feedback_kind: str | None = None
        self.feedback_text = ""
        self.started = self.app.time
        self.recorded = False
        self.hints_used = 0
        try:
            self.ex = self.gen.generate(self.gen_params, self.seed + self.index)
            self.error = ""
        except Exception as exc:
            self.ex = None
            self.error = _("The generator could not make an exercise: {error}").format(error=exc)

    def title(self) -> str:
        if self.kids:
            return generator_title(self.params["generator"], kids=True)
        return self.params.get("title") or generator_title(self.params["generator"])

    def header_extra(self) -> str:
        if self.kids:  # no score counter for children: just how far along they are
            return _("All done!") if self.finished else _("Puzzle {i} of {n}").format(i=self.index + 1, n=self.n)
        if self.finished:
            return _("{right} of {n} right").format(right=self.right, n=self.n)
        return _("Exercise {i} of {n} · {right} right").format(i=self.index + 1, n=self.n, right=self.right)

    def build(self) -> None:
        self.view: ExerciseView | None = None
        self.main_btn = self.add(Button("", self.primary, kind="primary", hotkey="Enter"))
        self.hint_btn = self.add(Button(_("Hint"), self.hint, kind="ghost", hotkey="H"))
        self.again_btn = None
        if self.finished:
            self.again_btn = self.add(Button(_("Another round"), self.again, kind="secondary"))
        elif self.ex is not None:
            self._view_start = len(self.widgets)
            self.view = ExerciseView(self, self.ex)
            if self.phase != "answer":
                self.view.mark(self.results[-1] == "right" if self.results else False, True)
                self.view.lock(True)
            elif self.hints_used:
                self._highlight_waits()  # rebuilt after a resize: the first rung's marks again
        self._labels()

    def _labels(self) -> None:
        self.hint_btn.visible = self.view is not None and not self.finished and self.phase != "done"
        if self.finished:
            self.main_btn.label = _("Finish") if self.kids else _("Done")
        elif self.phase == "answer":
            self.main_btn.label = _("Check")
        elif self.phase == "retry":
            self.main_btn.label = _("Try again")
        else:
            self.main_btn.label = _("Next") if self.index + 1 < self.n else _("Finish")

    def initial_focus(self) -> int | None:
        target = self.view.initial_focus() if self.view is not None else None
        if target is not None and target in self.widgets:
            return self.widgets.index(target)
        return self.widgets.index(self.main_btn)

    def open_term(self, term_id: str) -> None:
        from trainer.ui.screens.lesson import open_term_card

        open_term_card(self, term_id)

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        bar_h = L.px(52)
        bar_y = L.height - L.margin - bar_h + L.px(8)
        mw = max(self.main_btn.preferred_width(self.app), L.px(200))
        self.main_btn.rect = pygame.Rect(area.right - mw, bar_y, mw, bar_h)
        if self.again_btn is not None:
            aw = max(self.again_btn.preferred_width(self.app), L.px(200))
            self.again_btn.rect = pygame.Rect(self.main_btn.rect.left - aw - L.px(12), bar_y, aw, bar_h)
        hw = max(self.hint_btn.preferred_width(self.app), L.px(130))
        self.hint_btn.rect = pygame.Rect(area.left, bar_y, hw, bar_h)
        top = area.top + L.px(18)
        bottom = bar_y - L.px(14)
        self.feedback_rect = None
        if self.feedback_text or self.feedback_kind:
            from trainer.ui.richtext import layout_rich

            lay = layout_rich(self.app, self.feedback_text or " ", L.font("body"), area.width - L.px(56), P.ink)
            h = min(lay.height + self.app.line_height(L.font("large")) + L.px(34), (bottom - top) * 2 // 5)
            self.feedback_rect = pygame.Rect(area.left, bottom - h, area.width, h)
            bottom = self.feedback_rect.top - L.px(12)
        self.step_area = pygame.Rect(area.left, top, area.width, bottom - top)
        if self.view is not None:
            from trainer.ui.screens.lesson import center_view

            center_view(self.view, self.step_area, self.widgets[self._view_start:], L.px(24))

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        self._draw_dots(surf)
        if self.error:
            blit_text(surf, self.app, self.error, L.font("body"), P.wrong_bg, self.step_area.midtop, anchor="midtop",
                      max_width=self.step_area.width)
        if self.finished:
            self._draw_summary(surf)
            return
        if self.view is not None:
            self.view.draw(surf)
        if self.feedback_rect is not None:
            from trainer.ui.richtext import layout_rich

            kind = self.feedback_kind or "hint"
            bg, edge, head = self.feedback_style(kind)
            ease = 1 - (1 - getattr(self, "fb_anim", 1.0)) ** 3
            r = self.feedback_rect.move(0, round((1 - ease) * L.px(28)))
            draw_panel(surf, r, bg, L.px(14), shadow=L.px(3), border=edge, border_w=L.px(2))
            x, y = r.left + L.px(24), r.top + L.px(10)
            blit_text(surf, self.app, head, L.font("large"), edge, (x, y), bold=True)
            y += self.app.line_height(L.font("large")) + L.px(6)
            if self.feedback_text:
                lay = layout_rich(self.app, self.feedback_text, L.font("body"), r.width - L.px(56), P.ink)
                clip = surf.get_clip()
                surf.set_clip(pygame.Rect(x, y, r.width - L.px(30), r.bottom - y - L.px(6)))
                surf.blit(lay.surface, (x, y))
                surf.set_clip(clip)

    def feedback_style(self, kind: str) -> tuple[Any, Any, str]:
        """(background, edge colour, heading) of the feedback panel; children get praise for a right
        answer and no red: a gentle "once more", then the answer shown kindly."""
        if self.kids:
            return {
                "right": (P.right_bg, P.right, kids_praise(self.index)),
                "retry": (P.hint_bg, P.hint, _("Let's try once more!")),
                "wrong": (P.hint_bg, P.hint, _("Look, here it is!")),
                "shown": (P.hint_bg, P.hint, _("Look, here it is!")),
            }.get(kind, (P.hint_bg, P.hint, _("Hint")))
        return {
            "right": (P.right_bg, P.right, _("Right!")),
            "retry": (P.wrong_bg, P.wrong, _("Not quite — try once more")),
            "wrong": (P.wrong_bg, P.wrong, _("Here is the answer")),
            "shown": (P.hint_bg, P.hint, _("The solution")),
        }.get(kind, (P.hint_bg, P.hint, _("Hint")))

    def _draw_dots(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        gap = L.px(4)
        w = (area.width - gap * (self.n - 1)) / max(1, self.n)
        colors = {"right": P.right, "retry": P.accent, "wrong": P.hint if self.kids else P.wrong, "shown": P.hint}
        for i in range(self.n):
            r = pygame.Rect(round(area.left + i * (w + gap)), L.header_h + L.px(8), max(2, round(w)), L.px(7))
            col = colors.get(self.results[i], P.felt_dark) if i < len(self.results) else P.felt_dark
            if i == self.index and not self.finished and i >= len(self.results):
                col = P.accent
            pygame.draw.rect(surf, col, r, border_radius=r.height)

    def _draw_summary(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        a = self.step_area
        w = min(a.width, L.px(700))
        r = pygame.Rect(a.centerx - w // 2, a.top + L.px(30), w, L.px(220))
        draw_panel(surf, r, P.card, L.px(18), shadow=L.px(5), border=P.card_edge)
        ratio = self.right / self.n if self.n else 0
        good = ratio >= 0.8 or self.kids  # a children's drill is never failed
        head = _("Well done!") if good else _("Keep practising")
        blit_text(surf, self.app, head, L.font("title"), P.right if good else P.accent_dark,
                  (r.centerx, r.top + L.px(30)), anchor="midtop", bold=True, max_width=w - L.px(40))
        line = (_("You did all the puzzles!") if self.kids else
                _("{right} of {n} right on the first try").format(right=self.right, n=self.n))
        blit_text(surf, self.app, line, L.font("large"), P.ink, (r.centerx, r.top + L.px(110)), anchor="midtop",
                  max_width=w - L.px(40))

    def on_key(self, ev: pygame.event.Event) -> bool:
        ch = getattr(ev, "unicode", "")
        if ev.key == pygame.K_h and not (ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)) and self.hint_btn.visible:
            self.hint()
            return True
        fields = [f for _n, f in self.view.fields] if self.view is not None else []
        if fields and fields[0].enabled and self.focused_widget() not in fields and (
                (ch and ch.isdigit()) or ev.key == pygame.K_BACKSPACE
                or (fields[0].allow_negative and (ch in ("-", "−") or ev.key == pygame.K_KP_MINUS))):
            # Digits always go to an answer box, wherever the focus is.
            self.set_focus(fields[0])
            return fields[0].handle_key(ev)
        return False

    # -- flow
    def submit(self) -> bool:
        self.primary()
        return True

    def choose(self, n: int) -> bool:
        return bool(self.view is not None and self.view.choose(n))

    def primary(self) -> None:
        if self.finished:
            self.back()
        elif self.ex is None:
            self.index += 1
            self._advance()
        elif self.phase == "answer":
            self.check()
        elif self.phase == "retry":
            self.retry()
        else:
            self.index += 1
            self._advance()

    def _advance(self) -> None:
        if self.index >= self.n:
            self.finished = True
            cb = self.params.get("on_done")
            if cb is not None:
                cb(self.right, self.n)
        else:
            self._new_item()
        self.focus = None
        self.rebuild()

    def check(self) -> None:
        """Grade the current exercise."""
        if self.view is None:
            return
        if self.phase == "retry":
            self.retry()
        if self.phase != "answer":
            return
        resp = self.view.response()
        if resp is None:
            self.app.notify(_("Answer first."), "info", 3)
            return
        ok = self.view.is_right(resp)
        self.app.play_sound("right" if ok else ("click" if self.kids else "wrong"))
        self.attempts += 1
        if not self.recorded:
            self.recorded = True
            seconds = min(300.0, self.app.time - self.started)
            self.app.record_answer("drill", self.ex.item_id, self.ex.skill, ok, seconds, min(self.hints_used, 3),
                                   spec=self.ex.spec())
            if ok:
                self.right += 1
        if ok:
            self.phase = "done"
            self.results.append("right" if self.attempts == 1 else "retry")
            self.feedback_kind = "right"
            # Children get praise (the panel's heading), not the engine's working.
            self.feedback_text = "" if self.kids else explain(self._explanation(), limit=4)
            self.view.mark(True, True)
        elif self.attempts == 1:
            self.phase = "retry"
            self.feedback_kind = "retry"
            self.feedback_text = ""
            self.view.mark(False, False)
        else:
            self.phase = "done"
            self.results.append("wrong")
            self.feedback_kind = "wrong"
            self.feedback_text = self._answer_text()
            self.view.mark(False, True)
        self.view.lock(self.phase != "answer")
        self._labels()
        self.relayout()

    def _answer_text(self) -> str:
        """The answer and the engine's working (children: the answer alone, in a few words)."""
        if self.kids:
            return self.view.answer_markup() or _("The right one is marked.")
        return BR.join(t for t in (self.view.answer_markup(), explain(self._own_pick_first())) if t)

    def _own_pick_first(self) -> list[dict[str, Any]]:
        """The explanation with the lines about the learner's own (wrong) tiles moved to the top,
        right after the heading line, so the feedback always says why that choice was wrong."""
        items = self._explanation()
        resp = self.view.response() if self.view is not None else None
        picked = {kind_name(k) for k in resp or () if isinstance(k, int)}
        own = [i for i in items if i.get("tile") in picked and not i.get("best")]
        if not own:
            return items
        rest = [i for i in items if i not in own]
        if any("best" in i for i in rest):
            # tile-by-tile items: the learner's own tiles, then the best ones (the answer is shown above)
            return own + merge_equal_tiles([i for i in rest if i.get("best")])
        return rest[:1] + own + rest[1:]

    def _explanation(self) -> list[dict[str, Any]]:
        """The explanation items that belong to this question."""
        kinds = EXPLAIN_KINDS.get(self.ex.prompt.question)
        items = list(self.ex.explanation)
        return [i for i in items if i.get("kind") in kinds] if kinds else items

    # -- the hint ladder: where to look, then part of the working, then the answer (counted as shown)
    def hint_rungs(self) -> list[str]:
        """The rungs of the hint ladder before the answer, made from this exercise's explanation items."""
        items = self._explanation()
        if self.kids:
            kind = next((i.get("kind") for i in items if i.get("kind") in KIDS_HINTS), None)
            return [_(KIDS_HINTS[kind]) if kind else _("Look at the tiles one by one. You can do it!")]
        kind = next((i.get("kind") for i in items if i.get("kind") in HINT_WHERE), None)
        rungs = [_(HINT_WHERE[kind]) if kind else _("Read the question again and look at the tiles one by one.")]
        parts = [i for i in items if i.get("kind") in HINT_PARTIAL_KINDS and explain_item(i)]
        if len(parts) >= 2:
            some = parts[: len(parts) // 2]
            rungs.append(_("Part of it: {items}").format(items=explain(some, limit=3)))
        return rungs

    def _highlight_waits(self) -> None:
        """The first rung on a waits question: mark the hand's tiles around the winning tiles."""
        view = self.view
        if view is None or view.hand_row is None or self.ex.prompt.question not in ("waits", "kunto_waits"):
            return
        from trainer.ui.screens.steps import near_waits

        if self.ex.prompt.get("grade_by") == "rank" or dict(self.ex.prompt.data).get("dragons") in ("ten", "joker"):
            return  # a training variant reads the hand its own way: no engine shapes to show
        view.hand_row.marks = near_waits(view.hand_row, self.ex.prompt.hand)

    def hint(self) -> None:
        """Next rung of the hint ladder; after the last one the answer is shown (a miss, hints recorded)."""
        if self.view is None or self.finished or self.phase == "done":
            return
        if self.phase == "retry":
            self.retry()
        rungs = self.hint_rungs()
        self.hints_used += 1
        if self.hints_used > len(rungs):
            self.show_answer()
            return
        if self.hints_used == 1:
            self._highlight_waits()
        self.feedback_kind = "hint"
        self.feedback_text = BR.join(rungs[: self.hints_used])
        self._labels()
        self.relayout()

    def show_answer(self) -> None:
        """The ladder's last rung: the answer and the engine's working; the item counts as missed."""
        if not self.recorded:
            self.recorded = True
            seconds = min(300.0, self.app.time - self.started)
            self.app.record_answer("drill", self.ex.item_id, self.ex.skill, False, seconds, min(self.hints_used, 3),
                                   spec=self.ex.spec())
        self.phase = "done"
        self.results.append("shown")
        self.feedback_kind = "shown"
        self.feedback_text = self._answer_text()
        self.view.mark(False, True)
        self.view.lock(True)
        self._labels()
        self.relayout()

    def retry(self) -> None:
        if self.view is None or self.phase != "retry":
            return
        self.view.clear_marks()
        self.view.lock(False)
        self.phase = "answer"
        self.feedback_kind = None
        self._labels()
        self.relayout()

    def again(self) -> None:
        """A new round with the next seeds."""
        self.seed += self.n
        self.index = 0
        self.right = 0
        self.results = []
        self.finished = False
        self._new_item()
        self.focus = None
        self.rebuild()
