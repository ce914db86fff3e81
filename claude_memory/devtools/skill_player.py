"""Scripted models that behave like Claude following this plugin's instructions.

:class:`Conversation` turns a generator into a model script: the generator
yields replies and receives the next request body. :func:`follow_capture` plays
what claude-memory asks for at the prompt after a turn worth remembering: one
Agent call to the plugin's memory-saver subagent, and the subagent itself (read
the pending capture, save every draft in one ``memory_write.py --batch -`` call
with the drafts in a quoted here-document, send an update when a draft is about
an existing memory), all through the real tools.
"""

from __future__ import annotations

import json
import re
from typing import Callable, Generator

from claude_memory.devtools.model_server import Reply, last_user_text, text, tool, tool_results

__all__ = ["Conversation", "strip_line_numbers", "capture_request", "follow_capture", "is_subagent_request",
           "batch_command", "Saved"]

Flow = Generator[Reply, dict, object]


class Conversation:
    """A model script driven by a generator: ``gen = flow(first_body)``; each later body is sent in."""

    def __init__(self, flow: Callable[[dict], Flow], fallback: str = "Done."):
        self._flow = flow
        self._gen: Flow | None = None
        self._fallback = fallback
        self.finished = False
        self.result: object = None

    def __call__(self, body: dict) -> Reply:
        if self.finished:
            return text(self._fallback)
        try:
            if self._gen is None:
                self._gen = self._flow(body)
                return next(self._gen)
            return self._gen.send(body)
        except StopIteration as stop:
            self.finished = True
            self.result = stop.value
            return text(self._fallback)


def strip_line_numbers(read_output: str) -> str:
    """The Read tool shows ``cat -n`` style lines; give back the file text."""
    lines = []
    for line in read_output.splitlines():
        match = re.match(r"^\s*\d+[\t\u2192](.*)$", line)
        if match:
            lines.append(match.group(1))
    return "\n".join(lines)


def _result_text(body: dict) -> tuple[str, bool]:
    results = tool_results(body)
    if not results:
        return last_user_text(body), False
    return results[-1]["text"], results[-1]["is_error"]


class Saved(list):
    """What the flow did: one batch result (``status``, ``category``, ``path``...) per memory entry."""


SAVER_CALL_RE = re.compile(r'^\{"subagent_type": "claude-memory:memory-saver".*\}$', re.MULTILINE)
_SAVER_PROMPT_RE = re.compile(r"described in (?P<pending>\S+) \(memory root (?P<root>[^;]+); writer (?P<writer>\S+)\)")


def capture_request(body: dict) -> dict | None:
    """The Agent call claude-memory's prompt context asks for in this turn (the last user message;
    a resumed conversation's history holds earlier turns' requests), or None."""
    match = SAVER_CALL_RE.search(last_user_text(body))
    return json.loads(match.group(0)) if match else None


def is_subagent_request(body: dict) -> bool:
    """The CLI marks a subagent's requests in the system prompt's billing header."""
    from claude_memory.devtools.model_server import system_text

    return "cc_is_subagent=true" in system_text(body)


def batch_command(writer: str, root: str, doc: dict) -> str:
    """The one writer call the guard approves: drafts in a quoted here-document, nothing else."""
    return (f'python3 "{writer}" --root "{root}" --batch - <<\'MEMORY_BATCH\'\n'
            f"{json.dumps(doc, ensure_ascii=False)}\nMEMORY_BATCH")


def _batch_results(out: str) -> list[dict]:
    try:
        return json.loads(out[out.index("{"):]).get("results", [])
    except (ValueError, AttributeError):
        return [{"status": "error", "message": out}]


def follow_capture(call: dict, *, drafts: dict[str, dict], update: Callable[[dict], dict] | None = None,
                   reply: str = "Saved.") -> Flow:
    """Play one capture: the main conversation's Agent call, then the saver subagent.

    Yields tool calls; returns ``(Saved, body)`` where ``body`` is the main conversation's next
    request (holding the Agent result), so the caller goes on to answer the user."""
    saved = Saved()
    body = yield tool("Agent", call)
    match = _SAVER_PROMPT_RE.search(last_user_text(body))
    if not match:
        raise AssertionError("the saver subagent's prompt does not name the pending capture: "
                             + last_user_text(body)[-500:])
    pending_path, root, writer = match.group("pending"), match.group("root"), match.group("writer")
    body = yield tool("Read", {"file_path": pending_path})
    read_text, is_error = _result_text(body)
    pending = json.loads(strip_line_numbers(read_text)) if not is_error else {"categories": []}
    memories = []
    for row in pending.get("categories", []):
        category = row["category"]
        if category in drafts:
            memories.append({"action": "save", "category": category, "draft": drafts[category]})
        else:
            memories.append({"action": "noop", "category": category})
    doc = {"pending": pending.get("key"), "memories": memories}
    body = yield tool("Bash", {"command": batch_command(writer, root, doc), "description": "Save project memory"})
    out, is_error = _result_text(body)
    results = _batch_results(out)
    updates = [r for r in results if r.get("status") == "candidate"]
    if updates and update is not None:
        entries = [{"action": "update", "target": r["target"], "hash": r["hash"], "draft": update(r["record"])}
                   for r in updates]
        for row in memories:
            if row["action"] == "noop":
                entries.append(row)
        body = yield tool("Bash", {"command": batch_command(writer, root, {"pending": pending.get("key"),
                                                                         "memories": entries}),
                                   "description": "Update project memory"})
        out, is_error = _result_text(body)
        results = [r for r in results if r.get("status") != "candidate"] + _batch_results(out)
    saved.extend(results)
    body = yield text(reply)
    return saved, body
