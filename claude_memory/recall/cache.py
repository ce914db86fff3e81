"""The recall cache: an immutable base index plus a small delta, kept under ``<root>/.staging/``.

Files (``marshal``, private to the user, each written to a temp file and renamed, never
read through a symlink; any that cannot be read, has another version or is not ours is
ignored):

- ``recall-index.bin`` (the *base*): an 8-byte header length, a header ``{"v", "id",
  "state", "maps"}``, the :mod:`index` body, then per category folder a section
  ``{slug: (mtime_ns, size, inode, doc number or -1)}``. ``state`` is per folder its
  signature ``(mtime_ns, inode)`` taken before it was listed, and whether it was *settled*.
  ``v`` includes the index format and ``text.TOKENIZER_VERSION``.
- ``recall-delta.bin`` (the *delta*, for one base ``id``): the current ``state`` of every
  folder, per folder the files whose stat differs from the base (``over``), the tombstoned
  base doc numbers and the entries (see :mod:`delta`) of new or changed memories.
- ``recall-docs.bin``: the parsed doc of every file with its stat, so a rebuild of the
  base re-reads only files that changed.
- ``recall-build.lock``: held (``flock``) by the one background builder.

A prompt ``lstat``\\ s the six folders and reads the base header and the (small) delta. A
writer replaces memory files by atomic rename, which changes the folder's mtime; for each
folder whose signature differs, or that was not settled, the prompt lists that folder,
compares each file's ``(mtime_ns, size, inode)`` with the base's (and the delta's), reads
only the files that differ, and saves the new delta. So a write costs the next prompt one
folder listing and one file, whatever the store's size. File-system clocks are coarse (two
renames within one tick leave a folder's mtime unchanged), so a folder changed less than
``UNSETTLED_NS`` before it was listed is listed again on the next prompt.

When the delta holds more than :func:`compact_limit` changes, the base is rebuilt: in the
prompt for a small store, else in a detached background process while prompts keep using
base + delta. With no base at all, a small store is built in the prompt; a larger one gets
a background build and, meanwhile, the prompt is ranked over the titles and tags of
``index.md`` (:func:`corpus.index_md_docs`: one file, bounded work).

This module is what a prompt loads (opening the base, the delta and the semantic table, checking the
folders); everything that builds or changes the cache lives in :mod:`.cache_build`, loaded only when
the cache must change (its names are reachable from here too).
"""

import marshal
import os

from claude_memory.core.layout import FOLDER_NAMES, STAGING_DIRNAME
from claude_memory.recall import text
from claude_memory.recall.index import INDEX_VERSION, RecallIndex
from claude_memory.recall.private import folder_sig as _folder_sig
from claude_memory.recall.private import READ_ERRORS
from claude_memory.recall.private import open_headed as _open_headed
from claude_memory.recall.private import pread as _pread
from claude_memory.recall.private import read_private as _read_private
from claude_memory.recall.private import staging as _staging
from claude_memory.recall.private import write_private as _write_private

__all__ = ["load_index", "compact_limit", "FOLDERS", "STAGING", "INDEX_FILE", "DELTA_FILE", "DOCS_FILE", "LOCK_FILE",
           "INLINE_MAX", "CACHE_VERSION"]

STAGING = STAGING_DIRNAME
INDEX_FILE = "recall-index.bin"
DELTA_FILE = "recall-delta.bin"
DOCS_FILE = "recall-docs.bin"
LOCK_FILE = "recall-build.lock"
#: Written by a builder that could not import the semantic extra (holds the base id it tried).
SEMANTIC_MARKER = "recall-semantic.none"
#: The semantic table (see :mod:`.semantic`).
SEMANTIC_FILE = "recall-semantic.bin"
#: ``MEMORY_SEMANTIC=0`` in the environment: prompts never start a semantic build.
SEMANTIC_ENV = "MEMORY_SEMANTIC"
CACHE_VERSION = (INDEX_VERSION, 2, getattr(text, "TOKENIZER_VERSION", 0))
#: A folder changed less than this long before it was listed may change again within the same tick.
UNSETTLED_NS = 2_000_000_000
#: Stores up to this many memory files are (re)built within the prompt (about 0.1-0.2 s).
INLINE_MAX = 200
#: Compaction when the delta holds more changes than 5% of the base, within these bounds.
COMPACT_MIN, COMPACT_MAX, COMPACT_SHARE = 8, 200, 0.05
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_OPEN: list[int] = []

#: the category folders' names (from :mod:`claude_memory.core.categories`)
FOLDERS = FOLDER_NAMES


def compact_limit(base_n: int) -> int:
    """How many changes (tombstones + entries) the delta may hold before the base is rebuilt."""
    return max(COMPACT_MIN, min(COMPACT_MAX, int(base_n * COMPACT_SHARE)))


class _Base:
    """The open base file: its header and lazily read index and folder maps."""

    def __init__(self, fd: int, header: dict, index: RecallIndex, start: int, size: int):
        self.fd, self.id, self.state, self.index = fd, header["id"], header["state"], index
        self._maps, self._start, self._size = header["maps"], start, size

    def folder_map(self, folder: str) -> dict:
        offset, length = self._maps[folder]
        if self._start + offset + length > self._size:
            raise ValueError("truncated")
        found = marshal.loads(_pread(self.fd)(self._start + offset, length))
        if not isinstance(found, dict):
            raise ValueError("not a folder map")
        return found


def _open_base(root: str) -> _Base | None:
    """The base, or None when missing or unusable. Only the headers are read here."""
    base = _open_headed(os.path.join(root, STAGING, INDEX_FILE), CACHE_VERSION, make=_make_base)
    if base is not None:
        _OPEN.append(base.fd)  # read lazily by the index for the rest of this process
    return base


def _make_base(fd: int, size: int, header: dict, read, start: int) -> _Base:
    state, maps = header["state"], header["maps"]
    if not isinstance(state, dict) or not isinstance(maps, dict) or set(state) != set(FOLDERS) \
            or set(maps) != set(FOLDERS):
        raise ValueError("not a base header")
    index = RecallIndex(lambda offset, length: read(start + offset, length))
    if index.serialized_size() > size - start:
        raise ValueError("truncated")
    return _Base(fd, header, index, start, size)


def release(fd: int) -> None:
    """Close one file this module opened for lazy reading (a base, a semantic table)."""
    if fd in _OPEN:
        _OPEN.remove(fd)
    os.close(fd)


def close_all() -> None:
    """Close every file opened for lazy reading: for long-lived callers (a benchmark running
    many prompts in one process); a hook simply exits. Indexes loaded before can no longer read."""
    while _OPEN:
        try:
            os.close(_OPEN.pop())
        except OSError:
            pass


def _load_delta(root: str, base_id) -> dict | None:
    """The delta of base ``base_id``, or None when missing, unusable or of another base."""
    data = _read_private(os.path.join(root, STAGING, DELTA_FILE))
    if not data:
        return None
    try:
        delta = marshal.loads(data)
        if not isinstance(delta, dict) or delta.get("v") != CACHE_VERSION or delta.get("base") != base_id:
            return None
        state, over, tomb, entries, vocab = (delta["state"], delta["over"], delta["tomb"], delta["entries"],
                                             delta["vocab"])
        if not (isinstance(state, dict) and set(state) == set(FOLDERS) and isinstance(over, dict)
                and isinstance(tomb, list) and all(isinstance(t, int) for t in tomb)
                and isinstance(entries, list) and isinstance(vocab, list)):
            return None
        if entries:
            from claude_memory.recall.delta import is_entry  # loaded anyway: a delta with entries is layered

            if not all(map(is_entry, entries)):
                return None
        return delta
    except READ_ERRORS:
        return None


def _wants_semantic(root: str, base: "_Base") -> bool:
    """True when no table exists for ``base`` and no builder found the extra missing for it."""
    data = _read_private(os.path.join(root, STAGING, SEMANTIC_MARKER))
    return data != repr(base.id).encode()


def load_index(root: str, *, use_cache: bool = True, prompt: str | None = None):
    """The recall index of the store at ``root`` (a :class:`RecallIndex` or a
    :class:`~.delta.LayeredIndex`), current with every write the store has seen.

    Without ``use_cache`` it is built in memory. With a ``prompt`` (the hook), a store too
    large to build within the prompt gets a background build instead and, until that
    lands, an index of index.md's lines for that prompt; without one it is built here.
    """
    root = str(root)
    if not use_cache:
        from claude_memory.recall.cache_build import build_base

        return build_base(root, save=False)
    base = _open_base(root)
    delta = None
    if base is not None:
        try:
            delta = _current_delta(root, base, _load_delta(root, base.id))
        except READ_ERRORS:
            try:  # a delta that looked right but was not: start it again from the base
                delta = _current_delta(root, base, None)
            except READ_ERRORS:  # a base whose folder maps cannot be read
                base = None
    if base is None:
        from claude_memory.recall import cache_build

        if prompt is not None and hasattr(os, "fork"):
            from claude_memory.recall import corpus

            if corpus.count_files(root, INLINE_MAX) > INLINE_MAX:
                cache_build.spawn_build(root)  # or one is already running
                return cache_build._fallback(root, prompt)
        return cache_build.build_base(root)
    if not delta or not (delta["tomb"] or delta["entries"]):
        return _with_semantic(root, base, base.index, prompt)
    if len(delta["tomb"]) + len(delta["entries"]) > compact_limit(base.index.n):
        from claude_memory.recall import cache_build

        if base.index.n <= INLINE_MAX or prompt is None:
            return cache_build.build_base(root)
        cache_build.spawn_build(root)
        prompt = None  # that builder also builds the semantic table
    from claude_memory.recall.delta import LayeredIndex

    layered = LayeredIndex(base.index, delta["tomb"], delta["entries"], vocab=delta["vocab"])
    return _with_semantic(root, base, layered, prompt)


def _with_semantic(root: str, base: "_Base", index, prompt: str | None):
    """``index`` with ``.semantic``: the base's semantic table, or None. A prompt that finds
    none asks a background builder for one (unless one found the extra missing for this base)."""
    table = None
    if os.path.exists(os.path.join(root, STAGING, SEMANTIC_FILE)):
        from claude_memory.recall.semantic import open_table

        table = open_table(root, base.id)
    if table is not None:
        _OPEN.append(table.fd)
    index.semantic = table
    if table is None and prompt is not None and os.environ.get(SEMANTIC_ENV) != "0" \
            and _wants_semantic(root, base):
        from claude_memory.recall.cache_build import spawn_build

        spawn_build(root, semantic_only=True)
    return index


def _current_delta(root: str, base: _Base, delta: dict | None) -> dict | None:
    """``delta`` brought up to date with the store (saved when it changed)."""
    expected = delta["state"] if delta else base.state
    stale = [f for f in FOLDERS if not expected[f][1] or expected[f][0] != _folder_sig(root, f)]
    if not stale:
        return delta
    from claude_memory.recall.cache_build import _refresh_delta

    fresh = _refresh_delta(root, base, delta, stale)
    if fresh != delta:
        try:
            _write_private(_staging(root), DELTA_FILE, marshal.dumps(fresh))
        except Exception:  # noqa: BLE001 - unsaved: the next prompt redoes this work
            pass
    return fresh
