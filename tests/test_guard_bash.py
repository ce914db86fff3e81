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


@pytest.mark.parametrize("command,cwd", [
    ('rm "$(dirname .claude/memory/decisions/x.json)"/x.json', "/p"),
    ("rm `dirname .claude/memory/decisions/x.json`/x.json", "/p"),
    ("D=$(dirname .claude/memory/decisions/x.json); rm $D/x.json", "/p"),
    ("D=`dirname .claude/memory/decisions/x.json`; echo hi > \"$D\"/x.json", "/p"),
    ("export D=$(dirname .claude/memory/decisions/x.json); rm -f ${D%/}/x.json", "/p"),
    ("D=$(dirname .claude/memory/decisions/x.json); E=$D; rm $E/x.json", "/p"),
    ("D=$(realpath .claude/memory); rm -rf \"$D\"", "/p"),
    ('rm "$(realpath .claude/memory)"/decisions/x.json', "/p"),
    ('rm "$(dirname .claude/memory/decisions/x.json)"/../index.md', "/p"),
    ('rm "$(dirname "$(dirname .claude/memory/decisions/x.json)")"/memory/index.md', "/p"),
    ('rm "$(printf %s "$(dirname .claude/memory/decisions/x.json)")"/x.json', "/p"),
    ('cp /tmp/f "$(dirname .claude/memory/decisions/x.json)"', "/p"),
    ('mv "$(dirname .claude/memory/decisions/x.json)"/x.json /tmp/', "/p"),
    ('sed -i s/a/b/ "$(dirname .claude/memory/decisions/x.json)"/x.json', "/p"),
    ("for d in $(dirname .claude/memory/x); do rm $d/y; done", "/p"),
    ('rm "$(dirname memory/decisions/x.json)"/x.json', "/p/.claude"),  # a relative spelling of the store
    ("cd .claude && rm \"$(dirname memory/decisions/x.json)\"/x.json", "/p"),
    ('cd "$(dirname .claude/memory/decisions/x.json)" && rm x.json', "/p"),
    ('cd "$(dirname .claude/memory/decisions/x.json)" && rm ../index.md', "/p"),
    ('cd "$(dirname .claude/memory/decisions/x.json)" && npm test', "/p"),
    ("D=.claude/memory/decisions; echo hi > $D/x.json", "/p"),
    ('export D=.claude/memory; rm -rf "$D"', "/p"),
    ("cd .claude/memory && rm decisions/x.json", "/p"),
    ("echo ${X:-$(rm -rf .claude/memory)}", "/p"),            # a default's substitution runs too
    ("rm -rf ${X:-$(echo .claude/memory)}", "/p"),
    ('rm -rf "${X:-`echo .claude`/memory}"', "/p"),
])
def test_a_store_path_computed_at_run_time_is_denied(command, cwd):
    found = writes(command, cwd=cwd)
    assert found and found[0].kind in ("write", "unknown")


@pytest.mark.parametrize("command", [
    "cat .claude/memory/decisions/x.json",
    "ls $(dirname .claude/memory/x)",
    'cat "$(dirname .claude/memory/decisions/x.json)"/x.json',
    "D=$(dirname .claude/memory/decisions/x.json); grep -r title $D",
    "D=.claude/memory; cat $D/decisions/x.json",
    'cd "$(dirname .claude/memory/decisions/x.json)" && cat x.json && ls',
    'out=$(cat .claude/memory/index.md); echo "$out" > /tmp/summary.txt',
    "rm /tmp/$(basename .claude/memory/decisions/x.json)",   # the computed part is below /tmp
    'rm "$(dirname /tmp/foo)"/x.json',                       # computed, but from text naming no store
    "rm -rf \"$(mktemp -d)\"/x; cat .claude/memory/index.md",
    'cd "$(git rev-parse --show-toplevel)" && rm -rf build',
    "echo ${X:-$(date)} > /tmp/stamp",
])
def test_reads_and_writes_elsewhere_stay_allowed_near_computed_store_paths(command):
    assert writes(command) == []


def test_a_computed_store_path_is_denied_with_a_reason_that_says_why():
    (finding,) = writes('rm "$(dirname .claude/memory/decisions/x.json)"/x.json')
    assert (finding.kind, finding.verb) == ("unknown", "rm")
    assert finding.describe() == ("`rm` touches the memory store ($(...)/x.json) and its path is computed at run "
                                  "time from text that names the store, so the guard cannot tell that it lands "
                                  "outside the store")
    (certain,) = writes('rm .claude/memory/"$(dirname a/b)"')  # in the store whatever the substitution prints
    assert certain.kind == "write"


@pytest.mark.parametrize("pattern,relation", [
    ([gb._STORE_ANY, "x.json"], "inside"),
    ([gb._STORE_ANY], "inside"),
    (["p", gb._STORE_ANY + "-old"], "inside"),        # when in doubt near the store: as good as in it
    (["tmp", gb._STORE_ANY], None),                   # below a folder that is not on the store's path
    ([gb._ANY, "x.json"], None),                      # a plain unknown never stands for .claude/memory
    ([gb._ANY, ".claude", "memory", "x"], "inside"),
])
def test_a_stretch_computed_from_store_text_may_stand_for_the_store(pattern, relation):
    assert gb._relation(pattern, ["p", ".claude", "memory"], False) == relation


@pytest.mark.parametrize("path,components", [
    (gb._STORE_ANY + "/../x", [gb._STORE_ANY, "x"]),   # above a computed stretch: still unknown
    (gb._ANY + "a/../x", ["x"]),                       # unchanged for a plain unknown
    ("/p/a/../x", ["p", "x"]),
])
def test_dot_dot_does_not_climb_out_of_a_computed_stretch(path, components):
    assert gb._components(path, "/p") == components
