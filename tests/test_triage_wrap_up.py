"""Session summaries from a wrap-up, and the phrasings added after the first blind held-out set.

A session with some work behind it that ends with "where are we?" or a recap (done / next) is worth a
summary even below the activity bar; a short session, or "what's left" in another sense, is not. The
sentences are written for these tests, not taken from any evaluation transcript.
"""

from __future__ import annotations

import pytest

from claude_memory.triage import scoring
from claude_memory.triage.scoring import WRAP_UP_MIN_TOOLS, WRAP_UP_SCORE, score_session, score_text_categories, wrapped_up
from claude_memory.triage.transcript import TOOL_USE, Event
from triage_helpers import A, U


def work(n):
    return [Event(TOOL_USE, "edit", tool="Edit") for _ in range(n)]


@pytest.mark.parametrize("prompt", [
    "ok I have to stop here, where are we?",
    "let's call it a day, summary please",
    "Necesito irme. ¿Dónde estamos?",
    "Ich muss los, kannst du kurz zusammenfassen, wo wir stehen?",
    "On s'arrête là pour aujourd'hui, tu peux faire le point ?",
    "Paramos aqui por hoje. O que falta?",
    "今日はここまでにします。どこまで進んだかまとめてください。",
    "今天就到这，总结一下进度。",
    "오늘은 여기까지 하죠. 어디까지 했는지 정리해 주세요.",
])
def test_a_wrap_up_request_in_any_language(prompt):
    assert wrapped_up([U("add the export endpoint"), A("Done."), U(prompt)])


def test_a_recap_with_two_headings_is_a_wrap_up():
    recap = "Where it stands:\n\n**Done**\n- export endpoint\n\n**Next steps**\n- pagination\n"
    assert wrapped_up([U("continue"), A(recap)])


@pytest.mark.parametrize("events", [
    [U("The root folders are what's left from before; put new code in src/features."), A("Moved.")],
    [U("add the export endpoint"), A("**Done**: the endpoint is in `api/export.py`.")],  # one heading
    [U("what does this function do?"), A("It parses the header.")],
])
def test_not_a_wrap_up(events):
    assert not wrapped_up(events)


def test_a_wrap_up_needs_work_behind_it():
    events = [U("where are we?"), A("**Done**\n- a\n\n**Next**\n- b")]
    few = {"tool_uses": WRAP_UP_MIN_TOOLS - 1, "prompts": 3, "distinct_tools": ["Edit", "Bash"]}
    enough = dict(few, tool_uses=WRAP_UP_MIN_TOOLS)
    assert score_session(few, events) == scoring.score_activity(few) < WRAP_UP_SCORE
    assert score_session(enough, events) == WRAP_UP_SCORE
    assert score_session(enough, [U("add the endpoint"), A("Added.")]) == scoring.score_activity(enough)


def test_a_long_session_keeps_its_activity_score():
    busy = {"tool_uses": 60, "prompts": 5, "distinct_tools": ["Edit", "Bash"]}
    assert score_session(busy, [U("where are we?")]) == scoring.score_activity(busy) > WRAP_UP_SCORE


def test_score_all_uses_the_wrap_up():
    events = [U("fix the flaky export test"), *work(WRAP_UP_MIN_TOOLS), A("Fixed."), U("that's it for today, recap?")]
    assert scoring.score_all(events)["session_summary"].score == WRAP_UP_SCORE


@pytest.mark.parametrize("category,events", [
    ("tech_debt", [U("CI hangs on migrations, -p 1 fixes it but hides the real problem. The proper fix is a "
                     "template database per package. Not today though, write it down as tech debt."),
                   A("Written up in docs/tech-debt.md.")]),
    ("tech_debt", [U("leave the legacy parser alone for now, it gets rewritten next quarter anyway; put it on "
                     "the debt list so nobody copies it."), A("Added to the debt list.")]),
    ("preference", [U("please stop putting SQL inline as strings. From now on every query lives in its own .sql "
                      "file under sql/, because it is easier to review."), A("Moved them; new queries go there too.")]),
    ("runbook", [U("the board reboots every few seconds since the new task, serial says stack overflow"),
                 A("The task had 2 KB of stack; fixed by raising it to 6 KB. I left it running overnight: no resets.")]),
])
def test_phrasings_added_after_the_first_held_out_set(category, events):
    assert score_text_categories(events)[category].score >= 0.5
