"""Speed of the SessionStart hook and of the file-tool hook (PreToolUse: the guard with file-scoped
recall), as ratios to a bare interpreter, whole processes run in pairs.

Stores of 1,000 and 10,000 memories (``gen_store.py``) with their context table built. The
plugin is copied to a temporary folder so that its bytecode state is controlled:

- ``bytecode``: ``__pycache__`` present, the default environment;
- ``DONTWRITE, first run``: ``PYTHONDONTWRITEBYTECODE=1`` and no ``__pycache__`` at all, cleared
  before every run: a container's very first hook. The launcher writes the plugin's own bytecode
  during that run (``hooks/scripts/_launch.py``);
- ``DONTWRITE, later runs``: the same variable, every run after that first one (nothing else,
  neither the SessionStart hook's background ``prepare`` nor any other step, has compiled the plugin);
- ``DONTWRITE, plugin folder not writable``: the same variable, and nothing can be written beside
  the plugin's sources (each of its folders holds a regular FILE named ``__pycache__``, which
  even root cannot write into; the interpreter's own and site-packages' bytecode stay as they are):
  the launcher's first run leaves the plugin's bytecode in ``${CLAUDE_PLUGIN_DATA}/pycache`` and
  the runs measured read it from there (warm-up pairs included, so this is the steady state).

A is the hook as ``hooks.json`` starts it (``python -S SCRIPT``) with the payload on stdin, B is ``python -c pass`` with the same stdin and
environment, run in turn (A B A B ...); each row is the median of the pairwise A/B ratios of wall
time and of CPU time (``bench/timing.paired``). ``python`` is the interpreter running this script
(use a venv's, not a slow shim).

    python bench/context_speed.py [--runs N] [--sizes 1000,10000] [--modes ...] [--cases ...]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))
from timing import machine, paired  # noqa: E402

from claude_memory.devtools.hook_commands import script_argv  # noqa: E402

PY = sys.executable
MODES = ("bytecode", "DONTWRITE, first run", "DONTWRITE, later runs", "DONTWRITE, plugin folder not writable")
#: what a realistic Write carries: a small source file (its newlines are escapes in the payload)
CONTENT = "".join(f"def handler_{i}(event, context):\n    return {{'status': {i}, 'body': event.get('body')}}\n\n"
                  for i in range(14))


def _copy_plugin(dest: Path) -> Path:
    for name in ("claude_memory", "hooks"):
        shutil.copytree(REPO / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "memory-config.default.json", dest)
    shutil.copytree(REPO / ".claude-plugin", dest / ".claude-plugin")
    return dest


def _clear_bytecode(plugin: Path, spare: Path | None = None) -> None:
    """No bytecode of the plugin anywhere: beside its sources, nor in ``spare`` (the launcher's
    ``${CLAUDE_PLUGIN_DATA}/pycache`` for a plugin folder that cannot hold it)."""
    if spare is not None:
        shutil.rmtree(spare, ignore_errors=True)
    for cache in plugin.rglob("__pycache__"):
        if cache.is_dir():
            shutil.rmtree(cache)
        else:
            cache.unlink()


def block_bytecode(plugin: Path) -> None:
    """No bytecode can be written or read in the plugin's folders: a FILE named ``__pycache__`` in each."""
    _clear_bytecode(plugin)
    for init in list(plugin.rglob("*.py")):
        (init.parent / "__pycache__").touch()


def _store(project: Path, n: int) -> dict:
    """Generate the store, build its context table; a named and an unnamed file of the project."""
    from gen_store import generate

    from claude_memory.recall import context_build

    root = project / ".claude" / "memory"
    generate(root, n)
    (root / ".staging").mkdir(mode=0o700, exist_ok=True)
    assert context_build.build_table(str(root))
    named = None
    for path in sorted(root.glob("decisions/*.json")):
        files = json.loads(path.read_text())["related_files"]
        if files:
            named = files[0]
            break
    return {"named": str(project / named), "unnamed": str(project / "src" / "nobody" / "names-this.py")}


def _payloads(project: Path, files: dict) -> dict:
    def tool(name: str, tool_input: dict) -> dict:
        return {"session_id": "bench", "cwd": str(project), "hook_event_name": "PreToolUse", "tool_name": name,
                "tool_input": tool_input, "tool_use_id": "toolu_bench"}

    return {
        "SessionStart (startup)": ("memory_session_start.py",
                                   {"session_id": "bench", "cwd": str(project), "source": "startup",
                                    "hook_event_name": "SessionStart"}),
        "Read, no memory names the file": ("memory_write_guard.py", tool("Read", {"file_path": files["unnamed"]})),
        "Write, no memory names the file": ("memory_write_guard.py",
                                            tool("Write", {"file_path": files["unnamed"], "content": CONTENT})),
        # no session id: every run injects (with one, later runs would skip what the session was given)
        "Read, a memory names the file (injects)": ("memory_write_guard.py",
                                                    {**tool("Read", {"file_path": files["named"]}),
                                                     "session_id": None}),
    }


def _env(project: Path, data: Path, mode: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "PYTHON"))}
    env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_DATA=str(data))
    if mode != "bytecode":
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--modes", default=",".join(MODES), help="';'-separated subset of: " + "; ".join(MODES))
    parser.add_argument("--cases", default="", help="';'-separated subset of the case names (default: all)")
    parser.add_argument("--bare-flags", default="", help="interpreter flags of the bare run B (e.g. -S: against an "
                        "interpreter that skips site, as the hooks do)")
    args = parser.parse_args()
    modes = [m for m in MODES if m in args.modes.split(";")] if ";" in args.modes or args.modes in MODES \
        else list(MODES)
    rows = []
    bare = " ".join([PY, *args.bare_flags.split(), "-c", "pass"])
    print(f"Machine: {machine()}; interpreter {PY}; hooks as hooks.json starts them, against `{bare}`; "
          f"{args.runs} pairs per row.\n", flush=True)
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp_name:  # a background build may still write
        tmp = Path(tmp_name)
        plugin = _copy_plugin(tmp / "plugin")
        data = tmp / "data"
        data.mkdir()
        (data / "prepared").write_text(str(plugin))  # the SessionStart hook starts no `prepare` here
        for n in [int(s) for s in args.sizes.split(",")]:
            project = tmp / f"project-{n}"
            project.mkdir()
            payloads = _payloads(project, _store(project, n))
            wanted = [c for c in payloads if not args.cases or c in args.cases.split(";")]
            for mode in modes:
                env = _env(project, data, mode)
                _clear_bytecode(plugin, data / "pycache")
                if mode == "DONTWRITE, plugin folder not writable":
                    block_bytecode(plugin)
                if mode == "bytecode":
                    subprocess.run([PY, "-m", "compileall", "-q", str(plugin)], check=True, env=env,
                                   stdout=subprocess.DEVNULL)
                for case in wanted:
                    script, payload = payloads[case]
                    stdin = json.dumps(payload).encode()
                    argv = script_argv(script, python=PY, plugin_root=str(plugin))  # as hooks.json starts it
                    before = (lambda: _clear_bytecode(plugin, data / "pycache")) if mode == "DONTWRITE, first run" else None
                    r = paired(argv, [PY, *args.bare_flags.split(), "-c", "pass"], args.runs, stdin_a=stdin, stdin_b=stdin, env=env,
                               cwd=str(project), before_a=before)
                    rows.append((n, mode, case, r))
                    print(f"{n:>6} | {mode:38} | {case:42} | {r['ratio']:.2f}x wall | {r['cpu_ratio']:.2f}x cpu | "
                          f"{r['ms']:.1f} ms (bare {r['bare_ms']:.1f})", flush=True)
    print()
    print("| memories | bytecode | case | wall A/B (median of pairs) | CPU A/B (median of pairs) | A median ms |")
    print("|---:|---|---|---:|---:|---:|")
    for n, mode, case, r in rows:
        print(f"| {n:,} | {mode} | {case} | {r['ratio']:.2f}x | {r['cpu_ratio']:.2f}x | {r['ms']:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
