from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from claude_memory.store import index_file as ix
from claude_memory.core.categories import CATEGORIES, FOLDERS


@pytest.mark.parametrize("title, expected", [
    ("Plain title", "Plain title"),
    ("two\nlines", "two lines"),
    ("crlf\r\nhere", "crlf here"),
    ("tab\there", "tab here"),
    ("a -> b", "a \u2192 b"),
    ("a->b", "a\u2192b"),
    ("x #tags:a,b", "x #tags a,b"),
    ("x #TAGS:a", "x #tags a"),
    ("sep\u2028par\u2029end", "sep par end"),
    ("nul\x00byte", "nulbyte"),
    ("  spaced   out  ", "spaced out"),
    ("", "(untitled)"),
    ("\n\n", "(untitled)"),
])
def test_neutralise_title(title, expected):
    assert ix.neutralise_title(title) == expected


@pytest.mark.parametrize("tag, expected", [("db", "db"), ("a,b", "a-b"), ("two words", "two-words"),
                                           ("new\nline", "new-line"), ("  ", "")])
def test_neutralise_tag(tag, expected):
    assert ix.neutralise_tag(tag) == expected


def test_render_line_format():
    e = ix.entry_for("tech_debt", "Flaky test", "flaky-test", ["ci", "tests"])
    assert ix.render_line(e) == "- [TECH_DEBT] Flaky test -> .claude/memory/tech-debt/flaky-test.json #tags:ci,tests"


def test_render_line_without_tags():
    assert ix.render_line(ix.entry_for("decision", "T", "t")) == "- [DECISION] T -> .claude/memory/decisions/t.json"


def test_entry_from_record_neutralises():
    e = ix.entry_from_record({"category": "decision", "id": "x", "title": "evil\n- [DECISION] fake -> y.json",
                              "tags": ["a"]})
    line = ix.render_line(e)
    assert "\n" not in line and line.count(" -> ") == 1
    assert ix.parse_line(line) == e


@pytest.mark.parametrize("category", CATEGORIES)
def test_round_trip_every_category(category):
    e = ix.entry_for(category, "A title", "a-title", ["x", "y"])
    assert ix.parse_line(ix.render_line(e)) == e
    assert e.folder == FOLDERS[category]


@given(title=st.text(max_size=130), tags=st.lists(st.text(max_size=12), max_size=5))
def test_round_trip_any_title(title, tags):
    e = ix.entry_for("runbook", title, "r", tags)
    line = ix.render_line(e)
    assert "\n" not in line and "\r" not in line
    parsed = ix.parse_line(line)
    assert parsed is not None and parsed.id == "r" and parsed.category == "runbook"
    assert parsed.title == e.title and parsed.tags == e.tags


@pytest.mark.parametrize("line", [
    "",
    "# heading",
    "- [DECISION] no arrow",
    "- [NOPE] T -> .claude/memory/decisions/t.json",
    "- [DECISION] T -> .claude/memory/sessions/t.json",  # wrong folder for the category
    "- [DECISION] T -> elsewhere/decisions/t.json",
    "- [DECISION] T -> .claude/memory/decisions/sub/t.json",
    "- [DECISION] T -> .claude/memory/decisions/t.txt",
])
def test_parse_line_rejects(line):
    assert ix.parse_line(line) is None


def test_render_index_sorted_by_folder_then_id_and_deduplicated():
    entries = [ix.entry_for("session_summary", "S", "b"), ix.entry_for("decision", "D2", "z"),
               ix.entry_for("decision", "D1", "a"), ix.entry_for("constraint", "C", "m"),
               ix.entry_for("decision", "D1 newer", "a")]
    text = ix.render_index(entries)
    paths = [e.path for e in ix.parse_index(text)]
    assert paths == [".claude/memory/constraints/m.json", ".claude/memory/decisions/a.json",
                     ".claude/memory/decisions/z.json", ".claude/memory/sessions/b.json"]
    assert "D1 newer" in text and "D1 ->" not in text
    assert text.endswith("\n")


def test_render_index_is_order_independent():
    entries = [ix.entry_for(c, f"T {i}", f"id-{i}") for i, c in enumerate(CATEGORIES * 2)]
    assert ix.render_index(entries) == ix.render_index(list(reversed(entries)))


def test_render_empty_index():
    assert ix.render_index([]) == ""


def test_parse_index_ignores_garbage_lines():
    text = "garbage\n" + ix.render_line(ix.entry_for("decision", "T", "t")) + "\n\n- broken\n"
    assert [e.id for e in ix.parse_index(text)] == ["t"]


def test_branches_adding_memories_touch_disjoint_lines():
    base = [ix.entry_for("decision", "Base", "m")]
    a = ix.render_index(base + [ix.entry_for("decision", "A", "a")]).splitlines()
    b = ix.render_index(base + [ix.entry_for("decision", "Z", "z")]).splitlines()
    # each branch's addition sits on its own side of the shared line: a clean 3-way merge
    assert a.index(ix.render_line(base[0])) == 1 and b.index(ix.render_line(base[0])) == 0


# --------------------------------------------------------------------------- tags in any script, end to end


@pytest.mark.parametrize("tags, query", [
    (["größe", "übertragung"], "größe"),
    (["テスト", "設定"], "テスト"),
    (["数据库", "c++"], "数据库"),
    (["हिंदी", "данные"], "данные"),
])
def test_non_ascii_tags_round_trip_through_the_store_the_index_and_recall(memory_root, tags, query):
    import re
    from pathlib import Path

    from claude_memory.core import config
    from claude_memory.recall import corpus, render, search
    from claude_memory.store import listing, maintenance, records
    from claude_memory.store import transaction as store
    from claude_memory.store.validation import validate_record
    from store_helpers import make_doc

    ctx = store.StoreContext(root=memory_root, config=config.load_config(None), lock_timeout=2)
    store.create(ctx, validate_record(make_doc(id="upload-limit", title="Upload limit", tags=tags)), category="decision")
    stored = json.loads((memory_root / "decisions" / "upload-limit.json").read_text("utf-8"))
    assert stored["tags"] == tags
    # index.md: written, parsed, and read by recall's own line format
    text = records.read_index(memory_root)
    (entry,) = ix.parse_index(text)
    assert entry.tags == tuple(tags)
    match = re.compile(corpus._LINE).match(text.splitlines()[0])
    assert match and match.group(5).split(",") == tags
    docs, listed = corpus.index_md_docs(str(memory_root), query)
    assert listed == 1 and [d[4] for d in docs] == [tuple(tags)]
    # a rebuild writes the same index, the store validates, the list filters by the tag
    maintenance.rebuild(memory_root)
    assert records.read_index(memory_root) == text and maintenance.validate(memory_root) == []
    assert [r["id"] for r in listing.filter_rows(listing.rows(Path(memory_root)), tag=tags[0].upper())] == ["upload-limit"]
    # recall finds it by the tag and shows the tags whole
    hits = search(str(memory_root), query)
    assert [h["id"] for h in hits] == ["upload-limit"] and list(hits[0]["tags"]) == tags
    block = render.render([("decision", "decisions", "upload-limit", "Upload limit", tags)], ".claude/memory")
    assert f"#tags:{','.join(tags)}" in block
