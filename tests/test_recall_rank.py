"""Ranking and the decision to inject nothing (claude_memory.recall.rank over a built index)."""

from __future__ import annotations

import pytest

from claude_memory.recall.cache import load_index
from claude_memory.recall.rank import _leftover, rank, select
from recall_helpers import memory, sample_store, write


@pytest.fixture
def index(tmp_path):
    sample_store(tmp_path)
    return load_index(str(tmp_path), use_cache=False)


@pytest.fixture
def no_strength_floor(monkeypatch):
    """Isolates the rule under test from the gate's strength floor (``MIN_STRENGTH``, chosen by the
    cross-set tuning; tested in test_recall_parts_and_zscores.py)."""
    monkeypatch.setattr("claude_memory.recall.rank.MIN_STRENGTH", 0.0)


def slugs(index, hits):
    return [index.fields(h[0])[2] for h in hits]


@pytest.mark.parametrize("prompt, first", [
    ("airflow tasks stuck in queued again", "airflow-tasks-stuck-queued"),
    ("should I format with black or ruff?", "ruff-lint-and-format"),
    ("which kafka client for the new consumer", "kafka-client-franz-go"),
    ("can we deploy to production next week during the freeze?", "peak-season-deploy-freeze"),
])
def test_relevant_memory_ranks_first(index, prompt, first):
    assert slugs(index, rank(index, prompt, 5))[:1] == [first]


@pytest.mark.parametrize("prompt", [
    "hello!", "thanks", "write a regex that validates email addresses",
    "what's the difference between a list and a tuple", "fix the off-by-one error in this for loop",
])
def test_unrelated_prompts_inject_nothing(index, prompt):
    assert rank(index, prompt, 5) == []


def test_a_file_named_in_the_prompt_finds_its_memory(index):
    assert slugs(index, rank(index, "tidy up pkg/kafkax/client.go", 5))[:1] == ["kafka-client-franz-go"]


def test_limit_is_respected(index):
    assert len(rank(index, "kafka airflow ruff freeze deploy lint queued", 2)) <= 2
    assert rank(index, "kafka client", 0) == []


def test_tags_outweigh_body_words(tmp_path):
    write(tmp_path, memory("decision", "in-tags", "Plain title here", ["zookeeper"],
                           content={"status": "accepted", "context": "c", "decision": "d", "rationale": ["r"]}))
    write(tmp_path, memory("decision", "in-body", "Another plain title", ["misc"],
                           content={"status": "accepted", "context": "we talked about zookeeper once", "decision": "d",
                                    "rationale": ["r"]}))
    index = load_index(str(tmp_path), use_cache=False)
    assert slugs(index, rank(index, "zookeeper", 5, explain=True))[0] == "in-tags"


def test_abbreviations_match_their_word(tmp_path):
    write(tmp_path, _decision("k8s-only", "Deploy on k8s", ["infra"], "all services run on k8s"))
    write(tmp_path, _decision("other", "Use ruff", ["python"], "lint with ruff"))
    index = load_index(str(tmp_path), use_cache=False)
    assert slugs(index, rank(index, "which kubernetes cluster do we deploy to", 5, explain=True))[0] == "k8s-only"


def test_ranking_is_deterministic(index):
    prompt = "kafka client go services"
    assert rank(index, prompt, 5) == rank(index, prompt, 5)


def test_empty_index_ranks_nothing(tmp_path):
    assert rank(load_index(str(tmp_path), use_cache=False), "kafka", 5) == []


def _decision(slug, title, tags, body):
    return memory("decision", slug, title, tags, content={"status": "accepted", "context": body, "decision": body,
                                                          "rationale": [body]})


def test_category_cue_boosts_the_category_asked_for(tmp_path):
    body = "zookeeper ensemble sizing"
    write(tmp_path, _decision("zk-decision", "Zookeeper ensemble", ["zookeeper"], body))
    write(tmp_path, memory("runbook", "zk-runbook", "Zookeeper ensemble", ["zookeeper"],
                           content={"trigger": body, "steps": [body], "root_cause": body}))
    index = load_index(str(tmp_path), use_cache=False)
    assert slugs(index, rank(index, "why did we size the zookeeper ensemble", 5, explain=True))[0] == "zk-decision"
    assert slugs(index, rank(index, "zookeeper ensemble keeps failing again", 5, explain=True))[0] == "zk-runbook"


def test_hits_carry_similarity_to_the_best(index):
    hits = rank(index, "kafka client for go services", 5, explain=True)
    assert hits[0][4] == 1.0
    assert all(0.0 <= h[4] <= 1.0 for h in hits)


def test_runner_up_similar_to_the_best_is_kept_and_unrelated_one_dropped(tmp_path):
    write(tmp_path, _decision("quasar-broker-choice", "Quasar broker for telemetry ingest", ["quasar", "broker"],
                              "quasar broker chosen for telemetry ingest"))
    write(tmp_path, memory("runbook", "quasar-broker-disk-full", "Quasar broker disk full", ["quasar", "broker"],
                           content={"trigger": "quasar broker stops accepting telemetry", "steps": ["prune"],
                                    "root_cause": "retention"}))
    write(tmp_path, memory("preference", "telemetry-dashboards", "Grafana for dashboards", ["grafana"],
                           content={"topic": "dashboards", "value": "grafana shows telemetry", "strength": "default"}))
    for number, topic in enumerate(["pagination", "terraform", "vault", "celery", "graphql", "webpack"]):
        write(tmp_path, _decision(f"filler-{number}", f"{topic} choice", [topic], f"{topic} was picked"))
    index = load_index(str(tmp_path), use_cache=False)
    got = slugs(index, rank(index, "which quasar broker setup for telemetry ingest", 5))
    assert got[:2] == ["quasar-broker-choice", "quasar-broker-disk-full"]
    assert "telemetry-dashboards" not in got


@pytest.mark.parametrize("floor, injected", [(0.2, True), (0.3, False)])
def test_a_memory_standing_far_above_the_store_is_injected_on_small_coverage(tmp_path, monkeypatch, floor, injected,
                                                                            no_strength_floor):
    write(tmp_path, _decision("zookeeper-quorum", "Zookeeper quorum sizing", ["zookeeper", "quorum"],
                              "five zookeeper nodes keep a quorum through one zone outage"))
    for number, topic in enumerate(["pagination", "terraform", "vault", "celery", "graphql", "webpack"]):
        write(tmp_path, _decision(f"filler-{number}", f"{topic} choice", [topic], f"{topic} was picked"))
    index = load_index(str(tmp_path), use_cache=False)
    # Two of the prompt's ten words name the memory; the rest the store never mentions.
    prompt = "zookeeper quorum: aardvark bramble cobalt dervish ember fjord gossamer hinterland"
    hits = rank(index, prompt, 5, explain=True)
    assert 0.2 <= hits[0][2] + hits[0][3] < 0.3
    monkeypatch.setattr("claude_memory.recall.rank.STANDOUT_EVIDENCE", floor)
    assert (slugs(index, rank(index, prompt, 5)) == ["zookeeper-quorum"]) is injected


def test_semantic_evidence_can_keep_a_runner_up(monkeypatch, no_strength_floor):
    best = (0, 10.0, 0.8, 0.0, 1.0, 0.0)
    close = (1, 6.0, 0.0, 0.0, 0.3, 0.8)  # shares little with the best, but means what the prompt means
    assert select([best, close], 5.0, 5) == [best]
    monkeypatch.setattr("claude_memory.recall.rank.KEEP_DENSE", 0.5)
    assert select([best, close], 5.0, 5) == [best, close]


# Prompt-adaptive breadth: the runner-up bar is relaxed by what the best memory leaves unexplained.
_BEST = (0, 10.0, 0.8, 0.0, 1.0)  # evident on its own (coverage 0.8)


def _runner_up(keep_sum: float) -> tuple:
    # relative score 0.6 (0.36 of the keep sum), no coverage, the rest from similarity to the best
    return (1, 6.0, 0.0, 0.0, keep_sum - 0.36)


@pytest.mark.parametrize("keep_sum, leftover, kept", [
    (0.90, 0.0, False),   # the bar is 1 when the prompt asks nothing beyond the best memory
    (0.90, 0.5, False),   # half a rare word left: bar 0.925
    (0.90, 1.0, True),    # one rare word left: bar 0.85
    (0.75, 10.0, True),   # relief capped at 0.3: bar 0.7
    (0.65, 10.0, False),
    (1.05, 0.0, True),
])
def test_breadth_relaxes_the_runner_up_bar_up_to_a_cap(keep_sum, leftover, kept, no_strength_floor):
    got = select([_BEST, _runner_up(keep_sum)], 5.0, 5, leftover)
    assert [h[0] for h in got] == ([0, 1] if kept else [0])


def test_breadth_never_admits_a_runner_up_far_below_the_best(no_strength_floor):
    far = (1, 4.0, 0.0, 0.0, 1.0)  # relative score 0.4 < RELATIVE_CUTOFF
    assert select([_BEST, far], 5.0, 5, 10.0) == [_BEST]


def test_breadth_never_makes_an_unevident_best_injectable(no_strength_floor):
    weak = (0, 10.0, 0.1, 0.0, 1.0)
    assert select([weak, (1, 9.5, 0.1, 0.0, 1.0)], 5.0, 5, 10.0) == []


def _term(worth: float, docs: set) -> tuple:
    # (mass, factor, best, lists) as rank() builds it, with max_idf 5.0
    return (worth * 5.0, 1.0, {d: 1.0 for d in docs}, [])


@pytest.mark.parametrize("terms, leftover", [
    ([_term(1.0, {1})], 1.0),                       # distinctive, the best misses it, a runner-up has it
    ([_term(1.0, {0, 1})], 0.0),                    # the best memory explains it
    ([_term(1.0, set())], 0.0),                     # no candidate matches it: says nothing about breadth
    ([_term(1.0, {7})], 0.0),                       # only a memory outside the candidates matches it
    ([_term(0.5, {1})], 0.0),                       # too common to count
    ([_term(0.8, {1}), _term(1.0, {2}), _term(1.0, {0})], 1.8),
])
def test_leftover_counts_distinctive_terms_only_runners_up_explain(terms, leftover):
    hits = [_BEST, (1, 6.0, 0.0, 0.0, 0.5), (2, 5.5, 0.0, 0.0, 0.5)]
    assert _leftover(hits, terms, 5.0) == pytest.approx(leftover)


def test_leftover_is_zero_without_runners_up():
    assert _leftover([_BEST], [_term(1.0, {1})], 5.0) == 0.0
