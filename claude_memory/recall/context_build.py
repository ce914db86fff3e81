"""Building the context table (:mod:`.context_table`, which holds the format and the reader).

Runs in the background builder or, for a small store, inside the session-start hook: it reads
every memory file, asks git (or the files' times) which memories may be stale, and writes the
table whole. Nothing on a tool call's path imports this module.
"""

from __future__ import annotations

import marshal
import time

from claude_memory.recall.context_table import (DEFAULT_GRACE_MINUTES, FOLDERS, TABLE_FILE, TABLE_VERSION, folder_state,
                                                key_hash, path_key, project_of)
from claude_memory.recall.private import staging, write_private

__all__ = ["is_active", "start_data", "read_store", "stale_reasons", "build_table"]

#: Keys per bucket the build aims at.
_PER_BUCKET = 16
#: How many items of each kind the session-start section keeps.
_KEEP = 12


def is_active(record: dict) -> bool:
    """Active, reading leniently as recall does (a missing or null ``record_status`` is active)."""
    return record.get("record_status") in ("active", None)


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
