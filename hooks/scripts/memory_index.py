"""Maintainers' tool for a memory store: rebuild, validate, health, gc (see claude_memory.cli.memory_index)."""
from _launch import run
run("claude_memory.cli.memory_index", needs_deps=True)
