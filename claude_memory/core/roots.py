"""The one rule for finding a project's memory root (``os.path`` only: every hook starts here).

``$CLAUDE_PROJECT_DIR/.claude/memory`` when that variable is set; else the nearest
ancestor of ``cwd`` (itself included) holding a ``.claude/memory`` folder; else
``<cwd>/.claude/memory``. ``cwd`` defaults to the process's working directory and
a relative one is made absolute against it.
"""

import os

__all__ = [
    "nearest_memory_root", "MEMORY_PARTS", "find_memory_root", "find_memory_root_and_project",
    "PLUGIN_ROOT", "plugin_root",
]

from claude_memory.core.layout import MEMORY_PARTS



def __getattr__(name: str):
    """``PLUGIN_ROOT``: the plugin's own folder (real path; ``claude_memory/core/roots.py`` is three
    levels below it), resolved on first use: the file-tool hook finds roots without it."""
    if name == "PLUGIN_ROOT":
        value = globals()["PLUGIN_ROOT"] = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def plugin_root() -> str:
    """``$CLAUDE_PLUGIN_ROOT`` when Claude Code set it, else the folder this package was loaded from."""
    return os.environ.get("CLAUDE_PLUGIN_ROOT") or globals().get("PLUGIN_ROOT") or __getattr__("PLUGIN_ROOT")


def nearest_memory_root(cwd: str | os.PathLike | None = None) -> tuple[str, str, bool]:
    """(root, project, found): the nearest ancestor of ``cwd`` with a ``.claude/memory`` folder,
    or ``cwd``'s own (not yet existing) root with ``found`` False. Ignores ``$CLAUDE_PROJECT_DIR``."""
    start = os.path.abspath(os.fspath(cwd) if cwd else os.getcwd())
    here = start
    while True:
        candidate = os.path.join(here, *MEMORY_PARTS)
        if os.path.isdir(candidate):
            return candidate, here, True
        parent = os.path.dirname(here)
        if parent == here:
            return os.path.join(start, *MEMORY_PARTS), start, False
        here = parent


def find_memory_root_and_project(cwd: str | os.PathLike | None = None, environ=None) -> tuple[str, str]:
    """(memory root, project folder it belongs to), both strings."""
    env = os.environ if environ is None else environ
    project = env.get("CLAUDE_PROJECT_DIR")
    if project:
        return os.path.join(project, *MEMORY_PARTS), project
    root, project, _ = nearest_memory_root(cwd)
    return root, project


def find_memory_root(cwd: str | os.PathLike | None = None, environ=None) -> str:
    """The memory root for ``cwd`` (see the module docstring)."""
    return find_memory_root_and_project(cwd, environ)[0]
