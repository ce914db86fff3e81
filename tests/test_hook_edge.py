import io
import json

import pytest

from claude_memory import hook_edge


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


def test_string_answer_is_printed_verbatim(capsys):
    hook_edge.run_hook("t", lambda p: "plain text", FakeStdin(b"{}"))
    assert capsys.readouterr().out == "plain text"


def test_none_answer_prints_nothing(capsys):
    hook_edge.run_hook("t", lambda p: None, FakeStdin(b"{}"))
    assert capsys.readouterr().out == ""


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
