"""Reading the text files a user gives the trainer: UTF-8, with or without a byte order mark.

Windows Notepad (and other editors) may start a UTF-8 file with the byte order mark
U+FEFF.  JSON readers refuse it ("Unexpected UTF-8 BOM"), so every file a user hands the
trainer (the settings, a progress export, a game log, a ``score --jsonl`` input) is read
here, where the mark is dropped.  Any other byte that is not UTF-8 still fails as before
(UnicodeDecodeError), and the caller says so.  Pure Python: the engine, the lessons, the
progress and the UI may all use it.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import IO, TextIO

TEXT_ENCODING = "utf-8-sig"
"""UTF-8 that drops a leading byte order mark when reading (and writes none: we write plain UTF-8)."""

BOM = "\ufeff"


def decode_text(raw: bytes) -> str:
    """``raw`` as UTF-8 text without its byte order mark; UnicodeDecodeError when it is not UTF-8
    (its ``start`` counts the bytes of ``raw``, the mark included)."""
    return strip_bom(raw.decode("utf-8"))


def read_text(path: str | Path) -> str:
    """The text of a user's file (UTF-8, a byte order mark dropped); OSError or UnicodeDecodeError."""
    return Path(path).read_text(encoding=TEXT_ENCODING)


def open_text(path: str | Path, errors: str = "strict") -> TextIO:
    """A user's file opened to read as UTF-8 text, a byte order mark dropped (``errors`` as for
    :func:`open`, e.g. ``"replace"``)."""
    return open(path, encoding=TEXT_ENCODING, errors=errors)  # noqa: SIM115 - the caller closes it


def text_stream(stream: IO[str], errors: str = "strict") -> IO[str]:
    """``stream`` (e.g. ``sys.stdin``) read as UTF-8 text with a byte order mark dropped: its
    bytes decoded afresh when it has them (``buffer``), else the text as it comes."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        return stream
    return io.TextIOWrapper(buffer, encoding=TEXT_ENCODING, errors=errors)


def strip_bom(text: str) -> str:
    """``text`` without a leading byte order mark (text that was decoded as plain UTF-8)."""
    return text[1:] if text.startswith(BOM) else text


__all__ = ["BOM", "TEXT_ENCODING", "decode_text", "open_text", "read_text", "strip_bom", "text_stream"]
