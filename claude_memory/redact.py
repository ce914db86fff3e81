"""Secret detection and redaction before anything is persisted.

STUB: the reliability issue fills this in. Interface (stable):

    redact_text(text) -> (redacted_text, findings)
    redact_record(doc) -> (redacted_doc, findings)   # walks every string field

A finding is ``{"field": "<dotted path or ''>", "kind": "<secret kind>"}``; it never
contains the secret itself.
"""

from __future__ import annotations

__all__ = ["redact_text", "redact_record"]


def redact_text(text: str) -> tuple[str, list[dict]]:
    return text, []


def redact_record(doc):
    return doc, []
