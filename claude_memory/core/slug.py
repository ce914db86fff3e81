"""Memory ids: slugs that are also file names.

:func:`is_valid_slug` is the one test of a slug, also on recall's prompt path (which lists a
changed folder and asks it of every file name there): it imports nothing and costs one C-level
``str.translate`` per name; ``re`` and ``unicodedata`` are loaded only by :func:`slugify`.
"""

__all__ = ["SLUG_PATTERN", "MAX_SLUG", "is_valid_slug", "slugify"]

#: The same rule as a pattern (JSON schema, pydantic, tests): ``is_valid_slug`` agrees with its fullmatch.
SLUG_PATTERN = r"^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$"
MAX_SLUG = 80
#: Deletes every character a slug may hold: what is left of a name is what it may not hold.
_DROP_SLUG_CHARS = str.maketrans("", "", "abcdefghijklmnopqrstuvwxyz0123456789-")


def is_valid_slug(value: object) -> bool:
    """1-80 of ``[a-z0-9-]``, neither starting nor ending with ``-`` (``SLUG_PATTERN``)."""
    return (isinstance(value, str) and 0 < len(value) <= MAX_SLUG and value[0] != "-" and value[-1] != "-"
            and not value.translate(_DROP_SLUG_CHARS))


def slugify(text: str, *, max_len: int = MAX_SLUG) -> str:
    """Lowercase ASCII words joined by single hyphens, at most ``max_len`` long.

    Returns "" when nothing usable is left (the caller decides what to do). A text that already
    is a valid slug (``a--b`` included) is returned unchanged, so an id never changes by being
    slugified again.
    """
    if len(text) <= max_len and is_valid_slug(text):
        return text
    import re
    import unicodedata

    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    text = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    if len(text) > max_len:
        cut = text[:max_len]
        # prefer cutting at a word boundary (unless the cut already falls on one)
        if text[max_len] != "-" and "-" in cut[max_len // 2 :]:
            cut = cut[: cut.rfind("-")]
        text = cut.strip("-")
    return text
