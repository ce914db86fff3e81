"""Does a tool path resolve into the memory store?

Answers with one of three verdicts: ``OUTSIDE`` (not the store's business),
``STAGING`` (inside ``<root>/.staging/``, where Claude may write drafts with
the file tools; for the write guard only inside the calling session's own
folder there, see :func:`locate`) and ``INSIDE`` (anywhere else under the
memory root: memory files, index.md, the project config, the root itself).

A path is judged in two spellings, lexical (``..`` and doubled slashes
collapsed) and real (symlinks resolved), against the root in the same two
spellings; a hit in any pairing counts. When a path matches the root only
when letter case is ignored, the file system is probed once (cached) to see
whether it folds case; only then is the variant treated as the store.

Standard library ``os`` only, so the guard stays cheap to start. The memory
root is found exactly as :func:`claude_memory.core.paths.default_memory_root` does
(a test keeps the two in step) without importing that module's dependencies.
"""

import os

from claude_memory.core.layout import INDEX_NAME, INDEX_STAMP_NAME, STAGING_DIRNAME
from claude_memory.core.roots import MEMORY_PARTS, nearest_memory_root

__all__ = [
    "INSIDE",
    "STAGING",
    "OUTSIDE",
    "memory_roots",
    "locate",
    "fs_case_insensitive",
    "store_root_of",
    "looks_like_store",
    "folder_memo_realpath",
]

INSIDE = "inside"
STAGING = "staging"
OUTSIDE = "outside"

_STAGING = STAGING_DIRNAME
_case_cache: dict[str, bool] = {}


def memory_roots(cwd: str | None = None, environ=None) -> tuple[str, ...]:
    """The memory roots to protect, primary first.

    Primary: ``$CLAUDE_PROJECT_DIR/.claude/memory`` when that variable is set,
    else the nearest ``.claude/memory`` above ``cwd`` (else ``cwd``'s own).
    When the variable is set and ``cwd`` sits under another existing store,
    that store is protected too.
    """
    env = os.environ if environ is None else environ
    base = cwd if isinstance(cwd, str) and cwd else os.getcwd()
    project = env.get("CLAUDE_PROJECT_DIR")
    other, _, found = nearest_memory_root(base)  # the nearest .claude/memory above cwd (found), else cwd's
    if not project:
        return (other,)
    primary = os.path.join(os.path.abspath(project), *MEMORY_PARTS)
    if found and os.path.normpath(other) != os.path.normpath(primary):
        return (primary, other)
    return (primary,)


def _lexical(path: str) -> str:
    out = os.path.normpath(path)
    if out.startswith("//"):  # POSIX keeps a leading double slash; the kernel does not care
        out = "/" + out.lstrip("/")
    return out


def _real(path: str) -> str:
    try:
        return os.path.realpath(path)
    except (OSError, ValueError, RuntimeError):
        return _lexical(path)


def folder_memo_realpath():
    """``os.path.realpath`` for many paths of one command: each folder is resolved once (a Bash
    command's words mostly share the working folder), then only the last component is looked at.
    ``realpath(folder/name)`` is ``realpath(realpath(folder)/name)``, and that is
    ``realpath(folder)/name`` unless ``name`` is a symlink (then resolved in full)."""
    folders: dict[str, str] = {}
    realpath, split, islink = os.path.realpath, os.path.split, os.path.islink

    def resolve(path: str) -> str:
        head, tail = split(path)
        if not head or tail in ("", ".", ".."):
            return realpath(path)
        base = folders.get(head)
        if base is None:
            base = folders[head] = realpath(head)
        full = base + tail if base.endswith(os.sep) else base + os.sep + tail
        return realpath(full) if islink(full) else full

    return resolve


def _under(path: str, root: str) -> str | None:
    """The part of ``path`` below ``root`` ('' for the root itself), or None."""
    if path == root:
        return ""
    prefix = root if root.endswith(os.sep) else root + os.sep
    if path.startswith(prefix):
        return path[len(prefix):]
    return None


def fs_case_insensitive(directory: str) -> bool:
    """Whether the volume holding ``directory`` ignores letter case (probed once, cached).

    Stats the nearest existing folder with a cased letter in its name under a
    case-swapped spelling; the same inode means the volume folds case.
    """
    here = _real(directory)
    while True:
        if here in _case_cache:
            return _case_cache[here]
        name = os.path.basename(here)
        parent = os.path.dirname(here)
        if name and name.swapcase() != name and os.path.isdir(here):
            try:
                answer = os.path.samestat(os.stat(here), os.stat(os.path.join(parent, name.swapcase())))
            except OSError:
                answer = False
            _case_cache[here] = answer
            return answer
        if parent == here:
            return False
        here = parent


def _staging_is_real_folder(root: str) -> bool:
    """False when ``<root>/.staging`` is a symlink (in either spelling of root)."""
    for form in {_lexical(os.path.abspath(root)), _real(root)}:
        if os.path.islink(os.path.join(form, _STAGING)):
            return False
    return True


def _verdict_in(spellings: tuple[str, str], root: str, draft_folder: str | None = None) -> tuple[str, str]:
    """(verdict, part below root) of the resolved path against one root."""
    root_forms = (_lexical(os.path.abspath(root)), _real(root))
    hits = [rel for p in spellings for f in root_forms if (rel := _under(p, f)) is not None]
    fold = False
    if not hits:
        hits = [rel for p in spellings for f in root_forms if (rel := _under(p.lower(), f.lower())) is not None]
        if not hits or not any(fs_case_insensitive(f) for f in root_forms):
            return OUTSIDE, ""
        fold = True
    # Every spelling that lands in the store must land inside its staging place.
    for rel in hits:
        head, _, tail = rel.partition(os.sep)
        if (head.lower() if fold else head) != _STAGING or not tail:
            return INSIDE, hits[0]
        if draft_folder is not None:  # and inside that one folder of it, below the folder itself
            folder, _, below = tail.partition(os.sep)
            if (folder.lower() if fold else folder) != (draft_folder.lower() if fold else draft_folder) or not below:
                return INSIDE, hits[0]
    if not _staging_is_real_folder(root):
        return INSIDE, hits[0]
    return STAGING, hits[0]


def locate(path, roots, cwd: str | None = None, draft_folder: str | None = None) -> tuple[str, str | None, str]:
    """``(verdict, root, part below root)`` of a tool path; ``(OUTSIDE, None, '')`` when not in a store.

    Relative paths are taken against ``cwd``; ``~`` is expanded. With ``draft_folder`` (the
    calling session's folder name in the staging place, :func:`claude_memory.core.layout.session_key`),
    ``STAGING`` means below ``<root>/.staging/<draft_folder>/`` in every spelling: the rest of the
    staging place (the writer's manifest and last good copies, which the PostToolUse repair
    trusts, other sessions' folders, the caches) is ``INSIDE``. Without it, anywhere below
    ``<root>/.staging/`` is ``STAGING``.
    """
    if not isinstance(path, str) or not path or "\0" in path:
        return OUTSIDE, None, ""
    if path.startswith("~"):
        path = os.path.expanduser(path)
    base = cwd if isinstance(cwd, str) and cwd and "\0" not in cwd else os.getcwd()
    joined = os.path.join(base, path)
    spellings = (_lexical(joined), _real(joined))
    found: tuple[str, str | None, str] = (OUTSIDE, None, "")
    for root in roots:
        verdict, rel = _verdict_in(spellings, root, draft_folder)
        if verdict == INSIDE:
            return INSIDE, root, rel
        if verdict == STAGING and found[0] == OUTSIDE:
            found = (STAGING, root, rel)
    return found


def looks_like_store(folder: str) -> bool:
    """Whether ``folder`` is a claude-memory store by its layout (see :mod:`.layout_check`); the
    first ``stat`` decides for almost every folder, the rest loads only past it."""
    try:
        inside = folder if folder.endswith(os.sep) else folder + os.sep  # os.path.join, without its cost
        if not (os.path.isfile(inside + INDEX_NAME) or os.path.isdir(inside + _STAGING)
                or os.path.isfile(inside + INDEX_STAMP_NAME)):
            return False
    except (OSError, ValueError):
        return False
    from claude_memory.guard.layout_check import has_store_layout

    return has_store_layout(folder)


def store_root_of(path: str, cwd: str | None = None) -> str | None:
    """The claude-memory store (any project's) that ``path`` lies in, or None.

    A folder is a store when it is spelled ``.claude/memory`` or has a store's layout
    (:func:`looks_like_store`). Both the path as written and its real location are checked;
    one ``stat`` per ancestor folder, nothing read unless a folder already looks like a store.
    """
    if not isinstance(path, str) or not path or "\0" in path:
        return None
    if path.startswith("~"):
        path = os.path.expanduser(path)
    base = cwd if isinstance(cwd, str) and cwd and "\0" not in cwd else os.getcwd()
    joined = os.path.join(base, path)
    seen = set()
    user = os.environ.get("CLAUDE_MEMORY_USER_ROOT")  # the user-level store may live anywhere
    for form in (_lexical(joined), _real(joined)):
        if user and "\0" not in user:
            for spelling in {_lexical(os.path.abspath(os.path.expanduser(user))), _real(os.path.expanduser(user))}:
                if _under(form, spelling) is not None:
                    return spelling
        here = form
        while here not in seen:
            seen.add(here)
            parent = os.path.dirname(here)
            if os.path.basename(here) == MEMORY_PARTS[1] and os.path.basename(parent) == MEMORY_PARTS[0]:
                return here
            if parent == here:
                break
            if looks_like_store(here):
                return here
            here = parent
    return None
