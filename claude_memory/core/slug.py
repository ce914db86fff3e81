"""Memory ids: slugs that are also file names."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["SLUG_PATTERN", "SLUG_RE", "MAX_SLUG", "is_valid_slug", "slugify"]

SLUG_PATTERN = r"^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$"
SLUG_RE = re.compile(SLUG_PATTERN)
MAX_SLUG = 80


def is_valid_slug(value: object) -> bool:
    # fullmatch: with match(), "$" would also accept a trailing newline ("abc\n")
    return isinstance(value, str) and SLUG_RE.fullmatch(value) is not None


def slugify(text: str, *, max_len: int = MAX_SLUG) -> str:
    """Lowercase ASCII words joined by single hyphens, at most ``max_len`` long.

    Returns "" when nothing usable is left (the caller decides what to do). A text that already
    is a valid slug (``a--b`` included) is returned unchanged, so an id never changes by being
    slugified again.
    """
    if len(text) <= max_len and is_valid_slug(text):
        return text
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    text = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    if len(text) > max_len:
        cut = text[:max_len]
        # prefer cutting at a word boundary (unless the cut already falls on one)
        if text[max_len] != "-" and "-" in cut[max_len // 2 :]:
            cut = cut[: cut.rfind("-")]
        text = cut.strip("-")
    return text
