"""Shared fixtures: a temporary project and a way to run scripts as Claude Code does."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

try:
    from hypothesis import settings as _hypothesis_settings
except ImportError:  # pragma: no cover - hypothesis is a test dependency
    _hypothesis_settings = None
else:
    # CI must be reproducible: derandomized examples there (a red CI blocks landing);
    # locally the examples stay random so the property tests keep exploring.
    _hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
    if os.environ.get("CI", "").lower() == "true":
        _hypothesis_settings.load_profile("ci")

# Prompts in tests never start a background semantic build (its own tests build the table
# in the foreground); the scripts the tests run inherit this.
os.environ.setdefault("MEMORY_SEMANTIC", "0")

from claude_memory.devtools.hook_commands import script_argv  # noqa: E402
from claude_memory.recall import cache_build  # noqa: E402
from locations import REPO  # noqa: E402


@pytest.fixture(autouse=True)
def _no_settler_forked_from_pytest(monkeypatch, request):
    """A write made in this process never forks pytest for recall's settler (``store.lock``'s
    after-write step); the settler's own tests mark themselves ``real_settler``. Scripts the tests run
    as Claude Code would (subprocesses) start real settlers."""
    if request.node.get_closest_marker("real_settler") is None:
        monkeypatch.setattr(cache_build, "spawn_settle", lambda root: False)


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str

    def json(self):
        return json.loads(self.stdout)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """An empty project folder (the memory root is ``project/.claude/memory``)."""
    p = tmp_path / "project"
    p.mkdir()
    return p


@pytest.fixture
def memory_root(project: Path) -> Path:
    return project / ".claude" / "memory"


@pytest.fixture
def run_script(project: Path):
    """Run ``hooks/scripts/<name>`` with argv and stdin, from the project folder, like Claude Code (a hook
    with the interpreter flags its ``hooks.json`` command gives it). ``check=True``: a non-zero exit fails
    the test, with the script's stderr."""

    def run(name: str, *args: str, stdin: str | bytes | dict | None = None, cwd: Path | None = None,
            env: dict | None = None, timeout: float = 60, check: bool = False) -> Result:
        if isinstance(stdin, dict):
            stdin = json.dumps(stdin)
        if isinstance(stdin, str):
            stdin = stdin.encode()
        full_env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
        full_env["CLAUDE_PROJECT_DIR"] = str(project)
        full_env["CLAUDE_PLUGIN_ROOT"] = str(REPO)
        if env:
            full_env.update(env)
        proc = subprocess.run(
            script_argv(name, *args),
            input=stdin or b"", capture_output=True, cwd=str(cwd or project), env=full_env, timeout=timeout,
        )
        result = Result(proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"))
        assert not check or result.returncode == 0, result.stderr
        return result

    return run
