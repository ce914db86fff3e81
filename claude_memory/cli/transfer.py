"""--promote / --demote: move a memory between a project's store and the user-level store
(:mod:`claude_memory.recall.userstore`), through the writer: created at the destination (or an
earlier copy there restored and updated), retired at the source."""

from __future__ import annotations

__all__ = ["move"]


def _now() -> str:
    from claude_memory.core.timeutil import format_ts, now_utc

    return format_ts(now_utc())


def move(source_root, dest_root, id: str, *, reason: str) -> dict:
    """Create the memory ``id`` of ``source_root`` in ``dest_root`` through the writer, then retire
    it at the source. Raises ``MemoryStoreError`` (NOT_FOUND, ALREADY_EXISTS, ...)."""
    import contextlib
    import io
    import json
    from pathlib import Path

    from claude_memory.cli import memory_write
    from claude_memory.core.errors import MemoryStoreError
    from claude_memory.core.paths import staging_dir
    from claude_memory.store import records as store_io

    found = [f for f in store_io.scan_records(Path(source_root)) if f.id == id and f.status == "active"]
    if not found:
        raise MemoryStoreError("NOT_FOUND", f"no active memory with id {id!r} in {source_root}")
    if len(found) > 1:
        raise MemoryStoreError("USAGE_ERROR", f"{len(found)} active memories have the id {id!r} in "
                               f"{source_root}: " + ", ".join(str(f.path) for f in found))
    src = found[0]
    dest = store_io.record_path(Path(dest_root), src.category, id)
    old = next((f for f in store_io.scan_records(Path(dest_root), [src.category]) if f.path == dest), None)
    if old is not None and old.status == "active":
        raise MemoryStoreError("ALREADY_EXISTS", f"{dest_root} already has an active {src.category} {id!r}; "
                               "update or retire it there first")
    draft = {k: v for k, v in src.doc.items() if k not in ("record_status", "retired_at", "retired_reason",
                                                            "archived_at", "archived_reason")}
    if old is not None:  # an earlier copy there (moved away before): bring it back, then update it
        draft["changes"] = [*(old.doc.get("changes") or []), {"date": _now(), "summary": reason}]
    draft_file = staging_dir(Path(dest_root)) / f"move-{id}.json"
    draft_file.write_text(json.dumps(draft, ensure_ascii=False), encoding="utf-8")

    def write(argv: list) -> dict:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = memory_write.main(argv, keep_timestamps=True)  # the memory keeps its dates
        if code != 0:
            raise MemoryStoreError("IO_ERROR", err.getvalue().strip().splitlines()[0] if err.getvalue() else
                                   f"the writer failed ({code})")
        return json.loads(out.getvalue().strip().splitlines()[-1])

    try:
        if old is None:
            created = write(["--root", str(dest_root), "--action", "create", "--category", src.category,
                             "--input", str(draft_file)])
        else:
            back = "restore" if old.status == "retired" else "unarchive"
            write(["--root", str(dest_root), "--action", back, "--target", str(dest), "--reason", reason])
            created = write(["--root", str(dest_root), "--action", "update", "--target", str(dest),
                             "--input", str(draft_file)])
    finally:
        draft_file.unlink(missing_ok=True)
    write(["--root", str(source_root), "--action", "delete", "--target", str(src.path), "--reason", reason])
    return {"id": id, "category": src.category, "from": str(src.path), "to": created["path"]}
