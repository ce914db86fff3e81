"""Whole-tree git commands: asked about when the store has changes git does not hold (issue 14 §2).

The pure part (which commands reset or clean the whole work tree) is tested on the analysis;
the hook part runs against a real git repository in a temporary folder: a store with an
untracked or modified memory gets ``permissionDecision: "ask"`` with the reason, a store git
holds entirely (or a folder that is no repository) is allowed.
"""

from __future__ import annotations

import shutil

import pytest

from claude_memory.guard.bash import find_store_writes
from claude_memory.hooks import write_guard
from store_helpers import git

ROOT = "/p/.claude/memory"


def _kinds(command, cwd="/p"):
    return [f.kind for f in find_store_writes(command, ROOT, cwd, {})]


@pytest.mark.parametrize("command", [
    "git clean -fdx", "git clean -fd", "git clean -f", "git clean --force -d", "git clean -xdf .",
    "git stash", "git stash -u", "git stash push --include-untracked", "git stash save wip", "git stash --all",
    "git checkout .", "git checkout -- .", "git checkout HEAD -- .", "git checkout -f main", "git checkout :/",
    "git restore .", "git restore --staged --worktree .", "git restore :/",
    "git reset --hard", "git reset --hard HEAD~1", "git reset --merge", "git switch -f main",
    "git switch --discard-changes main", "git -C /p clean -fdx", "cd src && git checkout ..",
])
def test_whole_tree_commands_are_recognised(command):
    assert _kinds(command) == ["whole-tree"]


@pytest.mark.parametrize("command", [
    "git clean -n", "git clean -fdn", "git stash list", "git stash show -p", "git stash pop", "git checkout main",
    "git checkout -b feature", "git restore src/app.py", "git reset HEAD~1", "git reset --soft HEAD~1",
    "git status", "git clean -fd build/", "git switch main", "git merge feature", "git pull", "git rebase main",
])
def test_other_git_commands_are_not_whole_tree(command):
    assert _kinds(command) == []


def test_a_whole_tree_command_aimed_at_the_store_is_denied_outright():
    assert _kinds("git checkout -- .claude/memory") == ["write"]
    assert _kinds("git clean -fdx .claude/memory") == ["write"]


# ----------------------------------------------------------------------------- the hook, with git

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@pytest.fixture
def repo(tmp_path, monkeypatch):
    project = tmp_path / "project"
    store = project / ".claude" / "memory"
    (store / "decisions").mkdir(parents=True)
    (store / "decisions" / "kept.json").write_text("{}\n")
    (store / "index.md").write_text("")
    (project / "app.py").write_text("x = 1\n")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "init")
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    return project


def _decide(project, command):
    return write_guard.decide({"session_id": "s", "cwd": str(project), "hook_event_name": "PreToolUse",
                               "tool_name": "Bash", "tool_input": {"command": command}})


@needs_git
@pytest.mark.parametrize("command", ["git clean -fdx", "git stash -u", "git checkout .", "git restore .",
                                     "git reset --hard"])
def test_unsaved_memories_make_the_hook_ask(repo, command):
    (repo / ".claude" / "memory" / "decisions" / "new.json").write_text("{}\n")  # untracked
    (repo / ".claude" / "memory" / "decisions" / "kept.json").write_text('{"a": 1}\n')  # modified
    answer = _decide(repo, command)
    out = answer["hookSpecificOutput"]
    assert out["permissionDecision"] == "ask"
    reason = out["permissionDecisionReason"]
    assert "new.json" in reason and "kept.json" in reason and "git does not hold" in reason


@needs_git
@pytest.mark.parametrize("command", ["git clean -fdx", "git stash -u", "git checkout .", "git reset --hard"])
def test_a_store_git_holds_lets_the_command_through(repo, command):
    (repo / "app.py").write_text("x = 2\n")  # changes elsewhere are the user's business
    assert _decide(repo, command) is None


@needs_git
def test_an_untracked_store_outside_a_repository_is_not_asked_about(tmp_path, monkeypatch):
    project = tmp_path / "plain"
    (project / ".claude" / "memory" / "decisions").mkdir(parents=True)
    (project / ".claude" / "memory" / "decisions" / "a.json").write_text("{}")
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    assert _decide(project, "git clean -fdx") is None
