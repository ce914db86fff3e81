"""The memory store's public front: everything a CLI or tool may ask of the store.

Writes (``create``, ``update``, ``change_status`` for delete/archive/unarchive/restore, ``gc``,
``rebuild``) each run as one locked, atomic transaction; reads (``validate``, ``health_report``,
``list_archived``) never write (searching is recall's: :func:`claude_memory.recall.search`). The modules behind it are private to the package:
``transaction`` (the write transactions), ``records`` (files under the lock), ``index_file``
(index.md lines), ``merge`` (update rules), ``lifecycle`` (status transitions), ``models`` /
``validation`` / ``autofix`` (the schema), ``maintenance`` and ``health``, ``lock``, ``faults``.

Names load lazily, so ``import claude_memory.store.index_file`` from a hook costs nothing more.
"""

from __future__ import annotations

__all__ = [
    "StoreContext", "Outcome", "open_store", "prepare_draft", "locate_target", "require_store_root",
    "create", "update", "change_status", "gc", "rebuild", "validate", "validate_report", "health_report",
    "list_archived",
    "heal", "rows", "filter_rows", "resolve_category", "human_line", "commands_for", "render_page",
    "export_memories", "resolve_conflict", "git_conflicts", "unreadable",
]

_LAZY = {
    "StoreContext": "transaction", "Outcome": "transaction", "create": "transaction", "update": "transaction",
    "change_status": "transaction", "locate_target": "records", "require_store_root": "records", "gc": "maintenance", "rebuild": "maintenance",
    "validate": "maintenance", "validate_report": "maintenance", "health_report": ("health", "health"),
    "list_archived": "health",
    # memory for a team (#17): the derived index healed after git, curation views, export, conflicts
    "heal": "maintenance", "rows": "listing", "filter_rows": "listing", "resolve_category": "listing",
    "human_line": "listing", "commands_for": "listing", "render_page": "html_view",
    "export_memories": "export", "resolve_conflict": "gitmerge", "git_conflicts": "maintenance",
    "unreadable": "maintenance",
}


def __getattr__(name: str):
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    module, attr = where if isinstance(where, tuple) else (where, name)
    value = getattr(importlib.import_module(f"{__name__}.{module}"), attr)
    globals()[name] = value
    return value


def open_store(root):
    """A :class:`StoreContext` for ``root`` with the project's checked configuration."""
    from pathlib import Path

    from claude_memory.core.config import load_config
    from claude_memory.store.transaction import StoreContext

    return StoreContext(root=Path(root), config=load_config(root))


def prepare_draft(doc: dict, *, category: str, now: str, target_id: str | None = None,
                  redactions: list[str] | None = None) -> tuple[dict, list[str]]:
    """``(record, notes)``: the draft redacted first (secrets and ``<private>`` text, so the id, file
    name and index line derived from it never hold one; ``redactions`` collects what was removed),
    auto-fixed and read leniently (notes say what was fixed), then validated; raises
    ``VALIDATION_ERROR`` with one problem per field."""
    from claude_memory.store.autofix import autofix
    from claude_memory.store.records import redact_draft
    from claude_memory.store.validation import lenient_reading, validate_draft

    doc, removed = redact_draft(doc)
    if redactions is not None:
        redactions.extend(removed)
    fixed, notes = autofix(doc, category=category, now=now, target_id=target_id)
    fixed, lenient = lenient_reading(fixed, category)
    notes = [*notes, *(n for n in lenient if not n.startswith("missing "))]
    # a draft's change log may pass the cap: the store keeps the newest (merge, create)
    return validate_draft(fixed, category=category), notes
