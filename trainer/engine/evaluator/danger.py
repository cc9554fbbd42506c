"""Danger: how likely a discard deals into each opponent, and what that would cost.

For every opponent the evaluator first reads a **threat** from what is face up:

* a riichi player is tenpai (probability 1);
* an open hand is tenpai more often the more melds it shows and the later the
  turn; its melds say what it is building: a yakuhai pon (役牌), one suit and
  honors (honitsu colour, 混一色), only pons (toitoi, 対々和);
* a closed hand without riichi may be a quiet dama tenpai late in the hand.

Then, for a tile, the chance that the threat **waits on it** if it is tenpai,
summed over the wait shapes that could hold it — two-sided (ryanmen), closed
(kanchan), edge (penchan), pair (shanpon) and single (tanki) — each shape
removed or weakened by what the table shows:

* genbutsu (現物): the player's own discards and, after a riichi, every tile
  passed since the declaration — furiten, no ron possible;
* suji (筋): a two-sided wait through the tile needs the other end, which the
  player discarded (4 protects 1 and 7; 1 and 7 together protect 4: nakasuji);
* kabe / no chance (壁, ノーチャンス): all four copies of a tile a shape needs
  are visible, so the shape cannot exist — only shapes through that tile are
  removed, so a wall protects the tiles beyond it, not the ones beside it;
* one chance (ワンチャンス): three copies visible, the shape is less likely;
* honors: the fewer copies unseen, the fewer pair and single waits remain;
* early discards: a tile next to one of the player's first discards is safer;
* the riichi declaration tile: a tile one or two away from it in the same suit is
  more dangerous (宣言牌の周辺: the hand often gave it up from a shape around the wait);
* an open hand of simples only reads as open tanyao (喰いタン): terminals and
  honors can hardly finish it.

Suji protects only the two-sided wait: closed, edge, pair and single waits still
win on a suji tile, so it keeps about half the danger of a tile without suji (as
in the riichi statistics of human play).  The weights are calibrated against the
table's truth with ``scripts/danger_calibration.py`` (predicted against actual
chance per group of tiles; see docs/game.md).

With ``WAIT_MODEL`` on, the wait chance comes from weights fitted on the table's truth
(:mod:`.waitmodel`) and the shapes give only the reasons; it predicts better but did not make the
bot stronger, so it is off (docs/game.md, "Fitted wait model").

The danger of a tile against a player is ``tenpai * wait``; the expected loss is
that times what the player's hand is likely worth.  Every figure carries its
:class:`~trainer.engine.evaluator.reasons.Reason` list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine import safety
from trainer.engine.evaluator import waitmodel
from trainer.engine.evaluator.reasons import Reason, reason
from trainer.engine.game.view import PlayerView
from trainer.engine.hand import MeldKind
from trainer.engine.tiles import DRAGONS, dora_from_indicator, is_simple

# chance that a tenpai hand waits on a tile through one open shape of each kind
W_RYANMEN = 0.05
W_KANCHAN = 0.03
W_PENCHAN = 0.03
W_SHANPON = 0.012
W_TANKI = 0.008
HONOR_WAIT = (0.0, 0.005, 0.02, 0.045)  # by copies unseen (0..3)
ONE_CHANCE = 0.6  # share of a shape left when three copies of a tile it needs are visible
EARLY_TURNS = 6
EARLY_FACTOR = 0.65  # share of the danger left for a tile next to one of the player's early discards
TANYAO_OFF = 0.25  # share left for a terminal or honor against an open hand of simples only (tanyao)
OPEN_HONOR = 0.4  # share left for an honor against another open hand (its yakuhai are mostly called already)
RIICHI_HAN = 3.0  # han of a typical riichi hand (riichi, ura and dora included)
OPEN_TENPAI = (0.0, 0.15, 0.35, 0.6, 0.9)  # tenpai chance of an open hand by melds shown
OPEN_LATE = 0.02  # ... plus this per turn after the early turns
QUIET_BASE = 0.0  # tenpai chance of a closed hand without riichi in its first discards (bot matches: 0.3% by turn 5)
QUIET_LATE = 0.015  # ... plus this per turn after the early turns
QUIET_MAX = 0.25  # ... at most
QUIET_HAN = 2.5  # han of a quiet (dama) hand
OPEN_HAN = 1.0  # han of an open hand before what its melds show (yakuhai, dora, honitsu, toitoi)
NEAR_RIICHI_TILE = 1.25  # danger of a number tile one or two away from the riichi declaration tile, x this
WAIT_MODEL = False  # take the chance from the fitted wait model (:mod:`.waitmodel`); the reasons stay
WAIT_SCALE = 0.85  # ... times this: the push/fold thresholds were set with chances this much lower


@dataclass(frozen=True, slots=True)
class Threat:
    """What one opponent seems to be doing: ``tenpai`` chance (0..1), the points a deal-in
    would likely cost (``loss``), the readings that change which tiles are dangerous
    (``honitsu_suit`` 0..2 or None, ``toitoi``), and the reasons."""

    seat: int
    tenpai: float
    loss: int
    honitsu_suit: int | None
    toitoi: bool
    reasons: tuple[Reason, ...]
    tanyao: bool = False


@dataclass(frozen=True, slots=True)
class TileDanger:
    """The danger of discarding a tile ``kind`` against opponent ``seat``: ``wait`` is the
    chance the player waits on it if tenpai, ``deal_in`` = tenpai chance * wait, and
    ``expected_loss`` = deal_in * the threat's likely hand value (points)."""

    seat: int
    kind: int
    wait: float
    deal_in: float
    expected_loss: float
    reasons: tuple[Reason, ...]


def genbutsu(view: PlayerView, seat: int) -> set[int]:
    """Kinds ``seat`` cannot ron: its own discards (furiten) and, after its riichi, every tile
    passed by it since the declaration, in table order (from the shared defense evaluator
    :mod:`trainer.engine.safety`, the same reading the careful bot and the safe-tile drill use)."""
    return set(safety.genbutsu(safety.table_of(view), seat))


def _melds_reading(view: PlayerView, seat: int) -> tuple[int | None, bool, int]:
    """(honitsu suit or None, toitoi, yakuhai triplets) read from an opponent's open melds."""
    melds = view.melds[seat]
    if not melds:
        return None, False, 0
    yakuhai = {*DRAGONS, view.round_wind, view.seat_winds[seat]}
    suits = {m.first // 9 for m in melds if m.first < 27}
    n_yakuhai = sum(1 for m in melds if m.kind is not MeldKind.CHI and m.first in yakuhai)
    toitoi = len(melds) >= 2 and all(m.kind is not MeldKind.CHI for m in melds)
    honitsu = None
    if len(suits) == 1:
        suit = next(iter(suits))
        river = [d.tile.kind for d in view.rivers[seat]]
        in_suit = sum(1 for k in river if k < 27 and k // 9 == suit)
        if len(river) >= 4 and in_suit * 6 <= len(river) and (len(melds) >= 2 or in_suit == 0):
            honitsu = suit
    return honitsu, toitoi, n_yakuhai


def _all_simples(view: PlayerView, seat: int) -> bool:
    """True when every open meld of ``seat`` is of simples (2-8) only: the hand is likely an open
    tanyao (喰いタン), so terminals and honors cannot finish it."""
    return bool(view.melds[seat]) and all(is_simple(t.kind) for m in view.melds[seat] for t in m.tiles)


def tenpai_chance(melds: int, discards: int) -> float:
    """The chance that a hand without riichi is ready (tenpai), read from what it shows: the
    ``melds`` it has called (0 for a closed, quiet hand) and the ``discards`` it has made."""
    late = max(0, discards - EARLY_TURNS)
    if melds == 0:
        return min(QUIET_MAX, QUIET_BASE + QUIET_LATE * late)
    return min(0.95, OPEN_TENPAI[min(melds, 4)] + OPEN_LATE * late)


def read_threat(view: PlayerView, seat: int, *, open_tanyao: bool = True) -> Threat:
    """Read opponent ``seat``'s threat from its riichi, melds and river (see the module docstring);
    ``open_tanyao`` when the rules let an open hand win with tanyao (kuitan)."""
    dealer = seat == view.dealer
    turn = len(view.rivers[seat])
    honitsu, toitoi, n_yakuhai = _melds_reading(view, seat)
    reasons: list[Reason] = []
    dora = [dora_from_indicator(t.kind) for t in view.dora_indicators]
    shown_dora = sum(1 for m in view.melds[seat] for t in m.tiles if t.kind in dora or t.red)
    tanyao = False
    if view.riichi[seat]:
        tenpai = 1.0
        han = RIICHI_HAN + 0.5 * max(0, len(view.dora_indicators) - 1)
        reasons.append(reason("riichi", seat=seat))
    elif view.melds[seat]:
        n = len(view.melds[seat])
        tenpai = tenpai_chance(n, turn)
        han = OPEN_HAN + shown_dora + (2 if honitsu is not None else 0) + (2 if toitoi else 0) + max(0, n_yakuhai - 1)
        reasons.append(reason("open_hand", seat=seat, melds=n))
        if n_yakuhai:
            reasons.append(reason("yakuhai_pon", seat=seat, count=n_yakuhai))
        if shown_dora:
            reasons.append(reason("dora_shown", seat=seat, count=shown_dora))
        if honitsu is not None:
            reasons.append(reason("honitsu_colour", seat=seat, suit="mps"[honitsu]))
        if toitoi:
            reasons.append(reason("toitoi", seat=seat))
        tanyao = open_tanyao and not n_yakuhai and _all_simples(view, seat)
        if tanyao:
            reasons.append(reason("tanyao_read", seat=seat))
    else:
        tenpai = tenpai_chance(0, turn)
        han = QUIET_HAN
        reasons.append(reason("quiet_hand", seat=seat, turn=turn))
    loss = _points_for_han(han, dealer) + 300 * view.honba
    if dealer:
        reasons.append(reason("dealer", seat=seat))
    return Threat(seat, tenpai, loss, honitsu, toitoi, tuple(reasons), tanyao)


def _points_for_han(han: float, dealer: bool) -> int:
    """A ron's value for about ``han`` han (30-40 fu below mangan), dealer x1.5."""
    table = {1: 1300, 2: 2600, 3: 5200, 4: 8000, 5: 8000, 6: 12000, 7: 12000, 8: 16000}
    h = max(1, min(8, round(han)))
    return int(table[h] * (1.5 if dealer else 1))


def _shape(visible: Sequence[int], tiles: tuple[int, ...], weight: float,
           notes: list[Reason], code: str) -> float:
    """Weight of one wait shape needing ``tiles`` in the threat's hand: 0 when a tile of it is
    all visible (kabe/no chance), halved when three copies are (one chance)."""
    level, wall = waitmodel.shape_wall(visible, tiles)
    if level == 0:
        notes.append(reason("no_chance", shape=code, wall=wall))
        return 0.0
    if level == 1:
        notes.append(reason("one_chance", shape=code, wall=wall))
        return weight * ONE_CHANCE
    return weight


def wait_chance(view: PlayerView, kind: int, threat: Threat, visible: Sequence[int],
                safe: set[int], reading: waitmodel.SeatReading | None = None) -> tuple[float, tuple[Reason, ...]]:
    """Chance that ``threat``, if tenpai, waits on ``kind``, with the reasons (``reading``: the
    threat's river and melds read by :func:`.waitmodel.read_seat`, if already read)."""
    seat = threat.seat
    notes: list[Reason] = []
    if kind in safe:
        return 0.0, (reason("genbutsu", seat=seat),)
    unseen = max(0, 4 - visible[kind])
    if kind >= 27:
        w = HONOR_WAIT[min(3, unseen)]
        notes.append(reason("honor", left=unseen))
        if threat.toitoi:
            w *= 2.0
        if threat.honitsu_suit is not None:
            w *= 1.5
        if threat.tanyao:
            w *= TANYAO_OFF
            notes.append(reason("tanyao_read", seat=seat))
        elif view.melds[seat] and not view.riichi[seat] and not threat.toitoi and threat.honitsu_suit is None:
            w *= OPEN_HONOR
        if WAIT_MODEL:
            w = _fitted(view, kind, threat, visible, reading, honor=True)
        return w, tuple(notes)
    river = {d.tile.kind for d in view.rivers[seat]}
    r = kind % 9
    early = {d.tile.kind for d in view.rivers[seat][:EARLY_TURNS]}
    two_sided = 0.0
    shapes = 0
    blocked_suji = 0
    if r <= 5:
        shapes += 1
        if kind + 3 in river:
            blocked_suji += 1
        else:
            two_sided += _shape(visible, (kind + 1, kind + 2), W_RYANMEN, notes, "ryanmen")
    if r >= 3:
        shapes += 1
        if kind - 3 in river:
            blocked_suji += 1
        else:
            two_sided += _shape(visible, (kind - 1, kind - 2), W_RYANMEN, notes, "ryanmen")
    if blocked_suji == shapes:
        notes.append(reason("suji", both=shapes == 2))
    elif blocked_suji:
        notes.append(reason("half_suji"))
    other = 0.0
    if 1 <= r <= 7:
        other += _shape(visible, (kind - 1, kind + 1), W_KANCHAN, notes, "kanchan")
    if r == 2:
        other += _shape(visible, (kind - 2, kind - 1), W_PENCHAN, notes, "penchan")
    if r == 6:
        other += _shape(visible, (kind + 1, kind + 2), W_PENCHAN, notes, "penchan")
    pairs = (W_SHANPON * (unseen - 1) / 2 if unseen >= 2 else 0.0) + (W_TANKI if unseen >= 1 else 0.0)
    if r in (0, 8):
        pairs *= 1.3
        notes.append(reason("terminal"))
    elif r in (1, 7):
        notes.append(reason("two_eight"))
    else:
        notes.append(reason("middle"))
    if threat.toitoi:
        two_sided *= 0.2
        other *= 0.2
        pairs *= 3.0
    if threat.honitsu_suit is not None:
        f = 1.5 if kind // 9 == threat.honitsu_suit else 0.1
        two_sided, other, pairs = two_sided * f, other * f, pairs * f
        notes.append(reason("honitsu_suit" if f > 1 else "off_suit", suit="mps"[threat.honitsu_suit]))
    w = two_sided + other + pairs
    if threat.tanyao and r in (0, 8):
        w *= TANYAO_OFF
        notes.append(reason("tanyao_read", seat=seat))
    turn = view.riichi_turn[seat] if view.riichi[seat] else None
    if turn is not None and turn < len(view.rivers[seat]):
        declared = view.rivers[seat][turn].tile.kind
        if declared < 27 and declared // 9 == kind // 9 and 0 < abs(declared - kind) <= 2:
            w *= NEAR_RIICHI_TILE
            notes.append(reason("near_riichi_tile"))
    if any(abs(k - kind) <= 2 and k // 9 == kind // 9 and k < 27 for k in early):
        w *= EARLY_FACTOR
        notes.append(reason("early_discard"))
    if WAIT_MODEL:
        w = _fitted(view, kind, threat, visible, reading, honor=False)
    return w, tuple(notes)


def _fitted(view: PlayerView, kind: int, threat: Threat, visible: Sequence[int],
            reading: waitmodel.SeatReading | None, *, honor: bool) -> float:
    """The fitted wait model's chance for ``kind`` against ``threat`` (see :mod:`.waitmodel`)."""
    if visible[kind] >= 4:
        return 0.0  # every copy is in sight: nobody can win on it
    kw = {"honitsu_suit": threat.honitsu_suit, "toitoi": threat.toitoi, "tanyao": threat.tanyao, "reading": reading}
    who = "open" if view.melds[threat.seat] and not view.riichi[threat.seat] else "riichi"
    features = waitmodel.honor_features if honor else waitmodel.number_features
    model = f"{who}_{'honor' if honor else 'number'}"
    return WAIT_SCALE * waitmodel.predict(model, features(view, kind, threat.seat, visible, **kw))


def tile_dangers(view: PlayerView, kinds: Sequence[int], threats: Sequence[Threat] | None = None
                 ) -> dict[int, list[TileDanger]]:
    """For each kind in ``kinds``, its :class:`TileDanger` against every opponent."""
    if threats is None:
        threats = [read_threat(view, s) for s in range(len(view.rivers)) if s != view.seat]
    visible = view.visible_counts()
    safe = {t.seat: genbutsu(view, t.seat) for t in threats}
    readings = {t.seat: waitmodel.read_seat(view, t.seat) for t in threats} if WAIT_MODEL else {}
    out: dict[int, list[TileDanger]] = {}
    for k in kinds:
        if k in out:
            continue
        row = []
        for t in threats:
            w, notes = wait_chance(view, k, t, visible, safe[t.seat], readings.get(t.seat))
            deal_in = t.tenpai * w
            row.append(TileDanger(t.seat, k, w, deal_in, deal_in * t.loss, notes))
        out[k] = row
    return out


__all__ = ["Threat", "TileDanger", "genbutsu", "read_threat", "tenpai_chance", "tile_dangers", "wait_chance"]
