"""The context table: what the file-tool, session-start and recall hooks need, precomputed.

One private file ``<root>/.staging/context-table.bin`` (written whole and renamed, read
without following symlinks, ignored when not ours or of another version), built by
:func:`build_table` in the background (or inline for a small store at session start):

- an 8-byte header length and a ``marshal`` header ``{"v", "state", "head", "nb", "at",
  "start"}``: ``state`` the six category folders' signatures and ``head`` the git history's
  (:func:`staleness.head_signature`) when it was built, ``nb`` the number of hash buckets,
  ``at`` where their offset table starts, ``start`` where the session-start section is;
- the session-start section (:func:`start_data`);
- ``nb + 1`` little-endian 8-byte offsets, then the buckets, each a ``marshal``\\ ed dict.
  Keys are ``"p:" + path key`` (a file some memory names: the list of
  ``(category, folder, slug, title, stale reason)`` of the active memories naming it) and
  ``"m:" + folder/slug`` (every active memory: ``(category, title, tags, stale reason)``).

A lookup reads the header, 16 bytes of the offset table and one bucket: its cost does not
grow with the store. Keys are hashed with FNV-1a (``hash()`` of a ``str`` differs between
processes).
"""

from __future__ import annotations

import marshal
import os
import time

from claude_memory.core.categories import FOLDER_NAMES
from claude_memory.recall.private import (READ_ERRORS, STAGING, folder_sig, open_headed, pread, spawn_in_staging, staging,
                                          write_private)

__all__ = ["path_key", "tool_path_keys", "TABLE_FILE", "LOCK_FILE", "TABLE_VERSION", "Table", "open_table", "build_table", "key_hash",
           "folder_state", "is_current", "refresh", "start_data", "DEFAULT_GRACE_MINUTES"]

#: The category folders (not ``cache.FOLDERS``: the file-tool hook must not load the recall cache).
FOLDERS = FOLDER_NAMES
TABLE_FILE = "context-table.bin"
LOCK_FILE = "context-build.lock"
TABLE_VERSION = 1
#: Keys per bucket the build aims at.
_PER_BUCKET = 16
DEFAULT_GRACE_MINUTES = 60
#: How many items of each kind the session-start section keeps.
_KEEP = 12


def key_hash(key: str) -> int:
    """FNV-1a (32 bits) of the key's UTF-8 bytes."""
    h = 0x811C9DC5
    for byte in key.encode("utf-8", "surrogatepass"):
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    return h


def path_key(path: str, project: str) -> str:
    """How a file named in ``related_files`` is compared: relative to ``project`` when inside it
    (``./``, doubled slashes and ``..`` collapsed, ``\\`` as ``/``), else absolute; lower-case."""
    p = path.strip().replace("\\", "/")
    if not p:
        return ""
    full = os.path.normpath(p if os.path.isabs(p) else os.path.join(project, p))
    rel = os.path.relpath(full, project) if full == project or full.startswith(project.rstrip("/") + "/") else None
    return (rel if rel is not None else full).replace(os.sep, "/").lower()


def tool_path_keys(path: str, cwd: str | None, project: str) -> list[str]:
    """The keys a tool's path may be known by: as given (made absolute against ``cwd``) and, when
    that is not inside the project, with symlinks resolved (``/tmp`` for ``/private/tmp``, a
    linked checkout), against the project as given and as resolved."""
    full = path if os.path.isabs(path) else os.path.join(cwd or project, path)
    keys = [path_key(full, project)]
    if not keys[0].startswith("/"):
        return keys
    try:
        real, real_project = os.path.realpath(full), os.path.realpath(project)
    except (OSError, ValueError):
        return keys
    for key in (path_key(real, real_project), path_key(real, project)):
        if key not in keys:
            keys.append(key)
    return keys


def is_active(record: dict) -> bool:
    """Active, reading leniently as recall does (a missing or null ``record_status`` is active)."""
    return record.get("record_status") in ("active", None)


def folder_state(root: str) -> tuple:
    """The six category folders' ``(mtime_ns, inode)`` (None for a missing one)."""
    return tuple(folder_sig(root, folder) for folder in FOLDERS)


def project_of(root: str) -> str:
    """The project a memory root belongs to (``<project>/.claude/memory``)."""
    return os.path.dirname(os.path.dirname(os.path.abspath(root)))


class Table:
    """An open table: the header, and lookups of single keys."""

    def __init__(self, fd: int, header: dict, size: int):
        self.fd, self.header, self._size, self._read = fd, header, size, pread(fd)

    def close(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass

    def get(self, key: str):
        """The value stored under ``key``, or None."""
        nb, at = self.header["nb"], self.header["at"]
        slot = key_hash(key) % nb
        pair = self._read(at + 8 * slot, 16)
        if len(pair) != 16:
            return None
        start, end = int.from_bytes(pair[:8], "little"), int.from_bytes(pair[8:], "little")
        if start == end:
            return None
        if not (0 < start < end <= self._size):
            raise ValueError("bad bucket")
        bucket = marshal.loads(self._read(start, end - start))
        return bucket.get(key) if isinstance(bucket, dict) else None

    def start(self) -> dict:
        """The session-start section."""
        offset, length = self.header["start"]
        found = marshal.loads(self._read(offset, length))
        if not isinstance(found, dict):
            raise ValueError("not a start section")
        return found


def open_table(root: str) -> Table | None:
    """The table of the store at ``root``, or None when missing, unusable or not ours."""
    return open_headed(os.path.join(root, STAGING, TABLE_FILE), TABLE_VERSION, make=_make_table)


def _make_table(fd: int, size: int, header: dict, _read, _start: int) -> Table:
    if not (isinstance(header["nb"], int) and header["nb"] > 0 and header["at"] + 8 * header["nb"] + 8 <= size):
        raise ValueError("truncated")
    return Table(fd, header, size)
def is_current(table: Table, root: str, *, check_head: bool = True) -> bool:
    """True when no memory folder changed since the build (and, with ``check_head``, no commit)."""
    if table.header.get("state") != folder_state(root):
        return False
    if check_head:
        from claude_memory.recall.staleness import head_signature

        return table.header.get("head") == head_signature(project_of(root))
    return True


def refresh(root: str, *, delay: float = 0.0) -> bool:
    """Rebuild the table in a detached background process (one at a time)."""
    return spawn_in_staging(root, LOCK_FILE, build_table, delay)


def _strings(value) -> list[str]:
    if isinstance(value, list):
        return [" ".join(v.split()) for v in value if isinstance(v, str) and v.strip()]
    return []


def start_data(records: list[tuple[str, str, dict]], stale: dict[str, str]) -> dict:
    """The session-start section from ``(folder, slug, record)`` of every valid record.

    ``summary``: the latest active session summary's title, goal, outcome and its open items
    (``in_progress``), blockers and next actions; ``constraints``: active constraints of high
    severity; ``preferences``: strong preferences (newest first, at most ``_KEEP`` each, as
    ``(folder/slug, title, text, stale reason)``); ``counts``: active memories per category;
    ``stale``: per category how many may be stale.
    """
    from claude_memory.core.categories import CATEGORY_BY_FOLDER as CATEGORY_OF

    counts: dict[str, int] = {}
    stale_counts: dict[str, int] = {}
    sessions, constraints, preferences = [], [], []
    for folder, slug, record in records:
        if not is_active(record):
            continue
        category = CATEGORY_OF[folder]
        name = f"{folder}/{slug}"
        counts[category] = counts.get(category, 0) + 1
        if stale.get(name):
            stale_counts[category] = stale_counts.get(category, 0) + 1
        content = record.get("content") if isinstance(record.get("content"), dict) else {}
        title = record.get("title") if isinstance(record.get("title"), str) else slug
        updated = record.get("updated_at") if isinstance(record.get("updated_at"), str) else ""
        if folder == "sessions":
            sessions.append((updated, name, title, content))
        elif folder == "constraints" and content.get("severity") == "high" and content.get("active", True) is not False:
            rule = content.get("rule") if isinstance(content.get("rule"), str) else ""
            constraints.append((updated, (name, title, " ".join(rule.split()), stale.get(name, ""))))
        elif folder == "preferences" and content.get("strength") == "strong":
            value = content.get("value") if isinstance(content.get("value"), str) else ""
            preferences.append((updated, (name, title, " ".join(value.split()), stale.get(name, ""))))
    summary = None
    if sessions:
        updated, name, title, content = max(sessions, key=lambda s: (s[0], s[1]))
        summary = {"name": name, "title": title, "updated": updated, "stale": stale.get(name, ""),
                   "goal": content.get("goal") if isinstance(content.get("goal"), str) else "",
                   "outcome": content.get("outcome") if isinstance(content.get("outcome"), str) else "",
                   "open": _strings(content.get("in_progress"))[:_KEEP],
                   "blockers": _strings(content.get("blockers"))[:_KEEP],
                   "next": _strings(content.get("next_actions"))[:_KEEP]}
    newest = lambda items: [item for _u, item in sorted(items, key=lambda i: i[0], reverse=True)[:_KEEP]]  # noqa: E731
    return {"summary": summary, "constraints": newest(constraints), "preferences": newest(preferences),
            "counts": counts, "stale": stale_counts}


def _grace_seconds(root: str) -> tuple[bool, float]:
    from claude_memory.core.config import hook_config

    try:
        section = hook_config(root, ("staleness",)).get("staleness", {})
    except (OSError, ValueError):
        section = {}
    if not isinstance(section, dict):
        section = {}
    minutes = section.get("grace_minutes", DEFAULT_GRACE_MINUTES)
    if isinstance(minutes, bool) or not isinstance(minutes, (int, float)) or minutes < 0:
        minutes = DEFAULT_GRACE_MINUTES
    return section.get("enabled", True) is not False, float(minutes) * 60


def read_store(root: str) -> list[tuple[str, str, dict]]:
    """``(folder, slug, record)`` of every readable memory file (any status)."""
    from claude_memory.recall import corpus

    out = []
    for folder in FOLDERS:
        for slug in sorted(corpus.scan_folder(root, folder)):
            record = corpus.read_memory(root, folder, slug)
            if record is not None:
                out.append((folder, slug, record))
    return out


def stale_reasons(root: str, records: list[tuple[str, str, dict]]) -> dict[str, str]:
    """``{folder/slug: why it may be stale}`` for the active memories that may be (see :mod:`staleness`)."""
    from claude_memory.recall import staleness

    enabled, grace = _grace_seconds(root)
    if not enabled:
        return {}
    project = project_of(root)
    wanted: dict[str, tuple[float | None, list[tuple[str, str]]]] = {}
    keys: set[str] = set()
    for folder, slug, record in records:
        files = record.get("related_files")
        if not is_active(record) or not isinstance(files, list):
            continue
        named = [(f.strip(), path_key(f, project)) for f in files[:50] if isinstance(f, str) and f.strip()]
        if named:
            wanted[f"{folder}/{slug}"] = (staleness.parse_epoch(record.get("updated_at") or record.get("created_at")),
                                          named)
            keys.update(key for _name, key in named)
    if not keys:
        return {}
    known = [u for u, _ in wanted.values() if u is not None]
    since = min(known) + grace if known else None
    times = staleness.change_times(project, keys, since)
    out = {}
    for name, (updated, named) in wanted.items():
        reason = staleness.stale_reason(updated, [(shown[:200], times.get(key)) for shown, key in named], grace)
        if reason:
            out[name] = reason
    return out


def build_table(root: str) -> bool:
    """Build and save the table of the store at ``root``; False when it could not be saved."""
    from claude_memory.recall import staleness
    from claude_memory.core.categories import CATEGORY_BY_FOLDER as CATEGORY_OF

    root = str(root)
    state = folder_state(root)
    head = staleness.head_signature(project_of(root))
    records = read_store(root)
    stale = stale_reasons(root, records)
    project = project_of(root)
    entries: dict[str, object] = {}
    for folder, slug, record in records:
        if not is_active(record):
            continue
        name = f"{folder}/{slug}"
        category = CATEGORY_OF[folder]
        title = record.get("title") if isinstance(record.get("title"), str) else slug
        tags = tuple(t for t in record.get("tags", []) if isinstance(t, str))[:30] \
            if isinstance(record.get("tags"), list) else ()
        entries["m:" + name] = (category, title[:300], tags, stale.get(name, ""))
        files = record.get("related_files")
        for f in (files[:50] if isinstance(files, list) else []):
            if isinstance(f, str) and f.strip():
                key = "p:" + path_key(f, project)
                named = entries.setdefault(key, [])
                if all(item[2] != slug or item[1] != folder for item in named):  # type: ignore[union-attr]
                    named.append((category, folder, slug, title[:300], stale.get(name, "")))  # type: ignore[union-attr]
    start = marshal.dumps(start_data(records, stale))
    nb = max(1, len(entries) // _PER_BUCKET)
    buckets: list[dict] = [{} for _ in range(nb)]
    for key, value in entries.items():
        buckets[key_hash(key) % nb][key] = value
    blobs = [marshal.dumps(b) if b else b"" for b in buckets]
    # Two passes: the header's length depends on the offsets it holds.
    header_len = 0
    for _ in range(3):
        start_at = 8 + header_len
        at = start_at + len(start)
        first = at + 8 * (nb + 1)
        header = marshal.dumps({"v": TABLE_VERSION, "state": state, "head": head, "nb": nb, "at": at,
                                "start": (start_at, len(start)), "built": time.time()})
        if len(header) == header_len:
            break
        header_len = len(header)
    offsets, position = [], first
    for blob in blobs:
        offsets.append(position)
        position += len(blob)
    offsets.append(position)
    table = b"".join(o.to_bytes(8, "little") for o in offsets)
    try:
        write_private(staging(root), TABLE_FILE,
                       len(header).to_bytes(8, "little") + header + start + table + b"".join(blobs))
    except Exception:  # noqa: BLE001 - a table we cannot write is a missing feature, never an error
        return False
    return True
