"""The blind held-out triage sets (bench/heldout/triage, triage2, ..., triage9) are well-formed and are what their generators write.

Only the sets' form is checked here; how the triage scores on them is measured by
bench/triage_quality.py and recorded in bench/RESULTS.md, never asserted by a test (a test would
invite tuning to the sets).
"""

import json

import pytest

from locations import REPO, load_script

HELDOUT = REPO / "bench" / "heldout"
#: set folder -> its generator
SETS = {"triage": "_make_triage.py", "triage2": "_make_triage2.py", "triage3": "_make_triage3.py", "triage4": "_make_triage4.py",
        "triage5": "_make_triage5.py", "triage6": "_make_triage6.py", "triage7": "_make_triage7.py",
        "triage8": "_make_triage8.py", "triage9": "_make_triage9.py"}
CATEGORIES = {"session_summary", "decision", "runbook", "constraint", "tech_debt", "preference"}
COMMON = {"parentUuid", "isSidechain", "userType", "cwd", "sessionId", "version", "gitBranch", "type", "uuid", "timestamp"}
TOOLS = {"triage": {"Bash", "Read", "Edit", "Write"}, "triage2": {"Bash", "Read", "Edit", "Write", "Grep"}}
TOOLS["triage3"] = TOOLS["triage4"] = TOOLS["triage5"] = TOOLS["triage6"] = TOOLS["triage7"] = TOOLS["triage8"] = TOOLS["triage9"] = TOOLS["triage2"]
#: sessions expecting nothing where an annotator could go either way on session_summary (a long
#: mechanical refactor of 6-19 tool calls, see the third set's label rules in bench/heldout/README.md)
NEAR_NEGATIVES = {"triage3": {"k11-long-rename-span-to-srcspan"}}


def _labels(name: str) -> dict:
    return json.loads((HELDOUT / name / "triage_labels.json").read_text("utf-8"))


def _transcripts(name: str) -> list:
    return sorted((HELDOUT / name / "transcripts").glob("*.jsonl"))


def _lines(path) -> list:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def _tool_calls(lines: list) -> int:
    return sum(1 for line in lines if line["type"] == "assistant" and line["message"]["content"][0]["type"] == "tool_use")


@pytest.mark.parametrize("name", SETS)
def test_labels_name_exactly_the_transcripts(name):
    assert set(_labels(name)) == {p.stem for p in _transcripts(name)}
    assert len(_labels(name)) >= 30


@pytest.mark.parametrize(("name", "session"), [(n, s) for n in SETS for s in sorted(_labels(n))])
def test_labels_are_categories_and_consistent(name, session):
    entry = _labels(name)[session]
    assert set(entry) == {"expected", "must_not"}
    assert set(entry["expected"]) <= CATEGORIES and set(entry["must_not"]) <= CATEGORIES
    assert not set(entry["expected"]) & set(entry["must_not"])
    if not entry["expected"]:
        silent = CATEGORIES - {"session_summary"} if session in NEAR_NEGATIVES.get(name, ()) else CATEGORIES
        assert set(entry["must_not"]) == silent, "a negative must keep every category silent"


@pytest.mark.parametrize(("name", "path"), [(n, p) for n in SETS for p in _transcripts(n)], ids=lambda v: getattr(v, "stem", v))
def test_transcript_lines_are_claude_code_lines(name, path):
    lines = _lines(path)
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
                assert block["name"] in TOOLS[name]
        elif line["type"] == "user" and isinstance(line["message"]["content"], list):
            for block in line["message"]["content"]:
                assert block["type"] == "tool_result" and block["tool_use_id"] in tool_ids
        elif line["type"] == "system":
            assert line["subtype"] == "stop_hook_summary"
            stops += 1
    assert stops >= 1
    assert lines[-1]["type"] == "system", "every session ends with a finished turn"


def test_second_set_is_new_and_mixed():
    """triage2 shares no session name or project with the first set, and has long and short sessions."""
    first, second = _labels("triage"), _labels("triage2")
    assert not set(first) & set(second)
    cwds = lambda name: {_lines(p)[0]["cwd"] for p in _transcripts(name)}  # noqa: E731
    assert len(cwds("triage2")) == 4 and not cwds("triage") & cwds("triage2")
    calls = [_tool_calls(_lines(p)) for p in _transcripts("triage2")]
    assert sum(c >= 30 for c in calls) >= 4 and sum(c <= 5 for c in calls) >= 20
    negatives = [s for s, e in second.items() if not e["expected"]]
    assert len(negatives) >= 10
    for category in CATEGORIES:
        assert sum(e["expected"] == [category] for e in second.values()) >= 3, category


@pytest.mark.parametrize("name", SETS)
def test_the_generator_writes_this_set(name, tmp_path):
    load_script(HELDOUT / SETS[name]).main(tmp_path)
    here = HELDOUT / name
    assert (tmp_path / "triage_labels.json").read_bytes() == (here / "triage_labels.json").read_bytes()
    written = sorted((tmp_path / "transcripts").glob("*.jsonl"))
    assert [p.name for p in written] == [p.name for p in _transcripts(name)]
    for new, old in zip(written, _transcripts(name)):
        assert new.read_bytes() == old.read_bytes(), new.name


def test_third_set_is_new_and_mixed():
    """triage3 shares no session name or project with the earlier sets and has the mix its README describes."""
    third = _labels("triage3")
    earlier = set(_labels("triage")) | set(_labels("triage2"))
    assert not set(third) & earlier
    cwds = lambda name: {_lines(p)[0]["cwd"] for p in _transcripts(name)}  # noqa: E731
    assert len(cwds("triage3")) == 4 and not cwds("triage3") & (cwds("triage") | cwds("triage2"))
    project = lambda cwd: cwd.rstrip("/").rsplit("/", 1)[-1]  # noqa: E731
    assert not {project(c) for c in cwds("triage3")} & {project(c) for c in cwds("triage") | cwds("triage2")}
    calls = {p.stem: _tool_calls(_lines(p)) for p in _transcripts("triage3")}
    assert sum(c >= 25 for c in calls.values()) >= 4 and sum(c <= 5 for c in calls.values()) >= 25
    # the label rule for session_summary follows the length: expected from 20 tool calls, never at 5 or fewer
    for name, c in calls.items():
        if c >= 20:
            assert "session_summary" in third[name]["expected"], name
        elif c <= 5:
            assert "session_summary" in third[name]["must_not"], name
    negatives = [s for s, e in third.items() if not e["expected"]]
    assert len(negatives) >= 10
    for category in CATEGORIES:
        assert sum(e["expected"] == [category] for e in third.values()) >= 3, category
    assert sum(len(e["expected"]) >= 2 for e in third.values()) >= 6
    languages = {"es", "de", "fr", "pt", "ja", "zh", "ko"}
    assert languages <= {s.split("-")[1] for s in third if s.split("-")[1] in languages}


#: The blind sets written under one brief (sets 4-9): four new projects each, and the same mix.
_LATER_SETS = ("triage4", "triage5", "triage6", "triage7", "triage8", "triage9")


@pytest.mark.parametrize("name", _LATER_SETS)
def test_a_later_set_is_new_and_mixed(name):
    """Each of sets 4-9 shares no session name or project with the sets before it and has the mix its README
    describes."""
    labels = _labels(name)
    order = list(SETS)
    before_sets = order[:order.index(name)]
    assert not set(labels) & set().union(*(_labels(n) for n in before_sets))
    cwds = lambda set_name: {_lines(p)[0]["cwd"] for p in _transcripts(set_name)}  # noqa: E731
    before = set().union(*(cwds(n) for n in before_sets))
    assert len(cwds(name)) == 4 and not cwds(name) & before
    project = lambda cwd: cwd.rstrip("/").rsplit("/", 1)[-1]  # noqa: E731
    assert not {project(c) for c in cwds(name)} & {project(c) for c in before}
    calls = {p.stem: _tool_calls(_lines(p)) for p in _transcripts(name)}
    assert sum(c >= 20 for c in calls.values()) >= 6 and sum(c <= 5 for c in calls.values()) >= 25
    # the third set's label rule for session_summary: expected from 20 tool calls, never at 5 or fewer
    for session, c in calls.items():
        if c >= 20:
            assert "session_summary" in labels[session]["expected"], session
        elif c <= 5:
            assert "session_summary" in labels[session]["must_not"], session
    negatives = [s for s, e in labels.items() if not e["expected"]]
    assert len(negatives) >= 12
    for category in CATEGORIES - {"session_summary"}:
        assert sum(category in e["expected"] for e in labels.values()) >= 8, category
    assert sum(len(e["expected"]) >= 2 for e in labels.values()) >= 8
    languages = {"es", "de", "fr", "pt", "ja", "zh", "ko"}
    foreign = {s: s.split("-")[1] for s in labels if s.split("-")[1] in languages}
    assert set(foreign.values()) == languages
    # 12 positive sessions not in English; every text category is expected in at least one, constraint in two
    assert sum(bool(labels[s]["expected"]) for s in foreign) >= 12
    for category in CATEGORIES - {"session_summary"}:
        assert any(category in labels[s]["expected"] for s in foreign), category
    assert sum("constraint" in labels[s]["expected"] for s in foreign) >= 2
