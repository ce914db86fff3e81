"""Whole-process timing: median wall time and peak RSS of a command, beside a bare interpreter."""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import time

__all__ = ["run_full", "run_once", "measure", "baseline", "machine", "paired"]


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


def paired(argv_a: list[str], argv_b: list[str], runs: int, *, stdin_a: bytes = b"", stdin_b: bytes = b"",
           env: dict | None = None, env_b: dict | None = None, cwd: str | None = None, before_a=None,
           warmup: int = 2) -> dict:
    """A and B run in turn (A B A B ...) ``runs`` times after ``warmup`` pairs; the ratios are taken
    pair by pair, so a shared machine's drift hits both alike. ``before_a()`` (if given) runs before
    every A run, outside its timing (to clear a cache, say). Returns the medians of the pairwise
    wall and CPU (user + system) ratios, A's and B's median wall ms and A's peak RSS (KiB)."""
    wall_r, cpu_r, a_ms, b_ms, rss = [], [], [], [], 0
    for i in range(warmup + runs):
        if before_a is not None:
            before_a()
        aw, ac, ar, _rc = run_full(argv_a, stdin=stdin_a, env=env, cwd=cwd)
        bw, bc, _br, _rc = run_full(argv_b, stdin=stdin_b, env=env if env_b is None else env_b, cwd=cwd)
        if i < warmup:
            continue
        wall_r.append(aw / bw)
        cpu_r.append(ac / bc if bc > 0 else float("nan"))
        a_ms.append(aw * 1000)
        b_ms.append(bw * 1000)
        rss = max(rss, ar)
    med = statistics.median
    return {"ratio": med(wall_r), "cpu_ratio": med(c for c in cpu_r if c == c) if any(c == c for c in cpu_r) else 0.0,
            "ms": med(a_ms), "bare_ms": med(b_ms), "rss": rss, "runs": runs}

