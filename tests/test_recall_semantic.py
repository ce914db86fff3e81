"""The optional semantic layer (claude_memory.recall.semantic and semantic_build).

The table is built with a tiny hand-made word model (numpy needed, as for the real extra), so
the reader, the scoring and the cache's bookkeeping are tested without wordllama; one test
builds it with the real model when ``claude-memory[semantic]`` is installed.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from claude_memory.recall import cache, cache_build, recall, semantic, text
from claude_memory.recall.cache import load_index
from claude_memory.recall.cache_build import build_base
from recall_helpers import memory, write

np = pytest.importorskip("numpy", reason="the semantic extra (numpy) is not installed")

#: Word -> topic axis of the toy model: words on one axis mean the same thing.
TOPICS = {"invoice": 0, "billing": 0, "payment": 0, "money": 0,
          "latency": 1, "slow": 1, "sluggish": 1, "timeout": 1,
          "kafka": 2, "broker": 2, "topic": 2}


class _Encoding:
    def __init__(self, ids):
        self.ids = ids


class _Tokenizer:
    def __init__(self, words):
        self.vocab = {"\u2581" + w: i + 1 for i, w in enumerate(words)}

    def get_vocab(self):
        return dict(self.vocab)

    def encode(self, text, add_special_tokens=False):
        return _Encoding([self.vocab[t] for t in ("\u2581" + w for w in text.lower().split()) if t in self.vocab])


class ToyModel:
    """What build_table uses of a wordllama model: ``embedding``, ``tokenizer``, ``embed``."""

    def __init__(self):
        words = sorted(TOPICS)
        self.tokenizer = _Tokenizer(words)
        self.embedding = np.zeros((len(words) + 1, 8), dtype=np.float32)
        for i, w in enumerate(words):
            self.embedding[i + 1, TOPICS[w]] = 1.0
            self.embedding[i + 1, 4 + i % 4] = 0.2  # a little individuality

    def embed(self, texts, norm=True):
        out = np.zeros((len(texts), self.embedding.shape[1]), dtype=np.float32)
        for row, t in enumerate(texts):
            ids = self.tokenizer.encode(" ".join(t.lower().replace(",", " ").split())).ids
            if ids:
                out[row] = self.embedding[ids].mean(axis=0)
        if norm:
            out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)
        return out


def _decision(slug, title, tags, body):
    return memory("decision", slug, title, tags, content={"status": "accepted", "context": body, "decision": body,
                                                          "rationale": [body]})


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.delenv("MEMORY_SEMANTIC", raising=False)
    write(tmp_path, _decision("invoice-retention", "Invoices are kept seven years", ["invoice", "billing"],
                              "billing keeps every invoice for seven years"))
    write(tmp_path, _decision("broker-choice", "Kafka as the event broker", ["kafka", "broker"],
                              "kafka topic per service"))
    for number, word in enumerate(["pagination", "terraform", "vault", "celery", "graphql", "webpack"]):
        write(tmp_path, _decision(f"filler-{number}", f"{word} choice", [word], f"{word} was picked"))
    build_base(str(tmp_path))
    return tmp_path


def _build(root, model=None):
    from claude_memory.recall.semantic_build import write_table

    return write_table(str(root), model or ToyModel())


def test_the_table_finds_a_memory_that_shares_no_word_with_the_prompt(store):
    assert _build(store)
    index = load_index(str(store))
    assert index.semantic is not None
    terms = [t for t, _f in text.query_terms("money payment")]
    sims = index.semantic.prompt_similarities(terms)
    best = max(sims, key=sims.get)
    assert index.fields(best)[2] == "invoice-retention" and sims[best] > 0.8
    # lexically, nothing matches: the words are not in the store
    assert not any(t in index for t in terms)


def test_exact_similarity_for_a_shortlist_matches_the_model(store):
    assert _build(store)
    index = load_index(str(store))
    model = ToyModel()
    terms = [t for t, _f in text.query_terms("payment kafka")]
    sims = index.semantic.prompt_similarities(terms, list(range(index.n)))
    docs = [index.fields(n) for n in range(index.n)]
    want = model.embed(["payment kafka"])[0]
    from claude_memory.recall.semantic_build import _doc_text

    saved = cache_build._load_docs(str(store))[1]
    for number, (_c, folder, slug, *_rest) in enumerate(docs):
        vec = model.embed([_doc_text(saved[f"{folder}/{slug}"])])[0]
        assert sims.get(number, 0.0) == pytest.approx(float(want @ vec), abs=0.03)


def test_recall_injects_by_meaning_once_the_table_exists(store, monkeypatch):
    # The mechanism, with the gate of round 2 (no strength floor, MIN_EVIDENCE 0.6, STANDOUT 1.8,
    # DENSE_SCORE 2): the gate the cross-set tuning chose in round 3 (a floor of 3 rare words,
    # semantic evidence worth at most 1) never injects a memory on meaning alone (bench/RESULTS.md).
    # In a store of eight memories no z-score can exceed sqrt(7) = 2.65: the band starts lower here.
    for name, value in (("MIN_STRENGTH", 0.0), ("MIN_EVIDENCE", 0.6), ("STANDOUT", 1.8), ("DENSE_COVER", 0.5),
                        ("DENSE_SCORE", 2.0), ("DENSE_Z", 0.5), ("DENSE_ZSPAN", 1.0)):
        monkeypatch.setattr(f"claude_memory.recall.rank.{name}", value)
    prompt = "how long do we keep money payment records"
    monkeypatch.setattr(cache_build, "spawn_build", lambda root, semantic_only=False: True)
    before = [e[2] for e in recall(str(store), prompt, 5)]
    assert "invoice-retention" not in before
    assert _build(store)
    assert [e[2] for e in recall(str(store), prompt, 5)][:1] == ["invoice-retention"]


def test_a_table_of_another_base_is_ignored(store):
    assert _build(store)
    build_base(str(store))  # a new base: the table no longer matches its doc numbers
    assert load_index(str(store)).semantic is None


def test_a_prompt_without_a_table_asks_once_and_a_missing_extra_is_remembered(store, monkeypatch):
    calls = []
    monkeypatch.setattr(cache_build, "spawn_build", lambda root, semantic_only=False: calls.append(semantic_only) or True)
    load_index(str(store), prompt="kafka")
    assert calls == [True]
    assert cache_build.build_semantic(str(store), enabled=False) is False  # as a builder without the extra does
    load_index(str(store), prompt="kafka")
    assert calls == [True]  # the marker for this base stops further requests
    monkeypatch.setenv("MEMORY_SEMANTIC", "0")
    os.unlink(store / ".staging" / cache.SEMANTIC_MARKER)
    load_index(str(store), prompt="kafka")
    assert calls == [True]


def test_lexical_recall_is_unchanged_without_the_table(store):
    assert [e[2] for e in recall(str(store), "kafka broker", 5)] == ["broker-choice"]


def test_the_prompt_path_never_imports_the_builder_or_numpy(store, tmp_path):
    assert _build(store)
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    os.symlink(store, project / ".claude" / "memory")
    code = ("import sys; from claude_memory.recall import recall; recall(sys.argv[1], 'kafka broker money', 5); "
            "print(sorted(m for m in sys.modules if m.startswith(('numpy', 'wordllama', 'claude_memory.recall.semantic'))))")
    out = subprocess.run([sys.executable, "-c", code, str(store)], capture_output=True, text=True, timeout=60,
                         cwd=str(semantic.__file__).rsplit("/claude_memory/", 1)[0])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['claude_memory.recall.semantic']"


def test_with_the_real_model_when_installed(store):
    pytest.importorskip("wordllama", reason="the semantic extra (wordllama) is not installed")
    from claude_memory.recall.semantic_build import _model

    model = _model(str(store / ".staging" / "wordllama"))
    assert _build(store, model)
    index = load_index(str(store))
    sims = index.semantic.prompt_similarities([t for t, _f in text.query_terms("invoices billing money")])
    assert index.fields(max(sims, key=sims.get))[2] == "invoice-retention"


def test_dense_evidence_skips_tombstoned_memories_of_a_layered_index():
    # The layered index (base + delta) exposes ``tombstones`` as a property; calling it crashed
    # recall (failed open) on every prompt after a write once a semantic table existed.
    from claude_memory.recall import rank

    class Table:
        n = 3

        def prompt_similarities(self, terms, best):
            return {0: 0.9, 1: 0.9, 2: 0.9}

    class Layered:
        semantic = Table()

        @property
        def tombstones(self):
            return frozenset({1})

    dense = rank._dense(Layered(), [("kafka", 1.0)], {0: 1.0, 1: 1.0, 2: 1.0})
    assert set(dense) == {0, 2}
