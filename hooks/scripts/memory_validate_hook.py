"""PostToolUse hook: validate memory files written directly, quarantine invalid ones (see claude_memory.hooks.validate)."""
from _launch import run
run("claude_memory.hooks.validate", needs_deps=False)
