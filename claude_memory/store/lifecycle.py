"""Lifecycle rules (pure): retire, archive, unarchive, restore, the session
rolling window and garbage collection of long-retired memories.

:data:`TRANSITIONS` is the one table of what may happen to a memory's
``record_status``; every path (the writer's actions, the session rolling window,
``--gc``, an update, a create over an old file) asks :func:`next_status` or
:func:`transition`, never its own rule::

    active   --delete-->    retired
    active   --archive-->   archived
    retired  --restore-->   active
    archived --unarchive--> active

Any other (status, action) pair, also a repeated action such as deleting a
retired memory, is a ``LIFECYCLE_ERROR`` that changes nothing. Only active
memories are updated; only retired ones are purged by ``--gc`` (archiving keeps
a memory indefinitely). The store applies transitions under its lock.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from typing import Iterable

from claude_memory.core.errors import MemoryStoreError
from claude_memory.store.merge import DEFAULT_MAX_CHANGES, LIFECYCLE_FIELDS, change_entry
from claude_memory.core.timeutil import format_ts, parse_ts

__all__ = [
    "ACTIONS",
    "STATUSES",
    "TRANSITIONS",
    "UPDATABLE",
    "PURGEABLE",
    "next_status",
    "require_updatable",
    "RESURRECTION_WINDOW",
    "RESTORE_WARN_AFTER",
    "transition",
    "resurrection_block",
    "rolling_window_victims",
    "orphan_items",
    "normalised_text",
    "gc_victims",
]

ACTIONS = ("delete", "archive", "unarchive", "restore")
STATUSES = ("active", "retired", "archived")
#: (status, action) -> the new status: exactly the transitions there are
TRANSITIONS: dict[tuple[str, str], str] = {
    ("active", "delete"): "retired",
    ("active", "archive"): "archived",
    ("retired", "restore"): "active",
    ("archived", "unarchive"): "active",
}
#: the status a memory must have to be updated (merged), and to be purged by ``--gc``
UPDATABLE = "active"
PURGEABLE = "retired"

#: why a pair is not in the table, and what to do instead
_REFUSALS: dict[tuple[str, str], str] = {
    ("retired", "delete"): "is already retired (since {retired_at}); to bring it back use --action restore",
    ("retired", "archive"): "is retired; restore it first (--action restore), then archive it",
    ("retired", "unarchive"): "is retired, not archived; use --action restore",
    ("archived", "delete"): "is archived (kept indefinitely); unarchive it first (--action unarchive), "
                            "then delete it",
    ("archived", "archive"): "is already archived (since {archived_at}); to bring it back use --action unarchive",
    ("archived", "restore"): "is archived, not retired; use --action unarchive",
    ("active", "unarchive"): "is already active; there is nothing to unarchive",
    ("active", "restore"): "is already active; there is nothing to restore",
}
RESURRECTION_WINDOW = timedelta(hours=24)
RESTORE_WARN_AFTER = timedelta(days=7)


def _status(doc: dict) -> str:
    return doc.get("record_status") or "active"


def next_status(status: str, action: str, *, name: object = "the memory", doc: dict | None = None) -> str:
    """The status ``action`` leads to from ``status``, or LIFECYCLE_ERROR (nothing may change)."""
    if action not in ACTIONS:
        raise MemoryStoreError("USAGE_ERROR", f"unknown lifecycle action {action!r} (one of {', '.join(ACTIONS)})")
    if status not in STATUSES:
        raise MemoryStoreError("LIFECYCLE_ERROR", f"{name} has record_status {status!r}, which is not one of "
                               f"{', '.join(STATUSES)}; fix the file (memory_index.py --validate) first")
    new = TRANSITIONS.get((status, action))
    if new is None:
        why = _REFUSALS[(status, action)].format_map(_Fields(doc or {}))
        raise MemoryStoreError("LIFECYCLE_ERROR", f"{name} {why}; nothing was changed")
    return new


def require_updatable(doc: dict) -> None:
    """LIFECYCLE_ERROR unless ``doc`` may be updated (only active memories are)."""
    status = _status(doc)
    if status != UPDATABLE:
        back = next(a for (s, a), new in TRANSITIONS.items() if s == status and new == UPDATABLE) \
            if status in STATUSES else "a fix of the file"
        raise MemoryStoreError("LIFECYCLE_ERROR", f"memory {doc.get('id')!r} is {status}; only active memories "
                               f"can be updated. Run --action {back} first, then update it.")


class _Fields(dict):
    def __missing__(self, key: str) -> str:
        return "an unknown time"


def _with(doc: dict, status: str, now: datetime, summary: str, max_changes: int, **fields: str) -> dict:
    out = {k: v for k, v in doc.items() if k not in LIFECYCLE_FIELDS}
    out.update(fields)
    out["record_status"] = status
    out["updated_at"] = format_ts(now)
    entry = change_entry(format_ts(now), summary, field_name="record_status", old=_status(doc), new=status)
    out["changes"] = [*(doc.get("changes") or []), entry][-max_changes:]
    return out


def _age(ts: str | None, now: datetime) -> timedelta | None:
    try:
        return now - parse_ts(ts) if ts else None
    except ValueError:
        return None


def transition(doc: dict, action: str, *, now: datetime, reason: str | None = None,
               max_changes: int = DEFAULT_MAX_CHANGES) -> tuple[dict, list[str]]:
    """Apply a lifecycle ``action`` to ``doc``: (new doc, warnings); LIFECYCLE_ERROR when the
    table has no such transition (``doc`` is never modified)."""
    status, ts, name = _status(doc), format_ts(now), doc.get("id")
    new = next_status(status, action, name=name, doc=doc)
    reason = (reason or "").strip()
    if new == "retired":
        why = reason or "deleted"
        return _with(doc, new, now, f"retired: {why}", max_changes, retired_at=ts, retired_reason=why), []
    if new == "archived":
        why = reason or "archived"
        return _with(doc, new, now, f"archived: {why}", max_changes, archived_at=ts, archived_reason=why), []
    warnings = []
    if status == "retired":
        age = _age(doc.get("retired_at"), now)
        if age is not None and age > RESTORE_WARN_AFTER:
            warnings.append(f"{name} had been retired for {age.days} days; check it is still accurate")
    verb = "restored" if action == "restore" else "unarchived"
    return _with(doc, new, now, f"{verb}{': ' + reason if reason else ''}", max_changes), warnings


def resurrection_block(existing: dict, now: datetime) -> MemoryStoreError | None:
    """The error that stops a create over ``existing``, or None when it may be replaced."""
    status, name = _status(existing), existing.get("id")
    if status == "retired":
        age = _age(existing.get("retired_at"), now)
        if age is not None and age < RESURRECTION_WINDOW:
            return MemoryStoreError(
                "ANTI_RESURRECTION_ERROR",
                f"{name} was retired {existing.get('retired_at')} (less than 24 h ago); a create would bring it "
                "back under the same name. To bring it back, run --action restore then --action update; to "
                "record something new, give the new memory a different title/id.")
        return None
    hint = ("run --action update --target <this file>" if status == "active"
            else "run --action unarchive, then --action update")
    return MemoryStoreError("ALREADY_EXISTS", f"a memory named {name} already exists ({status}); to change it {hint}")


def _created(doc: dict) -> tuple[str, str]:
    return (doc.get("created_at") or "", doc.get("id") or "")


def rolling_window_victims(sessions: Iterable[dict], max_retained: int) -> list[dict]:
    """The oldest active session summaries beyond ``max_retained`` (oldest first)."""
    active = sorted((d for d in sessions if _status(d) == "active"), key=_created)
    excess = len(active) - max(int(max_retained), 0)
    return active[:excess] if excess > 0 else []


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def normalised_text(doc: dict) -> str:
    """The words of ``doc`` as :func:`orphan_items` searches them (lower case, single spaces)."""
    return _norm(json.dumps(doc, ensure_ascii=False))


def orphan_items(victim: dict, others: Iterable[dict], *, haystack: str | None = None) -> list[str]:
    """Completed items, blockers and next actions of ``victim`` mentioned in no other memory.

    ``haystack``, when given, stands for ``others``: the non-empty :func:`normalised_text` of
    each joined by single spaces (a caller checking several victims normalises the store once).
    """
    if haystack is None:
        haystack = _norm(" ".join(json.dumps(d, ensure_ascii=False) for d in others))
    content = victim.get("content") or {}
    found = []
    for key in ("completed", "blockers", "next_actions"):
        for item in content.get(key) or []:
            text = item if isinstance(item, str) else json.dumps(item, ensure_ascii=False)
            if _norm(text) and _norm(text) not in haystack:
                found.append(f"{key}: {text}")
    return found


def gc_victims(records: Iterable[dict], *, now: datetime, grace_days: int) -> list[dict]:
    """Retired memories whose retirement is older than the grace period (never archived ones)."""
    grace = timedelta(days=max(int(grace_days), 0))
    out = []
    for doc in records:
        if _status(doc) != PURGEABLE:
            continue
        age = _age(doc.get("retired_at"), now)
        if age is not None and age >= grace:
            out.append(doc)
    return out
