"""memory_index.py --list: one line per memory, filters, --json, a hook for recall counts."""

from __future__ import annotations

import pytest

from claude_memory import store
from claude_memory.store import listing
from claude_memory.guard.advice import script_command
from store_helpers import create

SCRIPT = "memory_index.py"


@pytest.fixture
def populated(memory_root):
    ctx = store.open_store(memory_root)
    create(ctx)
    create(ctx, "runbook", "fix-deploy", "Fix deploy", tags=["deploy"], updated_at="2026-06-02T00:00:00Z")
    create(ctx, id="shelved", title="Shelved \x1b[31mred\x1b[0m\nsecond line")
    store.change_status(ctx, "delete", target=str(memory_root / "decisions" / "shelved.json"), reason="x")
    create(ctx, "preference", "tabs", "Préférer les tabulations", tags=["style"])
    return memory_root


def test_list_human(run_script, populated):
    res = run_script(SCRIPT, "--list", check=True)
    lines = res.stdout.splitlines()
    assert lines[0] == "4 memories"
    assert any(line.split()[:3] == ["runbook", "active", "2026-06-02"] and "Fix deploy" in line for line in lines)
    assert any("Préférer les tabulations" in line and "(preferences/tabs)" in line for line in lines)
    shelved = [line for line in lines if "shelved" in line][0]
    assert "retired" in shelved and "\x1b" not in res.stdout and "second line" in shelved  # one line, no escapes


def test_list_filters_and_json(run_script, populated):
    res = run_script(SCRIPT, "--list", "--json", "--category", "decisions", "--status", "active", check=True)
    items = res.json()["memories"]
    assert [m["id"] for m in items] == ["use-postgres"]
    m = items[0]
    assert set(m) >= {"category", "title", "status", "updated_at", "tags", "path", "recalled", "may_be_stale",
                      "commands"}
    assert m["recalled"] is None  # not known without usage records
    assert m["may_be_stale"] is False  # computed from the related files (issue 16)
    assert "--action delete --target .claude/memory/decisions/use-postgres.json" in m["commands"]["retire"]
    tagged = run_script(SCRIPT, "--list", "--json", "--tag", "DEPLOY").json()["memories"]
    assert [m["id"] for m in tagged] == ["fix-deploy"]
    retired = run_script(SCRIPT, "--list", "--json", "--status", "retired").json()["memories"]
    assert [m["id"] for m in retired] == ["shelved"] and "restore" in retired[0]["commands"]
    bad = run_script(SCRIPT, "--list", "--category", "nope")
    assert bad.returncode == 2 and "unknown category" in bad.stderr


def test_annotators_fill_known_facts(populated):
    def usage(root, rows):
        for row in rows:
            row["recalled"] = 3 if row["id"] == "use-postgres" else 0
            row["may_be_stale"] = row["id"] == "fix-deploy"

    def broken(root, rows):
        raise RuntimeError("no usage data")

    rows = {r["id"]: r for r in listing.rows(populated, annotators=[broken, usage])}
    assert rows["use-postgres"]["recalled"] == 3
    assert "recalled 3x" in listing.human_line(rows["use-postgres"])
    assert "may be stale" in listing.human_line(rows["fix-deploy"])
    assert "may be stale" not in listing.human_line(rows["tabs"])


def test_commands_follow_the_status(populated):
    rows = {r["id"]: r for r in listing.rows(populated)}
    assert set(listing.commands_for(rows["use-postgres"], script_command)) == {"update", "retire", "archive"}
    assert set(listing.commands_for(rows["shelved"], script_command)) == {"restore"}
