"""The one JSON reader for memories, drafts and the plugin's own JSON files: strict and bounded.

Every module that reads a memory file, a draft or a config file parses it here, so
the same limits hold everywhere:

- at most ``max_bytes`` (default 1 MB), UTF-8 text (a leading BOM is tolerated);
- at most :data:`MAX_DEPTH` levels of nested objects and lists: a deeper document is
  refused before any recursive code (a validator, the merge, redaction, the index
  build) sees it, so no input can end in ``RecursionError``;
- no duplicate keys in one object (JSON leaves their meaning open; one would be
  dropped silently), no ``NaN``/``Infinity`` (not JSON numbers).

A refusal is :class:`~claude_memory.errors.MemoryStoreError` with ``code``
(``VALIDATION_ERROR`` unless the caller names another, e.g. ``INPUT_ERROR`` for a
draft) and one :class:`~claude_memory.errors.Problem` saying what to fix.

Standard library only and light to import (recall and the hooks use it): the
document is parsed with the C scanner ``json`` itself uses; ``json`` is imported
only to word a syntax error.
"""

from __future__ import annotations

import os

from claude_memory.core.errors import MemoryStoreError, Problem

__all__ = ["MAX_BYTES", "MAX_DEPTH", "parse", "read_file", "too_deep"]

MAX_BYTES = 1_000_000
#: A memory is about 4 levels deep (record, content, a list, an entry); 64 leaves room.
MAX_DEPTH = 64


class _Refused(ValueError):
    def __init__(self, message: str, fix: str) -> None:
        super().__init__(message)
        self.fix = fix


def _pairs(pairs: list) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"the key {key!r} appears twice in one object", f"keep one {key!r} entry")
        out[key] = value
    return out


def _constant(name: str):
    raise _Refused(f"{name} is not a JSON number", f"replace {name} with a real number (or a string)")


class _Strict:
    """What ``_json.make_scanner`` reads from a decoder: json's defaults plus the two refusals."""

    strict = True
    object_hook = None
    object_pairs_hook = staticmethod(_pairs)
    parse_float = float
    parse_int = int
    parse_constant = staticmethod(_constant)
    memo: dict = {}


_SPACE = " \t\n\r"


def _scan(text: str):
    try:
        from _json import make_scanner
    except ImportError:  # an interpreter without the C accelerator
        return _slow(text)
    start = len(text) - len(text.lstrip(_SPACE))
    try:
        value, end = make_scanner(_Strict)(text, start)
    except (_Refused, RecursionError):
        raise
    except Exception:  # noqa: BLE001 - malformed: json words the error
        return _slow(text)
    if text[end:].strip(_SPACE):
        return _slow(text)
    return value


def _slow(text: str):
    import json

    return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)


def too_deep(value, limit: int = MAX_DEPTH) -> bool:
    """True when ``value`` nests objects/lists more than ``limit`` levels (iterative: any depth is safe)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def _error(code: str, source: str, message: str, expected: str, got: str, fix: str) -> MemoryStoreError:
    return MemoryStoreError(code, f"{source} {message}", problems=[Problem("(file)", expected, got, fix)])


def _depth_error(code: str, source: str, limit: int) -> MemoryStoreError:
    return _error(code, source, f"nests objects or lists more than {limit} levels deep",
                  f"at most {limit} levels of nested objects and lists", f"more than {limit} levels",
                  "flatten the structure: a memory's fields are text, lists of text and small objects")


def parse(data: bytes | str, *, source: str = "the input", max_bytes: int = MAX_BYTES,
          max_depth: int = MAX_DEPTH, code: str = "VALIDATION_ERROR"):
    """Parse one JSON document under the limits above (``source`` names it in errors)."""
    if isinstance(data, str):
        size, text = len(data), data
    else:
        size, text = len(data), None
    if size > max_bytes:
        raise _error(code, source, f"is larger than {max_bytes} bytes", f"at most {max_bytes} bytes",
                     f"{size} bytes", "keep a memory short: summarise, and move long text to the project's docs")
    if text is None:
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise _error(code, source, "is not UTF-8 text", "UTF-8 encoded JSON",
                         f"an invalid byte at offset {exc.start}", "save the file as UTF-8") from None
    elif text.startswith("\ufeff"):
        text = text[1:]
    try:
        value = _scan(text)
    except RecursionError:
        raise _depth_error(code, source, max_depth) from None
    except _Refused as exc:
        raise _error(code, source, "is not strict JSON", "strict JSON", str(exc), exc.fix) from None
    except ValueError as exc:  # json.JSONDecodeError
        where = f" at line {exc.lineno}, column {exc.colno}" if hasattr(exc, "lineno") else ""
        said = str(getattr(exc, "msg", exc))
        said = said[:-3] if where and said.endswith(" at") else said  # json's "Invalid control character at"
        raise _error(code, source, "is not valid JSON", "valid JSON", f"{said}{where}",
                     "fix the JSON syntax there (quotes, commas, brackets)") from None
    # cheap first: a document with fewer brackets than the limit cannot nest deeper than it
    if (text.count("{") + text.count("[")) > max_depth and too_deep(value, max_depth):
        raise _depth_error(code, source, max_depth)
    return value


def read_file(path: str | os.PathLike, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
              code: str = "VALIDATION_ERROR", source: str | None = None):
    """Read and :func:`parse` a file. ``IO_ERROR`` when it cannot be read."""
    shown = source or os.fspath(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise MemoryStoreError("IO_ERROR", f"cannot read {shown}: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise _error(code, shown, f"is larger than {max_bytes} bytes", f"at most {max_bytes} bytes",
                     f"more than {max_bytes} bytes",
                     "keep a memory short: summarise, and move long text to the project's docs")
    return parse(data, source=shown, max_bytes=max_bytes, max_depth=max_depth, code=code)
