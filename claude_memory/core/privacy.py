"""Privacy: text the user marks private is never captured; capture can be switched off.

- ``<private>...</private>`` (any letter case, spaces allowed before ``>``) in a prompt, a
  reply or anything else the triage reads is replaced by :data:`PLACEHOLDER` before it is
  scored, written to a context file or kept in a cursor; the writer does the same to every
  string of a memory before it is validated and stored. An opening tag without its closing
  tag hides everything after it (a cut-off message stays private).
- ``"enabled": false`` at the top of a project's ``memory-config.json`` turns capture, recall
  and every context hook off for that repository (:func:`memory_enabled`).
- ``CLAUDE_MEMORY_PAUSE`` in a session's environment pauses it for that session only:
  ``capture`` (no Stop-hook capture) or ``all`` (no capture and no recall)
  (:func:`capture_paused`, :func:`recall_paused`).

Standard library only (``os``, for the pause): the Stop and UserPromptSubmit hooks call this on every run.
"""

__all__ = ["PLACEHOLDER", "PAUSE_ENV", "strip_private", "strip_private_record", "memory_enabled",
           "capture_paused", "recall_paused"]

PLACEHOLDER = "[private]"
PAUSE_ENV = "CLAUDE_MEMORY_PAUSE"
_OPEN, _CLOSE = "<private", "</private"
_SPACE = " \t\r\n"


def _find_tag(text: str, start: int, name: str) -> tuple[int, int]:
    """(start, end) of the first ``<name\\s*>`` at or after ``start`` (case-insensitive), or (-1, -1)."""
    n = len(name)
    i = text.find("<", start)
    while i != -1:
        if text[i:i + n].lower() == name:
            j = i + n
            while j < len(text) and text[j] in _SPACE:
                j += 1
            if j < len(text) and text[j] == ">":
                return i, j + 1
        i = text.find("<", i + 1)
    return -1, -1


def strip_private(text: str) -> str:
    """``text`` with every ``<private>...</private>`` span replaced by :data:`PLACEHOLDER`."""
    if not text or "<" not in text:
        return text
    out, pos = [], 0
    while True:
        start, after_open = _find_tag(text, pos, _OPEN)
        if start < 0:
            break
        out.append(text[pos:start])
        out.append(PLACEHOLDER)
        _close, after_close = _find_tag(text, after_open, _CLOSE)
        if after_close < 0:
            return "".join(out)  # never closed: everything after the tag stays private
        pos = after_close
    if pos == 0:
        return text
    out.append(text[pos:])
    return "".join(out)


def strip_private_record(doc):
    """(copy of ``doc`` with :func:`strip_private` applied to every string, dotted paths changed)."""
    changed: list[str] = []

    def walk(node, path: str):
        if isinstance(node, str):
            clean = strip_private(node)
            if clean != node:
                changed.append(path or "(value)")
            return clean
        if isinstance(node, dict):
            return {k: walk(v, f"{path}.{k}" if path else str(k)) for k, v in node.items()}
        if isinstance(node, (list, tuple)):
            items = [walk(v, f"{path}.{i}" if path else str(i)) for i, v in enumerate(node)]
            return items if isinstance(node, list) else tuple(items)
        return node

    return walk(doc, ""), changed


def memory_enabled(config) -> bool:
    """False when the (merged) config says ``"enabled": false`` at its top level."""
    return not (isinstance(config, dict) and config.get("enabled") is False)


def _pause(environ) -> str:
    import os

    env = os.environ if environ is None else environ
    return (env.get(PAUSE_ENV) or "").strip().lower()


def capture_paused(environ=None) -> bool:
    """True when this session's ``CLAUDE_MEMORY_PAUSE`` is ``capture``, ``all`` (or 1/true/yes)."""
    return _pause(environ) in ("capture", "all", "1", "true", "yes", "on")


def recall_paused(environ=None) -> bool:
    """True when this session's ``CLAUDE_MEMORY_PAUSE`` is ``all``."""
    return _pause(environ) == "all"
