"""Captures waiting to be saved: the hand-off from the Stop hook to the next prompt.

A Stop hook that blocks is shown to the person as a red "Stop hook error" block, and
in ``claude -p`` its save flow replaces the printed answer. So triage never blocks:
when a turn produced something worth remembering, the Stop hook writes the context
files and ``<memory_root>/.staging/<session_key>/pending.json`` and stays silent. At
the next prompt (this session or a later one, interactive or ``-p``, any permission
mode but ``plan``) the UserPromptSubmit hook claims the newest pending capture and asks
Claude, in its context, to hand it to the plugin's ``memory-saver`` subagent in one
Agent call before answering. The subagent drafts and saves through the writer's
``--batch -`` call (approved by the guard, see :mod:`claude_memory.guard.own_call`);
the writer removes the pending file once every memory in it is settled.

``pending.json``::

    {"version": 1, "created": <unix time>, "attempts": 0, "key": "<session_key>",
     "categories": [{"category": "decision", "score": 0.82, "context_file": "/abs/context-decision.md"}]}

A capture is offered at most :data:`MAX_ATTEMPTS` times, then dropped (a model that
ignores it is not nagged on every prompt); one older than :data:`MAX_AGE_SECONDS` is
dropped unoffered. Standard library only (it runs on every prompt and every stop).
"""

from __future__ import annotations

import json
import os
import time

from claude_memory.triage.cursor import load_cursor, save_cursor

__all__ = ["PENDING_NAME", "MAX_ATTEMPTS", "MAX_AGE_SECONDS", "SAVER_AGENT", "pending_path", "write_pending",
           "find_pending", "claim", "clear", "request_text", "saver_prompt"]

PENDING_NAME = "pending.json"
MAX_ATTEMPTS = 2
MAX_AGE_SECONDS = 14 * 24 * 3600
#: The subagent that drafts and saves (agents/memory-saver.md, namespaced by the plugin's name).
SAVER_AGENT = "claude-memory:memory-saver"
_MAX_SCAN = 64  # session folders looked at per prompt (newest first by folder time)


def pending_path(staging: str, key: str) -> str:
    return os.path.join(staging, key, PENDING_NAME)


def write_pending(staging: str, key: str, categories: list[dict], *, now: float | None = None) -> str:
    """Record (or replace) this session's pending capture; returns its path."""
    path = pending_path(staging, key)
    previous = load_cursor(path)
    merged: dict[str, dict] = {}
    for row in (previous.get("categories") or []) + list(categories):
        if isinstance(row, dict) and isinstance(row.get("category"), str):
            merged[row["category"]] = row  # a later triage of the same category replaces the older row
    save_cursor(path, {"version": 1, "created": float(now if now is not None else time.time()), "attempts": 0,
                       "key": key, "categories": list(merged.values())})
    return path


def _valid(data: dict) -> bool:
    rows = data.get("categories")
    return isinstance(rows, list) and bool(rows) and all(
        isinstance(r, dict) and isinstance(r.get("category"), str) and isinstance(r.get("context_file"), str)
        for r in rows)


def find_pending(staging: str, *, now: float | None = None) -> list[tuple[str, dict]]:
    """Offerable pending captures under ``staging``, newest first; stale or spent ones are removed."""
    now = time.time() if now is None else now
    try:
        entries = [e for e in os.scandir(staging) if e.is_dir(follow_symlinks=False) and e.name != "cursors"]
    except OSError:
        return []
    entries.sort(key=lambda e: e.stat(follow_symlinks=False).st_mtime, reverse=True)
    found = []
    for entry in entries[:_MAX_SCAN]:
        path = os.path.join(entry.path, PENDING_NAME)
        if not os.path.isfile(path) or os.path.islink(path):
            continue
        data = load_cursor(path)
        created = data.get("created")
        attempts = data.get("attempts")
        fresh = isinstance(created, (int, float)) and now - created <= MAX_AGE_SECONDS
        if not _valid(data) or not fresh or not isinstance(attempts, int) or attempts >= MAX_ATTEMPTS:
            _remove(path)
            continue
        found.append((path, data))
    found.sort(key=lambda item: item[1]["created"], reverse=True)
    return found


def claim(path: str, data: dict) -> dict:
    """Count one offer of this capture (so it is not offered forever)."""
    data = {**data, "attempts": int(data.get("attempts") or 0) + 1}
    save_cursor(path, data)
    return data


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def clear(staging: str, key: str) -> bool:
    """Remove a settled capture: its pending file and the context files it names. True if one was there."""
    path = pending_path(staging, key)
    data = load_cursor(path)
    if not data and not os.path.exists(path):
        return False
    folder = os.path.realpath(os.path.join(staging, key))
    for row in data.get("categories") or []:
        context = row.get("context_file") if isinstance(row, dict) else None
        if isinstance(context, str) and os.path.dirname(os.path.realpath(context)) == folder:
            _remove(context)
    _remove(path)
    return True


def _names(data: dict) -> str:
    return ", ".join(r["category"] for r in data.get("categories") or [])


def saver_prompt(path: str, data: dict, *, writer: str, memory_root: str) -> str:
    """What the main conversation passes to the saver subagent (it reads everything else itself)."""
    return (f"Save the pending project memories ({_names(data)}) described in {path} "
            f"(memory root {memory_root}; writer {writer}).")


def not_saved_line(data: dict, memory_root: str) -> str:
    """One line saying that a capture already offered was not saved, and why (from the operations log);
    empty on the first offer."""
    if int(data.get("attempts") or 0) <= 1:
        return ""
    from claude_memory.core import oplog

    errors = oplog.write_errors_since(memory_root, float(data.get("created") or 0))
    why = (f"the writer refused it ({', '.join(dict.fromkeys(errors))})" if errors
           else "the saver was not run or did not reach the writer")
    return (f"claude-memory: the capture of {_names(data)} offered at an earlier prompt was not saved: {why}. "
            "Tell the user so in one short line, then retry it as below.\n")


def request_text(path: str, data: dict, *, plugin_root: str, memory_root: str) -> str:
    """The additionalContext that asks Claude to hand a pending capture to the saver subagent (after a
    first offer that saved nothing, led by one line that says so and why)."""
    writer = os.path.join(plugin_root, "hooks", "scripts", "memory_write.py")
    call = {"subagent_type": SAVER_AGENT, "description": f"Save project memory: {_names(data)}",
            "prompt": saver_prompt(path, data, writer=writer, memory_root=memory_root)}
    return (not_saved_line(data, memory_root)
            + "claude-memory: an earlier turn left things worth remembering. Before you answer the prompt, "
            "call the Agent tool once with exactly these arguments (silently: do not mention it, do not "
            "wait for or summarise its result beyond what the user asked):\n"
            + json.dumps(call, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")
            + "\nThen answer the user's prompt as if nothing else happened.")
