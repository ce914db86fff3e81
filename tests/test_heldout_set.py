"""The blind held-out triage set (bench/heldout/triage) is well-formed and is what its generator writes.

Only the set's form is checked here; how the triage scores on it is measured once by
bench/triage_quality.py and recorded in bench/RESULTS.md, never asserted by a test (a test would
invite tuning to the set).
"""

import importlib.util
import json

import pytest

from locations import REPO

HELDOUT = REPO / "bench" / "heldout"
SET = HELDOUT / "triage"
CATEGORIES = {"session_summary", "decision", "runbook", "constraint", "tech_debt", "preference"}
COMMON = {"parentUuid", "isSidechain", "userType", "cwd", "sessionId", "version", "gitBranch", "type", "uuid", "timestamp"}


def _labels() -> dict:
    return json.loads((SET / "triage_labels.json").read_text("utf-8"))


def _transcripts() -> list:
    return sorted((SET / "transcripts").glob("*.jsonl"))


def test_labels_name_exactly_the_transcripts():
    assert set(_labels()) == {p.stem for p in _transcripts()}
    assert len(_labels()) >= 30


@pytest.mark.parametrize("name", sorted(_labels()))
def test_labels_are_categories_and_consistent(name):
    entry = _labels()[name]
    assert set(entry) == {"expected", "must_not"}
    assert set(entry["expected"]) <= CATEGORIES and set(entry["must_not"]) <= CATEGORIES
    assert not set(entry["expected"]) & set(entry["must_not"])
    if not entry["expected"]:
        assert set(entry["must_not"]) == CATEGORIES, "a negative must keep every category silent"


@pytest.mark.parametrize("path", _transcripts(), ids=lambda p: p.stem)
def test_transcript_lines_are_claude_code_lines(path):
    lines = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    assert lines and lines[0]["type"] == "user" and isinstance(lines[0]["message"]["content"], str)
    uuids, tool_ids, stops = set(), set(), 0
    for line in lines:
        assert COMMON <= set(line), line
        assert line["isSidechain"] is False and line["userType"] == "external"
        assert line["parentUuid"] is None or line["parentUuid"] in uuids
        uuids.add(line["uuid"])
        if line["type"] == "assistant":
            msg = line["message"]
            assert msg["role"] == "assistant" and len(msg["content"]) == 1
            block = msg["content"][0]
            assert block["type"] in {"text", "tool_use"}
            if block["type"] == "tool_use":
                tool_ids.add(block["id"])
                assert block["name"] in {"Bash", "Read", "Edit", "Write"}
        elif line["type"] == "user" and isinstance(line["message"]["content"], list):
            for block in line["message"]["content"]:
                assert block["type"] == "tool_result" and block["tool_use_id"] in tool_ids
        elif line["type"] == "system":
            assert line["subtype"] == "stop_hook_summary"
            stops += 1
    assert stops >= 1
    assert lines[-1]["type"] == "system", "every session ends with a finished turn"


def test_the_generator_writes_this_set(tmp_path):
    spec = importlib.util.spec_from_file_location("_make_triage", HELDOUT / "_make_triage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    assert (tmp_path / "triage_labels.json").read_bytes() == (SET / "triage_labels.json").read_bytes()
    written = sorted((tmp_path / "transcripts").glob("*.jsonl"))
    assert [p.name for p in written] == [p.name for p in _transcripts()]
    for new, old in zip(written, _transcripts()):
        assert new.read_bytes() == old.read_bytes(), new.name
