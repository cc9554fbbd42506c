"""Checks of loaded lessons beyond the schema: glossary terms, prerequisites, presets,
drill generators, and every quiz answer and ``expect:`` against the engine.

:func:`check_files` appends :class:`~trainer.lessons.loader.Problem` s to each
file; nothing here raises for a bad lesson.  The engine is asked for every quiz
step, so a step whose question has no answer (``ask: waits`` on a hand that is
not tenpai) is reported even without an ``expect:``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from trainer.i18n import N_
from trainer.lessons.loader import LessonFile, Problem, _display, dotted, load_file, read_yaml
from trainer.lessons.model import Lesson
from trainer.lessons.richtext import term_ids

# ---------------------------------------------------------------------------
# Glossary, presets, tile sets, generators: each found lazily, each may be missing
# ---------------------------------------------------------------------------


class Glossary:
    """The project glossary's id lookup (ids and aliases), or why it could not be loaded."""

    def __init__(self, has: Callable[[str], bool] | None, error: str | None, raw: Any = None) -> None:
        self.has = has
        self.error = error
        self.raw = raw


@cache
def glossary() -> Glossary:
    """Load the project glossary once (``trainer.glossary.load_glossary``)."""
    try:
        from trainer.glossary import load_glossary
    except ImportError:
        return Glossary(None, "the glossary (trainer/glossary.py, trainer/data/glossary.yaml) is not available")
    try:
        g = load_glossary()
    except Exception as e:  # noqa: BLE001 - a broken glossary is a reported problem, not a crash
        return Glossary(None, f"the glossary could not be loaded: {e}")
    return Glossary(g.has, None, g)


@cache
def preset_error(name: str) -> str | None:
    """Why ``name`` is not a loadable rule preset (None if it loads); the MCR presets (``mcr``,
    ``mcr_common``) are rule presets of the MCR lessons."""
    from trainer.engine.mcr.table import MCR_PRESETS

    if name in MCR_PRESETS:
        return None
    try:
        from trainer.engine.rules import load_rules
    except ImportError:
        return None
    try:
        load_rules(name)
    except Exception as e:  # noqa: BLE001
        return f"unknown rule preset '{name}': {e}"
    return None


@cache
def tileset_ids() -> frozenset[str] | None:
    """The ids of the known tile sets (None when the tile-set module is absent)."""
    try:
        from trainer.engine.tilesets import load_tilesets
    except ImportError:
        return None
    return frozenset(load_tilesets())


def tileset_error(ref: str | dict[str, Any], lesson_id: str) -> str | None:
    """Why a lesson's tile set (a shipped name or an inline spec) is not valid, or None."""
    if isinstance(ref, str):
        sets = tileset_ids()
        if sets is not None and ref not in sets:
            return f"unknown tile set '{ref}'; known: {', '.join(sorted(sets))} (or give a spec mapping)"
        return None
    try:
        from trainer.engine.tilesets import TileSet
    except ImportError:
        return None
    try:
        TileSet.from_spec(ref, "tiles", where=f"tile set of {lesson_id}")
    except ValueError as e:
        return str(e)
    return None


# ---------------------------------------------------------------------------
# Walking texts in the raw data (for term ids with their positions)
# ---------------------------------------------------------------------------


def _texts(data: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], str]]:
    if isinstance(data, dict):
        for k, v in data.items():
            if k in ("ru", "en") and isinstance(v, str):
                yield (*path, k), v
            else:
                yield from _texts(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _texts(v, (*path, i))


def _check_terms(lf: LessonFile) -> list[Problem]:
    assert lf.lesson is not None
    uses: list[tuple[tuple[str | int, ...], str, int | None]] = [
        (("terms", i), t, None) for i, t in enumerate(lf.lesson.terms)
    ]
    for path, text in _texts(lf.data):
        uses.extend((path, term, offset) for term, offset in term_ids(text))
    if not uses:
        return []
    g = glossary()
    if g.has is None:
        return [lf.problem(uses[0][0], f"cannot check term '{uses[0][1]}': {g.error}")]
    out = []
    for path, term, offset in uses:
        if g.has(term):
            continue
        line, col = lf.marks.value(path) if offset is None else lf.marks.text_position(path, offset)
        out.append(Problem(lf.problem(path, "").file, line, col, f"{dotted(path)}: unknown glossary term '{term}'"))
    return out


def _check_spelling(lf: LessonFile) -> list[Problem]:
    """Variant spellings of glossary terms, miscounted «хан», and source citations in the
    learner-facing texts (titles, objective, every step text; not ``sources:``)."""
    from trainer.lessons.spelling import checker_for, citation_findings

    g = glossary()
    checker = checker_for(g.raw) if g.raw is not None else None
    out = []
    for path, text in _texts(lf.data):
        found = citation_findings(text)
        if checker is not None and path[-1] == "ru":
            found += checker.findings(text)
        for f in found:
            line, col = lf.marks.text_position(path, f.offset)
            out.append(Problem(lf.problem(path, "").file, line, col, f"{dotted(path)}: {f.message}"))
    return out


_TILE_MARKUP = re.compile(r"\{(?:tiles|hand):[^}]*\}")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _text_maps(data: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], dict[str, Any]]]:
    """Every language mapping ``{ru: ..., en: ...}`` in the raw lesson data, with its path."""
    if isinstance(data, dict):
        if isinstance(data.get("ru"), str):
            yield path, data
            return
        for k, v in data.items():
            yield from _text_maps(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _text_maps(v, (*path, i))


def _check_translation(lf: LessonFile) -> list[Problem]:
    """An English lesson (``languages: [ru, en]``) translates every learner-facing text, shows
    the same tiles in both languages and has no Russian letters in its English."""
    lesson = lf.lesson
    assert lesson is not None
    if "en" not in lesson.languages:
        return []
    out = []
    for path, text in _text_maps(lf.data):
        en = text.get("en")
        if not isinstance(en, str) or not en.strip():
            out.append(lf.problem(path, f"{dotted(path)}: missing English translation 'en' "
                                        "(the lesson declares languages: [ru, en])"))
            continue
        if sorted(_TILE_MARKUP.findall(text["ru"])) != sorted(_TILE_MARKUP.findall(en)):
            out.append(lf.problem((*path, "en"), f"{dotted((*path, 'en'))}: the English shows other tiles than "
                                                 "the Russian: " + " ".join(_TILE_MARKUP.findall(en))))
        if (m := _CYRILLIC.search(en)) is not None:
            line, col = lf.marks.text_position((*path, "en"), m.start())
            out.append(Problem(lf.problem(path, "").file, line, col,
                               f"{dotted((*path, 'en'))}: Russian letters in the English text"))
    return out


def _check_header(lf: LessonFile) -> list[Problem]:
    lesson = lf.lesson
    assert lesson is not None
    out = []
    err = preset_error(lesson.preset)
    if err:
        out.append(lf.problem(("preset",), err))
    where = [(("tiles",), lesson.tiles)]
    for i, step in enumerate(lesson.steps):
        if step.kind != "play":
            continue
        if (msg := play_table_error(step)) is not None:  # a shape-game table checks its own options
            out.append(lf.problem(("steps", i), f"steps[{i}]: {msg}"))
        elif not _is_shape_game(step.mode):
            where.append((("steps", i, "tiles"), step.tiles))
    for path, ref in where:
        if ref is not None and (msg := tileset_error(ref, lesson.id)):
            out.append(lf.problem(path, f"{dotted(path)}: {msg}"))
    return out


def _is_shape_game(mode: str) -> bool:
    try:
        from trainer.engine.game.simple_modes import mode_ids
    except ImportError:
        return False
    return mode in mode_ids()


def play_table_error(step: Any) -> str | None:
    """Why a play step in a shape-game mode (tibet, ponjan ...) cannot set up its table: an
    unknown rule option, a value the mode does not offer, a tile set too small; None if fine
    (and for the full game, which takes the lesson's preset)."""
    if not _is_shape_game(step.mode):
        return None
    from trainer.engine.game.simple_modes import ModeError, table_setup

    params = {"mode": step.mode, "rules": step.rules, "tiles": step.tiles, "players": step.players,
              "bots": step.bots, "reveal": step.reveal, "coach": step.coach}
    try:
        table_setup(params)
    except (ModeError, ValueError) as e:
        return str(e)
    return None


# ---------------------------------------------------------------------------
# Drills
# ---------------------------------------------------------------------------


def _check_drills(lf: LessonFile) -> list[Problem]:
    lesson = lf.lesson
    assert lesson is not None
    drills = [(i, s) for i, s in enumerate(lesson.steps) if s.kind == "drill"]
    if not drills:
        return []
    try:
        from trainer.engine.exercises import GENERATORS
    except ImportError as e:
        return [lf.problem(("steps", drills[0][0]), f"cannot check drill generators: {e}")]
    out = []
    for i, step in drills:
        gen = GENERATORS.get(step.generator)
        if gen is None:
            out.append(lf.problem(("steps", i, "generator"), f"steps[{i}].generator: unknown generator "
                                  f"'{step.generator}'; known: {', '.join(sorted(GENERATORS))}"))
            continue
        try:
            gen.params_model.model_validate(step.params)
        except ValidationError as err:
            for e in err.errors(include_url=False):
                sub = tuple(x for x in e["loc"] if isinstance(x, (str, int)))
                path = ("steps", i, "params", *sub)
                if e["type"] == "extra_forbidden":
                    fields = ", ".join(gen.params_model.model_fields)
                    out.append(lf.problem(path, f"{dotted(path)}: unknown parameter of {step.generator}; "
                                                f"it has: {fields}", at_key=True))
                else:
                    msg = e["msg"].removeprefix("Value error, ")
                    out.append(lf.problem(path, f"{dotted(path)}: {msg}"))
    return out


# ---------------------------------------------------------------------------
# Engine answers and expects
# ---------------------------------------------------------------------------


def _check_answers(lf: LessonFile) -> list[Problem]:
    from trainer.lessons.answers import AnswerError, check_step

    lesson = lf.lesson
    assert lesson is not None
    out = []
    for i, step in enumerate(lesson.steps):
        try:
            for sub, message in check_step(step, lesson):
                out.append(lf.problem(("steps", i, *sub), f"{dotted(('steps', i, *sub))}: {message}"))
        except AnswerError as e:
            out.append(lf.problem(("steps", i, *e.path), f"{dotted(('steps', i, *e.path))}: {e}"))
        except ImportError as e:
            out.append(lf.problem(("steps", i), f"steps[{i}]: the engine cannot answer this yet ({e})"))
        except ValueError as e:  # the engine refused the step's tiles (wrong hand size, 5 copies ...)
            out.append(lf.problem(("steps", i), f"steps[{i}]: the engine cannot use this step: {e}"))
    return out


# ---------------------------------------------------------------------------
# Prerequisites across lessons
# ---------------------------------------------------------------------------


MAX_NEIGHBOURS = 500
"""The most lesson files read from a checked file's own folder to find its prerequisites."""


def _own_folders(files: list[LessonFile]) -> list[Path]:
    """The lesson folder each checked file sits in: the folder above a track folder
    (``club/scoring/x.yaml`` -> ``club/``), else the file's own folder."""
    from trainer.lessons.model import TRACKS

    out: list[Path] = []
    for lf in files:
        parent = lf.path.resolve().parent
        root = parent.parent if parent.name in TRACKS else parent
        if root not in out:
            out.append(root)
    return out


def _neighbours(root: Path) -> list[Path]:
    """The lesson files of a teacher's folder: ``*.yaml`` in it and in its track folders."""
    from trainer.lessons.model import TRACKS

    found = sorted(root.glob("*.yaml"))
    for track in TRACKS:
        if (root / track).is_dir():
            found.extend(sorted((root / track).glob("*.yaml")))
    return found[:MAX_NEIGHBOURS]


def _repo_graph(skip: set[Path], extra: Sequence[Path] = ()) -> dict[str, tuple[list[str], Path]]:
    """id -> (prerequisites, file) of every lesson in the shipped and the teacher's lesson
    folders, and in ``extra`` folders (the checked files' own), not among the files being
    checked (read raw, without validation)."""
    from trainer.paths import lesson_dirs

    out: dict[str, tuple[list[str], Path]] = {}
    paths = sorted(p for d in lesson_dirs() if d.is_dir() for p in d.rglob("*.yaml"))
    paths += [p for root in extra for p in _neighbours(root)]
    for p in paths:
        if p.resolve() in skip:
            continue
        try:
            data, _, _ = read_yaml(p.read_text(encoding="utf-8"), str(p))
        except (OSError, UnicodeDecodeError):
            continue
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            pre = data.get("prerequisites") or []
            out.setdefault(data["id"], ([x for x in pre if isinstance(x, str)], p))
    return out


PREREQUISITE_BROKEN = N_("prerequisite “{id}” did not load: its file {file} has an error (fix that file first)")


def _file_lesson_id(lf: LessonFile) -> str:
    """The lesson id a file that did not load meant to have: its ``id:`` when it can be read,
    else the file's name."""
    data = lf.data if isinstance(lf.data, dict) else {}
    value = data.get("id")
    return value if isinstance(value, str) and value else lf.path.stem


def _display_dir(folders: list[Path]) -> str:
    from trainer.lessons.loader import _display

    return ", ".join(_display(f) + "/" for f in folders[:3]) or "the checked folder"


def _check_graph(files: list[LessonFile]) -> None:
    ok = [lf for lf in files if lf.lesson is not None]
    seen: dict[str, LessonFile] = {}
    for lf in ok:
        assert lf.lesson is not None
        first = seen.get(lf.lesson.id)
        if first is not None:
            lf.problems.append(lf.problem(("id",), f"lesson id '{lf.lesson.id}' is also used by {first.path}"))
        else:
            seen[lf.lesson.id] = lf
    graph: dict[str, list[str]] = {i: list(lf.lesson.prerequisites) for i, lf in seen.items()}  # type: ignore[union-attr]
    own = _own_folders(files)
    for i, (pre, _) in _repo_graph({lf.path.resolve() for lf in files}, own).items():
        graph.setdefault(i, pre)
    broken = {_file_lesson_id(lf): lf for lf in files if lf.lesson is None}  # files that did not load
    for i, lf in seen.items():
        for j, p in enumerate(graph[i]):
            if p in graph:
                continue
            if p in broken:  # it exists, but its own file has an error: that is what to fix
                problem = lf.problem(("prerequisites", j), f"prerequisite '{p}' did not load: its file "
                                     f"{_display(broken[p].path)} has an error (fix that file first)")
                lf.problems.append(dataclasses.replace(problem, text=PREREQUISITE_BROKEN,
                                                       values={"id": p, "file": _display(broken[p].path)}))
                continue
            lf.problems.append(lf.problem(("prerequisites", j), f"unknown prerequisite '{p}': not found among "
                                          f"the shipped lessons or in {_display_dir(own)}; "
                                          "check its folder with --lessons-dir DIR"))
    # cycles: iterative DFS colouring; report each cycle on every checked lesson in it
    colour: dict[str, int] = {}
    reported: set[frozenset[str]] = set()
    for root in sorted(graph):
        if colour.get(root):
            continue
        stack: list[tuple[str, Iterator[str]]] = [(root, iter(graph[root]))]
        trail = [root]
        colour[root] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                colour[node] = 2
                stack.pop()
                trail.pop()
                continue
            if nxt not in graph:
                continue
            if colour.get(nxt) == 1:
                cycle = trail[trail.index(nxt):]
                key = frozenset(cycle)
                if key not in reported:
                    reported.add(key)
                    text = " -> ".join([*cycle, nxt])
                    for member in cycle:
                        lf = seen.get(member)
                        if lf is not None:
                            nxt_in = cycle[(cycle.index(member) + 1) % len(cycle)]
                            j = lf.lesson.prerequisites.index(nxt_in)  # type: ignore[union-attr]
                            lf.problems.append(lf.problem(("prerequisites", j), f"prerequisite cycle: {text}"))
            elif not colour.get(nxt):
                colour[nxt] = 1
                trail.append(nxt)
                stack.append((nxt, iter(graph[nxt])))


# ---------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------


def check_files(files: list[LessonFile], *, engine: bool = True) -> None:
    """Run every check on already loaded files, appending problems to each."""
    for lf in files:
        if lf.lesson is None:
            continue
        checks = [_check_header, _check_terms, _check_spelling, _check_translation, _check_drills]
        if engine:
            checks.append(_check_answers)
        for check in checks:
            try:
                lf.problems.extend(check(lf))
            except Exception as e:  # noqa: BLE001 - report, keep checking the other lessons
                lf.problems.append(lf.problem((), f"internal error in {check.__name__}: {e!r}"))
    _check_graph(files)
    for lf in files:
        lf.problems.sort()


def check_paths(paths: list[Path | str], *, style: bool = False) -> tuple[list[Lesson], list[Problem], int]:
    """Load and check the given files; returns (good lessons, problems, files checked).
    With ``style`` the authoring-guideline notes (messages starting ``style: ``) are added
    to the problems; they do not make a lesson bad here."""
    from trainer.lessons.loader import lesson_paths

    files = [load_file(p) for p in lesson_paths(paths)]
    check_files(files)
    problems = sorted(p for lf in files for p in lf.problems)
    good = [lf.lesson for lf in files if lf.lesson is not None and not lf.problems]
    if style:
        from trainer.lessons.style import style_notes

        problems = sorted(problems + [n for lf in files if not lf.problems for n in style_notes(lf)])
    return good, problems, len(files)


_STEP_REF = re.compile(r"\bsteps\[(\d+)\](\.)?")


def step_label(index: int, step_id: str | None = None) -> str:
    """A step named as the app numbers it (from 1), with its ``id:``: ``step 3 (q_waits)``."""
    return f"step {index + 1}" + (f" ({step_id})" if step_id else "")


def human_line(problem: Problem, step_ids: dict[str, list[str | None]] | None = None) -> str:
    """``str(problem)`` with each ``steps[2]`` named as the app does: ``step 3 (q_waits)``
    (``step_ids``: each file's step ids by index, read from the file when not given)."""
    text = str(problem)
    if "steps[" not in problem.message:
        return text
    ids = (step_ids if step_ids is not None else {}).get(problem.file)
    if ids is None:
        ids = _step_ids(problem.file)
        if step_ids is not None:
            step_ids[problem.file] = ids

    def name(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return step_label(i, ids[i] if i < len(ids) else None) + (", " if m.group(2) else "")

    head = f"{problem.file}:{problem.line}:{problem.col}: "
    return head + _STEP_REF.sub(name, problem.message)


def _step_ids(file: str) -> list[str | None]:
    """The ``id:`` of each step of a lesson file, read raw (None where a step has none)."""
    try:
        data, _, _ = read_yaml(Path(file).read_text(encoding="utf-8"), file)
    except (OSError, UnicodeDecodeError):
        return []
    steps = data.get("steps") if isinstance(data, dict) else None
    if not isinstance(steps, list):
        return []
    return [s.get("id") if isinstance(s, dict) and isinstance(s.get("id"), str) else None for s in steps]


def params_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of a generator's parameters (the UI builds a settings form from it)."""
    return model.model_json_schema()
