"""Reading the store for recall: which files count, and what each memory contributes.

Only regular files ``<root>/<category-folder>/<slug>.json`` are read, never through a
symlink (a symlinked folder or file is skipped, and files are opened with
``O_NOFOLLOW``). Anything unreadable, not JSON, of the wrong shape or not ``active``
is skipped silently: recall must never fail because of one bad file.

A memory becomes a :data:`Doc` tuple, the unit the index and the cache store::

    (category, folder, slug, title, tags, related_files, updated_at, term_weights, length, gist)

``term_weights`` maps each term to its field-weighted frequency (tags above title above
the body), negated when the term appears in a strong field (tags, title, slug), ``length`` is the
field-weighted length used for length normalisation, and ``gist`` the memory's substance in a
line or two (:func:`gist`), injected with it.
"""

import os
import stat

from claude_memory.core.categories import CATEGORY_BY_FOLDER
from claude_memory.core.layout import INDEX_NAME, MAX_MEMORY_BYTES
from claude_memory.core.fastjson import loads
from claude_memory.core.slug import is_valid_slug
from claude_memory.recall import text
from claude_memory.recall.private import folder_sig
from claude_memory.core import jsonio
from claude_memory.core.errors import MemoryStoreError

__all__ = [
    "FOLDERS",
    "FIELD_WEIGHTS",
    "strings_of",
    "MAX_FILE_BYTES",
    "scan_folder",
    "is_slug",
    "read_memory",
    "make_doc",
    "count_files",
    "index_md_docs",
    "MAX_SCAN_LINES",
]

#: folder -> category (re-exported from :mod:`claude_memory.core.categories`)
FOLDERS = CATEGORY_BY_FOLDER

#: How much one occurrence of a word counts, by field.
FIELD_WEIGHTS = {"tags": 4.0, "title": 3.0, "slug": 1.5, "files": 1.0, "content": 1.0}

#: Fields that say what a memory is about (a match there is stronger evidence than the body).
STRONG_FIELDS = frozenset({"tags", "title", "slug"})

MAX_FILE_BYTES = MAX_MEMORY_BYTES
#: index.md bigger than this is not scanned (about 40,000 memories).
MAX_INDEX_MD_BYTES = 6 * 1024 * 1024
#: The index.md scan turns at most this many lines (those sharing the most words with
#: the prompt) into docs: the cost of a prompt without a cache stays bounded.
MAX_SCAN_LINES = 400
#: An index.md line (compiled on first use: only a prompt without a cache reads index.md).
_LINE = r"^- \[([A-Z_]+)\] (.*) -> \S*?([a-z-]+)/([a-z0-9-]+)\.json(?: #tags:(\S*))?$"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


#: A memory file's slug (the one rule, :func:`claude_memory.core.slug.is_valid_slug`).
is_slug = is_valid_slug


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
            if not is_slug(slug):
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
    try:
        doc = jsonio.parse(raw, max_bytes=MAX_FILE_BYTES)
    except MemoryStoreError:
        return None
    return doc if isinstance(doc, dict) else None


def strings_of(value) -> list[str]:
    """Every string inside a JSON value (dict values and list items, depth-first, at most 7 levels)."""
    out: list[str] = []
    _strings(value, out)
    return out


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
    if record.get("record_status") not in ("active", None):  # missing or null: active (lenient reading)
        return None
    title = record.get("title")
    tags = _str_list(record.get("tags"))
    files = _str_list(record.get("related_files") or [])  # null: none
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
            updated[:40], weights, length, gist(category, content))


#: Per category, the content fields that say what a memory holds, most telling first: the
#: decision, the rule, the fix. The first ones present make the gist injected with it.
GIST_FIELDS: dict[str, tuple[str, ...]] = {
    "decision": ("decision", "rationale"),
    "constraint": ("rule", "workarounds"),
    "runbook": ("root_cause", "steps"),
    "tech_debt": ("description", "suggested_fix"),
    "preference": ("value", "reason"),
    "session_summary": ("outcome", "next_actions", "in_progress"),
}
GIST_CHARS = 300


def gist(category: str, content: dict) -> str:
    """What a memory holds in one or two lines (at most ``GIST_CHARS``): its category's telling
    fields (``GIST_FIELDS``), lists joined with "; "."""
    parts: list[str] = []
    for name in GIST_FIELDS.get(category, ()):
        value = content.get(name)
        found: list[str] = []
        _strings(value, found)
        line = "; ".join(" ".join(v.split()) for v in found if v.strip())
        if line:
            parts.append(f"{name.replace('_', ' ')}: {line}")
    out = " | ".join(parts)
    return out if len(out) <= GIST_CHARS else out[:GIST_CHARS - 1].rstrip() + "\u2026"


def count_files(root: str, limit: int) -> int:
    """How many ``*.json`` names the category folders hold, counting up to ``limit`` + 1."""
    total = 0
    for folder in FOLDERS:
        path = os.path.join(root, folder)
        try:
            if not stat.S_ISDIR(os.lstat(path).st_mode):
                continue
            with os.scandir(path) as entries:
                for entry in entries:
                    if entry.name.endswith(".json"):
                        total += 1
                        if total > limit:
                            return total
        except OSError:
            continue
    return total


def _read_index_md(root: str) -> str | None:
    try:
        fd = os.open(os.path.join(root, INDEX_NAME), os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_INDEX_MD_BYTES:
            return None
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            return fh.read(MAX_INDEX_MD_BYTES + 1).decode("utf-8", "replace")
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)


def _needles(prompt: str) -> list[str]:
    """Lower-case strings a line must contain to share a term with ``prompt`` (or a synonym)."""
    out: set[str] = set()
    for term, _factor in text.query_terms(prompt):
        for t in (term, *text.expand(term)):
            for piece in t.split("_"):
                # A stem may end in "y" for a word spelled "-ies"; match the part before it.
                piece = piece[:-1] if piece.endswith("y") and len(piece) > 3 else piece
                if len(piece) >= 2 or piece >= "\u2e80":  # a lone CJK character is a word (recall.text)
                    out.add(piece)
    return sorted(out)


def index_md_docs(root: str, prompt: str) -> tuple[list, int]:
    """(docs, memories listed) from ``index.md`` alone: the lines that may match ``prompt``.

    The bounded answer for a prompt when no cache exists yet: index.md lists every active
    memory with its title and tags in one file. Only lines containing one of the prompt's
    words (or synonyms) become docs (title, tags and slug; no body), at most
    ``MAX_SCAN_LINES`` of them, preferring lines that contain more of those words; a line
    whose file is gone, or whose folder is not a real category folder, is skipped.
    """
    raw = _read_index_md(root)
    if not raw:
        return [], 0
    lines = [line for line in raw.splitlines() if line.startswith("- [")]
    needles = _needles(prompt)
    if not needles or not lines:
        return [], len(lines)
    import re

    line_format = re.compile(_LINE)
    finder = re.compile("|".join(re.escape(n) for n in sorted(needles, key=len, reverse=True)))
    hits = []
    for number, line in enumerate(lines):
        found = finder.findall(line.casefold())  # terms are case-folded (recall.text)
        if found:
            hits.append((-len(set(found)), number))
    hits.sort()
    real = {f for f in FOLDERS if folder_sig(root, f) is not None}
    docs = []
    for _count, number in hits[:MAX_SCAN_LINES]:
        match = line_format.match(lines[number])
        if not match:
            continue
        _cat, title, folder, slug, tags = match.groups()
        if folder not in real or not is_slug(slug):
            continue
        try:
            if not stat.S_ISREG(os.lstat(os.path.join(root, folder, slug + ".json")).st_mode):
                continue
        except OSError:
            continue
        record = {"record_status": "active", "title": title, "tags": [t for t in (tags or "").split(",") if t],
                  "related_files": [], "content": {}, "updated_at": ""}
        doc = make_doc(record, folder, slug)
        if doc is not None:
            docs.append(doc)
    return docs, len(lines)
