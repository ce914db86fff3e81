"""Speed of the Stop hook and the write path, as whole processes, beside bare interpreters.

Stop hook: transcripts of 1, 10 and 50 MB; the cursor is set by a first stop, then every
timed stop sees a small new tail (one exchange appended before each run).
memory_write.py create/update and memory_index.py --rebuild: stores of 100, 1,000 and
10,000 memories from gen_store.py. Ratios are to `python3 -c pass` (hooks) and to
`python3 -c "import pydantic, filelock"` (the write path), measured in the same run. The
machine is shared, so every timed run is paired with a baseline run just before it and the
ratio is median(command) / median(paired baselines); the baseline column shows that median.

    python bench/hook_speed.py [--quick]
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
from gen_transcript import append_turn, generate as gen_transcript  # noqa: E402
from timing import measure, run_once  # noqa: E402

from claude_memory.devtools.hook_commands import script_argv  # noqa: E402

SCRIPTS = REPO / "hooks" / "scripts"
PY = sys.executable
BARE = [PY, "-c", "pass"]
BARE_DEPS = [PY, "-c", "import pydantic, filelock"]


def _env(project: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(REPO))
    return env


def stop_rows(sizes_mb, runs: int, bare: float) -> list[str]:
    rows = []
    for mb in sizes_mb:
        with tempfile.TemporaryDirectory() as tmp:
            project = Path(tmp) / "p"
            (project / ".claude" / "memory").mkdir(parents=True)
            transcript = Path(tmp) / "t.jsonl"
            gen_transcript(transcript, mb * 1_000_000)
            payload = json.dumps({"session_id": "bench", "transcript_path": str(transcript), "cwd": str(project),
                                  "hook_event_name": "Stop", "stop_hook_active": False,
                                  "last_assistant_message": "Done."}).encode()
            argv = script_argv("memory_triage.py", python=PY)  # as hooks.json starts it
            env = _env(project)
            first, rss_first, _ = run_once(argv, stdin=payload, env=env, cwd=str(project))
            walls, bares, rss = [], [], [rss_first]
            for i in range(runs):
                append_turn(transcript, "Rename the helper and rerun the tests please.", seed=i)
                bares.append(run_once(BARE)[0] * 1000)
                wall, peak, _ = run_once(argv, stdin=payload, env=env, cwd=str(project))
                walls.append(wall * 1000)
                rss.append(peak)
            med, base = statistics.median(walls), statistics.median(bares)
            rows.append(f"| Stop hook, {mb} MB transcript, small new tail | {med:.1f} | {med / base:.2f}x "
                        f"| {max(rss) / 1024:.1f} | paired `pass` {base:.1f} ms; first stop (no cursor): "
                        f"{first * 1000:.0f} ms |")
    return rows


def _draft(i: int, title: str) -> dict:
    return {"title": title, "tags": ["bench", f"t{i % 7}"], "related_files": [], "confidence": 0.8,
            "content": {"status": "accepted", "context": "Benchmark context.", "decision": f"Decision {i}.",
                        "alternatives": [], "rationale": ["Because the benchmark needs one."], "consequences": []},
            "category": "decision"}


def write_rows(sizes, runs: int, bare_deps: float) -> list[str]:
    from gen_store import generate as gen_store

    rows = []
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            project = Path(tmp) / "p"
            root = project / ".claude" / "memory"
            root.mkdir(parents=True)
            gen_store(root, n, seed=0)
            config = {"max_memories_per_category": n + 10 * runs + 100}
            (root / "memory-config.json").write_text(json.dumps(config))
            env = _env(project)
            writer = [PY, str(SCRIPTS / "memory_write.py")]
            subprocess_env = dict(env)
            # rebuild so the index matches the generated store
            run_once([PY, str(SCRIPTS / "memory_index.py"), "--rebuild", "--root", str(root)], env=env, cwd=str(project))
            create_walls, update_walls, bares, rss = [], [], [], []
            for i in range(runs):
                draft = Path(tmp) / f"d{i}.json"
                slug = f"bench-decision-number-{i}"
                draft.write_text(json.dumps({**_draft(i, f"Bench decision number {i}"), "id": slug}))
                target = root / "decisions" / f"{slug}.json"
                bares.append(run_once(BARE_DEPS)[0] * 1000)
                wall, peak, rc = run_once(writer + ["--action", "create", "--category", "decision", "--target",
                                                    str(target), "--input", str(draft)], env=subprocess_env,
                                          cwd=str(project))
                if rc != 0:
                    raise SystemExit(f"create failed (exit {rc}) at store size {n}")
                create_walls.append(wall * 1000)
                rss.append(peak)
                doc = json.loads(target.read_text())
                digest = hashlib.md5(target.read_bytes()).hexdigest()
                doc["content"]["consequences"] = [f"Updated in run {i}."]
                doc["changes"] = doc.get("changes", []) + [{"date": doc["updated_at"], "summary": "bench update"}]
                draft.write_text(json.dumps(doc))
                bares.append(run_once(BARE_DEPS)[0] * 1000)
                wall, peak, rc = run_once(writer + ["--action", "update", "--category", "decision", "--target",
                                                    str(target), "--input", str(draft), "--hash", digest],
                                          env=subprocess_env, cwd=str(project))
                if rc != 0:
                    raise SystemExit(f"update failed (exit {rc}) at store size {n}")
                update_walls.append(wall * 1000)
                rss.append(peak)
            base = statistics.median(bares)
            for label, walls in (("create", create_walls), ("update", update_walls)):
                med = statistics.median(walls)
                rows.append(f"| memory_write.py {label}, {n:,} memories | {med:.1f} | {med / base:.2f}x of deps import "
                            f"| {max(rss) / 1024:.1f} | paired deps import {base:.1f} ms |")
            if n == max(sizes):
                res = measure([PY, str(SCRIPTS / "memory_index.py"), "--rebuild", "--root", str(root)],
                              runs=3, warmup=0, env=env, cwd=str(project))
                rows.append(f"| memory_index.py --rebuild, {n:,} memories | {res['median_ms']:.0f} | "
                            f"{res['median_ms'] / bare_deps:.1f}x of deps import | {res['peak_rss_kib'] / 1024:.1f} | |")
    return rows


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    runs = 5 if quick else 15
    bare = measure([PY, "-c", "pass"], runs=runs * 2)["median_ms"]
    bare_deps = measure([PY, "-c", "import pydantic, filelock"], runs=runs)["median_ms"]
    print("| what | median ms | ratio | peak RSS MiB | note |")
    print("|---|---|---|---|---|")
    print(f"| `python3 -c pass` | {bare:.1f} | 1.00x | | baseline for hooks |")
    print(f"| `python3 -c \"import pydantic, filelock\"` | {bare_deps:.1f} | | | baseline for the write path |")
    for row in stop_rows([1, 10] if quick else [1, 10, 50], runs, bare):
        print(row, flush=True)
    for row in write_rows([100, 1000] if quick else [100, 1000, 10000], 3 if quick else 7, bare_deps):
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
