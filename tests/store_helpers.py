"""Helpers for the store's tests: valid records per category, tree snapshots."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import subprocess
from pathlib import Path

import pytest

from claude_memory.core.errors import MemoryStoreError
from claude_memory.store.gitmerge import STAMP_NAME

CONTENT = {
    "session_summary": {"goal": "ship the writer", "outcome": "partial", "completed": ["wrote the lock"],
                        "in_progress": [], "blockers": [], "next_actions": ["write the tests"], "key_changes": []},
    "decision": {"status": "accepted", "context": "need storage", "decision": "use postgres",
                 "alternatives": [{"option": "sqlite", "rejected_reason": "no concurrency"}],
                 "rationale": ["mature"], "consequences": ["ops work"]},
    "runbook": {"trigger": "deploy fails", "symptoms": ["502"], "steps": ["restart"], "verification": "200 OK",
                "root_cause": "stale pool", "environment": "prod"},
    "constraint": {"kind": "policy", "rule": "no GPL", "impact": ["licences"], "workarounds": [],
                   "severity": "high", "active": True, "expires": "none"},
    "tech_debt": {"status": "open", "priority": "high", "description": "flaky test", "reason_deferred": "time",
                  "impact": ["ci"], "suggested_fix": ["mock clock"], "acceptance_criteria": ["green 100x"]},
    "preference": {"topic": "quotes", "value": "double", "reason": "black", "strength": "default",
                   "examples": {"prefer": ["\"a\""], "avoid": ["'a'"]}},
}


def make_doc(category: str = "decision", id: str = "use-postgres", title: str = "Use Postgres for storage",
             **over) -> dict:
    doc = {
        "schema_version": "1.0", "category": category, "id": id, "title": title,
        "created_at": "2026-05-01T10:00:00Z", "updated_at": "2026-05-01T10:00:00Z",
        "tags": ["db", "storage"], "related_files": [], "confidence": 0.8, "record_status": "active",
        "changes": [], "times_updated": 0, "content": copy.deepcopy(CONTENT[category]),
    }
    doc.update(over)
    return doc


def create(ctx, category: str = "decision", id: str = "use-postgres", title: str = "Use Postgres for storage",
           **over):
    """Create :func:`make_doc`'s memory in the store of ``ctx`` (a ``StoreContext``), in process."""
    from claude_memory.store.transaction import create as create_record
    from claude_memory.store.validation import validate_record

    return create_record(ctx, validate_record(make_doc(category, id, title, **over)), category=category)


_GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.invalid", "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent"}


def git(repo: Path, *args: str, check: bool = True, when: float | None = None) -> subprocess.CompletedProcess:
    """``git *args`` in ``repo`` with a fixed identity and no user or system configuration; ``when``: the
    commit's date (seconds since the epoch)."""
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("GIT_")}, **_GIT_ENV}
    if when is not None:
        env.update(GIT_AUTHOR_DATE=f"@{int(when)} +0000", GIT_COMMITTER_DATE=f"@{int(when)} +0000")
    done = subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", *args],
                          cwd=repo, env=env, capture_output=True, text=True)
    if check:
        assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done


def teammate_clone(repo: Path, tmp_path: Path, branch: str = "HEAD") -> Path:
    """``repo`` shared through a bare remote (``origin``, ``branch`` pushed with upstream set) and a
    teammate's clone of it under ``tmp_path``, returned."""
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(repo, "remote", "add", "origin", str(remote))
    git(repo, "push", "-q", "-u", "origin", branch)
    mate = tmp_path / "mate"
    git(tmp_path, "clone", "-q", str(remote), str(mate))
    return mate


def refused(code: str, call, /, *args, **kwargs) -> MemoryStoreError:
    """The :class:`MemoryStoreError` that ``call(*args, **kwargs)`` raises, once its code is checked to be
    ``code`` (as ``pytest.raises(MemoryStoreError, call, ...)``, plus the code)."""
    with pytest.raises(MemoryStoreError) as err:
        call(*args, **kwargs)
    assert err.value.code == code, err.value
    return err.value


def write_json(path: Path, doc: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return path


def md5(path: Path) -> str:
    return hashlib.md5(Path(path).read_bytes()).hexdigest()


def everything_under(root: Path) -> str:
    """Every file name and every file's text under ``root`` (hidden staging included)."""
    parts = []
    for p in sorted(Path(root).rglob("*")):
        parts.append(str(p.relative_to(root)))
        if p.is_file():
            parts.append(p.read_text("utf-8", errors="replace"))
    return "\n".join(parts)


def snapshot(root: Path) -> dict[str, bytes | str]:
    """Every file and folder under ``root``: relative path -> bytes (files) or 'dir'.

    Leaves out the index freshness stamp (``.staging/index-stamp.json``): every transaction
    first checks, and re-stamps after repairing, the derived index (see ``gitmerge``)."""
    root = Path(root)
    if not root.exists():
        return {}
    out: dict[str, bytes | str] = {}
    for p in sorted(root.rglob("*")):
        rel = str(p.relative_to(root))
        if rel.startswith(".staging/ops.log"):
            continue  # the operations log records every run, failed ones included, by design
        if p.name == STAMP_NAME and p.parent.name == ".staging":
            continue
        out[rel] = "dir" if p.is_dir() else p.read_bytes()
    return out
