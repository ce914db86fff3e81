"""Load: many processes at once against one memory store, then an audit of what they did.

    python bench/load.py [--workers 12] [--seconds 60] [--seed 1] [--keep DIR]

Each worker is a loop that runs the real scripts as Claude Code would (one process per
operation): creates (some on an id other workers race for), updates with ``--hash`` (some
changing the title enough to rename the file), delete/archive/unarchive/restore with
``--hash``, ``memory_index.py --rebuild``, recall (``memory_retrieve.py`` with a
UserPromptSubmit payload), and a direct reader that parses every memory file while the
writers run. Every operation and its outcome is logged.

The audit (:func:`audit`) then proves, from the log and the files:

- every write acknowledged on stdout forms one chain per memory: each ``--hash`` write
  consumed the hash the previous acknowledged write returned, and no two acknowledged
  writes consumed the same hash (that would be an update lost without an error);
- the files on disk are exactly the tips of those chains (nothing acknowledged lost,
  nothing unacknowledged written), each with the token its last writer put in it;
- every failure carried a documented error code (``OCC_CONFLICT`` for a lost race);
- every file validates, ``memory_index.py --validate`` passes, and index.md is byte-equal
  to what ``--rebuild`` produces;
- recall always exited 0 with empty or valid JSON output, and no reader ever saw a
  half-written file.

The CI test (tests/test_reliability_load.py) runs this with ~6 workers for ~10 s.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from claude_memory.core.categories import FOLDERS

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "hooks" / "scripts"
#: Error codes a lost race may legitimately end in (all documented in errors.py).
RACE_CODES = {"OCC_CONFLICT", "NOT_FOUND", "ALREADY_EXISTS", "ANTI_RESURRECTION_ERROR", "LOCK_TIMEOUT"}
_WORDS = ("postgres redis kafka billing checkout auth search ledger pricing catalog webhook cache "
          "deploy rollout pool timeout retry shard index quota budget schema migration").split()

__all__ = ["REPO", "SCRIPTS", "FOLDERS", "RACE_CODES", "Op", "content_for", "draft", "script_env",
           "run_script", "error_code", "run_load", "audit", "md5_file", "memory_files"]


def content_for(category: str, token: str) -> dict:
    """Valid content for ``category`` that carries ``token`` (so a test can find who wrote it)."""
    return {
        "decision": {"status": "accepted", "context": f"ctx {token}", "decision": f"use {token}",
                     "alternatives": [], "rationale": ["it works"], "consequences": []},
        "runbook": {"trigger": f"alert {token}", "symptoms": ["502"], "steps": ["restart"],
                    "verification": "200 OK", "root_cause": "pool", "environment": "prod"},
        "constraint": {"kind": "policy", "rule": f"rule {token}", "impact": [], "workarounds": [],
                       "severity": "low", "active": True, "expires": "none"},
        "tech_debt": {"status": "open", "priority": "low", "description": f"debt {token}",
                      "reason_deferred": "time", "impact": [], "suggested_fix": [], "acceptance_criteria": []},
        "preference": {"topic": f"topic {token}", "value": "double quotes", "reason": "black",
                       "strength": "default", "examples": {"prefer": [], "avoid": []}},
        "session_summary": {"goal": f"goal {token}", "outcome": "partial", "completed": [f"done {token}"],
                            "in_progress": [], "blockers": [], "next_actions": [], "key_changes": []},
    }[category]


def draft(category: str, id: str, title: str, token: str, tags: list[str] | None = None) -> dict:
    return {"schema_version": "1.0", "category": category, "id": id, "title": title,
            "tags": tags or ["load"], "related_files": [], "confidence": 0.7,
            "changes": [], "content": content_for(category, token)}


def script_env(project: Path, extra: dict | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(REPO))
    env.update(extra or {})
    return env


def run_script(project: Path, name: str, *args: str, stdin: bytes = b"", env: dict | None = None,
               timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPTS / name), *args], input=stdin, capture_output=True,
                          cwd=str(project), env=script_env(project, env), timeout=timeout)


def error_code(stderr: bytes) -> str | None:
    """The ``error`` code of the structured JSON line a failed script prints last on stderr."""
    for line in reversed(stderr.decode("utf-8", "replace").splitlines()):
        line = line.split(": ", 1)[1] if line.startswith("memory_") and ": {" in line else line
        if line.startswith("{"):
            try:
                return json.loads(line).get("error")
            except ValueError:
                return None
    return None


def md5_file(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def memory_files(root: Path) -> list[Path]:
    return sorted(p for f in FOLDERS.values() if (root / f).is_dir() for p in (root / f).iterdir()
                  if p.suffix == ".json" and not p.name.startswith("."))


@dataclass
class Op:
    worker: int
    kind: str
    t0: float
    t1: float = 0.0
    target: str | None = None
    in_hash: str | None = None
    token: str | None = None
    rc: int | None = None
    code: str | None = None
    out_hash: str | None = None
    out_path: str | None = None
    note: str = ""
    problems: list[str] = field(default_factory=list)


class _Worker(threading.Thread):
    def __init__(self, n: int, project: Path, deadline: float, seed: int, shared: dict):
        super().__init__(daemon=True)
        self.n, self.project, self.deadline = n, project, deadline
        self.root = project / ".claude" / "memory"
        self.rng = random.Random(seed * 1000 + n)
        self.shared = shared
        self.log: list[Op] = []
        self.count = 0

    def run(self) -> None:
        kinds = ["create"] * 4 + ["race_create"] * 2 + ["update"] * 8 + ["lifecycle"] * 5 + ["rebuild"] + \
                ["recall"] * 3 + ["read"] * 2
        if self.shared.get("burst"):
            self._burst()
        # Then one operation of each kind across the workers, so even a short run covers them all.
        firsts = ["rebuild", "lifecycle", "recall", "read", "create", "update"]
        getattr(self, "_" + firsts[self.n % len(firsts)])()
        while time.monotonic() < self.deadline:
            kind = self.rng.choice(kinds)
            try:
                getattr(self, "_" + kind)()
            except Exception as exc:  # a bug in the harness must not look like a pass
                self.log.append(Op(self.n, kind, time.monotonic(), problems=[f"harness: {exc!r}"]))

    # -- helpers
    def _token(self) -> str:
        self.count += 1
        return f"w{self.n}n{self.count}"

    def _write(self, op: Op, args: list[str], doc: dict | None = None) -> Op:
        input_path = None
        if doc is not None:
            fd, input_path = tempfile.mkstemp(prefix=f"draft-{self.n}-", suffix=".json", dir=self.shared["drafts"])
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(doc, fh)
            args = [*args, "--input", input_path]
        proc = run_script(self.project, "memory_write.py", *args)
        op.t1, op.rc = time.monotonic(), proc.returncode
        if proc.returncode == 0:
            lines = proc.stdout.decode().splitlines()
            try:
                result = json.loads(lines[-1])
                op.out_hash, op.out_path = result["hash"], result["path"]
            except (ValueError, KeyError, IndexError):
                op.problems.append(f"success without a JSON result line: {proc.stdout[-300:]!r}")
        else:
            op.code = error_code(proc.stderr)
            if op.code not in RACE_CODES:
                op.problems.append(f"exit {proc.returncode} with code {op.code}: {proc.stderr.decode()[-600:]}")
        if b"Traceback" in proc.stderr:
            op.problems.append("traceback: " + proc.stderr.decode()[-600:])
        if input_path:
            try:
                os.unlink(input_path)
            except OSError:
                pass
        self.log.append(op)
        return op

    def _pick(self) -> tuple[Path, bytes, dict] | None:
        files = memory_files(self.root)
        if not files:
            return None
        path = self.rng.choice(files)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        return path, raw, json.loads(raw)

    # -- operations
    def _burst(self) -> None:
        """Every worker updates the same memory from the same read at the same moment."""
        path, in_hash, doc = self.shared["burst"]
        token = self._token()
        doc = {**doc, "content": content_for(doc["category"], token),
               "changes": [{"date": "2026-06-01T00:00:00Z", "summary": f"burst {token}"}]}
        op = Op(self.n, "update", time.monotonic(), target=str(path), in_hash=in_hash, token=token, note="burst")
        self.shared["barrier"].wait()
        self._write(op, ["--action", "update", "--target", str(path), "--hash", in_hash], doc)

    def _create(self) -> None:
        category = self.rng.choice([c for c in FOLDERS if c != "session_summary"])
        token = self._token()
        words = self.rng.sample(_WORDS, 3)
        id = f"{'-'.join(words)}-{token}"
        doc = draft(category, id, f"{' '.join(words).title()} {token}", token)
        op = Op(self.n, "create", time.monotonic(), target=id, token=token)
        self._write(op, ["--action", "create", "--category", category], doc)

    def _race_create(self) -> None:
        id = f"shared-{self.rng.randrange(4)}"
        token = self._token()
        doc = draft("decision", id, f"Shared decision {id}", token)
        op = Op(self.n, "create", time.monotonic(), target=id, token=token, note="race")
        self._write(op, ["--action", "create", "--category", "decision"], doc)

    def _update(self) -> None:
        picked = self._pick()
        if picked is None:
            return
        path, raw, doc = picked
        if doc.get("record_status", "active") != "active":
            return
        token = self._token()
        doc["content"] = content_for(doc["category"], token)
        rename = self.rng.random() < 0.15
        if rename:
            words = self.rng.sample(_WORDS, 4)
            doc["title"] = f"{' '.join(words).title()} {token}"
        doc["changes"] = [*doc.get("changes", []), {"date": "2026-06-01T00:00:00Z", "summary": f"update {token}"}]
        doc["tags"] = [*doc["tags"], f"t{token}"][-12:]
        op = Op(self.n, "update", time.monotonic(), target=str(path), in_hash=hashlib.md5(raw).hexdigest(),
                token=token, note="rename" if rename else "")
        self._write(op, ["--action", "update", "--target", str(path), "--hash", op.in_hash], doc)

    def _lifecycle(self) -> None:
        picked = self._pick()
        if picked is None:
            return
        path, raw, doc = picked
        status = doc.get("record_status", "active")
        action = {"active": self.rng.choice(["delete", "archive"]), "retired": "restore",
                  "archived": "unarchive"}[status]
        op = Op(self.n, action, time.monotonic(), target=str(path), in_hash=hashlib.md5(raw).hexdigest())
        self._write(op, ["--action", action, "--target", str(path), "--hash", op.in_hash,
                         "--reason", f"load {self._token()}"])

    def _rebuild(self) -> None:
        op = Op(self.n, "rebuild", time.monotonic())
        proc = run_script(self.project, "memory_index.py", "--rebuild", "--json")
        op.t1, op.rc = time.monotonic(), proc.returncode
        if proc.returncode != 0:
            op.code = error_code(proc.stderr)
            if op.code != "LOCK_TIMEOUT":
                op.problems.append(f"rebuild exit {proc.returncode}: {proc.stderr.decode()[-600:]}")
        else:
            result = json.loads(proc.stdout)
            if result["resolved_renames"] or result["invalid_files"] or result["removed_temp_files"]:
                op.problems.append(f"rebuild under load found damage: {result}")
        self.log.append(op)

    def _recall(self) -> None:
        words = self.rng.sample(_WORDS, 3)
        payload = {"session_id": f"load-{self.n}", "transcript_path": str(self.project / "none.jsonl"),
                   "cwd": str(self.project), "hook_event_name": "UserPromptSubmit",
                   "prompt": f"how did we handle {' '.join(words)}?"}
        op = Op(self.n, "recall", time.monotonic())
        proc = run_script(self.project, "memory_retrieve.py", stdin=json.dumps(payload).encode())
        op.t1, op.rc = time.monotonic(), proc.returncode
        out = proc.stdout.decode()
        if proc.returncode != 0 or b"Traceback" in proc.stderr or b"failed open" in proc.stderr:
            op.problems.append(f"recall exit {proc.returncode}: {proc.stderr.decode()[-600:]}")
        if out.strip():
            try:
                ctx = json.loads(out)["hookSpecificOutput"]["additionalContext"]
                op.note = f"{ctx.count(chr(10)) - 2} lines"
                if not (ctx.startswith("<project-memory>") and ctx.endswith("</project-memory>")):
                    op.problems.append(f"recall block malformed: {ctx[:200]!r}")
            except (ValueError, KeyError, TypeError) as exc:
                op.problems.append(f"recall stdout not the expected JSON ({exc}): {out[:300]!r}")
        self.log.append(op)

    def _read(self) -> None:
        """What any reader (recall, Claude's Read tool, git) sees mid-write: whole files only."""
        op = Op(self.n, "read", time.monotonic())
        for path in memory_files(self.root) + [self.root / "index.md"]:
            try:
                raw = path.read_bytes()
            except FileNotFoundError:
                continue
            if path.suffix == ".json":
                try:
                    doc = json.loads(raw)
                    assert isinstance(doc, dict) and doc.get("id") == path.stem
                except (ValueError, AssertionError):
                    op.problems.append(f"reader saw a half-written or foreign file {path}: {raw[:120]!r}")
            elif raw and not raw.endswith(b"\n"):
                op.problems.append(f"reader saw a half-written index.md: {raw[-120:]!r}")
        op.t1 = time.monotonic()
        self.log.append(op)


def run_load(project: Path, *, workers: int, seconds: float, seed: int = 1) -> dict:
    """Run the workers against ``project``'s store; returns the log and the figures."""
    root = project / ".claude" / "memory"
    root.mkdir(parents=True, exist_ok=True)
    # The per-category cap is not what this run measures.
    (root / "memory-config.json").write_text(json.dumps({"max_memories_per_category": 100000}))
    drafts = project.parent / "load-drafts"
    drafts.mkdir(exist_ok=True)
    shared: dict = {"drafts": str(drafts), "barrier": threading.Barrier(workers)}
    seed_doc = draft("decision", "burst-seed", "Burst seed decision", "seed")
    seed_file = drafts / "seed.json"
    seed_file.write_text(json.dumps(seed_doc), encoding="utf-8")
    proc = run_script(project, "memory_write.py", "--action", "create", "--category", "decision",
                      "--input", str(seed_file))
    if proc.returncode == 0:
        made = json.loads(proc.stdout)
        path = Path(made["path"])
        shared["burst"] = (path, made["hash"], json.loads(path.read_text(encoding="utf-8")))
        seed_op = Op(-1, "create", 0.0, target="burst-seed", token="seed", rc=0, out_hash=made["hash"],
                     out_path=made["path"], note="seed")
    start = time.monotonic()
    threads = [_Worker(n, project, start + seconds, seed, shared) for n in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ops = sorted((op for t in threads for op in t.log), key=lambda o: o.t0)
    if "burst" in shared:
        ops.insert(0, seed_op)
    return {"workers": workers, "seconds": round(time.monotonic() - start, 1), "ops": ops}


def _chain_problems(ops: list[Op], root: Path) -> list[str]:
    problems: list[str] = []
    writes = [o for o in ops if o.kind in ("create", "update", "delete", "archive", "unarchive", "restore")]
    acked = [o for o in writes if o.rc == 0 and o.out_hash]
    consumers: dict[str, list[Op]] = {}
    for o in acked:
        if o.in_hash is not None and o.in_hash != o.out_hash:
            consumers.setdefault(o.in_hash, []).append(o)
    for base, users in consumers.items():
        if len(users) > 1:
            problems.append(f"lost update: {len(users)} acknowledged writes consumed hash {base}: "
                            + "; ".join(f"{u.kind} by w{u.worker} token {u.token}" for u in users))
    produced = {o.out_hash: o for o in acked}
    for o in acked:
        if o.in_hash is not None and o.in_hash not in produced:
            problems.append(f"{o.kind} by w{o.worker} acknowledged on a hash no acknowledged write produced")
    tips = {h: o for h, o in produced.items() if h not in consumers}
    on_disk = {md5_file(p): p for p in memory_files(root)}
    for h, o in tips.items():
        if h not in on_disk:
            problems.append(f"acknowledged {o.kind} by w{o.worker} (token {o.token}, {o.out_path}) is not on disk")
        elif str(on_disk[h].resolve()) != str(Path(o.out_path).resolve()):
            problems.append(f"acknowledged {o.kind} content found at {on_disk[h]}, expected {o.out_path}")
        elif o.token and o.token not in on_disk[h].read_text(encoding="utf-8"):
            problems.append(f"{on_disk[h]} lacks the token {o.token} of its last acknowledged write")
    for h, p in on_disk.items():
        if h not in tips:
            problems.append(f"{p} holds content no acknowledged write left as final (unacknowledged write?)")
    return problems


def audit(project: Path, ops: list[Op]) -> dict:
    """Check the store and the log after a load run; ``problems`` empty means nothing was lost."""
    from claude_memory.store import maintenance

    root = project / ".claude" / "memory"
    problems = [p for o in ops for p in o.problems]
    problems += _chain_problems(ops, root)
    problems += [f"validate: {p['path']}: {p['problem']}" for p in maintenance.validate(root)]
    before = (root / "index.md").read_bytes() if (root / "index.md").exists() else b""
    proc = run_script(project, "memory_index.py", "--rebuild", "--json")
    if proc.returncode != 0:
        problems.append(f"final rebuild failed: {proc.stderr.decode()[-400:]}")
    elif (root / "index.md").read_bytes() != before:
        problems.append("index.md differs from what --rebuild produces")
    proc = run_script(project, "memory_index.py", "--validate")
    if proc.returncode != 0:
        problems.append(f"memory_index.py --validate failed: {proc.stdout.decode()[-400:]}")
    counts: dict[str, int] = {}
    for o in ops:
        key = o.kind if o.rc in (0, None) or o.kind in ("read",) else f"{o.kind}:{o.code}"
        counts[key] = counts.get(key, 0) + 1
    return {"problems": problems, "counts": dict(sorted(counts.items())), "operations": len(ops),
            "files": len(memory_files(root)), "index_lines": before.count(b"\n")}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--workers", type=int, default=12)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keep", help="run in this folder and keep it")
    p.add_argument("--log", help="write every operation as JSON lines here")
    args = p.parse_args(argv)
    sys.path.insert(0, str(REPO))
    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="cm-load-"))
    run = run_load(base / "project", workers=args.workers, seconds=args.seconds, seed=args.seed)
    report = audit(base / "project", run["ops"])
    if args.log:
        with open(args.log, "w", encoding="utf-8") as fh:
            for op in run["ops"]:
                fh.write(json.dumps(asdict(op)) + "\n")
    summary = {"workers": run["workers"], "seconds": run["seconds"], "operations": report["operations"],
               "files": report["files"], "index_lines": report["index_lines"], "counts": report["counts"],
               "problems": report["problems"][:50], "problem_count": len(report["problems"])}
    print(json.dumps(summary, indent=2))
    return 1 if report["problems"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
