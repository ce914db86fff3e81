#!/usr/bin/env python3
"""Triage quality and Stop hook latency on the labelled transcripts.

    python3 bench/triage_quality.py [SET ...] [--mode incremental|final|both] [--runs N] [--no-latency]
                                    [--subprocess] [--dry-run]

SET is an evaluation set folder (default: ``../shared/eval/dev`` and ``dev2``, those present; ``--eval-dir``
is the old spelling of one SET). Quality: the Stop hook is run as Claude Code runs it, over each
``<set>/transcripts/*.jsonl`` against ``<set>/triage_labels.json``:

- ``incremental`` (what Claude Code does): the transcript grows stop by stop (a
  stop is where the file has a ``stop_hook_summary`` line, plus the end); at
  each stop the hook gets the file as it is on disk minus the last assistant
  line, whose text comes in ``last_assistant_message`` (the CLI writes it late);
  the session's triggered categories are the union over its stops.
- ``final``: one stop over the whole transcript with no cursor.

Per set: per category precision and recall, micro precision and recall, constraint
recall, recall over the sessions not written in English (told apart by the share of
English function words in their typed prompts), labels marked must-not that
triggered, and how many sessions expecting nothing stayed silent. ``--subprocess``
runs every stop as a process; with ``--dry-run`` that process is
``memory_triage.py --dry-run`` (the ``<triage_data>`` block on stdout), otherwise the
hook itself. Latency (first SET only): whole-process wall time of the hook script
(median), first stop (no cursor) and repeated stop (cursor at the end; nothing
new), plus a small new tail on the largest transcript, each as a ratio to
``<this interpreter> -c pass`` measured in the same run.

Writes nothing outside a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from claude_memory.core.categories import CATEGORIES  # noqa: E402
from claude_memory.devtools.hook_commands import script_argv  # noqa: E402

SCRIPT = REPO / "hooks" / "scripts" / "memory_triage.py"
_SHARED = next((p for p in (REPO.parent / "shared", REPO.parent.parent / "shared") if p.is_dir()),
               REPO.parent / "shared")
DEFAULT_SETS = [_SHARED / "eval" / "dev", _SHARED / "eval" / "dev2"]
DEFAULT_EVAL = DEFAULT_SETS[0]

__all__ = ["stops_of", "run_session", "evaluate", "summarize", "is_english", "main"]


# ----------------------------------------------------------------- simulation

def stops_of(lines: list[bytes]) -> list[tuple[int, str | None]]:
    """For each stop: (number of lines on disk, last assistant message held back).

    A stop is just before each ``stop_hook_summary`` line and at the end of the file.
    The last line before the stop is held back when it is assistant text (not on disk yet).
    """
    cut_points = []
    for i, raw in enumerate(lines):
        try:
            rec = json.loads(raw)
        except ValueError:
            continue
        if isinstance(rec, dict) and rec.get("type") == "system" and rec.get("subtype") == "stop_hook_summary":
            cut_points.append(i)
    if not cut_points or cut_points[-1] < len(lines) - 1:
        if not cut_points or any(_is_message(raw) for raw in lines[cut_points[-1] + 1:]):
            cut_points.append(len(lines))
    stops = []
    for cut in cut_points:
        end, message = cut, None
        j = cut - 1
        while j >= 0 and not _is_message(lines[j]):
            j -= 1
        if j >= 0:
            text = _assistant_text(lines[j])
            if text is not None:
                end, message = j, text
        stops.append((end, message))
    return stops


def _is_message(raw: bytes) -> bool:
    try:
        rec = json.loads(raw)
    except ValueError:
        return False
    return isinstance(rec, dict) and rec.get("type") in ("user", "assistant")


def _assistant_text(raw: bytes) -> str | None:
    try:
        rec = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(rec, dict) or rec.get("type") != "assistant" or rec.get("isSidechain"):
        return None
    content = (rec.get("message") or {}).get("content")
    if isinstance(content, list):
        texts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        return "\n".join(t for t in texts if isinstance(t, str)) or None
    return content if isinstance(content, str) else None


def _subprocess_runner(project: Path, dry_run: bool = False):
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env["CLAUDE_PROJECT_DIR"] = str(project)
    env["CLAUDE_PLUGIN_ROOT"] = str(REPO)

    def run(payload: dict) -> dict | None:
        data = json.dumps(payload).encode()
        if dry_run:  # what the stop would act on, then the stop itself (it moves the cursor)
            proc = subprocess.run(script_argv(SCRIPT.name, "--dry-run"), input=data, capture_output=True,
                                  cwd=str(project), env=env, timeout=120)
            subprocess.run(script_argv(SCRIPT.name), input=data, capture_output=True, cwd=str(project),
                           env=env, timeout=120)
            out = proc.stdout.decode("utf-8", "replace")
            return {"decision": "block", "reason": out} if "<triage_data>" in out else None
        proc = subprocess.run(script_argv(SCRIPT.name), input=data, capture_output=True,
                              cwd=str(project), env=env, timeout=120)
        return _take_pending(project)

    return run


def _inprocess_runner(project: Path):
    from claude_memory.hooks.triage import decide

    def run(payload: dict) -> dict | None:
        old = {k: os.environ.get(k) for k in ("CLAUDE_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT")}
        os.environ["CLAUDE_PROJECT_DIR"] = str(project)
        os.environ["CLAUDE_PLUGIN_ROOT"] = str(REPO)
        try:
            decide(payload)  # never blocks: what it triggered is the pending capture it leaves
            return _take_pending(project)
        finally:
            for k, v in old.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v

    return run


def _take_pending(project: Path) -> dict | None:
    """The pending capture(s) one stop left (removed, so the next stop shows only its own)."""
    rows = []
    for path in (project / ".claude" / "memory" / ".staging").glob("*/pending.json"):
        rows.extend(json.loads(path.read_text())["categories"])
        path.unlink()
    return {"categories": rows} if rows else None


def _triggered(answer: dict | None) -> set[str]:
    return {row["category"] for row in (answer or {}).get("categories", [])}


def run_session(transcript: Path, workdir: Path, mode: str, *, in_process: bool = True,
                dry_run: bool = False) -> set[str]:
    """Categories the hook triggered over one session, in ``mode`` (incremental | final)."""
    project = workdir / "project"
    project.mkdir(parents=True, exist_ok=True)
    runner = _inprocess_runner(project) if in_process else _subprocess_runner(project, dry_run)
    target = workdir / "session.jsonl"
    lines = transcript.read_bytes().splitlines(keepends=True)
    base = {"session_id": transcript.stem, "transcript_path": str(target), "cwd": str(project),
            "hook_event_name": "Stop", "stop_hook_active": False}
    if mode == "final":
        stops = [(len(lines), None)]
        last = next((t for t in (_assistant_text(x) for x in reversed(lines)) if t), None)
        stops = [(len(lines), last)]
        target.write_bytes(b"".join(lines))
        return _triggered(runner({**base, "last_assistant_message": last or ""}))
    triggered: set[str] = set()
    written = 0
    target.write_bytes(b"")
    for end, message in stops_of(lines):
        if end > written:
            with open(target, "ab") as fh:
                fh.write(b"".join(lines[written:end]))
            written = end
        triggered |= _triggered(runner({**base, "last_assistant_message": message or ""}))
    return triggered


def evaluate(eval_dir: Path, mode: str = "incremental", *, in_process: bool = True, dry_run: bool = False) -> dict:
    """Run every labelled transcript; returns per-session results and the counts."""
    labels = json.loads((eval_dir / "triage_labels.json").read_text(encoding="utf-8"))
    sessions = {}
    with tempfile.TemporaryDirectory(prefix="triage-eval-") as tmp:
        for name in sorted(labels):
            work = Path(tmp) / name
            work.mkdir()
            path = eval_dir / "transcripts" / f"{name}.jsonl"
            got = run_session(path, work, mode, in_process=in_process, dry_run=dry_run)
            sessions[name] = {"expected": set(labels[name].get("expected", [])),
                              "must_not": set(labels[name].get("must_not", [])), "triggered": got,
                              "english": is_english(_typed_prompts(path.read_bytes().splitlines()))}
    return {"mode": mode, "set": eval_dir.name, "sessions": sessions, **summarize(sessions)}


#: Words that make up a large share of any English prose and are rare in the other languages users write in.
_ENGLISH = frozenset("""the a an to of and is are was were be been it its this that these those for with on at by
from we you i they he she not but or if so do does did have has had can could should would will what which who how
why when there here about into than then just also our your their my me us them""".split())


def _typed_prompts(lines: list[bytes]) -> list[str]:
    out = []
    for raw in lines:
        try:
            rec = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(rec, dict) or rec.get("type") != "user" or rec.get("isMeta") or rec.get("isSidechain"):
            continue
        content = (rec.get("message") or {}).get("content")
        if isinstance(content, str):
            out.append(content)
        elif isinstance(content, list):
            out += [b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"]
    return out


def is_english(texts: list[str]) -> bool:
    """True when the typed prompts read as English: mostly ASCII letters, and English function words make
    at least 15% of their words (English prose: 30-50%; Spanish, German, French or Portuguese prose with
    pasted English error lines stays near 10%)."""
    text = " ".join(t for t in texts if not t.lstrip().startswith("<"))
    letters = [c for c in text if c.isalpha()]
    if not letters or sum(not c.isascii() for c in letters) > 0.2 * len(letters):
        return not letters
    words = [w.strip(".,;:!?()'\"`").lower() for w in text.split()]
    words = [w for w in words if w.isalpha()]
    return not words or sum(w in _ENGLISH for w in words) >= 0.15 * len(words)


def summarize(sessions: dict) -> dict:
    per = {c: {"tp": 0, "fp": 0, "fn": 0} for c in CATEGORIES}
    violations = []
    for name, s in sessions.items():
        for c in CATEGORIES:
            hit, want = c in s["triggered"], c in s["expected"]
            per[c]["tp"] += hit and want
            per[c]["fp"] += hit and not want
            per[c]["fn"] += want and not hit
        violations += [(name, c) for c in sorted(s["triggered"] & s["must_not"])]
    tp = sum(v["tp"] for v in per.values())
    fp = sum(v["fp"] for v in per.values())
    fn = sum(v["fn"] for v in per.values())
    foreign = [s for s in sessions.values() if not s.get("english", True)]
    foreign_expected = sum(len(s["expected"]) for s in foreign)
    negatives = [s for s in sessions.values() if not s["expected"]]
    constraint = per.get("constraint", {"tp": 0, "fn": 0})
    return {"per_category": per, "micro_precision": tp / (tp + fp) if tp + fp else 1.0,
            "micro_recall": tp / (tp + fn) if tp + fn else 1.0, "violations": violations,
            "constraint_recall": (constraint["tp"] / (constraint["tp"] + constraint["fn"])
                                  if constraint["tp"] + constraint["fn"] else 1.0),
            "non_english_sessions": len(foreign),
            "non_english_recall": (sum(len(s["expected"] & s["triggered"]) for s in foreign) / foreign_expected
                                   if foreign_expected else 1.0),
            "silent_negatives": (sum(not s["triggered"] for s in negatives), len(negatives))}


# ------------------------------------------------------------------- latency

def _wall(cmd: list[str], stdin: bytes, env: dict, cwd: str) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, input=stdin, capture_output=True, env=env, cwd=cwd, timeout=120)
    return time.perf_counter() - t0


def _paired(cmd: list[str], payload: bytes, env: dict, cwd: str, runs: int, prepare=None) -> tuple[float, float]:
    """Median wall time of the hook and of ``python -c pass``, run alternately (fair on a busy machine)."""
    hook, bare = [], []
    for _ in range(runs):
        if prepare:
            prepare()
        hook.append(_wall(cmd, payload, env, cwd))
        bare.append(_wall([sys.executable, "-c", "pass"], b"", env, cwd))
    return statistics.median(hook) * 1000, statistics.median(bare) * 1000


def latency(eval_dir: Path, runs: int = 7) -> list[tuple[str, float, str, tuple[float, float]]]:
    """Rows of (transcript, size MB, case, (hook ms, bare interpreter ms)).

    Cases: ``first`` (no cursor: the whole transcript, bounded to its last 8 MB),
    ``repeated`` (cursor at the end, nothing new), ``small tail`` (cursor at the
    end of the largest transcript, then 6 new lines)."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="triage-latency-") as tmp:
        project = Path(tmp) / "project"
        project.mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
        env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(REPO))
        staging = project / ".claude" / "memory" / ".staging"
        cmd = script_argv(SCRIPT.name)
        paths = sorted((eval_dir / "transcripts").glob("*.jsonl"))
        for path in paths:
            copy = Path(tmp) / path.name
            shutil.copyfile(path, copy)
            payload = json.dumps({"session_id": path.stem, "transcript_path": str(copy), "cwd": str(project),
                                  "stop_hook_active": False, "last_assistant_message": "Done."}).encode()
            mb = path.stat().st_size / 1e6
            rows.append((path.stem, mb, "first",
                         _paired(cmd, payload, env, str(project), runs,
                                 prepare=lambda: shutil.rmtree(staging, ignore_errors=True))))
            rows.append((path.stem, mb, "repeated", _paired(cmd, payload, env, str(project), runs)))
        largest = max(paths, key=lambda p: p.stat().st_size)
        copy = Path(tmp) / f"tail-{largest.name}"
        shutil.copyfile(largest, copy)
        payload = json.dumps({"session_id": "tail", "transcript_path": str(copy), "cwd": str(project),
                              "stop_hook_active": False, "last_assistant_message": "Done."}).encode()
        subprocess.run(cmd, input=payload, capture_output=True, env=env, cwd=str(project))
        cursor = staging / "cursors" / "tail.json"
        saved = cursor.read_bytes()
        with open(copy, "ab") as fh:
            for i in range(3):
                fh.write(json.dumps({"type": "user", "message": {"role": "user", "content": f"next step {i}"}}).encode()
                         + b"\n")
                fh.write(json.dumps({"type": "assistant", "message": {"role": "assistant", "content": [
                    {"type": "text", "text": "Done; the tests pass."}]}}).encode() + b"\n")
        rows.append((largest.stem + " +6 lines", copy.stat().st_size / 1e6, "small tail",
                     _paired(cmd, payload, env, str(project), runs, prepare=lambda: cursor.write_bytes(saved))))
    return rows


# ---------------------------------------------------------------------- main

def _print_quality(result: dict) -> None:
    print(f"\n## Triage quality: {result.get('set', '')} ({result['mode']})\n")
    print("| category | TP | FP | FN | precision | recall |")
    print("|---|---|---|---|---|---|")
    for c, v in result["per_category"].items():
        p = v["tp"] / (v["tp"] + v["fp"]) if v["tp"] + v["fp"] else float("nan")
        r = v["tp"] / (v["tp"] + v["fn"]) if v["tp"] + v["fn"] else float("nan")
        print(f"| {c} | {v['tp']} | {v['fp']} | {v['fn']} | {p:.2f} | {r:.2f} |")
    silent, negatives = result["silent_negatives"]
    print(f"\nmicro precision {result['micro_precision']:.3f}, micro recall {result['micro_recall']:.3f}, "
          f"constraint recall {result['constraint_recall']:.2f}, non-English recall {result['non_english_recall']:.2f} "
          f"({result['non_english_sessions']} sessions), silent negatives {silent}/{negatives}, "
          f"must-not violations {len(result['violations'])} {result['violations'] or ''}")
    for name, s in result["sessions"].items():
        extra, missing = s["triggered"] - s["expected"], s["expected"] - s["triggered"]
        if extra or missing:
            print(f"  {name}: extra {sorted(extra)} missing {sorted(missing)}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="*", type=Path, help="evaluation set folders (default: dev and dev2)")
    parser.add_argument("--eval-dir", type=Path, default=None, help="one set (the old spelling)")
    parser.add_argument("--mode", choices=("incremental", "final", "both"), default="both")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-latency", action="store_true")
    parser.add_argument("--subprocess", action="store_true", help="run every stop as a process (slower)")
    parser.add_argument("--dry-run", action="store_true", help="with --subprocess: read memory_triage.py --dry-run")
    args = parser.parse_args(argv)
    sets = args.sets or ([args.eval_dir] if args.eval_dir else [p for p in DEFAULT_SETS if p.is_dir()])
    modes = ("incremental", "final") if args.mode == "both" else (args.mode,)
    for eval_dir in sets:
        for mode in modes:
            _print_quality(evaluate(eval_dir, mode, in_process=not args.subprocess, dry_run=args.dry_run))
    if not args.no_latency and sets:
        rows = latency(sets[0], args.runs)
        print(f"\n## Stop hook latency (median of {args.runs}, alternating with `{sys.executable} -c pass`)\n")
        print("| transcript | MB | case | hook ms | bare ms | ratio |")
        print("|---|---|---|---|---|---|")
        for name, mb, case, (hook, bare) in rows:
            print(f"| {name} | {mb:.2f} | {case} | {hook:.1f} | {bare:.1f} | {hook / bare:.2f}x |")
        for case in ("first", "repeated", "small tail"):
            ratios = [h / b for _n, _m, c, (h, b) in rows if c == case]
            print(f"{case}: median ratio {statistics.median(ratios):.2f}x, worst {max(ratios):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
