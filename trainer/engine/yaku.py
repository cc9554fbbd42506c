"""Yaku: one predicate per yaku, the values and exclusions as data.

The values (han closed / open, yakuman multiplier per rule set), glossary keys
and exclusions live in ``data/yaku.toml``; this module holds only the
*condition* of each yaku, as one small function over a :class:`HandView`.

Each predicate is registered with a *scope* saying what it depends on, and a
*gate* after the colon: a cheap condition without which the yaku cannot be
present (``reading:honors`` is only tried when the reading has an honor
triplet).  Scopes:

* ``flag``: the situation of the win (riichi, tsumo, haitei, ...);
* ``hand``: only the tiles of the hand (tanyao, honitsu, tsuuiisou, ...), so it is
  evaluated once per hand;
* ``reading``: the split into sets and pair (iipeikou, toitoi, yakuhai, ...);
* ``win``: the reading *and* where the winning tile sits (pinfu, sanankou,
  suuankou tanki, thirteen-sided kokushi).

The scorer evaluates each scope as rarely as possible and skips closed gates,
which keeps scoring fast.  The gates are listed in :data:`GATES`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from trainer.engine.decompose import Form
from trainer.engine.rules import YAKU_FILE
from trainer.engine.waits import WaitShape

_GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 sou and the green dragon
_YAOCHUU = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34)) + (False,)  # index -1: no pair


class HandView:
    """Everything a yaku predicate may look at, filled in scope by scope.

    Hand scope: ``closed``, ``counts`` (all 34 kinds, melds included),
    ``suits`` (bit mask of number suits present), ``honors`` (honor tiles
    held), ``tsumo``, ``seat``, ``round``, ``ctx`` and ``rules``, ``win``.
    Reading scope: ``form``, ``runs`` (first kinds), ``triplets`` (kinds of
    triplets and quads), ``quads``, ``pair``.  Win scope: ``shape`` (a
    :class:`WaitShape`) and ``concealed_triplets`` (ankou and ankan; a triplet
    finished by ron is not concealed).
    """

    __slots__ = (
        "closed", "counts", "suits", "honors", "tsumo", "seat", "round", "ctx", "rules", "win",
        "hand", "form", "runs", "triplets", "quads", "pair", "shape", "concealed_triplets",
    )  # fmt: skip


Predicate = Callable[[HandView], bool]

GATES = (
    "flag:riichi", "flag:tsumo", "flag:rare",
    "hand:simples", "hand:one_suit", "hand:no_simples", "hand:green", "hand:one_suit_closed",
    "reading:special_form", "reading:peikou", "reading:runs3", "reading:outside", "reading:toitoi",
    "reading:kans", "reading:doukou", "reading:dragons", "reading:winds",
    "win:pinfu", "win:ankou", "win:kokushi",
)  # fmt: skip
"""Every scope:gate a predicate may be registered under; the scorer opens each gate only when
its cheap condition holds (see score_hand)."""
PREDICATES: dict[str, tuple[str, Predicate]] = {}


def _yaku(yaku_id: str, scope: str) -> Callable[[Predicate], Predicate]:
    def register(fn: Predicate) -> Predicate:
        PREDICATES[yaku_id] = (scope, fn)
        return fn

    return register


@dataclass(frozen=True, slots=True)
class YakuInfo:
    """The data of one yaku from data/yaku.toml (values are in the Rules)."""

    id: str
    glossary: str
    kind: str  # situational, hand or yakuman
    excludes: tuple[str, ...]
    seed: str

    @property
    def is_yakuman(self) -> bool:
        """True for yakuman (limit hands)."""
        return self.kind == "yakuman"


@cache
def yaku_info() -> dict[str, YakuInfo]:
    """Every yaku of data/yaku.toml by id, in table order (the order results are listed in)."""
    with YAKU_FILE.open("rb") as f:
        data = tomllib.load(f)
    return {
        y["id"]: YakuInfo(y["id"], y["glossary"], y["kind"], tuple(y.get("excludes", ())), y.get("seed", ""))
        for y in data["yaku"]
    }


@cache
def bonus_ids() -> tuple[str, ...]:
    """Ids of the non-yaku bonuses (dora, ura_dora, aka_dora, nagashi_mangan)."""
    with YAKU_FILE.open("rb") as f:
        data = tomllib.load(f)
    return tuple(b["id"] for b in data.get("bonus", ()))


# --------------------------------------------------------------------------- situational


@_yaku("riichi", "flag:riichi")
def _riichi(v: HandView) -> bool:
    """Declared ready hand (closed)."""
    return v.ctx.riichi and not v.ctx.double_riichi


@_yaku("double_riichi", "flag:riichi")
def _double_riichi(v: HandView) -> bool:
    """Riichi declared on the first turn with no call before it."""
    return v.ctx.double_riichi


@_yaku("ippatsu", "flag:riichi")
def _ippatsu(v: HandView) -> bool:
    """Win within one go-around of riichi, no call in between."""
    return v.ctx.ippatsu


@_yaku("menzen_tsumo", "flag:tsumo")
def _menzen_tsumo(v: HandView) -> bool:
    """Self-drawn win with a closed hand."""
    return v.tsumo and v.closed


@_yaku("haitei_raoyue", "flag:rare")
def _haitei(v: HandView) -> bool:
    """Tsumo on the last tile of the live wall."""
    return v.ctx.haitei


@_yaku("houtei_raoyui", "flag:rare")
def _houtei(v: HandView) -> bool:
    """Ron on the last discard of the hand."""
    return v.ctx.houtei


@_yaku("rinshan_kaihou", "flag:rare")
def _rinshan(v: HandView) -> bool:
    """Win on the replacement tile after a kan."""
    return v.ctx.rinshan


@_yaku("chankan", "flag:rare")
def _chankan(v: HandView) -> bool:
    """Ron on the tile another player adds to a pon (robbing the kan)."""
    return v.ctx.chankan


@_yaku("tenhou", "flag:rare")
def _tenhou(v: HandView) -> bool:
    """The dealer's dealt hand is already complete."""
    return v.ctx.tenhou


@_yaku("chiihou", "flag:rare")
def _chiihou(v: HandView) -> bool:
    """A non-dealer wins by tsumo on the first draw, no call before."""
    return v.ctx.chiihou


@_yaku("renhou", "flag:rare")
def _renhou(v: HandView) -> bool:
    """A non-dealer rons before the first draw (yakuman only where the rules say so)."""
    return v.ctx.renhou and v.rules.renhou == "yakuman"


# --------------------------------------------------------------------------- hand (tiles only)


@_yaku("tanyao", "hand:simples")
def _tanyao(v: HandView) -> bool:
    """All simples: no terminal and no honor anywhere."""
    c = v.counts
    return not (v.honors or c[0] or c[8] or c[9] or c[17] or c[18] or c[26])


@_yaku("honitsu", "hand:one_suit")
def _honitsu(v: HandView) -> bool:
    """One number suit plus honors (honors must be present)."""
    return v.honors > 0 and v.suits in (1, 2, 4)


@_yaku("chinitsu", "hand:one_suit")
def _chinitsu(v: HandView) -> bool:
    """One number suit only."""
    return v.honors == 0 and v.suits in (1, 2, 4)


@_yaku("honroutou", "hand:no_simples")
def _honroutou(v: HandView) -> bool:
    """Only terminals and honors, both present (all of one would be a yakuman)."""
    c = v.counts
    terminals = c[0] + c[8] + c[9] + c[17] + c[18] + c[26]
    return terminals > 0 and v.honors > 0 and terminals + v.honors == sum(c)


@_yaku("tsuuiisou", "hand:no_simples")
def _tsuuiisou(v: HandView) -> bool:
    """Only honors."""
    return v.suits == 0


@_yaku("chinroutou", "hand:no_simples")
def _chinroutou(v: HandView) -> bool:
    """Only terminals (ones and nines)."""
    c = v.counts
    return v.honors == 0 and c[0] + c[8] + c[9] + c[17] + c[18] + c[26] == sum(c)


@_yaku("ryuuiisou", "hand:green")
def _ryuuiisou(v: HandView) -> bool:
    """Only green tiles: 2 3 4 6 8 sou and the green dragon (which some rules require)."""
    c = v.counts
    if v.rules.ryuuiisou_needs_hatsu and not c[32]:
        return False
    return all(k in _GREEN for k in range(34) if c[k])


@_yaku("chuuren_poutou", "hand:one_suit_closed")
def _chuuren(v: HandView) -> bool:
    """Nine gates: closed, no kan, one suit holding 1112345678999 plus any tile."""
    if v.hand.melds or v.honors or v.suits not in (1, 2, 4):
        return False
    lo = (0, 0, 9, 0, 18)[v.suits]
    c = v.counts[lo : lo + 9]
    return c[0] >= 3 and c[8] >= 3 and all(c[i] >= 1 for i in range(1, 8))


@_yaku("junsei_chuuren_poutou", "hand:one_suit_closed")
def _junsei_chuuren(v: HandView) -> bool:
    """Nine gates on the nine-sided wait: 1112345678999 before the winning tile."""
    if not _chuuren(v):
        return False
    lo = (0, 0, 9, 0, 18)[v.suits]
    c = list(v.counts[lo : lo + 9])
    if not lo <= v.win < lo + 9:
        return False
    c[v.win - lo] -= 1
    return c == [3, 1, 1, 1, 1, 1, 1, 1, 3]


# --------------------------------------------------------------------------- reading


@_yaku("chiitoitsu", "reading:special_form")
def _chiitoitsu(v: HandView) -> bool:
    """Seven different pairs."""
    return v.form is Form.SEVEN_PAIRS


@_yaku("kokushi_musou", "reading:special_form")
def _kokushi(v: HandView) -> bool:
    """Thirteen orphans: one of each terminal and honor plus a pair of one."""
    return v.form is Form.THIRTEEN_ORPHANS


@_yaku("iipeikou", "reading:peikou")
def _iipeikou(v: HandView) -> bool:
    """Two identical runs in a closed hand (exactly one such pair)."""
    return v.closed and _identical_run_pairs(v.runs) == 1


@_yaku("ryanpeikou", "reading:peikou")
def _ryanpeikou(v: HandView) -> bool:
    """Two pairs of identical runs in a closed hand."""
    return v.closed and _identical_run_pairs(v.runs) == 2


def _identical_run_pairs(runs: list[int]) -> int:
    """How many pairs of identical runs: 1 for AAB(C), 2 for AABB and AAAA, 1 for AAAB."""
    n = len(runs)
    distinct = len(set(runs))
    if distinct == n:
        return 0
    if n - distinct == 1:
        return 1
    return sum(runs.count(r) // 2 for r in set(runs))


@_yaku("yakuhai_haku", "reading:dragons")
def _haku(v: HandView) -> bool:
    """A triplet or quad of white dragons."""
    return 31 in v.triplets


@_yaku("yakuhai_hatsu", "reading:dragons")
def _hatsu(v: HandView) -> bool:
    """A triplet or quad of green dragons."""
    return 32 in v.triplets


@_yaku("yakuhai_chun", "reading:dragons")
def _chun(v: HandView) -> bool:
    """A triplet or quad of red dragons."""
    return 33 in v.triplets


@_yaku("yakuhai_seat_wind", "reading:winds")
def _seat_wind(v: HandView) -> bool:
    """A triplet or quad of the player's own wind."""
    return v.seat in v.triplets


@_yaku("yakuhai_round_wind", "reading:winds")
def _round_wind(v: HandView) -> bool:
    """A triplet or quad of the round wind."""
    return v.round in v.triplets


@_yaku("sanshoku_doujun", "reading:runs3")
def _sanshoku(v: HandView) -> bool:
    """The same run in all three number suits."""
    runs = v.runs
    for r in runs:
        if r < 9 and r + 9 in runs and r + 18 in runs:
            return True
    return False


@_yaku("ittsu", "reading:runs3")
def _ittsu(v: HandView) -> bool:
    """123, 456 and 789 of one suit (pure straight)."""
    runs = v.runs
    for r in runs:
        if r % 9 == 0 and r + 3 in runs and r + 6 in runs:
            return True
    return False


def _outside(v: HandView) -> bool:
    """Every run is 123 or 789 and every triplet and the pair is a terminal or honor."""
    if not _YAOCHUU[v.pair]:
        return False
    for r in v.runs:
        if r % 9 not in (0, 6):
            return False
    for t in v.triplets:
        if not _YAOCHUU[t]:
            return False
    return True


@_yaku("chanta", "reading:outside")
def _chanta(v: HandView) -> bool:
    """Every set and the pair hold a terminal or honor, with at least one run and one honor."""
    return bool(v.runs) and v.honors > 0 and _outside(v)


@_yaku("junchan", "reading:outside")
def _junchan(v: HandView) -> bool:
    """Every set and the pair hold a terminal (no honors), with at least one run."""
    return bool(v.runs) and v.honors == 0 and _outside(v)


@_yaku("toitoi", "reading:toitoi")
def _toitoi(v: HandView) -> bool:
    """Four triplets or quads and a pair."""
    return v.form is Form.STANDARD and not v.runs and len(v.triplets) == 4


@_yaku("sankantsu", "reading:kans")
def _sankantsu(v: HandView) -> bool:
    """Three quads."""
    return v.quads == 3


@_yaku("suukantsu", "reading:kans")
def _suukantsu(v: HandView) -> bool:
    """Four quads."""
    return v.quads == 4


@_yaku("sanshoku_doukou", "reading:doukou")
def _sanshoku_doukou(v: HandView) -> bool:
    """The same triplet in all three number suits."""
    t = v.triplets
    for k in t:
        if k < 9 and k + 9 in t and k + 18 in t:
            return True
    return False


@_yaku("shousangen", "reading:dragons")
def _shousangen(v: HandView) -> bool:
    """Two dragon triplets and a pair of the third dragon."""
    if v.pair < 31:
        return False
    t = v.triplets
    return (31 in t) + (32 in t) + (33 in t) == 2


@_yaku("daisangen", "reading:dragons")
def _daisangen(v: HandView) -> bool:
    """Triplets of all three dragons."""
    t = v.triplets
    return 31 in t and 32 in t and 33 in t


@_yaku("shousuushii", "reading:winds")
def _shousuushii(v: HandView) -> bool:
    """Three wind triplets and a pair of the fourth wind."""
    if not 27 <= v.pair <= 30:
        return False
    t = v.triplets
    return (27 in t) + (28 in t) + (29 in t) + (30 in t) == 3


@_yaku("daisuushii", "reading:winds")
def _daisuushii(v: HandView) -> bool:
    """Triplets of all four winds."""
    t = v.triplets
    return 27 in t and 28 in t and 29 in t and 30 in t


# --------------------------------------------------------------------------- win (reading + winning tile)


@_yaku("pinfu", "win:pinfu")
def _pinfu(v: HandView) -> bool:
    """Closed, four runs, a pair worth no fu, won on a two-sided wait."""
    if not v.closed or v.form is not Form.STANDARD or v.triplets or v.shape is not WaitShape.RYANMEN:
        return False
    p = v.pair
    return p < 31 and p != v.seat and p != v.round


@_yaku("sanankou", "win:ankou")
def _sanankou(v: HandView) -> bool:
    """Three concealed triplets (a triplet finished by ron is not concealed)."""
    return v.concealed_triplets == 3


@_yaku("suuankou", "win:ankou")
def _suuankou(v: HandView) -> bool:
    """Four concealed triplets, the last one drawn (not on a pair wait)."""
    return v.concealed_triplets == 4 and v.shape is not WaitShape.TANKI


@_yaku("suuankou_tanki", "win:ankou")
def _suuankou_tanki(v: HandView) -> bool:
    """Four concealed triplets won on the pair (single wait)."""
    return v.concealed_triplets == 4 and v.shape is WaitShape.TANKI


@_yaku("kokushi_musou_juusanmen", "win:kokushi")
def _kokushi13(v: HandView) -> bool:
    """Thirteen orphans waiting on all thirteen kinds."""
    return v.shape is WaitShape.KOKUSHI_13


PINFU_BLOCKERS = ("not_standard", "open_hand", "triplet", "valued_pair", "not_ryanmen")
"""Reason ids of :func:`pinfu_blockers`, in the order a lesson would explain them."""


def pinfu_blockers(
    form: Form,
    groups_kinds: list[str],
    pair: int,
    shape: WaitShape,
    *,
    closed: bool,
    seat: int,
    round_wind: int,
) -> tuple[str, ...]:
    """Why a reading is not pinfu (001:343-361): every condition it breaks, as reason ids.

    ``not_standard`` (seven pairs or thirteen orphans), ``open_hand`` (a called
    meld), ``triplet`` (a triplet or kan instead of four runs), ``valued_pair``
    (a pair of dragons, the seat wind or the round wind, which is worth fu),
    ``not_ryanmen`` (the winning tile did not complete a two-sided wait).
    An empty tuple means the reading is pinfu.  ``groups_kinds`` holds the
    reading's group kinds (``"run"``, ``"triplet"``, ``"quad"``, ``"pair"``).
    """
    if form is not Form.STANDARD:
        return ("not_standard",)
    out = []
    if not closed:
        out.append("open_hand")
    if any(k in ("triplet", "quad") for k in groups_kinds):
        out.append("triplet")
    if pair >= 31 or pair == seat or pair == round_wind:
        out.append("valued_pair")
    if shape is not WaitShape.RYANMEN:
        out.append("not_ryanmen")
    return tuple(out)


__all__ = [
    "GATES",
    "PINFU_BLOCKERS",
    "pinfu_blockers",
    "PREDICATES",
    "HandView",
    "YakuInfo",
    "bonus_ids",
    "yaku_info",
]
