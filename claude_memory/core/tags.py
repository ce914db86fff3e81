"""Which characters other than ASCII a tag may hold: the one rule the schema's check
(``store.models``) and recall's rendering of tags (``recall.render.clean_tag``) both apply.

A tag holds letters of any script, combining marks (``ü`` written as ``u`` + U+0308, a Devanagari
vowel sign), digits (``Nd``) and letter-like numerals (``Nl``: 〇, Ⅻ); not other numbers (½, ², ①),
symbols, punctuation or format characters, except a zero-width joiner or non-joiner that
:func:`~claude_memory.core.invisible.strip_invisible` keeps inside a word (Persian, Hindi). Of ASCII,
each caller has its own set (the schema's pattern; what a rendered tag keeps).
"""

__all__ = ["TAG_CATEGORIES", "JOINERS", "is_tag_letter"]

#: Unicode categories a tag's non-ASCII characters may have
TAG_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl"})
#: zero-width non-joiner and joiner: part of a word's spelling where strip_invisible keeps them
JOINERS = "\u200c\u200d"


def is_tag_letter(char: str) -> bool:
    """True when the non-ASCII character ``char`` may stand in a tag (a joiner: where
    ``strip_invisible`` kept it; the caller checks that)."""
    import unicodedata  # only non-ASCII tags get here

    return char in JOINERS or unicodedata.category(char) in TAG_CATEGORIES
