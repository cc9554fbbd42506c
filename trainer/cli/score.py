"""``python -m trainer score``: score a winning hand, or a stream of them as JSON lines.

One hand, readable::

    python -m trainer score "234m567p22s (777z) [5555m]" --win 2s --tsumo --seat S --round E --dora 3m

prints the yaku, the dora, the fu worked out item by item, han and fu, and
who pays what, in English, or in Russian with ``--lang ru`` (the MCR report alike; the JSON
answers never change).  ``--alternatives`` also lists the other readings of the hand;
``--table --rules jpml`` prints a preset's whole points table.

Many hands, machine-readable: ``--jsonl`` reads one JSON object per line from
standard input (or ``--input FILE``) and writes one JSON object per line::

    {"hand": "...", "win": "2s", "tsumo": false, "riichi": true, "ippatsu": false,
     "seat": "E", "round": "E", "dora": ["3m"], "ura": ["7p"], "honba": 0, "sticks": 0,
     "nuki": 0, "rules": "tenhou"}

(``nuki``: Norths set aside as nukidora, three-player rules; a line without ``rules``
uses ``--rules``; ``dora``/``ura`` are indicator tiles; also ``double_riichi``, ``haitei``,
``houtei``, ``rinshan``, ``chankan``, ``tenhou``, ``chiihou``, ``renhou``.)
The answer is ``{"han", "fu", "yaku": [{"id", "han"}], "fu_items": [{"id", "fu", "tiles"}],
"points": {...}, ...}``, where ``points`` is ``{"ron": n}``, ``{"dealer": a,
"non_dealer": b}`` (a non-dealer's tsumo) or ``{"all": a}`` (a dealer's tsumo),
before honba and sticks, plus ``"total"``: everything the winner gains.
A line that cannot be scored gives ``{"error": "<id>", "message": ..., "line": n}``
and the run goes on, whatever the line holds (wrong types, numbers of thousands of
digits, deep nesting, a line over 100,000 characters, bytes that are not UTF-8, a
``rules`` path that is a folder or a device).

Exit status of a single hand: 0 scored, 1 the hand cannot be scored (no yaku,
not complete, ...), 2 the command line cannot be read (bad notation, tile,
wind, counter or rules, or dora/ura indicators that cannot be on the table with the hand:
:func:`trainer.engine.indicator_check.indicator_problem`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from trainer import textio
from trainer.cli.score_report import format_result, report_language
from trainer.engine.hand import Hand
from trainer.engine.indicator_check import indicator_problem
from trainer.engine.notation import NotationError, parse_hand, parse_tiles
from trainer.engine.points import points_table
from trainer.engine.rules import PRESETS, Rules, RulesError, load_rules
from trainer.engine.scoring import ScoringError, WinContext, score_hand
from trainer.engine.tiles import WIND_LETTERS, Tile, parse_tile, wind_kind
from trainer.i18n import LANGUAGES

_BOOL_FIELDS = (
    "tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
    "tenhou", "chiihou", "renhou",
)  # fmt: skip
_FIELDS = {"hand", "win", "seat", "round", "dora", "ura", "honba", "sticks", "nuki", "rules", *_BOOL_FIELDS}
MAX_COUNTER = 999
"""The most honba or riichi sticks a request may give (real tables never come close)."""
MAX_LINE = 100_000
"""The longest JSON line ``--jsonl`` reads (characters); a longer one is one error line."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the score command."""
    parser.add_argument(
        "hand", nargs="?", help='concealed tiles with the winning tile, then melds: "123m456p (777z)"'
    )
    parser.add_argument("--win", help="the winning tile, e.g. 2s (0p is a red five)")
    for flag in _BOOL_FIELDS:
        parser.add_argument(
            f"--{flag.replace('_', '-')}", dest=flag, action="store_true", help=f"{flag} (flag)"
        )
    parser.add_argument("--last-copy", dest="last_copy", action="store_true", help="MCR: won on the last copy of a tile")
    parser.add_argument("--flowers", type=int, default=0, help="MCR: flowers and seasons the winner holds")
    parser.add_argument("--seat", default="E", help="seat wind E/S/W/N (East is the dealer); default E")
    parser.add_argument("--round", default="E", help="round wind E/S/W/N; default E")
    parser.add_argument("--dora", action="append", default=[], help="dora indicator tile(s), e.g. 3m or 3m7p")
    parser.add_argument("--ura", action="append", default=[], help="ura dora indicator tile(s) (riichi only)")
    parser.add_argument("--honba", type=int, default=0, help="honba counters on the table")
    parser.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    parser.add_argument(
        "--nuki", type=int, default=0, help="Norths the winner set aside as nukidora (three-player rules)"
    )
    parser.add_argument(
        "--rules", default="tenhou", help=f"rule preset ({', '.join(PRESETS)}, mcr, mcr_common) or a .toml path"
    )
    parser.add_argument(
        "--alternatives", action="store_true", help="also show every other reading of the hand"
    )
    parser.add_argument("--json", action="store_true", help="print the answer as one JSON object")
    parser.add_argument(
        "--jsonl", action="store_true", help="read JSON lines from stdin, answer one per line"
    )
    parser.add_argument("--input", help="with --jsonl: read this file instead of stdin")
    parser.add_argument("--table", action="store_true", help="print the points table of --rules and stop")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of the readable report, riichi or MCR (default: en); JSON never changes")


class _BadInput(ValueError):
    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


def _tiles(values: Any, what: str) -> tuple[Tile, ...]:
    if isinstance(values, str):
        values = [values]
    if not isinstance(values, list):
        raise _BadInput("bad_tile", f"{what}: give indicator tiles as a string or a list, e.g. [\"3m\"], not {_short(values)}")
    out: list[Tile] = []
    for v in values:
        if not isinstance(v, str):
            raise _BadInput("bad_tile", f"{what}: {_short(v)} is not a tile")
        try:
            out.extend(parse_tiles(v, max_copies=None))
        except (NotationError, ValueError) as e:
            raise _BadInput("bad_tile", f"{what}: {e}") from None
    return tuple(out)


def _short(value: Any) -> str:
    """A JSON value for an error message, cut to a readable length (a 4,000-digit
    number or a 10,000-character string is not repeated back in full)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def load_preset(name: str) -> Rules:
    """The rules ``--rules`` (or a request's ``rules``) names: a built-in preset or a preset file
    (a ``.toml`` path).  An unknown preset name is refused with the presets listed, never with the
    path inside the app it would have been read from."""
    if name not in PRESETS and "/" not in name and "\\" not in name and not name.endswith(".toml"):
        raise RulesError(f"unknown rule preset {_short(name)}: use {', '.join(PRESETS)}, mcr, mcr_common "
                         "or the path of a .toml preset file")
    return load_rules(name)


def _wind(value: Any, what: str) -> int:
    if not isinstance(value, str) or len(value) != 1 or value.upper() not in WIND_LETTERS:
        raise _BadInput("bad_wind", f"{what}: {_short(value)} is not a wind: use E, S, W or N")
    return wind_kind(value)


def check_fields(data: dict[str, Any], allowed: set[str], what: str = "") -> None:
    """Refuse a request with fields the rule set does not know."""
    unknown = set(data) - allowed
    if unknown:
        names = ", ".join(_short(k) for k in sorted(unknown)[:5])
        raise _BadInput("unknown_field", f"unknown field(s){what}: {names}")


def hand_and_win(data: dict[str, Any], *, max_red: int | None = 1) -> tuple[Hand, Tile]:
    """The ``hand`` and ``win`` fields of a request, read with the shared notation."""
    text = data.get("hand")
    if not isinstance(text, str) or not text.strip():
        raise _BadInput("bad_hand", "'hand' must be the concealed tiles with the winning tile, then melds")
    try:
        hand = parse_hand(text, max_red=max_red)
    except NotationError as e:
        raise _BadInput("bad_hand", str(e)) from None
    win = data.get("win")
    if not isinstance(win, str):
        raise _BadInput("bad_win_tile", "'win' (the winning tile, e.g. 2s) is required")
    try:
        win_tile = parse_tile(win)
    except ValueError as e:
        raise _BadInput("bad_win_tile", str(e)) from None
    return hand, win_tile


def bool_flags(data: dict[str, Any], names: tuple[str, ...]) -> dict[str, bool]:
    """The true/false fields ``names`` of a request (absent = false)."""
    flags = {}
    for name in names:
        value = data.get(name, False)
        if not isinstance(value, bool):
            raise _BadInput("bad_flag", f"{name!r} must be true or false, not {_short(value)}")
        flags[name] = value
    return flags


def _build(data: dict[str, Any], default_rules: str = "tenhou") -> tuple[Hand, WinContext, Rules]:
    """Turn one request (CLI options or a JSON object) into the scorer's inputs;
    ``default_rules`` is the preset used when the request names none."""
    check_fields(data, _FIELDS)
    hand, win_tile = hand_and_win(data)
    flags = bool_flags(data, _BOOL_FIELDS)
    counters = {}
    for name in ("honba", "sticks"):
        value = data.get(name, 0)
        if type(value) is not int or not 0 <= value <= MAX_COUNTER:
            raise _BadInput(
                "bad_counter", f"{name!r} must be a whole number from 0 to {MAX_COUNTER}, not {_short(value)}"
            )
        counters[name] = value
    nuki = data.get("nuki", 0)
    if type(nuki) is not int or not 0 <= nuki <= 4:
        raise _BadInput("bad_nuki", f"'nuki' must be the number of Norths set aside, 0 to 4, not {_short(nuki)}")
    rules_name = data.get("rules", default_rules)
    if not isinstance(rules_name, str) or not rules_name:
        raise _BadInput("bad_rules", f"'rules' must be a preset name ({', '.join(PRESETS)}) or a path")
    try:
        rules = load_preset(rules_name)
    except RulesError as e:
        raise _BadInput("bad_rules", str(e)) from None
    ctx = WinContext(
        win_tile=win_tile,
        seat_wind=_wind(data.get("seat", "E"), "seat"),
        round_wind=_wind(data.get("round", "E"), "round"),
        dora_indicators=_tiles(data.get("dora", []), "dora"),
        ura_indicators=_tiles(data.get("ura", []), "ura"),
        honba=counters["honba"],
        riichi_sticks=counters["sticks"],
        nuki=nuki,
        **flags,
    )
    problem = indicator_problem(hand, ctx.dora_indicators, ctx.ura_indicators, riichi=ctx.in_riichi, rules=rules,
                                nuki=nuki)
    if problem is not None:  # a fifth 3p, six indicators, ura without riichi: refused as analyze --visible does
        raise _BadInput("bad_indicators", problem)
    return hand, ctx, rules


def answer(data: Any, default_rules: str = "tenhou") -> dict[str, Any]:
    """The JSON answer for one request object (a result or an error object); a request
    without ``rules`` is scored under ``default_rules`` (``--rules``)."""
    if not isinstance(data, dict):
        return {"error": "bad_request", "message": "each line must be a JSON object"}
    from trainer.cli import score_mcr

    if score_mcr.is_mcr(data.get("rules", default_rules)):
        return score_mcr.mcr_answer({**data, "rules": data.get("rules", default_rules)})
    try:
        hand, ctx, rules = _build(data, default_rules)
        return score_hand(hand, ctx, rules).to_json()
    except (_BadInput, ScoringError) as e:
        return {"error": e.code, "message": str(e)}


def _lines(inp: TextIO) -> Iterator[str | None]:
    """The lines of ``inp``; None stands for a line longer than :data:`MAX_LINE`,
    which is read past in pieces so that it never fills the memory."""
    while True:
        line = inp.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) <= MAX_LINE or line.endswith("\n"):
            yield line
            continue
        while line and not line.endswith("\n"):
            line = inp.readline(MAX_LINE)
        yield None


def _decode(line: str | None, n: int) -> tuple[Any, dict[str, Any] | None]:
    """The JSON value of one line, or the error object saying why it cannot be read."""
    if line is None:
        return None, {"error": "bad_json", "message": f"line {n}: longer than {MAX_LINE} characters"}
    try:
        return json.loads(line), None
    except json.JSONDecodeError as e:
        return None, {"error": "bad_json", "message": f"line {n}: {e.msg} at column {e.colno}"}
    except RecursionError:
        return None, {"error": "bad_json", "message": f"line {n}: nested too deeply"}
    except ValueError as e:  # an integer of more than 4,300 digits
        reason = str(e).split(":")[0]
        return None, {"error": "bad_json", "message": f"line {n}: {reason}"}


def _write(out: TextIO, result: dict[str, Any]) -> None:
    """Write one answer line; text that UTF-8 cannot carry (a lone surrogate quoted
    back from the request) is written as JSON escapes instead."""
    text = json.dumps(result, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(result)
    out.write(text + "\n")
    out.flush()


def run_jsonl(inp: TextIO, out: TextIO, default_rules: str = "tenhou") -> int:
    """Answer every JSON line of ``inp`` on ``out``; returns the number of error lines.
    Lines without ``rules`` use ``default_rules`` (the ``--rules`` option)."""
    errors = 0
    for n, line in enumerate(_lines(inp), 1):
        if line is not None and not line.strip():
            continue
        data, result = _decode(line, n)
        if result is None:
            result = answer(data, default_rules)
        if "error" in result:
            result["line"] = n
            errors += 1
        _write(out, result)
    return errors


def format_table(rules: Rules) -> str:
    """The points table of a rule set as text: ron and tsumo for non-dealer and dealer."""

    def cell(v: object) -> str:
        if v is None:
            return "-"
        if isinstance(v, tuple):
            return f"{v[1]}/{v[0]}"
        return str(v)

    lines = [
        f"Points table, rules {rules.name} (tsumo: non-dealer/dealer pays; dealer tsumo: each pays)",
        f"{'han':>4} {'fu':>4}  {'ron':>6} {'tsumo':>11}   {'dealer ron':>10} {'tsumo':>6}  limit",
    ]
    for row in points_table(rules):
        han = "-" if row["han"] is None else str(row["han"]) + ("+" if row["fu"] is None else "")
        fu = "-" if row["fu"] is None else str(row["fu"])
        lines.append(
            f"{han:>4} {fu:>4}  {cell(row['non_dealer_ron']):>6} {cell(row['non_dealer_tsumo']):>11}   "
            f"{cell(row['dealer_ron']):>10} {cell(row['dealer_tsumo']):>6}  {row['limit'] or ''}"
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Score one hand given on the command line, JSON lines with --jsonl, or print --table; the
    readable report speaks ``--lang`` (English by default, riichi and MCR alike)."""
    with report_language(getattr(args, "lang", None)):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    if args.table:
        try:
            print(format_table(load_preset(args.rules)))
        except RulesError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        return 0
    if args.jsonl:
        if args.input:
            try:
                with textio.open_text(args.input, errors="replace") as f:  # a byte order mark is dropped
                    run_jsonl(f, sys.stdout, args.rules)
            except (OSError, ValueError) as e:
                print(f"error: --input {_short(args.input)}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
                return 2
        else:
            # bytes that are not UTF-8 become U+FFFD, not a crash; a byte order mark is dropped
            run_jsonl(textio.text_stream(sys.stdin, errors="replace"), sys.stdout, args.rules)
        return 0
    if not args.hand:
        print(
            'error: give a hand, e.g. score "234m567p22s (777z) [5555m]" --win 2s, or use --jsonl',
            file=sys.stderr,
        )
        return 2
    from trainer.cli import score_mcr

    if score_mcr.is_mcr(args.rules):
        return _run_mcr(args)
    data: dict[str, Any] = {
        "hand": args.hand,
        "win": args.win,
        "seat": args.seat,
        "round": args.round,
        "dora": args.dora,
        "ura": args.ura,
        "honba": args.honba,
        "sticks": args.sticks,
        "nuki": args.nuki,
        "rules": args.rules,
    }
    data.update({name: getattr(args, name) for name in _BOOL_FIELDS})
    data.update({k: v for k, v in (("flowers", args.flowers), ("last_copy", args.last_copy)) if v})

    def riichi() -> tuple[Any, str]:
        hand, ctx, rules = _build(data)
        result = score_hand(hand, ctx, rules)
        return result, format_result(hand, ctx, rules.name, result, args.alternatives)

    return print_single(args, riichi, ScoringError)


def print_single(args: argparse.Namespace, score: Any, unscorable: type[Exception]) -> int:
    """Print one hand's answer (``score()`` gives the result and its text report) as JSON or
    text; an error is one line.  Exit 0 scored, 1 not scorable, 2 unreadable input."""
    try:
        result, text = score()
    except (_BadInput, unscorable) as e:
        code = getattr(e, "code", "error")
        if args.json:
            print(json.dumps({"error": code, "message": str(e)}))
        else:
            print(f"error ({code}): {e}", file=sys.stderr)
        return 2 if isinstance(e, _BadInput) else 1
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(text)
    return 0


def _run_mcr(args: argparse.Namespace) -> int:
    """Score one MCR hand given on the command line (``--rules mcr`` or ``mcr_common``);
    riichi-only options given with it are unknown fields."""
    from trainer.cli import score_mcr
    from trainer.engine.mcr import McrError
    from trainer.engine.mcr import score_mcr as score

    data: dict[str, Any] = {
        "hand": args.hand, "win": args.win, "seat": args.seat, "round": args.round,
        "flowers": args.flowers, "rules": args.rules, "last_copy": args.last_copy,
    }  # fmt: skip
    for name in _BOOL_FIELDS:
        if getattr(args, name):
            data[name] = True
    for name in ("dora", "ura", "honba", "sticks"):
        if getattr(args, name):
            data[name] = getattr(args, name)

    def mcr() -> tuple[Any, str]:
        hand, sit, rules = score_mcr.build_mcr(data)
        result = score(hand, sit, rules)
        return result, score_mcr.format_mcr(hand, sit, result)

    return print_single(args, mcr, McrError)
