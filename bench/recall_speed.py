"""Speed of the recall hook (UserPromptSubmit) as a whole process, beside a bare interpreter.

    python bench/recall_speed.py [--sizes 100,1000,10000] [--runs 21]

For each store size (from gen_store.py) the hook runs once to build its cache, then
``--runs`` times per prompt kind with the cache warm: a prompt that matches memories and
one that matches nothing. Figures: median wall ms, ratio to ``python3 -c pass`` (same
interpreter, same run), peak RSS. One cold row per size shows the first-prompt cost
(building the cache from every file).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
from gen_store import generate  # noqa: E402
from timing import baseline, machine, run_once  # noqa: E402

SCRIPT = REPO / "hooks" / "scripts" / "memory_retrieve.py"
PROMPTS = {
    "matching": "checkout-svc timeouts from redis after the deploy, how did we fix the connection pool?",
    "off-topic": "write a regex that validates email addresses",
}
TARGETS = {1000: 2.0, 10000: 3.0}


def _payload(project: Path, prompt: str) -> bytes:
    return json.dumps({"session_id": "bench", "transcript_path": str(project / "t.jsonl"), "cwd": str(project),
                       "hook_event_name": "UserPromptSubmit", "prompt": prompt}).encode()


def _cpu_run(argv: list[str], stdin: bytes, env: dict, cwd: str) -> tuple[float, float, int]:
    """(wall s, user+sys CPU s, peak RSS KiB) of one run."""
    import subprocess
    import time

    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=env, cwd=cwd)
    proc.stdin.write(stdin)
    proc.stdin.close()
    _, _status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def _paired(argv: list[str], runs: int, stdin: bytes, env: dict, cwd: str) -> dict:
    """Hook runs alternated with bare-interpreter runs (a shared machine's load hits both alike)."""
    import statistics

    bare = [sys.executable, "-c", "pass"]
    walls, cpus, bwalls, bcpus, rss = [], [], [], [], []
    for _ in range(runs):
        w, c, _r = _cpu_run(bare, b"", env, cwd)
        bwalls.append(w)
        bcpus.append(c)
        w, c, r = _cpu_run(argv, stdin, env, cwd)
        walls.append(w)
        cpus.append(c)
        rss.append(r)
    med = statistics.median
    return {"ms": med(walls) * 1000, "ratio": med(walls) / med(bwalls), "cpu_ratio": med(cpus) / max(med(bcpus), 1e-9),
            "rss": max(rss)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    bare = baseline(args.runs)["median_ms"]
    print(f"Machine: {machine()}; interpreter {sys.executable}.\n")
    print(f"Bare interpreter (`python3 -c pass`): {bare:.1f} ms median of {args.runs}.\n")
    print("| store | prompt | median ms | ratio to bare (paired runs) | target | peak RSS MiB |")
    print("|---|---|---|---|---|---|")
    for n in sizes:
        tmp = Path(tempfile.mkdtemp(prefix="recall-speed-"))
        try:
            project = tmp / "project"
            generate(project / ".claude" / "memory", n)
            env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
            env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(REPO))
            argv_ = [sys.executable, str(SCRIPT)]
            cold_ms, cold_rss, _ = run_once(argv_, stdin=_payload(project, PROMPTS["matching"]), env=env, cwd=str(project))
            print(f"| {n:,} | first prompt (builds cache) | {cold_ms * 1000:.1f} | {cold_ms * 1000 / bare:.2f}x | "
                  f"| {cold_rss / 1024:.1f} |")
            for kind, prompt in PROMPTS.items():
                r = _paired(argv_, args.runs, _payload(project, prompt), env, str(project))
                target = f"<= {TARGETS[n]:.1f}x" if n in TARGETS else ""
                print(f"| {n:,} | {kind} | {r['ms']:.1f} | {r['ratio']:.2f}x (CPU {r['cpu_ratio']:.2f}x) | {target} | "
                      f"{r['rss'] / 1024:.1f} |")
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
