"""Capture, update and retire inside the real CLI, following the skill with the real tools."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

from claude_memory.devtools.demo_example import DECISION_REPLY, DRAFT, NEW_INFO, PROMPT
from claude_memory.devtools.model_server import Steps, last_user_text, text
from claude_memory.devtools.skill_player import Conversation, follow_triage, parse_triage_data, reason_commands
from support import feedback_requests, first_prompt_text, md5

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


def _capture(project: Path, reply: str, new_info: str, outcome: dict, update=None):
    def flow(body):
        body = yield text(reply)
        feedback = last_user_text(body)
        outcome["feedback"] = feedback
        if "Stop hook feedback:" not in feedback:
            return
        outcome["saved"] = yield from follow_triage(
            feedback, project=project, drafts={"decision": DRAFT}, new_info={"decision": new_info}, update=update)
        yield text("Saved the decision to project memory.")

    return Conversation(flow)


def _validate(session) -> None:
    proc = session.script("memory_index.py", "--validate", "--root", str(session.memory_root))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _capture_first_decision(session) -> tuple[str, dict]:
    session_id = str(uuid.uuid4())
    outcome: dict = {}
    _, server = session.claude(PROMPT, _capture(session.project, DECISION_REPLY, NEW_INFO, outcome),
                               extra_args=["--session-id", session_id])
    assert "Stop hook feedback:" in outcome.get("feedback", ""), outcome
    assert len(feedback_requests(server)) == 1  # the stop after saving did not trigger again
    return session_id, outcome


def test_a_decision_is_captured_through_the_skill_and_not_captured_twice(session):
    session_id, outcome = _capture_first_decision(session)
    data = parse_triage_data(outcome["feedback"])
    assert data is not None, outcome["feedback"]
    categories = {c["category"]: c for c in data["categories"]}
    assert "decision" in categories
    assert 0 < categories["decision"]["score"] <= 1
    given = reason_commands(outcome["feedback"], "decision")  # the skill runs the reason's own command lines
    assert {"draft", "candidate", "create"} <= set(given), outcome["feedback"]
    assert outcome["saved"] and outcome["saved"][0]["action"] == "create", outcome["saved"]
    assert not outcome["saved"][0]["is_error"], outcome["saved"]

    saved = json.loads((session.project / TARGET).read_text())
    assert saved["id"] == SLUG and saved["record_status"] == "active"
    assert any(TARGET in line and TITLE in line and line.startswith("- [DECISION]")
               for line in session.index_lines()), session.index_lines()
    _validate(session)

    # Same conversation, resumed: nothing new to remember, so the Stop hook stays quiet.
    _, server = session.claude("Thanks, that is all.", Steps(["You're welcome."]),
                               extra_args=["--resume", session_id])
    assert feedback_requests(server) == []


def test_a_later_session_updates_it_with_hash_then_retire_removes_it_from_recall(session):
    session.seed("decisions/buf-for-proto-lint-and-breaking-checks.json", "preferences/airflow-taskflow-api.json")
    _capture_first_decision(session)
    path = session.project / TARGET
    hash_before = md5(path)

    outcome: dict = {}
    session.claude(UPDATE_PROMPT, _capture(session.project, UPDATE_REPLY, UPDATE_INFO, outcome, update=_add_tuning))
    assert outcome.get("saved"), outcome
    assert [s["action"] for s in outcome["saved"]] == ["update"], outcome["saved"]
    assert not outcome["saved"][0]["is_error"], outcome["saved"]
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
