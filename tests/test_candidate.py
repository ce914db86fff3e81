"""Candidate selection, the pure core: tokens, scoring gates, hard gates, the decision object."""

from __future__ import annotations

import pytest

from claude_memory.recall import candidate as C
from claude_memory.recall.candidate import decide, select_candidate, stem, tokenize


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


# ---------------------------------------------------------------------------------------- tokens


@pytest.mark.parametrize("a,b", [
    ("retries", "retry"), ("tracing", "trace"), ("sampling", "sample"), ("dependencies", "dependency"),
    ("queued", "queue"), ("limits", "limit"), ("deploys", "deploy"),
])
def test_stem_meets_inflections(a, b):
    assert stem(a) == stem(b)


@pytest.mark.parametrize("text,expected", [
    ("tracking-ingest lag", {"track", "ingest", "tracking_ingest", "lag"}),
    ("fct_ad_spend_daily", {"fct", "ad", "spend", "daily", "fct_ad_spend_daily"}),
    ("OTel collector", {"opentelemetry", "collector"}),
])
def test_tokenize_keeps_compounds_and_expands_aliases(text, expected):
    assert expected <= tokenize(text)


@pytest.mark.parametrize("text", ["the and of to now", "2026 100 42", "", "   "])
def test_tokenize_drops_stopwords_and_bare_numbers(text):
    assert tokenize(text) == set()


def test_tokenize_ignores_version_numbers_as_compounds():
    assert not any(t.count("_") for t in tokenize("upgraded to 2.9.2 and v1.2"))


# ---------------------------------------------------------------------------------------- selection


@pytest.mark.parametrize("new_info,expected", [
    ("max.message.bytes raised to 2 MiB so Kafka records with manifests fit", "kafka-max-message-size"),
    ("UPS contract renewed: tracking calls per day raised to 5M, per second limit unchanged",
     "ups-tracking-api-rate-limit"),
    ("The peak season deploy freeze starts on 17 November this year", "peak-season-deploy-freeze"),
])
def test_an_update_finds_its_memory(new_info, expected):
    index, _ = select_candidate(new_info, CONSTRAINTS)
    assert index is not None and CONSTRAINTS[index]["id"] == expected


@pytest.mark.parametrize("new_info", [
    "GitHub Actions runners are limited to 6 hours per job",
    "Terraform state must live in the shared S3 bucket with DynamoDB locking",
    "Snowflake warehouse auto-suspend is at least 60 seconds",
    "hello",
])
def test_genuinely_new_info_has_no_candidate(new_info):
    index, _ = select_candidate(new_info, CONSTRAINTS)
    assert index is None


def test_no_memories_means_no_candidate():
    assert select_candidate("anything at all about kafka", []) == (None, [])


def test_runner_up_margin_rejects_a_tie():
    twins = [mem("kafka-a", "Kafka broker quota", ["kafka", "quota"]),
             mem("kafka-b", "Kafka broker quota", ["kafka", "quota"])]
    index, scored = select_candidate("Kafka broker quota raised", twins)
    assert scored[0].score == scored[1].score > 0
    assert index is None


def test_each_gate_can_refuse(monkeypatch):
    info = "max.message.bytes raised to 2 MiB so Kafka records with manifests fit"
    index, scored = select_candidate(info, CONSTRAINTS)
    assert index == 0
    best = scored[0]
    for field, value in [("min_score", best.score + 1), ("min_coverage", best.coverage + 0.01),
                         ("min_concentration", best.concentration + 0.01),
                         ("min_headline_idf", best.headline_idf + 0.01)]:
        strict = C.Thresholds(**{**C.DEFAULT_THRESHOLDS.__dict__, field: value})
        assert select_candidate(info, CONSTRAINTS, strict)[0] is None, field


def test_lifecycle_event_relaxes_content_gates_but_not_margin():
    plain = C.thresholds_for("constraint", None)
    relaxed = C.thresholds_for("constraint", "removed")
    assert relaxed.min_score < plain.min_score and relaxed.min_coverage < plain.min_coverage
    assert relaxed.min_ratio == plain.min_ratio


def test_session_summaries_need_a_near_restatement():
    assert C.thresholds_for("session_summary", None).min_coverage > C.thresholds_for("decision", None).min_coverage


# ---------------------------------------------------------------------------------------- decision


KAFKA_UPDATE = "max.message.bytes raised to 2 MiB so Kafka records with manifests fit"
NEW_THING = "GitHub Actions runners are limited to 6 hours per job"


@pytest.mark.parametrize("info,event,pre,cud,has_candidate", [
    (NEW_THING, None, "CREATE", "CREATE", False),
    (NEW_THING, "removed", "NOOP", "NOOP", False),
    (KAFKA_UPDATE, None, None, "UPDATE", True),
    (KAFKA_UPDATE, "removed", None, "UPDATE_OR_DELETE", True),
])
def test_structural_cud_table(info, event, pre, cud, has_candidate):
    d = decide("constraint", info, event, CONSTRAINTS)
    assert d["pre_action"] == pre
    assert d["structural_cud"] == cud
    assert (d["candidate"] is not None) == has_candidate
    assert d["lifecycle_event"] == event
    assert d["delete_allowed"] is True


# The spec names these three; parametrizing over C.NO_TRIAGE_DELETE itself could not catch a category dropped from it.
@pytest.mark.parametrize("category", ["decision", "preference", "session_summary"])
def test_no_triage_delete_for_protected_categories(category):
    memories = [dict(m, category=category) for m in CONSTRAINTS]
    d = decide(category, KAFKA_UPDATE, "superseded", memories)
    assert d["delete_allowed"] is False
    assert any("DELETE" in v for v in d["vetoes"])
    assert d["structural_cud"] == "UPDATE" and d["candidate"] is not None


@pytest.mark.parametrize("category", ["runbook", "constraint", "tech_debt"])
def test_delete_allowed_categories_have_no_delete_veto(category):
    memories = [dict(m, category=category) for m in CONSTRAINTS]
    d = decide(category, KAFKA_UPDATE, "resolved", memories)
    assert d["delete_allowed"] is True
    assert d["structural_cud"] == "UPDATE_OR_DELETE"
    assert not any("DELETE is not allowed" in v for v in d["vetoes"])


def test_no_candidate_vetoes_update_and_delete():
    d = decide("constraint", NEW_THING, None, CONSTRAINTS)
    assert any("UPDATE and DELETE are not possible" in v for v in d["vetoes"])


def test_other_categories_are_never_candidates():
    memories = [dict(m, category="runbook") for m in CONSTRAINTS]
    d = decide("constraint", KAFKA_UPDATE, None, memories)
    assert d["candidate"] is None and d["structural_cud"] == "CREATE"


def test_unknown_lifecycle_event_is_refused():
    with pytest.raises(ValueError):
        decide("constraint", KAFKA_UPDATE, "exploded", CONSTRAINTS)


def test_decision_object_shape_and_paths():
    paths = [f"/root/constraints/{m['id']}.json" for m in CONSTRAINTS]
    d = decide("constraint", KAFKA_UPDATE, None, CONSTRAINTS, paths=paths)
    assert set(d) == {"candidate", "lifecycle_event", "delete_allowed", "pre_action", "structural_cud",
                      "vetoes", "hints"}
    cand = d["candidate"]
    assert cand["path"] == "/root/constraints/kafka-max-message-size.json"
    assert cand["title"] == CONSTRAINTS[0]["title"] and cand["tags"] == CONSTRAINTS[0]["tags"]
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
