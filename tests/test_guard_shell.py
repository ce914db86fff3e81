"""guard.shell: splitting a Bash command line into simple commands, words and redirections."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from claude_memory.guard.shell import BARE, QUOTED, SUBST, VAR, lex


def _argvs(source):
    return [c.argv for c in lex(source).commands]


@pytest.mark.parametrize("source,expected", [
    ("ls -la", [["ls", "-la"]]),
    ("a && b || c; d | e & f", [["a"], ["b"], ["c"], ["d"], ["e"], ["f"]]),
    ("a\nb", [["a"], ["b"]]),
    ("echo 'a b' \"c d\" e\\ f", [["echo", "a b", "c d", "e f"]]),
    ("echo .cl''aude/mem\"\"ory", [["echo", ".claude/memory"]]),
    ("echo $'\\x2eclaude\\n'", [["echo", ".claude\n"]]),
    ("echo $'\\056c'", [["echo", ".c"]]),
    ("echo a#b # comment", [["echo", "a#b"]]),
    ("echo a \\\n b", [["echo", "a", "b"]]),
    ("(cd x; rm y)", [["cd", "x"], ["rm", "y"]]),
    ("echo 'unterminated", [["echo", "unterminated"]]),
    ("echo \"unterminated $X", [["echo", "unterminated $X"]]),
])
def test_words(source, expected):
    assert _argvs(source) == expected


def test_redirections_with_fds_and_targets():
    cmd = lex("cmd a >out 2>>err &>both 3>&1 <in >|clob <<<word").commands[0]
    assert cmd.argv == ["cmd", "a"]
    assert [(op, fd, w.text) for op, fd, w in cmd.redirects] == [
        (">", "", "out"), (">>", "2", "err"), ("&>", "", "both"), (">&", "3", "1"),
        ("<", "", "in"), (">|", "", "clob"), ("<<<", "", "word")]


def test_heredoc_body_belongs_to_its_command():
    script = lex("cat <<'EOF' > f\nline $X\nEOF\nrm a\ncat <<-END\n\tindented\n\tEND\n")
    first, second, third = script.commands
    assert first.heredocs == ["line $X"] and [w.text for _, _, w in first.redirects] == ["EOF", "f"]
    assert second.argv == ["rm", "a"]
    assert third.heredocs == ["indented"]


def test_variables_and_quoting_are_remembered():
    word = lex("echo \"$HOME\"/x${Y:-dflt}'*'*").commands[0].words[1]
    kinds = [k for k, _, _ in word.parts]
    assert kinds == [VAR, BARE, VAR, QUOTED, BARE]
    assert word.parts[2] == (VAR, "Y", "dflt")
    assert word.literal is None


def test_substitutions_are_handed_back_as_command_lines():
    script = lex("echo $(rm -rf a) `touch b` \"$(mv c d)\" <(cat e) >(tee f) $((1+2))")
    assert script.nested == ["rm -rf a", "touch b", "mv c d", "cat e", "tee f"]
    assert all(k == SUBST for k, _, _ in script.commands[0].words[1].parts)


def test_pipe_is_recorded_as_the_separator_before():
    a, b, c = lex("echo x | tee y; ls").commands
    assert (a.sep_before, b.sep_before, c.sep_before) == ("", "|", ";")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab $'\"\\`(){}<>|&;#\n*~=-x.")), max_size=60))
def test_lex_never_raises(source):
    commands = lex(source).commands
    # every word it returns is text taken from the source's characters (quotes and escapes removed)
    for cmd in commands:
        assert all(isinstance(word, str) for word in cmd.argv)


@pytest.mark.parametrize("source,nested", [
    ("echo ${X:-$(rm -rf y)}", ["rm -rf y"]),
    ('echo "${X:-`rm y`}"', ["rm y"]),
    ("echo ${X:-${Y:-$(a $(b))}}", ["a $(b)"]),              # the outer command line holds the inner one
    ("echo ${X:-$((1 + 2))} ${Y/a/$(c)}", ["c"]),            # arithmetic runs nothing
    ("echo ${X:-\\$(not run)}", []),
    ("echo ${X:-plain} ${#Y}", []),
])
def test_substitutions_inside_a_parameter_expansion_are_command_lines_too(source, nested):
    assert lex(source).nested == nested
