"""File-scoped recall (issue 16): the memories naming a file reach Claude with the tool call that touches it."""

from __future__ import annotations

import json
import time

import pytest

from claude_memory.hooks.write_guard import with_file_context
from claude_memory.recall import context_table, file_context, render
from claude_memory.recall import usage

#: file-scoped recall alone (a guard that never objects)
decide = with_file_context(lambda payload: None)
from recall_helpers import memory, write

STAMP = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 60))


def payload(project, tool, path, session="s1", cwd=None, **tool_input):
    key = "notebook_path" if tool == "NotebookEdit" else "file_path"
    return {"session_id": session, "cwd": str(cwd or project), "hook_event_name": "PreToolUse", "tool_name": tool,
            "tool_input": {key: path, **tool_input}, "tool_use_id": "t1"}


def context(answer):
    assert answer["hookSpecificOutput"]["hookEventName"] == "PreToolUse"
    assert "permissionDecision" not in answer["hookSpecificOutput"]
    return answer["hookSpecificOutput"]["additionalContext"]


@pytest.fixture
def store(memory_root, project, monkeypatch):
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    (project / "src").mkdir()
    (project / "src" / "app.py").write_text("print()")
    (project / "src" / "other.py").write_text("print()")
    for i in range(5):
        write(memory_root, memory("decision", f"app-{i}", f"App decision {i}", ["app"], updated=STAMP,
                                  related_files=["src/app.py"],
                                  content={"status": "accepted", "context": "c", "decision": "d", "rationale": ["r"]}))
    write(memory_root, memory("runbook", "retired-app", "Retired", ["app"], status="retired", updated=STAMP,
                              related_files=["src/app.py"]))
    write(memory_root, memory("constraint", "gone", "Vendored parser is frozen", ["parser"], updated=STAMP,
                              related_files=["./src/parser.py"]))
    assert context_table.build_table(str(memory_root))
    return memory_root


def test_a_read_of_a_named_file_gets_at_most_three_memories_in_a_delimited_block(store, project):
    text = context(decide(payload(project, "Read", str(project / "src" / "app.py"))))
    lines = text.splitlines()
    assert lines[0] == render.OPEN and lines[-1] == render.CLOSE and lines[1] == file_context.INTRO
    entries = [line for line in lines if line.startswith("- [")]
    assert len(entries) == 3
    assert all(line.startswith("- [DECISION] App decision ") and "-> .claude/memory/decisions/app-" in line
               for line in entries)
    assert "retired-app" not in text


def test_each_memory_once_per_session_and_shared_with_prompt_recall(store, project):
    first = context(decide(payload(project, "Read", str(project / "src" / "app.py"))))
    second = context(decide(payload(project, "Edit", "src/app.py", old_string="a", new_string="b")))
    shown = lambda text: {line.split("/decisions/")[1].split(".json")[0] for line in text.splitlines()  # noqa: E731
                          if "/decisions/" in line}
    assert len(shown(first)) == 3 and len(shown(second)) == 2 and not shown(first) & shown(second)
    assert decide(payload(project, "Read", str(project / "src" / "app.py"))) is None
    assert usage.seen(str(store), "s1") == {f"decisions/app-{i}" for i in range(5)}
    assert decide(payload(project, "Read", str(project / "src" / "app.py"), session="s2")) is not None
    log = usage.read_log(str(store))
    assert [via for _t, via, _n in log] == ["file"] * 8


@pytest.mark.parametrize("spelling", ["src/app.py", "./src/app.py", "{project}/src/app.py", "{project}/src/../src/app.py"])
def test_any_spelling_of_the_path_finds_the_memories(store, project, spelling):
    answer = decide(payload(project, "Read", spelling.format(project=project)))
    assert answer is not None and "App decision" in context(answer)


def test_a_different_working_directory_finds_them(store, project):
    answer = decide(payload(project, "Read", "app.py", cwd=project / "src"))
    assert answer is not None and "App decision" in context(answer)


@pytest.mark.parametrize("tool", ["Write", "Edit", "MultiEdit"])
def test_edits_and_writes_get_them_too(store, project, tool):
    assert "App decision" in context(decide(payload(project, tool, str(project / "src" / "app.py"))))


def test_a_file_no_memory_names_adds_nothing(store, project):
    assert decide(payload(project, "Read", str(project / "src" / "other.py"))) is None
    assert decide(payload(project, "Read", "/etc/hosts")) is None
    assert usage.read_log(str(store)) == []


def test_a_stale_memory_is_marked(store, project):
    text = context(decide(payload(project, "Read", str(project / "src" / "parser.py"))))
    assert "(may be stale: ./src/parser.py no longer exists)" in text


@pytest.mark.parametrize("bad", [{"tool_name": "Bash", "tool_input": {"command": "cat src/app.py"}},
                                 {"tool_name": "Read", "tool_input": "src/app.py"},
                                 {"tool_name": "Read", "tool_input": {"file_path": 5}},
                                 {"tool_name": "Read", "tool_input": {"file_path": "a\0b"}},
                                 {"tool_name": "Read"}])
def test_odd_payloads_add_nothing(store, project, bad):
    assert decide({"session_id": "s1", "cwd": str(project), **bad}) is None


@pytest.mark.parametrize("override, injects", [({"file_context": {"enabled": False}}, 0),
                                               ({"file_context": {"max_inject": 1}}, 1),
                                               ({"file_context": {"max_inject": "x"}}, 3)])
def test_config_controls_file_recall(store, project, override, injects):
    (store / "memory-config.json").write_text(json.dumps(override))
    answer = decide(payload(project, "Read", str(project / "src" / "app.py")))
    assert (0 if answer is None else context(answer).count("\n- [")) == injects


def test_without_a_table_nothing_is_added(store, project):
    (store / ".staging" / context_table.TABLE_FILE).unlink()
    assert decide(payload(project, "Read", str(project / "src" / "app.py"))) is None


def test_the_guard_still_denies_and_wins(store, project):
    from claude_memory.hooks import write_guard

    both = with_file_context(write_guard.decide)
    denied = both(payload(project, "Write", str(store / "decisions" / "app-0.json"), content="{}"))
    assert denied["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "additionalContext" not in denied["hookSpecificOutput"]
    assert "App decision" in context(both(payload(project, "Read", str(project / "src" / "app.py"))))


# ----------------------------------------------------------------------------- as Claude Code runs it

def test_script_read_of_a_named_file(run_script, store, project):
    result = run_script("memory_write_guard.py", stdin=payload(project, "Read", str(project / "src" / "app.py")))
    assert result.returncode == 0, result.stderr
    assert context(result.json()).count("\n- [DECISION]") == 3


def test_script_read_of_an_unnamed_file_prints_nothing(run_script, store, project):
    result = run_script("memory_write_guard.py", stdin=payload(project, "Read", str(project / "src" / "other.py")))
    assert (result.returncode, result.stdout) == (0, "")


def test_script_without_a_store_prints_and_creates_nothing(run_script, project):
    result = run_script("memory_write_guard.py", stdin=payload(project, "Read", str(project / "x.py")))
    assert (result.returncode, result.stdout) == (0, "")
    assert not (project / ".claude").exists()


def test_script_builds_a_missing_table_in_the_background(run_script, store, project):
    (store / ".staging" / context_table.TABLE_FILE).unlink()
    first = run_script("memory_write_guard.py", stdin=payload(project, "Read", str(project / "src" / "app.py")))
    assert first.stdout == ""
    deadline = time.time() + 20
    while context_table.open_table(str(store)) is None and time.time() < deadline:
        time.sleep(0.1)
    time.sleep(0.3)
    again = run_script("memory_write_guard.py", stdin=payload(project, "Read", str(project / "src" / "app.py")))
    assert "App decision" in context(again.json())


def _imported_beyond_bare(script: str, stdin: dict, project) -> set[str]:
    import os
    import subprocess
    import sys

    from locations import SCRIPTS

    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env["CLAUDE_PROJECT_DIR"] = str(project)

    def names(argv, data=b""):
        proc = subprocess.run([sys.executable, "-X", "importtime", *argv], input=data, capture_output=True, env=env,
                              cwd=str(project), timeout=60)
        return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.decode().splitlines()
                if line.startswith("import time:") and line.count("|") >= 2}

    bare = names(["-c", "pass"])
    return names([str(SCRIPTS / script)], json.dumps(stdin).encode()) - bare


#: What the file-tool hook must not load on a file no memory names (each costs 0.3-10 ms at start-up).
HEAVY = {"subprocess", "re", "json", "pathlib", "typing", "datetime", "enum", "functools", "collections",
         "tempfile", "importlib", "fcntl"}


def test_the_file_tool_hook_stays_lean_for_a_file_no_memory_names(store, project):
    loaded = _imported_beyond_bare("memory_write_guard.py",
                                   payload(project, "Read", str(project / "src" / "other.py")), project)
    assert "claude_memory.recall.context_table" in loaded  # the table was consulted
    assert {name for name in loaded if name.split(".")[0] in HEAVY} == set()
    # and nothing a file no memory names does not need (each module is ~0.1 ms of a tool call):
    # the injection side, the write checks, the operations log
    assert loaded.isdisjoint({"claude_memory.recall.file_context", "claude_memory.guard.paths",
                              "claude_memory.core.oplog", "claude_memory.core.categories"})
