"""memory_candidate.py run as Claude runs it: argv in, one JSON object out, store untouched."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from claude_memory.cli import memory_candidate as cli
from locations import write_path_imports

SCRIPT = "memory_candidate.py"


def record(id_, title, tags, category="runbook", status="active", content=None):
    return {
        "schema_version": "1.0", "category": category, "id": id_, "title": title, "tags": tags,
        "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
        "related_files": [], "confidence": 0.8, "record_status": status, "changes": [], "times_updated": 0,
        "content": content or {"trigger": title, "symptoms": [title], "steps": ["restart the consumer"],
                               "verification": "lag drops", "root_cause": "unknown", "environment": "prod"},
    }


RUNBOOKS = {
    "kafka-rebalance-storm": record("kafka-rebalance-storm", "tracking-ingest consumer lag from a rebalance storm",
                                    ["kafka", "rebalance", "tracking-ingest"]),
    "eta-svc-oomkilled": record("eta-svc-oomkilled", "eta-svc pods OOMKilled after deploy: set GOMEMLIMIT",
                                ["kubernetes", "oomkilled", "eta-svc"]),
    "rotate-snowflake-keypair": record("rotate-snowflake-keypair", "Rotate the Snowflake key pair of the Airflow user",
                                       ["snowflake", "secrets", "airflow"]),
}
UPDATE_INFO = "eta-svc OOMKilled again: memory limit raised to 1Gi and GOMEMLIMIT to 920MiB"


@pytest.fixture
def store(memory_root: Path) -> Path:
    folder = memory_root / "runbooks"
    folder.mkdir(parents=True)
    for slug, doc in RUNBOOKS.items():
        (folder / f"{slug}.json").write_text(json.dumps(doc), encoding="utf-8")
    return memory_root


def snapshot(root: Path) -> dict[str, str]:
    """The memory files (the recall cache it may build under ``.staging/``, git-ignored, aside)."""
    return {str(p.relative_to(root)): hashlib.md5(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*.json")) if p.is_file() and ".staging" not in p.parts}


def test_update_found_with_default_root(run_script, store):
    before = snapshot(store)
    r = run_script(SCRIPT, "--category", "runbook", "--new-info", UPDATE_INFO, check=True)
    out = r.json()
    assert out["structural_cud"] == "UPDATE" and out["pre_action"] is None
    assert Path(out["candidate"]["path"]) == (store / "runbooks" / "eta-svc-oomkilled.json").resolve()
    assert out["candidate"]["excerpt"]["record_status"] == "active"
    assert snapshot(store) == before


@pytest.mark.parametrize("event,cud", [(None, "UPDATE"), ("resolved", "UPDATE_OR_DELETE")])
def test_lifecycle_event_with_explicit_root(run_script, store, tmp_path, event, cud):
    args = ["--category", "runbook", "--new-info", UPDATE_INFO, "--root", str(store)]
    if event:
        args += ["--lifecycle-event", event]
    r = run_script(SCRIPT, *args, cwd=tmp_path, check=True)
    assert r.json()["structural_cud"] == cud
    assert r.json()["lifecycle_event"] == event


@pytest.mark.parametrize("event,pre", [(None, "CREATE"), ("removed", "NOOP")])
def test_new_info_gets_no_candidate(run_script, store, event, pre):
    args = ["--category", "runbook", "--new-info", "Grafana shows No data beyond 15 days of retention"]
    if event:
        args += ["--lifecycle-event", event]
    out = run_script(SCRIPT, *args).json()
    assert out["candidate"] is None
    assert out["pre_action"] == pre and out["structural_cud"] == pre


def test_new_info_file_accepts_a_draft_json(run_script, store, tmp_path):
    draft = record("eta-svc-oom-again", "eta-svc OOMKilled again after the v15 model",
                   ["eta-svc", "oomkilled", "memory"])
    f = tmp_path / "draft-runbook.json"
    f.write_text(json.dumps(draft), encoding="utf-8")
    out = run_script(SCRIPT, "--category", "runbook", "--new-info-file", str(f)).json()
    assert out["candidate"]["id"] == "eta-svc-oomkilled"


def test_new_info_file_accepts_plain_text(run_script, store, tmp_path):
    f = tmp_path / "info.txt"
    f.write_text(UPDATE_INFO, encoding="utf-8")
    out = run_script(SCRIPT, "--category", "runbook", "--new-info-file", str(f)).json()
    assert out["candidate"]["id"] == "eta-svc-oomkilled"


def test_only_the_requested_category_is_read(run_script, store):
    other = store / "constraints"
    other.mkdir()
    (other / "eta-svc-memory.json").write_text(json.dumps(record(
        "eta-svc-memory", "eta-svc OOMKilled GOMEMLIMIT memory limit 1Gi", ["eta-svc"], category="constraint")))
    out = run_script(SCRIPT, "--category", "constraint", "--new-info", "Kafka retention is 7 days").json()
    assert out["candidate"] is None
    out = run_script(SCRIPT, "--category", "runbook", "--new-info", UPDATE_INFO).json()
    assert "/runbooks/" in out["candidate"]["path"]


@pytest.mark.parametrize("status", ["retired", "archived"])
def test_retired_and_archived_are_skipped(run_script, store, status):
    path = store / "runbooks" / "eta-svc-oomkilled.json"
    path.write_text(json.dumps(dict(RUNBOOKS["eta-svc-oomkilled"], record_status=status)))
    out = run_script(SCRIPT, "--category", "runbook", "--new-info", UPDATE_INFO).json()
    assert out["candidate"] is None and out["structural_cud"] == "CREATE"


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b"", b"null"])
def test_broken_files_are_skipped(run_script, store, content):
    (store / "runbooks" / "broken.json").write_bytes(content)
    r = run_script(SCRIPT, "--category", "runbook", "--new-info", UPDATE_INFO, check=True)
    assert r.json()["candidate"]["id"] == "eta-svc-oomkilled"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")
def test_symlink_out_of_the_root_is_not_followed(run_script, store, tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps(record("outside", "eta-svc OOMKilled GOMEMLIMIT 1Gi 920MiB memory limit",
                                         ["eta-svc", "oomkilled", "gomemlimit"])))
    (store / "runbooks" / "eta-svc-oomkilled.json").unlink()
    os.symlink(outside, store / "runbooks" / "outside.json")
    out = run_script(SCRIPT, "--category", "runbook", "--new-info", UPDATE_INFO).json()
    assert out["candidate"] is None


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")
def test_symlinked_category_folder_out_of_the_root_is_not_read(run_script, memory_root, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "eta-svc-oomkilled.json").write_text(json.dumps(RUNBOOKS["eta-svc-oomkilled"]))
    memory_root.mkdir(parents=True)
    os.symlink(elsewhere, memory_root / "runbooks")
    out = run_script(SCRIPT, "--category", "runbook", "--new-info", UPDATE_INFO).json()
    assert out["candidate"] is None


def test_missing_store_means_create(run_script):
    r = run_script(SCRIPT, "--category", "decision", "--new-info", "Use Redis for the ETA cache", check=True)
    out = r.json()
    assert out["structural_cud"] == "CREATE" and out["delete_allowed"] is False


@pytest.mark.parametrize("args,code", [
    ([], 2),
    (["--category", "runbook"], 2),
    (["--category", "nonsense", "--new-info", "x"], 2),
    (["--category", "runbook", "--new-info", "x", "--new-info-file", "y"], 2),
    (["--category", "runbook", "--new-info", "x", "--lifecycle-event", "exploded"], 2),
    (["--category", "runbook", "--new-info", "   "], 1),
    (["--category", "runbook", "--new-info-file", "/nonexistent/file"], 1),
])
def test_bad_usage_fails_with_a_message_and_no_stdout(run_script, store, args, code):
    r = run_script(SCRIPT, *args)
    assert r.returncode == code
    assert r.stdout == ""
    assert "memory_candidate.py:" in r.stderr


def test_parser_flags():
    parser = cli.build_parser()
    flags = {s for a in parser._actions for s in a.option_strings}
    assert {"--category", "--new-info", "--new-info-file", "--lifecycle-event", "--root"} <= flags


def test_entry_script_is_two_lines_and_stdlib():
    text = (Path(__file__).resolve().parent.parent / "hooks" / "scripts" / SCRIPT).read_text()
    code = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith('"""')]
    assert code == ["from _launch import run", 'run("claude_memory.cli.memory_candidate", needs_deps=False)']


def test_candidate_path_imports_only_the_standard_library(tmp_path):
    assert write_path_imports("import claude_memory.cli.memory_candidate") == []
