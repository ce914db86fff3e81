"""The Stop hook's block reason (pure).

A few lines telling Claude to run the memory-management skill silently, the
triggered categories with their scores and context files, the exact commands to
call, and a ``<triage_data>`` JSON block the skill parses::

    <triage_data>
    {"categories": [{"category": "decision", "score": 0.82, "context_file": "/abs/context-decision.md"}],
     "parallel_config": {"enabled": true, "category_models": {...}, "verification_model": "sonnet",
                         "default_model": "haiku"}}
    </triage_data>
"""

from __future__ import annotations

import json
import shlex

__all__ = ["SKILL_NAME", "build_reason", "triage_data", "triage_data_block", "parallel_config", "commands"]

SKILL_NAME = "claude-memory:memory-management"


def parallel_config(config: dict) -> dict:
    """``triage.parallel`` from the config, with the four keys the skill expects."""
    triage = config.get("triage") if isinstance(config.get("triage"), dict) else {}
    parallel = triage.get("parallel") if isinstance(triage.get("parallel"), dict) else {}
    models = parallel.get("category_models")
    return {
        "enabled": bool(parallel.get("enabled", False)),
        "category_models": dict(models) if isinstance(models, dict) else {},
        "verification_model": str(parallel.get("verification_model") or "sonnet"),
        "default_model": str(parallel.get("default_model") or "haiku"),
    }


def triage_data(triggered: list[tuple[str, float, str]], config: dict) -> dict:
    """``{"categories": [...], "parallel_config": {...}}`` for (category, score, context_file) triples."""
    return {
        "categories": [{"category": c.lower(), "score": round(float(s), 2), "context_file": str(f)}
                       for c, s, f in triggered],
        "parallel_config": parallel_config(config),
    }


def commands(plugin_root: str, memory_root: str, staging_folder: str, category: str) -> tuple[str, str, str]:
    """(draft path, candidate command, create command) for one category, shell-quoted."""
    scripts = f"{plugin_root.rstrip('/')}/hooks/scripts"
    draft = f"{staging_folder.rstrip('/')}/draft-{category}.json"
    q = shlex.quote
    candidate = (f"python3 {q(scripts + '/memory_candidate.py')} --root {q(memory_root)} "
                 f"--category {category} --new-info-file {q(draft)}")
    create = (f"python3 {q(scripts + '/memory_write.py')} --root {q(memory_root)} --action create "
              f"--category {category} --input {q(draft)}")
    return draft, candidate, create


def build_reason(triggered: list[tuple[str, float, str]], config: dict, *, plugin_root: str, memory_root: str,
                 staging_folder: str) -> str:
    """The reason text for ``{"decision": "block", "reason": ...}``."""
    scripts = f"{plugin_root.rstrip('/')}/hooks/scripts"
    q = shlex.quote
    lines = [
        f"Memory triage: this session produced things worth remembering. Use the `{SKILL_NAME}` skill now "
        "to save them, silently: do not tell the user about it unless a step fails, and then continue "
        "where you left off.",
        "Triggered categories (score 0..1, context file to read):",
    ]
    for category, score, context_file in triggered:
        lines.append(f"- {category}: {score:.2f} -> {context_file}")
    lines.append("For each category: write the draft JSON with the Write tool to the draft path, pick the "
                 "target with memory_candidate.py, then save only through memory_write.py:")
    for category, _score, _file in triggered:
        draft, candidate, create = commands(plugin_root, memory_root, staging_folder, category)
        lines.append(f"  {category}: draft {draft}")
        lines.append(f"    {candidate}")
        lines.append(f"    {create}")
    lines.append(f"  To update an existing memory instead: python3 {q(scripts + '/memory_write.py')} "
                 f"--root {q(memory_root)} --action update --category <category> --target <candidate path> "
                 "--input <draft path> --hash <md5 of the file as read>")
    lines.append("Never write files under the memory folder directly.")
    lines.append(triage_data_block(triggered, config))
    return "\n".join(lines)


def triage_data_block(triggered: list[tuple[str, float, str]], config: dict) -> str:
    """``<triage_data>`` + the JSON of :func:`triage_data` + ``</triage_data>``, on three lines."""
    # "<" and ">" as JSON escapes: no config value can close the block early (same JSON when parsed)
    data = json.dumps(triage_data(triggered, config), ensure_ascii=False)
    return "\n".join(("<triage_data>", data.replace("<", "\\u003c").replace(">", "\\u003e"), "</triage_data>"))
