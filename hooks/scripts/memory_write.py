"""The only writer of the memory store (see claude_memory.cli.memory_write)."""
from _launch import run
run("claude_memory.cli.memory_write", needs_deps=True)
