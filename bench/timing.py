"""Whole-process timing: median wall time and peak RSS of a command, beside a bare interpreter."""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import time

__all__ = ["run_full", "run_once", "measure", "baseline", "machine"]


def run_full(argv: list[str], *, stdin: bytes = b"", env: dict | None = None,
             cwd: str | None = None) -> tuple[float, float, int, int]:
    """Run ``argv`` once; return (wall seconds, user+sys CPU seconds, peak RSS in KiB, exit code)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=env, cwd=cwd)
    proc.stdin.write(stdin)
    proc.stdin.close()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, proc.returncode


def run_once(argv: list[str], *, stdin: bytes = b"", env: dict | None = None, cwd: str | None = None) -> tuple[float, int, int]:
    """Run ``argv`` once; return (wall seconds, peak RSS in KiB, exit code)."""
    wall, _cpu, rss, rc = run_full(argv, stdin=stdin, env=env, cwd=cwd)
    return wall, rss, rc


def measure(argv: list[str], *, runs: int = 21, warmup: int = 3, **kw) -> dict:
    """Median wall time (ms) and max peak RSS (KiB) over ``runs`` runs after ``warmup``."""
    for _ in range(warmup):
        run_once(argv, **kw)
    walls, rss = [], []
    for _ in range(runs):
        wall, peak, _rc = run_once(argv, **kw)
        walls.append(wall)
        rss.append(peak)
    return {"median_ms": statistics.median(walls) * 1000, "peak_rss_kib": max(rss), "runs": runs}


def baseline(runs: int = 21) -> dict:
    """``python3 -c pass`` with the same interpreter."""
    return measure([sys.executable, "-c", "pass"], runs=runs)


def machine() -> str:
    return f"{platform.node()} {platform.system()} {platform.release()} {platform.machine()}, " \
           f"{os.cpu_count()} cores, Python {platform.python_version()}"
