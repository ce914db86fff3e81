"""File-scoped recall on the PreToolUse hook: the guard decides first; when it lets a file tool call
through, the memories naming that file (:func:`claude_memory.recall.file_context.block_for`) are
added as the call's context."""

from __future__ import annotations

__all__ = ["with_file_context"]


def with_file_context(guard):
    """``guard`` (a PreToolUse decision) followed, when it has nothing to say, by file-scoped recall."""

    def decide(payload: dict):
        answer = guard(payload)
        if answer is not None:
            return answer
        from claude_memory.recall.file_context import TOOLS, block_for

        if payload.get("tool_name") not in TOOLS:
            return None
        block = block_for(payload, _memory_prefix)
        if block is None:
            return None
        from claude_memory.hooks.edge import context

        return context(payload.get("hook_event_name") if payload.get("hook_event_name") == "PostToolUse"
                       else "PreToolUse", block)

    return decide


def _memory_prefix(root: str, project: str) -> str:
    from claude_memory.hooks.retrieve import memory_prefix  # only when something is injected

    return memory_prefix(root, project)
