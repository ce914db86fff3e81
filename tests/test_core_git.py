"""core.git.run: the one way the plugin runs git."""

import ast
import subprocess
from pathlib import Path

import pytest

from claude_memory.core import git

PACKAGE = Path(__file__).resolve().parents[1] / "claude_memory"


def test_output_of_a_repository_and_none_outside_one(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path / "repo")], check=True)
    assert git.run(tmp_path / "repo", "rev-parse", "--is-inside-work-tree") == b"true\n"
    (tmp_path / "plain").mkdir()
    assert git.run(tmp_path / "plain", "rev-parse", "--is-inside-work-tree") is None
    assert git.run(tmp_path / "gone", "status") is None  # no such folder: None, not an exception


def test_stdin_is_given_or_closed(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    assert git.run(tmp_path, "hash-object", "--stdin", stdin=b"x\n") == b"587be6b4c3f93f93c489c0111bba5596147a26cb\n"
    assert git.run(tmp_path, "hash-object", "--stdin") == b"e69de29bb2d1d6434b8b29ae775ad8c2e48c5391\n"  # empty


def test_optional_locks_are_off(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    out = git.run(tmp_path, "-c", "alias.env=!env", "env")
    assert out is not None and b"GIT_OPTIONAL_LOCKS=0" in out.splitlines()


@pytest.mark.parametrize("slow", [None, b"late"])
def test_a_git_that_does_not_answer_in_time_gives_slow(tmp_path, slow):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    assert git.run(tmp_path, "-c", "alias.wait=!sleep 5", "wait", timeout=0.2, slow=slow) == slow


def _runs_git(node: ast.Call) -> bool:
    return any(isinstance(arg, ast.List) and arg.elts and isinstance(arg.elts[0], ast.Constant)
               and arg.elts[0].value == "git" for arg in node.args)


def test_no_other_module_starts_git_itself():
    """Every git call goes through core.git.run (the dev tools, which set up test projects, aside)."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        if "devtools" in path.parts or path == PACKAGE / "core" / "git.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _runs_git(node):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not found
    assert _runs_git(ast.parse('subprocess.run(["git", "status"])').body[0].value)  # the check can find one
