"""Start-up diet of the hooks: what each hook imports on its fast path (a structural guard, not a timer).

Every hook runs as a fresh interpreter on every prompt, tool call or turn, so each
module it imports shows in its start-up time (issue 5 targets: 1.5x to 2.5x a bare
``python3 -c pass``). Each case runs the entry script as Claude Code does, under
``-X importtime``, and checks that none of the heavy modules below was imported
beyond what the bare interpreter loads in the same environment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from claude_memory.devtools.hook_commands import hook_flags
from locations import REPO, SCRIPTS

#: Modules the hooks' fast paths must not import (each costs 1-10 ms of start-up, or is a write-path dependency).
HEAVY = frozenset({
    "pathlib", "typing", "re", "json", "copy", "dataclasses", "enum", "tempfile", "datetime", "importlib",
    "warnings", "inspect", "fnmatch", "shlex", "random", "hashlib", "shutil", "pydantic", "filelock", "jsonschema",
})
#: The recall hook (every prompt) must not import these either: the containers and helpers that
#: ``re``/``json``/``array``/``bisect`` would otherwise bring (~0.3-2.5 ms each).
RECALL_HEAVY = HEAVY | frozenset({"functools", "collections", "array", "bisect", "heapq", "struct", "operator",
                                  "keyword", "reprlib", "itertools", "string"})
#: A prompt over a settled cache reads its IDFs from the index: not even ``math`` (a shared library,
#: ~0.2 ms to load); right after a write the delta's layered index still computes them. No module it
#: loads asks for ``__future__`` (PEP 604 annotations need none on Python >= 3.10).
WARM_RECALL_HEAVY = RECALL_HEAVY | frozenset({"math", "__future__"})


def _imported(argv: list[str], *, stdin: bytes = b"", env: dict, cwd: str) -> tuple[set[str], subprocess.CompletedProcess]:
    proc = subprocess.run([sys.executable, "-X", "importtime", *argv], input=stdin, capture_output=True,
                          env=env, cwd=cwd, timeout=60)
    names = set()
    for line in proc.stderr.decode("utf-8", "replace").splitlines():
        if line.startswith("import time:") and line.count("|") >= 2:
            name = line.rsplit("|", 1)[1].strip()
            if name != "package":  # the header line
                names.add(name)
    return names, proc


def _env(project: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(REPO))
    return env


def _heavy_imports(project: Path, script: str, payload: dict, allowed: frozenset = frozenset(),
                   heavy_set: frozenset = HEAVY) -> set[str]:
    return _run_hook_imports(project, script, payload, allowed, heavy_set)[0]


def _run_hook_imports(project: Path, script: str, payload: dict, allowed: frozenset = frozenset(),
                      heavy_set: frozenset = HEAVY) -> tuple[set[str], set[str], bytes]:
    """(heavy modules imported beyond a bare interpreter, every module imported, stdout)."""
    env = _env(project)
    flags = hook_flags()[script]  # as hooks.json starts it (-S), against a bare interpreter started alike
    bare, _ = _imported([*flags, "-c", "pass"], env=env, cwd=str(project))
    names, proc = _imported([*flags, str(SCRIPTS / script)], stdin=json.dumps(payload).encode(), env=env,
                            cwd=str(project))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "claude_memory" in names, "the hook did not run (nothing of the plugin was imported)"
    heavy = {n for n in names - bare if n.split(".")[0] in heavy_set}
    return {n for n in heavy if n.split(".")[0] not in allowed}, names, proc.stdout


def _line(kind: str, content, **extra) -> str:
    return json.dumps({"type": kind, "message": {"role": kind, "content": content}, "sessionId": "s1", **extra}) + "\n"


@pytest.fixture
def store(project: Path) -> Path:
    root = project / ".claude" / "memory"
    root.mkdir(parents=True)
    return root


# ----------------------------------------------------------------------------- Stop

def _stop_payload(project: Path, transcript: Path, message: str = "Done.") -> dict:
    return {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(project), "hook_event_name": "Stop",
            "stop_hook_active": False, "last_assistant_message": message}


@pytest.mark.parametrize("tail", [
    [("user", "Rename the helper and rerun the tests please."), ("assistant", [{"type": "text", "text": "Done."}])],
    [],  # a repeated stop: nothing new
])
def test_stop_hook_with_a_small_new_tail_imports_nothing_heavy(project, store, tail):
    transcript = project / "t.jsonl"
    transcript.write_text(_line("user", "Hello there") + _line("assistant", [{"type": "text", "text": "Hi."}]))
    payload = _stop_payload(project, transcript, "Hi.")
    _heavy_imports(project, "memory_triage.py", payload)  # first stop in the project: creates .staging (slow path)
    with open(transcript, "a", encoding="utf-8") as fh:
        for kind, content in tail:
            fh.write(_line(kind, content))
    cursor = store / ".staging" / "cursors" / "s1.json"
    before = json.loads(cursor.read_text())["offset"]
    assert _heavy_imports(project, "memory_triage.py", _stop_payload(project, transcript)) == set()
    after = json.loads(cursor.read_text())
    assert after["offset"] == transcript.stat().st_size and (after["offset"] > before) == bool(tail)


def test_stop_hook_guard_catches_a_heavy_import(project, store):
    """The guard can fail: a tail whose words pass a cue's literal gate compiles that cue (and imports re)."""
    transcript = project / "t.jsonl"
    transcript.write_text(_line("user", "We decided to go with Postgres because it is cheaper."))
    assert "re" in _heavy_imports(project, "memory_triage.py", _stop_payload(project, transcript))


# ----------------------------------------------------------------------------- PreToolUse guard

def _tool_payload(project: Path, event: str, tool: str, tool_input: dict) -> dict:
    return {"session_id": "s1", "cwd": str(project), "hook_event_name": event, "tool_name": tool,
            "tool_input": tool_input, "tool_use_id": "t1"}


@pytest.mark.parametrize("tool,tool_input", [
    ("Write", {"file_path": "src/app.py", "content": "x = 1\n"}),
    ("Edit", {"file_path": "/tmp/elsewhere/readme.md", "old_string": "a", "new_string": "b"}),
    ("Bash", {"command": "npm test 2>&1 | tail -20 && git status"}),
])
def test_write_guard_outside_the_store_imports_nothing_heavy(project, store, tool, tool_input):
    payload = _tool_payload(project, "PreToolUse", tool, tool_input)
    heavy, names, _stdout = _run_hook_imports(project, "memory_write_guard.py", payload)
    assert heavy == set()
    assert "claude_memory.core.oplog" not in names  # nothing said: no log line
    assert "claude_memory.guard.advice" not in names  # the deny's wording, only when something is denied


# ----------------------------------------------------------------------------- PostToolUse validate

@pytest.mark.parametrize("tool", ["Write", "Edit"])
def test_validate_hook_outside_the_store_imports_nothing_heavy(project, store, tool):
    payload = _tool_payload(project, "PostToolUse", tool, {"file_path": str(project / "src" / "app.py")})
    payload["tool_response"] = {"success": True}
    assert _heavy_imports(project, "memory_validate_hook.py", payload) == set()


# ----------------------------------------------------------------------------- UserPromptSubmit recall

def test_recall_without_a_store_imports_nothing_heavy(project):
    payload = {"session_id": "s1", "cwd": str(project), "hook_event_name": "UserPromptSubmit",
               "prompt": "why does the payments service retry on timeout?"}
    assert _heavy_imports(project, "memory_retrieve.py", payload) == set()


_RETRIEVE_OWN_PART = """
import sys
sys.path.insert(0, sys.argv[1])
from claude_memory.hooks import retrieve
root, project = retrieve.memory_root(sys.argv[2])
enabled, limit = retrieve.retrieval_settings(retrieve._config(root))
assert enabled and limit > 0 and retrieve.memory_prefix(root, project) == ".claude/memory"
print("\\n".join(sorted(sys.modules)))
"""


@pytest.mark.parametrize("override", [False, True])
def test_recall_hook_own_part_on_a_store_imports_nothing_heavy(project, store, override):
    """Root, config and answer shape (everything before ``claude_memory.recall``; recall itself is
    checked on a warm store below) stay lean, with or without a project ``memory-config.json``."""
    if override:
        (store / "memory-config.json").write_text('{"retrieval": {"max_inject": 3}}')
    env = _env(project)
    bare = subprocess.run([sys.executable, "-c", "import sys; print('\\n'.join(sorted(sys.modules)))"],
                          capture_output=True, env=env, cwd=str(project), text=True).stdout.split()
    proc = subprocess.run([sys.executable, "-c", _RETRIEVE_OWN_PART, str(REPO), str(project)], capture_output=True,
                          env=env, cwd=str(project), text=True)
    assert proc.returncode == 0, proc.stderr
    names = set(proc.stdout.split()) - set(bare)
    assert "claude_memory.core.config" in names
    # checking an override is loaded only when there is one
    assert ("claude_memory.core.config_check" in names) == override
    heavy = {n for n in names if n.split(".")[0] in HEAVY}
    assert heavy == set()


# ----------------------------------------------------------------------------- recall on a store (warm cache)

def _recall_payload(project: Path, prompt: str, session_id: str = "s1") -> dict:
    return {"session_id": session_id, "cwd": str(project), "hook_event_name": "UserPromptSubmit", "prompt": prompt}


@pytest.fixture
def warm_store(project, store):
    """The recall sample store with its cache built and its folders settled (as after a first prompt)."""
    import time

    from recall_helpers import sample_store

    sample_store(store)
    past = time.time() - 60
    for folder in store.iterdir():
        if folder.is_dir():
            os.utime(folder, (past, past))
    # First prompt (another session: a session is never given the same memory twice): builds the cache.
    _heavy_imports(project, "memory_retrieve.py", _recall_payload(project, "kafka client", "warm-up"),
                   heavy_set=frozenset())
    assert (store / ".staging" / "recall-index.bin").is_file()
    return store


@pytest.mark.parametrize("prompt, injects", [
    ("which Kafka client do we use for the Go services?", True),
    ("why did we pick franz-go? see pkg/kafkax/client.go", True),          # a path and a category cue
    ("how do I fix airflow tasks stuck in queued on MWAA", True),
    ("write a regex that validates email addresses", False),               # off-topic
    ("Caf\u00e9 \u0130stanbul: what's the naming convention for Go services?", None),  # non-ASCII text
])
def test_recall_warm_prompt_imports_nothing_heavy(project, warm_store, prompt, injects):
    heavy, names, stdout = _run_hook_imports(project, "memory_retrieve.py", _recall_payload(project, prompt),
                                             heavy_set=WARM_RECALL_HEAVY)
    assert heavy == set()
    assert "claude_memory.recall.rank" in names  # the prompt was ranked, not dismissed early
    # nor what a prompt does not need: the strict JSON reader (the defaults are the plugin's own),
    # the builder sides of the cache and the index (the cache is settled)
    assert names.isdisjoint({"claude_memory.core.jsonio", "claude_memory.core.errors", "claude_memory.recall.cache_build",
                             "claude_memory.recall.index_build"})
    if injects is not None:
        assert (b"<project-memory>" in stdout) == injects


def test_recall_right_after_a_write_imports_nothing_heavy(project, warm_store):
    """The delta path: a changed folder is listed again and the new file read (corpus, delta)."""
    from recall_helpers import memory, write

    write(warm_store, memory("decision", "kafka-acks-all", "Kafka producers use acks=all", ["kafka", "producer"]))
    heavy, names, stdout = _run_hook_imports(project, "memory_retrieve.py",
                                             _recall_payload(project, "kafka producer acks setting"),
                                             heavy_set=RECALL_HEAVY)
    assert heavy == set()
    assert {"claude_memory.recall.corpus", "claude_memory.recall.delta"} <= names
    assert b"kafka-acks-all" in stdout


def test_recall_guard_catches_a_heavy_import(project, warm_store):
    """The guard can fail: a path-like run longer than text._LONG_RUN is matched with ``re``."""
    long_path = "/".join(["segment"] * 20) + "/client.go"
    heavy = _heavy_imports(project, "memory_retrieve.py", _recall_payload(project, f"kafka client in {long_path}"),
                           heavy_set=RECALL_HEAVY)
    assert "re" in heavy


# ----------------------------------------------------------------------------- SessionStart

def test_session_start_on_a_store_imports_nothing_heavy(project, store):
    """The start-up block, the index freshness check (its stamp is JSON: not through ``json``) and
    the table read; ``json`` and ``re`` alone cost a session start ~4 ms."""
    from claude_memory.recall.context_build import build_table
    from recall_helpers import memory, write

    write(store, memory("decision", "kafka-acks-all", "Kafka producers use acks=all", ["kafka", "producer"]))
    build_table(str(store))
    payload = {"session_id": "s1", "cwd": str(project), "source": "startup", "hook_event_name": "SessionStart"}
    heavy, names, _stdout = _run_hook_imports(project, "memory_session_start.py", payload)
    assert heavy == set()
    assert "claude_memory.store.gitmerge" in names  # the freshness check ran
