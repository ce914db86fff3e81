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
"""

import marshal
import os
import stat
import time

from claude_memory.core.layout import FOLDER_NAMES, STAGING_DIRNAME
from claude_memory.recall import text
from claude_memory.recall.index import INDEX_VERSION, RecallIndex, build
from claude_memory.recall.private import folder_sig as _folder_sig
from claude_memory.recall.private import READ_ERRORS
from claude_memory.recall.private import open_headed as _open_headed
from claude_memory.recall.private import pread as _pread
from claude_memory.recall.private import read_private as _read_private
from claude_memory.recall.private import spawn_in_staging as _spawn
from claude_memory.recall.private import staging as _staging
from claude_memory.recall.private import write_private as _write_private

__all__ = ["load_index", "build_base", "build_semantic", "spawn_build", "compact_limit", "FOLDERS", "STAGING", "INDEX_FILE",
           "DELTA_FILE", "DOCS_FILE", "LOCK_FILE", "builder_running", "INLINE_MAX", "CACHE_VERSION"]

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


def _scan(root: str, folder: str) -> tuple[tuple, dict]:
    """((signature, settled), {slug: stat}) of one folder, listed between two signatures."""
    from claude_memory.recall import corpus

    before = _folder_sig(root, folder)
    files = corpus.scan_folder(root, folder)
    after = _folder_sig(root, folder)
    settled = before == after and (before is None or time.time_ns() - before[0] >= UNSETTLED_NS)
    return (before, settled), files


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
        for entry in entries:
            if not (isinstance(entry, tuple) and len(entry) == 8 and isinstance(entry[7], dict)):
                return None
        return delta
    except READ_ERRORS:
        return None


def _load_docs(root: str) -> tuple[dict, dict]:
    data = _read_private(os.path.join(root, STAGING, DOCS_FILE))
    if data:
        try:
            saved = marshal.loads(data)
            if isinstance(saved, dict) and saved.get("v") == CACHE_VERSION:
                files, docs = saved["files"], saved["docs"]
                if isinstance(files, dict) and isinstance(docs, dict):
                    return files, docs
        except READ_ERRORS:
            pass
    return {}, {}


def build_base(root: str, *, save: bool = True) -> RecallIndex:
    """Index every memory of the store from scratch (re-reading only files changed since the
    last build) and, with ``save``, write it as the new base (the old delta is dropped)."""
    from claude_memory.recall import corpus

    root = str(root)
    old_files, old_docs = _load_docs(root) if save else ({}, {})
    state, files, docs = {}, {}, {}
    changed = set(old_files) != set(FOLDERS)
    for folder in FOLDERS:
        state[folder], current = _scan(root, folder)
        files[folder] = current
        previous = old_files.get(folder, {})
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
    names = sorted(name for name, doc in docs.items() if doc is not None)
    body = build([docs[name] for name in names])
    if save:
        numbers = {name: i for i, name in enumerate(names)}
        sections, maps, offset = [body], {}, len(body)
        for folder in FOLDERS:
            blob = marshal.dumps({slug: key + (numbers.get(folder + "/" + slug, -1),)
                                  for slug, key in files[folder].items()})
            maps[folder] = (offset, len(blob))
            sections.append(blob)
            offset += len(blob)
        header = marshal.dumps({"v": CACHE_VERSION, "id": (time.time_ns(), os.getpid()), "state": state,
                                "maps": maps})
        try:
            staging = _staging(root)
            if changed or not old_docs:
                _write_private(staging, DOCS_FILE, marshal.dumps({"v": CACHE_VERSION, "files": files, "docs": docs}))
            _write_private(staging, INDEX_FILE, len(header).to_bytes(8, "little") + header + b"".join(sections))
            try:
                os.unlink(os.path.join(staging, DELTA_FILE))
            except OSError:
                pass
        except Exception:  # noqa: BLE001 - a cache we cannot write is only slower, never wrong
            pass
    return RecallIndex.from_bytes(body)


def _refresh_delta(root: str, base: _Base, delta: dict | None, stale: list[str]) -> dict:
    """The delta after re-listing the ``stale`` folders and reading the files that changed."""
    from claude_memory.recall import corpus
    from claude_memory.recall.delta import make_entries, sorted_vocab

    state = dict(delta["state"]) if delta else dict(base.state)
    over = {f: dict(v) for f, v in delta["over"].items()} if delta else {}
    tomb = set(delta["tomb"]) if delta else set()
    entries = list(delta["entries"]) if delta else []
    gone: set[tuple[str, str]] = set()
    new_docs = []
    for folder in stale:
        state[folder], current = _scan(root, folder)
        base_map = base.folder_map(folder)
        changes = over.setdefault(folder, {})
        known = {slug: value[:3] for slug, value in base_map.items()}
        for slug, key in changes.items():
            if key is None:
                known.pop(slug, None)
            else:
                known[slug] = key
        for slug in known.keys() | current.keys():
            key = current.get(slug)
            if known.get(slug) == key:
                continue
            in_base = base_map.get(slug)
            if in_base is not None and in_base[3] >= 0:
                tomb.add(in_base[3])
            gone.add((folder, slug))
            changes[slug] = key
            if key is not None:
                record = corpus.read_memory(root, folder, slug)
                doc = corpus.make_doc(record, folder, slug) if record is not None else None
                if doc is not None:
                    new_docs.append(doc)
        if not changes:
            del over[folder]
    entries = [e for e in entries if (e[1], e[2]) not in gone]
    if new_docs:
        index = base.index
        n = max(0, index.n - len(tomb)) + len(entries) + len(new_docs)
        entries += make_entries(new_docs, n=n, avg_len=index.avg_len if index.n else 0.0, newest=index.newest,
                                base_df=index.df, prior=entries)
    return {"v": CACHE_VERSION, "base": base.id, "state": state, "over": over, "tomb": sorted(tomb),
            "entries": entries, "vocab": sorted_vocab(entries)}


def _fallback(root: str, prompt: str):
    """An index of the lines of index.md that may match ``prompt`` (no cache yet)."""
    from claude_memory.recall import corpus
    from claude_memory.recall.delta import LayeredIndex, make_entries

    docs, total = corpus.index_md_docs(root, prompt)
    return LayeredIndex(None, (), make_entries(docs, n=total, avg_len=0.0, newest=0.0), n=total if docs else 0)


def builder_running(root: str | os.PathLike) -> bool:
    """True while a background builder holds ``recall-build.lock`` (a probe; takes nothing)."""
    import fcntl

    try:
        fd = os.open(os.path.join(os.fspath(root), STAGING, LOCK_FILE), os.O_RDWR | _NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)  # closing drops the probe's own lock, if it got one


def build_semantic(root: str, *, enabled: bool = True, install: bool = False) -> bool:
    """Build the semantic table for the current base where the optional extra imports: in this
    interpreter, or with the write path's venv (``deps.venv_dir``) on ``sys.path`` (with
    ``install``, the background builder first pip-installs it there when missing). When it
    imports nowhere (or not ``enabled``), leave a marker naming the base, so prompts stop
    asking for one. True when a table was written."""
    from claude_memory.recall import semantic_build

    if enabled:
        if not semantic_build.available():
            try:
                from claude_memory.core.deps import _add_site_packages, install_semantic, venv_dir

                _add_site_packages(venv_dir())
                if install and not semantic_build.available():
                    install_semantic()
            except Exception:  # noqa: BLE001 - no venv, no network: lexical recall only
                pass
        try:
            if semantic_build.write_table(root):
                return True
        except Exception:  # noqa: BLE001 - the table is an optional extra; recall works without it
            pass
    base = _open_base(root)
    if base is not None:
        release(base.fd)
        try:
            staging = _staging(root)
            try:
                os.unlink(os.path.join(staging, SEMANTIC_FILE))
            except OSError:
                pass
            _write_private(staging, SEMANTIC_MARKER, repr(base.id).encode())
        except Exception:  # noqa: BLE001
            pass
    return False


def _wants_semantic(root: str, base: "_Base") -> bool:
    """True when no table exists for ``base`` and no builder found the extra missing for it."""
    data = _read_private(os.path.join(root, STAGING, SEMANTIC_MARKER))
    return data != repr(base.id).encode()


def spawn_build(root: str, *, semantic_only: bool = False) -> bool:
    """Start :func:`build_base` (unless ``semantic_only``), then :func:`build_semantic`, in a detached
    process unless one is already running (:func:`.private.spawn_in_staging` holding
    ``recall-build.lock``: double fork, ``setsid``, streams on ``/dev/null``, lower priority). False
    when none was started."""
    def work(target: str) -> None:
        if not semantic_only:
            build_base(target)
        build_semantic(target, install=True)

    return _spawn(root, LOCK_FILE, work)


def load_index(root: str, *, use_cache: bool = True, prompt: str | None = None):
    """The recall index of the store at ``root`` (a :class:`RecallIndex` or a
    :class:`~.delta.LayeredIndex`), current with every write the store has seen.

    Without ``use_cache`` it is built in memory. With a ``prompt`` (the hook), a store too
    large to build within the prompt gets a background build instead and, until that
    lands, an index of index.md's lines for that prompt; without one it is built here.
    """
    root = str(root)
    if not use_cache:
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
        if prompt is not None and hasattr(os, "fork"):
            from claude_memory.recall import corpus

            if corpus.count_files(root, INLINE_MAX) > INLINE_MAX:
                spawn_build(root)  # or one is already running
                return _fallback(root, prompt)
        return build_base(root)
    if not delta or not (delta["tomb"] or delta["entries"]):
        return _with_semantic(root, base, base.index, prompt)
    if len(delta["tomb"]) + len(delta["entries"]) > compact_limit(base.index.n):
        if base.index.n <= INLINE_MAX or prompt is None:
            return build_base(root)
        spawn_build(root)
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
        spawn_build(root, semantic_only=True)
    return index


def _current_delta(root: str, base: _Base, delta: dict | None) -> dict | None:
    """``delta`` brought up to date with the store (saved when it changed)."""
    expected = delta["state"] if delta else base.state
    stale = [f for f in FOLDERS if not expected[f][1] or expected[f][0] != _folder_sig(root, f)]
    if not stale:
        return delta
    fresh = _refresh_delta(root, base, delta, stale)
    if fresh != delta:
        try:
            _write_private(_staging(root), DELTA_FILE, marshal.dumps(fresh))
        except Exception:  # noqa: BLE001 - unsaved: the next prompt redoes this work
            pass
    return fresh
