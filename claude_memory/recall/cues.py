"""Wording that asks for one kind of memory ("why did we" -> decision), matched without ``re``.

``rank`` multiplies the scores of memories of an asked-for category by a small boost (never
a filter). Each cue is a phrase: words separated by single spaces, matched case-insensitively
and as whole words (a word is a run of letters, digits and ``_``, as ``\\b`` sees it). A slot
may list alternatives (``did|do``); an alternative ending in ``*`` matches any word starting
with it (``decid*``); ``[word]`` is one optional word of any spelling; ``...`` is anything on
the same line. Matching is a few ``str.find`` calls per cue, so no regular expression (and
its ~6 ms of start-up) is needed on the prompt's path.
"""

__all__ = ["CATEGORY_CUES", "categories_asked"]

#: (category, phrases): a prompt matching any phrase asks for that category.
CATEGORY_CUES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("decision", (
        "why did|do|are|is|was|were we|our", "what did we decide|choose|pick", "what did we go with",
        "which [word] should|do we", "or ... for the|our|a", "decid*", "chose", "choice",
    )),
    ("runbook", (
        "how do|can|should i|we fix|debug|recover|resolve|restart|rerun|re-run|replay|rotate|handle",
        "error", "fail|fails|failed|failing", "broken", "stuck", "crash*", "down", "keep|keeps", "again",
    )),
    ("preference", (
        "convention*", "how should i|we", "style", "prefer*", "naming", "what do i|we call|name", "format*",
    )),
    ("constraint", (
        "limit|limits", "can i|we", "allowed", "max|maximum", "quota*", "policy*", "must|mustn't", "forbid*", "rule",
    )),
    ("session_summary", (
        "where did we|i leave", "last time|session|week", "left off|over", "left to do", "still left", "status of",
        "where are|were we", "progress",
    )),
    ("tech_debt", (
        "todo", "cleanup", "clean up", "debt", "refactor*", "legacy", "hack", "workaround*",
    )),
)

#: Non-ASCII characters that match an ASCII letter when case is ignored (as ``re.IGNORECASE`` has it).
_LETTER_LIKE = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}
_PHRASES: tuple | None = None


def _fold(text: str) -> str:
    """``text`` lower-cased with one ASCII character per character: other word characters
    become ``0`` (still word characters), everything else ``#`` (still not)."""
    if not text.isascii():
        text = "".join(c if c < "\x80" else _LETTER_LIKE.get(c) or ("0" if c.isalnum() else "#") for c in text)
    return text.lower()


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _starts_word(text: str, at: int) -> bool:
    return at == 0 or not _is_word(text[at - 1])


def _ends_word(text: str, at: int) -> bool:
    return at == len(text) or not _is_word(text[at])


def _match(text: str, slots: tuple, k: int, at: int) -> bool:
    """Whether ``slots[k:]`` match ``text`` from ``at`` (where slot ``k`` starts)."""
    slot = slots[k]
    last = k == len(slots) - 1
    if slot == "[word]":
        end = at
        while end < len(text) and _is_word(text[end]):
            end += 1
        if end > at and text.startswith(" ", end) and _match(text, slots, k + 1, end + 1):
            return True
        return _match(text, slots, k + 1, at)
    for alt in slot:
        prefix = alt.endswith("*")
        word = alt[:-1] if prefix else alt
        if not text.startswith(word, at):
            continue
        end = at + len(word)
        if last:
            if prefix or _ends_word(text, end):
                return True
        elif slots[k + 1] == "...":
            if _ends_word(text, end) and _later_on_line(text, slots, k + 2, end):
                return True
        elif text.startswith(" ", end) and _match(text, slots, k + 1, end + 1):
            return True
    return False


def _later_on_line(text: str, slots: tuple, k: int, start: int) -> bool:
    """Whether ``slots[k:]`` match at a word start from ``start`` on, before the next line break."""
    stop = text.find("\n", start)
    stop = len(text) if stop < 0 else stop
    for alt in slots[k]:
        word = alt.rstrip("*")
        at = text.find(word, start, stop)
        while at >= 0:
            if _starts_word(text, at) and _match(text, slots, k, at):
                return True
            at = text.find(word, at + 1, stop)
    return False


def _phrases() -> tuple:
    global _PHRASES
    if _PHRASES is None:
        _PHRASES = tuple(
            (category, tuple(tuple(s if s in ("[word]", "...") else tuple(s.split("|")) for s in phrase.split(" "))
                             for phrase in phrases))
            for category, phrases in CATEGORY_CUES)
    return _PHRASES


def categories_asked(prompt: str) -> set[str]:
    """Categories the prompt's wording asks for (``CATEGORY_CUES``)."""
    text = _fold(prompt)
    asked = set()
    for category, phrases in _phrases():
        for slots in phrases:
            if _occurs(text, slots):
                asked.add(category)
                break
    return asked


def _occurs(text: str, slots: tuple) -> bool:
    """Whether the phrase ``slots`` occurs anywhere in ``text`` (starting at a word start)."""
    for alt in slots[0]:
        word = alt.rstrip("*")
        at = text.find(word)
        while at >= 0:
            if _starts_word(text, at) and _match(text, slots, 0, at):
                return True
            at = text.find(word, at + 1)
    return False
