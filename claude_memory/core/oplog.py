"""The operations log: one JSON line per hook run and per write, to tell why a capture did not happen.

``<root>/.staging/ops.log`` (private, git-ignored with the staging place), appended with
``O_APPEND`` and no store lock, so a hook never waits for a writer. Each line holds the time, the
session key, the event, the decision, the duration and an error code when there was one: never a
memory's text, a prompt or a path inside it. When the file passes :data:`MAX_LOG_BYTES` it becomes
``ops.log.1`` (one older generation is kept), so the log stays bounded. ``os`` and ``time`` only:
every hook appends here.
"""

import os
import time

from claude_memory.core.layout import staging_path

__all__ = ["LOG_NAME", "MAX_LOG_BYTES", "record", "tail", "write_errors_since", "append_bounded"]

LOG_NAME = "ops.log"
MAX_LOG_BYTES = 256 * 1024
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
#: the only keys a line may carry (anything else a caller passes is dropped)
FIELDS = ("t", "session", "event", "hook", "decision", "ms", "error", "action", "category", "categories", "ok")


def _dumps(obj) -> str:
    from claude_memory.core.fastjson import dumps

    return dumps(obj, separators=(",", ":"))


def record(root, **entry) -> None:
    """Append one line for ``entry`` to ``root``'s log. Never raises, never creates the store: with no
    staging place yet there is nothing to tell, and nothing is written."""
    try:
        folder = staging_path(root)
        if not os.path.isdir(folder) or os.path.islink(folder):
            return
        line = {"t": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        line.update((k, v) for k, v in entry.items() if k in FIELDS and v is not None)
        append_bounded(os.path.join(folder, LOG_NAME), (_dumps(line) + "\n").encode("utf-8"), MAX_LOG_BYTES)
    except Exception:  # noqa: BLE001 - the log must never break what it records
        pass


def append_bounded(path: str, data: bytes, max_bytes: int | None) -> None:
    """Append ``data`` to the private file ``path`` with one ``O_APPEND`` write (no lock: appends of a
    few hundred bytes do not interleave) and, once it passes ``max_bytes``, rename it to ``path.1``
    (replacing the older generation; appends racing with the rename land in that one). Raises
    ``OSError``."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW, 0o600)
    try:
        os.write(fd, data)
        size = os.fstat(fd).st_size
    finally:
        os.close(fd)
    if max_bytes is not None and size > max_bytes:
        os.replace(path, path + ".1")


def tail(root, n: int = 20) -> list[dict]:
    """The last ``n`` entries, oldest first (lines that are not JSON objects are skipped)."""
    from claude_memory.core.fastjson import loads

    lines: list[str] = []
    for name in (LOG_NAME + ".1", LOG_NAME):
        try:
            with open(staging_path(root, name), encoding="utf-8", errors="replace") as fh:
                lines += fh.read().splitlines()
        except OSError:
            continue
    out = []
    for text in lines[-max(n, 0):] if n else []:
        try:
            entry = loads(text)
        except ValueError:
            continue
        if isinstance(entry, dict):
            out.append(entry)
    return out


def write_errors_since(root, since: float, n: int = 50) -> list[str]:
    """The error codes of refused or failed writes logged at or after ``since`` (unix time), oldest first."""
    cutoff = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(since))
    return [str(e["error"]) for e in tail(root, n)
            if e.get("event") == "write" and e.get("error") and str(e.get("t", "")) >= cutoff]
