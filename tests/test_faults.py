"""Crash at every step of a transaction (SIGKILL via CLAUDE_MEMORY_FAULT), then recover with a rebuild."""

from __future__ import annotations

import json
import signal

import pytest

from claude_memory.core import config
from claude_memory.store import faults
from claude_memory.store import maintenance
from claude_memory.store import transaction as store
from store_helpers import create, write_json

POINTS = ["after_lock", "after_temp_write", "before_replace", "after_replace",
          "before_index_write", "after_index_write", "during_rename"]


def test_point_is_inert_without_env(monkeypatch):
    kills = []
    monkeypatch.setattr(faults.os, "kill", lambda pid, sig: kills.append((pid, sig)))
    monkeypatch.delenv(faults.ENV_VAR, raising=False)
    faults.point("after_lock")
    monkeypatch.setenv(faults.ENV_VAR, "something_else")
    faults.point("after_lock")
    assert kills == []
    monkeypatch.setenv(faults.ENV_VAR, "after_lock")  # the same switch, named: it fires
    faults.point("after_lock")
    assert kills == [(faults.os.getpid(), signal.SIGKILL)]


@pytest.mark.parametrize("point", POINTS)
def test_crash_during_renaming_update_then_rebuild(run_script, project, memory_root, point):
    ctx = store.StoreContext(root=memory_root, config=config.load_config(None))
    out = create(ctx)
    doc = json.loads(out.path.read_text())
    doc["title"] = "Adopt SQLite everywhere now"
    doc["changes"].append({"date": "2026-06-01T00:00:00Z", "summary": "switch"})
    draft = write_json(project / "d.json", doc)
    res = run_script("memory_write.py", "--action", "update", "--target", str(out.path), "--input", str(draft),
                     env={faults.ENV_VAR: point})
    assert res.returncode == -signal.SIGKILL
    maintenance.rebuild(memory_root)
    assert maintenance.validate(memory_root) == []
    survivors = sorted(p.name for p in (memory_root / "decisions").iterdir())
    assert survivors in (["use-postgres.json"], ["adopt-sqlite-everywhere-now.json"])
    assert draft.exists()
