"""Installed the way users install it: the CLI's marketplace commands, and the write path's dependencies."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from claude_memory.devtools.claude_cli import PLUGIN_ROOT, run_plugin_command
from claude_memory.devtools.model_server import Steps
from support import require
from support import first_prompt_text

WHEELS = PLUGIN_ROOT / ".cache" / "wheels"
DRAFT = {
    "schema_version": "1.0", "category": "preference", "id": "tabs-in-makefiles", "title": "Tabs in Makefiles",
    "tags": ["make"], "related_files": [], "confidence": 0.9,
    "content": {"topic": "Makefile indentation", "value": "Tabs", "reason": "make requires tabs",
                "strength": "strong", "examples": {"prefer": ["\tcc"], "avoid": ["    cc"]}},
}


def _tracked_copy(dest: Path) -> Path:
    """The repository as a developer's clone holds it: the files git tracks or would track (links kept
    as links), plus what a working clone grows beside them (a virtualenv, the CLI cache, byte code)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=PLUGIN_ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = PLUGIN_ROOT / rel
        if src.is_symlink():
            target = os.readlink(src)
            if os.path.isabs(target):
                continue  # a developer's link out of the clone (e.g. .cache -> a shared cache): not ours to copy
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            (dest / rel).symlink_to(target)
        elif src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    for junk in (".venv/lib/python3/site-packages/big.bin", ".cache/claude-code/node_modules/big.bin",
                 "tests/__pycache__/big.pyc"):
        path = dest / junk
        path.parent.mkdir(parents=True, exist_ok=True)
        assert dest.resolve() in path.resolve().parents, path  # never write through a link out of the copy
        path.write_bytes(b"\0" * 5_000_000)
    return dest


def _tree_bytes(root: Path) -> tuple[int, list[str]]:
    files = [p for p in root.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), sorted({p.relative_to(root).parts[0] for p in files})


def test_marketplace_install_then_hooks_fire_without_plugin_dir(session, tmp_path):
    source = _tracked_copy(tmp_path / "claude-memory-src")
    added = run_plugin_command(session.cli, "marketplace", "add", str(source), home=session.home, cwd=session.project)
    assert added.returncode == 0, added.stdout + added.stderr
    installed = run_plugin_command(session.cli, "install", "claude-memory@claude-memory",
                                   home=session.home, cwd=session.project)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    listing = run_plugin_command(session.cli, "list", home=session.home, cwd=session.project)
    assert "claude-memory@claude-memory" in listing.stdout, listing.stdout + listing.stderr

    # Only the plugin is shipped: no virtualenv, CLI cache, tests or benchmarks from the clone.
    (copy,) = list((session.home / ".claude" / "plugins" / "cache" / "claude-memory" / "claude-memory").iterdir())
    size, top = _tree_bytes(copy)
    assert set(top) <= {".claude-plugin", "agents", "assets", "claude_memory", "commands", "hooks", "skills",
                        "memory-config.default.json", "README.md"}, top
    assert size < 2_000_000, size
    print(f"installed plugin: {size} bytes in {copy}")

    session.seed("decisions/buf-for-proto-lint-and-breaking-checks.json", "preferences/airflow-taskflow-api.json",
                 "constraints/kafka-max-message-size-1mib.json")
    run, server = session.claude("How do we run the buf breaking-change check on our protobuf files in CI?",
                                 Steps(["We use buf."]), plugin_dir=None)
    given = first_prompt_text(server)
    assert ".claude/memory/decisions/buf-for-proto-lint-and-breaking-checks.json" in given, run.describe()
    assert "Registered 6 hooks from 1 plugins" in run.debug_text()  # + SessionStart (issue 16)


def _bare_python(tmp_path: Path) -> Path:
    """A python3 with no pydantic or filelock: a venv without pip or site packages, first on PATH."""
    env_dir = tmp_path / "bare-python"
    venv.EnvBuilder(with_pip=False, system_site_packages=False, symlinks=True).create(env_dir)
    bin_dir = env_dir / "bin"
    probe = subprocess.run([str(bin_dir / "python3"), "-c", "import pydantic"], capture_output=True)
    assert probe.returncode != 0, "the bare python must not see pydantic"
    return bin_dir


def _offline_pip_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env.update({"PIP_CONFIG_FILE": os.devnull, "PIP_DISABLE_PIP_VERSION_CHECK": "1", **extra})
    return env


@pytest.fixture(scope="session")
def wheelhouse() -> Path:
    """pydantic and filelock wheels, downloaded once into .cache/wheels so the install test runs offline."""
    if not any(WHEELS.glob("pydantic-*.whl")) or not any(WHEELS.glob("filelock-*.whl")):
        WHEELS.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "-d", str(WHEELS),
                               "pydantic>=2,<3", "filelock>=3.12"], capture_output=True, text=True, timeout=300)
        require(proc.returncode == 0, "could not download pydantic/filelock wheels: " + proc.stderr[-500:])
    return WHEELS


def _write_draft(session, tmp_path: Path) -> Path:
    draft = tmp_path / "draft.json"
    draft.write_text(json.dumps(DRAFT))
    return draft


def test_write_path_installs_its_dependencies_into_the_plugin_data_folder(session, tmp_path, wheelhouse):
    bare_bin = _bare_python(tmp_path)
    data = tmp_path / "plugin-data"
    env = _offline_pip_env(PIP_NO_INDEX="1", PIP_FIND_LINKS=str(wheelhouse), CLAUDE_PLUGIN_DATA=str(data),
                           PATH=f"{bare_bin}{os.pathsep}{os.environ['PATH']}")
    proc = session.script("memory_write.py", "--action", "create", "--category", "preference",
                          "--target", ".claude/memory/preferences/tabs-in-makefiles.json",
                          "--input", str(_write_draft(session, tmp_path)), python="python3", env=env, timeout=400)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    progress = [l for l in proc.stderr.splitlines() if l.startswith("claude-memory:")]
    assert len(progress) == 1 and "first use of the memory writer" in progress[0], proc.stderr  # one line
    assert json.loads(proc.stdout.strip().splitlines()[-1])["id"] == "tabs-in-makefiles"
    assert (session.memory_root / "preferences" / "tabs-in-makefiles.json").exists()
    assert list((data / "venv" / "lib").glob("python3*/site-packages/pydantic"))

    # Second run: the venv is reused, no install.
    again = session.script("memory_index.py", "--validate", "--root", str(session.memory_root),
                           python="python3", env={**env, "PIP_FIND_LINKS": "/nonexistent"}, timeout=60)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "first use" not in again.stderr


def test_write_path_without_network_says_in_one_line_what_to_run(session, tmp_path):
    bare_bin = _bare_python(tmp_path)
    data = tmp_path / "plugin-data"
    env = _offline_pip_env(PIP_INDEX_URL="http://127.0.0.1:9/", PIP_RETRIES="0", PIP_TIMEOUT="2",
                           CLAUDE_PLUGIN_DATA=str(data), PATH=f"{bare_bin}{os.pathsep}{os.environ['PATH']}")
    proc = session.script("memory_write.py", "--action", "create", "--category", "preference",
                          "--target", ".claude/memory/preferences/tabs-in-makefiles.json",
                          "--input", str(_write_draft(session, tmp_path)), python="python3", env=env, timeout=400)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 2, proc.stderr  # the first-use progress line, then the one-line error
    assert lines[0].startswith("claude-memory: first use of the memory writer: installing") and "seconds" in lines[0]
    assert lines[1].startswith("memory_write.py: DEPENDENCY_ERROR")
    assert f"{data}/venv" in lines[1] and "pip install" in lines[1]
    assert not (session.memory_root / "preferences" / "tabs-in-makefiles.json").exists()
