"""The one error type for expected failures.

Library code raises :class:`MemoryStoreError`; the single edge in
:mod:`claude_memory.cli.edge` turns it into ``prog: message`` on stderr and an
exit code. Nothing below the edge calls ``sys.exit``.

Plain classes (no dataclasses): hooks import this on every call, and
``dataclasses`` pulls in ``inspect`` and friends at start-up.
"""

from __future__ import annotations

__all__ = ["MemoryStoreError", "Problem"]


class Problem:
    """One thing wrong with an input: where, what was expected, what was got, how to fix."""

    __slots__ = ("field", "expected", "got", "fix")

    def __init__(self, field: str, expected: str, got: str, fix: str) -> None:
        self.field = field
        self.expected = expected
        self.got = got
        self.fix = fix

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "expected": self.expected, "got": self.got, "fix": self.fix}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Problem) and self.as_dict() == other.as_dict()

    def __hash__(self) -> int:
        return hash((self.field, self.expected, self.got, self.fix))

    def __repr__(self) -> str:
        return f"Problem({self.field!r}, {self.expected!r}, {self.got!r}, {self.fix!r})"


#: the exit code of each error code; every other code exits 1
EXIT_CODES = {"USAGE_ERROR": 2, "DEPENDENCY_ERROR": 3}


class MemoryStoreError(Exception):
    """An expected failure with a stable machine-readable ``code``.

    Codes in use: VALIDATION_ERROR, OCC_CONFLICT, ANTI_RESURRECTION_ERROR,
    ALREADY_EXISTS, NOT_FOUND, PATH_ERROR, LOCK_TIMEOUT, LIMIT_EXCEEDED,
    LIFECYCLE_ERROR, INPUT_ERROR, IO_ERROR, DEPENDENCY_ERROR, USAGE_ERROR.
    """

    def __init__(self, code: str, message: str, problems: list[Problem] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.problems = list(problems or [])
        self.exit_code = EXIT_CODES.get(code, 1)

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"

    def __repr__(self) -> str:
        return f"MemoryStoreError({self.code!r}, {self.message!r})"

    def as_dict(self) -> dict:
        d: dict = {"error": self.code, "message": self.message}
        if self.problems:
            d["problems"] = [p.as_dict() for p in self.problems]
        return d

    def render(self) -> str:
        """Human lines plus a structured JSON line (for Claude to parse)."""
        import json

        lines = [str(self)]
        for p in self.problems:
            lines.append(f"  - {p.field}: expected {p.expected}; got {p.got}. Fix: {p.fix}")
        lines.append(json.dumps(self.as_dict(), ensure_ascii=False))
        return "\n".join(lines)
