"""Loading lesson files: YAML with line marks, schema validation, and a library that
skips broken lessons instead of failing.

Every problem is a :class:`Problem` printed as ``file:line:col: message``: YAML
syntax errors, unknown or missing fields, bad tile notation, a file in the wrong
folder, then (in :mod:`trainer.lessons.check`) the engine, glossary and
prerequisite checks.  Marks come from the composed YAML node tree, so an error
inside ``steps[3].options[1]`` points at that option's line, and an unknown
field points at the key itself.

The C loader (libyaml) is used when PyYAML has it, the pure-Python one otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from trainer.i18n import N_
from trainer.lessons.comments import comment_slips
from trainer.lessons.model import STEP_KINDS, TRACKS, Lesson
from trainer.lessons.say import Say, fill
from trainer.schema_words import TYPE_MESSAGES, mapping_messages

_Loader: Any = yaml.CSafeLoader if getattr(yaml, "__with_libyaml__", False) else yaml.SafeLoader

Path_ = tuple[str | int, ...]
"""A location inside the YAML document: keys and list indices from the root."""


_STEP_REF = re.compile(r"\bsteps\[(\d+)\]")
"""A step in a problem's place (``steps[2]``), named as the app numbers it in :meth:`Problem.translated`."""
_STEP_PLACE = re.compile(r"^steps\[(\d+)\](?:\.(.+))?$")


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One problem in one lesson file, with a 1-based line and column.  ``message`` is in
    English (for ``lessons check`` and the logs).  Every problem the validator finds also keeps
    the place in the file (``where``), an English message id (``text``, marked with ``N_``) and
    its named values, so the app says it in the interface language (:meth:`translated`); build
    one with :meth:`of` from a :class:`~trainer.lessons.say.Say`.  A problem with a whole file or
    folder (``whole``: it cannot be read, it is not there; :meth:`about_file`) is said without a line
    in the app; the command line keeps its ``file:1:1:``."""

    file: str
    line: int
    col: int
    message: str
    where: str = field(default="", compare=False)
    text: str = field(default="", compare=False)
    values: dict[str, Any] = field(default_factory=dict, compare=False)
    whole: bool = field(default=False, compare=False)

    @classmethod
    def of(cls, file: str, line: int, col: int, message: str, where: str = "") -> Problem:
        """A problem from a message (a :class:`Say` keeps its id and values for :meth:`translated`)
        at the place ``where`` (``steps[2].hand``; its English message starts with it)."""
        english = f"{where}: {message}" if where else str(message)
        if isinstance(message, Say):
            return cls(file, line, col, english, where, message.msgid, dict(message.values))
        return cls(file, line, col, english, where)

    @classmethod
    def about_file(cls, file: str, message: str) -> Problem:
        """A problem with the whole file or folder ``file`` (it cannot be read, it is not there), at
        no line of it: the app says «file: why», not «file, line 1: why»."""
        return replace(cls.of(file, 1, 1, message), whole=True)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"

    def translated(self) -> str:
        """The problem in the interface language: «file, line 4: step 3 (q_waits), hand: …»
        (the English message where there is no message id)."""
        from trainer.i18n import _

        if self.whole:
            return f"{self.file}: {self.said()}"
        return _("{file}, line {line}: {problem}").format(file=self.file, line=self.line, problem=self.said())

    def translated_in_file(self) -> str:
        """The problem in the interface language under its file's name: «line 4: step 3 (q_waits), hand: …»."""
        from trainer.i18n import _

        if self.whole:
            return self.said()
        return _("line {line}: {problem}").format(line=self.line, problem=self.said())

    def said(self) -> str:
        """What is wrong and where in the file, in the interface language, on one line:
        «step 3 (q_waits), hand: …» (the English message where there is no message id)."""
        from trainer.i18n import _

        message = self.message
        if self.text:
            message = fill(_(self.text), self.values, translate=True, fallback=self.message)
            if message is not self.message and self.where and self.where != "(top)":
                message = f"{place_text(self.where, self.file)}: {message}"
        message = _STEP_REF.sub(lambda m: _("step {number}").format(number=int(m.group(1)) + 1), message)
        return " ".join(message.split())


def place_text(where: str, file: str = "") -> str:
    """A place in a lesson file for people, in the interface language: ``steps[2].options[1].value``
    is «шаг 3 (q_shape), options[1].value», as the app numbers the steps (from 1) with their ``id:``."""
    from trainer.i18n import _

    m = _STEP_PLACE.match(where)
    if m is None:
        return where
    i = int(m.group(1))
    ids = step_ids(file) if file else []
    label = _("step {number}").format(number=i + 1)
    if i < len(ids) and ids[i]:
        label = _("{step} ({id})").format(step=label, id=ids[i])
    return f"{label}, {m.group(2)}" if m.group(2) else label


def step_ids(file: str) -> list[str | None]:
    """The ``id:`` of each step of a lesson file, read raw (None where a step has none; [] when
    the file cannot be read)."""
    try:
        data, _, _ = read_yaml(read_lesson_text(file), file)
    except (OSError, UnicodeDecodeError, ValueError):
        return []
    steps = data.get("steps") if isinstance(data, dict) else None
    if not isinstance(steps, list):
        return []
    return [s.get("id") if isinstance(s, dict) and isinstance(s.get("id"), str) else None for s in steps]


@dataclass(slots=True)
class SourceMap:
    """Where each value (and each mapping key) of a YAML document starts in the file."""

    values: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    scalars: dict[Path_, tuple[str | None, bool]] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def text_position(self, path: Path_, offset: int) -> tuple[int, int]:
        """The line and column of character ``offset`` inside the string value at ``path``:
        exact for one-line plain or quoted scalars (without escapes before the offset) and
        for literal blocks (``|``); the start of the value otherwise."""
        path = tuple(path)
        line, col = self.value(path)
        style, one_line = self.scalars.get(path, (">", False))
        if style in (None, "'", '"') and one_line:
            return line, col + offset + (0 if style is None else 1)
        if style == "|" and self.lines:
            text_lines = self.lines[line:]  # the block starts on the line after the indicator
            indent = next((len(x) - len(x.lstrip(" ")) for x in text_lines if x.strip()), 0)
            k = 0
            start = 0
            for k, x in enumerate(text_lines):
                stripped = x[indent:] if x.strip() else ""
                if offset <= start + len(stripped):
                    return line + 1 + k, indent + 1 + (offset - start)
                start += len(stripped) + 1
        return line, col

    def value(self, path: Path_) -> tuple[int, int]:
        """The line and column of the value at ``path``, or of its nearest existing parent."""
        path = tuple(path)
        while path and path not in self.values:
            path = path[:-1]
        return self.values.get(path, (1, 1))

    def key(self, path: Path_) -> tuple[int, int]:
        """The line and column of the key that names ``path`` (the value's if it has no key)."""
        return self.keys.get(tuple(path)) or self.value(path)


@dataclass(slots=True)
class LessonFile:
    """A lesson file as loaded: its path, the raw data, the marks and, if the schema
    accepted it, the :class:`Lesson`."""

    path: Path
    data: Any
    marks: SourceMap
    lesson: Lesson | None
    problems: list[Problem]

    def problem(self, path: Path_, message: str, *, at_key: bool = False, where: str = "") -> Problem:
        """A problem located at ``path`` inside this file (at the key when ``at_key``), said at the
        place ``where`` (see :meth:`Problem.of`)."""
        line, col = self.marks.key(path) if at_key else self.marks.value(path)
        return Problem.of(_display(self.path), line, col, message, where)


@dataclass(slots=True)
class LessonLibrary:
    """Every lesson that loaded and passed its checks (by id), and every problem found.
    A broken file is left out of ``lessons`` with its problems listed, never raised."""

    lessons: dict[str, Lesson] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    files: dict[str, LessonFile] = field(default_factory=dict)
    broken: dict[str, Problem] = field(default_factory=dict)
    """The lessons left out, by id (the file's ``id:``, else its name): each one's first problem."""

    def by_track(self, track: str) -> list[Lesson]:
        """The loaded lessons of a track folder, ordered by level then id."""
        return sorted((x for x in self.lessons.values() if x.track == track), key=lambda x: (x.level, x.id))


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# ---------------------------------------------------------------------------
# YAML with marks
# ---------------------------------------------------------------------------


def _walk(node: yaml.Node, path: Path_, marks: SourceMap, dupes: list[tuple[Path_, str]]) -> None:
    marks.values[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.ScalarNode):
        marks.scalars[path] = (node.style, node.start_mark.line == node.end_mark.line)
    elif isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for k, v in node.value:
            key: Any = k.value
            if k.tag.endswith(":int"):
                try:
                    key = int(k.value)
                except ValueError:
                    pass
            child = (*path, key)
            if key in seen:
                marks.keys.setdefault(("__dup__", *child), (k.start_mark.line + 1, k.start_mark.column + 1))
                dupes.append((child, str(key)))
            seen.add(key)
            marks.keys[child] = (k.start_mark.line + 1, k.start_mark.column + 1)
            _walk(v, child, marks, dupes)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _walk(v, (*path, i), marks, dupes)


MAX_FILE_BYTES = 512 * 1024
"""The largest lesson file read (the largest lesson is about 20 KB)."""
MAX_VALUES = 50_000
"""The most values a lesson may hold once YAML aliases are expanded (lessons have < 1,000)."""
MAX_DEPTH = 40
"""The deepest nesting of values in a lesson (lessons use 7 levels)."""
MAX_ALIAS_USES = 100
"""How often YAML aliases (``*name``) may be used in one file."""


class _LessonYamlLoader(_Loader):
    """The safe YAML loader, with a number too long to read reported at its line."""


def _construct_int(loader: Any, node: yaml.ScalarNode) -> int:
    try:
        return yaml.constructor.SafeConstructor.construct_yaml_int(loader, node)
    except ValueError:
        raise yaml.constructor.ConstructorError(
            None, None, Say(N_("a number with {digits} digits is too long"), digits=len(node.value)),
            node.start_mark) from None


_LessonYamlLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


ALIAS_LOOP = N_("a YAML alias refers to the value that contains it")


def _too_big(root: yaml.Node) -> tuple[yaml.Node, str] | None:
    """Check the node graph before it is built into data (without recursion): aliases that
    refer to their own container, that are used too often or that expand into too many
    values (a "billion laughs" file), and nesting that is too deep.  Returns the node to
    blame and the message, or None."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    state: dict[int, int] = {}  # 1 = on the path being explored, 2 = measured
    reused = 0
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            kids = _children(node)
            size[key] = 1 + sum(size[id(k)] for k in kids)
            depth[key] = 1 + max((depth[id(k)] for k in kids), default=0)
            state[key] = 2
            if size[key] > MAX_VALUES:
                return node, Say(N_("YAML aliases expand this value to more than {n} values"),
                                 english=f"YAML aliases expand this value to more than {MAX_VALUES:,} values",
                                 n=MAX_VALUES)
            if depth[key] > MAX_DEPTH:
                return node, Say(N_("values are nested more than {n} levels deep"), n=MAX_DEPTH)
            continue
        if state.get(key) == 2:
            reused += 1
            if reused > MAX_ALIAS_USES:
                return node, Say(N_("YAML aliases of this value are used more than {n} times in the file"),
                                 n=MAX_ALIAS_USES)
            continue
        if state.get(key) == 1:
            return node, Say(ALIAS_LOOP)
        state[key] = 1
        stack.append((node, True))
        for kid in reversed(_children(node)):
            if state.get(id(kid)) == 1:
                return kid, Say(ALIAS_LOOP)
            stack.append((kid, False))
    return None


YAML_COLON = N_("a colon inside a text: put the whole text in quotes \"…\"")
YAML_TAB = N_("replace the tab with spaces")
YAML_INDENT = N_("this line is indented differently from the lines around it")
YAML_START = N_("a text that starts with {char} must be in quotes as a whole: \"…\"")
YAML_AFTER_QUOTE = N_("the text goes on after the quote mark that closes it: put the whole text in quotes of the "
                      "other kind (\"…\" or '…'), or write « » for the quotes inside it")
YAML_UNCLOSED = N_("a quote mark here is never closed: end the text with the same quote mark")
YAML_ESCAPE = N_("a backslash \\ inside double quotes starts a special character: write \\\\ or use single "
                 "quotes '…'")
YAML_NO_KEY = N_("a line without “key:” here: is a colon missing, or does a text go on to this line without "
                 "being indented further than its key?")
YAML_FLOW = N_("check the brackets {brackets} here: the entries inside are separated by commas and the bracket is "
               "closed, e.g. {example}; if this is a text, put the whole text in quotes \"…\"")
YAML_DASH = N_("“- ” starts a list item and cannot follow “key:” on the same line: put the text in quotes \"…\", "
               "or write each “- …” on a line of its own below the key")
YAML_KEY_BRACKETS = N_("brackets {brackets} stand where a key should be: is the colon after a key missing, e.g. "
                       "{example}?")
YAML_ALIAS = N_("“*” starts a reference to a value marked with “&”, and there is none: if this is a text, put the "
                "whole text in quotes \"…\"")
YAML_QUESTION = N_("“?” here starts a YAML key: put the whole text in quotes \"…\"")
YAML_DOCUMENT = N_("a line that starts with “%”, “---” or “...” has a special meaning in YAML: remove it, or put the "
                   "text in quotes \"…\"")
YAML_STRAY = N_("a character here does not fit the YAML layout: look for a stray bracket, comma, quote mark or "
                "dash, or put the text in quotes \"…\"")
YAML_COMMENT_FLOW = N_("“#” after a space starts a YAML comment, which runs to the end of the line and hides the rest, "
                       "the closing bracket too: put the text with “#” in quotes \"…\"")
YAML_OTHER = N_("YAML syntax error here ({detail})")

_KEY_BEFORE = re.compile(r"^\s*(?:-\s+)?[\w\-]+\s*$")
_RESERVED = "@`%*&!|>"
"""Characters that cannot start a plain YAML text (an alias, a tag, a block text …)."""


def yaml_advice(problem: str, line: str = "", col: int = 0, start: str = "", start_col: int = 0) -> str | Say:
    """Plain advice for the YAML slips lesson writers make ("" for others): a colon inside unquoted
    text, a tab, a line indented unlike its neighbours, a text starting with a quote mark or a
    character YAML reserves (``{ [ @ ` * % | >``), a quote never closed, a backslash in double quotes,
    a ``{…}`` with a slip inside.  ``line`` is the text of the line YAML stopped at and ``col`` the
    0-based column; ``start``/``start_col`` the same for where the value being read began."""
    value = _value_start(line)
    at = line[col] if 0 <= col < len(line) else ""
    if at == "\t" or "tab character" in problem:
        return YAML_TAB
    if "mapping values are not allowed" in problem:
        # a key: indented deeper than the key above it reads as a colon inside the text above
        return YAML_INDENT if line and _KEY_BEFORE.match(line[:col]) else YAML_COLON
    if "while scanning a quoted scalar" in problem or "found unexpected end of stream" in problem:
        return YAML_UNCLOSED
    if "while parsing a quoted scalar" in problem or "unknown escape character" in problem:
        return YAML_ESCAPE
    if any(x in problem for x in ("cannot start any token", "while scanning an alias", "while scanning an anchor",
                                  "while scanning a block scalar", "while scanning a directive", "while scanning a tag")):
        first = start[start_col] if 0 <= start_col < len(start) else ""
        char = next((c for c in (at, first, value[:1]) if c and c in _RESERVED), "")
        if char:
            return Say(YAML_START, char=char)
    if "could not determine a constructor for the tag" in problem:
        return Say(YAML_START, char="!")
    if "block sequence entries are not allowed" in problem:
        return YAML_DASH
    if "found unhashable key" in problem:
        return Say(YAML_KEY_BRACKETS, brackets="{ } / [ ]", example='explain: {ru: "…"}')
    if "found undefined alias" in problem:
        return YAML_ALIAS
    if "found unexpected ':'" in problem:
        return YAML_COLON
    if "<document start>" in problem:
        return YAML_DOCUMENT
    if "while parsing a flow" in problem:
        flow = start[start_col:] if start else line
        if _comment_start(flow) is not None:
            return YAML_COMMENT_FLOW
        plain = _unquoted(flow)
        if plain is None:
            return YAML_UNCLOSED
        # a second "key: " in one entry after a plain (unquoted) text: a colon inside that text
        if any(entry.count(": ") > 1 and not entry.split(": ", 1)[1].lstrip().startswith('"')
               for entry in plain.split(",")):
            return YAML_COLON
        if "mapping" in problem:
            return Say(YAML_FLOW, brackets="{ }", example='{ru: "…", en: "…"}')
        return Say(YAML_FLOW, brackets="[ ]", example="[skill_a, skill_b]")
    if value[:1] in ("'", '"') and "expected key" in problem and col > line.find(value) + 1:
        return YAML_AFTER_QUOTE
    if value[:1] in ("{", "[") and "expected key" in problem:
        return Say(YAML_START, char=value[0])
    if "could not find expected ':'" in problem:
        return YAML_NO_KEY
    if any(x in problem for x in ("did not find expected '-' indicator", "did not find expected key",
                                  "bad indentation", "expected <block end>")):
        return YAML_INDENT
    if "mapping keys are not allowed" in problem:
        return YAML_AFTER_QUOTE if value[:1] in ("'", '"') and col > line.find(value) + 1 else YAML_QUESTION
    if "did not find expected node content" in problem:
        return Say(YAML_START, char=at) if at and at in _RESERVED + "{[]},?" else YAML_STRAY
    return ""


def _comment_start(text: str) -> int | None:
    """Where a YAML comment starts in ``text`` (a `` #`` outside quotes; None when there is none)."""
    quote = ""
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'" and (i == 0 or text[i - 1] in " \t{[,:"):
            quote = ch
        elif ch == "#" and i > 0 and text[i - 1] in " \t":
            return i
    return None


def _unquoted(text: str) -> str | None:
    """``text`` with each double-quoted part written ``""`` (None when a double quote is left open)."""
    parts = text.split('"')
    return None if len(parts) % 2 == 0 else '""'.join(parts[::2])


def _value_start(line: str) -> str:
    """The value of a ``key: value`` (or ``- value``) line as written, "" when there is none."""
    m = re.match(r"^\s*(?:-\s+)?(?:[\w\-]+:\s+)?(.*)$", line)
    return m.group(1).strip() if m else ""


def _yaml_problem(e: yaml.MarkedYAMLError, text: str, filename: str) -> Problem:
    """A YAML error as a problem at its line: plain advice where the slip is a common one, YAML's
    own words (in English, inside a translated sentence) otherwise."""
    what = e.problem or "bad YAML"
    ctx = f" ({e.context})" if e.context else ""
    mark = e.problem_mark or e.context_mark
    lines = text.splitlines()

    def row(m: Any) -> str:
        return lines[m.line] if m is not None and 0 <= m.line < len(lines) else ""

    start = e.context_mark if e.context_mark is not None else mark
    advice = yaml_advice(f"{what}{ctx}", row(mark), mark.column if mark else 0, row(start),
                         start.column if start else 0)
    if advice == YAML_UNCLOSED and e.context_mark is not None:
        mark = e.context_mark  # where the quote (or the {…} holding it) opens, not the end of the file
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    if advice == YAML_UNCLOSED and "flow" in ctx and '"' in row(mark)[mark.column:]:
        col = mark.column + row(mark)[mark.column:].rfind('"') + 1  # the quote left open
    if advice == YAML_COMMENT_FLOW and e.context_mark is not None:  # at the "#" that hides the bracket
        start_row = row(e.context_mark)[e.context_mark.column:]
        line, col = e.context_mark.line + 1, e.context_mark.column + (_comment_start(start_row) or 0) + 1
    if advice == YAML_DOCUMENT:  # at the line that starts a directive or a document, not after it
        line, col = next(((i + 1, 1) for i, x in enumerate(lines[:line]) if x.startswith(("%", "---", "..."))),
                         (line, col))
    kind = "YAML" if isinstance(e, yaml.constructor.ConstructorError) else "YAML syntax"
    if isinstance(what, Say):  # our own words (a number too long)
        return Problem.of(filename, line, col, Say(what.msgid, english=f"{kind}: {what}{ctx}", **what.values))
    if advice:
        said = advice if isinstance(advice, Say) else Say(advice)
        detail = f"{what}, {e.context}" if e.context and "flow" in e.context else what  # which brackets
        return Problem.of(filename, line, col, Say(said.msgid, english=f"{kind}: {said} ({detail})", **said.values))
    return Problem.of(filename, line, col, Say(YAML_OTHER, english=f"{kind}: {what}{ctx}", detail=f"{what}{ctx}"))


CANNOT_READ_YAML = N_("cannot read the YAML: {detail}")


def _too_large() -> Say:
    return Say(N_("the file is larger than {size} KB"), english=f"the file is larger than {MAX_FILE_BYTES // 1024} KB",
               size=MAX_FILE_BYTES // 1024)


def read_yaml(text: str, filename: str = "<text>") -> tuple[Any, SourceMap, list[Problem]]:
    """Parse YAML once into data plus marks; syntax errors, duplicate keys, alias bombs,
    nesting too deep, numbers too long and any other failure come back as problems at a
    line of this file (the data is None then).  Never raises for bad content."""
    marks = SourceMap()
    if len(text) > MAX_FILE_BYTES:
        return None, marks, [Problem.of(filename, 1, 1, _too_large())]
    loader = _LessonYamlLoader(text)
    try:
        node = loader.get_single_node()
        blame = _too_big(node) if node is not None else None
        if blame is not None:
            mark = blame[0].start_mark
            return None, marks, [Problem.of(filename, mark.line + 1, mark.column + 1, blame[1])]
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as e:
        return None, marks, [_yaml_problem(e, text, filename)]
    except yaml.YAMLError as e:
        return None, marks, [Problem.of(filename, 1, 1, Say(YAML_OTHER, english=f"YAML syntax: {e}", detail=str(e)))]
    except (RecursionError, MemoryError):
        return None, marks, [Problem.of(filename, 1, 1, Say(N_("the file is nested too deeply or too large to read")))]
    except Exception as e:  # noqa: BLE001 - one bad file must never take the other lessons down
        return None, marks, [Problem.of(filename, 1, 1, Say(CANNOT_READ_YAML, english=f"cannot read the YAML: {e!r}"[:300],
                                                            detail=repr(e)[:200]))]
    finally:
        loader.dispose()
    problems: list[Problem] = []
    marks.lines = text.splitlines()
    if node is not None:
        dupes: list[tuple[Path_, str]] = []
        _walk(node, (), marks, dupes)
        for child, key in dupes:
            line, col = marks.keys[("__dup__", *child)]
            problems.append(Problem.of(filename, line, col, Say(N_("the key “{key}” is written twice here (the later "
                                                                   "one would win)"),
                                                                english=f"duplicate key '{key}' (the later one would win)",
                                                                key=key)))
        problems.extend(Problem.of(filename, slip.line, slip.col, slip.message, dotted(slip.path))
                        for slip in comment_slips(node, marks.lines))
    return data, marks, problems


# ---------------------------------------------------------------------------
# Schema errors -> problems
# ---------------------------------------------------------------------------


def dotted(path: Iterable[str | int]) -> str:
    """A document path written for people: ``steps[3].options[1].text``."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(top)"


def _resolve(data: Any, loc: Sequence[str | int]) -> tuple[Path_, str | int | None, bool]:
    """Follow a pydantic error location through the data, skipping union tags and
    validator names.  Returns (existing path, first missing part or None, whether the
    last part was found as a mapping key)."""
    cur = data
    path: list[str | int] = []
    for i, part in enumerate(loc):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
            path.append(part)
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            cur = cur[part]
            path.append(part)
        elif isinstance(part, str) and (part in STEP_KINDS or "[" in part or "-" in part or part == "[key]"):
            continue
        else:
            return tuple(path), part, i == len(loc) - 1
    return tuple(path), None, False


def _step_fields(data: Any, path: Path_) -> str:
    """The allowed field names of the step at ``path`` (for an unknown-field message)."""
    from trainer.lessons import model

    if len(path) >= 2 and path[0] == "steps" and isinstance(data, dict):
        try:
            kind = data["steps"][path[1]].get("kind")
        except (KeyError, IndexError, TypeError, AttributeError):
            return ""
        cls = {c.model_fields["kind"].annotation.__args__[0]: c for c in _step_classes(model)}.get(kind)
        if cls is not None and len(path) == 3:
            return f"; a {kind} step has: " + ", ".join(["kind", *(f for f in cls.model_fields if f != "kind")])
    elif len(path) == 1:
        return "; a lesson has: " + ", ".join(Lesson.model_fields)
    return ""


def _step_classes(model: Any) -> list[Any]:
    return [model.TextStep, model.ShowStep, model.ChoiceStep, model.PickTilesStep, model.NumberStep,
            model.FuBreakdownStep, model.ArrangeStep, model.DrillStep, model.PlayStep]


SCHEMA_MESSAGES: dict[str, str] = {
    **TYPE_MESSAGES,
    **mapping_messages(N_("must be a mapping (key: value lines)")),
    "int_parsing_size": N_("the number is too long"),
    "float_from_int_too_large": N_("the number is too long"),
    "finite_number": N_("must be a number"),
    "string_too_long": N_("the text is too long"),
    "list_too_long": N_("the list is too long"),
}
"""pydantic's common error types as English message ids for the learner's language (the values
come from the error's context); the English ``message`` keeps pydantic's own words."""
UNKNOWN_FIELD = N_("unknown field “{name}”")
UNKNOWN_FIELD_ALLOWED = N_("unknown field “{name}”; allowed here: {fields}")
MISSING_FIELD = N_("missing field “{name}”")
MISSING_TRANSLATION = N_("missing translation “{name}”")
UNKNOWN_KIND = N_("unknown step kind “{name}”; use one of: {kinds}")
NO_KIND = N_("a step needs kind: (one of {kinds})")


STEP_ID_USED = N_("'{id}' is already used by {first}")
HAND_IN_QUOTES = N_("write the hand in quotes in MPSZ notation, e.g. \"{example}\"")
TILES_IN_QUOTES = N_("write the tiles in quotes in MPSZ notation, e.g. \"{example}\"")
AT_MOST = N_("at most {max_length} here, not {actual_length}")
AT_LEAST = N_("at least {min_length} here, not {actual_length}")
TILE_FIELDS = frozenset({"hand", "tiles", "dora", "visible", "tile", "ura", "wall"})
"""Fields written in MPSZ tile notation (a bare number there is a hand without quotes or suit)."""


NOT_ACCEPTED = N_("this value is not accepted here ({detail})")
GAME_ID = N_("a game id is written in lower-case Latin letters, digits and _, e.g. ron_pinfu")
CELL = N_("a cell is a seat (E, S, W or N) and a turn number, e.g. S8")


def _said(message: Any) -> tuple[str, dict[str, Any]]:
    """The message id and values of a message that is a :class:`Say` ("", {} for plain text)."""
    return (message.msgid, dict(message.values)) if isinstance(message, Say) else ("", {})


def _plain_words(etype: str, ctx: dict[str, Any], path: Path_, given: Any) -> tuple[str, dict[str, Any]]:
    """The message id and values that say a pydantic error in plain words ("", {} for the rest)."""
    name = path[-1] if path else ""
    if etype in ("string_type", "int_type") and name in TILE_FIELDS and isinstance(given, int | float):
        return HAND_IN_QUOTES if name == "hand" else TILES_IN_QUOTES, {"example": f"{given}m"}
    if etype == "string_pattern_mismatch":
        return (GAME_ID, {}) if name == "game" else (CELL, {}) if len(path) >= 2 and path[-2] == "expect" else ("", {})
    if etype == "too_long" and "max_length" in ctx:
        return AT_MOST, {"max_length": ctx["max_length"], "actual_length": ctx.get("actual_length", "?")}
    if etype == "too_short" and ctx.get("min_length", 1) > 1:
        return AT_LEAST, {"min_length": ctx["min_length"], "actual_length": ctx.get("actual_length", "?")}
    if etype not in SCHEMA_MESSAGES:
        return "", {}
    if etype == "literal_error":
        ctx["expected"] = str(ctx.get("expected", "")).replace(" or ", ", ").replace("'", "")
    try:
        SCHEMA_MESSAGES[etype].format(**ctx)
    except (KeyError, IndexError, ValueError):
        return "", {}
    return SCHEMA_MESSAGES[etype], ctx


def _allowed_fields(data: Any, path: Path_) -> str:
    """The allowed field names at ``path`` ("" where they are not known)."""
    found = _step_fields(data, path)
    return found.split(": ", 1)[1] if ": " in found else ""


def schema_problems(err: ValidationError, data: Any, marks: SourceMap, filename: str) -> list[Problem]:
    """Turn pydantic's errors into file:line:col problems pointing at the offending key or value
    (in English, with the message id and values to say the common ones in the learner's language)."""
    out: list[Problem] = []
    for e in err.errors(include_url=False):
        loc = e["loc"]
        path, missing, last = _resolve(data, loc)
        etype = e["type"]
        where = dotted(path)
        text, values = "", {}
        if etype == "extra_forbidden":
            line, col = marks.key(path)
            msg = f"{where}: unknown field '{path[-1]}'{_step_fields(data, path)}"
            fields = _allowed_fields(data, path)
            where = dotted(path[:-1])
            text, values = (UNKNOWN_FIELD_ALLOWED, {"name": path[-1], "fields": fields}) if fields else \
                (UNKNOWN_FIELD, {"name": path[-1]})
        elif etype == "missing" and missing is not None:
            line, col = marks.value(path)
            if missing in ("ru", "en"):
                msg = f"{where}: missing translation '{missing}'"
                text = MISSING_TRANSLATION
            else:
                msg = f"{where}: missing field '{missing}'"
                text = MISSING_FIELD
            values = {"name": missing}
        elif etype == "union_tag_invalid":
            line, col = marks.value((*path, "kind"))
            tag = e.get("ctx", {}).get("tag")
            msg = f"{where}: unknown step kind '{tag}'; use one of: {', '.join(STEP_KINDS)}"
            text, values = UNKNOWN_KIND, {"name": tag, "kinds": ", ".join(STEP_KINDS)}
        elif etype == "rich_text" and isinstance(e.get("ctx", {}).get("offset"), int):
            line, col = marks.text_position(path, e["ctx"]["offset"])
            msg = f"{where}: {e['ctx']['problem']}"
            text, values = _said(e["ctx"]["problem"])
        elif etype == "union_tag_not_found":
            line, col = marks.value(path)
            msg = f"{where}: a step needs kind: (one of {', '.join(STEP_KINDS)})"
            text, values = NO_KIND, {"kinds": ", ".join(STEP_KINDS)}
        elif etype == "step_id" and isinstance(e.get("ctx", {}).get("index"), int):
            ctx = e["ctx"]
            path = ("steps", ctx["index"], "id")
            line, col = marks.value(path)
            where = dotted(path)
            text, values = STEP_ID_USED, {"id": ctx["id"], "first": f"steps[{ctx['first']}]"}
            msg = f"{where}: " + STEP_ID_USED.format(**values)
        else:
            line, col = marks.value(path)
            msg = f"{where}: " + e["msg"].removeprefix("Value error, ")
            said = (e.get("ctx") or {}).get("say")
            if isinstance(said, Say):  # the model's own words (trainer.lessons.model.lesson_error)
                text, values = said.msgid, dict(said.values)
            else:
                text, values = _plain_words(etype, dict(e.get("ctx") or {}), path, e.get("input"))
            if text in (AT_MOST, AT_LEAST) and path and isinstance(path[-1], str):
                msg = f"{where}: " + text.replace(" here", f" {path[-1]}").format(**values)
            elif text and not isinstance(said, Say):
                msg = f"{where}: " + text.format(**values)
            elif not text:  # a kind of error without words of ours: pydantic's own, inside a sentence
                text, values = NOT_ACCEPTED, {"detail": e["msg"].removeprefix("Value error, ")}
        out.append(Problem(filename, line, col, msg, where, text, values))
    return sorted(set(out))


# ---------------------------------------------------------------------------
# Files and folders
# ---------------------------------------------------------------------------


def load_text(text: str, path: Path | str = "<text>") -> LessonFile:
    """Load one lesson from YAML text (schema checks only, no engine checks)."""
    path = Path(path)
    name = _display(path)
    data, marks, problems = read_yaml(text, name)
    lf = LessonFile(path, data, marks, None, problems)
    if data is None and not problems:
        problems.append(Problem.of(name, 1, 1, Say(N_("the file is empty"))))
    if problems and data is None:
        return lf
    if not isinstance(data, dict):
        problems.append(Problem.of(name, 1, 1, Say(N_("a lesson file is a mapping (id:, title:, steps: ...)"))))
        return lf
    try:
        lesson = Lesson.model_validate(data)
    except ValidationError as err:
        problems.extend(schema_problems(err, data, marks, name))
        return lf
    lesson._source_file = str(path)
    lf.lesson = lesson
    problems.extend(_placement(lf, lesson))
    return lf


def _placement(lf: LessonFile, lesson: Lesson) -> list[Problem]:
    """The file must be ``<track folder>/<id>.yaml``."""
    out = []
    if lf.path.suffix == ".yaml" and lf.path.stem != lesson.id:
        out.append(lf.problem(("id",), Say(N_("the id “{id}” differs from the file name {file}: name the file "
                                              "{id}.yaml"), english=f"id '{lesson.id}' differs from the file name "
                                              f"'{lf.path.name}'", id=lesson.id, file=lf.path.name)))
    parent = lf.path.parent.name
    if parent in TRACKS and parent != lesson.track:
        out.append(lf.problem(("track",), Say(N_("track “{track}”, but the file is in the folder {folder}/: move "
                                                 "it to {track}/ or change the track"),
                                              english=f"track '{lesson.track}' but the file is in lessons/{parent}/",
                                              track=lesson.track, folder=parent)))
    return out


def decode_lesson(raw: bytes, name: str) -> tuple[str | None, Problem | None]:
    """A lesson file's bytes as text (UTF-8), or a problem at the real line and column: the
    first byte that is not UTF-8 (a file saved as Windows-1251, say), or a UTF-16/32 file."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in raw[:4096]:
        return None, Problem.of(name, 1, 1, Say(N_("the file is saved as UTF-16 (or UTF-32); lessons must be saved "
                                                  "as UTF-8")))
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as e:
        start = raw.rfind(b"\n", 0, e.start) + 1
        line = raw.count(b"\n", 0, e.start) + 1
        col = len(raw[start:e.start].decode("utf-8", errors="replace")) + 1
        guess = ""
        try:
            raw.decode("cp1251")
            guess = " (it looks like Windows-1251)"
        except UnicodeDecodeError:
            pass
        english = f"the file is not UTF-8{guess}: byte 0x{raw[e.start]:02x} here; save it as UTF-8"
        said = Say(N_("the file is not UTF-8 (it looks like Windows-1251): byte {byte} here; save it as UTF-8")
                   if guess else N_("the file is not UTF-8: byte {byte} here; save it as UTF-8"),
                   english=english, byte=f"0x{raw[e.start]:02x}")
        return None, Problem.of(name, line, col, said)


def read_lesson_bytes(path: Path | str) -> bytes:
    """A lesson file's bytes (at most :data:`MAX_FILE_BYTES`), never waiting on a pipe or reading a
    device (:func:`~trainer.engine.game.saved.read_regular_file`): OSError when it cannot be read,
    is not a regular file, or is too large."""
    from trainer.engine.game.saved import read_regular_file

    return read_regular_file(path, MAX_FILE_BYTES)


def read_lesson_text(path: Path | str) -> str:
    """A lesson file's text (UTF-8) read as :func:`read_lesson_bytes` reads it; OSError or
    UnicodeDecodeError."""
    return read_lesson_bytes(path).decode("utf-8")


def unreadable_problem(name: str, error: OSError) -> Problem:
    """Why the lesson file ``name`` cannot be read, about the whole file: too large, not a regular file
    (a folder, a pipe or a device: skipped without waiting on it), or the system's reason."""
    from trainer.engine.game.saved import FileTooLarge, NotARegularFile

    if isinstance(error, FileTooLarge):
        return Problem.about_file(name, _too_large())
    if isinstance(error, NotARegularFile):
        return Problem.about_file(name, Say(N_("not a regular file (a folder, a pipe or a device): it is skipped"),
                                            english="not a regular file (a folder, a pipe or a device): skipped"))
    return Problem.about_file(name, Say(N_("cannot read the file: {detail}"), english=f"cannot read: {error}",
                                        detail=error.strerror or str(error)))


def load_file(path: Path | str) -> LessonFile:
    """Load one lesson file (schema checks only); never raises for bad content, never blocks (a pipe
    or a device named like a lesson is a problem, :func:`read_lesson_bytes`)."""
    path = Path(path)
    name = _display(path)
    try:
        raw = read_lesson_bytes(path)
    except OSError as e:
        return LessonFile(path, None, SourceMap(), None, [unreadable_problem(name, e)])
    text, problem = decode_lesson(raw, name)
    if text is None:
        return LessonFile(path, None, SourceMap(), None, [problem] if problem else [])
    try:
        return load_text(text, path)
    except Exception as e:  # noqa: BLE001 - a bug met by one file leaves the other lessons alone
        return LessonFile(path, None, SourceMap(), None,
                          [Problem.of(name, 1, 1, Say(N_("the app could not load this file (an error of the app: "
                                                         "{detail})"), english=f"cannot load: {e!r}"[:300],
                                                      detail=repr(e)[:200]))])


def lesson_paths(paths: Iterable[Path | str]) -> list[Path]:
    """Every ``*.yaml`` file named or under the named folders, sorted."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(p.rglob("*.yaml")))
        else:
            out.append(p)
    return out


def load_paths(paths: Iterable[Path | str], *, engine_checks: bool = True) -> LessonLibrary:
    """Load and check the given files and folders into a library (see :func:`load_all`)."""
    from trainer.lessons.check import check_files

    files = [load_file(p) for p in lesson_paths(paths)]
    lib = LessonLibrary()
    try:
        check_files(files, engine=engine_checks)
    except Exception as e:  # noqa: BLE001 - one broken check must not take the app (or a lesson) down
        where = _display(files[0].path.parent) if files else "<lessons>"
        lib.problems.append(Problem.of(where, 1, 1, Say(N_("the lesson checker crashed (an error of the app: "
                                                          "{detail})"), english=f"the lesson checker crashed: {e!r}"[:300],
                                                        detail=repr(e)[:200])))
    for lf in files:
        lib.problems.extend(lf.problems)
        if lf.lesson is not None and not lf.problems:
            lib.lessons[lf.lesson.id] = lf.lesson
            lib.files[lf.lesson.id] = lf
        elif lf.problems:
            lib.broken.setdefault(_lesson_id(lf), min(lf.problems))
    lib.problems.sort()
    return lib


def _lesson_id(lf: LessonFile) -> str:
    """The id of a lesson left out: its own, the ``id:`` of its file, or the file's name."""
    if lf.lesson is not None:
        return lf.lesson.id
    found = lf.data.get("id") if isinstance(lf.data, dict) else None
    return found if isinstance(found, str) and found else lf.path.stem


def load_all(directory: Path | str | None = None, *, engine_checks: bool = True) -> LessonLibrary:
    """Every lesson under ``directory`` (default: the shipped lessons and a teacher's folders,
    :func:`trainer.paths.lesson_dirs`), checked against the schema, the glossary and the
    engine.  A file with any problem is left out and its problems are listed; this function
    does not raise for bad lessons."""
    from trainer.paths import lesson_dirs

    folders = [Path(directory)] if directory is not None else lesson_dirs()
    missing = [Problem.about_file(_display(d), Say(N_("lesson folder not found"))) for d in folders if not d.is_dir()]
    found = [d for d in folders if d.is_dir()]
    if not found:
        return LessonLibrary(problems=missing)
    lib = load_paths(found, engine_checks=engine_checks)
    lib.problems = sorted([*lib.problems, *missing])
    return lib
