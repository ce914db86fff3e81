"""hooks.write_guard: the PreToolUse decision, and the script as Claude Code runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from claude_memory.hooks import edge as hook_edge
from claude_memory.hooks import write_guard

from locations import REPO, SCRIPTS


@pytest.fixture
def store(project, memory_root, monkeypatch):
    (memory_root / "decisions").mkdir(parents=True)
    (memory_root / "decisions" / "x.json").write_text("{}")
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    monkeypatch.setenv("CLAUDE_PLUGIN_ROOT", "/plugins/claude-memory")
    return memory_root


def _payload(project, tool, tool_input, **extra):
    return {"session_id": "sess/1", "cwd": str(project), "hook_event_name": "PreToolUse",
            "tool_name": tool, "tool_input": tool_input, **extra}


def test_deny_answer_shape_and_exact_commands(store, project):
    answer = write_guard.decide(_payload(project, "Write", {"file_path": str(store / "decisions" / "x.json")}))
    out = answer["hookSpecificOutput"]
    assert set(out) == {"hookEventName", "permissionDecision", "permissionDecisionReason"}
    assert (out["hookEventName"], out["permissionDecision"]) == ("PreToolUse", "deny")
    reason = out["permissionDecisionReason"]
    assert reason.startswith(f"claude-memory: Write on {store / 'decisions' / 'x.json'} was blocked:")
    assert (f'python3 "/plugins/claude-memory/hooks/scripts/memory_write.py" --action create '
            f'--category decision --root "{store}" --input - <<\'MEMORY_RECORD\'\n') in reason
    assert ".staging" not in reason  # no draft file: the CLI refuses a Write under .claude/ anyway
    assert "--action update --category decision --target" in reason and "--hash" in reason
    assert "--action delete" in reason


def test_index_reason_names_the_rebuild(store, project):
    answer = write_guard.decide(_payload(project, "Edit", {"file_path": str(store / "index.md")}))
    reason = answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert 'python3 "/plugins/claude-memory/hooks/scripts/memory_index.py" --rebuild' in reason
    assert "memory_write.py\" --action create" in reason


def test_bash_reason_names_what_the_command_would_do(store, project):
    answer = write_guard.decide(_payload(project, "Bash", {"command": "rm -rf .claude/memory/decisions"}))
    reason = answer["hookSpecificOutput"]["permissionDecisionReason"]
    assert reason.startswith("claude-memory: Bash command blocked: `rm` would delete .claude/memory/decisions")
    assert "--category decision" in reason


@pytest.mark.parametrize("payload", [
    {"tool_name": "Write"},
    {"tool_name": "Write", "tool_input": "x"},
    {"tool_name": "Write", "tool_input": {}},
    {"tool_name": "Write", "tool_input": {"file_path": 7}},
    {"tool_name": "Bash", "tool_input": {"command": ["rm"]}},
    {"tool_name": "Write", "tool_input": {"file_path": "a\0b"}, "cwd": "x\0y"},
])
def test_malformed_input_is_allowed_with_a_note(store, payload, capsys):
    assert write_guard.decide(payload) is None
    assert "claude-memory: write guard:" in capsys.readouterr().err


@pytest.mark.parametrize("tool", ["Read", "Glob", "Grep", "WebFetch", None, 3])
def test_other_tools_are_not_looked_at(store, tool):
    assert write_guard.decide({"tool_name": tool, "tool_input": {"file_path": str(store / "index.md")}}) is None


def test_missing_cwd_falls_back_to_the_process_folder(store, project, monkeypatch):
    monkeypatch.chdir(project)
    answer = write_guard.decide({"tool_name": "Write", "tool_input": {"file_path": ".claude/memory/a.json"}})
    assert answer is not None


def test_script_denies_like_claude_code_expects(run_script, store):
    res = run_script("memory_write_guard.py", stdin={
        "session_id": "s", "cwd": str(store.parent.parent), "tool_name": "Bash",
        "tool_input": {"command": "echo x > .claude/memory/index.md"}})
    assert res.returncode == 0
    out = res.json()["hookSpecificOutput"]
    assert out["permissionDecision"] == "deny"
    assert f'python3 "{REPO}/hooks/scripts/memory_write.py" --action create' in out["permissionDecisionReason"]


@pytest.mark.parametrize("stdin", [b"", b"not json", b"[1,2]", b"\xff\xfe", b'{"tool_name": "Write"}'])
def test_script_fails_open(run_script, store, stdin):
    res = run_script("memory_write_guard.py", stdin=stdin)
    assert (res.returncode, res.stdout) == (0, "")
    assert "claude-memory" in res.stderr


def test_script_is_silent_outside_the_store(run_script, store, project):
    res = run_script("memory_write_guard.py", stdin=_payload(project, "Write", {"file_path": str(project / "a.py")}))
    assert (res.returncode, res.stdout, res.stderr) == (0, "", "")
    assert (store / "decisions" / "x.json").read_text() == "{}"


def test_guard_imports_only_the_standard_library_on_its_paths(project, memory_root):
    (memory_root / "decisions").mkdir(parents=True)
    probe = (
        "import sys, io, json; sys.path.insert(0, %r)\n"
        "from claude_memory.hooks import write_guard\n"
        "for tool, ti in [('Write', {'file_path': %r}), ('Write', {'file_path': %r}),"
        " ('Bash', {'command': 'rm -rf .claude/memory'})]:\n"
        "    write_guard.decide({'tool_name': tool, 'tool_input': ti, 'cwd': %r})\n"
        "bad = [m for m in ('pydantic', 'filelock', 'jsonschema', 'claude_memory.core.config', 'claude_memory.core.errors',"
        " 'dataclasses', 'pathlib') if m in sys.modules]\n"
        "print(json.dumps(bad))\n"
    ) % (str(REPO), str(project / "a.py"), str(memory_root / "x.json"), str(project))
    out = subprocess.run([sys.executable, "-S", "-c", probe], capture_output=True, text=True, check=True,
                         env={"CLAUDE_PROJECT_DIR": str(project), "PATH": "/usr/bin:/bin"})
    assert json.loads(out.stdout) == []


def test_outside_path_fast_path_loads_no_json_re_or_typing(project, memory_root):
    """The whole hook (edge included) on an outside path, in a bare interpreter."""
    (memory_root / "decisions").mkdir(parents=True)
    payload = json.dumps({"tool_name": "Write", "cwd": str(project),
                          "tool_input": {"file_path": str(project / "src" / "a.py")}})
    probe = (
        "import sys, io; sys.path.insert(0, %r)\n"
        "from claude_memory.hooks import write_guard\n"
        "from claude_memory.hooks.edge import run_hook\n"
        "class S:\n    buffer = io.BytesIO(%r.encode())\n"
        "assert run_hook('g', write_guard.decide, S) == 0\n"
        "print(sorted(m for m in ('json', 're', 'typing', 'enum', 'pydantic') if m in sys.modules))\n"
    ) % (str(REPO), payload)
    out = subprocess.run([sys.executable, "-S", "-c", probe], capture_output=True, text=True, check=True,
                         env={"CLAUDE_PROJECT_DIR": str(project), "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "[]", out.stderr


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(json_values, st.sampled_from(["", " ", "\n\t ", "\r\n"]))
def test_edge_fast_parse_agrees_with_json_loads(value, space):
    text = space + json.dumps(value, ensure_ascii=bool(len(space) % 2)) + space
    assert hook_edge.fast_loads(text) == json.loads(text)


@pytest.mark.parametrize("text", ["", "  ", "{} x", "{'a': 1}", "[1,]", "{\"a\": 1", "NaN x", "\ufeff{}", "01"])
def test_edge_fast_parse_refuses_what_json_loads_refuses(text):
    with pytest.raises(Exception):
        hook_edge.fast_loads(text)
    with pytest.raises(ValueError):
        json.loads(text)


@settings(max_examples=400, deadline=None)
@given(json_values, st.booleans(), st.sampled_from([None, (",", ":"), (", ", ": ")]), st.sampled_from([None, 1]))
def test_the_small_payload_parser_reads_what_json_reads_or_steps_aside(value, ascii_only, separators, indent):
    """The pure-Python parser that spares a hook the C scanner's library: either json's answer, or it
    hands the text on (a \\u escape, Infinity, many escapes)."""
    from claude_memory.core import fastjson

    text = json.dumps(value, ensure_ascii=ascii_only, separators=separators, indent=indent)
    try:
        got = fastjson._simple_loads(text)
    except fastjson._NotSimple:
        return
    assert got == json.loads(text) and type(got) is type(json.loads(text))


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet='{}[]",:0123456789.-+eE \t\n\\/ntrufalsbxu\x01\u00e9', max_size=24))
def test_the_small_payload_parser_never_accepts_what_json_refuses(text):
    from claude_memory.core import fastjson

    try:
        got = fastjson._simple_loads(text)
    except fastjson._NotSimple:
        return
    assert got == json.loads(text)  # json.loads raising here is the failure this test is for


@settings(max_examples=1500, deadline=None)
@given(json_values, st.integers(min_value=0), st.sampled_from(["insert", "delete", "replace"]),
       st.sampled_from(list('{}[]",:0-.eE+ \\xu\x01ntf19')))
def test_the_small_payload_parser_refuses_near_misses_of_json(value, where, edit, char):
    """One character inserted, deleted or replaced in valid JSON: accepted only when json accepts."""
    from claude_memory.core import fastjson

    text = json.dumps(value)
    at = where % (len(text) + 1)
    text = {"insert": text[:at] + char + text[at:], "delete": text[:at] + text[at + 1:],
            "replace": text[:at] + char + text[at + 1:]}[edit]
    try:
        got = fastjson._simple_loads(text)
    except fastjson._NotSimple:
        return
    assert got == json.loads(text)


@pytest.mark.parametrize("text", ['"\\x"', '"\\u12"', "[1,]", '{"a":1,}', "01", "1.", ".5", "+1", "1e", '"\x01"',
                                  "[1 2]", '{"a" 1}', "tru", "nul", '{"a":}', "{1:2}", "[,]", '"abc', "\ufeff{}",
                                  "NaN", "-", "--1", "1-", "[1]]", "{}}", '"\\', "-01", "1e+", "[", ""])
def test_the_small_payload_parser_hands_on_what_is_not_plain_json(text):
    from claude_memory.core import fastjson

    with pytest.raises(fastjson._NotSimple):
        fastjson._simple_loads(text)


def test_a_plain_payload_does_not_load_the_c_scanner():
    code = ("import sys; from claude_memory.core.fastjson import fast_loads; "
            "fast_loads('{\"tool_name\": \"Read\", \"tool_input\": {\"file_path\": \"/a b/c.py\"}, \"n\": -1.5e3}'); "
            "print('_json' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(REPO), timeout=60)
    assert out.stdout.strip() == "False", out.stderr


def test_entry_script_is_two_lines():
    body = (SCRIPTS / "memory_write_guard.py").read_text().splitlines()
    assert body[1:] == ["from _launch import run", 'run("claude_memory.hooks.write_guard", needs_deps=False)']


# ---- a payload too large to parse (over 8 MB): decided on its path, failing closed -----------------

BIG = "x" * (hook_edge.MAX_STDIN_BYTES + 10)


def _big(project, tool, tool_input, *, path_last=False) -> bytes:
    payload = _payload(project, tool, tool_input)
    if path_last:  # the path after 8 MB of content is not read: denied all the same (fails closed)
        payload["tool_input"] = dict(reversed(list(tool_input.items())))
    return json.dumps(payload).encode()


@pytest.mark.parametrize("tool,key,path_last", [
    ("Write", "file_path", False), ("Write", "file_path", True), ("Edit", "file_path", False),
    ("NotebookEdit", "notebook_path", False),
])
def test_oversized_file_tool_into_the_store_is_denied(run_script, store, project, tool, key, path_last):
    tool_input = {key: str(store / "decisions" / "x.json"), "content": BIG}
    res = run_script("memory_write_guard.py", stdin=_big(project, tool, tool_input, path_last=path_last))
    assert res.returncode == 0
    assert res.json()["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_oversized_file_tool_elsewhere_gets_no_opinion(run_script, store, project):
    res = run_script("memory_write_guard.py",
                     stdin=_big(project, "Write", {"file_path": str(project / "data.csv"), "content": BIG}))
    assert (res.returncode, res.stdout) == (0, "")


def test_a_path_inside_the_content_is_not_taken_for_the_call_s(run_script, store, project):
    # the real path is outside the store; the content holds JSON naming a store file (escaped inside
    # the string): the call is decided on the real path
    content = json.dumps({"file_path": str(store / "decisions" / "x.json")}) + BIG
    res = run_script("memory_write_guard.py", stdin=_big(project, "Write", {
        "file_path": str(project / "a.json"), "content": content, "note": json.dumps({"file_path": "/x"})}))
    assert (res.returncode, res.stdout) == (0, "")


def test_oversized_file_tool_without_a_path_is_denied(run_script, store, project):
    res = run_script("memory_write_guard.py", stdin=_big(project, "Write", {"content": BIG}))
    assert res.json()["hookSpecificOutput"]["permissionDecision"] == "deny"


@pytest.mark.parametrize("command,denied", [
    (f"cat > .claude/memory/decisions/x.json <<'EOF'\n{BIG}\nEOF", True),
    (f"printf '%s' '{BIG}' > build/blob.txt", False),
])
def test_oversized_bash_is_denied_when_it_names_a_store(run_script, store, project, command, denied):
    res = run_script("memory_write_guard.py", stdin=_big(project, "Bash", {"command": command}))
    assert res.returncode == 0
    if denied:
        assert res.json()["hookSpecificOutput"]["permissionDecision"] == "deny"
    else:
        assert res.stdout == ""


@pytest.mark.parametrize("raw,key,expected", [
    (b'{"a": 1, "file_path": "/x/y"}', "file_path", "/x/y"),
    (b'{"file_path" : "/x/\\"q\\"\\\\"}', "file_path", '/x/"q"\\'),
    (b'{"content": "{\\"file_path\\": \\"/store\\"}", "file_path": "/real"}', "file_path", "/real"),
    (b'{"content": "file_path", "b": 1}', "file_path", None),
    (b'{"file_path": 7}', "file_path", None),
    (b'{"file_path": "unterminated', "file_path", None),
    (b'{"tool_name":"Write"}', "tool_name", "Write"),
    (b"", "tool_name", None),
])
def test_string_field_reads_a_member_never_text_that_looks_like_one(raw, key, expected):
    assert hook_edge.string_field(raw, key) == expected


_STAGED = {"Write": ("file_path", {"content": "x"}), "Edit": ("file_path", {"old_string": "a", "new_string": "b"}),
           "MultiEdit": ("file_path", {"edits": []}), "NotebookEdit": ("notebook_path", {"new_source": "x"})}


@pytest.mark.parametrize("tool", list(_STAGED))
@pytest.mark.parametrize("rel,denied", [
    (".staging/manifest", True),
    (".staging/copies/0123456789abcdef0123456789abcdef", True),
    (".staging/sess1/../copies/0123456789abcdef0123456789abcdef", True),
    (".staging/other-session/draft.json", True),
    (".staging/sess1", True),
    (".staging/sess1/draft-decision.json", False),  # the calling session's own draft folder
])
def test_file_tools_in_the_staging_place_only_reach_the_session_s_drafts(store, project, tool, rel, denied):
    key, extra = _STAGED[tool]
    answer = write_guard.decide(_payload(project, tool, {key: str(store / rel), **extra}, session_id="sess/1"))
    if not denied:
        assert answer is None
        return
    out = answer["hookSpecificOutput"]
    assert out["permissionDecision"] == "deny"
    assert out["permissionDecisionReason"].startswith(f"claude-memory: {tool} on {store / rel} was blocked: it is "
                                                      f"inside the memory store ({store})")
    assert "--action create" in out["permissionDecisionReason"]


def test_a_draft_that_is_a_second_name_of_the_manifest_is_denied(store, project):
    staging = store / ".staging"
    (staging / "sess1").mkdir(parents=True)
    (staging / "manifest").write_text("claude-memory manifest 1\n")
    os.link(staging / "manifest", staging / "sess1" / "draft.json")
    answer = write_guard.decide(_payload(project, "Write", {"file_path": str(staging / "sess1" / "draft.json")},
                                         session_id="sess/1"))
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "another hard link" in answer["hookSpecificOutput"]["permissionDecisionReason"]
    (staging / "sess1" / "plain.json").write_text("{}")
    assert write_guard.decide(_payload(project, "Write", {"file_path": str(staging / "sess1" / "plain.json")},
                                       session_id="sess/1")) is None


@pytest.mark.parametrize("tool_input,tool", [
    ({"file_path": ".claude/memory/.staging/manifest", "content": "forged"}, "Write"),
    ({"notebook_path": ".claude/memory/.staging/copies/0123456789abcdef0123456789abcdef", "new_source": "x"},
     "NotebookEdit"),
    ({"command": 'rm "$(dirname .claude/memory/decisions/x.json)"/x.json'}, "Bash"),
    ({"command": "rm `dirname .claude/memory/decisions/x.json`/x.json"}, "Bash"),
    ({"command": "D=$(dirname .claude/memory/decisions/x.json); rm $D/x.json"}, "Bash"),
    ({"command": "D=.claude/memory/decisions; echo hi > $D/x.json"}, "Bash"),
    ({"command": 'export D=.claude/memory; rm -rf "$D"'}, "Bash"),
    ({"command": 'cd "$(dirname .claude/memory/decisions/x.json)" && rm x.json'}, "Bash"),
])
def test_script_denies_computed_store_paths_and_the_staging_bookkeeping(run_script, store, project, tool_input, tool):
    (store / ".staging" / "copies").mkdir(parents=True)
    res = run_script("memory_write_guard.py", stdin=_payload(project, tool, tool_input))
    assert res.returncode == 0, res.stderr
    out = res.json()["hookSpecificOutput"]
    assert out["permissionDecision"] == "deny"
    assert out["permissionDecisionReason"].startswith("claude-memory: ")
    assert "memory_write.py\" --action create" in out["permissionDecisionReason"]


@pytest.mark.parametrize("tool_input,tool", [
    ({"command": 'cat "$(dirname .claude/memory/decisions/x.json)"/x.json'}, "Bash"),
    ({"command": "ls $(dirname .claude/memory/x)"}, "Bash"),
    ({"file_path": ".claude/memory/.staging/sess1/draft-decision.json", "content": "{}"}, "Write"),
])
def test_script_lets_reads_and_the_session_s_drafts_through(run_script, store, project, tool_input, tool):
    res = run_script("memory_write_guard.py", stdin=_payload(project, tool, tool_input))
    assert (res.returncode, res.stdout) == (0, ""), res.stderr
