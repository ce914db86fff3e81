"""The single edge where expected failures become ``prog: message`` and an exit code."""

from __future__ import annotations

import sys
from typing import Callable, Sequence

from claude_memory.core.errors import MemoryStoreError

__all__ = ["run_cli"]


def run_cli(prog: str, main: Callable[[Sequence[str]], int], argv: Sequence[str] | None = None,
            *, on_done: Callable[[str | None], None] | None = None) -> int:
    """Run a CLI ``main``; map :class:`MemoryStoreError` (and ``OSError`` as ``IO_ERROR``) to exit codes.
    ``on_done`` (optional) is told the error code, or None on success."""
    code: str | None = "INTERRUPTED"
    try:
        result = main(list(sys.argv[1:] if argv is None else argv))
        code = None
        return result
    except MemoryStoreError as exc:
        code = exc.code
        print(f"{prog}: {exc.render()}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:  # the reader went away (``--list | head``): nothing more to say to it
        code = None
        try:
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        except (OSError, ValueError):
            pass
        return 0
    except OSError as exc:  # disk full, permission denied, read-only store ...
        error = MemoryStoreError("IO_ERROR", f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": "))
        code = error.code
        print(f"{prog}: {error.render()}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    finally:
        if on_done is not None:
            try:
                on_done(code)
            except Exception:  # noqa: BLE001 - a report never changes the outcome
                pass
