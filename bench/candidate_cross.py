"""Candidate selection across sets: choose its rule's parameters on one set, report on the other.

    python bench/candidate_cross.py [--sets ../shared/eval/dev ../shared/eval/dev2] [--semantic]

Candidate selection is recall's search restricted to the draft's category plus one rule
(:func:`claude_memory.recall.candidate.choose`): the best match is the memory a draft revises when
``coverage + STRONG_WEIGHT x strong coverage + STANDOUT_WEIGHT x ln(score / runner-up's) + EVENT_BONUS
(lifecycle event)`` reaches ``MIN_EVIDENCE``. For each ordered pair of sets the four parameters are chosen on the first by
accuracy (ties: the middle of the tied settings) and run once on the second. The search runs once
per case (its hits do not depend on the rule), so the grid costs nothing. ``--semantic`` measures what
candidate selection would give if it used the semantic table too (built in the store's cache; needs the
``[semantic]`` extra). It does not: ``memory_candidate.find`` searches lexically so that every machine
sharing a store gets the same answer; by default the index is built in memory, lexical only.
"""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))
from candidate_quality import SHARED, load_cases  # noqa: E402
from recall_cross import patched  # noqa: E402

GRID = {
    "STANDOUT_WEIGHT": [i / 20 for i in range(0, 13)],
    "STRONG_WEIGHT": [0.0, 0.25, 0.5, 0.75, 1.0],
    "EVENT_BONUS": [0.0, 0.1, 0.2, 0.3],
    "MIN_EVIDENCE": [i / 40 for i in range(10, 70)],
}


def hits_per_case(eval_set: Path, semantic: bool = False) -> list[tuple[dict, list[dict]]]:
    """(case, the category's two best matches) for every case of the set, from a fresh copy."""
    from claude_memory.recall import search
    from claude_memory.recall.cache import load_index

    project = Path(tempfile.mkdtemp(prefix="cm-candcross-"))
    try:
        root = project / "memory"
        shutil.copytree(eval_set / "memory", root)
        if semantic:
            for argv in ([str(REPO / "hooks" / "scripts" / "memory_index.py"), "--rebuild", "--root", str(root)],
                         ["-m", "claude_memory.recall.semantic_build", str(root)]):
                subprocess.run([sys.executable, *argv], cwd=REPO, capture_output=True, check=True)
        index = load_index(str(root), use_cache=semantic)
        return [(case, search(str(root), case["new_info"], limit=2, category=case["category"], index=index,
                              lexical=not semantic))
                for case in load_cases(eval_set)]
    finally:
        shutil.rmtree(project, ignore_errors=True)


def accuracy(rows, params: dict) -> dict:
    from claude_memory.recall import candidate

    restore = patched(candidate, params)
    try:
        right = {"existing": [0, 0], "new": [0, 0]}
        for case, hits in rows:
            chosen = candidate.choose(hits, case.get("lifecycle_event"))
            part = right["existing" if case["expected"] else "new"]
            part[1] += 1
            part[0] += (chosen["id"] if chosen else None) == case["expected"]
    finally:
        restore()
    total = sum(r for r, _ in right.values()), sum(n for _, n in right.values())
    return {"overall": total[0] / total[1], **{k: f"{r}/{n}" for k, (r, n) in right.items()}}


def tune(rows) -> dict:
    settings = [dict(zip(GRID, values)) for values in itertools.product(*GRID.values())]
    scores = [accuracy(rows, p)["overall"] for p in settings]
    best = max(scores)
    tied = [p for p, s in zip(settings, scores) if s == best]
    return tied[len(tied) // 2]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs=2, type=Path,
                        default=[SHARED / "eval" / "dev", SHARED / "eval" / "dev2"])
    parser.add_argument("--semantic", action="store_true", help="search with the semantic table built")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = {s: hits_per_case(s, args.semantic) for s in args.sets}
    from claude_memory.recall import candidate

    shipped = {k: getattr(candidate, k) for k in GRID}
    report = []
    for a, b in (args.sets, args.sets[::-1]):
        params = tune(rows[a])
        report.append({"tuned_on": a.name, "reported_on": b.name, "params": params,
                       "in_sample": accuracy(rows[a], params), "out_of_sample": accuracy(rows[b], params)})
    shipped_rows = {s.name: accuracy(rows[s], shipped) for s in args.sets}
    if args.json:
        print(json.dumps({"directions": report, "shipped": {"params": shipped, "sets": shipped_rows}}, indent=2))
        return 0
    print("| tuned on | parameters | on it | reported on | overall | existing | new |")
    print("|---|---|---|---|---|---|---|")
    for r in report:
        p = ", ".join(f"{k}={v:g}" for k, v in r["params"].items())
        o = r["out_of_sample"]
        print(f"| {r['tuned_on']} | {p} | {r['in_sample']['overall']:.0%} | {r['reported_on']} | {o['overall']:.0%} "
              f"| {o['existing']} | {o['new']} |")
    print()
    print("Shipped (" + ", ".join(f"{k}={v:g}" for k, v in shipped.items()) + "): "
          + "; ".join(f"{name} {r['overall']:.0%} (existing {r['existing']}, new {r['new']})"
                      for name, r in shipped_rows.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
