"""Speed of the write guard (PreToolUse) as a whole process, beside a bare interpreter.

Cases: a Write outside the store (the common path), a Write into the store (deny),
an ordinary Bash command and a Bash write into the store. Each row is the median wall
time and median CPU time (user + system) of repeated runs of
`python3 hooks/scripts/memory_write_guard.py` with the payload on stdin, its peak RSS (GNU time),
and its ratio to `python3 -c pass` measured in the same run. Target: the outside-path
Write at most 1.2x the bare interpreter (issue 18).

Two tables: the interpreter as Claude Code starts it, and with `-S` (no site
start-up). A site with heavy `.pth` files makes the bare interpreter slow and the
ratio flattering; `-S` gives the worst-case ratio.

    python bench/guard_speed.py [--runs N]
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
from timing import run_full, run_once  # noqa: E402

from claude_memory.devtools.hook_commands import script_argv  # noqa: E402

SCRIPT = REPO / "hooks" / "scripts" / "memory_write_guard.py"
PY = sys.executable
TARGET_RATIO = 1.2  # issue 18: a path outside any store, at most 1.2x


def _cases(project: Path) -> list[tuple[str, dict]]:
    root = project / ".claude" / "memory"

    def payload(tool: str, tool_input: dict) -> dict:
        return {"session_id": "bench", "cwd": str(project), "hook_event_name": "PreToolUse",
                "tool_name": tool, "tool_input": tool_input, "tool_use_id": "t"}

    return [
        ("Write outside the store", payload("Write", {"file_path": str(project / "src" / "app.py"), "content": "x"})),
        ("Write outside any project", payload("Write", {"file_path": "/tmp/elsewhere/deep/er/file.txt",
                                                        "content": "x"})),
        ("Write into another project's store (deny)", payload("Write", {
            "file_path": str(project.parent / "other" / ".claude" / "memory" / "decisions" / "a.json"),
            "content": "{}"})),
        ("Write into the store (deny)", payload("Write", {"file_path": str(root / "decisions" / "a.json"),
                                                          "content": "{}"})),
        ("Bash ordinary", payload("Bash", {"command": "npm test 2>&1 | tail -20 && git status"})),
        ("Bash into the store (deny)", payload("Bash", {"command": "echo x > .claude/memory/index.md"})),
        ("Bash, unknown command in the store (deny)", payload("Bash", {"command": "cd .claude/memory && make"})),
    ]


def measure(argv: list[str], *, runs: int, stdin: bytes = b"", env: dict, cwd: str) -> dict:
    """Median wall and CPU ms, max peak RSS, over ``runs`` runs after 3 warm-ups."""
    import statistics

    for _ in range(3):
        run_once(argv, stdin=stdin, env=env, cwd=cwd)
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu, _rss, _rc = run_full(argv, stdin=stdin, env=env, cwd=cwd)
        walls.append(wall * 1000)
        cpus.append(cpu * 1000)
    return {"wall": statistics.median(walls), "cpu": statistics.median(cpus), "rss": _peak_rss(argv, stdin, env, cwd)}


def _peak_rss(argv: list[str], stdin: bytes, env: dict, cwd: str) -> float:
    """Peak RSS in KiB via GNU time: a child forked from this (large) process would inherit
    its high-water mark, so the rusage of our own children overstates small processes."""
    import subprocess

    if not os.path.exists("/usr/bin/time"):
        return float("nan")
    proc = subprocess.run(["/usr/bin/time", "-f", "rss=%M", *argv], input=stdin, capture_output=True,
                          env=env, cwd=cwd)
    for line in reversed(proc.stderr.decode(errors="replace").splitlines()):
        if line.startswith("rss="):
            return float(line[4:])
    return float("nan")


def table(flags: list[str], runs: int, project: Path, env: dict) -> float:
    bare = measure([PY, *flags, "-c", "pass"], runs=runs, env=env, cwd=str(project))
    rows = [(f"`python3 {' '.join(flags + ['-c', 'pass'])}`", bare)]
    for name, payload in _cases(project):
        stdin = json.dumps(payload).encode()
        python, *shipped = script_argv(SCRIPT.name, python=PY)  # as hooks.json starts it
        rows.append((name, measure([python, *flags, *shipped], runs=runs, stdin=stdin, env=env,
                                   cwd=str(project))))
    print(f"Interpreter: `{PY} {' '.join(flags)}`; {runs} runs per row after 3 warm-ups.\n")
    print("| case | median wall ms | wall ratio | median CPU ms | CPU ratio | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, m in rows:
        print(f"| {name} | {m['wall']:.1f} | {m['wall'] / bare['wall']:.2f}x | {m['cpu']:.1f} | "
              f"{m['cpu'] / bare['cpu']:.2f}x | {m['rss'] / 1024:.1f} |")
    ratio = rows[1][1]["wall"] / bare["wall"]
    verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
    print(f"\nOutside-path Write: {ratio:.2f}x the bare interpreter by wall time, "
          f"{rows[1][1]['cpu'] / bare['cpu']:.2f}x by CPU time ({verdict} the <= {TARGET_RATIO}x target).\n")
    return ratio


def main(argv: list[str]) -> int:
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 31
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        (project / ".claude" / "memory" / "decisions").mkdir(parents=True)
        (project / "src").mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
        env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(REPO))
        for flags in ([], ["-S"]):
            table(flags, runs, project, env)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
