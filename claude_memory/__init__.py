"""claude-memory: durable, structured project memory for Claude Code.

The package is the library; ``hooks/scripts/*.py`` are thin entry points
into it. Hot-path modules (recall, guard, triage) import only the standard
library; the write path imports pydantic and filelock lazily.
"""

__version__ = "0.1.0"
