"""Slugs: memory ids that are also file names."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claude_memory.core.slug import MAX_SLUG, SLUG_PATTERN, is_valid_slug, slugify


@pytest.mark.parametrize("value,ok", [
    ("a", True), ("0", True), ("a-b", True), ("a--b", True), ("abc123", True), ("x" * 80, True),
    ("x" * 81, False), ("", False), ("-a", False), ("a-", False), ("-", False), ("A", False), ("a_b", False),
    ("a b", False), ("a.b", False), ("a/b", False), ("é", False), ("abc\n", False), ("\nabc", False),
    (None, False), (3, False), (["a"], False),
])
def test_is_valid_slug(value, ok):
    assert is_valid_slug(value) is ok


@pytest.mark.parametrize("text,expected", [
    ("Use buf for protobuf", "use-buf-for-protobuf"),
    ("  spaced   out  ", "spaced-out"),
    ("snake_case_name", "snake-case-name"),
    ("CamelCase", "camelcase"),
    ("Ünïcödé café", "unicode-cafe"),
    ("GA4: 72-hour data latency!", "ga4-72-hour-data-latency"),
    ("--already-a-slug--", "already-a-slug"),
    ("a/b\\c.d", "a-b-c-d"),
    ("日本語", ""),
    ("!!!", ""),
    ("", ""),
])
def test_slugify(text, expected):
    assert slugify(text) == expected


def test_long_text_is_cut_at_a_word_boundary():
    text = " ".join(["word"] * 40)  # 199 characters
    slug = slugify(text)
    assert len(slug) <= MAX_SLUG and slug.endswith("word") and is_valid_slug(slug)
    assert len(slug) == 79  # 16 words of 4 plus 15 hyphens


def test_long_word_without_boundary_is_cut_hard():
    slug = slugify("x" * 200)
    assert slug == "x" * MAX_SLUG


def test_custom_max_len():
    assert slugify("alpha beta gamma", max_len=10) == "alpha-beta"
    assert slugify("alphabetagamma", max_len=5) == "alpha"


@given(st.text(max_size=300))
def test_slugify_gives_a_valid_slug_or_nothing(text):
    slug = slugify(text)
    assert slug == "" or is_valid_slug(slug)
    assert slugify(slug) == slug  # idempotent


@given(st.from_regex(re.compile(SLUG_PATTERN.replace("$", r"\Z")), fullmatch=True))
def test_valid_slugs_slugify_to_themselves(slug):
    assert is_valid_slug(slug)
    assert slugify(slug) == slug


@given(st.one_of(st.text(max_size=90), st.text(alphabet="ab-9Z_\n é", max_size=90)))
def test_is_valid_slug_is_the_pattern(value):
    # the re-free test (it runs on recall's prompt path) and the pattern the schemas use are one rule
    assert is_valid_slug(value) is (re.fullmatch(SLUG_PATTERN.replace("$", r"\Z"), value) is not None)


# --------------------------------------------------------------------------- other scripts and letters

import hashlib  # noqa: E402

from claude_memory.core import slug as slug_module  # noqa: E402


def _sha8(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


@pytest.mark.parametrize("text,expected", [
    ("Größenbeschränkung", "grossenbeschrankung"),
    ("Überprüfung der Größe", "uberprufung-der-grosse"),
    ("STRAẞE", "strasse"),
    ("Æsir og Œuvre", "aesir-og-oeuvre"),
    ("Øresund ø", "oresund-o"),
    ("Đorđe đ", "dorde-d"),
    ("Łódź ł", "lodz-l"),
    ("Þór þ", "thor-th"),
    ("Ðað", "dad"),
    ("Kırmızı", "kirmizi"),
    ("ǿ", "o"),  # ø with an acute: NFKD leaves the ø, the table spells it
])
def test_latin_letters_without_a_decomposition_are_spelled_out(text, expected):
    assert slugify(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("pytestの設定ファイルはpyproject.tomlに置く", "pytest-pyproject-toml"),
    ("CI用のDockerイメージはghcrに置く", "ci-docker-ghcr"),
    ("Kubernetesの設定とHelmチャート", "kubernetes-helm"),
    ("用Redis做缓存而不是Memcached", "redis-memcached"),
    ("Use Postgres—not MySQL", "use-postgres-not-mysql"),
])
def test_other_scripts_separate_words(text, expected):
    assert slugify(text) == expected


@pytest.mark.parametrize("text,head", [
    ("テストはpytestで書く", "pytest"),
    ("QAの手順", "qa"),
    ("Настройка pytest", "pytest"),
    ("日志用JSON格式输出到标准输出", "json"),
])
def test_a_thin_ascii_leftover_gets_the_text_hash(text, head):
    assert slugify(text) == f"{head}-{_sha8(text)}"


def test_two_japanese_titles_naming_pytest_get_two_ids_each_stable():
    a, b = "テストはpytestで書く", "テストはpytestで書かない"
    assert slugify(a) != slugify(b)
    assert slugify(a) == slugify(a) == slugify(slugify(a))


@pytest.mark.parametrize("title,word,expected_head", [
    ("日本語のみのタイトル", "decision", "decision"),
    ("セッションの記録", "session_summary", "session-summary"),
    ("技术债务", "tech_debt", "tech-debt"),
    ("ಕನ್ನಡ", "!!!", "memory"),
])
def test_fallback_id_is_the_word_and_the_title_hash(title, word, expected_head):
    got = slug_module.fallback_id(title, word)
    assert got == f"{expected_head}-{_sha8(title)}" and is_valid_slug(got)
    assert slug_module.fallback_id(title, word) == got  # the same title, the same id


def test_text_hash_is_the_same_for_composed_and_decomposed_text():
    assert slug_module.text_hash("Gr\u00f6\u00dfe") == slug_module.text_hash("Gro\u0308\u00dfe") == _sha8("Gr\u00f6\u00dfe")


def test_a_hashed_slug_fits_max_len():
    text = "テスト" + "x" * 30 + "の説明" * 30
    slug = slugify(text, max_len=20)
    assert slug == "x" * 11 + "-" + _sha8(text)
    assert slugify("テストはpytestで書く", max_len=5) == "pytes"  # no room for the hash: cut as before


@given(st.lists(st.from_regex(r"[a-z]{3,12}", fullmatch=True), min_size=2, max_size=4),
       st.lists(st.text(alphabet="テスト設定ファイル数据库데이터Жё", min_size=1, max_size=6), min_size=1, max_size=3))
def test_ascii_words_between_other_scripts_stay_apart(words, others):
    text = words[0] + "".join(f"{other}{word}" for other, word in zip(others + others[-1:] * 4, words[1:]))
    slug = slugify(text)
    assert slug == "-".join(words) and slugify(slug) == slug
