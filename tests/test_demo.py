"""The demo runs a whole session and leaves the project on disk with the saved memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from locations import REPO

CLI = REPO / ".cache" / "claude-code" / "node_modules" / ".bin" / "claude"
SLUG = "sqlite-wal-mode-for-local-cache"


def _run_demo(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess, Path]:
    base = tmp_path / "demo"
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE")}
    proc = subprocess.run([sys.executable, "-m", "claude_memory.devtools.demo", "--dir", str(base), *args], cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=180)
    return proc, base / "project"


@pytest.mark.parametrize("mode", ["cli", "direct"])
def test_demo_captures_a_decision_and_recalls_it(tmp_path, mode):
    if mode == "cli" and not CLI.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("pinned Claude Code CLI missing (run ./dev.sh test)")
        pytest.skip("pinned Claude Code CLI not installed")
    proc, project = _run_demo(tmp_path, *(["--no-cli"] if mode == "direct" else []))
    out = proc.stdout
    assert proc.returncode == 0, out + proc.stderr
    for heading in ("1. A project that already has two memories", "2. Session 1", "3. What was saved",
                    "4. Session 2", "Done"):
        assert f"=== {heading}" in out
    assert "triage: category decision scored" in out
    assert "memory-saver" in out and "memory_write.py" in out and "--batch -" in out
    assert f"The demo project is left at {project}" in out
    memory = project / ".claude" / "memory" / "decisions" / f"{SLUG}.json"
    assert json.loads(memory.read_text())["record_status"] == "active"
    index = (project / ".claude" / "memory" / "index.md").read_text()
    assert f".claude/memory/decisions/{SLUG}.json" in index
    recalled = out[out.index("=== 4. Session 2"):]
    assert "<project-memory>" in recalled and f"{SLUG}.json" in recalled
    assert "memory_index.py --validate: exit 0" in out
