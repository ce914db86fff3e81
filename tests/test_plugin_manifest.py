"""The plugin's manifests and hook wiring, checked by the real Claude Code validator and by reading them."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from locations import REPO

CLI = REPO / ".cache" / "claude-code" / "node_modules" / ".bin" / "claude"
HOOKS_JSON = REPO / "hooks" / "hooks.json"
SCRIPTS = REPO / "hooks" / "scripts"

EXPECTED_WIRING = {
    # event -> [(matcher or None, script)] in order
    "UserPromptSubmit": [(None, "memory_retrieve.py"), (None, "memory_capture.py")],
    "Stop": [(None, "memory_triage.py")],
    "PreToolUse": [("Read|Write|Edit|NotebookEdit|Bash", "memory_write_guard.py")],
    "SessionStart": [(None, "memory_session_start.py")],
    "PostToolUse": [("Write|Edit|NotebookEdit|Bash", "memory_validate_hook.py")],
}
# ``-S``: the hooks use the standard library only, so the interpreter skips ``site`` (README, "Hooks
# start without site"); tests/test_hook_imports.py keeps them stdlib-only.
COMMAND_RE = re.compile(r'^python3 -S "\$\{CLAUDE_PLUGIN_ROOT\}/hooks/scripts/(?P<script>[a-z_]+\.py)"$')


def _cli_or_skip() -> Path:
    if CLI.exists():
        return CLI
    message = f"pinned Claude Code CLI not installed at {CLI} (run ./dev.sh test)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


def _hook_entries():
    data = json.loads(HOOKS_JSON.read_text())
    for event, groups in data["hooks"].items():
        for group in groups:
            for hook in group["hooks"]:
                yield event, group.get("matcher"), hook


@pytest.mark.parametrize("target", [".", ".claude-plugin/plugin.json"])
def test_claude_plugin_validate_strict_passes(target):
    # `validate .` checks only marketplace.json when one exists; the plugin manifest path
    # also checks hooks/hooks.json, so both are run.
    proc = subprocess.run([str(_cli_or_skip()), "plugin", "validate", "--strict", target], cwd=REPO,
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Validation passed" in proc.stdout


@pytest.mark.parametrize("event", sorted(EXPECTED_WIRING))
def test_each_event_is_wired_to_its_script(event):
    entries = [(m, h) for e, m, h in _hook_entries() if e == event]
    assert all(h["type"] == "command" for _, h in entries)
    assert [(m, COMMAND_RE.match(h["command"]).group("script")) for m, h in entries] == EXPECTED_WIRING[event]


def test_only_the_expected_events_are_wired():
    assert set(json.loads(HOOKS_JSON.read_text())["hooks"]) == set(EXPECTED_WIRING)


@pytest.mark.parametrize("entry", list(_hook_entries()), ids=lambda e: e[0])
def test_every_hook_names_an_existing_script_with_timeout_and_status(entry):
    _, _, hook = entry
    match = COMMAND_RE.match(hook["command"])
    assert match, f"command must be python3 -S \"${{CLAUDE_PLUGIN_ROOT}}/hooks/scripts/<name>.py\": {hook['command']}"
    assert (SCRIPTS / match.group("script")).is_file()
    assert isinstance(hook.get("timeout"), int) and 1 <= hook["timeout"] <= 60
    assert hook.get("statusMessage", "").strip()


def test_manifest_does_not_list_the_auto_loaded_hooks_file():
    manifest = json.loads((REPO / ".claude-plugin" / "plugin.json").read_text())
    assert "hooks" not in manifest  # naming hooks/hooks.json again fails at run time ("Duplicate hooks file")


def test_marketplace_offers_only_the_plugin_folder():
    """The marketplace source is plugin/: links to the plugin's own parts, so an install from a
    developer's clone never copies .venv/, .cache/ or the tests (the e2e install test measures it)."""
    manifest = json.loads((REPO / ".claude-plugin" / "plugin.json").read_text())
    market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text())
    assert [(p["name"], p["source"]) for p in market["plugins"]] == [(manifest["name"], "./plugin")]
    shipped = REPO / "plugin"
    assert (shipped / ".claude-plugin" / "plugin.json").resolve() == (REPO / ".claude-plugin" / "plugin.json")
    names = {p.name for p in shipped.iterdir()}
    assert names == {".claude-plugin", "agents", "assets", "claude_memory", "commands", "hooks", "skills",
                     "memory-config.default.json", "README.md"}
    for name in names - {".claude-plugin"}:
        assert (shipped / name).resolve() == (REPO / name).resolve(), name


def _entry_scripts():
    return sorted(p for p in SCRIPTS.glob("*.py") if not p.name.startswith("_"))


def test_there_are_entry_scripts():
    assert _entry_scripts()


@pytest.mark.parametrize("script", _entry_scripts(), ids=lambda p: p.name)
def test_every_entry_script_is_two_lines(script):
    tree = ast.parse(script.read_text())
    body = tree.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    assert len(body) == 2, f"{script.name}: expected docstring + 2 statements"
    first, second = body
    assert isinstance(first, ast.ImportFrom) and first.module == "_launch"
    assert [a.name for a in first.names] == ["run"]
    assert isinstance(second, ast.Expr) and isinstance(second.value, ast.Call)
    call = second.value
    assert isinstance(call.func, ast.Name) and call.func.id == "run"
    assert len(call.args) == 1 and isinstance(call.args[0], ast.Constant)
    assert call.args[0].value.startswith("claude_memory.")
    assert all(k.arg == "needs_deps" and isinstance(k.value, ast.Constant) for k in call.keywords)
