"""The user-level store: recalled beside the project's (the project wins), --promote/--demote
through the writer, never inside the repository."""

from __future__ import annotations

import json

import pytest

from claude_memory import store
from claude_memory.recall import userstore
from claude_memory.store import records as store_io
from claude_memory.hooks import retrieve
from store_helpers import create, make_doc

SCRIPT = "memory_index.py"


def _pref(root, id, title, value, **over):
    ctx = store.open_store(root)
    content = {**make_doc("preference")["content"], "topic": title, "value": value}
    return create(ctx, "preference", id, title, content=content, **over)


@pytest.fixture
def user_root(tmp_path, monkeypatch):
    root = tmp_path / "home" / ".claude" / "memory"
    monkeypatch.setenv(userstore.USER_ROOT_ENV, str(root))
    return root


def _prompt(project, text):
    return {"session_id": "s1", "cwd": str(project), "hook_event_name": "UserPromptSubmit", "prompt": text}


def test_default_user_root(monkeypatch, tmp_path):
    monkeypatch.delenv(userstore.USER_ROOT_ENV, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert userstore.user_root() == str(tmp_path / ".claude" / "memory")


def test_recall_reads_the_user_store_beside_the_project(project, memory_root, user_root, monkeypatch):
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    _pref(user_root, "pytest-fixtures-over-setup", "Prefer pytest fixtures over setUp methods",
          "fixtures", tags=["pytest", "testing"])
    # no project store at all: the user's preference is still recalled, with its real path
    answer = retrieve.decide(_prompt(project, "should this pytest test use fixtures or setUp methods?"))
    text = answer["hookSpecificOutput"]["additionalContext"]
    assert f"-> {user_root}/preferences/pytest-fixtures-over-setup.json" in text
    assert text.count("<project-memory>") == 1 and text.count("</project-memory>") == 1

    # the project speaks about the same thing (same title): the project's memory wins
    _pref(memory_root, "project-fixtures", "Prefer pytest fixtures over setUp methods", "fixtures in conftest",
          tags=["pytest", "testing"])
    text = retrieve.decide(_prompt(project, "should this pytest test use fixtures or setUp methods?"))[
        "hookSpecificOutput"]["additionalContext"]
    assert ".claude/memory/preferences/project-fixtures.json" in text
    assert str(user_root) not in text


def test_combine_keeps_the_project_first_and_the_limit():
    p = [("preference", "preferences", "a", "A", []), ("decision", "decisions", "b", "B", [])]
    u = [("preference", "preferences", "a", "other", []), ("preference", "preferences", "c", "b", []),
         ("preference", "preferences", "d", "D", []), ("preference", "preferences", "e", "E", [])]
    proj, user = userstore.combine(p, u, 3)
    assert [e[2] for e in proj] == ["a", "b"] and [e[2] for e in user] == ["d"]


def test_promote_and_demote(run_script, project, memory_root, user_root):
    _pref(memory_root, "tabs-not-spaces", "Indent with tabs", "tabs")
    env = {userstore.USER_ROOT_ENV: str(user_root)}
    run_script(SCRIPT, "--promote", "tabs-not-spaces", env=env, check=True)
    moved = json.loads((user_root / "preferences" / "tabs-not-spaces.json").read_text())
    assert moved["content"]["value"] == "tabs" and moved["record_status"] == "active"
    left = json.loads((memory_root / "preferences" / "tabs-not-spaces.json").read_text())
    assert left["record_status"] == "retired" and "promoted" in left["retired_reason"]
    assert "tabs-not-spaces" not in store_io.read_index(memory_root)
    assert project not in user_root.parents  # outside the repository

    again = run_script(SCRIPT, "--promote", "tabs-not-spaces", env=env)
    assert again.returncode != 0 and "NOT_FOUND" in again.stderr
    # back into the project, where the retired copy is restored and updated through the writer
    run_script(SCRIPT, "--demote", "tabs-not-spaces", env=env, check=True)
    back = json.loads((memory_root / "preferences" / "tabs-not-spaces.json").read_text())
    assert back["record_status"] == "active" and "tabs-not-spaces" in store_io.read_index(memory_root)
    assert any("demoted" in c["summary"] for c in back["changes"])
    assert json.loads((user_root / "preferences" / "tabs-not-spaces.json").read_text())["record_status"] == "retired"
    twice = run_script(SCRIPT, "--demote", "tabs-not-spaces", env=env)
    assert twice.returncode != 0 and "NOT_FOUND" in twice.stderr
