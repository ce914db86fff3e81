"""Scripted models that behave like Claude following this plugin's instructions.

:class:`Conversation` turns a generator into a model script: the generator
yields replies and receives the next request body. :func:`follow_triage` plays
what the memory-management skill tells Claude to do after the Stop hook blocks:
read each context file, write a draft to the staging place, run
memory_candidate.py, then save with memory_write.py (create, or update with
``--hash`` when the candidate says so), all through the real tools.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from claude_memory.core import roots
from typing import Callable, Generator

from claude_memory.devtools.model_server import Reply, last_user_text, text, tool, tool_results

__all__ = ["Conversation", "parse_triage_data", "reason_commands", "script_path", "strip_line_numbers", "follow_triage", "Saved"]

Flow = Generator[Reply, dict, object]
TRIAGE_RE = re.compile(r"<triage_data>\s*(.*?)\s*</triage_data>", re.DOTALL)
PLUGIN_ROOT = Path(roots.PLUGIN_ROOT)


class Conversation:
    """A model script driven by a generator: ``gen = flow(first_body)``; each later body is sent in."""

    def __init__(self, flow: Callable[[dict], Flow], fallback: str = "Done."):
        self._flow = flow
        self._gen: Flow | None = None
        self._fallback = fallback
        self.finished = False
        self.result: object = None

    def __call__(self, body: dict) -> Reply:
        if self.finished:
            return text(self._fallback)
        try:
            if self._gen is None:
                self._gen = self._flow(body)
                return next(self._gen)
            return self._gen.send(body)
        except StopIteration as stop:
            self.finished = True
            self.result = stop.value
            return text(self._fallback)


def parse_triage_data(feedback: str) -> dict | None:
    match = TRIAGE_RE.search(feedback)
    if not match:
        return None
    try:
        return json.loads(match.group(1))
    except ValueError:
        return None


def script_path(feedback: str, name: str) -> str:
    """The path of ``name`` as the triage reason spells it (else the plugin's own copy)."""
    match = re.search(r"[\"']?(/[^\s\"']*/" + re.escape(name) + r")", feedback)
    return match.group(1) if match else str(PLUGIN_ROOT / "hooks" / "scripts" / name)


def strip_line_numbers(read_output: str) -> str:
    """The Read tool shows ``cat -n`` style lines; give back the file text."""
    lines = []
    for line in read_output.splitlines():
        match = re.match(r"^\s*\d+[\t\u2192](.*)$", line)
        if match:
            lines.append(match.group(1))
    return "\n".join(lines)


def reason_commands(feedback: str, category: str) -> dict[str, str]:
    """The draft path and the candidate/create command lines the triage reason gives for ``category``."""
    lines = feedback.splitlines()
    for i, line in enumerate(lines):
        match = re.match(rf"^\s*{re.escape(category)}: draft (\S.*)$", line)
        if match:
            found = {"draft": match.group(1).strip()}
            for follow in lines[i + 1:i + 3]:
                follow = follow.strip()
                if "memory_candidate.py" in follow:
                    found["candidate"] = follow
                elif "memory_write.py" in follow and "--action create" in follow:
                    found["create"] = follow
            return found
    return {}


def _result_text(body: dict) -> tuple[str, bool]:
    results = tool_results(body)
    if not results:
        return last_user_text(body), False
    return results[-1]["text"], results[-1]["is_error"]


class Saved(list):
    """What the flow did: one ``{category, action, stdout, is_error}`` per memory_write.py call."""


def follow_triage(feedback: str, *, project: Path, drafts: dict[str, dict], new_info: dict[str, str],
                  update: Callable[[dict], dict] | None = None, python: str = "python3",
                  reason: str = "update from a later session") -> Flow:
    """Play the skill for each triggered category that has a draft. Yields tool calls; returns :class:`Saved`."""
    data = parse_triage_data(feedback) or {}
    candidate_py = script_path(feedback, "memory_candidate.py")
    write_py = script_path(feedback, "memory_write.py")
    saved = Saved()
    for entry in data.get("categories", []):
        category = entry.get("category")
        if category not in drafts:
            continue
        context_file = entry.get("context_file")
        body = yield tool("Read", {"file_path": context_file})
        given = reason_commands(feedback, category)
        draft_path = given.get("draft") or str(Path(context_file).parent / f"draft-{category}.json")
        draft = drafts[category]
        body = yield tool("Write", {"file_path": draft_path, "content": json.dumps(draft, indent=2)})
        candidate_cmd = given.get("candidate") or (f"{python} {shlex.quote(candidate_py)} --category {category} "
                                                   f"--new-info {shlex.quote(new_info[category])}")
        body = yield tool("Bash", {"command": candidate_cmd, "description": "Find an existing memory this is about"})
        out, is_error = _result_text(body)
        try:
            verdict = json.loads(out[out.index("{"):])
        except ValueError:
            verdict = {}
        candidate = verdict.get("candidate") or {}
        cud = verdict.get("structural_cud")
        if candidate and cud in ("UPDATE", "UPDATE_OR_DELETE") and update is not None:
            target = candidate["path"]
            body = yield tool("Read", {"file_path": str(Path(project) / target)})
            read_text, _ = _result_text(body)
            existing = json.loads(strip_line_numbers(read_text))
            body = yield tool("Bash", {"command": f"md5sum {shlex.quote(target)}",
                                       "description": "Hash the memory as read"})
            digest = _result_text(body)[0].split()[0]
            body = yield tool("Write", {"file_path": draft_path, "content": json.dumps(update(existing), indent=2)})
            if "create" in given:
                command = given["create"].replace("--action create", "--action update", 1) + (
                    f" --target {shlex.quote(target)} --hash {digest} --reason {shlex.quote(reason)}")
            else:
                command = (f"{python} {shlex.quote(write_py)} --action update --category {category} "
                           f"--target {shlex.quote(target)} --input {shlex.quote(draft_path)} --hash {digest} "
                           f"--reason {shlex.quote(reason)}")
            action = "update"
        elif cud == "CREATE" or not candidate:
            target = f".claude/memory/{_folder(category)}/{draft['id']}.json"
            command = given.get("create") or (f"{python} {shlex.quote(write_py)} --action create --category "
                                              f"{category} --target {shlex.quote(target)} --input {shlex.quote(draft_path)}")
            action = "create"
        else:
            saved.append({"category": category, "action": "noop", "stdout": out, "is_error": is_error})
            continue
        body = yield tool("Bash", {"command": command, "description": "Save the memory"})
        out, is_error = _result_text(body)
        saved.append({"category": category, "action": action, "stdout": out, "is_error": is_error})
    return saved


def _folder(category: str) -> str:
    from claude_memory.core.categories import folder_of

    return folder_of(category)
