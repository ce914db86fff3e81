"""Redact a file in the private staging place in place (drafts and notes Claude writes there).

Standard library only (the PostToolUse hook calls it). A JSON object or array is redacted
value by value and key by key (:func:`claude_memory.core.redact.redact_record`, keeping it valid
JSON); any other text as text. The file is rewritten (atomically, mode 0600) only when a secret
was found; a file that cannot be read as UTF-8, or is larger than ``MAX_BYTES``, is left alone.
"""

from __future__ import annotations

import json
import os

__all__ = ["MAX_BYTES", "redact_file"]

MAX_BYTES = 1_000_000


def redact_file(path: str | os.PathLike) -> list[str]:
    """Redact ``path`` in place; returns the kinds of the secrets removed (empty: unchanged)."""
    from claude_memory.core.atomic import atomic_write_text
    from claude_memory.core.redact import redact_record, redact_text

    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    if len(data) > MAX_BYTES:
        return []
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        doc = None
    if isinstance(doc, (dict, list)):
        redacted, findings = redact_record(doc)
        new_text = json.dumps(redacted, ensure_ascii=False, indent=2) + "\n" if findings else text
    else:
        new_text, findings = redact_text(text)
    if not findings:
        return []
    atomic_write_text(path, new_text, mode=0o600)
    return [f["kind"] for f in findings]
