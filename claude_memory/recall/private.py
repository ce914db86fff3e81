"""Private files under ``<root>/.staging/``: read and written only as ours, never through a symlink.

The small primitives every cache of the staging place shares (the recall cache, the context
table, usage records): a folder's signature, reading a file only when it is a regular file
owned by us, writing one whole or not at all, ``pread``, the staging folder itself, and a
detached background worker. Standard library ``os``/``stat`` only: hooks import this.
"""

import marshal
import os
import stat
import time

from claude_memory.core.layout import STAGING_DIRNAME

__all__ = ["STAGING", "NOFOLLOW", "folder_sig", "is_ours", "read_private", "write_private", "pread", "open_headed", "READ_ERRORS",
           "staging",
           "spawn", "spawn_in_staging"]

STAGING = STAGING_DIRNAME
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NOFOLLOW = NOFOLLOW


def is_ours(st) -> bool:
    return stat.S_ISREG(st.st_mode) and (not hasattr(os, "getuid") or st.st_uid == os.getuid())


def read_private(path: str) -> bytes | None:
    """The file's bytes when it is a regular file owned by us (never through a symlink)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    try:
        if not is_ours(os.fstat(fd)):
            return None
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 22)
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


#: what reading a damaged or foreign file of ours can raise
READ_ERRORS = (OSError, ValueError, EOFError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
               MemoryError)


def open_headed(path: str, version, *, max_header: int | None = None, make=None):
    """Open one of our headed staging files (8-byte little-endian header length, a ``marshal``
    header dict whose ``"v"`` is ``version``, then the body) without following a symlink.

    Returns ``make(fd, size, header, read, start)`` (by default that tuple), with ``read(offset, size)``
    a ``pread`` and ``start`` where the body begins; None, with nothing left open, when the file is
    missing, not ours, truncated or of another version, or when ``make`` raises one of
    :data:`READ_ERRORS` (its checks of the header failed). The caller owns ``fd`` otherwise."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not is_ours(st):
            raise ValueError("not ours")
        read = pread(fd)
        head_len = int.from_bytes(read(0, 8), "little")
        if not 0 < head_len <= min(st.st_size - 8, max_header or st.st_size):
            raise ValueError("truncated")
        header = marshal.loads(read(8, head_len))
        if not isinstance(header, dict) or header.get("v") != version:
            raise ValueError("other version")
        if make is None:
            return fd, st.st_size, header, read, 8 + head_len
        return make(fd, st.st_size, header, read, 8 + head_len)
    except READ_ERRORS:
        os.close(fd)
        return None


def write_private(folder: str, name: str, data: bytes) -> None:
    """Write ``folder/name`` whole or not at all: readers never see half (a cache, so no fsync)."""
    from claude_memory.core.atomic import atomic_write_bytes

    atomic_write_bytes(os.path.join(folder, name), data, mode=0o600, durable=False)


def pread(fd: int):
    if hasattr(os, "pread"):
        return lambda offset, size: os.pread(fd, size, offset)

    def read(offset: int, size: int) -> bytes:  # pragma: no cover - platforms without pread
        os.lseek(fd, offset, os.SEEK_SET)
        return os.read(fd, size)

    return read


def staging(root: str) -> str:
    """``<root>/.staging``: as it is when it is already our private folder (the usual case,
    without importing ``paths``), else as ``paths.staging_dir`` makes it."""
    folder = os.path.join(root, STAGING)
    try:
        st = os.lstat(folder)
        if stat.S_ISDIR(st.st_mode) and stat.S_IMODE(st.st_mode) == 0o700 and \
                (not hasattr(os, "getuid") or st.st_uid == os.getuid()):
            return folder
    except OSError:
        pass
    from claude_memory.core.paths import staging_dir

    return str(staging_dir(root))



def folder_sig(root: str, folder: str):
    """(mtime_ns, inode) of a real category folder, or None when absent or a symlink."""
    try:
        st = os.lstat(os.path.join(root, folder))
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_ino) if stat.S_ISDIR(st.st_mode) else None


def spawn(lock_path: str, work, arg, delay: float = 0.0) -> bool:
    """Run ``work(arg)`` (after ``delay`` seconds) in a detached process unless one holding
    ``lock_path`` is already running.

    Double fork and ``setsid`` (the builder outlives the hook and is in no process group
    Claude Code waits for), standard streams on ``/dev/null`` (the hook's output pipe
    closes when the hook exits), lower priority, and an ``flock`` on ``lock``
    held for the worker's lifetime, so only one runs. False when none was started.
    """
    if not hasattr(os, "fork"):
        return False
    import fcntl

    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o600)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        pid = os.fork()
    except OSError:
        os.close(fd)
        return False
    if pid:
        os.close(fd)
        try:
            os.waitpid(pid, 0)
        except OSError:
            pass
        return True
    try:  # the child: never returns
        os.setsid()
        if os.fork():
            os._exit(0)
        null = os.open(os.devnull, os.O_RDWR)
        for target in (0, 1, 2):
            os.dup2(null, target)
        try:
            os.nice(10)
        except OSError:
            pass
        if delay > 0:
            time.sleep(delay)
        from claude_memory.core.deps import restore_site

        restore_site()  # hooks start with -S; the work may need what is installed in site-packages
        work(arg)
    finally:
        os._exit(0)


def spawn_in_staging(root: str, lock: str, work, delay: float = 0.0) -> bool:
    """:func:`spawn` ``work(root)`` holding ``<root>/.staging/<lock>``; False without a staging place."""
    try:
        lock_path = os.path.join(staging(root), lock)
    except Exception:  # noqa: BLE001 - no staging place: no background build
        return False
    return spawn(lock_path, work, root, delay)
