"""``memory_write.py --batch -``: several memories in one call, drafts on standard input.

Input: a JSON list of entries, or ``{"pending": "<session key>", "memories": [...]}``::

    {"action": "save", "category": "decision", "draft": {...}}           # create, or say which memory it updates
    {"action": "create", "category": "runbook", "draft": {...}}          # create without looking
    {"action": "update", "target": "<path>", "hash": "<md5>", "draft": {...full merged record...}}
    {"action": "delete" | "archive" | "unarchive" | "restore", "target": "<path>", "reason": "..."}
    {"action": "noop", "category": "tech_debt"}                         # nothing worth keeping

``save`` looks for the existing memory the draft is about (the same structural
check as ``memory_candidate.py``): none, and the draft is created; one, and nothing
is written: the result is ``"status": "candidate"`` with that memory's path, hash and
record, so the caller can send an ``update`` with the full merged record (or a
``noop``). Each entry is validated and saved on its own; one bad draft does not stop
the others. Output: one JSON object ``{"ok", "results": [...]}`` with, per entry,
``status`` ``saved`` (plus the writer's usual fields), ``candidate``, ``noop`` or
``error`` (code, message, problems with their fixes). When ``pending`` is given and no
entry is left open (no error, no candidate), the pending capture and its context files
are removed. Exit code 0 when no entry failed, 1 otherwise.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from claude_memory.core import paths
from claude_memory.core.categories import CATEGORIES
from claude_memory.core.errors import MemoryStoreError
from claude_memory.cli.memory_write import ACTIONS as WRITER_ACTIONS

__all__ = ["MAX_ENTRIES", "run_batch", "parse_batch"]

MAX_ENTRIES = 20
_ACTIONS = ("save", *WRITER_ACTIONS, "noop")


def parse_batch(doc: object) -> tuple[str | None, list]:
    """(pending session key or None, entries); a structured INPUT_ERROR for anything else."""
    pending = None
    if isinstance(doc, dict):
        pending = doc.get("pending")
        if pending is not None and not (isinstance(pending, str) and pending
                                        and all(c.isalnum() or c in "_-" for c in pending) and len(pending) <= 64):
            raise MemoryStoreError("INPUT_ERROR", "batch: pending must be the session key named in the request")
        doc = doc.get("memories")
    if isinstance(doc, list) and not doc:
        raise MemoryStoreError("INPUT_ERROR", "batch: the JSON list of entries is empty; give at least one, like "
                               '{"action": "save", "category": ..., "draft": {...}} (or {"action": "noop", ...})')
    if not isinstance(doc, list):
        raise MemoryStoreError("INPUT_ERROR", 'batch: give a JSON list of entries, or {"pending": "<key>", '
                               '"memories": [...]}, each like {"action": "save", "category": ..., "draft": {...}}')
    if len(doc) > MAX_ENTRIES:
        raise MemoryStoreError("INPUT_ERROR", f"batch: at most {MAX_ENTRIES} entries in one call")
    return pending, doc


def _error(exc: MemoryStoreError) -> dict:
    return {"status": "error", **exc.as_dict()}


def _one(ctx, root: Path, entry: object) -> dict:
    from claude_memory import store
    from claude_memory.cli.memory_write import _prepare

    if not isinstance(entry, dict):
        raise MemoryStoreError("INPUT_ERROR", "each batch entry must be a JSON object")
    action = entry.get("action", "save")
    if action not in _ACTIONS:
        raise MemoryStoreError("INPUT_ERROR", f"unknown action {action!r}; use one of {', '.join(_ACTIONS)}")
    category = entry.get("category")
    if category is not None and category not in CATEGORIES:
        raise MemoryStoreError("INPUT_ERROR", f"unknown category {category!r}; use one of {', '.join(CATEGORIES)}")
    target = entry.get("target")
    if target is not None and not isinstance(target, str):
        raise MemoryStoreError("INPUT_ERROR", "target must be a path string")
    if action == "noop":
        return {"status": "noop", "category": category}
    located = store.locate_target(root, target, category) if target else None
    category = category or (located.category if located else None)
    if action in ("save", "create", "update"):
        draft = entry.get("draft")
        if not isinstance(draft, dict):
            raise MemoryStoreError("INPUT_ERROR", f"{action}: give the memory as an object in draft")
        if category is None:
            raise MemoryStoreError("INPUT_ERROR", f"{action}: give category (or target)")
        if action == "update" and located is None:
            raise MemoryStoreError("INPUT_ERROR", "update: give target, the memory file the draft updates")
        if action == "save":
            found = _candidate(root, category, draft, entry.get("lifecycle_event"))
            if found is not None:
                return found
            action = "create"
        prepared, redactions = _prepare(draft, category=category, now=ctx.now_ts,
                                        target_id=located.id if located else None)
        if action == "create":
            outcome = store.create(ctx, prepared, category=category, target=target)
        else:
            outcome = store.update(ctx, prepared, target=target, category=category, expected_hash=entry.get("hash"))
        outcome.warnings[:0] = redactions
    else:
        if located is None:
            raise MemoryStoreError("INPUT_ERROR", f"{action}: give target, the memory file")
        outcome = store.change_status(ctx, action, target=target, category=category,
                                      reason=entry.get("reason"), expected_hash=entry.get("hash"))
    return {"status": "saved", "category": category, **outcome.as_dict()}


def _candidate(root: Path, category: str, draft: dict, event) -> dict | None:
    """The existing memory a ``save`` draft is about, as a ``candidate`` result; None to create."""
    from claude_memory.cli.memory_candidate import _text_of_draft, find
    from claude_memory.store.records import md5_hex

    verdict = find(root, category, _text_of_draft(json.dumps(draft, ensure_ascii=False)),
                   event if isinstance(event, str) else None)
    found = verdict.get("candidate")
    if verdict.get("structural_cud") not in ("UPDATE", "UPDATE_OR_DELETE") or not found:
        return None
    path = Path(found["path"])
    raw = path.read_bytes()
    return {"status": "candidate", "category": category, "target": str(path), "hash": md5_hex(raw),
            "record": json.loads(raw), "structural_cud": verdict.get("structural_cud"),
            "fix": "this draft is about an existing memory: send {\"action\": \"update\", \"target\", \"hash\", "
                   "\"draft\": <the record above with the new facts merged in and one new changes entry>} "
                   "or {\"action\": \"noop\"}"}


def run_batch(source: str, root_arg: str | None) -> int:
    from claude_memory import store
    from claude_memory.cli.memory_write import read_stdin

    doc = read_stdin("--batch -") if source == "-" else _read_file(source)
    pending, entries = parse_batch(doc)
    root = Path(root_arg) if root_arg else paths.default_memory_root()
    ctx = store.open_store(root)
    results = []
    for entry in entries:
        try:
            results.append(_one(ctx, root, entry))
        except MemoryStoreError as exc:
            results.append(_error(exc))
    from claude_memory.core import oplog

    for entry, r in zip(entries, results):
        action = entry.get("action") if isinstance(entry, dict) and isinstance(entry.get("action"), str) else None
        oplog.record(root, event="write", action=action, category=r.get("category"), session=pending,
                     ok=r["status"] != "error", error=r.get("error"), decision=r["status"])
    failed = any(r["status"] == "error" for r in results)
    open_ = failed or any(r["status"] == "candidate" for r in results)
    if pending and not open_:
        from claude_memory.triage.pending import clear

        clear(os.path.join(str(root), paths.STAGING_DIRNAME), pending)
    for r in results:
        for warning in r.get("warnings") or []:
            print(f"memory_write: warning: {warning}", file=sys.stderr)
    print(json.dumps({"ok": not failed, "results": results}, ensure_ascii=False))
    return 1 if failed else 0


def _read_file(source: str) -> object:
    from claude_memory.cli.memory_write import MAX_INPUT_BYTES, _parse_json

    with open(source, "rb") as fh:
        data = fh.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise MemoryStoreError("INPUT_ERROR", f"--batch {source} is larger than {MAX_INPUT_BYTES} bytes")
    return _parse_json(data, f"--batch {source}")
