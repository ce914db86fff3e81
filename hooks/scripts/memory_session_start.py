"""SessionStart hook: where the project stands, and background preparation of the machine."""
from _launch import run
run("claude_memory.hooks.session_start", needs_deps=False)
