"""PostToolUse: after a tool call that could write, find and repair changes made around the writer.

The cheap part runs after every Bash and file-tool call: read the writer's manifest and
``lstat`` the store (:mod:`claude_memory.core.manifest`). When nothing differs, that is
all (``os`` only). When something does, :func:`claude_memory.store.integrity.repair` (the write
path: the lock, hashes, validation) decides per file, puts the store back as the writer
left it, and the answer tells Claude what happened and which command to use instead.

A store without a manifest (the writer has not run since this check was added) is left
to the per-file check in :mod:`claude_memory.hooks.validate`.

A change git made is the project's history, not a bypass; the repair tells git's changes from
others' by git's own record (:class:`claude_memory.store.integrity._Git`). Staging copies the
work tree into that record, so :func:`git_effects` tells the repair whether the Bash call that
just ran may have staged (``git add``, ``git commit -a``, ``git stash``...) or committed, and
whether it may have fetched (a pull after the commit brings a teammate's changes) or pushed: read
from the command line (quotes, ``$(...)``, ``bash -c``, ``eval``, here-documents), and, for a
command it cannot follow (``python3 -c "...git add..."``, ``xargs git add``, an alias), from
the words it mentions: when in doubt, it may have.
"""

from __future__ import annotations

import sys

from claude_memory.core import manifest as mf

__all__ = ["check", "has_manifest", "git_effects", "GitEffects", "TOOLS"]

#: Tools after which the store is compared (the hooks.json PostToolUse matcher names the same).
TOOLS = frozenset({"Bash", "Write", "Edit", "MultiEdit", "NotebookEdit"})

#: git subcommands that never copy the work tree into git (they read it, or change the work tree from
#: git's own history, or talk to a remote); every other one (an alias, plumbing) may stage and commit
_GIT_LEAVES_INDEX = frozenset({
    "pull", "fetch", "push", "clone", "init", "checkout", "switch", "merge", "reset", "rebase", "cherry-pick",
    "revert", "restore", "rm", "mv", "am", "clean", "status", "log", "show", "diff", "blame", "annotate", "grep",
    "ls-files", "ls-tree", "ls-remote", "rev-parse", "rev-list", "cat-file", "branch", "tag", "remote", "config",
    "reflog", "describe", "shortlog", "whatchanged", "help", "version", "format-patch", "diff-tree", "diff-files",
    "diff-index", "for-each-ref", "show-ref", "count-objects", "fsck", "gc", "prune", "repack", "check-ignore",
    "check-attr", "name-rev", "range-diff", "cherry", "var", "merge-base", "verify-commit", "read-tree",
    "checkout-index", "sparse-checkout", "worktree", "submodule", "bisect", "notes", "archive", "bundle", "lfs",
    "maintenance", "credential", "request-pull", "instaweb",
})
#: ... of which these run commands given as text (rebase --exec, submodule foreach, bisect run)
_GIT_RUNS_TEXT = frozenset({"rebase", "submodule", "bisect"})
_GIT_VALUE_OPTS = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env",
                             "--super-prefix"})
_COMMIT_VALUE_OPTS = frozenset({"--message", "--file", "--reuse-message", "--reedit-message", "--author", "--date",
                                "--template", "--cleanup", "--fixup", "--squash", "--trailer"})
_COMMIT_STAGING_OPTS = frozenset({"--all", "--include", "--only", "--pathspec-from-file", "--interactive", "--patch"})
_WRAPPERS = frozenset({"sudo", "env", "command", "exec", "nohup", "time", "nice", "builtin"})
#: a command that mentions git and one of the words of the second pattern may stage or commit through it; one
#: that mentions git and a word of the third may fetch or push (compiled when needed: ``re`` is not for the hot
#: path)
_MENTIONS = (r"(?<![\w.-])git(?![\w.-])",
             r"(?<![\w-])(add|stage|update-index|commit|commit-tree|stash|apply|update-ref|hash-object|ci)(?![\w-])",
             r"(?<![\w-])(pull|fetch|push|remote)(?![\w-])")
_patterns: list = []
_MAX_DEPTH = 8
#: ``git fetch``/``git pull`` from the repository itself (its own commits land in FETCH_HEAD)
_SELF = frozenset({".", "./"})


class GitEffects:
    """What a Bash call may have done to git's record (:func:`git_effects`), true when it may have:
    ``staged`` (copied the work tree into git's index), ``committed`` (made a commit), ``fetched``
    (from a remote: git pull, git fetch, git remote update), ``pushed`` (put its own commits where
    fetched ones land: git push, a fetch from the repository itself), ``refetched`` (fetched after it
    pushed, or in an order not known: what a fetch brought may then be its own commit; a call that
    pushes only after its last fetch, ``git pull --rebase && git push``, has not). :meth:`asdict` gives
    the arguments of :func:`claude_memory.store.integrity.repair` of the same names. (A class of its
    own: ``typing`` and ``dataclasses`` are not for the hot path.)"""

    __slots__ = ("staged", "committed", "fetched", "pushed", "refetched")

    def __init__(self, staged: bool = False, committed: bool = False, fetched: bool = False,
                 pushed: bool = False, refetched: bool = False) -> None:
        self.staged, self.committed, self.fetched, self.pushed = staged, committed, fetched, pushed
        self.refetched = refetched

    def asdict(self) -> dict[str, bool]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __or__(self, other: "GitEffects") -> "GitEffects":
        """What either may have done, in either order (or at once)."""
        out = self.then(other)
        out.refetched = out.refetched or (other.pushed and self.fetched)
        return out

    def then(self, other: "GitEffects") -> "GitEffects":
        """What this and then ``other`` may have done: a fetch of ``other`` comes after a push of this."""
        out = GitEffects(*(getattr(self, n) or getattr(other, n) for n in self.__slots__))
        out.refetched = out.refetched or (self.pushed and other.fetched)
        return out

    def __bool__(self) -> bool:
        return any(self.asdict().values())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GitEffects) and self.asdict() == other.asdict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "GitEffects(" + ", ".join(f"{k}={v}" for k, v in self.asdict().items()) + ")"


_NEITHER = GitEffects()
_ANY = GitEffects(True, True, True, True, True)  # a command not followed: anything
_REMOTE = GitEffects(fetched=True, pushed=True, refetched=True)  # a command not followed that talks to a remote


def has_manifest(root: str) -> bool:
    return mf.read_manifest(root) is not None


def _differs(root: str) -> bool:
    recorded = mf.read_manifest(root)
    return recorded is not None and bool(mf.compare(recorded, mf.scan(root)))


def check(payload: dict, roots: tuple[str, ...]) -> str | None:
    """The report for Claude when a store in ``roots`` was changed around the writer (and repaired)."""
    tool = payload.get("tool_name")
    if not isinstance(tool, str) or tool not in TOOLS:
        return None
    reports = []
    effects = None
    for root in roots:
        if not _differs(root):
            continue
        if effects is None:
            effects = _call_effects(payload)
        try:
            lines = _repair(root, effects)
        except Exception as exc:  # noqa: BLE001 - report, never crash the hook
            print(f"claude-memory: integrity check of {root} failed: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        if lines:
            reports.append(_message(root, lines))
    return "\n\n".join(reports) or None


def _repair(root: str, effects: GitEffects = _NEITHER) -> list[str]:
    from claude_memory.core.deps import ensure_deps
    from claude_memory.core.errors import MemoryStoreError

    try:
        ensure_deps(install=False)  # the write path's pydantic/filelock, from the plugin's venv if need be
    except MemoryStoreError as exc:  # found, but cannot be repaired here: say what differs
        diff = mf.compare(mf.read_manifest(root) or {}, mf.scan(root))
        what = [f"{kind}: {', '.join(rels)}" for kind, rels in
                (("changed", diff.changed), ("added", diff.added), ("deleted", diff.deleted)) if rels]
        return [f"changed outside the writer ({'; '.join(what)}); it could not be repaired now: {exc.message}"]
    from claude_memory.store import integrity

    return integrity.repair(root, **effects.asdict()).lines


def _call_effects(payload: dict) -> GitEffects:
    """:func:`git_effects` of the tool call (a file tool stages nothing; a Bash call without a command may have)."""
    if payload.get("tool_name") != "Bash":
        return _NEITHER
    tool_input = payload.get("tool_input")
    command = tool_input.get("command") if isinstance(tool_input, dict) else None
    return git_effects(command) if isinstance(command, str) else _ANY


def git_effects(command: str, _depth: int = 0) -> GitEffects:
    """What the shell ``command`` may have done to git's record: copied the work tree into git's index
    (``git add``/``stage``/``update-index``, ``git commit -a`` or with paths, ``git stash``,
    ``git apply --index``), made a commit, fetched from a remote (``git pull``, ``git fetch``,
    ``git remote update``), pushed (``git push``; also a fetch from the repository itself, ``git fetch .``,
    whose own commits then land where fetched ones do). Pure."""
    if not _mentioned(command):
        return _NEITHER  # the common case: nothing to follow
    if _depth > _MAX_DEPTH:
        return _ANY
    from claude_memory.guard import shell
    from claude_memory.guard.bash import SHELLS

    script = shell.lex(command)
    out = _NEITHER
    for inner in script.nested:  # substitutions: run before their command, in an order not followed
        out |= git_effects(inner, _depth + 1)
    # In order, pipeline by pipeline (the commands of one run at once), unless something runs in the
    # background or in a subshell (whose ``|`` and ``&`` the lexer does not keep): then in any order.
    ordered = all(cmd.sep_before != "&" and not cmd.level for cmd in script.commands)
    done, pipeline = _NEITHER, _NEITHER
    for cmd in script.commands:
        effects = _command_effects(cmd, SHELLS, _depth)
        if cmd.sep_before in ("|", "|&") or not ordered:
            pipeline |= effects
        else:
            done, pipeline = done.then(pipeline), effects
    return out | done.then(pipeline)


def _command_effects(cmd, shells: frozenset, depth: int) -> GitEffects:
    """:func:`git_effects` of one simple command (``cmd``, a :class:`claude_memory.guard.shell.Command`)."""
    words = [w.text for w in cmd.words]
    i = 0
    while i < len(words) and (words[i] in _WRAPPERS or _assignment(words[i])):
        i += 1
    words = words[i:]
    verb = words[0].rsplit("/", 1)[-1] if words else ""
    if verb == "git":
        return _git_call(words[1:])
    if verb == "eval":
        return git_effects(" ".join(words[1:]), depth + 1)
    if verb in shells:
        texts = [words[n + 1] for n, w in enumerate(words[:-1]) if w.startswith("-") and not
                 w.startswith("--") and "c" in w] + list(cmd.heredocs)
        if not texts:
            return _mentioned(" ".join(words[1:]))  # a script file it runs
        out = _NEITHER
        for text in texts:  # -c's text and here-documents: in an order not followed
            out |= git_effects(text, depth + 1)
        return out
    return _mentioned(" ".join([*words, *cmd.heredocs]))


def _assignment(word: str) -> bool:
    name, eq, _ = word.partition("=")
    return bool(eq) and name.isidentifier()


def _mentioned(text: str) -> GitEffects:
    """A command the parse cannot follow (an interpreter's code, xargs, a script): judged by its words
    (:data:`_MENTIONS`): anything when it names git and a word that stages or commits; fetched and pushed
    when it names git and a word that talks to a remote."""
    if not _patterns:
        import re

        _patterns.extend(re.compile(p) for p in _MENTIONS)
    if not _patterns[0].search(text):
        return _NEITHER
    if _patterns[1].search(text):
        return _ANY
    return _REMOTE if _patterns[2].search(text) else _NEITHER


def _git_call(args: list[str]) -> GitEffects:
    i = 0
    while i < len(args) and args[i].startswith("-"):
        if args[i] in ("-c", "--config-env") and i + 1 < len(args) and args[i + 1].startswith("alias."):
            return _ANY  # git -c alias.x='!...' x: runs what it says
        i += 2 if args[i] in _GIT_VALUE_OPTS else 1
    if i >= len(args):
        return _NEITHER
    sub, rest = args[i], args[i + 1:]
    if sub in ("add", "stage", "update-index"):
        return GitEffects(staged=True)
    if sub == "commit":
        return GitEffects(_commit_stages(rest), True)
    if sub == "stash":
        action = rest[0] if rest and not rest[0].startswith("-") else "push"
        return GitEffects(staged=action in ("push", "save", "create"))
    if sub == "apply":
        return GitEffects(staged=any(a in ("--index", "--cached", "-3", "--3way") for a in rest))
    if sub in ("fetch", "pull") or (sub == "remote" and rest[:1] == ["update"]):
        own = any(a in _SELF for a in rest)  # its own commits, fetched
        return GitEffects(fetched=True, pushed=own, refetched=own)
    if sub == "push":
        return GitEffects(pushed=True)
    if sub in _GIT_RUNS_TEXT:
        return _mentioned(" ".join(rest))
    return _NEITHER if sub in _GIT_LEAVES_INDEX else _ANY


def _commit_stages(args: list[str]) -> bool:
    """``git commit`` takes files from the work tree (``-a``, ``-i``, ``-o``, ``-p``, paths), not only the index."""
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            return i < len(args)
        if arg.startswith("--"):
            name = arg.split("=", 1)[0]
            if name in _COMMIT_STAGING_OPTS:
                return True
            if name in _COMMIT_VALUE_OPTS and "=" not in arg:
                i += 1
            continue
        if not arg.startswith("-") or arg == "-":
            return True  # a path: committed as it is in the work tree
        for n, flag in enumerate(arg[1:], 2):
            if flag in "aiop":
                return True
            if flag in "mFCct":
                i += 0 if n < len(arg) else 1  # its value: the rest of the word, or the next one
                break
            if flag in "Su":  # an optional value, attached only
                break
    return False


def _message(root: str, lines: list[str]) -> str:
    from claude_memory.guard.advice import change_advice, writer_advice

    body = "\n".join(f"- {line}" for line in lines)
    return (f"claude-memory: the memory store {root} was changed outside the plugin's writer:\n{body}\n"
            "Memory files change only through the writer (it validates, redacts secrets, keeps the index and "
            "the history). To change a memory, read it first.\n"
            + "\n".join([writer_advice(root, ""), *change_advice(root, "<memory file>", "<category>")]))
