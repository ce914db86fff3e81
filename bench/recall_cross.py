"""Recall and candidate selection across sets: tune on one set, report on the other, both ways.

    python bench/recall_cross.py [--sets ../shared/eval/dev ../shared/eval/dev2] [--before COMMIT]

For each ordered pair (tune set A, report set B) the ranker's free parameters (the semantic
layer's weights, :data:`DENSE_GRID`, and the evidence gate's, :data:`GATE_GRID`) are chosen on A
(by :func:`objective`, the worse of A's two halves: see :func:`tune`; ``--rule argmax`` for the
whole of A) and then run once on B. Each report shows, on B: ours as tuned on A; ours without the semantic
table (lexical only, same parameters); Okapi BM25 always injecting its top 5; and, with
``--before``, the ranker of an earlier commit (the one this issue started from), run as its
own hook scripts. Candidate selection (no free parameters left to tune) is reported per set.
Everything runs the hook's ``decide`` in process over a settled cache (what
``memory_index.py --rebuild`` leaves); the earlier commit runs as Claude Code runs it.
"""

from __future__ import annotations

import argparse
import itertools
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))
import candidate_quality  # noqa: E402
import recall_quality as rq  # noqa: E402

#: The semantic layer's weights tried on the tuning set (rank module constants).
DENSE_GRID = {
    "DENSE_Z": (1.5, 2.0, 2.5),
    "DENSE_ZSPAN": (1.0, 2.0),
    "DENSE_SCORE": (1.0, 2.0, 4.0),
    "DENSE_COVER": (0.0, 0.5),
}
#: The gate's parameters tried for each semantic setting.
GATE_GRID = {
    "MIN_EVIDENCE": (0.5, 0.6, 0.7, 0.8),
    "STANDOUT": (1.8, 2.5),
    "KEEP_DENSE": (0.0, 0.5, 1.0),
    "MIN_STRENGTH": (0.0, 2.0, 2.5, 3.0, 3.5),
    "PARTS": (False, True),
}
#: The commit recall was at before issue 15 (synonym table fitted to the first dev set).
BEFORE = "f63a57a"
TARGETS = {"ndcg5": 0.88, "paraphrase": 0.82, "multi": 0.75, "non-English": 0.70, "precision": 0.80,
           "negative_injection": 0.05}


def objective(summary: dict) -> float:
    """What tuning maximises: ranking quality, precision, and silence on negative prompts."""
    return summary["ndcg5"] + 0.25 * summary["precision"] - 0.5 * summary["negative_injection"]


def patched(module, params: dict):
    """Set ``module``'s constants to ``params``; returns the function that puts the old values back."""
    saved = {k: getattr(module, k) for k in params}
    for k, v in params.items():
        setattr(module, k, v)
    return lambda: [setattr(module, k, v) for k, v in saved.items()]


def _patched(params: dict):
    from claude_memory.recall import rank

    return patched(rank, params)


def _run(project: Path, queries: list[dict], params: dict) -> dict[str, list[str]]:
    restore = _patched(params)
    try:
        return rq.hook_rankings(project, queries, in_process=True)
    finally:
        restore()


def _collect(project: Path, queries: list[dict], params: dict) -> list[tuple]:
    """Per query: (hits, max IDF, leftover, size, slug of each hit's doc, the same for each part
    of a prompt that asks several things) under ``params``."""
    from claude_memory.recall import MAX_PROMPT_CHARS, rank
    from claude_memory.recall.cache import close_all, load_index

    restore = _patched(params)
    try:
        index = load_index(str(project / ".claude" / "memory"))
        from claude_memory.recall import text

        out = []
        for q in queries:
            prompt = q["prompt"][:MAX_PROMPT_CHARS]
            hits, max_idf, leftover, size = rank.scored(index, prompt)
            parts = [rank.scored(index, part, semantic=False) for part in text.clauses(prompt)] if hits else []
            slugs = {h[0]: index.fields(h[0])[2] for h in hits + [h for p in parts for h in p[0]]}
            out.append((hits, max_idf, leftover, size, slugs, parts))
        close_all()
        return out
    finally:
        restore()


def _simulate(samples: list[tuple], queries: list[dict], params: dict) -> dict:
    from claude_memory.recall import rank

    restore = _patched(params)
    try:
        injected = {}
        for (hits, max_idf, leftover, size, slugs, parts), q in zip(samples, queries):
            chosen = rank.select(hits, max_idf, 5, leftover, size) if hits else []
            if chosen and parts and rank.PARTS:
                tops = [rank.select(h, m, 1, left, z, part=True) if h else [] for h, m, left, z in parts]
                chosen = rank.with_parts(chosen, tops, 5)
            injected[q["id"]] = [slugs[h[0]] for h in chosen]
        return rq.summarize(queries, injected)
    finally:
        restore()


def _top5(samples: list[tuple], queries: list[dict]) -> dict[str, list[str]]:
    """The ranking alone: each prompt's five best memories, injected whatever the gate says."""
    return {q["id"]: [slugs[h[0]] for h in hits[:5]] for (hits, _m, _l, _s, slugs, _p), q in zip(samples, queries)}


def tune(project: Path, queries: list[dict], rule: str = "worst half") -> tuple[dict, dict]:
    """The parameters this set chooses: each semantic setting's candidates are scored once, then
    every gate setting is simulated over them (``rank.select``). ``rule``: "worst half" (the
    default) maximises the worse of :func:`objective` on the set's two halves (odd and even query
    ids; ties go to the whole set's objective), which prefers settings that hold on both halves
    over a peak on one; "argmax" maximises the whole set's objective."""
    halves = rq.halves(queries)
    position = {q["id"]: i for i, q in enumerate(queries)}
    best_key, best, best_params = None, None, {}
    for values in itertools.product(*DENSE_GRID.values()):
        dense = dict(zip(DENSE_GRID, values))
        samples = _collect(project, queries, dense)
        for gate in itertools.product(*GATE_GRID.values()):
            params = {**dense, **dict(zip(GATE_GRID, gate))}
            summary = _simulate(samples, queries, params)
            key = (objective(summary),)
            if rule == "worst half":
                key = (min(objective(_simulate([samples[position[q["id"]]] for q in part], part, params))
                           for part in halves.values()),) + key
            if best_key is None or key > best_key:
                best_key, best, best_params = key, summary, params
    return best_params, best


def before_rankings(commit: str, memory_dir: Path, queries: list[dict]) -> dict[str, list[str]]:
    """The injections of the hook as it was at ``commit`` (its own scripts, one process a prompt)."""
    tree = Path(tempfile.mkdtemp(prefix="recall-before-"))
    try:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", commit], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        project = Path(tempfile.mkdtemp(prefix="recall-before-project-"))
        shutil.copytree(memory_dir, project / ".claude" / "memory")
        try:
            return rq.hook_rankings(project, queries, plugin_root=tree)
        finally:
            shutil.rmtree(project, ignore_errors=True)
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def _cell(summary: dict, key: str) -> str:
    if key in ("precision", "negative_injection"):
        return f"{summary[key]:.0%}"
    if key == "mean_injected":
        return f"{summary[key]:.2f}"
    value = summary[key] if key == "ndcg5" else summary["by_kind"].get(key, float("nan"))
    return "-" if value != value else f"{value:.3f}"


def table(columns: dict[str, dict]) -> str:
    rows = [("nDCG@5 overall", "ndcg5"), ("nDCG@5 lexical", "lexical"), ("nDCG@5 paraphrase", "paraphrase"),
            ("nDCG@5 file", "file"), ("nDCG@5 multi-topic", "multi"), ("nDCG@5 non-English", "non-English"),
            ("injected that are relevant", "precision"), ("negative prompts injecting", "negative_injection"),
            ("memories injected per prompt", "mean_injected")]
    names = list(columns)
    lines = ["| metric | " + " | ".join(names) + " | target |", "|---|" + "---|" * (len(names) + 1)]
    for label, key in rows:
        target = TARGETS.get(key)
        shown = "" if target is None else (f"<= {target:.0%}" if key == "negative_injection" else
                                           f">= {target:.0%}" if key == "precision" else f">= {target}")
        lines.append(f"| {label} | " + " | ".join(_cell(columns[n], key) for n in names) + f" | {shown} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs=2, type=Path, default=[rq.SHARED / "eval" / "dev", rq.SHARED / "eval" / "dev2"])
    parser.add_argument("--before", default=BEFORE,
                        help=f"also run the ranker of this commit (default {BEFORE}, the ranker issue 15 started "
                             "from, with its synonym table; '' to skip)")
    parser.add_argument("--rule", default="worst half", choices=("worst half", "argmax"),
                        help="how the tuning set chooses (default: the worse of its two halves)")
    args = parser.parse_args(argv)
    if not all((s / "queries.jsonl").exists() for s in args.sets):
        print("eval sets not present")
        return 0
    data = {}
    for eval_set in args.sets:
        queries = rq.load_queries(eval_set)
        data[eval_set.name] = (eval_set, queries, rq._make_project(eval_set / "memory"))
    try:
        tuned = {name: tune(project, queries, args.rule) for name, (_s, queries, project) in data.items()}
        for tune_name, report_name in itertools.permutations(data, 2):
            eval_set, queries, project = data[report_name]
            params = tuned[tune_name][0]
            columns = {
                f"ours (tuned on {tune_name})": rq.summarize(queries, _run(project, queries, params)),
                "ours, lexical only": rq.summarize(queries, _run(project, queries, {
                    **params, "DENSE_SCORE": 0.0, "DENSE_COVER": 0.0, "KEEP_DENSE": 0.0, "NEIGHBOUR_WEIGHT": 0.0})),
                "ours, gate off (top 5 always)": rq.summarize(queries, _top5(_collect(project, queries, params), queries)),
                "BM25 top 5": rq.summarize(queries, rq.bm25_rankings(eval_set / "memory", queries)),
            }
            if args.before:
                try:
                    columns[f"before ({args.before[:7]}, tuned on dev)"] = rq.summarize(
                        queries, before_rankings(args.before, eval_set / "memory", queries))
                except (OSError, subprocess.CalledProcessError):
                    pass  # no git history here
            n_neg = sum(1 for q in queries if not q["relevant"])
            n_foreign = sum(1 for q in queries if q["relevant"] and rq.non_english(q["prompt"]))
            print(f"#### Tuned on {tune_name}, reported on {report_name} ({len(queries)} prompts, {n_neg} negative, "
                  f"{n_foreign} non-English with an answer)\n")
            print(f"Parameters chosen on {tune_name} ({args.rule}): " + ", ".join(f"{k}={v}" for k, v in params.items())
                  + f" (on {tune_name} itself: nDCG@5 {tuned[tune_name][1]['ndcg5']:.3f})\n")
            print(table(columns) + "\n")
            del rq.INJECTED_CHARS[:]
            _run(project, queries, params)
            chars = sorted(rq.INJECTED_CHARS)
            if chars:
                print(f"Injected block (ours, {len(chars)} prompts that inject): mean {sum(chars) / len(chars):.0f} "
                      f"characters, median {chars[len(chars) // 2]}, max {chars[-1]} (budget 2,000).\n")
        print("#### Candidate selection (right memory to update, or none)\n")
        print("| set | existing memory is the target | genuinely new | overall |\n|---|---|---|---|")
        for name, (eval_set, _q, _p) in data.items():
            parts = candidate_quality.evaluate(eval_set, in_process=True)
            print(f"| {name} | " + " | ".join(f"{parts[k]['right']}/{parts[k]['cases']} ({parts[k]['accuracy']:.0%})"
                                              for k in ("existing", "new", "overall")) + " |")
    finally:
        for _s, _q, project in data.values():
            shutil.rmtree(project, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
