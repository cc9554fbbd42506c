"""Fault injection on learner data and hostile files (issue 11), as figures:

- kills: writer processes (one, or two at once on the same file) and importers killed with
  SIGKILL at random moments; afterwards every answer a writer had been told was saved must
  be there, and an import is all or nothing;
- several copies: four copies started at the same instant on a new file all save;
- full disk: a database on a tiny tmpfs (when this machine lets us mount one) or under a
  file-size limit fills up while answers are written; nothing is set aside, every
  acknowledged answer is kept, saving works again once space is back;
- fuzz: exports with one value replaced by something hostile, settings files of random
  shape, and lesson files with random damage; each must be accepted or refused cleanly
  (a TransferError / a reported problem), never crash, and a refused import changes nothing.

``python3 dev.py bench reliability`` (``--quick`` for small samples).
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WRITER = """
import sys
from pathlib import Path
from trainer.progress import open_store
store = open_store(Path(sys.argv[1]))
learner = store.create_learner(sys.argv[2])
i = 0
while True:
    store.record_answer(learner.id, "drill", f"{sys.argv[2]}-{i}", "fu", i % 3 != 0, 1.0)
    print(f"{sys.argv[2]}-{i}", flush=True)  # acknowledged: record_answer has returned
    i += 1
"""

IMPORTER = """
import sys
from pathlib import Path
from trainer.progress import open_store
store = open_store(Path(sys.argv[1]))
print("open", flush=True)
store.import_file(Path(sys.argv[2]))
print("done", flush=True)
"""


def _spawn(code: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _read_acks(proc: subprocess.Popen, deadline: float) -> list[str]:
    """Read acknowledged answer ids until ``deadline``, then kill the process with SIGKILL."""
    import selectors

    acks: list[str] = []
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    while time.monotonic() < deadline and proc.poll() is None:
        if sel.select(timeout=max(0.0, deadline - time.monotonic())):
            line = proc.stdout.readline()
            if line:
                acks.append(line.strip())
    os.kill(proc.pid, signal.SIGKILL)
    rest = proc.stdout.read()  # lines written before the kill are acknowledged too
    acks.extend(x.strip() for x in rest.splitlines() if x.strip())
    proc.wait()
    sel.close()
    return acks


def kill_round(folder: Path, rng: random.Random, writers: int = 1) -> tuple[int, int, str | None]:
    """One kill: ``writers`` processes write answers to one file and are killed at a random
    moment.  Returns (acknowledged answers, acknowledged answers missing, problem or None)."""
    from trainer.progress import open_store

    path = folder / "progress.sqlite3"
    procs = [_spawn(WRITER, str(path), f"w{k}") for k in range(writers)]
    deadline = time.monotonic() + rng.uniform(0.4, 1.5)
    acks = [a for p in procs for a in _read_acks(p, deadline)]
    store = open_store(path)
    try:
        if store.notices:
            return len(acks), len(acks), f"file set aside after a kill: {store.notices}"
        have = {r[0] for r in store.db.execute("SELECT item_id FROM answer")}
        ok = store.db.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        store.close()
    missing = [a for a in acks if a not in have]
    return len(acks), len(missing), None if ok == "ok" else f"integrity_check: {ok}"


def import_kill_round(folder: Path, export: Path, rng: random.Random) -> str | None:
    """Kill an import at a random moment: afterwards the learner is there with all answers or
    not at all.  Returns a problem or None."""
    from trainer.progress import open_store

    path = folder / "progress.sqlite3"
    proc = _spawn(IMPORTER, str(path), str(export))
    proc.stdout.readline()
    time.sleep(rng.uniform(0.0, 0.4))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    store = open_store(path)
    try:
        counts = [store.answer_count(lr.id) for lr in store.learners()]
    finally:
        store.close()
    expected = len(json.loads(export.read_text(encoding="utf-8"))["answers"])
    return None if counts in ([], [expected]) else f"partial import: {counts} of {expected}"


def _make_export(folder: Path, answers: int) -> Path:
    from trainer.progress import open_store
    from trainer.progress.transfer import write_export

    store = open_store(folder / "source.sqlite3")
    learner = store.create_learner("Экспорт")
    for i in range(answers):
        store.record_answer(learner.id, "drill", f"e{i}", ("fu", "han", "waits_basic")[i % 3], i % 4 != 0, 3.0,
                            spec={"generator": "g", "seed": i})
    store.complete_lesson(learner.id, "basics_tiles", 0.5)
    out = folder / "export.json"
    write_export(store, learner.id, out)
    store.close()
    return out


def kills(n: int, rng: random.Random) -> dict:
    """n kills: a third with two writers at once, a sixth during an import."""
    out = {"kills": 0, "survived": 0, "acknowledged": 0, "lost": 0, "imports": 0, "problems": []}
    with tempfile.TemporaryDirectory() as tmp:
        export = _make_export(Path(tmp), 300)
        for i in range(n):
            folder = Path(tmp) / f"k{i}"
            folder.mkdir()
            if i % 6 == 5:
                problem = import_kill_round(folder, export, rng)
                out["imports"] += 1
                acked = lost = 0
            else:
                acked, lost, problem = kill_round(folder, rng, writers=2 if i % 3 == 1 else 1)
            out["kills"] += 1
            out["acknowledged"] += acked
            out["lost"] += lost
            if problem is None and lost == 0:
                out["survived"] += 1
            else:
                out["problems"].append(problem or f"{lost} answers lost")
            shutil.rmtree(folder)
    return out


# --------------------------------------------------------------------------- several copies

STARTER = """
import sys, time
from pathlib import Path
from trainer.progress import open_store
start = float(sys.argv[2])
while time.time() < start:
    pass
store = open_store(Path(sys.argv[1]))
learner = store.create_learner(sys.argv[3])
for i in range(int(sys.argv[4])):
    store.record_answer(learner.id, "drill", f"q{i}", "fu", True, 1.0)
print("saved", store.answer_count(learner.id), flush=True)
"""


def concurrent_starts(rounds: int, copies: int = 4, answers: int = 20) -> dict:
    """``copies`` copies started at the same instant on a new file, each writing answers:
    every copy must save every answer (none may run a session unsaved)."""
    from trainer.progress import open_store

    out = {"rounds": 0, "all_saved": 0, "problems": []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            path = Path(tmp) / f"c{r}" / "progress.sqlite3"
            start = time.time() + 1.0
            procs = [_spawn(STARTER, str(path), str(start), f"p{k}", str(answers)) for k in range(copies)]
            outs = [p.communicate(timeout=300) for p in procs]
            store = open_store(path)
            counts = sorted(store.answer_count(lr.id) for lr in store.learners())
            store.close()
            out["rounds"] += 1
            if counts == [answers] * copies and all(p.returncode == 0 for p in procs):
                out["all_saved"] += 1
            else:
                out["problems"].append(f"counts {counts}: {[o[1][-200:] for o in outs if o[1]]}")
    return out


# --------------------------------------------------------------------------- full disk

FULL_WRITER = """
import resource, signal, sys
from pathlib import Path
from trainer.progress import StoreUnavailable, open_store
limit = int(sys.argv[2])
if limit:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
try:
    store = open_store(Path(sys.argv[1]))
except StoreUnavailable as e:
    print("REFUSED", e, flush=True)
    sys.exit(0)
learner = store.learners()[0]
for i in range(100000):
    try:
        store.record_answer(learner.id, "drill", f"full-{i}", "fu", True, 1.0)
    except Exception as e:
        print("FULL", type(e).__name__, flush=True)
        break
    print(f"full-{i}", flush=True)
"""


def _can_mount_tmpfs(where: Path) -> bool:
    if os.name != "posix" or os.geteuid() != 0 or not shutil.which("mount"):
        return False
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)], capture_output=True)
    if r.returncode:
        return False
    subprocess.run(["umount", str(where)], capture_output=True)
    return True


def full_disk(rounds: int, rng: random.Random) -> dict:
    """Fill the disk while answers are written; then free space and write again."""
    from trainer.progress import open_store

    out = {"rounds": 0, "kept": 0, "method": "", "problems": []}
    with tempfile.TemporaryDirectory() as tmp:
        mount = Path(tmp) / "disk"
        mount.mkdir()
        tmpfs = _can_mount_tmpfs(mount)
        out["method"] = "tmpfs" if tmpfs else "RLIMIT_FSIZE"
        for r in range(rounds):
            size_kb = rng.choice((256, 512, 768, 1024))
            prefill = Path(tmp) / f"pre{r}"
            prefill.mkdir()
            store = open_store(prefill / "progress.sqlite3")
            learner = store.create_learner("Диск")
            acks = [f"pre-{i}" for i in range(rng.randint(5, 40))]
            for item in acks:
                store.record_answer(learner.id, "drill", item, "fu", True, 1.0)
            store.close()
            if tmpfs:
                subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(mount)], check=True)
            folder = mount if tmpfs else Path(tmp) / f"r{r}"
            folder.mkdir(exist_ok=True)
            path = folder / "progress.sqlite3"
            shutil.copy(prefill / "progress.sqlite3", path)
            try:
                limit = 0 if tmpfs else size_kb * 1024
                p = subprocess.run([sys.executable, "-c", FULL_WRITER, str(path), str(limit)], cwd=ROOT,
                                   capture_output=True, text=True, timeout=300)
                acks += [x for x in p.stdout.split() if x.startswith("full-")]
                if tmpfs:  # space is freed: the disk grows
                    subprocess.run(["mount", "-o", f"remount,size={size_kb * 8}k", str(mount)], check=True)
                store = open_store(path)
                try:
                    have = {row[0] for row in store.db.execute("SELECT item_id FROM answer")}
                    store.record_answer(store.learners()[0].id, "drill", "after", "fu", True, 1.0)
                finally:
                    store.close()
                set_aside = [x.name for x in folder.iterdir() if ".damaged-" in x.name or ".newer-" in x.name]
                missing = [a for a in acks if a not in have]
                out["rounds"] += 1
                full = "FULL" in p.stdout or "REFUSED" in p.stdout
                if not missing and not set_aside and p.returncode == 0 and full:
                    out["kept"] += 1
                else:
                    out["problems"].append(f"missing {len(missing)}, set aside {set_aside}, rc {p.returncode}, "
                                           f"disk filled {full}: {p.stderr[-300:]}")
            finally:
                if tmpfs:
                    subprocess.run(["umount", str(mount)], capture_output=True)
    return out


# --------------------------------------------------------------------------- fuzz

HOSTILE_VALUES = [None, True, False, -1, 0, 10**40, 1.5, float("nan"), float("inf"), "", "  ", "\ud800", "\x00",
                  "yesterday", "2026-13-45T99:00:00+00:00", "2026-01-01T10:00:00", [], [1, 2], {}, {"a": 1},
                  "x" * 5000, [[[[[[[[[[[]]]]]]]]]]], "{}", '{"due": 1}', "[1]"]


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield from _paths(v, (*prefix, i))


def _digest(store) -> str:
    h = hashlib.sha256()
    for table in ("learner", "answer", "daily", "skill", "card", "lesson_progress"):
        for row in store.db.execute(f"SELECT * FROM {table} ORDER BY 1, 2"):
            h.update(repr(tuple(row)).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def fuzz_imports(n: int, rng: random.Random) -> dict:
    """Imports of exports with one value (or key) made hostile."""
    from trainer.progress import open_store
    from trainer.progress.transfer import TransferError

    out = {"cases": 0, "refused": 0, "accepted": 0, "crashed": 0, "changed_on_refusal": 0, "problems": []}
    with tempfile.TemporaryDirectory() as tmp:
        base = json.loads(_make_export(Path(tmp), 6).read_text(encoding="utf-8"))
        paths = [p for p in _paths(base) if p]
        store = open_store(Path(tmp) / "target.sqlite3")
        keeper = store.create_learner("Уже здесь")
        store.record_answer(keeper.id, "drill", "k", "fu", True, 1.0)
        for _ in range(n):
            data = copy.deepcopy(base)
            path = rng.choice(paths)
            parent = data
            for part in path[:-1]:
                parent = parent[part]
            if rng.random() < 0.15 and isinstance(parent, dict):
                parent[f"extra{rng.randint(0, 9)}"] = rng.choice(HOSTILE_VALUES)
            else:
                parent[path[-1]] = copy.deepcopy(rng.choice(HOSTILE_VALUES))
            before = _digest(store)
            out["cases"] += 1
            try:
                store.import_learner(data, source="fuzz.json")
                out["accepted"] += 1
                store.db.execute("DELETE FROM answer WHERE learner_id != ?", (keeper.id,))
                for table in ("daily", "skill", "card", "lesson_progress"):
                    store.db.execute(f"DELETE FROM {table} WHERE learner_id != ?", (keeper.id,))
                store.db.execute("DELETE FROM learner WHERE id != ?", (keeper.id,))
            except TransferError as e:
                out["refused"] += 1
                if not str(e).startswith("fuzz.json: "):
                    out["problems"].append(f"refusal without the file name: {e}")
                if _digest(store) != before:
                    out["changed_on_refusal"] += 1
            except Exception as e:  # noqa: BLE001 - counted: this is what the fuzzing looks for
                out["crashed"] += 1
                out["problems"].append(f"{path}: {e!r}"[:200])
        store.close()
    return out


def _random_json(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth > 3 or roll < 0.5:
        return rng.choice(HOSTILE_VALUES + ["ru", "en", "full", "large", 3])
    if roll < 0.75:
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    keys = ["language", "term_mode", "tile_size", "sound", "last_step", "last_lesson", "other"]
    return {rng.choice(keys): _random_json(rng, depth + 1) for _ in range(rng.randint(0, 5))}


def fuzz_settings(n: int, rng: random.Random) -> dict:
    """Settings files of random shape (including very deep and not JSON at all)."""
    from trainer.ui.settings import load_settings

    out = {"cases": 0, "loaded": 0, "crashed": 0, "problems": []}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i in range(n):
            if i % 10 == 0:
                text = "[" * rng.randint(1000, 200_000)
            elif i % 10 == 1:
                text = bytes(rng.randrange(256) for _ in range(50)).decode("latin-1")
            else:
                text = json.dumps(_random_json(rng))
            (folder / "settings.json").write_text(text, encoding="utf-8")
            out["cases"] += 1
            try:
                load_settings(folder).settings.validated()
                out["loaded"] += 1
            except Exception as e:  # noqa: BLE001 - counted
                out["crashed"] += 1
                out["problems"].append(repr(e)[:200])
            for p in folder.iterdir():
                p.unlink()
    return out


YAML_DAMAGE = ["&a ", "*a ", "*zz ", "[", "]", "{", "}", ": ", "- ", "\t", "!!python/object:os.system ", "<<: *a\n",
               "9" * 5000, "\x00", "'", '"', "\n  ", "%YAML 1.1\n", "---\n", "? "]


def fuzz_lessons(n: int, rng: random.Random) -> dict:
    """Real lesson files with random damage: inserted YAML syntax, flipped bytes, re-encodings."""
    from trainer.lessons.loader import load_file

    sources = sorted((ROOT / "lessons").rglob("*.yaml"))
    out = {"cases": 0, "clean": 0, "reported": 0, "crashed": 0, "problems": []}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(n):
            src = rng.choice(sources)
            raw = src.read_bytes()
            kind = i % 4
            if kind == 0:
                at = rng.randrange(len(raw))
                raw = raw[:at] + rng.choice(YAML_DAMAGE).encode("utf-8", "surrogatepass") + raw[at:]
            elif kind == 1:
                b = bytearray(raw)
                for _ in range(rng.randint(1, 5)):
                    b[rng.randrange(len(b))] = rng.randrange(256)
                raw = bytes(b)
            elif kind == 2:
                raw = raw.decode("utf-8").encode(rng.choice(["cp1251", "utf-16", "utf-32", "koi8-r"]), "replace")
            else:
                levels = rng.randint(3, 9)
                raw += b"\nbomb0: &b0 [x, x, x, x, x, x, x, x, x]\n" + b"".join(
                    f"bomb{k}: &b{k} [{', '.join([f'*b{k - 1}'] * 9)}]\n".encode() for k in range(1, levels))
            path = Path(tmp) / src.name
            path.write_bytes(raw)
            out["cases"] += 1
            try:
                lf = load_file(path)
                out["reported" if lf.problems else "clean"] += 1
                for p in lf.problems:
                    if p.line < 1 or p.file != str(path) and not p.file.endswith(src.name):
                        out["problems"].append(f"bad location {p}")
            except Exception as e:  # noqa: BLE001 - counted
                out["crashed"] += 1
                out["problems"].append(f"{src.name}: {e!r}"[:200])
    return out


# --------------------------------------------------------------------------- report


def run(quick: bool = False) -> None:
    """Print the fault-injection figures."""
    rng = random.Random(11)
    n_kills = 12 if quick else 120
    n_disk = 2 if quick else 8
    n_fuzz = 200 if quick else 2000
    t = time.perf_counter()
    k = kills(n_kills, rng)
    print(f"kills (SIGKILL at random moments)  : {k['survived']} of {k['kills']} survived "
          f"({k['imports']} during an import, all-or-nothing); acknowledged answers lost: "
          f"{k['lost']} of {k['acknowledged']}  [{time.perf_counter() - t:.0f} s]")
    t = time.perf_counter()
    c = concurrent_starts(3 if quick else 15)
    print(f"{'4 copies started at one instant':35s}: {c['all_saved']} of {c['rounds']} rounds saved every answer "
          f"of every copy  [{time.perf_counter() - t:.0f} s]")
    t = time.perf_counter()
    d = full_disk(n_disk, rng)
    print(f"{'full disk (' + d['method'] + ')':35s}: {d['kept']} of {d['rounds']} rounds kept every acknowledged "
          f"answer, set nothing aside and saved again once space was back  [{time.perf_counter() - t:.0f} s]")
    fi = fuzz_imports(n_fuzz, rng)
    print(f"fuzzed imports                     : {fi['cases']} cases, {fi['refused']} refused with file and "
          f"field, {fi['accepted']} accepted, {fi['crashed']} crashed, {fi['changed_on_refusal']} changed data "
          "when refused")
    fs = fuzz_settings(n_fuzz // 4, rng)
    print(f"fuzzed settings files              : {fs['cases']} cases, {fs['loaded']} loaded, {fs['crashed']} crashed")
    fl = fuzz_lessons(n_fuzz // 2, rng)
    print(f"fuzzed lesson files                : {fl['cases']} cases, {fl['reported']} reported at a line, "
          f"{fl['clean']} still valid, {fl['crashed']} crashed")
    for name, part in (("kills", k), ("copies", c), ("disk", d), ("imports", fi), ("settings", fs), ("lessons", fl)):
        for problem in part["problems"][:5]:
            print(f"  ! {name}: {problem}")


if __name__ == "__main__":
    run(quick="--quick" in sys.argv)
