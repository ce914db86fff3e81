"""PostToolUse: check any memory file that a file tool wrote despite the guard.

Only files inside the memory root are looked at:

- a file written to the private staging place (``<root>/.staging/``: the PreToolUse guard lets a
  file tool write only in the calling session's own folder there, a draft Claude keeps; the
  plugin's own calls hand drafts to the writer on stdin) is redacted in place
  (:mod:`claude_memory.core.redact_file`): a draft keeps no secret even when it is never saved;
  Claude is told when something was removed.

- ``<folder>/<name>.json`` in a category folder is validated against its
  schema (``claude_memory.store.validation``, imported only then). An invalid file is
  renamed ``<file>.invalid.<UTC timestamp>`` so readers never see it, and Claude
  is told what was wrong and which command saves a memory properly. A valid file
  still bypassed the writer, so Claude is told to rebuild the index.
- ``index.md`` written directly is reported (rebuild it with memory_index.py).
- ``memory-config.json`` that is not a JSON object is reported (not moved).

Without pydantic (and no plugin virtualenv to borrow it from) the schema check
falls back to strict JSON plus the envelope's required fields.

Hot path (a write outside the store): ``os`` only; ``json`` is imported only for a
file inside the store.
"""

from __future__ import annotations

import os
import sys

from claude_memory.core.layout import MAX_MEMORY_BYTES
from claude_memory.guard import paths as guard_paths
from claude_memory.hooks import edge as hook_edge
from claude_memory.guard.advice import CONFIG_NAME, INDEX_NAME, category_of, script_command, writer_advice
from claude_memory.hooks import bypass
from claude_memory.core.manifest import quarantine_name

__all__ = ["decide", "main", "quarantine_name", "check_memory_file", "MAX_PROBLEMS"]

MAX_PROBLEMS = 12
_MAX_BYTES = MAX_MEMORY_BYTES
_FILE_TOOLS = {"Write": "file_path", "Edit": "file_path", "MultiEdit": "file_path", "NotebookEdit": "notebook_path"}
_ENVELOPE = {"schema_version": str, "category": str, "id": str, "title": str, "created_at": str,
             "updated_at": str, "tags": list, "confidence": (int, float), "content": dict}


def _note(message: str) -> None:
    print(f"claude-memory: validate hook: {message}", file=sys.stderr)


def _basic_problems(doc, category: str) -> list[str]:
    """The fallback check: JSON object with the envelope's fields of the right types."""
    if not isinstance(doc, dict):
        return [f"(file): expected a JSON object; got {type(doc).__name__}"]
    problems = []
    for name, kind in _ENVELOPE.items():
        if name not in doc:
            problems.append(f"{name}: required field is missing")
        elif not isinstance(doc[name], kind) or isinstance(doc[name], bool):
            problems.append(f"{name}: wrong type ({type(doc[name]).__name__})")
    if doc.get("schema_version") not in (None, "1.0"):
        problems.append(f"schema_version: expected \"1.0\"; got {str(doc.get('schema_version'))[:40]!r}")
    if "category" in doc and doc.get("category") != category:
        problems.append(f"category: expected {category!r} for this folder; got {str(doc.get('category'))[:40]!r}")
    if isinstance(doc.get("title"), str) and not doc["title"].strip():
        problems.append("title: must not be empty")
    if isinstance(doc.get("tags"), list) and not doc["tags"]:
        problems.append("tags: at least one tag is required")
    return problems


def _schema_validator():
    """``(read_json_file, validate_record)`` or None when pydantic cannot be had."""
    try:
        from claude_memory.store.validation import read_json_file, validate_record
        return read_json_file, validate_record
    except ImportError:
        pass
    try:
        from claude_memory.core.deps import ensure_deps

        ensure_deps(install=False)
        from claude_memory.store.validation import read_json_file, validate_record
        return read_json_file, validate_record
    except Exception:  # noqa: BLE001 - any failure means: use the fallback
        return None


def check_memory_file(path: str, category: str) -> list[str]:
    """Problems of the memory file at ``path`` (empty when valid)."""
    validator = _schema_validator()
    if validator is not None:
        from claude_memory.core.errors import MemoryStoreError

        read_json_file, validate_record = validator
        try:
            from claude_memory.store.validation import lenient_reading  # importable: the validator is

            validate_record(lenient_reading(read_json_file(path), category)[0], category=category)
        except MemoryStoreError as exc:
            if exc.code == "IO_ERROR":
                raise OSError(exc.message) from None
            lines = [f"{p.field}: expected {p.expected}; got {p.got}. Fix: {p.fix}" for p in exc.problems]
            return lines or [exc.message]
        return []
    from claude_memory.core import jsonio
    from claude_memory.core.errors import MemoryStoreError

    try:
        doc = jsonio.read_file(path, max_bytes=_MAX_BYTES)
    except MemoryStoreError as exc:
        if exc.code == "IO_ERROR":
            raise OSError(exc.message) from None
        return [f"{p.field}: expected {p.expected}; got {p.got}. Fix: {p.fix}" for p in exc.problems] or [exc.message]
    return _basic_problems(doc, category)


def _block(reason: str, context: str) -> dict:
    return hook_edge.block(reason, event="PostToolUse", extra=context)


def _memory_answer(real: str, root: str, rel: str, category: str) -> dict | None:
    if not os.path.isfile(real) or os.path.islink(real):
        return None
    try:
        problems = check_memory_file(real, category)
    except OSError as exc:
        _note(f"cannot read {real}: {exc}")
        return None
    advice = writer_advice(root, rel)
    if not problems:
        context = (f"claude-memory: {rel} was written directly instead of through memory_write.py. It is valid, "
                   f"but index.md was not updated; run: {script_command('memory_index.py', '--rebuild')}\n"
                   f"Next time save memories this way:\n{advice}")
        return hook_edge.context("PostToolUse", context)
    moved_to = quarantine_name(real)
    try:
        os.replace(real, moved_to)
    except OSError as exc:
        _note(f"cannot quarantine {real}: {exc}")
        moved_to = ""
    shown = problems[:MAX_PROBLEMS]
    if len(problems) > MAX_PROBLEMS:
        shown.append(f"... and {len(problems) - MAX_PROBLEMS} more")
    where = f"It was moved to {moved_to} so no reader sees it." if moved_to else "It could not be moved aside."
    reason = (f"claude-memory: {rel} is not a valid {category} memory and was written directly. {where}\n"
              "Problems:\n" + "\n".join(f"- {p}" for p in shown) + "\n"
              f"Save memories only through the plugin's writer:\n{advice}")
    return _block(reason, reason)


def _staged_answer(real: str) -> dict | None:
    """A draft written to the private staging place keeps no secret: redacted in place."""
    if not os.path.isfile(real) or os.path.islink(real):
        return None
    from claude_memory.core.redact_file import redact_file

    try:
        kinds = redact_file(real)
    except OSError as exc:
        _note(f"cannot redact {real}: {exc}")
        return None
    if not kinds:
        return None
    context = (f"claude-memory: {len(kinds)} secret(s) ({', '.join(sorted(set(kinds)))}) were redacted from "
               f"{real}; a memory must not hold credentials. Keep the [REDACTED:...] markers (or describe "
               "where the secret lives instead of its value).")
    return hook_edge.context("PostToolUse", context)


def decide(payload: dict) -> dict | None:
    """The PostToolUse answer for one tool call, or None: the file tool's own check, then the
    whole store compared with the writer's manifest (:mod:`claude_memory.hooks.bypass`)."""
    cwd = payload.get("cwd")
    cwd = cwd if isinstance(cwd, str) and cwd and "\0" not in cwd else None
    roots = guard_paths.memory_roots(cwd)
    answer = _file_tool_answer(payload, cwd, roots)
    report = bypass.check(payload, roots)
    if report is None:
        return answer
    if answer is None:
        return _block(report, report)
    said = answer.get("reason") or ""  # the file tool's own report (index.md, config) is a block with a reason
    reason = f"{said}\n\n{report}" if said else report
    return _block(reason, reason)


def _file_tool_answer(payload: dict, cwd: str | None, roots: tuple[str, ...]) -> dict | None:
    tool = payload.get("tool_name")
    if not isinstance(tool, str) or tool not in _FILE_TOOLS:
        return None
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, dict):
        _note(f"{tool} without a tool_input object; ignored")
        return None
    path = tool_input.get(_FILE_TOOLS[tool]) or tool_input.get("file_path")
    if not isinstance(path, str) or not path or "\0" in path:
        _note(f"{tool} without a usable path; ignored")
        return None
    verdict, root, rel = guard_paths.locate(path, roots, cwd)
    if verdict == guard_paths.STAGING:
        return _staged_answer(os.path.realpath(os.path.join(cwd or os.getcwd(), os.path.expanduser(path))))
    if verdict != guard_paths.INSIDE or root is None:
        return None
    rel = rel.replace(os.sep, "/")
    real = os.path.realpath(os.path.join(cwd or os.getcwd(), os.path.expanduser(path)))
    if rel == INDEX_NAME:
        reason = (f"claude-memory: index.md was changed directly with {tool}; it is generated from the memory "
                  f"files and may now be wrong. Rebuild it: {script_command('memory_index.py', '--rebuild')}")
        return _block(reason, reason)
    if rel == CONFIG_NAME:
        from claude_memory.core import jsonio
        from claude_memory.core.errors import MemoryStoreError

        try:
            ok = isinstance(jsonio.read_file(real, max_bytes=_MAX_BYTES), dict)
        except MemoryStoreError:
            ok = False
        if ok:
            return None
        reason = ("claude-memory: memory-config.json is not a valid JSON object, so the plugin ignores it and "
                  "uses its defaults. Fix the JSON (or tell the user).")
        return _block(reason, reason)
    folder, _, name = rel.partition("/")
    category = category_of(folder)
    if category is None or "/" in name or not name.endswith(".json"):
        return None
    if bypass.has_manifest(root):
        return None  # the writer's record of the store is there: the comparison repairs this file
    return _memory_answer(real, root, rel, category)


def main(argv: list[str] | None = None) -> int:
    from claude_memory.hooks.edge import run_hook

    # a payload too large to parse is checked on its path (the file on disk is what counts)
    return run_hook("memory_validate_hook", decide, oversized=lambda payload, _raw: decide(payload))
