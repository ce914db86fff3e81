"""UserPromptSubmit hook: ask Claude to hand a pending capture to the memory-saver subagent."""
from _launch import run
run("claude_memory.hooks.capture", needs_deps=False)
