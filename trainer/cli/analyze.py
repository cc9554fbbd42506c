"""``python -m trainer analyze``: shanten, waits with their shapes, best discards.

    python -m trainer analyze "123m456p789s1122z"
    python -m trainer analyze "12345m067p11z (777s)" --visible 1z3m3m
    printf '123m456p789s1122z\\n19m19p19s1234567z1m\\n' | python -m trainer analyze --jsonl

A waiting hand (3n+1 tiles, melds counting three) gets its shanten per form and,
when tenpai, its waits: for each waited tile the shapes it completes (ryanmen,
kanchan, penchan, shanpon, tanki, kokushi), the copies left, and the named
shape of the whole wait (nobetan, sanmenchan, ...).  A hand with the drawn
tile (3n+2) gets its readings if complete and every discard with the ukeire
after it, best first.

``--jsonl`` reads one hand per line from standard input and writes one JSON
object per line; a line that cannot be read gives ``{"error": ..., "input": ...}``
and the run goes on (blank lines are skipped).  Bad notation on the command
line is reported on standard error with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from trainer import textio
from trainer.engine.decompose import Form, Reading, readings
from trainer.engine.hand import Hand
from trainer.engine.notation import NotationError, format_hand, format_tiles, parse_hand, parse_tiles
from trainer.engine.shanten import shanten, shanten_by_form
from trainer.engine.tiles import NUM_KINDS, counts34, kind_name
from trainer.engine.ukeire import discard_options, ukeire
from trainer.engine.waits import Placement, WaitReport, wait_report

FORM_LABELS = {"standard": "standard", "seven_pairs": "seven pairs", "thirteen_orphans": "thirteen orphans"}


class InputError(ValueError):
    """A hand or option that cannot be analysed; the message says why."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of the analyze command."""
    parser.add_argument(
        "hands", nargs="*", metavar="HAND", help='hands in MPSZ notation, e.g. "123m456p789s1122z"'
    )
    parser.add_argument(
        "--jsonl",
        action="store_true",
        help="read one hand per line from stdin, write one JSON object per line",
    )
    parser.add_argument(
        "--visible",
        default="",
        metavar="TILES",
        help="tiles seen outside the hand (discards, melds, dora indicators), e.g. 1z1z5p: lowers copies left",
    )
    parser.add_argument(
        "--top",
        type=int,
        default=8,
        metavar="N",
        help="discards to show in the text report (default 8; 0 = all)",
    )


def run(args: argparse.Namespace) -> int:
    """Analyse the hands given on the command line or, with --jsonl, on stdin."""
    try:
        visible = parse_tiles(args.visible) if args.visible else ()
    except NotationError as e:
        print(f"analyze: --visible: {e}", file=sys.stderr)
        return 2
    if args.jsonl:
        if args.hands:
            print("analyze: --jsonl reads hands from standard input; give no HAND arguments", file=sys.stderr)
            return 2
        for line in textio.text_stream(sys.stdin, errors="replace"):  # a byte order mark is dropped
            text = line.strip()
            if text:
                print(json.dumps(analyze_json(text, visible), ensure_ascii=False), flush=True)
        return 0
    if not args.hands:
        print(
            'analyze: give a hand, e.g. python -m trainer analyze "123m456p789s1122z", or use --jsonl',
            file=sys.stderr,
        )
        return 2
    status = 0
    for i, text in enumerate(args.hands):
        try:
            report = analyze_text(text, visible, top=args.top)
        except (NotationError, InputError) as e:
            print(f"analyze: {e}", file=sys.stderr)
            status = 2
            continue
        if i:
            print()
        print(report)
    return status


def _parse(text: str, visible: tuple) -> tuple[Hand, list[int]]:
    """The hand and the visible counts, refusing more than four copies in total."""
    hand = parse_hand(text)
    seen = counts34(visible)
    held = hand.all_counts()
    for k in range(NUM_KINDS):
        if held[k] + seen[k] > 4:
            raise InputError(
                f'"{text}": {held[k]} {kind_name(k)} in the hand and {seen[k]} visible make more than 4 copies'
            )
    return hand, seen


def analyze_json(text: str, visible: tuple = ()) -> dict[str, Any]:
    """The JSON object of one hand for ``--jsonl``: hand, shanten (minimum over the
    forms that apply), shanten_by_form, and waits (3n+1) or discards (3n+2)."""
    try:
        hand, seen = _parse(text, visible)
        forms = shanten_by_form(hand)
        out: dict[str, Any] = {
            "hand": format_hand(hand),
            "tiles": hand.size,
            "shanten": shanten(hand),
            "shanten_by_form": forms,
        }
        if len(hand.concealed) % 3 == 1:
            report = wait_report(hand, seen)
            out["waits"] = [kind_name(k) for k in report.waits]
            out["wait_shapes"] = {kind_name(t.kind): [s.value for s in t.shapes] for t in report.tiles}
            out["copies_left"] = {kind_name(t.kind): t.left for t in report.tiles}
            out["named_waits"] = [
                {"id": n.id, "category": n.category, "waits": [kind_name(k) for k in n.waits]}
                for n in report.named
            ]
            out["fifth_copy"] = [kind_name(k) for k in report.fifth_copy]
            out["karaten"] = report.is_karaten
            if out["shanten"] > 0:
                improving = ukeire(hand, seen)
                out["ukeire"] = {kind_name(k): n for k, n in sorted(improving.items())}
                out["ukeire_total"] = sum(improving.values())
        else:
            out["complete"] = out["shanten"] == -1
            out["readings"] = [_reading_text(r) for r in readings(hand)]
            out["discards"] = [
                {
                    "tile": str(o.tile),
                    "shanten": o.shanten_after,
                    "ukeire": {kind_name(k): n for k, n in sorted(o.ukeire.items())},
                    "total": o.total,
                }
                for o in discard_options(hand, seen)
            ]
        return out
    except (NotationError, InputError, ValueError) as e:
        return {"error": str(e), "input": text}


def _reading_text(r: Reading) -> str:
    label = {
        Form.STANDARD: "",
        Form.SEVEN_PAIRS: "seven pairs: ",
        Form.THIRTEEN_ORPHANS: "thirteen orphans: ",
    }
    if r.form is Form.THIRTEEN_ORPHANS:
        return label[r.form] + f"pair {kind_name(r.orphan_pair or 0)}"
    return label[r.form] + " ".join(str(g) for g in r.groups)


def _placement_text(reading: Reading, placement: Placement) -> str:
    """'ryanmen on 456m in 234m 456m 123p 456s 99m': the shape, the group the winning
    tile completes, and the whole reading."""
    shape = placement.shape.value
    if placement.group_index is None:
        return f"{shape:<10} in {_reading_text(reading)}"
    group = str(reading.groups[placement.group_index])
    return f"{shape:<10} {group:<5} in {_reading_text(reading)}"


def _shanten_line(hand: Hand) -> str:
    forms = shanten_by_form(hand)
    best = min(forms.values())
    word = {-1: "complete (agari)", 0: "tenpai"}.get(best, f"{best}-shanten")
    parts = ", ".join(f"{FORM_LABELS.get(f, f)} {n}" for f, n in forms.items())
    return f"Shanten: {best} ({word}) — {parts}"


def analyze_text(text: str, visible: tuple = (), *, top: int = 8) -> str:
    """The readable report of one hand (raises NotationError / InputError on bad input)."""
    hand, seen = _parse(text, visible)
    closed = "closed" if hand.is_closed else "open"
    lines = [f"Hand: {format_hand(hand)}  ({hand.size} tiles, {closed})", _shanten_line(hand)]
    if len(hand.concealed) % 3 == 1:
        lines.extend(_wait_lines(wait_report(hand, seen)))
        if shanten(hand) > 0:
            improving = ukeire(hand, seen)
            tiles = " ".join(f"{kind_name(k)}×{n}" for k, n in sorted(improving.items()))
            lines.append(f"Ukeire: {sum(improving.values())} tiles bring it one step closer: {tiles}")
    else:
        reads = readings(hand)
        if reads:
            lines.append("Readings:")
            lines.extend(f"  {_reading_text(r)}" for r in reads)
        options = discard_options(hand, seen)
        shown = options if top <= 0 else options[:top]
        lines.append("Discards (best first):")
        lines.append("  tile  shanten  ukeire  tiles that help")
        for o in shown:
            tiles = " ".join(f"{kind_name(k)}×{n}" for k, n in sorted(o.ukeire.items()))
            lines.append(f"  {str(o.tile):<4}  {o.shanten_after:>7}  {o.total:>6}  {tiles}")
        if len(shown) < len(options):
            lines.append(f"  … {len(options) - len(shown)} more (use --top 0 to see all)")
    return "\n".join(lines)


def _wait_lines(report: WaitReport) -> list[str]:
    lines = []
    if report.tiles:
        waits = ", ".join(kind_name(k) for k in report.waits)
        lines.append(f"Waits: {waits} — {report.copies_left} copies left")
        for t in report.tiles:
            shapes = ", ".join(s.value for s in t.shapes)
            note = "  (dead: no copy left)" if t.dead else ""
            lines.append(f"  {kind_name(t.kind)}  {shapes:<22} {t.left} left{note}")
            for wr in t.readings:
                lines.append(f"      {_placement_text(wr.reading, wr.placement)}")
    elif not report.fifth_copy:
        lines.append("Waits: none (not tenpai)")
    if report.fifth_copy:
        kinds = format_tiles(report.fifth_copy)
        note = " (karaten: no winning tile exists)" if report.is_karaten else ""
        lines.append(f"Fifth-copy wait: {kinds} would complete the hand, but the hand holds all four{note}")
    elif report.is_karaten:
        lines.append("Karaten: every winning tile is already visible; no win is possible")
    for n in report.named:
        lines.append(f"Shape: {n.id}{_term_names(n.id)} ({n.category}) on {format_tiles(n.waits)}")
    return lines


def _term_names(term_id: str) -> str:
    """' — 三面張, Санменчан': the glossary's kanji and Russian name of a term, or '' if the
    glossary cannot be read or lacks the term (the report still names the id)."""
    from trainer.glossary import GlossaryError, load_glossary

    try:
        term = load_glossary().term(term_id)
    except (GlossaryError, KeyError, OSError):
        return ""
    return f" — {term.kanji}, {term.ru}"


def main(argv: list[str] | None = None) -> int:
    """Run the command on its own (``python -m trainer.cli.analyze ...``)."""
    parser = argparse.ArgumentParser(prog="python -m trainer analyze", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
