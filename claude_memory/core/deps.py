"""Make the write path's dependencies (pydantic, filelock) importable.

Recall, triage and the guards need only the standard library. The writer and
the index tool need pydantic and filelock: when they are not importable, look
for them in a virtual environment under the plugin's persistent data folder,
creating it with pip the first time (one installer at a time, under a lock).
If that cannot work (no network, no ``venv`` module), say in one line what to run.

The data folder is ``$CLAUDE_PLUGIN_DATA`` in hooks. Claude Code does not export
that variable to commands Claude runs with the Bash tool, so there it is derived
the way Claude Code names it: ``<config>/plugins/data/<plugin>-<marketplace>``
for an installed plugin (root under ``<config>/plugins/cache/<marketplace>/<plugin>/``)
and ``<config>/plugins/data/<plugin>-inline`` for ``--plugin-dir``, where
``<config>`` is ``$CLAUDE_CONFIG_DIR`` or ``~/.claude``.
"""

from __future__ import annotations

import glob
import importlib.util
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

from claude_memory.core import roots
from claude_memory.core.errors import MemoryStoreError

__all__ = ["REQUIREMENTS", "SEMANTIC_REQUIREMENTS", "install_semantic", "restore_site", "progress_line", "ensure_deps", "require_deps",
           "venv_dir", "plugin_data_dir", "install_command"]

REQUIREMENTS = ("pydantic>=2,<3", "filelock>=3.12")
#: The optional extra ``claude-memory[semantic]`` (recall by meaning), installed into the same
#: venv by the background recall builder when missing (see :func:`install_semantic`).
SEMANTIC_REQUIREMENTS = ("wordllama>=0.4,<0.5",)
_MODULES = ("pydantic", "filelock")
PLUGIN_ROOT = Path(roots.PLUGIN_ROOT)


def _missing() -> list[str]:
    return [m for m in _MODULES if importlib.util.find_spec(m) is None]


def _plugin_name(root: Path) -> str:
    try:
        return str(json.loads((root / ".claude-plugin" / "plugin.json").read_text())["name"])
    except (OSError, ValueError, KeyError, TypeError):
        return "claude-memory"


def plugin_data_dir(root: Path = PLUGIN_ROOT, env: dict | None = None) -> Path:
    """The plugin's persistent data folder (see the module docstring)."""
    env = os.environ if env is None else env
    if env.get("CLAUDE_PLUGIN_DATA"):
        return Path(env["CLAUDE_PLUGIN_DATA"])
    config = Path(env["CLAUDE_CONFIG_DIR"]) if env.get("CLAUDE_CONFIG_DIR") else Path(env.get("HOME") or Path.home()) / ".claude"
    cache = config / "plugins" / "cache"
    try:
        marketplace, plugin = root.resolve().relative_to(cache.resolve()).parts[:2]
        return config / "plugins" / "data" / f"{plugin}-{marketplace}"
    except ValueError:
        return config / "plugins" / "data" / f"{_plugin_name(root)}-inline"


def venv_dir() -> str:
    return str(plugin_data_dir() / "venv")


def install_command(venv: str | None = None) -> str:
    venv = venv or venv_dir()
    reqs = " ".join(shlex.quote(r) for r in REQUIREMENTS)
    return f"python3 -m venv {shlex.quote(venv)} && {shlex.quote(venv + '/bin/python')} -m pip install {reqs}"


def _add_site_packages(venv: str) -> None:
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    pattern = os.path.join(venv, "lib", version, "site-packages")
    for site in glob.glob(pattern) + glob.glob(os.path.join(venv, "Lib", "site-packages")):
        if site not in sys.path:
            sys.path.append(site)
    importlib.invalidate_caches()


def progress_line(venv: str) -> str:
    """The one line a person sees on the writer's first use: what, why, how long."""
    return (f"claude-memory: first use of the memory writer: installing {' and '.join(_MODULES)} into {venv} "
            "(once, takes about 10-60 seconds)")


def _install_lock(venv: str):
    """The open lock file beside ``venv``, held (``flock``) until it is closed: one pip at a time."""
    lock = open(venv + ".lock", "a")
    try:
        import fcntl

        fcntl.flock(lock, fcntl.LOCK_EX)
    except (ImportError, OSError):
        pass
    return lock


def _install(venv: str) -> None:
    """Create the venv and pip-install the requirements, one process at a time."""
    os.makedirs(os.path.dirname(venv), exist_ok=True)
    with _install_lock(venv):
        _add_site_packages(venv)
        if not _missing():  # another process finished the install while we waited
            return
        python = os.path.join(venv, "bin", "python")
        print(progress_line(venv), file=sys.stderr, flush=True)
        if not os.path.exists(python):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True, timeout=180)
        subprocess.run(
            [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *REQUIREMENTS],
            check=True, capture_output=True, timeout=600,
        )


def install_semantic(venv: str | None = None) -> bool:
    """pip-install the semantic extra into the write path's venv (which must exist), one process at
    a time; True when it then imports. Only the detached background builder calls this: it may
    take a minute, and a machine without network simply keeps lexical recall."""
    venv = venv or venv_dir()
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        return False
    with _install_lock(venv):
        try:
            subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                            *SEMANTIC_REQUIREMENTS], check=True, capture_output=True, timeout=900)
        except (OSError, subprocess.SubprocessError):
            return False
    _add_site_packages(venv)
    return all(importlib.util.find_spec(m) is not None for m in ("wordllama", "numpy"))


_site_restored = False


def restore_site() -> None:
    """Put ``site``'s folders back on ``sys.path`` in a process started with ``python3 -S`` (every
    hook is, ``hooks/hooks.json``, to start faster): a hook's repair and the background work it
    forks may need what the user installed there (the write path's dependencies, the semantic
    extra). Once per process; a no-op without ``-S``."""
    global _site_restored
    if sys.flags.no_site and not _site_restored:
        _site_restored = True
        import site

        site.main()


def ensure_deps(*, install: bool = True) -> None:
    """Return when pydantic and filelock import; else raise DEPENDENCY_ERROR with the command to run.
    Looked for where Python would find them without ``-S`` first (:func:`restore_site`), then in
    the plugin's own venv, then installed there (with ``install``)."""
    if not _missing():
        return
    restore_site()
    if not _missing():
        return
    venv = venv_dir()
    _add_site_packages(venv)
    if not _missing():
        return
    if install:
        try:
            _install(venv)
        except (OSError, subprocess.SubprocessError):
            pass
        _add_site_packages(venv)
        if not _missing():
            return
    raise MemoryStoreError(
        "DEPENDENCY_ERROR",
        f"missing {', '.join(_missing())} and could not install them; run: {install_command(venv)}",
    )


def require_deps(prog: str) -> int:
    """The launcher's edge: 0 when the dependencies import, else one line on stderr and exit code 3."""
    try:
        ensure_deps()
    except MemoryStoreError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return exc.exit_code
    return 0
