"""Small helpers shared by the end-to-end tests (imported as ``support``)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from claude_memory.devtools.model_server import ModelServer, all_text, last_user_text

__all__ = ["snapshot", "md5", "feedback_requests", "first_prompt_text", "prompt_context", "PROMPT_LABEL", "dump", "require"]


PLUMBING = {".gitignore", ".store.lock"}  # created by the hooks' staging setup and the store lock


def snapshot(root: Path) -> dict[str, bytes]:
    """Every memory, index and config file under the memory root (not staging or plumbing), with its bytes."""
    if not root.exists():
        return {}
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".staging" not in p.relative_to(root).parts
            and str(p.relative_to(root)) not in PLUMBING}


def md5(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def feedback_requests(server: ModelServer) -> list[dict]:
    """Main requests whose last user message is Stop hook feedback."""
    return [b for b in server.main_requests if "Stop hook feedback:" in last_user_text(b)]


def first_prompt_text(server: ModelServer) -> str:
    return all_text(server.main_requests[0])


#: The prompt's recall reaches the model under this label (the session-start block, under its own, comes first).
PROMPT_LABEL = "UserPromptSubmit hook additional context:"


def prompt_context(given: str) -> str:
    """What the UserPromptSubmit hooks added to ``given`` (empty when they added nothing)."""
    return given[given.index(PROMPT_LABEL):] if PROMPT_LABEL in given else ""


def dump(obj) -> str:
    return json.dumps(obj, indent=1)[:6000]


def require(condition: bool, message: str) -> None:
    """Skip locally, fail in CI: the e2e suite never skips silently there."""
    if condition:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)
