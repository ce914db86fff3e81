"""The context table: what the file-tool, session-start and recall hooks need, precomputed.

One private file ``<root>/.staging/context-table.bin`` (written whole and renamed, read
without following symlinks, ignored when not ours or of another version), built by
:func:`.context_build.build_table` in the background (or inline for a small store at session start):

- an 8-byte header length and a ``marshal`` header ``{"v", "state", "head", "nb", "at",
  "start"}``: ``state`` the six category folders' signatures and ``head`` the git history's
  (:func:`staleness.head_signature`) when it was built, ``nb`` the number of hash buckets,
  ``at`` where their offset table starts, ``start`` where the session-start section is;
- the session-start section (:func:`.context_build.start_data`);
- ``nb + 1`` little-endian 8-byte offsets, then the buckets, each a ``marshal``\\ ed dict.
  Keys are ``"p:" + path key`` (a file some memory names: the list of
  ``(category, folder, slug, title, stale reason)`` of the active memories naming it) and
  ``"m:" + folder/slug`` (every active memory: ``(category, title, tags, stale reason)``).

A lookup reads the header, 16 bytes of the offset table and one bucket: its cost does not
grow with the store. Keys are hashed with FNV-1a (``hash()`` of a ``str`` differs between
processes).

This module is the reader (what the file-tool hook loads on every file tool call); the builder
lives in :mod:`.context_build`, whose names (``build_table``, ``start_data``, ``stale_reasons``,
``read_store``, ``is_active``) are also reachable from here, loaded on first use.
"""

import marshal
import os

from claude_memory.core.layout import FOLDER_NAMES
from claude_memory.recall.private import READ_ERRORS, STAGING, folder_sig, open_headed, pread, spawn_in_staging

__all__ = ["path_key", "tool_path_keys", "TABLE_FILE", "LOCK_FILE", "TABLE_VERSION", "Table", "open_table", "build_table", "key_hash",
           "folder_state", "is_current", "refresh", "start_data", "DEFAULT_GRACE_MINUTES", "project_of", "TOOLS",
           "tool_path", "file_hits", "EDIT_REFRESH_DELAY"]

#: The category folders (not ``cache.FOLDERS``: the file-tool hook must not load the recall cache).
FOLDERS = FOLDER_NAMES
TABLE_FILE = "context-table.bin"
LOCK_FILE = "context-build.lock"
TABLE_VERSION = 1
DEFAULT_GRACE_MINUTES = 60
#: The file tools whose calls get file-scoped recall: tool -> the tool_input key holding its path.
TOOLS = {"Read": "file_path", "Write": "file_path", "Edit": "file_path", "MultiEdit": "file_path",
         "NotebookEdit": "notebook_path"}
#: After an edit of a file some memory names, rebuild the table this much later (the edit lands first).
EDIT_REFRESH_DELAY = 2.0
#: The builder's names, served from :mod:`.context_build` on first use (see :func:`__getattr__`).
_BUILDER = frozenset({"build_table", "start_data", "stale_reasons", "read_store", "is_active"})


def __getattr__(name: str):
    if name in _BUILDER:
        from claude_memory.recall import context_build

        return getattr(context_build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    from claude_memory.recall.context_build import build_table

    return spawn_in_staging(root, LOCK_FILE, build_table, delay)


def tool_path(payload: dict) -> str | None:
    """The path a file tool call (:data:`TOOLS`) touches, or None."""
    tool = payload.get("tool_name")
    tool_input = payload.get("tool_input")
    if tool not in TOOLS or not isinstance(tool_input, dict):
        return None
    path = tool_input.get(TOOLS[tool])
    if path is None and tool == "NotebookEdit":
        path = tool_input.get("file_path")
    if not isinstance(path, str) or not path or "\0" in path or len(path) > 4096:
        return None
    return path


def file_hits(payload: dict) -> tuple[str, str, list] | None:
    """``(root, project, hits)`` when active memories name the file this tool call touches (a hit
    is ``(category, folder, slug, title, stale reason)``), else None: file-scoped recall's lookup
    (:mod:`.file_context` decides what to inject). Reads the header and one bucket; a missing or
    outdated table is rebuilt in the background (the old one answers meanwhile), and so is the
    table a little after an edit of a named file (its staleness changes)."""
    path = tool_path(payload)
    if path is None:
        return None
    cwd = payload.get("cwd")
    cwd = cwd if isinstance(cwd, str) and cwd and "\0" not in cwd else None
    from claude_memory.core.roots import find_memory_root_and_project

    root, project = find_memory_root_and_project(cwd)
    table = open_table(root)
    if table is None:
        if os.path.isdir(os.path.join(root, STAGING)):  # else a prompt or session start makes it
            refresh(root)
        return None
    try:
        current = is_current(table, root, check_head=False)
        hits: list = []
        for key in tool_path_keys(path, cwd, project_of(root)):
            found = table.get("p:" + key)
            if isinstance(found, list):
                hits.extend(found)
    except READ_ERRORS:
        hits, current = [], False
    finally:
        table.close()
    if not current:
        refresh(root)
    elif hits and payload.get("tool_name") != "Read":
        refresh(root, delay=EDIT_REFRESH_DELAY)
    return (root, project, hits) if hits else None
