"""A scripted stand-in for the Anthropic Messages API, on 127.0.0.1.

Claude Code pointed at it with ``ANTHROPIC_BASE_URL`` runs its whole loop for
real (tools, permission checks, every hook, the transcript) while the "model"
is a Python function of the request. Every request body is recorded so a test
can assert what the model was given.

- ``POST /v1/messages`` answers with a streamed SSE reply (``message_start``,
  ``content_block_start``, ``content_block_delta`` with ``text_delta`` or
  ``input_json_delta``, ``content_block_stop``, ``message_delta`` with the
  stop reason, ``message_stop``), or plain JSON when ``stream`` is false.
- ``POST /v1/messages/count_tokens`` answers ``{"input_tokens": N}``.
- Anything else gets an empty JSON object.

The CLI also makes side requests (title generation, quota checks, small model
calls). A request is *main* when it offers the agent's tools; side requests
get a short generic text reply and never consume the script.
"""

from __future__ import annotations

import json
import threading
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterable

__all__ = [
    "Reply",
    "text",
    "tool",
    "ModelServer",
    "Steps",
    "is_main_request",
    "last_user_blocks",
    "last_user_text",
    "tool_results",
    "all_text",
    "system_text",
]


@dataclass(frozen=True)
class Reply:
    """One model turn: optional text, then zero or more tool calls."""

    text: str = ""
    tool_calls: tuple[tuple[str, dict], ...] = ()

    @property
    def stop_reason(self) -> str:
        return "tool_use" if self.tool_calls else "end_turn"


def text(message: str) -> Reply:
    return Reply(text=message)


def tool(name: str, input: dict, *, say: str = "") -> Reply:
    return Reply(text=say, tool_calls=((name, input),))


# --- reading a request ---------------------------------------------------------

def is_main_request(body: dict) -> bool:
    """The agent loop offers tools; title/quota/side calls do not."""
    return bool(body.get("tools"))


def _blocks(content: Any) -> list[dict]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content or [] if isinstance(b, dict)]


def _block_text(block: dict) -> str:
    if block.get("type") == "text":
        return block.get("text", "")
    if block.get("type") == "tool_result":
        return "\n".join(_block_text(b) for b in _blocks(block.get("content")))
    return ""


def last_user_blocks(body: dict) -> list[dict]:
    """The content blocks of the last user message."""
    for message in reversed(body.get("messages", [])):
        if message.get("role") == "user":
            return _blocks(message.get("content"))
    return []


def last_user_text(body: dict) -> str:
    return "\n".join(_block_text(b) for b in last_user_blocks(body))


def tool_results(body: dict) -> list[dict]:
    """``[{tool_use_id, is_error, text}]`` of the last user message."""
    return [
        {"tool_use_id": b.get("tool_use_id"), "is_error": bool(b.get("is_error")), "text": _block_text(b)}
        for b in last_user_blocks(body) if b.get("type") == "tool_result"
    ]


def system_text(body: dict) -> str:
    return "\n".join(_block_text(b) for b in _blocks(body.get("system")))


def all_text(body: dict) -> str:
    """Every text the model was given: system prompt and all messages."""
    parts = [system_text(body)]
    for message in body.get("messages", []):
        parts.extend(_block_text(b) for b in _blocks(message.get("content")))
    return "\n".join(parts)


# --- scripts ---------------------------------------------------------------------

Script = Callable[[dict], "Reply | str"]


class Steps:
    """A script that plays a list of steps, one per main request.

    Each step is a :class:`Reply`, a string (a text reply) or a callable taking
    the request body and returning one of those. When the list runs out, the
    model says ``fallback``.
    """

    def __init__(self, steps: Iterable[Reply | str | Script], fallback: str = "Done."):
        self._steps = list(steps)
        self._fallback = fallback
        self.played = 0

    def __call__(self, body: dict) -> Reply | str:
        if self.played >= len(self._steps):
            return self._fallback
        step = self._steps[self.played]
        self.played += 1
        return step(body) if callable(step) else step


# --- the wire format ---------------------------------------------------------------

def _usage(input_tokens: int = 10, output_tokens: int = 5) -> dict:
    return {"input_tokens": input_tokens, "output_tokens": output_tokens,
            "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}


def _content(reply: Reply) -> list[dict]:
    blocks: list[dict] = []
    if reply.text:
        blocks.append({"type": "text", "text": reply.text})
    for name, args in reply.tool_calls:
        blocks.append({"type": "tool_use", "id": f"toolu_{uuid.uuid4().hex[:20]}", "name": name, "input": args})
    if not blocks:
        blocks.append({"type": "text", "text": "OK"})
    return blocks


def _message(model: str, reply: Reply) -> dict:
    return {"id": f"msg_{uuid.uuid4().hex[:20]}", "type": "message", "role": "assistant", "model": model,
            "content": _content(reply), "stop_reason": reply.stop_reason, "stop_sequence": None,
            "usage": _usage()}


def sse_events(model: str, reply: Reply) -> Iterable[tuple[str, dict]]:
    """The streamed form of one reply, as (event name, data) pairs."""
    message = _message(model, reply)
    yield "message_start", {"type": "message_start",
                            "message": {**message, "content": [], "stop_reason": None, "usage": _usage(10, 1)}}
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            yield "content_block_start", {"type": "content_block_start", "index": index,
                                          "content_block": {"type": "text", "text": ""}}
            yield "content_block_delta", {"type": "content_block_delta", "index": index,
                                          "delta": {"type": "text_delta", "text": block["text"]}}
        else:
            yield "content_block_start", {"type": "content_block_start", "index": index,
                                          "content_block": {**block, "input": {}}}
            yield "content_block_delta", {"type": "content_block_delta", "index": index,
                                          "delta": {"type": "input_json_delta",
                                                    "partial_json": json.dumps(block["input"])}}
        yield "content_block_stop", {"type": "content_block_stop", "index": index}
    yield "message_delta", {"type": "message_delta",
                            "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                            "usage": {"output_tokens": 5}}
    yield "message_stop", {"type": "message_stop"}


# --- the server ---------------------------------------------------------------------

@dataclass
class Recorded:
    path: str
    body: dict
    main: bool
    reply: Reply | None = None


@dataclass
class ModelServer:
    """Serve ``script`` on a free loopback port in a background thread.

    Use as a context manager; ``url`` is the base URL for ``ANTHROPIC_BASE_URL``.
    ``requests`` holds every request; ``main_requests`` the agent-loop ones.
    A script that raises answers with the exception text, recorded in ``errors``.
    """

    script: Script
    side_reply: str = "OK"
    requests: list[Recorded] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # lifecycle
    def start(self) -> "ModelServer":
        handler = _make_handler(self)
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="model-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> "ModelServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def url(self) -> str:
        assert self._httpd, "server not started"
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    @property
    def main_requests(self) -> list[dict]:
        with self._lock:
            return [r.body for r in self.requests if r.main]

    # answering
    def answer(self, path: str, body: dict) -> Reply:
        main = is_main_request(body)
        record = Recorded(path, body, main)
        with self._lock:
            self.requests.append(record)
            if not main:
                record.reply = Reply(text=self.side_reply)
                return record.reply
            try:
                reply = self.script(body)
            except Exception as exc:  # the script is test code: report, keep serving
                self.errors.append(f"{type(exc).__name__}: {exc}")
                reply = f"script error: {exc}"
            record.reply = Reply(text=reply) if isinstance(reply, str) else reply
            return record.reply


def _make_handler(server: ModelServer):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:  # quiet
            pass

        def _read_json(self) -> dict:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                return json.loads(raw or b"{}")
            except ValueError:
                return {}

        def _send(self, payload: bytes, content_type: str = "application/json", *extra: tuple[str, str]) -> None:
            self.send_response(200)
            for name, value in (("Content-Type", content_type), *extra, ("Content-Length", str(len(payload)))):
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(payload)

        def _send_json(self, data: dict) -> None:
            self._send(json.dumps(data).encode())

        def do_GET(self) -> None:
            self._send_json({})

        def do_HEAD(self) -> None:
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_POST(self) -> None:
            path = self.path.split("?", 1)[0]
            body = self._read_json()
            if path.endswith("/count_tokens"):
                size = len(json.dumps(body))
                self._send_json({"input_tokens": max(1, size // 4)})
                return
            if not path.endswith("/v1/messages"):
                self._send_json({})
                return
            reply = server.answer(path, body)
            model = body.get("model") or "claude-scripted"
            if not body.get("stream"):
                self._send_json(_message(model, reply))
                return
            chunks = b"".join(
                f"event: {name}\ndata: {json.dumps(data)}\n\n".encode() for name, data in sse_events(model, reply)
            )
            self._send(chunks, "text/event-stream", ("Cache-Control", "no-cache"))

    return Handler
