"""UI figures: process start to first frame, frame time (update + draw) on every screen at
1280x720, and resident memory after visiting all of them.

Targets: first frame <= 1.5 s, frame p95 <= 8 ms on every screen, <= 200 MB resident.
Frames are timed headless (SDL dummy driver) around ``process`` + ``render``; ``flip`` is
left out (it measures the display server, not the app).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.timing import seconds_to_line

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME_SCRIPT = """
import os, sys, time
from trainer.ui.app import App
app = App(size=(1280, 720))
app.start_background_loading()
app.push("home")
app.process([], 0.0)
app.render()
import pygame
pygame.display.flip()
print("FIRST_FRAME", flush=True)
app.close()
"""


def first_frame_seconds() -> float:
    """Wall time from starting a fresh Python process to the first drawn frame."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["TRAINER_DATA_DIR"] = tempfile.mkdtemp(prefix="bench-ui-")
    return seconds_to_line([sys.executable, "-c", FIRST_FRAME_SCRIPT], "FIRST_FRAME", env, cwd=str(ROOT))


def _rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _screens(app):  # noqa: ANN001, ANN202
    """(name, setup) for every screen the app has."""
    from trainer.cli.shots import STEP_KINDS, gallery_lesson, step_examples
    from trainer.ui.app import has_screen
    from trainer.ui.views.drill_catalog import generators

    lib = app.library()
    gallery = gallery_lesson()
    lib.lessons.setdefault(gallery.id, gallery)
    out = [("home", lambda: None), ("lesson_map", lambda: app.push("lesson_map"))]
    ex = step_examples(lib, gallery)
    for kind in STEP_KINDS:
        if kind in ex:
            lesson, i = ex[kind]
            out.append((f"step:{kind}", lambda lesson=lesson, i=i: app.push("lesson", lesson_id=lesson.id, step=i)))
    out.append(("drills", lambda: app.push("drills")))
    for name in generators():
        out.append((f"drill:{name}", lambda name=name: app.push("drill", generator=name, params={}, n=8, seed=2)))
    out.append(("drill_setup", lambda: app.push("drill_setup", generator="mixed_waits")))

    def table() -> None:
        s = app.push("play", seed=3, coach="hints")
        s.run_bots_until_learner()
        s.rebuild()

    out.append(("play", table))

    def mid_hand() -> None:
        from trainer.ui.screens.play_shots import table_with_calls_and_riichi

        table_with_calls_and_riichi(app, coach="hints")

    out.append(("table:mid_hand", mid_hand))
    out.append(("table:setup", lambda: app.push("match_setup")))

    def replay() -> None:
        from trainer.ui.screens.play_shots import replay_at

        replay_at(app, mistake=True)

    out.append(("table:replay_review", replay))
    for name in ("glossary", "progress", "settings"):
        if has_screen(name):
            out.append((name, lambda name=name: app.push(name)))
    return out


def run(quick: bool) -> None:
    """Print the figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["TRAINER_DATA_DIR"] = tempfile.mkdtemp(prefix="bench-ui-")
    starts = [first_frame_seconds() for _ in range(1 if quick else 3)]
    print(f"start to first frame: median {statistics.median(starts):.2f} s (target <= 1.5 s; runs: "
          + ", ".join(f"{s:.2f}" for s in starts) + ")")

    import pygame

    from trainer.ui.app import App
    from trainer.ui.settings import Settings

    app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
    app.push("home")
    frames = 60 if quick else 300
    worst = ("", 0.0)
    worst_cpu = ("", 0.0)
    print(f"{'screen':28} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'cpu p95':>8}")
    for name, setup in _screens(app):
        while len(app.stack) > 1:
            app.pop()
        setup()
        app.process([], 1 / 60)
        app.render()  # first frame builds caches; not timed
        times, cpu = [], []
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 400), rel=(1, 0), buttons=(0, 0, 0))
        for i in range(frames):
            t, c = time.perf_counter(), time.thread_time()
            app.process([move] if i % 10 == 0 else [], 1 / 60)
            app.invalidate()
            app.render()
            times.append((time.perf_counter() - t) * 1000)
            cpu.append((time.thread_time() - c) * 1000)
        times.sort()
        cpu.sort()
        p50 = times[len(times) // 2]
        p95 = times[int(len(times) * 0.95) - 1]
        c95 = cpu[int(len(cpu) * 0.95) - 1]
        if p95 > worst[1]:
            worst = (name, p95)
        if c95 > worst_cpu[1]:
            worst_cpu = (name, c95)
        print(f"{name:28} {p50:8.2f} {p95:8.2f} {times[-1]:8.2f} {c95:8.2f}")
    bot_frames(app, 60 if quick else 400)
    print(f"worst frame p95 (CPU time of the UI thread): {worst_cpu[1]:.2f} ms on {worst_cpu[0]} (target <= 8 ms)")
    print(f"worst frame p95 (wall clock; includes other processes on a busy machine): {worst[1]:.2f} ms on "
          f"{worst[0]}")
    app.close()
    print(f"resident memory after visiting every screen, in a fresh app process: {_tour_rss_mb():.0f} MB "
          f"(target <= 200 MB; this benchmark process, which also ran the others: {_rss_mb():.0f} MB)")


def bot_frames(app, n: int) -> None:  # noqa: ANN001
    """Frames of the table in which a bot takes its turn (every frame is a bot's action, or the
    learner's when it is their turn), and the bots' decision times alone."""
    from trainer.engine.game.view import make_view
    from trainer.ui.match_setup import MatchSetup
    from trainer.ui.screens.play import BOT_DELAY
    from trainer.ui.screens.play_shots import _learner_move

    while len(app.stack) > 1:
        app.pop()
    screen = app.push("play", setup=MatchSetup(coach="hints"), seed=7)
    screen.saver = None
    frames, cpu, decisions = [], [], []
    for _ in range(n):
        if screen.round.ended:
            screen.next_hand() if not screen.match.finished else None
            if screen.round.ended:
                break
        t, c = time.perf_counter(), time.thread_time()
        if 0 in screen.round.to_act():
            _learner_move(screen)
            app.process([], 1 / 60)
        else:
            seat = next(s for s in screen.round.to_act() if s != 0)
            d = time.perf_counter()
            screen.bots[seat].choose(make_view(screen.round, seat), screen.round.legal_actions(seat))
            decisions.append((time.perf_counter() - d) * 1000)
            app.process([], BOT_DELAY + 0.01)
        app.render()
        frames.append((time.perf_counter() - t) * 1000)
        cpu.append((time.thread_time() - c) * 1000)
    for xs in (frames, cpu, decisions):
        xs.sort()

    def p95(xs: list[float]) -> float:
        return xs[max(0, int(len(xs) * 0.95) - 1)] if xs else 0.0

    print(f"{'table:action every frame':28} {frames[len(frames) // 2]:8.2f} {p95(frames):8.2f} {frames[-1]:8.2f} "
          f"{p95(cpu):8.2f}   ({len(frames)} frames, each with a bot's or the learner's action)")
    print(f"bot decision alone: p50 {decisions[len(decisions) // 2]:.2f} ms, p95 {p95(decisions):.2f} ms, "
          f"max {decisions[-1]:.2f} ms over {len(decisions)} decisions (target p95 <= 30 ms)")


TOUR_SCRIPT = """
import os
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
from benchmarks.bench_ui import _rss_mb, _screens
from trainer.ui.app import App
from trainer.ui.settings import Settings
app = App(size=(1280, 720), settings=Settings(language="ru"), save=False)
app.push("home")
for _name, setup in _screens(app):
    while len(app.stack) > 1:
        app.pop()
    setup()
    for _ in range(3):
        app.process([], 1 / 60)
        app.invalidate()
        app.render()
print(_rss_mb())
"""


def _tour_rss_mb() -> float:
    """Resident memory of a fresh app process after it has shown every screen, as a learner's
    app would be (the benchmark process itself holds the other benchmarks' data too)."""
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", TOUR_SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=600)
    lines = out.stdout.strip().splitlines()
    if out.returncode or not lines:
        raise RuntimeError(f"the screen tour failed: {out.stderr[-2000:]}")
    return float(lines[-1])
