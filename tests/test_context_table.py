"""Staleness rules, path spellings and the context table (issue 16: staleness, file-scoped recall's table)."""

from __future__ import annotations

import os
import subprocess
import time

import pytest

from claude_memory.recall import context_table, staleness
from recall_helpers import memory, write
from store_helpers import git

NOW = time.time()


# ----------------------------------------------------------------------------- path spellings

@pytest.mark.parametrize("spelling", ["src/app.py", "./src/app.py", "src//app.py", "src/x/../app.py",
                                      "/p/src/app.py", "SRC/App.py", "src\\app.py"])
def test_every_spelling_of_a_project_file_has_one_key(spelling):
    assert context_table.path_key(spelling, "/p") == "src/app.py"


def test_files_outside_the_project_keep_an_absolute_key():
    assert context_table.path_key("../other/x.py", "/p/q") == "/p/other/x.py"
    assert context_table.path_key("/etc/hosts", "/p") == "/etc/hosts"
    assert context_table.path_key("/pq/x.py", "/p") == "/pq/x.py"  # a sibling sharing the prefix is outside
    assert context_table.path_key("  ", "/p") == ""


def test_a_tool_path_is_keyed_from_any_working_directory_and_through_symlinks(tmp_path):
    project = tmp_path / "proj"
    (project / "src").mkdir(parents=True)
    (project / "src" / "app.py").write_text("x")
    link = tmp_path / "alias"
    link.symlink_to(project)
    assert "src/app.py" in context_table.tool_path_keys("app.py", str(project / "src"), str(project))
    assert "src/app.py" in context_table.tool_path_keys(str(project / "src" / "app.py"), "/elsewhere", str(project))
    assert "src/app.py" in context_table.tool_path_keys(str(link / "src" / "app.py"), None, str(project))


# ----------------------------------------------------------------------------- the staleness rule

def test_stale_reason_rule():
    hour = 3600.0
    assert staleness.stale_reason(NOW, [("a.py", NOW - hour)], hour) == ""
    assert staleness.stale_reason(NOW, [("a.py", NOW + hour / 2)], hour) == ""  # within the grace period
    assert "a.py changed on" in staleness.stale_reason(NOW, [("a.py", NOW + 2 * hour)], hour)
    assert staleness.stale_reason(NOW, [("a.py", None)], hour) == ""  # unknown does not count
    assert staleness.stale_reason(None, [("a.py", NOW)], hour) == ""
    assert staleness.stale_reason(None, [("gone.py", staleness.MISSING)], 0) == "gone.py no longer exists"
    newest = staleness.stale_reason(0, [("a.py", 10 * 86400.0), ("b.py", 40 * 86400.0)], 0)
    assert newest.startswith("b.py changed on 1970-02-10")


def test_change_times_follow_git_history_then_the_working_tree(tmp_path):
    project = tmp_path / "p"
    project.mkdir()
    git(project, "init", "-q")
    (project / "old.py").write_text("1")
    (project / "new.py").write_text("1")
    git(project, "add", ".")
    git(project, "commit", "-qm", "one", when=NOW - 10 * 86400)
    (project / "new.py").write_text("2")
    git(project, "commit", "-qam", "two", when=NOW - 86400)
    os.utime(project / "old.py", (NOW, NOW))  # a checkout's mtime is not a change
    (project / "dirty.py").write_text("untracked")
    times = staleness.change_times(str(project), {"old.py", "new.py", "gone.py", "dirty.py"}, NOW - 5 * 86400)
    assert times["old.py"] == 0.0
    assert times["new.py"] == pytest.approx(NOW - 86400, abs=2)
    assert times["gone.py"] == staleness.MISSING
    assert times["dirty.py"] == pytest.approx(os.stat(project / "dirty.py").st_mtime)


def test_change_times_outside_git_are_modification_times(tmp_path):
    (tmp_path / "a.py").write_text("x")
    os.utime(tmp_path / "a.py", (1000, 1000))
    assert staleness.change_times(str(tmp_path), {"a.py"}, None) == {"a.py": 1000.0}


# ----------------------------------------------------------------------------- the table

def _stamp(epoch: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


@pytest.fixture
def store(memory_root, project):
    (project / "src").mkdir()
    for name in ("app.py", "db.py"):
        (project / "src" / name).write_text("x")
        os.utime(project / "src" / name, (NOW - 86400, NOW - 86400))
    recent = _stamp(NOW - 3600)
    write(memory_root, memory("decision", "app-entry", "App entry point", ["app"], related_files=["./src/app.py"],
                              updated=recent, content={"status": "accepted", "context": "c", "decision": "d",
                                                       "rationale": ["r"]}))
    write(memory_root, memory("constraint", "db-pool", "DB pool is capped at 10", ["db"],
                              related_files=[str(project / "src" / "db.py"), "src/app.py"], updated=recent,
                              content={"rule": "max 10 connections", "kind": "technical", "severity": "high"}))
    write(memory_root, memory("runbook", "old-app", "Old app runbook", ["app"], related_files=["src/app.py"],
                              status="retired", updated=recent))
    write(memory_root, memory("tech_debt", "gone", "Legacy module cleanup", ["legacy"],
                              related_files=["src/legacy.py"], updated=recent,
                              content={"status": "open", "priority": "low", "description": "d"}))
    return memory_root


def test_table_maps_each_named_file_to_its_active_memories(store):
    assert context_table.build_table(str(store))
    table = context_table.open_table(str(store))
    try:
        app = table.get("p:src/app.py")
        assert sorted(h[2] for h in app) == ["app-entry", "db-pool"]  # the retired runbook is left out
        assert [h[2] for h in table.get("p:src/db.py")] == ["db-pool"]
        assert table.get("p:src/nothing.py") is None
        assert table.get("m:decisions/app-entry")[:2] == ("decision", "App entry point")
        assert table.get("m:tech-debt/gone")[3] == "src/legacy.py no longer exists"
        assert table.get("m:runbooks/old-app") is None
        start = table.start()
        assert start["counts"] == {"decision": 1, "constraint": 1, "tech_debt": 1}
        assert start["stale"] == {"tech_debt": 1}
        assert start["constraints"][0][:3] == ("constraints/db-pool", "DB pool is capped at 10", "max 10 connections")
        assert context_table.is_current(table, str(store))
    finally:
        table.close()


def test_table_goes_out_of_date_when_a_memory_folder_changes(store):
    context_table.build_table(str(store))
    write(store, memory("decision", "another", "Another", ["x"]))
    table = context_table.open_table(str(store))
    try:
        assert not context_table.is_current(table, str(store))
    finally:
        table.close()


def test_a_file_changed_after_the_memory_makes_it_stale(store, project):
    os.utime(project / "src" / "db.py", (NOW, NOW))
    records = context_table.read_store(str(store))
    reasons = context_table.stale_reasons(str(store), records)
    assert reasons["constraints/db-pool"].startswith(str(project / "src" / "db.py") + " changed on")
    assert "decisions/app-entry" not in reasons
    (store / "memory-config.json").write_text('{"staleness": {"enabled": false}}')
    assert context_table.stale_reasons(str(store), records) == {}


@pytest.mark.parametrize("damage", [b"", b"\x00" * 8, b"\xff" * 64, b"garbage that is not a table"])
def test_a_damaged_table_is_ignored(store, damage):
    context_table.build_table(str(store))
    (store / ".staging" / context_table.TABLE_FILE).write_bytes(damage)
    assert context_table.open_table(str(store)) is None


def test_a_truncated_table_fails_cleanly(store):
    context_table.build_table(str(store))
    path = store / ".staging" / context_table.TABLE_FILE
    path.write_bytes(path.read_bytes()[:-20])
    table = context_table.open_table(str(store))
    if table is not None:
        try:
            with pytest.raises(context_table.READ_ERRORS):
                for key in ("p:src/app.py", "p:src/db.py", "m:decisions/app-entry", "m:constraints/db-pool"):
                    table.get(key)
                raise ValueError("every bucket happened to be whole")
        finally:
            table.close()


def test_a_table_through_a_symlink_is_not_read(store, tmp_path):
    context_table.build_table(str(store))
    real = tmp_path / "elsewhere.bin"
    path = store / ".staging" / context_table.TABLE_FILE
    real.write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(real)
    assert context_table.open_table(str(store)) is None


def test_key_hash_is_stable_across_processes():
    assert context_table.key_hash("a") == 0xE40C292C  # the published FNV-1a test vector
    out = subprocess.run(["python3", "-c", "import sys; sys.path.insert(0, sys.argv[1]);"
                          "from claude_memory.recall.context_table import key_hash; print(key_hash('p:src/app.py'))",
                          str(context_table.__file__).rsplit("/claude_memory/", 1)[0]],
                         capture_output=True, text=True, check=True).stdout
    assert int(out) == context_table.key_hash("p:src/app.py")


def test_start_data_picks_the_latest_session_and_strong_preferences():
    records = [
        ("sessions", "s-old", {"record_status": "active", "title": "Old", "updated_at": "2026-01-01T00:00:00Z",
                               "content": {"goal": "g", "next_actions": ["old next"]}}),
        ("sessions", "s-new", {"record_status": "active", "title": "New", "updated_at": "2026-02-01T00:00:00Z",
                               "content": {"goal": "g", "outcome": "partial", "in_progress": ["wire the api"],
                                           "blockers": ["staging db down"], "next_actions": ["ship it", 5]}}),
        ("preferences", "tabs", {"record_status": "active", "title": "Tabs", "updated_at": "2026-01-01T00:00:00Z",
                                 "content": {"strength": "strong", "value": "use tabs"}}),
        ("preferences", "soft", {"record_status": "active", "title": "Soft", "content": {"strength": "soft"}}),
        ("constraints", "off", {"record_status": "active", "title": "Off",
                                "content": {"severity": "high", "active": False, "rule": "r"}}),
        ("constraints", "retired", {"record_status": "retired", "title": "R", "content": {"severity": "high"}}),
    ]
    data = context_table.start_data(records, {"sessions/s-new": "x.py no longer exists"})
    assert data["summary"]["name"] == "sessions/s-new"
    assert (data["summary"]["open"], data["summary"]["blockers"], data["summary"]["next"]) == (
        ["wire the api"], ["staging db down"], ["ship it"])
    assert data["summary"]["stale"] == "x.py no longer exists"
    assert [p[0] for p in data["preferences"]] == ["preferences/tabs"]
    assert data["constraints"] == []
    assert data["counts"] == {"session_summary": 2, "preference": 2, "constraint": 1}
    assert data["stale"] == {"session_summary": 1}


def test_a_memory_without_record_status_counts_as_active(store, project):
    doc = memory("decision", "lenient", "Written by hand", ["x"], related_files=["src/app.py"])
    del doc["record_status"]
    write(store, doc)
    context_table.build_table(str(store))
    table = context_table.open_table(str(store))
    try:
        assert "lenient" in [h[2] for h in table.get("p:src/app.py")]
        assert table.start()["counts"]["decision"] == 2
    finally:
        table.close()
