"""Review 23 (MCR and sanma), #3: the calculator lists every fan the hand shows but a counted fan
implies — a Greater Honors-and-Knitted hand names Lesser H&K and All Types as left out (the drill's
feedback said «такого фана в этой руке нет» and then defined the very hand on screen), Thirteen
Orphans names All Types — so docs/rules.md §12's "every fan not counted is listed" holds.

The check is independent of the detector: for fans whose condition is easy to state from the tiles
alone (suits, honors, concealment, the knitted and pair forms), a hand that meets the condition must
count the fan or list it as left out, over the seed's 106 worked hands and random hands of every form
under both presets."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.mcr_examples import EXAMPLES, example_deal
from trainer.engine.hand import Hand
from trainer.engine.mcr.calculator import McrResult, score_mcr
from trainer.engine.mcr.detect import Situation
from trainer.engine.mcr.random_hands import FORMS, random_win
from trainer.engine.mcr.table import load_mcr_rules
from trainer.engine.notation import parse_hand
from trainer.engine.tiles import parse_tile

PRESETS = ("mcr", "mcr_common")


def _counts(hand: Hand) -> list[int]:
    out = [0] * 34
    for t in hand.concealed:
        out[t.kind] += 1
    for m in hand.melds:
        for t in m.tiles:
            out[t.kind] += 1
    return out


def _suits(c: list[int]) -> int:
    return sum(1 for s in range(3) if any(c[s * 9:s * 9 + 9]))


def _honors(c: list[int]) -> bool:
    return any(c[27:])


def _closed(hand: Hand) -> bool:
    return not any(m.is_open for m in hand.melds)


def _knitted_singles(hand: Hand, c: list[int]) -> bool:
    """Fourteen different single tiles: honors and number tiles of one knitted pattern (each suit's
    numbers ≡ one class mod 3, a different class per suit)."""
    if hand.melds or max(c) != 1 or sum(c) != 14:
        return False
    classes = []
    for s in range(3):
        ranks = [r for r in range(9) if c[s * 9 + r]]
        if len({r % 3 for r in ranks}) > 1:
            return False
        if ranks:
            classes.append(ranks[0] % 3)
    return len(classes) == len(set(classes))


SHOWN: dict[str, Callable[[Hand, Situation, list[int]], bool]] = {
    "all_types": lambda h, s, c: _suits(c) == 3 and any(c[27:31]) and any(c[31:]),
    "no_honors": lambda h, s, c: not _honors(c),
    "full_flush": lambda h, s, c: _suits(c) == 1 and not _honors(c),
    "half_flush": lambda h, s, c: _suits(c) == 1 and _honors(c),
    "one_voided_suit": lambda h, s, c: _suits(c) == 2,
    "all_simples": lambda h, s, c: not _honors(c) and not any(c[k] for k in (0, 8, 9, 17, 18, 26)),
    "self_drawn": lambda h, s, c: s.self_drawn,
    "concealed_hand": lambda h, s, c: _closed(h) and not s.self_drawn,
    "fully_concealed": lambda h, s, c: _closed(h) and s.self_drawn,
    "seven_pairs": lambda h, s, c: not h.melds and all(n % 2 == 0 for n in c),
    "lesser_honors_and_knitted_tiles": lambda h, s, c: _knitted_singles(h, c) and sum(c[27:]) >= 5,
    "greater_honors_and_knitted_tiles": lambda h, s, c: _knitted_singles(h, c) and sum(c[27:]) == 7,
}
"""Fans whose condition the tiles and the situation show directly -> that condition."""


def _missing(hand: Hand, sit: Situation, res: McrResult) -> list[str]:
    """The fans the hand shows by :data:`SHOWN` that are neither counted nor listed as left out."""
    c = _counts(hand)
    named = set(res.fans) | {d.id for d in res.excluded}
    return [f for f, shown in SHOWN.items() if shown(hand, sit, c) and f not in named]


@pytest.mark.parametrize("preset", PRESETS)
def test_every_worked_hand_lists_each_fan_it_shows(preset: str) -> None:
    rules = load_mcr_rules(preset)
    bad = []
    for row in EXAMPLES:
        hand, sit = example_deal(row)
        res = score_mcr(hand, sit, rules)
        if gone := _missing(hand, sit, res):
            bad.append((row["id"], gone))
    assert not bad, bad


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("form", FORMS)
def test_random_hands_of_every_form_list_each_fan_they_show(preset: str, form: str) -> None:
    rules = load_mcr_rules(preset)
    rng = random.Random(2300 + FORMS.index(form))
    bad = []
    for _ in range(120):
        deal = random_win(rng, form)
        res = score_mcr(deal.hand, deal.situation, rules)
        if gone := _missing(deal.hand, deal.situation, res):
            bad.append((str(deal.hand), gone))
    assert not bad, bad[:5]


@pytest.mark.parametrize("preset", PRESETS)
def test_greater_honors_and_knitted_lists_lesser_and_all_types(preset: str) -> None:
    """The drill's item (mcr_fans, seed 11): 14m258p36s1234567z self-drawn on 7z."""
    res = score_mcr(parse_hand("14m258p36s1234567z"), Situation(win=parse_tile("7z").kind, self_drawn=True),
                    load_mcr_rules(preset))
    assert "greater_honors_and_knitted_tiles" in res.fans and "lesser_honors_and_knitted_tiles" not in res.fans
    left = {d.id: (d.by, d.principle) for d in res.excluded}
    for fan in ("lesser_honors_and_knitted_tiles", "all_types"):
        assert left[fan] == ("greater_honors_and_knitted_tiles", "non_repeat"), left
    assert res.total == {"mcr": 28, "mcr_common": 25}[preset]  # totals unchanged: only the listing grew


def test_thirteen_orphans_lists_all_types_and_a_single_wait() -> None:
    rules = load_mcr_rules("mcr")
    one_wait = score_mcr(parse_hand("19m19p19s12345667z"), Situation(win=parse_tile("7z").kind, self_drawn=False),
                         rules)
    assert {d.id for d in one_wait.excluded} >= {"all_types", "single_wait", "concealed_hand"}
    assert all(d.by == "thirteen_orphans" for d in one_wait.excluded)
    thirteen_sided = score_mcr(parse_hand("19m19p19s12345677z"), Situation(win=parse_tile("7z").kind,
                                                                           self_drawn=False), rules)
    assert "single_wait" not in {d.id for d in thirteen_sided.excluded}  # thirteen winning tiles: no single wait
    assert one_wait.total == thirteen_sided.total == 88
