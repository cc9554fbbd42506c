"""The MCR fan calculator: the best arrangement of a winning hand, its fans, the fans
left out and why, the 8-point minimum and the payments.

The counting principles of the seed (L140-146) are applied this way:

* **non-repeat**: a counted fan removes every fan it implies (the ``excludes`` lists
  of ``mcr_fans.toml`` plus the preset's own), biggest fans first;
* **non-identical** and **account-once**: combination fans of chows and of pungs are
  chosen so that no two count the same pair of sets and the last set is combined only
  once (:mod:`trainer.engine.mcr.detect`);
* **non-separation**: one arrangement of the tiles is chosen for the whole hand, the one
  with the highest total; fans that only another arrangement would give are listed as
  left out by this principle.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from trainer.engine.hand import Hand, MeldKind
from trainer.engine.mcr.detect import Dropped, Situation, dropped_fan, raw_fans
from trainer.engine.mcr.forms import CHOW, KONG, PUNG, Group, Reading, all_readings, group, waiting_kinds
from trainer.engine.mcr.table import McrRules


class McrError(ValueError):
    """A hand the MCR calculator cannot score; ``code`` is the error id of the score command."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class McrPayment:
    """Who pays what: on a discard the discarder pays 8 + points and the other two 8
    each; on a self-draw each of the three pays 8 + points.  ``total`` is what the
    winner gains.  A win under the minimum is a false win: the claimant pays the
    preset's penalty to each other player instead."""

    discarder: int | None = None
    others: int | None = None
    each: int | None = None
    false_win_each: int | None = None
    total: int = 0

    def to_json(self) -> dict[str, int]:
        """The payment as the score command writes it (absent parts left out)."""
        out = {k: getattr(self, k) for k in ("discarder", "others", "each", "false_win_each")}
        return {**{k: v for k, v in out.items() if v is not None}, "total": self.total}


@dataclass(frozen=True, slots=True)
class McrResult:
    """A scored MCR hand: the chosen arrangement, the fans counted (one entry per time),
    the fans left out with the fan or principle that left them out, the total with
    flowers, whether the fans without flowers reach the minimum, and the payment."""

    reading: Reading
    fans: tuple[str, ...]
    excluded: tuple[Dropped, ...]
    flowers: int
    total: int
    meets_minimum: bool
    payment: McrPayment
    rules: McrRules = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        """The answer of ``score --rules mcr --json``."""
        v = self.rules.value
        return {
            "fan": self.total,
            "fans": [{"id": f, "fan": v(f)} for f in self.fans],
            "excluded": [{"id": d.id, "by": d.by, "principle": d.principle} for d in self.excluded],
            "reading": self.reading.text(),
            "form": self.reading.form,
            "meets_minimum": self.meets_minimum,
            "points": self.payment.to_json(),
            "rules": self.rules.name,
        }


def hand_groups(hand: Hand) -> tuple[Group, ...]:
    """The declared melds of a hand as reading groups (a closed kan is a concealed kong)."""
    out = []
    for m in hand.melds:
        if m.kind is MeldKind.CHI:
            out.append(group(CHOW, m.first, True))
        elif m.kind is MeldKind.PON:
            out.append(group(PUNG, m.first, True))
        else:
            out.append(group(KONG, m.first, m.kind is not MeldKind.KAN_CLOSED))
    return tuple(out)


def _apply_exclusions(raw: list[tuple[str, str]], rules: McrRules) -> tuple[list[str], list[Dropped]]:
    """Non-repeat: biggest fans first, each counted fan removes the fans it implies
    (an exclusion ``name:tag`` removes only the entries of that fan with that tag)."""
    alive: dict[str, dict[str, int]] = {}
    for f, tag in raw:
        tags = alive.setdefault(f, {})
        tags[tag] = tags.get(tag, 0) + 1
    dropped: list[Dropped] = []
    ranked = sorted(alive, key=rules.order)
    for fan_id in ranked:
        if not alive[fan_id]:
            continue
        for name, tag in rules.implied[fan_id]:
            tags = alive.get(name)
            if not tags:
                continue
            if tag:
                n = tags.pop(tag, 0)
            else:
                n = sum(tags.values())
                tags.clear()
            dropped.extend([dropped_fan(name, fan_id, "non_repeat")] * n)
    counted = []
    for f in ranked:
        tags = alive[f]
        if tags:
            counted.extend([f] * sum(tags.values()))
    return counted, dropped


def _score_reading(reading, all_counts, concealed, sit, unique, rules):
    raw, dropped = raw_fans(reading, all_counts, concealed, sit, unique, rules)
    counted, excl = _apply_exclusions(raw, rules)
    if not counted:
        counted = ["chicken_hand"]
    return counted, dropped + excl


def score_mcr(hand: Hand, sit: Situation, rules: McrRules) -> McrResult:
    """Score a complete MCR hand: ``hand`` holds the concealed tiles with the winning tile
    and the declared melds; ``sit`` says how it was won."""
    _check_situation(hand, sit)
    melds = hand_groups(hand)
    concealed = [0] * 34
    for t in hand.concealed:
        concealed[t.kind] += 1
    if hand.size != 14:
        raise McrError("not_complete", f"a winning hand has 14 tiles (each meld counting 3), this one has {hand.size}")
    if concealed[sit.win] == 0:
        raise McrError("bad_win_tile", f"the winning tile {_name(sit.win)} is not among the concealed tiles")
    all_counts = list(concealed)
    for m in hand.melds:
        for t in m.tiles:
            all_counts[t.kind] += 1
    readings = all_readings(concealed, melds)
    if not readings:
        raise McrError("not_complete", "the hand is not complete: it makes no MCR winning form")
    before = list(concealed)
    before[sit.win] -= 1
    sit = _last_copy(hand, sit, before)
    memo: list[bool] = []

    def unique() -> bool:
        if not memo:
            memo.append(len(waiting_kinds(before, len(melds), limit=2, fifth=rules.waits_by_shape)) == 1)
        return memo[0]

    scored = []
    value = rules.values.__getitem__
    for r in readings:
        counted, dropped = _score_reading(r, all_counts, concealed, sit, unique, rules)
        scored.append((sum(map(value, counted)), r, counted, dropped))
    if len(scored) > 1:
        scored.sort(key=lambda s: -s[0])
    best_total, reading, counted, dropped = scored[0]
    seen = {d.id for d in dropped} | set(counted)
    for _, other, fans, _ in scored[1:]:
        for f in fans:
            if f not in seen and f != "chicken_hand":
                seen.add(f)
                dropped.append(Dropped(f, other.text(), "non_separation"))
    fans = tuple(counted) + ("flower_tiles",) * sit.flowers
    total = best_total + sit.flowers
    meets = best_total >= rules.minimum
    return McrResult(reading, fans, tuple(dropped), sit.flowers, total, meets, payment(total, sit.self_drawn, meets, rules), rules)


def payment(points: int, self_drawn: bool, valid: bool, rules: McrRules) -> McrPayment:
    """Settlement of a win worth ``points`` (flowers included): 8 base from each loser
    plus the points from the discarder, or from all three on a self-draw."""
    if not valid:
        return McrPayment(false_win_each=rules.false_win_penalty, total=-3 * rules.false_win_penalty)
    if self_drawn:
        return McrPayment(each=8 + points, total=3 * (8 + points))
    return McrPayment(discarder=8 + points, others=8, total=24 + points)


def _name(kind: int) -> str:
    from trainer.engine.tiles import kind_name

    return kind_name(kind)


def _last_copy(hand: Hand, sit: Situation, before: list[int]) -> Situation:
    """Last Tile: the winning tile is the last copy of its kind.  It cannot be when the
    winner holds another copy concealed (then the copies are not all in sight); it must
    be when the winner's own melds already show the other three."""
    shown = sum(1 for m in hand.melds for t in m.tiles if t.kind == sit.win)
    if sit.last_copy and before[sit.win]:
        raise McrError(
            "bad_flag",
            f"'last_copy': the hand holds another {_name(sit.win)} concealed, so the winning tile "
            "cannot be the last copy in sight",
        )
    if sit.chankan and (before[sit.win] or shown):
        raise McrError(
            "bad_flag",
            f"'chankan': a robbed kong holds three {_name(sit.win)}, so the winner cannot hold one too",
        )
    if shown == 3 and not sit.last_copy:
        return replace(sit, last_copy=True)
    return sit


def _check_situation(hand: Hand, sit: Situation) -> None:
    """Flags that cannot go together, in the score command's words."""
    if sit.rinshan and not sit.self_drawn:
        raise McrError("bad_flag", "'rinshan' (a kong replacement tile) is a self-drawn win: set 'tsumo'")
    if sit.rinshan and not any(m.kind.is_kan for m in hand.melds):
        raise McrError("bad_flag", "'rinshan' needs a kong among the melds")
    if sit.haitei and not sit.self_drawn:
        raise McrError("bad_flag", "'haitei' (the last tile of the wall) is a self-drawn win: set 'tsumo'")
    if sit.houtei and sit.self_drawn:
        raise McrError("bad_flag", "'houtei' (the last discard) is a win on a discard: leave 'tsumo' false")
    if sit.chankan and sit.self_drawn:
        raise McrError("bad_flag", "'chankan' (robbing a kong) is a win on another player's tile: leave 'tsumo' false")
    if sit.haitei and sit.rinshan:
        raise McrError("bad_flag", "'haitei' and 'rinshan' cannot both be true")
    if sit.houtei and sit.chankan:
        raise McrError("bad_flag", "'houtei' and 'chankan' cannot both be true")
    if not 0 <= sit.flowers <= 8:
        raise McrError("bad_flag", f"'flowers' must be a whole number from 0 to 8, not {sit.flowers}")
