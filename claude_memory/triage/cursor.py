"""Per-session triage cursor: how far a transcript was triaged, and what it was.

Stored at ``<memory_root>/.staging/cursors/<session_key>.json``::

    {"offset": 12345, "inode": 987, "size": 12345, "head": 305419896,
     "metrics": {...activity since the last session summary...},
     "in_save_flow": false, "last_message": 123456789,
     "prior_text": "...the end of the last assistant text, redacted...",
     "support": {"runbook": {"symptom": 0.16}, ...supporting cues seen so far, per category...},
     "prior_options": ["room", "realm"], "options_open": false, "edited": true}

The file identity (inode, a checksum of the first bytes, and the size it had)
detects a transcript that was replaced or shrank: then triage starts over.
Written atomically (temp file + ``os.replace``); not fsynced, because losing a
cursor in a crash only means one extra triage. Standard library only, and on the
Stop hook's path: ``os`` strings (no pathlib), no ``re``, JSON through
:mod:`claude_memory.hooks.edge`'s C-accelerated helpers (no ``json``).
"""

from __future__ import annotations

import os
import zlib

from claude_memory.core.fastjson import dumps, loads
from claude_memory.core.atomic import atomic_write_text
from claude_memory.core.layout import session_key, staging_path
from claude_memory.core.roots import find_memory_root

__all__ = ["session_key", "memory_root", "staging_folder", "cursor_path", "load_cursor", "save_cursor",
           "head_checksum", "resume_offset", "HEAD_BYTES"]

HEAD_BYTES = 512


def memory_root(cwd: str | None) -> str:
    """The memory root for ``cwd``: :func:`claude_memory.core.roots.find_memory_root` (``os.path`` only;
    ``paths`` imports ``errors``, whose dataclasses pull ``inspect`` onto the Stop hook's path)."""
    return find_memory_root(cwd)


def staging_folder(root: str) -> str:
    """``<root>/.staging`` created 0700 as :func:`claude_memory.core.paths.staging_dir` does; raises
    ``OSError`` for a symlink, a non-folder or a folder owned by someone else."""
    staging = staging_path(root)
    if not os.path.isdir(staging) or os.path.islink(staging):
        from claude_memory.core.paths import staging_dir  # first use in this project: the shared helper (also writes .gitignore)

        try:
            return str(staging_dir(root))
        except Exception as exc:  # MemoryStoreError -> OSError for the hook's fail-open path
            raise OSError(str(exc)) from None
    st = os.lstat(staging)
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        raise OSError(f"staging place {staging} belongs to another user")
    if st.st_mode & 0o077:
        os.chmod(staging, 0o700)
    return staging


def cursor_path(staging: str | os.PathLike, key: str) -> str:
    """``<staging>/cursors/<key>.json`` (a string)."""
    return os.path.join(os.fspath(staging), "cursors", f"{key}.json")


def load_cursor(path: str | os.PathLike) -> dict:
    """The stored cursor, or ``{}`` when missing, unreadable, a symlink or not a JSON object."""
    try:
        if os.path.islink(path):
            return {}
        with open(path, encoding="utf-8") as fh:
            data = loads(fh.read())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_cursor(path: str | os.PathLike, cursor: dict) -> None:
    """Replace the cursor file atomically (0600, in a 0700 folder; no fsync: losing it costs only
    one extra triage)."""
    target = os.fspath(path)
    folder, name = os.path.split(target)
    folder = folder or "."
    if not os.path.isdir(folder):
        os.makedirs(folder, mode=0o700, exist_ok=True)
    if os.path.islink(folder):
        raise OSError(f"{folder} is a symlink")
    atomic_write_text(target, dumps(cursor, separators=(",", ":")), mode=0o600, durable=False)


def head_checksum(path: str | os.PathLike) -> int:
    """CRC32 of the first :data:`HEAD_BYTES` of ``path`` (0 when unreadable)."""
    try:
        with open(path, "rb") as fh:
            return zlib.crc32(fh.read(HEAD_BYTES))
    except OSError:
        return 0


def resume_offset(cursor: dict, *, inode: int, size: int, head: int) -> int:
    """Where to start reading: the stored offset when the file is still the same one, else 0.

    Same file = same inode, same checksum of its first bytes (once it had that
    many), and not shorter than when last read.
    """
    offset = cursor.get("offset")
    if not isinstance(offset, int) or isinstance(offset, bool) or offset < 0:
        return 0
    if cursor.get("inode") != inode or offset > size or size < int(cursor.get("size") or 0):
        return 0
    stored_head = cursor.get("head")
    if int(cursor.get("size") or 0) >= HEAD_BYTES and stored_head != head:
        return 0
    return offset
