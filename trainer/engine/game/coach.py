"""The coach's facts about the learner's position, computed from what the learner may see.

* :func:`discard_hints` — the best discards by shanten and ukeire, each with one short
  reason (``keeps_tenpai``, ``more_tiles``, ``fewer_steps``), and — when an opponent is in
  riichi — the safest tile (``safer``);
* :func:`danger_warning` — why a tile about to be discarded can deal into a riichi
  (the notes of :func:`trainer.engine.game.review.danger_notes`: genbutsu, suji, kabe,
  honors by copies left) and which tile in the hand is safe instead;
* :func:`open_hand_warning` — when nobody is in riichi, why a tile fits the likely wait of
  an opponent whose open melds show what they build (one suit and honors, only pons, a
  yakuhai pon), read by the shared evaluator, and which tiles are much safer;
* :func:`waiting` — the waits of a ready 13-tile hand and whether it is furiten;
* :func:`riichi_choice` — the hand's value with riichi and without (dama), and which the
  coach suggests.

Everything here is pure engine code; the table's coach view turns it into words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from trainer.engine.game.review import danger_notes
from trainer.engine.game.view import PlayerView
from trainer.engine.hand import Hand
from trainer.engine.tiles import Tile
from trainer.engine.ukeire import discard_options, ukeire


@dataclass(frozen=True)
class DiscardHint:
    """One suggested discard: the tile, the shanten after it, the unseen tiles that improve
    what is left (``ukeire``; for a ready hand the winning tiles), the waits when it keeps
    the hand ready, and the reason in one word."""

    tile: Tile
    shanten_after: int
    ukeire: int
    waits: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class DangerWarning:
    """A discard that can deal in: the tile, the riichi seats it is dangerous against, the
    notes per seat, and the tiles in the hand that are safe (genbutsu against everyone)."""

    tile: Tile
    seats: tuple[int, ...]
    notes: tuple[dict[str, Any], ...]
    safe: tuple[Tile, ...]


def seen_outside(view: PlayerView) -> list[int]:
    """Copies of each kind the player sees outside their own hand and melds."""
    held = view.hand.all_counts()
    return [max(0, v - h) for v, h in zip(view.visible_counts(), held, strict=True)]


def _threats(view: PlayerView) -> list[int]:
    return [s for s in range(len(view.riichi)) if s != view.seat and view.riichi[s]]


def discard_hints(view: PlayerView, legal_tiles: Iterable[Tile]) -> list[DiscardHint]:
    """The best legal discards of the hand in ``view`` (with its drawn tile): every tile tied
    for the fewest shanten and most ukeire, and, if someone is in riichi and the safest tile
    is another one, that tile with the reason ``safer``."""
    allowed = {t.kind for t in legal_tiles}
    seen = seen_outside(view)
    options = [o for o in discard_options(view.hand, seen) if o.tile.kind in allowed]
    if not options:
        return []
    top = (options[0].shanten_after, options[0].total)
    rest = [o for o in options if (o.shanten_after, o.total) != top]
    out = []
    for o in options:
        if (o.shanten_after, o.total) != top:
            continue
        if o.shanten_after == 0:
            reason = "keeps_tenpai"
        elif rest and all(x.shanten_after > o.shanten_after for x in rest):
            reason = "fewer_steps"  # every other tile sets the hand back a step
        else:
            reason = "more_tiles"
        waits = tuple(sorted(o.ukeire)) if o.shanten_after == 0 else ()
        out.append(DiscardHint(o.tile, o.shanten_after, o.total, waits, reason))
    if _threats(view):
        visible = view.visible_counts()
        danger = {o.tile.kind: sum(n["danger"] for n in danger_notes(view, o.tile.kind, visible)) for o in options}
        low = min(danger.values())
        if all(danger[h.tile.kind] > low for h in out):
            safest = min(options, key=lambda o: (danger[o.tile.kind], o.shanten_after, -o.total))
            out.append(DiscardHint(safest.tile, safest.shanten_after, safest.total, (), "safer"))
    return out


def danger_warning(view: PlayerView, tile: Tile, legal_tiles: Iterable[Tile]) -> DangerWarning | None:
    """A warning if discarding ``tile`` can deal into an opponent's riichi while a tile safe
    against every riichi (genbutsu) is in the hand; None when it is safe or nothing is."""
    threats = _threats(view)
    if not threats:
        return None
    visible = view.visible_counts()
    notes = danger_notes(view, tile.kind, visible)
    if all(n.get("genbutsu") for n in notes):
        return None
    safe = []
    for t in dict.fromkeys(legal_tiles):
        if all(n.get("genbutsu") for n in danger_notes(view, t.kind, visible)):
            safe.append(t)
    if not safe:
        return None
    risky = tuple(n["seat"] for n in notes if not n.get("genbutsu"))
    return DangerWarning(tile, risky, tuple(notes), tuple(sorted(safe)))


@dataclass(frozen=True)
class OpenHandWarning:
    """A discard that fits an open hand's likely wait while nobody is in riichi: the tile,
    the opponent, what their melds show (``reading``: ``honitsu`` with its ``suit`` letter,
    ``toitoi``, ``yakuhai`` or ``open``), the chance of dealing in with it, and the legal
    tiles that are much safer against that player."""

    tile: Tile
    seat: int
    reading: str
    suit: str
    deal_in: float
    safe: tuple[Tile, ...]


OPEN_THREAT_TENPAI = 0.35
"""How likely an open hand must be ready (two melds or more) before the coach warns."""
OPEN_WARN_DEAL_IN = 0.025
"""The smallest chance of dealing in that is worth a warning."""
OPEN_WARN_RATIO = 3.0
"""A warning needs a tile at least this many times as dangerous as the safest one."""


def open_hand_warning(view: PlayerView, tile: Tile, legal_tiles: Iterable[Tile]) -> OpenHandWarning | None:
    """Warn when ``tile`` is clearly more likely to deal into an opponent's open hand than
    the safest legal tile (nobody in riichi; the riichi case is :func:`danger_warning`).
    The readings and chances are the shared evaluator's (:mod:`trainer.engine.evaluator.danger`)."""
    if _threats(view):
        return None
    from trainer.engine.evaluator.danger import read_threat, tile_dangers

    threats = [read_threat(view, s) for s in range(len(view.rivers)) if s != view.seat and view.melds[s]]
    threats = [t for t in threats if t.tenpai >= OPEN_THREAT_TENPAI]
    if not threats:
        return None
    legal = list(dict.fromkeys(legal_tiles))
    dangers = tile_dangers(view, sorted({t.kind for t in legal} | {tile.kind}), threats)
    best: OpenHandWarning | None = None
    for threat in threats:
        def deal_in(kind: int, seat: int = threat.seat) -> float:
            return next(d.deal_in for d in dangers[kind] if d.seat == seat)

        mine = deal_in(tile.kind)
        low = min(deal_in(t.kind) for t in legal)
        if mine < OPEN_WARN_DEAL_IN or mine < OPEN_WARN_RATIO * low:
            continue
        safe = tuple(sorted(t for t in legal if deal_in(t.kind) <= 1.5 * low))
        codes = {r.code for r in threat.reasons}
        suit = "mps"[threat.honitsu_suit] if threat.honitsu_suit is not None else ""
        if suit and (tile.kind >= 27 or tile.kind // 9 == threat.honitsu_suit):
            reading = "honitsu"
        elif threat.toitoi:
            reading = "toitoi"
        elif "yakuhai_pon" in codes:
            reading = "yakuhai"
        else:
            reading = "open"
        if best is None or mine > best.deal_in:
            best = OpenHandWarning(tile, threat.seat, reading, suit, mine, safe)
    return best


@dataclass(frozen=True)
class Waiting:
    """A ready hand: the winning kinds with the copies still unseen, and furiten (one of the
    waits is in the player's own river, so only a self-drawn win is allowed)."""

    waits: dict[int, int]
    furiten: bool


def waiting(view: PlayerView) -> Waiting | None:
    """The waits of the 13-tile hand in ``view`` (None if it is not ready)."""
    hand = view.hand
    if len(hand.concealed) % 3 != 1:
        return None
    from trainer.engine.shanten import shanten

    if shanten(hand) != 0:
        return None
    uke = ukeire(hand, seen_outside(view))
    own = {d.tile.kind for d in view.rivers[view.seat]}
    return Waiting(uke, any(k in own for k in uke))


@dataclass(frozen=True)
class RiichiChoice:
    """Riichi or not, for the discard ``tile``: the best ron value with riichi and without
    (``dama`` None when the hand has no yaku without riichi), the wait with the most unseen
    tiles, and the suggestion (``riichi`` or ``dama``)."""

    tile: Tile
    riichi_points: int
    dama_points: int | None
    wait: int
    left: int
    suggest: str


MANGAN = 8000
"""A non-dealer mangan: a hand this big already scores well without riichi."""


def riichi_choice(view: PlayerView, tile: Tile, rules: Any) -> RiichiChoice | None:
    """Compare riichi and dama after discarding ``tile``: score a ron on the wait with the
    most unseen copies both ways.  Suggest dama only for a hand worth a mangan or more that
    already has a yaku; otherwise riichi (it adds a han, ura dora and a chance of ippatsu)."""
    from trainer.engine.scoring import ScoringError, WinContext, score_hand

    tiles = list(view.hand.concealed)
    tiles.remove(tile)
    hand13 = Hand(tuple(sorted(tiles)), view.hand.melds)
    uke = ukeire(hand13, seen_outside(view))
    if not uke:
        return None
    wait = max(uke, key=lambda k: (uke[k], -k))
    win = Tile(wait)
    hand14 = Hand(tuple(sorted([*tiles, win])), view.hand.melds)
    values = {}
    for riichi in (True, False):
        ctx = WinContext(win_tile=win, tsumo=False, riichi=riichi, seat_wind=view.seat_wind,
                         round_wind=view.round_wind, dora_indicators=view.dora_indicators)
        try:
            values[riichi] = score_hand(hand14, ctx, rules).payment.hand_value
        except ScoringError:
            values[riichi] = None
    if values[True] is None:
        return None
    dama = values[False]
    suggest = "dama" if dama is not None and dama >= MANGAN else "riichi"
    return RiichiChoice(tile, values[True], dama, wait, uke[wait], suggest)


__all__ = ["DangerWarning", "DiscardHint", "OpenHandWarning", "RiichiChoice", "Waiting", "danger_warning",
           "discard_hints", "open_hand_warning", "riichi_choice", "waiting"]
