"""What prompt recall needs from the session and the context table: what the session has
already been given (skipped), and which of the recalled memories may be stale (marked).

Cheap by construction: the session's record is one small file, and staleness is read from
the context table built in the background (one hash bucket per recalled memory); nothing
here looks at the project's files or git.
"""

from __future__ import annotations

__all__ = ["after_recall", "stale_notes"]


def stale_notes(root: str, names: list[str]) -> dict[str, str]:
    """``{folder/slug: "may be stale: ..."}`` for those of ``names`` the context table marks."""
    from claude_memory.recall import context_table

    table = context_table.open_table(root)
    if table is None:
        return {}
    out = {}
    try:
        for name in names:
            meta = table.get("m:" + name)
            if isinstance(meta, tuple) and len(meta) == 4 and meta[3]:
                out[name] = f"may be stale: {meta[3]}"
    except context_table.READ_ERRORS:
        return out
    finally:
        table.close()
    return out


def after_recall(root: str, session_id):
    """(names already injected in the session, ``notes(entries)`` giving the stale marks for recall entries)."""
    from claude_memory.recall.usage import seen

    def notes(entries: list) -> dict[str, str]:
        return stale_notes(root, [f"{e[1]}/{e[2]}" for e in entries])

    return seen(root, session_id), notes
