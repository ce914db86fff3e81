"""One search: the search command (``memory_index.py --query``), recall and candidate selection
share recall's tokenizer, stemmer and index, so "what matches" means the same everywhere."""

from __future__ import annotations

import json

import pytest

from claude_memory.recall import recall, search
from recall_helpers import memory, write

QUERIES = [
    "which kafka client do we use in go services",
    "postgres for the billing job",
    "retries and backoff for the exporter",
    "lint and format python with ruff",
    "deploy on k8s",
    "hello there",
]


@pytest.fixture()
def store(tmp_path):
    def decision(slug, title, tags, body):
        return memory("decision", slug, title, tags, content={"status": "accepted", "context": body,
                                                              "decision": body, "rationale": [body]})

    write(tmp_path, decision("kafka-client-go", "Use franz-go as the Kafka client in Go services", ["kafka", "go"],
                             "confluent-kafka-go needs cgo; franz-go is pure Go"))
    write(tmp_path, decision("billing-postgres", "Billing job stores invoices in Postgres", ["billing", "postgres"],
                             "the billing job writes invoices to postgres with retries"))
    write(tmp_path, decision("exporter-backoff", "Exporter retries with exponential backoff", ["retry", "exporter"],
                             "the exporter retries failed batches with backoff"))
    write(tmp_path, decision("ruff-lint", "Use ruff for linting and formatting", ["python", "lint"],
                             "ruff replaces flake8 and black"))
    write(tmp_path, decision("k8s-deploy", "Services deploy to Kubernetes", ["kubernetes", "deploy"],
                             "every service ships as a helm chart"))
    archived = memory("decision", "old-kafka", "Kafka client was sarama", ["kafka"],
                      content={"status": "superseded", "context": "kafka sarama", "decision": "sarama",
                               "rationale": ["old"]})
    archived["record_status"] = "archived"
    write(tmp_path, archived)
    return tmp_path


@pytest.mark.parametrize("query", QUERIES)
def test_recall_injects_only_what_the_search_command_finds_in_the_same_order(store, query):
    injected = [entry[2] for entry in recall(str(store), query, 5, use_cache=False)]
    found = [hit["id"] for hit in search(str(store), query)]
    assert injected == found[:len(injected)]


def test_the_search_command_skips_archived_memories(store):
    found = [hit["id"] for hit in search(str(store), "kafka sarama client")]
    assert "kafka-client-go" in found and "old-kafka" not in found


def test_the_search_command_stems_like_recall(store):
    assert [h["id"] for h in search(str(store), "retrying exporters")][0] == "exporter-backoff"


CANDIDATE_CASES = [
    ("Kafka client for Go services: franz-go, because confluent-kafka-go needs cgo", "kafka-client-go"),
    ("exporter retries now use jittered exponential backoff", "exporter-backoff"),
    ("ruff format replaces black in pre-commit too", "ruff-lint"),
    ("Terraform state lives in S3 with DynamoDB locking", None),
]


@pytest.mark.parametrize("new_info,expected", CANDIDATE_CASES)
def test_candidate_selection_is_the_search_commands_best_match_or_none(store, new_info, expected):
    from claude_memory.cli.memory_candidate import find

    found = find(store, "decision", new_info)["candidate"]
    assert (found["id"] if found else None) == expected
    if found:
        assert found["id"] == search(str(store), new_info, category="decision")[0]["id"]


def test_the_search_restricted_to_a_category_returns_only_that_category(store):
    write(store, memory("runbook", "kafka-lag-runbook", "Kafka consumer lag in Go services", ["kafka", "go"],
                        content={"trigger": "lag", "symptoms": ["lag"], "steps": ["scale"], "verification": "ok",
                                 "root_cause": "slow", "environment": "prod"}))
    assert {h["category"] for h in search(str(store), "kafka go", category="runbook")} == {"runbook"}
    assert {h["category"] for h in search(str(store), "kafka go")} == {"runbook", "decision"}


def test_search_command_json(store, run_script):
    result = run_script("memory_index.py", "--query", "billing postgres", "--root", str(store), "--json")
    assert result.returncode == 0, result.stderr
    hits = json.loads(result.stdout)["hits"]
    assert hits[0]["id"] == "billing-postgres" and hits[0]["status"] == "active"


def test_memory_candidate_reports_the_md5_of_the_candidate_as_read(store, run_script):
    import hashlib

    result = run_script("memory_candidate.py", "--category", "decision", "--root", str(store), "--new-info",
                        "Kafka client for Go services: franz-go, because confluent-kafka-go needs cgo")
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)["candidate"]
    assert found["path"].endswith("kafka-client-go.json")
    with open(found["path"], "rb") as fh:
        assert found["hash"] == hashlib.md5(fh.read()).hexdigest()
