"""The change log's FIFO cap is the store's to apply: a memory whose ``changes`` is full stays updatable.

Issue 14 §1: a draft holding the 50 stored entries plus a new one used to be refused
(``at most 50 items``) before the merge trimmed the list, so a memory froze after a few
dozen updates.
"""

from __future__ import annotations

import json

import pytest

from claude_memory.cli import memory_write
from claude_memory.store.models import MAX_CHANGES
from claude_memory.store.validation import validate_draft, validate_record
from store_helpers import make_doc, md5, refused, write_json

TS = "2026-05-01T10:00:00Z"


def _entries(n: int, start: int = 0) -> list[dict]:
    return [{"date": TS, "summary": f"change {i}"} for i in range(start, start + n)]


def _write(argv: list[str], capsys) -> dict:
    code = memory_write.main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_two_hundred_updates_through_the_writer_all_succeed(project, memory_root, capsys):
    root = str(memory_root)
    made = _write(["--root", root, "--action", "create", "--category", "decision",
                   "--input", str(write_json(project / "d.json", make_doc()))], capsys)
    path, digest = made["path"], made["hash"]
    for n in range(200):
        doc = json.loads(open(path, encoding="utf-8").read())
        doc["changes"].append({"date": TS, "summary": f"update {n}"})
        draft = write_json(project / "u.json", doc)
        out = _write(["--root", root, "--action", "update", "--target", path, "--input", str(draft),
                      "--hash", digest], capsys)
        digest = out["hash"]
    stored = json.loads(open(path, encoding="utf-8").read())
    assert stored["times_updated"] == 200
    assert [c["summary"] for c in stored["changes"]] == [f"update {n}" for n in range(150, 200)]
    assert digest == md5(memory_root / "decisions" / "use-postgres.json")


def test_a_full_change_log_is_updated_by_the_real_script(run_script, project, memory_root):
    full = write_json(project / "full.json", make_doc(changes=_entries(MAX_CHANGES)))
    run_script("memory_write.py", "--action", "create", "--category", "decision", "--input", str(full), check=True)
    path = memory_root / "decisions" / "use-postgres.json"
    doc = json.loads(path.read_text())
    assert len(doc["changes"]) == MAX_CHANGES
    doc["changes"].append({"date": TS, "summary": "the 51st"})
    run_script("memory_write.py", "--action", "update", "--target", str(path),
               "--input", str(write_json(project / "u.json", doc)), "--hash", md5(path), check=True)
    summaries = [c["summary"] for c in json.loads(path.read_text())["changes"]]
    assert summaries == [f"change {i}" for i in range(1, MAX_CHANGES)] + ["the 51st"]


def test_create_keeps_the_newest_entries(project, memory_root, capsys):
    draft = write_json(project / "d.json", make_doc(changes=_entries(MAX_CHANGES + 10)))
    out = _write(["--root", str(memory_root), "--action", "create", "--category", "decision", "--input", str(draft)],
                 capsys)
    stored = json.loads(open(out["path"], encoding="utf-8").read())
    assert [c["summary"] for c in stored["changes"]] == [f"change {i}" for i in range(10, MAX_CHANGES + 10)]


def test_validate_draft_accepts_a_long_log_and_keeps_every_entry():
    doc = make_doc(changes=_entries(MAX_CHANGES + 7))
    out = validate_draft(doc)
    assert [c["summary"] for c in out["changes"]] == [c["summary"] for c in doc["changes"]]
    refused("VALIDATION_ERROR", validate_record, doc)  # a stored file is still held to the cap


@pytest.mark.parametrize("bad_at", [2, MAX_CHANGES + 5])
def test_validate_draft_still_checks_every_entry_and_numbers_it_in_the_whole_draft(bad_at):
    changes = _entries(MAX_CHANGES + 7)
    changes[bad_at] = {"date": "yesterday", "summary": "x"}
    err = refused("VALIDATION_ERROR", validate_draft, make_doc(changes=changes))
    assert [p.field for p in err.problems] == [f"changes.{bad_at}.date"]


def test_a_short_draft_is_checked_exactly_as_a_record():
    doc = make_doc(changes=_entries(3))
    assert validate_draft(doc) == validate_record(doc)
