"""The store-wide lock: every write to a memory store happens while holding it.

One lock file per store, ``<root>/.store.lock`` (git-ignored via ``*.lock``). It
is filelock's ``FileLock``, which on POSIX is an ``flock(2)`` lock: the kernel
drops it when the holding process dies, even by SIGKILL, so a crashed writer
never wedges later ones. The lock file itself is left in place (harmless).

A lock that cannot be taken within the timeout is ``LOCK_TIMEOUT``; the caller
must then write nothing.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from claude_memory.core.errors import MemoryStoreError
from claude_memory.core.layout import LOCK_NAME

__all__ = ["LOCK_NAME", "TIMEOUT_ENV", "DEFAULT_TIMEOUT", "lock_path", "lock_timeout", "store_lock"]

TIMEOUT_ENV = "CLAUDE_MEMORY_LOCK_TIMEOUT"
DEFAULT_TIMEOUT = 10.0


def lock_path(root: str | os.PathLike) -> Path:
    return Path(root) / LOCK_NAME


def lock_timeout() -> float:
    """Seconds to wait for the lock: ``$CLAUDE_MEMORY_LOCK_TIMEOUT`` or 10."""
    raw = os.environ.get(TIMEOUT_ENV, "")
    try:
        value = float(raw)
    except ValueError:
        return DEFAULT_TIMEOUT
    return value if value >= 0 else DEFAULT_TIMEOUT


@contextmanager
def store_lock(root: str | os.PathLike, *, timeout: float | None = None) -> Iterator[Path]:
    """Hold the store lock of ``root`` for the ``with`` block (creates ``root`` if needed)."""
    import filelock  # write path only

    root_p = Path(root)
    root_p.mkdir(parents=True, exist_ok=True)
    wait = lock_timeout() if timeout is None else timeout
    lock = filelock.FileLock(str(lock_path(root_p)), timeout=wait)
    try:
        lock.acquire()
    except filelock.Timeout:
        raise MemoryStoreError(
            "LOCK_TIMEOUT",
            f"another writer has held the memory store lock {lock_path(root_p)} for more than {wait:g}s; "
            "nothing was written. Retry in a moment.",
        ) from None
    try:
        yield root_p
    finally:
        try:
            from claude_memory.store import integrity

            integrity.flush(root_p)  # the manifest of what this transaction wrote
        finally:
            lock.release()
