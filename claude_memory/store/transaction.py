"""The store's transactions: create, update and the lifecycle actions.

Each public function is one transaction under the store lock: read, check,
write the memory file atomically, update index.md. Nothing is written before
every check has passed, so a failure leaves the store as it was. Drafts arrive
already auto-fixed and validated (see :mod:`claude_memory.cli.memory_write`);
every record is redacted and validated again right before it is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from claude_memory.store import faults
from claude_memory.store import lifecycle
from claude_memory.store import maintenance
from claude_memory.store import merge
from claude_memory.store import records as store_io
from claude_memory.core.errors import MemoryStoreError
from claude_memory.store.lock import store_lock
from claude_memory.core.timeutil import format_ts, now_utc

__all__ = ["Outcome", "StoreContext", "create", "update", "change_status"]


@dataclass
class StoreContext:
    root: Path
    config: dict
    now: datetime = field(default_factory=now_utc)
    lock_timeout: float | None = None

    @property
    def now_ts(self) -> str:
        return format_ts(self.now)

    def limits(self) -> tuple[int, int]:
        from claude_memory.store import models

        return models.MAX_TAGS, models.MAX_CHANGES

    def path_exists(self, rel: str) -> bool:
        p = Path(rel)
        return (p if p.is_absolute() else store_io.project_of(self.root) / p).exists()


@dataclass
class Outcome:
    action: str
    path: Path
    id: str
    warnings: list[str] = field(default_factory=list)
    hash: str | None = None

    def as_dict(self) -> dict:
        return {"ok": True, "action": self.action, "path": str(self.path), "id": self.id,
                "warnings": list(self.warnings), "hash": self.hash}


def _check_hash(path: Path, raw: bytes, expected: str | None) -> None:
    if expected is not None and store_io.md5_hex(raw) != expected.strip().lower():
        raise MemoryStoreError("OCC_CONFLICT", f"{path} changed since you read it (hash {expected} no longer "
                               "matches); nothing was written. Read the file again, reapply your change, and "
                               "retry with the new hash.")


def _check_enabled(ctx: StoreContext, category: str) -> None:
    if not ctx.config["categories"][category]["enabled"]:
        raise MemoryStoreError("INPUT_ERROR", f"the {category} category is disabled "
                               f"(categories.{category}.enabled is false in .claude/memory/memory-config.json); "
                               "nothing was written")


def _check_limit(ctx: StoreContext, category: str, exclude: Path | None = None) -> None:
    limit = ctx.config["max_memories_per_category"]
    if store_io.count_json_files(ctx.root, category) < limit:
        return  # fewer files than the limit, so fewer active ones: nothing to open
    listed = store_io.indexed_ids(ctx.root, category)
    if listed is None:  # no index.md yet: count from the files themselves
        active = sum(1 for f in store_io.scan_records(ctx.root, [category])
                     if f.status == "active" and f.path != exclude)
    else:
        active = len(listed - ({exclude.stem} if exclude is not None else set()))
    if active >= limit:
        raise MemoryStoreError("LIMIT_EXCEEDED", f"{category} already has {active} active memories "
                               f"(max_memories_per_category = {limit}); update or delete one instead, or raise "
                               "the limit in .claude/memory/memory-config.json")


def create(ctx: StoreContext, draft: dict, *, category: str, target: str | None = None) -> Outcome:
    """Create a new memory from a validated draft."""
    _check_enabled(ctx, category)
    draft, redactions = store_io.redact_draft(draft)  # first: the file name and index line derive from it
    with store_lock(ctx.root, timeout=ctx.lock_timeout):
        faults.point("after_lock")
        maintenance.heal_index(ctx.root)
        path = store_io.record_path(ctx.root, category, draft["id"])
        if target is not None:
            located = store_io.locate_target(ctx.root, target, category)
            if located.id != draft["id"]:
                raise MemoryStoreError("PATH_ERROR", f"--target names {located.id!r} but the draft's id is "
                                       f"{draft['id']!r}; they must be equal")
            path = located.path
        warnings: list[str] = list(redactions)
        if path.exists():
            existing = store_io.load_existing(path, category)
            block = lifecycle.resurrection_block(existing, ctx.now)
            if block is not None:
                raise block
            warnings.append(f"replaced {path.name}, retired on {existing.get('retired_at')}")
        _check_limit(ctx, category, exclude=path)
        if draft.get("record_status", "active") != "active":
            warnings.append("record_status ignored: a new memory is always active")
        doc = {k: v for k, v in draft.items() if k not in merge.LIFECYCLE_FIELDS}
        doc.update(record_status="active", times_updated=0, category=category)
        doc["changes"] = list(doc.get("changes") or [])[-ctx.limits()[1]:]  # the store keeps the newest
        doc, text, redactions = store_io.finalise_record(doc, category)
        warnings += redactions
        digest = store_io.write_record(path, text)
        store_io.update_index(ctx.root, add=[doc])
        if category == "session_summary":
            warnings += _rolling_window(ctx, keep=path)
    return Outcome("create", path, doc["id"], warnings, digest)


def _open_target(ctx: StoreContext, target: str, category: str | None, expected_hash: str | None):
    """Under the lock: locate ``--target``, check ``--hash`` against its bytes, load it.

    Returns (location, raw bytes, record)."""
    faults.point("after_lock")
    maintenance.heal_index(ctx.root)
    loc = store_io.locate_target(ctx.root, target, category)
    raw = _read_existing(loc.path)
    _check_hash(loc.path, raw, expected_hash)
    return loc, raw, store_io.load_existing(loc.path, loc.category)


def update(ctx: StoreContext, draft: dict, *, target: str, category: str | None = None,
           expected_hash: str | None = None) -> Outcome:
    """Merge a validated draft into the memory at ``target``."""
    max_tags, max_changes = ctx.limits()
    draft, redactions = store_io.redact_draft(draft)  # first: a rename's new id derives from the title
    with store_lock(ctx.root, timeout=ctx.lock_timeout):
        loc, _, old = _open_target(ctx, target, category, expected_hash)
        draft = {**draft, "id": loc.id}
        result = merge.merge_update(old, draft, now=ctx.now_ts, path_exists=ctx.path_exists,
                                    max_tags=max_tags, max_changes=max_changes)
        doc, warnings, path = result.doc, [*redactions, *result.warnings], loc.path
        if result.new_id:
            new_path = store_io.record_path(ctx.root, loc.category, result.new_id)
            if new_path.exists():
                warnings.append(f"title changed a lot but {new_path.name} already exists; kept the id {loc.id}")
            else:
                doc["id"], path = result.new_id, new_path
                entry = merge.change_entry(ctx.now_ts, f"renamed from {loc.id} (title changed)",
                                           field_name="id", old=loc.id, new=result.new_id)
                doc["changes"] = [*doc["changes"], entry][-max_changes:]
        doc, text, redactions = store_io.finalise_record(doc, loc.category)
        warnings += redactions
        digest = store_io.write_record(path, text)
        if path != loc.path:
            faults.point("during_rename")
            store_io.remove_file(loc.path)
            warnings.append(f"renamed {loc.path.name} -> {path.name}")
        store_io.update_index(ctx.root, remove=[(path.parent.name, loc.id)], add=[doc])
    return Outcome("update", path, doc["id"], warnings, digest)


def change_status(ctx: StoreContext, action: str, *, target: str, category: str | None = None,
                  reason: str | None = None, expected_hash: str | None = None) -> Outcome:
    """delete (soft retire), archive, unarchive or restore the memory at ``target``."""
    _, max_changes = ctx.limits()
    with store_lock(ctx.root, timeout=ctx.lock_timeout):
        loc, raw, old = _open_target(ctx, target, category, expected_hash)
        doc, warnings = lifecycle.transition(old, action, now=ctx.now, reason=reason, max_changes=max_changes)
        digest = store_io.md5_hex(raw)
        if doc is not None:
            if doc["record_status"] == "active":
                _check_limit(ctx, loc.category, exclude=loc.path)
            doc, text, redactions = store_io.finalise_record(doc, loc.category)
            warnings += redactions
            digest = store_io.write_record(loc.path, text)
        final = doc or old
        active = [final] if final.get("record_status", "active") == "active" else []
        store_io.update_index(ctx.root, remove=[(loc.path.parent.name, loc.id)], add=active)
    return Outcome(action, loc.path, loc.id, warnings, digest)


def _read_existing(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise MemoryStoreError("NOT_FOUND", f"no memory at {path}; check the path (or use --action create)") from None


def _rolling_window(ctx: StoreContext, *, keep: Path) -> list[str]:
    """Retire the oldest active session summaries beyond max_retained (lock held)."""
    max_retained = ctx.config["categories"]["session_summary"]["max_retained"]
    if max_retained <= 0:
        return []
    sessions = _active_sessions(ctx, keep)
    victims = lifecycle.rolling_window_victims(sessions, max_retained - 1)
    warnings: list[str] = []
    _, max_changes = ctx.limits()
    retired: list[tuple[str, str]] = []
    try:
        _retire_victims(ctx, victims, max_retained, max_changes, warnings, retired)
    finally:  # one index rewrite for all victims, also when a later one failed
        if retired:
            store_io.update_index(ctx.root, remove=retired)
    return warnings


def _retire_victims(ctx: StoreContext, victims: list[dict], max_retained: int, max_changes: int,
                    warnings: list[str], retired: list[tuple[str, str]]) -> None:
    words: list[tuple[tuple[str, str], str]] | None = None
    for victim in victims:
        if words is None:  # the orphan check reads every memory: only when a session is retired
            words = [((f.category, f.id), lifecycle.normalised_text(f.doc))
                     for f in store_io.scan_records(ctx.root) if f.doc is not None]
        me = ("session_summary", victim["id"])
        haystack = " ".join(text for key, text in words if key != me and text)
        for item in lifecycle.orphan_items(victim, (), haystack=haystack):
            message = f"session {victim['id']} is being retired; this item is recorded nowhere else: {item}"
            warnings.append(message)
        doc, _ = lifecycle.transition(victim, "delete", now=ctx.now, max_changes=max_changes,
                                      reason=f"rolling window: only the newest {max_retained} sessions are kept")
        doc, text, redactions = store_io.finalise_record(doc, "session_summary")
        path = store_io.record_path(ctx.root, "session_summary", victim["id"])
        store_io.write_record(path, text)
        retired.append((path.parent.name, victim["id"]))
        warnings += redactions + [f"retired session {victim['id']} (rolling window of {max_retained})"]


def _active_sessions(ctx: StoreContext, keep: Path) -> list[dict]:
    """The active session summaries other than ``keep``: the ones index.md lists (lock held),
    so only they are opened, not the whole store."""
    listed = store_io.indexed_ids(ctx.root, "session_summary") or set()
    out = []
    for id in sorted(listed - {keep.stem}):
        path = store_io.record_path(ctx.root, "session_summary", id)
        try:
            out.append(store_io.load_existing(path, "session_summary"))
        except MemoryStoreError:
            continue  # unreadable or invalid: the old full scan skipped it too
    return out
