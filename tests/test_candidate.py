"""Candidate selection: the evidence rule (pure), the decision object (pure), and the selection
through recall's search over a real store (``memory_candidate.find``)."""

from __future__ import annotations

import pytest

import json

from claude_memory.cli.memory_candidate import find
from claude_memory.recall import candidate as C
from claude_memory.recall.candidate import choose, decide, evidence


def mem(id_, title, tags, category="constraint", content=None, status="active", changes=None, files=None):
    return {
        "schema_version": "1.0", "category": category, "id": id_, "title": title, "tags": tags,
        "related_files": files or [], "confidence": 0.8, "record_status": status,
        "changes": changes or [], "times_updated": len(changes or []),
        "content": content if content is not None else {"rule": title, "kind": "technical"},
    }


CONSTRAINTS = [
    mem("kafka-max-message-size", "Kafka records are limited to 1 MiB (message.max.bytes)",
        ["kafka", "message-size", "limits"],
        content={"kind": "technical", "rule": "Keep Kafka records under 1 MiB; store images in S3",
                 "impact": ["POD images cannot be inlined"], "severity": "high", "expires": "none"}),
    mem("ups-tracking-api-rate-limit", "UPS Tracking API rate limit caps carrier-adapter polling",
        ["carrier-adapter", "rate-limit", "ups"],
        content={"kind": "limitation", "rule": "UPS allows 250 calls per second and 1M calls per day",
                 "impact": ["Polling slows during peak"], "severity": "medium", "expires": "none"}),
    mem("peak-season-deploy-freeze", "Production deploy freeze during peak season (20 Nov - 5 Jan)",
        ["deploy", "freeze", "policy"],
        content={"kind": "policy", "rule": "No production deploys from 20 November to 5 January",
                 "impact": ["Releases must land before the freeze"], "severity": "high", "expires": "none"}),
    mem("rds-max-connections", "Shared RDS max_connections: per-service pgxpool budgets",
        ["postgres", "rds", "connection-pool"],
        content={"kind": "technical", "rule": "Each service gets a pgxpool budget of max_connections",
                 "impact": ["New services need a budget"], "severity": "medium", "expires": "none"}),
    mem("no-pii-in-logs", "No recipient PII in Kafka payloads, logs or metric labels",
        ["pii", "gdpr", "policy"],
        content={"kind": "policy", "rule": "Recipient names, emails and phone numbers never leave the database",
                 "impact": ["Debugging needs ids only"], "severity": "high", "expires": "none"}),
]


# ---------------------------------------------------------------------------------------- the rule


def hit(score, coverage, slug="m"):
    return {"id": slug, "path": f"constraints/{slug}.json", "score": score, "coverage": coverage}


def test_no_hits_no_candidate():
    assert choose([]) is None and evidence([]) == 0.0


@pytest.mark.parametrize("hits,event,chosen", [
    ([hit(9.0, 0.9, "a"), hit(1.0, 0.2, "b")], None, "a"),        # explains most and stands out
    ([hit(9.0, 0.9, "a")], None, "a"),                               # the only match of its category
    ([hit(5.0, 0.4, "a"), hit(4.8, 0.4, "b")], None, None),         # two near-equal matches: about neither
    ([hit(3.0, 0.1, "a")], None, None),                              # stands alone but explains a sliver
    ([hit(6.0, 0.4, "a"), hit(4.0, 0.3, "b")], None, None),
])
def test_choose(hits, event, chosen):
    found = choose(hits, event)
    assert (found["id"] if found else None) == chosen


def test_a_lifecycle_event_tips_a_borderline_match():
    hits = [hit(6.0, C.MIN_EVIDENCE - C.EVENT_BONUS / 2, "a"), hit(6.0, 0.1, "b")]  # no standout at all
    assert choose(hits) is None and choose(hits, "resolved")["id"] == "a"


def test_evidence_grows_with_coverage_and_with_the_margin_over_the_runner_up():
    base = evidence([hit(4.0, 0.5), hit(2.0, 0.3)])
    assert evidence([hit(4.0, 0.6), hit(2.0, 0.3)]) > base
    assert evidence([hit(8.0, 0.5), hit(2.0, 0.3)]) > base
    assert evidence([hit(4.0, 0.5)]) == evidence([hit(1e9, 0.5), hit(1.0, 0.1)])  # the margin counts up to a cap


# ---------------------------------------------------------------------------------------- through recall's search


@pytest.fixture
def root(tmp_path):
    folder = tmp_path / "constraints"
    folder.mkdir()
    for m in CONSTRAINTS:
        doc = dict(m, schema_version="1.0", created_at="2026-05-01T10:00:00Z", updated_at="2026-05-01T10:00:00Z")
        (folder / f"{m['id']}.json").write_text(json.dumps(doc), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("new_info,expected", [
    ("max.message.bytes raised to 2 MiB so Kafka records with manifests fit", "kafka-max-message-size"),
    ("UPS contract renewed: tracking calls per day raised to 5M, per second limit unchanged",
     "ups-tracking-api-rate-limit"),
    ("The peak season deploy freeze starts on 17 November this year", "peak-season-deploy-freeze"),
])
def test_an_update_finds_its_memory(root, new_info, expected):
    found = find(root, "constraint", new_info)["candidate"]
    assert found is not None and found["id"] == expected
    assert found["path"] == str((root / "constraints" / f"{expected}.json").resolve())


@pytest.mark.parametrize("new_info", [
    "GitHub Actions runners are limited to 6 hours per job",
    "Terraform state must live in the shared S3 bucket with DynamoDB locking",
    "Snowflake warehouse auto-suspend is at least 60 seconds",
    "hello",
])
def test_genuinely_new_info_has_no_candidate(root, new_info):
    assert find(root, "constraint", new_info)["candidate"] is None


def test_other_categories_are_never_candidates(root):
    assert find(root, "runbook", KAFKA_UPDATE)["candidate"] is None


def test_a_retired_memory_is_no_candidate(root):
    path = root / "constraints" / "kafka-max-message-size.json"
    path.write_text(json.dumps(dict(json.loads(path.read_text()), record_status="retired")), encoding="utf-8")
    found = find(root, "constraint", KAFKA_UPDATE)["candidate"]
    assert found is None or found["id"] != "kafka-max-message-size"


def test_twins_are_about_neither(tmp_path):
    folder = tmp_path / "constraints"
    folder.mkdir()
    for slug in ("kafka-a", "kafka-b"):
        doc = dict(mem(slug, "Kafka broker quota", ["kafka", "quota"]), created_at="2026-05-01T10:00:00Z",
                   updated_at="2026-05-01T10:00:00Z")
        (folder / f"{slug}.json").write_text(json.dumps(doc), encoding="utf-8")
    assert find(tmp_path, "constraint", "Kafka broker quota raised")["candidate"] is None


# ---------------------------------------------------------------------------------------- decision


KAFKA_UPDATE = "max.message.bytes raised to 2 MiB so Kafka records with manifests fit"
NEW_THING = "GitHub Actions runners are limited to 6 hours per job"
KAFKA = CONSTRAINTS[0]


@pytest.mark.parametrize("memory,event,pre,cud", [
    (None, None, "CREATE", "CREATE"),
    (None, "removed", "NOOP", "NOOP"),
    (KAFKA, None, None, "UPDATE"),
    (KAFKA, "removed", None, "UPDATE_OR_DELETE"),
])
def test_structural_cud_table(memory, event, pre, cud):
    d = decide("constraint", event, memory)
    assert d["pre_action"] == pre
    assert d["structural_cud"] == cud
    assert (d["candidate"] is not None) == (memory is not None)
    assert d["lifecycle_event"] == event
    assert d["delete_allowed"] is True


# The spec names these three; parametrizing over C.NO_TRIAGE_DELETE itself could not catch a category dropped from it.
@pytest.mark.parametrize("category", ["decision", "preference", "session_summary"])
def test_no_triage_delete_for_protected_categories(category):
    d = decide(category, "superseded", dict(KAFKA, category=category))
    assert d["delete_allowed"] is False
    assert any("DELETE" in v for v in d["vetoes"])
    assert d["structural_cud"] == "UPDATE" and d["candidate"] is not None


@pytest.mark.parametrize("category", ["runbook", "constraint", "tech_debt"])
def test_delete_allowed_categories_have_no_delete_veto(category):
    d = decide(category, "resolved", dict(KAFKA, category=category))
    assert d["delete_allowed"] is True
    assert d["structural_cud"] == "UPDATE_OR_DELETE"
    assert not any("DELETE is not allowed" in v for v in d["vetoes"])


def test_no_candidate_vetoes_update_and_delete():
    d = decide("constraint", None, None)
    assert any("UPDATE and DELETE are not possible" in v for v in d["vetoes"])


def test_unknown_lifecycle_event_is_refused():
    with pytest.raises(ValueError):
        decide("constraint", "exploded", KAFKA)


def test_decision_object_shape_and_paths():
    d = decide("constraint", None, KAFKA, "/root/constraints/kafka-max-message-size.json")
    assert set(d) == {"candidate", "lifecycle_event", "delete_allowed", "pre_action", "structural_cud",
                      "vetoes", "hints"}
    cand = d["candidate"]
    assert cand["path"] == "/root/constraints/kafka-max-message-size.json"
    assert cand["title"] == KAFKA["title"] and cand["tags"] == KAFKA["tags"]
    assert isinstance(d["vetoes"], list) and isinstance(d["hints"], list) and d["hints"]


# ---------------------------------------------------------------------------------------- excerpt


def test_excerpt_has_status_tags_last_change_and_clipped_key_fields():
    long_rule = "x" * 500
    m = mem("a", "A title", ["t"], content={"kind": "policy", "rule": long_rule, "impact": ["one", "two"],
                                            "severity": "low", "expires": "none", "workarounds": ["w"]},
            changes=[{"date": "2026-01-01T00:00:00Z", "summary": "first"},
                     {"date": "2026-02-01T00:00:00Z", "summary": "raised the limit"}])
    ex = C.build_excerpt(m, "constraint")
    assert ex["title"] == "A title" and ex["record_status"] == "active" and ex["tags"] == ["t"]
    assert ex["last_change"] == "raised the limit"
    assert len(ex["rule"]) == C.EXCERPT_CHARS
    assert ex["impact"] == "one; two"
    assert "workarounds" not in ex


def test_excerpt_without_changes_has_null_last_change():
    assert C.build_excerpt(mem("a", "A", ["t"]), "constraint")["last_change"] is None


@pytest.mark.parametrize("category", sorted(C.KEY_FIELDS))
def test_every_category_has_key_fields(category):
    assert C.KEY_FIELDS[category]
