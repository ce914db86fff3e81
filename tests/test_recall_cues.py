"""Wording that asks for a category of memory (claude_memory.recall.cues)."""

from __future__ import annotations

import pytest

from claude_memory.recall import cues


@pytest.mark.parametrize("prompt, category", [
    ("why did we pick franz-go?", "decision"),
    ("Which client should we use", "decision"),
    ("postgres or mysql for the ledger", "decision"),
    ("how do I fix the consumer lag", "runbook"),
    ("how can we re-run the backfill", "runbook"),
    ("the export keeps failing", "runbook"),
    ("what's the naming convention for models", "preference"),
    ("what do we call staging models", "preference"),
    ("is there a rate limit on that api", "constraint"),
    ("we mustn't deploy on fridays", "constraint"),
    ("where did we leave the upgrade", "session_summary"),
    ("what is left to do on the migration", "session_summary"),
    ("any todo left in the extractor", "tech_debt"),
    ("the tech debt in the loader", "tech_debt"),
])
def test_cues_name_the_category_asked_for(prompt, category):
    assert category in cues.categories_asked(prompt)


@pytest.mark.parametrize("prompt", [
    "kafka partitions for tracking events",
    "why did weather data stop",          # "we" must be a whole word
    "or\nfor the ledger",                 # "or ... for the" stays on one line
    "left to dos",
    "mustn'tx",
])
def test_cues_stay_quiet_on_plain_topic_words_and_near_misses(prompt):
    assert cues.categories_asked(prompt) == set()


@pytest.mark.parametrize("prompt, category", [
    ("WHY DID WE choose it", "decision"),
    ("\u0130s there a l\u0130m\u0130t", "constraint"),  # dotted capital I folds to i, as re.IGNORECASE has it
    ("\u212aeeps crashing", "runbook"),           # Kelvin sign folds to k
])
def test_cues_ignore_case(prompt, category):
    assert category in cues.categories_asked(prompt)


def test_prefix_cues_match_longer_words_and_whole_word_cues_do_not():
    assert cues.categories_asked("decided on it") == {"decision"}
    assert "preference" in cues.categories_asked("formatting rules")
    assert "runbook" not in cues.categories_asked("errors")   # "error" is a whole-word cue
