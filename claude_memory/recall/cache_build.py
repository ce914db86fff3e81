"""Building the recall cache (the prompt's side, :mod:`.cache`, loads this only when it must build).

What changes the cache: the base index from scratch (:func:`build_base`, re-reading only the files
changed since the last build), the delta after writes (:func:`_refresh_delta`: the folders whose
signature changed, the files whose stat did), the stand-in ranked from ``index.md`` while a large
store's first base is built (:func:`_fallback`), and the detached builder that builds the base and
the semantic table (:func:`spawn_build`, :func:`build_semantic`). Files, formats and rules are
:mod:`.cache`'s (its module docstring); these names are also reachable from it. A prompt over a
settled cache never imports this module (about 17 KB of bytecode less on every prompt).
"""

import marshal
import os
import time

from claude_memory.recall import cache
from claude_memory.recall.cache import (DELTA_FILE, DOCS_FILE, FOLDERS, INDEX_FILE, LOCK_FILE, SEMANTIC_FILE,
                                        SEMANTIC_MARKER, STAGING, UNSETTLED_NS, _NOFOLLOW, _open_base, release)
from claude_memory.recall.index import RecallIndex
from claude_memory.recall.index_build import build
from claude_memory.recall.private import READ_ERRORS
from claude_memory.recall.private import folder_sig as _folder_sig
from claude_memory.recall.private import read_private as _read_private
from claude_memory.recall.private import spawn_in_staging as _spawn
from claude_memory.recall.private import staging as _staging
from claude_memory.recall.private import write_private as _write_private

__all__ = ["build_base", "build_semantic", "spawn_build", "builder_running", "settle", "spawn_settle", "SETTLE_LOCK"]

#: Held by the one settler of a store (:func:`spawn_settle`), apart from the builder's lock.
SETTLE_LOCK = "recall-settle.lock"
#: A settler whose folders keep changing gives up after this long (the next prompt lists them).
SETTLE_MAX_S = 30.0


def _scan(root: str, folder: str) -> tuple[tuple, dict]:
    """((signature, settled), {slug: stat}) of one folder, listed between two signatures."""
    from claude_memory.recall import corpus

    before = _folder_sig(root, folder)
    files = corpus.scan_folder(root, folder)
    after = _folder_sig(root, folder)
    settled = before == after and (before is None or time.time_ns() - before[0] >= UNSETTLED_NS)
    return (before, settled), files


def _load_docs(root: str) -> tuple[dict, dict]:
    data = _read_private(os.path.join(root, STAGING, DOCS_FILE))
    if data:
        try:
            saved = marshal.loads(data)
            if isinstance(saved, dict) and saved.get("v") == cache.CACHE_VERSION:
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
        header = marshal.dumps({"v": cache.CACHE_VERSION, "id": (time.time_ns(), os.getpid()), "state": state,
                                "maps": maps})
        try:
            staging = _staging(root)
            if changed or not old_docs:
                _write_private(staging, DOCS_FILE, marshal.dumps({"v": cache.CACHE_VERSION, "files": files, "docs": docs}))
            _write_private(staging, INDEX_FILE, len(header).to_bytes(8, "little") + header + b"".join(sections))
            try:
                os.unlink(os.path.join(staging, DELTA_FILE))
            except OSError:
                pass
        except Exception:  # noqa: BLE001 - a cache we cannot write is only slower, never wrong
            pass
    return RecallIndex.from_bytes(body)


def _refresh_delta(root: str, base: "cache._Base", delta: dict | None, stale: list[str]) -> dict:
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
    return {"v": cache.CACHE_VERSION, "base": base.id, "state": state, "over": over, "tomb": sorted(tomb),
            "entries": entries, "vocab": sorted_vocab(entries)}


def settle(root: str) -> bool:
    """Bring the cache up to date with the store once its folders have settled (none changed within
    ``UNSETTLED_NS``), as the next prompt would: list what changed, read those files, save the
    delta, or rebuild the base past the compaction limit. Run after a write (:func:`spawn_settle`), it
    takes that work off the next prompt, which then finds every folder current and settled and lists
    none. False when the folders kept changing for ``SETTLE_MAX_S`` (nothing done: the next prompt
    lists them, as without a settler)."""
    deadline = time.monotonic() + SETTLE_MAX_S
    while True:
        newest = max((sig[0] for sig in (_folder_sig(root, f) for f in FOLDERS) if sig), default=0)
        wait = (newest + UNSETTLED_NS - time.time_ns()) / 1e9
        if wait <= 0:
            break
        if time.monotonic() + wait > deadline:
            return False
        time.sleep(wait + 0.01)
    cache.load_index(root)
    cache.close_all()
    return True


def spawn_settle(root: str | os.PathLike) -> bool:
    """After a write: :func:`settle` in a detached process (:func:`.private.spawn_in_staging` holding
    ``SETTLE_LOCK``; one at a time: a running settler re-reads the folders before it lists them, so
    it covers a write made while it waits). Only for a store whose recall cache exists (a store no
    prompt has read keeps no cache, and gets none from a write). False when none was started."""
    root = os.fspath(root)
    if not os.path.exists(os.path.join(root, STAGING, INDEX_FILE)):
        return False
    return _spawn(root, SETTLE_LOCK, settle)


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
