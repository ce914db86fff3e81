"""Running git: the one way the plugin asks it anything.

Standard library only; ``subprocess`` is imported when git is first run (not for the hot paths
that never need it). git runs with ``GIT_OPTIONAL_LOCKS=0``: a read (``git status``) does not
take the index lock a user's own git command may be waiting for.
"""

import os

__all__ = ["run"]


def run(cwd: str | os.PathLike, *args: str, timeout: float = 10, stdin: bytes | None = None,
        slow: object = None) -> bytes | None:
    """``git *args`` in ``cwd`` (``stdin``: its input, else none): its standard output, or None (not a
    repository, no git, an error); ``slow`` when git does not answer within ``timeout`` seconds."""
    import subprocess

    try:
        done = subprocess.run(["git", *args], cwd=os.fspath(cwd), capture_output=True, timeout=timeout, check=False,
                              env={**os.environ, "GIT_OPTIONAL_LOCKS": "0"},
                              **({"input": stdin} if stdin is not None else {"stdin": subprocess.DEVNULL}))
    except subprocess.TimeoutExpired:
        return slow  # type: ignore[return-value]
    except (OSError, ValueError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None
