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
