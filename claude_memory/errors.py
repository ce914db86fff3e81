"""The one error type for expected failures.

Library code raises :class:`MemoryStoreError`; the single edge in
:mod:`claude_memory.cli_edge` turns it into ``prog: message`` on stderr and an
exit code. Nothing below the edge calls ``sys.exit``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

__all__ = ["MemoryStoreError", "Problem"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where, what was expected, what was got, how to fix."""

    field: str
    expected: str
    got: str
    fix: str

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "expected": self.expected, "got": self.got, "fix": self.fix}


@dataclass
class MemoryStoreError(Exception):
    """An expected failure with a stable machine-readable ``code``.

    Codes in use: VALIDATION_ERROR, OCC_CONFLICT, ANTI_RESURRECTION_ERROR,
    ALREADY_EXISTS, NOT_FOUND, PATH_ERROR, LOCK_TIMEOUT, LIMIT_EXCEEDED,
    LIFECYCLE_ERROR, INPUT_ERROR, IO_ERROR, DEPENDENCY_ERROR, USAGE_ERROR.
    """

    code: str
    message: str
    problems: list[Problem] = field(default_factory=list)
    exit_code: int = 1

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"

    def as_dict(self) -> dict:
        d: dict = {"error": self.code, "message": self.message}
        if self.problems:
            d["problems"] = [p.as_dict() for p in self.problems]
        return d

    def render(self) -> str:
        """Human line plus a structured JSON line (for Claude to parse)."""
        lines = [str(self)]
        for p in self.problems:
            lines.append(f"  - {p.field}: expected {p.expected}; got {p.got}. Fix: {p.fix}")
        lines.append(json.dumps(self.as_dict(), ensure_ascii=False))
        return "\n".join(lines)
