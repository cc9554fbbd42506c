"""A fitted wait model: the chance that a ready opponent waits on a tile, from what the table shows.

The hand-weighted shapes of :mod:`.danger` say *which* readings apply to a tile (suji, walls,
one chance, early discards, the riichi declaration tile ...); this model says *how much* each
reading is worth, with weights fitted by logistic regression on bot matches where the
opponents' real waits are known (``scripts/fit_wait_model.py``; the weights live in
``trainer/engine/data/wait_model.json``).

Features of a number tile ``k`` against opponent ``seat`` (each a reading a player can make):

* the two-sided (ryanmen) shapes through ``k`` still possible — not cut by suji (筋) nor by a
  wall (壁) — counted apart from those left with one chance (ワンチャンス), and the sides cut by
  suji;
* the same for the closed (kanchan) and edge (penchan) shapes;
* copies of ``k`` unseen (pair and single waits need them);
* rank: terminal, 2/8, and the middle;
* a tile next to one of the opponent's first discards (早い捨て牌の周辺), next to its riichi
  declaration tile or to its last discards before the riichi (手出し), and the share of its
  discards in ``k``'s suit (a suit thrown away is a suit not kept);
* dora and the tiles next to a dora.

The turn is left out on purpose: late tiles do win more often (docs/game.md#calibration), but a
model that knows it makes the bot fold too much and lose places (measured: +0.024 of place).
* for open hands: the honitsu colour (混一色), toitoi (対々和), open tanyao (喰いタン), how many
  melds are shown (fewer tiles in hand, fewer waits) and whether one is in ``k``'s suit.

Honors have their own few features: copies unseen, whether the honor is a value tile
(役牌) for the opponent, dora, how many honors the opponent threw early, and the open-hand
readings.  A tile with no copy left unseen cannot be waited on at all.

The model is conditional on the opponent being ready; :mod:`.danger` multiplies it by the
threat's tenpai chance.  Evaluating it is a dot product and one exponential per tile and
opponent (a few microseconds).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from trainer.engine.game.view import PlayerView
from trainer.engine.tiles import DRAGONS, dora_from_indicator
from trainer.paths import ENGINE_DATA_DIR

NUMBER_FEATURES = (
    "bias", "ryanmen", "ryanmen_one_chance", "suji_sides", "kanchan", "kanchan_one_chance",
    "penchan", "penchan_one_chance", "unseen", "unseen_pairs", "terminal", "two_eight",
    "early", "near_riichi_tile", "recent_tedashi", "suit_share", "dora", "near_dora",
    "honitsu_suit", "off_suit", "toitoi", "tanyao_terminal", "three_seven", "four_six", "melds",
    "meld_suit",
)
HONOR_FEATURES = (
    "bias", "unseen_1", "unseen_2", "unseen_3", "value_tile", "dora", "toitoi", "honitsu",
    "tanyao", "early_honor", "melds",
)
MODELS = ("riichi_number", "riichi_honor", "open_number", "open_honor")
RECENT = 4  # the opponent's last discards (before its riichi, if any) that count as recent


def shape_wall(visible: Sequence[int], tiles: tuple[int, ...]) -> tuple[int, int | None]:
    """How open a wait shape needing ``tiles`` still is, and the tile that decides it: (0, t)
    when every copy of ``t`` is in sight (kabe / no chance: the shape cannot exist), (1, t) when
    three are (one chance), (2, None) when the shape is fully open."""
    for t in tiles:
        if visible[t] >= 4:
            return 0, t
    for t in tiles:
        if visible[t] == 3:
            return 1, t
    return 2, None


@dataclass(frozen=True, slots=True)
class SeatReading:
    """What one opponent's river and melds say, read once for all tiles of a turn: the kinds it
    discarded, the number tiles among its first six discards, its riichi declaration tile, the
    number tiles it took from its hand (tedashi) among its last discards before the riichi, its
    discards per suit, the suits of its melds, the dora."""

    discarded: frozenset[int]
    early: tuple[int, ...]
    declared: int | None
    recent_tedashi: tuple[int, ...]
    per_suit: tuple[int, int, int]
    river_size: int
    early_honors: int
    melds: int
    meld_suits: frozenset[int]
    dora: frozenset[int]


def read_seat(view: PlayerView, seat: int) -> SeatReading:
    """Read opponent ``seat``'s river and melds for :func:`number_features` / :func:`honor_features`."""
    river = view.rivers[seat]
    turn = view.riichi_turn[seat] if view.riichi[seat] else None
    last = len(river) if turn is None else min(len(river), turn + 1)
    declared = river[turn].tile.kind if turn is not None and turn < len(river) else None
    per_suit = [0, 0, 0]
    for d in river:
        if d.tile.kind < 27:
            per_suit[d.tile.kind // 9] += 1
    return SeatReading(
        discarded=frozenset(d.tile.kind for d in river),
        early=tuple(d.tile.kind for d in river[:6] if d.tile.kind < 27),
        declared=declared if declared is not None and declared < 27 else None,
        recent_tedashi=tuple(d.tile.kind for d in river[max(0, last - RECENT):last]
                             if not d.tsumogiri and d.tile.kind < 27),
        per_suit=(per_suit[0], per_suit[1], per_suit[2]), river_size=len(river),
        early_honors=sum(1 for d in river[:6] if d.tile.kind >= 27), melds=len(view.melds[seat]),
        meld_suits=frozenset(m.first // 9 for m in view.melds[seat] if m.first < 27),
        dora=frozenset(dora_from_indicator(t.kind) for t in view.dora_indicators),
    )


def _near(kinds: Sequence[int], kind: int) -> bool:
    """True when one of ``kinds`` is one or two from number tile ``kind`` in its suit."""
    return any(k // 9 == kind // 9 and 0 < abs(k - kind) <= 2 for k in kinds)


def number_features(view: PlayerView, kind: int, seat: int, visible: Sequence[int], *,
                    honitsu_suit: int | None = None, toitoi: bool = False, tanyao: bool = False,
                    reading: SeatReading | None = None) -> list[float]:
    """The features of number tile ``kind`` against opponent ``seat`` (see the module docstring),
    in the order of :data:`NUMBER_FEATURES`; ``reading`` is :func:`read_seat` of that seat, if
    already read."""
    rd = reading or read_seat(view, seat)
    r = kind % 9
    suit = kind // 9
    ryan = ryan1 = suji = 0
    for lo, ok, tiles in ((kind + 3, r <= 5, (kind + 1, kind + 2)), (kind - 3, r >= 3, (kind - 1, kind - 2))):
        if not ok:
            continue
        if lo in rd.discarded:
            suji += 1
            continue
        n = shape_wall(visible, tiles)[0]
        ryan += n == 2
        ryan1 += n == 1
    kan = kan1 = pen = pen1 = 0
    if 1 <= r <= 7:
        n = shape_wall(visible, (kind - 1, kind + 1))[0]
        kan, kan1 = n == 2, n == 1
    if r in (2, 6):
        n = shape_wall(visible, (kind - 2, kind - 1) if r == 2 else (kind + 1, kind + 2))[0]
        pen, pen1 = n == 2, n == 1
    unseen = max(0, 4 - visible[kind])
    early = any(k // 9 == suit and abs(k - kind) <= 2 for k in rd.early)
    near_riichi = rd.declared is not None and _near((rd.declared,), kind)
    return [
        1.0, float(ryan), float(ryan1), float(suji), float(kan), float(kan1), float(pen), float(pen1),
        float(unseen), float(max(0, unseen - 1)), float(r in (0, 8)), float(r in (1, 7)),
        float(early), float(near_riichi), float(_near(rd.recent_tedashi, kind)),
        rd.per_suit[suit] / max(1, rd.river_size), float(kind in rd.dora),
        float(_near([d for d in rd.dora if d < 27], kind)),
        float(honitsu_suit == suit), float(honitsu_suit is not None and honitsu_suit != suit),
        float(toitoi), float(tanyao and r in (0, 8)), float(r in (2, 6)), float(r in (3, 5)),
        rd.melds / 4, float(suit in rd.meld_suits),
    ]


def honor_features(view: PlayerView, kind: int, seat: int, visible: Sequence[int], *,
                   honitsu_suit: int | None = None, toitoi: bool = False, tanyao: bool = False,
                   reading: SeatReading | None = None) -> list[float]:
    """The features of honor ``kind`` against opponent ``seat``, in the order of
    :data:`HONOR_FEATURES`; ``reading`` as for :func:`number_features`."""
    rd = reading or read_seat(view, seat)
    unseen = max(0, 4 - visible[kind])
    value = kind in DRAGONS or kind == view.round_wind or kind == view.seat_winds[seat]
    return [
        1.0, float(unseen == 1), float(unseen == 2), float(unseen == 3), float(value), float(kind in rd.dora),
        float(toitoi), float(honitsu_suit is not None), float(tanyao), rd.early_honors / 6, rd.melds / 4,
    ]


def load_weights(path: Path) -> dict[str, list[float]]:
    """Read fitted weights from ``path``: ``{"riichi_number": [...], "riichi_honor": [...],
    "open_number": [...], "open_honor": [...]}``, each in the order of its feature list; a file
    that does not fit the features raises ValueError naming the file and what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path.name}: cannot be read as JSON ({exc})") from exc
    if data.get("number_features") != list(NUMBER_FEATURES) or data.get("honor_features") != list(HONOR_FEATURES):
        raise ValueError(f"{path.name}: its feature lists are not the model's (refit with scripts/fit_wait_model.py)")
    out = {}
    for model in MODELS:
        row = data.get("weights", {}).get(model)
        size = len(HONOR_FEATURES if model.endswith("honor") else NUMBER_FEATURES)
        if not isinstance(row, list) or len(row) != size or not all(isinstance(w, int | float) for w in row):
            raise ValueError(f"{path.name}: weights of {model!r} must be {size} numbers")
        out[model] = [float(w) for w in row]
    return out


@cache
def weights() -> dict[str, list[float]]:
    """The fitted weights shipped with the engine (``trainer/engine/data/wait_model.json``)."""
    return load_weights(ENGINE_DATA_DIR / "wait_model.json")


def predict(model: str, features: Sequence[float]) -> float:
    """The fitted chance (0..1) that a ready opponent waits on the tile, from its ``features``
    under ``model`` (``"riichi_number"``, ``"open_honor"`` ...)."""
    z = sum(w * x for w, x in zip(weights()[model], features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


__all__ = ["HONOR_FEATURES", "MODELS", "NUMBER_FEATURES", "SeatReading", "honor_features", "load_weights",
           "number_features", "predict", "read_seat", "shape_wall", "weights"]
