"""deps: where the write path's dependencies live and what is said when they cannot be installed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from claude_memory.core import deps


@pytest.mark.parametrize("env, root, expected", [
    ({"CLAUDE_PLUGIN_DATA": "/d/x"}, "/anywhere", "/d/x"),
    ({"HOME": "/h"}, "/h/.claude/plugins/cache/mkt/claude-memory/0.1.0", "/h/.claude/plugins/data/claude-memory-mkt"),
    ({"HOME": "/h", "CLAUDE_CONFIG_DIR": "/c"}, "/c/plugins/cache/m2/p/1.0", "/c/plugins/data/p-m2"),
    ({"HOME": "/h"}, "/src/checkout", "/h/.claude/plugins/data/claude-memory-inline"),
    ({"HOME": "/h", "CLAUDE_PLUGIN_DATA": ""}, "/src/checkout", "/h/.claude/plugins/data/claude-memory-inline"),
])
def test_plugin_data_dir_follows_claude_code_naming(env, root, expected):
    assert deps.plugin_data_dir(Path(root), env) == Path(expected)


def test_plugin_name_comes_from_the_manifest(tmp_path):
    (tmp_path / ".claude-plugin").mkdir()
    (tmp_path / ".claude-plugin" / "plugin.json").write_text('{"name": "other"}')
    assert deps.plugin_data_dir(tmp_path, {"HOME": "/h"}) == Path("/h/.claude/plugins/data/other-inline")


def test_install_command_is_one_shell_line_naming_the_venv():
    cmd = deps.install_command("/data dir/venv")
    assert "\n" not in cmd
    assert "'/data dir/venv'" in cmd and "pydantic" in cmd and "filelock" in cmd


def test_require_deps_is_silent_when_importable(capsys):
    assert deps.require_deps("memory_write.py") == 0
    assert capsys.readouterr().err == ""


def test_require_deps_prints_one_line_when_install_fails(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("CLAUDE_PLUGIN_DATA", str(tmp_path))
    monkeypatch.setattr(deps, "_missing", lambda: ["pydantic"])
    monkeypatch.setattr(deps, "_install", lambda venv: (_ for _ in ()).throw(OSError("no network")))
    assert deps.require_deps("memory_write.py") == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("memory_write.py: DEPENDENCY_ERROR: missing pydantic")
    assert deps.install_command(str(tmp_path / "venv")) in err


def test_existing_venv_site_packages_are_used_without_installing(monkeypatch, tmp_path):
    site = tmp_path / "venv" / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages"
    (site / "fakedep_for_test").mkdir(parents=True)
    (site / "fakedep_for_test" / "__init__.py").write_text("")
    monkeypatch.setenv("CLAUDE_PLUGIN_DATA", str(tmp_path))
    monkeypatch.setattr(deps, "_MODULES", ("fakedep_for_test",))
    monkeypatch.setattr(deps, "_install", lambda venv: pytest.fail("must not install"))
    monkeypatch.setattr(sys, "path", list(sys.path))
    deps.ensure_deps()
    assert str(site) in sys.path


def test_first_install_prints_one_progress_line_saying_what_why_and_how_long(monkeypatch, capsys, tmp_path):
    venv = str(tmp_path / "venv")
    calls = []
    monkeypatch.setattr(deps, "_missing", lambda: ["pydantic"] if not calls else [])
    monkeypatch.setattr(deps.subprocess, "run", lambda *a, **k: calls.append(a))
    deps._install(venv)
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert "installing pydantic and filelock" in lines[0] and venv in lines[0]  # what, where
    assert "first use" in lines[0] and "seconds" in lines[0]  # why, how long
    assert calls  # venv and pip really ran after the line
