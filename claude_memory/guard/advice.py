"""What the guards tell Claude to do instead: the exact plugin commands.

Pure string building. The plugin root is ``$CLAUDE_PLUGIN_ROOT`` when Claude
Code set it, else the folder this package was loaded from.
"""

from __future__ import annotations

import os

from claude_memory.core.categories import CATEGORY_BY_FOLDER
from claude_memory.core.layout import CONFIG_NAME, INDEX_NAME, session_key
from claude_memory.core.roots import plugin_root

__all__ = ["plugin_root", "session_key", "script_command", "writer_advice", "change_advice", "category_of",
           "HEREDOC"]


def script_command(script: str, *args: str) -> str:
    """``python3 "<plugin_root>/hooks/scripts/<script>" args...``"""
    path = os.path.join(plugin_root(), "hooks", "scripts", script)
    return " ".join([f'python3 "{path}"', *args])


def category_of(rel: str) -> str | None:
    """The category whose folder holds ``rel`` (a path below the memory root), if any."""
    head = rel.replace("\\", "/").split("/", 1)[0]
    return CATEGORY_BY_FOLDER.get(head)


#: The quoted here-document delimiter of the advised writer calls (quoted: its text is never expanded).
HEREDOC = "MEMORY_RECORD"


def _heredoc_call(*args: str) -> str:
    """A writer call reading its record from a quoted here-document: the one shape the guard approves
    without a prompt in every permission mode (:mod:`claude_memory.guard.own_call`), with no draft file
    (the CLI refuses Write and Edit under ``.claude/`` whatever a hook says)."""
    return "\n".join([script_command("memory_write.py", *args, "--input", "-", f"<<'{HEREDOC}'"),
                      "<the full memory record as JSON>", HEREDOC])


def writer_advice(root: str, rel: str, category: str | None = None) -> str:
    """The lines that tell Claude which plugin command to use for a path below the memory root."""
    rel = rel.replace(os.sep, "/")
    category = category or category_of(rel) or "<category>"
    store = f'"{root}"'
    lines = [
        "To save a memory: run the plugin's writer with the record on standard input (no draft file, no "
        "approval needed):",
        _heredoc_call("--action", "create", "--category", category, "--root", store),
    ]
    if rel == INDEX_NAME:
        lines.insert(0, "index.md is generated from the memory files; to repair it run: "
                     + script_command("memory_index.py", "--rebuild"))
    elif rel == CONFIG_NAME:
        lines.insert(0, "memory-config.json holds the user's settings: show the user the change to make and "
                     "let them edit it themselves.")
    if category_of(rel) and rel.endswith(".json"):
        lines += change_advice(root, os.path.join(root, rel), category)
    return "\n".join(lines)


def change_advice(root: str, target: str, category: str) -> list[str]:
    """The lines that tell Claude how to update or retire the memory at ``target`` (a path, or a
    placeholder such as ``<memory file>``) through the writer, in the shape the guard approves."""
    store, quoted = f'"{root}"', f'"{target}"'
    return [
        "To change this existing memory instead (the full merged record, and the MD5 of the file as you read it):",
        _heredoc_call("--action", "update", "--category", category, "--target", quoted, "--hash", "<md5>",
                      "--root", store),
        "To retire it: " + script_command("memory_write.py", "--action", "delete", "--category", category,
                                          "--target", quoted, "--reason", '"<why>"', "--root", store),
    ]
