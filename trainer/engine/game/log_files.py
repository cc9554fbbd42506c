"""Opening a game-log file of either format: ours or tenhou.net/6, recognised from the content."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trainer import textio
from trainer.engine.game import records


@dataclass
class LoadedLog:
    """A game log read from a file: ``kind`` ``native`` or ``tenhou6``, our ``log``, and the
    differences the import found (``notes``, one sentence per hand)."""

    kind: str
    log: dict[str, Any]
    notes: list[str] = field(default_factory=list)


def parse_any(data: Any, rules: str = "tenhou") -> LoadedLog:
    """Read a JSON value that is our game log (checked by replaying it) or a tenhou.net/6 log
    (imported through our engine); raises RecordError with a one-line reason otherwise."""
    from trainer.engine.game.tenhou6_read import from_tenhou6

    if isinstance(data, dict) and data.get("format") == records.FORMAT:
        records.check_header(data)
        try:
            for _ in records.replay(data, allow_unfinished=True):
                pass
        except (KeyError, TypeError, IndexError) as e:
            raise records.RecordError(f"not a valid game log ({type(e).__name__}: {e})", kind="damaged") from None
        return LoadedLog("native", data)
    if isinstance(data, dict) and "log" in data:
        imported = from_tenhou6(data, rules)
        return LoadedLog("tenhou6", imported.log, imported.notes)
    raise records.RecordError(
        "not a game log (neither our riichi-trainer/game-log nor a tenhou.net/6 object with a 'log' list)",
        kind="not_game_log")


def load_any(path: str | Path, rules: str = "tenhou") -> LoadedLog:
    """Read a game-log file of either format; every error is a RecordError naming the file."""
    p = Path(path)
    try:
        data = json.loads(textio.read_text(p))  # a byte order mark (Windows Notepad) is dropped
    except OSError as e:
        raise records.RecordError(f"{p}: cannot read: {e.strerror}", kind="unreadable_file") from None
    except UnicodeDecodeError:
        raise records.RecordError(f"{p}: not a game log (not UTF-8 text)", kind="not_text") from None
    except json.JSONDecodeError as e:
        raise records.RecordError(f"{p}: line {e.lineno}: not a game log (not JSON: {e.msg})", kind="not_json",
                                  line=e.lineno) from None
    try:
        return parse_any(data, rules)
    except records.RecordError as e:
        raise records.RecordError(f"{p}: {e}", kind=e.kind, line=e.line, version=e.version, hand=e.hand) from None


__all__ = ["LoadedLog", "load_any", "parse_any"]
