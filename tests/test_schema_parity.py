"""The JSON Schemas in assets/schemas/ and the Pydantic models accept and reject the same documents.

Three judges: ``<category>.schema.json`` (chosen by the document's category, else
``common.schema.json``), ``memory.schema.json`` (any category) and
:func:`claude_memory.store.validation.validate_record`.

Every document of the dev eval set must be accepted by both; hundreds of hand-made
mutations (wrong types, bounds, unknown and missing fields, lifecycle invariants,
patterns, enums) must get the same verdict from both, and for most of them we also
know which verdict is right. One rule only the model can check: what a tag's non-ASCII
characters may be (letters of any script, lowercase: a pattern cannot name Unicode's
classes); there the schema accepts every tag the model accepts, and the tags it accepts
beyond are pinned (``TAGS_MODEL_ONLY``).
"""

from __future__ import annotations

import copy
import json
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from claude_memory.core.categories import CATEGORIES
from claude_memory.core.errors import MemoryStoreError
from claude_memory.store.models import (
    CONTENT_MODELS,
    ID_PATTERN,
    MAX_CHANGES,
    MAX_TAGS,
    MAX_TITLE,
    TAG_PATTERN,
    TIMESTAMP_PATTERN,
)
from claude_memory.store.validation import validate_record
from locations import REPO, eval_docs, needs_eval, sample_docs

SCHEMAS = REPO / "assets" / "schemas"
TS = "2026-05-01T10:00:00Z"


# --------------------------------------------------------------------------- the two judges


def _load_schemas() -> dict[str, Draft202012Validator]:
    docs = {p.name.removesuffix(".schema.json"): json.loads(p.read_text("utf-8")) for p in SCHEMAS.glob("*.schema.json")}
    registry = Registry().with_resources((d["$id"], Resource.from_contents(d)) for d in docs.values())
    for d in docs.values():
        Draft202012Validator.check_schema(d)
    return {name: Draft202012Validator(d, registry=registry) for name, d in docs.items()}


VALIDATORS = _load_schemas()


def json_schema_accepts(doc: Any) -> bool:
    category = doc.get("category") if isinstance(doc, dict) else None
    key = category if isinstance(category, str) and category in CATEGORIES else "common"
    return VALIDATORS[key].is_valid(doc)


def pydantic_accepts(doc: Any) -> bool:
    try:
        validate_record(doc)
    except MemoryStoreError as exc:
        assert exc.code == "VALIDATION_ERROR" and exc.problems
        return False
    return True


def verdicts(doc: Any) -> tuple[bool, bool]:
    """(JSON Schema, Pydantic). The per-category schema and memory.schema.json must agree first."""
    per_category = json_schema_accepts(doc)
    assert VALIDATORS["memory"].is_valid(doc) == per_category, "memory.schema.json disagrees with the category schema"
    return per_category, pydantic_accepts(doc)


# --------------------------------------------------------------------------- corpus: the dev eval set


#: the in-repo sample store (one memory per category), then the dev evaluation set when present
EVAL_DOCS = {f"sample/{d['id']}": d for d in sample_docs().values()} | eval_docs()


def test_schema_files_exist_for_every_category():
    assert set(VALIDATORS) == {"common", "memory", *CATEGORIES}


def test_sample_store_covers_every_category():
    assert set(sample_docs()) == set(CATEGORIES)


@needs_eval
def test_eval_set_is_present():
    docs = eval_docs()
    assert len(docs) >= 60, "the dev eval set should be checked out next to the repo"
    assert {d["category"] for d in docs.values()} == set(CATEGORIES)


@pytest.mark.parametrize("name", sorted(EVAL_DOCS))
def test_eval_memory_valid_in_both(name):
    assert verdicts(EVAL_DOCS[name]) == (True, True)


def test_patterns_are_the_same_text_in_both():
    common = json.loads((SCHEMAS / "common.schema.json").read_text("utf-8"))
    assert common["$defs"]["slug"]["pattern"] == ID_PATTERN
    assert common["$defs"]["tag"]["pattern"] == TAG_PATTERN
    assert common["$defs"]["timestamp"]["pattern"] == TIMESTAMP_PATTERN
    assert common["properties"]["title"]["maxLength"] == MAX_TITLE
    assert common["properties"]["tags"]["maxItems"] == MAX_TAGS
    assert common["properties"]["changes"]["maxItems"] == MAX_CHANGES


@pytest.mark.parametrize("category", CATEGORIES)
def test_content_fields_are_the_same_in_both(category):
    schema = json.loads((SCHEMAS / f"{category}.schema.json").read_text("utf-8"))
    content = schema["$defs"]["content"]
    model = CONTENT_MODELS[category]
    assert list(content["properties"]) == list(model.model_fields)
    assert sorted(content["required"]) == sorted(n for n, f in model.model_fields.items() if f.is_required())


# --------------------------------------------------------------------------- corpus: mutations


#: One valid document per category: the in-repo sample store's.
BASES = sample_docs()
WRONG_TYPES = [None, 0, 1, 2.5, True, False, "", "x", [], ["x"], {}, {"a": 1}]

SLUGS = {
    "a": True, "a1": True, "ab-cd": True, "a--b": True, "0": True, "x" * 80: True,
    "x" * 81: False, "": False, "-a": False, "a-": False, "A": False, "a_b": False, "a b": False,
    "a.b": False, "ab\n": False, "\nab": False, "é": False, "a/b": False,
}
TIMESTAMPS = {
    TS: True, "2024-02-29T00:00:00Z": True, "2000-02-29T23:59:59Z": True, "2026-12-31T23:59:59Z": True,
    "1000-01-01T00:00:00Z": True, "9999-12-31T23:59:59Z": True,
    "2026-02-29T00:00:00Z": False, "1900-02-29T00:00:00Z": False, "2026-02-30T00:00:00Z": False,
    "2026-04-31T00:00:00Z": False, "2026-13-01T00:00:00Z": False, "2026-00-10T00:00:00Z": False,
    "2026-05-00T00:00:00Z": False, "2026-05-01T24:00:00Z": False, "2026-05-01T10:60:00Z": False,
    "2026-05-01T10:00:60Z": False, "2026-05-01T10:00:00": False, "2026-05-01T10:00:00+00:00": False,
    "2026-05-01T10:00:00+02:00": False, "2026-05-01T10:00:00.123Z": False, "2026-05-01t10:00:00z": False,
    "2026-05-01 10:00:00Z": False, "2026-05-01": False, "0999-01-01T00:00:00Z": False,
    f"{TS}\n": False, f" {TS}": False, "": False, "yesterday": False,
}
TAGS = {
    "python": True, "c++": True, "ci/cd": True, "node.js": True, "c#": True, "a_b": True, "x" * 40: True,
    "x" * 41: False, "Python": False, "two words": False, "a,b": False, "": False, "-a": False,
    "a\n": False,
    # letters of any script, lowercase where the script has case
    "é": True, "größe": True, "übertragung": True, "テスト": True, "数据库": True, "데이터": True, "हिंदी": True,
    "ภาษาไทย": True, "юникод": True, "c++-größe": True, "x" + "ü" * 39: True, "ü" * 41: False, "Größe": False,
    "_ü": False, "ü ö": False, "ü,ö": False, "ü\n": False, "\u0308a": False, "ü\u3000ö": False, "ü\u00a0ö": False,
}
#: Non-ASCII tags only the model can refuse: a JSON Schema pattern (Python's ``re``) cannot name
#: Unicode's letter classes or say "lowercase" beyond ASCII, so the schema accepts them (it never
#: refuses a tag the model accepts; see test_every_tag_the_model_accepts_the_schema_accepts).
TAGS_MODEL_ONLY = ("Über", "ünïcödÉ", "σοφΊα", "ΑΒΓ", "ДАННЫЕ", "ǅ", "a😀", "ü—ö", "ü\u200bö", "ü\u202eö", "a½")


def _mutations() -> Iterator[tuple[str, Any, bool | None]]:
    """(name, document, expected verdict or None when only parity matters)."""
    for category, base in BASES.items():
        c = category

        def mut(name: str, fn, expected: bool | None):
            doc = copy.deepcopy(base)
            fn(doc)  # mutates in place
            return (f"{c}:{name}", doc, expected)

        yield mut("unchanged", lambda d: None, True)
        # envelope: every field missing, every field of every wrong type, an unknown field
        required = {"schema_version", "category", "id", "title", "created_at", "updated_at", "tags", "confidence", "content"}
        for key in list(base):
            yield mut(f"missing {key}", lambda d, k=key: d.pop(k), key not in required)
            for i, bad in enumerate(WRONG_TYPES):
                yield mut(f"{key} wrong type {i}", lambda d, k=key, v=bad: d.__setitem__(k, copy.deepcopy(v)), None)
        yield mut("unknown envelope field", lambda d: d.__setitem__("notes", "x"), False)
        yield mut("legacy file (no lifecycle, no change log)",
                  lambda d: [d.pop(k) for k in ("record_status", "changes", "times_updated", "related_files")], True)
        # content: every field missing, every wrong type, unknown field
        for key in list(base["content"]):
            yield mut(f"content missing {key}", lambda d, k=key: d["content"].pop(k), None)
            for i, bad in enumerate(WRONG_TYPES):
                yield mut(f"content.{key} wrong type {i}",
                          lambda d, k=key, v=bad: d["content"].__setitem__(k, copy.deepcopy(v)), None)
            if isinstance(base["content"][key], list):
                yield mut(f"content.{key} empty string item", lambda d, k=key: d["content"][k].append(""), False)
                yield mut(f"content.{key} number item", lambda d, k=key: d["content"][k].append(3), False)
        yield mut("unknown content field", lambda d: d["content"].__setitem__("notes", "x"), False)
        yield mut("content empty", lambda d: d.__setitem__("content", {}), False)
        # content of another category
        for other in CATEGORIES:
            if other != category:
                yield mut(f"content of {other}", lambda d, o=other: d.__setitem__("content", copy.deepcopy(BASES[o]["content"])), False)
        # enums: every enum field, a wrong value and every lifecycle value
        for key, value in base["content"].items():
            if key in ("status", "outcome", "kind", "severity", "priority", "strength"):
                for bad in ("nonsense", "active", "retired", "archived", value.upper()):
                    yield mut(f"content.{key}={bad}", lambda d, k=key, v=bad: d["content"].__setitem__(k, v), False)
        # ids, timestamps, tags
        for slug, ok in SLUGS.items():
            yield mut(f"id={slug!r}", lambda d, s=slug: d.__setitem__("id", s), ok)
        for ts, ok in TIMESTAMPS.items():
            for key in ("created_at", "updated_at"):
                yield mut(f"{key}={ts!r}", lambda d, k=key, t=ts: d.__setitem__(k, t), ok)
        for tag, ok in TAGS.items():
            yield mut(f"tag={tag!r}", lambda d, t=tag: d.__setitem__("tags", [t]), ok)
        yield mut("no tags", lambda d: d.__setitem__("tags", []), False)
        yield mut("12 tags", lambda d: d.__setitem__("tags", [f"t{i}" for i in range(12)]), True)
        yield mut("13 tags", lambda d: d.__setitem__("tags", [f"t{i}" for i in range(13)]), False)
        yield mut("repeated tag", lambda d: d.__setitem__("tags", ["a", "b", "a"]), False)
        # title
        yield mut("title 120", lambda d: d.__setitem__("title", "t" * 120), True)
        yield mut("title 121", lambda d: d.__setitem__("title", "t" * 121), False)
        yield mut("title 120 emoji", lambda d: d.__setitem__("title", "\U0001F600" * 120), True)
        yield mut("title empty", lambda d: d.__setitem__("title", ""), False)
        # numbers
        for value, ok in ((0, True), (1, True), (0.0, True), (1.0, True), (0.5, True), (-0.01, False),
                          (1.01, False), (-1, False), (2, False), ("0.5", False), (True, False), (None, False),
                          (-0.0, True), (1e-320, True), (10**400, False)):
            yield mut(f"confidence={value!r}", lambda d, v=value: d.__setitem__("confidence", v), ok)
        for value, ok in ((0, True), (7, True), (3.0, True), (2.5, False), (-1, False), ("1", False), (True, False),
                          (-0.0, True), (10**30, True), (1e300, True)):
            yield mut(f"times_updated={value!r}", lambda d, v=value: d.__setitem__("times_updated", v), ok)
        yield mut("schema_version 1.0 number", lambda d: d.__setitem__("schema_version", 1.0), False)
        yield mut("schema_version 2.0", lambda d: d.__setitem__("schema_version", "2.0"), False)
        yield mut("category unknown", lambda d: d.__setitem__("category", "note"), False)
        yield mut("related_files empty item", lambda d: d.__setitem__("related_files", [""]), False)
        # change log
        entry = {"date": TS, "summary": "did a thing"}
        full = {"date": TS, "summary": "s", "field": "content.status", "old_value": "open", "new_value": "resolved"}
        for name, change, ok in (
            ("minimal", entry, True), ("full", full, True),
            ("structured values", dict(full, old_value=["a", {"b": None}], new_value=3.5), True),
            ("null optionals", dict(entry, field=None, old_value=None, new_value=None), True),
            ("summary 300", dict(entry, summary="s" * 300), True), ("summary 301", dict(entry, summary="s" * 301), False),
            ("no date", {"summary": "x"}, False), ("no summary", {"date": TS}, False),
            ("bad date", dict(entry, date="2026-05-01"), False), ("empty summary", dict(entry, summary=""), False),
            ("empty field", dict(entry, field=""), False), ("unknown key", dict(entry, who="me"), False),
            ("not an object", "changed", False),
        ):
            yield mut(f"change {name}", lambda d, ch=change: d.__setitem__("changes", [copy.deepcopy(ch)]), ok)
        yield mut("50 changes", lambda d: d.__setitem__("changes", [dict(entry)] * MAX_CHANGES), True)
        yield mut("51 changes", lambda d: d.__setitem__("changes", [dict(entry)] * (MAX_CHANGES + 1)), False)
        # lifecycle: every status with every subset of the four fields, set or null
        fields = ("retired_at", "retired_reason", "archived_at", "archived_reason")
        values = {"retired_at": TS, "retired_reason": "superseded", "archived_at": TS, "archived_reason": "old"}
        for status in ("active", "retired", "archived", None):
            for mask in range(16):
                present = [f for i, f in enumerate(fields) if mask & (1 << i)]
                allowed = {"active": set(), None: set(), "retired": set(fields[:2]), "archived": set(fields[2:])}[status]
                needed = {"active": set(), None: set(), "retired": {"retired_at"}, "archived": set(fields[2:])}[status]

                def apply(d, s=status, p=present):
                    if s is None:
                        d.pop("record_status", None)
                    else:
                        d["record_status"] = s
                    for f in p:
                        d[f] = values[f]

                yield mut(f"status={status} with {present}", apply, needed <= set(present) <= allowed)

                def apply_null(d, s=status, p=present):
                    apply(d, s, [])
                    for f in p:
                        d[f] = None

                yield mut(f"status={status} with null {present}", apply_null, status in ("active", None))
        yield mut("retired with bad timestamp",
                  lambda d: d.update(record_status="retired", retired_at="now", retired_reason="x"), False)
        yield mut("retired with empty reason",
                  lambda d: d.update(record_status="retired", retired_at=TS, retired_reason=""), False)
        yield mut("record_status deleted", lambda d: d.__setitem__("record_status", "deleted"), False)

    # category-specific content rules
    dec = BASES["decision"]
    yield ("decision: rationale empty", dict(dec, content=dict(dec["content"], rationale=[])), False)
    yield ("decision: alternatives item missing reason",
           dict(dec, content=dict(dec["content"], alternatives=[{"option": "x"}])), False)
    yield ("decision: alternatives item extra key",
           dict(dec, content=dict(dec["content"], alternatives=[{"option": "x", "rejected_reason": "y", "z": 1}])), False)
    yield ("decision: alternatives empty", dict(dec, content=dict(dec["content"], alternatives=[])), True)
    pref = BASES["preference"]
    yield ("preference: examples missing", dict(pref, content={k: v for k, v in pref["content"].items() if k != "examples"}), True)
    yield ("preference: examples extra key", dict(pref, content=dict(pref["content"], examples={"prefer": [], "maybe": []})), False)
    yield ("preference: examples empty", dict(pref, content=dict(pref["content"], examples={})), True)
    yield ("preference: examples list", dict(pref, content=dict(pref["content"], examples=[])), False)
    con = BASES["constraint"]
    yield ("constraint: active false", dict(con, content=dict(con["content"], active=False)), True)
    yield ("constraint: active string", dict(con, content=dict(con["content"], active="true")), False)
    # not an object at all
    for i, value in enumerate(([], "x", 1, None, [BASES["decision"]])):
        yield (f"document not an object {i}", value, False)


MUTATIONS = list(_mutations())


def test_mutation_corpus_is_large_and_mixed():
    assert len(MUTATIONS) > 1500
    expected = [e for _, _, e in MUTATIONS]
    assert expected.count(True) > 100 and expected.count(False) > 500


@pytest.mark.parametrize("name,doc,expected", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_mutation_parity(name, doc, expected):
    js, py = verdicts(doc)
    assert js == py, f"jsonschema says {js}, pydantic says {py}"
    if expected is not None:
        assert py is expected


@pytest.mark.parametrize("tag", TAGS_MODEL_ONLY)
def test_non_ascii_tag_rules_only_the_model_checks(tag):
    doc = copy.deepcopy(BASES["decision"])
    doc["tags"] = [tag]
    assert verdicts(doc) == (True, False)


def _tag_by_hand(tag: str) -> bool:
    """The tag rule, spelled out: 1-40 characters, equal to its own lower(); of ASCII only a-z 0-9
    . _ + # / -; other characters letters, marks, digits or letter-like numerals; first a letter or digit."""
    import unicodedata

    def kind(c: str) -> str:
        if c.isascii():
            return "w" if c in "abcdefghijklmnopqrstuvwxyz0123456789" else "p" if c in "._+#/-" else "x"
        cat = unicodedata.category(c)
        return "w" if cat[0] == "L" or cat in ("Nd", "Nl") else "m" if cat[0] == "M" else "x"

    kinds = [kind(c) for c in tag]
    return 1 <= len(tag) <= 40 and tag == tag.lower() and kinds[0] == "w" and "x" not in kinds


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=45), st.text(alphabet="aZ09._+#/- ,\n\u00e9\u00c9\u00df\u30c6\u0308\u3000\u00bd"
                                                        "\u0416\u0436\u0939\u093f", max_size=45)))
def test_every_tag_the_model_accepts_the_schema_accepts(tag):
    doc = copy.deepcopy(BASES["decision"])
    doc["tags"] = [tag]
    js, py = verdicts(doc)
    assert py is _tag_by_hand(tag), f"{tag!r}: pydantic {py}"
    assert js or not py, f"{tag!r}: the model accepts it, the schema does not"
    if tag.isascii():
        assert js == py, f"{tag!r}: jsonschema {js}, pydantic {py}"


# --------------------------------------------------------------------------- random replacements

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(-2, 2, allow_nan=False)
    | st.sampled_from(["", "x", "Active", "retired", "open", TS, "2026-02-29T00:00:00Z", "a-b", "A B", "t" * 121]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.sampled_from(["option", "date", "x", "prefer"]), children, max_size=3),
    max_leaves=8,
)


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, prefix + (i,))
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CATEGORIES), st.data(), JSON_VALUES)
def test_random_replacement_parity(category, data, value):
    doc = copy.deepcopy(BASES[category])
    path = data.draw(st.sampled_from(_paths(doc)))
    target = doc
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    js, py = verdicts(doc)
    assert js == py, f"{path} = {value!r}: jsonschema {js}, pydantic {py}"
