"""hooks.validate: memory files written directly are checked; invalid ones are quarantined."""

from __future__ import annotations

import json

import pytest

from claude_memory.hooks import validate
from store_helpers import make_doc, write_json


@pytest.fixture
def store(project, memory_root, monkeypatch):
    (memory_root / "decisions").mkdir(parents=True)
    (memory_root / ".staging" / "s1").mkdir(parents=True)
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    monkeypatch.setenv("CLAUDE_PLUGIN_ROOT", "/plugins/cm")
    return memory_root


def _post(project, path, tool="Write"):
    key = "notebook_path" if tool == "NotebookEdit" else "file_path"
    return {"session_id": "s1", "cwd": str(project), "hook_event_name": "PostToolUse", "tool_name": tool,
            "tool_input": {key: str(path)}, "tool_response": {"success": True}}


def _quarantined(folder):
    return sorted(p.name for p in folder.iterdir() if ".invalid." in p.name)


@pytest.mark.parametrize("tool", ["Write", "Edit", "MultiEdit"])
def test_invalid_memory_is_quarantined_and_reported(store, project, tool):
    path = write_json(store / "decisions" / "bad.json", make_doc(title="", confidence="high"))
    answer = validate.decide(_post(project, path, tool))
    assert not path.exists()
    (moved,) = _quarantined(store / "decisions")
    assert moved.startswith("bad.json.invalid.") and moved.endswith("Z")
    assert answer["decision"] == "block"
    assert answer["hookSpecificOutput"]["hookEventName"] == "PostToolUse"
    assert answer["hookSpecificOutput"]["additionalContext"] == answer["reason"]
    assert "decisions/bad.json is not a valid decision memory" in answer["reason"]
    assert "title" in answer["reason"] and "confidence" in answer["reason"]
    assert 'python3 "/plugins/cm/hooks/scripts/memory_write.py" --action create --category decision' in answer["reason"]


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00", b"[]", b""])
def test_broken_json_is_quarantined(store, project, content):
    path = store / "decisions" / "broken.json"
    path.write_bytes(content)
    answer = validate.decide(_post(project, path))
    assert answer["decision"] == "block" and not path.exists()
    assert len(_quarantined(store / "decisions")) == 1


def test_valid_memory_written_directly_is_kept_and_the_rebuild_suggested(store, project):
    path = write_json(store / "decisions" / "use-postgres.json", make_doc())
    before = path.read_bytes()
    answer = validate.decide(_post(project, path))
    assert path.read_bytes() == before
    assert "decision" not in answer
    context = answer["hookSpecificOutput"]["additionalContext"]
    assert 'memory_index.py" --rebuild' in context


def test_wrong_category_for_the_folder_is_invalid(store, project):
    path = write_json(store / "decisions" / "p.json", make_doc(category="preference", id="p"))
    assert validate.decide(_post(project, path))["decision"] == "block"
    assert not path.exists()


def test_index_written_directly_is_reported(store, project):
    (store / "index.md").write_text("junk\n")
    answer = validate.decide(_post(project, store / "index.md", "Edit"))
    assert answer["decision"] == "block"
    assert 'python3 "/plugins/cm/hooks/scripts/memory_index.py" --rebuild' in answer["reason"]
    assert (store / "index.md").read_text() == "junk\n"


@pytest.mark.parametrize("text,reported", [('{"retrieval": {"max_inject": 3}}', False), ("{oops", True), ("[1]", True)])
def test_project_config_is_checked_but_never_moved(store, project, text, reported):
    (store / "memory-config.json").write_text(text)
    answer = validate.decide(_post(project, store / "memory-config.json"))
    assert (answer is not None) is reported
    assert (store / "memory-config.json").read_text() == text


@pytest.mark.parametrize("where", ["staging", "outside", "notes", "nested"])
def test_files_that_are_not_memories_are_left_alone(store, project, where):
    path = {"staging": store / ".staging" / "s1" / "draft-decision.json",
            "outside": project / "a.json",
            "notes": store / "decisions" / "notes.txt",
            "nested": store / "decisions" / "sub" / "x.json"}[where]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken")
    assert validate.decide(_post(project, path)) is None
    assert path.read_text() == "{broken"


def test_fallback_check_without_pydantic(store, project, monkeypatch):
    monkeypatch.setattr(validate, "_schema_validator", lambda: None)
    good = write_json(store / "decisions" / "use-postgres.json", make_doc())
    assert "decision" not in validate.decide(_post(project, good))
    bad = write_json(store / "decisions" / "b.json", {k: v for k, v in make_doc().items() if k != "tags"})
    answer = validate.decide(_post(project, bad))
    assert answer["decision"] == "block" and "tags: required field is missing" in answer["reason"]


def test_quarantine_names_never_overwrite(tmp_path):
    target = tmp_path / "x.json"
    first = validate.quarantine_name(str(target), now=0)
    assert first.endswith("x.json.invalid.19700101T000000Z")
    (tmp_path / "x.json.invalid.19700101T000000Z").write_text("")
    assert validate.quarantine_name(str(target), now=0).endswith("-2")


@pytest.mark.parametrize("payload", [{}, {"tool_name": "Write"}, {"tool_name": "Write", "tool_input": {"file_path": 1}},
                                     {"tool_name": "Bash", "tool_input": {"command": "ls"}}])
def test_malformed_or_unrelated_payloads(store, payload):
    assert validate.decide(payload) is None


def test_script_as_claude_code_runs_it(run_script, store, project):
    path = write_json(store / "decisions" / "bad.json", {"title": 3})
    res = run_script("memory_validate_hook.py", stdin=_post(project, path), check=True)
    assert res.json()["decision"] == "block"
    assert not path.exists()
    res = run_script("memory_validate_hook.py", stdin=b"garbage")
    assert (res.returncode, res.stdout) == (0, "") and "claude-memory" in res.stderr


def test_script_without_pydantic_uses_the_fallback(run_script, store, project, tmp_path):
    path = write_json(store / "decisions" / "bad.json", {"title": 3})
    blocker = tmp_path / "nopyd"
    (blocker / "pydantic").mkdir(parents=True)
    (blocker / "pydantic" / "__init__.py").write_text("raise ImportError('no pydantic here')\n")
    res = run_script("memory_validate_hook.py", stdin=_post(project, path),
                     env={"PYTHONPATH": str(blocker), "CLAUDE_PLUGIN_DATA": str(tmp_path / "data")}, check=True)
    assert "schema_version: required field is missing" in json.loads(res.stdout)["reason"]


def test_a_payload_too_large_to_parse_is_still_checked_on_its_path(run_script, store, project):
    # a Write of over 8 MB that slipped past: the file on disk is what counts, so the check runs on the
    # path read out of the unparsed payload (it used to ignore the payload, leaving the file in place)
    from claude_memory.hooks import edge as hook_edge

    path = write_json(store / "decisions" / "bad.json", make_doc(title="", confidence="high"))
    payload = _post(project, path, "Write")
    payload["tool_input"]["content"] = "x" * (hook_edge.MAX_STDIN_BYTES + 10)
    res = run_script("memory_validate_hook.py", stdin=json.dumps(payload).encode())
    assert res.returncode == 0 and res.json()["decision"] == "block", res.stderr
    assert not path.exists() and len(_quarantined(store / "decisions")) == 1
