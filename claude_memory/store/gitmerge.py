"""Memory under git: when the derived index.md is stale, what a conflict looks like, how to settle it.

What git must never see is ``core.layout.GIT_IGNORED`` (written by ``core.paths.staging_dir``).

The mechanism (see README "Memory for a team"): the memory files are the only committed
state. ``index.md`` is derived from them, git-ignored, and rebuilt by the next writer (or a
maintainer's ``memory_index.py``) whenever the files changed behind its back: a checkout,
merge, rebase, cherry-pick or pull. Two branches that touch different memories then never
conflict (different files), and the index after the merge is by construction what
``--rebuild`` writes.

Freshness is a *stamp* kept in ``<root>/.staging/index-stamp.json``, written by the writer
right after it wrote index.md (lock held): the signature ``(mtime_ns, inode)`` of every
category folder and the stat of index.md. Git replaces a file by unlinking and creating it,
which changes its folder's signature, so any change made by git (or by hand) shows as a
signature that differs from the stamp. Folder mtimes are coarse (a change within the same
clock tick as the stamp would leave the signature equal), so for a folder that changed less
than ``UNSETTLED_NS`` before the stamp was taken the stamp also holds every file's
``(mtime_ns, size, inode)``, and that folder is compared file by file.

The stamp half is standard library only (``os``, ``time``, JSON through :mod:`claude_memory.core.fastjson`:
``json`` would cost every session start ~4 ms) and runs under the store lock.
"""

from __future__ import annotations

import os
import time

from claude_memory.core import git
from claude_memory.core.categories import FOLDERS
from claude_memory.core.layout import INDEX_NAME, INDEX_STAMP_NAME

__all__ = ["STAMP_NAME", "UNSETTLED_NS", "CONFLICT_MARKERS", "take_stamp",
           "write_stamp", "index_is_fresh", "has_conflict_markers", "conflict_fix", "git_stage", "git_add",
           "index_tracked_by_git", "parse_index", "parse_unmerged", "unmerged", "conflict_state", "operation_of",
           "git_operation", "sides", "other_side", "next_step", "RecordMerge", "merge_records", "resolve_conflict"]

STAMP_NAME = INDEX_STAMP_NAME
UNSETTLED_NS = 2_000_000_000
#: How git marks a text conflict inside a file.
CONFLICT_MARKERS = ("<<<<<<< ", ">>>>>>> ")


def _stat_key(path: str):
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return [st.st_mtime_ns, st.st_size, st.st_ino]


def _folder_files(folder: str) -> dict:
    out = {}
    try:
        with os.scandir(folder) as entries:
            for e in entries:
                if e.name.endswith(".json"):
                    try:
                        st = e.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    out[e.name] = [st.st_mtime_ns, st.st_size, st.st_ino]
    except OSError:
        return {}
    return out


def take_stamp(root: str | os.PathLike, now_ns: int | None = None) -> dict:
    """The stamp of the store as it is now (see the module docstring)."""
    root = os.fspath(root)
    now_ns = time.time_ns() if now_ns is None else now_ns
    folders, files = {}, {}
    for folder in FOLDERS.values():
        path = os.path.join(root, folder)
        key = _stat_key(path)
        folders[folder] = None if key is None else [key[0], key[2]]
        if key is not None and now_ns - key[0] < UNSETTLED_NS:
            files[folder] = _folder_files(path)
    return {"v": 1, "folders": folders, "files": files, "index": _stat_key(os.path.join(root, INDEX_NAME))}


def write_stamp(root: str | os.PathLike, staging: str | os.PathLike) -> None:
    """Record that index.md is now exactly what the memory files say (store lock held). A stamp
    that cannot be written leaves the old one, which no longer matches: the next transaction
    then rebuilds the index, so a failure here is silent by design."""
    from claude_memory.core.atomic import atomic_write_text
    from claude_memory.core.fastjson import dumps

    try:
        atomic_write_text(os.path.join(os.fspath(staging), STAMP_NAME), dumps(take_stamp(root)),
                          mode=0o600, durable=False)
    except OSError:
        pass


def index_is_fresh(root: str | os.PathLike, staging: str | os.PathLike) -> bool:
    """True when nothing changed the memory files or index.md since the last stamp."""
    from claude_memory.core.fastjson import loads

    root = os.fspath(root)
    try:
        with open(os.path.join(os.fspath(staging), STAMP_NAME), encoding="utf-8") as fh:
            stamp = loads(fh.read())
        folders, files = stamp["folders"], stamp["files"]
        if stamp.get("v") != 1 or set(folders) != set(FOLDERS.values()):
            return False
    except (OSError, ValueError, KeyError, TypeError):
        return False
    if _stat_key(os.path.join(root, INDEX_NAME)) != stamp.get("index"):
        return False
    for folder in FOLDERS.values():
        path = os.path.join(root, folder)
        key = _stat_key(path)
        if (None if key is None else [key[0], key[2]]) != folders[folder]:
            return False
        if folder in files and _folder_files(path) != files[folder]:
            return False
    return True


def has_conflict_markers(raw: bytes | str) -> bool:
    """True when the text holds a git conflict (a line starting ``<<<<<<< `` and one ``>>>>>>> ``)."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    lines = text.splitlines()
    return any(line.startswith(CONFLICT_MARKERS[0]) for line in lines) and \
        any(line.startswith(CONFLICT_MARKERS[1]) for line in lines)


def conflict_fix(rel_path: str, operation: str | None = None) -> str:
    """The documented resolution of a memory changed (or created with the same title) on two
    branches: keep your side and merge the other one in through the writer. ``operation``
    (:func:`git_operation`): during a rebase git's ``--ours`` is upstream and ``--theirs`` yours."""
    yours, other = ("--theirs", "--ours") if operation == "rebase" else ("--ours", "--theirs")
    side_note = " (during a rebase --theirs is your commit)" if operation == "rebase" else ""
    return (f"run memory_index.py --resolve {rel_path} (keeps your side, merges the other side's "
            f"version in through the writer, then git-adds the file); or keep one side as it is: "
            f"git checkout {yours} -- {rel_path} (or {other}){side_note} && git add {rel_path}")


def parse_index(out: bytes) -> tuple[dict[str, str], dict[str, frozenset]]:
    """``git ls-files -s -z`` (or ``-u -z``) output -> ({path: blob id} of the files merged in git's
    index (stage 0), {path: the stages git holds for it} of the files in conflict (1 the merge base,
    2 ours, 3 theirs; a stage missing: that side has no such file, e.g. deleted it))."""
    merged: dict[str, str] = {}
    found: dict[str, set] = {}
    for item in out.split(b"\0"):
        meta, tab, name = item.partition(b"\t")
        parts = meta.split()
        if not tab or len(parts) != 3:
            continue
        path = name.decode("utf-8", "replace")
        if parts[2] == b"0":
            merged[path] = parts[1].decode("ascii", "replace")
        elif parts[2] in (b"1", b"2", b"3"):
            found.setdefault(path, set()).add(int(parts[2]))
    return merged, {path: frozenset(stages) for path, stages in found.items()}


def parse_unmerged(out: bytes) -> dict[str, frozenset]:
    """``git ls-files -u -z`` output -> {path: the stages git holds for it} (:func:`parse_index`)."""
    return parse_index(out)[1]


def unmerged(root: str | os.PathLike) -> dict[str, frozenset]:
    """The files under ``root`` git holds in conflict, named relative to ``root`` (``decisions/x.json``),
    with their stages (:func:`parse_unmerged`); empty outside a repository or without git.
    One ``git ls-files -u`` (maintainers' views only: never on a hook's path)."""
    out = git.run(root, "ls-files", "-u", "-z", "--", ".")
    return parse_unmerged(out) if out else {}


def conflict_state(stages: frozenset | set) -> str:
    """What a conflict is, in words, from the stages git holds (neutral about which side is yours:
    a rebase swaps git's ours and theirs)."""
    if {2, 3} <= stages:
        return "changed on both sides" if 1 in stages else "created on both sides (the same title, the same file)"
    if 1 in stages and (2 in stages or 3 in stages):
        return "changed on one side and deleted on the other"
    return "in conflict"


#: The git operations that stop on a conflict, how to go on once no file is left in conflict.
_CONTINUE = {"rebase": "git rebase --continue", "am": "git am --continue", "cherry-pick": "git cherry-pick --continue",
             "revert": "git revert --continue", "merge": "git commit"}
#: Whose the side that is not yours is, per operation (a possessive: ``upstream's version``).
_OTHER = {"rebase": "upstream's", "am": "the patch's", "cherry-pick": "the picked commit's", "revert": "the revert's"}
_STATE_FILES = ("rebase-merge", "rebase-apply", "rebase-apply/applying", "CHERRY_PICK_HEAD", "REVERT_HEAD",
                "MERGE_HEAD")


def operation_of(present: set | frozenset) -> str | None:
    """The operation git stopped in, from which of its state files exist (``rebase-merge``,
    ``rebase-apply``, ``rebase-apply/applying`` (``git am``), ``CHERRY_PICK_HEAD``, ``REVERT_HEAD``,
    ``MERGE_HEAD``): ``rebase``, ``am``, ``cherry-pick``, ``revert``, ``merge`` or None."""
    if "rebase-apply" in present:
        return "am" if "rebase-apply/applying" in present else "rebase"
    if "rebase-merge" in present:
        return "rebase"
    for name, op in (("CHERRY_PICK_HEAD", "cherry-pick"), ("REVERT_HEAD", "revert"), ("MERGE_HEAD", "merge")):
        if name in present:
            return op
    return None


def git_operation(cwd: str | os.PathLike) -> str | None:
    """:func:`operation_of` the repository at ``cwd`` (one ``git rev-parse --git-path``: right in a
    linked worktree too); None when none is in progress or git does not answer."""
    args = [a for name in _STATE_FILES for a in ("--git-path", name)]
    out = git.run(cwd, "rev-parse", *args)
    if out is None:
        return None
    paths = out.decode("utf-8", "surrogateescape").splitlines()
    return operation_of({name for name, path in zip(_STATE_FILES, paths)
                         if os.path.exists(os.path.join(os.fspath(cwd), path))})


def sides(operation: str | None) -> tuple[int, int]:
    """(your stage, the other side's stage). A rebase replays your commits onto upstream, so git's
    "ours" (stage 2) is upstream and "theirs" (stage 3) is your own commit; everywhere else stage 2 is yours."""
    return (3, 2) if operation == "rebase" else (2, 3)


def other_side(operation: str | None) -> str:
    """Whose the side that is not yours is, a possessive (``the other branch's`` for a merge,
    ``upstream's`` for a rebase): ``f"{other_side(op)} version"``."""
    return _OTHER.get(operation or "", "the other branch's")


def next_step(operation: str | None, rel_path: str, *, added: bool, left: list | tuple = ()) -> str:
    """What the person does once ``rel_path`` is settled: ``git add`` it (when that failed), settle the
    files ``left`` in conflict, then go on with the operation (``git rebase --continue``, ``git commit``...)."""
    steps = [] if added else [f"git add {rel_path}"]
    left = list(left)
    if left:
        steps.append(f"settle the {len(left)} other file(s) git left in conflict ({', '.join(left)})")
    finish = _CONTINUE.get(operation or "")
    steps.append(finish or "finish what git stopped on (git status says how)")
    return ", then ".join(steps)


def git_stage(project: str | os.PathLike, rel_path: str, stage: int) -> bytes | None:
    """The file's version at merge ``stage`` (1 the base, 2 ours, 3 theirs: see :func:`sides`), or None
    when git has none."""
    return git.run(project, "show", f":{stage}:{rel_path}", timeout=30)


def git_add(project: str | os.PathLike, rel_path: str) -> bool:
    return git.run(project, "add", "--", rel_path, timeout=30) is not None


def index_tracked_by_git(root: str | os.PathLike) -> bool:
    """True when git tracks ``<root>/index.md`` (it is derived now; it should be untracked).
    False outside a repository or without git."""
    return git.run(root, "ls-files", "--error-unmatch", INDEX_NAME) is not None


_MISSING = object()  # a field one version does not have
#: The fields ``merge_records`` settles itself; every other field merges by the three-way rules.
_BOOKKEEPING = ("schema_version", "category", "id", "created_at", "updated_at", "times_updated", "changes")
#: Lifecycle state merges as one field (named ``record_status``): its parts must agree.
_LIFECYCLE = ("record_status", "retired_at", "retired_reason", "archived_at", "archived_reason")
MERGED_SUMMARY = "merged the other branch's version (git conflict)"


class RecordMerge:
    """What :func:`merge_records` made: the merged ``doc`` and, as dotted field names,
    ``conflicts`` (both branches changed it differently: yours kept), ``from_theirs`` (only
    the other branch changed it: its value taken) and ``unioned`` (a list both changed: the
    items of both kept)."""

    __slots__ = ("doc", "conflicts", "from_theirs", "unioned")

    def __init__(self, doc: dict, conflicts: list, from_theirs: list, unioned: list):
        self.doc, self.conflicts, self.from_theirs, self.unioned = doc, conflicts, from_theirs, unioned

    def __repr__(self) -> str:
        return (f"RecordMerge(conflicts={self.conflicts!r}, from_theirs={self.from_theirs!r}, "
                f"unioned={self.unioned!r})")


def _item_key(item) -> str:
    import json

    return json.dumps(item, sort_keys=True, ensure_ascii=False)


def _union(base: list, ours: list, theirs: list) -> list:
    """A three-way merge of a list both sides changed: ours in its order without the base's items
    theirs removed, then theirs' items neither the base nor ours has; no item twice. An item one
    side removed stays removed (with no base, ``[]``: the union of both)."""
    had = {_item_key(item) for item in base}
    dropped = had - {_item_key(item) for item in theirs}
    out, seen = [], set(dropped)
    for item in (*ours, *(t for t in theirs if _item_key(t) not in had)):
        key = _item_key(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _merge_value(base, ours, theirs, name: str, report: dict):
    """One field, three-way: objects merge key by key (so a report names the innermost field);
    a side that kept the base value yields to the one that changed it; lists both changed are
    unioned; any other field both changed keeps yours and is reported."""
    if ours == theirs:
        return ours
    if isinstance(ours, dict) and isinstance(theirs, dict) and (base is _MISSING or isinstance(base, dict)):
        return _merge_object({} if base is _MISSING else base, ours, theirs, name, report)
    if ours == base:
        report["from_theirs"].append(name)
        return theirs
    if theirs == base:
        return ours
    if isinstance(ours, list) and isinstance(theirs, list) and (base is _MISSING or isinstance(base, list)):
        report["unioned"].append(name)
        return _union([] if base is _MISSING else base, ours, theirs)
    report["conflicts"].append((name, ours, theirs))
    return ours


def _merge_object(base: dict, ours: dict, theirs: dict, prefix: str, report: dict, skip=()) -> dict:
    out = {}
    for key in dict.fromkeys([*ours, *theirs, *base]):
        if key in skip:
            continue
        value = _merge_value(base.get(key, _MISSING), ours.get(key, _MISSING), theirs.get(key, _MISSING),
                             f"{prefix}.{key}" if prefix else key, report)
        if value is not _MISSING:
            out[key] = value
    return out


def _cap_tags(tags: list, fresh: set, cap: int, now: str) -> tuple[list, list]:
    """At most ``cap`` tags: the oldest that neither branch added go first (as the writer's
    update evicts the oldest the draft does not mention); each eviction logged."""
    from claude_memory.store.merge import change_entry

    excess = len(tags) - cap
    if excess <= 0:
        return tags, []
    evict = [t for t in tags if t not in fresh][:excess]
    evict += [t for t in tags if t not in evict][:excess - len(evict)]
    return [t for t in tags if t not in evict], [
        change_entry(now, f"tag '{t}' evicted to stay within {cap} tags (git conflict merge)", field_name="tags",
                     old=t) for t in evict]


def merge_records(base: dict | None, ours: dict, theirs: dict, *, now: str, max_tags: int | None = None,
                  max_changes: int | None = None) -> RecordMerge:
    """Three-way merge of one memory changed on two branches (pure; none of the three is modified).

    ``base`` is the version both branches started from (``None`` or ``{}`` when there is none:
    both created the file). Field by field, ``content`` and its nested objects included: a field
    only one side changed since the base takes that side's value; one both changed to the same
    value takes it; a list both changed is merged item by item (yours first, then the other side's
    new items, no item twice; an item either side removed stays removed); any other field both changed keeps yours and is reported in
    ``conflicts``, the other side's value logged in ``changes`` (``old_value``: not kept).
    ``record_status`` and its lifecycle fields merge as one field. ``changes`` keeps the entries of
    both sides (yours, then the other side's new ones) plus one entry for the merge, the newest
    ``max_changes``; ``times_updated`` counts both sides' updates and the merge; ``updated_at`` is
    ``now``; ``created_at`` the earlier; ``id``, ``category`` and ``schema_version`` are yours.
    """
    from claude_memory.store.merge import DEFAULT_MAX_CHANGES, DEFAULT_MAX_TAGS, change_entry

    max_tags = DEFAULT_MAX_TAGS if max_tags is None else max_tags
    max_changes = DEFAULT_MAX_CHANGES if max_changes is None else max_changes
    base = base or {}
    report: dict = {"conflicts": [], "from_theirs": [], "unioned": []}
    doc = _merge_object(base, ours, theirs, "", report, skip=(*_BOOKKEEPING, *_LIFECYCLE))
    life = [tuple(d.get(k, _MISSING) for k in _LIFECYCLE) for d in (base, ours, theirs)]
    before = len(report["conflicts"])
    kept = _merge_value(*life, "record_status", report)
    if len(report["conflicts"]) > before:  # report the statuses, not the tuples
        report["conflicts"][-1] = ("record_status", ours.get("record_status"), theirs.get("record_status"))
    doc.update({k: v for k, v in zip(_LIFECYCLE, kept) if v is not _MISSING})
    for key in ("schema_version", "category", "id"):
        if key in ours:
            doc[key] = ours[key]
    created = [d["created_at"] for d in (ours, theirs) if isinstance(d.get("created_at"), str)]
    if created:
        doc["created_at"] = min(created)
    doc["updated_at"] = now
    count = {name: int(d.get("times_updated") or 0) for name, d in (("base", base), ("ours", ours), ("theirs", theirs))}
    doc["times_updated"] = count["ours"] + max(0, count["theirs"] - count["base"]) + 1
    evicted: list = []
    if isinstance(doc.get("tags"), list):
        fresh = {t for side in (ours, theirs) for t in side.get("tags") or [] if t not in (base.get("tags") or [])}
        doc["tags"], evicted = _cap_tags(doc["tags"], fresh, max_tags, now)

    conflicts = [name for name, _o, _t in report["conflicts"]]
    parts = [MERGED_SUMMARY]
    if report["from_theirs"]:
        parts.append("took from it " + ", ".join(report["from_theirs"]))
    if report["unioned"]:
        parts.append("kept the items of both in " + ", ".join(report["unioned"]))
    if conflicts:
        parts.append("both changed " + ", ".join(conflicts) + ": kept this branch's")
    log = [change_entry(now, "; ".join(parts))]
    log += [change_entry(now, f"git conflict: both branches changed {name}; kept this branch's value, the other "
                         "branch's is old_value", field_name=name,
                         old=None if t is _MISSING else t, new=None if o is _MISSING else o)
            for name, o, t in report["conflicts"]]
    seen = {_item_key(e) for e in (*(base.get("changes") or []), *(ours.get("changes") or []))}
    theirs_new = [e for e in theirs.get("changes") or [] if _item_key(e) not in seen]
    doc["changes"] = [*(ours.get("changes") or []), *theirs_new, *log, *evicted][-max_changes:]
    return RecordMerge(doc, conflicts, report["from_theirs"], report["unioned"])


def _side(raw: bytes | None, category: str, now: str, target_id: str, *, strict: bool) -> dict | None:
    """One version of the file as git holds it, read as the writer reads a draft (auto-fixed,
    read leniently, validated). ``strict=False`` (the merge base): a version that does not read
    is no base at all."""
    import json

    from claude_memory.core.errors import MemoryStoreError
    from claude_memory.store.autofix import autofix
    from claude_memory.store.validation import lenient_reading, validate_record

    if raw is None:
        return None
    try:
        doc = json.loads(raw.decode("utf-8"))
    except ValueError as exc:
        if not strict:
            return None
        raise MemoryStoreError("VALIDATION_ERROR", f"a side of the conflict is not a JSON memory ({exc}); "
                               "keep one side with git checkout --ours/--theirs instead") from None
    try:
        fixed, _notes = autofix(doc, category=category, now=now, target_id=target_id)
        return validate_record(lenient_reading(fixed, category)[0], category=category)
    except MemoryStoreError:
        if strict:
            raise
        return doc if isinstance(doc, dict) else None


def resolve_conflict(root, target: str) -> dict:
    """``memory_index.py --resolve``: settle a memory file git left in conflict.

    Reads the three versions git keeps during the conflict (stage 1 the merge base, and yours and
    the other side's: stages 2 and 3, swapped during a rebase, see :func:`sides`), merges them with
    :func:`merge_records` (yours as ``ours``) and writes the result under the store lock, finished,
    validated and atomically as the writer writes every record, then updates index.md. When one
    side deleted the file the other side is kept as it is. Then ``git add`` the file. The result
    names the operation in progress and the ``next_step`` (``git rebase --continue``, ``git commit``...).
    Raises ``MemoryStoreError`` when git records no conflict there.
    """
    from pathlib import Path

    from claude_memory.core import config
    from claude_memory.core.errors import MemoryStoreError
    from claude_memory.store import maintenance
    from claude_memory.store import records as store_io
    from claude_memory.store import transaction as store
    from claude_memory.store.lock import store_lock

    root = Path(root)
    loc = store_io.locate_target(root, target)
    project = store_io.project_of(root)
    rel = loc.path.relative_to(project.resolve()).as_posix()
    operation = git_operation(project)
    your_stage, other_stage = sides(operation)
    ours, theirs = git_stage(project, rel, your_stage), git_stage(project, rel, other_stage)
    if ours is None and theirs is None:
        raise MemoryStoreError("NOT_FOUND", f"git records no conflict for {rel}; nothing to resolve "
                               "(run it during a merge, rebase or cherry-pick that stopped on this file)")
    ctx = store.StoreContext(root=root, config=config.load_config(root))
    now = ctx.now_ts
    sides_read = [_side(raw, loc.category, now, loc.id, strict=True) for raw in (ours, theirs)]
    merged = None
    if ours is not None and theirs is not None:
        base = _side(git_stage(project, rel, 1), loc.category, now, loc.id, strict=False)
        max_tags, max_changes = ctx.limits()
        merged = merge_records(base, sides_read[0], sides_read[1], now=now, max_tags=max_tags,
                               max_changes=max_changes)
        doc = merged.doc
    else:
        doc = sides_read[0] if sides_read[0] is not None else sides_read[1]
    doc = {**doc, "id": loc.id}  # the file's name is its id
    with store_lock(root, timeout=ctx.lock_timeout):
        maintenance.heal_index(root)
        doc, text, _warnings = store_io.finalise_record(doc, loc.category)
        store_io.write_record(loc.path, text)
        store_io.update_index(root, remove=[(loc.path.parent.name, loc.id)],
                              add=[doc] if doc.get("record_status", "active") == "active" else [])
    added = git_add(project, rel)
    left = sorted(name for name in unmerged(project) if name != rel)  # the project's, named as rel is
    return {"path": rel, "operation": operation, "other_side": other_side(operation),
            "kept": "yours" if ours is not None else "theirs", "merged_other_side": merged is not None,
            "conflicts": merged.conflicts if merged else [], "from_theirs": merged.from_theirs if merged else [],
            "unioned": merged.unioned if merged else [], "git_added": added, "still_in_conflict": left,
            "next_step": next_step(operation, rel, added=added, left=left)}
