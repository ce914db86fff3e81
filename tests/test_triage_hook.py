"""The Stop hook: decide() as a pure-ish function over a temp project, and the script as Claude Code runs it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from claude_memory.hooks import triage as triage_hook
from claude_memory.hooks.triage import decide, enabled_categories, thresholds
from claude_memory.core.categories import CATEGORIES
from triage_helpers import jsonl

DECISION_TURN = [
    {"type": "user", "message": {"role": "user", "content": "Room, Realm or SQLDelight for the offline cache?"}},
    {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text":
        "Options:\n- **Room**: first-party.\n- **Realm**: uncertain future.\n- **SQLDelight**: KMP."}]}},
    {"type": "user", "message": {"role": "user", "content":
        "Room. We'll go with it because we already use it; Realm is rejected, too shaky."}},
]
LAST = "Chosen: **Room**; Realm and SQLDelight rejected."


@pytest.fixture
def transcript(tmp_path) -> Path:
    """The decision turn, as a transcript file."""
    path = tmp_path / "t.jsonl"
    path.write_bytes(jsonl(DECISION_TURN))
    return path


@pytest.fixture
def env(project, monkeypatch):
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    monkeypatch.setenv("CLAUDE_PLUGIN_ROOT", "/opt/plugin")
    return project


def payload(transcript: Path, project: Path, **extra):
    return {"session_id": "sess-1", "transcript_path": str(transcript), "cwd": str(project),
            "hook_event_name": "Stop", "stop_hook_active": False, "last_assistant_message": LAST, **extra}


def pending_file(project: Path, key: str = "sess-1") -> Path:
    return project / ".claude" / "memory" / ".staging" / key / "pending.json"


def silent(answer) -> bool:
    """Nothing printed: no answer, or only the operations-log note the hook edge strips."""
    from claude_memory.hooks.edge import LOG_KEY

    return answer is None or set(answer) == {LOG_KEY}


def run(p: dict) -> list[str]:
    """decide() never answers (a stop is never blocked); what it triggered is the pending capture it
    left for the next prompt. Read and remove it, so the next call shows only what that call added."""
    assert silent(decide(p))
    return take_pending(Path(p["cwd"]))


def take_pending(project: Path) -> list[str]:
    path = pending_file(project)
    if not path.exists():
        return []
    data = json.loads(path.read_text())
    path.unlink()
    return [c["category"] for c in data["categories"]]


def test_decision_turn_leaves_a_pending_capture_with_context_files(env, transcript, memory_root):
    assert silent(decide(payload(transcript, env)))  # never blocks the stop
    data = json.loads(pending_file(env).read_text())
    assert [c["category"] for c in data["categories"]] == ["decision"] and data["attempts"] == 0
    context = memory_root / ".staging" / "sess-1" / "context-decision.md"
    assert context.is_file() and "go with it" in context.read_text()
    assert data["categories"][0]["context_file"] == str(context)


def test_second_stop_of_the_same_conversation_does_not_trigger(env, transcript):
    assert run(payload(transcript, env)) == ["decision"]
    assert run(payload(transcript, env)) == []
    # the last message reaches the file late: it is not scored twice
    with open(transcript, "ab") as fh:
        fh.write(jsonl([{"type": "assistant", "message": {"role": "assistant",
                                                         "content": [{"type": "text", "text": LAST}]}}]))
    assert run(payload(transcript, env)) == []


def test_save_flow_after_a_block_never_triggers_again(env, transcript):
    assert run(payload(transcript, env)) == ["decision"]
    assert run(payload(transcript, env, stop_hook_active=True)) == []
    from claude_memory.triage.pending import request_text
    request = request_text(str(pending_file(env)), {"categories": [{"category": "decision"}]},
                           plugin_root="/opt/plugin", memory_root=str(env / ".claude" / "memory"))
    save_flow = [  # the next prompt: the hook's request, one Agent call, the subagent's own traffic
        {"type": "user", "message": {"role": "user", "content": "ok, thanks"}},
        {"type": "user", "isMeta": True, "message": {"role": "user", "content": request}},
        {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "tool_use", "id": "0",
            "name": "Agent", "input": {"subagent_type": "claude-memory:memory-saver",
                                       "prompt": f"Save the pending project memories in {pending_file(env)}"}}]}},
        {"type": "assistant", "isSidechain": True, "message": {"role": "assistant", "content": [{"type": "text",
            "text": "We decided to go with Room instead of Realm because of the deprecation; saving that decision."}]}},
        {"type": "assistant", "isSidechain": True, "message": {"role": "assistant", "content": [{"type": "tool_use",
            "id": "1", "name": "Bash", "input": {"command": "python3 /opt/plugin/hooks/scripts/memory_write.py --batch -"}}]}},
    ]
    with open(transcript, "ab") as fh:
        fh.write(jsonl(save_flow))
    assert run(payload(transcript, env, last_assistant_message="Saved.")) == []


@pytest.mark.parametrize("off", [False, "false", 0, "off", "no", None])
@pytest.mark.parametrize("override", [
    lambda off: {"triage": {"enabled": off}},
    lambda off: {"categories": {"decision": {"enabled": off}}},
    lambda off: {"categories": {"decision": {"auto_capture": off}}},
])
def test_config_switches_turn_triage_off(env, transcript, memory_root, override, off):
    # a switch spelled "false", 0, "off" or "no" is off too (it used to warn and keep the default, on)
    memory_root.mkdir(parents=True)
    (memory_root / "memory-config.json").write_text(json.dumps(override(off)))
    assert run(payload(transcript, env)) == []


@pytest.mark.parametrize("on", [True, "true", 1, "on", "yes"])
def test_a_switch_spelled_on_leaves_triage_on(env, transcript, memory_root, on):
    memory_root.mkdir(parents=True)
    (memory_root / "memory-config.json").write_text(json.dumps({"triage": {"enabled": on},
                                                                "categories": {"decision": {"auto_capture": on}}}))
    assert run(payload(transcript, env)) == ["decision"]


def test_enabled_categories_and_thresholds_read_the_checked_config(memory_root):
    from claude_memory.core.config import load_config

    memory_root.mkdir(parents=True, exist_ok=True)
    (memory_root / "memory-config.json").write_text(json.dumps({
        "categories": {"runbook": {"auto_capture": False}, "preference": {"enabled": False}, "decision": "x"},
        "triage": {"thresholds": {"decision": "high", "runbook": 0.7, "constraint": True}}}))
    config = load_config(memory_root)
    assert enabled_categories(config) == ["session_summary", "decision", "constraint", "tech_debt"]
    limits = thresholds(config)
    assert (limits["decision"], limits["runbook"], limits["constraint"]) == (0.5, 0.7, 0.5)


def _no_wait(monkeypatch, why: str) -> None:
    """Any poll for the transcript fails the test (the wait is counted by structure, never timed)."""
    import time

    monkeypatch.setattr(time, "sleep", lambda s: pytest.fail(why))


class FakeClock:
    """A clock that moves only when the hook sleeps; each sleep is counted and may change the file."""

    def __init__(self, on_sleep=None):
        self.now, self.sleeps, self.on_sleep = 0.0, 0, on_sleep

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        self.now = self.sleeps * seconds  # not a running sum: no float drift in the count
        if self.on_sleep is not None:
            self.on_sleep(self.sleeps)


def _polls(seconds: float) -> int:
    """How many polls a wait of ``seconds`` is."""
    return round(seconds / triage_hook._POLL_SECONDS)


@pytest.mark.parametrize("bad", [{}, {"transcript_path": 5}, {"transcript_path": ""}, {"transcript_path": None}])
def test_no_transcript_path_is_silent_and_not_waited_for(env, bad, monkeypatch):
    _no_wait(monkeypatch, f"waited for a transcript with no path: {bad}")
    assert decide({"session_id": "s", "cwd": str(env), **bad}) is None


def test_a_missing_transcript_is_waited_for_a_few_flushes_only(env, tmp_path, monkeypatch):
    # --no-session-persistence names a transcript it never writes: the stop waits MISSING_WAIT_SECONDS
    # (five of the CLI's flushes), not the 3 s it waited before
    import time

    clock = FakeClock()
    monkeypatch.setattr(time, "sleep", clock.sleep)
    monkeypatch.setattr(time, "monotonic", clock)
    assert decide(payload(tmp_path / "never.jsonl", env)) is None
    assert clock.sleeps == _polls(triage_hook.MISSING_WAIT_SECONDS) == 10
    assert triage_hook.MISSING_WAIT_SECONDS < triage_hook.TRANSCRIPT_WAIT_SECONDS


@pytest.mark.parametrize("override", [{"enabled": False}, {"enabled": "off"}, {"triage": {"enabled": False}},
                                      {"triage": {"enabled": "no"}},
                                      {"categories": {c: {"auto_capture": False} for c in CATEGORIES}}])
@pytest.mark.parametrize("on_disk", ["missing", "empty", "mid-line"])
def test_config_is_read_before_the_transcript_is_looked_at(env, memory_root, tmp_path, monkeypatch, override,
                                                           on_disk):
    # memory or triage off: the answer comes at once, whatever the transcript's state
    memory_root.mkdir(parents=True)
    (memory_root / "memory-config.json").write_text(json.dumps(override))
    path = tmp_path / "t.jsonl"
    if on_disk != "missing":
        path.write_bytes(b"" if on_disk == "empty" else b'{"type": "user", "mess')
    monkeypatch.setattr(triage_hook, "_wait_for_transcript",
                        lambda *a, **k: pytest.fail("looked at the transcript with capture off"))
    assert decide(payload(path, env)) is None


@pytest.mark.parametrize("found, size, ends_whole, age, state", [
    ("no file", 0, False, 0.0, "missing"),          # not flushed yet, or a session that is not persisted
    ("no file", 0, False, 99.0, "missing"),
    ("other", 0, False, 0.0, "absent"),             # a folder, a FIFO, a device: never a transcript
    ("regular file", 10, True, 0.0, "ready"), ("regular file", 10, True, 99.0, "ready"),
    ("regular file", 0, False, 0.0, "writing"),     # created, not yet written: the write is in flight
    ("regular file", 10, False, 0.5, "writing"),    # ends mid-line and changed just now
    ("regular file", 10, False, -5.0, "writing"),   # a clock ahead of the file's: still bounded
    ("regular file", 0, False, 99.0, "absent"),     # an empty file left alone
    ("regular file", 10, False, 99.0, "ready"),     # a torn last line nobody finishes: its whole lines
])
def test_transcript_state(found, size, ends_whole, age, state):
    assert triage_hook.transcript_state(found, size, ends_whole, age) == state


WHOLE, TORN = jsonl(DECISION_TURN), jsonl(DECISION_TURN)[:-7]


@pytest.mark.parametrize("initial, later, found, polls", [
    (b"", WHOLE, True, 2),          # created, then written after the hook started
    (TORN, WHOLE, True, 2),         # the last line finished
    (b"", b"", False, 60),          # never written: gives up at TRANSCRIPT_WAIT_SECONDS
    (TORN, None, True, 60),         # never finished: its whole lines are read
    (None, WHOLE, True, 2),         # flushed for the first time after the hook started
    (None, b"", False, 60),         # created by a flush, never written: the longer bound
    (None, None, False, 10),        # never comes: gives up at MISSING_WAIT_SECONDS
])
def test_a_transcript_that_is_coming_is_waited_for_within_its_bound(tmp_path, initial, later, found, polls):
    path = tmp_path / "t.jsonl"
    if initial is not None:
        path.write_bytes(initial)
    clock = FakeClock(lambda n: n == 2 and later is not None and path.write_bytes(later))
    assert triage_hook._wait_for_transcript(str(path), sleep=clock.sleep, clock=clock) is found
    assert clock.sleeps == polls <= _polls(triage_hook.TRANSCRIPT_WAIT_SECONDS)


def test_a_whole_transcript_is_never_polled(tmp_path):
    path = tmp_path / "t.jsonl"
    path.write_bytes(WHOLE)
    clock = FakeClock()
    assert triage_hook._wait_for_transcript(str(path), sleep=clock.sleep, clock=clock) is True
    assert clock.sleeps == 0


@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
def test_a_transcript_path_that_is_no_file_is_answered_at_once(env, tmp_path, kind, monkeypatch):
    # the wait is for the CLI's late write of a file; a folder, a FIFO or a device never becomes one,
    # so the hook must not sit out its whole wait on them (a stop would take 3 s)
    import time

    path = {"folder": tmp_path, "device": "/dev/null"}.get(kind)
    if kind == "fifo":
        path = tmp_path / "t.fifo"
        os.mkfifo(path)
    monkeypatch.setattr(time, "sleep", lambda s: pytest.fail(f"waited for a {kind} to become a transcript"))
    assert decide({"session_id": "s", "cwd": str(env), "transcript_path": str(path)}) is None


def test_transcript_written_after_the_stop_hook_started_is_still_triaged(env, tmp_path, monkeypatch):
    """A transcript the CLI has created but not yet written is waited for (by polls, not by time)."""
    import time

    transcript = tmp_path / "late.jsonl"
    transcript.write_bytes(b"")
    polls = []

    def sleep(seconds):
        polls.append(seconds)
        transcript.write_bytes(jsonl(DECISION_TURN))

    monkeypatch.setattr(time, "sleep", sleep)
    assert run(payload(transcript, env)) == ["decision"]
    assert len(polls) == 1


def test_rewritten_transcript_starts_over(env, tmp_path, transcript):
    assert run(payload(transcript, env)) == ["decision"]
    replacement = tmp_path / "t2.jsonl"
    replacement.write_bytes(jsonl(DECISION_TURN[:1] + [{"type": "user", "message": {"role": "user", "content":
        "Let's go with Postgres instead of Mongo because we already run it."}}]))
    os.replace(replacement, transcript)  # new inode, shorter file
    assert run(payload(transcript, env, last_assistant_message="ok")) == ["decision"]


# ------------------------------------------------------------ black box (as Claude Code runs it)

SCRIPT = "memory_triage.py"


@pytest.mark.parametrize("stdin", [b"", b"not json", b"[1,2,3]", b"\xff\xfe\x00garbage", b"null",
                                   json.dumps({"transcript_path": ["x"], "session_id": {"a": 1}}).encode()])
def test_garbage_stdin_never_blocks(run_script, stdin):
    result = run_script(SCRIPT, stdin=stdin)
    assert result.returncode == 0 and result.stdout == ""


def test_missing_transcript_script(run_script, project):
    result = run_script(SCRIPT, stdin={"session_id": "s", "transcript_path": str(project / "none.jsonl"),
                                       "cwd": str(project), "stop_hook_active": False})
    assert (result.returncode, result.stdout) == (0, "")


#: Loaded at the hook's start (sitecustomize): every ``time.sleep`` is recorded before it sleeps.
SLEEP_RECORDER = """
import os, time

_sleep = time.sleep


def _recorded(seconds):
    with open(os.environ["SLEEP_LOG"], "a") as fh:
        fh.write(f"{seconds}\\n")
    _sleep(seconds)


time.sleep = _recorded
"""


@pytest.mark.parametrize("override, warning, polls", [
    (None, "", 10), ({"enabled": False}, "", 0),
    ({"triage": {"enabled": "off"}}, "claude-memory: warning: triage.enabled must be true or false, not \"off\"; "
                                     "read as false (triage.enabled is off here)\n", 0),
])
def test_a_stop_without_a_transcript_returns_promptly_as_claude_code_runs_it(project, tmp_path, memory_root,
                                                                            override, warning, polls):
    # claude -p --no-session-persistence: the Stop payload names a transcript that is never written.
    # The hook answers nothing; with capture off it never polls for it, with capture on it polls for
    # MISSING_WAIT_SECONDS (counted by a sleep recorder, not timed): it used to wait 3 s either way.
    import subprocess
    import sys

    from locations import REPO, SCRIPTS

    if override is not None:
        memory_root.mkdir(parents=True)
        (memory_root / "memory-config.json").write_text(json.dumps(override))
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SLEEP_RECORDER)
    log = tmp_path / "sleeps.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env.update(PYTHONPATH=str(site), SLEEP_LOG=str(log), CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(REPO))
    stdin = {"session_id": "3f1c", "transcript_path": str(tmp_path / "projects" / "3f1c.jsonl"), "cwd": str(project),
             "hook_event_name": "Stop", "stop_hook_active": False, "last_assistant_message": LAST,
             "permission_mode": "default", "prompt_id": "p1"}
    # Without the hooks' -S (hooks.json): the recorder is a sitecustomize, which -S would skip. The code run is the same.
    done = subprocess.run([sys.executable, str(SCRIPTS / SCRIPT)], input=json.dumps(stdin).encode(),
                          capture_output=True, cwd=project, env=env, timeout=60)
    assert (done.returncode, done.stdout, done.stderr.decode()) == (0, b"", warning)
    slept = [float(line) for line in log.read_text().split()] if log.exists() else []
    assert len(slept) == polls and sum(slept) <= triage_hook.MISSING_WAIT_SECONDS + 1e-9, slept
    assert not pending_file(project).exists()


def test_the_sleep_recorder_records(tmp_path):
    # the check above can fail: a sleep in the hook's process is recorded
    import subprocess
    import sys

    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SLEEP_RECORDER)
    log = tmp_path / "sleeps.log"
    subprocess.run([sys.executable, "-c", "import time; time.sleep(0)"], check=True,
                   env={**os.environ, "PYTHONPATH": str(site), "SLEEP_LOG": str(log)})
    assert log.read_text() == "0\n"


def test_stop_hook_active_is_silent(run_script, project, transcript):
    result = run_script(SCRIPT, stdin=payload(transcript, project, stop_hook_active=True))
    assert (result.returncode, result.stdout) == (0, "")
    assert not (project / ".claude").exists()


@pytest.mark.parametrize("junk", [
    b"\x00\x01\x02\xff\xfe binary\n",
    b'{"type": "assistant", "message": {"content": [{"type": "text", "text": "' + b"x" * 3_000_000 + b'"}]}}\n',
    b'{"type": "user", "message": {"role": "user", "content": "trunc',  # truncated last line
])
def test_bad_lines_do_not_break_triage(run_script, project, tmp_path, junk):
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes(jsonl(DECISION_TURN) + junk)
    result = run_script(SCRIPT, stdin=payload(transcript, project), check=True)
    assert result.stdout == "" and take_pending(project) == ["decision"]


def test_only_garbage_lines_never_block(run_script, project, tmp_path):
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes(os.urandom(50_000) + b"\n" + b"{" * 1000 + b"\n")
    result = run_script(SCRIPT, stdin=payload(transcript, project, last_assistant_message=""))
    assert (result.returncode, result.stdout) == (0, "")


def test_script_second_stop_is_silent_and_cursor_is_stored(run_script, project, transcript, memory_root):
    first = run_script(SCRIPT, stdin=payload(transcript, project))
    assert (first.returncode, first.stdout) == (0, "") and pending_file(project).exists()
    second = run_script(SCRIPT, stdin=payload(transcript, project))
    assert (second.returncode, second.stdout) == (0, "")
    cursor = json.loads((memory_root / ".staging" / "cursors" / "sess-1.json").read_text())
    assert cursor["offset"] == transcript.stat().st_size


# ------------------------------------------------------------------ --dry-run

def _tree(root: Path) -> dict:
    return {str(p.relative_to(root)): (p.stat().st_mtime_ns, p.stat().st_size) for p in root.rglob("*")}


def _dry_categories(stdout: str) -> list[str]:
    assert stdout.count("<triage_data>") == 1 and stdout.rstrip().endswith("</triage_data>")
    data = json.loads(stdout[stdout.index("<triage_data>") + 13: stdout.index("</triage_data>")])
    return [c["category"] for c in data["categories"]]


def test_dry_run_prints_the_block_and_changes_nothing_on_disk(run_script, project, tmp_path, memory_root, transcript):
    before = _tree(tmp_path)
    result = run_script(SCRIPT, "--dry-run", stdin=payload(transcript, project))
    assert result.returncode == 0 and result.stderr == ""
    assert _dry_categories(result.stdout) == ["decision"]
    assert _tree(tmp_path) == before and not memory_root.exists()
    # the real stop triggers the same category and writes its context file where the dry run said
    real = run_script(SCRIPT, stdin=payload(transcript, project))
    assert real.stdout == ""  # the real stop never blocks: it leaves a pending capture
    data = json.loads(result.stdout[result.stdout.index("{"): result.stdout.rindex("}") + 1])
    pending = json.loads(pending_file(project).read_text())
    assert data["categories"][0]["context_file"] == pending["categories"][0]["context_file"]


def test_dry_run_reads_the_cursor_as_the_hook_would(run_script, project, tmp_path, memory_root, transcript):
    run_script(SCRIPT, stdin=payload(transcript, project))  # the real stop moves the cursor to the end
    before = _tree(tmp_path)
    again = run_script(SCRIPT, "--dry-run", stdin=payload(transcript, project))
    assert _dry_categories(again.stdout) == [] and _tree(tmp_path) == before


def test_dry_run_of_a_quiet_or_looping_stop_prints_an_empty_block(run_script, project, transcript):
    looping = run_script(SCRIPT, "--dry-run", stdin=payload(transcript, project, stop_hook_active=True))
    assert _dry_categories(looping.stdout) == []
    transcript.write_bytes(jsonl(DECISION_TURN[:1]))
    quiet = run_script(SCRIPT, "--dry-run", stdin=payload(transcript, project, last_assistant_message="Sure."))
    assert _dry_categories(quiet.stdout) == []


# ------------------------------------------------------------------ what earlier stops saw

def _turn(user: str, assistant: str) -> list[dict]:
    return [{"type": "user", "message": {"role": "user", "content": user}},
            {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": assistant}]}}]


TROUBLE = _turn("The nightly export fails again with `Permission denied` on /data/out.",
                "The export user lost write access when /data was remounted.")
REPAIR = _turn("ok, remount it with the right owner.", "Remounted /data with uid 1001; the export ran.")
KEEP = _turn("Thanks. Write this down in docs/ops so next time we know.", "Added docs/ops/export.md.")


def test_a_symptom_seen_at_an_earlier_stop_supports_a_later_write_up(env, tmp_path, memory_root):
    """Each stop reads only the new turn: the trouble told two stops earlier reaches the request to keep the
    fix for next time through the cursor's supporting cues, and once the runbook triggered it starts over."""
    path = tmp_path / "t.jsonl"
    turns = [TROUBLE, REPAIR, KEEP, KEEP]
    fired = []
    for turn in turns:
        with open(path, "ab") as fh:
            fh.write(jsonl(turn))
        fired.append(run(payload(path, env, last_assistant_message=turn[-1]["message"]["content"][0]["text"])))
    assert fired[:3] == [[], [], ["runbook"]]
    assert fired[3] == []  # the same words again: the runbook was captured, its support went with it
    cursor = json.loads((memory_root / ".staging" / "cursors" / "sess-1.json").read_text())
    assert "runbook" not in cursor["support"]


def test_the_write_up_alone_is_not_a_runbook(env, tmp_path):
    path = tmp_path / "t.jsonl"
    path.write_bytes(jsonl(KEEP))
    assert run(payload(path, env, last_assistant_message="Added docs/ops/export.md.")) == []


@pytest.mark.parametrize("support", [None, "x", [], {"runbook": "x"}, {"runbook": {"symptom": "high"}}, {3: {}}])
def test_a_damaged_support_record_is_ignored(support):
    assert triage_hook._carried({"support": support}) in ({}, {"runbook": {}})


def test_the_options_of_a_question_reach_the_answer_at_the_next_stop(env, tmp_path, memory_root):
    path = tmp_path / "t.jsonl"
    path.write_bytes(jsonl(_turn("Room or Realm for the offline cache?", "Room is first-party; Realm is heavier.")))
    assert run(payload(path, env, last_assistant_message="Room is first-party; Realm is heavier.")) == []
    cursor = json.loads((memory_root / ".staging" / "cursors" / "sess-1.json").read_text())
    assert {"room", "realm"} <= set(cursor["prior_options"])
    with open(path, "ab") as fh:
        fh.write(jsonl(_turn("Room then, we already use it.", "Added Room with the cache DAO.")))
    assert run(payload(path, env, last_assistant_message="Added Room with the cache DAO.")) == ["decision"]


@pytest.mark.parametrize("value", [None, "room", [1, 2], ["x" * 61], {"a": 1}])
def test_damaged_prior_options_are_ignored(value):
    assert triage_hook._words(value) == []


def test_the_cursor_remembers_that_the_last_exchange_changed_a_file(env, tmp_path, memory_root):
    path = tmp_path / "t.jsonl"
    edit = {"type": "assistant", "message": {"role": "assistant", "content": [
        {"type": "tool_use", "id": "t1", "name": "Edit", "input": {"file_path": "/p/a.kt", "old_string": "a",
                                                                   "new_string": "b"}}]}}
    path.write_bytes(jsonl([{"type": "user", "message": {"role": "user", "content": "add the writer"}}, edit]))
    assert run(payload(path, env, last_assistant_message="Added the writer.")) == []
    cursor = json.loads((memory_root / ".staging" / "cursors" / "sess-1.json").read_text())
    assert cursor["edited"] is True
    with open(path, "ab") as fh:
        fh.write(jsonl(_turn("no @Autowired fields. we do constructor injection always, every class here",
                             "Switched to constructor injection.")))
    assert run(payload(path, env, last_assistant_message="Switched to constructor injection.")) == ["preference"]
