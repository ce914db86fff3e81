"""Read-only reports on a store: health and archived memories (searching is recall's one search,
:func:`claude_memory.recall.search`, used by ``memory_index.py --query``)."""

from __future__ import annotations

from pathlib import Path

from claude_memory.store import records as store_io
from claude_memory.core.categories import CATEGORIES
from claude_memory.core.config import config_problems
from claude_memory.store.lifecycle import STATUSES
from claude_memory.store.maintenance import index_drift

__all__ = ["health", "list_archived"]


def _summary(f: store_io.ScannedFile) -> dict:
    return {"category": f.category, "id": f.id, "title": f.doc.get("title"), "status": f.status,
            "path": str(f.path)}


def health(root: Path, *, top: int = 5) -> dict:
    """Counts per category and status, most-updated memories, recent retirements, index drift."""
    scanned = list(store_io.scan_records(Path(root)))
    valid = [f for f in scanned if f.doc is not None]
    counts = {c: {s: 0 for s in STATUSES} for c in CATEGORIES}
    for f in valid:
        counts[f.category][f.status] = counts[f.category].get(f.status, 0) + 1
    most = sorted((f for f in valid if f.doc.get("times_updated")),
                  key=lambda f: (-int(f.doc.get("times_updated") or 0), f.category, f.id))[:top]
    retired = sorted((f for f in valid if f.status == "retired"),
                     key=lambda f: f.doc.get("retired_at") or "", reverse=True)[:top]
    return {
        "total": len(valid),
        "counts": counts,
        "most_updated": [{**_summary(f), "times_updated": f.doc.get("times_updated")} for f in most],
        "recent_retirements": [{**_summary(f), "retired_at": f.doc.get("retired_at"),
                                "retired_reason": f.doc.get("retired_reason")} for f in retired],
        "invalid_files": [str(f.path) for f in scanned if f.doc is None],
        "index_drift": index_drift(Path(root), scanned),
        "config_problems": config_problems(root),
    }


def list_archived(root: Path) -> list[dict]:
    return [{**_summary(f), "archived_at": f.doc.get("archived_at"), "archived_reason": f.doc.get("archived_reason")}
            for f in store_io.scan_records(Path(root)) if f.status == "archived"]
