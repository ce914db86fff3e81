"""UserPromptSubmit hook: inject the project memories relevant to the prompt."""
from _launch import run
run("claude_memory.hooks.retrieve", needs_deps=False)
