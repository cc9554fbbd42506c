"""The drills menu: the list of exercise generators, and a settings form built from each
generator's parameters.

The form is built from the generator's pydantic parameter model: booleans become
switches, enums option rows, bounded integers steppers, ratios percentage steppers,
lists of enum values multi-select rows.  Starting it opens the drill session
(``app.push("drill", ...)``, :mod:`trainer.ui.screens.drills`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from trainer.i18n import N_, _
from trainer.ui.mcr_texts import MCR_GENERATORS, mcr_setting_value
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import tile_icon
from trainer.ui.views.drill_catalog import (
    DRILL_GROUPS,
    GENERATOR_TILES,
    HIDDEN_FIELDS,
    drill_group,
    generator_blurb,
    generator_title,
    generators,
    value_label,
)
from trainer.ui.views.drill_catalog import field_label as catalog_field_label  # the drill's own words
from trainer.ui.views.exercise_labels import question_text
from trainer.ui.widgets import (
    Button,
    Card,
    MultiOptionRow,
    OptionRow,
    Stepper,
    Toggle,
    blit_text,
    draw_panel,
    place_cards,
)

if TYPE_CHECKING:
    from trainer.ui.richtext import RichLayout

P = PALETTE


# ---------------------------------------------------------------- the list


_GROUP = {"value": ""}
"""The drill group last shown in this run, for an app without a learner's profile ("" = none yet)."""

GROUP_KEY = "drill_group"
"""The key of the learner's profile that keeps the drill-menu tab the learner chose last (the
list opens on it again, as the lesson map on its ``last_track``)."""


def _working_group(app: Any) -> str:
    """The tab for a learner who has chosen none yet: the Chinese Official rules (MCR) when the
    learner's last drill or the lesson completed or opened last is one of them, else riichi."""
    from trainer.ui.views.lesson_order import RULE_SYSTEMS, last_touched_lesson

    last_drill = getattr(app.settings, "last_drill", "")
    if last_drill and last_drill in generators() and drill_group(last_drill) == "mcr":
        return "mcr"
    lesson = None
    if app.library_ready():  # never waits for the lessons to load
        try:
            lesson = last_touched_lesson(app, app.library())
        except Exception:  # noqa: BLE001 - the menu opens whatever the lessons do
            lesson = None
    if lesson is not None and RULE_SYSTEMS.get(lesson.track) == "mcr" and "mcr" in DRILL_GROUPS:
        return "mcr"
    return "riichi"


def remembered_group(app: Any) -> str:
    """The drill-menu tab to open on: the one the learner chose last (kept in the learner's
    profile; this run's memory without one), else the rule system the learner works on."""
    kept = app.learner_data(GROUP_KEY) if _profile(app) else _GROUP["value"]
    return kept if kept in DRILL_GROUPS else _working_group(app)


def remember_group(app: Any, group: str) -> None:
    """Keep the drill-menu tab chosen (per learner with a profile, this run's memory without)."""
    _GROUP["value"] = group
    if _profile(app) and app.learner_data(GROUP_KEY) != group:
        app.set_learner_data(GROUP_KEY, group)


def _accepts(model: Any, preset: str) -> bool:
    """Whether a drill can be set to ``preset`` (a furiten situation needs four players, say)."""
    try:
        model(preset=preset)
    except ValueError:
        return False
    return True


@register_screen("drills")
class DrillListScreen(Screen):
    """Every generator as a card, in groups by rule set (riichi; Chinese Official, MCR) chosen
    with a row of tabs above the cards.  Params: optional ``group``."""

    def title(self) -> str:
        return _("Drills")

    def build(self) -> None:
        from trainer.ui.views.lesson_order import TRACK_COLORS

        if "group" in self.params:
            remember_group(self.app, self.params.pop("group"))
        group = remembered_group(self.app)
        colors = list(TRACK_COLORS.values())
        self.tabs = self.add(OptionRow([(g, _(label)) for g, label in DRILL_GROUPS.items()], group, self._group))
        self.cards = []
        for i, (name, gen) in enumerate(generators().items()):
            if drill_group(name) != group:
                continue
            card = Card(generator_title(name), generator_blurb(name, gen),
                        lambda n=name: self.app.push("drill_setup", generator=n), accent=colors[i % len(colors)],
                        icon=tile_icon(self.app, GENERATOR_TILES.get(name, "5z")))
            self.cards.append(self.add(card))
        # discard puzzles from real games (riichi): positions, not a generator; their own settings
        if group == "riichi":
            self.cards.append(self.add(Card(_("What to discard?"),
                                            _("Positions from your own games (and a starter set): what would you "
                                              "discard?"),
                                            lambda: self.app.push("nanikiru_setup"),
                                            accent=colors[len(self.cards) % len(colors)],
                                            icon=tile_icon(self.app, "1z"))))

    def _group(self, group: str) -> None:
        remember_group(self.app, group)
        self.focus = None
        self.rebuild()

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        self.tabs.rect = pygame.Rect(area.left, area.top, area.width, L.px(44))
        self.tabs.fit_labels(self.app)
        cards = pygame.Rect(area.left, self.tabs.rect.bottom + L.px(14), area.width,
                            area.bottom - self.tabs.rect.bottom - L.px(14))
        cols, gap = (3 if area.width > L.px(900) else 2), L.px(16)
        rows = max(1, (len(self.cards) + cols - 1) // cols)
        tall = self._card_height((cards.width - gap * (cols - 1)) // cols)
        if (cards.height - gap * (rows - 1)) // rows >= tall or not self.cards:
            self.max_scroll = 0
            place_cards(self.cards, cards, cols, gap, max(tall, L.px(132)))
        else:  # too many to show whole: the cards keep their size and the list scrolls under the tabs
            total = rows * tall + gap * (rows - 1)
            self.max_scroll = total - cards.height
            self.scroll_y = min(self.scroll_y, self.max_scroll)
            place_cards(self.cards, pygame.Rect(cards.left, cards.top - self.scroll_y, cards.width, total), cols,
                        gap, tall)
        for c in self.cards:
            c.clip = cards

    def _card_height(self, width: int) -> int:
        """The height every card gets at ``width``: what the tallest needs to show its whole title
        and what the drill is about (a Russian blurb wraps to a third line rather than end in «…»),
        at least a title and two lines."""
        L = self.app.layout
        need = [c.height_for(self.app, width, max(2, c.subtitle_lines(self.app, width))) for c in self.cards]
        return max([L.px(124), *need])

    def choose(self, n: int) -> bool:
        if 1 <= n <= len(self.cards):
            self.cards[n - 1].activate()
            return True
        return False

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        if not generators():
            blit_text(surf, self.app, _("No drills are available."), L.font("large"), P.on_felt_muted,
                      L.content().midtop, anchor="midtop")
        if self.max_scroll > 0 and self.cards and self.cards[0].clip is not None:
            # a scroll bar beside the cards: there are more drills below (wheel, PgDn or the arrows)
            view = self.cards[0].clip
            track = pygame.Rect(view.right + L.px(6), view.top, L.px(5), view.height)
            pygame.draw.rect(surf, P.felt_line, track, border_radius=track.width)
            thumb_h = max(L.px(24), track.height * view.height // (view.height + self.max_scroll))
            thumb_y = track.top + (track.height - thumb_h) * self.scroll_y // self.max_scroll
            pygame.draw.rect(surf, P.accent, pygame.Rect(track.left, thumb_y, track.width, thumb_h),
                             border_radius=track.width)


# ---------------------------------------------------------------- the settings form

_LAST_PARAMS: dict[str, dict[str, Any]] = {}
"""Each drill's last settings in this run, for an app without a learner's profile to keep them in."""

PARAMS_KEY = "drill_params"
"""The key of the learner's profile that keeps each drill's last settings between runs
(``{generator: {setting: value}}``, the values as the settings form holds them)."""


def _profile(app: Any) -> bool:
    """Whether the app has a learner's profile to keep settings in."""
    return getattr(app, "progress", None) is not None and getattr(app, "learner_id", None) is not None


def stored_params(app: Any) -> dict[str, Any]:
    """Every drill's last settings as kept (the learner's profile; this run's memory without one)."""
    if not _profile(app):
        return dict(_LAST_PARAMS)
    kept = app.learner_data(PARAMS_KEY)
    return dict(kept) if isinstance(kept, dict) else {}


def store_params(app: Any, generator: str, values: dict[str, Any]) -> None:
    """Keep a drill's settings for the next time its form opens (this run and, with a learner's
    profile, the next runs of the app)."""
    _LAST_PARAMS[generator] = dict(values)
    if _profile(app):
        kept = stored_params(app)
        kept[generator] = dict(values)
        app.set_learner_data(PARAMS_KEY, kept)


def checked_params(gen: Any, kept: Any) -> dict[str, Any]:
    """Kept settings checked with the drill's own model before the form shows them: all of them
    when they still go together; else the defaults with each kept value that still fits taken
    one by one (a value from an older version, or one hand-edited, falls back to its default)."""
    defaults = gen.params().model_dump(mode="json")
    if not isinstance(kept, dict):
        return defaults
    known = {k: v for k, v in kept.items() if k in defaults}
    try:
        return gen.params(known).model_dump(mode="json")
    except Exception:  # noqa: BLE001 - whatever the model refuses, the form opens
        pass
    values = dict(defaults)
    for key, value in known.items():
        try:
            values = gen.params({**values, key: value}).model_dump(mode="json")
        except Exception:  # noqa: BLE001
            continue
    return values


def partner(key: str) -> str:
    """The other end of a range setting ("han_min" ↔ "han_max", "min_waits" ↔ "max_waits"); ""."""
    for lo, hi in (("min_", "max_"), ("max_", "min_")):
        if key.startswith(lo):
            return hi + key[len(lo):]
    for lo, hi in (("_min", "_max"), ("_max", "_min")):
        if key.endswith(lo):
            return key[: -len(lo)] + hi
    return ""


def _is_low(key: str) -> bool:
    return key.startswith("min_") or key.endswith("_min")


def settings_problem(gen: Any, values: dict[str, Any], generator: str) -> str:
    """Why the drill's model refuses ``values``, in one sentence in the form's own words (its
    labels): a range upside down, a list left empty, the setting that does not go with the others;
    "" when the model accepts them."""
    try:
        gen.params(values)
        return ""
    except Exception as exc:  # noqa: BLE001 - pydantic's error, or the model's own check
        error = exc
    for key, low in values.items():
        high_key = partner(key)
        high = values.get(high_key)
        if _is_low(key) and isinstance(low, int) and isinstance(high, int) and low > high:
            return _("“{low}” cannot be above “{high}”.").format(low=field_label(key, generator),
                                                          high=field_label(high_key, generator))
    errors = error.errors() if callable(getattr(error, "errors", None)) else []
    first = next((e for e in errors if e.get("loc")), None)
    if first is not None and str(first["loc"][0]) in values:
        label = field_label(str(first["loc"][0]), generator)
        if first.get("type") == "too_short" or values[str(first["loc"][0])] == []:
            return _("Choose at least one value of “{field}”.").format(field=label)
        return _("“{field}” has a value this drill cannot use: change it, or press Defaults.").format(field=label)
    defaults = gen.params().model_dump(mode="json")
    culprits = []
    for key, value in values.items():
        if key in defaults and value != defaults[key]:
            try:
                gen.params({**values, key: defaults[key]})
            except Exception:  # noqa: BLE001
                continue
            culprits.append(key)
    if len(culprits) == 1:
        return _("“{field}” does not go with the other settings: change it, or press Defaults.").format(
            field=field_label(culprits[0], generator))
    if len(culprits) == 2:
        return _("“{one}” does not go with “{other}”: change one of them, or press Defaults.").format(
            one=field_label(culprits[0], generator), other=field_label(culprits[1], generator))
    return _("These settings do not go together: change one of them, or press Defaults.")


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


def field_label(key: str, generator: str = "") -> str:
    """The label of a drill setting in the current language ("Wrap-arounds (9→1, North→East)"),
    in the drill's own words where the shared label would be vague (``pool``: tiles or yaku)."""
    return catalog_field_label(key, generator)


EXAMPLE_LEAST_TILE = 0.75
"""The example panel under a drill's form shows its tiles at least this share of a hand tile's
height (:meth:`Layout.tile_h`); a form that leaves less room keeps the strip between the buttons."""
EXAMPLE_ROW_H = 38
"""Design pixels: the lowest the form's rows go (from 46) to leave the example its panel."""
EXAMPLE_MARGIN = 16
"""Design pixels at least between the example panel and the form above it, and the buttons below."""


@dataclass(frozen=True, slots=True)
class ExamplePanel:
    """Where the drill form's example panel goes and what it shows: the tiles, the question laid
    out (or None), and the tiles' height."""

    rect: pygame.Rect
    tiles: str
    question: RichLayout | None
    tile_h: int


@register_screen("drill_setup")
class DrillSetupScreen(Screen):
    """A generator's settings form and the Start button; params: ``generator``."""

    def title(self) -> str:
        return generator_title(self.params["generator"])

    def enter(self) -> None:
        name = self.params["generator"]
        self.gen = generators()[name]
        if not hasattr(self, "values"):
            kept = stored_params(self.app).get(name)
            self.values = checked_params(self.gen, kept)
            if ("preset" in self.values and not (isinstance(kept, dict) and "preset" in kept)
                    and _accepts(self.gen.params_model, self.app.settings.preset)):
                self.values["preset"] = self.app.settings.preset
        super().enter()

    def _option_label(self, value: Any, key: str) -> str:
        """A setting value's label: the MCR lessons' words for an MCR drill where they differ
        («Четыре группы и пара»), else the shared label."""
        mcr = mcr_setting_value(key, value) if self.params["generator"] in MCR_GENERATORS else None
        return mcr or value_label(value, key)

    def build(self) -> None:
        from trainer.ui.views.rule_presets import preset_ids

        schema = self.gen.params_model.model_json_schema()
        self.fields: list[tuple[str, Any]] = []
        for key, spec in schema.get("properties", {}).items():
            if key in HIDDEN_FIELDS:
                continue
            value = self.values.get(key)
            kind, detail = _field_kind(spec)
            if key == "preset":
                ids = [p for p in preset_ids() if _accepts(self.gen.params_model, p)]
                from trainer.ui.views.rule_presets import PRESET_NAMES

                w: Any = OptionRow([(p, _(PRESET_NAMES[p]) if p in PRESET_NAMES else p.upper()) for p in ids],
                                   value if value in ids else ids[0], self._setter(key))
            elif key == "n":
                w = Stepper(int(value), 1, 50, self._setter(key), choices=[5, 8, 10, 12, 15, 20, 30, 50])
            elif kind == "toggle":
                w = Toggle(bool(value), self._setter(key))
            elif kind == "enum" and len(detail) <= 6 and all(isinstance(v, str) for v in detail):
                w = OptionRow([(v, self._option_label(v, key)) for v in detail], value if value in detail else detail[0],
                              self._setter(key))
            elif kind == "enum":
                ints = [int(v) for v in detail if isinstance(v, int)]
                if ints and len(ints) == len(detail):
                    w = Stepper(int(value), min(ints), max(ints), self._setter(key), choices=sorted(ints))
                else:
                    w = OptionRow([(v, self._option_label(v, key)) for v in detail], value, self._setter(key))
            elif kind == "int":
                w = Stepper(int(value), detail[0], detail[1], self._setter(key))
            elif kind == "ratio":
                w = Stepper(round(float(value) * 100), 0, 100, self._setter(key, ratio=True), step=10)
                w.suffix = "%"
            elif kind == "multi":
                w = MultiOptionRow([(v, self._option_label(v, key)) for v in detail], list(value or []), self._setter(key))
            else:
                continue
            self.fields.append((key, self.add(w)))
        self.start = self.add(Button(_("Start"), self.start_drill, kind="primary", hotkey="Enter"))
        self.reset = self.add(Button(_("Defaults"), self._defaults, kind="ghost"))

    def _setter(self, key: str, ratio: bool = False) -> Callable[[Any], None]:
        def set_value(v: Any) -> None:
            self.values[key] = round(v / 100, 2) if ratio else v
            self._cross(key, v)
            self._example = None
            self._keep()
            self.app.invalidate()

        return set_value

    def _keep(self) -> None:
        """Keep the settings as the form holds them whenever one changes (the discard puzzles' form
        does the same): left with Back, they are there the next time the form opens, also after the
        app is reopened.  Settings the drill refuses together are not kept (the last usable ones stay)."""
        if not settings_problem(self.gen, self.values, self.params["generator"]):
            store_params(self.app, self.params["generator"], self.values)

    def _cross(self, key: str, v: Any) -> None:
        """The two ends of a range cannot cross: a lowest value set above the highest takes the
        highest up with it, and the other way round ("han 6 to 2" cannot be set)."""
        other = partner(key)
        there = self.values.get(other)
        if not isinstance(v, int) or not isinstance(there, int):
            return
        if (v > there) if _is_low(key) else (v < there):
            widget = next((w for k, w in getattr(self, "fields", ()) if k == other), None)
            if isinstance(widget, Stepper):
                widget._set(v)  # its own setter keeps the value (clamped to its steps)
            else:
                self.values[other] = v

    def example(self) -> tuple[str, str]:
        """(tiles, text) of an example exercise for the current values: the live preview."""
        if getattr(self, "_example", None) is None:
            try:
                ex = self.gen.generate(self.gen.params(self.values), 1)
                # the rules are chosen in the form above: the example does not repeat them
                self._example = (ex.prompt.hand or ex.prompt.tiles, question_text(ex, rules=False))
            except Exception:  # noqa: BLE001 - the model's refusal, or no exercise with these settings
                self._example = ("", settings_problem(self.gen, self.values, self.params["generator"]) or _(
                    "No exercise can be made with these settings: change one of them, or press Defaults."))
        return self._example

    def _defaults(self) -> None:
        self.values = self.gen.params().model_dump(mode="json")
        self._example = None
        self._keep()
        self.rebuild()

    def submit(self) -> bool:
        self.start_drill()
        return True

    def start_drill(self) -> None:
        """Check the parameters with the generator's model, then open the drill."""
        name = self.params["generator"]
        try:
            params = self.gen.params(self.values)
        except Exception:  # noqa: BLE001 - said in the form's own words
            self.app.notify(settings_problem(self.gen, self.values, name) or _(
                "These settings do not go together: change one of them, or press Defaults."), "error")
            return
        store_params(self.app, name, self.values)
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
        room = area.height - bar - L.px(24)
        row_h = max(L.px(34), min(L.px(46), room // n - L.px(8)))
        # rows a little lower (not below EXAMPLE_ROW_H) when that leaves the example its panel
        beside_example = (room - self.example_room()) // n - L.px(8)
        if beside_example >= L.px(EXAMPLE_ROW_H):
            row_h = min(row_h, beside_example)
        # A row of options whose labels break onto two lines is as tall as two lines of its type
        # when the form has the room (else they are drawn in two lines of tiny type).
        two_h = max(row_h, 2 * self.app.line_height(L.font("small")) + L.px(14))
        heights = []
        for _key, widget in self.fields:
            h = row_h
            if isinstance(widget, OptionRow):
                widget.rect = pygame.Rect(x, 0, w, row_h)
                if widget.label_lines(self.app) > 1:
                    h = two_h
            heights.append(h)
        if sum(heights) + L.px(8) * n > room:
            heights = [row_h] * n
        y = area.top
        for (_key, widget), h in zip(self.fields, heights, strict=True):
            if isinstance(widget, Toggle):
                widget.rect = pygame.Rect(x, y, L.px(80), h)
            elif isinstance(widget, Stepper):
                widget.rect = pygame.Rect(x, y, min(w, L.px(240)), h)
            else:
                widget.rect = pygame.Rect(x, y, w, h)
            y += h + L.px(8)
        self.label_w = label_w
        sw = max(self.start.preferred_width(self.app), L.px(220))
        self.start.rect = pygame.Rect(area.right - sw, area.bottom - bar, sw, bar)
        rw = max(self.reset.preferred_width(self.app), L.px(140))
        self.reset.rect = pygame.Rect(area.left, area.bottom - bar, rw, bar)

    def initial_focus(self) -> int | None:
        return self.widgets.index(self.start)

    def label_lines(self, label: str, room: int) -> tuple[int, list[str]]:
        """(font size, lines) of a field's label in the label column: one line of body type when
        it fits, else two lines (body type, or small type when two body lines overflow ``room``
        pixels of height); never more than two lines ('…' only when even those overflow)."""
        L, app = self.app.layout, self.app
        body = L.font("body")
        if app.text_width(label, body, bold=True) <= self.label_w:
            return body, [label]
        for size in (body, L.font("small")):
            lines = app.wrap(label, size, self.label_w, bold=True)
            if len(lines) <= 2 and (len(lines) * app.line_height(size) <= room or size != body):
                return size, lines
        return L.font("small"), lines[:2]

    def example_panel(self) -> ExamplePanel | None:
        """The example as a panel of its own under the form ("Example" beside its question, then its
        tiles at a hand's size, at least :data:`EXAMPLE_LEAST_TILE` of it), in the middle of the room
        the form leaves above the buttons; None when that room is too small for it (the example then
        has the strip between the buttons)."""
        L, app = self.app.layout, self.app
        area = L.content()
        top = max((w.rect.bottom for _key, w in self.fields), default=area.top) + L.px(EXAMPLE_MARGIN)
        bottom = self.start.rect.top - L.px(EXAMPLE_MARGIN)
        tiles, text = self.example()
        pad, gap = L.px(14), L.px(10)
        label_w = app.text_width(_("Example"), L.font("small")) + L.px(14)
        from trainer.ui.richtext import layout_rich

        question = layout_rich(app, text, L.font("body"), area.width - 2 * pad - label_w, P.on_felt) if text else None
        words_h = max(app.line_height(L.font("body")), question.height if question is not None else 0)
        least = L.tile_h(EXAMPLE_LEAST_TILE) + gap if tiles else 0
        if bottom - top < 2 * pad + words_h + least:
            return None
        tile_h = min(L.tile_h(), bottom - top - 2 * pad - words_h - gap) if tiles else 0
        height = 2 * pad + words_h + (tile_h + gap if tiles else 0)
        rect = pygame.Rect(area.left, top + (bottom - top - height) // 2, area.width, height)
        return ExamplePanel(rect, tiles, question, tile_h)

    def example_room(self) -> int:
        """The height the example panel takes under the form with a one-line question, its margins
        included (the form's rows close up to leave it that much when they can)."""
        L = self.app.layout
        return (2 * L.px(EXAMPLE_MARGIN) + 2 * L.px(14) + self.app.line_height(L.font("body")) + L.px(10)
                + L.tile_h(EXAMPLE_LEAST_TILE))

    def draw_example_panel(self, surf: pygame.Surface, panel: ExamplePanel) -> None:
        """The example under the form: "Example" beside the question, the tiles under them."""
        L = self.app.layout
        pad, gap = L.px(14), L.px(10)
        draw_panel(surf, panel.rect, P.felt_dark, L.px(12), border=P.felt_line)
        first_line = panel.rect.top + pad + self.app.line_height(L.font("body")) // 2
        label = blit_text(surf, self.app, _("Example"), L.font("small"), P.on_felt_muted,
                          (panel.rect.left + pad, first_line), anchor="midleft")
        words_h = self.app.line_height(L.font("body"))
        if panel.question is not None:
            surf.blit(panel.question.surface, (label.right + L.px(14), panel.rect.top + pad))
            words_h = max(words_h, panel.question.height)
        if panel.tiles:
            from trainer.ui.tileview import draw_tile_string

            row = pygame.Rect(panel.rect.left + pad, panel.rect.top + pad + words_h + gap,
                              panel.rect.width - 2 * pad, panel.tile_h)
            draw_tile_string(surf, panel.tiles, row, self.app)

    def draw_example_strip(self, surf: pygame.Surface) -> None:
        """The example in the strip between Defaults and Start (a form that leaves no room below it):
        its tiles, or its question when it has none."""
        L = self.app.layout
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
                from trainer.ui.tileview import draw_tile_string

                draw_tile_string(surf, tiles, inner, self.app)
            else:
                from trainer.ui.richtext import BR, plain_text
                from trainer.ui.widgets import wrapped_lines

                # a long example question wraps to two lines of the strip rather than being cut
                plain = plain_text(text, self.app).replace(BR, " ").replace("\n", " ")
                size = L.font("small")
                lines = wrapped_lines(self.app, plain, size, inner.width, max_lines=2)
                lh = min(self.app.line_height(size), inner.height // max(1, len(lines)))
                top = inner.centery - lh * len(lines) // 2
                for i, line in enumerate(lines):
                    blit_text(surf, self.app, line, size, P.on_felt, (inner.left, top + i * lh + lh // 2),
                              anchor="midleft")

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        panel = self.example_panel()
        if panel is not None:
            self.draw_example_panel(surf, panel)
        else:
            self.draw_example_strip(surf)
        for key, widget in self.fields:
            size, lines = self.label_lines(field_label(key, self.params["generator"]), widget.rect.height + L.px(8))
            lh = self.app.line_height(size)
            top = widget.rect.centery - lh * len(lines) // 2
            for i, line in enumerate(lines):
                blit_text(surf, self.app, line, size, P.on_felt, (area.left, top + i * lh + lh // 2),
                          anchor="midleft", bold=True, max_width=self.label_w)
            if isinstance(widget, Stepper) and getattr(widget, "suffix", ""):
                blit_text(surf, self.app, widget.suffix, L.font("body"), P.on_felt_muted,
                          (widget.rect.right + L.px(10), widget.rect.centery), anchor="midleft")


# ---------------------------------------------------------------- the discard puzzles' settings

PUZZLE_DEFAULTS = {"n": 10, "focus": "all"}
"""The discard puzzles' first settings; the last ones are kept like a drill's (:func:`store_params`,
under ``"nanikiru"``), so the form opens on them again, also after the app is reopened."""

PUZZLE_FOCUS = {
    "all": N_("All positions"),
    "attack": N_("Building the hand"),
    "defence": N_("Against a riichi"),
}
"""The choices of which positions the discard puzzles ask (trainer.engine.exercises.nanikiru.FOCUS)."""


@register_screen("nanikiru_setup")
class NanikiruSetupScreen(Screen):
    """How many discard puzzles, and which positions: every one, those where the hand is built
    (nobody in riichi), or those against a riichi (push or fold, the safe tile)."""

    def title(self) -> str:
        return _("What to discard?")

    def build(self) -> None:
        kept = stored_params(self.app).get("nanikiru")
        kept = kept if isinstance(kept, dict) else {}
        self.values = dict(PUZZLE_DEFAULTS)
        if kept.get("n") in (5, 10, 15, 20, 30):
            self.values["n"] = kept["n"]
        if kept.get("focus") in PUZZLE_FOCUS:
            self.values["focus"] = kept["focus"]
        self.count = self.add(Stepper(int(self.values["n"]), 5, 30, lambda v: self._set(n=v),
                                      choices=[5, 10, 15, 20, 30]))
        self.focus_row = self.add(OptionRow([(k, _(v)) for k, v in PUZZLE_FOCUS.items()], str(self.values["focus"]),
                                            lambda v: (self._set(focus=v), self.app.invalidate())))
        self.start = self.add(Button(_("Start"), self.start_drill, kind="primary", hotkey="Enter"))

    def initial_focus(self) -> int | None:
        return self.widgets.index(self.start)

    def submit(self) -> bool:
        self.start_drill()
        return True

    def _set(self, **values: Any) -> None:
        """A setting changed: kept for the next time the form opens."""
        self.values.update(values)
        store_params(self.app, "nanikiru", self.values)

    def start_drill(self) -> None:
        """Open the puzzles with these settings."""
        self.app.push("nanikiru", n=int(self.values["n"]), focus=str(self.values["focus"]),
                      seed=int(self.app.time * 1000) % 1_000_000)

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        self.label_w = min(L.px(330), area.width * 2 // 5)
        x = area.left + self.label_w + L.px(20)
        row_h = L.px(46)
        self.count.rect = pygame.Rect(x, area.top + L.px(70), min(area.right - x, L.px(240)), row_h)
        self.focus_row.rect = pygame.Rect(x, self.count.rect.bottom + L.px(12), area.right - x, row_h)
        self.focus_row.fit_labels(self.app)
        bar = L.px(52)
        sw = max(self.start.preferred_width(self.app), L.px(220))
        self.start.rect = pygame.Rect(area.right - sw, area.bottom - bar, sw, bar)

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        blit_text(surf, self.app, _("Positions from your own games (and a starter set): what would you discard?"),
                  L.font("body"), P.on_felt_muted, (area.left, area.top + L.px(14)), max_width=area.width)
        for label, widget in ((_("Puzzles"), self.count), (_("Positions"), self.focus_row)):
            blit_text(surf, self.app, label, L.font("body"), P.on_felt, (area.left, widget.rect.centery),
                      anchor="midleft", bold=True, max_width=self.label_w)
        note = {"attack": _("Nobody is in riichi: build the hand as fast and as valuable as you can."),
                "defence": _("An opponent is in riichi: push or fold, and which tile is safe.")}.get(
            str(self.values["focus"]), "")
        if note:
            blit_text(surf, self.app, note, L.font("small"), P.on_felt_muted,
                      (self.focus_row.rect.left, self.focus_row.rect.bottom + L.px(10)),
                      max_width=area.right - self.focus_row.rect.left)
