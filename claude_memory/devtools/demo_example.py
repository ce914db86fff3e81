"""The built-in example the demo plays: a project with two memories and a session that makes a decision."""

from __future__ import annotations

__all__ = ["EXISTING", "PROMPT", "DECISION_REPLY", "DRAFT", "NEW_INFO", "RECALL_PROMPT"]

EXISTING = [
    {
        "schema_version": "1.0", "category": "preference", "id": "pytest-parametrize-over-loops",
        "title": "Prefer pytest.mark.parametrize over loops in tests", "tags": ["pytest", "tests"],
        "related_files": [], "confidence": 0.9,
        "content": {"topic": "test style", "value": "One parametrized test per rule, no loops with asserts",
                    "reason": "Each case reports on its own", "strength": "default",
                    "examples": {"prefer": ["@pytest.mark.parametrize"], "avoid": ["for case in cases: assert"]}},
    },
    {
        "schema_version": "1.0", "category": "constraint", "id": "ci-runners-have-two-cores",
        "title": "CI runners have two cores and 7 GB of memory", "tags": ["ci", "performance"],
        "related_files": [".ci/run"], "confidence": 0.8,
        "content": {"kind": "limitation", "rule": "Keep the test suite within two cores",
                    "impact": ["Parallel test runs gain little"], "workarounds": ["Keep slow tests few"],
                    "severity": "medium", "active": True, "expires": "none"},
    },
]

PROMPT = ("The build cache keeps corrupting when two builds run at once. We need to decide how the "
          "local cache stores its entries: SQLite or a folder of JSON files?")

DECISION_REPLY = (
    "Decision: we will use SQLite in WAL mode for the local build cache instead of a folder of JSON files. "
    "We chose this because WAL lets concurrent readers run while one writer commits, so parallel builds stop "
    "corrupting entries; the rationale is also that SQLite gives us atomic transactions for free, and the "
    "JSON-folder alternative was rejected because it needs our own locking. Trade-off: one more dependency "
    "on the sqlite3 module, which ships with Python.")

DRAFT = {
    "schema_version": "1.0", "category": "decision", "id": "sqlite-wal-mode-for-local-cache",
    "title": "Use SQLite in WAL mode for the local build cache",
    "tags": ["sqlite", "cache", "wal", "concurrency"], "related_files": [], "confidence": 0.85,
    "record_status": "active", "changes": [], "times_updated": 0,
    "content": {
        "status": "accepted",
        "context": "The local build cache was corrupted when two builds ran at once.",
        "decision": "Store local build cache entries in SQLite with journal_mode=WAL.",
        "alternatives": [{"option": "A folder of JSON files", "rejected_reason": "Needs our own locking"}],
        "rationale": ["WAL allows concurrent readers with one writer", "Atomic transactions for free"],
        "consequences": ["Depends on the sqlite3 module"],
    },
}

NEW_INFO = "Use SQLite in WAL mode for the local build cache so parallel builds stop corrupting entries"

RECALL_PROMPT = "Two builds ran at once again; how does our build cache handle concurrent writes?"
