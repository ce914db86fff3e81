"""Command-line tools (the writer, the index tool, candidate selection).

Each CLI module exposes ``build_parser()`` and ``main(argv) -> int``; usage
errors become ``USAGE_ERROR`` (exit 2) through :class:`ArgParser` instead of
argparse's own ``sys.exit``.
"""

from __future__ import annotations

import argparse

from claude_memory.core.errors import MemoryStoreError

__all__ = ["ArgParser", "positive_int"]


class ArgParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that raises ``MemoryStoreError("USAGE_ERROR")`` on bad usage."""

    def error(self, message: str):  # type: ignore[override]
        raise MemoryStoreError("USAGE_ERROR", f"{message} (see --help)")


def positive_int(text: str) -> int:
    """An argparse ``type``: a whole number of 1 or more (``--log 0``, ``--days -1`` are usage errors)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, not {value}")
    return value
