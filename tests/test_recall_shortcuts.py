"""The prompt path's shortcuts give exactly what the plain computations they replace give.

Recall's speed work (bench/RESULTS.md, "Recall speed, round 4") memoizes and sorts less; none of
it may change a score. Each test compares a shortcut with the straightforward form on many inputs
(ties included), or a whole ranking with and without the memo a prompt's parts share.
"""

import random

import pytest

from claude_memory.recall import rank, text
from claude_memory.recall.cache import load_index
from claude_memory.recall.cache_build import build_base
from claude_memory.recall.index import RecallIndex, idf
from claude_memory.recall.index_build import build
from recall_helpers import memory, sample_store, write


def _scores(rng: random.Random, size: int) -> dict[int, float]:
    # few distinct values, so ties are common
    return {rng.randrange(10 * size + 1): rng.choice([0.5, 1.0, 1.5, 2.25, 3.0, rng.uniform(0.1, 9.0)])
            for _ in range(size)}


@pytest.mark.parametrize("size", [0, 1, 5, rank.SORT_HEAD, rank.SORT_HEAD + 1, 300])
def test_best_first_is_sorted_order(size):
    rng = random.Random(size)
    for _ in range(20):
        scores = _scores(rng, size)
        pairs = [(-s, d) for d, s in scores.items()]
        assert list(rank._best_first(list(pairs))) == sorted(pairs)
        # a walk that stops early reads the same head
        walk = rank._best_first(list(pairs))
        assert [next(walk) for _ in range(min(3, len(pairs)))] == sorted(pairs)[:3]


@pytest.mark.parametrize("size", [0, 1, 11, 12, 13, 200])
def test_top_is_the_stable_sort_by_score(size):
    rng = random.Random(size + 7)
    for _ in range(30):
        scores = _scores(rng, size)
        assert rank._top(scores, rank.CANDIDATES) == sorted(scores, key=lambda d: -scores[d])[:rank.CANDIDATES]


def test_query_terms_memo_hands_out_fresh_lists():
    first = text.query_terms("Kafka retries in billing-api")
    first.append(("poison", 1.0))
    again = text.query_terms("Kafka retries in billing-api")
    assert ("poison", 1.0) not in again and again == first[:-1]


def test_query_terms_memo_stays_bounded():
    for i in range(3 * text.QUERY_MEMO):
        text.query_terms(f"prompt number {i}")
    assert len(text._QUERY_TERMS) <= text.QUERY_MEMO


def test_term_idf_is_the_formula(tmp_path):
    sample_store(tmp_path)
    index = build_base(str(tmp_path), save=False)
    assert isinstance(index, RecallIndex)
    for df in range(index.n + 1):
        assert index.term_idf(df) == idf(df, index.n)


def test_postings_read_in_one_piece_or_two_are_the_same(monkeypatch):
    docs = []
    for number in range(60):
        body = {f"w{number}": 1.0, "common": 1.0 + number % 7, "rare": 2.0} if number % 3 else {"common": 1.0}
        docs.append(("decision", "decisions", f"m{number}", f"title {number}", ["t"], [], "2024-01-01", body,
                     10 + number % 5, "gist"))
    data = build(docs)
    wide = RecallIndex.from_bytes(data)
    monkeypatch.setattr("claude_memory.recall.index.SKIP_READ", 0)  # always two reads
    narrow = RecallIndex.from_bytes(data)
    for term in ("common", "rare", "w5", "absent"):
        for limit in (None, 1, 3, 10, 100):
            a, b = wide.postings(term, limit), narrow.postings(term, limit)
            assert (list(a[0]), list(a[1])) == (list(b[0]), list(b[1]))
            if term != "absent":
                assert wide.postings(term, limit) is wide.postings(term, limit)  # read once per index


def test_parts_share_the_whole_prompts_term_matches(tmp_path, monkeypatch):
    """rank() with the memo its prompt and parts share ranks exactly as without it."""
    sample_store(tmp_path)
    write(tmp_path, memory("runbook", "kafka-retry-timeouts", "Kafka consumer retries and timeouts in billing-api",
                           ["kafka", "billing-api", "retries"]))
    prompts = ["How do we handle kafka retries and timeouts in billing-api?",
               "which kafka client do we use, and how do we format python code?",
               "airflow tasks stuck in queued; also the deploy freeze rules"]
    index = load_index(str(tmp_path), use_cache=False)
    shared = [rank.rank(index, p, 5) for p in prompts]
    real = rank.scored

    def unshared(*args, **kwargs):
        kwargs.pop("matches", None)
        return real(*args, **kwargs)

    monkeypatch.setattr(rank, "scored", unshared)
    index = load_index(str(tmp_path), use_cache=False)
    assert [rank.rank(index, p, 5) for p in prompts] == shared
    assert any(shared)
