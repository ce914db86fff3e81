"""Reading the store for recall: which files count, and what each memory contributes.

Only regular files ``<root>/<category-folder>/<slug>.json`` are read, never through a
symlink (a symlinked folder or file is skipped, and files are opened with
``O_NOFOLLOW``). Anything unreadable, not JSON, of the wrong shape or not ``active``
is skipped silently: recall must never fail because of one bad file.

A memory becomes a :data:`Doc` tuple, the unit the index and the cache store::

    (category, folder, slug, title, tags, related_files, updated_at, term_weights, length)

``term_weights`` maps each term to its field-weighted frequency (tags above title above
the body), negated when the term appears in a strong field (tags, title, slug), and ``length`` is the field-weighted length used for length normalisation.
"""

from __future__ import annotations

import json
import os
import re
import stat

from . import text

__all__ = [
    "FOLDERS",
    "FIELD_WEIGHTS",
    "MAX_FILE_BYTES",
    "scan_folder",
    "read_memory",
    "make_doc",
    "folder_signature",
]

#: folder -> category (kept here so the hot path need not import more modules).
FOLDERS: dict[str, str] = {
    "sessions": "session_summary",
    "decisions": "decision",
    "runbooks": "runbook",
    "constraints": "constraint",
    "tech-debt": "tech_debt",
    "preferences": "preference",
}

#: How much one occurrence of a word counts, by field.
FIELD_WEIGHTS = {"tags": 4.0, "title": 3.0, "slug": 1.5, "files": 1.0, "content": 1.0}

#: Fields that say what a memory is about (a match there is stronger evidence than the body).
STRONG_FIELDS = frozenset({"tags", "title", "slug"})

MAX_FILE_BYTES = 512 * 1024
_SLUG = re.compile(r"^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def folder_signature(root: str, folder: str):
    """(mtime_ns, inode) of a real category folder, or None when absent or a symlink."""
    try:
        st = os.lstat(os.path.join(root, folder))
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode):
        return None
    return (st.st_mtime_ns, st.st_ino)


def scan_folder(root: str, folder: str) -> dict[str, tuple[int, int, int]]:
    """``{slug: (mtime_ns, size, inode)}`` of the regular ``*.json`` files of one folder."""
    out: dict[str, tuple[int, int, int]] = {}
    path = os.path.join(root, folder)
    try:
        st = os.lstat(path)
        if not stat.S_ISDIR(st.st_mode):
            return out
        entries = os.scandir(path)
    except OSError:
        return out
    with entries:
        for entry in entries:
            name = entry.name
            if not name.endswith(".json"):
                continue
            slug = name[:-5]
            if not _SLUG.match(slug):
                continue
            try:
                est = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if not stat.S_ISREG(est.st_mode) or est.st_size > MAX_FILE_BYTES:
                continue
            out[slug] = (est.st_mtime_ns, est.st_size, est.st_ino)
    return out


def read_memory(root: str, folder: str, slug: str) -> dict | None:
    """The parsed memory file, or None when it cannot be read as a JSON object."""
    path = os.path.join(root, folder, slug + ".json")
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(raw) > MAX_FILE_BYTES:
        return None
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    return doc if isinstance(doc, dict) else None


def _strings(value, out: list[str], depth: int = 0) -> None:
    if depth > 6:
        return
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out, depth + 1)


def _str_list(value) -> list[str] | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    return value


def make_doc(record: dict, folder: str, slug: str):
    """The :data:`Doc` tuple of an active, well-formed memory, else None."""
    if record.get("record_status") != "active":
        return None
    title = record.get("title")
    tags = _str_list(record.get("tags"))
    files = _str_list(record.get("related_files", []))
    content = record.get("content")
    updated = record.get("updated_at") or record.get("created_at") or ""
    if not isinstance(title, str) or not title.strip() or tags is None or files is None:
        return None
    if not isinstance(content, dict) or not isinstance(updated, str):
        return None
    category = FOLDERS[folder]
    body: list[str] = []
    _strings(content, body)
    fields = {
        "tags": " ".join(tags),
        "title": title,
        "slug": slug,
        "files": " ".join(files),
        "content": "\n".join(body),
    }
    weights: dict[str, float] = {}
    strong: set[str] = set()
    length = 0.0
    for field, value in fields.items():
        w = FIELD_WEIGHTS[field]
        found = text.terms(value)
        for term in found:
            weights[term] = weights.get(term, 0.0) + w
            length += w
        if field in STRONG_FIELDS:
            strong.update(found)
    # A term named in a strong field is stored with a negative weight (the sign is a flag).
    for term in strong:
        weights[term] = -weights[term]
    files_norm = [text.norm_path(f) for f in files if f.strip()]
    return (category, folder, slug, title[:300], tuple(t[:80] for t in tags[:30]), tuple(files_norm[:50]),
            updated[:40], weights, length)
