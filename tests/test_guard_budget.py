"""No input makes the guard slow, and what it cannot decide near the store is denied (issue 14 §2).

The work is counted, not timed: every analysis runs under a :class:`Budget` of steps, and the
tests check that adversarial command lines finish inside it, or run out of it and are then
judged by whether they name the store (denied) or not (allowed). One black-box run of the hook
script with the pathological glob of the issue checks the whole process finishes well inside
Claude Code's hook timeout (a generous wall limit, not a timing assert).
"""

from __future__ import annotations

import json
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from claude_memory.guard import bash as gb
from claude_memory.guard.bash import Budget, find_store_writes

from claude_memory.devtools.hook_commands import script_argv

ROOT = "/p/.claude/memory"
ENV = {"HOME": "/home/u"}

#: (name, command builder taking the tail to append): adversarial shapes
ADVERSARIAL = [
    ("a dozen *? in a row", lambda t: "rm -rf .claude/" + "*?" * 12 + "x " + t),
    ("two hundred *? against long names", lambda t: "rm -rf /p/" + "*?" * 200 + "/x " + t),
    ("a long star run in one component", lambda t: "rm -rf /p/.claude/" + "*a" * 2000 + "b " + t),
    ("deeply nested substitutions", lambda t: "echo " + "$(" * 2000 + "x" + ")" * 2000 + "; " + t),
    ("deeply nested subshells", lambda t: "(" * 4000 + "ls" + ")" * 4000 + "; " + t),
    ("many quotes", lambda t: "echo " + "'a'\"b\"" * 8000 + "; " + t),
    ("many escapes", lambda t: "echo " + "\\x" * 30000 + "; " + t),
    ("many brace lists", lambda t: "echo " + "{a,b}" * 500 + "; " + t),
    ("nested braces", lambda t: "echo " + "{" * 3000 + "a,b" + "}" * 3000 + "; " + t),
    ("a huge command", lambda t: "echo " + "a " * 45000 + "; " + t),
    ("a command past the size limit", lambda t: "echo " + "a " * (gb.MAX_COMMAND // 2) + "; " + t),
    ("many commands", lambda t: "cd /tmp; " * 9000 + t),
    ("doubling variables", lambda t: "; ".join(f"x{i}=$x{i - 1}$x{i - 1}" for i in range(1, 2000)) + "; " + t),
    ("a very deep path", lambda t: "rm -rf " + "a/" * 10000 + "b; " + t),
    ("a very long climb", lambda t: "rm -rf " + "../" * 10000 + "x; " + t),
    ("a glob in a parameter expansion", lambda t: "d=" + "a" * 5000 + "; rm ${d%%" + "*a" * 200 + "}; " + t),
    ("an eval chain", lambda t: "eval " * 3000 + t),
    ("a bash -c chain", lambda t: "bash -c '" + "eval " * 40 + t + "'"),
    ("many here-documents", lambda t: "cat <<E\n" * 2000 + "x\nE\n" * 2000 + t),
    ("many substitutions in one word", lambda t: "rm " + "$(dirname a)" * 3000 + "/x; " + t),
    ("deep substitutions in one word", lambda t: "rm " + "$(dirname " * 500 + "a" + ")" * 500 + "/x; " + t),
    ("substitutions nested in defaults", lambda t: "echo " + "${a:-$(" * 1500 + "x" + ")}" * 1500 + "; " + t),
    ("nested defaults", lambda t: "echo " + "${a:-" * 5000 + "x" + "}" * 5000 + "; " + t),
    ("a computed variable used many times", lambda t: "d=$(dirname a); " + "rm $d/x; " * 3000 + t),
]


@pytest.mark.parametrize("name,build", ADVERSARIAL, ids=[a[0] for a in ADVERSARIAL])
def test_adversarial_lines_finish_within_the_budget(name, build):
    budget = Budget(steps=400_000, seconds=3600)  # steps only: the wall clock plays no part here
    quiet = find_store_writes(build("ls"), ROOT, "/p", ENV, budget=budget)
    assert budget.steps <= budget.limit
    assert [f for f in quiet if f.kind != "whole-tree"] == []  # names nothing of the store: allowed


@pytest.mark.parametrize("name,build", ADVERSARIAL, ids=[a[0] for a in ADVERSARIAL])
def test_adversarial_lines_that_name_the_store_are_denied(name, build):
    budget = Budget(steps=400_000, seconds=3600)
    found = find_store_writes(build("rm -rf .claude/memory"), ROOT, "/p", ENV, budget=budget)
    assert budget.steps <= budget.limit
    assert found and found[0].kind in ("write", "unknown", "dynamic", "undecided")


def test_running_out_of_budget_fails_closed_only_near_the_store():
    tiny = lambda: Budget(steps=10, seconds=3600)  # noqa: E731
    near = find_store_writes("ls a b c d e f g h; cat .claude/memory/index.md", ROOT, "/p", ENV, budget=tiny())
    assert [f.kind for f in near] == ["undecided"] and "budget" in near[0].describe()
    assert find_store_writes("ls a b c d e f g h; cat notes.md", ROOT, "/p", ENV, budget=tiny()) == []
    inside = find_store_writes("ls a b c d e f g h i j k l", ROOT, "/p/.claude/memory", ENV, budget=tiny())
    assert [f.kind for f in inside] == ["undecided"]


def test_the_wall_clock_is_part_of_the_budget():
    budget = Budget(steps=10**9, seconds=0.0)
    found = find_store_writes("echo " + "x " * 20000 + "; cat .claude/memory/index.md", ROOT, "/p", ENV,
                              budget=budget)
    assert [f.kind for f in found] == ["undecided"] and "out of time" in found[0].action


def test_nesting_past_the_depth_limit_is_denied_when_it_names_the_store():
    deep = "eval " * (gb._MAX_DEPTH + 2) + "rm -rf .claude/memory"
    assert [f.kind for f in find_store_writes(deep, ROOT, "/p", ENV)] == ["undecided"]
    assert find_store_writes("eval " * (gb._MAX_DEPTH + 2) + "rm -rf build", ROOT, "/p", ENV) == []


class _Counter(Budget):
    def __init__(self):
        super().__init__(steps=10**12, seconds=3600)


@pytest.mark.parametrize("stars", [4, 8, 12, 24, 48])
def test_glob_matching_grows_polynomially_not_exponentially(stars):
    """The old recursive matcher took > 13 s on a dozen ``*?``; the steps now grow like n*m."""
    pattern = "*?" * stars + "x"
    name = "a" * (2 * stars + 8)
    counter = _Counter()
    previous, gb._budget = gb._budget, counter
    try:
        assert gb._glob_match(pattern, name) is False
    finally:
        gb._budget = previous
    assert counter.steps <= 4 * (len(pattern) + 1) * (len(name) + 1)


@pytest.mark.parametrize("pattern,name,matches", [
    ("*?*?*?x", "aaax", True), ("*?*?*?x", "aax", False), ("a*b*c", "abc", True), ("a*b*c", "acb", False),
    ("*.json", "x.json", True), ("[!.]*", ".x", False), ("*", ".hidden", False), ("x[", "x[", True),
])
def test_the_linear_matcher_agrees_with_the_shell(pattern, name, matches):
    assert gb._glob_match(pattern, name) is matches


def test_dotglob_lets_a_star_match_a_leading_dot():
    assert gb._glob_match("*", ".claude", dotglob=True) is True


def test_the_hook_script_answers_the_pathological_glob(tmp_path):
    project = tmp_path / "project"
    (project / ".claude" / "memory" / "decisions").mkdir(parents=True)
    command = "rm -rf " + "*?" * 12 + "x/" + "*?" * 12 + " .claude/" + "*?" * 3 + "y"  # the last names the store
    payload = {"session_id": "s", "cwd": str(project), "hook_event_name": "PreToolUse", "tool_name": "Bash",
               "tool_input": {"command": command}, "tool_use_id": "t"}
    env = {"PATH": "/usr/bin:/bin", "CLAUDE_PROJECT_DIR": str(project), "HOME": str(tmp_path)}
    proc = subprocess.run(script_argv("memory_write_guard.py"), input=json.dumps(payload),
                          capture_output=True, text=True, env=env, cwd=str(project), timeout=10)  # the hook timeout
    answer = json.loads(proc.stdout)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"


_SHELLISH = "ab.*?[]{},/$'\"`\\()<>|&; \n=~-#!%^:"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=_SHELLISH, max_size=400), st.sampled_from(["", " .claude/memory", "claude memory"]))
def test_any_text_is_decided_within_the_budget(text, tail):
    budget = Budget(steps=100_000, seconds=3600)
    found = find_store_writes(text + tail, ROOT, "/p", ENV, budget=budget)  # never raises
    assert budget.steps <= budget.limit
    assert all(f.kind in ("write", "unknown", "dynamic", "undecided", "whole-tree") for f in found)


def test_a_fault_inside_the_analysis_fails_closed_near_the_store(tmp_path, monkeypatch):
    from claude_memory.hooks import write_guard_bash as bash_answer
    from claude_memory.hooks import write_guard

    project = tmp_path / "p"
    (project / ".claude" / "memory").mkdir(parents=True)
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))

    def broken(*args, **kwargs):
        raise ValueError("a defect in the analysis")

    monkeypatch.setattr(bash_answer, "find_store_writes", broken)

    def decide(command):
        return write_guard.decide({"session_id": "s", "cwd": str(project), "hook_event_name": "PreToolUse",
                                   "tool_name": "Bash", "tool_input": {"command": command}})

    answer = decide("cat .claude/memory/index.md")
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "could not check it (ValueError)" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert decide("npm test") is None
