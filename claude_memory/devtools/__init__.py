"""Developer tools: a scripted model server and a driver for the real Claude Code CLI.

Used by the end-to-end tests and the demo; never imported by the hooks.
"""
