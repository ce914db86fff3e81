"""Triage quality on the dev and dev2 sets (issue 5 and issue 13 targets), run as Claude Code would run the hook.

Both ways of stopping are held to the targets: ``incremental`` (a stop at every
turn, the transcript growing, the last message arriving late) and ``final``
(one stop over the whole transcript with no cursor).
"""

from __future__ import annotations

import pytest

from locations import EVAL_DEV, EVAL_DEV2, REPO, load_script


def _bench():
    return load_script(REPO / "bench" / "triage_quality.py")


@pytest.mark.parametrize("mode", ["incremental", "final"])
@pytest.mark.parametrize("eval_set", [EVAL_DEV, EVAL_DEV2], ids=["dev", "dev2"])
def test_set_meets_the_cross_set_targets(eval_set, mode):
    """Issue 13's targets (stricter than issue 5's): both sets, both ways of stopping."""
    if not (eval_set / "triage_labels.json").is_file():
        pytest.skip(f"{eval_set} not present")
    result = _bench().evaluate(eval_set, mode)
    assert result["violations"] == []
    assert result["micro_precision"] >= 0.95, result["per_category"]
    assert result["micro_recall"] >= 0.85, result["per_category"]
    assert result["constraint_recall"] >= 0.8 and result["non_english_recall"] >= 0.8, result
    silent, negatives = result["silent_negatives"]
    assert silent == negatives, {n: s["triggered"] for n, s in result["sessions"].items() if not s["expected"]}


@pytest.mark.skipif(not (EVAL_DEV / "triage_labels.json").is_file(), reason="dev eval set not present")
def test_non_english_sessions_are_told_apart():
    bench = _bench()
    langs = {p.stem: bench.is_english(bench._typed_prompts(p.read_bytes().splitlines()))
             for p in (EVAL_DEV / "transcripts").glob("*.jsonl")}
    assert not langs["d18-french-decision-identity-provider"] and not langs["d19-chinese-tech-debt-skip-flaky"]
    assert langs["d16-decision-and-constraint-direct-s3-uploads"]
    assert bench.is_english(["Let's go with Room because it is first-party and we already use it."])
    assert not bench.is_english(["Wir nehmen Room, weil es von Google kommt und wir es schon verwenden."])


def test_stops_of_holds_back_the_last_assistant_text():
    bench = _bench()
    lines = [b'{"type":"user","message":{"role":"user","content":"hi"}}',
             b'{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"hello"}]}}',
             b'{"type":"system","subtype":"stop_hook_summary"}',
             b'{"type":"user","message":{"role":"user","content":"bye"}}']
    assert bench.stops_of(lines) == [(1, "hello"), (4, None)]
