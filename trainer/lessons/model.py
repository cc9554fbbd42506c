"""The lesson format as pydantic v2 models: a header and a list of typed steps.

One lesson is one YAML file ``lessons/<track>/<id>.yaml``; ``docs/lessons.md``
is the author's reference with a complete example.  These models are the
schema: every mapping forbids unknown keys, steps are a union discriminated by
``kind``, and tile strings are parsed with the engine's MPSZ notation while the
lesson loads, so a typo is reported at its line and column.

Answers are not stored here.  A quiz step names *what to compute* (``ask:``)
and the engine computes the answer (:mod:`trainer.lessons.answers`); an
optional ``expect:`` is the author's statement, checked against the engine by
:mod:`trainer.lessons.check`.  Only textual ``choice`` options, ``order``
cards and ``boxes`` cards carry authored answers (``correct:`` / the card order
/ ``box:``), because no engine can compute those.

The models are immutable (``frozen``) values, as the UI renders them and the
progress store refers to steps by ``(lesson id, step index)`` or a step ``id``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator
from pydantic_core import PydanticCustomError

from trainer.engine.hand import Hand
from trainer.engine.notation import NotationError, parse_hand, parse_tiles
from trainer.engine.tiles import Tile
from trainer.i18n import N_
from trainer.lessons.engine_words import engine_reason
from trainer.lessons.richtext import RichTextError, parse_rich
from trainer.lessons.say import Say

# ---------------------------------------------------------------------------
# Vocabularies (curriculum.md §0, §3.2, §4)
# ---------------------------------------------------------------------------

TRACKS: dict[str, str] = {
    "kids": "kids_",
    "basics": "basics_",
    "skills": "skill_",
    "scoring": "score_",
    "manners": "manners_",
    "variants": "variant_",
    "sanma": "sanma_",
    "mcr": "mcr_",
}
"""Track folder name -> the prefix every lesson id of that track starts with."""

SKILLS: tuple[str, ...] = (
    # children (§4.1)
    "kids_tile_families", "kids_tile_numbers", "kids_honors", "kids_sorting", "kids_pairs",
    "kids_threes", "kids_winning_tile", "kids_games",
    # rules and recognition (§4.2)
    "tile_names", "tile_groups", "terms", "sets", "winning_shape", "rules_flow", "rules_calls",
    "rules_riichi", "rules_furiten", "rules_draws", "dora",
    # hand skills (§4.3)
    "waits_basic", "waits_compound", "waits_single_suit", "waits_mixed", "kunto", "shanten",
    "efficiency", "defense", "wait_reading",
    # scoring (§4.4)
    "yaku_id", "han", "fu", "points", "points_table", "settlement", "scoring_full", "presets",
    # etiquette (§4.5)
    "manners_a", "manners_b", "manners_c", "penalties",
    # Chinese Official (MCR)
    "mcr_rules", "mcr_forms", "mcr_fans", "mcr_principles", "mcr_waits", "mcr_payments",
)  # fmt: skip
"""The mastery skill ids of curriculum §4; progress is tracked per skill."""

PLAY_MODES: tuple[str, ...] = (
    "tibet", "ponjan", "kids_riichi", "glass_table", "full_game", "kunto_table", "twelve_tile",
    "risu", "bamboo_2p", "bamboo", "single_suit_1", "single_suit_2", "ab_game", "short", "yochi", "kunto", "twelve_tiles",
)  # fmt: skip
"""Play modes a ``play`` step may start (curriculum §3.2)."""

WAIT_SHAPES: tuple[str, ...] = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "kokushi_13")
"""Engine wait-shape ids (:class:`trainer.engine.waits.WaitShape` values)."""

TILE_FILTERS: tuple[str, ...] = (
    "man", "pin", "sou", "honors", "winds", "dragons", "terminals", "simples", "yaochuu", "numbers",
)  # fmt: skip
"""Tile groups a ``match`` question or an ``arrange`` box can select (engine predicates)."""

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_SOURCE = re.compile(r"^(\d{3}:\d+(-\d+)?|digest \S.*|\[EXT\] \S.*|\[derived\].*)$")

# ---------------------------------------------------------------------------
# Building blocks
# ---------------------------------------------------------------------------


def lesson_error(kind: str, message: str, **values: Any) -> PydanticCustomError:
    """A schema error in the lesson writer's words: pydantic's error of type ``kind`` with the English
    message id ``message`` (marked with ``N_``) filled with ``values``.  The id travels in the error's
    context as a :class:`~trainer.lessons.say.Say` (``say``), so the app shows it in the interface
    language (:func:`trainer.lessons.loader.schema_problems`)."""
    return PydanticCustomError(kind, message, {**values, "say": Say(message, **values)})


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_rich(value: str) -> str:
    try:
        parse_rich(value)
    except RichTextError as e:
        raise PydanticCustomError("rich_text", "{problem}", {"problem": e.problem, "offset": e.offset}) from None
    return value


class Text(_Model):
    """A text in the lesson's languages: Russian is required, English optional.
    The strings may use rich markup (:mod:`trainer.lessons.richtext`)."""

    ru: str = Field(min_length=1)
    en: str | None = None

    check_rich = field_validator("ru", "en")(lambda v: v if v is None else _check_rich(v))

    def get(self, lang: str) -> str:
        """The text in ``lang``, falling back to Russian."""
        return (self.en if lang == "en" else None) or self.ru


class Title(Text):
    """A title: Russian and English both required (the lesson list and the English UI show it)."""

    en: str = Field(min_length=1)


def _tiles(value: str) -> str:
    try:
        parse_tiles(value)
    except NotationError as e:
        raise lesson_error("tiles", N_("bad tile notation '{text}': {problem}"), text=value,
                           problem=engine_reason(e.problem)) from None
    return value


def _hand(value: str) -> str:
    try:
        parse_hand(value, check_size=False)
    except NotationError as e:
        raise lesson_error("tiles", N_("bad hand notation '{text}': {problem}"), text=value,
                           problem=engine_reason(e.problem)) from None
    return value


TilesStr = Annotated[str, Field(min_length=2)]
"""MPSZ tiles without melds, e.g. ``"25p"`` (checked by the models that use it)."""


class Variant(_Model):
    """Training switches for kunto-style hands (curriculum §3.1 #7): read every suit as
    one (``suits_ignored``) and let the dragons be ordinary tiles, the 10 of a suit, or
    jokers of their own suit (000:3453)."""

    suits_ignored: bool = False
    dragons: Literal["normal", "ten", "joker"] = "normal"


class Win(_Model):
    """How a complete hand was won, for scoring questions.  ``hand`` holds the 14
    tiles (winning tile included); ``tile`` names the winning tile."""

    tile: str
    by: Literal["ron", "tsumo"] = "ron"
    seat: Literal["E", "S", "W", "N"] = "S"
    round: Literal["E", "S", "W", "N"] = "E"
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    dora: str = ""
    ura: str = ""
    honba: int = Field(0, ge=0)
    sticks: int = Field(0, ge=0)
    nuki: int = Field(0, ge=0, le=4)  # Norths set aside as nukidora (three-player presets)
    flowers: int = Field(0, ge=0, le=8, description="MCR: flowers the winner has set aside (1 point each)")
    last_copy: bool = Field(False, description="MCR: the winning tile is the last copy of its kind in sight")

    check_tile = field_validator("tile")(lambda v: _one_tile(v))
    check_dora = field_validator("dora", "ura")(lambda v: _tiles(v) if v else v)

    @model_validator(mode="after")
    def _first_draw(self) -> Win:
        # Tenhou is the dealer's win on the first draw, chiihou a non-dealer's (both by tsumo).
        if self.tenhou and (self.by != "tsumo" or self.seat != "E"):
            raise lesson_error("win", N_("tenhou is the dealer's tsumo: by: tsumo and seat: E"))
        if self.chiihou and (self.by != "tsumo" or self.seat == "E"):
            raise lesson_error("win", N_("chiihou is a non-dealer's tsumo: by: tsumo and a seat other than E"))
        return self

    @property
    def dealer(self) -> bool:
        """The winner is the dealer (oya) when the seat wind is East."""
        return self.seat == "E"


def _one_tile(value: str) -> str:
    _tiles(value)
    if len(parse_tiles(value)) != 1:
        raise lesson_error("tiles", N_("write exactly one tile here, e.g. 5p, not '{text}'"), text=value)
    return value


class Seat(_Model):
    """One player at a table diagram: who, the shown hand (or its size hidden), the river."""

    who: Literal["self", "right", "across", "left"]
    wind: Literal["E", "S", "W", "N"] | None = None
    hand: str | None = None
    hidden: int | None = Field(None, ge=0, le=14)
    river: str = ""
    riichi_at: int | None = Field(None, ge=0, description="index of the sideways riichi discard in the river")
    label: Text | None = None

    check_hand = field_validator("hand")(lambda v: v if v is None else _hand(v))
    check_river = field_validator("river")(lambda v: _tiles(v) if v else v)


class Table(_Model):
    """A table diagram: seats, round wind, honba, dora indicators, tiles left in the wall."""

    seats: list[Seat] = Field(min_length=1, max_length=4)
    round: Literal["E", "S", "W", "N"] = "E"
    honba: int = Field(0, ge=0)
    sticks: int = Field(0, ge=0)
    dora: str = ""
    wall_left: int | None = Field(None, ge=0, le=136)

    check_dora = field_validator("dora")(lambda v: _tiles(v) if v else v)


class Row(_Model):
    """A captioned row of tiles in a ``show`` step."""

    tiles: str
    caption: Text | None = None
    highlight: str = ""

    check_tiles = field_validator("tiles")(lambda v: _hand(v))
    check_highlight = field_validator("highlight")(lambda v: _tiles(v) if v else v)


class Hint(Text):
    """One rung of the hint ladder (curriculum §1.2): where to look, narrowing, the solution."""


# ---------------------------------------------------------------------------
# Steps
# ---------------------------------------------------------------------------


class _Step(_Model):
    id: str | None = Field(None, description="stable step id for progress; default is the step index")
    skill: str | None = Field(None, description="mastery skill this step feeds; default the lesson's")
    hints: list[Text] = Field(default_factory=list, max_length=3)

    @field_validator("id")
    @classmethod
    def _id_ok(cls, v: str | None) -> str | None:
        if v is not None and not _ID.match(v):
            raise lesson_error("step_id", N_("a step id is snake_case ASCII, not '{v}'"), v=v)
        return v

    @field_validator("skill")
    @classmethod
    def _skill_ok(cls, v: str | None) -> str | None:
        if v is not None and v not in SKILLS:
            raise lesson_error("skill", N_("unknown skill '{v}': see curriculum §4"), v=v)
        return v

    @property
    def interactive(self) -> bool:
        """True for steps the learner answers or plays (curriculum §1.2)."""
        return self.kind not in ("text", "show")  # type: ignore[attr-defined]


class _HandMixin(_Model):
    """Fields of steps that show a hand (concealed tiles and melds in MPSZ)."""

    hand: str | None = None
    variant: Variant | None = None

    check_hand_ok = field_validator("hand", check_fields=False)(lambda v: v if v is None else _hand(v))

    def parsed_hand(self) -> Hand:
        """The step's hand parsed by the engine."""
        if self.hand is None:
            raise ValueError("this step has no hand")
        return parse_hand(self.hand, check_size=False)


class TextStep(_Step):
    """A short explanation (one idea, about 90 words at most)."""

    kind: Literal["text"]
    text: Text


ShowFact = Literal["waits", "shanten", "readings", "ukeire", "shape", "named_shape", "score", "fu_items", "mcr_score",
                   "mcr_waits"]
"""Engine facts a ``show`` step may reveal: ``shape`` the basic wait shapes, ``named_shape`` the
engine's names for the whole wait (kantan, nobetan, ...; :func:`trainer.engine.waits.named_waits`); ``mcr_score``
the MCR fans, total and minimum of a won hand (``win:``), ``mcr_waits`` its waits in every MCR form."""


class ShowStep(_Step, _HandMixin):
    """A diagram: a hand, rows of tiles, a wall slice or a table, with highlights and a
    caption.  ``reveal`` lists engine facts the UI shows under the diagram (for example
    ``[waits, readings]``); ``expect`` states some of them and is checked by the validator."""

    kind: Literal["show"]
    text: Text | None = None
    caption: Text | None = None
    tiles: str | None = None
    rows: list[Row] = Field(default_factory=list)
    wall: str | None = None
    table: Table | None = None
    highlight: str = ""
    dora: str = ""
    visible: str = ""
    win: Win | None = None
    reveal: list[ShowFact] = Field(default_factory=list)
    expect: dict[ShowFact, Any] = Field(default_factory=dict)

    check_t = field_validator("tiles", "wall")(lambda v: v if v is None else _hand(v))
    check_highlight = field_validator("highlight", "dora", "visible")(lambda v: _tiles(v) if v else v)

    @model_validator(mode="after")
    def _something_to_show(self) -> ShowStep:
        if not (self.hand or self.tiles or self.rows or self.wall or self.table):
            raise lesson_error("show", N_("a show step needs hand, tiles, rows, wall or table"))
        if (self.reveal or self.expect) and not self.hand:
            raise lesson_error("show", N_("reveal/expect are computed from a hand: add hand"))
        return self


class ChoiceOption(_Model):
    """One option of a ``choice``.  With an engine ``ask`` the option names a ``value``
    (a shape id, yaku id, ``yes``/``no``) and the engine decides if it is right; without
    one the author marks ``correct: true``.  ``explain`` is shown when it is chosen."""

    value: str | None = None
    text: Text | None = None
    tiles: str | None = None
    correct: bool | None = None
    explain: Text | None = None

    check_t = field_validator("tiles")(lambda v: v if v is None else _hand(v))

    @model_validator(mode="after")
    def _has_face(self) -> ChoiceOption:
        if self.value is None and self.text is None and self.tiles is None:
            raise lesson_error("option", N_("an option needs text, tiles or value"))
        return self


ChoiceAsk = Literal["shape", "named_shape", "tenpai", "complete", "yaku", "mcr_fans", "mcr_excluded", "mcr_minimum"]
"""Engine questions of a ``choice``; the ``mcr_`` ones score the hand by the MCR calculator under the
lesson's MCR preset: the fans counted, the fans the hand shows but does not count, and whether the
fans without flowers reach the minimum (``yes``/``no``).  Their option values are glossary ids
(``mcr_full_flush``)."""

MCR_ASKS = ("mcr_fans", "mcr_excluded", "mcr_minimum", "mcr_total", "mcr_points")
"""Questions answered by the MCR calculator: they need ``win:``."""


class ChoiceStep(_Step, _HandMixin):
    """Multiple choice with one or several right answers and an explanation per option."""

    kind: Literal["choice"]
    prompt: Text
    tiles: str | None = None
    ask: ChoiceAsk | None = None
    win: Win | None = None
    multiple: bool = False
    options: list[ChoiceOption] = Field(min_length=2, max_length=8)
    expect: list[str] | None = None

    check_t = field_validator("tiles")(lambda v: v if v is None else _hand(v))

    @model_validator(mode="after")
    def _answers(self) -> ChoiceStep:
        if self.ask is None:
            if any(o.correct is None for o in self.options) and not any(o.correct for o in self.options):
                raise lesson_error("choice", N_("mark the right option(s) with correct: true, or let the engine "
                                                "decide with ask:"))
            right = sum(bool(o.correct) for o in self.options)
            if right == 0:
                raise lesson_error("choice", N_("no option has correct: true"))
            if right > 1 and not self.multiple:
                raise lesson_error("choice", N_("{n} options are correct: add multiple: true"), n=right)
            if self.expect is not None:
                raise lesson_error("choice", N_("expect: needs ask: (authored options carry correct:)"))
        else:
            if self.hand is None:
                raise lesson_error("choice", N_("ask: {ask} needs a hand"), ask=self.ask)
            if any(o.correct is not None for o in self.options):
                raise lesson_error("choice", N_("with ask: the engine decides: remove correct: from options"))
            if any(o.value is None for o in self.options):
                raise lesson_error("choice", N_("with ask: every option needs a value"))
            if self.ask in ("yaku", *MCR_ASKS) and self.win is None:
                raise lesson_error("choice", N_("ask: {ask} needs win: (how the hand was won)"), ask=self.ask)
        return self


PickAsk = Literal["waits", "discard", "dora", "complete_set", "match", "mcr_waits"]


class PickTilesStep(_Step, _HandMixin):
    """Click the tiles that answer a question the engine computes: ``waits`` of the hand,
    the best ``discard`` by ukeire, the ``dora`` of the indicators, the tiles that
    ``complete_set`` with ``tiles``, or the tiles of ``tiles`` that ``match`` a ``filter``."""

    kind: Literal["pick_tiles"]
    prompt: Text
    ask: PickAsk
    tiles: str | None = None
    dora: str = ""
    visible: str = ""
    filter: Literal[TILE_FILTERS] | None = None  # type: ignore[valid-type]
    expect: str | None = None

    check_t = field_validator("tiles")(lambda v: v if v is None else _hand(v))
    check_d = field_validator("dora", "visible")(lambda v: _tiles(v) if v else v)
    check_e = field_validator("expect")(lambda v: v if v is None else _tiles(v))

    @model_validator(mode="after")
    def _inputs(self) -> PickTilesStep:
        need = {"waits": "hand", "discard": "hand", "dora": "dora", "complete_set": "tiles", "match": "tiles",
                "mcr_waits": "hand"}
        field = need[self.ask]
        if not getattr(self, field):
            raise lesson_error("pick", N_("ask: {ask} needs {field}:"), ask=self.ask, field=field)
        if self.ask == "match" and self.filter is None:
            raise lesson_error("pick", N_("ask: match needs filter: (one of {f})"), f=", ".join(TILE_FILTERS))
        return self


NumberAsk = Literal["shanten", "waits_count", "ukeire", "fu", "han", "points", "dora_count", "mcr_total", "mcr_points",
                    "mcr_shanten"]


class NumberStep(_Step, _HandMixin):
    """Type a number the engine computes: shanten, number of waits, ukeire (live tiles,
    minus ``visible``), or fu / han / points of a won hand (``win:``), or the dora count."""

    kind: Literal["number"]
    prompt: Text
    ask: NumberAsk
    visible: str = ""
    dora: str = ""
    win: Win | None = None
    expect: int | None = None

    check_d = field_validator("visible", "dora")(lambda v: _tiles(v) if v else v)

    @model_validator(mode="after")
    def _inputs(self) -> NumberStep:
        if self.hand is None:
            raise lesson_error("number", N_("ask: {ask} needs a hand"), ask=self.ask)
        if self.ask in ("fu", "han", "points", *MCR_ASKS) and self.win is None:
            raise lesson_error("number", N_("ask: {ask} needs win: (how the hand was won)"), ask=self.ask)
        return self


class FuBreakdownStep(_Step, _HandMixin):
    """Fill in the fu items of a won hand one by one; the engine's itemised fu is the answer.
    ``expect`` is the rounded fu total."""

    kind: Literal["fu_breakdown"]
    prompt: Text
    win: Win
    expect: int | None = None

    @model_validator(mode="after")
    def _inputs(self) -> FuBreakdownStep:
        if self.hand is None:
            raise lesson_error("fu", N_("a fu_breakdown step needs hand:"))
        return self


class Card(_Model):
    """A text or tile card to drag in an ``arrange`` step; ``box`` is the box it belongs in."""

    text: Text | None = None
    tiles: str | None = None
    box: int | None = Field(None, ge=0)

    check_t = field_validator("tiles")(lambda v: v if v is None else _hand(v))


class Box(_Model):
    """A target box of an ``arrange`` step: a label and, for tiles, the engine ``filter``
    that decides which tiles belong in it."""

    label: Text
    filter: Literal[TILE_FILTERS] | None = None  # type: ignore[valid-type]


class ArrangeStep(_Step, _HandMixin):
    """Drag tiles or cards into an order or into boxes.  ``sort``: put ``tiles`` in the
    canonical order; ``split``: split ``hand`` into sets and a pair (any engine reading is
    right); ``order``: put ``cards`` in the order they are written; ``boxes``: drop tiles
    (by each box's ``filter``) or cards (by their ``box`` index) into ``boxes``."""

    kind: Literal["arrange"]
    prompt: Text
    ask: Literal["sort", "split", "order", "boxes"]
    tiles: str | None = None
    cards: list[Card] = Field(default_factory=list)
    boxes: list[Box] = Field(default_factory=list)

    check_t = field_validator("tiles")(lambda v: v if v is None else _hand(v))

    @model_validator(mode="after")
    def _inputs(self) -> ArrangeStep:
        a = self.ask
        if a == "sort" and not self.tiles:
            raise lesson_error("arrange", N_("ask: sort needs tiles:"))
        if a == "split" and not self.hand:
            raise lesson_error("arrange", N_("ask: split needs hand:"))
        if a == "order" and len(self.cards) < 2:
            raise lesson_error("arrange", N_("ask: order needs at least two cards:"))
        if a == "boxes":
            if len(self.boxes) < 2:
                raise lesson_error("arrange", N_("ask: boxes needs at least two boxes:"))
            if self.tiles and any(b.filter is None for b in self.boxes):
                raise lesson_error("arrange", N_("boxes for tiles need a filter: each"))
            if self.cards and any(c.box is None or c.box >= len(self.boxes) for c in self.cards):
                raise lesson_error("arrange", N_("every card needs box: (0..{n})"), n=len(self.boxes) - 1)
            if not self.tiles and not self.cards:
                raise lesson_error("arrange", N_("ask: boxes needs tiles: or cards:"))
        return self


class DrillStep(_Step):
    """N generated exercises from a named generator with parameters (the registry
    ``trainer.engine.exercises.GENERATORS`` checks the name and the params)."""

    kind: Literal["drill"]
    generator: str
    params: dict[str, Any] = Field(default_factory=dict)
    n: int = Field(8, ge=1, le=30)
    seed: int | None = Field(None, description="fixed seed; default derives from the learner and date")
    text: Text | None = None
    pass_ratio: float = Field(0.8, ge=0, le=1)


class Goal(_Model):
    """What finishes a ``play`` step: ``games`` hands played, or ``wins`` hands won.  The
    table counts every hand (one deal, to a win or a draw) as one; the keys keep their names
    for the lesson files."""

    games: int | None = Field(None, ge=1)
    wins: int | None = Field(None, ge=1)

    @model_validator(mode="after")
    def _one(self) -> Goal:
        if (self.games is None) == (self.wins is None):
            raise lesson_error("goal", N_("a goal is games: N or wins: N"))
        return self


class PlayStep(_Step):
    """An embedded game in a play mode (curriculum §3.2) with rule overrides, bots,
    revealed or hidden hands, a coach level and a goal."""

    kind: Literal["play"]
    mode: Literal[PLAY_MODES]  # type: ignore[valid-type]
    text: Text | None = None
    rules: dict[str, Any] = Field(default_factory=dict)
    tiles: str | dict[str, Any] | None = Field(
        None, description="tile set: a name from tilesets.toml, or a spec {suits, ranks, honors, copies, red_fives}")
    players: int = Field(4, ge=1, le=10)
    bots: Literal["gentle", "efficient", "careful"] = "efficient"
    reveal: Literal["all", "own"] = "own"
    coach: Literal["off", "hints", "full"] = "off"
    goal: Goal = Goal(games=1)


class PaifuStep(_Step):
    """A hand's record (paifu, 牌譜) in the seed's table form next to the replay viewer of the
    same hand: ``game`` names a one-hand game log of ``trainer/engine/data/paifu``.  With ``ask``
    the learner finds cells in the record (the engine knows which): the turn the player with
    seat wind ``seat`` declared ``riichi``, a ``tsumogiri`` discard of that player, or any
    discard that was called with ``call`` (chi, pon, kan, ron).  ``expect`` lists the right
    cells as seat wind and turn (``"S8"``); ``at`` is the action the replay opens at."""

    kind: Literal["paifu"]
    game: str = Field(pattern=r"^[a-z0-9_]+$")
    text: Text | None = None
    prompt: Text | None = None
    ask: Literal["riichi", "call", "tsumogiri"] | None = None
    seat: Literal["E", "S", "W", "N"] | None = None
    call: Literal["chi", "pon", "kan", "ron"] | None = None
    at: int = Field(-1, ge=-1)
    expect: list[Annotated[str, Field(pattern=r"^[ESWN][0-9]{1,2}$")]] | None = None

    @model_validator(mode="after")
    def _inputs(self) -> PaifuStep:
        if self.ask is None:
            return self
        if self.prompt is None:
            raise lesson_error("paifu", N_("ask: {ask} needs prompt:"), ask=self.ask)
        if self.ask in ("riichi", "tsumogiri") and self.seat is None:
            raise lesson_error("paifu", N_("ask: {ask} needs seat: (E, S, W or N)"), ask=self.ask)
        if self.ask == "call" and self.call is None:
            raise lesson_error("paifu", N_("ask: call needs call: (chi, pon, kan or ron)"))
        return self

    @property
    def interactive(self) -> bool:
        """A record with a question is answered; without one it is read."""
        return self.ask is not None


Step = Annotated[
    TextStep | ShowStep | ChoiceStep | PickTilesStep | NumberStep | FuBreakdownStep | ArrangeStep
    | DrillStep | PlayStep | PaifuStep,
    Field(discriminator="kind"),
]
"""One step of a lesson, chosen by its ``kind``."""

STEP_KINDS: tuple[str, ...] = (
    "text", "show", "choice", "pick_tiles", "number", "fu_breakdown", "arrange", "drill", "play", "paifu",
)  # fmt: skip


# ---------------------------------------------------------------------------
# The lesson
# ---------------------------------------------------------------------------


class Lesson(_Model):
    """One lesson: the header of curriculum §0 and its steps."""

    id: str
    title: Title
    track: Literal["kids", "basics", "skills", "scoring", "manners", "variants", "sanma", "mcr"]
    level: int = Field(ge=1, le=99)
    audience: Literal["child", "beginner", "player"]
    min_age: int | None = Field(None, ge=4, le=18)
    prerequisites: list[str] = Field(default_factory=list)
    minutes: int = Field(ge=1, le=120)
    preset: str = "tenhou"
    tiles: str | dict[str, Any] | None = Field(
        None, description="tile set: a name from tilesets.toml, or a spec {suits, ranks, honors, copies, red_fives}")
    skill: str
    objective: Text | None = None
    terms: list[str] = Field(default_factory=list)
    sources: list[str] = Field(default_factory=list)
    languages: list[Literal["ru", "en"]] = Field(
        default_factory=lambda: ["ru"],
        description="the languages the lesson is written in; with en every learner-facing text has en:")
    steps: list[Step] = Field(min_length=1)

    _source_file: str | None = PrivateAttr(default=None)

    @field_validator("id")
    @classmethod
    def _id(cls, v: str) -> str:
        if not _ID.match(v):
            raise lesson_error("lesson_id", N_("a lesson id is snake_case ASCII, not '{v}'"), v=v)
        return v

    @field_validator("skill")
    @classmethod
    def _skill(cls, v: str) -> str:
        if v not in SKILLS:
            raise lesson_error("skill", N_("unknown skill '{v}': see curriculum §4"), v=v)
        return v

    @field_validator("prerequisites", "terms")
    @classmethod
    def _ids(cls, v: list[str]) -> list[str]:
        for x in v:
            if not _ID.match(x):
                raise lesson_error("id", N_("'{x}' is not a snake_case id"), x=x)
        return v

    @field_validator("sources")
    @classmethod
    def _sources(cls, v: list[str]) -> list[str]:
        for s in v:
            if not _SOURCE.match(s):
                raise lesson_error("source", N_("source '{s}': write NNN:a-b (rulebook lines), 'digest ...', '[EXT] url' "
                                                "or '[derived] ...'"), s=s)
        return v

    @model_validator(mode="after")
    def _header(self) -> Lesson:
        prefix = TRACKS[self.track]
        if not self.id.startswith(prefix):
            raise lesson_error("lesson_id", N_("lesson id '{id}' of track {t} must start with '{p}'"), id=self.id,
                               t=self.track, p=prefix)
        if "ru" not in self.languages:
            raise lesson_error("languages", N_("languages: must include ru (every lesson is written in Russian)"))
        if self.audience == "child" and self.min_age is None:
            raise lesson_error("audience", N_("a child lesson needs min_age:"))
        if self.id in self.prerequisites:
            raise lesson_error("prereq", N_("a lesson cannot be its own prerequisite"))
        first: dict[str, int] = {}
        for i, s in enumerate(self.steps):
            if s.id is None:
                continue
            if s.id in first:
                raise PydanticCustomError("step_id", "steps[{index}].id: '{id}' is already used by steps[{first}]",
                                          {"id": s.id, "index": i, "first": first[s.id]})
            first[s.id] = i
        return self

    @property
    def source_file(self) -> str | None:
        """The YAML file the lesson was loaded from (None for a lesson built in code)."""
        return self._source_file

    def step_key(self, index: int) -> str:
        """The stable key of step ``index`` for progress: ``lesson_id/step_id`` or ``lesson_id/index``."""
        step = self.steps[index]
        return f"{self.id}/{step.id if step.id is not None else index}"

    def step_skill(self, index: int) -> str:
        """The skill step ``index`` feeds: its own ``skill`` or the lesson's."""
        return self.steps[index].skill or self.skill


def tiles_of(text: str) -> tuple[Tile, ...]:
    """Parse an MPSZ tile string of a lesson field (already validated when the lesson loaded)."""
    return parse_tiles(text) if text else ()
