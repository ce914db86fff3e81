"""Atomic file replacement, the one way every module writes a file whole.

A temp file in the same folder (``.<name>.<random>.tmp``, created exclusively, never through a
symlink), written, optionally fsynced, ``os.replace``d over the target, then the folder fsynced;
on any failure the temp file is removed and the target is untouched. ``os`` only (no ``tempfile``,
``pathlib`` or ``typing``): the Stop hook and the recall cache write through it on their hot paths.
"""

from __future__ import annotations

import os

__all__ = ["atomic_write_bytes", "atomic_write_text", "fsync_dir", "make_temp"]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def fsync_dir(folder) -> None:
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


def make_temp(folder: str, name: str, mode: int = 0o600) -> tuple[int, str]:
    """Create ``<folder>/.<name>.<random>.tmp`` exclusively; returns ``(fd, path)``."""
    for _ in range(16):
        tmp = os.path.join(folder, f".{name}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, mode), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"could not create a temp file in {folder}")


def atomic_write_bytes(path, data: bytes, *, mode: int = 0o644, durable: bool = True, on_step=None) -> None:
    """Replace ``path`` with ``data`` so readers see the old or the new file, never a mix.

    ``durable`` fsyncs the file and its folder (the store's records); private caches skip it.
    ``on_step`` (optional) is called with ``"after_temp_write"``, ``"before_replace"`` and
    ``"after_replace"`` (the store's crash-test fault points).
    """
    step = on_step or _no_step
    target = os.fspath(path)
    folder = os.path.dirname(target) or "."
    fd, tmp = make_temp(folder, os.path.basename(target))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if durable:
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
    if durable:
        fsync_dir(folder)


def atomic_write_text(path, text: str, *, mode: int = 0o644, durable: bool = True, on_step=None) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), mode=mode, durable=durable, on_step=on_step)


def _no_step(name: str) -> None:
    return None
