"""UserPromptSubmit: offer the newest pending capture to Claude (see :mod:`claude_memory.triage.pending`).

``decide(payload)`` answers ``additionalContext`` asking for one Agent call to the plugin's
saver subagent, or None: no store, no pending capture, or ``permission_mode`` ``plan``
(nothing is saved while planning; the capture waits for the next prompt outside plan mode).
Standard library only, one folder listing when nothing is pending.
"""

from __future__ import annotations

import os

from claude_memory.core.layout import staging_path
from claude_memory.core.roots import PLUGIN_ROOT, find_memory_root_and_project
from claude_memory.hooks import edge as hook_edge

__all__ = ["decide", "main"]


def decide(payload: dict) -> dict | None:
    if payload.get("permission_mode") == "plan":
        return None
    cwd = payload.get("cwd")
    root, _project = find_memory_root_and_project(cwd if isinstance(cwd, str) and cwd else None)
    staging = staging_path(root)
    if not os.path.isdir(staging) or os.path.islink(staging):
        return None
    from claude_memory.triage import pending

    found = pending.find_pending(staging)
    if not found:
        return None
    path, data = found[0]
    data = pending.claim(path, data)
    text = pending.request_text(path, data, plugin_root=PLUGIN_ROOT, memory_root=root)
    return hook_edge.context("UserPromptSubmit", text)


def main(argv: list[str] | None = None) -> int:
    return hook_edge.run_hook("memory_capture", decide)
