"""Staleness: has the code a memory is about moved on since the memory was last updated?

A memory "may be stale" when one of its ``related_files`` no longer exists, or changed
after the memory's ``updated_at`` (plus a grace period: a change committed shortly after
the memory was saved is usually the very change the memory describes). When the text
changed is decided by the file's git history in a git repository (its last commit, or its
modification time when it has uncommitted changes), else by its modification time.

:func:`stale_reason` is the pure rule; files are compared by
:func:`.context_table.path_key`. :func:`change_times` does the I/O (one
``git log`` and one ``git status`` for the whole store); it runs only in background
builds and maintainers' commands, never on a prompt.
"""

from __future__ import annotations

import os

__all__ = ["stale_reason", "change_times", "parse_epoch", "git_dir",
           "head_signature", "MISSING"]

#: A file that does not exist (``change_times`` value).
MISSING = -1.0
_GIT_TIMEOUT = 60


def parse_epoch(stamp: str) -> float | None:
    """Seconds since the epoch of an RFC 3339 UTC time (``2026-05-01T10:00:00Z``), or None."""
    if not isinstance(stamp, str):
        return None
    from claude_memory.core.timeutil import parse_ts

    try:
        return parse_ts(stamp).timestamp()
    except (ValueError, OverflowError):
        return None


def stale_reason(updated: float | None, files: list[tuple[str, float | None]], grace_seconds: float) -> str:
    """Why a memory updated at ``updated`` may be stale, or ``""``.

    ``files`` is ``(shown name, change time)`` per related file: :data:`MISSING` for a file that
    is gone, None when unknown (then it does not count).
    """
    gone = [name for name, when in files if when == MISSING]
    if gone:
        return f"{gone[0]} no longer exists"
    if updated is None:
        return ""
    changed = [(when, name) for name, when in files if when is not None and when > updated + grace_seconds]
    if changed:
        import time

        when, name = max(changed)
        return f"{name} changed on {time.strftime('%Y-%m-%d', time.gmtime(when))}, after this memory"
    return ""


def git_dir(project: str) -> str | None:
    """The git folder of ``project`` (``.git`` or where a ``.git`` file points), or None."""
    dot = os.path.join(project, ".git")
    if os.path.isdir(dot):
        return dot
    try:
        with open(dot, encoding="utf-8") as fh:
            line = fh.readline().strip()
    except (OSError, UnicodeDecodeError):
        return None
    if line.startswith("gitdir:"):
        target = line[7:].strip()
        return target if os.path.isabs(target) else os.path.normpath(os.path.join(project, target))
    return None


def head_signature(project: str):
    """A cheap signature of the repository's history (the HEAD reflog's size and mtime): it changes
    with every commit, checkout, reset or pull. None outside a git repository."""
    gdir = git_dir(project)
    if gdir is None:
        return None
    try:
        st = os.stat(os.path.join(gdir, "logs", "HEAD"))
    except OSError:
        try:
            st = os.stat(os.path.join(gdir, "HEAD"))
        except OSError:
            return None
    return (st.st_size, st.st_mtime_ns)


def _git(project: str, *args: str) -> str | None:
    from claude_memory.core import git

    out = git.run(project, *args, timeout=_GIT_TIMEOUT)
    return None if out is None else out.decode("utf-8", "replace")


def _mtime(full: str) -> float:
    try:
        return os.stat(full).st_mtime
    except FileNotFoundError:
        return MISSING
    except OSError:
        return MISSING if not os.path.lexists(full) else 0.0


def change_times(project: str, keys: set[str], since: float | None) -> dict[str, float]:
    """``{key: when it last changed}`` for each :func:`path_key` in ``keys`` (:data:`MISSING` when gone).

    In a git repository: the time of the last commit touching the file after ``since`` (older
    history cannot make a memory stale, so it is not read), or the file's modification time when
    it has uncommitted changes or was not committed since; elsewhere the modification time.
    """
    from claude_memory.recall.context_table import path_key

    out: dict[str, float] = {}
    full_of = {key: (key if os.path.isabs(key) else os.path.join(project, key)) for key in keys}
    for key, full in full_of.items():
        out[key] = _mtime(full)
    if git_dir(project) is None:
        return out
    top = _git(project, "rev-parse", "--show-toplevel")
    if not top:
        return out
    top = top.strip()
    to_key: dict[str, str] = {}
    committed: dict[str, float] = {}
    log_args = ["-c", "core.quotePath=false", "log", "--format=%x01%ct", "--name-only", "--no-renames"]
    if since is not None:
        log_args.append(f"--since={int(since) - 1}")
    log = _git(project, *log_args)
    if log is None:
        return out
    when = None
    for line in log.splitlines():
        if line.startswith("\x01"):
            when = float(line[1:] or 0)
            continue
        if not line or when is None:
            continue
        key = to_key.get(line)
        if key is None:
            key = to_key[line] = path_key(os.path.join(top, line), project)
        if key in full_of and key not in committed:
            committed[key] = when  # the log is newest first
    status = _git(project, "status", "--porcelain", "-z", "--untracked-files=all")
    dirty = set()
    for entry in (status or "").split("\0"):
        if len(entry) > 3 and entry[2] == " ":  # changed, staged or untracked: its mtime counts
            dirty.add(path_key(os.path.join(top, entry[3:]), project))
    for key in full_of:
        if out[key] == MISSING:
            continue
        if key in committed and key not in dirty:
            out[key] = committed[key]
        elif key not in dirty and since is not None:
            out[key] = 0.0  # committed, clean and not touched by a commit since ``since``
    return out
