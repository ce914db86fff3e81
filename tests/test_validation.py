"""validate_record / load_record / dump_record: canonical output and actionable problems."""

from __future__ import annotations

import copy
import json
import os
import random

import pytest

from claude_memory.core.categories import CATEGORIES
from claude_memory.store.models import ENVELOPE_FIELDS, CONTENT_MODELS
from claude_memory.store.validation import MAX_FILE_BYTES, dump_record, load_record, read_json_file, validate_record

from locations import eval_files, needs_eval, sample_docs, sample_files
from store_helpers import refused

TS = "2026-05-01T10:00:00Z"
BASE = sample_docs()


def problems_of(doc, **kw) -> list:
    problems = refused("VALIDATION_ERROR", validate_record, doc, **kw).problems
    for p in problems:
        assert p.field and p.expected and p.got and p.fix, p
    return problems


def fields_of(doc, **kw) -> list[str]:
    return [p.field for p in problems_of(doc, **kw)]


# --------------------------------------------------------------------------- canonical output


@pytest.mark.parametrize("path", sample_files(), ids=lambda p: p.stem)
def test_sample_files_are_already_canonical(path):
    """Loading and dumping a well-formed file gives back the same bytes."""
    assert dump_record(load_record(path, expected_id=path.stem)) == path.read_text("utf-8")


@needs_eval
def test_eval_files_are_already_canonical():
    files = eval_files()
    assert files
    for path in files:
        assert dump_record(load_record(path, expected_id=path.stem)) == path.read_text("utf-8"), path


@pytest.mark.parametrize("category", CATEGORIES)
def test_output_order_follows_the_schema_whatever_the_input_order(category):
    doc = copy.deepcopy(BASE[category])
    keys = list(doc)
    random.Random(7).shuffle(keys)
    shuffled = {k: doc[k] for k in keys}
    content_keys = list(doc["content"])[::-1]
    shuffled["content"] = {k: doc["content"][k] for k in content_keys}
    out = validate_record(shuffled)
    assert list(out) == [f for f in ENVELOPE_FIELDS if f in out]
    assert list(out["content"]) == list(CONTENT_MODELS[category].model_fields)
    assert out == doc


def test_defaults_filled_and_unset_optionals_left_out():
    doc = copy.deepcopy(BASE["runbook"])
    for key in ("record_status", "changes", "times_updated", "related_files"):
        del doc[key]
    for key in ("symptoms", "verification", "root_cause", "environment"):
        del doc["content"][key]
    doc["retired_at"] = None
    out = validate_record(doc)
    assert (out["record_status"], out["changes"], out["times_updated"], out["related_files"]) == ("active", [], 0, [])
    assert out["content"]["symptoms"] == [] and out["content"]["root_cause"] == ""
    assert not {"retired_at", "retired_reason", "archived_at", "archived_reason"} & set(out)


def test_retired_record_keeps_its_lifecycle_fields_in_order():
    doc = dict(BASE["decision"], record_status="retired", retired_at=TS, retired_reason="superseded by x")
    out = validate_record(doc)
    keys = list(out)
    assert keys.index("times_updated") < keys.index("retired_at") < keys.index("retired_reason") < keys.index("content")


def test_change_entries_drop_null_optionals():
    doc = dict(BASE["decision"], changes=[{"date": TS, "summary": "s", "field": None, "old_value": None}])
    assert validate_record(doc)["changes"] == [{"date": TS, "summary": "s"}]


@pytest.mark.parametrize("category", CATEGORIES)
def test_validation_is_idempotent_and_does_not_mutate(category):
    doc = copy.deepcopy(BASE[category])
    del doc["changes"]
    frozen = copy.deepcopy(doc)
    once = validate_record(doc)
    assert doc == frozen
    assert validate_record(once) == once
    assert once is not doc


def test_output_is_plain_json():
    out = validate_record(dict(BASE["preference"], times_updated=2.0))
    assert json.loads(json.dumps(out)) == out
    assert out["times_updated"] == 2 and isinstance(out["times_updated"], int)
    assert isinstance(out["content"]["examples"], dict)


# --------------------------------------------------------------------------- problems


def test_one_problem_per_error_with_dotted_paths():
    doc = copy.deepcopy(BASE["decision"])
    doc["title"] = "x" * 121
    doc["confidence"] = 3
    doc["content"]["status"] = "maybe"
    doc["content"]["alternatives"] = [{"option": "a"}]
    doc["content"]["rationale"] = []
    doc["notes"] = "hi"
    assert sorted(fields_of(doc)) == sorted([
        "title", "confidence", "content.status", "content.alternatives.0.rejected_reason", "content.rationale", "notes",
    ])


@pytest.mark.parametrize("mutate,field,expected_part,fix_part", [
    (lambda d: d.__setitem__("id", "My Great_Idea"), "id", "slug", "'my-great-idea'"),
    (lambda d: d.__setitem__("created_at", "2026-05-01T12:00:00+02:00"), "created_at", "RFC 3339", "'2026-05-01T10:00:00Z'"),
    (lambda d: d.__setitem__("updated_at", "last tuesday"), "updated_at", "RFC 3339", "2026-05-01T10:00:00Z"),
    (lambda d: d.__setitem__("title", "x" * 130), "title", "120", "shorten"),
    (lambda d: d.__setitem__("tags", [f"t{i}" for i in range(13)]), "tags", "at most 12", "12 most useful"),
    (lambda d: d.__setitem__("tags", ["a", "b", "a"]), "tags", "unique", "repeated: a"),
    (lambda d: d.__setitem__("tags", ["Two Words"]), "tags.0", "lowercase", "without spaces"),
    (lambda d: d.__setitem__("tags", []), "tags", "at least 1", "add at least 1"),
    (lambda d: d.__setitem__("confidence", 1.5), "confidence", "0 to 1", "between 0.0"),
    (lambda d: d.__setitem__("confidence", "high"), "confidence", "a number", "as a number"),
    (lambda d: d.__setitem__("schema_version", "2"), "schema_version", "'1.0'", '"1.0"'),
    (lambda d: d.__setitem__("record_status", "deleted"), "record_status", "'retired'", "--action"),
    (lambda d: d["content"].__setitem__("status", "retired"), "content.status", "'accepted'", "record_status"),
    (lambda d: d["content"].__setitem__("colour", "red"), "content.colour", "no such field", "rationale"),
    (lambda d: d.__setitem__("changes", [{"date": TS, "summary": "x", "who": "me"}] ), "changes.0.who", "no such field", "old_value"),
    (lambda d: d["content"].pop("context"), "content.context", "required", "add content.context"),
    (lambda d: d.pop("created_at"), "created_at", "required", "2026-05-01T10:00:00Z"),
    (lambda d: d.__setitem__("changes", [{"date": TS, "summary": "s"}] * 51), "changes", "at most 50", "oldest"),
    (lambda d: d.__setitem__("content", []), "content", "object", "object"),
    (lambda d: d["content"]["consequences"].append(""), "content.consequences.2", "non-empty", "remove the empty entry from content.consequences"),
    (lambda d: d.__setitem__("title", ""), "title", "non-empty", "write the text of title"),
])
def test_problem_says_what_and_how_to_fix(mutate, field, expected_part, fix_part):
    doc = copy.deepcopy(BASE["decision"])
    mutate(doc)
    problems = problems_of(doc)
    assert len(problems) == 1, problems
    (p,) = problems
    assert p.field == field
    assert expected_part in p.expected or expected_part in p.got
    assert fix_part in p.fix


@pytest.mark.parametrize("tag", [
    "größe", "übertragung", "テスト", "数据库", "데이터베이스", "हिंदी", "ภาษาไทย", "юникод", "σοφία",
    "برنامه\u200cنویسی", "gro\u0308sse", "i\u0307stanbul", "c++-größe", "テスト/ci", "ü" * 40, "〇",
])
def test_tags_in_any_script_are_valid(tag):
    doc = dict(copy.deepcopy(BASE["decision"]), tags=[tag, "db"])
    assert validate_record(doc)["tags"] == [tag, "db"]


@pytest.mark.parametrize("tag,fix_part", [
    ("Größe", "use 'größe'"),  # ASCII capital: the pattern refuses it
    ("Über", "use 'über'"),  # non-ASCII capital: the model's own check
    ("ΣΟΦΊΑ", "use 'σοφία'"),
    ("ДАННЫЕ Базы", "use 'данные-базы'"),
    ("a😀", "remove '😀'"),
    ("ü—ö", "remove '—'"),
    ("ü\u200bö", "remove '\\u200b'"),  # invisible
    ("a\u200cb", "remove '\\u200c'"),  # a joiner only inside a non-ASCII word
    ("ü½", "remove '½'"),
    ("ü" * 41, "lowercase keyword without spaces"),
])
def test_a_bad_non_ascii_tag_says_what_and_how_to_fix(tag, fix_part):
    doc = dict(copy.deepcopy(BASE["decision"]), tags=[tag])
    (p,) = problems_of(doc)
    assert p.field == "tags.0" and "letters (of any script)" in p.expected
    assert fix_part in p.fix, p.fix


def test_got_is_short():
    doc = dict(BASE["decision"], title="y" * 5000)
    (p,) = problems_of(doc)
    assert p.got == "5000 characters"
    doc = dict(BASE["decision"], id="Z" * 5000)
    (p,) = problems_of(doc)
    assert len(p.got) <= 60


@pytest.mark.parametrize("status,present,expected_fields", [
    ("retired", [], ["retired_at"]),  # retired_reason is optional
    ("retired", ["retired_at", "retired_reason", "archived_at"], ["archived_at"]),
    ("archived", ["archived_reason", "retired_at"], ["archived_at", "retired_at"]),
    ("active", ["retired_reason", "archived_at"], ["retired_reason", "archived_at"]),
])
def test_lifecycle_problems_name_each_field(status, present, expected_fields):
    values = {"retired_at": TS, "retired_reason": "r", "archived_at": TS, "archived_reason": "a"}
    doc = dict(BASE["constraint"], record_status=status, **{f: values[f] for f in present})
    problems = problems_of(doc)
    assert [p.field for p in problems] == expected_fields
    assert all("--action" in p.fix for p in problems)


def test_category_argument_must_match():
    doc = BASE["runbook"]
    problems = problems_of(doc, category="decision")
    assert [p.field for p in problems] == ["category"]
    assert "'decision'" in problems[0].expected and "runbook" in problems[0].fix
    assert validate_record(doc, category="runbook")["id"] == doc["id"]


def test_category_mismatch_reported_with_other_problems_and_not_twice():
    doc = dict(BASE["runbook"], category="notes", title="")
    assert sorted(fields_of(doc, category="runbook")) == ["category", "title"]


def test_missing_category_validates_the_envelope():
    doc = {k: v for k, v in BASE["runbook"].items() if k != "category"}
    doc["tags"] = []
    assert sorted(fields_of(doc)) == ["category", "tags"]


@pytest.mark.parametrize("value", [[], "text", 3, None])
def test_not_an_object(value):
    (p,) = problems_of(value)
    assert p.field == "(document)"


def test_error_renders_for_humans_and_machines():
    doc = dict(BASE["decision"], id="Bad Id")
    err = refused("VALIDATION_ERROR", validate_record, doc)
    text = err.render()
    first, *middle, last = text.splitlines()
    assert first.startswith("VALIDATION_ERROR: 1 problem in the decision memory")
    assert middle == ["  - id: expected a slug: 1-80 lowercase letters, digits and hyphens, not starting or ending "
                      "with a hyphen; got \"Bad Id\". Fix: use 'bad-id' (the id is also the file name)"]
    assert json.loads(last)["problems"][0]["field"] == "id"


# --------------------------------------------------------------------------- files


def _write(tmp_path: Path, data: bytes, name: str = "x.json") -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


def test_load_record_reads_and_validates(tmp_path):
    doc = BASE["tech_debt"]
    p = _write(tmp_path, json.dumps(doc).encode(), f"{doc['id']}.json")
    assert load_record(p) == doc
    assert load_record(p, category="tech_debt", expected_id=doc["id"]) == doc


def test_load_record_id_must_equal_file_name(tmp_path):
    doc = BASE["tech_debt"]
    p = _write(tmp_path, json.dumps(doc).encode(), "other-name.json")
    err = refused("VALIDATION_ERROR", load_record, p, expected_id="other-name")
    assert [x.field for x in err.problems] == ["id"]
    bad = dict(doc, title="")
    p.write_text(json.dumps(bad))
    err = refused("VALIDATION_ERROR", load_record, p, expected_id="other-name")
    assert [x.field for x in err.problems] == ["id", "title"]


def test_load_record_with_bom(tmp_path):
    p = _write(tmp_path, b"\xef\xbb\xbf" + json.dumps(BASE["decision"]).encode())
    assert load_record(p)["id"] == BASE["decision"]["id"]


@pytest.mark.parametrize("data,code,got_part", [
    (b"{", "VALIDATION_ERROR", "line 1"),
    (b'{"a": 1,\n "b": }', "VALIDATION_ERROR", "line 2"),
    (b"\xff\xfe{}", "VALIDATION_ERROR", "offset 0"),
    (b'{"id": "a", "id": "b"}', "VALIDATION_ERROR", "'id' appears twice"),
    (b'{"confidence": NaN}', "VALIDATION_ERROR", "NaN"),
    (b'{"confidence": -Infinity}', "VALIDATION_ERROR", "-Infinity"),
    (b"", "VALIDATION_ERROR", "line 1"),
    (b"[]", "VALIDATION_ERROR", "list"),
])
def test_load_record_rejects_bad_files(tmp_path, data, code, got_part):
    p = _write(tmp_path, data)
    assert got_part in refused(code, load_record, p).problems[0].got


def test_load_record_size_cap(tmp_path):
    doc = dict(BASE["decision"])
    small = json.dumps(doc)
    p = _write(tmp_path, (small + " " * (MAX_FILE_BYTES - len(small))).encode())
    assert load_record(p)["id"] == doc["id"]  # exactly at the cap is fine
    p.write_bytes((small + " " * (MAX_FILE_BYTES - len(small) + 1)).encode())
    err = refused("VALIDATION_ERROR", load_record, p)
    assert err.problems[0].field == "(file)"


def test_unreadable_file_is_io_error(tmp_path):
    refused("IO_ERROR", load_record, tmp_path / "missing.json")
    refused("IO_ERROR", read_json_file, tmp_path)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads anything")
def test_permission_denied_is_io_error(tmp_path):
    p = _write(tmp_path, b"{}")
    p.chmod(0)
    try:
        refused("IO_ERROR", load_record, p)
    finally:
        p.chmod(0o600)


# --------------------------------------------------------------------------- dump


def test_dump_record_format():
    doc = dict(BASE["preference"], title="Préférer les tirets — “typographie”")
    text = dump_record(validate_record(doc))
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert "Préférer les tirets — “typographie”" in text
    assert text.startswith('{\n  "schema_version": "1.0",\n  "category": "preference",\n')
    assert json.loads(text) == validate_record(doc)


def test_dump_record_refuses_nan():
    with pytest.raises(ValueError):
        dump_record({"confidence": float("nan")})


def test_a_category_unlike_its_folders_is_a_move_for_a_file_and_a_choice_for_a_draft(tmp_path):
    """A file read from a folder (``path`` given): move it to its own category's folder. A draft being
    written with another ``--category``: set the category, or write it to the draft's category."""
    from claude_memory.core.errors import MemoryStoreError
    from claude_memory.store import validation
    from store_helpers import make_doc

    doc = make_doc("runbook", id="rollback")
    folder = tmp_path / ".claude" / "memory" / "decisions"
    with pytest.raises(MemoryStoreError) as err:
        validate_record(doc, category="decision", path=folder / "rollback.json")
    [p] = err.value.problems
    assert p.field == "category" and p.fix == validation.misplaced_fix(folder / "rollback.json", "runbook")
    assert f"move it to {tmp_path / '.claude' / 'memory' / 'runbooks' / 'rollback.json'}" in p.fix
    with pytest.raises(MemoryStoreError) as err:
        validate_record(doc, category="decision")
    assert err.value.problems[0].fix.startswith("set \"category\" to 'decision', or write the memory to the "
                                                "'runbook' category")
