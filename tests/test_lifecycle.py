from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from claude_memory.core import config
from claude_memory.store import lifecycle
from claude_memory.store import maintenance
from claude_memory.store import transaction as store
from claude_memory.core.timeutil import format_ts
from claude_memory.store.validation import validate_record
from store_helpers import make_doc, refused

NOW = datetime(2026, 6, 1, 12, 0, 0, tzinfo=timezone.utc)


def _retired(days_ago: float) -> dict:
    return make_doc(record_status="retired", retired_at=format_ts(NOW - timedelta(days=days_ago)),
                    retired_reason="x")


# ---- transitions


ALLOWED = {("active", "delete"): "retired", ("active", "archive"): "archived",
           ("retired", "restore"): "active", ("archived", "unarchive"): "active"}
MATRIX = [(s, a) for s in lifecycle.STATUSES for a in lifecycle.ACTIONS]


def _in(status: str) -> dict:
    if status == "retired":
        return _retired(1)
    if status == "archived":
        return make_doc(record_status="archived", archived_at=format_ts(NOW), archived_reason="y")
    return make_doc(record_status="active")


def test_table_is_exactly_the_design():
    assert lifecycle.TRANSITIONS == ALLOWED
    assert len(MATRIX) == 12


@pytest.mark.parametrize("status, action", MATRIX)
def test_next_status_matrix(status, action):
    if (status, action) in ALLOWED:
        assert lifecycle.next_status(status, action) == ALLOWED[(status, action)]
    else:
        err = refused("LIFECYCLE_ERROR", lifecycle.next_status, status, action, name="m")
        assert "nothing was changed" in err.message


@pytest.mark.parametrize("status, action", MATRIX)
def test_transition_matrix(status, action):
    doc = _in(status)
    before = json.dumps(doc, sort_keys=True)
    if (status, action) not in ALLOWED:
        refused("LIFECYCLE_ERROR", lifecycle.transition, doc, action, now=NOW, reason="because")
        assert json.dumps(doc, sort_keys=True) == before  # the input is never modified
        return
    new, _ = lifecycle.transition(doc, action, now=NOW, reason="because")
    end = ALLOWED[(status, action)]
    assert new["record_status"] == end
    validate_record(new)  # invariants hold
    assert new["changes"][-1]["field"] == "record_status" and new["changes"][-1]["new_value"] == end
    assert json.dumps(doc, sort_keys=True) == before


@pytest.mark.parametrize("status, action, hint", [("retired", "archive", "restore"),
                                                  ("retired", "unarchive", "restore"),
                                                  ("archived", "restore", "unarchive"),
                                                  ("archived", "delete", "unarchive"),
                                                  ("retired", "delete", "already retired"),
                                                  ("archived", "archive", "already archived"),
                                                  ("active", "restore", "already active"),
                                                  ("active", "unarchive", "already active")])
def test_refusals_say_what_to_do(status, action, hint):
    err = refused("LIFECYCLE_ERROR", lifecycle.transition, _in(status), action, now=NOW)
    assert hint in err.message


def test_unknown_status_and_action():
    err = refused("LIFECYCLE_ERROR", lifecycle.next_status, "deleted", "restore")
    assert "record_status" in err.message
    refused("USAGE_ERROR", lifecycle.next_status, "active", "explode")


@pytest.mark.parametrize("status", lifecycle.STATUSES)
def test_only_active_is_updatable(status):
    if status == "active":
        lifecycle.require_updatable(_in(status))
        return
    err = refused("LIFECYCLE_ERROR", lifecycle.require_updatable, _in(status))
    assert ("restore" if status == "retired" else "unarchive") in err.message


def test_missing_record_status_is_active():
    doc = make_doc()
    doc.pop("record_status", None)
    new, _ = lifecycle.transition(doc, "archive", now=NOW)
    assert new["record_status"] == "archived"


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


@pytest.mark.parametrize("status", lifecycle.STATUSES)
def test_gc_purges_only_retired(status):
    doc = _in(status)
    for name in ("retired_at", "archived_at"):
        if name in doc:
            doc[name] = "2000-01-01T00:00:00Z"
    assert bool(lifecycle.gc_victims([doc], now=NOW, grace_days=0)) is (status == "retired")


@pytest.mark.parametrize("status", lifecycle.STATUSES)
def test_rolling_window_takes_only_active(status):
    sessions = [dict(_session(i), **({} if status == "active" else {"record_status": status})) for i in range(1, 5)]
    victims = lifecycle.rolling_window_victims(sessions, 1)
    assert len(victims) == (3 if status == "active" else 0)


# ---- rolling window through the store


def test_rolling_window_never_touches_an_archived_session(memory_root):
    cfg = config.deep_merge(config.load_config(None), {"categories": {"session_summary": {"max_retained": 2}}})
    ctx = store.StoreContext(root=memory_root, config=cfg, now=NOW)
    first = store.create(ctx, validate_record(_session(1)), category="session_summary")
    store.change_status(ctx, "archive", target=str(first.path), reason="keep")
    for i in range(2, 6):
        ctx = store.StoreContext(root=memory_root, config=cfg, now=NOW + timedelta(minutes=i))
        store.create(ctx, validate_record(_session(i)), category="session_summary")
    statuses = {p.stem: json.loads(p.read_text())["record_status"] for p in (memory_root / "sessions").iterdir()}
    assert statuses == {"s1": "archived", "s2": "retired", "s3": "retired", "s4": "active", "s5": "active"}


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
