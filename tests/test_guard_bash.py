"""guard.bash: the pure decision whether a command line writes, moves or deletes in the store."""

from __future__ import annotations

import pytest

from claude_memory.guard import bash as gb
from claude_memory.guard.bash import find_store_writes, mentions_store

ROOT = "/p/.claude/memory"
ENV = {"HOME": "/home/u", "CLAUDE_PROJECT_DIR": "/p"}


def writes(command, cwd="/p", **kw):
    """The findings that stop the command (a whole-tree git command is asked about, not stopped)."""
    return [f for f in find_store_writes(command, ROOT, cwd, ENV, **kw) if f.kind != "whole-tree"]


@pytest.mark.parametrize("command,action,verb", [
    ("echo x > .claude/memory/a", "write to", "redirection >"),
    ("rm .claude/memory/a", "delete", "rm"),
    ("mv .claude/memory/a /tmp", "move", "mv"),
    ("mv /tmp/a .claude/memory/", "move into", "mv"),
    ("chmod 600 .claude/memory/a", "change", "chmod"),
    ("sed -i s/a/b/ .claude/memory/a", "edit", "sed -i"),
    ("python3 -c \"open('.claude/memory/a','w')\"", "run code that writes to", "python"),
    ("find .claude/memory -delete", "delete files it finds in", "find -delete"),
])
def test_findings_say_what_and_how(command, action, verb):
    (finding, *_) = writes(command)
    assert (finding.action, finding.verb) == (action, verb)
    assert finding.describe().startswith(f"`{verb}` would {action}")


@pytest.mark.parametrize("command", [
    "sed 's/a/b/' .claude/memory/index.md",          # no -i: prints only
    "sed -n -e 's/a/b/p' .claude/memory/index.md",
    "perl -ne 'print' .claude/memory/index.md",
    "tar -tf backup.tar",
    "git checkout main",
    "git clean -fdx",
    "curl -s https://example.invalid",
    "echo > /dev/null",
    "ls 2>&1 >&2",
    "exec 3>&-",
    "",
    "   ",
])
def test_reads_and_unrelated_writes_pass(command):
    assert writes(command) == []


@pytest.mark.parametrize("cwd,command,denied", [
    ("/p/.claude/memory", "rm index.md", True),
    ("/p/.claude", "rm -rf memory", True),
    ("/p/src", "rm -rf ../.claude", True),
    ("/p/src", "rm -rf .claude", False),
    (None, "rm -rf memory", False),              # unknown cwd, no path to the store
    (None, "rm -rf /p/.claude/memory", True),
    ("/p", "cd - && rm -rf memory", False),
    ("/p", "cd $UNKNOWN && rm -rf .claude/memory", True),  # a literal store spelling under an unknown folder
])
def test_the_starting_folder_and_cd(cwd, command, denied):
    assert bool(writes(command, cwd=cwd)) is denied


def test_unknown_variables_alone_are_not_a_match():
    assert writes("rm -rf $BUILD_DIR") == []
    assert writes("rm -rf \"$X\"/build") == []
    assert writes("rm -rf $X/.claude/memory") != []
    assert writes("rm -rf ${X:-.claude/memory}") != []


def test_opaque_writers_are_denied_only_when_the_line_names_the_store():
    assert writes("cat list.txt | xargs rm") == []
    assert writes("cat .claude/memory/list | xargs rm") != []
    assert writes("while read f; do rm \"$f\"; done < files.txt") == []


def test_resolve_catches_symlinks_the_text_cannot_show():
    links = {"/p/view": "/p/.claude/memory"}

    def resolve(path):
        for src, dst in links.items():
            if path == src or path.startswith(src + "/"):
                return dst + path[len(src):]
        return path

    assert writes("echo x > view/index.md") == []
    assert writes("echo x > view/index.md", resolve=resolve) != []
    assert writes("echo x > other/index.md", resolve=resolve) == []


def test_case_folding_is_asked_only_for_case_variants():
    asked = []

    def folds():
        asked.append(1)
        return True

    assert writes("echo x > src/a.py", folds_case=folds) == [] and asked == []
    assert writes("echo x > .claude/memory/a", folds_case=folds) and asked == []
    found = writes("echo x > .CLAUDE/Memory/a", folds_case=folds)
    assert found and found[0].folded and asked == [1]
    assert writes("echo x > .CLAUDE/Memory/a", folds_case=False) == []


@pytest.mark.parametrize("pattern,name,matches", [
    ("*", "memory", True), ("*", ".claude", False), (".*", ".claude", True), ("mem*", "memory", True),
    ("m?mory", "memory", True), ("[m]emory", "memory", True), ("[!m]emory", "memory", False),
    ("[a-n]emory", "memory", True), ("\\*", "*", True), ("\\*", "memory", False), ("*y", "memory", True),
    ("me*r*", "memory", True), ("x*", "memory", False),
])
def test_component_globs(pattern, name, matches):
    assert gb._glob_match(pattern, name) is matches


@pytest.mark.parametrize("text,named", [
    ("open('.claude/memory/x','w')", True),
    ("os.path.join('.claude', 'memory', 'x')", True),
    ("'.cla' + 'ude/memory'", True),
    ("os.environ['CLAUDE_PROJECT_DIR'] + '/memory'", True),
    ("/p/.claude/memory/x", True),
    ("open('notes.md','w')", False),
    ("print('memory usage')", False),
])
def test_mentions_store(text, named):
    assert mentions_store(text, ROOT) is named


def test_nesting_depth_is_bounded():
    command = "bash -c " + "'" + "eval " * 50 + "ls'"
    assert writes(command) == []


@pytest.mark.parametrize("command", ["a'='", "a'='x", "x\"=\"1 ls", "a=''b"])
def test_an_assignment_whose_equals_sign_is_quoted_is_analysed(command):
    # found by hypothesis in test_guard_budget: ``a'='`` raised IndexError inside the analysis
    from claude_memory.guard import bash

    assert bash.find_store_writes(command, "/tmp/p/.claude/memory", "/tmp/p") == []
