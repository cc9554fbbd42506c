"""The exercise contract: parameters, the :class:`Exercise` value, and the generator record.

An exercise is identified by ``(generator, params, seed)``: the same triple always
gives the same exercise, so a missed item can be shown again exactly and a
"sibling" is the same generator and params with a new seed.  Generators are pure
functions of their parameters and the seed (``random.Random`` seeded with a
string, which is stable across runs and platforms).

Prompts and explanations are *structured* (tiles, a question id, option values);
the UI renders the words through gettext, so nothing here is final prose.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

InputKind = Literal["pick_tiles", "number", "choice", "multi_choice", "fu_breakdown", "fans_total"]
"""How the learner answers: click tiles, type a number, pick one or several options, fill fu items,
or tick several options and type a number (an MCR hand's fans, then its total)."""


ONE_OF_QUESTIONS = ("best_discard", "kunto_discard", "kunto_raise", "safe_tile", "nanikiru")
"""Pick-tiles questions answered with one tile, where any of the equally good tiles is right."""


class Params(BaseModel):
    """Parameters every generator takes (curriculum §3.1): the drill length and the
    presentation (time target, children's mode); each generator extends them.  Scoring
    drills add ``preset`` (:class:`PresetParams`), ``tile_name`` adds ``tiles``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    n: int = Field(8, ge=1, le=50, description="items in a drill")
    time_target: float | None = Field(None, gt=0, description="seconds; the speed part of mastery")
    kids: bool = Field(False, description="children's presentation: big tiles, picture answers, no timer")

    def key(self) -> str:
        """A short stable digest of the parameters that shape an item (not n or presentation)."""
        data = self.model_dump(exclude={"n", "time_target", "kids"}, mode="json")
        text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha1(text.encode()).hexdigest()[:10]


class PresetParams(Params):
    """Parameters of drills whose answers depend on the rules: the rule preset."""

    preset: str = Field("tenhou", description="rule preset (trainer/engine/data/presets)")

    @field_validator("preset")
    @classmethod
    def _known_preset(cls, v: str) -> str:
        from trainer.engine.rules import PRESETS

        if v not in PRESETS:
            raise ValueError(f"unknown rule preset '{v}'; known: {', '.join(PRESETS)}")
        return v


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a choice question: a machine ``value`` and what to show (``tiles``
    and/or a text ``ref``: a glossary id, a rule code, a yaku id the UI looks up)."""

    value: str
    tiles: str = ""
    ref: str = ""


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the learner sees: a question id (the UI's gettext key), the hand or tiles, the
    input kind, choice options, and extra structured data (win situation, visible tiles...)."""

    question: str
    input: InputKind
    hand: str = ""
    tiles: str = ""
    options: tuple[Option, ...] = ()
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        """A value of ``data`` by key."""
        return dict(self.data).get(key, default)


@dataclass(frozen=True, slots=True)
class Exercise:
    """One generated exercise: the generator name (``kind``), the structured ``prompt``,
    the ``answer`` (a frozenset of tile kinds, an int, a frozenset of option values, a
    tuple of fu items ...), the explanation items, the mastery ``skill`` it feeds and a
    stable ``item_id`` for spaced repetition."""

    kind: str
    prompt: Prompt
    answer: Any
    explanation: tuple[dict[str, Any], ...]
    skill: str
    item_id: str
    seed: int = 0
    params: tuple[tuple[str, Any], ...] = field(default=())

    def spec(self) -> dict[str, Any]:
        """How to make this very exercise again (for a spaced-repetition review): the
        generator, its parameters and the seed."""
        return {"generator": self.kind, "params": dict(self.params), "seed": self.seed}

    def _seen_as(self) -> Callable[[int], Any]:
        """How answer tiles are compared: by the variant's tile class when the prompt grades by
        rank (3m = 3p = 3s; dragon tens and jokers as one tile), else by kind."""
        if self.prompt.get("grade_by") != "rank":
            return lambda kind: kind
        from trainer.engine.variants import Variant

        dragons = self.prompt.get("dragons", "normal")
        return Variant(True, "normal" if dragons == "none" else dragons).tile_class

    def is_answer_tile(self, kind: int) -> bool:
        """Whether one tile is among a pick-tiles answer (by rank when the exercise grades so);
        the UI marks each picked tile right or wrong with this."""
        seen_as = self._seen_as()
        return seen_as(kind) in {seen_as(k) for k in self.answer}

    def check(self, response: Any) -> bool:
        """Whether a learner's response is right.  ``pick_tiles``: tiles (Tile, kind ints or
        MPSZ text) — every answer tile for waits, any one of the equally best for a discard or a
        safe tile,
        by rank when the prompt says ``grade_by = "rank"``; ``number``: an int, or a tuple
        for several fields; ``choice``: one option value; ``multi_choice``: the set of values; ``fans_total``: (the set of
        values, an int);
        ``fu_breakdown``: the list of ``(item id, fu)`` — the items of any reading that scores the hand
        the same (:meth:`readings`)."""
        kind = self.prompt.input
        if kind == "pick_tiles":
            got = _kinds(response)
            want = self.answer
            seen_as = self._seen_as()
            got, want = {seen_as(k) for k in got}, {seen_as(k) for k in want}
            if self.prompt.question in ONE_OF_QUESTIONS:
                return bool(got) and len(got) == 1 and got <= want
            return got == want
        if kind == "number":
            try:
                if isinstance(self.answer, tuple):
                    return tuple(int(x) for x in response) == self.answer
                return int(response) == self.answer
            except (TypeError, ValueError):
                return False  # an empty or non-numeric field is a wrong answer, not a crash
        if kind == "choice":
            return response in self.answer
        if kind == "multi_choice":
            return frozenset(response) == self.answer
        if kind == "fans_total":
            try:
                ticked, total = response
                return frozenset(ticked) == self.answer[0] and int(total) == self.answer[1]
            except (TypeError, ValueError):
                return False
        got = _fu_pairs(response)
        return any(got == sorted(r) for r in self.readings())

    def readings(self) -> tuple[tuple[tuple[str, int], ...], ...]:
        """The right answers of a ``fu_breakdown`` question: the engine's chosen fu items first, then
        the items of every other reading that scores the hand the same (the prompt's ``readings``:
        the same han and fu, e.g. a tile read as the pair's wait or as the middle of a run)."""
        return (tuple(self.answer), *(tuple(r) for r in self.prompt.get("readings", ())))

    def answer_near(self, response: Any) -> tuple[tuple[str, int], ...]:
        """The right fu items closest to a learner's ``fu_breakdown`` response (fewest items added or
        left out; the engine's chosen reading on a tie): what the feedback compares the response
        with, so a valid item of another reading is never called "not in this hand"."""
        got = Counter(_fu_pairs(response))
        best = self.readings()
        return min(best, key=lambda r: sum(((got - Counter(r)) + (Counter(r) - got)).values()))


def _fu_pairs(response: Any) -> list[tuple[str, int]]:
    return sorted((str(a), int(b)) for a, b in response)


def _kinds(response: Any) -> set[int]:
    from trainer.engine.notation import parse_tiles
    from trainer.engine.tiles import Tile

    if isinstance(response, str):
        return {t.kind for t in parse_tiles(response, max_copies=None)}
    out = set()
    for r in response:
        out.add(r.kind if isinstance(r, Tile) else r if isinstance(r, int) else parse_tiles(str(r))[0].kind)
    return out


class GeneratorError(ValueError):
    """The parameters ask for something that cannot exist (e.g. 6 waits in a 7-tile hand)."""


@dataclass(frozen=True, slots=True)
class Generator:
    """A registered generator: name, the skill it feeds by default, its parameter model
    and the function ``make(params, rng, seed) -> Exercise``."""

    name: str
    skill: str
    params_model: type[Params]
    make: Callable[[Any, random.Random], Exercise]
    doc: str = ""
    skill_of: Callable[[Any], str] | None = None

    def params(self, values: dict[str, Any] | None = None) -> Params:
        """Validate parameter values (raises pydantic's ValidationError)."""
        return self.params_model.model_validate(values or {})

    def generate(self, params: Params | dict[str, Any] | None = None, seed: int = 0) -> Exercise:
        """The exercise for ``(params, seed)``: deterministic."""
        p = params if isinstance(params, Params) else self.params(params)
        rng = random.Random(f"{self.name}:{p.key()}:{seed}")
        ex = self.make(p, rng)
        skill = ex.skill or (self.skill_of(p) if self.skill_of else self.skill)
        return Exercise(
            kind=self.name, prompt=ex.prompt, answer=ex.answer, explanation=ex.explanation, skill=skill,
            item_id=f"{self.name}:{p.key()}:{seed}", seed=seed,
            params=tuple(sorted(p.model_dump(mode="json").items(), key=lambda kv: kv[0])),
        )

    def drill(self, params: Params | dict[str, Any] | None = None, seed: int = 0) -> list[Exercise]:
        """``params.n`` exercises with consecutive seeds from ``seed``."""
        p = params if isinstance(params, Params) else self.params(params)
        return [self.generate(p, seed + i) for i in range(p.n)]


def draft(question: str, input: InputKind, answer: Any, explanation: Iterable[dict[str, Any]] = (), *,
          hand: str = "", tiles: str = "", options: Iterable[Option] = (), skill: str = "",
          **data: Any) -> Exercise:
    """Build the generator-specific part of an exercise (the registry fills in name, ids and,
    unless ``skill`` is given here, the skill)."""
    prompt = Prompt(question, input, hand, tiles, tuple(options), tuple(sorted(data.items())))
    return Exercise("", prompt, answer, tuple(explanation), skill, "")


def shuffled(rng: random.Random, items: Iterable[Any]) -> list[Any]:
    """A new list with the items in a seeded random order."""
    out = list(items)
    rng.shuffle(out)
    return out
