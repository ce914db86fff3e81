"""PreToolUse: keep Claude's file tools and Bash out of the memory store.

Write, Edit, MultiEdit and NotebookEdit are denied when their path resolves
into a memory store (the calling session's draft folder ``<root>/.staging/<session key>/``
excepted; the rest of the staging place, where the writer keeps the manifest and the
last good copies the PostToolUse repair trusts, is the store's): the project's, or any
other folder that is a store by its layout (issue 18), or when the file is a hard link
to a store file (a draft with a second link too). Bash is denied when the command
would write, move or delete there, when a command the guard cannot model
touches the store, when text built at run time is run near it, and when the
analysis cannot finish within its budget on a line that names the store (it
fails closed). A git command that resets or cleans the whole work tree is
asked about (``permissionDecision: "ask"``) when the store has changes git does
not hold. The deny reason names the plugin command to use instead. Exactly the
plugin's own writer and candidate calls (see :mod:`claude_memory.guard.own_call`)
are approved with ``permissionDecision: "allow"`` so capture needs no approval
prompt in any permission mode but ``plan``; everything else, malformed input
included, gets no opinion (the usual permission flow decides).

When the guard has nothing to say about a file tool call (Read included), file-scoped recall
(:func:`with_file_context`, :mod:`claude_memory.recall.file_context`) may add the memories that
name the file.

Hot path: standard library only, no config, no pydantic, no big files. A Read does not load the
path checks (:mod:`claude_memory.guard.paths`), and a call the hook has nothing to say about is
not written to the operations log (:func:`claude_memory.hooks.edge.run_hook`).
"""

import os
import sys

from claude_memory.hooks import edge as hook_edge

__all__ = ["decide", "decide_oversized", "main", "FILE_TOOLS", "deny", "allow", "ask", "note", "with_file_context"]

#: file tool -> the tool_input key holding its path
FILE_TOOLS = {"Write": "file_path", "Edit": "file_path", "MultiEdit": "file_path", "NotebookEdit": "notebook_path"}


def note(message: str) -> None:
    print(f"claude-memory: write guard: {message}", file=sys.stderr)


def deny(reason: str) -> dict:
    """The PreToolUse answer that blocks the tool call and tells Claude why."""
    return hook_edge.permission("deny", reason)


def allow(reason: str) -> dict:
    """The PreToolUse answer that approves the call without a prompt (only the plugin's own calls)."""
    return hook_edge.permission("allow", reason)


def ask(reason: str) -> dict:
    """The PreToolUse answer that puts the tool call to the user, with the reason."""
    return hook_edge.permission("ask", reason)


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _file_reason(tool: str, path: str, root: str, rel: str) -> str:
    from claude_memory.guard.advice import writer_advice

    return (f"claude-memory: {tool} on {_short(path)} was blocked: it is inside the memory store ({root}), "
            f"which only the plugin's scripts may change.\n{writer_advice(root, rel)}")


def _stat(path: str, cwd) -> os.stat_result | None:
    try:
        return os.stat(os.path.join(cwd or os.getcwd(), os.path.expanduser(path)))
    except (OSError, ValueError):
        return None


def _links(path: str, cwd) -> int:
    """How many hard links the regular file at ``path`` has (0 when there is none yet)."""
    st = _stat(path, cwd)
    return st.st_nlink if st is not None and (st.st_mode & 0o170000) == 0o100000 else 0


def _hard_link_into(path: str, cwd, roots) -> str | None:
    """The store a hard-linked file shares its inode with (looked for only when st_nlink > 1)."""
    st = _stat(path, cwd)
    if st is None or st.st_nlink < 2:
        return None
    from claude_memory.guard.links import store_sharing_inode

    return store_sharing_inode(st, roots)


def _decide_file(tool: str, tool_input: dict, cwd, roots, session_id=None) -> dict | None:
    from claude_memory.core.layout import session_key
    from claude_memory.guard import paths as guard_paths

    drafts = session_key(session_id)  # the one folder of the staging place a file tool may write in
    path = tool_input.get(FILE_TOOLS[tool])
    if path is None and tool == "NotebookEdit":
        path = tool_input.get("file_path")
    if not isinstance(path, str) or not path or "\0" in path:
        note(f"{tool} without a usable path; allowed")
        return None
    verdict, root, rel = guard_paths.locate(path, roots, cwd, drafts)
    if verdict == guard_paths.OUTSIDE:
        other = guard_paths.store_root_of(path, cwd)  # another project's store (issue 18)
        if other is not None:
            verdict, root, rel = guard_paths.locate(path, (other,), cwd, drafts)
    if verdict == guard_paths.OUTSIDE:
        linked = _hard_link_into(path, cwd, roots)
        if linked is not None:
            return deny(_file_reason(tool, path + " (a hard link to a memory file)", linked, ""))
        return None
    if verdict == guard_paths.STAGING:
        if _links(path, cwd) > 1:  # a second name of the manifest or a last good copy, say
            return deny(_file_reason(tool, path + " (a file with another hard link)", root, rel))
        return None
    return deny(_file_reason(tool, path, root, rel))


def _decide_bash(tool_input: dict, cwd, roots, mode) -> dict | None:
    command = tool_input.get("command")
    if mode != "plan" and isinstance(command, str) and "memory_" in command:
        from claude_memory.guard.own_call import is_own_call

        if is_own_call(command, cwd=cwd or os.getcwd(), roots=roots):
            return allow("claude-memory: the plugin's own memory bookkeeping")
    from claude_memory.hooks.write_guard_bash import answer

    return answer(tool_input, cwd, roots)


def decide(payload: dict) -> dict | None:
    """The PreToolUse answer for one tool call: a deny, or None to allow silently."""
    tool = payload.get("tool_name")
    if not isinstance(tool, str) or (tool not in FILE_TOOLS and tool != "Bash"):
        return None
    tool_input = payload.get("tool_input")
    if not isinstance(tool_input, dict):
        note(f"{tool} without a tool_input object; allowed")
        return None
    cwd = payload.get("cwd")
    if not isinstance(cwd, str) or not cwd or "\0" in cwd:
        cwd = None
    from claude_memory.guard import paths as guard_paths  # a Read never gets this far

    roots = guard_paths.memory_roots(cwd)
    if tool == "Bash":
        return _decide_bash(tool_input, cwd, roots, payload.get("permission_mode"))
    try:
        return _decide_file(tool, tool_input, cwd, roots, payload.get("session_id"))
    except Exception as exc:  # noqa: BLE001 - a fault must not open the store: deny what names it
        path = tool_input.get(FILE_TOOLS[tool]) or tool_input.get("file_path")
        text = path.replace("\\", "/").lower() if isinstance(path, str) else ""
        if "/.claude/memory" in "/" + text or any(text.startswith(os.path.normpath(r).lower()) for r in roots):
            return deny(f"claude-memory: {tool} on {_short(str(path))} was blocked: the guard could not check "
                        f"it ({type(exc).__name__}) and it names a memory store.")
        return None


def decide_oversized(payload: dict, raw: bytes) -> dict | None:
    """A call whose payload is too large to parse (over 8 MB, :func:`hook_edge.run_hook`), decided on what
    can still be read of it (:func:`hook_edge.reduced_payload`: its first 8 MB), failing closed: a file
    tool is decided on its path as any other (denied in a store; with no path found in what was read,
    denied: a model's own Write or Edit is far smaller, so such a call is garbage or an attack); a Bash
    command, or a call of no known tool, is denied when its text names ``.claude`` or a store, since it
    is too large to analyse. Anything else gets no opinion."""
    tool = payload.get("tool_name")
    if tool in FILE_TOOLS:
        if not payload["tool_input"]:
            return deny(f"claude-memory: {tool} was blocked: its input is over 8 MB, too large to check, and "
                        "its path could not be read. Write a smaller file, or several.")
        return decide(payload)
    if tool == "Bash" or not isinstance(tool, str):
        cwd = payload.get("cwd")
        from claude_memory.guard import paths as guard_paths

        roots = guard_paths.memory_roots(cwd if isinstance(cwd, str) and "\0" not in cwd else None)
        if b".claude" in raw or any(os.fsencode(r) in raw for r in roots):
            return deny(f"claude-memory: {tool or 'a tool call'} was blocked: its input is over 8 MB, too large "
                        "to analyse, and it names a memory store. Split it into smaller commands.")
    return None


def with_file_context(guard):
    """``guard`` (a PreToolUse decision) followed, when it has nothing to say, by file-scoped recall."""

    def decide_with_context(payload: dict):
        answer = guard(payload)
        if answer is not None:
            return answer
        if payload.get("tool_name") == "Bash":  # file recall is for the file tools (the rest of the matcher)
            return None
        from claude_memory.recall.context_table import file_hits

        found = file_hits(payload)  # None for a file no memory names (file_context is not even loaded)
        if found is None:
            return None
        from claude_memory.recall.file_context import block_from

        block = block_from(payload, found, _memory_prefix)
        if block is None:
            return None
        event = "PostToolUse" if payload.get("hook_event_name") == "PostToolUse" else "PreToolUse"
        return hook_edge.context(event, block)

    return decide_with_context


def _memory_prefix(root: str, project: str) -> str:
    from claude_memory.hooks.retrieve import memory_prefix  # only when something is injected

    return memory_prefix(root, project)


def main(argv: list[str] | None = None) -> int:
    return hook_edge.run_hook("memory_write_guard", with_file_context(decide), oversized=decide_oversized)
