"""``python -m trainer review``: the coach's verdict on every discard of one seat in a saved game.

The file may be our game log or a tenhou.net/6 log (read through ``log_files.load_any``: every
hand replayed by our engine; differences from the log's scores are printed as ``note:`` lines,
on stderr with ``--json``).

    python -m trainer review game.json               seat 0 (the learner's seat in the app)
    python -m trainer review game.json --seat 2 --json

Each decision compares the discard chosen with the best discards by ukeire (and,
when an opponent is in riichi, with the safest tile).  With ``--json`` one JSON
object is printed: ``{"seat": N, "decisions": [{"hand": i, "turn": t, "chosen":
"5m", "best": [...], "ukeire_chosen": n, "ukeire_best": n, "danger": ...,
"riichi_choice": ...}, ...], "summary": {...}}`` (``hand`` indexes the log's hands and
``turn`` the seat's river, both from 0).  ``riichi_choice`` is null unless the discard kept a
closed hand ready with riichi legal on it; then ``{"chosen": "riichi"|"dama", "advice":
"riichi"|"dama", "dama": ron value, "with_riichi": ron value, "left": winning tiles,
"reason": code}`` (the table coach's verdict for that tile), and the summary counts these
choices (``riichi_choices``) and those against the coach (``riichi_against_advice``).
``push_fold`` is null unless an opponent was a threat the coach folds against; then ``{"chosen":
"push"|"fold", "advice": "push"|"fold", "gain", "loss", "risk", "safest_risk", ...}`` in points
(see ``trainer.engine.game.review.push_fold_choice``), counted in ``push_fold_choices`` and
``push_fold_against_advice``.

The answers to pon and chi offers come after the discards (``"calls"`` in the JSON: one object per
discard of another player that allowed the seat a pon or chi, passed or called): ``{"hand": i,
"action": a, "tile": "5z", "from_seat": s, "offered": [{"call": "pon", "tiles": ["5z", "5z"]}],
"chosen": "pass"|"pon"|"chi", "advice": "pass"|"pon"|"chi", "against_advice": bool, "judged":
"pon", "reason": code, "shanten": n, "shanten_after": n, "value_after": points, "reasons": [...],
...}`` (the table coach's verdict), and the summary counts them (``call_decisions``) and those
against the coach (``calls_against_advice``).  A file that is not a game log, or a seat out of
range, gives a one-line error and exit status 2.

A win let pass (a ron answered with a pass, a tsumo answered with a discard) is labelled in the
text output: ``passed win: ron on 9m from seat 1 (2 han 40 fu), 3,900 points given up, then
riichi furiten``; a passed ron has no discard, so its line has no tile choice and no turn
(``turn  -``).  The JSON carries it as ``passed_win`` (see ``trainer.engine.game.review``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

WINDS = "ESWN"
VERDICT_WORDS = {
    "good": "ok",
    "lost_tiles": "fewer tiles",
    "lost_shanten": "slower hand",
    "unsafe": "dangerous",
    "dealt_in": "dealt in",
    "passed_win": "missed win",
}

FURITEN_WORDS = {"riichi": "riichi furiten", "temporary": "temporary furiten", "river": "furiten (the tile in the river)"}
"""The furiten a win let pass leaves (``passed_win["furiten"]``), in the text output's words."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of the review command."""
    parser.add_argument("log", type=Path, help="a game log (JSON) saved by the app or by simulate --logs")
    parser.add_argument("--seat", type=int, default=0, help="the seat to review, 0..3 (default 0, the first East)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")


def run(args: argparse.Namespace) -> int:
    """Review the game and print the verdicts; returns the exit status."""
    from trainer.engine.game.log_files import load_any
    from trainer.engine.game.records import RecordError
    from trainer.engine.game.review import review_game

    if not 0 <= args.seat <= 3:
        print(f"review: --seat {args.seat} is out of range (seats are 0..3)", file=sys.stderr)
        return 2
    try:
        loaded = load_any(args.log)  # our game log or a tenhou.net/6 log (replayed through our engine)
        log = loaded.log
        result = review_game(log, args.seat)
    except RecordError as e:
        print(f"review: {e}", file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError) as e:
        print(f"review: {args.log}: cannot read: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return 2
    except (KeyError, TypeError, ValueError, IndexError) as e:
        print(f"review: {args.log}: not a valid game log ({type(e).__name__}: {e})", file=sys.stderr)
        return 2
    for note in loaded.notes:
        print(f"note: {note}", file=sys.stderr if args.json else sys.stdout)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    players = log.get("players") or []
    name = players[args.seat] if args.seat < len(players) else "?"
    passed = sum(1 for d in result.decisions if d.passed_win is not None)
    discards = sum(1 for d in result.decisions if d.turn >= 0)
    counts = f"{discards} discard decisions" + (f", {passed} wins let pass" if passed else "")
    print(f"{args.log}: seat {args.seat} ({name}), {counts}")
    for d in result.decisions:
        turn = f"{d.turn + 1:>2}" if d.turn >= 0 else " -"
        where = f"{WINDS[d.round % 4]}{d.hand_number + 1}-{d.honba} turn {turn}"
        if d.passed_win is not None and d.turn < 0:  # a ron let pass: no discard to judge
            print(f"{where}: {passed_win_words(d.passed_win)}  {VERDICT_WORDS.get(d.verdict, d.verdict)}")
            continue
        act = "riichi " if d.riichi else ""
        line = (f"{where}: {act}{d.chosen}  best {' '.join(d.best)}  ukeire {d.ukeire_chosen}/{d.ukeire_best}"
                f"  shanten {d.shanten_chosen}/{d.shanten_best}")
        if d.danger is not None:
            line += f"  danger {d.danger['chosen']:g} (safest {' '.join(d.danger['safest'])})"
        line += f"  {VERDICT_WORDS.get(d.verdict, d.verdict)}"
        c = d.riichi_choice
        if c is not None:  # a ready closed hand: riichi or dama, against the coach's verdict for that tile
            agree = "ok" if c["chosen"] == c["advice"] else f"coach: {c['advice']}"
            line += (f"; {c['chosen']}, {agree} ({c['reason']}; ron {c['dama']} dama / {c['with_riichi']} riichi,"
                     f" {c['left']} tiles)")
        if d.passed_win is not None:  # a tsumo let pass by this discard
            line += f"; {passed_win_words(d.passed_win)}"
        print(line)
    s = result.summary()
    acc = f"{s['accuracy']:.0%}" if s["accuracy"] is not None else "-"
    print(f"summary: {s['good']} of {s['decisions']} good ({acc}); best by ukeire {s['best_by_ukeire']}; "
          f"fewer tiles {s['lost_tiles']} ({s['tiles_lost']} tiles in all), slower {s['lost_shanten']}, "
          f"dangerous {s['unsafe']}, dealt in with a safe tile {s['dealt_in']}; "
          f"riichi or dama against the coach {s['riichi_against_advice']} of {s['riichi_choices']}; "
          f"push or fold against the coach {s['push_fold_against_advice']} of {s['push_fold_choices']}; "
          f"wins let pass {s['passed_wins']} ({s['passed_win']} against the coach)")
    _print_calls(result.calls, s)
    return 0


def passed_win_words(w: dict) -> str:
    """A win let pass, for the text output: "passed win: ron on 9m from seat 1 (2 han 40 fu), 3,900
    points given up, then riichi furiten" (and "the coach lets it pass too" where it does)."""
    text = f"passed win: {w['kind']} on {w['tile']}"
    if w.get("from_seat") is not None:
        text += f" from seat {w['from_seat']}"
    if w.get("han"):
        text += f" ({w['han']} han {w['fu']} fu), {int(w['points']):,} points given up"
    if w.get("furiten"):
        text += f", then {FURITEN_WORDS.get(w['furiten'], w['furiten'])}"
    if w.get("advice") == "pass":
        text += "; the coach lets it pass too"
    return text


def _print_calls(calls: tuple, s: dict) -> None:
    """The answers to pon and chi offers, one line each, and their total."""
    print(f"{len(calls)} pon or chi offers")
    for c in calls:
        where = f"{WINDS[c.round % 4]}{c.hand_number + 1}-{c.honba} action {c.action + 1:>3}"
        offered = ", ".join(f"{call} {''.join(tiles)}" for call, tiles in c.offered)
        chosen = c.chosen if not c.chosen_tiles else f"{c.chosen} {''.join(c.chosen_tiles)}"
        agree = f"coach: {c.advice}" if c.against_advice else "ok"
        print(f"{where}: {c.tile} from seat {c.from_seat} (offered {offered}); {chosen}, {agree} "
              f"({c.judged} {c.reason}; shanten {c.shanten} -> {c.shanten_after}, open hand {c.value_after})")
    print(f"calls: {s['calls_against_advice']} of {s['call_decisions']} against the coach")
