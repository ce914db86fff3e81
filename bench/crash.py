"""Crashes: SIGKILL the writer at every fault point of every action, and at random moments.

    python bench/crash.py [--timing-trials 500] [--seed 1] [--no-points]

Two kinds of trial, both on a real store (decisions, an archived and a retired memory,
five session summaries so a new session triggers the rolling window):

- **Fault points.** For each action (create, update, update that renames, delete,
  archive, unarchive, restore, session-summary create with its rolling window) a traced
  run lists every fault point the transaction passes (``faults.point`` names, in order,
  with repeats: the rolling window writes several files). Then, from the same starting
  store, the writer is killed with SIGKILL at each of those points in turn.
- **Signal timing.** A writer runs a random stream of actions and is SIGKILLed after a
  random delay; the next trial starts from whatever the crash left (after recovery), so
  the store lives through hundreds of crashes in a row.

Writers are forked from this process (imports already done) and run the real CLI
``claude_memory.cli.memory_write.main``; a success is acknowledged by its JSON result
line, read back through a pipe. After every kill (:func:`recover_and_check`): every file
in a category folder is whole, valid JSON of its schema; every acknowledged write is on
disk unless the interrupted action itself touched that memory; ``memory_index.py
--validate`` passes, or ``--rebuild`` makes it pass; each memory is as it was before or
after the action, never a mix; and the next writer takes the lock at once (a killed
holder leaves no stale lock).

tests/test_reliability_crash.py runs every fault point plus ~100 timing trials.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import load  # noqa: E402
from load import FOLDERS, draft  # noqa: E402

__all__ = ["ACTIONS", "build_store", "action_argv", "fork_writer", "trace_points", "snapshot_docs",
           "recover_and_check", "point_trials", "timing_trials", "run_script_with_fault"]

#: action name -> (memory_write --action, category, target id or None)
ACTIONS = {
    "create": ("create", "decision", None),
    "update": ("update", "decision", "use-postgres"),
    "update-rename": ("update", "decision", "use-postgres"),
    "delete": ("delete", "decision", "use-postgres"),
    "archive": ("archive", "decision", "use-postgres"),
    "unarchive": ("unarchive", "decision", "old-archived"),
    "restore": ("restore", "decision", "old-retired"),
    "session-create": ("create", "session_summary", None),
}
_VOLATILE = ("created_at", "updated_at", "retired_at", "archived_at")


def _ctx(root: Path, now):
    from claude_memory.core import config
    from claude_memory.store import transaction as store

    return store.StoreContext(root=root, config=config.load_config(root), now=now, lock_timeout=5)


def build_store(root: Path) -> None:
    """The starting store of the fault-point trials (written through the library, days ago)."""
    from claude_memory.store import transaction as store
    from claude_memory.core.timeutil import now_utc
    from claude_memory.store.validation import validate_record

    then = now_utc() - timedelta(days=3)
    for i in range(5):
        ctx = _ctx(root, then + timedelta(minutes=i))
        doc = draft("session_summary", f"session-{i}", f"Session number {i}", f"s{i}")
        doc["created_at"] = doc["updated_at"] = ctx.now_ts
        store.create(ctx, validate_record(doc), category="session_summary")
    ctx = _ctx(root, then)
    for id, title in (("use-postgres", "Use Postgres for storage"), ("old-archived", "Archived cache choice"),
                      ("old-retired", "Retired queue choice"), ("keep-me", "Untouched bystander")):
        doc = {**draft("decision", id, title, id), "created_at": ctx.now_ts, "updated_at": ctx.now_ts}
        store.create(ctx, validate_record(doc), category="decision")
    store.change_status(ctx, "archive", target=str(root / "decisions" / "old-archived.json"), reason="old")
    store.change_status(ctx, "delete", target=str(root / "decisions" / "old-retired.json"), reason="gone")


def action_argv(name: str, root: Path, workdir: Path, token: str) -> list[str]:
    """memory_write arguments for one action against the store at ``root``."""
    action, category, target_id = ACTIONS[name]
    argv = ["--root", str(root), "--action", action]
    if target_id is not None:
        target = root / FOLDERS[category] / f"{target_id}.json"
        argv += ["--target", str(target)]
    if action == "create":
        id = f"new-{token}" if category == "decision" else f"session-{token}"
        doc = draft(category, id, f"New memory {token}", token)
        argv += ["--category", category]
    elif action == "update":
        doc = json.loads(target.read_text(encoding="utf-8"))
        doc["content"]["context"] = f"context {token}"
        doc["changes"] = [*doc["changes"], {"date": "2026-06-01T00:00:00Z", "summary": f"edit {token}"}]
        if name == "update-rename":
            doc["title"] = f"Switch storage engine to cockroach {token}"
        argv += ["--hash", hashlib.md5(target.read_bytes()).hexdigest()]
    else:
        return argv + ["--reason", f"crash trial {token}"]
    path = workdir / f"draft-{token}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return argv + ["--input", str(path)]


def fork_writer(argv: list[str], *, kill_at: int | None = None, kill_after: float | None = None,
                script: list[list[str]] | None = None) -> tuple[str, list[str]]:
    """Run memory_write in a forked child; returns (how it ended, lines it wrote to the pipe).

    ``kill_at``: SIGKILL itself at the n-th fault point passed (0-based). ``kill_after``:
    the parent SIGKILLs it after that many seconds. Without either it runs to the end.
    Each fault point passed is reported as ``POINT <name>``; each acknowledged result is
    the CLI's own JSON line. ``script``: several argv lists run one after another.
    """
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never returns
        try:
            os.close(read_fd)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(write_fd, 1)
            os.dup2(devnull, 2)
            sys.stdout = os.fdopen(1, "w", buffering=1, encoding="utf-8")
            sys.stderr = open(os.devnull, "w", encoding="utf-8")
            from claude_memory.store import faults
            from claude_memory.cli import memory_write

            seen = [0]

            def point(name: str) -> None:
                print(f"POINT {name}", flush=True)
                if kill_at is not None and seen[0] == kill_at:
                    os.kill(os.getpid(), signal.SIGKILL)
                seen[0] += 1

            faults.point = point
            for args in (script or [argv]):
                print("BEGIN " + json.dumps(args), flush=True)
                memory_write.main(args)
                sys.stdout.flush()
        finally:
            os._exit(0)
    os.close(write_fd)
    if kill_after is not None:
        time.sleep(kill_after)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    chunks = []
    while True:
        chunk = os.read(read_fd, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read_fd)
    _, status = os.waitpid(pid, 0)
    ended = "killed" if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL else "finished"
    return ended, b"".join(chunks).decode("utf-8", "replace").splitlines()


def trace_points(lines: list[str]) -> list[str]:
    return [line[6:] for line in lines if line.startswith("POINT ")]


def acks(lines: list[str]) -> list[dict]:
    out = []
    for line in lines:
        if line.startswith("{"):
            try:
                out.append(json.loads(line))
            except ValueError:
                pass
    return out


def _norm(doc: dict) -> dict:
    out = {k: v for k, v in doc.items() if k not in _VOLATILE}
    out["changes"] = [{k: v for k, v in c.items() if k != "date"} for c in doc.get("changes", [])]
    return out


def snapshot_docs(root: Path) -> dict[str, dict]:
    """``folder/id`` -> the memory normalised (timestamps dropped) for before/after comparison."""
    out = {}
    for folder in FOLDERS.values():
        d = root / folder
        if d.is_dir():
            for p in d.glob("*.json"):
                if not p.name.startswith("."):
                    out[f"{folder}/{p.stem}"] = _norm(json.loads(p.read_text(encoding="utf-8")))
    return out


def _whole_files(root: Path) -> list[str]:
    from claude_memory.store import validation

    problems = []
    for folder, category in ((f, c) for c, f in FOLDERS.items()):
        d = root / folder
        for p in (sorted(d.glob("*.json")) if d.is_dir() else []):
            if p.name.startswith("."):
                continue
            try:
                validation.load_record(p, category=category, expected_id=p.stem)
            except Exception as exc:  # noqa: BLE001 - anything here is a half-written file
                problems.append(f"{p.name}: not a whole valid memory after the crash: {exc}")
    return problems


def recover_and_check(root: Path, *, protected: dict[str, str], before: dict | None = None,
                      after: dict | None = None) -> tuple[list[str], bool]:
    """The checks after a kill. ``protected``: path -> MD5 that must be on disk as it was.

    Returns (problems, whether --rebuild was needed).
    """
    from claude_memory.store import maintenance
    from claude_memory.store.lock import store_lock

    problems = _whole_files(root)
    for path, digest in protected.items():
        p = Path(path)
        if not p.exists():
            problems.append(f"acknowledged memory {p.name} is gone")
        elif hashlib.md5(p.read_bytes()).hexdigest() != digest:
            problems.append(f"acknowledged memory {p.name} changed although nothing acknowledged changed it")
    rebuilt = False
    if maintenance.validate(root):
        rebuilt = True
        maintenance.rebuild(root, lock_timeout=2)
        left = maintenance.validate(root)
        problems += [f"still invalid after --rebuild: {p['path']}: {p['problem']}" for p in left]
    if before is not None and after is not None:
        now = snapshot_docs(root)
        for key in set(before) | set(after) | set(now):
            if now.get(key) not in (before.get(key), after.get(key)):
                problems.append(f"{key} is neither as before nor as after the action")
    started = time.monotonic()
    try:
        with store_lock(root, timeout=2):
            pass
    except Exception as exc:  # noqa: BLE001
        problems.append(f"the next writer could not take the lock: {exc}")
    if time.monotonic() - started > 1.0:
        problems.append("the next writer waited for a lock nobody holds")
    return problems, rebuilt


def _protected(root: Path, skip: set[str]) -> dict[str, str]:
    out = {}
    for folder in FOLDERS.values():
        d = root / folder
        if d.is_dir():
            for p in d.glob("*.json"):
                if not p.name.startswith(".") and f"{folder}/{p.stem}" not in skip:
                    out[str(p)] = hashlib.md5(p.read_bytes()).hexdigest()
    return out


def _touched(name: str, root: Path) -> set[str]:
    """Memories an action may change (the others must stay byte-identical through a crash)."""
    _action, category, target = ACTIONS[name]
    if category == "session_summary":
        return {k for k in snapshot_docs(root) if k.startswith("sessions/")}
    return {f"{FOLDERS[category]}/{target}"} if target else set()


def point_trials(workdir: Path) -> dict:
    """Kill each action at each fault point it passes; returns figures and problems."""
    base = workdir / "base"
    build_store(base / ".claude" / "memory")
    figures: dict[str, list[str]] = {}
    problems: list[str] = []
    trials = rebuilds = 0
    for name in ACTIONS:
        trace_dir = workdir / f"trace-{name}"
        shutil.copytree(base, trace_dir)
        root = trace_dir / ".claude" / "memory"
        before = snapshot_docs(root)
        ended, lines = fork_writer(action_argv(name, root, workdir, f"t{name}"))
        points = trace_points(lines)
        if ended != "finished" or not acks(lines):
            problems.append(f"{name}: the untouched run did not succeed: {lines[-3:]}")
            continue
        after = snapshot_docs(root)
        figures[name] = points
        for i, point in enumerate(points):
            trial_dir = workdir / f"{name}-{i}"
            shutil.copytree(base, trial_dir)
            root = trial_dir / ".claude" / "memory"
            protected = _protected(root, _touched(name, root))
            # same token as the traced run, so "after" is comparable
            ended, lines = fork_writer(action_argv(name, root, workdir, f"t{name}"), kill_at=i)
            trials += 1
            if ended != "killed":
                problems.append(f"{name} at {point}#{i}: the writer was not killed ({lines[-2:]})")
                continue
            found, rebuilt = recover_and_check(root, protected=protected, before=before, after=after)
            rebuilds += rebuilt
            if name == "update-rename":
                ids = set(snapshot_docs(root))
                if "decisions/use-postgres" in ids and any(k.startswith("decisions/switch-storage") for k in ids):
                    found.append("both the old and the renamed file survive")
            problems += [f"{name} killed at {point} (#{i}): {p}" for p in found]
            shutil.rmtree(trial_dir)
    return {"trials": trials, "rebuilds_needed": rebuilds, "points": figures, "problems": problems}


def _random_script(rng: random.Random, root: Path, workdir: Path, count: int, prefix: str) -> list[list[str]]:
    """A random stream of actions valid for the store as it is now (later ones may fail cleanly)."""
    from claude_memory.store import records as store_io

    files = [f for f in store_io.scan_records(root) if f.doc is not None]
    script = []
    for k in range(count):
        token = f"{prefix}k{k}"
        pick = rng.random()
        active = [f for f in files if f.status == "active" and f.category == "decision"]
        if pick < 0.3 or not active:
            category = "session_summary" if rng.random() < 0.3 else "decision"
            id = f"r-{token}"
            doc = draft(category, id, f"Random memory {token}", token)
            path = workdir / f"d-{token}.json"
            path.write_text(json.dumps(doc), encoding="utf-8")
            script.append(["--root", str(root), "--action", "create", "--category", category, "--input", str(path)])
            continue
        f = rng.choice(active + [x for x in files if x.status != "active"])
        if f.status != "active":
            action = "restore" if f.status == "retired" else "unarchive"
            script.append(["--root", str(root), "--action", action, "--target", str(f.path)])
            continue
        if pick < 0.7:
            doc = dict(f.doc)
            doc["content"] = {**doc["content"], "context": f"context {token}"}
            doc["changes"] = [*doc["changes"], {"date": "2026-06-01T00:00:00Z", "summary": f"edit {token}"}]
            if rng.random() < 0.2:
                doc["title"] = f"Entirely other heading {token}"
            path = workdir / f"d-{token}.json"
            path.write_text(json.dumps(doc), encoding="utf-8")
            script.append(["--root", str(root), "--action", "update", "--target", str(f.path), "--input", str(path)])
        else:
            action = rng.choice(["delete", "archive"])
            script.append(["--root", str(root), "--action", action, "--target", str(f.path), "--reason", token])
    return script


def timing_trials(workdir: Path, trials: int, seed: int = 1, max_delay: float = 0.25) -> dict:
    """Hundreds of writers killed at a random moment, one after another, on one store."""
    rng = random.Random(seed)
    project = workdir / "timing"
    root = project / ".claude" / "memory"
    build_store(root)
    problems: list[str] = []
    acked = rebuilds = finished = 0
    for trial in range(trials):
        script = _random_script(rng, root, workdir, 6, f"t{trial}")
        ended, lines = fork_writer([], script=script, kill_after=rng.uniform(0.0, max_delay))
        finished += ended == "finished"
        results = acks(lines)
        acked += len(results)
        # The action in flight at the kill (a BEGIN with no result after it) may have touched its
        # memory, and a session create retires other sessions; everything acknowledged before is fixed.
        begins = [i for i, line in enumerate(lines) if line.startswith("BEGIN ")]
        in_flight = []
        if begins and not any(line.startswith("{") for line in lines[begins[-1]:]) and ended == "killed":
            in_flight = json.loads(lines[begins[-1]][6:])
        last: dict[str, str] = {}
        for r in results:
            last[str(Path(r["path"]).resolve())] = r["hash"]
        skip: set[str] = set()
        if in_flight:
            if "--target" in in_flight:
                skip.add(str(Path(in_flight[in_flight.index("--target") + 1]).resolve()))
            if "session_summary" in in_flight:
                skip |= {p for p in last if "/sessions/" in p}
        # An acknowledged rename removed its old path; an acknowledged session create may have
        # retired older sessions: those are acknowledged changes too, not losses.
        for r in results:
            for w in r.get("warnings", []):
                if w.startswith("renamed "):
                    skip |= {p for p in last if Path(p).name == w.split()[1]}
                if w.startswith("retired session "):
                    skip |= {p for p in last if Path(p).name == w.split()[2] + ".json" and "/sessions/" in p}
        protected = {p: h for p, h in last.items() if p not in skip}
        found, rebuilt = recover_and_check(root, protected=protected)
        rebuilds += rebuilt
        problems += [f"timing trial {trial}: {p}" for p in found]
    return {"trials": trials, "acknowledged_writes": acked, "finished_before_kill": finished,
            "rebuilds_needed": rebuilds, "memories": len(snapshot_docs(root)), "problems": problems}


def run_script_with_fault(project: Path, point: str, argv: list[str]):
    """The real entry script with ``CLAUDE_MEMORY_FAULT=<point>`` (the switch as shipped)."""
    from load import run_script

    return run_script(project, "memory_write.py", *argv, env={"CLAUDE_MEMORY_FAULT": point})


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--timing-trials", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-points", action="store_true")
    p.add_argument("--max-delay", type=float, default=0.1, help="kill within this many seconds of the start")
    args = p.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="cm-crash-"))
    started = time.monotonic()
    report: dict = {}
    if not args.no_points:
        points = point_trials(work / "points")
        report["fault_points"] = {"trials": points["trials"], "rebuilds_needed": points["rebuilds_needed"],
                                  "per_action": {k: len(v) for k, v in points["points"].items()},
                                  "distinct_points": sorted({x for v in points["points"].values() for x in v}),
                                  "problems": points["problems"][:30]}
    (work / "t").mkdir(parents=True)
    timing = timing_trials(work / "t", args.timing_trials, seed=args.seed, max_delay=args.max_delay)
    report["timing"] = {k: v for k, v in timing.items() if k != "problems"}
    report["timing"]["problems"] = timing["problems"][:30]
    report["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(report, indent=2))
    shutil.rmtree(work, ignore_errors=True)
    bad = report["timing"]["problems"] or report.get("fault_points", {}).get("problems")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
