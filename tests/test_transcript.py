"""The transcript tail reader: offsets, incomplete lines, garbage, huge lines, block types, flags."""

from __future__ import annotations

import json

import pytest

from claude_memory.triage.transcript import (ASSISTANT_TEXT, THINKING, TOOL_RESULT, TOOL_USE, USER_TEXT, Event,
                                             drop_save_flow, events_from_record, parse_lines, read_tail)


def line(obj) -> bytes:
    return json.dumps(obj).encode() + b"\n"


def user(content, **extra):
    return {"type": "user", "message": {"role": "user", "content": content}, **extra}


def assistant(blocks, **extra):
    return {"type": "assistant", "message": {"role": "assistant", "content": blocks}, **extra}


def write(path, *records: bytes):
    path.write_bytes(b"".join(records))
    return path


@pytest.mark.parametrize("record, expected", [
    (user("we'll go with Room"), [(USER_TEXT, "we'll go with Room", True, True)]),
    (user([{"type": "text", "text": "typed as a block"}]), [(USER_TEXT, "typed as a block", True, True)]),
    (user("Caveat: generated", isMeta=True), [(USER_TEXT, "Caveat: generated", False, False)]),
    (user("<local-command-stdout>Set model</local-command-stdout>"),
     [(USER_TEXT, "<local-command-stdout>Set model</local-command-stdout>", False, False)]),
    (user("summary of before", isCompactSummary=True), [(USER_TEXT, "summary of before", False, False)]),
    (user([{"type": "tool_result", "tool_use_id": "t", "content": "file body TODO"}]),
     [(TOOL_RESULT, "file body TODO", False, False)]),
    (user([{"type": "tool_result", "tool_use_id": "t", "content": [{"type": "text", "text": "a"},
                                                                     {"type": "image"}, {"type": "text", "text": "b"}]}]),
     [(TOOL_RESULT, "a\nb", False, False)]),
    (assistant([{"type": "text", "text": "Fixed."}]), [(ASSISTANT_TEXT, "Fixed.", True, False)]),
    (assistant([{"type": "thinking", "thinking": "hmm"}]), [(THINKING, "hmm", True, False)]),
    (assistant([{"type": "thinking", "thinking": ""}]), []),
    (assistant("plain string content"), [(ASSISTANT_TEXT, "plain string content", True, False)]),
    ({"type": "summary", "summary": "x"}, []),
    ({"type": "system", "subtype": "stop_hook_summary"}, []),
    ({"type": "brand-new-type", "message": {"content": "x"}}, []),
    ({"type": "user", "message": "not a dict"}, []),
    (user(12345), []),
    (user([None, 3, {"type": "unknown"}]), []),
])
def test_events_from_record(record, expected):
    got = [(e.kind, e.text, e.spoken, e.prompt) for e in events_from_record(record)]
    assert got == expected


def test_tool_use_summary_has_name_and_content():
    [bash] = events_from_record(assistant([{"type": "tool_use", "id": "1", "name": "Bash",
                                            "input": {"command": "pytest -q", "description": "run tests"}}]))
    [edit] = events_from_record(assistant([{"type": "tool_use", "id": "2", "name": "Edit",
                                            "input": {"file_path": "/a.py", "old_string": "x",
                                                      "new_string": "# TODO(AB-1): later"}}]))
    assert (bash.kind, bash.tool, bash.spoken) == (TOOL_USE, "Bash", False)
    assert "pytest -q" in bash.text and "run tests" in bash.text
    assert edit.tool == "Edit" and "TODO(AB-1)" in edit.text and "/a.py" in edit.text


def test_sidechain_flag_and_subagent_prompt_is_not_a_typed_prompt():
    [event] = events_from_record(user("survey the code", isSidechain=True))
    assert event.sidechain and not event.prompt and event.spoken


def test_reads_from_offset_and_stops_before_incomplete_line(tmp_path):
    first, second = line(user("one")), line(user("two"))
    partial = b'{"type": "user", "message": {"role": "user", "content": "thr'
    path = write(tmp_path / "t.jsonl", first, second, partial)
    tail = read_tail(path, len(first))
    assert [e.text for e in tail.events] == ["two"]
    assert tail.end == len(first) + len(second)  # not past the incomplete line
    with open(path, "ab") as fh:
        fh.write(b'ee"}}\n')
    again = read_tail(path, tail.end)
    assert [e.text for e in again.events] == ["three"]
    assert again.end == path.stat().st_size


def test_binary_garbage_and_non_objects_are_skipped(tmp_path):
    path = write(tmp_path / "t.jsonl", b"\x00\xff\xfe garbage\n", b"[1, 2]\n", b"42\n", b"{not json\n",
                 line(user("real")), b"\n\n")
    tail = read_tail(path, 0)
    assert [e.text for e in tail.events] == ["real"]
    assert tail.bad_lines == 4


def test_huge_line_is_not_parsed_but_counts_as_a_tool_call(tmp_path):
    huge = assistant([{"type": "tool_use", "id": "x", "name": "Write",
                       "input": {"file_path": "/big", "content": "A" * 200_000}}])
    huge_result = user([{"type": "tool_result", "tool_use_id": "x", "content": "B" * 200_000}])
    path = write(tmp_path / "t.jsonl", line(huge), line(huge_result), line(user("after")))
    tail = read_tail(path, 0, max_line_bytes=10_000)
    assert tail.huge_lines == 2
    assert [(e.kind, e.tool) for e in tail.events] == [(TOOL_USE, "Write"), (TOOL_RESULT, ""), (USER_TEXT, "")]
    assert tail.events[-1].text == "after"


def test_first_read_of_a_big_file_is_bounded_to_the_last_bytes(tmp_path):
    records = [line(user(f"prompt {i}")) for i in range(200)]
    path = write(tmp_path / "t.jsonl", *records)
    tail = read_tail(path, 0, max_bytes=1_000)
    assert tail.bounded
    assert tail.events and tail.events[-1].text == "prompt 199"
    assert len(tail.events) < 200
    assert all(e.text.startswith("prompt ") for e in tail.events)  # no half line parsed


@pytest.mark.parametrize("offset", [-5, 10**9])
def test_offset_outside_the_file_starts_over(tmp_path, offset):
    path = write(tmp_path / "t.jsonl", line(user("a")))
    assert [e.text for e in read_tail(path, offset).events] == ["a"]


def test_missing_file_raises_oserror(tmp_path):
    with pytest.raises(OSError):
        read_tail(tmp_path / "nope.jsonl")


def test_parse_lines_counts():
    events, bad, huge = parse_lines(line(user("x")) + b"junk\n")
    assert (len(events), bad, huge) == (1, 1, 0)


def test_drop_save_flow_skips_the_plugins_own_turn_until_the_next_prompt():
    feedback = Event(USER_TEXT, "Stop hook feedback: run claude-memory:memory-management", meta=True)
    save_call = Event(TOOL_USE, "python3 /p/hooks/scripts/memory_write.py --action create", tool="Bash")
    said = Event(ASSISTANT_TEXT, "Saved the decision memory.", spoken=True)
    prompt = Event(USER_TEXT, "next task", spoken=True, prompt=True)
    later = Event(ASSISTANT_TEXT, "working", spoken=True)
    kept, in_flow = drop_save_flow([feedback, save_call, said, prompt, later])
    assert kept == [prompt, later] and in_flow is False
    kept, in_flow = drop_save_flow([feedback, said])
    assert kept == [] and in_flow is True
    kept, _ = drop_save_flow([said, prompt], in_flow=True)  # state carried from the previous triage
    assert kept == [prompt]
