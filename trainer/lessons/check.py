"""Checks of loaded lessons beyond the schema: glossary terms, prerequisites, presets,
drill generators, and every quiz answer and ``expect:`` against the engine.

:func:`check_files` appends :class:`~trainer.lessons.loader.Problem` s to each
file; nothing here raises for a bad lesson.  The engine is asked for every quiz
step, so a step whose question has no answer (``ask: waits`` on a hand that is
not tenpai) is reported even without an ``expect:``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from trainer.i18n import N_
from trainer.lessons.engine_words import ENGINE_SAYS, engine_reason
from trainer.lessons.loader import (
    LessonFile,
    Problem,
    _display,
    dotted,
    load_file,
    read_lesson_text,
    read_yaml,
)
from trainer.lessons.model import Lesson
from trainer.lessons.richtext import term_ids
from trainer.lessons.say import Say

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
        return Glossary(None, Say(N_("the glossary (trainer/glossary.py, trainer/data/glossary.yaml) is not "
                                     "available")))
    try:
        g = load_glossary()
    except Exception as e:  # noqa: BLE001 - a broken glossary is a reported problem, not a crash
        return Glossary(None, Say(N_("the glossary could not be loaded: {reason}"), reason=engine_reason(str(e))))
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
        return Say(N_("unknown rule preset “{name}”; known: {known}"), english=f"unknown rule preset '{name}': {e}",
                   name=name, known=_known_presets())
    return None


def _known_presets() -> list[str]:
    """The rule presets a lesson may name: the riichi presets, then the MCR ones."""
    from trainer.engine.mcr.table import MCR_PRESETS
    from trainer.engine.rules import PRESETS

    return [*PRESETS, *MCR_PRESETS]


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
            return Say(N_("unknown tile set “{name}”; known: {known} (or give a spec mapping)"),
                       english=f"unknown tile set '{ref}'; known: {', '.join(sorted(sets))} (or give a spec mapping)",
                       name=ref, known=sorted(sets))
        return None
    try:
        from trainer.engine.tilesets import TileSet
    except ImportError:
        return None
    try:
        TileSet.from_spec(ref, "tiles", where=f"tile set of {lesson_id}")
    except ValueError as e:
        return Say(N_("the tile set cannot be used: {reason}"), english=str(e), reason=engine_reason(str(e)))
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
        return [lf.problem(uses[0][0], Say(N_("cannot check the term “{term}”: {reason}"),
                                           english=f"cannot check term '{uses[0][1]}': {g.error}",
                                           term=uses[0][1], reason=g.error))]
    out = []
    for path, term, offset in uses:
        if g.has(term):
            continue
        line, col = lf.marks.value(path) if offset is None else lf.marks.text_position(path, offset)
        out.append(Problem.of(lf.problem(path, "").file, line, col, _unknown_term(term), dotted(path)))
    return out


def _unknown_term(term: str) -> Say:
    """An unknown glossary id, with the nearest known id when there is one (a typo)."""
    import difflib

    english = f"unknown glossary term '{term}'"
    raw = glossary().raw
    try:
        ids = list(raw.ids()) if raw is not None else []
    except (AttributeError, TypeError):
        ids = []
    close = difflib.get_close_matches(term, ids, n=1)
    if close:
        return Say(N_("unknown glossary term “{term}” (did you mean “{close}”?); the terms are listed in "
                      "trainer/data/glossary.yaml"), english=english, term=term, close=close[0])
    return Say(N_("unknown glossary term “{term}”; the terms are listed in trainer/data/glossary.yaml"),
               english=english, term=term)


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
            out.append(Problem.of(lf.problem(path, "").file, line, col, f.message, dotted(path)))
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
            out.append(lf.problem(path, Say(N_("missing English translation 'en' (the lesson declares languages: "
                                               "[ru, en])")), where=dotted(path)))
            continue
        if sorted(_TILE_MARKUP.findall(text["ru"])) != sorted(_TILE_MARKUP.findall(en)):
            out.append(lf.problem((*path, "en"), Say(N_("the English shows other tiles than the Russian: {markup}"),
                                                     markup=" ".join(_TILE_MARKUP.findall(en))),
                                  where=dotted((*path, "en"))))
        if (m := _CYRILLIC.search(en)) is not None:
            line, col = lf.marks.text_position((*path, "en"), m.start())
            out.append(Problem.of(lf.problem(path, "").file, line, col, Say(N_("Russian letters in the English text")),
                                  dotted((*path, "en"))))
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
            out.append(lf.problem(("steps", i), msg, where=f"steps[{i}]"))
        elif not _is_shape_game(step.mode):
            where.append((("steps", i, "tiles"), step.tiles))
    for path, ref in where:
        if ref is not None and (msg := tileset_error(ref, lesson.id)):
            out.append(lf.problem(path, msg, where=dotted(path)))
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
        return Say(N_("this game's table cannot be set up: {reason}"), english=str(e), reason=engine_reason(str(e)))
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
        return [lf.problem(("steps", drills[0][0]), Say(N_("cannot check the drill generators: {reason}"),
                                                        english=f"cannot check drill generators: {e}",
                                                        reason=str(e)))]
    out = []
    for i, step in drills:
        gen = GENERATORS.get(step.generator)
        if gen is None:
            out.append(lf.problem(("steps", i, "generator"), Say(
                N_("unknown generator “{name}”; known: {known}"),
                english=f"unknown generator '{step.generator}'; known: {', '.join(sorted(GENERATORS))}",
                name=step.generator, known=sorted(GENERATORS)), where=f"steps[{i}].generator"))
            continue
        try:
            gen.params_model.model_validate(step.params)
        except ValidationError as err:
            for e in err.errors(include_url=False):
                sub = tuple(x for x in e["loc"] if isinstance(x, (str, int)))
                path = ("steps", i, "params", *sub)
                if e["type"] == "extra_forbidden":
                    fields = ", ".join(gen.params_model.model_fields)
                    out.append(lf.problem(path, Say(N_("unknown parameter of {generator}; it has: {fields}"),
                                                    generator=step.generator, fields=fields),
                                          at_key=True, where=dotted(path)))
                else:
                    out.append(lf.problem(path, _param_words(e), where=dotted(path)))
    return out


def _param_words(e: Any) -> Say:
    """A drill parameter's pydantic error in plain words (pydantic's own inside a sentence otherwise)."""
    from trainer.lessons.loader import NOT_ACCEPTED, SCHEMA_MESSAGES

    msg = e["msg"].removeprefix("Value error, ")
    ctx = dict(e.get("ctx") or {})
    if e["type"] == "literal_error":
        ctx["expected"] = str(ctx.get("expected", "")).replace(" or ", ", ").replace("'", "")
    msgid = SCHEMA_MESSAGES.get(e["type"])
    if msgid is not None:
        try:
            msgid.format(**ctx)
            return Say(msgid, english=msg, **{k: v for k, v in ctx.items() if f"{{{k}}}" in msgid})
        except (KeyError, IndexError, ValueError):
            pass
    reason = engine_reason(msg)
    return reason if reason.msgid != ENGINE_SAYS else Say(NOT_ACCEPTED, english=msg, detail=msg)


# ---------------------------------------------------------------------------
# Engine answers and expects
# ---------------------------------------------------------------------------


def _check_answers(lf: LessonFile) -> list[Problem]:
    from trainer.lessons.answers import AnswerError, check_step

    lesson = lf.lesson
    assert lesson is not None
    if preset_error(lesson.preset) is not None:  # said once at preset: (every step would fail on it)
        return []
    out = []
    for i, step in enumerate(lesson.steps):
        try:
            for sub, message in check_step(step, lesson):
                out.append(lf.problem(("steps", i, *sub), message, where=dotted(("steps", i, *sub))))
        except AnswerError as e:
            out.append(lf.problem(("steps", i, *e.path), e.message, where=dotted(("steps", i, *e.path))))
        except ImportError as e:
            out.append(lf.problem(("steps", i), Say(N_("the engine cannot answer this yet ({reason})"),
                                                    reason=str(e)), where=f"steps[{i}]"))
        except ValueError as e:  # the engine refused the step's tiles (wrong hand size, 5 copies ...)
            out.append(lf.problem(("steps", i), Say(N_("the engine cannot use this step: {reason}"),
                                                    reason=engine_reason(str(e))), where=f"steps[{i}]"))
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


def _repo_graph(skip: set[Path], extra: Sequence[Path] = ()) -> tuple[dict[str, tuple[list[str], Path]],
                                                                       dict[str, Path]]:
    """id -> (prerequisites, file) of every lesson in the shipped and the teacher's lesson
    folders, and in ``extra`` folders (the checked files' own), not among the files being
    checked (read raw, without validation); and, by the file's name, those of them that cannot
    be read at all (a YAML error), so a prerequisite there is not called "not found"."""
    from trainer.paths import lesson_dirs

    out: dict[str, tuple[list[str], Path]] = {}
    unreadable: dict[str, Path] = {}
    paths = sorted(p for d in lesson_dirs() if d.is_dir() for p in d.rglob("*.yaml"))
    paths += [p for root in extra for p in _neighbours(root)]
    for p in paths:
        if p.resolve() in skip:
            continue
        try:
            data, _, _ = read_yaml(read_lesson_text(p), str(p))
        except (OSError, UnicodeDecodeError):
            unreadable.setdefault(p.stem, p)
            continue
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            pre = data.get("prerequisites") or []
            out.setdefault(data["id"], ([x for x in pre if isinstance(x, str)], p))
        else:
            unreadable.setdefault(p.stem, p)
    return out, unreadable


PREREQUISITE_BROKEN = N_("its prerequisite {id} is in a file that did not load: {file} (its error is in this list "
                         "too; fix that file first)")
PREREQUISITE_UNKNOWN = N_("unknown prerequisite {id}: there is no lesson with this id among the app's lessons or in "
                          "{folders}; check the spelling of the id")
PREREQUISITE_UNKNOWN_SHIPPED = N_("unknown prerequisite {id}: there is no lesson with this id among the app's "
                                  "lessons; check the spelling of the id")
LESSON_ID_SHIPPED = N_("the lesson id {id} is already used by a lesson of the app: give this lesson another id (and "
                       "its file the same name)")
LESSON_ID_TAKEN = N_("the lesson id {id} is already used by {file}: give this lesson another id (and its file the "
                     "same name)")


def _file_lesson_id(lf: LessonFile) -> str:
    """The lesson id a file that did not load meant to have: its ``id:`` when it can be read,
    else the file's name."""
    data = lf.data if isinstance(lf.data, dict) else {}
    value = data.get("id")
    return value if isinstance(value, str) and value else lf.path.stem


def _shipped(path: Path) -> bool:
    """Whether ``path`` is one of the app's own lessons (or their folder)."""
    from trainer.paths import LESSONS_DIR

    shipped = LESSONS_DIR.resolve()
    return path.resolve() == shipped or shipped in path.resolve().parents


def _teacher_folders(folders: list[Path]) -> list[Path]:
    """The folders a prerequisite was looked for in, but the shipped lessons' own (named in words)."""
    return [f for f in folders if not _shipped(f)]


def _short(path: Path, folders: list[Path]) -> str:
    """A lesson file named inside the teacher's folder it is in (``skills/x.yaml``), else in full."""
    for root in folders:
        try:
            return str(path.resolve().relative_to(root.resolve()))
        except ValueError:
            continue
    return _display(path)


def _display_dir(folders: list[Path]) -> str:
    return ", ".join(_display(f) + "/" for f in folders[:3]) or "the checked folder"


def _claim_order(lf: LessonFile) -> tuple[bool, bool, bool]:
    """Which of several files with one lesson id keeps it (the smallest first): a lesson of the
    app's own, then a file named after its id, then a file without problems of its own; among
    equals the first loaded.  So a teacher's file whose ``id:`` copies another lesson's (and so
    differs from its own name) is the one left out, never the lesson it copied."""
    assert lf.lesson is not None
    return not _shipped(lf.path), lf.path.stem != lf.lesson.id, bool(lf.problems)


def _id_taken(lf: LessonFile, other: Path) -> Say:
    """The problem of ``lf``, whose lesson id the lesson in ``other`` keeps."""
    assert lf.lesson is not None
    english = f"lesson id '{lf.lesson.id}' is also used by {other}"
    if _shipped(other):
        return Say(LESSON_ID_SHIPPED, english=english, id=lf.lesson.id)
    return Say(LESSON_ID_TAKEN, english=english, id=lf.lesson.id, file=str(other))


def _keeps_id_over(other: Path, lf: LessonFile) -> bool:
    """Whether the lesson file ``other`` (not among the checked files, but loaded by the app with
    them) keeps the id it shares with the checked ``lf``, as the app decides it
    (:func:`_claim_order`): a lesson of the app's own over a teacher's, a file named after the id
    over one that is not."""
    assert lf.lesson is not None
    if _shipped(lf.path):
        return False
    return _shipped(other) or (other.stem == lf.lesson.id and lf.path.stem != lf.lesson.id)


def _check_graph(files: list[LessonFile]) -> None:
    ok = sorted((lf for lf in files if lf.lesson is not None), key=_claim_order)
    seen: dict[str, LessonFile] = {}
    for lf in ok:
        assert lf.lesson is not None
        first = seen.get(lf.lesson.id)
        if first is not None:
            lf.problems.append(lf.problem(("id",), _id_taken(lf, first.path)))
        else:
            seen[lf.lesson.id] = lf
    own = _own_folders(files)
    others, unreadable = _repo_graph({lf.path.resolve() for lf in files}, own)
    for i, lf in list(seen.items()):  # a lesson the app loads beside the checked files keeps its id
        if i in others and _keeps_id_over(others[i][1], lf):
            lf.problems.append(lf.problem(("id",), _id_taken(lf, others[i][1])))
            del seen[i]
    graph: dict[str, list[str]] = {i: list(lf.lesson.prerequisites) for i, lf in seen.items()}  # type: ignore[union-attr]
    for i, (pre, _) in others.items():
        graph.setdefault(i, pre)
    # files that did not load: their id is known, but the lesson is not there
    broken = {**unreadable, **{_file_lesson_id(lf): lf.path for lf in files if lf.lesson is None}}
    folders = _teacher_folders(own)
    for i, lf in seen.items():
        for j, p in enumerate(graph[i]):
            if p in graph:
                continue
            if p in broken:  # it exists, but its own file has an error: that is what to fix
                file = _display(broken[p])
                lf.problems.append(lf.problem(("prerequisites", j), Say(
                    PREREQUISITE_BROKEN, english=f"prerequisite '{p}' did not load: its file {file} has an error "
                                                 "(fix that file first)", id=p, file=_short(broken[p], own))))
                continue
            english = (f"unknown prerequisite '{p}': not found among the shipped lessons"
                       + (f" or in {_display_dir(folders)}" if folders else "")
                       + "; check its folder with --lessons-dir DIR")
            said = (Say(PREREQUISITE_UNKNOWN, english=english, id=p, folders=[_display(f) + "/" for f in folders[:3]])
                    if folders else Say(PREREQUISITE_UNKNOWN_SHIPPED, english=english, id=p))
            lf.problems.append(lf.problem(("prerequisites", j), said))
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
                            lf.problems.append(lf.problem(("prerequisites", j), Say(
                                N_("the prerequisites go round in a circle: {cycle}; remove one of them"),
                                english=f"prerequisite cycle: {text}", cycle=text)))
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
                lf.problems.append(lf.problem((), Say(N_("the check {check} crashed (an error of the app: {detail})"),
                                                      english=f"internal error in {check.__name__}: {e!r}",
                                                      check=check.__name__, detail=repr(e)[:200])))
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
        data, _, _ = read_yaml(read_lesson_text(file), file)
    except (OSError, UnicodeDecodeError):
        return []
    steps = data.get("steps") if isinstance(data, dict) else None
    if not isinstance(steps, list):
        return []
    return [s.get("id") if isinstance(s, dict) and isinstance(s.get("id"), str) else None for s in steps]


def params_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of a generator's parameters (the UI builds a settings form from it)."""
    return model.model_json_schema()
