"""The update rules: how a validated draft is merged into the stored memory.

Pure (no I/O; whether a related file still exists is asked through an injected
function). The store calls :func:`merge_update` under the lock with the record
as it is on disk and the validated draft, then validates the result again.

Rules:
- ``created_at``, ``schema_version``, ``category`` and ``record_status`` (with
  its lifecycle fields) are immutable here; lifecycle changes only through the
  delete/archive/unarchive/restore actions. Only active memories are updated.
- ``tags`` grow only; when adding would pass the cap, the oldest stored tags
  the draft does not mention are evicted, each eviction logged in ``changes``.
- ``related_files`` grow only, except stored paths that no longer exist.
- ``changes`` is append-only, needs at least one new entry from the draft, and
  keeps the newest ``max_changes`` (FIFO). Scalar content changes (and a title
  change) are recorded with their old and new values.
- ``times_updated`` + 1, ``updated_at`` = now. Lists that shrink are warned about.
- A title that changed in more than half its words proposes a new slug.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from claude_memory.core.errors import MemoryStoreError, Problem
from claude_memory.core.slug import slugify

__all__ = [
    "DEFAULT_MAX_TAGS",
    "DEFAULT_MAX_CHANGES",
    "IMMUTABLE_FIELDS",
    "LIFECYCLE_FIELDS",
    "MergeResult",
    "merge_update",
    "merge_tags",
    "merge_related_files",
    "new_change_entries",
    "scalar_changes",
    "shrunk_lists",
    "title_changed_much",
    "proposed_slug",
    "change_entry",
    "as_change_value",
]

#: Must equal ``models.MAX_TAGS`` / ``models.MAX_CHANGES`` (a test checks it).
DEFAULT_MAX_TAGS = 12
DEFAULT_MAX_CHANGES = 50
IMMUTABLE_FIELDS = ("created_at", "schema_version", "category", "record_status")
LIFECYCLE_FIELDS = ("retired_at", "retired_reason", "archived_at", "archived_reason")


@dataclass
class MergeResult:
    doc: dict
    warnings: list[str] = field(default_factory=list)
    #: a new slug proposed because the title changed a lot (None: keep the id)
    new_id: str | None = None


def as_change_value(value: Any) -> Any:
    """A change-log value: a JSON scalar as it is, anything else as compact JSON text."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def change_entry(now: str, summary: str, *, field_name: str | None = None,
                 old: Any = None, new: Any = None) -> dict:
    entry: dict = {"date": now, "summary": summary[:300]}
    if field_name is not None:
        entry["field"] = field_name
    if old is not None:
        entry["old_value"] = as_change_value(old)
    if new is not None:
        entry["new_value"] = as_change_value(new)
    return entry


def merge_tags(old: list[str], new: list[str], *, cap: int, now: str) -> tuple[list[str], list[dict]]:
    """Stored tags plus the draft's new ones; evict oldest unmentioned tags only past the cap."""
    merged = list(dict.fromkeys([*old, *new]))
    log: list[dict] = []
    excess = len(merged) - cap
    if excess > 0:
        wanted = set(new)
        evict = [t for t in old if t not in wanted][:excess]
        merged = [t for t in merged if t not in evict]
        log = [change_entry(now, f"tag '{t}' evicted to stay within {cap} tags", field_name="tags", old=t)
               for t in evict]
    return merged, log


def merge_related_files(old: list[str], new: list[str], *, path_exists: Callable[[str], bool],
                        now: str) -> tuple[list[str], list[dict], list[str]]:
    """Stored files plus the draft's; a stored file the draft dropped is removed only if it is gone."""
    mentioned = set(new)
    kept, log, warnings = [], [], []
    for path in old:
        if path in mentioned or path_exists(path):
            kept.append(path)
        else:
            log.append(change_entry(now, f"related file {path} no longer exists; removed",
                                    field_name="related_files", old=path))
            warnings.append(f"related_files: dropped {path} (the file no longer exists)")
    dropped_but_exist = [p for p in old if p not in mentioned and path_exists(p)]
    if dropped_but_exist:
        warnings.append("related_files only grow: kept " + ", ".join(dropped_but_exist)
                        + " (still exist); delete the file or the memory to drop them")
    return list(dict.fromkeys([*kept, *new])), log, warnings


def _key(entry: dict) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=False)


def new_change_entries(old: list[dict], new: list[dict]) -> list[dict]:
    """Entries of the draft's ``changes`` that are not already stored (draft order)."""
    seen = {_key(e) for e in old}
    return [e for e in new if _key(e) not in seen]


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (list, dict))


def scalar_changes(old: dict, new: dict, prefix: str = "content") -> list[tuple[str, Any, Any]]:
    """(dotted field, old, new) for every scalar value that differs, nested dicts included."""
    out: list[tuple[str, Any, Any]] = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        name = f"{prefix}.{key}"
        if isinstance(a, dict) or isinstance(b, dict):
            out += scalar_changes(a if isinstance(a, dict) else {}, b if isinstance(b, dict) else {}, name)
        elif _is_scalar(a) and _is_scalar(b) and a != b:
            out.append((name, a, b))
    return out


def shrunk_lists(old: dict, new: dict, prefix: str = "content") -> list[tuple[str, int, int]]:
    """(dotted field, old length, new length) for every list that got shorter."""
    out: list[tuple[str, int, int]] = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        name = f"{prefix}.{key}"
        if isinstance(a, dict):
            out += shrunk_lists(a, b if isinstance(b, dict) else {}, name)
        elif isinstance(a, list) and len(b if isinstance(b, list) else []) < len(a):
            out.append((name, len(a), len(b) if isinstance(b, list) else 0))
    return out


#: a title's words in any script: runs of letters and digits (``Übertragung`` whole, not
#: ``bertragung``), a character of a script written without spaces (CJK, kana, Hangul) alone
_WORD = re.compile(r"[\u2e80-\U0002ffff]|[^\W_\u2e80-\U0002ffff]+")


def _words(title: str) -> set[str]:
    return set(_WORD.findall(title.casefold()))


def title_changed_much(old_title: str, new_title: str) -> bool:
    """True when more than half of the words differ (relative to the longer title)."""
    a, b = _words(old_title), _words(new_title)
    if not a and not b:
        return False
    return len(a & b) / max(len(a), len(b)) < 0.5


def proposed_slug(old_id: str, old_title: str, new_title: str) -> str | None:
    if not title_changed_much(old_title, new_title):
        return None
    slug = slugify(new_title)
    return slug if slug and slug != old_id else None


def _require_mergeable(old: dict, new: dict) -> None:
    from claude_memory.store.lifecycle import require_updatable  # the one lifecycle table (it imports this module)

    require_updatable(old)
    if new.get("category") != old.get("category"):
        raise MemoryStoreError("VALIDATION_ERROR", "category cannot change in an update", problems=[
            Problem("category", repr(old.get("category")), repr(new.get("category")),
                    "create a new memory in the other category and delete this one")])


def merge_update(old: dict, new: dict, *, now: str, path_exists: Callable[[str], bool],
                 max_tags: int = DEFAULT_MAX_TAGS, max_changes: int = DEFAULT_MAX_CHANGES) -> MergeResult:
    """Merge the validated draft ``new`` into the stored record ``old`` (neither is modified)."""
    _require_mergeable(old, new)
    added = new_change_entries(old.get("changes") or [], new.get("changes") or [])
    if not added:
        raise MemoryStoreError("VALIDATION_ERROR", "an update needs at least one new entry in changes[]", problems=[
            Problem("changes", "at least one entry not already stored", "no new entry",
                    f'append {{"date": "{now}", "summary": "<what changed and why>"}} to changes')])
    doc = {k: v for k, v in new.items() if k not in LIFECYCLE_FIELDS}
    for name in (*IMMUTABLE_FIELDS, *LIFECYCLE_FIELDS, "id"):
        if name in old:
            doc[name] = old[name]
    warnings: list[str] = []
    log: list[dict] = []
    if new.get("record_status", "active") != old.get("record_status", "active"):
        warnings.append("record_status ignored: use --action delete/archive/unarchive/restore to change it")
    doc["tags"], evicted = merge_tags(old.get("tags") or [], new.get("tags") or [], cap=max_tags, now=now)
    log += evicted
    kept_anyway = [t for t in old.get("tags") or [] if t not in (new.get("tags") or []) and t in doc["tags"]]
    if kept_anyway:
        warnings.append("tags only grow: kept " + ", ".join(kept_anyway))
    files, dropped, file_warnings = merge_related_files(old.get("related_files") or [],
                                                        new.get("related_files") or [],
                                                        path_exists=path_exists, now=now)
    doc["related_files"] = files
    log += dropped
    warnings += file_warnings
    if old.get("title") != new.get("title"):
        log.append(change_entry(now, "title changed", field_name="title", old=old.get("title"), new=new.get("title")))
    old_content, new_content = old.get("content") or {}, new.get("content") or {}
    for name, a, b in scalar_changes(old_content, new_content):
        log.append(change_entry(now, f"{name} changed", field_name=name, old=a, new=b))
    for name, before, after in shrunk_lists(old_content, new_content):
        warnings.append(f"{name} shrank from {before} to {after} items (was that intended?)")
    doc["changes"] = [*(old.get("changes") or []), *added, *log][-max_changes:]
    doc["times_updated"] = int(old.get("times_updated") or 0) + 1
    doc["updated_at"] = now
    new_id = proposed_slug(old["id"], old.get("title", ""), new.get("title", ""))
    return MergeResult(doc=doc, warnings=warnings, new_id=new_id)
