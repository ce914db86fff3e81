"""Recall quality on the dev set: our UserPromptSubmit hook against an Okapi BM25 reference.

    python bench/recall_quality.py [--set ../shared/eval/dev] [--in-process] [--halves] [--json]

Copies the set's memories into a temporary project's ``.claude/memory/``, runs
``hooks/scripts/memory_retrieve.py`` once per query exactly as Claude Code does (stdin JSON,
project as working directory, ``CLAUDE_PROJECT_DIR`` set), reads which memory paths the
injected block names, and scores what was actually injected. ``--in-process`` calls the
hook's ``decide`` directly (same code, faster, for tuning).

Reported per ranker: nDCG@5 on prompts with relevant memories (overall and by kind), the
share of injected memories that are relevant, the share of negative prompts that injected
anything, and the mean number injected. ``--halves`` adds the same table for the queries
with odd and with even ids (tune on one half, check on the other). The reference ranker is Okapi BM25 (k1=1.2,
b=0.75) over all text fields of every memory, always injecting its top 5.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
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
KINDS = ("lexical", "paraphrase", "file", "multi")
_INJECTED_PATH = re.compile(r"-> \.claude/memory/[a-z-]+/([a-z0-9-]+)\.json")

__all__ = ["load_queries", "ndcg_at_5", "summarize", "bm25_rankings", "hook_rankings", "evaluate", "halves", "main"]


def load_queries(eval_set: Path) -> list[dict]:
    with open(eval_set / "queries.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def ndcg_at_5(injected: list[str], relevant: dict[str, int]) -> float:
    def gain(grade: int) -> float:
        return (2 ** grade) - 1

    dcg = sum(gain(relevant.get(slug, 0)) / math.log2(i + 2) for i, slug in enumerate(injected[:5]))
    ideal = sorted(relevant.values(), reverse=True)[:5]
    idcg = sum(gain(g) / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


#: Common function words of Spanish, Portuguese, French and German (a general lexicon, used only
#: here to tell which prompts of a set are not in English; the sets carry no language label).
_FOREIGN_WORDS = frozenset("""
    el la los las que para por con una del al es está pero cómo qué porque cuando
    não uma com como para por que os as do da em é mas quando porque
    le les des est une pour avec dans qui sur pas mais comment quoi c'est
    der die das und nicht mit ist ein eine auf für den dem wie warum wenn aber
""".split())


def non_english(prompt: str) -> bool:
    """Whether a prompt is (mostly) not English: a fifth of its letters outside ASCII, or two
    function words of another European language."""
    letters = [c for c in prompt if c.isalpha()]
    if letters and sum(1 for c in letters if not c.isascii()) >= 0.2 * len(letters):
        return True
    words = re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", prompt.lower())
    return sum(1 for w in words if w in _FOREIGN_WORDS) >= 2


def summarize(queries: list[dict], injected: dict[str, list[str]]) -> dict:
    """The quality figures of one ranker (``injected``: query id -> injected slugs, in order)."""
    by_kind: dict[str, list[float]] = {k: [] for k in (*KINDS, "non-English")}
    overall: list[float] = []
    n_injected = n_relevant = 0
    negatives = negatives_hit = 0
    for q in queries:
        got = injected.get(q["id"], [])
        rel = q["relevant"]
        n_injected += len(got)
        n_relevant += sum(1 for s in got if rel.get(s, 0) > 0)
        if rel:
            score = ndcg_at_5(got, rel)
            overall.append(score)
            by_kind.setdefault(q["kind"], []).append(score)
            if non_english(q["prompt"]):
                by_kind.setdefault("non-English", []).append(score)
        else:
            negatives += 1
            negatives_hit += bool(got)

    def mean(xs):
        return sum(xs) / len(xs) if xs else float("nan")

    return {
        "ndcg5": mean(overall),
        "by_kind": {k: mean(v) for k, v in by_kind.items()},
        "precision": n_relevant / n_injected if n_injected else float("nan"),
        "negative_injection": negatives_hit / negatives if negatives else float("nan"),
        "mean_injected": n_injected / len(queries) if queries else 0.0,
    }


# ---------------------------------------------------------------- BM25 reference
_TOKEN = re.compile(r"[a-z0-9]+")


def _all_text(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _all_text(v)]
    if isinstance(value, list):
        return [s for v in value for s in _all_text(v)]
    return []


def bm25_rankings(memory_dir: Path, queries: list[dict], k1: float = 1.2, b: float = 0.75) -> dict[str, list[str]]:
    docs: dict[str, list[str]] = {}
    for path in sorted(memory_dir.glob("*/*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        fields = [record.get("title", ""), " ".join(record.get("tags", [])), " ".join(record.get("related_files", [])),
                  *_all_text(record.get("content", {}))]
        docs[path.stem] = _TOKEN.findall(" ".join(fields).lower())
    n = len(docs)
    avgdl = sum(len(t) for t in docs.values()) / n
    df: dict[str, int] = {}
    tfs = {}
    for slug, toks in docs.items():
        tf: dict[str, int] = {}
        for t in toks:
            tf[t] = tf.get(t, 0) + 1
        tfs[slug] = tf
        for t in tf:
            df[t] = df.get(t, 0) + 1
    out = {}
    for q in queries:
        qt = set(_TOKEN.findall(q["prompt"].lower()))
        scored = []
        for slug, tf in tfs.items():
            dl = len(docs[slug])
            s = 0.0
            for t in qt:
                f = tf.get(t)
                if f:
                    idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
                    s += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * dl / avgdl))
            scored.append((-s, slug))
        scored.sort()
        out[q["id"]] = [slug for _s, slug in scored[:5]]
    return out


# ---------------------------------------------------------------- our hook
def _make_project(memory_dir: Path, *, semantic: bool = True) -> Path:
    """A temporary project holding the set's memories, with a settled recall cache (what
    ``memory_index.py --rebuild`` leaves): the semantic table too when ``semantic`` and the
    optional extra imports."""
    project = Path(tempfile.mkdtemp(prefix="recall-quality-"))
    shutil.copytree(memory_dir, project / ".claude" / "memory")
    sys.path.insert(0, str(REPO))
    from claude_memory.recall.cache_build import build_base, build_semantic

    root = str(project / ".claude" / "memory")
    build_base(root)
    build_semantic(root, enabled=semantic)
    return project


#: Characters of every injected block seen by :func:`_slugs` (what a prompt adds to Claude's context).
INJECTED_CHARS: list[int] = []


def _slugs(stdout: str) -> list[str]:
    if not stdout.strip():
        return []
    context = json.loads(stdout)["hookSpecificOutput"]["additionalContext"]
    INJECTED_CHARS.append(len(context))
    return _INJECTED_PATH.findall(context)


_RUNS = 0


def hook_rankings(project: Path, queries: list[dict], *, in_process: bool = False,
                  plugin_root: Path = REPO) -> dict[str, list[str]]:
    """query id -> injected slugs; ``plugin_root`` runs another copy of the plugin's scripts."""
    out: dict[str, list[str]] = {}
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env["CLAUDE_PROJECT_DIR"] = str(project)
    env["CLAUDE_PLUGIN_ROOT"] = str(plugin_root)
    decide = None
    if in_process:
        sys.path.insert(0, str(REPO))
        os.environ["CLAUDE_PROJECT_DIR"] = str(project)
        from claude_memory.hooks.retrieve import decide
        from claude_memory.recall.cache import close_all
    global _RUNS
    _RUNS += 1
    for number, q in enumerate(queries):
        # each query is a fresh session (a session is never given the same memory twice), and
        # so is each run: a second run over the same project must not see the first one's record
        payload = {"session_id": f"bench-{os.getpid()}-{_RUNS}-{number}", "transcript_path": str(project / "t.jsonl"), "cwd": str(project),
                   "hook_event_name": "UserPromptSubmit", "prompt": q["prompt"]}
        if decide is not None:
            answer = decide(payload)
            stdout = json.dumps(answer) if answer else ""
            close_all()
        else:
            from claude_memory.devtools.hook_commands import script_argv

            proc = subprocess.run(script_argv("memory_retrieve.py", plugin_root=str(plugin_root)),
                                  input=json.dumps(payload).encode(), capture_output=True, cwd=str(project),
                                  env=env, timeout=60)
            if proc.returncode != 0:
                raise RuntimeError(f"hook exited {proc.returncode}: {proc.stderr.decode()}")
            stdout = proc.stdout.decode()
        out[q["id"]] = _slugs(stdout)
    return out


def halves(queries: list[dict]) -> dict[str, list[dict]]:
    """The queries split by the parity of the number in their id (q001 odd, q002 even)."""
    out: dict[str, list[dict]] = {"odd": [], "even": []}
    for q in queries:
        digits = "".join(c for c in q["id"] if c.isdigit()) or "0"
        out["odd" if int(digits) % 2 else "even"].append(q)
    return out


def evaluate(eval_set: Path = DEFAULT_SET, *, in_process: bool = False, semantic: bool = True) -> dict:
    queries = load_queries(eval_set)
    project = _make_project(eval_set / "memory", semantic=semantic)
    try:
        ours = hook_rankings(project, queries, in_process=in_process)
    finally:
        shutil.rmtree(project, ignore_errors=True)
    reference = bm25_rankings(eval_set / "memory", queries)
    return {"queries": queries, "ours": ours, "bm25": reference,
            "summary": {"ours": summarize(queries, ours), "bm25": summarize(queries, reference)}}


def _table(summary: dict) -> str:
    rows = [("nDCG@5 (prompts with relevant memories)", "ndcg5", ">= 0.85")]
    rows += [(f"nDCG@5 {k}", ("by_kind", k), ">= 0.75" if k == "paraphrase" else "") for k in (*KINDS, "non-English")]
    rows += [("injected that are relevant", "precision", ">= 70%"),
             ("negative prompts injecting anything", "negative_injection", "<= 10%"),
             ("mean memories injected per prompt", "mean_injected", "")]
    lines = ["| metric | ours | BM25 top-5 | target |", "|---|---|---|---|"]
    for label, key, target in rows:
        cells = []
        for name in ("ours", "bm25"):
            s = summary[name]
            v = s[key[0]][key[1]] if isinstance(key, tuple) else s[key]
            pct = key in ("precision", "negative_injection")
            cells.append(f"{v:.0%}" if pct else f"{v:.3f}" if key != "mean_injected" else f"{v:.2f}")
        lines.append(f"| {label} | {cells[0]} | {cells[1]} | {target} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=DEFAULT_SET, help="eval set folder (queries.jsonl + memory/)")
    parser.add_argument("--in-process", action="store_true", help="call decide() instead of running the script")
    parser.add_argument("--json", action="store_true", help="print per-query injections as JSON too")
    parser.add_argument("--halves", action="store_true", help="also report the odd-id and even-id halves")
    parser.add_argument("--lexical", action="store_true", help="without the semantic table (lexical recall only)")
    parser.add_argument("--misses", action="store_true", help="list queries where we differ from the labels")
    args = parser.parse_args(argv)
    result = evaluate(args.set, in_process=args.in_process, semantic=not args.lexical)
    queries = result["queries"]
    print(f"Dev set: {args.set.name}, {len(queries)} prompts "
          f"({sum(1 for q in queries if not q['relevant'])} negative); hook run "
          f"{'in process' if args.in_process else 'as Claude Code runs it (one process per prompt)'}.\n")
    print(_table(result["summary"]))
    if args.halves:
        for name, part in halves(queries).items():
            print(f"\n{name}-id half ({len(part)} prompts):\n")
            print(_table({"ours": summarize(part, result["ours"]), "bm25": summarize(part, result["bm25"])}))
    if args.misses:
        for q in queries:
            got = result["ours"][q["id"]]
            if set(got) != set(q["relevant"]) or ndcg_at_5(got, q["relevant"]) < 0.999:
                print(f"\n{q['id']} {q['kind']} {ndcg_at_5(got, q['relevant']) if q['relevant'] else '-'}: {q['prompt']}")
                print(f"   want {q['relevant']}\n   got  {got}")
    if args.json:
        print(json.dumps({"ours": result["ours"], "bm25": result["bm25"]}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
