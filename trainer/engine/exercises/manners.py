"""Table-manners situations (``manners_situation``, curriculum §3.1 #28) from the ranked rule
bank ``trainer/data/manners.yaml`` (seed 000:4589-4658: 55 rules, A = 20, B = 19, C = 16).

Each rule has a correct action (``right``) and a typical breach (``wrong``).  Questions:

* ``right_action`` — which of these is good manners?  one ``right`` among others' ``wrong``;
* ``spot_mistake`` — which of these is a breach?  one ``wrong`` among others' ``right``;
* ``rank`` — how important is this rule: A, B or C?

Options refer to the bank by value (``right:1b``, ``wrong:2f``, ``A``); the UI shows the
texts from the bank.  Each item feeds the skill of the tested rule's rank
(``manners_a``, ``manners_b``, ``manners_c``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from trainer.engine.exercises.base import Exercise, GeneratorError, Option, Params, draft, shuffled
from trainer.paths import DATA_DIR

MANNERS_FILE = DATA_DIR / "manners.yaml"
RANK_COUNTS = {"A": 20, "B": 19, "C": 16}
"""How many rules of each rank the seed has (000:4589-4658)."""


class _Rule(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    code: str
    group: int = Field(ge=1, le=7)
    rank: Literal["A", "B", "C"]
    line: int = Field(ge=4589, le=4658)
    rule: str = Field(min_length=10)
    right: str = Field(min_length=10)
    wrong: str = Field(min_length=10)
    rule_en: str = Field(min_length=10)
    right_en: str = Field(min_length=10)
    wrong_en: str = Field(min_length=10)


class _Group(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str
    title_en: str
    lines: str


class _Bank(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str
    groups: dict[int, _Group]
    rules: list[_Rule]

    @model_validator(mode="after")
    def _complete(self) -> _Bank:
        codes = [r.code for r in self.rules]
        if len(codes) != len(set(codes)):
            raise ValueError("two rules share a code")
        for rank, n in RANK_COUNTS.items():
            got = sum(r.rank == rank for r in self.rules)
            if got != n:
                raise ValueError(f"the seed has {n} rank-{rank} rules, the bank {got}")
        missing = {r.group for r in self.rules} - set(self.groups)
        if missing:
            raise ValueError(f"rules refer to undefined groups {sorted(missing)}")
        return self


@dataclass(frozen=True, slots=True)
class MannersRule:
    """One ranked manners rule: code (``1b``, ``3.10``), group 1-7, rank A/B/C, seed line,
    the rule text, a correct action and a typical breach, in Russian and (``*_en``) English."""

    code: str
    group: int
    rank: str
    line: int
    rule: str
    right: str
    wrong: str
    rule_en: str
    right_en: str
    wrong_en: str


class MannersError(ValueError):
    """The manners bank file is missing or malformed (names the file and the problem)."""


@cache
def load_manners(path: Path = MANNERS_FILE) -> tuple[MannersRule, ...]:
    """The 55 rules of the manners bank, checked: unique codes, 20 A + 19 B + 16 C, every field."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        bank = _Bank.model_validate(data)
    except (OSError, yaml.YAMLError) as e:
        raise MannersError(f"{path}: {e}") from None
    except ValueError as e:
        raise MannersError(f"{path}: {e}") from None
    return tuple(MannersRule(**r.model_dump()) for r in bank.rules)


def group_titles(path: Path = MANNERS_FILE, lang: str = "ru") -> dict[int, str]:
    """Group number -> its title in Russian (``lang="ru"``) or English (any other language)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    key = "title" if lang == "ru" else "title_en"
    return {int(k): v[key] for k, v in data["groups"].items()}


class MannersParams(Params):
    """Parameters of ``manners_situation``."""

    ranks: list[Literal["A", "B", "C"]] = Field(default_factory=lambda: ["A"], description="ranks of the rules tested")
    groups: list[int] = Field(default_factory=lambda: [1, 2, 3, 4, 5, 6, 7], description="rule groups 1-7")
    rules: list[str] = Field(default_factory=list, description="only these rule codes (empty: all)")
    format: list[Literal["right_action", "spot_mistake", "rank"]] = Field(
        default_factory=lambda: ["right_action", "spot_mistake"], description="question kinds")
    options: int = Field(3, ge=2, le=5, description="options per question")

    @model_validator(mode="after")
    def _some_rules(self) -> MannersParams:
        if not self.format:
            raise ValueError("give at least one question format")
        if not _candidates(self):
            raise ValueError("no manners rule matches these ranks, groups and codes")
        return self


def _candidates(p: MannersParams) -> list[MannersRule]:
    codes = set(p.rules)
    unknown = codes - {r.code for r in load_manners()}
    if unknown:
        raise ValueError(f"unknown manners rule code(s): {', '.join(sorted(unknown))}")
    return [r for r in load_manners() if r.rank in p.ranks and r.group in p.groups and (not codes or r.code in codes)]


def make(p: MannersParams, rng: random.Random) -> Exercise:
    """One manners question about a rule drawn from the chosen ranks and groups."""
    rules = load_manners()
    pool = _candidates(p)
    if not pool:
        raise GeneratorError("no manners rule matches the parameters")
    rule = rng.choice(pool)
    fmt = rng.choice(p.format)
    skill = f"manners_{rule.rank.lower()}"
    explanation = [{"kind": "manners_rule", "code": rule.code, "rank": rule.rank, "group": rule.group,
                    "line": rule.line, "source": f"000:{rule.line}"}]
    if fmt == "rank":
        return draft("manners_rank", "choice", frozenset({rule.rank}), explanation, skill=skill, rule=rule.code,
                     options=[Option(r) for r in ("A", "B", "C")])
    others = [r for r in rules if r.code != rule.code]
    same_group = shuffled(rng, [r for r in others if r.group == rule.group])
    rest = shuffled(rng, [r for r in others if r.group != rule.group])
    distract = (same_group + rest)[: p.options - 1]
    if fmt == "right_action":
        answer = f"right:{rule.code}"
        values = [answer, *(f"wrong:{r.code}" for r in distract)]
    else:
        answer = f"wrong:{rule.code}"
        values = [answer, *(f"right:{r.code}" for r in distract)]
    explanation.extend({"kind": "manners_rule", "code": r.code, "rank": r.rank, "group": r.group, "line": r.line,
                        "source": f"000:{r.line}"} for r in distract)
    return draft("manners_" + fmt, "choice", frozenset({answer}), explanation, skill=skill, rule=rule.code,
                 options=[Option(v, ref=f"manners:{v}") for v in shuffled(rng, values)])


def manners_text(ref: str, lang: str = "ru") -> str:
    """The text an option value refers to (``right:1b`` / ``wrong:1b`` / ``rule:1b``), in Russian
    for ``lang="ru"`` and in English for any other interface language."""
    field, _, code = ref.partition(":")
    rule = next((r for r in load_manners() if r.code == code), None)
    if rule is None or field not in ("right", "wrong", "rule"):
        raise KeyError(ref)
    return getattr(rule, field if lang == "ru" else field + "_en")
