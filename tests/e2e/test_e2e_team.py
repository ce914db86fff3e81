"""A memory that arrived by `git merge` from a teammate's branch is recalled in the real CLI,
with no command run after the merge."""

from __future__ import annotations

import json
import subprocess

from claude_memory.devtools.model_server import Steps
from store_helpers import make_doc
from support import first_prompt_text, prompt_context

PROMPT = "Which tracing library do our Go services use for OpenTelemetry spans and exporters?"
TITLE = "Use OpenTelemetry with the OTLP exporter for tracing in Go services"


def _git(session, *args: str) -> None:
    done = subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid",
                           "-c", "commit.gpgsign=false", *args], cwd=session.project, capture_output=True, text=True)
    assert done.returncode == 0, (args, done.stdout, done.stderr)


def test_memory_merged_from_another_branch_is_recalled(session, tmp_path):
    _git(session, "commit", "-q", "--allow-empty", "-m", "base")
    _git(session, "branch", "-M", "main")
    _, server = session.claude(PROMPT, Steps(["Not sure yet."]))  # recall runs (and caches) on main
    assert "<project-memory>" not in first_prompt_text(server)  # nothing stored on main yet

    # A teammate saves the decision on their branch and it is merged.
    _git(session, "checkout", "-q", "-b", "teammate")
    draft = tmp_path / "draft.json"
    draft.write_text(json.dumps(make_doc(
        id="use-opentelemetry-tracing", title=TITLE, tags=["tracing", "opentelemetry", "go"],
        content={"status": "accepted", "context": "we need vendor-neutral traces across Go services",
                 "decision": "OpenTelemetry SDK with the OTLP exporter to the collector",
                 "alternatives": [{"option": "Jaeger client", "rejected_reason": "deprecated"}],
                 "rationale": ["vendor neutral"], "consequences": ["run a collector"]})))
    done = session.script("memory_write.py", "--action", "create", "--category", "decision", "--input", str(draft))
    assert done.returncode == 0, done.stderr
    _git(session, "add", "-A")
    _git(session, "commit", "-q", "-m", "teammate: tracing decision")
    _git(session, "checkout", "-q", "main")
    assert not (session.memory_root / "decisions" / "use-opentelemetry-tracing.json").exists()
    _git(session, "merge", "-q", "--no-edit", "teammate")

    _, server = session.claude(PROMPT, Steps(["We use OpenTelemetry."]))
    given = prompt_context(first_prompt_text(server))  # (the session-start block comes first)
    block = given[given.index("<project-memory>"):given.index("</project-memory>")]
    assert f"- [DECISION] {TITLE} -> .claude/memory/decisions/use-opentelemetry-tracing.json" in block
