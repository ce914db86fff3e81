"""Only tools the pinned CLI has appear in the skill, commands, agents and hook matchers, and the
permission rules name the plugin's own scripts, never every python3 command. The list itself is
checked against a real request in tests/e2e/test_e2e_modes.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from claude_memory.devtools.claude_cli import PINNED_TOOLS
from locations import REPO

DOCS = sorted([REPO / "skills" / "memory-management" / "SKILL.md", *(REPO / "commands").glob("*.md"),
               *(REPO / "agents").glob("*.md")])
RETIRED = ("Glob", "Grep", "LS", "MultiEdit", "TodoWrite", "Task(")


def _frontmatter(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n"), path
    head = text[4:text.index("\n---", 4)]
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in head.splitlines()) if k.strip()}


def _rules(value: str) -> list[str]:
    """Split a tools list on top-level commas (a rule like Bash(python3 "x":*) keeps its own)."""
    out, depth, cur = [], 0, ""
    for c in value:
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += c == "("
        depth -= c == ")"
        cur += c
    return [r for r in out + [cur.strip()] if r]


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_tools_named_in_frontmatter_exist(path):
    meta = _frontmatter(path)
    field = meta.get("allowed-tools") or meta.get("tools")
    assert field, f"{path.name} names no tools"
    for rule in _rules(field):
        name = rule.split("(", 1)[0]
        assert name in PINNED_TOOLS, f"{path.name}: {name} is not a tool of the pinned CLI"
        if name == "Bash" and "allowed-tools" in meta:  # a pre-approval: only the plugin's own scripts
            assert re.fullmatch(r'Bash\(python3 "\$\{CLAUDE_PLUGIN_ROOT\}/hooks/scripts/memory_[a-z]+\.py":\*\)', rule), \
                f"{path.name}: {rule} is wider than the plugin's own scripts"


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_prose_names_no_retired_tool(path):
    text = path.read_text(encoding="utf-8")
    for word in RETIRED:
        assert not re.search(rf"\b{re.escape(word)}(?![\w-])", text), f"{path.name} mentions {word}"
    for name in re.findall(r"\bthe (\w+) tool\b", text):
        assert name in PINNED_TOOLS, f"{path.name}: 'the {name} tool' does not exist"


def test_hook_matchers_name_existing_tools():
    hooks = json.loads((REPO / "hooks" / "hooks.json").read_text())["hooks"]
    for event, groups in hooks.items():
        for group in groups:
            for name in filter(None, (group.get("matcher") or "").split("|")):
                assert name in PINNED_TOOLS, f"{event} matcher names {name}"


def test_the_check_can_fail():
    assert "Glob" not in PINNED_TOOLS and "MultiEdit" not in PINNED_TOOLS
    assert _rules('Read, Bash(python3 "a,b":*), Agent') == ["Read", 'Bash(python3 "a,b":*)', "Agent"]
