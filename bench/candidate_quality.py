"""Candidate-selection accuracy on the dev set.

    python bench/candidate_quality.py [--set ../shared/eval/dev] [--in-process] [--json]

Copies the set's memories into a temporary project's ``.claude/memory/`` and runs
``hooks/scripts/memory_candidate.py`` once per case of ``candidates.jsonl`` exactly as Claude
does (argv, project as working directory, ``CLAUDE_PROJECT_DIR`` set). ``--in-process`` calls
the same loader and ``decide`` directly (faster, for tuning).

A case is right when the printed candidate is the expected memory, or when there is no
candidate and none was expected. Accuracy is reported separately for "an existing memory is
the target" and "genuinely new" (finding a false candidate for new information turns a new
memory into a wrong update), with the structural CUD each case got and every miss.
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
#: ``../shared`` beside the repository (a worktree under ``wt/`` finds it one level further up).
SHARED = next((p for p in (REPO.parent / "shared", REPO.parent.parent / "shared") if p.is_dir()), REPO.parent / "shared")
DEFAULT_SET = SHARED / "eval" / "dev"
SCRIPT = REPO / "hooks" / "scripts" / "memory_candidate.py"

__all__ = ["load_cases", "run_cases", "summarize", "evaluate", "main"]


def load_cases(eval_set: Path) -> list[dict]:
    with open(eval_set / "candidates.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _args(case: dict) -> list[str]:
    args = ["--category", case["category"], "--new-info", case["new_info"]]
    if case.get("lifecycle_event"):
        args += ["--lifecycle-event", case["lifecycle_event"]]
    return args


def _make_project(memory_dir: Path) -> Path:
    project = Path(tempfile.mkdtemp(prefix="cm-candidates-"))
    shutil.copytree(memory_dir, project / ".claude" / "memory")
    return project


def run_cases(project: Path, cases: list[dict], *, in_process: bool = False) -> dict[str, dict]:
    """case id -> the decision object memory_candidate.py printed."""
    out: dict[str, dict] = {}
    root = project / ".claude" / "memory"
    if in_process:
        sys.path.insert(0, str(REPO))
        from claude_memory.cli.memory_candidate import find

        for case in cases:
            out[case["id"]] = find(root, case["category"], case["new_info"], case.get("lifecycle_event"))
        return out
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env["CLAUDE_PROJECT_DIR"] = str(project)
    env["CLAUDE_PLUGIN_ROOT"] = str(REPO)
    for case in cases:
        proc = subprocess.run([sys.executable, str(SCRIPT), *_args(case)], capture_output=True, text=True,
                              cwd=str(project), env=env, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(f"{case['id']}: exit {proc.returncode}: {proc.stderr.strip()}")
        out[case["id"]] = json.loads(proc.stdout)
    return out


def _slug(decision: dict) -> str | None:
    cand = decision.get("candidate")
    return Path(cand["path"]).stem if cand else None


def summarize(cases: list[dict], decisions: dict[str, dict]) -> dict:
    parts = {"existing": [0, 0], "new": [0, 0]}
    by_category: dict[str, list[int]] = {}
    misses = []
    for case in cases:
        got = _slug(decisions[case["id"]])
        part = "existing" if case["expected"] else "new"
        right = got == case["expected"]
        parts[part][0] += right
        parts[part][1] += 1
        cat = by_category.setdefault(case["category"], [0, 0])
        cat[0] += right
        cat[1] += 1
        if not right:
            misses.append({"id": case["id"], "category": case["category"], "expected": case["expected"],
                           "got": got, "structural_cud": decisions[case["id"]]["structural_cud"]})
    total_right = parts["existing"][0] + parts["new"][0]
    return {
        "existing": {"right": parts["existing"][0], "cases": parts["existing"][1],
                     "accuracy": parts["existing"][0] / max(parts["existing"][1], 1)},
        "new": {"right": parts["new"][0], "cases": parts["new"][1],
                "accuracy": parts["new"][0] / max(parts["new"][1], 1)},
        "overall": {"right": total_right, "cases": len(cases), "accuracy": total_right / max(len(cases), 1)},
        "by_category": {c: {"right": r, "cases": n} for c, (r, n) in sorted(by_category.items())},
        "misses": misses,
    }


def evaluate(eval_set: Path = DEFAULT_SET, *, in_process: bool = False) -> dict:
    cases = load_cases(eval_set)
    project = _make_project(eval_set / "memory")
    try:
        decisions = run_cases(project, cases, in_process=in_process)
    finally:
        shutil.rmtree(project, ignore_errors=True)
    return summarize(cases, decisions)


def _table(s: dict) -> str:
    def row(name: str, part: dict) -> str:
        return f"| {name} | {part['right']}/{part['cases']} | {part['accuracy']:.0%} |"

    lines = [
        "| part | right | accuracy |",
        "|---|---|---|",
        row("existing memory is the target", s["existing"]),
        row("genuinely new", s["new"]),
        row("overall", s["overall"]),
        "",
        "Target: >= 85% on each part. (An existing implementation: 23/28 and 3/22.)",
        "",
        "| category | right |",
        "|---|---|",
    ]
    lines += [f"| {c} | {v['right']}/{v['cases']} |" for c, v in s["by_category"].items()]
    if s["misses"]:
        lines += ["", "Misses:", ""]
        lines += [f"- {m['id']} ({m['category']}): expected {m['expected'] or 'none'}, got {m['got'] or 'none'} "
                  f"({m['structural_cud']})" for m in s["misses"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=DEFAULT_SET, help="evaluation set folder")
    parser.add_argument("--in-process", action="store_true", help="call decide() directly")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    summary = evaluate(args.set, in_process=args.in_process)
    print(json.dumps(summary, indent=2) if args.json else _table(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
