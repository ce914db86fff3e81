"""Hooks start with ``python3 -S`` (no ``site``); the background work they fork gets ``site`` back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from claude_memory.devtools.hook_commands import hook_flags, script_argv
from locations import REPO, SCRIPTS

HOOK_SCRIPTS = sorted(hook_flags())


def test_every_hook_is_started_without_site():
    assert HOOK_SCRIPTS and all(hook_flags()[name] == ("-S",) for name in HOOK_SCRIPTS)


@pytest.mark.parametrize(("name", "expected"), [
    ("memory_write_guard.py", [sys.executable, "-S", str(SCRIPTS / "memory_write_guard.py")]),
    ("memory_write.py", [sys.executable, str(SCRIPTS / "memory_write.py"), "--help"]),  # run from Bash, not a hook
])
def test_script_argv_is_the_shipped_command(name, expected):
    args = ("--help",) if name == "memory_write.py" else ()
    assert script_argv(name, *args) == expected


def test_hook_flags_reads_another_plugin_root(tmp_path):
    (tmp_path / "hooks").mkdir()
    (tmp_path / "hooks" / "hooks.json").write_text(json.dumps({"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": 'python3 -X utf8 "${CLAUDE_PLUGIN_ROOT}/hooks/scripts/x.py"'}]}]}}))
    assert script_argv("x.py", python="py", plugin_root=str(tmp_path)) == [
        "py", "-X", "utf8", str(tmp_path / "hooks" / "scripts" / "x.py")]


def _site_packages(code: str, *flags: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run([sys.executable, *flags, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


HAS_SITE = "import sys; print(any(p.endswith('site-packages') for p in sys.path), end=' ')"


def test_restore_site_puts_site_packages_back_under_dash_s():
    code = f"{HAS_SITE}\nfrom claude_memory.core.deps import restore_site\nrestore_site()\n{HAS_SITE}"
    assert _site_packages(code, "-S") == "False True"


def test_restore_site_is_a_no_op_with_site():
    code = f"import sys; before = list(sys.path)\nfrom claude_memory.core.deps import restore_site\n" \
           f"restore_site(); print(sys.path == before)"
    assert _site_packages(code) == "True"


def test_background_work_of_a_site_free_hook_sees_site_packages(tmp_path):
    out = tmp_path / "seen"
    code = (f"import sys\nfrom claude_memory.recall.private import spawn\n"
            f"def work(path):\n    open(path, 'w').write(str(any(p.endswith('site-packages') for p in sys.path)))\n"
            f"print(any(p.endswith('site-packages') for p in sys.path), spawn({str(tmp_path / 'lock')!r}, work, {str(out)!r}))")
    assert _site_packages(code, "-S") == "False True"
    deadline = time.monotonic() + 30
    while not (out.exists() and out.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert out.read_text() == "True"
