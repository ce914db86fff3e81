"""Where things live: the project's memory root, category folders, the staging place.

Standard library only. Every path that comes from outside (``--target``,
hook payloads, index lines) is checked with :func:`resolve_inside` before use.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from claude_memory.core.categories import FOLDERS
from claude_memory.core.errors import MemoryStoreError
from claude_memory.core.roots import find_memory_root

__all__ = [
    "MEMORY_DIRNAME",
    "STAGING_DIRNAME",
    "INDEX_NAME",
    "project_dir",
    "default_memory_root",
    "resolve_inside",
    "is_inside",
    "category_dir",
    "staging_dir",
]

from claude_memory.core.layout import GIT_IGNORED, GITIGNORE_NAME, INDEX_NAME, MEMORY_DIRNAME, STAGING_DIRNAME


def project_dir(cwd: str | os.PathLike | None = None) -> Path:
    """The project: ``$CLAUDE_PROJECT_DIR``, else ``cwd`` (the hook's working directory)."""
    env = os.environ.get("CLAUDE_PROJECT_DIR")
    if env:
        return Path(env)
    return Path(cwd) if cwd else Path.cwd()


def default_memory_root(cwd: str | os.PathLike | None = None) -> Path:
    """``<project>/.claude/memory``. Without ``$CLAUDE_PROJECT_DIR`` the nearest
    ancestor of ``cwd`` that has a ``.claude/memory`` folder wins, else ``cwd``'s.
    The rule lives in :func:`claude_memory.core.roots.find_memory_root`."""
    return Path(find_memory_root(cwd))


def is_inside(path: Path, root: Path) -> bool:
    """True when ``path`` is ``root`` or below it (both already resolved)."""
    try:
        path.relative_to(root)
    except ValueError:
        return False
    return True


def resolve_inside(path: str | os.PathLike, root: str | os.PathLike, *, what: str = "path") -> Path:
    """Resolve ``path`` (relative to the project of ``root`` when relative) and
    require it to stay inside ``root`` with no symlink escaping it.

    Returns the resolved path. Raises ``PATH_ERROR`` otherwise.
    """
    root_p = Path(root)
    root_real = root_p.resolve()
    p = Path(path)
    if not p.is_absolute():
        # Relative targets are written relative to the project (".claude/memory/...")
        # or to the memory root itself ("decisions/x.json").
        project = root_p.absolute().parent.parent
        parts = p.parts
        p = (project / p) if parts[:2] == (".claude", "memory") else (root_p / p)
    if ".." in Path(path).parts:
        raise MemoryStoreError("PATH_ERROR", f"{what} {str(path)!r} contains '..'; give a path inside {root_p}")
    real = p.resolve()
    if not is_inside(real, root_real):
        raise MemoryStoreError("PATH_ERROR", f"{what} {str(path)!r} resolves outside the memory root {root_real}")
    return real


def category_dir(root: str | os.PathLike, category: str) -> Path:
    return Path(root) / FOLDERS[category]


def staging_dir(root: str | os.PathLike, *, create: bool = True) -> Path:
    """The private staging place ``<root>/.staging`` (mode 0700, git-ignored).

    Refuses a staging folder that is a symlink or is not owned by this user.
    """
    root_p = Path(root)
    staging = root_p / STAGING_DIRNAME
    if create:
        root_p.mkdir(parents=True, exist_ok=True)
        _ensure_gitignore(root_p)
        try:
            os.mkdir(staging, 0o700)
        except FileExistsError:
            pass
    st = os.lstat(staging)
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        raise MemoryStoreError("PATH_ERROR", f"staging place {staging} is not a real folder (symlink?); remove it")
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        raise MemoryStoreError("PATH_ERROR", f"staging place {staging} belongs to another user; remove it")
    if stat.S_IMODE(st.st_mode) != 0o700:
        os.chmod(staging, 0o700)
    return staging


_GITIGNORE_HEADER = ("# claude-memory: private per-user working files and the derived index (never commit them);\n"
                     "# written by the plugin in every clone where it runs, so it ignores itself too\n")


def _ensure_gitignore(root: Path) -> None:
    """Create ``<root>/.gitignore`` or add the lines of ``layout.GIT_IGNORED`` it lacks (the user's
    own lines are kept). Never writes through a symlink; fails silently (ignoring is advisory)."""
    path = os.path.join(os.fspath(root), GITIGNORE_NAME)
    try:
        if os.path.islink(path):
            return
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except FileNotFoundError:
            text = None
        if text is None:
            with open(path, "x", encoding="utf-8") as fh:
                fh.write(_GITIGNORE_HEADER + "".join(f"{line}\n" for line in GIT_IGNORED))
            return
        have = {line.strip() for line in text.splitlines()}
        missing = [line for line in GIT_IGNORED if line not in have]
        if missing:
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(("" if text.endswith("\n") or not text else "\n") +
                         "".join(f"{line}\n" for line in missing))
    except (OSError, UnicodeDecodeError):
        pass
