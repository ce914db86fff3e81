"""The write guard's answer to a Bash call (loaded only for Bash, so a Write stays cheap).

Runs :func:`claude_memory.guard.bash.find_store_writes` against every store the call can
reach (the project's, the one ``cwd`` sits in, and any other store the command names by
path, issue 18) under one shared work budget. A stop finding is a deny; a whole-tree git
command is put to the user (``ask``) only when ``git status`` shows changes under the store
that git does not hold; an analysis fault on a line naming the store is a deny (fail closed).
"""

import os

from claude_memory.core.roots import MEMORY_PARTS
from claude_memory.guard import paths as guard_paths
from claude_memory.guard.bash import Budget, find_store_writes, mentions_store
from claude_memory.hooks.write_guard import _short, ask, deny, note

__all__ = ["answer", "read_script"]


def _bash_reason(finding, root: str) -> str:
    from claude_memory.guard.advice import category_of, writer_advice  # only when something is denied

    parts = finding.target.replace("\\", "/").split("/")
    category = next((category_of(p) for p in parts if category_of(p)), None)
    if getattr(finding, "kind", "write") == "write":
        head = (f"claude-memory: Bash command blocked: {_short(finding.describe())} inside the memory store "
                f"({root}), which only the plugin's scripts may change.")
    else:
        head = (f"claude-memory: Bash command blocked: {_short(finding.describe())}. The memory store ({root}) "
                "may only be changed by the plugin's scripts; a command that touches it must be one the guard "
                "can see is read-only.")
    return f"{head} Reading it is fine.\n{writer_advice(root, '', category)}"


_PATH_SPLIT = str.maketrans({c: " " for c in "\"'`=;|&()<>{},"})


def _stores_named_in(command: str, start: str, roots) -> tuple[str, ...]:
    """Other stores a Bash command can reach by path (issue 18): path-like words whose folders
    are stores by name or layout, and folders it changes into (``cd``, ``pushd``, ``-C``) that
    are in a store or hold one (``cd ../other && rm -rf .claude/memory``). Plain words cost nothing."""
    found: list[str] = []
    known = {os.path.normpath(r) for r in roots}

    def add(other):
        if other is not None and os.path.normpath(other) not in known:
            known.add(os.path.normpath(other))
            found.append(other)

    tokens = command[:20000].translate(_PATH_SPLIT).split()
    for word in [w for w in tokens if "/" in w][:32]:
        add(guard_paths.store_root_of(word.replace("\\", ""), start))
    folders = [tokens[k + 1] for k in range(len(tokens) - 1) if tokens[k] in ("cd", "pushd", "-C", "--directory")]
    for folder in folders[:8]:
        here = os.path.join(start, os.path.expanduser(folder.replace("\\", "")))
        add(guard_paths.store_root_of(here))
        for below in (os.path.join(here, *MEMORY_PARTS), os.path.join(here, MEMORY_PARTS[1])):
            if os.path.isdir(below) and guard_paths.store_root_of(below) == below:
                add(below)
    return tuple(found)


_SCRIPT_LIMIT = 256 * 1024


def read_script(path: str) -> str | None:
    """The text of a regular file of at most 256 KB (a script a command runs), else None."""
    try:
        if os.path.getsize(path) > _SCRIPT_LIMIT or not os.path.isfile(path):
            return None
        with open(path, "rb") as handle:
            return handle.read(_SCRIPT_LIMIT).decode("utf-8", "replace")
    except (OSError, ValueError):
        return None


def _unsaved_changes(root: str, start: str) -> list[str] | None:
    """``git status`` lines for untracked or modified files under the store (the changes git does
    not hold; ignored private files such as the staging place are not counted); None when git
    cannot tell (not a repository). Asked only when a whole-tree command is seen."""
    from claude_memory.core import git

    slow = b"(git status did not answer in time)"
    out = git.run(start, "status", "--porcelain", "--untracked-files=all", "--", root, timeout=3, slow=slow)
    if out is None:
        return None
    return [line for line in out.decode("utf-8", "replace").splitlines() if line.strip()]


def _ask_reason(finding, root: str, changes: list[str]) -> str:
    shown = "\n".join("  " + line for line in changes[:10]) + ("\n  ..." if len(changes) > 10 else "")
    return (f"claude-memory: `{finding.verb}` resets or cleans the whole work tree, and the memory store ({root}) "
            f"has {len(changes)} change(s) git does not hold; they would be lost:\n{shown}\n"
            "Commit them first (git add the store), or confirm that losing them is intended.")


def answer(tool_input: dict, cwd, roots) -> dict | None:
    """The PreToolUse answer for a Bash call: a deny, an ask, or None to allow."""
    command = tool_input.get("command")
    if not isinstance(command, str):
        note("Bash without a command string; allowed")
        return None
    start = cwd if isinstance(cwd, str) and cwd else os.getcwd()
    roots = tuple(roots) + _stores_named_in(command, start, roots)
    budget = Budget()
    asks = []
    resolve = guard_paths.folder_memo_realpath()
    for root in roots:
        try:
            findings = find_store_writes(
                command, os.path.abspath(root), start, dict(os.environ), budget=budget,
                resolve=resolve, folds_case=lambda r=root: guard_paths.fs_case_insensitive(r),
                reader=read_script,
            )
        except Exception as exc:  # noqa: BLE001 - an analysis fault must not open the door
            if mentions_store(command, os.path.abspath(root), start):
                return deny(f"claude-memory: Bash command blocked: it names the memory store ({root}) and the "
                            f"guard could not check it ({type(exc).__name__}). Reading the store is fine; to "
                            "change it use the plugin's scripts.")
            continue
        stops = [f for f in findings if f.kind != "whole-tree"]
        if stops:
            return deny(_bash_reason(stops[0], root))
        if findings:
            asks.append((findings[0], root))
    for finding, root in asks:
        changes = _unsaved_changes(root, start)
        if changes:
            return ask(_ask_reason(finding, root, changes))
    return None
