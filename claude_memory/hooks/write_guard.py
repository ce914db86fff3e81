"""PreToolUse: keep Claude's file tools and Bash out of the memory store.

Write, Edit, MultiEdit and NotebookEdit are denied when their path resolves
into the memory root (the staging place ``<root>/.staging/`` excepted); Bash
is denied when the command would write, move or delete there. The deny reason
names the plugin command to use instead. Exactly the plugin's own writer and
candidate calls (see :mod:`claude_memory.guard.own_call`) are approved with
``permissionDecision: "allow"`` so capture needs no approval prompt in any
permission mode but ``plan``; everything else, malformed input included, gets no
opinion (the usual permission flow decides; malformed input gets a note on stderr).

Hot path: standard library only, no config, no pydantic, no big files.
"""

from __future__ import annotations

import os
import sys

from claude_memory.guard import paths as guard_paths
from claude_memory.hooks import edge as hook_edge

__all__ = ["decide", "main", "FILE_TOOLS", "deny"]

#: file tool -> the tool_input key holding its path
FILE_TOOLS = {"Write": "file_path", "Edit": "file_path", "MultiEdit": "file_path", "NotebookEdit": "notebook_path"}


def _note(message: str) -> None:
    print(f"claude-memory: write guard: {message}", file=sys.stderr)


def deny(reason: str) -> dict:
    """The PreToolUse answer that blocks the tool call and tells Claude why."""
    return hook_edge.permission("deny", reason)


def allow(reason: str) -> dict:
    """The PreToolUse answer that approves the call without a prompt (only the plugin's own calls)."""
    return hook_edge.permission("allow", reason)


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _file_reason(tool: str, path: str, root: str, rel: str, session_id: object) -> str:
    from claude_memory.guard.advice import writer_advice

    return (f"claude-memory: {tool} on {_short(path)} was blocked: it is inside the memory store ({root}), "
            f"which only the plugin's scripts may change.\n{writer_advice(root, rel, session_id)}")


def _bash_reason(finding, root: str, session_id: object) -> str:
    from claude_memory.guard.advice import category_of, writer_advice

    parts = finding.target.replace("\\", "/").split("/")
    category = next((category_of(p) for p in parts if category_of(p)), None)
    return (f"claude-memory: Bash command blocked: {_short(finding.describe())} inside the memory store "
            f"({root}), which only the plugin's scripts may change. Reading it is fine.\n"
            f"{writer_advice(root, '', session_id, category)}")


def _decide_file(tool: str, tool_input: dict, cwd, roots, session_id) -> dict | None:
    path = tool_input.get(FILE_TOOLS[tool])
    if path is None and tool == "NotebookEdit":
        path = tool_input.get("file_path")
    if not isinstance(path, str) or not path or "\0" in path:
        _note(f"{tool} without a usable path; allowed")
        return None
    verdict, root, rel = guard_paths.locate(path, roots, cwd)
    if verdict != guard_paths.INSIDE:
        return None
    return deny(_file_reason(tool, path, root, rel, session_id))


def _decide_bash(tool_input: dict, cwd, roots, session_id, mode) -> dict | None:
    command = tool_input.get("command")
    if not isinstance(command, str):
        _note("Bash without a command string; allowed")
        return None
    if mode != "plan" and "memory_" in command:
        from claude_memory.guard.own_call import is_own_call

        if is_own_call(command, cwd=cwd or os.getcwd(), roots=roots):
            return allow("claude-memory: the plugin's own memory bookkeeping")
    from claude_memory.guard.bash import find_store_writes

    start = cwd if isinstance(cwd, str) and cwd else os.getcwd()
    for root in roots:
        findings = find_store_writes(
            command, os.path.abspath(root), start, dict(os.environ),
            resolve=os.path.realpath, folds_case=lambda r=root: guard_paths.fs_case_insensitive(r),
        )
        if findings:
            return deny(_bash_reason(findings[0], root, session_id))
    return None


def decide(payload: dict) -> dict | None:
    """The PreToolUse answer for one tool call: a deny, or None to allow silently."""
    tool = payload.get("tool_name")
    if not isinstance(tool, str) or (tool not in FILE_TOOLS and tool != "Bash"):
        return None
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, dict):
        _note(f"{tool} without a tool_input object; allowed")
        return None
    cwd = payload.get("cwd")
    if not isinstance(cwd, str) or not cwd or "\0" in cwd:
        cwd = None
    roots = guard_paths.memory_roots(cwd)
    session_id = payload.get("session_id")
    if tool == "Bash":
        return _decide_bash(tool_input, cwd, roots, session_id, payload.get("permission_mode"))
    return _decide_file(tool, tool_input, cwd, roots, session_id)


def main(argv: list[str] | None = None) -> int:
    from claude_memory.hooks.edge import run_hook

    return run_hook("memory_write_guard", decide)
