import io
import json

import pytest

from claude_memory.hooks import edge as hook_edge


class FakeStdin(io.StringIO):
    """A text stream with a ``buffer`` like sys.stdin."""

    def __init__(self, data: bytes):
        super().__init__()
        self.buffer = io.BytesIO(data)


@pytest.mark.parametrize(
    "raw",
    [b"", b"   \n", b"not json", b"[1, 2]", b'"a string"', b"\xff\xfe\x00garbage", b"{" * 1000, b"null"],
)
def test_garbage_stdin_never_calls_decide_and_exits_zero(raw, capsys):
    calls = []
    rc = hook_edge.run_hook("t", lambda p: calls.append(p), FakeStdin(raw))
    out = capsys.readouterr()
    assert rc == 0
    assert calls == []
    assert out.out == ""
    assert "claude-memory:" in out.err


def test_dict_answer_is_printed_as_json(capsys):
    rc = hook_edge.run_hook("t", lambda p: {"echo": p["x"]}, FakeStdin(b'{"x": 1}'))
    assert rc == 0
    assert json.loads(capsys.readouterr().out) == {"echo": 1}


@pytest.mark.parametrize("answer, printed", [("plain text", "plain text"), (None, "")], ids=["text-verbatim", "none-nothing"])
def test_a_text_answer_is_printed_verbatim_and_none_prints_nothing(capsys, answer, printed):
    hook_edge.run_hook("t", lambda p: answer, FakeStdin(b"{}"))
    assert capsys.readouterr().out == printed


@pytest.mark.parametrize("exc", [RuntimeError("boom"), SystemExit(3), KeyError("k"), RecursionError()])
def test_crash_in_decide_fails_open(exc, capsys):
    def decide(payload):
        raise exc

    assert hook_edge.run_hook("myhook", decide, FakeStdin(b"{}")) == 0
    out = capsys.readouterr()
    assert out.out == ""
    assert "myhook failed open" in out.err


def test_oversized_stdin_is_ignored(monkeypatch, capsys):
    monkeypatch.setattr(hook_edge, "MAX_STDIN_BYTES", 10)
    calls = []
    assert hook_edge.run_hook("t", calls.append, FakeStdin(b'{"x": "0123456789"}')) == 0
    assert calls == []
    assert "larger" in capsys.readouterr().err


# ------------------------------------------------------------------ loads / dumps (json without importing json)

_JSON_VALUES = [
    {}, [], "", 0, -1.5, 1e300, True, None, "é\u2028\U0001f600", "lone \ud800 surrogate",
    {"a": [1, 2.5, None, True, False], "b": {"c": "x\"y\\z\n\t"}, "": {}},
    {"nan": float("nan"), "inf": float("inf"), "ninf": float("-inf")},
    {1: "int key", 2.5: "float key", True: "bool key", None: "none key"},
    [[[[["deep"]]]]], list(range(50)),
]


@pytest.mark.parametrize("value", _JSON_VALUES, ids=range(len(_JSON_VALUES)))
@pytest.mark.parametrize("ensure_ascii", [True, False])
@pytest.mark.parametrize("separators", [(", ", ": "), (",", ":")])
def test_dumps_is_json_dumps(value, ensure_ascii, separators):
    assert hook_edge.dumps(value, ensure_ascii=ensure_ascii, separators=separators) == \
        json.dumps(value, ensure_ascii=ensure_ascii, separators=separators)


@pytest.mark.parametrize("value", [{"x": object()}, {(1, 2): "tuple key"}, {"s": {1, 2}}])
def test_dumps_refuses_what_json_refuses_with_jsons_error(value):
    with pytest.raises(TypeError) as ours:
        hook_edge.dumps(value)
    with pytest.raises(TypeError) as theirs:
        json.dumps(value)
    assert str(ours.value) == str(theirs.value)


def test_dumps_refuses_a_cycle_like_json():
    cycle = []
    cycle.append(cycle)
    with pytest.raises(ValueError, match="Circular"):
        hook_edge.dumps(cycle)


@pytest.mark.parametrize("text", [json.dumps(v) for v in _JSON_VALUES if v == v]
                         + ['  {"a": 1}\n', '{"a": NaN}', "[1e5, -0, 0.0]", '"\\u00e9"'])
def test_loads_is_json_loads(text):
    assert repr(hook_edge.loads(text)) == repr(json.loads(text))


@pytest.mark.parametrize("text", ["", "{", '{"a": 1} x', "\ufeff{}", "[1,]", "{'a': 1}", "nul"])
def test_loads_fails_with_jsons_own_error(text):
    with pytest.raises(ValueError) as ours:
        hook_edge.loads(text)
    with pytest.raises(ValueError) as theirs:
        json.loads(text)
    assert str(ours.value) == str(theirs.value)


def test_every_hook_answer_is_shaped_in_the_edge():
    from pathlib import Path

    package = Path(hook_edge.__file__).resolve().parent.parent
    shapers = sorted(str(p.relative_to(package)) for p in package.rglob("*.py")
                     if p.name != "edge.py" and any(key in p.read_text(encoding="utf-8") for key in
                                                    ('"hookSpecificOutput"', '"permissionDecision"', '"additionalContext"')))
    assert shapers == []


@pytest.mark.parametrize("decision", ["allow", "deny", "ask"])
def test_permission_answers(decision):
    out = hook_edge.permission(decision, "why", extra="more")["hookSpecificOutput"]
    assert out == {"hookEventName": "PreToolUse", "permissionDecision": decision,
                   "permissionDecisionReason": "why", "additionalContext": "more"}


def test_permission_refuses_an_unknown_decision():
    with pytest.raises(ValueError):
        hook_edge.permission("maybe", "why")


def test_context_is_capped_at_the_cli_limit():
    text = hook_edge.context("UserPromptSubmit", "x" * 20_000)["hookSpecificOutput"]["additionalContext"]
    assert len(text) == hook_edge.MAX_CONTEXT_CHARS and text.endswith("...")


def test_block_with_and_without_context():
    assert hook_edge.block("r") == {"decision": "block", "reason": "r"}
    assert hook_edge.block("r", event="PostToolUse", extra="c")["hookSpecificOutput"] == {
        "hookEventName": "PostToolUse", "additionalContext": "c"}
