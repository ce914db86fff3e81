"""memory_index.py --import: Claude Code auto memory, a Cline memory bank and plain Markdown
notes, built here as real files, imported through the writer; --dry-run writes nothing;
a second import duplicates nothing."""

from __future__ import annotations

import json
import zlib

import pytest

from claude_memory import store
from claude_memory.cli import importer
from claude_memory.core.slug import fallback_id
from claude_memory.store import records as store_io
from store_helpers import create, snapshot

SCRIPT = "memory_index.py"


@pytest.fixture
def auto_memory(tmp_path):
    d = tmp_path / "auto" / "memory"
    d.mkdir(parents=True)
    (d / "MEMORY.md").write_text(
        "# Memory index\n\n"
        "- [Integration tests hit a real database](testing-db.md) - no mocks in integration tests\n"
        "- [Merge freeze](merge-freeze.md) - freeze before the mobile release\n"
        "- [Grafana board](grafana.md) - where latency lives\n"
        "- a stray line with no topic file\n", encoding="utf-8")
    (d / "testing-db.md").write_text(
        "---\nname: Integration tests hit a real database\ndescription: no mocks in integration tests\n"
        "type: feedback\n---\n\nIntegration tests must use a real Postgres, never mocks.\n"
        "**Why:** a mocked test passed while the production migration failed.\n"
        "**How to apply:** every test under tests/integration.\n", encoding="utf-8")
    (d / "merge-freeze.md").write_text(
        "---\nname: Merge freeze before the mobile release\ndescription: release branch cut on Thursday\n"
        "type: project\n---\n\nNo non-critical merges after Thursday <private>because of the Zorblax deal</private>.\n",
        encoding="utf-8")
    (d / "grafana.md").write_text(
        "---\nname: API latency dashboard\ndescription: when checking API latency\ntype: reference\n---\n\n"
        "- open grafana.internal/d/api-latency\n- pick the service\n", encoding="utf-8")
    return d


@pytest.fixture
def cline(tmp_path):
    d = tmp_path / "repo" / "memory-bank"
    d.mkdir(parents=True)
    (d / "systemPatterns.md").write_text(
        "# System Patterns\n\n## Event bus\n\nServices talk through Kafka topics, never direct HTTP calls.\n\n"
        "## Storage\n\nPostgres is the system of record.\n", encoding="utf-8")
    (d / "progress.md").write_text("# Progress\n\n## Known issues\n\n- flaky checkout test\n- slow CI cache\n",
                                   encoding="utf-8")
    (d / "activeContext.md").write_text("# Active Context\n\n## Current focus\n\n- migrating auth to OIDC\n",
                                        encoding="utf-8")
    return d.parent


def _run(run_script, *args):
    return run_script(SCRIPT, *args, check=True)


def test_dry_run_writes_nothing_and_shows_the_plan(run_script, memory_root, auto_memory):
    before = snapshot(memory_root)
    res = _run(run_script, "--import", str(auto_memory), "--dry-run")
    assert snapshot(memory_root) == before
    assert "3 note(s)" in res.stdout and "auto-memory" in res.stdout and "dry run" in res.stdout
    assert "create .claude/memory/preferences/integration-tests-hit-a-real-database.json" in res.stdout
    assert "create .claude/memory/decisions/merge-freeze-before-the-mobile-release.json" in res.stdout
    assert "create .claude/memory/runbooks/api-latency-dashboard.json" in res.stdout
    assert "skipped MEMORY.md: - a stray line with no topic file (no topic file)" in res.stdout


def test_auto_memory_import_goes_through_the_writer_and_is_idempotent(run_script, memory_root, auto_memory):
    res = _run(run_script, "--import", str(auto_memory / "MEMORY.md"), "--json")
    steps = res.json()["steps"]
    assert [s["action"] for s in steps] == ["create"] * 3 and all(s["ok"] for s in steps)
    pref = json.loads((memory_root / "preferences" / "integration-tests-hit-a-real-database.json").read_text())
    assert pref["content"]["value"].startswith("Integration tests must use a real Postgres, never mocks.")
    assert pref["content"]["reason"].startswith("a mocked test passed")
    assert "imported" in pref["tags"]
    freeze = (memory_root / "decisions" / "merge-freeze-before-the-mobile-release.json").read_text()
    assert "Zorblax" not in freeze and "[private]" in freeze  # the writer's privacy rule applies
    runbook = json.loads((memory_root / "runbooks" / "api-latency-dashboard.json").read_text())
    assert runbook["content"]["steps"] == ["open grafana.internal/d/api-latency", "pick the service"]
    again = _run(run_script, "--import", str(auto_memory), "--json").json()["steps"]
    assert [s["action"] for s in again] == ["unchanged"] * 3  # matched, nothing duplicated
    assert len(list((memory_root / "preferences").glob("*.json"))) == 1


def test_cline_memory_bank_sections(run_script, memory_root, cline):
    res = _run(run_script, "--import", str(cline), "--json").json()
    assert res["format"] == "cline"
    by_title = {s["note"]: s for s in res["steps"]}
    assert by_title["systemPatterns: Event bus"]["category"] == "decision"
    assert by_title["progress: Known issues"]["category"] == "tech_debt"
    assert by_title["activeContext: Current focus"]["category"] == "session_summary"
    assert all(s["ok"] for s in res["steps"])
    debt = json.loads((memory_root / "tech-debt" / "progress-known-issues.json").read_text())
    assert debt["content"]["suggested_fix"] == ["flaky checkout test", "slow CI cache"]


def test_markdown_notes_update_an_existing_memory(run_script, memory_root, tmp_path):
    ctx = store.open_store(memory_root)
    create(ctx, id="kafka-event-bus", title="Kafka as the event bus", tags=["kafka", "events"])
    notes = tmp_path / "notes.md"
    notes.write_text("# Architecture notes\n\n## Kafka event bus\n\nAll services publish domain events to the "
                     "Kafka event bus; consumers use franz-go.\n\n## 日本語のメモ\n\n"
                     "設定はすべて環境変数で渡す。\n", encoding="utf-8")
    dry = _run(run_script, "--import", str(notes), "--dry-run", "--json").json()["steps"]
    assert [(s["action"], s["note"]) for s in dry] == [("update", "Kafka event bus"), ("create", "日本語のメモ")]
    assert dry[0]["matches"] == "Kafka as the event bus"
    res = _run(run_script, "--import", str(notes), "--json").json()["steps"]
    assert all(s["ok"] for s in res)
    kafka = json.loads((memory_root / "decisions" / "kafka-event-bus.json").read_text())
    assert "franz-go" in kafka["content"]["decision"] and kafka["times_updated"] == 1
    ids = {f.id for f in store_io.scan_records(memory_root)}
    category = res[1]["category"]
    assert fallback_id("日本語のメモ", category) in ids  # a non-Latin title: the store's one stable fallback id


def test_an_earlier_imports_id_for_a_non_latin_title_is_still_recognised(run_script, memory_root, tmp_path):
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\n## 日本語のメモ\n\n設定はすべて環境変数で渡す。\n", encoding="utf-8")
    category = _run(run_script, "--import", str(notes), "--dry-run", "--json").json()["steps"][0]["category"]
    legacy = f"imported-{zlib.crc32('日本語のメモ'.encode('utf-8')):08x}"  # the id earlier versions gave it
    create(store.open_store(memory_root), category=category, id=legacy, title="日本語のメモ")
    step = _run(run_script, "--import", str(notes), "--dry-run", "--json").json()["steps"][0]
    assert step["action"] in ("update", "unchanged") and step["target"].endswith(f"/{legacy}.json")
    assert _run(run_script, "--import", str(notes), "--json").json()["steps"][0]["ok"]
    assert {f.id for f in store_io.scan_records(memory_root)} == {legacy}  # no second memory


def test_detect_rejects_what_it_cannot_read(tmp_path):
    with pytest.raises(ValueError):
        importer.detect(tmp_path / "missing")
    (tmp_path / "x.txt").write_text("hello")
    with pytest.raises(ValueError):
        importer.detect(tmp_path / "x.txt")


def test_a_note_holding_a_secret_imports_once(run_script, memory_root, tmp_path):
    # the writer stores the note without its token; the next import compares what it would store, so
    # it finds the note unchanged instead of updating it again on every run
    notes = tmp_path / "notes.md"
    notes.write_text("# Ops\n\n## Deployment\n\nDeploy with the CI bot token ghp_abcdefghijklmnopqrstuvwxyz0123456789 "
                     "from the vault, then run make release.\n", encoding="utf-8")
    first = _run(run_script, "--import", str(notes), "--json").json()["steps"]
    assert [s["action"] for s in first] == ["create"] and first[0]["ok"]
    for _ in range(2):
        again = _run(run_script, "--import", str(notes), "--json").json()["steps"]
        assert [s["action"] for s in again] == ["unchanged"], again
    assert "ghp_abcdefghijklmnop" not in json.dumps(snapshot(memory_root), default=str)
