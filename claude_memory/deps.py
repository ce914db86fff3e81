"""Make the write path's dependencies (pydantic, filelock) importable.

Recall, triage and the guards need only the standard library. The writer,
candidate selection's callers and the index tool need pydantic and filelock:
when they are not importable, look for them in a virtual environment under the
plugin's persistent data folder (``$CLAUDE_PLUGIN_DATA/venv``), creating it with
pip the first time. If that cannot work (no network), say in one line what to run.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import subprocess
import sys

from .errors import MemoryStoreError

__all__ = ["REQUIREMENTS", "ensure_deps", "venv_dir", "install_command"]

REQUIREMENTS = ("pydantic>=2,<3", "filelock>=3.12")
_MODULES = ("pydantic", "filelock")


def _missing() -> list[str]:
    return [m for m in _MODULES if importlib.util.find_spec(m) is None]


def venv_dir() -> str | None:
    data = os.environ.get("CLAUDE_PLUGIN_DATA")
    return os.path.join(data, "venv") if data else None


def install_command(venv: str | None = None) -> str:
    venv = venv or venv_dir()
    reqs = " ".join(f"'{r}'" for r in REQUIREMENTS)
    if venv:
        return f"python3 -m venv '{venv}' && '{venv}/bin/python' -m pip install {reqs}"
    return f"python3 -m pip install --user {reqs}"


def _add_site_packages(venv: str) -> None:
    pattern = os.path.join(venv, "lib", f"python{sys.version_info[0]}.{sys.version_info[1]}", "site-packages")
    for site in glob.glob(pattern) + glob.glob(os.path.join(venv, "Lib", "site-packages")):
        if site not in sys.path:
            sys.path.append(site)
    importlib.invalidate_caches()


def ensure_deps(*, install: bool = True) -> None:
    """Return when pydantic and filelock import; else raise DEPENDENCY_ERROR with the command to run."""
    if not _missing():
        return
    venv = venv_dir()
    if venv:
        _add_site_packages(venv)
        if not _missing():
            return
        if install:
            try:
                subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True, timeout=120)
                subprocess.run(
                    [os.path.join(venv, "bin", "python"), "-m", "pip", "install", "--quiet",
                     "--disable-pip-version-check", *REQUIREMENTS],
                    check=True, capture_output=True, timeout=300,
                )
            except (OSError, subprocess.SubprocessError):
                pass
            _add_site_packages(venv)
            if not _missing():
                return
    raise MemoryStoreError(
        "DEPENDENCY_ERROR",
        f"missing {', '.join(_missing())}; run: {install_command(venv)}",
        exit_code=3,
    )
