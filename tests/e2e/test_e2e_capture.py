"""Capture, update and retire inside the real CLI, following the plugin's instructions with the real tools.

A turn worth remembering leaves a pending capture (the stop is never blocked); the next prompt
hands it to the memory-saver subagent in one Agent call."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

from claude_memory.devtools.demo_example import DECISION_REPLY, DRAFT, NEW_INFO, PROMPT
from claude_memory.devtools.model_server import Steps, last_user_text, text
from claude_memory.devtools.skill_player import Conversation, capture_request, follow_capture
from support import first_prompt_text, md5

# The same decision the demo plays: one example conversation, one draft.
SLUG = DRAFT["id"]
TARGET = f".claude/memory/decisions/{SLUG}.json"
TITLE = DRAFT["title"]

UPDATE_PROMPT = "Parallel builds still contend on the SQLite build cache. Should we tune it?"
UPDATE_REPLY = (
    "Decision: we will keep SQLite in WAL mode for the local build cache and also set synchronous=NORMAL "
    "and busy_timeout=5000, because the default FULL sync made parallel builds wait on fsync; the rationale "
    "is that WAL with NORMAL is still crash-safe for a cache. We chose this over switching to a JSON folder.")
UPDATE_INFO = "Use SQLite in WAL mode for the local build cache: also set synchronous=NORMAL and busy_timeout=5000"


def _add_tuning(existing: dict) -> dict:
    doc = json.loads(json.dumps(existing))
    doc["content"]["consequences"].append("Connections set synchronous=NORMAL and busy_timeout=5000")
    doc["content"]["rationale"].append("NORMAL sync in WAL mode is crash-safe enough for a cache")
    doc["tags"] = doc["tags"] + ["sqlite-tuning"]
    doc["changes"] = doc.get("changes", []) + [
        {"date": doc["updated_at"], "summary": "Added synchronous=NORMAL and busy_timeout=5000 tuning"}]
    return doc


NEXT_PROMPT = "Thanks. Anything else to check?"
NEXT_ANSWER = "Nothing else for now."


def _turn(reply: str, outcome: dict, update=None):
    """A turn: first play any capture claude-memory asks for, then say ``reply``."""
    def flow(body):
        call = capture_request(body)
        outcome.setdefault("calls", []).append(call)
        if call is not None:
            outcome["saved"], body = yield from follow_capture(call, drafts={"decision": DRAFT}, update=update)
        yield text(reply)

    return Conversation(flow)


def _validate(session) -> None:
    proc = session.script("memory_index.py", "--validate", "--root", str(session.memory_root))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _pending(session):
    return sorted((session.memory_root / ".staging").glob("*/pending.json"))


def _capture_first_decision(session) -> tuple[str, dict]:
    session_id = str(uuid.uuid4())
    outcome: dict = {}
    run, _ = session.claude(PROMPT, _turn(DECISION_REPLY, outcome), extra_args=["--session-id", session_id])
    assert outcome["calls"] == [None] and run.stdout.strip() == DECISION_REPLY
    assert len(_pending(session)) == 1
    run, _ = session.claude(NEXT_PROMPT, _turn(NEXT_ANSWER, outcome), extra_args=["--resume", session_id])
    assert outcome["calls"][-1] is not None, run.describe()
    assert run.stdout.strip() == NEXT_ANSWER
    return session_id, outcome


def test_a_decision_is_captured_at_the_next_prompt_and_not_captured_twice(session):
    session_id, outcome = _capture_first_decision(session)
    assert [r["status"] for r in outcome["saved"]] == ["saved"], outcome["saved"]
    assert outcome["calls"][-1]["description"] == "Save project memory: decision"

    saved = json.loads((session.project / TARGET).read_text())
    assert saved["id"] == SLUG and saved["record_status"] == "active"
    assert any(TARGET in line and TITLE in line and line.startswith("- [DECISION]")
               for line in session.index_lines()), session.index_lines()
    assert _pending(session) == []
    _validate(session)

    # Same conversation, resumed: the save turn itself is not triaged again, nothing new to remember.
    outcome = {}
    session.claude("Thanks, that is all.", _turn("You're welcome.", outcome), extra_args=["--resume", session_id])
    assert outcome["calls"] == [None] and _pending(session) == []


def test_a_later_session_updates_it_with_hash_then_retire_removes_it_from_recall(session):
    session.seed("decisions/buf-for-proto-lint-and-breaking-checks.json", "preferences/airflow-taskflow-api.json")
    _capture_first_decision(session)
    path = session.project / TARGET
    hash_before = md5(path)

    outcome: dict = {}
    session.claude(UPDATE_PROMPT, _turn(UPDATE_REPLY, outcome))
    assert len(_pending(session)) == 1
    session.claude(NEXT_PROMPT, _turn(NEXT_ANSWER, outcome, update=_add_tuning))
    assert outcome.get("saved"), outcome
    assert [r["status"] for r in outcome["saved"]] == ["saved"], outcome["saved"]
    assert outcome["saved"][0]["action"] == "update", outcome["saved"]
    updated = json.loads(path.read_text())
    assert md5(path) != hash_before
    assert updated["times_updated"] == 1
    assert "sqlite-tuning" in updated["tags"]
    assert any("busy_timeout" in c for c in updated["content"]["consequences"])
    _validate(session)

    # Recall injects it while it is active ...
    _, server = session.claude("How is the SQLite build cache configured?", Steps(["It uses WAL."]))
    assert TARGET in first_prompt_text(server)

    # ... then the /memory command retires it (the model runs the command line the command gives it).
    retire = _retire_script(session)
    _, server = session.claude(f"/claude-memory:memory --retire {SLUG}", retire)
    retired = json.loads(path.read_text())
    assert retired["record_status"] == "retired", retire.result
    assert not any(TARGET in line for line in session.index_lines())
    _validate(session)

    _, server = session.claude("How is the SQLite build cache configured?", Steps(["No idea."]))
    assert TARGET not in first_prompt_text(server)


def _retire_script(session):
    """Read the expanded /memory command and run the retire command line it gives, with our slug."""

    def flow(body):
        prompt = last_user_text(body)
        lines = [l.strip().strip("`") for l in prompt.splitlines()
                 if "memory_write.py" in l and "delete" in l]
        assert lines, prompt[-3000:]
        command = re.sub(r"^[$>]\s*", "", lines[0])
        command = command.replace("<reason>", "no longer used").replace("<slug>", SLUG).replace("<folder>", "decisions").replace("<category>", "decision")
        body = yield tool_call_bash(command)
        return last_user_text(body)

    return Conversation(flow)


def tool_call_bash(command: str):
    from claude_memory.devtools.model_server import tool

    return tool("Bash", {"command": command, "description": "Retire the memory"})


def test_a_capture_the_writer_refuses_is_named_with_its_reason_at_the_next_prompt(session):
    """#18: a capture triggered but not saved is said, with why, to Claude at the next prompt."""
    session_id = str(uuid.uuid4())
    outcome: dict = {}
    session.claude(PROMPT, _turn(DECISION_REPLY, outcome), extra_args=["--session-id", session_id])
    assert len(_pending(session)) == 1

    def refused(reply: str):
        def flow(body):
            call = capture_request(body)
            outcome.setdefault("calls", []).append(call)
            outcome["bodies"] = outcome.get("bodies", []) + [last_user_text(body)]
            if call is not None:
                outcome["saved"], body = yield from follow_capture(call, drafts={"decision": {"title": "no content"}})
            yield text(reply)
        return Conversation(flow)

    session.claude(NEXT_PROMPT, refused(NEXT_ANSWER), extra_args=["--resume", session_id])
    assert [r["status"] for r in outcome["saved"]] == ["error"], outcome["saved"]
    assert outcome["saved"][0]["error"] == "VALIDATION_ERROR"
    assert len(_pending(session)) == 1  # not saved: still pending
    assert "was not saved" not in outcome["bodies"][-1]

    session.claude("One more question.", refused("Sure."), extra_args=["--resume", session_id])
    said = outcome["bodies"][-1]
    assert "the capture of decision offered at an earlier prompt was not saved: the writer refused it " \
           "(VALIDATION_ERROR)" in said, said[-2000:]
    log = session.script("memory_index.py", "--log", "50", "--json", "--root", str(session.memory_root))
    entries = json.loads(log.stdout)["log"]
    assert any(e.get("event") == "write" and e.get("error") == "VALIDATION_ERROR" for e in entries), entries
