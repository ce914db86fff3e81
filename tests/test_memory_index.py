"""Black-box tests of hooks/scripts/memory_index.py."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from claude_memory.core import config
from claude_memory.store import transaction as store
from claude_memory.core.timeutil import format_ts
from store_helpers import create, git, make_doc, snapshot, write_json

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


# ------------------------------------------------------------------ files --rebuild cannot index

def _bad_json(root):
    return (root / "decisions" / "broken.json", "{", "not valid JSON")


def _schema_error(root):
    return (root / "decisions" / "sure.json", make_doc(id="sure", title="Sure", confidence=7), "confidence")


def _wrong_folder(root):
    return (root / "runbooks" / "moved.json", make_doc(id="moved", title="Moved"),
            "it is a 'decision' memory in the wrong folder")


def _markers(root):
    return (root / "decisions" / "marked.json", '<<<<<<< HEAD\n{"title": "A"}\n=======\n{"title": "B"}\n>>>>>>> b\n',
            "git conflict markers")


def _non_english(root):
    return (root / "decisions" / "entscheidung-für-größe.json",
            make_doc(id="entscheidung-für-größe", title="Größe: 大きさ", confidence="sehr"), "confidence")


@pytest.mark.parametrize("bad", [_bad_json, _schema_error, _wrong_folder, _markers, _non_english],
                         ids=["json", "schema", "wrong-folder", "conflict-markers", "non-english"])
def test_rebuild_names_each_file_it_leaves_out_on_stderr_with_the_validate_fix(run_script, populated, bad):
    path, body, reason = bad(populated)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body if isinstance(body, str) else json.dumps(body), encoding="utf-8")
    (populated / "index.md").unlink()
    problems = run_script(SCRIPT, "--validate", "--json").json()["problems"]
    (validated,) = [p for p in problems if p["path"] == str(path)]
    res = run_script(SCRIPT, "--rebuild")
    assert res.returncode == 1  # done, with problems (as --validate)
    assert "index.md: 2 entries (rewritten)" in res.stdout  # the valid memories are indexed all the same
    assert "rebuilt without 1 file(s)" in res.stderr
    line = next(x for x in res.stderr.splitlines() if x.startswith(f"  {path}: "))
    assert reason in line
    assert f"    fix: {validated['fix']}" in res.stderr.splitlines()
    assert "store has problems" not in res.stderr  # said once, precisely
    out = run_script(SCRIPT, "--rebuild", "--json")
    assert out.returncode == 1 and str(path) in out.stderr
    (skipped,) = out.json()["invalid_files"]
    assert skipped["path"] == str(path) and skipped["fix"] == validated["fix"] and reason in skipped["problem"]


def test_a_clean_rebuild_says_nothing_on_stderr(run_script, populated):
    res = run_script(SCRIPT, "--rebuild")
    assert res.returncode == 0 and res.stderr == ""


# ------------------------------------------------------------------ --export / --html while git holds a conflict

def _add_add_conflict(project: Path, root: Path) -> Path:
    """A project whose merge stopped on a memory both branches created; another memory is fine."""
    git(project, "init", "-q")
    write_json(root / "decisions" / "use-postgres.json", make_doc())
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "base")
    git(project, "checkout", "-q", "-b", "a")
    path = write_json(root / "runbooks" / "rollback.json", make_doc("runbook", "rollback", "Roll back a deploy"))
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "a")
    git(project, "checkout", "-q", "main")
    write_json(path, make_doc("runbook", "rollback", "Roll back a deploy", tags=["deploy"]))
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "main")
    assert git(project, "merge", "--no-edit", "a", check=False).returncode != 0
    return path


@pytest.mark.parametrize("flag", ["--export", "--html"])
def test_export_and_html_name_the_files_git_left_in_conflict(project, memory_root, capsys, flag):
    from claude_memory.cli import memory_index

    conflicted = _add_add_conflict(project, memory_root)
    target = project / ("CLAUDE.md" if flag == "--export" else "memory.html")
    capsys.readouterr()
    assert memory_index.main(["--root", str(memory_root), flag, str(target)]) == 1  # written, with problems
    out, err = capsys.readouterr()
    assert target.is_file() and "use-postgres" in target.read_text(encoding="utf-8")  # the valid ones
    assert f"git left 1 file(s) of the store in conflict, so {target} may miss a memory" in err
    assert f"  {conflicted}: git left merge conflict markers in this memory" in err
    assert "    fix: run memory_index.py --resolve .claude/memory/runbooks/rollback.json" in err
    assert memory_index.main(["--root", str(memory_root), flag, str(target), "--json"]) == 1
    out, err = capsys.readouterr()
    assert [c["path"] for c in json.loads(out)["git_conflicts"]] == [str(conflicted)] and str(conflicted) in err


@pytest.mark.parametrize("flag", ["--export", "--html"])
def test_export_and_html_without_conflicts_exit_0_quietly(project, memory_root, populated, capsys, flag):
    from claude_memory.cli import memory_index

    git(project, "init", "-q")
    target = project / ("CLAUDE.md" if flag == "--export" else "memory.html")
    capsys.readouterr()
    assert memory_index.main(["--root", str(memory_root), flag, str(target)]) == 0
    assert capsys.readouterr().err == ""
