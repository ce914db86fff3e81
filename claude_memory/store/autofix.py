"""Repair the trivially fixable in a memory draft, and say what was repaired.

Pure and standard-library only. :func:`autofix` never invents content and never
mutates its input; everything it does not fix is left for
:func:`claude_memory.store.validation.validate_record` to report. The repairs:

- whitespace around every string is stripped (recursively, keys untouched);
- a missing ``schema_version`` becomes "1.0", a missing ``category`` the one
  being written, a missing ``created_at``/``updated_at`` the current time;
- ``tags`` given as one comma-separated string become a list; tags are
  lowercased (in any script: ``Größe`` -> ``größe``) and composed (NFC), inner
  spaces become hyphens, empties and repeats are dropped;
- an ``id`` that is not a slug (capitals, spaces, underscores...) is slugified;
  a missing id comes from ``target_id`` (the file being written), else the title
  (:func:`~claude_memory.core.slug.slugify`: ``テストはpytestで書く`` ->
  ``pytest-<hash>``); a title with letters but none a slug can spell (Japanese
  only, ``日本語``) gives ``<category>-<first 8 hex digits of the title's SHA-1>``
  (:func:`~claude_memory.core.slug.fallback_id`, ``decision-1a2b3c4d``): the same
  title, the same id;
- ``confidence`` given as a numeric string is parsed, and clamped to 0..1.

A title longer than 120 characters is *not* shortened: that needs judgement.
"""

from __future__ import annotations

import copy
import math
import re
import unicodedata
from typing import Any

from claude_memory.core.slug import fallback_id, is_valid_slug, slugify

__all__ = ["autofix"]

_SCHEMA_VERSION = "1.0"
_MAX_LISTED = 5


def autofix(doc: Any, *, category: str, now: str, target_id: str | None = None) -> tuple[Any, list[str]]:
    """Return ``(fixed_copy, notes)``; ``notes`` has one human-readable line per repair."""
    if not isinstance(doc, dict):
        return copy.deepcopy(doc), []
    notes: list[str] = []
    stripped: list[str] = []
    out = _strip_strings(doc, "", stripped)
    if stripped:
        shown = ", ".join(stripped[:_MAX_LISTED]) + (f" and {len(stripped) - _MAX_LISTED} more" if len(stripped) > _MAX_LISTED else "")
        notes.append(f"stripped surrounding whitespace from {shown}")

    if _is_missing(out.get("schema_version")):
        out["schema_version"] = _SCHEMA_VERSION
        notes.append(f'set missing schema_version to "{_SCHEMA_VERSION}"')
    if _is_missing(out.get("category")):
        out["category"] = category
        notes.append(f"set missing category to {category!r}")
    for name in ("created_at", "updated_at"):
        if _is_missing(out.get(name)):
            out[name] = now
            notes.append(f"set missing {name} to {now}")

    if "tags" in out:
        _fix_tags(out, notes)
    _fix_id(out, target_id, category, notes)
    if "confidence" in out:
        _fix_confidence(out, notes)
    return out, notes


def _is_missing(value: Any) -> bool:
    return value is None or value == ""


def _strip_strings(value: Any, path: str, stripped: list[str]) -> Any:
    """A deep copy of ``value`` with every string stripped; ``stripped`` collects the paths."""
    if isinstance(value, str):
        clean = value.strip()
        if clean != value:
            stripped.append(path or "(value)")
        return clean
    if isinstance(value, dict):
        return {key: _strip_strings(item, f"{path}.{key}" if path else str(key), stripped) for key, item in value.items()}
    if isinstance(value, list):
        return [_strip_strings(item, f"{path}.{i}", stripped) for i, item in enumerate(value)]
    return copy.deepcopy(value)


def _fix_tags(out: dict, notes: list[str]) -> None:
    tags = out["tags"]
    if isinstance(tags, str):
        raw = tags.split(",")
        fixed = _normalise_tags(raw)
        out["tags"] = fixed
        notes.append(f"split tags {tags!r} into a list: {fixed}")
        return
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        return  # wrong shape: validation reports it
    fixed = _normalise_tags(tags)
    if fixed != tags:
        out["tags"] = fixed
        notes.append(f"normalised tags {tags} to {fixed} (lowercase, no spaces, no empties or repeats)")


def _normalise_tags(raw: list[str]) -> list[str]:
    seen: list[str] = []
    for tag in raw:
        clean = re.sub(r"\s+", "-", tag.strip().lower())
        if not clean.isascii():
            clean = unicodedata.normalize("NFC", clean)
        if clean and clean not in seen:
            seen.append(clean)
    return seen


def _fix_id(out: dict, target_id: str | None, category: str, notes: list[str]) -> None:
    current = out.get("id")
    if _is_missing(current):
        if target_id:
            out["id"] = target_id
            notes.append(f"set missing id to {target_id!r} (the target file's name)")
            return
        title = out.get("title")
        derived = slugify(title) if isinstance(title, str) else ""
        if derived:
            out["id"] = derived
            notes.append(f"set missing id to {derived!r} (from the title)")
        elif isinstance(title, str) and any(c.isalnum() for c in title):
            # letters a slug cannot spell (a Japanese title): a stable id from the title's hash
            derived = fallback_id(title, category)
            out["id"] = derived
            notes.append(f"set missing id to {derived!r} (the title's hash: it has no letters a file name can spell)")
        return
    if isinstance(current, str) and not is_valid_slug(current):
        derived = slugify(current)
        if derived and is_valid_slug(derived):
            out["id"] = derived
            notes.append(f"slugified id {current!r} to {derived!r}")


def _fix_confidence(out: dict, notes: list[str]) -> None:
    value = out["confidence"]
    if isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            return
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        number = value
    else:
        return
    if not math.isfinite(number):
        return
    if isinstance(value, str):
        notes.append(f"parsed confidence {value!r} as a number")
    clamped = min(1.0, max(0.0, number))
    if clamped != number:
        notes.append(f"clamped confidence {number} to {clamped}")
    out["confidence"] = clamped if clamped != number else number  # an int in range stays an int
