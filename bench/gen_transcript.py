"""Deterministic Claude Code transcripts of a given size, for the Stop-hook benchmarks.

    generate(path, size_bytes, seed=0) -> number of lines written
    append_turn(path, text, seed) -> appends one small user/assistant exchange (the "new tail")

Lines follow the format Claude Code writes (see ../shared/CLAUDE_CODE.md): user prompts,
assistant text and tool_use blocks one per line, tool_result lines carrying file contents and
command output, plus snapshot and system lines. The bulk is tool output, as in real sessions.
"""

from __future__ import annotations

import json
import random
import uuid
from pathlib import Path

__all__ = ["generate", "append_turn"]

_WORDS = ("service handler config retry cache index query schema deploy build test module client "
          "request response timeout worker queue batch token session route parser storage metric").split()
_TOOLS = ("Read", "Bash", "Grep", "Edit", "Glob")


def _line(kind: str, message: dict, rng: random.Random, parent: str | None, **extra) -> tuple[str, str]:
    uid = str(uuid.UUID(int=rng.getrandbits(128)))
    obj = {"parentUuid": parent, "isSidechain": False, "userType": "external", "cwd": "/home/dev/project",
           "sessionId": "bench-session", "version": "2.1.197", "gitBranch": "main", "type": kind,
           "message": message, "uuid": uid, "timestamp": "2026-05-01T10:00:00.000Z", **extra}
    return json.dumps(obj, separators=(",", ":")) + "\n", uid


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(n)).capitalize() + "."


def _file_body(rng: random.Random, lines: int) -> str:
    return "\n".join(f"{i:5d}\tdef {rng.choice(_WORDS)}_{rng.choice(_WORDS)}(x):  # {_sentence(rng, 6)}"
                     for i in range(1, lines + 1))


def _exchange(rng: random.Random, parent: str | None) -> tuple[list[str], str]:
    out = []
    line, parent = _line("user", {"role": "user", "content": _sentence(rng, 14)}, rng, parent)
    out.append(line)
    for _ in range(rng.randint(1, 4)):
        tool = rng.choice(_TOOLS)
        tid = f"toolu_{rng.getrandbits(64):016x}"
        line, parent = _line("assistant", {"id": f"msg_{rng.getrandbits(48):012x}", "role": "assistant",
                             "content": [{"type": "tool_use", "id": tid, "name": tool,
                                          "input": {"file_path": f"/home/dev/project/src/{rng.choice(_WORDS)}.py"}}]},
                             rng, parent)
        out.append(line)
        body = _file_body(rng, rng.randint(40, 400))
        line, parent = _line("user", {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tid,
                                                                    "content": body}]}, rng, parent)
        out.append(line)
    line, parent = _line("assistant", {"id": f"msg_{rng.getrandbits(48):012x}", "role": "assistant",
                         "content": [{"type": "text", "text": _sentence(rng, 40)}]}, rng, parent)
    out.append(line)
    return out, parent


def generate(path: str | Path, size_bytes: int, seed: int = 0) -> int:
    rng = random.Random(seed)
    written = count = 0
    parent = None
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"type": "file-history-snapshot", "messageId": "m0", "snapshot": {}}) + "\n")
        while written < size_bytes:
            lines, parent = _exchange(rng, parent)
            for line in lines:
                fh.write(line)
                written += len(line)
                count += 1
    return count


def append_turn(path: str | Path, text: str, seed: int = 1) -> None:
    rng = random.Random(seed)
    with open(path, "a", encoding="utf-8") as fh:
        line, parent = _line("user", {"role": "user", "content": text}, rng, None)
        fh.write(line)
        line, _ = _line("assistant", {"id": "msg_tail", "role": "assistant",
                                      "content": [{"type": "text", "text": "Done."}]}, rng, parent)
        fh.write(line)
