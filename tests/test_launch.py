"""The shared launcher of the entry scripts (``hooks/scripts/_launch.py``): the plugin's own
bytecode under ``PYTHONDONTWRITEBYTECODE=1``, and nothing else's (issue 15/16 speed).

Each test copies the plugin without any ``__pycache__`` and runs it in a fresh interpreter, as
Claude Code does; ``python -v`` says where each module's code came from."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from locations import REPO

TAG = sys.implementation.cache_tag
READ = {"tool_name": "Read", "tool_input": {"file_path": "/nowhere/x.py"}, "cwd": "/", "hook_event_name": "PreToolUse"}


@pytest.fixture
def plugin(tmp_path: Path) -> Path:
    root = tmp_path / "plugin"
    for name in ("claude_memory", "hooks"):
        shutil.copytree(REPO / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "memory-config.default.json", root)
    return root


def _env(project: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "PYTHON"))}
    env.update(PYTHONDONTWRITEBYTECODE="1", CLAUDE_PROJECT_DIR=str(project), **extra)
    return env


def _run(plugin: Path, script: str, payload: dict, env: dict, *, verbose: bool = False):
    argv = [sys.executable, *(["-v"] if verbose else []), str(plugin / "hooks" / "scripts" / script)]
    return subprocess.run(argv, input=json.dumps(payload).encode(), capture_output=True, env=env, timeout=60)


def _compiled_from_source(stderr: bytes, plugin: Path) -> list[str]:
    """The plugin's modules this run compiled from source (``python -v``: ``code object from <x>.py``)."""
    lines = stderr.decode("utf-8", "replace").splitlines()
    return [x for x in lines if x.startswith(f"# code object from {plugin}/") and x.endswith(".py")]


@pytest.mark.parametrize("script, payload", [
    ("memory_write_guard.py", READ),
    ("memory_retrieve.py", {"prompt": "how do we deploy the billing service?", "cwd": "/",
                            "hook_event_name": "UserPromptSubmit"}),
])
def test_first_run_under_the_variable_caches_the_plugins_modules_for_the_next(plugin, project, script, payload):
    (project / ".claude" / "memory" / "decisions").mkdir(parents=True)
    env = _env(project)
    first = _run(plugin, script, payload, env, verbose=True)
    assert first.returncode == 0
    compiled = _compiled_from_source(first.stderr, plugin)
    assert any("/hooks/scripts/_launch.py" in x for x in compiled) and len(compiled) > 5
    assert (plugin / "claude_memory" / "hooks" / "__pycache__" / f"edge.{TAG}.pyc").is_file()
    assert (plugin / "hooks" / "scripts" / "__pycache__" / f"_launch.{TAG}.pyc").is_file()
    second = _run(plugin, script, payload, env, verbose=True)
    assert second.returncode == 0 and second.stdout == first.stdout
    # nothing is compiled twice (a module the first run did not need may still be compiled once now)
    assert not set(_compiled_from_source(second.stderr, plugin)) & set(compiled)
    assert f"code object from '{plugin}/claude_memory/hooks/__pycache__/edge.{TAG}.pyc'" in second.stderr.decode()


def test_only_the_plugins_own_modules_get_bytecode(plugin, tmp_path):
    """The variable still governs every module outside the plugin's folder."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "someone_elses.py").write_text("VALUE = 1\n")
    probe = (
        "import sys\n"
        f"sys.path[:0] = [{str(plugin / 'hooks' / 'scripts')!r}, {str(plugin)!r}, {str(outside)!r}]\n"
        "import _launch\n"
        "sys.meta_path.insert(0, _launch._own_finder()[0])\n"
        "sys.dont_write_bytecode = True\n"
        "import claude_memory.core.layout, someone_elses\n"
        "print(sys.dont_write_bytecode)\n"
    )
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=_env(tmp_path),
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "True"  # lifted only while a plugin module was compiled
    assert (plugin / "claude_memory" / "core" / "__pycache__" / f"layout.{TAG}.pyc").is_file()
    assert not (outside / "__pycache__").exists()


def test_without_the_variable_python_writes_bytecode_as_usual(plugin, project):
    env = _env(project)
    del env["PYTHONDONTWRITEBYTECODE"]
    assert _run(plugin, "memory_write_guard.py", READ, env).returncode == 0
    assert (plugin / "claude_memory" / "hooks" / "__pycache__" / f"write_guard.{TAG}.pyc").is_file()


def test_a_plugin_folder_that_cannot_be_written_is_only_slower(plugin, project, tmp_path):
    """Bytecode that cannot be written (here: a cache prefix below a regular file, which even root
    cannot create) is no error: the hook answers as usual and compiles again next time."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    (project / ".claude" / "memory" / "decisions").mkdir(parents=True)
    payload = {"prompt": "how do we deploy the billing service?", "cwd": str(project),
               "hook_event_name": "UserPromptSubmit"}
    readable = _run(plugin, "memory_retrieve.py", payload, _env(project))
    shutil.rmtree(plugin)
    for name in ("claude_memory", "hooks"):
        shutil.copytree(REPO / name, plugin / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "memory-config.default.json", plugin)
    env = _env(project, PYTHONPYCACHEPREFIX=str(blocker / "cache"))
    for _ in range(2):
        run = _run(plugin, "memory_retrieve.py", payload, env, verbose=True)
        assert run.returncode == 0 and run.stdout == readable.stdout
        assert "Traceback" not in run.stderr.decode() and "claude-memory:" not in run.stderr.decode()
        assert _compiled_from_source(run.stderr, plugin)  # compiled every time
    assert not list(plugin.rglob("*.pyc"))


def test_hooks_collect_garbage_less_often(plugin, project):
    """A hook's process lives for milliseconds: the first generation's threshold is raised."""
    (plugin / "claude_memory" / "gc_probe.py").write_text(
        "import gc\n\ndef main(argv):\n    print(gc.get_threshold()[0])\n    return 0\n")
    (plugin / "hooks" / "scripts" / "gc_probe.py").write_text(
        "from _launch import run\nrun(\"claude_memory.gc_probe\")\n")
    proc = subprocess.run([sys.executable, str(plugin / "hooks" / "scripts" / "gc_probe.py")], capture_output=True,
                          text=True, env=_env(project), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert int(proc.stdout) >= 10_000


@pytest.mark.parametrize("variable", [True, False], ids=["DONTWRITE", "writes-bytecode"])
def test_bytecode_a_read_only_plugin_cannot_hold_goes_to_the_plugin_data_folder(plugin, project, tmp_path, variable):
    """A FILE named ``__pycache__`` in each of the plugin's folders: nothing can be written beside the
    sources (even by root). The first run compiles and leaves the bytecode in
    ``${CLAUDE_PLUGIN_DATA}/pycache``; later runs compile none of the plugin's modules."""
    for folder in {p.parent for p in plugin.rglob("*.py")}:
        (folder / "__pycache__").write_text("")
    (project / ".claude" / "memory" / "decisions").mkdir(parents=True)
    data = tmp_path / "data"
    env = _env(project, CLAUDE_PLUGIN_DATA=str(data))
    if not variable:
        del env["PYTHONDONTWRITEBYTECODE"]
    payload = {"prompt": "how do we deploy the billing service?", "cwd": str(project),
               "hook_event_name": "UserPromptSubmit"}
    first = _run(plugin, "memory_retrieve.py", payload, env, verbose=True)
    assert first.returncode == 0 and "Traceback" not in first.stderr.decode()
    compiled = [x for x in _compiled_from_source(first.stderr, plugin) if "/claude_memory/" in x]
    assert len(compiled) > 5
    assert list((data / "pycache").rglob(f"edge.{TAG}.pyc"))
    second = _run(plugin, "memory_retrieve.py", payload, env, verbose=True)
    assert second.returncode == 0 and second.stdout == first.stdout
    # nothing is compiled twice (a module the first run did not need may still be compiled once now)
    assert not set(_compiled_from_source(second.stderr, plugin)) & set(compiled)
    third = _run(plugin, "memory_retrieve.py", payload, env, verbose=True)
    assert not [x for x in _compiled_from_source(third.stderr, plugin) if "/claude_memory/" in x]
    assert not [p for p in plugin.rglob("*.pyc")]  # nothing beside the sources


@pytest.mark.parametrize("argv, code", [(["3"], 3), ([], 0)])
def test_the_process_ends_with_mains_code_and_everything_printed(plugin, project, argv, code):
    """The launcher skips the interpreter's shutdown (``exit_now``) but flushes what ``main`` wrote."""
    (plugin / "claude_memory" / "exit_probe.py").write_text(
        "import sys\n\ndef main(argv):\n    sys.stdout.write('no newline at the end ' * 500)\n"
        "    sys.stderr.write('and on stderr')\n    return int(argv[0]) if argv else None\n")
    (plugin / "hooks" / "scripts" / "exit_probe.py").write_text(
        "from _launch import run\nrun(\"claude_memory.exit_probe\")\n")
    proc = subprocess.run([sys.executable, str(plugin / "hooks" / "scripts" / "exit_probe.py"), *argv],
                          capture_output=True, text=True, env=_env(project), timeout=60)
    assert proc.returncode == code
    assert proc.stdout == "no newline at the end " * 500 and proc.stderr == "and on stderr"


def _probe(plugin: Path, value: int) -> Path:
    source = plugin / "claude_memory" / "value_probe.py"
    source.write_text(f"def main(argv):\n    print({value})\n    return 0\n")
    (plugin / "hooks" / "scripts" / "value_probe.py").write_text("from _launch import run\nrun(\"claude_memory.value_probe\")\n")
    return source


def _value(plugin: Path, project: Path, **env: str) -> str:
    proc = subprocess.run([sys.executable, str(plugin / "hooks" / "scripts" / "value_probe.py")], capture_output=True,
                          text=True, env={**_env(project), **env}, timeout=60)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout.strip()


@pytest.mark.parametrize("change", ["edited source", "same size, older mtime", "other magic"])
def test_the_plugins_bytecode_is_used_only_while_it_matches_its_source(plugin, project, change):
    """The launcher reads a plugin module's ``__pycache__`` file itself (one read), with the checks
    the usual loader makes: anything stale or broken is compiled from source again."""
    source = _probe(plugin, 1)
    assert _value(plugin, project) == "1"
    pyc = plugin / "claude_memory" / "__pycache__" / f"value_probe.{TAG}.pyc"
    assert pyc.is_file()
    stamp = source.stat().st_mtime
    if change == "edited source":
        source.write_text(source.read_text().replace("print(1)", "print(22)"))
        os.utime(source, (stamp + 10, stamp + 10))
        expected = "22"
    elif change == "same size, older mtime":
        source.write_text(source.read_text().replace("print(1)", "print(3)"))
        os.utime(source, (stamp - 10, stamp - 10))
        expected = "3"
    else:
        pyc.write_bytes(b"\x00\x00\x0d\x0a" + pyc.read_bytes()[4:])
        expected = "1"
    assert _value(plugin, project) == expected
    assert _value(plugin, project, PYTHONDONTWRITEBYTECODE="") == expected
