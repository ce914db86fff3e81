"""PostToolUse: after a tool call that could write, find and repair changes made around the writer.

The cheap part runs after every Bash and file-tool call: read the writer's manifest and
``lstat`` the store (:mod:`claude_memory.core.manifest`). When nothing differs, that is
all (``os`` only). When something does, :func:`claude_memory.store.integrity.repair` (the write
path: the lock, hashes, validation) decides per file, puts the store back as the writer
left it, and the answer tells Claude what happened and which command to use instead.

A store without a manifest (the writer has not run since this check was added) is left
to the per-file check in :mod:`claude_memory.hooks.validate`.
"""

from __future__ import annotations

import sys

from claude_memory.core import manifest as mf

__all__ = ["check", "has_manifest", "TOOLS"]

#: Tools after which the store is compared (the hooks.json PostToolUse matcher names the same).
TOOLS = frozenset({"Bash", "Write", "Edit", "MultiEdit", "NotebookEdit"})


def has_manifest(root: str) -> bool:
    return mf.read_manifest(root) is not None


def _differs(root: str) -> bool:
    recorded = mf.read_manifest(root)
    return recorded is not None and bool(mf.compare(recorded, mf.scan(root)))


def check(payload: dict, roots: tuple[str, ...]) -> str | None:
    """The report for Claude when a store in ``roots`` was changed around the writer (and repaired)."""
    tool = payload.get("tool_name")
    if not isinstance(tool, str) or tool not in TOOLS:
        return None
    reports = []
    for root in roots:
        if not _differs(root):
            continue
        try:
            lines = _repair(root)
        except Exception as exc:  # noqa: BLE001 - report, never crash the hook
            print(f"claude-memory: integrity check of {root} failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        if lines:
            reports.append(_message(root, lines))
    return "\n\n".join(reports) or None


def _repair(root: str) -> list[str]:
    from claude_memory.core.deps import ensure_deps
    from claude_memory.core.errors import MemoryStoreError

    try:
        ensure_deps(install=False)  # the write path's pydantic/filelock, from the plugin's venv if need be
    except MemoryStoreError as exc:  # found, but cannot be repaired here: say what differs
        diff = mf.compare(mf.read_manifest(root) or {}, mf.scan(root))
        what = [f"{kind}: {', '.join(rels)}" for kind, rels in
                (("changed", diff.changed), ("added", diff.added), ("deleted", diff.deleted)) if rels]
        return [f"changed outside the writer ({'; '.join(what)}); it could not be repaired now: {exc.message}"]
    from claude_memory.store import integrity

    return integrity.repair(root).lines


def _message(root: str, lines: list[str]) -> str:
    from claude_memory.guard.advice import change_advice, writer_advice

    body = "\n".join(f"- {line}" for line in lines)
    return (f"claude-memory: the memory store {root} was changed outside the plugin's writer:\n{body}\n"
            "Memory files change only through the writer (it validates, redacts secrets, keeps the index and "
            "the history). To change a memory, read it first.\n"
            + "\n".join([writer_advice(root, ""), *change_advice(root, "<memory file>", "<category>")]))
