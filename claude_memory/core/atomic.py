"""Atomic file replacement: temp file in the same folder, fsync, ``os.replace``, fsync the folder."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable

__all__ = ["atomic_write_bytes", "atomic_write_text", "fsync_dir"]


def fsync_dir(folder: str | os.PathLike) -> None:
    """Make a rename in ``folder`` durable (no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: str | os.PathLike, data: bytes, *, mode: int = 0o644,
                       on_step: Callable[[str], None] | None = None) -> None:
    """Replace ``path`` with ``data`` so readers see the old or the new file, never a mix.

    ``on_step`` (optional) is called with ``"after_temp_write"``, ``"before_replace"``
    and ``"after_replace"`` (the store's crash-test fault points).
    """
    step = on_step or _no_step
    target = Path(path)
    folder = target.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        step("after_temp_write")
        os.chmod(tmp, mode)
        step("before_replace")
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    step("after_replace")
    fsync_dir(folder)


def atomic_write_text(path: str | os.PathLike, text: str, *, mode: int = 0o644,
                      on_step: Callable[[str], None] | None = None) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), mode=mode, on_step=on_step)


def _no_step(name: str) -> None:
    return None
