from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from claude_memory.core import config
from claude_memory.store import index_file
from claude_memory.store import maintenance
from claude_memory.store import transaction as store
from claude_memory.store import records as store_io
from claude_memory.core.errors import MemoryStoreError
from claude_memory.core.timeutil import format_ts
from claude_memory.store.validation import validate_record
from store_helpers import create, make_doc, md5, refused, snapshot

NOW = datetime(2026, 6, 1, 12, 0, 0, tzinfo=timezone.utc)
ENTRY = {"date": "2026-06-01T11:00:00Z", "summary": "updated"}


@pytest.fixture
def ctx(memory_root: Path) -> store.StoreContext:
    return store.StoreContext(root=memory_root, config=config.load_config(None), now=NOW, lock_timeout=2)


def _draft_for(path: Path, **over) -> dict:
    doc = json.loads(path.read_text())
    doc["changes"] = [*doc.get("changes", []), ENTRY]
    doc.update(over)
    return validate_record(doc)


def _index_ids(root: Path) -> list[str]:
    return [e.id for e in index_file.parse_index(store_io.read_index(root))]


def _in_sync(root: Path) -> bool:
    return maintenance.index_drift(root) == []


# ---- create


def test_create_writes_file_and_index(ctx, memory_root):
    out = create(ctx)
    path = memory_root / "decisions" / "use-postgres.json"
    assert out.path == path and out.id == "use-postgres" and out.action == "create"
    assert out.hash == md5(path)
    doc = json.loads(path.read_text())
    assert doc["record_status"] == "active" and doc["times_updated"] == 0
    assert _index_ids(memory_root) == ["use-postgres"] and _in_sync(memory_root)
    assert (memory_root / ".gitignore").exists()


def test_create_anti_resurrection_within_24h(ctx, memory_root):
    out = create(ctx)
    store.change_status(ctx, "delete", target=str(out.path), reason="wrong")
    before = snapshot(memory_root)
    later = store.StoreContext(root=memory_root, config=ctx.config, now=NOW + timedelta(hours=23))
    err = refused("ANTI_RESURRECTION_ERROR", create, later)
    assert "restore" in err.message
    assert snapshot(memory_root) == before


def test_create_over_long_retired_file_replaces_it(ctx, memory_root):
    out = create(ctx)
    store.change_status(ctx, "delete", target=str(out.path))
    later = store.StoreContext(root=memory_root, config=ctx.config, now=NOW + timedelta(hours=25))
    again = create(later)
    assert any("replaced" in w for w in again.warnings)
    assert json.loads(out.path.read_text())["record_status"] == "active"
    assert _index_ids(memory_root) == ["use-postgres"]


def test_create_forces_active_and_drops_lifecycle_fields(ctx):
    doc = make_doc(record_status="retired", retired_at="2026-01-01T00:00:00Z", retired_reason="x")
    out = store.create(ctx, validate_record(doc), category="decision")
    stored = json.loads(out.path.read_text())
    assert stored["record_status"] == "active" and "retired_at" not in stored
    assert any("record_status ignored" in w for w in out.warnings)


def test_create_with_target_must_match_id(ctx, memory_root):
    refused("PATH_ERROR", store.create, ctx, validate_record(make_doc()), category="decision",
                                                                                              target=str(memory_root / "decisions" / "other.json"))


def test_limit_exceeded(memory_root):
    cfg = config.deep_merge(config.load_config(None), {"max_memories_per_category": 2})
    ctx = store.StoreContext(root=memory_root, config=cfg, now=NOW)
    create(ctx, id="a", title="A")
    out = create(ctx, id="b", title="B")
    err = refused("LIMIT_EXCEEDED", create, ctx, id="c", title="C")
    assert "max_memories_per_category" in err.message
    store.change_status(ctx, "delete", target=str(out.path))  # retired ones do not count
    create(ctx, id="c", title="C")
    create(ctx, category="runbook", id="r", title="R")  # the limit is per category


def test_redaction_is_applied_and_reported(ctx, monkeypatch):
    def fake_redact(doc):
        doc = json.loads(json.dumps(doc))
        doc["content"]["context"] = "[REDACTED]"
        return doc, [{"field": "content.context", "kind": "api_key"}]

    monkeypatch.setattr(store_io.redact, "redact_record", fake_redact)
    out = create(ctx)
    assert json.loads(out.path.read_text())["content"]["context"] == "[REDACTED]"
    assert "redacted a api_key in content.context" in out.warnings


# ---- update


def test_update_merges_and_reindexes(ctx, memory_root):
    out = create(ctx)
    new = store.update(ctx, _draft_for(out.path, title="Use Postgres for all storage", tags=["sql"]),
                       target=str(out.path), expected_hash=out.hash)
    doc = json.loads(new.path.read_text())
    assert doc["times_updated"] == 1 and doc["tags"] == ["db", "storage", "sql"]
    assert new.hash == md5(new.path) and new.path == out.path
    assert "Use Postgres for all storage" in store_io.read_index(memory_root) and _in_sync(memory_root)


def test_update_hash_is_case_insensitive(ctx):
    out = create(ctx)
    assert out.hash != out.hash.upper()  # an MD5 in hex has letters
    updated = store.update(ctx, _draft_for(out.path), target=str(out.path), expected_hash=out.hash.upper())
    assert updated.hash != out.hash
    assert json.loads(out.path.read_text())["times_updated"] == 1


def test_update_missing_target(ctx, memory_root):
    refused("NOT_FOUND", store.update, ctx, validate_record(make_doc()), target=str(memory_root / "decisions" / "nope.json"))


def test_update_rename_on_big_title_change(ctx, memory_root):
    out = create(ctx)
    new = store.update(ctx, _draft_for(out.path, title="Adopt SQLite everywhere now"), target=str(out.path))
    assert new.id == "adopt-sqlite-everywhere-now" and new.path.exists() and not out.path.exists()
    doc = json.loads(new.path.read_text())
    assert doc["id"] == new.id and doc["changes"][-1]["field"] == "id"
    assert doc["changes"][-1]["old_value"] == "use-postgres"
    assert _index_ids(memory_root) == ["adopt-sqlite-everywhere-now"] and _in_sync(memory_root)


def test_update_rename_collision_keeps_old_slug(ctx, memory_root):
    out = create(ctx)
    create(ctx, id="adopt-sqlite-everywhere-now", title="Adopt SQLite everywhere now")
    new = store.update(ctx, _draft_for(out.path, title="Adopt SQLite everywhere now"), target=str(out.path))
    assert new.path == out.path and any("already exists" in w for w in new.warnings)
    assert _in_sync(memory_root)


def test_update_of_retired_memory_refused(ctx):
    out = create(ctx)
    store.change_status(ctx, "delete", target=str(out.path))
    with pytest.raises(MemoryStoreError) as err:
        store.update(ctx, _draft_for(out.path, record_status="active", retired_at=None), target=str(out.path))
    assert err.value.code in ("LIFECYCLE_ERROR", "VALIDATION_ERROR")


def _status(action):
    return lambda ctx, out: store.change_status(ctx, action, target=str(out.path))


def _update(**over):
    return lambda ctx, out: store.update(ctx, _draft_for(out.path, **over), target=str(out.path),
                                         expected_hash=out.hash)  # the hash as created


@pytest.mark.parametrize("setup, call, code, hint", [
    ([], lambda ctx, out: create(ctx, title="Other title"), "ALREADY_EXISTS", "--action update"),
    ([_status("archive")], lambda ctx, out: create(ctx), "ALREADY_EXISTS", "unarchive"),
    ([], lambda ctx, out: store.update(ctx, _draft_for(out.path), target=str(out.path), category="runbook"),
     "PATH_ERROR", ""),
    ([_update()], _update(title="Lost"), "OCC_CONFLICT", ""),
    ([_status("delete")], _status("delete"), "LIFECYCLE_ERROR", "already retired"),
    ([], lambda ctx, out: store.change_status(ctx, "delete", target=str(out.path), expected_hash="0" * 32),
     "OCC_CONFLICT", ""),
], ids=["create-over-active", "create-over-archived", "update-other-category", "update-stale-hash", "delete-twice",
        "delete-stale-hash"])
def test_refused_writes_change_nothing(ctx, memory_root, setup, call, code, hint):
    out = create(ctx)
    for step in setup:
        step(ctx, out)
    before = snapshot(memory_root)
    assert hint in refused(code, call, ctx, out).message
    assert snapshot(memory_root) == before


# ---- lifecycle actions


def test_delete_retires_keeps_file_and_drops_index_line(ctx, memory_root):
    out = create(ctx)
    res = store.change_status(ctx, "delete", target=str(out.path), reason="obsolete")
    doc = json.loads(out.path.read_text())
    assert doc["record_status"] == "retired" and doc["retired_reason"] == "obsolete"
    assert doc["retired_at"] == format_ts(NOW) and res.hash == md5(out.path)
    assert _index_ids(memory_root) == [] and _in_sync(memory_root)


def test_delete_of_archived_is_refused_so_gc_never_purges_it(ctx, memory_root):
    out = create(ctx)
    store.change_status(ctx, "archive", target=str(out.path))
    before = snapshot(memory_root)
    err = refused("LIFECYCLE_ERROR", store.change_status, ctx, "delete", target=str(out.path))
    assert "unarchive" in err.message
    assert snapshot(memory_root) == before
    report = maintenance.gc(memory_root, config.deep_merge(ctx.config, {"delete": {"grace_period_days": 0}}),
                            now=NOW + timedelta(days=400))
    assert report["purged"] == [] and out.path.exists()


def test_archive_unarchive_round_trip(ctx, memory_root):
    out = create(ctx)
    store.change_status(ctx, "archive", target=str(out.path), reason="old but useful")
    assert json.loads(out.path.read_text())["archived_reason"] == "old but useful"
    assert _index_ids(memory_root) == []
    store.change_status(ctx, "unarchive", target=str(out.path))
    doc = json.loads(out.path.read_text())
    assert doc["record_status"] == "active" and "archived_at" not in doc
    assert _index_ids(memory_root) == ["use-postgres"] and _in_sync(memory_root)


def test_restore_warns_after_seven_days(ctx, memory_root):
    out = create(ctx)
    store.change_status(ctx, "delete", target=str(out.path))
    later = store.StoreContext(root=memory_root, config=ctx.config, now=NOW + timedelta(days=8))
    res = store.change_status(later, "restore", target=str(out.path))
    assert any("retired for 8 days" in w for w in res.warnings)
    assert _index_ids(memory_root) == ["use-postgres"]


def test_no_temp_files_left(ctx, memory_root):
    out = create(ctx)
    store.update(ctx, _draft_for(out.path), target=str(out.path))
    assert maintenance.orphan_temp_files(memory_root) == []


def test_stored_file_invalid_is_reported(ctx, memory_root):
    out = create(ctx)
    out.path.write_text("{broken")
    assert "--validate" in refused("VALIDATION_ERROR", store.change_status, ctx, "delete", target=str(out.path)).message


def test_file_written_in_canonical_form(ctx):
    out = create(ctx)
    from claude_memory.store.validation import dump_record, load_record
    assert out.path.read_text() == dump_record(load_record(out.path))


@pytest.mark.parametrize("target", ["../outside.json", "decisions/../../x.json", "/etc/passwd",
                                    "decisions/Not A Slug.json", "decisions/x.txt", "nofolder.json",
                                    "unknown/x.json", "decisions/sub/x.json"])
def test_bad_targets(ctx, target):
    refused("PATH_ERROR", store.change_status, ctx, "delete", target=target)


def test_symlinked_target_refused(ctx, memory_root):
    out = create(ctx)
    link = memory_root / "decisions" / "alias.json"
    link.symlink_to(out.path)
    err = refused("PATH_ERROR", store.change_status, ctx, "delete", target=str(link))
    assert "symlink" in err.message


def test_relative_targets_accepted(ctx, memory_root, monkeypatch):
    create(ctx)
    monkeypatch.chdir(memory_root.parent.parent)
    archived = store.change_status(ctx, "archive", target=".claude/memory/decisions/use-postgres.json")
    assert archived.path == memory_root.resolve() / "decisions" / "use-postgres.json"
    assert json.loads(archived.path.read_text())["record_status"] == "archived"
    unarchived = store.change_status(ctx, "unarchive", target="decisions/use-postgres.json")
    assert unarchived.path == archived.path
    assert json.loads(archived.path.read_text())["record_status"] == "active"
