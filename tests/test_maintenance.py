from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from claude_memory.core import config
import claude_memory.store.health as health  # the module (the package front would give the function)
from claude_memory.store import maintenance
from claude_memory.store import transaction as store
from claude_memory.store import records as store_io
from claude_memory.core.timeutil import format_ts
from claude_memory.store.validation import validate_record
from store_helpers import create, make_doc, write_json

NOW = datetime(2026, 6, 1, 12, 0, 0, tzinfo=timezone.utc)


@pytest.fixture
def ctx(memory_root: Path) -> store.StoreContext:
    return store.StoreContext(root=memory_root, config=config.load_config(None), now=NOW)


def test_rebuild_recreates_a_lost_index(ctx, memory_root):
    create(ctx)
    create(ctx, "runbook", "fix-deploy", "Fix deploy")
    good = store_io.read_index(memory_root)
    (memory_root / "index.md").unlink()
    report = maintenance.rebuild(memory_root)
    assert store_io.read_index(memory_root) == good and report["entries"] == 2 and report["written"]
    assert maintenance.rebuild(memory_root)["written"] is False


def test_rebuild_drops_lines_of_retired_and_missing_files(ctx, memory_root):
    a = create(ctx)
    b = create(ctx, id="gone", title="Gone")
    doc = json.loads(a.path.read_text())
    doc.update(record_status="retired", retired_at=format_ts(NOW), retired_reason="x")
    write_json(a.path, doc)  # retired behind the writer's back
    b.path.unlink()
    report = maintenance.rebuild(memory_root)
    assert store_io.read_index(memory_root) == ""
    assert sorted(report["dropped_lines"]) == [".claude/memory/decisions/gone.json",
                                               ".claude/memory/decisions/use-postgres.json"]


def test_rebuild_removes_orphan_temp_files(ctx, memory_root):
    create(ctx)
    temps = [memory_root / "decisions" / ".use-postgres.json.abc123.tmp", memory_root / ".index.md.x1.tmp"]
    for t in temps:
        t.write_text("{half")
    keep = memory_root / "decisions" / "notes.tmp"  # not our pattern
    keep.write_text("x")
    assert maintenance.orphan_temp_files(memory_root) == sorted(temps)
    report = maintenance.rebuild(memory_root)
    assert not any(t.exists() for t in temps) and keep.exists()
    assert len(report["removed_temp_files"]) == 2


@pytest.mark.parametrize("newer", ["renamed", "original"])
def test_rebuild_resolves_half_finished_rename_keeping_newer(ctx, memory_root, newer):
    out = create(ctx)
    saved = out.path.read_bytes()
    ctx2 = store.StoreContext(root=memory_root, config=ctx.config, now=NOW + timedelta(hours=1))
    draft = json.loads(saved)
    draft["changes"] = [{"date": format_ts(NOW), "summary": "renamed"}]
    draft["title"] = "Adopt SQLite everywhere now"
    new = store.update(ctx2, validate_record(draft), target=str(out.path))
    out.path.write_bytes(saved)  # as if the crash came before the old file was removed
    if newer == "original":
        doc = json.loads(saved)
        doc["updated_at"] = format_ts(NOW + timedelta(days=1))
        write_json(out.path, doc)
    assert any("half-finished rename" in p["problem"] for p in maintenance.validate(memory_root))
    report = maintenance.rebuild(memory_root)
    kept, removed = (new.path, out.path) if newer == "renamed" else (out.path, new.path)
    assert kept.exists() and not removed.exists()
    assert report["resolved_renames"] == [{"removed": str(removed), "kept": str(kept)}]
    assert maintenance.validate(memory_root) == []


def test_validate_clean_store(ctx, memory_root):
    create(ctx)
    assert maintenance.validate(memory_root) == []


@pytest.mark.parametrize("damage, expect", [
    ("invalid_json", "invalid"),
    ("schema", "invalid"),
    ("id_mismatch", "invalid"),
    ("missing_line", "missing line"),
    ("stale_line", "not an active memory"),
    ("stale_title", "stale title"),
    ("unsorted", "canonical"),
])
def test_validate_finds_problems(ctx, memory_root, damage, expect):
    out = create(ctx)
    create(ctx, id="b-second", title="B second")
    index = memory_root / "index.md"
    if damage == "invalid_json":
        out.path.write_text("{nope")
    elif damage == "schema":
        doc = json.loads(out.path.read_text())
        doc["confidence"] = 7
        write_json(out.path, doc)
    elif damage == "id_mismatch":
        shutil.copy(out.path, out.path.with_name("copy.json"))
    elif damage == "missing_line":
        index.write_text("")
    elif damage == "stale_line":
        index.write_text(index.read_text() + "- [DECISION] Ghost -> .claude/memory/decisions/ghost.json\n")
    elif damage == "stale_title":
        index.write_text(index.read_text().replace("Use Postgres", "Use Oracle"))
    elif damage == "unsorted":
        index.write_text("".join(reversed(index.read_text().splitlines(keepends=True))))
    problems = maintenance.validate(memory_root)
    assert problems and any(expect in p["problem"] for p in problems), problems


def test_gc_purges_only_retired_past_grace(ctx, memory_root):
    old = create(ctx, id="old", title="Old")
    recent = create(ctx, id="recent", title="Recent")
    arch = create(ctx, id="arch", title="Arch")
    store.change_status(ctx, "delete", target=str(old.path))
    store.change_status(ctx, "archive", target=str(arch.path))
    later = NOW + timedelta(days=31)
    ctx_l = store.StoreContext(root=memory_root, config=ctx.config, now=later - timedelta(days=2))
    store.change_status(ctx_l, "delete", target=str(recent.path))
    report = maintenance.gc(memory_root, ctx.config, now=later)
    assert report["purged"] == [str(old.path)]
    assert not old.path.exists() and recent.path.exists() and arch.path.exists()
    assert maintenance.validate(memory_root) == []


def test_gc_archives_instead_when_configured(ctx, memory_root):
    out = create(ctx)
    store.change_status(ctx, "delete", target=str(out.path))
    cfg = config.deep_merge(ctx.config, {"delete": {"archive_retired": True, "grace_period_days": 0}})
    report = maintenance.gc(memory_root, cfg, now=NOW)
    assert report["archived"] == [str(out.path)]
    doc = json.loads(out.path.read_text())
    assert doc["record_status"] == "archived"
    # retired -> archived is not a transition: gc goes through the table (restore, then archive)
    assert [c.get("new_value") for c in doc["changes"] if c.get("field") == "record_status"] == \
        ["retired", "active", "archived"]


def test_health_report(ctx, memory_root):
    a = create(ctx)
    b = create(ctx, "runbook", "fix-deploy", "Fix deploy")
    draft = json.loads(a.path.read_text())
    draft["changes"] = [{"date": format_ts(NOW), "summary": "more"}]
    store.update(ctx, validate_record(draft), target=str(a.path))
    store.change_status(ctx, "delete", target=str(b.path), reason="fixed upstream")
    h = health.health(memory_root)
    assert h["total"] == 2
    assert h["counts"]["decision"]["active"] == 1 and h["counts"]["runbook"]["retired"] == 1
    assert h["most_updated"][0]["id"] == "use-postgres" and h["most_updated"][0]["times_updated"] == 1
    assert h["recent_retirements"][0]["retired_reason"] == "fixed upstream"
    assert h["index_drift"] == [] and h["invalid_files"] == []
    (memory_root / "index.md").write_text("")
    assert health.health(memory_root)["index_drift"]


def test_list_archived_and_query(ctx, memory_root):
    a = create(ctx)
    create(ctx, "runbook", "fix-deploy", "Fix deploy", tags=["deploy"])
    store.change_status(ctx, "archive", target=str(a.path), reason="superseded")
    archived = health.list_archived(memory_root)
    assert [(m["id"], m["archived_reason"]) for m in archived] == [("use-postgres", "superseded")]
    from claude_memory.recall import search

    hits = search(str(memory_root), "deploy restart")
    assert hits[0]["id"] == "fix-deploy" and hits[0]["score"] > 0
    # The search command searches active memories only, as its command text says (it used to
    # return archived ones).
    assert search(str(memory_root), "postgres") == []
    assert search(str(memory_root), "zzz") == []


@pytest.mark.parametrize("stated, folder, extra", [
    ("runbook", "decisions", {}),
    ("tech_debt", "preferences", {}),  # a folder name that is not the category's (tech-debt/)
    ("runbook", "decisions", {"title": "Déployer à nouveau: 回滚"}),  # non-English title
])
def test_a_memory_in_the_wrong_folder_is_advised_to_move_where_its_category_lives(memory_root, stated, folder,
                                                                                   extra):
    """The content's category is the author's intent: the advice is to move the file to that category's
    folder (never to set "category" to the folder's, which would not fit the content either)."""
    from claude_memory.core.categories import FOLDERS, category_of_folder
    from store_helpers import make_doc

    path = memory_root / folder / "misfiled.json"
    path.parent.mkdir(parents=True)
    write_json(path, make_doc(stated, id="misfiled", **extra))
    [problem] = maintenance.validate(memory_root, check_git=False)
    want = (f"it is a {stated!r} memory in the wrong folder: move it to .claude/memory/{FOLDERS[stated]}/misfiled.json "
            "(git mv, when git tracks it), then run memory_index.py --rebuild")
    assert problem["fix"] == want
    assert f"Fix: it is a {stated!r} memory in the wrong folder: move it to " \
           f"{memory_root / FOLDERS[stated] / 'misfiled.json'} " in problem["problem"]  # the field's own says so too
    assert f"set \"category\" to {category_of_folder(folder)!r}" not in problem["problem"] + problem["fix"]


def test_unreadable_explains_each_file_as_validate_does_and_asks_git_nothing_for_none(memory_root, monkeypatch):
    write_json(memory_root / "decisions" / "use-postgres.json", make_doc())
    moved = write_json(memory_root / "runbooks" / "moved.json", make_doc(id="moved", title="Moved"))
    broken = memory_root / "decisions" / "kaputt-ü.json"
    broken.write_text("{", encoding="utf-8")
    problems = {p["path"]: p for p in maintenance.validate(memory_root, check_git=False)}
    monkeypatch.setattr(maintenance.gitmerge, "unmerged", lambda root: pytest.fail("git asked"))
    assert maintenance.unreadable(memory_root, []) == []
    got = maintenance.unreadable(memory_root, [(broken, "bad json"), (moved, "wrong category")], use_git=False)
    assert [g["path"] for g in got] == [str(broken), str(moved)]
    assert got[1]["fix"] == problems[str(moved)]["fix"] and "decisions/moved.json" in got[1]["fix"]
    assert got[0]["fix"] == problems[str(broken)]["fix"] and got[0]["problem"] == "invalid: bad json"
