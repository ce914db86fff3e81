"""Capture side of the plugin: what the Stop hook reads, scores and hands to Claude.

- :mod:`.transcript` reads only the new tail of a Claude Code JSONL transcript.
- :mod:`.scoring` turns transcript events into per-category scores (pure).
- :mod:`.context` writes one context file per triggered category.
- :mod:`.cursor` remembers, per session, how far the transcript was triaged.
- :mod:`.reason` builds the Stop hook's block reason (pure).

Standard library only: this runs on every turn of every session. Submodules are
not imported here so the hook pays only for what it uses.
"""

__all__: list[str] = []
