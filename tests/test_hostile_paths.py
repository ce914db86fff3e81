"""Hostile paths: --target, --input, index lines and config values pointing outside the
store (``..``, absolute paths, symlinked files and folders, a symlinked staging folder or
index.md) are refused and never read, written or injected."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from claude_memory.store import index_file
from claude_memory.store.validation import validate_record
from store_helpers import make_doc, snapshot, write_json

WRITE = "memory_write.py"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder outside the project holding a valid-looking memory that must never be touched."""
    d = tmp_path / "outside"
    write_json(d / "secret-plan.json", validate_record(make_doc(id="secret-plan", title="Secret plan postgres")))
    write_json(d / "decisions" / "use-postgres.json", validate_record(make_doc()))
    return d


@pytest.fixture
def store(run_script, project, memory_root):
    run_script(WRITE, "--action", "create", "--category", "decision", "--input",
               str(write_json(project / "d.json", make_doc())), check=True)
    return memory_root


def _code(res) -> str | None:
    """The error code of the structured JSON line a failed writer prints last on stderr."""
    lines = [line for line in res.stderr.splitlines() if line.startswith("{")]
    return json.loads(lines[-1]).get("error") if lines else None


def _update_draft(project: Path) -> Path:
    doc = make_doc(changes=[{"date": "2026-06-01T00:00:00Z", "summary": "hostile"}])
    return write_json(project / "u.json", doc)


TARGETS = [
    "../../outside/decisions/use-postgres.json",
    ".claude/memory/../../../outside/decisions/use-postgres.json",
    ".claude/memory/decisions/../../../../outside/decisions/use-postgres.json",
    "{outside}/decisions/use-postgres.json",
    "/etc/passwd",
    ".claude/memory/index.md",
    ".claude/memory/decisions",
    ".claude/memory/.staging/x.json",
]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("action", ["update", "delete"])
def test_targets_outside_the_store_are_refused(run_script, project, store, outside, target, action):
    target = target.format(outside=outside)
    before = snapshot(outside), snapshot(store)
    args = ["--action", action, "--target", target]
    if action == "update":
        args += ["--input", str(_update_draft(project))]
    res = run_script(WRITE, *args)
    assert res.returncode != 0 and _code(res) in ("PATH_ERROR", "NOT_FOUND", "USAGE_ERROR"), res.stderr
    assert (snapshot(outside), snapshot(store)) == before


def test_symlinked_memory_file_is_refused(run_script, project, store, outside):
    link = store / "decisions" / "linked.json"
    link.symlink_to(outside / "secret-plan.json")
    before = snapshot(outside)
    for action in ("delete", "archive"):
        res = run_script(WRITE, "--action", action, "--target", str(link))
        assert _code(res) == "PATH_ERROR", res.stderr
    assert snapshot(outside) == before


def test_symlinked_category_folder_target_refused(run_script, project, store, outside):
    (store / "runbooks").symlink_to(outside / "decisions", target_is_directory=True)
    before = snapshot(outside)
    res = run_script(WRITE, "--action", "delete", "--target", ".claude/memory/runbooks/use-postgres.json")
    assert _code(res) == "PATH_ERROR"
    assert snapshot(outside) == before


def test_create_into_a_symlinked_category_folder_is_refused(run_script, project, memory_root, outside):
    memory_root.mkdir(parents=True)
    (memory_root / "decisions").symlink_to(outside / "elsewhere", target_is_directory=True)
    (outside / "elsewhere").mkdir()
    res = run_script(WRITE, "--action", "create", "--category", "decision", "--input",
                     str(write_json(project / "n.json", make_doc(id="new-one", title="New one"))))
    assert list((outside / "elsewhere").iterdir()) == []
    assert res.returncode != 0 and _code(res) == "PATH_ERROR"


def test_symlinked_staging_folder_is_refused(run_script, project, memory_root, outside):
    memory_root.mkdir(parents=True)
    (memory_root / ".staging").symlink_to(outside, target_is_directory=True)
    before = snapshot(outside)
    res = run_script(WRITE, "--action", "create", "--category", "decision", "--input",
                     str(write_json(project / "n.json", make_doc())))
    assert _code(res) == "PATH_ERROR"
    assert snapshot(outside) == before
    assert not (memory_root / "decisions" / "use-postgres.json").exists()


def test_symlinked_index_is_replaced_not_written_through(run_script, project, store, outside):
    victim = outside / "notes.md"
    victim.write_text("my own notes\n")
    (store / "index.md").unlink()
    (store / "index.md").symlink_to(victim)
    run_script(WRITE, "--action", "delete", "--target", ".claude/memory/decisions/use-postgres.json", check=True)
    assert victim.read_text() == "my own notes\n"
    assert not (store / "index.md").is_symlink()


@pytest.mark.parametrize("special", ["/dev/zero", "fifo", "dir", "big"])
def test_input_that_is_not_a_regular_file_is_refused(run_script, project, tmp_path, special):
    path = {"/dev/zero": "/dev/zero", "fifo": str(tmp_path / "fifo"), "dir": str(tmp_path),
            "big": str(tmp_path / "big.json")}[special]
    if special == "fifo":
        os.mkfifo(path)
    if special == "big":
        Path(path).write_text('{"x": "' + "a" * 1_100_000 + '"}')
    res = run_script(WRITE, "--action", "create", "--category", "decision", "--input", path, timeout=20)
    assert _code(res) == "INPUT_ERROR", res.stderr


def test_input_symlink_into_staging_does_not_delete_the_outside_file(run_script, project, memory_root, outside):
    """A staged 'draft' that is a link to a file elsewhere: the outside file is never removed."""
    real = write_json(outside / "draft.json", make_doc())
    staging = memory_root / ".staging" / "s1"
    staging.mkdir(parents=True, mode=0o700)
    os.chmod(memory_root / ".staging", 0o700)
    (staging / "draft-decision.json").symlink_to(real)
    run_script(WRITE, "--action", "create", "--category", "decision", "--input",
               str(staging / "draft-decision.json"), check=True)
    assert real.exists()


@pytest.mark.parametrize("line", [
    "- [DECISION] Evil -> ../../../etc/passwd.json #tags:x",
    "- [DECISION] Evil -> .claude/memory/decisions/../../../outside/secret-plan.json",
    "- [DECISION] Evil -> /tmp/outside/secret-plan.json",
    "- [DECISION] Evil -> .claude/memory/runbooks/wrong-folder.json",
    "- [DECISION] Evil -> .claude/memory/decisions/sub/deeper.json",
])
def test_index_lines_pointing_outside_are_not_entries(line):
    assert index_file.parse_line(line) is None


def _recall(run_script, project, prompt="secret plan postgres storage"):
    res = run_script("memory_retrieve.py", stdin={"prompt": prompt, "cwd": str(project), "session_id": "s",
                                                   "hook_event_name": "UserPromptSubmit"})
    assert res.returncode == 0 and "Traceback" not in res.stderr
    return json.loads(res.stdout)["hookSpecificOutput"]["additionalContext"] if res.stdout else ""


def test_recall_never_injects_through_symlinks_or_outside_index_lines(run_script, project, store, outside):
    (store / "decisions" / "secret-plan.json").symlink_to(outside / "secret-plan.json")
    (store / "runbooks").symlink_to(outside / "decisions", target_is_directory=True)
    (outside / "decisions" / "secret-plan.json").write_text((outside / "secret-plan.json").read_text())
    with open(store / "index.md", "a") as fh:
        fh.write("- [DECISION] Secret plan postgres -> ../../outside/secret-plan.json #tags:secret\n")
        fh.write("- [DECISION] Secret plan postgres -> .claude/memory/decisions/secret-plan.json\n")
    context = _recall(run_script, project, "why do we use postgres for storage")
    assert "use-postgres.json" in context  # the real memory is recalled
    for context in (context, _recall(run_script, project)):
        assert "secret-plan" not in context and "outside" not in context and "runbooks" not in context


def test_recall_control_the_real_file_is_injected(run_script, project, store, outside):
    """Control for the test above: the same memory as a real file is recalled."""
    (store / "decisions" / "secret-plan.json").write_text((outside / "secret-plan.json").read_text())
    assert "secret-plan.json" in _recall(run_script, project)


def test_config_folder_values_cannot_move_the_store(run_script, project, memory_root, outside):
    memory_root.mkdir(parents=True)
    (memory_root / "memory-config.json").write_text(json.dumps(
        {"categories": {"decision": {"folder": "../../../outside"}, "runbook": {"folder": str(outside)}}}))
    before = snapshot(outside)
    for cat, id in (("decision", "use-postgres"), ("runbook", "fix-deploy")):
        res = run_script(WRITE, "--action", "create", "--category", cat, "--input",
                         str(write_json(project / f"{id}.json", make_doc(cat, id=id, title=f"T {id}"))), check=True)
        assert Path(res.json()["path"]).resolve().is_relative_to(memory_root.resolve())
    assert snapshot(outside) == before
