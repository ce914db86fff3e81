"""Memory under git: when the derived index.md is stale, what a conflict looks like, how to settle it.

What git must never see is ``core.layout.GIT_IGNORED`` (written by ``core.paths.staging_dir``).

The mechanism (see README "Memory for a team"): the memory files are the only committed
state. ``index.md`` is derived from them, git-ignored, and rebuilt by the next writer (or a
maintainer's ``memory_index.py``) whenever the files changed behind its back: a checkout,
merge, rebase, cherry-pick or pull. Two branches that touch different memories then never
conflict (different files), and the index after the merge is by construction what
``--rebuild`` writes.

Freshness is a *stamp* kept in ``<root>/.staging/index-stamp.json``, written by the writer
right after it wrote index.md (lock held): the signature ``(mtime_ns, inode)`` of every
category folder and the stat of index.md. Git replaces a file by unlinking and creating it,
which changes its folder's signature, so any change made by git (or by hand) shows as a
signature that differs from the stamp. Folder mtimes are coarse (a change within the same
clock tick as the stamp would leave the signature equal), so for a folder that changed less
than ``UNSETTLED_NS`` before the stamp was taken the stamp also holds every file's
``(mtime_ns, size, inode)``, and that folder is compared file by file.

The stamp half is standard library only (``os``, ``time``, JSON through :mod:`claude_memory.core.fastjson`:
``json`` would cost every session start ~4 ms) and runs under the store lock.
"""

from __future__ import annotations

import os
import time

from claude_memory.core.categories import FOLDERS
from claude_memory.core.layout import INDEX_NAME, INDEX_STAMP_NAME

__all__ = ["STAMP_NAME", "UNSETTLED_NS", "CONFLICT_MARKERS", "take_stamp",
           "write_stamp", "index_is_fresh", "has_conflict_markers", "conflict_fix", "git_stage", "git_add",
           "index_tracked_by_git", "resolve_conflict"]

STAMP_NAME = INDEX_STAMP_NAME
UNSETTLED_NS = 2_000_000_000
#: How git marks a text conflict inside a file.
CONFLICT_MARKERS = ("<<<<<<< ", ">>>>>>> ")


def _stat_key(path: str):
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return [st.st_mtime_ns, st.st_size, st.st_ino]


def _folder_files(folder: str) -> dict:
    out = {}
    try:
        with os.scandir(folder) as entries:
            for e in entries:
                if e.name.endswith(".json"):
                    try:
                        st = e.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    out[e.name] = [st.st_mtime_ns, st.st_size, st.st_ino]
    except OSError:
        return {}
    return out


def take_stamp(root: str | os.PathLike, now_ns: int | None = None) -> dict:
    """The stamp of the store as it is now (see the module docstring)."""
    root = os.fspath(root)
    now_ns = time.time_ns() if now_ns is None else now_ns
    folders, files = {}, {}
    for folder in FOLDERS.values():
        path = os.path.join(root, folder)
        key = _stat_key(path)
        folders[folder] = None if key is None else [key[0], key[2]]
        if key is not None and now_ns - key[0] < UNSETTLED_NS:
            files[folder] = _folder_files(path)
    return {"v": 1, "folders": folders, "files": files, "index": _stat_key(os.path.join(root, INDEX_NAME))}


def write_stamp(root: str | os.PathLike, staging: str | os.PathLike) -> None:
    """Record that index.md is now exactly what the memory files say (store lock held). A stamp
    that cannot be written leaves the old one, which no longer matches: the next transaction
    then rebuilds the index, so a failure here is silent by design."""
    from claude_memory.core.atomic import atomic_write_text
    from claude_memory.core.fastjson import dumps

    try:
        atomic_write_text(os.path.join(os.fspath(staging), STAMP_NAME), dumps(take_stamp(root)),
                          mode=0o600, durable=False)
    except OSError:
        pass


def index_is_fresh(root: str | os.PathLike, staging: str | os.PathLike) -> bool:
    """True when nothing changed the memory files or index.md since the last stamp."""
    from claude_memory.core.fastjson import loads

    root = os.fspath(root)
    try:
        with open(os.path.join(os.fspath(staging), STAMP_NAME), encoding="utf-8") as fh:
            stamp = loads(fh.read())
        folders, files = stamp["folders"], stamp["files"]
        if stamp.get("v") != 1 or set(folders) != set(FOLDERS.values()):
            return False
    except (OSError, ValueError, KeyError, TypeError):
        return False
    if _stat_key(os.path.join(root, INDEX_NAME)) != stamp.get("index"):
        return False
    for folder in FOLDERS.values():
        path = os.path.join(root, folder)
        key = _stat_key(path)
        if (None if key is None else [key[0], key[2]]) != folders[folder]:
            return False
        if folder in files and _folder_files(path) != files[folder]:
            return False
    return True


def has_conflict_markers(raw: bytes | str) -> bool:
    """True when the text holds a git conflict (a line starting ``<<<<<<< `` and one ``>>>>>>> ``)."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    lines = text.splitlines()
    return any(line.startswith(CONFLICT_MARKERS[0]) for line in lines) and \
        any(line.startswith(CONFLICT_MARKERS[1]) for line in lines)


def conflict_fix(rel_path: str) -> str:
    """The documented resolution of a memory changed (or created with the same title) on two
    branches: keep this branch's side and merge the other one in through the writer."""
    return (f"run memory_index.py --resolve {rel_path} (keeps your side, merges the other branch's "
            f"version in through the writer, then git-adds the file); or keep one side as it is: "
            f"git checkout --ours -- {rel_path} (or --theirs) && git add {rel_path}")


def git_stage(project: str | os.PathLike, rel_path: str, stage: int) -> bytes | None:
    """The file's version at merge ``stage`` (2 ours, 3 theirs), or None when git has none."""
    import subprocess

    try:
        done = subprocess.run(["git", "show", f":{stage}:{rel_path}"], cwd=os.fspath(project),
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def git_add(project: str | os.PathLike, rel_path: str) -> bool:
    import subprocess

    try:
        return subprocess.run(["git", "add", "--", rel_path], cwd=os.fspath(project), stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=30, check=False).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def index_tracked_by_git(root: str | os.PathLike) -> bool:
    """True when git tracks ``<root>/index.md`` (it is derived now; it should be untracked).
    False outside a repository or without git."""
    import subprocess

    try:
        done = subprocess.run(["git", "ls-files", "--error-unmatch", INDEX_NAME], cwd=os.fspath(root),
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def resolve_conflict(root, target: str) -> dict:
    """``memory_index.py --resolve``: settle a memory file git left in conflict.

    Keeps this branch's version (stage 2) and applies the other branch's (stage 3) to it as
    an update through the writer (validated, redacted, merged by the update rules, the
    result logged in ``changes``); when one side deleted the file, the other side is kept.
    Then ``git add`` the file. Raises ``MemoryStoreError`` when git records no conflict there.
    """
    import json as _json
    from pathlib import Path

    from claude_memory.core import config
    from claude_memory.core.errors import MemoryStoreError
    from claude_memory.store import records as store_io
    from claude_memory.store import transaction as store
    from claude_memory.store.autofix import autofix
    from claude_memory.store.lock import store_lock
    from claude_memory.store.validation import validate_record

    root = Path(root)
    loc = store_io.locate_target(root, target)
    project = store_io.project_of(root)
    rel = loc.path.relative_to(project.resolve()).as_posix()
    ours, theirs = git_stage(project, rel, 2), git_stage(project, rel, 3)
    if ours is None and theirs is None:
        raise MemoryStoreError("NOT_FOUND", f"git records no conflict for {rel}; nothing to resolve "
                               "(run it during a merge, rebase or cherry-pick that stopped on this file)")
    ctx = store.StoreContext(root=root, config=config.load_config(root))
    kept = ours if ours is not None else theirs
    with store_lock(root):
        text = kept.decode("utf-8")
        doc = validate_record(_json.loads(text), category=loc.category)
        store_io.write_record(loc.path, store_io.finalise_record(doc, loc.category)[1])
    merged = ours is not None and theirs is not None
    if merged:
        other = _json.loads(theirs.decode("utf-8"))
        other["changes"] = [*(other.get("changes") or []),
                            {"date": ctx.now_ts, "summary": "merged the other branch's version (git conflict)"}]
        fixed, _notes = autofix(other, category=loc.category, now=ctx.now_ts, target_id=loc.id)
        store.update(ctx, validate_record(fixed, category=loc.category), target=str(loc.path),
                     category=loc.category)
    added = git_add(project, rel)
    return {"path": rel, "kept": "ours" if ours is not None else "theirs", "merged_other_side": merged,
            "git_added": added}
