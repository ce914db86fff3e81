"""The block reason: skill name, categories and scores, exact commands, <triage_data> JSON."""

from __future__ import annotations

import json
import re
import shlex

import pytest

from claude_memory.core.config import load_defaults
from claude_memory.triage.reason import SKILL_NAME, build_reason, commands, parallel_config, triage_data

PLUGIN, ROOT = "/opt/plugin", "/work/proj/.claude/memory"
FOLDER = f"{ROOT}/.staging/sess1"
ROWS = [("decision", 0.823, f"{FOLDER}/context-decision.md"), ("runbook", 0.5, f"{FOLDER}/context-runbook.md")]


def reason(rows=ROWS, config=None):
    return build_reason(rows, config or load_defaults(), plugin_root=PLUGIN, memory_root=ROOT, staging_folder=FOLDER)


def data_of(text: str) -> dict:
    assert text.rstrip().endswith("</triage_data>")
    return json.loads(text[text.index("<triage_data>") + len("<triage_data>"): text.index("</triage_data>")])


def test_reason_names_the_skill_and_asks_for_silence():
    text = reason()
    assert f"`{SKILL_NAME}`" in text and SKILL_NAME == "claude-memory:memory-management"
    assert "silently" in text
    assert "- decision: 0.82 -> " + f"{FOLDER}/context-decision.md" in text
    assert len(text) < 10_000  # Claude Code caps hook output


def test_triage_data_block():
    data = data_of(reason())
    assert data["categories"] == [
        {"category": "decision", "score": 0.82, "context_file": f"{FOLDER}/context-decision.md"},
        {"category": "runbook", "score": 0.5, "context_file": f"{FOLDER}/context-runbook.md"}]
    assert data["parallel_config"] == {
        "enabled": True, "category_models": load_defaults()["triage"]["parallel"]["category_models"],
        "verification_model": "sonnet", "default_model": "haiku"}


@pytest.mark.parametrize("config, expected", [
    ({}, {"enabled": False, "category_models": {}, "verification_model": "sonnet", "default_model": "haiku"}),
    ({"triage": {"parallel": {"enabled": False, "category_models": "bad", "default_model": "opus"}}},
     {"enabled": False, "category_models": {}, "verification_model": "sonnet", "default_model": "opus"}),
    ({"triage": "garbage"}, {"enabled": False, "category_models": {}, "verification_model": "sonnet",
                             "default_model": "haiku"}),
])
def test_parallel_config_is_sane_for_any_config(config, expected):
    assert parallel_config(config) == expected


def test_category_is_lowercase_in_data():
    assert triage_data([("Decision", 0.7, "/x")], {})["categories"][0]["category"] == "decision"


def test_commands_use_absolute_script_paths_and_the_draft_path():
    draft, candidate, create = commands(PLUGIN, ROOT, FOLDER, "decision")
    assert draft == f"{FOLDER}/draft-decision.json"
    assert shlex.split(candidate)[1] == f"{PLUGIN}/hooks/scripts/memory_candidate.py"
    assert shlex.split(create)[1] == f"{PLUGIN}/hooks/scripts/memory_write.py"


def _command_lines(text: str) -> list[list[str]]:
    out = []
    for line in text.splitlines():
        line = line.split(": ", 1)[-1] if "python3 " in line and not line.strip().startswith("python3") else line
        if line.strip().startswith("python3 "):
            filled = re.sub(r"<[^>]+>", "X", line.strip().replace("<category>", "decision"))
            out.append(shlex.split(filled))
    return out


def test_every_printed_command_parses_with_the_real_parser():
    from claude_memory.cli import memory_candidate, memory_write

    parsers = {"memory_candidate.py": memory_candidate.build_parser(), "memory_write.py": memory_write.build_parser()}
    lines = _command_lines(reason())
    assert len(lines) == 5  # candidate + create per category, plus the update form
    for argv in lines:
        script = argv[1].rsplit("/", 1)[-1]
        parsers[script].parse_args(argv[2:])  # SystemExit on any unknown or malformed flag


def test_paths_with_spaces_are_quoted():
    _draft, candidate, _create = commands("/opt/my plugin", "/p q/.claude/memory", "/p q/.claude/memory/.staging/s",
                                          "preference")
    assert shlex.split(candidate)[1] == "/opt/my plugin/hooks/scripts/memory_candidate.py"
