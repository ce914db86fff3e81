#!/usr/bin/env python3
"""Write the blind held-out triage set: bench/heldout/triage/transcripts/*.jsonl + triage_labels.json.

    python3 bench/heldout/_make_triage.py [OUT]     # OUT defaults to bench/heldout/triage

Written blind (see bench/heldout/README.md): the author had not read the triage code, its tests or
the development sets' transcripts. The sessions are invented; four projects in different domains:

- tidewater: a Go HTTP service serving tide predictions from NOAA data, Postgres, deployed on Fly.io
- quillpad: an Expo / React Native notes app in TypeScript, synced through Supabase
- larchfield: a Python (Dagster, Polars, DuckDB) pipeline for soil-moisture sensors on farms
- brassica: Rust firmware for an ESP32-C3 greenhouse controller (esp-idf, MQTT, OTA)

Lines follow what Claude Code 2.1.x writes: one line per content block of an API reply (blocks of one
reply share message.id), tool results as user lines, and a system ``stop_hook_summary`` line after
every turn that ends (the plugin's Stop hook runs there). Deterministic: same output every run.
"""

from __future__ import annotations

import json
import random
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "triage"
ALL = ["session_summary", "decision", "runbook", "constraint", "tech_debt", "preference"]
MODEL = "claude-sonnet-4-5-20250929"
VERSION = "2.1.197"

PROJECTS = {
    "tidewater": ("/home/maya/src/tidewater", "main"),
    "quillpad": ("/Users/ana/code/quillpad", "develop"),
    "larchfield": ("/home/tobias/work/larchfield", "main"),
    "brassica": ("/home/jonas/firmware/brassica", "main"),
}


class Session:
    projects = PROJECTS  # project -> (cwd, git branch); a second set subclasses with its own

    def __init__(self, name: str, project: str, start: str):
        self.name = name
        self.cwd, self.branch = self.projects[project]
        self.rng = random.Random(name)
        self.sid = str(uuid.UUID(int=self.rng.getrandbits(128), version=4))
        self.t = datetime.fromisoformat(start).replace(tzinfo=timezone.utc)
        self.lines: list[dict] = []
        self.parent: str | None = None

    # -- plumbing
    def _uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def _tick(self, lo: int = 2, hi: int = 40) -> str:
        self.t += timedelta(seconds=self.rng.randint(lo, hi), milliseconds=self.rng.randint(0, 999))
        return self.t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.t.microsecond // 1000:03d}Z"

    def _line(self, kind: str, extra: dict, lo: int = 2, hi: int = 40) -> dict:
        u = self._uuid()
        line = {
            "parentUuid": self.parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.sid,
            "version": VERSION,
            "gitBranch": self.branch,
            "type": kind,
            **extra,
            "uuid": u,
            "timestamp": self._tick(lo, hi),
        }
        self.lines.append(line)
        self.parent = u
        return line

    def _usage(self) -> dict:
        return {
            "input_tokens": self.rng.randint(3, 12),
            "cache_creation_input_tokens": self.rng.randint(0, 3000),
            "cache_read_input_tokens": self.rng.randint(12000, 60000),
            "output_tokens": self.rng.randint(40, 900),
            "service_tier": "standard",
        }

    def _reply(self, blocks: list[dict], stop_reason: str) -> None:
        mid = "msg_01" + "".join(self.rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789") for _ in range(22))
        rid = "req_011C" + "".join(self.rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789") for _ in range(18))
        for block in blocks:
            self._line(
                "assistant",
                {
                    "message": {
                        "id": mid,
                        "type": "message",
                        "role": "assistant",
                        "model": MODEL,
                        "content": [block],
                        "stop_reason": stop_reason,
                        "stop_sequence": None,
                        "usage": self._usage(),
                    },
                    "requestId": rid,
                },
                lo=1,
                hi=25,
            )

    def _stop(self) -> None:
        self._line(
            "system",
            {
                "subtype": "stop_hook_summary",
                "hookCount": 1,
                "hookInfos": [{"command": 'python3 "${CLAUDE_PLUGIN_ROOT}/hooks/scripts/memory_triage.py"'}],
                "hookErrors": [],
                "preventedContinuation": False,
                "stopReason": "",
                "hasOutput": False,
                "level": "suggestion",
                "toolUseID": self._uuid(),
            },
            lo=0,
            hi=1,
        )

    # -- what a session says
    def user(self, text: str) -> "Session":
        self._line("user", {"message": {"role": "user", "content": text}}, lo=20, hi=240)
        return self

    def say(self, text: str) -> "Session":
        """An assistant reply that ends the turn (the Stop hook runs after it)."""
        self._reply([{"type": "text", "text": text}], "end_turn")
        self._stop()
        return self

    def tool(self, name: str, tool_input: dict, result: str, text: str | None = None, error: bool = False) -> "Session":
        tid = "toolu_01" + "".join(self.rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789") for _ in range(22))
        blocks = ([{"type": "text", "text": text}] if text else []) + [
            {"type": "tool_use", "id": tid, "name": name, "input": tool_input}
        ]
        self._reply(blocks, "tool_use")
        res = {"type": "tool_result", "tool_use_id": tid, "content": result}
        if error:
            res["is_error"] = True
        self._line("user", {"message": {"role": "user", "content": [res]}}, lo=1, hi=90)
        return self

    def bash(self, command: str, output: str, text: str | None = None, error: bool = False, description: str | None = None) -> "Session":
        inp = {"command": command}
        if description:
            inp["description"] = description
        return self.tool("Bash", inp, output, text, error)

    def read(self, path: str, body: str, text: str | None = None) -> "Session":
        numbered = "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(body.split("\n"), 1))
        return self.tool("Read", {"file_path": f"{self.cwd}/{path}"}, numbered, text)

    def edit(self, path: str, old: str, new: str, text: str | None = None) -> "Session":
        full = f"{self.cwd}/{path}"
        return self.tool(
            "Edit",
            {"file_path": full, "old_string": old, "new_string": new},
            f"The file {full} has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n"
            + "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(new.split("\n"), 1)),
            text,
        )

    def write(self, path: str, body: str, text: str | None = None) -> "Session":
        full = f"{self.cwd}/{path}"
        return self.tool("Write", {"file_path": full, "content": body}, f"File created successfully at: {full}", text)

    def dump(self, folder: Path) -> None:
        with (folder / f"{self.name}.jsonl").open("w", encoding="utf-8") as fh:
            for line in self.lines:
                fh.write(json.dumps(line, ensure_ascii=False) + "\n")


def _as_labelled(_s: Session, expected: list[str], must_not: list[str]) -> tuple[list[str], list[str]]:
    return expected, must_not


def generate(out: Path, modules: list[str], session_cls=Session, labels=_as_labelled) -> None:
    """Register every session of the session ``modules`` (each has ``register(session)``) and write the set.

    ``session(name, project, start, ...)`` is the decorator the modules get: it builds the session with
    ``session_cls`` and turns the rest of its arguments into ``(expected, must_not)`` with
    ``labels(session, ...)`` (by default they are those two lists, decided when the session was written)."""
    import importlib
    import sys

    sys.path.insert(0, str(HERE))
    sessions: list[tuple[Session, list[str], list[str]]] = []

    def session(name: str, project: str, start: str, *given, **named):
        def wrap(build):
            s = session_cls(name, project, start)
            build(s)
            sessions.append((s, *labels(s, *given, **named)))
            return build

        return wrap

    for name in modules:
        importlib.import_module(name).register(session)
    write_set(sessions, out)


def main(out: Path = OUT) -> None:
    generate(out, ["_sessions_negative", "_sessions_single", "_sessions_multi", "_sessions_languages"])


def write_set(sessions: list[tuple[Session, list[str], list[str]]], out: Path) -> None:
    """Write the transcripts and triage_labels.json of a set (replacing an earlier run's)."""
    folder = out / "transcripts"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.jsonl"):
        old.unlink()
    labels: dict[str, dict[str, list[str]]] = {}
    names = set()
    for s, expected, must_not in sessions:
        assert s.name not in names, s.name
        names.add(s.name)
        assert not set(expected) & set(must_not), s.name
        assert set(expected) | set(must_not) <= set(ALL), s.name
        s.dump(folder)
        labels[s.name] = {"expected": [c for c in ALL if c in expected], "must_not": [c for c in ALL if c in must_not]}
    (out / "triage_labels.json").write_text(json.dumps(dict(sorted(labels.items())), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(labels)} transcripts to {folder}")


if __name__ == "__main__":
    import sys

    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
