"""Candidate selection: which existing memory a new draft should update (stdlib only)."""
from _launch import run
run("claude_memory.cli.memory_candidate", needs_deps=False)
