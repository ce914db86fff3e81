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
from timing import baseline, machine, measure, run_once  # noqa: E402

SCRIPT = REPO / "hooks" / "scripts" / "memory_retrieve.py"
PROMPTS = {
    "matching": "checkout-svc timeouts from redis after the deploy, how did we fix the connection pool?",
    "off-topic": "write a regex that validates email addresses",
}
TARGETS = {1000: 2.0, 10000: 3.0}


def _payload(project: Path, prompt: str) -> bytes:
    return json.dumps({"session_id": "bench", "transcript_path": str(project / "t.jsonl"), "cwd": str(project),
                       "hook_event_name": "UserPromptSubmit", "prompt": prompt}).encode()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    bare = baseline(args.runs)["median_ms"]
    print(f"Machine: {machine()}; interpreter {sys.executable}.\n")
    print(f"Bare interpreter (`python3 -c pass`): {bare:.1f} ms median of {args.runs}.\n")
    print("| store | prompt | median ms | ratio to bare | target | peak RSS MiB |")
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
                r = measure(argv_, runs=args.runs, stdin=_payload(project, prompt), env=env, cwd=str(project))
                target = f"<= {TARGETS[n]:.1f}x" if n in TARGETS else ""
                print(f"| {n:,} | {kind} | {r['median_ms']:.1f} | {r['median_ms'] / bare:.2f}x | {target} | "
                      f"{r['peak_rss_kib'] / 1024:.1f} |")
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
