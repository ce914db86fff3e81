"""What is remembered: one row per memory, filters, and the commands to curate it.

Read-only (the caller heals the derived index first when it wants to). Rows are plain dicts so
``--json`` and the HTML view share them:

    {"category", "folder", "id", "title", "status", "created_at", "updated_at", "tags",
     "times_updated", "path", "recalled", "may_be_stale", "record"}

``recalled`` (how often recall injected it) and ``may_be_stale`` are None ("not known") until
a feature that knows them registers an *annotator* in :data:`ANNOTATORS`: a function
``annotate(root, rows)`` that sets those keys on the rows it knows about (usage records and
staleness are other features' data; this module never guesses them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

from claude_memory.core.categories import CATEGORIES, FOLDERS, category_of_folder
from claude_memory.store import records as store_io
from claude_memory.store.index_file import INDEX_PATH_PREFIX, neutralise_title
from claude_memory.store.lifecycle import STATUSES

__all__ = ["ANNOTATORS", "Annotator", "rows", "filter_rows", "resolve_category", "human_line",
           "commands_for"]

Annotator = Callable[[Path, list], None]
#: Per-memory facts from other features (recall counts, staleness). See the module docstring.
ANNOTATORS: list[Annotator] = []


def resolve_category(name: str | None) -> str | None:
    """A category from its name or its folder's (``tech_debt`` or ``tech-debt``); None for None."""
    if name is None:
        return None
    key = name.strip().lower()
    if key in CATEGORIES:
        return key
    found = category_of_folder(key) or category_of_folder(key.replace("_", "-"))
    if found is None:
        raise ValueError(f"unknown category {name!r}; one of: {', '.join(CATEGORIES)}")
    return found


def rows(root: Path, *, annotators: Iterable[Annotator] | None = None, invalid: list | None = None) -> list[dict]:
    """Every valid memory of the store (all statuses), newest update first. ``invalid``, when given,
    collects the paths of the files that did not read as memories (for the caller to explain them)."""
    root = Path(root)
    out = []
    for f in store_io.scan_records(root):
        if f.doc is None:
            if invalid is not None:
                invalid.append(f.path)
            continue
        doc = f.doc
        out.append({
            "category": f.category, "folder": FOLDERS[f.category], "id": f.id,
            "title": str(doc.get("title") or ""), "status": f.status or "active",
            "created_at": doc.get("created_at"), "updated_at": doc.get("updated_at") or doc.get("created_at"),
            "tags": list(doc.get("tags") or []), "times_updated": int(doc.get("times_updated") or 0),
            "path": f"{INDEX_PATH_PREFIX}{FOLDERS[f.category]}/{f.id}.json",
            "recalled": None, "may_be_stale": None, "record": doc,
        })
    for annotate in (ANNOTATORS if annotators is None else annotators):
        try:
            annotate(root, out)
        except Exception:  # noqa: BLE001 - an annotator's failure leaves its facts unknown
            continue
    out.sort(key=lambda r: (r["updated_at"] or "", r["category"], r["id"]), reverse=True)
    return out


def filter_rows(items: list[dict], *, category: str | None = None, tag: str | None = None,
                status: str | None = None) -> list[dict]:
    """The rows of ``category`` (name or folder), carrying ``tag`` (case-insensitive), in ``status``."""
    cat = resolve_category(category)
    if status is not None and status not in STATUSES:
        raise ValueError(f"unknown status {status!r}; one of: {', '.join(STATUSES)}")
    want_tag = tag.casefold() if tag else None
    return [r for r in items
            if (cat is None or r["category"] == cat)
            and (status is None or r["status"] == status)
            and (want_tag is None or any(t.casefold() == want_tag for t in r["tags"]))]


def facts(row: dict) -> list[str]:
    """What usage and staleness say of a memory: ``recalled Nx``, ``may be stale`` (where known)."""
    return ([f"recalled {int(row['recalled'])}x"] if row.get("recalled") is not None else []) + \
        (["may be stale"] if row.get("may_be_stale") else [])


def _fact(row: dict) -> str:
    bits = facts(row)
    return ("  " + ", ".join(bits)) if bits else ""


def human_line(row: dict) -> str:
    """One terminal line: category, status, last update (date), title, path, known facts.
    The title is made single-line and free of control characters (no terminal escapes)."""
    day = (row.get("updated_at") or "")[:10] or "-"
    return (f"{row['category']:15} {row['status']:8} {day:10}  {neutralise_title(row['title'])}  "
            f"({row['folder']}/{row['id']}){_fact(row)}")


def commands_for(row: dict, script: Callable[..., str]) -> dict[str, str]:
    """The exact commands to curate ``row``: ``script(name, *args)`` renders one command line
    (e.g. :func:`claude_memory.guard.advice.script_command`). Only the actions its status allows."""
    why = ("--reason", '"<why>"')
    actions = {  # command name -> the writer's action and its other arguments
        "active": {"update": ("update", "--input", "<draft.json>", "--hash", "<md5 of the file as you read it>"),
                   "retire": ("delete", *why), "archive": ("archive", *why)},
        "retired": {"restore": ("restore", *why)},
        "archived": {"unarchive": ("unarchive", *why)},
    }.get(row["status"], {})
    return {name: script("memory_write.py", "--action", action, "--target", row["path"], *rest)
            for name, (action, *rest) in actions.items()}
