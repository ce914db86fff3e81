"""The single edge for hooks: stdin JSON in, response out, always fail open.

A hook's logic is a pure function ``decide(payload: dict) -> dict | str | None``.
:func:`run_hook` reads stdin, calls it, prints the answer and returns 0 no
matter what happened: a crashing hook must never block the user's session.
Problems are reported on stderr (Claude Code shows them in debug output).
"""

import sys

from claude_memory.core.fastjson import dumps, fast_loads, loads

__all__ = ["run_hook", "read_payload", "loads", "dumps", "MAX_STDIN_BYTES", "MAX_CONTEXT_CHARS",
           "context", "permission", "block", "summarize_answer", "LOG_KEY", "QUIET_EVENTS", "worth_logging"]

#: Hook payloads are small; anything bigger is garbage and is not parsed.
MAX_STDIN_BYTES = 8 * 1024 * 1024

_NOT_PARSED = object()


def read_payload(stream=None) -> dict | None:
    """The hook's JSON object from stdin, or None (with a note on stderr) when it is not one."""
    stream = sys.stdin if stream is None else stream
    try:
        raw = stream.buffer.read(MAX_STDIN_BYTES + 1) if hasattr(stream, "buffer") else stream.read()
    except (OSError, ValueError) as exc:
        _report(f"cannot read stdin: {exc}")
        return None
    if isinstance(raw, bytes):
        if len(raw) > MAX_STDIN_BYTES:
            _report("stdin is larger than 8 MB; ignored")
            return None
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


def run_hook(name: str, decide, stream=None) -> int:
    """Read the payload, run ``decide(payload) -> dict | str | None``, print its answer, log the run. Always
    returns 0."""
    import time

    start = time.monotonic()
    payload, answer, error, extra = None, None, None, None
    try:
        payload = read_payload(stream)
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
