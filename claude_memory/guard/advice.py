"""What the guards tell Claude to do instead: the exact plugin commands.

Pure string building. The plugin root is ``$CLAUDE_PLUGIN_ROOT`` when Claude
Code set it, else the folder this package was loaded from.
"""

from __future__ import annotations

import os

from claude_memory.core.categories import CATEGORY_BY_FOLDER
from claude_memory.core.layout import CONFIG_NAME, INDEX_NAME, session_key, session_staging
from claude_memory.core.roots import plugin_root

__all__ = ["plugin_root", "session_key", "script_command", "writer_advice", "category_of"]







def script_command(script: str, *args: str) -> str:
    """``python3 "<plugin_root>/hooks/scripts/<script>" args...``"""
    path = os.path.join(plugin_root(), "hooks", "scripts", script)
    return " ".join([f'python3 "{path}"', *args])


def category_of(rel: str) -> str | None:
    """The category whose folder holds ``rel`` (a path below the memory root), if any."""
    head = rel.replace("\\", "/").split("/", 1)[0]
    return CATEGORY_BY_FOLDER.get(head)


def writer_advice(root: str, rel: str, session_id: object, category: str | None = None) -> str:
    """The lines that tell Claude which plugin command to use for a path below the memory root."""
    rel = rel.replace(os.sep, "/")
    category = category or category_of(rel) or "<category>"
    draft = os.path.join(session_staging(root, session_id), f"draft-{category}.json")
    lines = [
        f"To save a memory: write it as a JSON draft with the Write tool to {draft} (the staging place is "
        "allowed), then run:",
        "  " + script_command("memory_write.py", "--action", "create", "--category", category,
                              "--input", f'"{draft}"'),
    ]
    if rel == INDEX_NAME:
        lines.insert(0, "index.md is generated from the memory files; to repair it run: "
                     + script_command("memory_index.py", "--rebuild"))
    elif rel == CONFIG_NAME:
        lines.insert(0, "memory-config.json holds the user's settings: show the user the change to make and "
                     "let them edit it themselves.")
    if category_of(rel) and rel.endswith(".json"):
        target = os.path.join(root, rel)
        lines.append("To change this existing memory instead: "
                     + script_command("memory_write.py", "--action", "update", "--category", category,
                                      "--target", f'"{target}"', "--input", f'"{draft}"',
                                      "--hash", "<md5 of the file as you read it>"))
        lines.append("To retire it: "
                     + script_command("memory_write.py", "--action", "delete", "--category", category,
                                      "--target", f'"{target}"', "--reason", '"<why>"'))
    return "\n".join(lines)
