"""Maintainers' reports on staleness and usage (``memory_index.py --stale``, ``--stats``, ``--gc``).

Computed fresh from the store, the project's files (git history or modification times) and
the usage log: these run on request, never on a hook's path.
"""

from __future__ import annotations

import os
import time

from claude_memory.recall import context_table, usage

__all__ = ["stale_list", "usage_stats", "retire_suggestions", "usage_days", "annotate"]


def _active(root: str) -> list[tuple[str, str, dict]]:
    return [r for r in context_table.read_store(root) if context_table.is_active(r[2])]


def stale_list(root: str | os.PathLike) -> list[dict]:
    """Active memories that may be stale, with why (see :mod:`.staleness`)."""
    from claude_memory.core.categories import CATEGORY_BY_FOLDER as CATEGORY_OF

    root = os.fspath(root)
    records = _active(root)
    reasons = context_table.stale_reasons(root, records)
    return [{"memory": f"{folder}/{slug}", "category": CATEGORY_OF[folder], "title": record.get("title"),
             "reason": reasons[f"{folder}/{slug}"]}
            for folder, slug, record in records if f"{folder}/{slug}" in reasons]


def _memories(root: str) -> dict[str, tuple[str, float]]:
    from claude_memory.core.categories import CATEGORY_BY_FOLDER as CATEGORY_OF
    from claude_memory.recall.staleness import parse_epoch

    return {f"{folder}/{slug}": (CATEGORY_OF[folder], parse_epoch(record.get("created_at")) or 0.0)
            for folder, slug, record in _active(root)}


def usage_days(config: dict, key: str, default: int) -> int:
    section = config.get("usage") if isinstance(config, dict) else None
    value = section.get(key, default) if isinstance(section, dict) else default
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else default


def usage_stats(root: str | os.PathLike, *, days: int, now: float | None = None, top: int = 5) -> dict:
    """Most and least recalled memories, those not recalled in ``days`` days, recalls per category."""
    root = os.fspath(root)
    return usage.stats(_memories(root), usage.read_log(root), now=time.time() if now is None else now, days=days,
                       top=top)


def retire_suggestions(root: str | os.PathLike, *, older_than_days: int = 90, now: float | None = None) -> list[str]:
    """Active memories created more than ``older_than_days`` ago and never recalled (suggestions only)."""
    root = os.fspath(root)
    return usage.never_recalled(_memories(root), usage.read_log(root), now=time.time() if now is None else now,
                                older_than_days=older_than_days)


def annotate(root, rows: list[dict]) -> None:
    """A ``store.listing`` annotator: each row's ``recalled`` (injections in the kept usage log; left
    unknown when nothing was ever recorded) and, for active memories, ``may_be_stale`` (the reason,
    or False)."""
    root = os.fspath(root)
    log = usage.read_log(root)
    counts: dict[str, int] = {}
    for _stamp, _via, name in log:
        counts[name] = counts.get(name, 0) + 1
    reasons = context_table.stale_reasons(root, _active(root))
    for row in rows:
        name = f"{row['folder']}/{row['id']}"
        if log:
            row["recalled"] = counts.get(name, 0)
        if row.get("status") in ("active", None):
            row["may_be_stale"] = reasons.get(name) or False
