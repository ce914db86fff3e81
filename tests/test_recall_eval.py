"""Recall quality on the dev set, measured as bench/recall_quality.py does.

The hook runs in process here (same code as the script; the bench runs it per process). Since
issue 15 retired the synonym table fitted to this set, the figures are floors, not the issue's
targets (bench/RESULTS.md says where recall lands on each set, tuned on the other).
"""

from __future__ import annotations

import sys

import pytest

from locations import REPO

sys.path.insert(0, str(REPO / "bench"))
import recall_quality  # noqa: E402

pytestmark = pytest.mark.skipif(not (recall_quality.DEFAULT_SET / "queries.jsonl").exists(),
                                reason="dev eval set not present")


@pytest.fixture(scope="module")
def summary():
    return recall_quality.evaluate(in_process=True)["summary"]


def test_we_beat_the_bm25_reference_on_precision_and_negatives(summary):
    ours, bm25 = summary["ours"], summary["bm25"]
    assert ours["precision"] >= 2 * bm25["precision"]
    assert ours["negative_injection"] <= 0.2 < bm25["negative_injection"]
    assert ours["by_kind"]["lexical"] >= 0.9 and ours["by_kind"]["file"] >= 0.85


def test_issue_15_floors_without_a_word_list(summary):
    """What recall reaches with no synonym table (issue 15): regression floors, set below the
    measured figures (bench/RESULTS.md); the issue's targets are not met (see there). Round 3's
    gate, chosen on this set by the worse of its halves, trades ranking for silence here (measured:
    nDCG@5 0.68, no negative prompt injecting; the floors were nDCG@5 0.70 and 20% before)."""
    ours = summary["ours"]
    assert ours["ndcg5"] >= 0.65
    assert ours["precision"] >= 0.70
    assert ours["negative_injection"] <= 0.10
