"""Validate memories against schema 1.0 and serialise them canonically.

- :func:`validate_record` checks a parsed document and returns its canonical
  plain-JSON form (envelope fields in schema order, defaults filled in, unset
  optional fields left out) or raises ``VALIDATION_ERROR`` with one
  :class:`~claude_memory.core.errors.Problem` per thing wrong: where, what was
  expected, what was got, and how to fix it.
- :func:`read_json_file` / :func:`load_record` read files with the same rules
  everywhere (UTF-8, at most 1 MB, strict JSON: no NaN, no duplicate keys).
- :func:`dump_record` is the one serialisation used for every file written.
- :func:`lenient_reading` is how files people and older versions wrote are read:
  where the meaning is unambiguous (``null`` for a field whose default is an
  empty list or text, a missing ``record_status`` meaning active, a missing
  optional field) the default is used and a note says so; the next write stores
  the normalised form. Everything else stays strict (an error naming the field
  and the fix), and unknown fields stay rejected.

Write path only: imports pydantic (through :mod:`claude_memory.store.models`).
"""

from __future__ import annotations

import copy
import json
import os
import typing
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from claude_memory.core.categories import CATEGORIES, folder_of
from claude_memory.core.errors import MemoryStoreError, Problem
from claude_memory.core.layout import MAX_MEMORY_BYTES
from claude_memory.core import jsonio
from claude_memory.core.invisible import strip_invisible
from claude_memory.store.models import (
    ID_PATTERN,
    LIFECYCLE_STATES,
    MAX_CHANGES,
    Change,
    MAX_TAG_LEN,
    TAG_PATTERN,
    TIMESTAMP_PATTERN,
    MemoryRecord,
    is_tag,
    RECORD_MODELS,
)
from claude_memory.core.slug import slugify
from claude_memory.core.timeutil import format_ts, parse_ts

__all__ = [
    "MAX_FILE_BYTES",
    "validate_record",
    "misplaced_fix",
    "validate_draft",
    "problems_from_validation_error",
    "read_json_file",
    "load_record",
    "load_record_noted",
    "lenient_reading",
    "dump_record",
]

MAX_FILE_BYTES = MAX_MEMORY_BYTES
_GOT_MAX = 60
_TIMESTAMP_EXAMPLE = "2026-05-01T10:00:00Z"


# --------------------------------------------------------------------------- validate


def validate_record(doc: Any, *, category: str | None = None, path: str | os.PathLike | None = None) -> dict:
    """Return the canonical form of ``doc`` or raise ``VALIDATION_ERROR``.

    ``category``, when given, is the category being written (from the folder or
    ``--category``); a document of another category is a problem. ``path``: the file
    ``doc`` was read from in ``category``'s folder; a document of another category is
    then a file in the wrong folder, and the fix is :func:`misplaced_fix` (the
    document's category is its author's intent; its content has that category's fields).
    """
    if not isinstance(doc, dict):
        raise _error([Problem("(document)", "a JSON object (one memory)", _type_name(doc),
                              "write the memory as one JSON object {...}")], None)
    problems: list[Problem] = []
    doc_category = doc.get("category")
    if category is not None and doc_category != category:
        if path is not None and doc_category in CATEGORIES:
            problems.append(Problem("category", f"{category!r} (the category of the folder the file is in)",
                                    _short(doc_category), misplaced_fix(path, doc_category)))
        else:
            problems.append(Problem(
                "category", f"{category!r} (the category being written)", _short(doc_category),
                f"set \"category\" to {category!r}, or write the memory to the {doc_category!r} category instead"
                if doc_category in CATEGORIES else f"set \"category\" to {category!r}",
            ))
    model: type[MemoryRecord] = RECORD_MODELS.get(doc_category, MemoryRecord) if isinstance(doc_category, str) else MemoryRecord
    try:
        record = model.model_validate(doc)
    except ValidationError as exc:
        found = problems_from_validation_error(exc, model)
        if problems:  # the category mismatch already covers a bad category value
            found = [p for p in found if p.field != "category"]
        problems.extend(found)
        raise _error(problems, doc) from None
    if problems:
        raise _error(problems, doc)
    return record.model_dump(mode="json", exclude_none=True)


def misplaced_fix(path: str | os.PathLike, category: str) -> str:
    """The fix for the memory file at ``path`` whose document says ``category`` but that sits in another
    category's folder: move it to ``category``'s folder (:data:`claude_memory.core.categories.FOLDERS`)."""
    text = os.fspath(path)
    target = os.path.join(os.path.dirname(os.path.dirname(text)), folder_of(category), os.path.basename(text))
    return (f"it is a {category!r} memory in the wrong folder: move it to {target} (git mv, when git tracks it), "
            "then run memory_index.py --rebuild")


def validate_draft(doc: Any, *, category: str | None = None) -> dict:
    """:func:`validate_record` for a draft given to the writer.

    A draft may carry more than ``MAX_CHANGES`` entries in ``changes``: an update's
    draft holds the stored entries plus the new ones. The cap is the store's to
    apply (the merge, and create, keep the newest); refusing the draft would make a
    memory with a full change log impossible to update. Every entry is still checked.
    """
    changes = doc.get("changes") if isinstance(doc, dict) else None
    if not isinstance(changes, list) or len(changes) <= MAX_CHANGES:
        return validate_record(doc, category=category)
    older, newest = changes[:-MAX_CHANGES], changes[-MAX_CHANGES:]
    problems: list[Problem] = []
    try:
        out = validate_record({**doc, "changes": newest}, category=category)
    except MemoryStoreError as exc:
        if exc.code != "VALIDATION_ERROR":
            raise
        out, problems = None, [_shift_change_index(p, len(older)) for p in exc.problems]
    try:
        checked = [entry.model_dump(mode="json", exclude_none=True) for entry in _change_list().validate_python(older)]
    except ValidationError as exc:
        problems = [Problem(f"changes.{p.field}", p.expected, p.got, p.fix)
                    for p in problems_from_validation_error(exc, None)] + problems
        checked = []
    if problems or out is None:
        raise _error(problems, doc)
    out["changes"] = checked + out["changes"]
    return out


def _change_list():
    from pydantic import TypeAdapter

    return TypeAdapter(list[Change])


def _shift_change_index(problem: Problem, offset: int) -> Problem:
    """A problem found in the newest entries, renumbered as in the whole draft."""
    parts = problem.field.split(".")
    if len(parts) > 1 and parts[0] == "changes" and parts[1].isdigit():
        parts[1] = str(int(parts[1]) + offset)
        return Problem(".".join(parts), problem.expected, problem.got, problem.fix)
    return problem


def _error(problems: list[Problem], doc: Any) -> MemoryStoreError:
    what = "memory"
    if isinstance(doc, dict):
        cat, ident = doc.get("category"), doc.get("id")
        if isinstance(cat, str) and cat in CATEGORIES:
            what = f"{cat} memory"
        if isinstance(ident, str) and ident:
            what += f" {ident[:80]!r}"
    n = len(problems)
    return MemoryStoreError("VALIDATION_ERROR", f"{n} problem{'s' if n != 1 else ''} in the {what}", problems=problems)


# --------------------------------------------------------------------------- pydantic errors -> problems


def problems_from_validation_error(exc: ValidationError, model: type[BaseModel] | None = None) -> list[Problem]:
    """One :class:`Problem` per pydantic error (per lifecycle field), with a concrete fix."""
    problems: list[Problem] = []
    for err in exc.errors(include_url=False):
        if err.get("type") == "lifecycle_invariant":
            problems.extend(_lifecycle_problems(err.get("ctx") or {}, err.get("input")))
        else:
            problems.append(_problem(err, model))
    return problems


def _problem(err: dict, model: type[BaseModel] | None) -> Problem:
    loc = tuple(err.get("loc", ()))
    ctx = err.get("ctx") or {}
    kind = err.get("type", "")
    value = err.get("input")
    field = ".".join(str(part) for part in loc) or ctx.get("field", "(document)")
    name = next((p for p in reversed(loc) if isinstance(p, str)), field)
    got = _short(value)

    if kind == "missing":
        return Problem(field, f"{field} (required)", "nothing (the field is absent)", _missing_fix(field, name))
    if kind == "extra_forbidden":
        allowed = _allowed_fields(model, loc[:-1])
        hint = f"; allowed here: {', '.join(allowed)}" if allowed else ""
        return Problem(field, "no such field", got, f"remove {name!r} (unknown fields are rejected){hint}")
    if kind in _TYPE_NAMES:
        expected = _TYPE_NAMES[kind]
        fix = f"give {field} as {expected}"
        if value is None:  # what lenient_reading would not guess
            fix += (" (null is read as the default only where that is unambiguous: an empty list or text; "
                    "here it is not, so write the value)")
        return Problem(field, expected, f"{got} ({_type_name(value)})", fix)
    if kind == "string_too_short":
        if loc and isinstance(loc[-1], int):
            parent = ".".join(str(part) for part in loc[:-1])
            return Problem(field, "a non-empty string", got, f"remove the empty entry from {parent} or write its text")
        return Problem(field, "a non-empty string", got, f"write the text of {field} (blank after trimming is empty)")
    if kind == "string_too_long":
        limit = ctx.get("max_length")
        return Problem(field, f"at most {limit} characters", f"{len(value)} characters" if isinstance(value, str) else got,
                       f"shorten {field} to {limit} characters or fewer; put detail in content instead")
    if kind == "string_pattern_mismatch":
        return _pattern_problem(field, ctx.get("pattern", ""), value, got)
    if kind == "literal_error":
        expected = f"one of {ctx.get('expected', '')}"
        fix = f"set {field} to {ctx.get('expected', 'an allowed value')}"
        if name == "status" and value in LIFECYCLE_STATES:
            fix += "; lifecycle (active/retired/archived) belongs in record_status, set by the writer's actions"
        elif name == "record_status":
            fix += "; change it only with memory_write.py --action delete|archive|unarchive|restore"
        elif name == "schema_version":
            fix = 'set schema_version to "1.0" (as a string)'
        return Problem(field, expected, got, fix)
    if kind == "too_short":
        least = ctx.get("min_length", 1)
        return Problem(field, f"at least {least} item{'s' if least != 1 else ''}", f"{ctx.get('actual_length', 0)} items",
                       f"add at least {least} entr{'ies' if least != 1 else 'y'} to {field}")
    if kind == "too_long":
        most = ctx.get("max_length")
        fix = {
            "tags": f"keep the {most} most useful tags and drop the rest",
            "changes": f"keep only the newest {most} entries (drop the oldest first)",
        }.get(field, f"keep at most {most} entries in {field}")
        return Problem(field, f"at most {most} items", f"{ctx.get('actual_length')} items", fix)
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than", "finite_number"):
        if name == "confidence":
            return Problem(field, "a number from 0 to 1", got, "set confidence between 0.0 (a guess) and 1.0 (certain), e.g. 0.8")
        return Problem(field, _bound_text(kind, ctx), got, f"set {field} to {_bound_text(kind, ctx)}")
    if kind == "tag_not_lowercase":
        return _tag_problem(field, got, _tag_fix(value))
    if kind == "tag_character":
        return _tag_problem(field, got, f"remove {ctx.get('odd', '')!r} (a tag holds no symbols or punctuation "
                                        "but . _ + # / -)")
    if kind == "tags_not_unique":
        dupes = ", ".join(ctx.get("dupes", []))
        return Problem(field, "unique tags", got, f"list each tag once (repeated: {dupes})")
    msg = str(err.get("msg", "invalid value"))
    return Problem(field, msg, got, f"correct {field}: {msg}")


_TYPE_NAMES = {
    "string_type": "a string",
    "float_type": "a number",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "bool_type": "true or false",
    "list_type": "a list [...]",
    "dict_type": "an object {...}",
    "model_type": "an object {...}",
    "model_attributes_type": "an object {...}",
    "json_type": "a JSON value",
}


def _missing_fix(field: str, name: str) -> str:
    if name in ("created_at", "updated_at", "date", "retired_at", "archived_at"):
        return f"add {field} as an RFC 3339 UTC timestamp, e.g. {_TIMESTAMP_EXAMPLE}"
    if name == "tags":
        return 'add "tags": a list of 1 to 12 short lowercase keywords'
    if name == "id":
        return "add \"id\": the file name without .json (lowercase words joined by hyphens)"
    if name == "content":
        return "add \"content\": the object with this category's fields"
    return f"add {field}"


#: What a tag is (TAG_PATTERN and the model's check of non-ASCII characters say it together).
_TAG_EXPECTED = f"a lowercase tag of at most {MAX_TAG_LEN} characters: letters (of any script), digits and . _ + # / -"


def _tag_fix(value: Any) -> str:
    """"use '<tag>'" when lower-casing ``value`` and joining its words with hyphens (what the writer's
    auto-fix does) makes a tag of it, else ""."""
    if not isinstance(value, str):
        return ""
    fixed = "-".join(value.lower().split())
    return f"use {fixed!r} (lowercase, without spaces or commas)" if fixed != value and is_tag(fixed) else ""


def _tag_problem(field: str, got: str, fix: str = "") -> Problem:
    return Problem(field, _TAG_EXPECTED, got,
                   fix or "use a short lowercase keyword without spaces or commas, e.g. 'rate-limit' or 'größe'")


def _pattern_problem(field: str, pattern: str, value: Any, got: str) -> Problem:
    if pattern == ID_PATTERN:
        suggestion = slugify(value) if isinstance(value, str) else ""
        fix = f"use {suggestion!r}" if suggestion and suggestion != value else "use lowercase letters, digits and hyphens"
        return Problem(field, "a slug: 1-80 lowercase letters, digits and hyphens, not starting or ending with a hyphen",
                       got, fix + " (the id is also the file name)")
    if pattern == TIMESTAMP_PATTERN:
        fix = f"write it as {_TIMESTAMP_EXAMPLE} (UTC, to the second, ending in Z)"
        if isinstance(value, str):
            try:
                fix = f"use {format_ts(parse_ts(value))!r} (UTC, to the second, ending in Z)"
            except ValueError:
                pass
        return Problem(field, f"an RFC 3339 UTC timestamp like {_TIMESTAMP_EXAMPLE}", got, fix)
    if pattern == TAG_PATTERN:
        return _tag_problem(field, got, _tag_fix(value))
    return Problem(field, f"text matching {pattern}", got, f"change {field} to match {pattern}")


def _lifecycle_problems(ctx: dict, doc: Any) -> list[Problem]:
    status = ctx.get("status", "?")
    action = {"retired": "delete", "archived": "archive"}.get(status, "restore (or unarchive)")
    problems = [
        Problem(name, f"{name} set when record_status is {status!r}", "nothing",
                f"use memory_write.py --action {action}, which sets {name}; do not edit lifecycle fields by hand")
        for name in ctx.get("missing", [])
    ]
    for name in ctx.get("forbidden", []):
        got = _short(doc.get(name) if isinstance(doc, dict) else None)
        problems.append(Problem(name, f"no {name} when record_status is {status!r}", got,
                                f"remove {name}; lifecycle fields are managed by memory_write.py --action {action}"))
    return problems


_BOUNDS = {"greater_than_equal": (">=", "ge"), "less_than_equal": ("<=", "le"), "greater_than": (">", "gt"),
           "less_than": ("<", "lt")}


def _bound_text(kind: str, ctx: dict) -> str:
    if kind not in _BOUNDS:
        return "a finite number"
    op, key = _BOUNDS[kind]
    return f"a number {op} {ctx.get(key)}"


def _allowed_fields(model: type[BaseModel] | None, loc: Iterable[Any]) -> list[str]:
    """The field names of the (nested) model at ``loc``, or [] when it cannot be told."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        if not (isinstance(current, type) and issubclass(current, BaseModel)) or part not in current.model_fields:
            return []
        current = _inner_model(current.model_fields[part].annotation)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _inner_model(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


_JSON_TYPES = ((type(None), "null"), (bool, "boolean"), ((int, float), "number"), (str, "string"), (list, "list"),
               (dict, "object"))


def _type_name(value: Any) -> str:
    """The JSON name of ``value``'s type (bool before number: a bool is an int)."""
    return next((name for kind, name in _JSON_TYPES if isinstance(value, kind)), type(value).__name__)


def _short(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except ValueError:  # NaN and friends
        text = repr(value)
    text = strip_invisible(text)
    return text if len(text) <= _GOT_MAX else text[: _GOT_MAX - 1] + "…"


# --------------------------------------------------------------------------- files


def read_json_file(path: str | os.PathLike) -> Any:
    """Parse a JSON file strictly (:mod:`claude_memory.core.jsonio`): UTF-8 (a BOM is tolerated),
    at most 1 MB, at most 64 levels deep, no NaN/Infinity, no duplicate keys. ``IO_ERROR``
    when it cannot be read, ``VALIDATION_ERROR`` when it is not such JSON."""
    return jsonio.read_file(path, max_bytes=MAX_FILE_BYTES)


# --------------------------------------------------------------------------- lenient reading


def lenient_reading(doc: Any, category: str | None = None) -> tuple[Any, list[str]]:
    """``(doc as read, notes)``: ``doc`` with the unambiguous gaps of a hand-edited or older file
    filled in, and one note per kind of gap (empty when the file is already complete).

    - ``null`` where the field's default is an empty list, an empty text, a number or a status
      (``"related_files": null`` is ``[]``; ``"record_status": null`` is active) becomes that default;
    - a missing ``record_status`` (active) or other field with a default is noted: the model fills
      it in, and the next write stores it.

    Not guessed: ``null`` in a required field or a yes/no field (``content.active: null`` could mean
    either), unknown fields, wrong types. :func:`validate_record` reports those, with the fix.
    ``doc`` is not modified.
    """
    if not isinstance(doc, dict):
        return doc, []
    key = category if category in RECORD_MODELS else doc.get("category")
    model = RECORD_MODELS.get(key) if isinstance(key, str) else None
    if model is None:
        return doc, []
    nulls: list[str] = []
    missing: list[str] = []
    out = _fill_defaults(doc, model, "", nulls, missing)
    notes = [f"{name}: null read as {json.dumps(value, ensure_ascii=False)}" for name, value in nulls]
    if missing:
        notes.append("missing " + ", ".join(missing) + " read as "
                     + ("its default" if len(missing) == 1 else "their defaults")
                     + (" (record_status: active)" if "record_status" in missing else ""))
    return out, notes


def _default_of(field: Any) -> Any:
    value = field.get_default(call_default_factory=True)
    return value.model_dump(mode="json") if isinstance(value, BaseModel) else value


def _fill_defaults(value: dict, model: type[BaseModel], prefix: str,
                   nulls: list[tuple[str, Any]], missing: list[str]) -> dict:
    out = dict(value)
    for name, field in model.model_fields.items():
        inner = _inner_model(field.annotation)
        if name in out and isinstance(out[name], dict) and inner is not None:
            out[name] = _fill_defaults(out[name], inner, f"{prefix}{name}.", nulls, missing)
            continue
        if field.is_required():
            continue
        default = _default_of(field)
        if default is None:
            continue  # optional without a value: null and absent already mean the same
        if name not in out:
            missing.append(prefix + name)
        elif out[name] is None and field.annotation is not bool:
            out[name] = copy.deepcopy(default)
            nulls.append((prefix + name, default))
    return out


def load_record_noted(path: str | os.PathLike, *, category: str | None = None,
                      expected_id: str | None = None) -> tuple[dict, list[str]]:
    """:func:`load_record` plus the notes of :func:`lenient_reading` (what the next write normalises)."""
    doc, notes = lenient_reading(read_json_file(path), category)
    return _checked(doc, path, category, expected_id), notes


def load_record(path: str | os.PathLike, *, category: str | None = None, expected_id: str | None = None) -> dict:
    """Read (leniently, see :func:`lenient_reading`) and validate one memory file; returns its
    canonical form.

    ``expected_id`` (usually the file name without ``.json``) must equal the id.
    """
    return load_record_noted(path, category=category, expected_id=expected_id)[0]


def _checked(doc: Any, path: str | os.PathLike, category: str | None, expected_id: str | None) -> dict:
    if expected_id is not None and isinstance(doc, dict) and doc.get("id") != expected_id:
        mismatch = Problem("id", f"{expected_id!r} (the file name)", _short(doc.get("id")),
                           f"set \"id\" to {expected_id!r} or rename the file to match the id")
        try:
            validate_record(doc, category=category, path=path)
        except MemoryStoreError as exc:
            exc.problems.insert(0, mismatch)
            exc.message = f"{len(exc.problems)} problems in {os.fspath(path)}"
            raise
        raise MemoryStoreError("VALIDATION_ERROR", f"1 problem in {os.fspath(path)}", problems=[mismatch])
    return validate_record(doc, category=category, path=path)


def dump_record(doc: dict) -> str:
    """The canonical text of a memory file (pass it :func:`validate_record`'s output)."""
    return json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
