"""Capture in every permission mode a user runs, with the CLI's own permission checks on.

Turn 1 (``claude -p``) makes a decision: the Stop hook stays silent and the printed result is the
answer. Turn 2 (a later ``claude -p``) starts with claude-memory asking for one Agent call; the
saver subagent saves through the writer's batch call, which the guard approves; the printed result
is turn 2's answer. No tool call is denied, and nothing else is opened: an ordinary Write in
default mode is still refused. Plan mode saves nothing and keeps the capture for later.
"""

from __future__ import annotations

import json

import pytest

from claude_memory.devtools.claude_cli import PINNED_TOOLS
from claude_memory.devtools.demo_example import DECISION_REPLY, DRAFT, PROMPT
from claude_memory.devtools.model_server import Steps, text, tool, tool_results
from claude_memory.devtools.skill_player import Conversation, capture_request, follow_capture, is_subagent_request

TARGET = f".claude/memory/decisions/{DRAFT['id']}.json"
SECOND_PROMPT = "Which file holds the cache code?"
SECOND_ANSWER = "The cache code lives in build/cache.py."
DENIAL_WORDS = ("permission", "denied", "not allowed", "requires approval", "blocked")


def _pending(session):
    return sorted((session.memory_root / ".staging").glob("*/pending.json"))


def _first_turn(session, mode):
    run, server = session.claude(PROMPT, Steps([DECISION_REPLY]), permission_mode=mode)
    assert run.stdout.strip() == DECISION_REPLY, run.describe()  # -p keeps its answer
    assert len(_pending(session)) == 1, run.describe()
    assert not (session.project / TARGET).exists()
    return run, server


def _capture_turn(outcome: dict, *, also=None):
    def flow(body):
        call = capture_request(body)
        outcome["call"] = call
        if call is None:
            yield text(SECOND_ANSWER)
            return
        outcome["saved"], body = yield from follow_capture(call, drafts={"decision": DRAFT})
        if also is not None:
            body = yield also
            outcome["also"] = tool_results(body)
        yield text(SECOND_ANSWER)

    return Conversation(flow)


def _tool_calls(server) -> tuple[list, list]:
    """(main conversation's tool calls, subagent's tool calls) from the replies the server gave."""
    main, sub = [], []
    for record in server.requests:
        if record.main and record.reply is not None:
            (sub if is_subagent_request(record.body) else main).extend(record.reply.tool_calls)
    return main, sub


def _errors(server) -> list[dict]:
    return [r for body in server.main_requests for r in tool_results(body) if r["is_error"]]


@pytest.mark.parametrize("mode", ["default", "acceptEdits", "bypassPermissions", None])
def test_capture_saves_in_each_permission_mode_and_keeps_the_answer(session, mode):
    _first_turn(session, mode)
    outcome: dict = {}
    run, server = session.claude(SECOND_PROMPT, _capture_turn(outcome), permission_mode=mode)
    assert outcome.get("call"), "claude-memory did not ask for the saver\n" + run.describe()
    assert run.stdout.strip() == SECOND_ANSWER, run.describe()
    assert [r["status"] for r in outcome["saved"]] == ["saved"], outcome["saved"]
    saved = json.loads((session.project / TARGET).read_text())
    assert saved["id"] == DRAFT["id"]
    assert any(TARGET in line for line in session.index_lines())
    assert _pending(session) == []  # settled
    assert _errors(server) == [], _errors(server)  # nothing denied, nothing failed
    main, sub = _tool_calls(server)
    assert [name for name, _ in main] == ["Agent"]  # one call in the main conversation
    assert [name for name, _ in sub] == ["Read", "Bash"]


def test_default_mode_opens_nothing_else(session):
    """The guard's allow covers the writer's call only: an ordinary Write, a look-alike writer and
    the writer with a chained command still stop at the CLI's permission check in -p."""
    _first_turn(session, "default")
    fake = session.project / "hooks" / "scripts"
    fake.mkdir(parents=True)
    (fake / "memory_write.py").write_text("open('pwned.txt', 'w').write('x')\n")
    attempts = [
        ("Write", {"file_path": str(session.project / "notes.txt"), "content": "hello"}),
        ("Bash", {"command": "python3 hooks/scripts/memory_write.py --batch - <<'EOF'\n[]\nEOF",
                  "description": "look-alike"}),
        ("Bash", {"command": "touch pwned2.txt", "description": "ordinary write"}),
    ]
    outcome: dict = {}

    def flow(body):
        outcome["saved"], body = yield from follow_capture(capture_request(body), drafts={"decision": DRAFT})
        results = []
        for name, args in attempts:
            body = yield tool(name, args)
            results.extend(tool_results(body))
        outcome["results"] = results
        yield text(SECOND_ANSWER)

    run, server = session.claude(SECOND_PROMPT, Conversation(flow), permission_mode="default")
    assert (session.project / TARGET).exists(), run.describe()
    assert [r["is_error"] for r in outcome["results"]] == [True, True, True], outcome["results"]
    for result in outcome["results"]:
        assert any(w in result["text"].lower() for w in DENIAL_WORDS), result
    for name in ("notes.txt", "pwned.txt", "pwned2.txt"):
        assert not (session.project / name).exists(), name
    assert run.stdout.strip() == SECOND_ANSWER


def test_plan_mode_saves_nothing_and_keeps_the_capture(session):
    _first_turn(session, "plan")
    (pending,) = _pending(session)
    outcome: dict = {}
    run, server = session.claude(SECOND_PROMPT, _capture_turn(outcome), permission_mode="plan")
    assert outcome["call"] is None  # nothing asked while planning
    assert run.stdout.strip() == SECOND_ANSWER
    assert json.loads(pending.read_text())["attempts"] == 0
    assert not (session.project / TARGET).exists()
    # the next prompt outside plan mode saves it
    outcome = {}
    session.claude(SECOND_PROMPT, _capture_turn(outcome), permission_mode="default")
    assert (session.project / TARGET).exists() and _pending(session) == []


def test_the_pinned_tool_list_is_what_the_cli_offers(session):
    _, server = session.claude("hello", Steps(["hi"]), permission_mode="default")
    offered = {t["name"] for t in server.main_requests[0]["tools"]}
    assert offered == PINNED_TOOLS, (offered - PINNED_TOOLS, PINNED_TOOLS - offered)


RUNBOOK_FIX = (" The fix for the corrupted entries: the root cause was two writers opening the JSON files at once; "
               "we fixed it by deleting the cache folder and running `make cache-rebuild`, and verified that parallel "
               "builds pass.")
RUNBOOK = {
    "schema_version": "1.0", "category": "runbook", "id": "corrupted-build-cache-entries",
    "title": "Corrupted build cache entries after parallel builds: delete the cache and rebuild",
    "tags": ["cache", "build", "corruption"], "related_files": [], "confidence": 0.8,
    "content": {"trigger": "Build cache entries are corrupted after two builds ran at once",
                "symptoms": ["Builds fail reading cache entries"],
                "steps": ["Delete the cache folder", "Run make cache-rebuild"],
                "verification": "Parallel builds pass", "root_cause": "Two writers opened the JSON files at once",
                "environment": "local builds"},
}


def test_a_two_memory_capture_is_one_tool_call_in_the_main_conversation(session):
    """Two categories in one capture (the project lowers the runbook threshold so this turn triggers
    both): the main conversation still makes one tool call, the subagent two, in default mode."""
    session.memory_root.mkdir(parents=True)
    (session.memory_root / "memory-config.json").write_text(json.dumps({"triage": {"thresholds": {"runbook": 0.4}}}))
    run, _ = session.claude(PROMPT, Steps([DECISION_REPLY + RUNBOOK_FIX]), permission_mode="default")
    assert run.stdout.strip() == DECISION_REPLY + RUNBOOK_FIX
    (pending,) = _pending(session)
    assert {c["category"] for c in json.loads(pending.read_text())["categories"]} == {"decision", "runbook"}

    outcome: dict = {}

    def flow(body):
        outcome["saved"], body = yield from follow_capture(capture_request(body),
                                                           drafts={"decision": DRAFT, "runbook": RUNBOOK})
        yield text(SECOND_ANSWER)

    run, server = session.claude(SECOND_PROMPT, Conversation(flow), permission_mode="default")
    assert run.stdout.strip() == SECOND_ANSWER
    assert sorted(r["status"] for r in outcome["saved"]) == ["saved", "saved"], outcome["saved"]
    assert (session.project / TARGET).exists()
    assert (session.memory_root / "runbooks" / f"{RUNBOOK['id']}.json").exists()
    assert _errors(server) == []
    main, sub = _tool_calls(server)
    assert [name for name, _ in main] == ["Agent"] and [name for name, _ in sub] == ["Read", "Bash"]
    print(f"two-memory capture: main conversation {len(main)} tool call, subagent {len(sub)}")
