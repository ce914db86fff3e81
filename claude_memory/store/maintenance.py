"""Maintenance of a store: rebuild the index, validate everything, collect garbage.

``rebuild`` and ``gc`` write, so they run under the store lock; ``validate``
only reads. See :mod:`claude_memory.store.health` for the read-only reports.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Iterable

from claude_memory.core import paths
from claude_memory.store import gitmerge, index_file
from claude_memory.store import lifecycle
from claude_memory.store import records as store_io
from claude_memory.core.categories import FOLDERS, CATEGORIES, category_of_folder
from claude_memory.core.layout import INDEX_NAME
from claude_memory.store.lock import store_lock
from claude_memory.core.timeutil import now_utc

__all__ = ["TEMP_RE", "orphan_temp_files", "half_renames", "expected_index", "index_drift", "rebuild",
           "rebuild_locked", "heal", "heal_index", "validate", "validate_report", "would_normalise", "git_conflicts",
           "unreadable", "gc"]

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
        return rebuild_locked(root)


def heal(root: Path, *, lock_timeout: float | None = None) -> dict | None:
    """:func:`heal_index` under the store lock (nothing to do for a store that does not exist)."""
    root = Path(root)
    if not root.is_dir():
        return None
    with store_lock(root, timeout=lock_timeout):
        return heal_index(root)


def heal_index(root: Path) -> dict | None:
    """With the store lock held: rebuild index.md when the memory files changed behind the
    writer's back (git checkout, merge, pull, a crash); None when it was already fresh.
    Every transaction starts here, so it always works on the index ``--rebuild`` would write."""
    root = Path(root)
    if gitmerge.index_is_fresh(root, paths.staging_dir(root)):
        return None
    return rebuild_locked(root)


def rebuild_locked(root: Path) -> dict:
    """:func:`rebuild` with the store lock already held."""
    root = Path(root)
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
        "normalise": would_normalise(scanned),
    }


REBUILD_FIX = ("run memory_index.py --rebuild (index.md is derived from the memory files; the next write "
               "also rebuilds it)")


def _rel(root: Path, path: Path) -> str:
    """``path`` as the project names it (``.claude/memory/...``) when it is inside ``root``."""
    try:
        return index_file.INDEX_PATH_PREFIX + Path(path).relative_to(root).as_posix()
    except ValueError:
        return str(path)


def validate(root: Path, *, check_git: bool = True) -> list[dict]:
    """Every problem found, each ``{"path", "problem", "fix"}`` in plain words: invalid files
    (git conflict markers named as such), misplaced records, memories with the same title,
    leftovers of a crash, index out of sync, index.md tracked by git. Empty = healthy."""
    return validate_report(root, check_git=check_git)["problems"]


def would_normalise(scanned: list[store_io.ScannedFile]) -> list[dict]:
    """The valid files the next write would store differently: what reading them leniently filled
    in (``null`` lists, a missing ``record_status``...), or only their layout. Not problems."""
    from claude_memory.store.validation import dump_record

    out = []
    for f in scanned:
        if f.doc is None:
            continue
        notes = list(f.notes)
        try:
            canonical = f.path.read_text(encoding="utf-8") == dump_record(f.doc)
        except (OSError, UnicodeDecodeError):
            canonical = True  # it was just read; a race is not this report's business
        if not canonical and not notes:
            notes.append("layout or key order differs from the canonical form")
        if notes:
            out.append({"path": str(f.path), "notes": notes})
    return out


#: A marked file git no longer holds in conflict: ``--resolve`` has no sides to read.
_MARKERS_ONLY_FIX = ("edit it: keep the side you want and remove the <<<<<<< ======= >>>>>>> lines, or restore a "
                     "good version from git (git log -- <file>, then git checkout <commit> -- <file>); then run "
                     "memory_index.py --rebuild")


def git_conflicts(root: Path, suspects: Iterable[str | Path] = (), *, use_git: bool = True) -> list[dict]:
    """The store's files git left in conflict, each ``{"path", "problem", "fix"}``: every file under
    the store git holds unmerged (one ``git ls-files -u``; a modify/delete conflict too, the file in
    the work tree or not), and those of ``suspects`` (files that did not read as memories) with
    conflict markers git no longer records. For the maintainers' views (``--validate``, ``--health``,
    ``--list``), never a hook's path. ``use_git=False``: the marked suspects only."""
    root = Path(root)
    held = gitmerge.unmerged(root) if use_git else {}
    operation = gitmerge.git_operation(root) if held else None
    out = []
    for name, stages in sorted(held.items()):
        path = root / name
        shown = _rel(root, path)
        state = gitmerge.conflict_state(stages)
        try:
            marked = gitmerge.has_conflict_markers(path.read_bytes())
        except OSError:
            marked = False
        if marked:
            problem = f"git left merge conflict markers in this memory: it was {state}"
        else:
            problem = f"git left this file in conflict: {state}" + ("" if path.exists() else
                                                                     "; the file is not in the work tree")
        folder, _, file = name.partition("/")
        memory = category_of_folder(folder) is not None and file.endswith(".json") and "/" not in file
        out.append({"path": str(path), "problem": problem, "fix": gitmerge.conflict_fix(shown, operation) if memory else
                    f"settle it with git (edit it, or git checkout --ours/--theirs -- {shown}), then git add it"})
    held_paths = {root / name for name in held}
    for p in suspects:
        p = Path(p)
        if p in held_paths:
            continue
        try:
            marked = gitmerge.has_conflict_markers(p.read_bytes())
        except OSError:
            continue
        if marked:
            out.append({"path": str(p), "problem": "git conflict markers in this memory, but git no longer "
                        "records the conflict (the file was git-added or committed as it was)",
                        "fix": _MARKERS_ONLY_FIX})
    return out


def _stated_category(path: Path) -> str | None:
    """The known category a file that did not validate says it is in, if any."""
    from claude_memory.core import jsonio
    from claude_memory.core.errors import MemoryStoreError

    try:
        doc = jsonio.read_file(path)
    except (MemoryStoreError, OSError, ValueError):
        return None
    category = doc.get("category") if isinstance(doc, dict) else None
    return category if category in CATEGORIES else None


def _invalid_problem(root: Path, path: Path, error: str | None) -> dict:
    """``{"path", "problem", "fix"}`` for a file that did not read as a memory (not one git holds in
    conflict: :func:`git_conflicts` explains those)."""
    from claude_memory.store.validation import misplaced_fix

    path = Path(path)
    stated = _stated_category(path)
    if stated is not None and stated != category_of_folder(path.parent.name):  # the author's intent: wrong folder
        fix = misplaced_fix(_rel(root, path), stated)
    else:
        fix = ("correct the file (or restore it from git) so it validates, or delete it; then run "
               "memory_index.py --rebuild")
    return {"path": str(path), "problem": f"invalid: {error}", "fix": fix}


def unreadable(root: Path, files: Iterable[tuple[str | Path, str | None]], *, use_git: bool = True) -> list[dict]:
    """What ``--validate`` says of each file that did not read as a memory, given as ``(path, error)``
    (:func:`rebuild`'s ``invalid_files``): ``{"path", "problem", "fix"}`` in the same order, git's
    conflict state where git holds the file in conflict or its conflict markers are left in it
    (:func:`git_conflicts`), else the reading error and how to correct the file or move it to its
    folder. No git call when ``files`` is empty. For the maintainers' commands, never a hook's path."""
    root = Path(root)
    files = [(Path(p), error) for p, error in files]
    if not files:
        return []
    conflicts = {c["path"]: c for c in git_conflicts(root, [p for p, _ in files], use_git=use_git)}
    return [conflicts.get(str(p)) or _invalid_problem(root, p, error) for p, error in files]


def validate_report(root: Path, *, check_git: bool = True) -> dict:
    """``{"problems": [...], "normalise": [...]}``: :func:`validate`'s problems, and the files
    :func:`would_normalise` (valid, read leniently, rewritten normalised on their next write).
    Files git left in conflict (:func:`git_conflicts`) come first, each once."""
    from claude_memory.store.validation import misplaced_fix

    root = Path(root)
    problems: list[dict] = []

    def add(path, problem: str, fix: str) -> None:
        problems.append({"path": str(path), "problem": problem, "fix": fix})

    scanned = list(store_io.scan_records(root))
    problems += git_conflicts(root, [f.path for f in scanned if f.doc is None], use_git=check_git)
    conflicted = {p["path"] for p in problems}
    for f in scanned:
        if str(f.path) in conflicted:
            continue
        if f.doc is None:
            problems.append(_invalid_problem(root, f.path, f.error))
            continue
        if f.doc.get("id") != f.id:
            add(f.path, f"id {f.doc.get('id')!r} differs from the file name",
                f"rename the file to {f.doc.get('id')}.json or delete the copy; then run memory_index.py --rebuild")
        if f.doc.get("category") != f.category:
            add(f.path, f"category {f.doc.get('category')!r} is not {f.category!r} (the folder's)",
                misplaced_fix(_rel(root, f.path), f.doc["category"]) if f.doc.get("category") in CATEGORIES
                else "move the file to its category's folder; then run memory_index.py --rebuild")
    for group in duplicate_titles(scanned):
        first, *rest = group
        add(rest[0].path, f"{len(group)} active {first.category} memories have the same title "
            f"{first.doc.get('title')!r}: {', '.join(g.path.name for g in group)} (created on two branches?)",
            "keep one: fold the others into it with memory_write.py --action update --target "
            f"{_rel(root, first.path)} --input <other file>, then retire them with --action delete")
    for drop, keep in half_renames(scanned):
        add(drop, f"half-finished rename to {keep.name}", "run memory_index.py --rebuild")
    for p in orphan_temp_files(root):
        add(p, "temp file left by an interrupted write", "run memory_index.py --rebuild")
    for d in index_drift(root, scanned):
        add(INDEX_NAME, d, REBUILD_FIX)
    if check_git and gitmerge.index_tracked_by_git(root):
        add(INDEX_NAME, "index.md is tracked by git, so branches that add memories conflict in it",
            f"it is derived and git-ignored now: git rm --cached {_rel(root, root / INDEX_NAME)} and commit")
    return {"problems": problems, "normalise": would_normalise(scanned)}


def duplicate_titles(scanned: list[store_io.ScannedFile]) -> list[list[store_io.ScannedFile]]:
    """Groups of active memories of one category whose titles are equal (case and spacing aside)."""
    groups: dict[tuple[str, str], list[store_io.ScannedFile]] = {}
    for f in scanned:
        if f.doc is not None and f.status == "active":
            key = (f.category, " ".join(str(f.doc.get("title") or "").casefold().split()))
            groups.setdefault(key, []).append(f)
    return [g for g in groups.values() if len(g) > 1]


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
        heal_index(root)
        retired = [f for f in store_io.scan_records(root) if f.status == lifecycle.PURGEABLE]
        victims = {id(d) for d in lifecycle.gc_victims([f.doc for f in retired], now=now, grace_days=grace)}
        for f in retired:
            if id(f.doc) not in victims:
                continue
            if archive:  # retired -> archived is no transition: restore, then archive (the log shows both)
                doc, _ = lifecycle.transition(f.doc, "restore", now=now, reason="gc")
                doc, _ = lifecycle.transition(doc, "archive", now=now,
                                              reason=f"gc: retired for more than {grace} days")
                _doc, text, _ = store_io.finalise_record(doc, f.category)
                store_io.write_record(f.path, text)
                archived.append(str(f.path))
            else:
                store_io.remove_file(f.path)
                purged.append(str(f.path))
        store_io.update_index(root, remove=[(Path(p).parent.name, Path(p).stem) for p in purged + archived])
    return {"grace_period_days": grace, "purged": purged, "archived": archived}
