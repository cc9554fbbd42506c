"""Discard puzzles from real games («Что сбросить?», nanikiru 何切る).

A puzzle is one discard decision of a game: the table as the player saw it (own hand with
the drawn tile, every river, meld, dora indicator and riichi) and the question "what do
you discard?".  Positions come from

* the learner's own saved and imported games — the learner's seat only; the caller (the
  UI or progress side) passes the games in, since the engine knows nothing of learners;
* the starter set shipped with the app (:data:`STARTER_FILE`): positions of our bots'
  games chosen by ``scripts/build_nanikiru_starter.py``, so the drill works before the
  learner has played a game.

The answer agrees with the table's coach.  Right are the best tiles by tiles alone
(:func:`trainer.engine.game.coach.efficiency_hints`: every legal tile tied for the fewest
shanten and the most ukeire, and — when an opponent is in riichi and the safest tile is
another one — that safest tile too, since folding is a choice, not a mistake) and the
discard the table's coach recommends (:func:`trainer.engine.game.coach.discard_hints`: the
strong bot's choice from the shared evaluator, weighing value, push or fold and danger).
So a tile the coach tells the learner to play at the table is never called wrong here.  A
learner's pick is judged by the review's verdict
(:func:`trainer.engine.game.review.review_decision`), whose words the UI shares with the
review screens, and the coach's reasons explain where the two answers differ.  Positions
where the learner chose at the table a tile neither answer accepts come first in a drill.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from trainer.engine.exercises.base import Exercise, Prompt
from trainer.engine.game.coach import DiscardHint, coach_turn, discard_hints, efficiency_hints
from trainer.engine.game.records import RecordError, load, log_rules
from trainer.engine.game.review import Decision, danger_notes, decision_points, review_decision
from trainer.engine.game.view import PlayerView
from trainer.engine.notation import format_hand
from trainer.engine.tiles import Tile
from trainer.engine.ukeire import discard_options

STARTER_FILE = "nanikiru_starter.json"
"""The starter positions, in ``trainer/engine/data``."""

MAX_BEST_KINDS = 3
"""A position whose best tiles are more kinds than this teaches little; the drill leaves it
out unless the learner chose wrongly there."""

ENOUGH = 3
"""Reading stops once this many times the drill's length of the learner's own different choices
were found (newest games first): enough to vary the drill, and the drill opens fast."""

KIND = "nanikiru"
"""The exercise kind and question id of a discard puzzle."""

FOCUS = ("all", "attack", "defence")
"""Which positions a drill asks: all of them, only those with no opponent in riichi (building the
hand), or only those against a riichi (push or fold, which tile is safe)."""


@dataclass(frozen=True)
class Position:
    """One discard decision: where it comes from (``source``: a game file name or
    ``"starter"``; ``hand`` and ``action`` index the log), the ``seat`` that decided, its
    ``view`` before the discard, the ``legal`` tiles, and ``chosen`` — the tile the learner
    discarded at the table (None for the starter set, whose choices were the bots')."""

    source: str
    seat: int
    hand: int
    action: int
    view: PlayerView = field(repr=False)
    legal: tuple[Tile, ...] = field(repr=False)
    chosen: Tile | None
    log: dict[str, Any] = field(repr=False, compare=False, hash=False)


@dataclass(frozen=True)
class Puzzle:
    """A position with its answer: the ``hints`` (best tiles by tiles alone with their reason,
    and the safest tile when someone is in riichi), the table coach's ``coach`` hints (its
    discard with the evaluator's reasons, then maybe the safest tile) and the ``exercise``
    (pick one tile; any hinted tile or the coach's discard is right).  ``yakuless`` are the
    kinds that would leave an open hand without a yaku (it could never win) while another
    discard keeps one."""

    position: Position
    hints: tuple[DiscardHint, ...]
    exercise: Exercise
    coach: tuple[DiscardHint, ...] = ()
    yakuless: frozenset[int] = frozenset()

    @property
    def answer(self) -> frozenset[int]:
        """The tile kinds accepted: the efficiency-best ones and the coach's discard."""
        return self.exercise.answer

    @property
    def efficient(self) -> frozenset[int]:
        """The tile kinds best by tiles alone (fewest shanten, most ukeire; the safest tile
        against a riichi)."""
        return frozenset(h.tile.kind for h in self.hints)

    @property
    def widest(self) -> frozenset[int]:
        """The tile kinds tied for the fewest shanten and the most ukeire (the efficiency-best
        without the safest tile against a riichi)."""
        return frozenset(h.tile.kind for h in self.hints if h.reason != "safer")

    @property
    def coach_kind(self) -> int | None:
        """The kind the table's coach would discard (the strong bot's choice), if any."""
        return self.coach[0].tile.kind if self.coach else None

    @property
    def differs(self) -> bool:
        """True when the learner chose at the table a tile neither answer accepts."""
        chosen = self.position.chosen
        return chosen is not None and chosen.kind not in self.answer

    @property
    def riichi_against(self) -> tuple[int, ...]:
        """The opponents in riichi at this moment."""
        v = self.position.view
        return tuple(s for s in range(len(v.riichi)) if s != v.seat and v.riichi[s])


@dataclass(frozen=True)
class Drill:
    """The puzzles of one drill in the order to ask them, and one line per game that could
    not be read (``notes``: "file: reason")."""

    puzzles: tuple[Puzzle, ...]
    notes: tuple[str, ...] = ()
    from_games: int = 0


def positions_of(log: dict[str, Any], seat: int, source: str, *, chosen: bool = True) -> Iterator[Position]:
    """Every discard decision of ``seat`` in a game log as a position (raises RecordError when the
    log does not replay).  ``chosen`` False forgets the tile taken at the table."""
    for p in decision_points(log, seat):
        yield Position(source, seat, p.where["hand"], p.where["action"], p.view, tuple(p.tiles),
                       p.action.tile if chosen else None, log)


@cache
def _rules(name: str, options: str) -> Any:
    return log_rules({"rules": name, "rule_options": json.loads(options)})


def rules_of(log: dict[str, Any]) -> Any:
    """The rule set a game was played with (one object per preset and options, so the coach's
    evaluator keeps its caches across positions); Tenhou rules when the log names none."""
    return _rules(str(log.get("rules") or "tenhou"), json.dumps(log.get("rule_options"), sort_keys=True))


def puzzle(position: Position) -> Puzzle:
    """The answer to a position, as a pick-one-tile exercise: the efficiency-best tiles and the
    table coach's discard (under the game's rules); in an open hand whose fastest tiles would
    leave it without a yaku, only the tiles that keep one.  The explanation lists every legal kind
    with its shanten after the discard, its ukeire, whether it is the coach's discard and
    (with a riichi on the table) its danger; the skill is ``defense`` when someone is in
    riichi, else ``efficiency``."""
    view = position.view
    rules = rules_of(position.log)
    coach = tuple(discard_hints(view, position.legal, rules))
    # the evaluator's advice for each best tile too, so the coach's words can explain a safe tile
    turn = coach_turn(view, position.legal, rules)
    advice = {a.tile.kind: a for a in turn.discards}
    seats = coach[0].threat_seats if coach else ()
    hints = tuple(replace(h, advice=advice.get(h.tile.kind), threat_seats=seats)
                  for h in efficiency_hints(view, position.legal))
    yakuless: frozenset[int] = frozenset()
    if turn.push_fold.push and not all(a.no_yaku for a in turn.discards):
        # an open hand going for a win: the tiles that leave it without a yaku (it could never win)
        # are not right (folding, any safe tile is)
        yakuless = frozenset(a.tile.kind for a in turn.discards if a.no_yaku)
        hints = tuple(h for h in hints if h.tile.kind not in yakuless)
    answer = frozenset(h.tile.kind for h in hints) | frozenset(h.tile.kind for h in coach[:1])
    threats = any(view.riichi[s] for s in range(len(view.riichi)) if s != view.seat)
    seen = [max(0, min(4, v - h)) for v, h in zip(view.visible_counts(), view.hand.all_counts(), strict=True)]
    allowed = {t.kind for t in position.legal}
    visible = view.visible_counts()
    items: list[dict[str, Any]] = []
    for o in discard_options(view.hand, seen):
        if o.tile.kind not in allowed:
            continue
        item: dict[str, Any] = {"kind": "discard", "tile": str(o.tile), "shanten": o.shanten_after,
                                "ukeire": o.total, "best": o.tile.kind in answer,
                                "coach": bool(coach) and o.tile.kind == coach[0].tile.kind}
        if threats:
            item["danger"] = round(sum(n["danger"] for n in danger_notes(view, o.tile.kind, visible)), 2)
        items.append(item)
    if position.chosen is not None:
        items.append({"kind": "game_choice", "tile": str(position.chosen)})
    prompt = Prompt(KIND, "pick_tiles", hand=format_hand(view.hand),
                    data=(("riichi", threats), ("source", position.source)))
    item_id = f"{KIND}:{position.source}:{position.hand}:{position.action}:{position.seat}"
    ex = Exercise(KIND, prompt, answer, tuple(items), "defense" if threats else "efficiency", item_id,
                  params=(("action", position.action), ("hand", position.hand), ("seat", position.seat),
                          ("source", position.source)))
    return Puzzle(position, hints, ex, coach, yakuless)


def judge(p: Puzzle, tile: Tile) -> Decision:
    """The review's verdict on discarding ``tile`` in the puzzle's position: its shanten and
    ukeire against the best by tiles, and its danger when someone is in riichi (the UI words it
    as the review does; where the coach's discard differs, the UI adds the coach's reasons)."""
    return review_decision(p.position.view, p.position.legal, tile)


def worth_asking(p: Puzzle) -> bool:
    """Whether a position makes a useful puzzle: a real choice (not every legal kind is right)
    and few enough right kinds (at most :data:`MAX_BEST_KINDS`) — or the learner chose wrongly."""
    if p.differs:
        return True
    kinds = {t.kind for t in p.position.legal}
    return 0 < len(p.answer) <= MAX_BEST_KINDS and len(p.answer) < len(kinds)


# ---------------------------------------------------------------- the starter set


@cache
def _starter_data() -> dict[str, Any]:
    text = resources.files("trainer.engine").joinpath("data", STARTER_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def starter_positions(data: dict[str, Any] | None = None) -> list[Position]:
    """The shipped starter positions in file order (``data``: another file's content, for tests
    and the build script).  Each stored hand is a one-hand game log; each position names the
    seat and the action index of a discard decision in it."""
    data = data if data is not None else _starter_data()
    out: list[Position] = []
    for hi, h in enumerate(data["hands"]):
        wanted = {(int(s), int(a)) for s, a, *_ in h["positions"]}
        for seat in sorted({s for s, _a in wanted}):
            for pos in positions_of(h["log"], seat, f"starter{hi}", chosen=False):
                if (seat, pos.action) in wanted:
                    out.append(pos)
    return out


# ---------------------------------------------------------------- a drill


def _game_puzzles(log: dict[str, Any], seat: int, source: str) -> list[Puzzle]:
    return [puzzle(p) for p in positions_of(log, seat, source)]


def in_focus(p: Puzzle, focus: str) -> bool:
    """Whether puzzle ``p`` belongs to a drill of ``focus`` (see :data:`FOCUS`)."""
    if focus == "attack":
        return not p.riichi_against
    if focus == "defence":
        return bool(p.riichi_against)
    return True


def make_drill(games: Iterable[tuple[Path | dict[str, Any], int]], n: int = 10, seed: int = 0, *,
               max_games: int = 8, starter: bool = True, focus: str = "all") -> Drill:
    """A drill of up to ``n`` puzzles from the learner's games (``(file or log, learner seat)``,
    newest first; at most ``max_games`` are read, fewer once :data:`ENOUGH` ``* n`` positions with
    a different choice were found), then from the starter set when those run short; only the
    positions of ``focus`` (:data:`FOCUS`: all, building the hand, or against a riichi).

    Positions where the learner chose a tile neither the coach nor the best by tiles accepts come
    first; the other positions of the learner's games, and then starter positions, fill the
    drill in a seeded random order.  A game that cannot be read or replayed is skipped with a
    one-line note naming it."""
    if focus not in FOCUS:
        raise ValueError(f"focus must be one of {', '.join(FOCUS)}, not {focus!r}")
    rng = random.Random(f"{KIND}:{seed}")
    notes: list[str] = []
    differs: list[Puzzle] = []
    others: list[Puzzle] = []
    read = 0
    for source, seat in games:
        if read >= max_games or len(differs) >= ENOUGH * n:
            break
        name = source.name if isinstance(source, Path) else "game"
        try:
            log = load(source) if isinstance(source, Path) else source
            got = [p for p in _game_puzzles(log, seat, name) if in_focus(p, focus)]
        except RecordError as e:
            notes.append(_one_line(str(e), source))
            continue
        except (OSError, KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            notes.append(f"{name}: damaged game log ({type(e).__name__}: {e})")
            continue
        read += 1
        differs += [p for p in got if p.differs]
        others += [p for p in got if not p.differs and worth_asking(p)]
    rng.shuffle(differs)
    rng.shuffle(others)
    chosen = (differs + others)[:n]
    if starter and len(chosen) < n:
        pool = starter_positions()
        rng.shuffle(pool)
        for p in pool:
            if len(chosen) >= n:
                break
            q = puzzle(p)
            if in_focus(q, focus):
                chosen.append(q)
    return Drill(tuple(chosen), tuple(notes), read)


def _one_line(text: str, source: Path | dict[str, Any]) -> str:
    line = text.splitlines()[0] if text else "cannot be read"
    if isinstance(source, Path):
        line = line.replace(str(source), source.name)
        if not line.startswith(source.name):
            line = f"{source.name}: {line}"
    return line


__all__ = ["FOCUS", "KIND", "STARTER_FILE", "Drill", "Position", "Puzzle", "in_focus", "judge", "make_drill", "positions_of", "puzzle",
           "rules_of", "starter_positions", "worth_asking"]
