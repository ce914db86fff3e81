"""Hook decisions for Claude Code events.

Each module exposes a pure ``decide(payload: dict) -> dict | str | None`` and a
``main(argv) -> int`` that hands it to :func:`claude_memory.hooks.edge.run_hook`.
The thin scripts in ``hooks/scripts/`` only launch these modules.
"""
