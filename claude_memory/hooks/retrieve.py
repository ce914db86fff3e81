"""UserPromptSubmit: add the saved memories relevant to the prompt to Claude's context.

``decide(payload)`` finds the memory root from the payload's ``cwd`` (or
``$CLAUDE_PROJECT_DIR``), honours ``retrieval.enabled``, ``retrieval.max_inject`` and ``retrieval.max_inject_chars``, and
answers with one delimited block of at most ``max_inject`` memories (each with its gist), or None (nothing
injected) for greetings, off-topic prompts, a missing or empty store and broken files.
Standard library only: this runs before every prompt.
"""

import os

from claude_memory.core.config import hook_config
from claude_memory.hooks import edge as hook_edge
from claude_memory.hooks.edge import run_hook
from claude_memory.core.privacy import memory_enabled, recall_paused
from claude_memory.core.roots import find_memory_root_and_project
from claude_memory.recall.userstore import user_root

__all__ = ["decide", "main", "retrieval_settings", "char_budget", "memory_prefix", "memory_root"]


def retrieval_settings(config: dict) -> tuple[bool, int]:
    """(enabled, max_inject) from the checked config (:mod:`claude_memory.core.config` keeps every value
    in its type and bounds); an empty one (the defaults could not be read) turns recall off."""
    if not config or not memory_enabled(config):  # "enabled": false at the top: memory is off here
        return False, 0
    return config["retrieval"]["enabled"], config["retrieval"]["max_inject"]


def char_budget(config: dict) -> int:
    """``retrieval.max_inject_chars``: how many characters the injected block may take."""
    return config["retrieval"]["max_inject_chars"]


def memory_prefix(root: str, project: str | None) -> str:
    """How injected paths start: ``.claude/memory`` for the usual layout, else the root itself."""
    root_abs = os.path.abspath(root)
    if project:
        rel = os.path.relpath(root_abs, os.path.abspath(project))
        if not rel.startswith(".."):
            return rel.replace(os.sep, "/")
    return "".join(c for c in root_abs if c.isprintable() and c not in "<>")


def memory_root(cwd: str | None) -> tuple[str, str]:
    """(memory root, project): :func:`claude_memory.core.roots.find_memory_root_and_project` (``os.path`` only)."""
    return find_memory_root_and_project(cwd)


def _config(root: str) -> dict:
    """The config's retrieval section via :func:`claude_memory.core.config.hook_config` (without a project
    override only the defaults are parsed); ``{}`` when the defaults cannot be read."""
    try:
        return hook_config(root, ("retrieval", "enabled", "usage"))
    except (OSError, ValueError):
        return {}


def decide(payload: dict) -> dict | None:
    prompt = payload.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip() or recall_paused():
        return None
    cwd = payload.get("cwd")
    root, project = memory_root(cwd if isinstance(cwd, str) and cwd else None)
    user = user_root()  # the user-level store, read beside the project's (see userstore)
    has_project = os.path.isdir(root)
    has_user = os.path.isdir(user) and os.path.abspath(user) != os.path.abspath(root)
    if not has_project and not has_user:
        return None
    config = _config(root)
    enabled, limit = retrieval_settings(config)
    if not enabled or limit == 0:
        return None
    from claude_memory.recall import recall
    from claude_memory.recall.usage import after_recall

    session_id = payload.get("session_id")
    seen, notes = after_recall(root, session_id) if has_project else (set(), lambda entries: {})
    # a session is never given the same project memory twice: ask for as many more as it has seen
    entries = [e for e in (recall(root, prompt, limit + len(seen)) if has_project else [])
               if f"{e[1]}/{e[2]}" not in seen][:limit]
    if has_user:
        from claude_memory.recall.userstore import combine, render_both

        entries, extra = combine(entries, recall(user, prompt, limit), limit)
        if not entries and not extra:
            return None
        text = render_both(entries, extra, memory_prefix(root, project), memory_prefix(user, None), char_budget(config),
                           notes=notes(entries))
    else:
        if not entries:
            return None
        from claude_memory.recall.render import render

        text = render(entries, memory_prefix(root, project), char_budget(config), notes=notes(entries))
    if entries:
        from claude_memory.recall.usage import record, usage_settings

        log_enabled, max_bytes = usage_settings(config)
        record(root, session_id, "prompt", [f"{e[1]}/{e[2]}" for e in entries], max_bytes=max_bytes,
               log=log_enabled)
    return hook_edge.context("UserPromptSubmit", text)


def main(argv: list[str] | None = None) -> int:
    return run_hook("memory_retrieve", decide)
