"""The operations log: one line per hook run and per write, bounded, never memory text."""

from __future__ import annotations

import json

import pytest
from pathlib import Path

from claude_memory.core import oplog
from store_helpers import make_doc, write_json


def _lines(root: Path) -> list[dict]:
    path = root / ".staging" / oplog.LOG_NAME
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


def test_nothing_is_logged_without_a_staging_place(tmp_path):
    oplog.record(tmp_path / "nope", event="x")
    assert not (tmp_path / "nope").exists()


def test_record_keeps_only_known_fields_and_rotates(tmp_path, monkeypatch):
    root = tmp_path / "m"
    (root / ".staging").mkdir(parents=True)
    oplog.record(root, event="Stop", decision="block", title="secret title", prompt="hello")
    (entry,) = _lines(root)
    assert entry["event"] == "Stop" and entry["decision"] == "block"
    assert "title" not in entry and "prompt" not in entry
    monkeypatch.setattr(oplog, "MAX_LOG_BYTES", 300)
    for i in range(20):
        oplog.record(root, event="UserPromptSubmit", decision="none", ms=i)
    assert (root / ".staging" / "ops.log.1").exists()
    assert (root / ".staging" / "ops.log").stat().st_size <= 400
    assert [e["ms"] for e in oplog.tail(root, 3)] == [17, 18, 19]


def test_every_hook_run_is_logged_with_its_decision(run_script, project, memory_root):
    (memory_root / ".staging").mkdir(parents=True)
    payload = {"session_id": "s-1", "cwd": str(project), "hook_event_name": "PreToolUse", "tool_name": "Write",
               "tool_input": {"file_path": str(memory_root / "decisions" / "x.json"), "content": "{}"}}
    run_script("memory_write_guard.py", stdin=payload, check=True)
    run_script("memory_retrieve.py", stdin={"session_id": "s-1", "cwd": str(project),
                                            "hook_event_name": "UserPromptSubmit", "prompt": "hi"})
    entries = _lines(memory_root)
    assert [(e["hook"], e["event"], e["decision"], e["session"]) for e in entries] == [
        ("memory_write_guard", "PreToolUse", "deny", "s-1"),
        ("memory_retrieve", "UserPromptSubmit", "none", "s-1"),
    ]
    assert all(isinstance(e["ms"], (int, float)) for e in entries)


def test_a_tool_call_the_hooks_have_nothing_to_say_about_is_not_logged(run_script, project, memory_root):
    """A Read, or a Write outside the store, would add a line per tool call that explains nothing
    and pushes the useful ones out of the bounded log; a deny is still logged."""
    (memory_root / ".staging").mkdir(parents=True)
    for tool, path in (("Read", project / "src" / "app.py"), ("Write", project / "src" / "app.py"),
                       ("Read", memory_root / "decisions" / "x.json")):
        payload = {"session_id": "s-1", "cwd": str(project), "hook_event_name": "PreToolUse", "tool_name": tool,
                   "tool_input": {"file_path": str(path), "content": "x"}}
        assert run_script("memory_write_guard.py", stdin=payload).returncode == 0
    assert _lines(memory_root) == []
    payload["tool_name"], payload["tool_input"]["file_path"] = "Write", str(memory_root / "decisions" / "x.json")
    run_script("memory_write_guard.py", stdin=payload)
    assert [(e["hook"], e["decision"]) for e in _lines(memory_root)] == [("memory_write_guard", "deny")]


def test_which_runs_are_worth_a_line():
    from claude_memory.hooks.edge import worth_logging

    tool = {"hook_event_name": "PreToolUse"}
    assert not worth_logging(tool, None, None)
    assert not worth_logging({"hook_event_name": "PostToolUse"}, None, None)
    assert worth_logging(tool, {"hookSpecificOutput": {}}, None)  # any answer: context, deny, ask, allow
    assert worth_logging(tool, None, "KeyError")  # a failure
    assert worth_logging(tool, None, None, {"deferred": True})
    assert worth_logging({"hook_event_name": "UserPromptSubmit"}, None, None)  # every prompt, Stop, start
    assert worth_logging({}, None, None)
    assert worth_logging({"hook_event_name": ["PreToolUse"]}, None, None)  # garbage is logged, never a crash


def test_writes_are_logged_ok_and_refused_without_memory_text(run_script, project, memory_root):
    draft = write_json(project / "d.json", make_doc(title="Use Postgres for storage"))
    assert run_script("memory_write.py", "--action", "create", "--category", "decision",
                      "--input", str(draft)).returncode == 0
    res = run_script("memory_write.py", "--action", "create", "--category", "decision", "--input", str(draft))
    assert res.returncode == 1
    entries = [e for e in _lines(memory_root) if e["event"] == "write"]
    assert [(e["action"], e["category"], e["ok"], e.get("error")) for e in entries] == [
        ("create", "decision", True, None), ("create", "decision", False, "ALREADY_EXISTS")]
    assert "Postgres" not in (memory_root / ".staging" / "ops.log").read_text()


def test_log_command_shows_the_latest_entries(run_script, memory_root):
    (memory_root / ".staging").mkdir(parents=True)
    for i in range(5):
        oplog.record(memory_root, session="abc", event="Stop", hook="memory_triage", decision="block",
                     categories=["decision"], ms=i)
    res = run_script("memory_index.py", "--log", "2", check=True)
    lines = res.stdout.splitlines()
    assert len(lines) == 2 and all("memory_triage" in x and "block" in x and "decision" in x for x in lines)
    data = json.loads(run_script("memory_index.py", "--log", "--json").stdout)
    assert len(data["log"]) == 5


def test_a_hook_that_fails_open_is_logged_as_an_error(tmp_path, monkeypatch, capsys):
    import io

    from claude_memory.hooks import edge

    root = tmp_path / ".claude" / "memory"
    (root / ".staging").mkdir(parents=True)

    def boom(payload):
        raise RuntimeError("bad")

    stream = io.StringIO(json.dumps({"cwd": str(tmp_path), "hook_event_name": "Stop"}))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    assert edge.run_hook("memory_triage", boom, stream) == 0
    (entry,) = _lines(root)
    assert entry["decision"] == "error" and entry["error"] == "RuntimeError"


@pytest.mark.parametrize("args", [("--log", "-5"), ("--log", "0"), ("--stats", "--days", "-1"), ("--stats", "--days", "0"),
                                  ("--log", "x")])
def test_counts_below_one_are_usage_errors(run_script, memory_root, args):
    res = run_script("memory_index.py", *args)
    assert res.returncode == 2 and "USAGE_ERROR" in res.stderr and "whole number" in res.stderr
    assert f"argument {args[-2]}: " in res.stderr and repr(args[-1]).strip("'") in res.stderr  # which, and what
