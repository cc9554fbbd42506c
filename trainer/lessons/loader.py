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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from trainer.lessons.model import STEP_KINDS, TRACKS, Lesson

_Loader: Any = yaml.CSafeLoader if getattr(yaml, "__with_libyaml__", False) else yaml.SafeLoader

Path_ = tuple[str | int, ...]
"""A location inside the YAML document: keys and list indices from the root."""


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One problem in one lesson file, with a 1-based line and column."""

    file: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"


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

    def problem(self, path: Path_, message: str, *, at_key: bool = False) -> Problem:
        """A problem located at ``path`` inside this file (at the key when ``at_key``)."""
        line, col = self.marks.key(path) if at_key else self.marks.value(path)
        return Problem(_display(self.path), line, col, message)


@dataclass(slots=True)
class LessonLibrary:
    """Every lesson that loaded and passed its checks (by id), and every problem found.
    A broken file is left out of ``lessons`` with its problems listed, never raised."""

    lessons: dict[str, Lesson] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    files: dict[str, LessonFile] = field(default_factory=dict)

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


def read_yaml(text: str, filename: str = "<text>") -> tuple[Any, SourceMap, list[Problem]]:
    """Parse YAML once into data plus marks; syntax errors and duplicate keys come back as
    problems (the data is None after a syntax error)."""
    marks = SourceMap()
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = e.problem or "bad YAML"
        ctx = f" ({e.context})" if e.context else ""
        return None, marks, [Problem(filename, line, col, f"YAML syntax: {what}{ctx}")]
    except yaml.YAMLError as e:
        return None, marks, [Problem(filename, 1, 1, f"YAML syntax: {e}")]
    finally:
        loader.dispose()
    problems: list[Problem] = []
    marks.lines = text.splitlines()
    if node is not None:
        dupes: list[tuple[Path_, str]] = []
        _walk(node, (), marks, dupes)
        for child, key in dupes:
            line, col = marks.keys[("__dup__", *child)]
            problems.append(Problem(filename, line, col, f"duplicate key '{key}' (the later one would win)"))
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


def schema_problems(err: ValidationError, data: Any, marks: SourceMap, filename: str) -> list[Problem]:
    """Turn pydantic's errors into file:line:col problems pointing at the offending key or value."""
    out: list[Problem] = []
    for e in err.errors(include_url=False):
        loc = e["loc"]
        path, missing, last = _resolve(data, loc)
        etype = e["type"]
        where = dotted(path)
        if etype == "extra_forbidden":
            line, col = marks.key(path)
            msg = f"{where}: unknown field '{path[-1]}'{_step_fields(data, path)}"
        elif etype == "missing" and missing is not None:
            line, col = marks.value(path)
            if missing in ("ru", "en"):
                msg = f"{where}: missing translation '{missing}'"
            else:
                msg = f"{where}: missing field '{missing}'"
        elif etype == "union_tag_invalid":
            line, col = marks.value((*path, "kind"))
            tag = e.get("ctx", {}).get("tag")
            msg = f"{where}: unknown step kind '{tag}'; use one of: {', '.join(STEP_KINDS)}"
        elif etype == "rich_text" and isinstance(e.get("ctx", {}).get("offset"), int):
            line, col = marks.text_position(path, e["ctx"]["offset"])
            msg = f"{where}: {e['ctx']['problem']}"
        elif etype == "union_tag_not_found":
            line, col = marks.value(path)
            msg = f"{where}: a step needs kind: (one of {', '.join(STEP_KINDS)})"
        else:
            line, col = marks.value(path)
            text = e["msg"].removeprefix("Value error, ")
            msg = f"{where}: {text}"
        out.append(Problem(filename, line, col, msg))
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
        problems.append(Problem(name, 1, 1, "the file is empty"))
    if problems and data is None:
        return lf
    if not isinstance(data, dict):
        problems.append(Problem(name, 1, 1, "a lesson file is a mapping (id:, title:, steps: ...)"))
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
        out.append(lf.problem(("id",), f"id '{lesson.id}' differs from the file name '{lf.path.name}'"))
    parent = lf.path.parent.name
    if parent in TRACKS and parent != lesson.track:
        out.append(lf.problem(("track",), f"track '{lesson.track}' but the file is in lessons/{parent}/"))
    return out


def load_file(path: Path | str) -> LessonFile:
    """Load one lesson file (schema checks only); never raises for bad content."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return LessonFile(path, None, SourceMap(), None, [Problem(_display(path), 1, 1, f"cannot read: {e}")])
    return load_text(text, path)


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
    except Exception as e:  # noqa: BLE001 - one broken check must not take the app down
        files[0].problems.append(Problem(_display(files[0].path), 1, 1, f"checker crashed: {e!r}"))
    for lf in files:
        lib.problems.extend(lf.problems)
        if lf.lesson is not None and not lf.problems:
            lib.lessons[lf.lesson.id] = lf.lesson
            lib.files[lf.lesson.id] = lf
    lib.problems.sort()
    return lib


def load_all(directory: Path | str | None = None, *, engine_checks: bool = True) -> LessonLibrary:
    """Every lesson under ``directory`` (default: the shipped lessons and a teacher's folders,
    :func:`trainer.paths.lesson_dirs`), checked against the schema, the glossary and the
    engine.  A file with any problem is left out and its problems are listed; this function
    does not raise for bad lessons."""
    from trainer.paths import lesson_dirs

    folders = [Path(directory)] if directory is not None else lesson_dirs()
    missing = [Problem(_display(d), 1, 1, "lesson folder not found") for d in folders if not d.is_dir()]
    found = [d for d in folders if d.is_dir()]
    if not found:
        return LessonLibrary(problems=missing)
    lib = load_paths(found, engine_checks=engine_checks)
    lib.problems = sorted([*lib.problems, *missing])
    return lib
