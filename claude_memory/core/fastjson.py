"""JSON for the hot paths without importing ``json`` (which pulls in ``re`` and ``enum``).

:func:`loads` and :func:`dumps` use the C scanner and encoder that ``json`` itself uses, and fall
back to ``json`` only for what they do not handle (odd input, an error message to word). Every
module on a hook's path parses and writes JSON through these two.

A hook's payload (a few hundred characters for a Read or a prompt, compact) is first read by a
small parser written here (:func:`fast_loads`, :func:`_simple_loads`): loading the C scanner's shared library costs a file
tool call about 0.2 ms, more than parsing such a payload in Python. It accepts only the plain
subset (no ``\\u`` escape, no ``NaN``, few escapes) and hands everything else, and every doubt,
to the C scanner, so whatever it returns is what ``json.loads`` returns (property-tested).
"""

__all__ = ["loads", "dumps", "fast_loads"]

_JSON_SPACE = " \t\n\r"


class _ScanContext:
    """What ``_json.make_scanner`` reads from a decoder: json.loads' defaults."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    memo: dict = {}

    @staticmethod
    def parse_constant(name: str) -> float:
        return {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}[name]


#: Text the small parser tries: at most this long, with at most :data:`_SIMPLE_MAX_ESCAPES` backslashes
#: (each escape is a step in Python; a file's content with hundreds of lines goes to the C scanner).
_SIMPLE_MAX_CHARS = 65_536
_SIMPLE_MAX_ESCAPES = 64
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class _NotSimple(Exception):
    """Not in the small parser's subset (or not JSON): the C scanner decides."""


def _skip(s: str, i: int) -> int:
    n = len(s)
    while i < n and s[i] in _JSON_SPACE:
        i += 1
    return i


def _string(s: str, i: int):
    """The string whose content starts at ``i`` and the index after its closing quote."""
    parts = []
    while True:
        quote = s.find('"', i)
        if quote < 0:
            raise _NotSimple
        slash = s.find("\\", i, quote)
        end = quote if slash < 0 else slash
        chunk = s[i:end]
        if chunk and min(chunk) < " ":  # a raw control character: not JSON (strict)
            raise _NotSimple
        parts.append(chunk)
        if slash < 0:
            return "".join(parts), quote + 1
        escaped = _ESCAPES.get(s[slash + 1:slash + 2])
        if escaped is None:  # \\u (surrogate pairs and all) and anything invalid
            raise _NotSimple
        parts.append(escaped)
        i = slash + 2


def _digits(s: str, j: int, n: int) -> int:
    """The end of the run of one or more ASCII digits at ``j`` (none: not a number)."""
    k = j
    while j < n and "0" <= s[j] <= "9":
        j += 1
    if j == k:
        raise _NotSimple
    return j


def _number(s: str, i: int):
    """A JSON number (``-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?``) at ``i``, as json reads it."""
    n, j = len(s), i
    if s[j:j + 1] == "-":
        j += 1
    c = s[j:j + 1]
    if c == "0":
        j += 1
    elif "1" <= c <= "9":
        j += 1
        while j < n and "0" <= s[j] <= "9":
            j += 1
    else:
        raise _NotSimple
    is_float = False
    if s[j:j + 1] == ".":
        j, is_float = _digits(s, j + 1, n), True
    if s[j:j + 1] in ("e", "E"):
        j += 1
        if s[j:j + 1] in ("+", "-"):
            j += 1
        j, is_float = _digits(s, j, n), True
    token = s[i:j]
    return (float(token) if is_float else int(token)), j


def _next_member(s: str, i: int, close: str):
    """After a member of an object or array: ``(True, past close)`` at its end, else ``(False, the next member)``."""
    i = _skip(s, i)
    c = s[i:i + 1]
    if c == close:
        return True, i + 1
    if c != ",":
        raise _NotSimple
    return False, _skip(s, i + 1)


def _value(s: str, i: int):
    c = s[i:i + 1]
    if c == '"':
        return _string(s, i + 1)
    if c == "{":
        out: dict = {}
        i = _skip(s, i + 1)
        if s[i:i + 1] == "}":
            return out, i + 1
        while True:
            if s[i:i + 1] != '"':
                raise _NotSimple
            key, i = _string(s, i + 1)
            i = _skip(s, i)
            if s[i:i + 1] != ":":
                raise _NotSimple
            out[key], i = _value(s, _skip(s, i + 1))
            done, i = _next_member(s, i, "}")
            if done:
                return out, i
    if c == "[":
        items: list = []
        i = _skip(s, i + 1)
        if s[i:i + 1] == "]":
            return items, i + 1
        while True:
            value, i = _value(s, i)
            items.append(value)
            done, i = _next_member(s, i, "]")
            if done:
                return items, i
    if c == "t" and s.startswith("true", i):
        return True, i + 4
    if c == "f" and s.startswith("false", i):
        return False, i + 5
    if c == "n" and s.startswith("null", i):
        return None, i + 4
    if c == "-" or "0" <= c <= "9":
        return _number(s, i)
    raise _NotSimple


def _simple_loads(text: str):
    """``json.loads(text)`` for short, plain JSON in pure Python; :class:`_NotSimple` for anything else."""
    if len(text) > _SIMPLE_MAX_CHARS or text.count("\\") > _SIMPLE_MAX_ESCAPES:
        raise _NotSimple
    try:
        value, end = _value(text, _skip(text, 0))
    except RecursionError:
        raise _NotSimple from None
    if _skip(text, end) != len(text):
        raise _NotSimple
    return value


def fast_loads(text: str):
    """``json.loads(text)`` for a hook's payload: the small parser, else the C scanner; raises on
    anything that is not well-formed JSON."""
    try:
        return _simple_loads(text)
    except _NotSimple:
        return _scan(text)


def _scan(text: str):
    """``json.loads(text)`` for well-formed text via the C scanner; raises on anything else."""
    from _json import make_scanner

    start = len(text) - len(text.lstrip(_JSON_SPACE))
    value, end = make_scanner(_ScanContext)(text, start)
    if text[end:].strip(_JSON_SPACE):
        raise ValueError("extra data")
    return value


def loads(text: str):
    """``json.loads(text)``: the C scanner for well-formed text (files: indented, many tokens, where
    the small parser would be slower), ``json`` itself for anything else (so odd input parses, or
    fails with json's own ``ValueError``, exactly as before)."""
    try:
        return _scan(text)
    except Exception:  # noqa: BLE001 - let json parse it or word the error
        import json

        return json.loads(text)


def dumps(obj, *, ensure_ascii: bool = True, separators: tuple[str, str] = (", ", ": ")) -> str:
    """``json.dumps(obj, ensure_ascii=..., separators=...)`` via json's C encoder, without importing ``json``.

    Anything the C encoder refuses (an object json cannot serialise, a cycle, an
    interpreter without ``_json``) is handed to ``json.dumps``, which gives json's own
    answer or error.
    """
    try:
        import _json

        strings = _json.encode_basestring_ascii if ensure_ascii else _json.encode_basestring
        if isinstance(obj, str):
            return strings(obj)
        encode = _json.make_encoder({}, _refuse, strings, None, separators[1], separators[0], False, False, True)
        return "".join(encode(obj, 0))
    except Exception:  # noqa: BLE001 - json decides (and words the error)
        import json

        return json.dumps(obj, ensure_ascii=ensure_ascii, separators=separators)


def _refuse(obj):
    raise TypeError(f"Object of type {type(obj).__name__} is not JSON serializable")
