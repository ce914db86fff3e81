"""Ranking and the decision to inject nothing (claude_memory.recall.rank over a built index)."""

from __future__ import annotations

import pytest

from claude_memory.recall.cache import load_index
from claude_memory.recall.rank import rank
from recall_helpers import memory, sample_store, write


@pytest.fixture
def index(tmp_path):
    sample_store(tmp_path)
    return load_index(str(tmp_path), use_cache=False)


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


def test_synonyms_match_meaning(index):
    assert "ruff-lint-and-format" in slugs(index, rank(index, "which formatter and linter for python", 5))


def test_ranking_is_deterministic(index):
    prompt = "kafka client go services"
    assert rank(index, prompt, 5) == rank(index, prompt, 5)


def test_empty_index_ranks_nothing(tmp_path):
    assert rank(load_index(str(tmp_path), use_cache=False), "kafka", 5) == []
