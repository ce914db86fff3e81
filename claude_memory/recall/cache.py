"""The recall cache: the index of a store, kept under ``<root>/.staging/`` between prompts.

Two files, both ``marshal`` (fast to load, written atomically, private to the user):

- ``recall-index.bin``: an 8-byte header length, a small header ``{"v", "sig"}`` and the
  :mod:`index` body. Loaded on every prompt after a cheap validation.
- ``recall-docs.bin``: per memory file its ``(mtime_ns, size, inode)`` and parsed
  :mod:`corpus` Doc (or None when unusable), so a refresh re-reads only changed files.

Validation per prompt: ``stat`` of ``index.md`` and of the six category folders. The
writer replaces memory files by atomic rename, which changes the folder's mtime (and the
file's inode), and rewrites ``index.md``; so a retired, archived or retitled memory is
seen on the next prompt. When a folder's mtime is too recent to trust (file-system clocks
are coarse: two renames within one tick leave it unchanged), the signature is saved as
"unsettled" and the next prompt rescans the files' stats instead of trusting it. A cache
that cannot be read, has another version or is not ours is ignored and rebuilt.
"""

from __future__ import annotations

import marshal
import os
import stat
import time

from .index import INDEX_VERSION, RecallIndex, build

__all__ = ["load_index", "store_signature", "INDEX_FILE", "DOCS_FILE", "STAGING"]

STAGING = ".staging"
INDEX_FILE = "recall-index.bin"
DOCS_FILE = "recall-docs.bin"
INDEX_MD = "index.md"
CACHE_VERSION = (INDEX_VERSION, 1)
#: A folder or index.md changed less than this long ago may change again within the same tick.
UNSETTLED_NS = 2_000_000_000
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_OPEN: list[int] = []


#: The category folders (the same as ``corpus.FOLDERS``; kept here so a prompt with a valid
#: cache never imports the corpus reader).
FOLDERS = ("sessions", "decisions", "runbooks", "constraints", "tech-debt", "preferences")


def _folder_signature(root: str, folder: str):
    try:
        st = os.lstat(os.path.join(root, folder))
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_ino) if stat.S_ISDIR(st.st_mode) else None


def store_signature(root: str) -> tuple:
    """What must stay equal for the cache to stay valid: index.md and the six folders."""
    try:
        st = os.lstat(os.path.join(root, INDEX_MD))
        index_sig = (st.st_mtime_ns, st.st_size, st.st_ino)
    except OSError:
        index_sig = None
    return (index_sig,) + tuple(_folder_signature(root, f) for f in FOLDERS)


def _settled(sig: tuple, now_ns: int) -> bool:
    for part in sig:
        if part is not None and now_ns - part[0] < UNSETTLED_NS:
            return False
    return True


def _read_private(path: str) -> bytes | None:
    """The file's bytes when it is a regular file owned by us (never through a symlink)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
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


def _pread(fd: int):
    if hasattr(os, "pread"):
        return lambda offset, size: os.pread(fd, size, offset)

    def read(offset: int, size: int) -> bytes:  # pragma: no cover - platforms without pread
        os.lseek(fd, offset, os.SEEK_SET)
        return os.read(fd, size)

    return read


def _load_cached(root: str):
    """(saved signature, index) of the cache file, or (None, None) when unusable.

    Only the headers are read here; the index reads the rest of the open file on demand.
    """
    try:
        fd = os.open(os.path.join(root, STAGING, INDEX_FILE), os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None, None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            raise ValueError("not our cache")
        read = _pread(fd)
        head_len = int.from_bytes(read(0, 8), "little")
        if head_len > st.st_size - 8:
            raise ValueError("truncated")
        header = marshal.loads(read(8, head_len))
        if not isinstance(header, dict) or header.get("v") != CACHE_VERSION:
            raise ValueError("other version")
        base = 8 + head_len
        index = RecallIndex(lambda offset, size: read(base + offset, size))
        if index.serialized_size() > st.st_size - base:
            raise ValueError("truncated")
    except (OSError, ValueError, EOFError, TypeError, KeyError, IndexError, AttributeError, OverflowError, MemoryError):
        os.close(fd)
        return None, None
    _OPEN.append(fd)  # read lazily by the index for the rest of this process
    return header.get("sig"), index


def _load_docs(root: str) -> tuple[dict, dict]:
    data = _read_private(os.path.join(root, STAGING, DOCS_FILE))
    if data:
        try:
            saved = marshal.loads(data)
            if isinstance(saved, dict) and saved.get("v") == CACHE_VERSION:
                files, docs = saved["files"], saved["docs"]
                if isinstance(files, dict) and isinstance(docs, dict):
                    return files, docs
        except (ValueError, EOFError, TypeError, KeyError):
            pass
    return {}, {}


def _refresh(root: str, old_files: dict, old_docs: dict) -> tuple[dict, dict, bool]:
    """Stat every memory file; re-read only new or changed ones. (files, docs, changed)."""
    from . import corpus

    files: dict[str, dict] = {}
    docs: dict[str, object] = {}
    changed = set(old_files) != set(corpus.FOLDERS)
    for folder in corpus.FOLDERS:
        current = corpus.scan_folder(root, folder)
        previous = old_files.get(folder, {})
        files[folder] = current
        if current.keys() != previous.keys():
            changed = True
        for slug, key in current.items():
            name = folder + "/" + slug
            if previous.get(slug) == key and name in old_docs:
                docs[name] = old_docs[name]
                continue
            changed = True
            record = corpus.read_memory(root, folder, slug)
            docs[name] = corpus.make_doc(record, folder, slug) if record is not None else None
    return files, docs, changed


def _write_private(folder: str, name: str, data: bytes) -> None:
    tmp = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fd = -1
            fh.write(data)
        os.replace(tmp, os.path.join(folder, name))
    except BaseException:
        if fd >= 0:
            os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _save(root: str, sig: tuple, index: bytes, files: dict, docs: dict, write_docs: bool) -> None:
    try:
        from ..paths import staging_dir

        folder = str(staging_dir(root))
        if write_docs:
            _write_private(folder, DOCS_FILE, marshal.dumps({"v": CACHE_VERSION, "files": files, "docs": docs}))
        header = marshal.dumps({"v": CACHE_VERSION, "sig": sig})
        _write_private(folder, INDEX_FILE, len(header).to_bytes(8, "little") + header + index)
    except Exception:  # noqa: BLE001 - a cache we cannot write is only slower, never wrong
        return


def load_index(root: str, *, use_cache: bool = True) -> RecallIndex:
    """The recall index of the store at ``root``: from the cache when valid, else refreshed."""
    root = str(root)
    sig = store_signature(root)
    saved_sig, cached = _load_cached(root) if use_cache else (None, None)
    if cached is not None and saved_sig == sig:
        return cached
    old_files, old_docs = _load_docs(root) if use_cache else ({}, {})
    files, docs, changed = _refresh(root, old_files, old_docs)
    if changed or cached is None:
        blob = build([docs[name] for name in sorted(docs) if docs[name] is not None])
        index = RecallIndex.from_bytes(blob)
    else:
        blob, index = None, cached
    if use_cache:
        # A folder changed within the last tick may change again unseen: then save a
        # signature that never matches, so the next prompt rescans stats (cheap; files
        # are re-read only when their stat changed) instead of trusting the cache.
        after = store_signature(root)
        saved = sig if after == sig and _settled(sig, time.time_ns()) else ("unsettled",)
        if changed or saved != saved_sig or cached is None:
            if blob is None:
                blob = index.serialized()
            _save(root, saved, blob, files, docs, write_docs=changed or not old_docs)
    return index
