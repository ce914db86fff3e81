"""JSON for the hot paths without importing ``json`` (which pulls in ``re`` and ``enum``).

:func:`loads` and :func:`dumps` use the C scanner and encoder that ``json`` itself uses, and fall
back to ``json`` only for what they do not handle (odd input, an error message to word). Every
module on a hook's path parses and writes JSON through these two.
"""

from __future__ import annotations

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


def fast_loads(text: str):
    """``json.loads(text)`` for well-formed text via the C scanner; raises on anything else."""
    from _json import make_scanner

    start = len(text) - len(text.lstrip(_JSON_SPACE))
    value, end = make_scanner(_ScanContext)(text, start)
    if text[end:].strip(_JSON_SPACE):
        raise ValueError("extra data")
    return value


def loads(text: str):
    """``json.loads(text)``: the C scanner for well-formed text, ``json`` itself for anything else
    (so odd input parses, or fails with json's own ``ValueError``, exactly as before)."""
    try:
        return fast_loads(text)
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
