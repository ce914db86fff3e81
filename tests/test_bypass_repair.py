"""Changes made around the writer are found and repaired (issue 14 §3).

Each bypass class runs for real (a shell command in a temporary project), then the
PostToolUse hook runs as Claude Code runs it after a Bash call. The store must end as
the writer left it, or with the change reported and repaired, and nothing lost: every
byte moved out of the way is kept under ``.staging``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from claude_memory.store import integrity, maintenance
from claude_memory.cli import memory_write
from claude_memory.core import manifest as mf
from store_helpers import git, make_doc, snapshot, teammate_clone, write_json

TARGET = "decisions/use-postgres.json"


def _create(project: Path, root: Path, capsys, **over) -> dict:
    draft = write_json(project / "draft.json", make_doc(**over))
    assert memory_write.main(["--root", str(root), "--action", "create", "--category", "decision",
                              "--input", str(draft)]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def store(project, memory_root, capsys):
    """Two memories written by the writer; returns the store's memory files and index as the writer left them."""
    _create(project, memory_root, capsys)
    _create(project, memory_root, capsys, id="no-orm", title="No ORM, plain SQL")
    return _memory_state(memory_root)


def _memory_state(root: Path) -> dict:
    return {rel: data for rel, data in snapshot(root).items()
            if not rel.startswith(".staging") and data != "dir" and not rel.startswith(".")
            and rel != ".gitignore"}


def _sh(project: Path, command: str) -> None:
    subprocess.run(command, shell=True, cwd=project, check=True, capture_output=True)


def _after_bash(run_script, project: Path, command: str) -> dict | None:
    res = run_script("memory_validate_hook.py", stdin={
        "session_id": "s1", "cwd": str(project), "hook_event_name": "PostToolUse", "tool_name": "Bash",
        "tool_input": {"command": command}, "tool_response": {"stdout": "", "stderr": ""}})
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    return json.loads(res.stdout) if res.stdout.strip() else None


def _set_aside(root: Path) -> dict[str, bytes]:
    folder = root / ".staging" / integrity.SET_ASIDE
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()} if folder.exists() else {}


def test_the_writer_records_a_manifest_and_last_good_copies(store, memory_root):
    recorded = mf.read_manifest(str(memory_root))
    assert set(recorded) == {TARGET, "decisions/no-orm.json", "index.md"}
    assert not mf.compare(recorded, mf.scan(str(memory_root)))
    for rel in (TARGET, "decisions/no-orm.json"):
        digest = recorded[rel][1]
        assert integrity.copy_path(memory_root, digest).read_bytes() == (memory_root / rel).read_bytes()
    # private: inside the git-ignored staging place
    assert ".staging/" in (memory_root / ".gitignore").read_text()


def test_nothing_changed_answers_nothing(run_script, project, store, memory_root):
    assert _after_bash(run_script, project, "ls -la .claude/memory") is None
    assert _memory_state(memory_root) == store


@pytest.mark.parametrize("command", [
    f"echo x > .claude/memory/{TARGET}",
    f"printf '{{}}' > .claude/memory/{TARGET}",
    f"cp .claude/memory/decisions/no-orm.json .claude/memory/{TARGET}",
    f"sed -i 's/Use Postgres for storage/Use Mongo/' .claude/memory/{TARGET}",
    f"python3 -c \"import sys; open(sys.argv[1], 'a').write(' ')\" .claude/memory/{TARGET}",
    f"cat /dev/null > .claude/memory/{TARGET}",
])
def test_an_overwritten_memory_is_restored_and_the_change_kept_aside(run_script, project, store, memory_root, command):
    before = (memory_root / TARGET).read_bytes()
    _sh(project, command)
    changed = (memory_root / TARGET).read_bytes()
    assert changed != before
    answer = _after_bash(run_script, project, command)
    assert answer is not None and answer["decision"] == "block"
    assert TARGET in answer["reason"] and "memory_write.py" in answer["reason"] and "--action update" in answer["reason"]
    assert _memory_state(memory_root) == store
    assert list(_set_aside(memory_root).values()) == [changed]  # nothing lost
    assert maintenance.validate(memory_root) == []
    assert _after_bash(run_script, project, "true") is None  # repaired: quiet again


@pytest.mark.parametrize("command", [f"rm .claude/memory/{TARGET}", f"rm -f .claude/memory/decisions/*.json",
                                     "rm -rf .claude/memory/decisions", f"mv .claude/memory/{TARGET} ../elsewhere.json"])
def test_a_deleted_memory_is_restored(run_script, project, store, memory_root, command):
    _sh(project, command)
    answer = _after_bash(run_script, project, command)
    assert answer is not None and "restored" in answer["reason"]
    assert _memory_state(memory_root) == store
    assert maintenance.validate(memory_root) == []


def test_a_renamed_memory_is_put_back_and_the_copy_under_the_new_name_quarantined(run_script, project, store,
                                                                                   memory_root):
    _sh(project, f"mv .claude/memory/{TARGET} .claude/memory/decisions/renamed.json")
    answer = _after_bash(run_script, project, "mv")
    assert answer is not None
    state = _memory_state(memory_root)
    moved = [rel for rel in state if "renamed.json.invalid." in rel]
    assert len(moved) == 1 and state[moved[0]] == store[TARGET]  # kept, out of readers' way
    assert {rel: v for rel, v in state.items() if rel not in moved} == store


def test_a_new_invalid_file_is_quarantined(run_script, project, store, memory_root):
    _sh(project, "echo x > .claude/memory/decisions/a.json")
    answer = _after_bash(run_script, project, "echo")
    assert answer is not None and "decisions/a.json" in answer["reason"] and "not a valid decision" in answer["reason"]
    state = _memory_state(memory_root)
    quarantined = [rel for rel in state if rel.startswith("decisions/a.json.invalid.")]
    assert len(quarantined) == 1 and state[quarantined[0]] == b"x\n"
    assert {rel: v for rel, v in state.items() if rel not in quarantined} == store


def test_a_new_valid_memory_is_kept_finished_and_indexed(run_script, project, store, memory_root):
    doc = make_doc(id="use-redis", title="Use Redis\u200b for caching", tags=["cache"])
    write_json(project / "outside.json", doc)
    _sh(project, "cp outside.json .claude/memory/decisions/use-redis.json")
    answer = _after_bash(run_script, project, "cp")
    assert answer is not None and "valid memory" in answer["reason"]
    kept = json.loads((memory_root / "decisions" / "use-redis.json").read_text())
    assert kept["title"] == "Use Redis for caching"  # through the writer's finishing
    assert "decisions/use-redis.json" in (memory_root / "index.md").read_text()
    assert maintenance.validate(memory_root) == []
    assert _after_bash(run_script, project, "true") is None


@pytest.mark.parametrize("command", ["echo notes > .claude/memory/decisions/notes.txt",
                                     "ln -s /etc/hostname .claude/memory/decisions/link.json",
                                     "echo '{}' > '.claude/memory/decisions/Bad Name.json'"])
def test_a_stray_file_is_moved_aside(run_script, project, store, memory_root, command):
    _sh(project, command)
    answer = _after_bash(run_script, project, command)
    assert answer is not None and "moved to" in answer["reason"]
    assert _memory_state(memory_root) == store
    assert _set_aside(memory_root)  # kept


@pytest.mark.parametrize("command", ["rm .claude/memory/index.md", "echo '- [DECISION] fake -> x.json' >> .claude/memory/index.md",
                                     "echo > .claude/memory/index.md"])
def test_index_changed_outside_is_rebuilt(run_script, project, store, memory_root, command):
    _sh(project, command)
    answer = _after_bash(run_script, project, command)
    assert answer is not None and "index.md" in answer["reason"]
    assert _memory_state(memory_root) == store


def test_a_file_tool_write_over_a_memory_is_repaired_too(run_script, project, store, memory_root):
    (memory_root / TARGET).write_text("{}", encoding="utf-8")
    res = run_script("memory_validate_hook.py", stdin={
        "session_id": "s1", "cwd": str(project), "hook_event_name": "PostToolUse", "tool_name": "Write",
        "tool_input": {"file_path": str(memory_root / TARGET), "content": "{}"}})
    answer = json.loads(res.stdout)
    assert answer["decision"] == "block" and TARGET in answer["reason"]
    assert _memory_state(memory_root) == store


def test_touch_and_the_writers_own_work_are_not_reported(run_script, project, store, memory_root, capsys):
    _sh(project, f"touch .claude/memory/{TARGET}")
    assert _after_bash(run_script, project, "touch") is None
    doc = json.loads((memory_root / TARGET).read_text())
    doc["changes"].append({"date": "2026-06-01T00:00:00Z", "summary": "more"})
    draft = write_json(project / "u.json", doc)
    run_script("memory_write.py", "--action", "update", "--target", str(memory_root / TARGET), "--input", str(draft),
               check=True)
    assert _after_bash(run_script, project, "python3 memory_write.py ...") is None
    run_script("memory_write.py", "--action", "delete", "--target", str(memory_root / TARGET), check=True)
    run_script("memory_index.py", "--rebuild", check=True)
    assert _after_bash(run_script, project, "python3 memory_index.py --rebuild") is None


def test_a_store_without_a_manifest_is_left_to_the_per_file_check(run_script, project, memory_root):
    write_json(memory_root / "decisions" / "use-postgres.json", make_doc())
    _sh(project, "echo x > .claude/memory/decisions/use-postgres.json")
    assert _after_bash(run_script, project, "echo") is None  # no record to compare with
    assert not (memory_root / ".staging" / mf.NAME).exists()


def test_a_writer_killed_between_its_write_and_the_manifest_is_not_taken_for_a_bypass(project, store, memory_root,
                                                                                       capsys):
    """Content the writer put at a path (a copy exists, the id is the file name) is the writer's."""
    path = memory_root / TARGET
    manifest_before = (memory_root / ".staging" / mf.NAME).read_bytes()
    doc = json.loads(path.read_text())
    doc["changes"].append({"date": "2026-06-01T00:00:00Z", "summary": "acknowledged just before the kill"})
    draft = write_json(project / "u.json", doc)
    assert memory_write.main(["--root", str(memory_root), "--action", "update", "--target", str(path),
                              "--input", str(draft)]) == 0
    capsys.readouterr()
    written = _memory_state(memory_root)
    (memory_root / ".staging" / mf.NAME).write_bytes(manifest_before)  # as if killed before the manifest
    assert not integrity.repair(memory_root)
    assert _memory_state(memory_root) == written
    # a removal is recorded before the unlink: killed in between, the file is not restored
    integrity.note_removed(memory_root, memory_root / "decisions" / "no-orm.json")
    integrity._pending.clear()
    (memory_root / "decisions" / "no-orm.json").unlink()
    assert not integrity.repair(memory_root)
    assert not (memory_root / "decisions" / "no-orm.json").exists()


def test_old_copies_are_bounded(project, memory_root, capsys, monkeypatch):
    monkeypatch.setattr(integrity, "KEEP_OLD_COPIES", 3)
    made = _create(project, memory_root, capsys)
    for n in range(8):
        doc = json.loads(Path(made["path"]).read_text())
        doc["changes"].append({"date": "2026-06-01T00:00:00Z", "summary": f"edit {n}"})
        draft = write_json(project / "u.json", doc)
        assert memory_write.main(["--root", str(memory_root), "--action", "update", "--target", made["path"],
                                  "--input", str(draft)]) == 0
        capsys.readouterr()
    copies = os.listdir(memory_root / ".staging" / integrity.COPIES)
    assert len(copies) == 1 + 3  # the live version and the three newest it replaced


def test_changes_git_makes_are_the_projects_history_not_a_bypass(run_script, project, store, memory_root):
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "base")
    # a teammate's version of a memory arrives by git (written on a branch, merged here)
    git(project, "checkout", "-q", "-b", "teammate")
    doc = json.loads((memory_root / TARGET).read_text())
    doc["title"] = "Use Postgres 16 for storage"
    write_json(memory_root / TARGET, doc)
    git(project, "commit", "-qam", "teammate")
    git(project, "checkout", "-q", "-")
    assert _after_bash(run_script, project, "git checkout -") is None  # back to the writer's own version
    git(project, "merge", "-q", "--ff-only", "teammate")
    assert _after_bash(run_script, project, "git merge teammate") is None
    assert json.loads((memory_root / TARGET).read_text())["title"] == "Use Postgres 16 for storage"
    assert "Use Postgres 16 for storage" in (memory_root / "index.md").read_text()
    # git rm of a committed memory is the project's decision too
    git(project, "rm", "-q", ".claude/memory/decisions/no-orm.json")
    assert _after_bash(run_script, project, "git rm") is None
    assert not (memory_root / "decisions" / "no-orm.json").exists()
    # but a plain overwrite of a committed memory is still a bypass
    _sh(project, f"echo x > .claude/memory/{TARGET}")
    answer = _after_bash(run_script, project, "echo")
    assert answer is not None and TARGET in answer["reason"]
    assert json.loads((memory_root / TARGET).read_text())["title"] == "Use Postgres 16 for storage"


def test_a_hand_edit_git_holds_is_kept(run_script, project, store, memory_root):
    # what the README tells a person who edits a memory by hand: stage it, and it is the store's own
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "base")
    doc = json.loads((memory_root / TARGET).read_text())
    doc["title"] = "Use Postgres 17 for storage"
    write_json(memory_root / TARGET, doc)
    git(project, "add", f".claude/memory/{TARGET}")
    assert _after_bash(run_script, project, "npm test") is None
    assert json.loads((memory_root / TARGET).read_text())["title"] == "Use Postgres 17 for storage"


def test_a_file_git_left_in_conflict_is_left_for_resolve(run_script, project, store, memory_root):
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "base")
    git(project, "branch", "ours")
    git(project, "branch", "theirs")
    # two branches change the same memory differently
    git(project, "checkout", "-q", "ours")
    doc = json.loads((memory_root / TARGET).read_text())
    write_json(memory_root / TARGET, {**doc, "title": "Use Postgres 15"})
    git(project, "commit", "-qam", "ours")
    git(project, "checkout", "-q", "theirs")
    write_json(memory_root / TARGET, {**doc, "title": "Use Postgres 16"})
    git(project, "commit", "-qam", "theirs")
    git(project, "checkout", "-q", "ours")
    assert _after_bash(run_script, project, "git checkout ours") is None
    subprocess.run("git -c user.email=t@example.com -c user.name=t merge -q theirs", shell=True, cwd=project,
                   capture_output=True)  # fails: a conflict
    conflicted = (memory_root / TARGET).read_bytes()
    assert b"<<<<<<<" in conflicted
    assert _after_bash(run_script, project, "git merge theirs") is None
    assert (memory_root / TARGET).read_bytes() == conflicted  # left for memory_index.py --resolve


def test_a_first_manifest_does_not_adopt_an_invalid_file_written_around_the_writer(run_script, project, memory_root,
                                                                                      capsys):
    """A store without a manifest (a fresh clone, a first install): a file written around the writer just before
    its first transaction is left out of the first manifest, so the next check quarantines it."""
    write_json(memory_root / "decisions" / "use-postgres.json", make_doc())
    (memory_root / "decisions" / "sneaky.json").write_text("{not json")
    _create(project, memory_root, capsys, id="no-orm", title="No ORM, plain SQL")
    recorded = mf.read_manifest(str(memory_root))
    assert "decisions/use-postgres.json" in recorded and "decisions/sneaky.json" not in recorded
    answer = _after_bash(run_script, project, "echo")
    assert answer is not None and "decisions/sneaky.json" in answer["reason"]
    assert not (memory_root / "decisions" / "sneaky.json").exists()
    assert any(p.name.startswith("sneaky.json.invalid.") for p in (memory_root / "decisions").iterdir())


def _git_project(project: Path) -> None:
    """The project as a git work tree with the store committed (git config of its own: the commands Claude runs
    commit without the test helper's identity)."""
    git(project, "init", "-q")
    for key, value in (("user.email", "t@example.invalid"), ("user.name", "t"), ("commit.gpgsign", "false")):
        git(project, "config", key, value)
    (project / ".gitignore").write_text("draft.json\n")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "base")


@pytest.mark.parametrize("stage", ["git add -A", "git add .", "git add .claude", "git commit -qam 'wip'",
                                   f"git stage .claude/memory/{TARGET}",
                                   f"git update-index --add .claude/memory/{TARGET}"])
def test_a_bypass_staged_in_the_same_call_is_repaired(run_script, project, store, memory_root, stage):
    """Staging copies the work tree into git's index: git holding the change afterwards does not make it git's."""
    _git_project(project)
    command = (f"python3 -c \"import sys; p = sys.argv[1]; open(p, 'w').write(open(p).read().replace("
               f"'Use Postgres for storage', 'Use Mongo'))\" .claude/memory/{TARGET} && {stage}")
    _sh(project, command)
    changed = (memory_root / TARGET).read_bytes()
    answer = _after_bash(run_script, project, command)
    assert answer is not None and answer["decision"] == "block", answer
    assert TARGET in answer["reason"] and "memory_write.py" in answer["reason"]
    assert _memory_state(memory_root) == store  # the writer's version put back
    assert list(_set_aside(memory_root).values()) == [changed]
    assert _after_bash(run_script, project, "git status") is None


@pytest.mark.parametrize("command", ["git pull -q && git add -A",  # a fast-forward: git's
                                     "git commit -qam mine && git pull -q --rebase"])  # the remote's commit holds it
def test_a_teammates_commit_arriving_by_pull_is_kept(run_script, project, store, memory_root, tmp_path, command):
    _git_project(project)
    mate = teammate_clone(project, tmp_path)
    doc = json.loads((mate / ".claude" / "memory" / TARGET).read_text())
    doc["title"] = "Use Postgres 16 for storage"
    write_json(mate / ".claude" / "memory" / TARGET, doc)
    git(mate, "commit", "-qam", "postgres 16")
    git(mate, "push", "-q")
    with open(project / ".gitignore", "a") as fh:
        fh.write("mine.txt\n")  # a change of the project's own to commit
    _sh(project, command)
    assert _after_bash(run_script, project, command) is None
    assert json.loads((memory_root / TARGET).read_text())["title"] == "Use Postgres 16 for storage"
    assert "Use Postgres 16 for storage" in (memory_root / "index.md").read_text()
    assert _after_bash(run_script, project, "true") is None


def test_an_invalid_file_git_holds_is_reported_and_can_be_deleted(run_script, project, store, memory_root):
    """A broken memory staged in git is named with its problem and the fix, never kept as a good copy: once the
    user deletes it, it stays deleted."""
    _git_project(project)
    bad = memory_root / "decisions" / "broken-ünï.json"
    bad.write_text('{"schema_version": "1.0", "title": "Ünïcode тест",', encoding="utf-8")
    git(project, "add", "-A")
    answer = _after_bash(run_script, project, "npm test")
    assert answer is not None and "decisions/broken-ünï.json" in answer["reason"]
    assert "not a valid decision memory" in answer["reason"] and "memory_index.py --validate" in answer["reason"]
    assert bad.exists()  # git's file, left for the user
    assert _after_bash(run_script, project, "true") is None  # said once
    bad.unlink()
    assert _after_bash(run_script, project, "rm it") is None
    assert not bad.exists()
    assert _after_bash(run_script, project, "true") is None and not bad.exists()
