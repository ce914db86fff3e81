"""Candidate selection over both dev sets, run as Claude runs memory_candidate.py.

Its rule (``recall.candidate``: coverage and margin over the runner-up, from recall's search) was
chosen on the first set: there it finds every existing target and 18 of 22 genuinely new ones stay
new (92%); on the second set, never tuned on, 86% (bench/RESULTS.md). These floors hold those figures."""

from __future__ import annotations

import pytest

from locations import EVAL_DEV, EVAL_DEV2, REPO, load_script

pytestmark = pytest.mark.skipif(not (EVAL_DEV / "candidates.jsonl").exists(), reason="dev eval set not present")


def _bench():
    return load_script(REPO / "bench" / "candidate_quality.py")


@pytest.fixture(scope="module")
def summary():
    return _bench().evaluate(EVAL_DEV)


@pytest.mark.parametrize("part,floor", [("existing", 0.95), ("new", 0.80), ("overall", 0.90)])
def test_accuracy_on_the_set_it_was_tuned_on(summary, part, floor):
    result = summary[part]
    assert result["cases"] > 0
    assert result["accuracy"] >= floor, (part, result, summary["misses"])


@pytest.mark.skipif(not (EVAL_DEV2 / "candidates.jsonl").exists(), reason="second dev set not present")
def test_accuracy_on_the_set_it_was_not_tuned_on():
    result = _bench().evaluate(EVAL_DEV2)
    assert result["overall"]["accuracy"] >= 0.85, (result["overall"], result["misses"])
    assert min(result["existing"]["accuracy"], result["new"]["accuracy"]) >= 0.80, result["misses"]


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
