"""Fault injection for crash tests: die at a named step of a transaction.

Off by default. When the environment variable ``CLAUDE_MEMORY_FAULT`` names a
point, reaching that point kills the process with SIGKILL (no cleanup, no
``finally``), which is what a power cut or an OOM kill looks like to the store.

Points used by the store: ``after_lock``, ``after_temp_write``,
``before_replace``, ``after_replace``, ``before_index_write``,
``after_index_write``, ``during_rename``.
"""

from __future__ import annotations

import os
import signal

__all__ = ["ENV_VAR", "point"]

ENV_VAR = "CLAUDE_MEMORY_FAULT"


def point(name: str) -> None:
    """Kill this process right here when ``$CLAUDE_MEMORY_FAULT == name``."""
    if os.environ.get(ENV_VAR) == name:
        os.kill(os.getpid(), signal.SIGKILL)
