"""Transcript events for the triage tests, written the short way: ``U`` a typed prompt, ``A`` the
assistant's reply, ``R`` a tool's output, ``T`` a tool call; ``fired`` the categories that pass."""

from __future__ import annotations

import json

from claude_memory.triage.scoring import score_text_categories
from claude_memory.triage.transcript import ASSISTANT_TEXT, TOOL_RESULT, TOOL_USE, USER_TEXT, Event

#: the score at which a category counts as found in these tests
THRESHOLD = 0.5


def jsonl(records: list[dict]) -> bytes:
    """Transcript lines as Claude Code writes them: one JSON object per line."""
    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


def U(text: str) -> Event:
    return Event(USER_TEXT, text, spoken=True, prompt=True)


def A(text: str, **kw) -> Event:
    return Event(ASSISTANT_TEXT, text, spoken=True, **kw)


def R(text: str) -> Event:
    return Event(TOOL_RESULT, text)


def T(name: str, text: str) -> Event:
    return Event(TOOL_USE, text, tool=name)


def fired(events: list[Event], **kw) -> set[str]:
    return {c for c, s in score_text_categories(events, **kw).items() if s.score >= THRESHOLD}
