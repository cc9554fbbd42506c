"""A “#” that YAML silently reads as a comment inside a lesson's text.

In YAML a ``#`` after a space starts a comment, also in the middle of an unquoted text:
``text: Ход #3 — важно`` is the text «Ход», and «#3 — важно» is lost without an error.  A
comment of the lesson writer's own stands on a line of its own (the shipped lessons' section
rulers), and such lines are never flagged.  Flagged is a comment that most likely was meant as
text:

- one right after an unquoted text of the learner (``ru:``, ``en:``), on its line or on the next
  line, indented as a continuation of the text;
- one right after any other unquoted value when the ``#`` is glued to what follows it (``#3``),
  as text is written, not a comment.

Quoted texts and block texts (``|``, ``>``) keep every ``#``: they are never flagged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import yaml

from trainer.i18n import N_
from trainer.lessons.say import Say

TEXT_KEYS = frozenset({"ru", "en"})
"""The keys whose values are texts the learner reads."""
LOST_CHARS = 40
"""How much of the lost text a problem quotes."""

TEXT_CUT = N_("“#” after a space starts a YAML comment: the text ends before it and “{lost}” is lost; put the "
              "whole text in quotes \"…\"")
VALUE_CUT = N_("“#” after a space starts a YAML comment: the value ends before it and “{lost}” is lost; put the "
               "whole value in quotes \"…\", or write the comment on a line of its own")

_AFTER_VALUE = re.compile(r"^[ \t]+#")
_COMMENT_LINE = re.compile(r"^(?P<indent>[ \t]*)#")


@dataclass(frozen=True, slots=True)
class CommentSlip:
    """A comment that cut a value short: where its ``#`` is (1-based line and column), the place
    in the document (keys and list indices) and what to say."""

    line: int
    col: int
    path: tuple[str | int, ...]
    message: Say


def comment_slips(root: yaml.Node | None, lines: list[str]) -> list[CommentSlip]:
    """Every comment in the document ``root`` (composed from ``lines``) that cut an unquoted value
    short, in the order of the file."""
    if root is None:
        return []
    out = []
    for path, key_col, node in _plain_scalars(root):
        slip = _slip_after(path, key_col, node, lines)
        if slip is not None:
            out.append(slip)
    return sorted(out, key=lambda s: (s.line, s.col))


def _plain_scalars(root: yaml.Node) -> Iterator[tuple[tuple[str | int, ...], int, yaml.ScalarNode]]:
    """Each unquoted, non-empty scalar value with its path and the column of its key (its own for a list item)."""
    stack: list[tuple[yaml.Node, tuple[str | int, ...], int]] = [(root, (), root.start_mark.column)]
    seen: set[int] = set()
    while stack:
        node, path, key_col = stack.pop()
        if id(node) in seen:  # an alias: its value was looked at where it was written
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            if not node.style and node.value:  # plain: None (Python loader) or "" (libyaml)
                yield path, key_col, node
        elif isinstance(node, yaml.MappingNode):
            stack.extend((v, (*path, str(k.value)), k.start_mark.column) for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((v, (*path, i), v.start_mark.column) for i, v in enumerate(node.value))


def _slip_after(path: tuple[str | int, ...], key_col: int, node: yaml.ScalarNode,
                lines: list[str]) -> CommentSlip | None:
    """The comment that cut ``node`` short, on its last line or (for a text) on the next line."""
    end = node.end_mark
    row = lines[end.line] if end.line < len(lines) else ""
    text = bool(path) and path[-1] in TEXT_KEYS
    rest = row[end.column:]
    if _AFTER_VALUE.match(rest):
        at = end.column + rest.index("#")
        glued = row[at + 1:at + 2] not in ("", " ", "\t", "#")
        if text or glued:
            return _slip(end.line, at, path, row[at:], text)
        return None
    following = lines[end.line + 1] if end.line + 1 < len(lines) else ""
    m = _COMMENT_LINE.match(following)
    if text and not rest.strip() and m and len(m.group("indent")) > key_col:  # a continuation line
        return _slip(end.line + 1, len(m.group("indent")), path, following.lstrip(), text)
    return None


def _slip(row: int, col: int, path: tuple[str | int, ...], lost: str, text: bool) -> CommentSlip:
    lost = lost.strip()
    if len(lost) > LOST_CHARS:
        lost = lost[:LOST_CHARS - 1].rstrip() + "…"
    return CommentSlip(row + 1, col + 1, path, Say(TEXT_CUT if text else VALUE_CUT, lost=lost))


__all__ = ["TEXT_CUT", "VALUE_CUT", "CommentSlip", "comment_slips"]
