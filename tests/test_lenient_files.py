"""Files people and older versions wrote (issue 18 section 2): read leniently where the meaning is
unambiguous, normalised on the next write, reported by --validate; strict (field + fix) otherwise."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from claude_memory.hooks import validate as validate_hook
from claude_memory.recall import corpus
from claude_memory.store.validation import lenient_reading, validate_record
from store_helpers import make_doc, refused, write_json

WRITER, INDEX = "memory_write.py", "memory_index.py"


def _legacy(**over) -> dict:
    """A decision as a person (or an older version) wrote it: null lists, no lifecycle fields."""
    doc = make_doc(**over)
    doc["related_files"] = None
    for name in ("record_status", "changes", "times_updated"):
        doc.pop(name)
    return doc


# ---- the pure reading


def test_null_list_and_missing_status_are_read_as_their_defaults():
    doc = _legacy()
    before = copy.deepcopy(doc)
    read, notes = lenient_reading(doc, "decision")
    assert doc == before  # the input is not modified
    assert read["related_files"] == []
    canonical = validate_record(read, category="decision")
    assert canonical["record_status"] == "active" and canonical["changes"] == [] and canonical["times_updated"] == 0
    assert "related_files: null read as []" in notes
    assert any(n.startswith("missing ") and "record_status" in n and "active" in n for n in notes)


@pytest.mark.parametrize("category, path, default", [
    ("runbook", ("content", "symptoms"), []),
    ("runbook", ("content", "verification"), ""),
    ("tech_debt", ("content", "reason_deferred"), ""),
    ("preference", ("content", "examples", "avoid"), []),
    ("decision", ("changes",), []),
    ("decision", ("times_updated",), 0),
    ("decision", ("record_status",), "active"),
])
def test_null_where_the_default_is_clear(category, path, default):
    doc = make_doc(category)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = None
    # strict on its own: the reading is what is lenient
    refused("VALIDATION_ERROR", validate_record, doc, category=category)
    read, notes = lenient_reading(doc, category)
    canonical = validate_record(read, category=category)
    node = canonical
    for key in path:
        node = node[key]
    assert node == default and any(n.startswith(".".join(path) + ": null") for n in notes)


def test_complete_file_has_no_notes():
    assert lenient_reading(validate_record(make_doc()), "decision")[1] == []


@pytest.mark.parametrize("category, mutate, field", [
    ("decision", lambda d: d.update(tags=None), "tags"),                          # required
    ("decision", lambda d: d.update(confidence=None), "confidence"),              # required
    ("constraint", lambda d: d["content"].update(active=None), "content.active"),  # yes or no? ambiguous
    ("decision", lambda d: d["content"].update(status=None), "content.status"),    # required enum
    ("decision", lambda d: d.update(record_status=None, retired_at="2026-05-01T10:00:00Z"), "retired_at"),
])
def test_ambiguous_stays_strict_and_names_field_and_fix(category, mutate, field):
    doc = make_doc(category)
    mutate(doc)
    read, _ = lenient_reading(doc, category)
    err = refused("VALIDATION_ERROR", validate_record, read, category=category)
    problems = {p.field: p for p in err.problems}
    assert field in problems and problems[field].fix


def test_null_fix_explains_why_it_was_not_guessed():
    doc = make_doc("constraint")
    doc["content"]["active"] = None
    err = refused("VALIDATION_ERROR", validate_record, lenient_reading(doc, "constraint")[0], category="constraint")
    (p,) = err.problems
    assert "null" in p.fix and "true or false" in p.fix


def test_unknown_fields_stay_rejected():
    doc = _legacy(colour="blue")
    err = refused("VALIDATION_ERROR", validate_record, lenient_reading(doc, "decision")[0], category="decision")
    assert [p.field for p in err.problems] == ["colour"]


def test_retired_without_reason_is_valid():
    doc = make_doc(record_status="retired", retired_at="2026-05-01T10:00:00Z")
    assert validate_record(doc)["record_status"] == "retired"


# ---- through the scripts


@pytest.fixture
def hand_written(memory_root: Path) -> Path:
    return write_json(memory_root / "decisions" / "use-postgres.json", _legacy())


def test_validate_lists_what_it_would_normalise(run_script, memory_root, hand_written):
    run_script(INDEX, "--rebuild", check=True)
    res = run_script(INDEX, "--validate", "--json", check=True)
    out = res.json()
    assert out["ok"] is True and out["problems"] == []
    (item,) = out["normalise"]
    assert item["path"].endswith("decisions/use-postgres.json")
    assert any("related_files: null" in n for n in item["notes"])
    assert any("record_status" in n for n in item["notes"])
    human = run_script(INDEX, "--validate")
    assert human.returncode == 0 and "the next write normalises" in human.stdout and "use-postgres.json" in human.stdout


def test_rebuild_indexes_it_and_recall_sees_it(run_script, memory_root, hand_written):
    res = run_script(INDEX, "--rebuild", "--json", check=True)
    assert res.json()["entries"] == 1 and res.json()["invalid_files"] == []
    assert "use-postgres" in (memory_root / "index.md").read_text()
    record = json.loads(hand_written.read_text())
    assert corpus.make_doc(record, "decisions", "use-postgres") is not None


@pytest.mark.parametrize("action", ["archive", "delete"])
def test_writer_accepts_it_and_normalises_it(run_script, memory_root, hand_written, action):
    run_script(WRITER, "--action", action, "--target", str(hand_written), "--reason", "tidy", check=True)
    doc = json.loads(hand_written.read_text())
    assert doc["related_files"] == [] and doc["record_status"] in ("archived", "retired")
    assert isinstance(doc["changes"], list) and doc["times_updated"] == 0
    assert run_script(INDEX, "--validate", "--json").json()["normalise"] == []


def test_retired_without_reason_is_restorable(run_script, memory_root):
    path = write_json(memory_root / "decisions" / "use-postgres.json",
                      make_doc(record_status="retired", retired_at="2026-05-01T10:00:00Z"))
    assert run_script(INDEX, "--validate", "--json").json()["problems"] == []
    run_script(WRITER, "--action", "restore", "--target", str(path), check=True)
    assert json.loads(path.read_text())["record_status"] == "active"
    assert "use-postgres" in (memory_root / "index.md").read_text()


def test_rebuild_never_drops_silently(run_script, memory_root, hand_written):
    write_json(memory_root / "decisions" / "broken.json", make_doc(id="broken", tags=None))
    res = run_script(INDEX, "--rebuild")
    assert res.returncode == 1
    assert "rebuilt without 1 file(s)" in res.stderr and "broken.json" in res.stderr and "tags" in res.stderr
    assert "use-postgres" in (memory_root / "index.md").read_text()  # the fixable one is indexed
    out = run_script(INDEX, "--rebuild", "--json")
    assert out.returncode == 1 and [Path(f["path"]).name for f in out.json()["invalid_files"]] == ["broken.json"]


def test_validate_hook_does_not_quarantine_a_lenient_file(project, memory_root, monkeypatch):
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    path = write_json(memory_root / "decisions" / "use-postgres.json", _legacy())
    payload = {"session_id": "s1", "cwd": str(project), "hook_event_name": "PostToolUse", "tool_name": "Write",
               "tool_input": {"file_path": str(path)}, "tool_response": {"success": True}}
    answer = validate_hook.decide(payload)
    assert path.exists() and answer is not None and answer.get("decision") != "block"
