"""The Pydantic models of schema 1.0: shapes, defaults, strictness, invariants, patterns."""

from __future__ import annotations

import copy
import re
import typing
from datetime import datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, TypeAdapter, ValidationError

from claude_memory.store import models
from claude_memory.core.categories import CATEGORIES
from claude_memory.store.models import (
    CONTENT_MODELS,
    ENVELOPE_FIELDS,
    ID_PATTERN,
    LIFECYCLE_FIELDS,
    LIFECYCLE_STATES,
    MAX_CHANGE_SUMMARY,
    MAX_CHANGES,
    MAX_TAGS,
    MAX_TITLE,
    RECORD_MODELS,
    TAG_PATTERN,
    TIMESTAMP_PATTERN,
    AnyRecord,
    Change,
    MemoryRecord,
    record_model_for,
)
from claude_memory.core.slug import SLUG_PATTERN
from claude_memory.core.timeutil import format_ts

from locations import eval_docs, sample_docs

TS = "2026-05-01T10:00:00Z"
BASE = sample_docs()
#: every sample memory, and the dev evaluation set's when it is beside the repository
EVAL = [*BASE.values(), *eval_docs().values()]


def _all_models() -> list[type[BaseModel]]:
    """Every model the module exports, and the record model of each category."""
    return [getattr(models, name) for name in models.__all__
            if isinstance(getattr(models, name), type) and issubclass(getattr(models, name), BaseModel)] \
        + list(RECORD_MODELS.values())


# --------------------------------------------------------------------------- structure


def test_constants_match_the_spec():
    assert (MAX_TAGS, MAX_CHANGES, MAX_TITLE, MAX_CHANGE_SUMMARY) == (12, 50, 120, 300)
    assert models.SCHEMA_VERSION == "1.0"
    assert LIFECYCLE_STATES == ("active", "retired", "archived")


def test_one_content_and_record_model_per_category():
    assert tuple(CONTENT_MODELS) == CATEGORIES
    assert tuple(RECORD_MODELS) == CATEGORIES
    for category in CATEGORIES:
        record = record_model_for(category)
        assert issubclass(record, MemoryRecord)
        assert record.model_fields["content"].annotation is CONTENT_MODELS[category]


def test_envelope_field_order_is_the_file_order():
    assert ENVELOPE_FIELDS == (
        "schema_version", "category", "id", "title", "created_at", "updated_at", "tags", "related_files",
        "confidence", "record_status", "changes", "times_updated", "retired_at", "retired_reason",
        "archived_at", "archived_reason", "content",
    )
    for record in RECORD_MODELS.values():
        assert tuple(record.model_fields) == ENVELOPE_FIELDS


@pytest.mark.parametrize("model", _all_models(), ids=lambda m: m.__name__)
def test_every_model_forbids_unknown_fields_and_is_strict(model):
    assert model.model_config.get("extra") == "forbid"
    assert model.model_config.get("strict") is True


CONTENT_FIELDS = {
    "session_summary": ["goal", "outcome", "completed", "in_progress", "blockers", "next_actions", "key_changes"],
    "decision": ["status", "context", "decision", "alternatives", "rationale", "consequences"],
    "runbook": ["trigger", "symptoms", "steps", "verification", "root_cause", "environment"],
    "constraint": ["kind", "rule", "impact", "workarounds", "severity", "active", "expires"],
    "tech_debt": ["status", "priority", "description", "reason_deferred", "impact", "suggested_fix", "acceptance_criteria"],
    "preference": ["topic", "value", "reason", "strength", "examples"],
}

ENUMS = {
    ("session_summary", "outcome"): {"success", "partial", "blocked", "abandoned"},
    ("decision", "status"): {"proposed", "accepted", "deprecated", "superseded"},
    ("constraint", "kind"): {"limitation", "gap", "policy", "technical"},
    ("constraint", "severity"): {"high", "medium", "low"},
    ("tech_debt", "status"): {"open", "in_progress", "resolved", "wont_fix"},
    ("tech_debt", "priority"): {"critical", "high", "medium", "low"},
    ("preference", "strength"): {"strong", "default", "soft"},
}


@pytest.mark.parametrize("category", CATEGORIES)
def test_content_fields_exactly_as_the_issue(category):
    assert list(CONTENT_MODELS[category].model_fields) == CONTENT_FIELDS[category]


@pytest.mark.parametrize("key,values", sorted(ENUMS.items()))
def test_content_enums_exactly_as_the_issue(key, values):
    category, field = key
    annotation = CONTENT_MODELS[category].model_fields[field].annotation
    assert set(typing.get_args(annotation)) == values


def test_no_content_enum_holds_a_lifecycle_value():
    for model in CONTENT_MODELS.values():
        for field in model.model_fields.values():
            if typing.get_origin(field.annotation) is typing.Literal:
                assert not set(typing.get_args(field.annotation)) & set(LIFECYCLE_STATES)


# --------------------------------------------------------------------------- the eval set and defaults


@pytest.mark.parametrize("doc", EVAL, ids=[d["id"] for d in EVAL])
def test_eval_memories_validate_and_round_trip(doc):
    record = record_model_for(doc["category"]).model_validate(doc)
    assert record.model_dump(mode="json", exclude_none=True) == doc


@pytest.mark.parametrize("category", CATEGORIES)
def test_legacy_file_without_lifecycle_fields_gets_defaults(category):
    doc = copy.deepcopy(BASE[category])
    for key in ("record_status", "changes", "times_updated"):
        del doc[key]
    record = record_model_for(category).model_validate(doc)
    assert (record.record_status, record.changes, record.times_updated) == ("active", [], 0)


def test_defaults_are_not_shared_between_instances():
    doc = copy.deepcopy(BASE["preference"])
    del doc["changes"], doc["content"]["examples"]
    a = record_model_for("preference").model_validate(doc)
    b = record_model_for("preference").model_validate(doc)
    a.changes.append(Change(date=TS, summary="x"))
    a.content.examples.prefer.append("x")
    assert b.changes == [] and b.content.examples.prefer == []


def test_any_record_dispatches_on_category():
    adapter = TypeAdapter(AnyRecord)
    for category in CATEGORIES:
        assert type(adapter.validate_python(BASE[category])) is RECORD_MODELS[category]


def test_envelope_alone_accepts_any_content_object():
    doc = dict(BASE["decision"], content={"anything": 1})
    assert MemoryRecord.model_validate(doc).content == {"anything": 1}
    with pytest.raises(ValidationError):
        record_model_for("decision").model_validate(doc)


# --------------------------------------------------------------------------- strict types


@pytest.mark.parametrize("field,value,ok", [
    ("confidence", 0.5, True), ("confidence", 1, True), ("confidence", "0.5", False), ("confidence", True, False),
    ("confidence", float("nan"), False), ("confidence", float("inf"), False),
    ("times_updated", 3, True), ("times_updated", 3.0, True), ("times_updated", 3.5, False),
    ("times_updated", "3", False), ("times_updated", True, False), ("times_updated", -1, False),
    ("title", 5, False), ("tags", "a,b", False), ("tags", ("a",), False), ("schema_version", 1.0, False),
])
def test_no_silent_coercion(field, value, ok):
    doc = dict(BASE["runbook"], **{field: value})
    model = record_model_for("runbook")
    if ok:
        record = model.model_validate(doc)
        assert type(getattr(record, field)) is {"confidence": float, "times_updated": int}[field]
    else:
        with pytest.raises(ValidationError):
            model.model_validate(doc)


def test_whole_float_times_updated_is_stored_as_int():
    record = record_model_for("runbook").model_validate(dict(BASE["runbook"], times_updated=4.0))
    assert record.model_dump(mode="json")["times_updated"] == 4
    assert isinstance(record.times_updated, int)


# --------------------------------------------------------------------------- lifecycle invariants


def _lifecycle_doc(status, present):
    values = {"retired_at": TS, "retired_reason": "replaced", "archived_at": TS, "archived_reason": "old"}
    doc = dict(BASE["constraint"], record_status=status)
    doc.update({f: values[f] for f in present})
    return doc


@pytest.mark.parametrize("status,present,ok", [
    ("active", [], True),
    ("active", ["retired_at"], False),
    ("active", ["archived_reason"], False),
    ("retired", ["retired_at", "retired_reason"], True),
    ("retired", ["retired_at"], True),  # retired_reason is optional (the design's schema)
    ("retired", ["retired_reason"], False),
    ("retired", [], False),
    ("retired", ["retired_at", "retired_reason", "archived_at"], False),
    ("archived", ["archived_at", "archived_reason"], True),
    ("archived", ["archived_at"], False),
    ("archived", ["archived_at", "archived_reason", "retired_reason"], False),
    ("archived", LIFECYCLE_FIELDS, False),
])
def test_lifecycle_invariants(status, present, ok):
    model = record_model_for("constraint")
    doc = _lifecycle_doc(status, present)
    if ok:
        model.model_validate(doc)
    else:
        with pytest.raises(ValidationError) as info:
            model.model_validate(doc)
        errors = info.value.errors()
        assert [e["type"] for e in errors] == ["lifecycle_invariant"]
        ctx = errors[0]["ctx"]
        assert set(ctx["missing"]) | set(ctx["forbidden"]) <= set(LIFECYCLE_FIELDS)
        assert ctx["missing"] or ctx["forbidden"]


def test_explicit_nulls_count_as_absent():
    doc = dict(BASE["constraint"], retired_at=None, retired_reason=None, archived_at=None, archived_reason=None)
    record = record_model_for("constraint").model_validate(doc)
    assert record.record_status == "active"
    dumped = record.model_dump(mode="json", exclude_none=True)
    assert not set(LIFECYCLE_FIELDS) & set(dumped)
    assert dumped == BASE["constraint"]


# --------------------------------------------------------------------------- patterns


def test_id_pattern_is_the_slug_pattern_with_a_guard_against_a_trailing_newline():
    assert ID_PATTERN.replace("(?:", "(").replace("$(?!\\n)", "$") == SLUG_PATTERN


@pytest.mark.parametrize("pattern", [ID_PATTERN, TAG_PATTERN, TIMESTAMP_PATTERN])
def test_patterns_reject_a_trailing_newline(pattern):
    compiled = re.compile(pattern)
    sample = {ID_PATTERN: "abc", TAG_PATTERN: "abc", TIMESTAMP_PATTERN: TS}[pattern]
    assert compiled.search(sample)
    assert not compiled.search(sample + "\n")


@pytest.mark.parametrize("tag,ok", [
    ("python", True), ("c++", True), ("a_b", True), ("größe", True), ("テスト", True), ("हिंदी", True),
    ("σοφία", True), ("gro\u0308sse", True), ("x" * 39 + "ü", True), ("ü" * 40, True),
    ("Größe", False), ("Über", False), ("ǅ", False), ("_ü", False), ("\u0308ü", False), ("-ü", False),
    ("ü ö", False), ("ü\u3000ö", False), ("ü,ö", False), ("ü·ö", False), ("a😀", False), ("ü\u202eö", False),
    ("ü" * 41, False), ("", False), ("ü\n", False), (3, False), (None, False),
    ("배\u3164포", False), ("\u115fab", False),  # a Hangul filler is invisible, not a letter
])
def test_a_tag_is_lowercase_letters_of_any_script_digits_and_a_little_punctuation(tag, ok):
    assert models.is_tag(tag) is ok
    doc = copy.deepcopy(sample_docs()["decision"])
    doc["tags"] = [tag]
    try:
        MemoryRecord.model_validate(doc)
    except ValidationError:
        assert not ok
    else:
        assert ok


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="az09._+#/- ,Üüßẞテスト\u0308\u200c\u200b½Σσς", min_size=0, max_size=42))
def test_is_tag_is_the_models_verdict(tag):
    doc = copy.deepcopy(sample_docs()["decision"])
    doc["tags"] = [tag]
    try:
        MemoryRecord.model_validate(doc)
        accepted = True
    except ValidationError:
        accepted = False
    assert models.is_tag(tag) is accepted
    if accepted:
        assert tag == tag.lower() and 1 <= len(tag) <= models.MAX_TAG_LEN


TS_RE = re.compile(TIMESTAMP_PATTERN)


@given(st.datetimes(min_value=datetime(1000, 1, 1), max_value=datetime(9999, 12, 31, 23, 59, 59)))
def test_every_real_utc_second_matches(dt):
    assert TS_RE.search(format_ts(dt.replace(tzinfo=timezone.utc)))


@settings(max_examples=500)
@given(st.integers(0, 9999), st.integers(0, 13), st.integers(0, 32), st.integers(0, 25), st.integers(0, 61), st.integers(0, 61))
def test_timestamp_pattern_accepts_exactly_the_real_dates(year, month, day, hour, minute, second):
    text = f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}Z"
    try:
        datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
        real = year >= 1000 and second < 60
    except ValueError:
        real = False
    assert bool(TS_RE.search(text)) is real, text


@pytest.mark.parametrize("year,leap", [(2024, True), (2000, True), (1600, True), (2400, True), (1996, True),
                                       (2026, False), (1900, False), (2100, False), (1800, False), (2001, False)])
def test_february_29_only_in_leap_years(year, leap):
    assert bool(TS_RE.search(f"{year}-02-29T00:00:00Z")) is leap


# --------------------------------------------------------------------------- change log


@pytest.mark.parametrize("entry,ok", [
    ({"date": TS, "summary": "x"}, True),
    ({"date": TS, "summary": "x" * MAX_CHANGE_SUMMARY}, True),
    ({"date": TS, "summary": "x" * (MAX_CHANGE_SUMMARY + 1)}, False),
    ({"date": TS, "summary": "x", "field": "tags", "old_value": ["a"], "new_value": ["a", "b"]}, True),
    ({"date": TS, "summary": "x", "old_value": {"nested": [1, None, True]}}, True),
    ({"date": TS}, False),
    ({"summary": "x"}, False),
    ({"date": TS, "summary": "x", "by": "me"}, False),
])
def test_change_entries(entry, ok):
    if ok:
        Change.model_validate(entry)
    else:
        with pytest.raises(ValidationError):
            Change.model_validate(entry)


def test_a_rendered_tag_keeps_exactly_the_characters_a_stored_tag_may_hold():
    """recall.render.clean_tag and the schema apply one rule (core.tags) to every non-ASCII character."""
    import unicodedata

    from claude_memory.recall.render import clean_tag

    differ = [hex(cp) for cp in range(0x80, 0x30000)
              if unicodedata.category(chr(cp)) not in ("Cs", "Cn") and chr(cp).lower() == chr(cp)
              and (clean_tag(f"x{chr(cp)}y") == f"x{chr(cp)}y") is not models.is_tag(f"x{chr(cp)}y")]
    assert differ == []
