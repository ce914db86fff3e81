"""Run the benchmarks and record their tables in bench/RESULTS.md.

    python bench/run.py                 # everything
    python bench/run.py recall_quality  # just the named ones

Each benchmark is a script in this folder that prints a Markdown table. The
generated part of RESULTS.md (between the markers) is replaced; the notes
around it are written by hand.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from timing import machine  # noqa: E402

BENCHES = [
    "recall_quality",
    "recall_cross",
    "candidate_quality",
    "candidate_cross",
    "triage_quality",
    "recall_speed",
    "guard_speed",
    "hook_speed",
]
START, END = "<!-- results:start -->", "<!-- results:end -->"


def main(argv: list[str]) -> int:
    names = argv or BENCHES
    unknown = [n for n in names if n not in BENCHES]
    if unknown:
        print(f"run.py: unknown benchmark(s): {', '.join(unknown)}; choose from {', '.join(BENCHES)}", file=sys.stderr)
        return 2
    stamp = f"{machine()}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    sections: dict[str, str] = {}
    failed = 0
    for name in names:
        script = HERE / f"{name}.py"
        if not script.exists():
            sections[name] = f"### {name}\n\n(not present)\n"
            continue
        print(f"== {name}", flush=True)
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=bench_env())
        took = time.perf_counter() - t0
        print(proc.stdout, end="")
        if proc.returncode != 0:
            failed += 1
            print(proc.stderr, file=sys.stderr)
        sections[name] = f"### {name} ({took:.0f} s; {stamp})\n\n{proc.stdout.strip()}\n"
    record(sections)
    return 1 if failed else 0


def bench_env() -> dict:
    """Run every benchmark as an installed plugin runs: with its bytecode cached.

    Python writes ``__pycache__`` beside an installed plugin on first use; a shell with
    ``PYTHONDONTWRITEBYTECODE`` set would instead recompile every module on every hook run.
    The cache goes to ``bench/out/pycache`` (git-ignored), shared by every hook the benchmarks start.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(HERE / "out" / "pycache")
    return env


def record(sections: dict[str, str]) -> None:
    """Replace the named benchmarks' sections between the markers; keep the others as they were."""
    results = HERE / "RESULTS.md"
    text = results.read_text(encoding="utf-8") if results.exists() else f"# Benchmark results\n\n{START}\n{END}\n"
    if START not in text or END not in text:
        text += f"\n{START}\n{END}\n"
    head, rest = text.split(START, 1)
    body, tail = rest.split(END, 1)
    merged = {**parse_sections(body), **sections}
    ordered = [merged[n] for n in BENCHES if n in merged]
    new_body = "Each section: how long it took, the machine and when it ran.\n\n" + "\n".join(ordered)
    results.write_text(f"{head}{START}\n{new_body}\n{END}{tail}", encoding="utf-8")


def parse_sections(body: str) -> dict[str, str]:
    """The ``### <name> (...)`` sections of a generated block, by benchmark name."""
    out: dict[str, str] = {}
    for chunk in body.split("\n### ")[1:]:
        name = chunk.split(" ", 1)[0].split("\n", 1)[0]
        if name in BENCHES:
            out[name] = "### " + chunk.rstrip() + "\n"
    return out


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
