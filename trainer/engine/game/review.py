"""Review of a saved game: the coach's verdict on every discard of one seat.

For each discard decision of the reviewed seat (a plain discard or a riichi
declaration, taken while the player still had a choice) the review replays the
table to that moment and compares, from that seat's view only:

* **efficiency** — the shanten after the chosen discard and its ukeire (unseen
  tiles that bring the hand closer to a win) against the best discards by the
  engine's :func:`~trainer.engine.ukeire.discard_options`;
* **safety**, when an opponent is in riichi — how dangerous the chosen tile was
  (genbutsu, suji, kabe, honors by copies left) against the safest legal tile.

A decision is ``good`` when the chosen tile is among the best by efficiency, or
when it was the safest tile while someone was in riichi (folding is a choice,
not a mistake), or — in a game's review (:func:`review_game`) — when it came within a small margin
of the best (:data:`UKEIRE_TOLERANCE` of the best ukeire at the same shanten, or
:data:`VALUE_TOLERANCE` of the coach's tile's expected value).  It is a mistake (``lost_tiles``, ``lost_shanten``) when it
left fewer tiles or more steps to tenpai than the best tile, and ``unsafe`` when
it was dangerous while a genbutsu (a tile that cannot deal in) was in the hand;
``dealt_in`` marks a discard somebody won on.

When the chosen discard kept the hand ready (tenpai) and riichi could be declared with it,
the decision also carries ``riichi_choice``: riichi or dama (黙聴, staying closed without
declaring) as the learner chose it, against the verdict of the table's coach for that very
tile (:func:`trainer.engine.game.coach.riichi_advice`, the shared evaluator the ``strong`` bot
uses), with the expected ron value both ways, the winning tiles left and the deciding reason.
A choice against the coach is counted on its own (``riichi_against_advice`` in the summary);
the tile verdict and the existing totals do not change.

When at least one opponent is a threat the coach folds against (a riichi, or a hand the shared
evaluator reads as likely ready: its push-or-fold verdict has a ``push`` or ``fold`` reason, not
``no_threat``), the decision also carries ``push_fold`` (押し引き): whether the learner pushed or
folded (betaori — a tile within the evaluator's fold band of the safest tile) against the coach's
verdict (:func:`trainer.engine.game.coach.coach_turn`), with the figures behind it in points: what
pushing can win (win chance x hand value), what it risks, the learner's tile's risk and the safest
tile's.  A choice against the coach is counted apart too (``push_fold_against_advice``); the tile
verdicts stay as above.

A win let pass is a decision too: a ron offer answered with a pass, or a tsumo offer answered
with a discard (or a kan or a North set aside).  It carries ``passed_win`` (what the win was worth,
scored from the table without the hidden ura dora, and the furiten the pass left the hand in:
after riichi no ron for the rest of the hand, without riichi no ron until the seat's next discard,
or a winning tile now in the seat's own river), judged by the table coach's
:func:`~trainer.engine.game.coach.pass_win_advice`: a ``passed_win`` mistake unless the coach lets
that win pass too (in the last hand, a win that ends the match still in last place).  A passed ron
has no discard: its ``turn`` is -1 and ``chosen`` names the tile let pass.

Besides the discards, the review judges the seat's answers to call offers — pon, chi or pass
whenever another player's discard allowed a pon or chi (:mod:`trainer.engine.game.call_review`,
the table coach's :func:`~trainer.engine.game.coach.call_advice`): ``calls`` in the review,
``call_decisions`` and ``calls_against_advice`` in the summary, apart from the discard totals.

The danger estimate goes through :func:`danger_notes` alone, which reads the shared
defense evaluator :mod:`trainer.engine.safety` (the one the careful bot and the safe-tile
drill use).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from trainer.engine.game.actions import Discard, Riichi
from trainer.engine.game.call_review import CallDecision, review_calls
from trainer.engine.game.records import replay
from trainer.engine.game.view import PlayerView, make_view
from trainer.engine.ukeire import DiscardOption, discard_options

EFFICIENCY_MISTAKES = ("lost_shanten", "lost_tiles")
"""Verdicts that say the chosen discard slowed the hand down."""
SAFETY_MISTAKES = ("unsafe", "dealt_in")
"""Verdicts that say the chosen discard was dangerous (or did deal in)."""
WIN_MISTAKES = ("passed_win",)
"""Verdicts that say a win on offer was let pass where the coach takes it."""
CloseBy = Literal["tiles", "value"]
"""The review's two tolerances (:attr:`Decision.close_by`): by ukeire, or by the coach's expected value."""


def danger_notes(view: PlayerView, kind: int, visible: list[int] | None = None) -> list[dict[str, Any]]:
    """Why discarding ``kind`` is safe or dangerous against each opponent in riichi, one
    dict per riichi player: ``seat``, ``danger`` (the shared defense evaluator's weight of the
    waits still open), ``genbutsu`` (no wait can win on it), the reasons that closed waits
    (``suji``: a two-sided wait through it is furiten, ``kabe``), ``half_suji`` (a suji closed one
    two-sided wait through it while another is still open), ``honor_left`` (unseen copies of an
    honor), ``edge`` (0 terminal, 1 two/eight, 2 middle tile) and ``open_waits``: every wait that
    can still win on it, as :func:`trainer.engine.safety.assess` lists them (:func:`_open_wait_notes`).
    Empty when nobody else is in riichi."""
    from trainer.engine import safety

    out = []
    for ts in safety.assess_all(safety.table_of(view), kind):
        note: dict[str, Any] = {"seat": ts.seat, "danger": round(safety.danger([ts]), 2)}
        if ts.safe:
            note["genbutsu"] = True
        elif kind >= 27:
            note["honor_left"] = ts.unseen
        else:
            r = kind % 9
            ids = ts.reason_ids
            two_sided_open = any(w.shape == "ryanmen" for w in ts.open_waits)
            note.update(suji="suji" in ids, kabe="kabe" in ids, edge=0 if r in (0, 8) else (1 if r in (1, 7) else 2),
                        half_suji="suji" in ids and two_sided_open)
        note["open_waits"] = _open_wait_notes(ts.open_waits)
        out.append(note)
    return out


def _open_wait_notes(waits: Iterable[Any]) -> list[dict[str, str]]:
    """The waits of :attr:`trainer.engine.safety.TileSafety.open_waits` as notes: ``shape``
    (``ryanmen``, ``kanchan``, ``penchan``, ``shanpon``, ``tanki``) and, for the run shapes,
    ``tiles``: the two tiles the riichi player would hold (MPSZ, "78m")."""
    from trainer.engine.notation import format_tiles
    from trainer.engine.tiles import Tile

    out = []
    for w in waits:
        note = {"shape": w.shape}
        if w.partial:
            note["tiles"] = format_tiles([Tile(k) for k in w.partial])
        out.append(note)
    return out


@dataclass(frozen=True)
class Decision:
    """One discard of the reviewed seat and the verdict on it.

    ``hand`` indexes the log's hands (0-based), ``turn`` is the position of the discard in
    the seat's river (0-based; -1 for a ron let pass, which discards nothing), ``action`` its index
    in the hand's action list; ``chosen``
    is the tile discarded (MPSZ), ``best`` the legal tiles with the fewest shanten and the
    most ukeire; ``danger`` is None when nobody else was in riichi, else the chosen tile's
    danger, the safest legal tiles and the notes behind them.

    ``riichi_choice`` is None unless the chosen tile kept the hand ready with riichi legal on
    it and the coach pushes (see :func:`riichi_choice`); then ``chosen`` and ``advice`` are
    ``"riichi"`` or ``"dama"``, ``dama`` and ``with_riichi`` the expected ron value without
    and with riichi (``dama`` 0 when the hand has no yaku without riichi), ``left`` the
    winning tiles still unseen and ``reason`` the coach's deciding reason code (``riichi_adds``,
    ``riichi_for_yaku``, ``dama_mangan`` ...).

    ``push_fold`` is None unless an opponent was a threat the coach folds against (see
    :func:`push_fold_choice`); then ``chosen`` and ``advice`` are ``"push"`` or ``"fold"``, with
    the coach's figures in points.

    ``coach`` is the tile the table's coach advised (MPSZ; the ``strong`` bot's discard): it may
    keep value or safety at the cost of a few tiles of ukeire, so discarding it is never a
    mistake even when it is not among ``best``; ``coach_why`` says why the coach chose it with no
    threat on the table (:func:`coach_why`), so that the review can name the coach's reason
    when the learner threw another tile.

    ``passed_win`` is None unless a win was on offer and let pass (see the module docstring and
    :func:`passed_win_note`); ``deal_in`` is None unless the discard dealt in: who won on it and
    what the coach read in their hand then (:func:`deal_in_note`)."""

    hand: int
    turn: int
    action: int
    round: int
    hand_number: int
    honba: int
    chosen: str
    riichi: bool
    best: tuple[str, ...]
    shanten_chosen: int
    shanten_best: int
    ukeire_chosen: int
    ukeire_best: int
    verdict: str
    dealt_in: bool = False
    danger: dict[str, Any] | None = None
    riichi_choice: dict[str, Any] | None = None
    push_fold: dict[str, Any] | None = None
    options: tuple[DiscardOption, ...] = field(default=(), repr=False, compare=False)
    coach: str | None = None
    coach_why: dict[str, Any] | None = None
    passed_win: dict[str, Any] | None = None
    deal_in: dict[str, Any] | None = None

    @property
    def mistake(self) -> bool:
        """True if the verdict is a mistake worth a review card (a passed win included)."""
        return self.verdict in EFFICIENCY_MISTAKES or self.verdict in SAFETY_MISTAKES or self.verdict in WIN_MISTAKES

    @property
    def riichi_against_advice(self) -> bool:
        """True if the learner chose riichi where the coach stays dama, or dama where it declares."""
        c = self.riichi_choice
        return c is not None and c["chosen"] != c["advice"]

    @property
    def push_fold_against_advice(self) -> bool:
        """True if the learner pushed where the coach folds (betaori), or folded where it pushes."""
        c = self.push_fold
        return c is not None and c["chosen"] != c["advice"]

    @property
    def in_best(self) -> bool:
        """True if the chosen tile is one of the best by shanten and ukeire."""
        return _kind_of(self.chosen) in {_kind_of(b) for b in self.best}

    @property
    def close_by(self) -> CloseBy | None:
        """Which of the review's tolerances holds this ``good`` discard, not among the best and
        keeping fewer tiles than they do: ``"tiles"`` (the same shanten and at least
        :data:`UKEIRE_TOLERANCE` of the best's ukeire), ``"value"`` (fewer tiles than that, but the
        coach's weighing puts it within :data:`VALUE_TOLERANCE` of its own tile's expected value:
        :func:`close_in_value`); None otherwise (a best tile, a mistake).  In ``to_json`` too."""
        if self.verdict != "good" or self.in_best or self.ukeire_chosen >= self.ukeire_best:
            return None
        if _keeps_share(self.shanten_chosen, self.ukeire_chosen, self.shanten_best, self.ukeire_best):
            return "tiles"
        return "value" if close_in_value(self.coach_why) else None

    @property
    def near_best(self) -> tuple[str, ...]:
        """The legal tiles within :data:`UKEIRE_TOLERANCE` of the best by ukeire at the same shanten
        (the best among them, MPSZ, best first); just ``best`` for a decision without its options."""
        if not self.options:
            return self.best
        top = min(self.options, key=lambda o: (o.shanten_after, -o.total))
        return tuple(str(o.tile) for o in sorted(self.options, key=lambda o: (o.shanten_after, -o.total))
                     if within_tolerance(o, top))

    def to_json(self) -> dict[str, Any]:
        """The decision as in ``trainer review --json``."""
        return {
            "hand": self.hand,
            "turn": self.turn,
            "action": self.action,
            "round": self.round,
            "hand_number": self.hand_number,
            "honba": self.honba,
            "chosen": self.chosen,
            "riichi": self.riichi,
            "best": list(self.best),
            "shanten_chosen": self.shanten_chosen,
            "shanten_best": self.shanten_best,
            "ukeire_chosen": self.ukeire_chosen,
            "ukeire_best": self.ukeire_best,
            "verdict": self.verdict,
            "dealt_in": self.dealt_in,
            "danger": self.danger,
            "riichi_choice": self.riichi_choice,
            "push_fold": self.push_fold,
            "coach": self.coach,
            "coach_why": self.coach_why,
            "passed_win": self.passed_win,
            "deal_in": self.deal_in,
            "close_by": self.close_by,
        }


@dataclass(frozen=True)
class GameReview:
    """Every discard decision of one seat in one game, its answers to pon and chi offers
    (``calls``, in game order), and the totals."""

    seat: int
    decisions: tuple[Decision, ...]
    calls: tuple[CallDecision, ...] = ()

    def summary(self) -> dict[str, Any]:
        """Totals: decisions, good ones, how many chose a best tile by ukeire, each kind of
        mistake, the ukeire given away by the ``lost_tiles`` mistakes, and the share of good
        decisions (all by the tile discarded); then the ready hands where riichi or dama was a
        choice (``riichi_choices``) and how many of them went against the coach
        (``riichi_against_advice``), counted apart from the tile verdicts; then the pon-or-chi
        offers answered (``call_decisions``) and the answers against the coach
        (``calls_against_advice``: a call passed that the coach makes, or a call it would not make);
        then the discards made against a threat (``push_fold_choices``) and how many pushed where
        the coach folds or folded where it pushes (``push_fold_against_advice``); last the wins let
        pass (``passed_wins``) and those the coach would have taken (``passed_win``, a mistake)."""
        n = len(self.decisions)
        verdicts = [d.verdict for d in self.decisions]
        good = verdicts.count("good")
        return {
            "decisions": n,
            "good": good,
            "best_by_ukeire": sum(1 for d in self.decisions if d.in_best),
            "lost_shanten": verdicts.count("lost_shanten"),
            "lost_tiles": verdicts.count("lost_tiles"),
            "unsafe": verdicts.count("unsafe"),
            "dealt_in": verdicts.count("dealt_in"),
            "deal_ins": sum(1 for d in self.decisions if d.dealt_in),
            "tiles_lost": sum(d.ukeire_best - d.ukeire_chosen for d in self.decisions if d.verdict == "lost_tiles"),
            "accuracy": round(good / n, 3) if n else None,
            "riichi_choices": sum(1 for d in self.decisions if d.riichi_choice is not None),
            "riichi_against_advice": sum(1 for d in self.decisions if d.riichi_against_advice),
            "call_decisions": len(self.calls),
            "calls_against_advice": sum(1 for c in self.calls if c.against_advice),
            "push_fold_choices": sum(1 for d in self.decisions if d.push_fold is not None),
            "push_fold_against_advice": sum(1 for d in self.decisions if d.push_fold_against_advice),
            "passed_wins": sum(1 for d in self.decisions if d.passed_win is not None),
            "passed_win": verdicts.count("passed_win"),
        }

    def mistakes(self) -> list[Decision]:
        """The decisions that were mistakes, in game order."""
        return [d for d in self.decisions if d.mistake]

    def to_json(self) -> dict[str, Any]:
        """The object printed by ``trainer review --json``."""
        return {"seat": self.seat, "decisions": [d.to_json() for d in self.decisions], "summary": self.summary(),
                "calls": [c.to_json() for c in self.calls]}


def _kind_of(text: str) -> str:
    """A tile's kind in MPSZ with a red five written as a plain five."""
    return ("5" + text[1]) if text[0] == "0" else text


def review_decision(view: PlayerView, legal_tiles: Iterable[Any], chosen: Any, *, riichi: bool = False,
                    dealt_in: bool = False, riichi_tiles: Iterable[Any] = (), rules: Any = None,
                    winners: Iterable[int] = (), tolerant: bool = False, **where: int) -> Decision:
    """The verdict on discarding ``chosen`` from the hand in ``view`` (with the drawn tile),
    given the tiles the rules allowed: the best discards by shanten and ukeire, and the
    danger of the chosen tile against every opponent in riichi.  When riichi could be
    declared with ``chosen`` (it is among ``riichi_tiles``), riichi or dama is judged too
    (:func:`riichi_choice`, under ``rules``; Tenhou rules by default); against a threat, push or
    fold is judged (:func:`push_fold_choice`); with no threat, the coach's own tile and why
    (:func:`coach_why`).  ``winners`` are the seats that won by ron on the discard (a deal-in:
    :func:`deal_in_note`).  ``tolerant`` (as :func:`review_game` judges): a discard within the
    tolerances of the best (:data:`UKEIRE_TOLERANCE`, :data:`VALUE_TOLERANCE`) is ``good``; without
    it only the best are (the discard puzzles' strict answer).  ``where`` gives the position fields
    of :class:`Decision` (``hand``, ``turn``, ``action``, ``round``, ``hand_number``, ``honba``; 0
    when left out)."""
    legal_tiles = tuple(legal_tiles)
    visible = view.visible_counts()
    held = view.hand.all_counts()
    seen = [max(0, min(4, v - h)) for v, h in zip(visible, held, strict=True)]
    allowed = {t.kind for t in legal_tiles}
    options = tuple(o for o in discard_options(view.hand, seen) if o.tile.kind in allowed)
    mine = next(o for o in options if o.tile.kind == chosen.kind)
    top = min((o.shanten_after, -o.total) for o in options)
    best = tuple(o for o in options if (o.shanten_after, -o.total) == top)
    in_best = any(o.tile.kind == chosen.kind for o in best)
    pos = {k: int(where.get(k, 0)) for k in ("hand", "turn", "action", "round", "hand_number", "honba")}
    push_fold = push_fold_choice(view, legal_tiles, chosen, rules)  # first: riichi_choice reuses its evaluation
    danger = _danger(view, options, chosen.kind, visible, push_fold)
    why = coach_why(view, legal_tiles, rules, options, chosen=chosen) if push_fold is None else None
    coach = push_fold["advised"] if push_fold is not None else (why["tile"] if why is not None else None)
    winners = tuple(winners)
    return Decision(
        **pos, chosen=str(chosen), riichi=riichi, best=tuple(str(o.tile) for o in best),
        shanten_chosen=mine.shanten_after, shanten_best=best[0].shanten_after,
        ukeire_chosen=mine.total, ukeire_best=best[0].total,
        verdict=_verdict(mine, best[0], in_best, danger, dealt_in, push_fold, coach, why if tolerant else None,
                         tolerant=tolerant), dealt_in=dealt_in,
        danger=danger, riichi_choice=riichi_choice(view, legal_tiles, riichi_tiles, chosen, riichi, rules),
        push_fold=push_fold, options=options, coach=coach, coach_why=why,
        deal_in=deal_in_note(view, chosen, legal_tiles, winners, rules) if dealt_in and winners else None,
    )


def _reasons_json(reasons: Iterable[Any]) -> list[dict[str, Any]]:
    return [r.to_json() for r in reasons]


def _dangers_json(advice: Any) -> list[dict[str, Any]]:
    """The evaluator's danger rows of one discard (per opponent), as JSON."""
    return [{"seat": d.seat, "deal_in": round(d.deal_in, 4), "reasons": _reasons_json(d.reasons)}
            for d in advice.dangers]


def coach_why(view: PlayerView, legal_tiles: Iterable[Any], rules: Any = None,
              options: Iterable[DiscardOption] = (), *, chosen: Any = None) -> dict[str, Any] | None:
    """The tile the table's coach advises with no threat on the table, and why, as its words at
    the table give it (:func:`trainer.engine.game.coach.discard_hints`; its value, yaku or safety
    choice may give up a few tiles of ukeire): ``tile``, the hint's ``reason`` code
    (``keeps_tenpai``, ``fewer_steps``, ``more_tiles``, ``value``, ``win_chance``, ``less_risk``,
    ``keeps_yaku``), ``shanten`` and ``ukeire`` after it (the review's own count, from
    ``options``), the evaluator's ``value`` reasons, ``worth`` (the hand's value in points, as the
    evaluator estimates it) and ``win`` chance, its ``dangers`` per opponent and the ``threat_seats``;
    ``compare`` (the widest discard it was weighed against: ``tile``, ``ukeire``, ``win``, ``value``,
    ``worth``) when it gave up tiles for its reason; with ``chosen`` (the learner's tile), ``mine``:
    the same figures for that tile (``tile``, ``shanten``, ``ukeire``, ``win``, ``value``, ``worth``), so
    that the review compares the coach's tile with the learner's, never with a third one; ``me``
    and ``players`` name the seats.  None for a hand in riichi (its discards are forced) or one the
    evaluator cannot read."""
    from trainer.engine.game.coach import coach_turn, discard_hints  # the coach reads this module

    if view.riichi[view.seat]:
        return None
    discards = tuple(dict.fromkeys(legal_tiles))
    try:
        hints = discard_hints(view, discards, rules, kita=False)
    except ValueError:  # a hand the evaluator cannot read (not 3n+2 concealed tiles)
        return None
    if not hints:
        return None
    h = hints[0]
    opts = {o.tile.kind: o for o in options}
    mine = opts.get(h.tile.kind)
    out: dict[str, Any] = {
        "tile": str(h.tile), "reason": h.reason,
        "shanten": mine.shanten_after if mine is not None else h.shanten_after,
        "ukeire": mine.total if mine is not None else h.ukeire,
        "value": _reasons_json(h.advice.value.reasons) if h.advice is not None else [],
        "win": round(h.advice.win, 3) if h.advice is not None else None,
        "worth": round(h.advice.value.best) if h.advice is not None else None,
        "dangers": _dangers_json(h.advice) if h.advice is not None else [],
        "threat_seats": list(h.threat_seats), "me": view.seat, "players": len(view.scores),
    }
    c = h.compare
    if c is not None:
        other = opts.get(c.tile.kind)
        out["compare"] = {"tile": str(c.tile), "ukeire": other.total if other is not None else c.efficiency.ukeire,
                          "win": round(c.win, 3), "value": _reasons_json(c.value.reasons),
                          "worth": round(c.value.best)}
    if chosen is not None:
        try:  # the evaluation discard_hints just made (coach_turn keeps it): no second evaluation
            advice = coach_turn(view, discards, rules)
        except ValueError:
            advice = None
        a = next((a for a in advice.discards if a.tile.kind == chosen.kind), None) if advice is not None else None
        if a is not None:
            own = opts.get(a.tile.kind)
            out["mine"] = {"tile": str(chosen),
                           "shanten": own.shanten_after if own is not None else a.efficiency.shanten,
                           "ukeire": own.total if own is not None else a.efficiency.ukeire,
                           "win": round(a.win, 3), "value": _reasons_json(a.value.reasons),
                           "worth": round(a.value.best)}
    return out


def deal_in_note(view: PlayerView, chosen: Any, legal_tiles: Iterable[Any], winners: Iterable[int],
                 rules: Any = None) -> dict[str, Any] | None:
    """Who won by ron on the discard ``chosen`` and what the table's coach read in their hand just
    before it: ``winners`` (seats), ``riichi`` (each winner's riichi, in the same order); for the
    first winner without riichi (a closed hand kept quiet, dama, or an open hand) — ``seat``,
    ``open`` (it had called melds), ``reading`` (what its calls showed, as the coach's open-hand
    warning words it: ``honitsu`` with ``suit``, ``toitoi``, ``yakuhai``, ``open``; None when the coach
    saw nothing to warn of), the evaluator's ``chance`` of dealing into it with ``chosen`` and its
    danger ``reasons``, and ``safer`` (the legal tiles much safer against it, when the coach warned).
    ``me`` and ``players`` name the seats.  None without winners."""
    from trainer.engine.game.coach import coach_turn, open_hand_warning  # the coach reads this module

    winners = tuple(winners)
    if not winners:
        return None
    out: dict[str, Any] = {"winners": list(winners), "riichi": [bool(view.riichi[w]) for w in winners],
                           "me": view.seat, "players": len(view.scores)}
    quiet = [w for w in winners if not view.riichi[w]]
    if not quiet:
        return out
    seat = quiet[0]
    discards = tuple(dict.fromkeys(legal_tiles))
    out.update(seat=seat, open=bool(view.melds[seat]), reading=None, suit="", chance=None, reasons=[], safer=[])
    warning = open_hand_warning(view, chosen, discards)
    if warning is not None and warning.seat == seat:
        out.update(reading=warning.reading, suit=warning.suit, safer=[str(t) for t in warning.safe])
    try:
        advice = coach_turn(view, discards, rules)
    except ValueError:
        return out
    mine = next((a for a in advice.discards if a.tile.kind == chosen.kind), None)
    row = next((d for d in mine.dangers if d.seat == seat), None) if mine is not None else None
    if row is not None:
        out.update(chance=round(row.deal_in, 4), reasons=_reasons_json(row.reasons))
    return out


def riichi_choice(view: PlayerView, legal_tiles: Iterable[Any], riichi_tiles: Iterable[Any], chosen: Any,
                  declared: bool, rules: Any = None) -> dict[str, Any] | None:
    """Riichi or dama with the discard ``chosen``: what the learner did (``declared`` riichi or
    stayed dama, closed and ready without declaring) against the coach's verdict for that same
    tile (:func:`trainer.engine.game.coach.riichi_advice` with ``tile=chosen``: the evaluator the
    ``strong`` bot and the table's coach use), with the expected ron value without and with
    riichi, the winning tiles left and the deciding reason code.  None when riichi was not legal
    with ``chosen`` (the tile breaks tenpai, the hand is open, too few points or tiles), or when
    the coach would fold there rather than push (then the question is not riichi or dama)."""
    riichi_tiles = tuple(riichi_tiles)
    if chosen not in riichi_tiles:
        return None
    from trainer.engine.game.coach import riichi_advice  # the coach reads this module

    discards = tuple(dict.fromkeys(legal_tiles))
    advice = riichi_advice(view, discards, riichi_tiles, rules, tile=chosen)
    if advice is None:
        return None
    return {"chosen": "riichi" if declared else "dama", "advice": "riichi" if advice.riichi else "dama",
            "dama": advice.dama, "with_riichi": advice.with_riichi, "left": advice.left,
            "reason": advice.why.code}


def push_fold_choice(view: PlayerView, legal_tiles: Iterable[Any], chosen: Any,
                     rules: Any = None) -> dict[str, Any] | None:
    """Push or fold (押し引き) with the discard ``chosen`` against a threat: what the learner did
    against the verdict of the table's coach (:func:`trainer.engine.game.coach.coach_turn`, the
    evaluator the ``strong`` bot uses), or None when no opponent is a threat the coach folds
    against (its verdict says ``no_threat``).

    The learner ``"fold"``-ed (betaori) when the tile's expected deal-in loss was within the
    evaluator's fold band (:data:`~trainer.engine.evaluator.advisor.FOLD_BAND`) of the safest
    tile's — the tiles the coach folds with — else ``"push"``-ed.  Where the coach pushes, a tile
    that safe which still keeps the fewest steps to tenpai (the coach's own pushing tile, or one
    as fast) counts as a push: the learner gave up nothing of the hand.  The figures, rounded to points: ``gain``
    (the coach's win chance ``win_chance`` x hand ``value``, with the dealer's bonus and the draw
    payments of a ready hand), ``loss`` (what pushing on risks: the coach's pushing tile now and
    the unsafe tiles still to come), ``risk`` (the learner's tile now), ``safest_risk`` (the
    safest tile, ``safest``; ``safest_genbutsu`` when no threat can ron on it; ``safest_tiles`` every
    tile as safe, to the point, ``safest`` first), ``advised`` (the coach's own tile: its push, or
    its fold), ``fold_tiles`` (the tiles within the fold band of the safest: a fold with any of them
    does what the coach does), ``last_hand``
    (in the match's last hand the figures are in place points), ``dealer`` (the seat deals: its
    gain carries the dealer's factor), and the deciding ``reason``
    code (``push`` or ``fold``; ``protect_lead`` ... when the standings weighed in).  Then the
    parts of ``gain``, from the evaluator's ``gain`` reason: ``average`` (``win_chance`` x
    ``value``), ``dealer_factor`` (what the dealer's win is multiplied by; 1 for a non-dealer) and
    ``draw_payments`` (what a ready hand is still worth at an exhaustive draw; 0 before tenpai):
    ``gain`` = ``average`` x ``dealer_factor`` + ``draw_payments``, each part rounded.  Last, the
    words the table's coach chose: ``weave`` (its fold is a soft one, mawashi-uchi: its tile keeps
    more of the hand than the safest, as :func:`~trainer.engine.game.coach.discard_hints` says with
    the reason ``weave``) and ``no_yaku`` (the open hand has no yaku whatever it throws: it can never
    win, which is why pushing is worth nothing)."""
    from trainer.engine.evaluator.advisor import FOLD_BAND
    from trainer.engine.evaluator.danger import genbutsu
    from trainer.engine.evaluator.pushfold import THREAT
    from trainer.engine.game.coach import coach_turn, evaluator_for  # the coach reads this module

    threats = [t.seat for t in evaluator_for(rules).threats(view) if t.tenpai >= THREAT]
    if not threats:  # the evaluator's own test for a threat (no_threat): skip the whole turn
        return None
    discards = tuple(dict.fromkeys(legal_tiles))  # as riichi_choice asks: one evaluation serves both
    advice = coach_turn(view, discards, rules)
    pf = advice.push_fold
    codes = [r.code for r in pf.reasons]
    if "no_threat" in codes or not ({"push", "fold"} & set(codes)):
        return None
    mine = next((a for a in advice.discards if a.tile == chosen), None) or next(
        a for a in advice.discards if a.tile.kind == chosen.kind)
    safest = min(advice.discards, key=lambda a: (a.risk, -a.ev))
    band = [a for a in advice.discards if a.risk - safest.risk <= FOLD_BAND]  # the tiles the coach folds among
    folded = mine.risk - safest.risk <= FOLD_BAND
    fewest = min(a.efficiency.shanten for a in advice.discards)
    if pf.push and (mine.tile.kind == advice.best.tile.kind or mine.efficiency.shanten == fewest):
        folded = False  # safe as it may be, the tile gave up no step of the hand: the learner played on
    gain = next((r for r in pf.reasons if r.code == "gain"), None)
    placement = [c for c in codes if c in ("protect_lead", "need_win", "last_place")]
    return {
        "chosen": "fold" if folded else "push",
        "advice": "push" if pf.push else "fold",
        "gain": round(pf.gain),
        "loss": round(pf.loss),
        "risk": round(mine.risk),
        "safest_risk": round(safest.risk),
        "safest": str(safest.tile),
        "safest_genbutsu": all(safest.tile.kind in genbutsu(view, s) for s in threats),
        # the coach's own tile (its push, or its fold within the band), and the tiles a fold may throw
        "advised": str(advice.best.tile),
        "fold_tiles": [str(a.tile) for a in _one_per_kind(sorted(band, key=lambda a: (a.risk, -a.ev)))],
        "safest_tiles": [str(a.tile) for a in _one_per_kind(sorted(
            (a for a in advice.discards if round(a.risk) == round(safest.risk)), key=lambda a: (a.risk, -a.ev)))],
        "win_chance": round(gain.get("win_chance", 0.0), 3) if gain is not None else None,
        "value": round(gain.get("value", 0)) if gain is not None else None,
        "last_hand": "last_hand_places" in codes,
        "dealer": view.dealer == view.seat,
        "reason": placement[0] if placement else ("push" if pf.push else "fold"),
        # the parts of the gain, as the evaluator's gain reason gives them
        "average": gain.get("average") if gain is not None else None,
        "dealer_factor": gain.get("dealer_factor") if gain is not None else None,
        "draw_payments": gain.get("draw_payments") if gain is not None else None,
        # the table coach's words: a soft fold (its reason "weave"), and an open hand without a yaku
        "weave": not pf.push and advice.best.tile.kind != safest.tile.kind and advice.best.risk > safest.risk,
        "no_yaku": all(a.no_yaku for a in advice.discards),
    }


def _one_per_kind(advice: Iterable[Any]) -> list[Any]:
    """The first of each tile kind (a red five and a plain five are one choice), in order."""
    seen: set[int] = set()
    out = []
    for a in advice:
        if a.tile.kind not in seen:
            seen.add(a.tile.kind)
            out.append(a)
    return out


def _danger(view: PlayerView, options: tuple[DiscardOption, ...], chosen: int,
            visible: list[int], push_fold: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Danger of the chosen tile and the safest legal tiles, or None with no riichi opponent.

    The safest tiles are the shared evaluator's (``push_fold["safest_tiles"]``: the least expected
    loss, the tile the coach folds with first) whenever it judged push or fold, so that the review
    names one safest tile per decision; ``safest_danger`` is then the danger weight of the first of
    them.  ``genbutsu`` lists the legal tiles no riichi player can ron on."""
    threats = [s for s in range(len(view.riichi)) if s != view.seat and view.riichi[s]]
    if not threats:
        return None
    per_kind = {}
    for o in options:
        notes = danger_notes(view, o.tile.kind, visible)
        per_kind[o.tile.kind] = (round(sum(n["danger"] for n in notes), 2), notes, o.tile)
    low = min(v[0] for v in per_kind.values())
    safest = [str(v[2]) for v in per_kind.values() if v[0] == low]
    if push_fold is not None and push_fold.get("safest_tiles"):
        from trainer.engine.tiles import parse_tile

        safest = list(push_fold["safest_tiles"])
        first = parse_tile(safest[0]).kind
        if first in per_kind:
            low = per_kind[first][0]
    return {
        "riichi_seats": threats,
        "chosen": per_kind[chosen][0],
        "safest": safest,
        "safest_danger": low,
        "genbutsu_available": any(all(n.get("genbutsu") for n in v[1]) for v in per_kind.values()),
        "genbutsu": [str(v[2]) for v in per_kind.values() if all(n.get("genbutsu") for n in v[1])],
        "notes": per_kind[chosen][1],
    }


UNSAFE_MARGIN = 2.0
"""A discard counts as unsafe when its danger exceeds the safest tile's by this much while
a tile safe against every riichi was in the hand (a middle tile without suji or kabe weighs
about 5.8 in :data:`trainer.engine.safety.SHAPE_WEIGHTS`, a suji middle tile 1.8, a genbutsu 0)."""


def follows_advice(push_fold: dict[str, Any] | None, chosen: str) -> bool:
    """True if the discard ``chosen`` (MPSZ) did what the table's coach advised against the threat:
    a fold where the coach folds (a tile of its fold band, :data:`~trainer.engine.evaluator.advisor.FOLD_BAND`
    of the safest), or the coach's own pushing tile where it pushes.  False without a threat."""
    if push_fold is None:
        return False
    if push_fold["advice"] == "fold":
        return push_fold["chosen"] == "fold"
    advised = push_fold.get("advised")
    return advised is not None and _kind_of(advised) == _kind_of(chosen)


UKEIRE_TOLERANCE = 0.95
"""A discard that keeps as few steps to tenpai as the best and at least this share of the best's
ukeire is ``good``, not ``lost_tiles``: 70 useful tiles against 71 (two lone winds, one with a copy
more already seen) teaches nothing and would only fill the learner's review cards.  Only new
reviews use it: a review card made before it stays in the learner's queue (the position review
opens a card by its decision, whatever the verdict on it is now)."""

VALUE_TOLERANCE = 0.95
"""With no threat on the table, a discard no slower than the coach's own tile (no more shanten)
whose expected value by the shared evaluator (win chance x the hand's worth, as ``coach_why``
weighs the learner's tile against the coach's) is at least this share of the coach's tile's is
``good`` too, when it is one the coach itself counts as fast enough to weigh by value (the fewest
shanten and at least :data:`~trainer.engine.evaluator.advisor.EFFICIENT_SHARE` of the widest ukeire):
the evaluator holds the two for as good, whatever the last few tiles of ukeire say."""


def within_tolerance(option: DiscardOption, best: DiscardOption, share: float | None = None) -> bool:
    """True if ``option`` keeps ``best``'s shanten and at least ``share`` of its ukeire
    (:data:`UKEIRE_TOLERANCE` by default)."""
    return _keeps_share(option.shanten_after, option.total, best.shanten_after, best.total, share)


def _keeps_share(shanten: int, ukeire: int, best_shanten: int, best_ukeire: int, share: float | None = None) -> bool:
    """The ukeire tolerance on figures: the best's shanten and at least ``share`` of its ukeire
    (:data:`UKEIRE_TOLERANCE` by default)."""
    share = UKEIRE_TOLERANCE if share is None else share
    return shanten == best_shanten and ukeire >= share * best_ukeire


def _efficient_share() -> float:
    """The share of the widest ukeire the shared evaluator still counts as efficient (its own "near")."""
    from trainer.engine.evaluator.advisor import EFFICIENT_SHARE

    return EFFICIENT_SHARE


def close_in_value(why: dict[str, Any] | None) -> bool:
    """True if the coach's weighing (``coach_why`` with the learner's tile as ``mine``) puts the
    learner's tile within :data:`VALUE_TOLERANCE` of the coach's in expected value, no slower."""
    mine = (why or {}).get("mine")
    if not mine or why is None or why.get("win") is None or mine.get("win") is None:
        return False
    theirs = float(why["win"]) * float(why.get("worth") or 0)
    ours = float(mine["win"]) * float(mine.get("worth") or 0)
    no_slower = int(mine.get("shanten", 9)) <= int(why.get("shanten", 0))
    return no_slower and theirs > 0 and ours >= VALUE_TOLERANCE * theirs


def _tolerance(mine: DiscardOption, best: DiscardOption, push_fold: dict[str, Any] | None, dealt_in: bool,
               why: dict[str, Any] | None) -> CloseBy | None:
    """Which of the review's tolerances a discard short of the best is within (as
    :attr:`Decision.close_by` names them): ``"tiles"``, nearly the best ukeire; ``"value"`` (no
    threat, no deal-in), the coach's expected value among the tiles it counts as efficient; or None."""
    if within_tolerance(mine, best):
        return "tiles"
    if push_fold is None and not dealt_in and close_in_value(why) and within_tolerance(mine, best, _efficient_share()):
        return "value"
    return None


def _verdict(mine: DiscardOption, best: DiscardOption, in_best: bool, danger: dict[str, Any] | None,
             dealt_in: bool, push_fold: dict[str, Any] | None = None, coach: str | None = None,
             why: dict[str, Any] | None = None, *, tolerant: bool = False) -> str:
    """One word for a decision (see the module docstring); ``tolerant``: a discard within the
    tolerances of the best (:data:`UKEIRE_TOLERANCE`, :data:`VALUE_TOLERANCE`) is ``good``."""
    if follows_advice(push_fold, str(mine.tile)):
        return "good"  # what the table's coach told the learner to do is never a mistake
    if push_fold is None and coach is not None and _kind_of(coach) == _kind_of(str(mine.tile)) and not dealt_in:
        return "good"  # ... nor the coach's own tile with no threat (kept value, a yaku or safety)
    if danger is not None:
        safe_there = danger["genbutsu_available"]
        if dealt_in and safe_there:
            return "dealt_in"
        pushing_ready = in_best and best.shanten_after <= 0  # pushing with a ready hand is a choice
        # measured from a genbutsu (danger 0), the safest of all when one is in the hand
        if safe_there and danger["chosen"] >= UNSAFE_MARGIN and not pushing_ready:
            return "unsafe"
        folded = push_fold["chosen"] == "fold" if push_fold is not None else danger["chosen"] == danger[
            "safest_danger"]
        if folded:
            return "good"  # folding with a tile as safe as the safest is never a mistake
    if in_best or (tolerant and _tolerance(mine, best, push_fold, dealt_in, why) is not None):
        return "good"
    if mine.shanten_after > best.shanten_after:
        return "lost_shanten"
    return "lost_tiles" if mine.total < best.total else "good"


@dataclass(frozen=True)
class DecisionPoint:
    """A moment where ``seat`` chose a discard with more than one kind allowed: the seat's
    ``view`` just before it (with the drawn tile), the legal discard ``tiles``, the ``action``
    taken (a Discard or a Riichi), ``where`` (the position fields of :class:`Decision`),
    ``dealt_in`` (somebody won by ron on that very discard: the seats in ``winners``), the tiles
    riichi could be declared with (``riichi_tiles``) and the table's ``rules``."""

    view: PlayerView
    tiles: tuple[Any, ...]
    action: Any
    where: dict[str, int]
    dealt_in: bool = False
    riichi_tiles: tuple[Any, ...] = ()
    rules: Any = field(default=None, repr=False, compare=False)
    winners: tuple[int, ...] = ()


def decision_points(log: dict[str, Any], seat: int) -> Iterator[DecisionPoint]:
    """Every discard decision of ``seat`` in a game log, in game order (raises RecordError for a
    log that does not replay; an unfinished last hand is walked as far as it goes).  Forced
    discards (one legal kind, or the drawn tile after riichi) are not decisions."""
    if not 0 <= seat < 4:
        raise ValueError(f"seat {seat} is out of range (0..3)")
    hand_index = -1
    action_no = 0
    pending: DecisionPoint | None = None  # the seat's latest decision, kept until we know if it dealt in
    view = legal = None
    for rnd, who, action in replay(log, allow_unfinished=True):
        if who is None:
            if pending is not None:
                yield pending
            hand_index += 1
            action_no, pending = 0, None
        else:
            action_no += 1
            if who == seat:
                if pending is not None:
                    yield pending
                pending = None
                if isinstance(action, Discard | Riichi) and view is not None and legal is not None:
                    tiles = tuple(a.tile for a in legal if isinstance(a, Discard | Riichi))
                    if len({t.kind for t in tiles}) > 1:
                        h = log["hands"][hand_index]
                        pending = DecisionPoint(view, tiles, action, {
                            "hand": hand_index, "turn": len(rnd.seats[seat].river) - 1, "action": action_no - 1,
                            "round": h.get("round", 0), "hand_number": h.get("hand", 0),
                            "honba": h.get("honba", 0)},
                            riichi_tiles=tuple(a.tile for a in legal if isinstance(a, Riichi)),
                            rules=rnd.rules)
            if rnd.ended and pending is not None:
                won = _ron_winners(rnd, seat)
                yield replace(pending, dealt_in=bool(won), winners=won)
                pending = None
        view, legal = _before(rnd, seat)
    if pending is not None:
        yield pending


def review_game(log: dict[str, Any], seat: int, *, calls: bool = True) -> GameReview:
    """Review every discard decision of ``seat`` in a game log (raises RecordError for a log
    that does not replay; an unfinished last hand is reviewed as far as it goes).  Forced
    discards (one legal kind, or the drawn tile after riichi) are not decisions; a win let pass
    is (:func:`passed_win_points`: a tsumo let pass joins the verdict on the discard that passed
    it, a ron let pass is a decision of its own).  A discard within the review's tolerances of the
    best (:data:`UKEIRE_TOLERANCE`, :data:`VALUE_TOLERANCE`) is ``good``.  With ``calls`` (the default) the answers to pon
    and chi offers are judged too."""
    decisions = {(p.where["hand"], p.where["action"]): _decide(p) for p in decision_points(log, seat)}
    for w in passed_win_points(log, seat):
        key = (w.where["hand"], w.where["action"])
        decisions[key] = _with_passed_win(decisions.get(key), w)
    ordered = tuple(decisions[k] for k in sorted(decisions))
    return GameReview(seat, ordered, review_calls(log, seat) if calls else ())


def _ron_winners(rnd: Any, seat: int) -> tuple[int, ...]:
    """The seats that won by ron on ``seat``'s discard when the hand ended (empty: no deal-in)."""
    res = rnd.result
    if res is None:
        return ()
    return tuple(w.seat for w in res.wins if not w.tsumo and w.from_seat == seat)


@dataclass(frozen=True)
class WinPoint:
    """A win on offer to ``seat`` that it let pass: its ``view`` at the offer (a ron: the discard on
    the table, ``view.last_tile``; a tsumo: the hand with the drawn tile), ``tsumo``, the winning
    ``tile``, the ``action`` taken instead (a Pass, a Discard, a Riichi, a Kan or a Kita), ``where``
    (the position fields of :class:`Decision`; ``turn`` -1 unless a discard passed it), ``win`` (what
    the win was worth: ``han``, ``fu``, ``points`` and ``yaku``, scored from the table without the
    hidden ura dora), ``furiten`` (what the pass left: ``riichi``, ``temporary``, ``river`` or None), the
    legal discard ``tiles``, the table's ``rules`` and, for a ``river`` furiten, ``river_tiles``: the
    winning tiles of the hand after the pass that lie in the seat's own river (MPSZ; after a discard
    that changed the wait they are tiles of the new wait, not the tile let pass)."""

    view: PlayerView
    tsumo: bool
    tile: Any
    action: Any
    where: dict[str, int]
    win: dict[str, Any]
    furiten: str | None
    tiles: tuple[Any, ...] = ()
    rules: Any = field(default=None, repr=False, compare=False)
    river_tiles: tuple[str, ...] = ()


def passed_win_points(log: dict[str, Any], seat: int) -> Iterator[WinPoint]:
    """Every win ``seat`` let pass in a game log, in game order: a ron offer answered with a pass,
    a tsumo offer answered with anything but the tsumo (raises RecordError for a log that does not
    replay).  An offer the table closed before the seat answered (another player's win) is not one."""
    from trainer.engine.game.actions import Ron, Tsumo

    if not 0 <= seat < 4:
        raise ValueError(f"seat {seat} is out of range (0..3)")
    hand_index, action_no = -1, 0
    offer: tuple[PlayerView, bool, Any, dict[str, Any], tuple[Any, ...], Any] | None = None
    for rnd, who, action in replay(log, allow_unfinished=True):
        if who is None:
            hand_index += 1
            action_no, offer = 0, None
        else:
            action_no += 1
            if who == seat and offer is not None:
                view, tsumo, tile, win, tiles, rules = offer
                if not isinstance(action, Ron | Tsumo):
                    h = log["hands"][hand_index]
                    me = rnd.seats[seat]
                    discarded = isinstance(action, Discard | Riichi)
                    where = {"hand": hand_index, "turn": len(me.river) - 1 if discarded else -1,
                             "action": action_no - 1, "round": h.get("round", 0),
                             "hand_number": h.get("hand", 0), "honba": h.get("honba", 0)}
                    furiten = _furiten_after(rnd, seat, tsumo, view)
                    yield WinPoint(view, tsumo, tile, action, where, win, furiten, tiles, rules,
                                   _river_waits(rnd, seat) if furiten == "river" else ())
                offer = None
        if rnd.ended:
            offer = None
            continue
        legal = rnd.legal_actions(seat)
        win_action = next((a for a in legal if isinstance(a, Ron | Tsumo)), None)
        if win_action is None:
            offer = None
        elif offer is None:
            tsumo = isinstance(win_action, Tsumo)
            view = make_view(rnd, seat)
            tile = view.drawn if tsumo else view.last_tile
            if tile is None:
                continue
            tiles = tuple(a.tile for a in legal if isinstance(a, Discard | Riichi))
            offer = (view, tsumo, tile, _win_worth(rnd, seat, tile, tsumo), tiles, rnd.rules)


def _win_worth(rnd: Any, seat: int, tile: Any, tsumo: bool) -> dict[str, Any]:
    """What winning on ``tile`` now would have been worth to ``seat``, scored by the table's own
    rules as :meth:`Round._win_info` scores it, but without the ura dora (hidden from the player
    and never shown unless the hand wins): ``han``, ``fu``, ``points`` (honba included, riichi
    sticks not) and the ``yaku``; empty when it does not score."""
    from trainer.engine.game.wins import score_win
    from trainer.engine.hand import Hand

    s = rnd.seats[seat]
    concealed = list(s.concealed) if tsumo else [*s.concealed, tile]
    robbing = (not tsumo) and rnd.call_kind != "discard" and (
        rnd.call_kind != "kita" or getattr(rnd.options, "kita_ron", "") == "chankan")
    first = rnd.uninterrupted and not s.has_discarded
    try:
        info = score_win(
            rnd.rules, Hand(tuple(sorted(concealed)), tuple(s.melds)), seat=seat,
            from_seat=None if tsumo else rnd.last_from, win_tile=tile, dealer=rnd.dealer, tsumo=tsumo,
            honba=rnd.honba, sticks=rnd.sticks, riichi=s.riichi, double_riichi=s.double_riichi, ippatsu=s.ippatsu,
            seat_wind=rnd.seat_wind(seat), round_wind=rnd.round_wind, dora_indicators=rnd.wall.dora_indicators,
            ura_indicators=(),
            haitei=tsumo and not rnd.rinshan and not rnd.kita_draw and rnd.wall.live_remaining == 0,
            houtei=(not tsumo) and not robbing and rnd.wall.live_remaining == 0,
            rinshan=tsumo and rnd.rinshan, chankan=robbing, nuki=len(s.kita),
            tenhou=tsumo and first and seat == rnd.dealer, chiihou=tsumo and first and seat != rnd.dealer,
            renhou=(not tsumo) and first and not s.has_drawn and rnd.options.renhou != "none")
    except (AttributeError, TypeError, ValueError):  # a table this scoring does not know
        return {}
    if info is None:
        return {}
    return {"han": info.han, "fu": info.fu, "points": info.value, "yaku": list(info.yaku)}


def _furiten_after(rnd: Any, seat: int, tsumo: bool, view: PlayerView) -> str | None:
    """The furiten a win let pass leaves: ``riichi`` (after riichi: no ron for the rest of the
    hand), ``temporary`` (a ron passed without riichi: no ron until the seat's next discard),
    ``river`` (a tsumo passed by discarding a winning tile: it is in the seat's own river now), or
    None."""
    if view.riichi[seat]:
        return "riichi"
    if not tsumo:
        return "temporary"
    return "river" if _river_waits(rnd, seat) else None


def _river_waits(rnd: Any, seat: int) -> tuple[str, ...]:
    """The seat's winning tiles now (its wait after the discard that let the win pass, which may be
    a new one) that lie in its own river, the cause of a river furiten (MPSZ, in tile order)."""
    from trainer.engine.tiles import Tile

    s = rnd.seats[seat]
    return tuple(str(Tile(k)) for k in sorted(set(s.waits)) if k in s.river_kinds)


def passed_win_note(w: WinPoint) -> dict[str, Any]:
    """A win let pass as :class:`Decision` carries it (``passed_win``): ``kind`` (``"ron"`` or
    ``"tsumo"``), the winning ``tile``, ``from_seat`` (who threw it; None for a tsumo), what the win
    was worth (``han``, ``fu``, ``points``, ``yaku``; absent when the table could not score it), the
    seat's ``riichi``, the ``furiten`` the pass left (``riichi``, ``temporary``, ``river`` or None; for
    ``river``, ``river_tiles``: the winning tiles now in the seat's own river, which after a discard that
    changed the wait are tiles of the new wait, not ``tile``), the
    table coach's ``advice`` (``"win"``, or ``"pass"`` where it lets the win pass too: in the last
    hand, a win that ends the match still in last place) with its ``reasons``; ``me`` and
    ``players`` name the seats."""
    from trainer.engine.game.coach import pass_win_advice  # the coach reads this module

    try:
        passed = pass_win_advice(w.view, w.tsumo, w.rules)
    except (ValueError, KeyError):
        passed = None
    view = w.view
    return {"kind": "tsumo" if w.tsumo else "ron", "tile": str(w.tile),
            "from_seat": None if w.tsumo else view.last_from, **w.win,
            "riichi": bool(view.riichi[view.seat]), "furiten": w.furiten, "river_tiles": list(w.river_tiles),
            "advice": "win" if passed is None else "pass", "reasons": _reasons_json(passed or ()),
            "me": view.seat, "players": len(view.scores)}


def _with_passed_win(d: Decision | None, w: WinPoint) -> Decision:
    """The decision that let the win ``w`` pass: the verdict on the discard that passed a tsumo
    (``d``, when it was a discard decision) or a decision of its own (a passed ron, or a discard
    forced after riichi), a ``passed_win`` mistake unless the coach lets that win pass too."""
    note = passed_win_note(w)
    against = note["advice"] == "win"
    if d is not None:
        return replace(d, passed_win=note, verdict="passed_win" if against else d.verdict)
    view = w.view
    chosen = getattr(w.action, "tile", None) if isinstance(w.action, Discard | Riichi) else None
    shanten = ukeire = 0
    if chosen is not None:  # the discard forced after riichi (the drawn tile): the hand stays as it was
        seen = [max(0, min(4, v - h)) for v, h in zip(view.visible_counts(), view.hand.all_counts(), strict=True)]
        mine = next((o for o in discard_options(view.hand, seen) if o.tile.kind == chosen.kind), None)
        if mine is not None:
            shanten, ukeire = mine.shanten_after, mine.total
    else:  # a ron let pass (or a kan or a North instead of a tsumo): the hand as it was, ready
        from trainer.engine.game.coach import waiting

        ready = waiting(view) if not w.tsumo else None
        ukeire = sum(ready.waits.values()) if ready is not None else 0
    tile = str(chosen if chosen is not None else w.tile)
    return Decision(**w.where, chosen=tile, riichi=isinstance(w.action, Riichi), best=(tile,) if chosen else (),
                    shanten_chosen=shanten, shanten_best=shanten, ukeire_chosen=ukeire, ukeire_best=ukeire,
                    verdict="passed_win" if against else "good", passed_win=note)


def _before(rnd: Any, seat: int) -> tuple[PlayerView | None, list[Any] | None]:
    """The seat's view and legal actions when it is about to decide on a discard (None otherwise)."""
    if rnd.ended or rnd.phase.value != "turn" or rnd.current != seat:
        return None, None
    if rnd.seats[seat].riichi:
        return None, None  # after riichi the drawn tile goes (or a win or a kan): no discard choice
    return make_view(rnd, seat), rnd.legal_actions(seat)


def _decide(p: DecisionPoint) -> Decision:
    """The game review's verdict on one decision point (with the review's tolerances)."""
    a = p.action
    return review_decision(p.view, p.tiles, a.tile, riichi=isinstance(a, Riichi), dealt_in=p.dealt_in,
                           riichi_tiles=p.riichi_tiles, rules=p.rules, winners=p.winners, tolerant=True,
                           **p.where)


__all__ = ["CallDecision", "CloseBy", "Decision", "DecisionPoint", "GameReview", "WinPoint", "coach_why", "danger_notes",
           "deal_in_note", "decision_points", "follows_advice", "passed_win_note", "passed_win_points",
           "push_fold_choice", "review_decision", "review_game", "riichi_choice", "within_tolerance",
           "close_in_value", "UKEIRE_TOLERANCE", "VALUE_TOLERANCE"]
