"""The store's layout: every file and folder name, the private staging place and the size limits.

One home for these facts; every module asks here. ``os`` only, so that every hook can import it
for free.
"""

import os

__all__ = [
    "MEMORY_PARTS", "MEMORY_DIRNAME", "STAGING_DIRNAME", "INDEX_NAME", "CONFIG_NAME", "LOCK_NAME",
    "MAX_MEMORY_BYTES", "session_key", "staging_path", "session_staging", "GITIGNORE_NAME", "INDEX_STAMP_NAME",
    "GIT_IGNORED", "FOLDERS", "CATEGORIES", "CATEGORY_BY_FOLDER", "FOLDER_NAMES",
]

#: a project's store is ``<project>/.claude/memory``
MEMORY_PARTS = (".claude", "memory")
MEMORY_DIRNAME = os.path.join(*MEMORY_PARTS)
#: the private, per-user, git-ignored working folder inside the store (mode 0700)
STAGING_DIRNAME = ".staging"
INDEX_NAME = "index.md"
#: a project's override of ``memory-config.default.json``, inside the store
CONFIG_NAME = "memory-config.json"
LOCK_NAME = ".store.lock"
#: the store's own ignore file (written by the plugin in every clone where it runs)
GITIGNORE_NAME = ".gitignore"
#: in the staging place: when the derived index.md was last known to match the memory files
INDEX_STAMP_NAME = "index-stamp.json"
#: What git must never see, relative to the store: the private staging place (triage context
#: files, drafts, cursors, usage records, the recall cache), the lock, the derived index, temp
#: files of interrupted atomic writes, and the ignore file itself: every clone where the plugin
#: runs writes its own (only the plugin makes these files), so a pull that brings a teammate's
#: first memories never meets an untracked ignore file in its way.
GIT_IGNORED = (f"{STAGING_DIRNAME}/", "*.lock", INDEX_NAME, ".*.tmp", GITIGNORE_NAME)
#: The six categories: category name -> its folder under the store (:mod:`claude_memory.core.categories`
#: is where the code asks for these).
FOLDERS: dict[str, str] = {
    "session_summary": "sessions",
    "decision": "decisions",
    "runbook": "runbooks",
    "constraint": "constraints",
    "tech_debt": "tech-debt",
    "preference": "preferences",
}
CATEGORIES: tuple[str, ...] = tuple(FOLDERS)
CATEGORY_BY_FOLDER: dict[str, str] = {v: k for k, v in FOLDERS.items()}
FOLDER_NAMES: tuple[str, ...] = tuple(FOLDERS.values())
#: the largest memory file: the writer refuses a bigger draft, every reader skips a bigger file
MAX_MEMORY_BYTES = 512 * 1024

_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def session_key(session_id: object) -> str:
    """A session's folder name in the staging place: the id reduced to ``[A-Za-z0-9_-]``, at most
    64 characters, ``"nosession"`` when nothing is left."""
    text = session_id if isinstance(session_id, str) else ""
    return "".join(c for c in text if c in _KEY_CHARS)[:64] or "nosession"


def staging_path(root: str | os.PathLike, *parts: str) -> str:
    """``<root>/.staging/<parts...>`` as a string (creates nothing)."""
    return os.path.join(os.fspath(root), STAGING_DIRNAME, *parts)


def session_staging(root: str | os.PathLike, session_id: object) -> str:
    """``<root>/.staging/<session key>``: a session's context files and drafts (creates nothing)."""
    return staging_path(root, session_key(session_id))
