"""Read only the new tail of a Claude Code transcript (JSONL) and yield typed events.

A transcript grows by whole lines (``json + "\\n"``) while Claude Code writes it
asynchronously, so the reader:

- seeks to a byte offset and never reads what came before it;
- reads at most ``max_bytes``: when more is new (first triage of a huge
  transcript), only the last ``max_bytes`` are read, starting at the first
  complete line inside that window, and :attr:`Tail.bounded` says so;
- stops before an incomplete last line (no trailing newline) and reports the
  offset of its first byte, so the next run reads it once it is complete;
- skips binary garbage, non-object JSON and unknown line types without a word;
- caps every line at ``max_line_bytes``: a bigger line is not parsed, only its
  head is searched for a tool name so activity counts stay right.

Events carry a ``spoken`` flag: True for words said by the user (a typed prompt)
or by the assistant (its text and thinking), False for file contents, command
output, tool input, injected/meta lines and compaction summaries. Scoring weighs
them differently; a TODO inside a file that was read is not something anyone said.

On the Stop hook's path: JSON goes through :mod:`claude_memory.hooks.edge`'s
C-accelerated ``loads``/``dumps`` (no ``json``), and ``re`` is imported only for a
line too big to parse.
"""

from __future__ import annotations

import os

from claude_memory.core.layout import MEMORY_PARTS, STAGING_DIRNAME
from claude_memory.core.fastjson import dumps, loads
from claude_memory.core.privacy import strip_private

__all__ = [
    "USER_TEXT",
    "ASSISTANT_TEXT",
    "THINKING",
    "TOOL_USE",
    "TOOL_RESULT",
    "EDIT_TOOLS",
    "Event",
    "Tail",
    "read_tail",
    "parse_lines",
    "events_from_record",
    "is_plugin_activity",
    "drop_save_flow",
    "MAX_LINE_BYTES",
    "MAX_TAIL_BYTES",
]

USER_TEXT = "user_text"
ASSISTANT_TEXT = "assistant_text"
THINKING = "thinking"
TOOL_USE = "tool_use"
TOOL_RESULT = "tool_result"

#: Tools whose input is content the assistant writes (scored a little above other tool input).
EDIT_TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})

#: Lines larger than this are not parsed as JSON. Such lines are tool output or
#: written files (a Read of a big file is stored twice on its line); their head is
#: searched for a tool name so activity counts stay right, and their text, which
#: would weigh almost nothing in scoring, is not read.
MAX_LINE_BYTES = 64_000
#: The most a single triage reads. On the first triage of a 50 MB transcript with
#: no cursor only the last 8 MB are scored: the Stop hook must stay cheap, and
#: what a session said long before that was triaged at the stops that followed it
#: when it happened (the cursor only loses that history when it is missing).
MAX_TAIL_BYTES = 8_000_000
#: Per-event text caps (speech is short; tool output is weighed low anyway).
_MAX_SPOKEN_CHARS = 20_000
_MAX_TOOL_CHARS = 6_000
_HEAD_BYTES = 8_192

#: Searched with ``re.search`` (compiled on first use: only lines over ``max_line_bytes`` need it).
_TOOL_NAME_IN_HEAD = rb'"type"\s*:\s*"tool_use"\s*,\s*"id"\s*:\s*"[^"]*"\s*,\s*"name"\s*:\s*"([A-Za-z0-9_.:-]{1,80})"'
_PLUGIN_MARKERS = ("memory_write.py", "memory_candidate.py", "memory_index.py",
                   "/".join((*MEMORY_PARTS, STAGING_DIRNAME)))
_SAVE_FLOW_MARKER = "memory-management"


class Event:
    """One thing that happened in the transcript.

    ``kind``: USER_TEXT, ASSISTANT_TEXT, THINKING, TOOL_USE or TOOL_RESULT.
    ``spoken``: said by the user or the assistant (vs. file contents, command output, tool input).
    ``prompt``: a prompt the user typed (starts an exchange).
    ``tool``: the tool's name for TOOL_USE (and, when known, for TOOL_RESULT).
    ``sidechain``: subagent traffic. ``meta``: injected or generated, not typed.
    ``error``: a tool result flagged ``is_error``.
    """

    __slots__ = ("kind", "text", "spoken", "prompt", "tool", "sidechain", "meta", "error")

    def __init__(self, kind: str, text: str, *, spoken: bool = False, prompt: bool = False, tool: str = "",
                 sidechain: bool = False, meta: bool = False, error: bool = False) -> None:
        self.kind = kind
        self.text = strip_private(text)  # <private>...</private> is never scored, shown or kept
        self.spoken = spoken
        self.prompt = prompt
        self.tool = tool
        self.sidechain = sidechain
        self.meta = meta
        self.error = error

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        flags = "".join(f for f, on in (("S", self.spoken), ("P", self.prompt), ("C", self.sidechain),
                                        ("M", self.meta), ("E", self.error)) if on)
        return f"Event({self.kind}{'/' + self.tool if self.tool else ''} [{flags}] {self.text[:40]!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and all(getattr(self, s) == getattr(other, s) for s in self.__slots__)


class Tail:
    """What :func:`read_tail` found: the events, where to resume, and what the file was."""

    __slots__ = ("events", "start", "end", "size", "inode", "bounded", "bad_lines", "huge_lines")

    def __init__(self, events: list[Event], start: int, end: int, size: int, inode: int, *, bounded: bool = False,
                 bad_lines: int = 0, huge_lines: int = 0) -> None:
        self.events = events
        self.start = start        # first byte parsed
        self.end = end            # resume here next time (never past an incomplete line)
        self.size = size          # file size when read
        self.inode = inode
        self.bounded = bounded    # True when older bytes were skipped to respect max_bytes
        self.bad_lines = bad_lines
        self.huge_lines = huge_lines


def read_tail(path: str | os.PathLike, offset: int = 0, *, max_bytes: int = MAX_TAIL_BYTES,
              max_line_bytes: int = MAX_LINE_BYTES) -> Tail:
    """Events from the complete lines after byte ``offset`` of ``path``.

    Raises ``OSError`` when the file cannot be opened (the caller fails open).
    An ``offset`` beyond the end of the file is treated as 0 (the file was rewritten).
    """
    with open(path, "rb") as fh:
        st = os.fstat(fh.fileno())
        size = st.st_size
        if offset < 0 or offset > size:
            offset = 0
        start = offset
        bounded = False
        if size - start > max_bytes:
            start = size - max_bytes
            bounded = True
        fh.seek(start)
        data = fh.read(size - start)
    if bounded:
        # Resume at the first line that starts inside the window.
        nl = data.find(b"\n")
        skip = len(data) if nl < 0 else nl + 1
        data = data[skip:]
        start += skip
    last_nl = data.rfind(b"\n")
    complete = data[: last_nl + 1] if last_nl >= 0 else b""
    events, bad, huge = parse_lines(complete, max_line_bytes=max_line_bytes)
    return Tail(events, start, start + len(complete), size, st.st_ino, bounded=bounded, bad_lines=bad, huge_lines=huge)


def parse_lines(data: bytes, *, max_line_bytes: int = MAX_LINE_BYTES) -> tuple[list[Event], int, int]:
    """Events from newline-separated JSONL bytes; returns (events, bad lines, huge lines)."""
    events: list[Event] = []
    bad = huge = 0
    for raw in data.split(b"\n"):
        if not raw.strip():
            continue
        if len(raw) > max_line_bytes:
            huge += 1
            events.extend(_salvage_huge_line(raw[:_HEAD_BYTES]))
            continue
        try:
            record = loads(raw.decode("utf-8", errors="replace"))
        except ValueError:
            bad += 1
            continue
        if not isinstance(record, dict):
            bad += 1
            continue
        events.extend(events_from_record(record))
    return events, bad, huge


def _salvage_huge_line(head: bytes) -> list[Event]:
    """A line too big to parse still counts as activity when it is a tool call."""
    import re

    compact = head.replace(b" ", b"")
    side = b'"isSidechain":true' in compact
    match = re.search(_TOOL_NAME_IN_HEAD, head)
    if match and b'"type":"assistant"' in compact:
        return [Event(TOOL_USE, "", tool=match.group(1).decode("ascii", "replace"), sidechain=side)]
    if b'"type":"tool_result"' in compact:
        return [Event(TOOL_RESULT, "", sidechain=side)]
    return []


def events_from_record(record: dict) -> list[Event]:
    """The events of one transcript line (``[]`` for line types that carry none)."""
    kind = record.get("type")
    if kind not in ("user", "assistant"):
        return []
    message = record.get("message")
    if not isinstance(message, dict):
        return []
    content = message.get("content")
    side = record.get("isSidechain") is True
    meta = record.get("isMeta") is True or record.get("isCompactSummary") is True \
        or record.get("isVisibleInTranscriptOnly") is True
    if kind == "user":
        return _user_events(content, side, meta)
    return _assistant_events(content, side)


def _typed_blocks(content) -> list[tuple[object, dict]]:
    """``(type, block)`` for each object block of a message's list content (``[]`` for anything else)."""
    if not isinstance(content, list):
        return []
    return [(block.get("type"), block) for block in content if isinstance(block, dict)]


def _user_events(content, side: bool, meta: bool) -> list[Event]:
    if isinstance(content, str):
        return [_user_text(content, side, meta)]
    out: list[Event] = []
    for btype, block in _typed_blocks(content):
        if btype == "text" and isinstance(block.get("text"), str):
            out.append(_user_text(block["text"], side, meta))
        elif btype == "tool_result":
            text = _result_text(block.get("content"))
            out.append(Event(TOOL_RESULT, text[:_MAX_TOOL_CHARS], sidechain=side, error=block.get("is_error") is True))
    return out


def _user_text(text: str, side: bool, meta: bool) -> Event:
    stripped = text.lstrip()
    generated = meta or stripped.startswith(("<command-", "<local-command-", "Caveat:", "Stop hook feedback:",
                                             "This session is being continued"))
    typed = not generated and not side
    return Event(USER_TEXT, text[:_MAX_SPOKEN_CHARS], spoken=not generated, prompt=typed, sidechain=side,
                 meta=generated)


def _assistant_events(content, side: bool) -> list[Event]:
    if isinstance(content, str):
        return [Event(ASSISTANT_TEXT, content[:_MAX_SPOKEN_CHARS], spoken=True, sidechain=side)]
    out: list[Event] = []
    for btype, block in _typed_blocks(content):
        if btype == "text" and isinstance(block.get("text"), str):
            out.append(Event(ASSISTANT_TEXT, block["text"][:_MAX_SPOKEN_CHARS], spoken=True, sidechain=side))
        elif btype == "thinking" and isinstance(block.get("thinking"), str) and block["thinking"].strip():
            out.append(Event(THINKING, block["thinking"][:_MAX_SPOKEN_CHARS], spoken=True, sidechain=side))
        elif btype == "tool_use":
            name = block.get("name") if isinstance(block.get("name"), str) else "?"
            out.append(Event(TOOL_USE, summarize_input(name, block.get("input"))[:_MAX_TOOL_CHARS],
                             tool=name, sidechain=side))
    return out


def _result_text(content) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str)]
        return "\n".join(parts)
    return ""


def summarize_input(name: str, tool_input) -> str:
    """A short text of what a tool call did: the command, the path and the new content."""
    if not isinstance(tool_input, dict):
        return ""
    if name == "Bash":
        return f"{tool_input.get('description') or ''}\n$ {tool_input.get('command') or ''}".strip()
    if name in EDIT_TOOLS:
        path = tool_input.get("file_path") or tool_input.get("notebook_path") or ""
        new = tool_input.get("content") or tool_input.get("new_string") or tool_input.get("new_source") or ""
        if not new and isinstance(tool_input.get("edits"), list):
            new = "\n".join(e.get("new_string", "") for e in tool_input["edits"] if isinstance(e, dict))
        return f"{path}\n{new if isinstance(new, str) else ''}"
    try:
        return dumps(tool_input, ensure_ascii=False)[:2_000]
    except (TypeError, ValueError):
        return ""


def is_plugin_activity(event: Event) -> bool:
    """True for this plugin's own save flow (its scripts, its staging files, its Stop feedback)."""
    if event.kind == TOOL_USE:
        return any(m in event.text for m in _PLUGIN_MARKERS)
    if event.kind == USER_TEXT and event.meta:
        return event.text.lstrip().startswith("Stop hook feedback:") and _SAVE_FLOW_MARKER in event.text
    return False


def drop_save_flow(events: list[Event], in_flow: bool = False) -> tuple[list[Event], bool]:
    """Remove this plugin's own save flow from ``events``.

    After a Stop block whose feedback names the memory skill, everything up to the
    next typed prompt is Claude saving memories: scoring it would trigger again on
    the memories' own words (a save loop). ``in_flow`` carries the state across
    triage runs; the second value returned is the state after ``events``.
    """
    kept: list[Event] = []
    for event in events:
        if event.prompt:
            in_flow = False
        if is_plugin_activity(event):
            in_flow = in_flow or event.kind == USER_TEXT
            continue
        if not in_flow:
            kept.append(event)
    return kept, in_flow
