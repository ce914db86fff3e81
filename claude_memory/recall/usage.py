"""Usage: which memories were injected, when and by which path; what a session has already seen.

Two kinds of private, append-only files in the staging place (per user: ``<root>/.staging``
is the user's own, mode 0700, git-ignored, never committed):

- ``usage.log``: one line per injected memory, ``<epoch seconds>\\t<via>\\t<folder/slug>``
  where ``via`` is ``prompt``, ``file`` or ``start``. Bounded: once it passes
  ``max_bytes`` it is renamed to ``usage.log.1`` (replacing the older one) and a new one
  starts, so at most twice ``max_bytes`` are kept.
- ``seen/<session id>``: the memories injected in that session, one a line; prompt recall
  and file recall skip them, and a session start after compaction brings them back.

Prompt recall takes two things from here (:func:`after_recall`): what the session has already been
given (skipped) and which recalled memories the context table marks stale (:func:`stale_notes`: one
hash bucket per memory, read from the table built in the background; nothing here looks at the
project's files or git).

Each record is one ``write`` to a file opened with ``O_APPEND`` (:func:`claude_memory.core.oplog.append_bounded`,
shared with the operations log): no lock, no read-modify-write, nothing a writer of the store ever
waits on. Reading is for the maintainers'
reports (:func:`read_log`, :func:`stats`) and the small per-session set.
"""

import os

from claude_memory.recall.private import STAGING, read_private, staging

__all__ = ["LOG_FILE", "SEEN_DIR", "VIAS", "record", "seen", "read_log", "stats", "never_recalled",
           "prune_seen", "DEFAULT_MAX_BYTES", "usage_settings", "session_file", "after_recall", "stale_notes"]

LOG_FILE = "usage.log"
SEEN_DIR = "seen"
VIAS = ("prompt", "file", "start")
DEFAULT_MAX_BYTES = 256 * 1024


def usage_settings(config: dict) -> tuple[bool, int]:
    """(enabled, max_bytes) from a loaded config's ``usage`` section, tolerating wrong types."""
    section = config.get("usage") if isinstance(config, dict) else None
    if not isinstance(section, dict):
        return True, DEFAULT_MAX_BYTES
    limit = section.get("max_log_bytes", DEFAULT_MAX_BYTES)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1024:
        limit = DEFAULT_MAX_BYTES
    return section.get("enabled", True) is not False, limit


def session_file(session_id) -> str | None:
    """The file name for a session id (:func:`claude_memory.core.layout.session_key`), or None
    when the payload has no usable id (nothing is remembered for such a call)."""
    from claude_memory.core.layout import session_key

    key = session_key(session_id)
    return None if key == "nosession" else key


def record(root: str, session_id, via: str, names: list[str], *, max_bytes: int = DEFAULT_MAX_BYTES,
           log: bool = True, now: float | None = None) -> None:
    """Record that ``names`` (``folder/slug``) were injected by ``via`` in ``session_id``. Never raises."""
    if not names:
        return
    from claude_memory.core.oplog import append_bounded  # loaded only when something was injected

    try:
        folder = staging(root)
    except Exception:  # noqa: BLE001 - no staging place: nothing recorded
        return
    sid = session_file(session_id)
    if sid is not None:
        seen_dir = os.path.join(folder, SEEN_DIR)
        try:
            os.mkdir(seen_dir, 0o700)
        except OSError:
            pass
        try:
            append_bounded(os.path.join(seen_dir, sid), "".join(n + "\n" for n in names).encode("utf-8"), None)
        except OSError:
            pass
    if not log:
        return
    import time

    stamp = int(time.time() if now is None else now)
    try:
        append_bounded(os.path.join(folder, LOG_FILE),
                       "".join(f"{stamp}\t{via}\t{n}\n" for n in names).encode("utf-8"), max_bytes)
    except OSError:
        pass


def seen(root: str, session_id) -> set[str]:
    """The memories already injected in ``session_id``."""
    sid = session_file(session_id)
    if sid is None:
        return set()
    data = read_private(os.path.join(root, STAGING, SEEN_DIR, sid))
    if not data:
        return set()
    return {line for line in data.decode("utf-8", "replace").split("\n") if line}


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
    def notes(entries: list) -> dict[str, str]:
        return stale_notes(root, [f"{e[1]}/{e[2]}" for e in entries])

    return seen(root, session_id), notes


def seen_in_order(root: str, session_id) -> list[str]:
    """:func:`seen` in the order first injected."""
    sid = session_file(session_id)
    data = read_private(os.path.join(root, STAGING, SEEN_DIR, sid)) if sid else None
    out: list[str] = []
    for line in (data or b"").decode("utf-8", "replace").split("\n"):
        if line and line not in out:
            out.append(line)
    return out


def read_log(root: str) -> list[tuple[int, str, str]]:
    """Every recorded injection still kept, oldest first: ``(epoch seconds, via, folder/slug)``."""
    out = []
    for name in (LOG_FILE + ".1", LOG_FILE):
        data = read_private(os.path.join(root, STAGING, name))
        for line in (data or b"").decode("utf-8", "replace").split("\n"):
            parts = line.split("\t")
            if len(parts) == 3 and parts[0].isdigit() and parts[1] in VIAS:
                out.append((int(parts[0]), parts[1], parts[2]))
    return out


def stats(memories: dict[str, tuple[str, str]], log: list[tuple[int, str, str]], *, now: float, days: int,
          top: int = 5) -> dict:
    """The usage report. ``memories``: ``{folder/slug: (category, created_at epoch or 0)}`` of the
    active memories. Most and least recalled (ties by name), those not recalled in ``days`` days, recalls
    per category and per path. A memory created within the last ``days`` days is ``new``: it has not had
    the window to be recalled in, so it is neither among the least recalled nor the not recalled (an
    unknown creation time counts as old)."""
    counts = {name: 0 for name in memories}
    last: dict[str, int] = {}
    per_category: dict[str, int] = {}
    per_via = {via: 0 for via in VIAS}
    for stamp, via, name in log:
        per_via[via] += 1
        if name not in memories:
            continue
        counts[name] += 1
        last[name] = max(last.get(name, 0), stamp)
        category = memories[name][0]
        per_category[category] = per_category.get(category, 0) + 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    cutoff = now - days * 86400
    new = {name for name, (_cat, created) in memories.items() if created and created >= cutoff}
    quiet = sorted(name for name in memories if last.get(name, 0) < cutoff and name not in new)
    judged = sorted(((n, c) for n, c in ranked if n not in new), key=lambda i: (i[1], i[0]))
    return {
        "memories": len(memories),
        "injections": len(log),
        "most_recalled": [{"memory": n, "count": c} for n, c in ranked[:top] if c],
        "least_recalled": [{"memory": n, "count": c} for n, c in judged[:top]],
        "not_recalled_days": days,
        "not_recalled": quiet,
        "new": sorted(new),
        "per_category": {cat: per_category.get(cat, 0) for cat in sorted({c for c, _ in memories.values()})},
        "per_via": per_via,
        "log_since": log[0][0] if log else None,
    }


def never_recalled(memories: dict[str, tuple[str, float]], log: list[tuple[int, str, str]], *, now: float,
                   older_than_days: int = 90) -> list[str]:
    """Memories created more than ``older_than_days`` ago that the kept log never saw injected."""
    recalled = {name for _stamp, _via, name in log}
    cutoff = now - older_than_days * 86400
    return sorted(name for name, (_cat, created) in memories.items()
                  if name not in recalled and created and created < cutoff)


def prune_seen(root: str, *, max_age_days: float = 7, now: float | None = None) -> int:
    """Delete per-session files untouched for ``max_age_days``; how many were deleted."""
    import time

    folder = os.path.join(root, STAGING, SEEN_DIR)
    cutoff = (time.time() if now is None else now) - max_age_days * 86400
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        try:
            if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < cutoff:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed
