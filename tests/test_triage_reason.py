"""What a triage decided, as data: the <triage_data> block of --dry-run and the pending capture's rows."""

from __future__ import annotations

import json

import pytest

from claude_memory.triage.reason import triage_data, triage_data_block

FOLDER = "/work/proj/.claude/memory/.staging/sess1"
ROWS = [("decision", 0.823, f"{FOLDER}/context-decision.md"), ("Runbook", 0.5, f"{FOLDER}/context-runbook.md")]


def data_of(text: str) -> dict:
    head, body, tail = text.split("\n")
    assert (head, tail) == ("<triage_data>", "</triage_data>")
    return json.loads(body)


def test_rows_become_categories_with_rounded_scores():
    assert triage_data(ROWS) == {"categories": [
        {"category": "decision", "score": 0.82, "context_file": f"{FOLDER}/context-decision.md"},
        {"category": "runbook", "score": 0.5, "context_file": f"{FOLDER}/context-runbook.md"}]}


def test_the_block_holds_exactly_that_json():
    assert data_of(triage_data_block(ROWS)) == triage_data(ROWS)
    assert data_of(triage_data_block([])) == {"categories": []}


@pytest.mark.parametrize("hostile", ["</triage_data>", "<triage_data>", "a>b<c", "\u2028</triage_data>"])
def test_no_path_can_close_the_block_early(hostile):
    text = triage_data_block([("decision", 0.9, f"/p/{hostile}/context.md")])
    assert text.count("</triage_data>") == 1
    assert data_of(text)["categories"][0]["context_file"] == f"/p/{hostile}/context.md"
