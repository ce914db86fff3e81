"""Tokenising, stemming, synonyms and path mentions (claude_memory.recall.text)."""

from __future__ import annotations

import pytest

from claude_memory.recall import text


@pytest.mark.parametrize("a, b", [
    ("queued", "queue"), ("queues", "queue"), ("scaling", "scale"), ("failing", "failed"),
    ("retries", "retry"), ("logging", "log"), ("partitions", "partition"), ("timestamps", "timestamp"),
])
def test_stem_maps_word_forms_together(a, b):
    assert text.stem(a) == text.stem(b)


@pytest.mark.parametrize("word", ["ups", "go", "k8s", "137", "dbt"])
def test_stem_leaves_short_words_and_identifiers_alone(word):
    assert text.stem(word) == word


@pytest.mark.parametrize("prompt, expected", [
    ("write_pandas timestamps", ["write_pandas", "panda", "timestamp"]),
    ("tracking-ingest lag", ["tracking_ingest", "track", "ingest", "lag"]),
    ("TrackingIngestConsumerLagHigh", ["trackingingestconsumerlaghigh", "track", "ingest", "consumer", "lag", "high"]),
])
def test_terms_keep_identifiers_whole_and_split(prompt, expected):
    assert text.terms(prompt) == expected


@pytest.mark.parametrize("prompt", ["hi", "hello there!", "thanks, that is all", "ok", "what do you think?"])
def test_greetings_and_filler_have_no_terms(prompt):
    assert text.query_terms(prompt) == []


def test_query_terms_give_wholes_no_mass_and_generic_words_little():
    factors = dict(text.query_terms("fix the write_pandas code in tracking"))
    assert factors["write_pandas"] == 0.0
    assert factors["code"] == text.GENERIC_MASS
    assert factors["track"] == 1.0


@pytest.mark.parametrize("word, synonym", [("logging", "logger"), ("crash", "oom"), ("bill", "cost"), ("msg", "message")])
def test_expand_uses_the_software_synonym_groups(word, synonym):
    assert text.stem(synonym) in text.expand(text.stem(word))


def test_expand_of_unknown_word_is_empty():
    assert text.expand("zebra") == ()


@pytest.mark.parametrize("prompt, paths", [
    ("refactor services/carrier-adapter/internal/ups/client.go now", ["services/carrier-adapter/internal/ups/client.go"]),
    ("see ./dbt/seeds/fx_rates.csv.", ["dbt/seeds/fx_rates.csv"]),
    ("edit .github/workflows/ci.yml", [".github/workflows/ci.yml"]),
    ("update Dashboard.tsx", ["dashboard.tsx"]),
    ("no paths in here", []),
])
def test_path_mentions(prompt, paths):
    assert text.path_mentions(prompt) == paths


@pytest.mark.parametrize("raw, norm", [("./a/B.py", "a/b.py"), ("/abs/x.go", "abs/x.go"), (".github/w.yml", ".github/w.yml")])
def test_norm_path(raw, norm):
    assert text.norm_path(raw) == norm


def test_tokenizer_version_is_a_positive_int():
    assert isinstance(text.TOKENIZER_VERSION, int) and text.TOKENIZER_VERSION >= 1


@pytest.mark.parametrize("word, synonym", [
    ("mock", "stub"), ("bill", "credits"), ("facebook", "meta"), ("warehouse", "snowflake"), ("deploy", "rollout"),
    ("db", "postgres"), ("login", "oauth"), ("flaky", "intermittent"), ("slow", "latency"), ("quota", "limit"),
    ("k8s", "kubernetes"), ("ci", "pipeline"), ("schema", "contract"), ("migrate", "upgrade"),
])
def test_expand_covers_the_general_software_vocabulary(word, synonym):
    assert text.stem(synonym) in text.expand(text.stem(word))


def test_camel_case_parts_share_one_word_of_evidence():
    factors = dict(text.query_terms("open GitHub now"))
    assert factors["github"] == 0.0
    assert factors["git"] == factors["hub"] == text.CAMEL_PART_MASS < 1.0


@pytest.mark.parametrize("verb", ["refactor", "rename", "cleanup", "readable"])
def test_generic_action_verbs_carry_little_evidence(verb):
    assert dict(text.query_terms(f"{verb} zebra"))[text.stem(verb)] == text.GENERIC_MASS


def test_the_precomputed_synonym_table_is_current():
    """synonym_table.py is generated from SYNONYM_GROUPS/GENERIC_WORDS; regenerate with text.write_table()."""
    from pathlib import Path

    table = Path(text.__file__).with_name("synonym_table.py").read_text(encoding="utf-8")
    assert table == text.table_source(), "stale: run python -c 'from claude_memory.recall import text; text.write_table()'"
    assert text._SYNONYMS == text.build_synonyms() and text._GENERIC == text.build_generic()


def test_a_synonym_group_change_shows_in_the_table_source(monkeypatch):
    monkeypatch.setattr(text, "SYNONYM_GROUPS", (*text.SYNONYM_GROUPS, ("zebra", "okapi")))
    assert "'zebra': ('okapi',)" in text.table_source()
