"""Fixtures for the end-to-end suite: the pinned Claude Code CLI, a private HOME, a project, a model server."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from claude_memory.devtools.claude_cli import PLUGIN_ROOT, CliRun, find_cli, run_claude
from claude_memory.devtools.model_server import ModelServer
from locations import EVAL_MEMORY, EVAL_MISSING
from support import require

SCRIPTS = PLUGIN_ROOT / "hooks" / "scripts"


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def claude_cli() -> Path:
    cli = find_cli()
    require(cli is not None, "pinned Claude Code CLI missing at .cache/claude-code (run ./dev.sh test to install it)")
    return cli


@dataclass
class Session:
    """One test's world: a private HOME, a project, and ways to run the CLI and our scripts in it."""

    cli: Path
    home: Path
    project: Path
    runs: list

    @property
    def memory_root(self) -> Path:
        return self.project / ".claude" / "memory"

    def claude(self, prompt: str, script, *, plugin_dir: Path | None = PLUGIN_ROOT, extra_args: list[str] | None = None,
               env: dict | None = None, timeout: float = 90,
               permission_mode: str | None = None) -> tuple[CliRun, ModelServer]:
        """Run ``claude -p`` against a fresh model server playing ``script``; fail on a non-zero exit."""
        # The python3 that hooks and Bash see is the test interpreter's (it has the write path's
        # dependencies); the bare-python install path has its own test.
        path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
        with ModelServer(script) as server:
            run = run_claude(self.cli, prompt, project=self.project, home=self.home, base_url=server.url,
                             plugin_dir=plugin_dir, extra_args=extra_args, env={"PATH": path, **(env or {})},
                             timeout=timeout, permission_mode=permission_mode)
        self.runs.append(run)
        assert run.returncode == 0, run.describe()
        assert not server.errors, server.errors
        assert server.main_requests, "the CLI never reached the model server\n" + run.describe()
        return run, server

    def script(self, name: str, *args: str, python: str = sys.executable, env: dict | None = None,
               timeout: float = 120) -> subprocess.CompletedProcess:
        """Run ``hooks/scripts/<name>`` in the project as Claude's Bash tool would."""
        full_env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE")}
        full_env["HOME"] = str(self.home)
        full_env.update(env or {})
        return subprocess.run([python, str(SCRIPTS / name), *args], cwd=self.project, env=full_env,
                              capture_output=True, text=True, timeout=timeout)

    def seed(self, *relative: str) -> list[Path]:
        """Copy memories from the dev eval set (``decisions/x.json``) and rebuild the index.

        Skips the test (also in CI) when the eval set is not beside the repository: it is
        external data, not part of a clone."""
        if not EVAL_MEMORY.is_dir():
            pytest.skip(EVAL_MISSING)
        copied = []
        for rel in relative:
            dest = self.memory_root / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(EVAL_MEMORY / rel, dest)
            copied.append(dest)
        proc = self.script("memory_index.py", "--rebuild", "--root", str(self.memory_root))
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return copied

    def index_lines(self) -> list[str]:
        index = self.memory_root / "index.md"
        return [l for l in index.read_text().splitlines() if l.startswith("- [")] if index.exists() else []


@pytest.fixture
def session(claude_cli: Path, tmp_path: Path) -> Session:
    home = tmp_path / "home"
    project = tmp_path / "project"
    home.mkdir()
    project.mkdir()
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    return Session(claude_cli, home, project, [])
