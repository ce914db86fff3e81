"""What a triage decided, as data (pure): the triggered categories with their scores and context files.

``triage_data`` is what the pending capture records (:mod:`claude_memory.triage.pending`);
``triage_data_block`` wraps it for ``memory_triage.py --dry-run``::

    <triage_data>
    {"categories": [{"category": "decision", "score": 0.82, "context_file": "/abs/context-decision.md"}]}
    </triage_data>
"""

from __future__ import annotations

import json

__all__ = ["triage_data", "triage_data_block"]


def triage_data(triggered: list[tuple[str, float, str]]) -> dict:
    """``{"categories": [...]}`` for (category, score, context_file) triples."""
    return {"categories": [{"category": c.lower(), "score": round(float(s), 2), "context_file": str(f)}
                           for c, s, f in triggered]}


def triage_data_block(triggered: list[tuple[str, float, str]]) -> str:
    """``<triage_data>`` + the JSON of :func:`triage_data` + ``</triage_data>``, on three lines."""
    # "<" and ">" as JSON escapes: no path can close the block early (the same JSON when parsed)
    data = json.dumps(triage_data(triggered), ensure_ascii=False)
    return "\n".join(("<triage_data>", data.replace("<", "\\u003c").replace(">", "\\u003e"), "</triage_data>"))
