"""Candidate selection over the dev set, run as Claude runs memory_candidate.py: >= 85% on each part."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from locations import EVAL_DEV, REPO

pytestmark = pytest.mark.skipif(not (EVAL_DEV / "candidates.jsonl").exists(), reason="dev eval set not present")


def _bench():
    spec = importlib.util.spec_from_file_location("candidate_quality", REPO / "bench" / "candidate_quality.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def summary():
    return _bench().evaluate(EVAL_DEV)


@pytest.mark.parametrize("part", ["existing", "new"])
def test_accuracy_on_each_part(summary, part):
    result = summary[part]
    assert result["cases"] > 0
    assert result["accuracy"] >= 0.85, (part, result, summary["misses"])


def test_every_case_is_counted_once(summary):
    assert summary["existing"]["cases"] + summary["new"]["cases"] == summary["overall"]["cases"]
    assert sum(v["cases"] for v in summary["by_category"].values()) == summary["overall"]["cases"]


def test_summary_scores_a_wrong_answer_as_a_miss():
    bench = _bench()
    cases = [{"id": "x", "category": "decision", "expected": "a"}, {"id": "y", "category": "decision", "expected": None}]
    decisions = {"x": {"candidate": {"path": "/r/decisions/b.json"}, "structural_cud": "UPDATE"},
                 "y": {"candidate": {"path": "/r/decisions/a.json"}, "structural_cud": "UPDATE"}}
    s = bench.summarize(cases, decisions)
    assert s["existing"]["right"] == 0 and s["new"]["right"] == 0 and len(s["misses"]) == 2
