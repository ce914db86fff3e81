"""Stop hook: triage the new part of the session and ask Claude to save what is worth remembering."""
from _launch import run
run("claude_memory.hooks.triage", needs_deps=False)
