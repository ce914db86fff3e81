"""Context at the right moment (issue 16) inside the real CLI: what the model is given at session start,
when it reads a file a memory names, and when a memory's file changed in a commit.

Also pins the CLI facts these features rely on (2.1.197): the SessionStart payload, and where a
SessionStart or PreToolUse ``additionalContext`` reaches the model.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from claude_memory.devtools.model_server import Steps, all_text, tool, tool_results
from recall_helpers import memory, write

START_LABEL = "SessionStart hook additional context:"
READ_LABEL = "PreToolUse:Read hook additional context:"


def _iso(epoch: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def _git(project: Path, *args: str, when: float | None = None) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@e"}
    if when is not None:
        env.update(GIT_AUTHOR_DATE=f"@{int(when)} +0000", GIT_COMMITTER_DATE=f"@{int(when)} +0000")
    subprocess.run(["git", "-C", str(project), *args], check=True, capture_output=True, env=env)


def _rebuild(session) -> None:
    proc = session.script("memory_index.py", "--rebuild", "--root", str(session.memory_root))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _decision(slug: str, title: str, files: list[str], updated: str) -> dict:
    return memory("decision", slug, title, ["context"], related_files=files, updated=updated,
                  content={"status": "accepted", "context": "c", "decision": title, "rationale": ["r"]})


def test_session_start_after_a_saved_session(session):
    write(session.memory_root, memory(
        "session_summary", "billing-export-session", "Wire the billing export", ["billing"], updated=_iso(time.time() - 600),
        content={"goal": "export invoices as CSV", "outcome": "partial", "completed": ["schema"],
                 "in_progress": ["CSV writer for invoices"], "blockers": ["S3 bucket policy denies PutObject"],
                 "next_actions": ["ask ops to open the bucket policy"]}))
    write(session.memory_root, memory(
        "constraint", "pii-stays-in-eu", "Customer PII stays in the EU", ["pii"], updated=_iso(time.time() - 600),
        content={"rule": "never copy PII outside eu-west-1", "kind": "policy", "severity": "high"}))
    _rebuild(session)
    _, server = session.claude("Hello", Steps(["Hi."]))
    given = all_text(server.main_requests[0])
    assert START_LABEL in given
    block = given[given.index(START_LABEL):]
    block = block[block.index("<project-memory>"):block.index("</project-memory>")]
    assert "Last session (" in block and "Wire the billing export [partial]" in block
    assert "  Open: CSV writer for invoices" in block
    assert "  Blocker: S3 bucket policy denies PutObject" in block
    assert "  Next: ask ops to open the bucket policy" in block
    assert "- Customer PII stays in the EU: never copy PII outside eu-west-1" in block
    assert "Memories: 1 constraints, 1 session summaries." in block


def test_no_session_start_block_without_a_store(session):
    _, server = session.claude("Hello", Steps(["Hi."]))
    assert START_LABEL not in all_text(server.main_requests[0])
    assert not (session.memory_root / ".staging" / "context-table.bin").exists()  # (the Stop hook keeps a cursor)


def test_a_read_of_a_file_named_by_a_memory_brings_it(session):
    (session.project / "src").mkdir()
    (session.project / "src" / "billing.py").write_text("def export():\n    pass\n")
    (session.project / "src" / "util.py").write_text("X = 1\n")
    write(session.memory_root, _decision("billing-csv-format", "Invoices export as RFC 4180 CSV",
                                         ["./src/billing.py"], _iso(time.time() + 60)))
    _rebuild(session)
    steps = Steps([tool("Read", {"file_path": str(session.project / "src" / "util.py")}),
                   tool("Read", {"file_path": str(session.project / "src" / "billing.py")}),
                   tool("Read", {"file_path": str(session.project / "src" / "billing.py")}),
                   "Done."])
    _, server = session.claude("Look at the code", steps)
    after_util, after_billing, after_again = (all_text(server.main_requests[i]) for i in (1, 2, 3))
    assert not tool_results(server.main_requests[1])[0]["is_error"]
    last_user = lambda i: json.dumps(server.main_requests[i]["messages"][-1])  # noqa: E731
    assert READ_LABEL not in last_user(1)  # a file no memory names adds nothing
    assert READ_LABEL in last_user(2)
    assert ("- [DECISION] Invoices export as RFC 4180 CSV -> .claude/memory/decisions/billing-csv-format.json"
            in after_billing)
    assert READ_LABEL not in last_user(3)  # once per session
    assert after_again.count("Invoices export as RFC 4180 CSV ->") == 1
    assert "billing-csv-format" not in after_util


def test_a_memory_whose_file_changed_in_a_commit_is_marked_stale(session):
    project = session.project
    now = time.time()
    (project / "src").mkdir()
    (project / "src" / "retry.py").write_text("RETRIES = 3\n")
    _git(project, "add", "src/retry.py")
    _git(project, "commit", "-qm", "retry", when=now - 3 * 3600)
    # saved an hour after that commit, two hours ago (the grace period is one hour)
    write(session.memory_root, _decision("retry-three-times", "Payment calls retry three times",
                                         ["src/retry.py"], _iso(now - 2 * 3600)))
    _rebuild(session)
    prompt = "How many times do payment calls retry?"
    _, server = session.claude(prompt, Steps(["Three."]))
    first = all_text(server.main_requests[0])
    assert "Payment calls retry three times -> .claude/memory/decisions/retry-three-times.json" in first
    assert "may be stale" not in first
    (project / "src" / "retry.py").write_text("RETRIES = 5\n")
    _git(project, "commit", "-qam", "five retries")
    _, server = session.claude(prompt, Steps(["Let me check."]))
    given = all_text(server.main_requests[0])
    lines = [l for l in given.splitlines() if "decisions/retry-three-times.json" in l and "- [" in l]
    assert lines, given[-3000:]
    assert "(may be stale: src/retry.py changed on " in lines[0]
    assert "Memories: 1 decisions; 1 may be stale (1 decisions)." in given
    listing = session.script("memory_index.py", "--stale")
    assert "decisions/retry-three-times" in listing.stdout


def test_cli_facts_session_start_payload_and_where_context_lands(session, tmp_path):
    """A probe plugin records the SessionStart and PreToolUse payloads and answers with marked context."""
    probe = tmp_path / "probe"
    (probe / ".claude-plugin").mkdir(parents=True)
    (probe / "hooks").mkdir()
    (probe / ".claude-plugin" / "plugin.json").write_text('{"name": "probe"}')
    out = tmp_path / "payloads"
    out.mkdir()
    hook = probe / "hook.py"
    hook.write_text(
        "import json, sys, os\n"
        "p = json.load(sys.stdin)\n"
        f"open(os.path.join({str(out)!r}, p['hook_event_name']), 'w').write(json.dumps(p))\n"
        "print(json.dumps({'hookSpecificOutput': {'hookEventName': p['hook_event_name'],"
        " 'additionalContext': 'PROBE-' + p['hook_event_name']}}))\n")
    command = f"{sys.executable} {hook}"
    (probe / "hooks" / "hooks.json").write_text(json.dumps({"hooks": {
        "SessionStart": [{"hooks": [{"type": "command", "command": command}]}],
        "PreToolUse": [{"matcher": "Read", "hooks": [{"type": "command", "command": command}]}]}}))
    (session.project / "a.txt").write_text("a\n")
    _, server = session.claude("Read a.txt", Steps([tool("Read", {"file_path": str(session.project / "a.txt")}),
                                                    "Done."]), plugin_dir=probe)
    start = json.loads((out / "SessionStart").read_text())
    assert start["source"] == "startup" and start["hook_event_name"] == "SessionStart"
    assert {"session_id", "cwd", "transcript_path"} <= set(start)
    pre = json.loads((out / "PreToolUse").read_text())
    assert pre["tool_name"] == "Read" and pre["tool_input"]["file_path"] == str(session.project / "a.txt")
    assert pre["session_id"] == start["session_id"]
    first = server.main_requests[0]["messages"]
    assert any(START_LABEL + " PROBE-SessionStart" in all_text({"messages": [m]}) for m in first)
    after_read = json.dumps(server.main_requests[1]["messages"][-1])
    assert "PreToolUse:Read hook additional context: PROBE-PreToolUse" in after_read
