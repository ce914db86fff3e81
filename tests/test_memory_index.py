"""Black-box tests of hooks/scripts/memory_index.py."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from claude_memory.core import config
from claude_memory.store import transaction as store
from claude_memory.core.timeutil import format_ts
from store_helpers import create, make_doc, snapshot, write_json

SCRIPT = "memory_index.py"


@pytest.fixture
def populated(memory_root: Path) -> Path:
    ctx = store.StoreContext(root=memory_root, config=config.load_config(memory_root))
    create(ctx)
    create(ctx, "runbook", "fix-deploy", "Fix deploy", tags=["deploy"])
    create(ctx, id="shelved", title="Shelved")
    store.change_status(ctx, "archive", target=str(memory_root / "decisions" / "shelved.json"), reason="later")
    return memory_root


def test_rebuild_json(run_script, populated):
    (populated / "index.md").unlink()
    res = run_script(SCRIPT, "--rebuild", "--json", check=True)
    out = res.json()
    assert out["entries"] == 2 and out["written"] is True
    assert (populated / "index.md").read_text().count("\n") == 2


def test_rebuild_human(run_script, populated):
    res = run_script(SCRIPT, "--rebuild")
    assert res.returncode == 0 and "index.md: 2 entries (unchanged)" in res.stdout


def test_validate_ok_and_problems(run_script, populated):
    res = run_script(SCRIPT, "--validate")
    assert res.returncode == 0 and "store is valid" in res.stdout
    (populated / "decisions" / "use-postgres.json").write_text("{")
    res = run_script(SCRIPT, "--validate", "--json")
    assert res.returncode == 1
    problems = res.json()["problems"]
    assert any(p["path"].endswith("use-postgres.json") for p in problems)
    assert any("not an active memory" in p["problem"] for p in problems)  # its index line is now stale
    human = run_script(SCRIPT, "--validate")
    assert human.returncode == 1 and "problem(s)" in human.stdout


def test_health(run_script, populated):
    res = run_script(SCRIPT, "--health", "--json", check=True)
    h = res.json()
    assert h["counts"]["decision"] == {"active": 1, "retired": 0, "archived": 1}
    assert h["index_drift"] == []
    human = run_script(SCRIPT, "--health")
    assert "3 memories" in human.stdout and "index: in sync" in human.stdout


def test_gc(run_script, project, populated):
    doc = make_doc(id="ancient", title="Ancient", record_status="retired",
                   retired_at=format_ts(datetime.now(timezone.utc) - timedelta(days=45)), retired_reason="x")
    ancient = write_json(populated / "decisions" / "ancient.json", doc)
    res = run_script(SCRIPT, "--gc", "--json", check=True)
    assert res.json()["purged"] == [str(ancient)] and not ancient.exists()
    assert (populated / "decisions" / "shelved.json").exists()


def test_gc_grace_from_project_config(run_script, populated):
    write_json(populated / "memory-config.json", {"delete": {"grace_period_days": 100}})
    doc = make_doc(id="ancient", title="Ancient", record_status="retired",
                   retired_at=format_ts(datetime.now(timezone.utc) - timedelta(days=45)), retired_reason="x")
    ancient = write_json(populated / "decisions" / "ancient.json", doc)
    res = run_script(SCRIPT, "--gc")
    assert res.returncode == 0 and "purged 0" in res.stdout and ancient.exists()


def test_list_archived(run_script, populated):
    res = run_script(SCRIPT, "--list-archived", "--json")
    assert [m["id"] for m in res.json()["archived"]] == ["shelved"]
    assert "decision/shelved" in run_script(SCRIPT, "--list-archived").stdout


def test_query(run_script, populated):
    res = run_script(SCRIPT, "--query", "deploy", "--json")
    assert res.json()["hits"][0]["id"] == "fix-deploy"
    assert "runbook/fix-deploy" in run_script(SCRIPT, "--query", "deploy").stdout


@pytest.mark.parametrize("argv", [[], ["--rebuild", "--health"], ["--nope"]])
def test_usage_errors(run_script, populated, argv):
    before = snapshot(populated)
    res = run_script(SCRIPT, *argv)
    assert res.returncode == 2 and "USAGE_ERROR" in res.stderr
    assert snapshot(populated) == before


def test_explicit_root(run_script, tmp_path):
    root = tmp_path / "other"
    res = run_script(SCRIPT, "--health", "--json", "--root", str(root))
    assert res.returncode == 0 and res.json()["total"] == 0


def test_health_names_a_misspelt_setting(run_script, memory_root):
    memory_root.mkdir(parents=True, exist_ok=True)
    (memory_root / "memory-config.json").write_text('{"retrieval": {"max_injct": 3}}')
    res = run_script("memory_index.py", "--health", check=True)
    assert "memory-config.json: unknown setting 'retrieval.max_injct' ignored; did you mean retrieval.max_inject?" \
        in res.stdout
