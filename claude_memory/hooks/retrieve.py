"""UserPromptSubmit: add the saved memories relevant to the prompt to Claude's context.

``decide(payload)`` finds the memory root from the payload's ``cwd`` (or
``$CLAUDE_PROJECT_DIR``), honours ``retrieval.enabled`` and ``retrieval.max_inject``, and
answers with one delimited block of at most ``max_inject`` memories, or None (nothing
injected) for greetings, off-topic prompts, a missing or empty store and broken files.
Standard library only: this runs before every prompt.
"""

from __future__ import annotations

import os

from ..hook_edge import run_hook

__all__ = ["decide", "main", "retrieval_settings", "memory_prefix", "memory_root", "MAX_INJECT_CAP"]

#: Whatever the config says, never inject more than this many memories.
MAX_INJECT_CAP = 20
DEFAULT_MAX_INJECT = 5


def retrieval_settings(config: dict) -> tuple[bool, int]:
    """(enabled, max_inject) from a loaded config, tolerating wrong types."""
    section = config.get("retrieval") if isinstance(config, dict) else None
    if not isinstance(section, dict):
        return True, DEFAULT_MAX_INJECT
    enabled = section.get("enabled", True)
    limit = section.get("max_inject", DEFAULT_MAX_INJECT)
    if isinstance(limit, bool) or not isinstance(limit, int):
        limit = DEFAULT_MAX_INJECT
    return enabled is not False, max(0, min(MAX_INJECT_CAP, limit))


def memory_prefix(root: str, project: str | None) -> str:
    """How injected paths start: ``.claude/memory`` for the usual layout, else the root itself."""
    root_abs = os.path.abspath(root)
    if project:
        rel = os.path.relpath(root_abs, os.path.abspath(project))
        if not rel.startswith(".."):
            return rel.replace(os.sep, "/")
    return "".join(c for c in root_abs if c.isprintable() and c not in "<>")


def memory_root(cwd: str | None) -> tuple[str, str]:
    """(memory root, project): the same answer as ``paths.default_memory_root``.

    Re-stated with ``os.path`` because ``paths`` pulls in dataclasses/inspect, a cost
    this per-prompt hook avoids: ``$CLAUDE_PROJECT_DIR/.claude/memory``, else the nearest
    ancestor of ``cwd`` holding a ``.claude/memory`` folder, else ``cwd``'s.
    """
    env = os.environ.get("CLAUDE_PROJECT_DIR")
    if env:
        return os.path.join(env, ".claude", "memory"), env
    start = os.path.abspath(cwd or os.getcwd())
    here = start
    while True:
        candidate = os.path.join(here, ".claude", "memory")
        if os.path.isdir(candidate):
            return candidate, here
        parent = os.path.dirname(here)
        if parent == here:
            return os.path.join(start, ".claude", "memory"), start
        here = parent


def _config(root: str) -> dict:
    """The merged config; without a project override only the defaults' retrieval section.

    ``config.load_config`` imports typing, copy and pathlib; most projects have no
    override, and then the defaults alone decide (read with json, which the answer needs anyway).
    """
    if os.path.lexists(os.path.join(root, "memory-config.json")):
        from ..config import load_config

        return load_config(root)
    import json

    defaults = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                            "memory-config.default.json")
    try:
        with open(defaults, encoding="utf-8") as fh:
            loaded = json.load(fh)
    except (OSError, ValueError):
        return {}
    return {"retrieval": loaded.get("retrieval")} if isinstance(loaded, dict) else {}


def decide(payload: dict) -> dict | None:
    prompt = payload.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        return None
    cwd = payload.get("cwd")
    root, project = memory_root(cwd if isinstance(cwd, str) and cwd else None)
    if not os.path.isdir(root):
        return None
    enabled, limit = retrieval_settings(_config(root))
    if not enabled or limit == 0:
        return None
    from ..recall import recall

    entries = recall(root, prompt, limit)
    if not entries:
        return None
    from ..recall.render import render

    return {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
                                   "additionalContext": render(entries, memory_prefix(root, project))}}


def main(argv: list[str] | None = None) -> int:
    return run_hook("memory_retrieve", decide)
