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


def test_query_terms_give_wholes_no_mass_and_words_full_mass():
    factors = dict(text.query_terms("fix the write_pandas code in tracking"))
    assert factors["write_pandas"] == 0.0
    assert factors["code"] == factors["track"] == 1.0


@pytest.mark.parametrize("short, long", [("k8s", "kubernetes"), ("db", "database"), ("auth", "authentication"),
                                         ("msg", "message")])
def test_expand_knows_only_the_universal_abbreviations(short, long):
    assert text.stem(long) in text.expand(text.stem(short))
    assert text.stem(short) in text.expand(text.stem(long))


@pytest.mark.parametrize("word", ["logging", "crash", "bill", "deploy", "zebra"])
def test_expand_is_no_thesaurus(word):
    assert text.expand(text.stem(word)) == ()


def test_no_synonym_table_remains():
    from pathlib import Path

    assert not Path(text.__file__).with_name("synonym_table.py").exists()
    assert not hasattr(text, "SYNONYM_GROUPS") and not hasattr(text, "GENERIC_WORDS")


def test_non_english_words_are_words():
    words = [w for w, _k in text._words("la implementación es lenta über Datenbank")]
    assert "implementación" in words and "über" in words and "datenbank" in words


def test_ascii_identifiers_inside_cjk_text_are_words():
    # Chinese, Japanese and Korean are written without spaces: an identifier inside such a run
    # must still match the English memory that names it.
    words = [w for w, _k in text._words("为什么我们不用GATK VQSR来过滤变异了？ あとOTAジョブがIN_PROGRESSのまま")]
    assert {"gatk", "vqsr", "ota", "in_progress", "progress"} <= set(words)
    assert "为什么我们不用" in words and "ジョブが" in words
    assert "implementación" in [w for w, _k in text._words("la implementación")]  # accented Latin stays whole


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


def test_camel_case_parts_share_one_word_of_evidence():
    factors = dict(text.query_terms("open GitHub now"))
    assert factors["github"] == 0.0
    assert factors["git"] == factors["hub"] == text.CAMEL_PART_MASS < 1.0


# --------------------------------------------------------------------------- other scripts


@pytest.mark.parametrize("a, b", [
    ("Straße", "STRASSE"), ("straße", "Strasse"), ("GROSS", "groß"), ("FUSSBALL", "Fußball"),
])
def test_non_ascii_words_are_case_folded(a, b):
    assert text.terms(a) == text.terms(b) != []


@pytest.mark.parametrize("query, title", [
    ("テスト", "テストはpytestで書く"),
    ("設定ファイル", "pytestの設定ファイルはpyproject.tomlに置く"),
    ("数据库", "我们的数据库迁移策略"),
    ("데이터", "데이터베이스는 Postgres"),
])
def test_a_cjk_word_matches_the_run_it_is_written_in(query, title):
    # Chinese and Japanese glue words into one run: the query's character pairs are the run's
    doc = set(text.terms(title))
    matched = [(t, f) for t, f in text.query_terms(query) if t in doc]
    assert sum(f for _t, f in matched) >= 1.0  # at least one word of evidence (rank.MIN_UNITS)


def test_a_wide_run_is_a_whole_with_its_character_pairs():
    assert text.query_terms("テストは") == [("テストは", 0.0), ("テス", text.CAMEL_PART_MASS),
                                            ("スト", text.CAMEL_PART_MASS), ("トは", text.CAMEL_PART_MASS)]
    assert text.query_terms("設定") == [("設定", 1.0)]  # two characters: one word, its own pair


@pytest.mark.parametrize("query", ["猫", "表", "값"])
def test_a_one_character_cjk_query_has_a_term(query):
    assert text.query_terms(query) == [(query, 1.0)]
    assert text.terms(f"a é {query} x") == [query]  # a one-letter Latin word still is none
