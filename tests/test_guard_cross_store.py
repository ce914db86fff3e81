"""Every store is guarded, not only the current project's (issue 18 §3), and a hard link is no door.

Claude often works across two checkouts: a Write, Edit, NotebookEdit or Bash command aimed at
another repository's store is denied just like one aimed at the current project's. A folder
is a store by its name (``.claude/memory``) or by its layout (``index.md`` beside category
folders, with a staging place, the plugin's index format, or three categories); a folder that
only looks a little like one (docs with an index and a ``decisions`` folder) is not.
"""

from __future__ import annotations

import os

import pytest

from claude_memory.guard import paths as guard_paths
from claude_memory.hooks import write_guard


@pytest.fixture
def two(tmp_path, monkeypatch):
    here = tmp_path / "here"
    (here / ".claude" / "memory" / "decisions").mkdir(parents=True)
    (here / "src").mkdir()
    other = tmp_path / "other"
    (other / ".claude" / "memory" / "decisions").mkdir(parents=True)
    (other / ".claude" / "memory" / "decisions" / "x.json").write_text("{}")
    (other / ".claude" / "memory" / "index.md").write_text("")
    # a store in a folder of another name, recognised by its layout
    moved = tmp_path / "archive" / "mem"
    for sub in ("decisions", "runbooks", ".staging"):
        (moved / sub).mkdir(parents=True)
    (moved / "index.md").write_text("- [DECISION] x -> .claude/memory/decisions/x.json\n")
    # a docs folder that only resembles one
    docs = tmp_path / "docs"
    (docs / "decisions").mkdir(parents=True)
    (docs / "index.md").write_text("# Architecture decisions\n")
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(here))
    return here, other, moved, docs


def _decide(cwd, tool, value):
    tool_input = {"command": value} if tool == "Bash" else (
        {"notebook_path": value, "new_source": "x"} if tool == "NotebookEdit" else {"file_path": value, "content": "{}"})
    return write_guard.decide({"session_id": "s", "cwd": str(cwd), "hook_event_name": "PreToolUse",
                               "tool_name": tool, "tool_input": tool_input})


@pytest.mark.parametrize("tool", ["Write", "Edit", "MultiEdit", "NotebookEdit"])
def test_file_tools_into_another_projects_store_are_denied(two, tool):
    here, other, moved, _ = two
    for target in (other / ".claude" / "memory" / "decisions" / "x.json", other / ".claude" / "memory" / "index.md",
                   moved / "decisions" / "y.json", moved / "index.md"):
        answer = _decide(here, tool, str(target))
        assert answer and answer["hookSpecificOutput"]["permissionDecision"] == "deny", target


def test_relative_paths_and_not_yet_existing_stores_count(two, tmp_path):
    here, other, _, _ = two
    assert _decide(here / "src", "Write", "../../other/.claude/memory/decisions/new.json")
    assert _decide(here, "Write", str(tmp_path / "fresh" / ".claude" / "memory" / "decisions" / "a.json"))


def test_another_stores_staging_place_stays_open(two):
    here, other, _, _ = two
    draft = other / ".claude" / "memory" / ".staging" / "s" / "draft-decision.json"
    assert _decide(here, "Write", str(draft)) is None


@pytest.mark.parametrize("command", [
    "rm -rf {other}/.claude/memory/decisions",
    "echo x > {other}/.claude/memory/index.md",
    "cp a.json {moved}/decisions/",
    "rm {moved}/index.md",
    "cd {moved} && rm -rf decisions",
    "cd {other} && rm -rf .claude/memory",
    "cd {other}/.claude && rm -rf memory",
    "git -C {other} rm -r .claude/memory",
    "sed -i s/a/b/ {moved}/decisions/x.json",
])
def test_bash_into_another_store_is_denied(two, command):
    here, other, moved, _ = two
    answer = _decide(here, "Bash", command.format(other=other, moved=moved))
    assert answer and answer["hookSpecificOutput"]["permissionDecision"] == "deny"


@pytest.mark.parametrize("command", ["cat {other}/.claude/memory/index.md", "ls {moved}/decisions",
                                     "echo x > {docs}/decisions/adr-2.md", "rm {docs}/index.md"])
def test_reading_other_stores_and_writing_lookalikes_is_allowed(two, command):
    here, other, moved, docs = two
    assert _decide(here, "Bash", command.format(other=other, moved=moved, docs=docs)) is None


def test_a_lookalike_docs_folder_is_not_a_store(two):
    here, _, _, docs = two
    assert guard_paths.store_root_of(str(docs / "decisions" / "adr-1.md")) is None
    assert _decide(here, "Write", str(docs / "decisions" / "adr-1.md")) is None
    assert _decide(here, "Write", str(docs / "index.md")) is None


def test_layout_recognition(two, tmp_path):
    _, other, moved, docs = two
    assert guard_paths.store_root_of(str(other / ".claude" / "memory" / "a" / "b")) == str(other / ".claude" / "memory")
    assert guard_paths.store_root_of(str(moved / "decisions" / "x.json")) == str(moved)
    assert guard_paths.looks_like_store(str(moved)) and not guard_paths.looks_like_store(str(docs))
    assert guard_paths.store_root_of(str(tmp_path / "nowhere" / "file.txt")) is None


def test_a_write_through_a_hard_link_to_a_memory_is_denied(two, tmp_path):
    here, _, _, _ = two
    memory = here / ".claude" / "memory" / "decisions" / "kept.json"
    memory.write_text("{}")
    link = tmp_path / "innocent.json"
    os.link(memory, link)
    answer = _decide(here, "Write", str(link))
    assert answer and "hard link" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    lone = tmp_path / "lone.json"
    lone.write_text("{}")
    os.link(lone, tmp_path / "lone-twin.json")  # hard-linked, but not to a memory
    assert _decide(here, "Write", str(lone)) is None


def test_a_fault_in_the_file_check_fails_closed_on_a_store_path(two, monkeypatch):
    here, other, _, _ = two

    def broken(*args, **kwargs):
        raise OSError("a defect")

    monkeypatch.setattr(guard_paths, "locate", broken)
    answer = _decide(here, "Write", str(other / ".claude" / "memory" / "decisions" / "x.json"))
    assert answer and "could not check it (OSError)" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert _decide(here, "Write", str(here / "src" / "app.py")) is None


def test_a_store_whose_derived_index_is_absent_is_still_recognised(tmp_path):
    store = tmp_path / "clone" / "mem"
    (store / "decisions").mkdir(parents=True)
    (store / "index-stamp.json").write_text("{}")  # index.md is derived and git-ignored: a fresh clone lacks it
    assert guard_paths.store_root_of(str(store / "decisions" / "a.json")) == str(store)
    staged = tmp_path / "other" / "mem"
    (staged / "runbooks").mkdir(parents=True)
    (staged / ".staging").mkdir()
    assert guard_paths.store_root_of(str(staged / "runbooks" / "r.json")) == str(staged)


def test_the_user_level_store_is_guarded_wherever_it_lives(two, tmp_path, monkeypatch):
    here, _, _, _ = two
    user = tmp_path / "my-memories"
    user.mkdir()
    monkeypatch.setenv("CLAUDE_MEMORY_USER_ROOT", str(user))
    assert _decide(here, "Write", str(user / "decisions" / "x.json"))
    assert _decide(here, "Bash", f"rm -rf {user}/decisions")
    assert _decide(here, "Write", str(tmp_path / "my-memories-not" / "x.json")) is None
