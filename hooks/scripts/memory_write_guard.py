"""PreToolUse hook: deny file-tool and Bash writes into the memory store (see claude_memory.hooks.write_guard)."""
from _launch import run
run("claude_memory.hooks.write_guard", needs_deps=False)
