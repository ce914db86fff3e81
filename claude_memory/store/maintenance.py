"""Maintenance of a store: rebuild the index, validate everything, collect garbage.

``rebuild`` and ``gc`` write, so they run under the store lock; ``validate``
only reads. See :mod:`claude_memory.store.health` for the read-only reports.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from claude_memory.store import index_file
from claude_memory.store import lifecycle
from claude_memory.store import records as store_io
from claude_memory.core.categories import FOLDERS
from claude_memory.core.layout import INDEX_NAME
from claude_memory.store.lock import store_lock
from claude_memory.core.timeutil import format_ts, now_utc

__all__ = ["TEMP_RE", "orphan_temp_files", "half_renames", "expected_index", "index_drift", "rebuild", "validate", "gc"]

#: temp files left by an interrupted atomic write: ``.<name>.<random>.tmp``
TEMP_RE = re.compile(r"^\..+\.[^.]+\.tmp$")


def orphan_temp_files(root: Path) -> list[Path]:
    folders = [Path(root), *(Path(root) / f for f in FOLDERS.values())]
    return sorted(p for d in folders if d.is_dir() for p in d.iterdir()
                  if TEMP_RE.match(p.name) and p.is_file() and not p.is_symlink())


def _renamed_from(doc: dict) -> str | None:
    for entry in reversed(doc.get("changes") or []):
        if entry.get("field") == "id" and entry.get("new_value") == doc.get("id"):
            return entry.get("old_value")
    return None


def half_renames(scanned: list[store_io.ScannedFile]) -> list[tuple[Path, Path]]:
    """(file to drop, file kept) for renames interrupted after the new file was written."""
    by_key = {(f.category, f.id): f for f in scanned if f.doc is not None}
    out = []
    for f in scanned:
        old_id = _renamed_from(f.doc) if f.doc is not None else None
        old = by_key.get((f.category, old_id)) if old_id else None
        if old is None or old.status != "active" or f.status != "active":
            continue
        # The leftover of an interrupted rename is the renamed memory as it was just before that
        # update; a memory created later under the freed id is a different memory, never dropped.
        if old.doc.get("created_at") != f.doc.get("created_at") or \
                int(old.doc.get("times_updated") or 0) + 1 != int(f.doc.get("times_updated") or 0):
            continue
        newer_is_old = (old.doc.get("updated_at") or "") > (f.doc.get("updated_at") or "")
        out.append((f.path, old.path) if newer_is_old else (old.path, f.path))
    return out


def expected_index(scanned: list[store_io.ScannedFile]) -> str:
    return index_file.render_index(index_file.entry_from_record(f.doc) for f in scanned if f.status == "active")


def rebuild(root: Path, *, lock_timeout: float | None = None) -> dict:
    """Recreate index.md from the memory files (and tidy what a crash can leave behind)."""
    root = Path(root)
    with store_lock(root, timeout=lock_timeout):
        temps = orphan_temp_files(root)
        for p in temps:
            store_io.remove_file(p)
        scanned = list(store_io.scan_records(root))
        renames = half_renames(scanned)
        for drop, _keep in renames:
            store_io.remove_file(drop)
        dropped = {d for d, _ in renames}
        scanned = [f for f in scanned if f.path not in dropped]
        before = {e.path for e in index_file.parse_index(store_io.read_index(root))}
        text = expected_index(scanned)
        after = {e.path for e in index_file.parse_index(text)}
        written = store_io.write_index(root, text)
    return {
        "entries": len(after),
        "written": written,
        "added_lines": sorted(after - before),
        "dropped_lines": sorted(before - after),
        "removed_temp_files": [str(p) for p in temps],
        "resolved_renames": [{"removed": str(d), "kept": str(k)} for d, k in renames],
        "invalid_files": [{"path": str(f.path), "error": f.error} for f in scanned if f.doc is None],
    }


def validate(root: Path) -> list[dict]:
    """Every problem found: invalid files, misplaced records, index out of sync. Empty = healthy."""
    root = Path(root)
    problems: list[dict] = []
    scanned = list(store_io.scan_records(root))
    for f in scanned:
        if f.doc is None:
            problems.append({"path": str(f.path), "problem": f"invalid: {f.error}"})
            continue
        if f.doc.get("id") != f.id:
            problems.append({"path": str(f.path), "problem": f"id {f.doc.get('id')!r} differs from the file name"})
        if f.doc.get("category") != f.category:
            problems.append({"path": str(f.path), "problem": f"category {f.doc.get('category')!r} is not "
                             f"{f.category!r} (the folder's)"})
    for drop, keep in half_renames(scanned):
        problems.append({"path": str(drop), "problem": f"half-finished rename to {keep.name}; run --rebuild"})
    for p in orphan_temp_files(root):
        problems.append({"path": str(p), "problem": "temp file left by an interrupted write; run --rebuild"})
    problems += [{"path": INDEX_NAME, "problem": d} for d in index_drift(root, scanned)]
    return problems


def index_drift(root: Path, scanned: list[store_io.ScannedFile] | None = None) -> list[str]:
    """How index.md differs from what the files say (empty when in sync)."""
    scanned = list(store_io.scan_records(root)) if scanned is None else scanned
    want = {e.path: index_file.render_line(e) for e in index_file.parse_index(expected_index(scanned))}
    have_text = store_io.read_index(root)
    have = {e.path: index_file.render_line(e) for e in index_file.parse_index(have_text)}
    drift = [f"missing line for {p}" for p in sorted(set(want) - set(have))]
    drift += [f"line for {p} but it is not an active memory" for p in sorted(set(have) - set(want))]
    drift += [f"stale title or tags for {p}" for p in sorted(set(want) & set(have)) if want[p] != have[p]]
    if not drift and have_text != expected_index(scanned):
        drift.append("index.md is not in canonical form (order or extra lines)")
    return drift


def gc(root: Path, config: dict, *, now: datetime | None = None, lock_timeout: float | None = None) -> dict:
    """Purge retired memories past ``delete.grace_period_days`` (archive them instead when
    ``delete.archive_retired`` is true). Archived memories are never touched."""
    root = Path(root)
    now = now or now_utc()
    grace = config["delete"]["grace_period_days"]
    archive = config["delete"]["archive_retired"]
    purged, archived = [], []
    with store_lock(root, timeout=lock_timeout):
        retired = [f for f in store_io.scan_records(root) if f.status == "retired"]
        victims = {id(d) for d in lifecycle.gc_victims([f.doc for f in retired], now=now, grace_days=grace)}
        for f in retired:
            if id(f.doc) not in victims:
                continue
            if archive:
                doc = {k: v for k, v in f.doc.items() if k not in ("retired_at", "retired_reason")}
                doc.update(record_status="archived", archived_at=format_ts(now),
                           archived_reason=f"gc: retired for more than {grace} days")
                _doc, text, _ = store_io.finalise_record(doc, f.category)
                store_io.write_record(f.path, text)
                archived.append(str(f.path))
            else:
                store_io.remove_file(f.path)
                purged.append(str(f.path))
        store_io.update_index(root, remove=[(Path(p).parent.name, Path(p).stem) for p in purged + archived])
    return {"grace_period_days": grace, "purged": purged, "archived": archived}
