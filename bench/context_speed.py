"""Speed of the SessionStart hook and of the file-tool hook (PreToolUse with file-scoped recall), as
ratios to a bare interpreter, measured with ``farm-bench`` (whole processes, A/B pairs).

Stores of 1,000 and 10,000 memories (``gen_store.py``) with their context table built. The
plugin is copied to a temporary folder so that its bytecode state is controlled:

- ``bytecode``: ``__pycache__`` present (``prepare`` ran), the default environment;
- ``DONTWRITE, unprepared``: ``PYTHONDONTWRITEBYTECODE=1`` and no ``__pycache__`` at all (every
  run compiles every module it imports, and keeps nothing);
- ``DONTWRITE, prepared``: ``PYTHONDONTWRITEBYTECODE=1`` after the SessionStart hook's background
  ``prepare`` compiled the plugin (what a container that sets the variable sees from its second
  session on).

Each hook reads its payload from a file: A is ``sh -c 'exec python3 SCRIPT < payload'`` and B is
``sh -c 'exec python3 -c pass < payload'`` (the same shell and redirection on both sides). The
table's figure is the median of the pairwise A/B ratios of wall time (and of CPU time).

    python bench/context_speed.py [--runs N] [--sizes 1000,10000]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))

#: The interpreter the other speed benchmarks use (``python3`` on PATH may be a slow pyenv shim).
PY = sys.executable
MODES = ("bytecode", "DONTWRITE, unprepared", "DONTWRITE, prepared")


def _copy_plugin(dest: Path) -> Path:
    for name in ("claude_memory", "hooks"):
        shutil.copytree(REPO / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "memory-config.default.json", dest)
    shutil.copytree(REPO / ".claude-plugin", dest / ".claude-plugin")
    return dest


def _clear_bytecode(plugin: Path) -> None:
    for cache in plugin.rglob("__pycache__"):
        shutil.rmtree(cache)


def _store(project: Path, n: int) -> dict:
    """Generate the store, build its context table; a named and an unnamed file of the project."""
    from gen_store import generate

    from claude_memory.recall import context_table

    root = project / ".claude" / "memory"
    generate(root, n)
    assert context_table.build_table(str(root))
    named = None
    for path in sorted(root.glob("decisions/*.json")):
        files = json.loads(path.read_text())["related_files"]
        if files:
            named = files[0]
            break
    return {"named": str(project / named), "unnamed": str(project / "src" / "nobody" / "names-this.py")}


def _ratio(a: str, b: str, runs: int, env: dict, cwd: Path) -> tuple[float, float]:
    """Median A/B (wall, CPU) of ``sh -c a`` against ``sh -c b``."""
    out = subprocess.run(["farm-bench", "-n", str(runs), "--warmup", "2", "--timeout", "600",
                          "--vs", f"sh -c '{b}'", "--", "sh", "-c", a],
                         capture_output=True, text=True, env=env, cwd=str(cwd)).stdout
    if not re.search(r"^A exit 0 \((\d+) of \1\)", out, re.M):
        raise RuntimeError(out[-3000:])
    got = {}
    for line in out.splitlines():
        m = re.match(r"A/B (wall|cpu)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", line)
        if m:
            got[m.group(1)] = float(m.group(3))
    if "wall" not in got:
        raise RuntimeError(out[-2000:])
    return got["wall"], got["cpu"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--sizes", default="1000,10000")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        plugin = _copy_plugin(tmp / "plugin")
        data = tmp / "data"
        data.mkdir()
        for n in [int(s) for s in args.sizes.split(",")]:
            project = tmp / f"project-{n}"
            project.mkdir()
            files = _store(project, n)
            payloads = {
                "SessionStart (startup)": ("memory_session_start.py",
                                           {"session_id": "bench", "cwd": str(project), "source": "startup",
                                            "hook_event_name": "SessionStart"}),
                "Read, no memory names the file": ("memory_write_guard.py",
                                                   {"session_id": "bench", "cwd": str(project),
                                                    "hook_event_name": "PreToolUse", "tool_name": "Read",
                                                    "tool_input": {"file_path": files["unnamed"]}}),
                "Read, a memory names the file (injects)": ("memory_write_guard.py",
                                                            {"cwd": str(project), "hook_event_name": "PreToolUse",
                                                             "tool_name": "Read",
                                                             "tool_input": {"file_path": files["named"]}}),
            }
            for mode in MODES:
                env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "PYTHON"))}
                env["CLAUDE_PROJECT_DIR"] = str(project)
                _clear_bytecode(plugin)
                if mode != "DONTWRITE, unprepared":
                    env["CLAUDE_PLUGIN_DATA"] = str(data)
                    subprocess.run([PY, "-c", "import sys; sys.path.insert(0, sys.argv[1]);"
                                    "from claude_memory.hooks.session_start import prepare; prepare()", str(plugin)],
                                   check=True, env=env)
                if mode != "bytecode":
                    env["PYTHONDONTWRITEBYTECODE"] = "1"
                for case, (script, payload) in payloads.items():
                    stdin = tmp / "payload.json"
                    stdin.write_text(json.dumps(payload))
                    a = f"exec {PY} {plugin}/hooks/scripts/{script} < {stdin}"
                    b = f"exec {PY} -c pass < {stdin}"
                    wall, cpu = _ratio(a, b, args.runs, env, project)
                    rows.append((n, mode, case, wall, cpu))
                    print(f"{n:>6} | {mode:22} | {case:42} | {wall:.2f}x wall | {cpu:.2f}x cpu", flush=True)
    print()
    print("| memories | bytecode | case | wall A/B (median) | CPU A/B (median) |")
    print("|---:|---|---|---:|---:|")
    for n, mode, case, wall, cpu in rows:
        print(f"| {n:,} | {mode} | {case} | {wall:.2f}x | {cpu:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
