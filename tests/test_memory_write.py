"""Black-box tests of hooks/scripts/memory_write.py, run as Claude Code runs it."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from store_helpers import create, make_doc, md5, snapshot, write_json

SCRIPT = "memory_write.py"
TARGET = ".claude/memory/decisions/use-postgres.json"


@pytest.fixture
def draft(project: Path):
    def make(name: str = "draft.json", **over) -> Path:
        return write_json(project / name, make_doc(**over))
    return make


@pytest.fixture
def created(run_script, draft, memory_root):
    res = run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(draft()), check=True)
    return res.json()


def _update_draft(project: Path, memory_root: Path, name="u.json", **over) -> Path:
    doc = json.loads((memory_root / "decisions" / "use-postgres.json").read_text())
    doc["changes"] = [*doc["changes"], {"date": "2026-06-01T00:00:00Z", "summary": "edit"}]
    doc.update(over)
    return write_json(project / name, doc)


def test_create_prints_one_json_line(run_script, draft, memory_root):
    res = run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(draft()), check=True)
    lines = res.stdout.splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    path = memory_root / "decisions" / "use-postgres.json"
    assert out == {"ok": True, "action": "create", "path": str(path.resolve()), "id": "use-postgres",
                   "warnings": [], "hash": md5(path)}
    assert (memory_root / "index.md").read_text().startswith("- [DECISION] Use Postgres for storage -> ")


def test_autofix_notes_on_stderr(run_script, project, memory_root):
    doc = make_doc(id="Use Postgres", tags="DB, storage")
    del doc["schema_version"], doc["created_at"]
    path = write_json(project / "d.json", doc)
    res = run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(path), check=True)
    assert "auto-fix:" in res.stderr and "schema_version" in res.stderr
    assert res.json()["id"] == "use-postgres"


def test_update_with_hash_then_stale_hash_conflicts(run_script, project, memory_root, created):
    upd = _update_draft(project, memory_root, title="Use Postgres for all storage")
    res = run_script(SCRIPT, "--action", "update", "--target", TARGET, "--input", str(upd), "--hash", created["hash"],
                     check=True)
    assert res.json()["hash"] == md5(memory_root / "decisions" / "use-postgres.json")
    before = snapshot(memory_root)
    upd2 = _update_draft(project, memory_root, name="u2.json")
    res = run_script(SCRIPT, "--action", "update", "--target", TARGET, "--input", str(upd2), "--hash", created["hash"])
    assert res.returncode != 0 and "OCC_CONFLICT" in res.stderr and res.stdout == ""
    assert snapshot(memory_root) == before


def test_update_rename_reported(run_script, project, memory_root, created):
    upd = _update_draft(project, memory_root, title="Adopt SQLite everywhere now")
    res = run_script(SCRIPT, "--action", "update", "--target", TARGET, "--input", str(upd), check=True)
    assert res.json()["id"] == "adopt-sqlite-everywhere-now"
    assert any("renamed" in w for w in res.json()["warnings"])


@pytest.mark.parametrize("action, status", [("delete", "retired"), ("archive", "archived")])
def test_lifecycle_actions(run_script, memory_root, created, action, status):
    res = run_script(SCRIPT, "--action", action, "--target", TARGET, "--reason", "done", check=True)
    assert res.json()["action"] == action
    doc = json.loads((memory_root / "decisions" / "use-postgres.json").read_text())
    assert doc["record_status"] == status
    assert (memory_root / "index.md").read_text() == ""
    back = "restore" if action == "delete" else "unarchive"
    res = run_script(SCRIPT, "--action", back, "--target", TARGET, check=True)
    assert "use-postgres" in (memory_root / "index.md").read_text()


def test_delete_twice_is_a_lifecycle_error(run_script, memory_root, created):
    assert run_script(SCRIPT, "--action", "delete", "--target", TARGET).returncode == 0
    before = snapshot(memory_root)
    res = run_script(SCRIPT, "--action", "delete", "--target", TARGET)
    assert res.returncode == 1 and "LIFECYCLE_ERROR" in res.stderr and "already retired" in res.stderr
    assert res.stdout == "" and snapshot(memory_root) == before


_ALLOWED = {("active", "delete"): "retired", ("active", "archive"): "archived",
            ("retired", "restore"): "active", ("archived", "unarchive"): "active"}
_INTO = {"active": [], "retired": ["delete"], "archived": ["archive"]}


@pytest.mark.parametrize("status", ["active", "retired", "archived"])
@pytest.mark.parametrize("action", ["delete", "archive", "unarchive", "restore"])
def test_lifecycle_matrix_through_the_writer(run_script, memory_root, created, status, action):
    """Each status x each action through the real script: the four allowed transitions work,
    every other one is LIFECYCLE_ERROR (exit 1) and leaves the store byte for byte as it was."""
    for step in _INTO[status]:
        assert run_script(SCRIPT, "--action", step, "--target", TARGET).returncode == 0
    path = memory_root / "decisions" / "use-postgres.json"
    before = snapshot(memory_root)
    res = run_script(SCRIPT, "--action", action, "--target", TARGET, "--reason", "matrix")
    if (status, action) in _ALLOWED:
        assert res.returncode == 0, res.stderr
        new = _ALLOWED[(status, action)]
        assert json.loads(path.read_text())["record_status"] == new
        listed = "use-postgres" in (memory_root / "index.md").read_text()
        assert listed is (new == "active")
    else:
        assert res.returncode == 1 and "LIFECYCLE_ERROR" in res.stderr and res.stdout == ""
        assert snapshot(memory_root) == before


def test_update_of_archived_memory_refused(run_script, project, memory_root, created):
    assert run_script(SCRIPT, "--action", "archive", "--target", TARGET).returncode == 0
    upd = _update_draft(project, memory_root)
    before = snapshot(memory_root)
    res = run_script(SCRIPT, "--action", "update", "--target", TARGET, "--input", str(upd))
    assert res.returncode == 1 and "LIFECYCLE_ERROR" in res.stderr and "unarchive" in res.stderr
    assert snapshot(memory_root) == before


def test_staging_draft_removed_other_input_kept(run_script, project, memory_root):
    outside = write_json(project / "by-hand.json", make_doc(id="a", title="A"))
    assert run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(outside)).returncode == 0
    assert outside.exists()
    staged = write_json(memory_root / ".staging" / "abc" / "draft-decision.json", make_doc(id="b", title="B"))
    run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(staged), check=True)
    assert not staged.exists()


def test_staging_draft_kept_on_failure(run_script, memory_root):
    staged = write_json(memory_root / ".staging" / "abc" / "draft-decision.json", make_doc(confidence="high"))
    res = run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(staged))
    assert res.returncode != 0 and staged.exists()


def test_rolling_window_via_cli(run_script, project, memory_root):
    write_json(memory_root / "memory-config.json", {"categories": {"session_summary": {"max_retained": 2}}})
    for i in range(3):
        d = write_json(project / f"s{i}.json", make_doc("session_summary", f"s{i}", f"Session {i}",
                                                         created_at=f"2026-05-0{i + 1}T00:00:00Z"))
        res = run_script(SCRIPT, "--action", "create", "--category", "session_summary", "--input", str(d), check=True)
    assert "retired session s0" in res.stderr
    assert json.loads((memory_root / "sessions" / "s0.json").read_text())["record_status"] == "retired"


# ---- every error path leaves the store byte-for-byte unchanged


def _setup_errors(project: Path, memory_root: Path) -> dict[str, Path]:
    """A store with one active, one retired (just now) and one archived memory, plus input files.
    Built in-process (the writer's own CLI path is covered above) to keep this fast."""
    from claude_memory.core import config
    from claude_memory.store import transaction as store

    ctx = store.StoreContext(root=memory_root, config=config.load_config(memory_root))
    files = {}
    for id_, title in (("use-postgres", "Use Postgres for storage"), ("old", "Old"), ("arch", "Arch")):
        create(ctx, id=id_, title=title)
    store.change_status(ctx, "delete", target=str(memory_root / "decisions" / "old.json"))
    store.change_status(ctx, "archive", target=str(memory_root / "decisions" / "arch.json"))
    files["dup"] = write_json(project / "dup.json", make_doc())
    files["old"] = write_json(project / "old.json", make_doc(id="old", title="Old"))
    files["arch"] = write_json(project / "arch-new.json", make_doc(id="arch", title="Arch"))
    files["invalid"] = write_json(project / "invalid.json", make_doc(id="fresh", confidence="very", tags=[]))
    files["unknown"] = write_json(project / "unknown.json", make_doc(id="fresh", colour="blue"))
    files["wrongcat"] = write_json(project / "wrongcat.json", make_doc("runbook", id="fresh"))
    files["notjson"] = project / "notjson.json"
    files["notjson"].write_text("{not json")
    files["array"] = project / "array.json"
    files["array"].write_text("[1, 2]")
    files["huge"] = project / "huge.json"
    files["huge"].write_text(" " * 1_000_001 + "{}")
    files["nochange"] = write_json(project / "nochange.json",
                                   json.loads((memory_root / "decisions" / "use-postgres.json").read_text()))
    files["fifo"] = project / "fifo"
    os.mkfifo(files["fifo"])
    files["dir"] = project / "adir"
    files["dir"].mkdir()
    (project / "outside.json").write_text("{}")
    files["upd"] = write_json(project / "upd.json", {**make_doc(), "changes": [
        {"date": "2026-06-01T00:00:00Z", "summary": "edit"}]})
    return files


ERROR_CASES = [
    ("ALREADY_EXISTS", ["--action", "create", "--category", "decision", "--input", "{dup}"]),
    ("ANTI_RESURRECTION_ERROR", ["--action", "create", "--category", "decision", "--input", "{old}"]),
    ("ALREADY_EXISTS", ["--action", "create", "--category", "decision", "--input", "{arch}"]),
    ("VALIDATION_ERROR", ["--action", "create", "--category", "decision", "--input", "{invalid}"]),
    ("VALIDATION_ERROR", ["--action", "create", "--category", "decision", "--input", "{unknown}"]),
    ("VALIDATION_ERROR", ["--action", "create", "--category", "decision", "--input", "{wrongcat}"]),
    ("INPUT_ERROR", ["--action", "create", "--category", "decision", "--input", "{notjson}"]),
    ("INPUT_ERROR", ["--action", "create", "--category", "decision", "--input", "{array}"]),
    ("INPUT_ERROR", ["--action", "create", "--category", "decision", "--input", "{huge}"]),
    ("INPUT_ERROR", ["--action", "create", "--category", "decision", "--input", "{fifo}"]),
    ("INPUT_ERROR", ["--action", "create", "--category", "decision", "--input", "{dir}"]),
    ("INPUT_ERROR", ["--action", "create", "--category", "decision", "--input", "/nonexistent/x.json"]),
    ("USAGE_ERROR", ["--action", "create", "--input", "{dup}"]),
    ("USAGE_ERROR", ["--action", "create", "--category", "decision"]),
    ("USAGE_ERROR", ["--action", "explode", "--target", "x"]),
    ("USAGE_ERROR", ["--action", "create", "--category", "nonsense", "--input", "{dup}"]),
    ("USAGE_ERROR", ["--action", "update", "--category", "decision", "--input", "{upd}"]),
    ("USAGE_ERROR", ["--action", "delete"]),
    ("USAGE_ERROR", ["--bogus"]),
    ("OCC_CONFLICT", ["--action", "update", "--target", TARGET, "--input", "{upd}", "--hash", "0" * 32]),
    ("OCC_CONFLICT", ["--action", "delete", "--target", TARGET, "--hash", "f" * 32]),
    ("VALIDATION_ERROR", ["--action", "update", "--target", TARGET, "--input", "{nochange}"]),
    ("VALIDATION_ERROR", ["--action", "update", "--target", TARGET, "--input", "{wrongcat}"]),
    ("LIFECYCLE_ERROR", ["--action", "update", "--target", ".claude/memory/decisions/old.json", "--input", "{upd}"]),
    ("LIFECYCLE_ERROR", ["--action", "archive", "--target", ".claude/memory/decisions/old.json"]),
    ("LIFECYCLE_ERROR", ["--action", "restore", "--target", ".claude/memory/decisions/arch.json"]),
    ("LIFECYCLE_ERROR", ["--action", "unarchive", "--target", ".claude/memory/decisions/old.json"]),
    ("NOT_FOUND", ["--action", "update", "--target", ".claude/memory/decisions/nope.json", "--input", "{upd}"]),
    ("NOT_FOUND", ["--action", "delete", "--target", ".claude/memory/decisions/nope.json"]),
    ("PATH_ERROR", ["--action", "delete", "--target", "../outside.json"]),
    ("PATH_ERROR", ["--action", "delete", "--target", "{project}/outside.json"]),
    ("PATH_ERROR", ["--action", "delete", "--target", ".claude/memory/../../outside.json"]),
    ("PATH_ERROR", ["--action", "delete", "--target", ".claude/memory/runbooks/use-postgres.json",
                    "--category", "decision"]),
    ("PATH_ERROR", ["--action", "delete", "--target", ".claude/memory/index.md"]),
    ("PATH_ERROR", ["--action", "create", "--category", "decision", "--input", "{dup}",
                    "--target", ".claude/memory/decisions/another.json"]),
    ("PATH_ERROR", ["--action", "delete", "--target", ".claude/memory/decisions/link.json"]),
]


@pytest.mark.parametrize("code, argv", ERROR_CASES, ids=[f"{i}-{c}" for i, (c, _) in enumerate(ERROR_CASES)])
def test_error_paths_change_nothing(run_script, project, memory_root, code, argv):
    files = _setup_errors(project, memory_root)
    (memory_root / "decisions" / "link.json").symlink_to(project / "outside.json")
    args = [a.format(project=project, **files) for a in argv]
    before = snapshot(memory_root)
    inputs_before = {k: p.read_bytes() for k, p in files.items() if p.is_file()}
    res = run_script(SCRIPT, *args)
    assert res.returncode != 0
    assert res.stdout == ""
    assert code in res.stderr, res.stderr
    last = res.stderr.strip().splitlines()[-1]
    assert json.loads(last)["error"] == code
    assert snapshot(memory_root) == before
    assert {k: p.read_bytes() for k, p in files.items() if p.is_file()} == inputs_before


def test_validation_error_lists_problems(run_script, project):
    bad = write_json(project / "bad.json", make_doc(confidence="very"))
    res = run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(bad))
    err = json.loads(res.stderr.strip().splitlines()[-1])
    assert err["error"] == "VALIDATION_ERROR"
    assert {"field", "expected", "got", "fix"} <= set(err["problems"][0])


def test_lock_timeout_changes_nothing(run_script, project, memory_root, created):
    import subprocess
    import sys
    repo = Path(__file__).resolve().parent.parent
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys,time; sys.path.insert(0, sys.argv[2]);"
        "from claude_memory.store.lock import store_lock\n"
        "with store_lock(sys.argv[1], timeout=5):\n print('held', flush=True); time.sleep(30)"),
        str(memory_root), str(repo)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        before = snapshot(memory_root)
        res = run_script(SCRIPT, "--action", "delete", "--target", TARGET,
                         env={"CLAUDE_MEMORY_LOCK_TIMEOUT": "0.3"})
        assert res.returncode != 0 and "LOCK_TIMEOUT" in res.stderr
        assert snapshot(memory_root) == before
    finally:
        holder.kill()
        holder.wait()


def test_default_root_found_from_subfolder(run_script, project, draft, memory_root):
    sub = project / "src" / "deep"
    sub.mkdir(parents=True)
    res = run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(draft()), cwd=sub)
    assert res.returncode == 0 and Path(res.json()["path"]).parent.parent == memory_root.resolve()


def test_explicit_root(run_script, draft, tmp_path):
    root = tmp_path / "elsewhere" / ".claude" / "memory"
    run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(draft()),
               "--root", str(root), check=True)
    assert (root / "decisions" / "use-postgres.json").exists()


def test_a_disabled_category_is_refused_and_nothing_written(run_script, draft, memory_root):
    memory_root.mkdir(parents=True)
    (memory_root / "memory-config.json").write_text(json.dumps({"categories": {"decision": {"enabled": False}}}))
    before = snapshot(memory_root)
    res = run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(draft()))
    assert res.returncode == 1
    assert "INPUT_ERROR" in res.stderr and "categories.decision.enabled" in res.stderr
    assert snapshot(memory_root) == before


# --------------------------------------------------------------------------- German and Japanese drafts


def _sha8(text: str) -> str:
    import hashlib

    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


@pytest.mark.parametrize("title, tags, expected_id, queries", [
    ("Größenbeschränkung für Uploads", ["größe", "Übertragung", "テスト"], "grossenbeschrankung-fur-uploads",
     ["größe", "GRÖSSE", "Größenbeschränkung", "テスト"]),
    ("テストはpytestで書く", ["テスト", "品質"], "pytest-" + _sha8("テストはpytestで書く"), ["テスト", "品質", "pytest"]),
    ("日本語だけのタイトル", ["設定"], "decision-" + _sha8("日本語だけのタイトル"), ["タイトル", "設定"]),
])
def test_a_non_english_draft_without_an_id_is_written_and_found(run_script, project, memory_root, title, tags,
                                                                 expected_id, queries):
    doc = make_doc(title=title, tags=tags)
    del doc["id"]
    doc["content"]["decision"] = "Nur bis 10 MB; 上限は10MB"
    draft = write_json(project / "draft.json", doc)
    res = run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(draft), check=True)
    assert res.json()["id"] == expected_id
    path = memory_root / "decisions" / f"{expected_id}.json"
    stored = json.loads(path.read_text("utf-8"))
    assert stored["title"] == title and stored["tags"] == [t.lower() for t in tags]
    assert f"#tags:{','.join(t.lower() for t in tags)}" in (memory_root / "index.md").read_text("utf-8")
    for query in queries:
        found = run_script("memory_index.py", "--query", query, "--json", check=True).json()
        assert [h["id"] for h in found["hits"]] == [expected_id], query
    assert run_script("memory_index.py", "--validate", check=True).returncode == 0
    # the same title written again gets the same id: the writer refuses a second file of that name
    again = run_script(SCRIPT, "--action", "create", "--category", "decision", "--input",
                       str(write_json(project / "again.json", doc)))
    assert again.returncode != 0 and expected_id in again.stdout + again.stderr


# ---- the writer stamps the timestamps of Claude's drafts (an injected clock: no sleep, no wall time)

from datetime import datetime, timezone  # noqa: E402

T1 = datetime(2027, 3, 4, 5, 6, 7, tzinfo=timezone.utc)
T2 = datetime(2027, 9, 10, 11, 12, 13, tzinfo=timezone.utc)
#: what a draft may say: the skill's old example date (copied by Claude), a future one, no timestamp at all
DRAFT_DATES = ["2026-05-01T10:00:00Z", "2099-12-31T23:59:59Z", "1970-01-01T00:00:00+05:00", "yesterday", "",
               None, 17, "2026-05-01T10:00:00", "二〇二六年五月一日"]


@pytest.fixture
def clock(monkeypatch):
    """The writer's clock: ``clock.now`` is the time of every write the writer makes after it is set."""
    from claude_memory import store

    class Clock:
        now = T1

    real = store.open_store

    def open_store(root):
        ctx = real(root)
        ctx.now = Clock.now
        return ctx

    monkeypatch.setattr(store, "open_store", open_store)
    return Clock


def _in_process(capsys, *argv: str, keep_timestamps: bool = False) -> dict:
    from claude_memory.cli import memory_write

    code = memory_write.main(list(argv), keep_timestamps=keep_timestamps)
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out.splitlines()[-1])


def _stored(path) -> dict:
    return json.loads(Path(path).read_text())


@pytest.mark.parametrize("created, updated", [(d, d) for d in DRAFT_DATES] + [
    ("2026-05-01T10:00:00Z", "2099-01-01T00:00:00Z"), ("2099-01-01T00:00:00Z", "2026-05-01T10:00:00Z")])
def test_create_stamps_now_whatever_the_draft_says(project, memory_root, capsys, clock, created, updated):
    draft = write_json(project / "d.json", make_doc(created_at=created, updated_at=updated))
    made = _in_process(capsys, "--root", str(memory_root), "--action", "create", "--category", "decision",
                       "--input", str(draft))
    doc = _stored(made["path"])
    assert (doc["created_at"], doc["updated_at"]) == ("2027-03-04T05:06:07Z", "2027-03-04T05:06:07Z")


@pytest.mark.parametrize("date", DRAFT_DATES)
def test_update_keeps_the_stored_created_at_and_stamps_updated_at_now(project, memory_root, capsys, clock, date):
    draft = write_json(project / "d.json", make_doc())
    made = _in_process(capsys, "--root", str(memory_root), "--action", "create", "--category", "decision",
                       "--input", str(draft))
    clock.now = T2
    doc = _stored(made["path"])
    doc.update(created_at=date, updated_at=date, title="Use Postgres for all storage",
               changes=[{"date": "2026-06-01T00:00:00Z", "summary": "all storage"}])
    upd = write_json(project / "u.json", doc)
    _in_process(capsys, "--root", str(memory_root), "--action", "update", "--target", made["path"],
                "--input", str(upd), "--hash", made["hash"])
    after = _stored(made["path"])
    assert (after["created_at"], after["updated_at"]) == ("2027-03-04T05:06:07Z", "2027-09-10T11:12:13Z")


def test_a_batch_create_is_stamped_too(project, memory_root, capsys, clock):
    import io

    batch = json.dumps([{"action": "create", "category": "decision",
                         "draft": make_doc(created_at="2026-05-01T10:00:00Z", updated_at="2099-01-01T00:00:00Z")}])
    real_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(batch.encode()))
    try:
        out = _in_process(capsys, "--root", str(memory_root), "--batch", "-")
    finally:
        sys.stdin = real_stdin
    doc = _stored(out["results"][0]["path"])
    assert (doc["created_at"], doc["updated_at"]) == ("2027-03-04T05:06:07Z", "2027-03-04T05:06:07Z")


def test_moving_or_importing_a_record_keeps_its_dates(project, memory_root, capsys, clock):
    # the in-process callers that move or import an existing record keep the dates they give
    draft = write_json(project / "d.json", make_doc(created_at="2025-01-02T03:04:05Z",
                                                   updated_at="2025-06-07T08:09:10Z"))
    made = _in_process(capsys, "--root", str(memory_root), "--action", "create", "--category", "decision",
                       "--input", str(draft), keep_timestamps=True)
    doc = _stored(made["path"])
    assert (doc["created_at"], doc["updated_at"]) == ("2025-01-02T03:04:05Z", "2025-06-07T08:09:10Z")


def test_the_command_line_stamps_a_copied_example_date(run_script, project, memory_root):
    # as Claude runs it: the draft's example date (past) and a future one are not kept
    for i, date in enumerate(("2026-05-01T10:00:00Z", "2099-12-31T23:59:59Z")):
        draft = write_json(project / f"d{i}.json", make_doc(id=f"use-postgres-{i}", created_at=date, updated_at=date))
        made = run_script(SCRIPT, "--action", "create", "--category", "decision", "--input", str(draft),
                          check=True).json()
        doc = _stored(made["path"])
        assert doc["created_at"] != date and doc["created_at"] == doc["updated_at"]
