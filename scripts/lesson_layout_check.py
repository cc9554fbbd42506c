"""Find one-line texts the lesson player cuts with "…": open every step of every lesson in
each language and window size, render it headless and report every text drawn wider than
its room.

Usage (from the repository root)::

    TRAINER_DATA_DIR=$(mktemp -d) .venv/bin/python scripts/lesson_layout_check.py
    .venv/bin/python scripts/lesson_layout_check.py --lang en --size 1280x720 --size 1024x600
    .venv/bin/python scripts/lesson_layout_check.py --lesson score_honba_sticks --no-feedback
    .venv/bin/python scripts/lesson_layout_check.py --map --size 1280x720 --size 1024x600 --png /tmp/map

What counts as cut:

* ``blit_text`` (``trainer.ui.widgets``) with a ``max_width`` narrower than the text (measured
  with ``app.text_width``, as ``fit_line`` measures it): a label, an option, a button, a title;
* ``fit_line`` called directly by a view (a card title, an arrange card) that had to shorten;
* ``blit_wrapped`` with ``max_lines`` whose text needs more lines (a drill or play card blurb).

Every step is rendered as opened.  With feedback on (the default) quiz steps are also rendered
after answers: a choice, number or pick_tiles step after one wrong answer (the "try once
more" panel) and after a second one (the answer panel); every quiz step after the hint ladder
shows its solution.  Long rich texts (prompts, explanations) wrap and scroll and are not
reported.

With ``--map`` the lesson map is checked instead of the lessons: every track's tab in each
language and size, scrolled from top to bottom so that every card is drawn once.  A lesson
title cut on its card counts (the learner picks a lesson by it); a card's subtitle (level,
minutes, objective) is shortened to the lines the card has on purpose and is only counted
apart, as "subtitles shortened at a word", unless it ends inside a word.  It prints
``lang size track [title|mid-word|other]: "<full text>" ...`` per cut text, then per language
and size the cut titles, the subtitles ending mid-word, other cut texts (tabs, buttons) and the
subtitles shortened at a word; the exit status is 1 when any of the first three is not zero.
Runs in about ten seconds.

Prints one line per cut text::

    lang size lesson_id step_index step_id: "<full text>" (<width> > <max_width>) in <module:function>

(with "[after ...]" when seen after an answer; a text cut the same way on several steps of one
lesson, such as its title, is printed once with the count), then the totals.  Exit status 1 when
anything is cut.  Runs in a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if "TRAINER_DATA_DIR" not in os.environ:
    os.environ["TRAINER_DATA_DIR"] = tempfile.mkdtemp(prefix="lesson-layout-")


@dataclass
class Cut:
    """One text drawn wider than its room."""

    text: str
    width: int
    room: int
    where: str
    how: str  # "blit_text", "fit_line" or "wrapped>N lines"


@dataclass
class Recorder:
    """Collects the cuts of the scene being rendered (``active`` is off between scenes)."""

    active: bool = False
    cuts: list[Cut] = field(default_factory=list)

    def add(self, cut: Cut) -> None:
        if self.active and all((c.text, c.where, c.how) != (cut.text, cut.where, cut.how) for c in self.cuts):
            self.cuts.append(cut)


def caller(depth: int) -> str:
    """``module:function`` of the code ``depth`` frames above the caller of this function."""
    f = sys._getframe(depth + 1)
    return f"{f.f_globals.get('__name__', '?')}:{f.f_code.co_qualname}"


def install_spies(rec: Recorder) -> None:
    """Wrap ``blit_text``, ``fit_line`` and ``blit_wrapped`` in ``trainer.ui.widgets`` and in every
    ``trainer.ui`` module that imported them by name."""
    import trainer.ui
    import trainer.ui.widgets as widgets

    for info in pkgutil.walk_packages(trainer.ui.__path__, "trainer.ui."):
        importlib.import_module(info.name)
    real_blit, real_fit, real_wrapped = widgets.blit_text, widgets.fit_line, widgets.blit_wrapped
    inside = {"blit": 0}  # fit_line called by blit_text or blit_wrapped is theirs, not the view's

    def blit_text(surf: Any, app: Any, text: str, size: int, color: Any, pos: Any, **kw: Any) -> Any:
        room = kw.get("max_width")
        if rec.active and room is not None:
            width = app.text_width(text, size, kw.get("bold", False))
            if width > room:
                rec.add(Cut(text, width, room, caller(1), "blit_text"))
        inside["blit"] += 1
        try:
            return real_blit(surf, app, text, size, color, pos, **kw)
        finally:
            inside["blit"] -= 1

    def fit_line(app: Any, text: str, size: int, width: int, bold: bool = False) -> str:
        out = real_fit(app, text, size, width, bold)
        if out != text and not inside["blit"]:
            rec.add(Cut(text, app.text_width(text, size, bold), width, caller(1), "fit_line"))
        return out

    def blit_wrapped(surf: Any, app: Any, text: str, size: int, color: Any, rect: Any, **kw: Any) -> int:
        n = kw.get("max_lines")
        inside["blit"] += 1
        try:
            if rec.active and n is not None:
                lines = app.wrap(text, size, rect.width, kw.get("bold", False))
                if len(lines) > n:
                    mid = ends_mid_word(app, text, size, rect.width, kw.get("bold", False), n)
                    rec.add(Cut(text, len(lines), n, caller(1), f"wrapped>{n} lines" + (", mid-word" if mid else "")))
            return real_wrapped(surf, app, text, size, color, rect, **kw)
        finally:
            inside["blit"] -= 1

    spies = {"blit_text": (real_blit, blit_text), "fit_line": (real_fit, fit_line),
             "blit_wrapped": (real_wrapped, blit_wrapped)}
    for name, module in list(sys.modules.items()):
        if not name.startswith("trainer.") or module is None:
            continue
        for attr, (real, spy) in spies.items():
            if getattr(module, attr, None) is real:
                setattr(module, attr, spy)


def ends_mid_word(app: Any, text: str, size: int, width: int, bold: bool, n: int) -> bool:
    """Whether ``text`` shortened to ``n`` lines as ``blit_wrapped`` draws it (the last one
    ending in "…") stops inside a word."""
    from trainer.ui.widgets import wrapped_lines

    drawn = " ".join(wrapped_lines(app, text, size, width, bold, max_lines=n)).removesuffix("…").split()
    words = text.split()
    return bool(drawn) and drawn[-1].rstrip(DANGLING) != words[len(drawn) - 1].rstrip(DANGLING)


DANGLING = ",;:·—–"  # marks the shortening may drop before its "…"


# ---------------------------------------------------------------- driving a step

def wrong_answer(screen: Any) -> bool:
    """Give the current quiz step a wrong answer (choice, number, pick_tiles); False if it cannot."""
    from trainer.lessons import answers

    view, step = screen.view, screen.step
    if view is None or not view.quiz or screen.phase == "done":
        return False
    if screen.phase == "retry":
        screen.retry()
    try:
        right = answers.answer(step, screen.lesson).value
    except Exception:  # noqa: BLE001 - a step the engine cannot answer is simply not driven
        return False
    if step.kind == "choice":
        wrong = [b for b in view.buttons if not (isinstance(right, frozenset) and b.index in right)]
        if not wrong:
            return False
        for b in view.buttons:
            b.selected = b is wrong[0]
    elif step.kind == "number":
        view.field.text = str((right if isinstance(right, int) else 0) + 1)
    elif step.kind == "pick_tiles":
        slots = view.picker.slots
        if not slots:
            return False
        wrong_i = [i for i, s in enumerate(slots) if not _in(s.tile, right)]
        view.picker.selected = {(wrong_i or [0])[0]}
    else:
        return False
    screen.check()
    return True


def _in(tile: Any, right: Any) -> bool:
    try:
        return tile in right or tile.kind in right or any(getattr(t, "kind", None) == tile.kind for t in right)
    except TypeError:
        return False


def solution(screen: Any) -> bool:
    """Climb the hint ladder of a quiz step until its solution shows."""
    if screen.view is None or not screen.view.quiz:
        return False
    for _ in range(3):
        if screen.phase == "done":
            break
        screen.hint()
    return screen.phase == "done"


# ---------------------------------------------------------------- the run

@dataclass
class Finding:
    """A cut seen on a step (``scene`` names the state: "" as opened, or after what)."""

    lang: str
    size: str
    lesson: str
    index: int
    step_id: str
    scene: str
    cut: Cut


def check(langs: list[str], sizes: list[tuple[int, int]], only: set[str], feedback: bool,
          out: Callable[[str], None], png: Path | None = None) -> tuple[list[Finding], dict[str, int]]:
    """Render every step in every language and size; the cuts and a count of scenes rendered
    (every scene saved as a PNG in ``png`` when given)."""
    import pygame

    from trainer.ui.app import App
    from trainer.ui.settings import Settings

    rec = Recorder()
    install_spies(rec)
    findings: list[Finding] = []
    counts = {"steps": 0, "scenes": 0, "errors": 0}
    for lang in langs:
        for w, h in sizes:
            size = f"{w}x{h}"
            start = time.perf_counter()
            app = App(size=(w, h), settings=Settings(language=lang), progress=None, save=False)
            app.push("home")
            lib = app.library()
            for lesson in sorted(lib.lessons.values(), key=lambda x: x.id):
                if only and lesson.id not in only:
                    continue
                for i, step in enumerate(lesson.steps):
                    counts["steps"] += 1
                    scenes: list[tuple[str, Callable[[Any], bool] | None]] = [("", None)]
                    if feedback and step.interactive and step.kind not in ("drill", "play"):
                        if step.kind in ("choice", "number", "pick_tiles"):
                            scenes += [("after one wrong answer", wrong_answer), ("after two wrong answers", None)]
                        scenes.append(("solution shown", solution))
                    screen = None
                    for scene, action in scenes:
                        try:
                            if scene in ("", "solution shown"):
                                while len(app.stack) > 1:
                                    app.pop()
                                app.banners = []
                                screen = app.push("lesson", lesson_id=lesson.id, step=i)
                                if scene:  # laid out and drawn once, as the learner sees it before acting
                                    app.process([], 1 / 60)
                                    app.render()
                            if scene == "after two wrong answers":
                                if screen is None or screen.phase != "retry" or not wrong_answer(screen):
                                    continue
                            elif action is not None and not action(screen):
                                continue
                            rec.active, rec.cuts = True, []
                            app.process([], 1 / 60)
                            app.process([], 1.0)  # the feedback panel has finished sliding in
                            surf = app.render()
                            rec.active = False
                            if png is not None:
                                png.mkdir(parents=True, exist_ok=True)
                                tag = "_" + scene.replace(" ", "_") if scene else ""
                                pygame.image.save(surf, str(png / f"{lang}_{size}_{lesson.id}_{i:02d}{tag}.png"))
                            counts["scenes"] += 1
                        except Exception as exc:  # noqa: BLE001 - one broken step must not hide the rest
                            rec.active = False
                            counts["errors"] += 1
                            out(f"{lang} {size} {lesson.id} {i} {step.id}: ERROR {exc!r}"
                                + (f" [{scene}]" if scene else ""))
                            continue
                        findings += [Finding(lang, size, lesson.id, i, step.id or "-", scene, c) for c in rec.cuts]
            print(f"# {lang} {size}: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return findings, counts


def report(findings: list[Finding], out: Callable[[str], None]) -> dict[tuple[str, str], int]:
    """Print the cuts (a text cut alike on several steps of a lesson once); unique cuts per language and size."""
    groups: dict[tuple, list[Finding]] = {}
    for f in findings:
        key = (f.lang, f.size, f.lesson, f.cut.text, f.cut.where, f.cut.how)
        groups.setdefault(key, []).append(f)
    totals: dict[tuple[str, str], int] = {}
    for items in groups.values():
        f = items[0]
        c = f.cut
        steps = sorted({x.index for x in items})
        more = f" (and {len(steps) - 1} more steps)" if len(steps) > 1 else ""
        scene = f" [{f.scene}]" if f.scene else ""
        unit = "lines" if c.how.startswith("wrapped") else "px"
        how = "" if c.how == "blit_text" else f" via {c.how}"
        out(f'{f.lang} {f.size} {f.lesson} {f.index} {f.step_id}: "{c.text}" ({c.width} > {c.room} {unit}) '
            f"in {c.where}{how}{scene}{more}")
        totals[(f.lang, f.size)] = totals.get((f.lang, f.size), 0) + 1
    return totals


# ---------------------------------------------------------------- the lesson map

TITLE_CUTS = ("blit_text", "fit_line")


def check_map(langs: list[str], sizes: list[tuple[int, int]], out: Callable[[str], None],
              png: Path | None = None) -> tuple[list[Finding], dict[str, int]]:
    """Render every track's tab of the lesson map in every language and size, scrolled so that
    every card is drawn; the cuts (``Finding.lesson`` holds the track, ``index`` the scroll
    position) and a count of scenes rendered."""
    import pygame

    from trainer.ui.app import App
    from trainer.ui.settings import Settings
    from trainer.ui.views.lesson_order import TRACK_ORDER

    rec = Recorder()
    install_spies(rec)
    findings: list[Finding] = []
    counts = {"steps": 0, "scenes": 0, "errors": 0, "cards": 0}
    for lang in langs:
        for w, h in sizes:
            size = f"{w}x{h}"
            app = App(size=(w, h), settings=Settings(language=lang), progress=None, save=False)
            app.push("home")
            lib = app.library()
            for track in [t for t in TRACK_ORDER if lib.by_track(t)]:
                while len(app.stack) > 1:
                    app.pop()
                try:
                    screen = app.push("lesson_map", track=track)
                    counts["cards"] += len(screen.cards)
                    titles = [c.title for c in screen.cards]
                    page = 0
                    while True:
                        rec.active, rec.cuts = True, []
                        app.process([], 1 / 60)
                        surf = app.render()
                        rec.active = False
                        counts["scenes"] += 1
                        if png is not None:
                            png.mkdir(parents=True, exist_ok=True)
                            pygame.image.save(surf, str(png / f"map_{lang}_{size}_{track}_{page}.png"))
                        for c in rec.cuts:
                            if c.where.endswith(":Card.draw") and c.how in TITLE_CUTS:
                                # the second line of a title is reported as the whole title
                                whole = next((t for t in titles if t == c.text), None) or next(
                                    (t for t in titles if t.endswith(" " + c.text)), c.text)
                                c = Cut(whole, c.width, c.room, c.where, c.how)
                            findings.append(Finding(lang, size, track, screen.scroll_y, "-", "", c))
                        if screen.scroll_y >= screen.max_scroll:
                            break
                        screen.scroll(screen.grid_area.height)
                        page += 1
                except Exception as exc:  # noqa: BLE001 - one broken track must not hide the rest
                    rec.active = False
                    counts["errors"] += 1
                    out(f"{lang} {size} {track}: ERROR {exc!r}")
    return findings, counts


def report_map(findings: list[Finding], out: Callable[[str], None]) -> dict[tuple[str, str, str], int]:
    """Print the map's cuts once each; per (language, size, kind) the number of texts, the
    kinds being "title" (a card title cut), "mid-word" (a subtitle ending inside a word),
    "subtitle" (a subtitle shortened at a word, on purpose) and "other"."""
    seen: set[tuple] = set()
    totals: dict[tuple[str, str, str], int] = {}
    for f in findings:
        c = f.cut
        key = (f.lang, f.size, c.text, c.where, c.how)
        if key in seen:
            continue
        seen.add(key)
        on_card = c.where.endswith(":Card.draw")
        if on_card and c.how in TITLE_CUTS:
            kind = "title"
        elif on_card and c.how.endswith("mid-word"):
            kind = "mid-word"
        elif on_card and c.how.startswith("wrapped"):
            kind = "subtitle"
        else:
            kind = "other"
        totals[(f.lang, f.size, kind)] = totals.get((f.lang, f.size, kind), 0) + 1
        if kind == "subtitle":
            continue
        unit = "lines" if c.how.startswith("wrapped") else "px"
        out(f'{f.lang} {f.size} {f.lesson} [{kind}]: "{c.text}" ({c.width} > {c.room} {unit}) in {c.where} via {c.how}')
    return totals


def parse_size(text: str) -> tuple[int, int]:
    w, h = (int(x) for x in text.lower().split("x"))
    return w, h


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", action="append", choices=("ru", "en"),
                        help="a language to check (repeatable; default: ru and en)")
    parser.add_argument("--size", action="append", type=parse_size,
                        help="a window size WxH (repeatable; default: 1280x720)")
    parser.add_argument("--lesson", action="append", default=[], help="only this lesson id (repeatable)")
    parser.add_argument("--no-feedback", action="store_true", help="only the steps as opened, no answers")
    parser.add_argument("--png", type=Path, help="save every rendered scene in this folder (use with --lesson)")
    parser.add_argument("--map", action="store_true",
                        help="check the lesson map (every track, scrolled) instead of the lessons")
    args = parser.parse_args(argv)
    langs = args.lang or ["ru", "en"]
    sizes = args.size or [(1280, 720)]
    start = time.perf_counter()
    if args.map:
        findings, counts = check_map(langs, sizes, print, args.png)
        mtotals = report_map(findings, print)
        print(f"\n{counts['cards']} cards, {counts['scenes']} scenes rendered, {counts['errors']} errors, "
              f"{time.perf_counter() - start:.0f} s")
        for lang in langs:
            for w, h in sizes:
                n = {k: mtotals.get((lang, f"{w}x{h}", k), 0) for k in ("title", "mid-word", "other", "subtitle")}
                print(f"cut titles: {lang} {w}x{h}: {n['title']}; subtitles ending mid-word: {n['mid-word']}; "
                      f"other cut texts: {n['other']}; subtitles shortened at a word: {n['subtitle']}")
        bad = sum(v for (_l, _s, k), v in mtotals.items() if k in ("title", "mid-word", "other"))
        print(f"cut titles and texts in all: {bad}")
        return 1 if bad or counts["errors"] else 0
    findings, counts = check(langs, sizes, set(args.lesson), not args.no_feedback, print, args.png)
    totals = report(findings, print)
    print(f"\n{counts['steps']} steps, {counts['scenes']} scenes rendered, {counts['errors']} errors, "
          f"{time.perf_counter() - start:.0f} s")
    for lang in langs:
        for w, h in sizes:
            print(f"cut texts: {lang} {w}x{h}: {totals.get((lang, f'{w}x{h}'), 0)}")
    print(f"cut texts in all: {sum(totals.values())}")
    return 1 if totals or counts["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
