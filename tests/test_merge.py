from __future__ import annotations

import copy

import pytest

from claude_memory.store import merge
from store_helpers import make_doc, refused

NOW = "2026-06-01T12:00:00Z"
ENTRY = {"date": "2026-06-01T11:00:00Z", "summary": "clarified the context"}


def _draft(old: dict, **over) -> dict:
    d = copy.deepcopy(old)
    d["changes"] = [*old.get("changes", []), ENTRY]
    d.update(over)
    return d


def _merge(old, new, exists=lambda p: True, **kw):
    return merge.merge_update(old, new, now=NOW, path_exists=exists, **kw)


def test_limits_match_models():
    models = pytest.importorskip("claude_memory.store.models")
    assert (merge.DEFAULT_MAX_TAGS, merge.DEFAULT_MAX_CHANGES) == (models.MAX_TAGS, models.MAX_CHANGES)


@pytest.mark.parametrize("field, value", [("created_at", "2030-01-01T00:00:00Z"), ("schema_version", "2.0"),
                                          ("record_status", "retired")])
def test_immutable_fields_keep_stored_value(field, value):
    old = make_doc()
    result = _merge(old, _draft(old, **{field: value}))
    assert result.doc[field] == old[field]


def test_record_status_change_is_warned_about():
    old = make_doc()
    result = _merge(old, _draft(old, record_status="archived"))
    assert any("record_status ignored" in w for w in result.warnings)


def test_lifecycle_fields_in_draft_are_dropped():
    old = make_doc()
    result = _merge(old, _draft(old, retired_at=NOW, retired_reason="x"))
    assert "retired_at" not in result.doc and "retired_reason" not in result.doc


def test_category_change_refused():
    old = make_doc()
    err = refused("VALIDATION_ERROR", _merge, old, _draft(old, category="runbook"))
    assert err.problems[0].field == "category"


@pytest.mark.parametrize("status, hint", [("retired", "restore"), ("archived", "unarchive")])
def test_only_active_memories_are_updated(status, hint):
    old = make_doc(record_status=status)
    err = refused("LIFECYCLE_ERROR", _merge, old, _draft(old))
    assert hint in err.message


def test_id_is_the_stored_one():
    old = make_doc()
    assert _merge(old, _draft(old, id="something-else")).doc["id"] == old["id"]


def test_times_updated_and_updated_at():
    old = make_doc(times_updated=4)
    doc = _merge(old, _draft(old)).doc
    assert doc["times_updated"] == 5 and doc["updated_at"] == NOW


# ---- tags


@pytest.mark.parametrize("old_tags, new_tags, expected", [
    (["a", "b"], ["b", "c"], ["a", "b", "c"]),          # grow, nothing lost
    (["a", "b"], ["c"], ["a", "b", "c"]),               # draft dropped tags: kept anyway
    (["a", "b"], ["a", "b"], ["a", "b"]),
])
def test_tags_grow_only(old_tags, new_tags, expected):
    merged, log = merge.merge_tags(old_tags, new_tags, cap=12, now=NOW)
    assert merged == expected and log == []


def test_tags_evict_oldest_unmentioned_only_when_adding_at_cap():
    old = [f"t{i}" for i in range(12)]
    merged, log = merge.merge_tags(old, ["t0", "new1", "new2"], cap=12, now=NOW)
    assert len(merged) == 12
    assert "t0" in merged  # mentioned by the draft: kept although oldest
    assert "t1" not in merged and "t2" not in merged and {"new1", "new2"} <= set(merged)
    assert [e["old_value"] for e in log] == ["t1", "t2"]
    assert all(e["field"] == "tags" and "evicted" in e["summary"] for e in log)


def test_dropped_tags_kept_with_warning():
    old = make_doc(tags=["db", "storage"])
    result = _merge(old, _draft(old, tags=["db"]))
    assert result.doc["tags"] == ["db", "storage"] and "tags only grow: kept storage" in result.warnings


def test_tag_eviction_logged_in_changes():
    old = make_doc(tags=[f"t{i}" for i in range(12)])
    doc = _merge(old, _draft(old, tags=["fresh"])).doc
    assert doc["tags"][-1] == "fresh" and "t0" not in doc["tags"] and len(doc["tags"]) == 12
    assert any(c.get("field") == "tags" and c.get("old_value") == "t0" for c in doc["changes"])


# ---- related files


def test_related_files_grow_only_unless_gone():
    old = make_doc(related_files=["src/a.py", "src/gone.py", "src/b.py"])
    result = _merge(old, _draft(old, related_files=["src/c.py"]), exists=lambda p: p != "src/gone.py")
    assert result.doc["related_files"] == ["src/a.py", "src/b.py", "src/c.py"]
    assert any(c.get("old_value") == "src/gone.py" for c in result.doc["changes"])
    assert any("dropped src/gone.py" in w for w in result.warnings)
    assert any("only grow" in w for w in result.warnings)


def test_related_file_gone_but_still_listed_by_draft_is_kept():
    old = make_doc(related_files=["x.py"])
    doc = _merge(old, _draft(old, related_files=["x.py"]), exists=lambda p: False).doc
    assert doc["related_files"] == ["x.py"]


# ---- changes


def test_update_without_a_new_change_entry_is_refused():
    old = make_doc(changes=[ENTRY])
    draft = copy.deepcopy(old)
    err = refused("VALIDATION_ERROR", _merge, old, draft)
    assert err.problems[0].field == "changes"


def test_changes_append_only_even_when_draft_drops_old_entries():
    first = {"date": "2026-05-02T00:00:00Z", "summary": "first"}
    old = make_doc(changes=[first])
    draft = make_doc(changes=[ENTRY])  # the draft forgot the stored entry
    doc = _merge(old, draft).doc
    assert doc["changes"][:2] == [first, ENTRY]


def test_changes_fifo_at_cap():
    old = make_doc(changes=[{"date": NOW, "summary": f"c{i}"} for i in range(50)])
    doc = _merge(old, _draft(old)).doc
    assert len(doc["changes"]) == 50
    assert doc["changes"][0]["summary"] == "c1" and doc["changes"][-1] == ENTRY


def test_scalar_content_changes_recorded_with_old_and_new():
    old = make_doc()
    new = _draft(old)
    new["content"]["decision"] = "use mysql"
    new["content"]["status"] = "deprecated"
    doc = _merge(old, new).doc
    logged = {c["field"]: (c["old_value"], c["new_value"]) for c in doc["changes"] if "field" in c}
    assert logged["content.decision"] == ("use postgres", "use mysql")
    assert logged["content.status"] == ("accepted", "deprecated")


def test_nested_scalar_and_bool_changes():
    assert merge.scalar_changes({"a": {"b": 1}, "c": True}, {"a": {"b": 2}, "c": False}) == [
        ("content.a.b", 1, 2), ("content.c", True, False)]


def test_list_changes_are_not_scalar_changes():
    assert merge.scalar_changes({"l": [1]}, {"l": [1, 2]}) == []


def test_title_change_recorded():
    old = make_doc()
    doc = _merge(old, _draft(old, title="Use Postgres for all storage")).doc
    assert any(c.get("field") == "title" for c in doc["changes"])


def test_shrinking_lists_warned():
    old = make_doc("session_summary", "s", "S", content={"goal": "g", "outcome": "success",
                                                         "completed": ["a", "b", "c"], "next_actions": ["x"]})
    new = _draft(old)
    new["content"]["completed"] = ["a"]
    new["content"].pop("next_actions")
    warnings = _merge(old, new).warnings
    assert any("content.completed shrank from 3 to 1" in w for w in warnings)
    assert any("content.next_actions shrank from 1 to 0" in w for w in warnings)


def test_nested_list_shrink_warned():
    assert merge.shrunk_lists({"examples": {"prefer": ["a", "b"]}}, {"examples": {"prefer": ["a"]}}) == [
        ("content.examples.prefer", 2, 1)]


# ---- slug


@pytest.mark.parametrize("old, new, much", [
    ("Use Postgres for storage", "Use Postgres for storage", False),
    ("Use Postgres for storage", "Use Postgres for all storage", False),
    ("Use Postgres for storage", "Adopt SQLite everywhere now", True),
    ("Use Postgres for storage", "Use MySQL for caching", False),  # exactly half changed: not more than half
    ("Use Postgres for storage", "Use MySQL caching layer", True),  # 3 of 4 words changed
    ("a b c d", "a b c x", False),
    ("", "", False),
    # words of any script: a German, Japanese or Korean title that changed is seen as changed
    ("Übertragung der Daten", "Äußere Schnittstelle neu", True),
    ("Übertragung der Daten", "übertragung der daten", False),  # case of Ü is not a change
    ("データベース移行の手順", "認証トークンの更新", True),
    ("データベース移行の手順", "データベース移行の手順書", False),
    ("배포 절차", "인증 토큰 갱신", True),
])
def test_title_changed_much(old, new, much):
    assert merge.title_changed_much(old, new) is much


def test_proposed_slug():
    assert merge.proposed_slug("use-postgres", "Use Postgres", "Adopt SQLite instead") == "adopt-sqlite-instead"
    assert merge.proposed_slug("use-postgres", "Use Postgres", "Use Postgres!") is None
    assert merge.proposed_slug("x", "Old words here", "!!!") is None  # nothing sluggable: keep


def test_merge_result_proposes_new_id_and_leaves_inputs_untouched():
    old = make_doc()
    new = _draft(old, title="Adopt SQLite everywhere now")
    before_old, before_new = copy.deepcopy(old), copy.deepcopy(new)
    result = _merge(old, new)
    assert result.new_id == "adopt-sqlite-everywhere-now" and result.doc["id"] == "use-postgres"
    assert old == before_old and new == before_new
