"""Run the real Claude Code CLI in print mode against a local model server.

Each run gets a private ``HOME`` (no user configuration leaks in), telemetry,
auto-update and nonessential traffic switched off, permissions skipped (so the
plugin's own guard is what stops a write) and a debug log file.
"""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from claude_memory.core import roots

__all__ = ["PLUGIN_ROOT", "PINNED_CLI", "PINNED_TOOLS", "find_cli", "cli_env", "CliRun", "run_claude",
           "run_plugin_command"]

PLUGIN_ROOT = Path(roots.PLUGIN_ROOT)
PINNED_CLI = PLUGIN_ROOT / ".cache" / "claude-code" / "node_modules" / ".bin" / "claude"

#: The tools the pinned CLI offers the model (read from a real request; the e2e suite checks it still
#: does). Skills, commands, agents and hook matchers may name only these.
PINNED_TOOLS = frozenset({
    "Agent", "Bash", "CronCreate", "CronDelete", "CronList", "Edit", "EnterWorktree", "ExitWorktree",
    "NotebookEdit", "Read", "ReportFindings", "ScheduleWakeup", "SendMessage", "Skill", "TaskCreate", "TaskGet",
    "TaskList", "TaskOutput", "TaskStop", "TaskUpdate", "WebFetch", "WebSearch", "Workflow", "Write",
})

# Variables of the developer's environment that must not reach the CLI under test.
_DROP_PREFIXES = ("CLAUDE", "ANTHROPIC", "OTEL_")


def find_cli() -> Path | None:
    """The pinned CLI installed by ``dev.sh``, or None."""
    return PINNED_CLI if PINNED_CLI.exists() else None


def cli_env(home: Path, base_url: str, extra: dict | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(_DROP_PREFIXES)}
    env.update({
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "IS_SANDBOX": "1",
        "ANTHROPIC_BASE_URL": base_url,
        "ANTHROPIC_API_KEY": "test",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "DISABLE_BUG_COMMAND": "1",
        "CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1",
        "NO_COLOR": "1",
    })
    env.update(extra or {})
    return env


@dataclass
class CliRun:
    args: list[str]
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    debug_log: Path

    def debug_text(self) -> str:
        try:
            return self.debug_log.read_text(errors="replace")
        except OSError:
            return ""

    def describe(self) -> str:
        tail = self.debug_text()[-4000:]
        return (f"claude exited {self.returncode} after {self.seconds:.1f}s\n--- stdout\n{self.stdout[-3000:]}"
                f"\n--- stderr\n{self.stderr[-3000:]}\n--- debug log (tail)\n{tail}")


def run_claude(cli: Path, prompt: str, *, project: Path, home: Path, base_url: str,
               plugin_dir: Path | None = PLUGIN_ROOT, extra_args: list[str] | None = None,
               env: dict | None = None, timeout: float = 90, debug_log: Path | None = None,
               permission_mode: str | None = None) -> CliRun:
    """``claude -p <prompt>`` in ``project``; returns what happened (never raises on a non-zero exit).

    Permissions are skipped unless ``permission_mode`` names one (default, acceptEdits, plan,
    bypassPermissions): then the CLI's own permission checks run as a user's would."""
    debug_log = debug_log or (home / f"claude-debug-{time.monotonic_ns()}.log")
    mode = ["--permission-mode", permission_mode] if permission_mode else ["--dangerously-skip-permissions"]
    args = [str(cli), "-p", prompt, *mode, "--debug-file", str(debug_log), "--model", "claude-sonnet-4-5"]
    if plugin_dir is not None:
        args += ["--plugin-dir", str(plugin_dir)]
    args += extra_args or []
    started = time.monotonic()
    proc = subprocess.run(args, cwd=str(project), env=cli_env(home, base_url, env), capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    return CliRun(args, proc.returncode, proc.stdout, proc.stderr, time.monotonic() - started, debug_log)


def run_plugin_command(cli: Path, *args: str, home: Path, cwd: Path, base_url: str = "http://127.0.0.1:9",
                       timeout: float = 60) -> subprocess.CompletedProcess:
    """``claude plugin ...`` (marketplace add, install, list) in the private ``HOME``."""
    return subprocess.run([str(cli), "plugin", *args], cwd=str(cwd), env=cli_env(home, base_url),
                          capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
