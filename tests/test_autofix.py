"""autofix: repairs only the trivially fixable, reports each repair, never mutates its input."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claude_memory.store.autofix import autofix
from claude_memory.core.categories import CATEGORIES
from claude_memory.store.validation import validate_record
from locations import eval_docs, sample_docs, write_path_imports
from store_helpers import refused

BASE = sample_docs()
#: every sample memory, and the dev evaluation set's when it is beside the repository
EVAL = [*BASE.values(), *eval_docs().values()]
NOW = "2026-06-01T12:00:00Z"


def fix(doc, category="decision", **kw):
    return autofix(doc, category=category, now=NOW, **kw)


def draft(**changes):
    doc = copy.deepcopy(BASE["decision"])
    for key, value in changes.items():
        if value is ...:
            doc.pop(key, None)
        else:
            doc[key] = value
    return doc


# --------------------------------------------------------------------------- no-ops


@pytest.mark.parametrize("doc", EVAL, ids=[d["id"] for d in EVAL])
def test_valid_memories_are_left_alone(doc):
    out, notes = autofix(doc, category=doc["category"], now=NOW, target_id=doc["id"])
    assert out == doc and notes == []


@pytest.mark.parametrize("value", [None, [], "text", 3])
def test_non_objects_are_returned_unchanged(value):
    out, notes = fix(value)
    assert out == value and notes == []


# --------------------------------------------------------------------------- each repair


@pytest.mark.parametrize("changes,key,expected,note_part", [
    ({"schema_version": ...}, "schema_version", "1.0", "schema_version"),
    ({"schema_version": None}, "schema_version", "1.0", "schema_version"),
    ({"category": ...}, "category", "decision", "category"),
    ({"created_at": ...}, "created_at", NOW, "created_at"),
    ({"updated_at": ""}, "updated_at", NOW, "updated_at"),
    ({"updated_at": "   "}, "updated_at", NOW, "updated_at"),
    ({"tags": "Python, CI ,  ,python,Build Tools"}, "tags", ["python", "ci", "build-tools"], "split tags"),
    ({"tags": "single"}, "tags", ["single"], "split tags"),
    ({"tags": ""}, "tags", [], "split tags"),
    ({"tags": ["Python", "python", " ci ", "", "Two  Words"]}, "tags", ["python", "ci", "two-words"], "normalised tags"),
    ({"id": "My Decision_Name"}, "id", "my-decision-name", "slugified id"),
    ({"id": "-leading-and-trailing-"}, "id", "leading-and-trailing", "slugified id"),
    ({"id": "Ünïcode Title"}, "id", "unicode-title", "slugified id"),
    ({"id": ...}, "id", "use-redis-streams-for-the-job-queue", "from the title"),
    ({"id": ""}, "id", "use-redis-streams-for-the-job-queue", "from the title"),
    ({"confidence": 1.7}, "confidence", 1.0, "clamped"),
    ({"confidence": -3}, "confidence", 0.0, "clamped"),
    ({"confidence": "0.75"}, "confidence", 0.75, "parsed"),
    ({"confidence": " 2 "}, "confidence", 1.0, "clamped"),
    ({"title": "  A title  "}, "title", "A title", "title"),
])
def test_each_repair_is_made_and_reported(changes, key, expected, note_part):
    doc = draft(**changes)
    out, notes = fix(doc)
    assert out[key] == expected
    assert any(note_part in n for n in notes), notes


def test_missing_id_prefers_the_target_file_name():
    out, notes = fix(draft(id=...), target_id="buf-everywhere")
    assert out["id"] == "buf-everywhere"
    assert notes == ["set missing id to 'buf-everywhere' (the target file's name)"]


def test_missing_id_and_unusable_title_stays_missing():
    out, notes = fix(draft(id=..., title="!!!"))
    assert "id" not in out and notes == []


def _sha8(text: str) -> str:
    import hashlib

    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


@pytest.mark.parametrize("title,category,expected", [
    ("テストの方針", "decision", "decision-" + _sha8("テストの方針")),
    ("数据库迁移", "tech_debt", "tech-debt-" + _sha8("数据库迁移")),
    ("セッションの記録", "session_summary", "session-summary-" + _sha8("セッションの記録")),
    ("  日本語のみ  ", "runbook", "runbook-" + _sha8("日本語のみ")),  # stripped first
    ("テストはpytestで書く", "decision", "pytest-" + _sha8("テストはpytestで書く")),
    ("pytestの設定ファイルはpyproject.tomlに置く", "decision", "pytest-pyproject-toml"),
    ("Größenbeschränkung für Uploads", "constraint", "grossenbeschrankung-fur-uploads"),
])
def test_missing_id_from_a_non_english_title(title, category, expected):
    doc = draft(id=..., title=title, category=category)
    out, notes = fix(doc, category=category)
    assert out["id"] == expected
    assert any(expected in n for n in notes)
    again, _ = fix(draft(id=..., title=title, category=category), category=category)
    assert again["id"] == expected  # the same title, the same id


@pytest.mark.parametrize("tags,expected", [
    (["Größe", "ÜBER", "テスト"], ["größe", "über", "テスト"]),
    (["gro\u0308\u00dfe", "größe"], ["größe"]),  # decomposed ö composed: one tag, not two
    ("Größe, Übertragung Fehler ,テスト", ["größe", "übertragung-fehler", "テスト"]),
    (["ДАННЫЕ", "Σοφία"], ["данные", "σοφία"]),
])
def test_non_ascii_tags_are_lowercased_and_composed(tags, expected):
    out, notes = fix(draft(tags=tags))
    assert out["tags"] == expected and notes
    assert validate_record(out)["tags"] == expected


@pytest.mark.parametrize("changes", [
    {"title": "t" * 121},  # needs judgement: validation reports it
    {"id": "valid-but-different"},
    {"category": "runbook"},  # present and different: a mismatch to report, not to paper over
    {"created_at": "2026-05-01"},  # wrong, but not missing
    {"confidence": "high"},
    {"confidence": True},
    {"confidence": float("nan")},
    {"confidence": "nan"},
    {"confidence": 0.3},
    {"confidence": 1},
    {"tags": [1, "a"]},
    {"tags": {"a": 1}},
    {"id": "!!!"},
    {"id": 42},
    {"schema_version": "2.0"},
    {"record_status": "retired"},
])
def test_what_is_not_trivially_fixable_is_left_alone(changes):
    doc = draft(**changes)
    out, notes = fix(doc, target_id="something-else")
    assert out == doc and notes == []


def test_whitespace_is_stripped_recursively_and_keys_are_not_touched():
    doc = draft()
    doc["content"]["rationale"] = ["  first  ", "second\n"]
    doc["content"]["alternatives"][0]["option"] = "\tprotoc "
    doc["changes"] = [{"date": f" {NOW} ", "summary": "x "}]
    doc["content"][" odd key "] = " v "
    out, notes = fix(doc)
    assert out["content"]["rationale"] == ["first", "second"]
    assert out["content"]["alternatives"][0]["option"] == "protoc"
    assert out["changes"] == [{"date": NOW, "summary": "x"}]
    assert out["content"][" odd key "] == "v"
    (note,) = notes
    assert note == ("stripped surrounding whitespace from changes.0.date, changes.0.summary, "
                    "content.alternatives.0.option, content.rationale.0, content.rationale.1 and 1 more")


def test_no_invention_of_content():
    doc = draft()
    del doc["content"]["rationale"], doc["title"], doc["confidence"]
    out, _ = fix(doc)
    assert "rationale" not in out["content"] and "title" not in out and "confidence" not in out


def test_notes_are_strings_and_one_per_repair():
    doc = draft(schema_version=..., category=..., created_at=..., updated_at=..., tags="A,B", id="X Y",
                confidence="5")
    out, notes = fix(doc)
    assert len(notes) == 8  # schema_version, category, 2 timestamps, tags, id, parsed + clamped confidence
    assert all(isinstance(n, str) and n for n in notes)
    assert validate_record(out, category="decision")["id"] == "x-y"


# --------------------------------------------------------------------------- purity


@settings(max_examples=200, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.sampled_from(
        ["id", "tags", "title", "confidence", "created_at", "content", " x "]), c, max_size=4),
    max_leaves=12,
))
def test_never_mutates_and_is_deterministic(value):
    doc = draft()
    doc["content"]["extra"] = value
    doc["tags"] = value if isinstance(value, (str, list)) else doc["tags"]
    before = copy.deepcopy(doc)
    first = fix(doc, target_id="t")
    assert repr(doc) == repr(before)  # repr: NaN != NaN would make == useless
    assert repr(fix(doc, target_id="t")) == repr(first)


def test_output_shares_nothing_with_input():
    doc = draft()
    out, _ = fix(doc)
    out["content"]["rationale"].append("new")
    out["tags"].append("new")
    assert doc == BASE["decision"]


@pytest.mark.parametrize("category", CATEGORIES)
def test_a_sloppy_draft_becomes_valid(category):
    doc = copy.deepcopy(BASE[category])
    for key in ("schema_version", "category", "created_at", "updated_at", "record_status", "changes", "times_updated"):
        doc.pop(key)
    doc["id"] = " " + doc["id"].upper().replace("-", "_") + " "
    doc["tags"] = ", ".join(t.upper() for t in doc["tags"])
    doc["confidence"] = str(doc["confidence"] * 100)
    doc["title"] = doc["title"] + "  "
    out, notes = autofix(doc, category=category, now=NOW)
    valid = validate_record(out, category=category)
    assert valid["id"] == BASE[category]["id"] and valid["tags"] == BASE[category]["tags"]
    assert valid["confidence"] == 1.0 and valid["created_at"] == NOW
    assert notes


def test_title_too_long_is_reported_after_autofix():
    out, _ = fix(draft(title="t" * 121))
    err = refused("VALIDATION_ERROR", validate_record, out)
    assert [p.field for p in err.problems] == ["title"]


def test_autofix_imports_only_the_standard_library():
    assert write_path_imports("import claude_memory.store.autofix") == []
