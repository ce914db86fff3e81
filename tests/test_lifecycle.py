from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from claude_memory.core import config
from claude_memory.store import lifecycle
from claude_memory.store import maintenance
from claude_memory.store import transaction as store
from claude_memory.core.errors import MemoryStoreError
from claude_memory.core.timeutil import format_ts
from claude_memory.store.validation import validate_record
from store_helpers import make_doc

NOW = datetime(2026, 6, 1, 12, 0, 0, tzinfo=timezone.utc)


def _retired(days_ago: float) -> dict:
    return make_doc(record_status="retired", retired_at=format_ts(NOW - timedelta(days=days_ago)),
                    retired_reason="x")


# ---- transitions


@pytest.mark.parametrize("start, action, end", [
    ("active", "delete", "retired"), ("archived", "delete", "retired"),
    ("active", "archive", "archived"), ("archived", "unarchive", "active"), ("retired", "restore", "active"),
])
def test_transitions(start, action, end):
    doc = make_doc(record_status="active")
    if start == "retired":
        doc = _retired(1)
    elif start == "archived":
        doc = make_doc(record_status="archived", archived_at=format_ts(NOW), archived_reason="y")
    new, _ = lifecycle.transition(doc, action, now=NOW, reason="because")
    assert new["record_status"] == end
    validate_record(new)  # invariants hold
    assert new["changes"][-1]["field"] == "record_status" and new["changes"][-1]["new_value"] == end


@pytest.mark.parametrize("status, action", [("retired", "delete"), ("archived", "archive"),
                                            ("active", "unarchive"), ("active", "restore")])
def test_noops(status, action):
    doc = _retired(1) if status == "retired" else make_doc(record_status=status, **(
        {"archived_at": format_ts(NOW), "archived_reason": "y"} if status == "archived" else {}))
    new, warnings = lifecycle.transition(doc, action, now=NOW)
    assert new is None and warnings


@pytest.mark.parametrize("status, action, hint", [("retired", "archive", "restore"),
                                                  ("retired", "unarchive", "restore"),
                                                  ("archived", "restore", "unarchive")])
def test_refused(status, action, hint):
    doc = _retired(1) if status == "retired" else make_doc(
        record_status="archived", archived_at=format_ts(NOW), archived_reason="y")
    with pytest.raises(MemoryStoreError) as err:
        lifecycle.transition(doc, action, now=NOW)
    assert err.value.code == "LIFECYCLE_ERROR" and hint in err.value.message


def test_default_reasons():
    new, _ = lifecycle.transition(make_doc(), "delete", now=NOW)
    assert new["retired_reason"] == "deleted"
    new, _ = lifecycle.transition(make_doc(), "archive", now=NOW, reason="  ")
    assert new["archived_reason"] == "archived"


@pytest.mark.parametrize("days, warns", [(1, False), (7, False), (7.5, True), (40, True)])
def test_restore_warning_after_seven_days(days, warns):
    _, warnings = lifecycle.transition(_retired(days), "restore", now=NOW)
    assert bool(warnings) is warns


@pytest.mark.parametrize("hours, blocked", [(0, True), (23.9, True), (24.1, False), (500, False)])
def test_resurrection_block(hours, blocked):
    err = lifecycle.resurrection_block(_retired(hours / 24), NOW)
    assert (err is not None) is blocked
    if blocked:
        assert err.code == "ANTI_RESURRECTION_ERROR"


@pytest.mark.parametrize("status", ["active", "archived"])
def test_existing_active_or_archived_blocks_create(status):
    assert lifecycle.resurrection_block(make_doc(record_status=status), NOW).code == "ALREADY_EXISTS"


# ---- rolling window (pure)


def _session(i: int, **content) -> dict:
    doc = make_doc("session_summary", f"s{i}", f"Session {i}", created_at=f"2026-05-{i + 1:02d}T00:00:00Z")
    doc["content"].update(content)
    return doc


def test_rolling_window_victims_are_oldest_active():
    sessions = [_session(i) for i in (3, 1, 4, 2, 5)] + [dict(_session(0), record_status="retired")]
    victims = lifecycle.rolling_window_victims(sessions, 3)
    assert [v["id"] for v in victims] == ["s1", "s2"]
    assert lifecycle.rolling_window_victims(sessions, 5) == []


def test_orphan_items():
    victim = _session(1, completed=["Wrote the lock module"], blockers=["CI is red"], next_actions=["Ship it"])
    others = [make_doc(title="about the lock", content={**make_doc()["content"], "context": "wrote the LOCK module."})]
    found = lifecycle.orphan_items(victim, others)
    assert found == ["blockers: CI is red", "next_actions: Ship it"]


# ---- gc (pure)


@pytest.mark.parametrize("days, purged", [(29, False), (30, True), (100, True)])
def test_gc_victims(days, purged):
    assert bool(lifecycle.gc_victims([_retired(days)], now=NOW, grace_days=30)) is purged


def test_gc_never_archived():
    doc = make_doc(record_status="archived", archived_at="2000-01-01T00:00:00Z", archived_reason="old")
    assert lifecycle.gc_victims([doc], now=NOW, grace_days=0) == []


# ---- rolling window through the store


def test_rolling_window_after_session_create(memory_root):
    cfg = config.deep_merge(config.load_config(None), {"categories": {"session_summary": {"max_retained": 3}}})
    outs = []
    for i in range(1, 6):
        ctx = store.StoreContext(root=memory_root, config=cfg, now=NOW + timedelta(minutes=i))
        doc = _session(i, completed=[f"unique item {i}"])
        outs.append(store.create(ctx, validate_record(doc), category="session_summary"))
    statuses = {p.stem: json.loads(p.read_text())["record_status"] for p in (memory_root / "sessions").iterdir()}
    assert statuses == {"s1": "retired", "s2": "retired", "s3": "active", "s4": "active", "s5": "active"}
    assert any("unique item 1" in w for w in outs[3].warnings)  # warned before s1 was retired
    assert any("retired session s2" in w for w in outs[4].warnings)
    assert maintenance.index_drift(memory_root) == []
