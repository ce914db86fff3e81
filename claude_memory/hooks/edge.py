"""The single edge for hooks: stdin JSON in, response out, always fail open.

A hook's logic is a pure function ``decide(payload: dict) -> dict | str | None``.
:func:`run_hook` reads stdin, calls it, prints the answer and returns 0 no
matter what happened: a crashing hook must never block the user's session.
Problems are reported on stderr (Claude Code shows them in debug output).
"""

import sys

from claude_memory.core.fastjson import dumps, fast_loads, loads

__all__ = ["run_hook", "read_payload", "reduced_payload", "string_field", "loads", "dumps", "MAX_STDIN_BYTES",
           "MAX_CONTEXT_CHARS",
           "context", "permission", "block", "summarize_answer", "LOG_KEY", "QUIET_EVENTS", "worth_logging"]

#: Hook payloads are small; anything bigger is garbage and is not parsed.
MAX_STDIN_BYTES = 8 * 1024 * 1024

_NOT_PARSED = object()


def _read_raw(stream) -> bytes | str | None:
    """Stdin as read: at most ``MAX_STDIN_BYTES`` + 1 bytes (more means: too large), or None."""
    try:
        return stream.buffer.read(MAX_STDIN_BYTES + 1) if hasattr(stream, "buffer") else stream.read()
    except (OSError, ValueError) as exc:
        _report(f"cannot read stdin: {exc}")
        return None


def _too_large(raw) -> bool:
    return isinstance(raw, bytes) and len(raw) > MAX_STDIN_BYTES


def read_payload(stream=None) -> dict | None:
    """The hook's JSON object from stdin, or None (with a note on stderr) when it is not one."""
    raw = _read_raw(sys.stdin if stream is None else stream)
    if raw is None:
        return None
    if _too_large(raw):
        _report("stdin is larger than 8 MB; ignored")
        return None
    return _parse(raw)


def _parse(raw) -> dict | None:
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", errors="replace")
    if not raw.strip():
        _report("empty stdin; nothing to do")
        return None
    try:
        payload = fast_loads(raw)
    except Exception:  # noqa: BLE001 - anything odd: let json.loads parse it (or word the error)
        payload = _NOT_PARSED
    try:
        if payload is _NOT_PARSED:
            import json

            payload = json.loads(raw)
    except ValueError as exc:
        _report(f"stdin is not JSON ({exc}); nothing to do")
        return None
    if not isinstance(payload, dict):
        _report("stdin JSON is not an object; nothing to do")
        return None
    return payload


# ---- a payload too large to parse ----------------------------------------------------------------

#: The short string fields a payload too large to parse is still read for (:func:`reduced_payload`).
SMALL_FIELDS = ("session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name", "tool_name")
#: The ``tool_input`` fields that name a file tool's path.
PATH_FIELDS = ("file_path", "notebook_path")
#: The longest string value read out of a payload too large to parse.
MAX_FIELD_BYTES = 65_536


def string_field(raw: bytes, key: str) -> str | None:
    """The string value of the first member named ``key`` in ``raw`` (JSON too large to parse), or None.

    A member, not text that looks like one: its name's opening quote follows ``{`` or ``,`` (white space
    between), so a name inside a string (whose quotes are escaped) is never taken; the value must be a
    string of at most ``MAX_FIELD_BYTES``. Bounded work: a few ``bytes.find`` calls per occurrence."""
    needle = b'"' + key.encode() + b'"'
    start = 0
    while True:
        at = raw.find(needle, start)
        if at < 0:
            return None
        start = at + len(needle)
        before = raw[max(0, at - 64):at].rstrip()
        if not before.endswith((b"{", b",")):
            continue
        rest = raw[start:start + 64].lstrip()
        if not rest.startswith(b":"):
            continue
        value_at = start + (len(raw[start:start + 64]) - len(rest)) + 1
        while value_at < len(raw) and raw[value_at] in b" \t\r\n":
            value_at += 1
        if raw[value_at:value_at + 1] != b'"':
            return None  # the member is there, its value is not a string
        end = value_at + 1
        limit = min(len(raw), value_at + 1 + MAX_FIELD_BYTES)
        while end < limit:
            end = raw.find(b'"', end, limit)
            if end < 0:
                return None
            slashes = 0
            while raw[end - 1 - slashes] == 0x5C:  # backslash
                slashes += 1
            if slashes % 2 == 0:
                break
            end += 1
        else:
            return None
        try:
            value = loads(raw[value_at:end + 1].decode("utf-8", errors="replace"))
        except Exception:  # noqa: BLE001
            return None
        return value if isinstance(value, str) else None


def reduced_payload(raw: bytes) -> dict:
    """What a hook can still decide on when its payload is too large to parse: the ``SMALL_FIELDS`` and,
    as ``tool_input``, the ``PATH_FIELDS`` found in it (:func:`string_field`); the rest (a Write's
    content, a command) is left out."""
    out = {}
    for key in SMALL_FIELDS:
        value = string_field(raw, key)
        if value is not None:
            out[key] = value
    out["tool_input"] = {k: v for k in PATH_FIELDS if (v := string_field(raw, k)) is not None}
    return out


def run_hook(name: str, decide, stream=None, *, oversized=None) -> int:
    """Read the payload, run ``decide(payload) -> dict | str | None``, print its answer, log the run. Always
    returns 0. A payload over ``MAX_STDIN_BYTES`` is not parsed: it is ignored, or, with ``oversized``,
    decided by ``oversized(reduced_payload(raw), raw)`` (the guard decides such a call on its path)."""
    import time

    start = time.monotonic()
    payload, answer, error, extra = None, None, None, None
    try:
        raw = _read_raw(sys.stdin if stream is None else stream)
        if raw is None:
            return 0
        if _too_large(raw):
            if oversized is None:
                _report("stdin is larger than 8 MB; ignored")
                return 0
            payload = reduced_payload(raw)
            answer = oversized(payload, raw)
        else:
            payload = _parse(raw)
            if payload is None:
                return 0
            answer = decide(payload)
        if isinstance(answer, dict) and LOG_KEY in answer:
            answer = dict(answer)
            extra = answer.pop(LOG_KEY)
            answer = answer or None
        if answer is not None:
            sys.stdout.write(dumps(answer, ensure_ascii=False) if isinstance(answer, dict) else answer)
            sys.stdout.flush()
    except BaseException as exc:  # noqa: BLE001 - fail open on anything, even SystemExit
        if isinstance(exc, KeyboardInterrupt):
            return 0
        error = type(exc).__name__
        _report(f"{name} failed open: {error}: {exc}")
        import os

        if os.environ.get("CLAUDE_MEMORY_DEBUG"):
            import traceback

            traceback.print_exc()
    finally:
        if payload is not None:
            _log_run(name, payload, answer, error, start, extra)
    return 0


def summarize_answer(answer) -> str:
    """What a hook decided, in one word: none, context, block, allow, deny, ask, message, text."""
    if answer is None:
        return "none"
    if not isinstance(answer, dict):
        return "text"
    if answer.get("decision") == "block":
        return "block"
    specific = answer.get("hookSpecificOutput")
    if isinstance(specific, dict):
        if specific.get("permissionDecision"):
            return str(specific["permissionDecision"])
        if specific.get("additionalContext"):
            return "context"
    if answer.get("systemMessage"):
        return "message"
    return "none"


#: Events fired around every tool call. A run of one of these that said nothing and failed
#: nothing is not logged: such a line (a Read, an ``ls``) tells nothing about why a capture
#: did or did not happen, and at one per tool call it would push the lines that do (Stop,
#: prompts, writes, every deny) out of the bounded log.
QUIET_EVENTS = frozenset({"PreToolUse", "PostToolUse"})


def worth_logging(payload: dict, answer, error, extra=None) -> bool:
    """Whether a hook run gets a line in the operations log (see :data:`QUIET_EVENTS`)."""
    event = payload.get("hook_event_name")
    return bool(error or answer is not None or extra or not isinstance(event, str) or event not in QUIET_EVENTS)


def _log_run(name: str, payload: dict, answer, error, start: float, extra=None) -> None:
    """One line in the store's operations log (only where a store with a staging place exists)."""
    if not worth_logging(payload, answer, error, extra):
        return
    try:
        import os
        import time

        from claude_memory.core.layout import session_key, staging_path
        from claude_memory.core.roots import find_memory_root

        cwd = payload.get("cwd")
        root = find_memory_root(cwd if isinstance(cwd, str) else None)
        if not os.path.isdir(staging_path(root)):
            return  # no store (or none in use yet): nothing to record, nothing more to import
        from claude_memory.core import oplog

        oplog.record(root, session=session_key(payload.get("session_id")),
                     event=str(payload.get("hook_event_name") or ""), hook=name,
                     decision="error" if error else summarize_answer(answer),
                     ms=round((time.monotonic() - start) * 1000, 1), error=error,
                     **(extra if isinstance(extra, dict) else {}))
    except Exception:  # noqa: BLE001 - logging never breaks a hook
        pass


# ---- the one place that shapes every hook answer ------------------------------------------------

#: a key a ``decide`` may add to its answer for the operations log (removed before printing)
LOG_KEY = "_log"

#: Claude Code caps ``additionalContext`` (and a hook's whole output) at 10,000 characters.
MAX_CONTEXT_CHARS = 10_000
_PERMISSIONS = ("allow", "deny", "ask")


def _cap(text: str, limit: int = MAX_CONTEXT_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def context(event: str, text: str) -> dict:
    """Text added to the model's context: UserPromptSubmit, SessionStart, PreToolUse, PostToolUse."""
    return {"hookSpecificOutput": {"hookEventName": event, "additionalContext": _cap(text)}}


def permission(decision: str, reason: str, *, extra: str | None = None) -> dict:
    """A PreToolUse decision (``allow`` | ``deny`` | ``ask``) with its reason (and optional context)."""
    if decision not in _PERMISSIONS:
        raise ValueError(f"not a permission decision: {decision!r}")
    out = {"hookEventName": "PreToolUse", "permissionDecision": decision,
           "permissionDecisionReason": _cap(reason, 9_000)}
    if extra:
        out["additionalContext"] = _cap(extra)
    return {"hookSpecificOutput": out}


def block(reason: str, *, event: str | None = None, extra: str | None = None) -> dict:
    """``{"decision": "block"}``: Stop keeps Claude working; PostToolUse tells Claude about the call."""
    answer: dict = {"decision": "block", "reason": _cap(reason)}
    if event and extra:
        answer["hookSpecificOutput"] = {"hookEventName": event, "additionalContext": _cap(extra)}
    return answer


def _report(message: str) -> None:
    try:
        print(f"claude-memory: {message}", file=sys.stderr)
    except Exception:  # noqa: BLE001
        pass
