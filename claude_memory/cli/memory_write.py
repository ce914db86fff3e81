"""memory_write: the only writer of a memory store.

    memory_write.py --action create   --category C --input DRAFT [--target PATH]
    memory_write.py --action update   --input DRAFT --target PATH [--hash MD5] [--category C]
    memory_write.py --action delete|archive|unarchive|restore --target PATH [--reason TEXT] [--hash MD5]
    memory_write.py --batch - [--root ROOT] <<'EOF'  (several memories in one call; see run_batch)

``--input -`` reads the draft from standard input (a quoted here-document), so no
draft file is needed anywhere: the plugin's guard approves exactly that call
without a prompt in every permission mode (see :mod:`claude_memory.guard.own_call`).

A draft's ``created_at`` and ``updated_at`` are the writer's, never the draft's (Claude copies the
skill's example dates, past or future): a created memory gets the write's time for both, an update
keeps the stored ``created_at`` and gets the write's time as ``updated_at`` (:func:`stamped`). Only
the in-process callers that move or import an existing record (``--promote``/``--demote``,
``--import``) keep the dates they give, with :func:`main`'s ``keep_timestamps``.

Success: one JSON line on stdout ``{"ok": true, "action", "path", "id",
"warnings", "hash"}`` (hash = MD5 of the file as now on disk, for the next
``--hash``); auto-fix notes and warnings also go to stderr. Failure: the
structured error on stderr, a non-zero exit code, nothing changed on disk.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path
from typing import Sequence

from claude_memory.core import paths
from claude_memory.core.categories import CATEGORIES
from claude_memory.cli.edge import run_cli
from claude_memory.core.errors import MemoryStoreError
from claude_memory.core.layout import MAX_MEMORY_BYTES
from claude_memory.cli import ArgParser
from claude_memory.core import jsonio

__all__ = ["PROG", "ACTIONS", "MAX_INPUT_BYTES", "STAMPED_FIELDS", "build_parser", "read_input", "stamped", "main"]

PROG = "memory_write"
ACTIONS = ("create", "update", "delete", "archive", "unarchive", "restore")
MAX_INPUT_BYTES = MAX_MEMORY_BYTES


def build_parser() -> ArgParser:
    p = ArgParser(prog="memory_write.py", description="Create, update, retire, archive or restore a memory.")
    p.add_argument("--action", choices=ACTIONS, help="required unless --batch")
    p.add_argument("--category", choices=CATEGORIES, help="the memory's category (create: required "
                   "unless --target names the folder)")
    p.add_argument("--target", help="the memory file, e.g. .claude/memory/decisions/use-postgres.json")
    p.add_argument("--input", help="a JSON draft file, or - for standard input (create, update)")
    p.add_argument("--batch", help="- (standard input) or a file: a JSON list of memories to save in one call")
    p.add_argument("--hash", help="MD5 of the target file as you read it; a mismatch is OCC_CONFLICT")
    p.add_argument("--reason", help="why (delete, archive, unarchive, restore)")
    p.add_argument("--root", help="the memory root (default: the project's .claude/memory)")
    return p


def _parse_json(data: bytes, what: str):
    """Strict, bounded JSON (:mod:`claude_memory.core.jsonio`): ``INPUT_ERROR`` with the fix."""
    return jsonio.parse(data, source=what, max_bytes=MAX_INPUT_BYTES, code="INPUT_ERROR")


def read_stdin(what: str, stream=None) -> object:
    """One JSON document of at most 1 MB from standard input."""
    stream = stream if stream is not None else sys.stdin.buffer
    data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise MemoryStoreError("INPUT_ERROR", f"{what} on standard input is larger than {MAX_INPUT_BYTES} bytes")
    if not data.strip():
        raise MemoryStoreError("INPUT_ERROR", f"{what}: standard input is empty (give the JSON in a here-document)")
    return _parse_json(data, f"{what} on standard input")


def read_input(path_arg: str) -> tuple[dict, Path | None]:
    """The draft in ``--input``: ``-`` (standard input) or a regular readable file of at most 1 MB,
    holding one JSON object."""
    if path_arg == "-":
        doc = read_stdin("--input -")
        if not isinstance(doc, dict):
            raise MemoryStoreError("INPUT_ERROR", "--input - must hold one JSON object (a memory)")
        return doc, None
    path = Path(path_arg)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise MemoryStoreError("INPUT_ERROR", f"cannot open --input {path_arg}: {exc.strerror or exc}") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise MemoryStoreError("INPUT_ERROR", f"--input {path_arg} is not a regular file")
    with os.fdopen(fd, "rb") as fh:
        data = fh.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise MemoryStoreError("INPUT_ERROR", f"--input {path_arg} is larger than {MAX_INPUT_BYTES} bytes")
    doc = _parse_json(data, f"--input {path_arg}")
    if not isinstance(doc, dict):
        raise MemoryStoreError("INPUT_ERROR", f"--input {path_arg} must hold one JSON object (a memory)")
    return doc, path


#: The envelope's timestamps: set by the writer on every draft (:func:`stamped`).
STAMPED_FIELDS = ("created_at", "updated_at")


def stamped(doc: dict, now: str) -> dict:
    """``doc`` with :data:`STAMPED_FIELDS` set to ``now``, whatever the draft gave (a past date copied from
    an example, a future one, a value that is no timestamp at all): a new memory is created now; the
    store's update merge keeps the stored ``created_at`` (it is immutable there)."""
    return {**doc, **{name: now for name in STAMPED_FIELDS}}


def _prepare(doc: dict, *, category: str, now: str, target_id: str | None,
             keep_timestamps: bool = False) -> tuple[dict, list[str]]:
    """(the validated draft, warnings about what redaction removed). The draft's timestamps are
    replaced by ``now`` (:func:`stamped`) unless ``keep_timestamps``."""
    from claude_memory import store

    if not keep_timestamps:
        doc = stamped(doc, now)
    redactions: list[str] = []
    record, notes = store.prepare_draft(doc, category=category, now=now, target_id=target_id,
                                        redactions=redactions)
    for note in notes:
        print(f"{PROG}: auto-fix: {note}", file=sys.stderr)
    return record, redactions


def _redact_staged_draft(path: Path) -> None:
    """A draft in the private staging place keeps no secret, also when this write fails and the
    draft stays behind: it is rewritten redacted before anything else happens."""
    from claude_memory.core.redact_file import redact_file

    try:
        redact_file(path)
    except OSError as exc:
        print(f"{PROG}: warning: could not rewrite the draft {path} without its secrets: "
              f"{exc.strerror or exc}", file=sys.stderr)


def _is_staged_draft(path: Path, root: Path) -> bool:
    try:
        return paths.is_inside(path.resolve(), (root / paths.STAGING_DIRNAME).resolve())
    except OSError:
        return False


def _run(argv: Sequence[str], keep_timestamps: bool = False) -> int:
    args = build_parser().parse_args(argv)
    if args.batch is not None:
        if args.action or args.input or args.target:
            raise MemoryStoreError("USAGE_ERROR", "--batch takes only --root; give each memory's action, "
                                   "category, target and draft inside the batch")
        from claude_memory.cli.batch import run_batch

        return run_batch(args.batch, args.root)
    if not args.action:
        raise MemoryStoreError("USAGE_ERROR", "give --action (or --batch -)")
    from claude_memory import store

    root = Path(args.root) if args.root else paths.default_memory_root()
    store.require_store_root(root)
    ctx = store.open_store(root)
    located = store.locate_target(root, args.target, args.category) if args.target else None
    category = args.category or (located.category if located else None)
    draft_path = None
    redactions: list[str] = []
    if args.action in ("create", "update"):
        if not args.input:
            raise MemoryStoreError("USAGE_ERROR", f"--action {args.action} needs --input <draft.json>")
        if category is None:
            raise MemoryStoreError("USAGE_ERROR", "--action create needs --category (or --target)")
        if args.action == "update" and located is None:
            raise MemoryStoreError("USAGE_ERROR", "--action update needs --target <memory file>")
        raw, draft_path = read_input(args.input)
        if draft_path is not None and _is_staged_draft(draft_path, root):
            _redact_staged_draft(draft_path)
        draft, redactions = _prepare(raw, category=category, now=ctx.now_ts,
                                     target_id=located.id if located else None, keep_timestamps=keep_timestamps)
        if args.action == "create":
            outcome = store.create(ctx, draft, category=category, target=args.target)
        else:
            outcome = store.update(ctx, draft, target=args.target, category=category, expected_hash=args.hash)
    else:
        if located is None:
            raise MemoryStoreError("USAGE_ERROR", f"--action {args.action} needs --target <memory file>")
        if args.input:
            print(f"{PROG}: warning: --input is not used by --action {args.action}; ignored", file=sys.stderr)
        outcome = store.change_status(ctx, args.action, target=args.target, category=category,
                                      reason=args.reason, expected_hash=args.hash)
    outcome.warnings[:0] = redactions
    if draft_path is not None and _is_staged_draft(draft_path, root):
        try:
            os.unlink(draft_path)
        except OSError as exc:
            outcome.warnings.append(f"could not remove the draft {draft_path}: {exc.strerror or exc}")
    for warning in outcome.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    print(json.dumps(outcome.as_dict(), ensure_ascii=False))
    return 0


def _after_run(argv: Sequence[str], start: float):
    """What follows every run: after a write, recall's settler (the recall cache catches up with the
    write in the background instead of in the next prompt, see
    :func:`claude_memory.recall.cache_build.spawn_settle`); and the operations-log line of the run:
    action, category, ok or the error code (no memory text)."""
    def done(code: str | None) -> None:
        known = {}
        for flag in ("--action", "--category", "--root"):
            if flag in argv[:-1]:
                known[flag] = argv[list(argv).index(flag) + 1]
        root = known.get("--root") or str(paths.default_memory_root())
        if code is None:
            _settle_recall(root)
        if code is None and "--batch" in argv:
            return  # a batch logs each of its memories itself (cli/batch.py)
        import time

        from claude_memory.core import oplog
        from claude_memory.core.layout import session_key

        oplog.record(root, event="write", action=known.get("--action"), category=known.get("--category"),
                     ok=code is None, error=code, session=session_key(os.environ.get("CLAUDE_SESSION_ID")),
                     ms=round((time.monotonic() - start) * 1000, 1))
    return done


def _settle_recall(root: str) -> None:
    """Start recall's settler for ``root``; a write never fails for it."""
    try:
        from claude_memory.recall.cache_build import spawn_settle

        spawn_settle(root)
    except Exception:  # noqa: BLE001 - without a settler the next prompt lists the folder itself
        pass


def main(argv: Sequence[str] | None = None, *, keep_timestamps: bool = False) -> int:
    """The writer's command line. ``keep_timestamps`` (in-process callers only, never a flag: Claude's
    drafts are always stamped): keep a create or update draft's ``created_at``/``updated_at``, for a
    record that already has its dates (a memory moved between stores, an imported note)."""
    import time

    argv = list(sys.argv[1:] if argv is None else argv)
    run = _run if not keep_timestamps else (lambda args: _run(args, keep_timestamps=True))
    return run_cli(PROG, run, argv, on_done=_after_run(argv, time.monotonic()))
