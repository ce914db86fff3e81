"""roots.find_memory_root: the one rule every hook and the store use to find the memory root."""

from __future__ import annotations

import subprocess
import sys

import pytest

from claude_memory.core import paths
from claude_memory.core import roots
from claude_memory.triage import cursor

from locations import REPO

# Layouts: folders that hold a store, relative to tmp_path. "cwd" is where the hook runs.
CASES = [
    # id, stores, cwd, env project (None = unset), expected root (relative to tmp_path)
    ("env-wins-over-a-nearer-store", ["repo"], "repo/src", "elsewhere", "elsewhere/.claude/memory"),
    ("env-set-without-any-store", [], "repo", "repo", "repo/.claude/memory"),
    ("store-in-cwd", ["repo"], "repo", None, "repo/.claude/memory"),
    ("nearest-ancestor", ["repo"], "repo/a/b/c", None, "repo/.claude/memory"),
    ("nested-projects-inner-wins", ["repo", "repo/sub"], "repo/sub/pkg", None, "repo/sub/.claude/memory"),
    ("nested-projects-outer-from-sibling", ["repo", "repo/sub"], "repo/other", None, "repo/.claude/memory"),
    ("no-store-anywhere", [], "lonely/deep", None, "lonely/deep/.claude/memory"),
    ("a-file-is-not-a-store", ["!repo"], "repo/x", None, "repo/x/.claude/memory"),
]


def _layout(tmp_path, stores, cwd):
    for store in stores:
        if store.startswith("!"):  # .claude/memory exists as a file, not a folder
            (tmp_path / store[1:] / ".claude").mkdir(parents=True)
            (tmp_path / store[1:] / ".claude" / "memory").write_text("")
        else:
            (tmp_path / store / ".claude" / "memory").mkdir(parents=True)
    (tmp_path / cwd).mkdir(parents=True, exist_ok=True)


@pytest.mark.parametrize("stores,cwd,project,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_find_memory_root(tmp_path, monkeypatch, stores, cwd, project, expected):
    _layout(tmp_path, stores, cwd)
    environ = {"CLAUDE_PROJECT_DIR": str(tmp_path / project)} if project else {}
    want = str(tmp_path / expected)
    assert roots.find_memory_root(str(tmp_path / cwd), environ) == want
    # The process environment is the default, and every caller gives the same answer.
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    if project:
        monkeypatch.setenv("CLAUDE_PROJECT_DIR", environ["CLAUDE_PROJECT_DIR"])
    assert roots.find_memory_root(tmp_path / cwd) == want
    assert paths.default_memory_root(tmp_path / cwd) == paths.Path(want)
    assert cursor.memory_root(str(tmp_path / cwd)) == want


@pytest.mark.parametrize("relative", ["a/b", "./a/b", "a/../a/b", "a/b/"])
def test_relative_cwd_is_taken_from_the_working_directory(tmp_path, monkeypatch, relative):
    _layout(tmp_path, ["."], "a/b")
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    assert roots.find_memory_root(relative) == str(tmp_path / ".claude" / "memory")


@pytest.mark.parametrize("cwd", [None, ""])
def test_no_cwd_means_the_process_working_directory(tmp_path, monkeypatch, cwd):
    _layout(tmp_path, [], "w")
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    monkeypatch.chdir(tmp_path / "w")
    assert roots.find_memory_root(cwd) == str(tmp_path / "w" / ".claude" / "memory")


def test_empty_project_variable_counts_as_unset(tmp_path):
    _layout(tmp_path, ["repo"], "repo/src")
    assert roots.find_memory_root(str(tmp_path / "repo" / "src"), {"CLAUDE_PROJECT_DIR": ""}) == \
        str(tmp_path / "repo" / ".claude" / "memory")


def test_project_is_returned_with_the_root(tmp_path):
    _layout(tmp_path, ["repo"], "repo/src")
    assert roots.find_memory_root_and_project(str(tmp_path / "repo" / "src"), {}) == \
        (str(tmp_path / "repo" / ".claude" / "memory"), str(tmp_path / "repo"))


def test_imports_only_os():
    code = ("import sys; before = set(sys.modules); import claude_memory.core.roots; "
            "print(' '.join(sorted(m for m in set(sys.modules) - before if not m.startswith('claude_memory'))))")
    out = subprocess.run([sys.executable, "-S", "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    allowed = {"__future__", "os", "os.path", "posixpath", "ntpath", "genericpath", "stat", "_stat", "_collections_abc"}
    assert set(out.stdout.split()) <= allowed
