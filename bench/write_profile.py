"""Where a memory_write.py call spends its time, in-process, on a generated store.

    python bench/write_profile.py [N] [--action create|update|session] [--top K]

Builds a store of N memories (gen_store.py, default 10,000) in a temporary folder,
then runs memory_write's ``main`` once under cProfile and prints the functions with
the most cumulative time. ``session`` creates a session summary past the rolling
window (the one write that still reads the whole store: the orphan check).
Import costs are not in the profile; see ``python -X importtime``.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import json
import os
import pstats
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from gen_store import generate  # noqa: E402

__all__ = ["main"]


def _decision(i: int) -> dict:
    return {"title": f"Profiled decision {i}", "id": f"profiled-decision-{i}", "tags": ["bench"], "confidence": 0.8,
            "related_files": [], "category": "decision",
            "content": {"status": "accepted", "context": "Profiling.", "decision": f"Decision {i}.",
                        "alternatives": [], "rationale": ["Profiling needs one."], "consequences": []}}


def _session(i: int) -> dict:
    return {"title": f"Profiled session {i}", "id": f"profiled-session-{i}", "tags": ["bench"], "confidence": 0.8,
            "related_files": [], "category": "session_summary",
            "content": {"goal": "Profile the writer.", "outcome": "success", "completed": [f"unique item {i}"],
                        "in_progress": [], "blockers": [], "next_actions": [], "key_changes": []}}


def _argv(action: str, root: Path, tmp: Path) -> list[str]:
    from claude_memory.cli import memory_write

    draft = tmp / "draft.json"
    if action == "session":
        draft.write_text(json.dumps(_session(1)))
        return ["--action", "create", "--category", "session_summary", "--input", str(draft), "--root", str(root)]
    draft.write_text(json.dumps(_decision(1)))
    create = ["--action", "create", "--category", "decision", "--input", str(draft), "--root", str(root)]
    if action == "create":
        return create
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        memory_write.main(create)
    target = root / "decisions" / "profiled-decision-1.json"
    doc = json.loads(target.read_text())
    doc["content"]["consequences"] = ["Updated while profiling."]
    doc["changes"] = doc.get("changes", []) + [{"date": doc["updated_at"], "summary": "profile update"}]
    draft.write_text(json.dumps(doc))
    return ["--action", "update", "--target", str(target), "--input", str(draft), "--root", str(root),
            "--hash", hashlib.md5(target.read_bytes()).hexdigest()]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("n", nargs="?", type=int, default=10_000)
    p.add_argument("--action", choices=("create", "update", "session"), default="create")
    p.add_argument("--top", type=int, default=25)
    args = p.parse_args(argv)
    from claude_memory.cli import memory_write

    with tempfile.TemporaryDirectory() as tmp_s:
        tmp = Path(tmp_s)
        root = tmp / "p" / ".claude" / "memory"
        root.mkdir(parents=True)
        generate(root, args.n, seed=0)
        (root / "memory-config.json").write_text(json.dumps({"max_memories_per_category": args.n + 100}))
        os.environ["CLAUDE_PROJECT_DIR"] = str(tmp / "p")
        run = _argv(args.action, root, tmp)
        prof = cProfile.Profile()
        out, err = io.StringIO(), io.StringIO()
        start = time.perf_counter()
        with redirect_stdout(out), redirect_stderr(err):
            prof.enable()
            code = memory_write.main(run)
            prof.disable()
        took = time.perf_counter() - start
        print(f"memory_write {args.action} at {args.n:,} memories: exit {code}, {took * 1000:.0f} ms under cProfile")
        if code:
            print(err.getvalue(), file=sys.stderr)
        stats = io.StringIO()
        pstats.Stats(prof, stream=stats).sort_stats("cumulative").print_stats(args.top)
        print(stats.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
