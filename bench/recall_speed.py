"""Speed of the recall hook (UserPromptSubmit) as a whole process, beside a bare interpreter.

    python bench/recall_speed.py [--sizes 100,1000,10000] [--runs 21]

For each store size (from gen_store.py), rows:

- *first prompt, no cache* (``--cold-runs`` times, the cache deleted before each): what the
  user waits for on the first prompt. Small stores build the cache within the prompt;
  larger ones answer from index.md and build it in a detached background process, whose
  time is reported separately (the bench waits for it before going on);
- *matching* / *off-topic*, cache warm, ``--runs`` times each. Warm means current *and*
  settled: the cache re-lists a folder changed within the last 2 s (coarse file-system
  clocks), so the bench first waits until the generated store is older than that and runs
  one prompt (otherwise the first warm runs measure that re-listing, which is what the
  *after one write* row is for);
- *warm, PYTHONDONTWRITEBYTECODE=1*: the same two prompts with the variable set, three ways:
  *later runs* (the launcher wrote the plugin's own bytecode on the first run; what a container
  that sets the variable sees from its second prompt on), *first run* (no bytecode, cleared
  before every run: the very first hook of such a container) and *not writable* (nothing can
  be written beside the plugin's sources: a FILE named ``__pycache__`` in each of its folders, as a
  read-only plugin folder; the launcher keeps their bytecode in ``${CLAUDE_PLUGIN_DATA}/pycache``
  from its first run on, and the runs measured read it there);
- *after one write*: a memory is rewritten by atomic rename (as memory_write.py does) and
  the next prompt is timed, ``--runs`` times (the delta grows by one memory each time);
- *later prompts, after writes*: once the folder settled, the prompts after the one that listed it
  (they read the saved delta);
- *next prompt 2.5 s after a write by memory_write.py*: the writer's settler has brought the cache up
  to date before it, so it lists nothing (without a settler it lists the changed folder).

Figures: median wall ms, ratio to ``python3 -c pass`` (same interpreter, runs paired so a
shared machine's load hits both alike: the median of the pairwise ratios), CPU ratio, peak RSS.
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
from timing import baseline, machine, paired, run_full, run_once  # noqa: E402

from claude_memory.devtools.hook_commands import script_argv  # noqa: E402
from claude_memory.recall import cache  # noqa: E402
from claude_memory.recall import cache_build  # noqa: E402
from claude_memory.recall.semantic import SEMANTIC_FILE  # noqa: E402

SCRIPT = REPO / "hooks" / "scripts" / "memory_retrieve.py"
PROMPTS = {
    "matching": "checkout-svc timeouts from redis after the deploy, how did we fix the connection pool?",
    "off-topic": "write a regex that validates email addresses",
}
TARGETS = {1000: 1.5, 10000: 2.0}


def _payload(project: Path, prompt: str) -> bytes:
    # No session id: every run is ranked, rendered and logged as the first prompt of a session would
    # be (with one, later runs would skip the memories the session was already given).
    return json.dumps({"transcript_path": str(project / "t.jsonl"), "cwd": str(project),
                       "hook_event_name": "UserPromptSubmit", "prompt": prompt}).encode()


def _cpu_run(argv: list[str], stdin: bytes, env: dict, cwd: str) -> tuple[float, float, int]:
    """(wall s, user+sys CPU s, peak RSS KiB) of one run."""
    wall, cpu, rss, _rc = run_full(argv, stdin=stdin, env=env, cwd=cwd)
    return wall, cpu, rss


def _paired(argv: list[str], runs: int, stdin: bytes, env: dict, cwd: str, before=None) -> dict:
    """Hook runs alternated with bare-interpreter runs (a shared machine's load hits both alike)."""
    return paired(argv, [sys.executable, "-c", "pass"], runs, stdin_a=stdin, env=env, cwd=cwd, before_a=before,
                  warmup=0)


def _wait_for_builder(root: Path) -> float:
    """Seconds until the background builder (if any) has finished."""
    import time

    start = time.perf_counter()
    while cache_build.builder_running(root):
        time.sleep(0.05)
    return time.perf_counter() - start


def _rewrite(root: Path, number: int) -> None:
    """Retitle one memory by temp file + rename in its folder, as the writer does."""
    folder = root / "decisions"
    names = sorted(p.name for p in folder.iterdir() if p.suffix == ".json")
    path = folder / names[number % len(names)]
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["title"] = f"{doc['title']} (rev {number})"
    tmp = folder / f".{path.name}.bench.tmp"
    tmp.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    os.replace(tmp, path)


def _wait_for_settler(root: Path) -> None:
    """Until the writer's settler (if one was started) has finished."""
    import fcntl
    import time

    path = root / ".staging" / getattr(cache_build, "SETTLE_LOCK", "recall-settle.lock")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            fd = os.open(path, os.O_RDWR)
        except OSError:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except OSError:
            time.sleep(0.05)
        finally:
            os.close(fd)


#: A little more than recall's settle window (cache.UNSETTLED_NS, 2 s).
SETTLE_S = 2.5


def _settle(root: Path) -> None:
    """Wait until no category folder changed within ``SETTLE_S``."""
    import time

    newest = max((p.stat().st_mtime for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")), default=0.0)
    time.sleep(max(0.0, newest + SETTLE_S - time.time()))


def _row(n: int, kind: str, r: dict, target: str = "") -> str:
    return (f"| {n:,} | {kind} | {r['ms']:.1f} | {r['ratio']:.2f}x (CPU {r['cpu_ratio']:.2f}x) | {target} | "
            f"{r['rss'] / 1024:.1f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--cold-runs", type=int, default=3)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    bare = baseline(args.runs)["median_ms"]
    print(f"Machine: {machine()}; interpreter {sys.executable}.\n")
    print(f"Bare interpreter (`python3 -c pass`): {bare:.1f} ms median of {args.runs}.\n")
    print("| store | prompt | median ms | ratio to bare (paired runs) | target | peak RSS MiB |")
    print("|---|---|---|---|---|---|")
    builds: list[str] = []
    # The plugin runs from a copy, so its bytecode state is the bench's to set (context_speed's copy
    # and blocker): compiled in place as an installed plugin has it after its first run.
    from context_speed import _clear_bytecode, _copy_plugin, block_bytecode

    plugin = _copy_plugin(Path(tempfile.mkdtemp(prefix="recall-speed-plugin-")))
    script = plugin / "hooks" / "scripts" / SCRIPT.name
    base_env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "PYTHON"))}
    for n in sizes:
        tmp = Path(tempfile.mkdtemp(prefix="recall-speed-"))
        try:
            project = tmp / "project"
            root = project / ".claude" / "memory"
            generate(root, n)
            spare = tmp / "data" / "pycache"  # the launcher's bytecode for a plugin folder that cannot hold it
            env = dict(base_env, CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(plugin),
                       CLAUDE_PLUGIN_DATA=str(spare.parent))
            argv_ = script_argv(script.name, plugin_root=str(plugin))  # as hooks.json starts it
            _clear_bytecode(plugin, spare)  # the first run below writes it
            matching = _payload(project, PROMPTS["matching"])
            empty = tmp / "empty"
            (empty / ".claude" / "memory" / "decisions").mkdir(parents=True)
            run_once(argv_, stdin=_payload(empty, PROMPTS["matching"]), env=dict(env, CLAUDE_PROJECT_DIR=str(empty)),
                     cwd=str(empty))
            cold, waits = [], []
            for _ in range(args.cold_runs):
                shutil.rmtree(root / ".staging", ignore_errors=True)
                cold.append(_paired(argv_, 1, matching, env, str(project)))
                waits.append(_wait_for_builder(root))
            cold.sort(key=lambda r: r["ms"])
            print(_row(n, "first prompt, no cache", cold[len(cold) // 2]))
            if max(waits) > 0.05:
                builds.append(f"{n:,}: background build finished {sorted(waits)[len(waits) // 2]:.1f} s after the "
                              "first prompt returned")
            _settle(root)
            run_once(argv_, stdin=matching, env=env, cwd=str(project))  # records the settled folders
            semantic = (root / ".staging" / SEMANTIC_FILE).exists()
            for kind, prompt in PROMPTS.items():
                r = _paired(argv_, args.runs, _payload(project, prompt), env, str(project))
                print(_row(n, f"{kind}, warm", r, f"<= {TARGETS[n]:.1f}x" if n in TARGETS else ""))
            # The same with PYTHONDONTWRITEBYTECODE=1, three ways (see the docstring).
            nobc = dict(env, PYTHONDONTWRITEBYTECODE="1")
            ways = (("later runs", lambda: None, None),
                    ("first run", lambda: None, lambda: _clear_bytecode(plugin, spare)),
                    ("not writable", lambda: block_bytecode(plugin), None))
            for way, setup, before in ways:
                _clear_bytecode(plugin, spare)
                setup()
                run_once(argv_, stdin=matching, env=nobc, cwd=str(project))  # later runs: this one writes it
                for kind, prompt in PROMPTS.items():
                    r = _paired(argv_, args.runs, _payload(project, prompt), nobc, str(project), before)
                    print(_row(n, f"{kind}, warm, PYTHONDONTWRITEBYTECODE=1, {way}", r,
                               f"<= {TARGETS[n]:.1f}x" if n in TARGETS else ""))
            _clear_bytecode(plugin, spare)
            run_once(argv_, stdin=matching, env=env, cwd=str(project))  # bytecode again for the rows below
            if semantic:
                (root / ".staging" / SEMANTIC_FILE).unlink()
                wall, cpu, rss, rc = run_full([sys.executable, "-m", "claude_memory.recall.semantic_build", str(root)],
                                              stdin=b"", env=env, cwd=str(REPO))
                builds.append(f"{n:,}: semantic table built in {wall:.1f} s (CPU {cpu:.1f} s, peak RSS "
                              f"{rss / 1024:.0f} MiB, exit {rc})")
            else:
                builds.append(f"{n:,}: no semantic table (the optional extra does not import here): lexical only")
            after = []
            for number in range(args.runs):
                _rewrite(root, number)
                after.append(_paired(argv_, 1, matching, env, str(project)))
                _wait_for_builder(root)
            after.sort(key=lambda r: r["ms"])
            print(_row(n, "right after one write", after[len(after) // 2]))
            # The prompts after that one: once the folder has settled, one prompt lists it and saves the
            # delta; the prompts after it read the delta back and list nothing (until the fix of
            # 2026-12-01 the saved delta was discarded on load, so each of them listed the folder again).
            _settle(root)
            run_once(argv_, stdin=matching, env=env, cwd=str(project))
            r = _paired(argv_, args.runs, matching, env, str(project))
            print(_row(n, "later prompts, after writes", r))
            # A write through the writer (memory_write.py: retire, then restore, one memory): its settler
            # brings the cache up to date in the background, so the next prompt lists nothing.
            target = sorted((root / "decisions").glob("*.json"))[0]
            writer = script_argv("memory_write.py", plugin_root=str(plugin))
            settled = []
            for number in range(min(args.runs, 7)):
                action = "delete" if number % 2 == 0 else "restore"
                run_once([*writer, "--root", str(root), "--action", action, "--target", str(target),
                          "--reason", "bench"], stdin=b"", env=env, cwd=str(project))
                _wait_for_settler(root)
                _settle(root)  # the next prompt comes a few seconds later, as a person's does
                settled.append(_paired(argv_, 1, matching, env, str(project)))
            settled.sort(key=lambda r: r["ms"])
            print(_row(n, "next prompt 2.5 s after a write by memory_write.py", settled[len(settled) // 2]))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    shutil.rmtree(plugin, ignore_errors=True)
    if builds:
        print("\nBackground builds (median): " + "; ".join(builds) + ".")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
