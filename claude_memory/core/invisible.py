"""Invisible characters: the one place that knows them and takes them out of text.

A memory is read by people (index.md, a reviewer of the diff) and by Claude (the
recall block, the triage context files). Characters that render as nothing can make
the two see different text: instructions hidden in Unicode tag characters, a line
whose visible order is reversed by bidirectional controls, words split or marked
with zero-width characters. They are removed when a memory is written and again
from every output built from stored or transcript text (a file written around the
writer, or older than this rule, gets the same treatment on the way out).

Removed: tag characters U+E0000-E007F; bidirectional controls (U+061C, U+200E,
U+200F, U+202A-202E, U+2066-2069); zero-width and invisible characters (U+200B,
U+2060-2064, U+FEFF, U+180E, U+115F, U+1160, U+3164, U+FFA0); variation selectors
U+E0100-E01EF (they can carry hidden data after any character). The zero-width
joiner and non-joiner (U+200D, U+200C) are needed inside words of several scripts
(Persian, Hindi, ...): one between two non-ASCII letters (or a letter's combining mark) is kept, any other
is removed.

Standard library only, nothing imported: the hooks call :func:`strip_invisible` on
their output, and ASCII text returns at once.
"""

__all__ = ["INVISIBLE", "JOINERS", "strip_invisible", "count_invisible", "strip_tree"]

def _invisible() -> frozenset[int]:
    return frozenset((
        *range(0xE0000, 0xE0080),                      # tag characters
        0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A),  # bidi controls
        0x200B, *range(0x2060, 0x2065), 0xFEFF, 0x180E,  # zero-width, word joiner, invisible operators, BOM
        0x115F, 0x1160, 0x3164, 0xFFA0,                # Hangul fillers (render blank)
        *range(0xE0100, 0xE01F0),                      # variation selectors supplement
    ))


#: Removed unless between two non-ASCII letters.
JOINERS: frozenset[int] = frozenset((0x200C, 0x200D))

#: ``INVISIBLE`` (always removed: :func:`_invisible`) and its ``str.translate`` table are built on
#: first use: ASCII text (most of what a hook prints) never needs them.
_TABLE: dict | None = None
_JOINER_CHARS = "\u200c\u200d"


def __getattr__(name: str):
    if name == "INVISIBLE":
        return frozenset(_table())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _table() -> dict:
    global _TABLE
    if _TABLE is None:
        _TABLE = dict.fromkeys(_invisible())
    return _TABLE


def _keeps_joiner(text: str, i: int) -> bool:
    if i == 0 or i + 1 >= len(text):
        return False
    before, after = text[i - 1], text[i + 1]
    return _letter(before) and _letter(after)


def _letter(c: str) -> bool:
    """A non-ASCII letter or combining mark (a virama before a joiner, as in Devanagari)."""
    if c.isascii():
        return False
    if c.isalpha():
        return True
    import unicodedata

    return unicodedata.category(c)[0] == "M"


def strip_invisible(text: str) -> str:
    """``text`` without the invisible characters above (the same object when there are none)."""
    if text.isascii():
        return text
    out = text.translate(_TABLE if _TABLE is not None else _table())
    if "\u200c" in out or "\u200d" in out:
        out = "".join(c for i, c in enumerate(out) if c not in _JOINER_CHARS or _keeps_joiner(out, i))
    return out if out != text else text


def count_invisible(text: str) -> int:
    """How many characters :func:`strip_invisible` removes from ``text``."""
    return len(text) - len(strip_invisible(text))


def strip_tree(value, path: str = ""):
    """(cleaned copy of a JSON value, [(dotted path, characters removed)]) -- keys and strings alike.

    Recursive: callers pass documents already bounded in depth (:mod:`claude_memory.core.jsonio`).
    """
    found: list[tuple[str, int]] = []

    def clean(v, where: str):
        if isinstance(v, str):
            s = strip_invisible(v)
            if s is not v:
                found.append((where or "(document)", len(v) - len(s)))
            return s
        if isinstance(v, dict):
            out = {}
            for k, item in v.items():
                key = strip_invisible(k) if isinstance(k, str) else k
                sub = f"{where}.{key}" if where else str(key)
                if key is not k:
                    found.append((sub, len(k) - len(key)))
                out[key] = clean(item, sub)
            return out
        if isinstance(v, list):
            return [clean(item, f"{where}.{i}" if where else str(i)) for i, item in enumerate(v)]
        return v

    return clean(value, path), found
