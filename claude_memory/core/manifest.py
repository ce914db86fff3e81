"""The writer's manifest: what the store held when the writer last left it, and the cheap comparison.

The writer (under the store lock) records every file it leaves in the store in
``<root>/.staging/manifest`` (private, git-ignored, never committed): one line per file::

    <rel path>\\t<size>\\t<mtime_ns>\\t<ctime_ns>\\t<inode>\\t<md5>

``rel`` is ``<category folder>/<name>`` or ``index.md``. After a tool call that could
write, the PostToolUse hook :func:`scan`\\s the store (one ``lstat`` per folder and file;
nothing is opened) and :func:`compare`\\s it with the manifest. Only a file whose stat
differs is ever hashed, by the repair (:mod:`claude_memory.integrity`), which decides
whether the writer or something else made the change.

Standard library only, ``os`` alone: this runs after every Bash and file-tool call.
:func:`compare`, :func:`parse` and :func:`render` are pure.
"""

from __future__ import annotations

import os
import time

from claude_memory.core.layout import INDEX_NAME, STAGING_DIRNAME

__all__ = ["NAME", "INDEX", "FOLDERS", "Diff", "parse", "render", "compare", "scan", "manifest_path",
           "read_manifest", "is_set_aside", "quarantine_name"]

NAME = "manifest"
INDEX = INDEX_NAME
_STAGING = STAGING_DIRNAME
#: The category folders (the same names as :mod:`claude_memory.categories`; kept here so the
#: hook imports nothing else).
FOLDERS = ("sessions", "decisions", "runbooks", "constraints", "tech-debt", "preferences")
_HEADER = "claude-memory manifest 1"
_INVALID_MARK = ".invalid."


class Diff:
    """What differs between the manifest and the store (relative paths, sorted)."""

    __slots__ = ("changed", "added", "deleted")

    def __init__(self, changed: list[str], added: list[str], deleted: list[str]) -> None:
        self.changed, self.added, self.deleted = changed, added, deleted

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.deleted)

    def __repr__(self) -> str:
        return f"Diff(changed={self.changed}, added={self.added}, deleted={self.deleted})"


def parse(text: str) -> dict[str, tuple[tuple[int, int, int, int], str]]:
    """``{rel: ((size, mtime_ns, ctime_ns, inode), md5)}``; malformed lines are skipped."""
    out: dict[str, tuple[tuple[int, int, int, int], str]] = {}
    lines = text.split("\n")
    if not lines or lines[0] != _HEADER:
        return out
    for line in lines[1:]:
        parts = line.split("\t")
        if len(parts) != 6:
            continue
        try:
            sig = (int(parts[1]), int(parts[2]), int(parts[3]), int(parts[4]))
        except ValueError:
            continue
        out[parts[0]] = (sig, parts[5])
    return out


def render(entries: dict[str, tuple[tuple[int, int, int, int], str]]) -> str:
    lines = [_HEADER]
    for rel in sorted(entries):
        sig, digest = entries[rel]
        lines.append("\t".join((rel, *map(str, sig), digest)))
    return "\n".join(lines) + "\n"


def compare(recorded: dict[str, tuple[tuple[int, int, int, int], str]],
            seen: dict[str, tuple[int, int, int, int]]) -> Diff:
    """Files whose stat changed, files the manifest does not know, files gone from the store."""
    changed = sorted(rel for rel, sig in seen.items() if rel in recorded and recorded[rel][0] != sig)
    added = sorted(rel for rel in seen if rel not in recorded)
    deleted = sorted(rel for rel in recorded if rel not in seen)
    return Diff(changed, added, deleted)


def is_set_aside(name: str) -> bool:
    """Names the store itself leaves beside memories and does not track: temp files and quarantines."""
    return name.startswith(".") or _INVALID_MARK in name


def scan(root: str) -> dict[str, tuple[int, int, int, int]]:
    """``{rel: (size, mtime_ns, ctime_ns, inode)}`` of index.md and every regular file of the
    category folders (not hidden temp files, not quarantined ``*.invalid.*`` files)."""
    out: dict[str, tuple[int, int, int, int]] = {}
    try:
        st = os.lstat(os.path.join(root, INDEX))
        out[INDEX] = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
    except OSError:
        pass
    for folder in FOLDERS:
        try:
            entries = os.scandir(os.path.join(root, folder))
        except OSError:
            continue
        with entries:
            for entry in entries:
                name = entry.name
                if is_set_aside(name):
                    continue
                try:
                    st = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    continue
                out[f"{folder}/{name}"] = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
    return out


def manifest_path(root: str) -> str:
    return os.path.join(root, _STAGING, NAME)


def read_manifest(root: str) -> dict[str, tuple[tuple[int, int, int, int], str]] | None:
    """The recorded manifest, or None when the writer has not recorded one (nothing to compare)."""
    try:
        with open(manifest_path(root), encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError):
        return None
    return parse(text) if text.startswith(_HEADER) else None


def quarantine_name(path: str, now: float | None = None) -> str:
    """``<path>.invalid.<YYYYMMDDTHHMMSSZ>``, where an invalid memory file is moved so no reader sees
    it (:func:`is_set_aside` skips it); a numeric suffix keeps an earlier quarantine."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() if now is None else now))
    candidate = f"{path}.invalid.{stamp}"
    n = 1
    while os.path.lexists(candidate):
        n += 1
        candidate = f"{path}.invalid.{stamp}-{n}"
    return candidate
