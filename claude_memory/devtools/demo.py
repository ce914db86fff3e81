"""A whole capture-and-recall session on a built-in example, step by step.

Run with ``python -m claude_memory.devtools.demo`` (or ``./dev.sh demo``). In a new
temporary project (left on disk for you to inspect) it:

1. starts from a project that already has two memories;
2. plays a session in which a decision is made, through the real Claude Code
   CLI with a scripted model when the CLI is installed (else by running the
   hook scripts directly, as Claude Code would);
3. shows triage leaving a pending capture (silently: the stop is not blocked), the
   next prompt handing it to the memory-saver subagent, the one batch save through
   memory_write.py, then the memory file and index.md;
4. asks a new question and shows the memory context recall injected.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from claude_memory.core.layout import INDEX_NAME
from claude_memory.devtools import demo_example as ex
from claude_memory.devtools.claude_cli import PLUGIN_ROOT, find_cli, run_claude
from claude_memory.devtools.hook_commands import script_argv
from claude_memory.devtools.model_server import ModelServer, Steps, _blocks, text
from claude_memory.devtools.skill_player import Conversation, batch_command, capture_request, follow_capture

__all__ = ["build_parser", "main"]

SCRIPTS = PLUGIN_ROOT / "hooks" / "scripts"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m claude_memory.devtools.demo", description=__doc__.splitlines()[0])
    parser.add_argument("--no-cli", action="store_true", help="run the hook scripts directly, even if the CLI is installed")
    parser.add_argument("--dir", help="where to create the demo project (default: a new temporary folder)")
    return parser


# --- printing -------------------------------------------------------------------------

def step(title: str) -> None:
    print(f"\n=== {title} ===")


def show(label: str, body: str, limit: int = 1400) -> None:
    body = body if len(body) <= limit else body[:limit] + f"\n... ({len(body) - limit} more characters)"
    print(f"--- {label}")
    print(textwrap.indent(body.rstrip(), "    "))


def _short(value: object, limit: int = 240) -> str:
    s = value if isinstance(value, str) else json.dumps(value)
    s = " ".join(s.split())
    return s if len(s) <= limit else s[:limit] + " ..."


# --- the world ------------------------------------------------------------------------

class World:
    def __init__(self, base: Path):
        self.base = base
        self.project = base / "project"
        self.home = base / "home"
        self.inputs = base / "inputs"
        for d in (self.project, self.home, self.inputs):
            d.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "init", "-q", str(self.project)], check=False)
        # Our Python (with the write path's dependencies) is the python3 the scripts see.
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE")}
        self.env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{self.env.get('PATH', '')}"
        self.env["HOME"] = str(self.home)

    @property
    def memory_root(self) -> Path:
        return self.project / ".claude" / "memory"

    def script(self, name: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        env = {**self.env, "CLAUDE_PROJECT_DIR": str(self.project), "CLAUDE_PLUGIN_ROOT": str(PLUGIN_ROOT)}
        return subprocess.run(script_argv(name, *args), cwd=self.project, env=env,
                              input=stdin, capture_output=True, text=True, timeout=120)

    def seed(self) -> None:
        from claude_memory.core.categories import folder_of

        for doc in ex.EXISTING:
            draft = self.inputs / f"{doc['id']}.json"
            draft.write_text(json.dumps(doc, indent=2))
            target = f".claude/memory/{folder_of(doc['category'])}/{doc['id']}.json"
            proc = self.script("memory_write.py", "--action", "create", "--category", doc["category"],
                               "--target", target, "--input", str(draft))
            if proc.returncode != 0:
                raise SystemExit(f"demo: could not seed {target}: {proc.stderr.strip()}")
            print(f"  saved {target}")


# --- with the real CLI --------------------------------------------------------------------

def _narrate(messages: list[dict]) -> None:
    """Print a conversation as the model saw it: prompts, replies, hook feedback, tool calls and results."""
    for message in messages:
        for block in _blocks(message.get("content")):
            kind = block.get("type")
            if kind == "text":
                content = block.get("text", "")
                if content.startswith("<system-reminder>") and "<project-memory>" not in content:
                    continue
                who = "Claude" if message["role"] == "assistant" else "user"
                if content.startswith("Stop hook feedback:"):
                    who = "Stop hook (memory_triage.py)"
                show(who, content, 900)
            elif kind == "tool_use":
                print(f"--- Claude calls {block['name']}: {_short(block.get('input'))}")
            elif kind == "tool_result":
                inner = "\n".join(b.get("text", "") for b in _blocks(block.get("content")))
                flag = " (error)" if block.get("is_error") else ""
                print(f"    result{flag}: {_short(inner, 400)}")


NEXT_PROMPT = "Thanks. Where should the cache code live?"
NEXT_ANSWER = "In build/cache.py, next to the other build helpers."


def _with_cli(world: World, cli: Path) -> None:
    step("2. Session 1, through the real Claude Code CLI (the model is scripted)")
    print(f"  claude -p {json.dumps(ex.PROMPT[:60] + '...')} --plugin-dir {PLUGIN_ROOT}")
    with ModelServer(Steps([ex.DECISION_REPLY])) as server:
        run = run_claude(cli, ex.PROMPT, project=world.project, home=world.home, base_url=server.url,
                         env={"PATH": world.env["PATH"]}, permission_mode="default")
    if run.returncode != 0 or not server.main_requests:
        raise SystemExit("demo: the CLI run failed\n" + run.describe())
    show("claude -p printed (the answer; the Stop hook stayed silent)", run.stdout)
    _explain_pending(world)

    print(f"\n  next prompt: claude -p {json.dumps(NEXT_PROMPT)} (default permission mode)")
    outcome: dict = {}

    def flow(body):
        call = capture_request(body)
        if call is not None:
            outcome["saved"], body = yield from follow_capture(call, drafts={"decision": ex.DRAFT})
        yield text(NEXT_ANSWER)

    with ModelServer(Conversation(flow)) as server:
        run = run_claude(cli, NEXT_PROMPT, project=world.project, home=world.home, base_url=server.url,
                         env={"PATH": world.env["PATH"]}, permission_mode="default")
    if run.returncode != 0 or not server.main_requests:
        raise SystemExit("demo: the CLI run failed\n" + run.describe())
    for record in server.requests:
        if record.main:
            _narrate([record.body["messages"][-1]])
            if record.reply is not None:
                said = [{"type": "text", "text": record.reply.text}] if record.reply.text else []
                calls = [{"type": "tool_use", "name": n, "input": i} for n, i in record.reply.tool_calls]
                _narrate([{"role": "assistant", "content": said + calls}])
    show("claude -p printed", run.stdout)
    print(f"  ({len(server.main_requests)} model calls, {run.seconds:.1f}s; hook log: {run.debug_log})")
    if not outcome.get("saved"):
        raise SystemExit("demo: claude-memory did not ask to save anything")
    _show_store(world)

    step("4. Session 2: a new question; recall injects the memory")
    with ModelServer(Steps(["The build cache uses SQLite in WAL mode (see the recalled decision)."])) as server:
        run = run_claude(cli, ex.RECALL_PROMPT, project=world.project, home=world.home, base_url=server.url,
                         env={"PATH": world.env["PATH"]})
    print(f"  user: {ex.RECALL_PROMPT}")
    first = server.main_requests[0] if server.main_requests else {"messages": []}
    injected = [b.get("text", "") for m in first["messages"] for b in _blocks(m.get("content"))
                if "<project-memory>" in b.get("text", "")]
    show("context the model received from memory_retrieve.py", "\n".join(injected) or "(nothing injected)")


# --- without the CLI ----------------------------------------------------------------------

def _transcript(path: Path, session_id: str) -> None:
    lines = [
        {"type": "user", "sessionId": session_id, "uuid": "u1", "message": {"role": "user", "content": ex.PROMPT}},
        {"type": "assistant", "sessionId": session_id, "uuid": "a1",
         "message": {"role": "assistant", "content": [{"type": "text", "text": ex.DECISION_REPLY}]}},
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def _direct(world: World) -> None:
    step("2. Session 1, hook scripts run directly (Claude Code CLI not installed)")
    session_id = "demo-session"
    transcript = world.base / "transcript.jsonl"
    _transcript(transcript, session_id)
    show("user", ex.PROMPT)
    show("Claude", ex.DECISION_REPLY)
    payload = {"session_id": session_id, "transcript_path": str(transcript), "cwd": str(world.project),
               "hook_event_name": "Stop", "stop_hook_active": False, "last_assistant_message": ex.DECISION_REPLY}
    proc = world.script("memory_triage.py", stdin=json.dumps(payload))
    print(f"--- Stop hook (memory_triage.py) answers {proc.stdout!r}: the stop is not blocked")
    pending = _explain_pending(world)
    proc = world.script("memory_capture.py", stdin=json.dumps({
        "session_id": "demo-2", "hook_event_name": "UserPromptSubmit", "cwd": str(world.project),
        "permission_mode": "default", "prompt": NEXT_PROMPT}))
    show("next prompt: memory_capture.py asks Claude for one Agent call", proc.stdout, 900)
    doc = {"pending": pending.get("key"),
           "memories": [{"action": "save", "category": "decision", "draft": ex.DRAFT}]}
    command = batch_command(str(SCRIPTS / "memory_write.py"), str(world.memory_root), doc)
    print(f"--- the memory-saver subagent runs: {_short(command, 300)}")
    proc = world.script("memory_write.py", "--root", str(world.memory_root), "--batch", "-", stdin=json.dumps(doc))
    show("memory_write.py --batch -", (proc.stdout + proc.stderr))
    _show_store(world)

    step("4. Session 2: a new question; recall injects the memory")
    print(f"  user: {ex.RECALL_PROMPT}")
    proc = world.script("memory_retrieve.py", stdin=json.dumps({
        "session_id": "demo-2", "hook_event_name": "UserPromptSubmit", "cwd": str(world.project),
        "prompt": ex.RECALL_PROMPT}))
    show("context memory_retrieve.py adds for the model", proc.stdout or "(nothing injected)")


# --- shared -----------------------------------------------------------------------------

def _explain_pending(world: World) -> dict:
    """Print the pending capture the Stop hook left (the newest); return it."""
    found = sorted(world.memory_root.glob(".staging/*/pending.json"), key=lambda p: p.stat().st_mtime)
    if not found:
        raise SystemExit("demo: triage did not leave a pending capture")
    data = json.loads(found[-1].read_text())
    print(f"--- pending capture {found[-1].relative_to(world.project)}")
    for entry in data.get("categories", []):
        print(f"  triage: category {entry.get('category')} scored {entry.get('score')}; "
              f"context file {entry.get('context_file')}")
    return data


def _show_store(world: World) -> None:
    step("3. What was saved")
    for path in sorted(world.memory_root.glob("decisions/*.json")):
        show(str(path.relative_to(world.project)), path.read_text(), 2200)
    index = world.memory_root / INDEX_NAME
    show(".claude/memory/index.md", index.read_text() if index.exists() else "(missing)")
    proc = world.script("memory_index.py", "--validate")
    print(f"  memory_index.py --validate: exit {proc.returncode} {_short(proc.stdout + proc.stderr, 200)}")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    base = Path(args.dir).absolute() if args.dir else Path(tempfile.mkdtemp(prefix="claude-memory-demo-"))
    world = World(base)
    cli = None if args.no_cli else find_cli()
    print(f"claude-memory demo in {world.project}")
    print("  (" + (f"real Claude Code CLI: {cli}" if cli else "no Claude Code CLI: running the hook scripts directly")
          + ")")
    step("1. A project that already has two memories")
    world.seed()
    if cli:
        _with_cli(world, cli)
    else:
        _direct(world)
    step("Done")
    print(f"The demo project is left at {world.project} -- look at .claude/memory/ there.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
