"""index.md: one line per active memory, in a stable order.

Standard library only (recall reads the index on every prompt). A line is::

    - [DECISION] Use Postgres -> .claude/memory/decisions/use-postgres.json #tags:db,storage

Lines are sorted by folder, then id (that is, by path), so two git branches that
each add memories produce independent hunks that merge cleanly. Titles and tags
are neutralised so they cannot break the format.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from claude_memory.core.categories import CATEGORIES, FOLDERS
from claude_memory.core.invisible import strip_invisible

__all__ = [
    "INDEX_PATH_PREFIX",
    "IndexEntry",
    "neutralise_title",
    "neutralise_tag",
    "entry_for",
    "entry_from_record",
    "render_line",
    "render_index",
    "parse_line",
    "parse_index",
]

#: Index lines name memories relative to the project.
INDEX_PATH_PREFIX = ".claude/memory/"

_ARROW = " -> "
_TAGS = " #tags:"
_LINE_RE = re.compile(r"^- \[(?P<cat>[A-Z_]+)\] (?P<title>.*?) -> (?P<path>\S+\.json)(?: #tags:(?P<tags>\S*))?$")
_HEAD_RE = re.compile(r"- \[([A-Z_]+)\] ")
_TAIL_RE = re.compile(r"(\S+\.json)(?: #tags:(\S*))?")
_BREAKERS = re.compile(r"[\r\n\v\f\x85\u2028\u2029\t]+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# Fast paths (the index is re-rendered on every write): a title or tag none of these match
# comes out of the full neutralisation unchanged apart from whitespace runs (title).
_TITLE_SUSPECT = re.compile(r"[\r\n\v\f\x85\u2028\u2029\t\x00-\x1f\x7f]|->|#tags:", re.IGNORECASE)
_TAG_SUSPECT = re.compile(r"[\s,\x00-\x1f\x7f]")


@dataclass(frozen=True)
class IndexEntry:
    category: str
    title: str
    folder: str
    id: str
    tags: tuple[str, ...] = ()

    @property
    def path(self) -> str:
        """The path written in the line, relative to the project."""
        return f"{INDEX_PATH_PREFIX}{self.folder}/{self.id}.json"

    @property
    def sort_key(self) -> tuple[str, str]:
        return (self.folder, self.id)


def neutralise_title(title: str) -> str:
    """A single-line title that cannot be mistaken for the arrow or the tag marker."""
    t = strip_invisible(str(title))
    if not _TITLE_SUSPECT.search(t):
        return " ".join(t.split()) or "(untitled)"
    t = _BREAKERS.sub(" ", t)
    t = _CONTROL.sub("", t)
    t = t.replace("->", "\u2192")
    t = re.sub(r"#tags:", "#tags ", t, flags=re.IGNORECASE)
    t = " ".join(t.split())
    return t or "(untitled)"


def neutralise_tag(tag: str) -> str:
    """A tag without spaces, commas or line breaks (they separate tags)."""
    t = strip_invisible(str(tag))
    if not _TAG_SUSPECT.search(t):
        return t
    t = _CONTROL.sub("", _BREAKERS.sub(" ", t))
    return re.sub(r"[\s,]+", "-", t.strip())


def entry_for(category: str, title: str, id: str, tags: Iterable[str] = ()) -> IndexEntry:
    clean_tags = tuple(t for t in (neutralise_tag(x) for x in tags) if t)
    return IndexEntry(category, neutralise_title(title), FOLDERS[category], id, clean_tags)


def entry_from_record(doc: dict) -> IndexEntry:
    """The index entry of a memory record (caller checks it is active)."""
    return entry_for(doc["category"], doc.get("title", ""), doc["id"], doc.get("tags") or ())


def render_line(entry: IndexEntry) -> str:
    line = f"- [{entry.category.upper()}] {neutralise_title(entry.title)}{_ARROW}{entry.path}"
    tags = [t for t in (neutralise_tag(x) for x in entry.tags) if t]
    return line + (f"{_TAGS}{','.join(tags)}" if tags else "")


def render_index(entries: Iterable[IndexEntry]) -> str:
    """The whole index: one line per entry, sorted by (folder, id), one entry per path."""
    by_path = {e.path: e for e in entries}
    ordered = sorted(by_path.values(), key=lambda e: e.sort_key)
    return "".join(render_line(e) + "\n" for e in ordered)


def parse_line(line: str) -> IndexEntry | None:
    """The entry on ``line``, or None when the line is not an index line."""
    m = _match_line(line.rstrip("\r\n"))
    if not m:
        return None
    category = m[0].lower()
    path = m[2]
    if category not in CATEGORIES or not path.startswith(INDEX_PATH_PREFIX):
        return None
    rest = path[len(INDEX_PATH_PREFIX):]
    folder, _, name = rest.partition("/")
    if folder != FOLDERS[category] or "/" in name or not name.endswith(".json"):
        return None
    tags = tuple(t for t in (m[3] or "").split(",") if t)
    return IndexEntry(category, m[1], folder, name[: -len(".json")], tags)


def _match_line(line: str) -> tuple[str, str, str, str | None] | None:
    """(category, title, path, tags) as ``_LINE_RE`` would match them, found faster.

    The part after the title's arrow holds at most one space (path, then " #tags:..."),
    so only the last arrow can end the title; everything else is checked by small regexes.
    """
    head = _HEAD_RE.match(line)
    arrow = line.rfind(_ARROW)
    if head is None or arrow < head.end() or "\n" in line:
        return None
    tail = _TAIL_RE.fullmatch(line, arrow + len(_ARROW))
    if tail is None:
        return None
    return head.group(1), line[head.end():arrow], tail.group(1), tail.group(2)


def parse_index(text: str) -> list[IndexEntry]:
    """Every well-formed line of an index file (others are ignored)."""
    return [e for e in (parse_line(line) for line in text.splitlines()) if e is not None]
