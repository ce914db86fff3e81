"""Memory ids: slugs that are also file names.

:func:`is_valid_slug` is the one test of a slug, also on recall's prompt path (which lists a
changed folder and asks it of every file name there): it imports nothing and costs one C-level
``str.translate`` per name; ``re``, ``unicodedata`` and ``hashlib`` are loaded only by
:func:`slugify` and :func:`text_hash`.
"""

__all__ = ["SLUG_PATTERN", "MAX_SLUG", "HASH_LEN", "is_valid_slug", "slugify", "text_hash", "fallback_id"]

#: The same rule as a pattern (JSON schema, pydantic, tests): ``is_valid_slug`` agrees with its fullmatch.
SLUG_PATTERN = r"^[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?$"
MAX_SLUG = 80
#: Deletes every character a slug may hold: what is left of a name is what it may not hold.
_DROP_SLUG_CHARS = str.maketrans("", "", "abcdefghijklmnopqrstuvwxyz0123456789-")
#: Hex digits of :func:`text_hash` (of its SHA-1): 32 bits, enough to tell one store's titles apart.
HASH_LEN = 8
#: The Latin letters Unicode gives no decomposition (NFKD leaves them whole, so they would vanish
#: from an ASCII slug), spelled in ASCII as they usually are.
_LATIN = str.maketrans({
    "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
    "đ": "d", "Đ": "D", "ł": "l", "Ł": "L", "þ": "th", "Þ": "TH", "ð": "d", "Ð": "D", "ı": "i",
})
#: A slug keeps at least this many letters and digits of a text that had letters it cannot spell
#: (CJK, Cyrillic, ...); with fewer, or with one word standing for a text at least half in such letters,
#: :func:`slugify` adds the text's hash so two such texts do not share an id.
MIN_SPELLED = 3


def is_valid_slug(value: object) -> bool:
    """1-80 of ``[a-z0-9-]``, neither starting nor ending with ``-`` (``SLUG_PATTERN``)."""
    return (isinstance(value, str) and 0 < len(value) <= MAX_SLUG and value[0] != "-" and value[-1] != "-"
            and not value.translate(_DROP_SLUG_CHARS))


def text_hash(text: str) -> str:
    """The first ``HASH_LEN`` hex digits of the SHA-1 of ``text`` (NFC, so the same title typed
    precomposed or decomposed gives the same hash)."""
    import hashlib
    import unicodedata

    return hashlib.sha1(unicodedata.normalize("NFC", text).encode("utf-8")).hexdigest()[:HASH_LEN]


def fallback_id(text: str, word: str) -> str:
    """``<word>-<text_hash(text)>``: the id of a text :func:`slugify` can spell nothing of (a title
    in Japanese only), stable (the same title gives the same id). ``word`` (a category) is
    slugified; "memory" when that leaves nothing."""
    return f"{slugify(word, max_len=MAX_SLUG - HASH_LEN - 1) or 'memory'}-{text_hash(text)}"


def slugify(text: str, *, max_len: int = MAX_SLUG) -> str:
    """Lowercase ASCII words joined by single hyphens, at most ``max_len`` long.

    Accents are dropped (``Ünïcödé`` -> ``unicode``), the Latin letters without a decomposition
    are spelled out (``ß`` -> ``ss``, ``æ`` -> ``ae``, ``ł`` -> ``l``: ``_LATIN``), and every other
    run of characters a slug cannot hold separates words, letters of other scripts included
    (``pytestの設定ファイルはpyproject.tomlに置く`` -> ``pytest-pyproject-toml``). When such letters
    made up the text and what is left is thin (fewer than ``MIN_SPELLED`` letters and digits, or
    one word standing for a text at least half in them), the text's :func:`text_hash` is added
    (``テストはpytestで書く`` -> ``pytest-<8 hex digits>``), so two Japanese titles that both name
    pytest do not get one id; the same text always gives the same slug.

    Returns "" when nothing usable is left (``日本語``, ``!!!``: the caller decides, e.g. with
    :func:`fallback_id`). A text that already is a valid slug (``a--b`` included) is returned
    unchanged, so an id never changes by being slugified again.
    """
    if len(text) <= max_len and is_valid_slug(text):
        return text
    import re
    import unicodedata

    spelled = unicodedata.normalize("NFKD", text).translate(_LATIN)
    if not spelled.isascii():
        spelled = "".join(c for c in spelled if not unicodedata.combining(c))
    # letters and digits of other scripts: they become separators below
    unspelled = 0 if spelled.isascii() else sum(1 for c in spelled if c.isalnum() and not c.isascii())
    slug = re.sub(r"[^a-z0-9]+", "-", spelled.lower()).strip("-")
    if unspelled and slug:
        kept = len(slug) - slug.count("-")
        head = _cut(slug, max_len - HASH_LEN - 1)
        if head and (kept < MIN_SPELLED or ("-" not in slug and unspelled >= kept)):
            return f"{head}-{text_hash(text)}"
    return _cut(slug, max_len)


def _cut(slug: str, max_len: int) -> str:
    """``slug`` within ``max_len``, cut at a word boundary when one is in its second half."""
    if max_len <= 0:
        return ""
    if len(slug) <= max_len:
        return slug
    cut = slug[:max_len]
    # prefer cutting at a word boundary (unless the cut already falls on one)
    if slug[max_len] != "-" and "-" in cut[max_len // 2 :]:
        cut = cut[: cut.rfind("-")]
    return cut.strip("-")
