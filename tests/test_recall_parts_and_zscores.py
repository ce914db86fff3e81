"""Issue 15, round 3: prompts cut into their questions, semantic evidence as a z-score among the
store's memories, passage vectors, and the strength floor of the gate (pure logic, plus the
semantic table built with the toy model of test_recall_semantic)."""

from __future__ import annotations

import pytest

from claude_memory.recall import rank, text
from claude_memory.recall.cache import load_index
from claude_memory.recall.cache_build import build_base
from recall_helpers import memory, sample_store, write


# ----------------------------------------------------------------------------- clauses

@pytest.mark.parametrize("prompt, parts", [
    ("clinical rules: what's version-locked and what's the reporting deadline?",
     ["clinical rules", "what's version-locked", "what's the reporting deadline"]),
    ("why is the tracker firmware built on zephyr, and why MQTT to AWS rather than LwM2M?",
     ["why is the tracker firmware built on zephyr", "why MQTT to AWS rather than LwM2M"]),
    ("kafka consumer lag - airflow scheduler restarts", ["kafka consumer lag", "airflow scheduler restarts"]),
    ("¿qué cliente de kafka usamos y también cómo reiniciamos el scheduler de airflow?",
     ["¿qué cliente de kafka usamos", "cómo reiniciamos el scheduler de airflow"]),
    ("Kafka-Client wählen und Airflow-Scheduler neu starten", ["Kafka-Client wählen", "Airflow-Scheduler neu starten"]),
])
def test_a_prompt_that_asks_several_things_is_cut_into_them(prompt, parts):
    assert text.clauses(prompt) == parts


@pytest.mark.parametrize("prompt", [
    "which kafka client for the new consumer",  # one question
    "new go service checklist: logging, metrics, tracing",  # one-word items are not questions of their own
    "raise the limit to 1,000 rows in config:prod",  # marks inside words do not cut
    "hello and thanks",
    "",
])
def test_a_single_question_is_not_cut(prompt):
    assert text.clauses(prompt) == []


def test_cjk_prompts_are_cut_at_their_own_punctuation_and_joiners():
    parts = text.clauses("OTA job stuck in IN_PROGRESS\u3002\u3042\u3068 MCUboot image revert loop")
    assert parts == ["OTA job stuck in IN_PROGRESS", "MCUboot image revert loop"]


def test_parts_are_capped():
    prompt = ", ".join(f"alpha{i} beta{i}" for i in range(9))
    parts = text.clauses(prompt)
    assert len(parts) == text.MAX_CLAUSES and parts[-1].startswith("alpha3 beta3") and "beta8" in parts[-1]


# ----------------------------------------------------------------------------- merging the parts' answers

def _hit(number, score=1.0):
    return (number, score, 1.0, 0.0, 1.0, 0.0)


def test_each_part_adds_its_best_after_the_whole_prompts_best():
    chosen = [_hit(1), _hit(2), _hit(3)]
    tops = [[_hit(1)], [_hit(7)], [], [_hit(2)]]
    assert [h[0] for h in rank.with_parts(chosen, tops, 5)] == [1, 7, 2, 3]
    assert [h[0] for h in rank.with_parts(chosen, tops, 2)] == [1, 7]
    assert [h[0] for h in rank.with_parts(chosen, [[], []], 5)] == [1, 2, 3]


def test_a_part_is_not_held_to_the_strength_floor_its_prompt_cleared(monkeypatch):
    monkeypatch.setattr(rank, "MIN_STRENGTH", 3.0)
    hits = [(0, 2.0, 1.0, 0.0, 1.0, 0.0)]  # fully covered, two rare words' worth
    assert rank.select(hits, 1.0, 5) == []
    assert [h[0] for h in rank.select(hits, 1.0, 5, part=True)] == [0]
    monkeypatch.setattr(rank, "MIN_STRENGTH", 0.0)
    assert [h[0] for h in rank.select(hits, 1.0, 5)] == [0]


def test_the_strength_floor_asks_no_more_than_the_prompt_is_worth(monkeypatch):
    monkeypatch.setattr(rank, "MIN_STRENGTH", 3.0)
    hits = [(0, 1.5, 1.0, 0.5, 1.0, 0.0)]  # one and a half rare words' worth, every prompt word matched
    assert rank.select(hits, 1.0, 5, size=4.0) == []  # a prompt of four words asks for more
    assert [h[0] for h in rank.select(hits, 1.0, 5, size=1.0)] == [0]  # a one-word prompt does not


def test_a_memory_naming_the_whole_prompt_is_not_held_to_the_strength_floor(monkeypatch):
    monkeypatch.setattr(rank, "MIN_STRENGTH", 3.0)
    named = (0, 1.5, 1.0, 1.0, 1.0, 0.0)  # every prompt word in its title, tags or slug
    body = (0, 1.5, 1.0, 0.5, 1.0, 0.0)  # the same words, half of them in its body only
    assert [h[0] for h in rank.select([named], 1.0, 5, size=4.0)] == [0]
    assert rank.select([body], 1.0, 5, size=4.0) == []


def test_the_strength_floor_shrinks_in_a_small_store(tmp_path):
    for number in range(5):
        write(tmp_path, memory("decision", f"postgres-{number}", f"Postgres storage note {number}",
                               ["postgres", "storage"]))
    index = load_index(str(tmp_path), use_cache=False)
    _hits, _idf, _left, size = rank.scored(index, "postgres storage")
    assert size == pytest.approx(2 * 5 / rank.STRENGTH_FULL_AT)  # two words, a tenth of the full floor's store
    assert rank.rank(index, "postgres storage", 5)  # nothing is rare in five memories about postgres


@pytest.fixture
def store(tmp_path):
    sample_store(tmp_path)
    return tmp_path


def test_a_two_part_prompt_gets_a_memory_for_each_part(store, monkeypatch):
    index = load_index(str(store), use_cache=False)
    prompt = "which kafka client should the go services use, and why are airflow tasks stuck in queued on mwaa?"
    monkeypatch.setattr(rank, "PARTS", True)
    with_parts = [index.fields(h[0])[2] for h in rank.rank(index, prompt, 5)]
    assert {"kafka-client-franz-go", "airflow-tasks-stuck-queued"} <= set(with_parts)
    monkeypatch.setattr(rank, "PARTS", False)
    whole = [index.fields(h[0])[2] for h in rank.rank(index, prompt, 5)]
    assert set(whole) <= set(with_parts)


# ----------------------------------------------------------------------------- semantic evidence as a z-score

def test_dense_evidence_is_a_z_score_band(monkeypatch):
    monkeypatch.setattr(rank, "DENSE_Z", 2.0)
    monkeypatch.setattr(rank, "DENSE_ZSPAN", 2.0)
    assert rank.dense_evidence(0.30, 0.10, 0.10) == 0.0  # 2 deviations up: the band's floor
    assert rank.dense_evidence(0.40, 0.10, 0.10) == pytest.approx(0.5)
    assert rank.dense_evidence(0.90, 0.10, 0.10) == 1.0  # capped
    assert rank.dense_evidence(0.05, 0.10, 0.10) == 0.0
    # the same cosine means more against a store whose memories are all far from the prompt
    assert rank.dense_evidence(0.40, 0.15, 0.10) > rank.dense_evidence(0.40, 0.18, 0.10) > 0.0
    # without a spread (an older table, a stand-in): the fixed floor
    monkeypatch.setattr(rank, "DENSE_FLOOR", 0.5)
    assert rank.dense_evidence(0.75, 0.0, 0.0) == pytest.approx(0.5)


np = pytest.importorskip("numpy", reason="the semantic extra (numpy) is not installed")


def test_the_spread_gives_the_variance_of_any_prompts_dot_products():
    from claude_memory.recall.semantic_build import spread

    rng = np.random.default_rng(3)
    docs = rng.normal(size=(40, 8)).astype(np.float32) * np.array([3, 2, 1, 1, 0.5, 0.5, 0.2, 0.1], dtype=np.float32)
    for k in (8, 3):
        centre, rows, rest = spread(docs, k)
        assert np.allclose(centre, docs.mean(axis=0), atol=1e-5)
        for _ in range(5):
            p = rng.normal(size=8)
            exact = float(np.var(docs @ p))
            approx = sum(float(np.dot(r, p)) ** 2 for r in rows) + rest * float(p @ p)
            if k == 8:
                assert approx == pytest.approx(exact, rel=1e-4)
            else:  # the largest directions exactly, the rest by their mean: same order of magnitude
                assert 0.5 * exact < approx < 2.0 * exact


def test_passages_are_the_title_the_tags_then_the_content_lines():
    from claude_memory.recall import semantic
    from claude_memory.recall.semantic_build import passages

    doc = ("decision", "decisions", "kafka-client", "Use franz-go", ("kafka", "go"), (), "", {}, 1.0, "gist line here")
    content = {"status": "accepted", "context": "sarama was slow under rebalances",
               "rationale": ["faster consumer rebalances", "ok"]}
    assert passages(doc, content) == ["Use franz-go", "kafka go kafka client", "sarama was slow under rebalances",
                                      "faster consumer rebalances"]
    assert passages(doc) == ["Use franz-go", "kafka go kafka client"]  # the gist is too short to stand alone
    many = {"steps": [f"step number {i} of the fix" for i in range(20)]}
    assert len(passages(doc, many)) == semantic.PASSAGES


def test_the_prompt_profile_matches_the_model(tmp_path):
    from test_recall_semantic import ToyModel, _decision

    from claude_memory.recall.semantic_build import _doc_text, write_table

    write(tmp_path, _decision("invoice-retention", "Invoices are kept seven years", ["invoice", "billing"],
                              "billing keeps every invoice for seven years"))
    write(tmp_path, _decision("broker-choice", "Kafka as the event broker", ["kafka", "broker"], "kafka topic"))
    write(tmp_path, memory("runbook", "slow-timeouts", "Timeouts", ["timeout"],
                           content={"trigger": "requests time out", "steps": ["latency is sluggish and slow"],
                                    "root_cause": "kafka broker saturation"}))
    for number, word in enumerate(["pagination", "terraform", "vault"]):
        write(tmp_path, _decision(f"filler-{number}", f"{word} choice", [word], f"{word} was picked"))
    build_base(str(tmp_path))
    model = ToyModel()
    assert write_table(str(tmp_path), model)
    index = load_index(str(tmp_path))
    terms = [t for t, _f in text.query_terms("slow latency")]
    sims, mean, deviation = index.semantic.prompt_profile(terms, list(range(index.n)))
    from claude_memory.recall import cache
    from claude_memory.recall import cache_build

    saved = cache_build._load_docs(str(tmp_path))[1]
    vecs = np.stack([model.embed([_doc_text(saved[f"{index.fields(n)[1]}/{index.fields(n)[2]}"])])[0]
                     for n in range(index.n)])
    want = model.embed(["slow latency"])[0]
    cosines = vecs @ want
    assert mean == pytest.approx(float(cosines.mean()), abs=0.03)
    assert deviation == pytest.approx(float(cosines.std()), abs=0.03)
    best = max(sims, key=sims.get)
    assert index.fields(best)[2] == "slow-timeouts"
    # a shortlisted memory's similarity: half its whole cosine, half its best passage's
    from claude_memory.recall import semantic
    from claude_memory.recall.semantic_build import passages

    lines = passages(saved["runbooks/slow-timeouts"], {"trigger": "requests time out",
                                                         "steps": ["latency is sluggish and slow"],
                                                         "root_cause": "kafka broker saturation"})
    best_passage = float(max(model.embed(lines) @ want))
    assert best_passage > float(cosines[best])
    assert sims[best] == pytest.approx(semantic.PASSAGE_MIX * float(cosines[best])
                                       + (1 - semantic.PASSAGE_MIX) * best_passage, abs=0.03)
    assert index.semantic.prompt_profile(["zzz-unknown"]) is None
