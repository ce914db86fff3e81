"""The docs cannot drift from the code.

Every command line that runs one of our scripts, in SKILL.md, commands/*.md, README.md and the
Stop hook's triage reason, is parsed by that script's real ``build_parser()`` (placeholders such
as ``<slug>`` replaced by sample values), and checked against the writer's per-action needs.
Every flag of every script is documented; the skill's JSON examples validate against the schema.
"""

from __future__ import annotations

import importlib
import json
import re
import shlex
from pathlib import Path

import pytest

from claude_memory.core.categories import CATEGORIES, FOLDERS
from claude_memory.core.errors import MemoryStoreError
from locations import REPO
from store_helpers import refused

SKILL = REPO / "skills" / "memory-management" / "SKILL.md"
COMMANDS = sorted((REPO / "commands").glob("*.md"))
README = REPO / "README.md"
PLUGIN_NAME = "claude-memory"

#: script file -> CLI module; every script a doc may tell Claude to run with arguments
SCRIPTS = {
    "memory_write.py": "claude_memory.cli.memory_write",
    "memory_index.py": "claude_memory.cli.memory_index",
    "memory_candidate.py": "claude_memory.cli.memory_candidate",
}

#: sample values for placeholders, by the placeholder's first word
SAMPLES = {
    "slug": "use-postgres",
    "folder": "decisions",
    "category": "decision",
    "event": "resolved",
    "draft": "/tmp/project/.claude/memory/.staging/s1/draft-decision.json",
    "md5": "d41d8cd98f00b204e9800998ecf8427e",
    "candidate": "/tmp/project/.claude/memory/decisions/use-postgres.json",
    "candidate_path": "/tmp/project/.claude/memory/decisions/use-postgres.json",
    "reason": "no longer true",
    "why": "no longer true",
    "words": "kafka retries",
    "memory_root": "/tmp/project/.claude/memory",
    "plugin": str(REPO),
}

_CMD_RE = re.compile(r"python3\s+\S*hooks/scripts/(?P<script>[a-z_]+\.py)\S*(?P<rest>.*)$")


def _sample(match: re.Match) -> str:
    name = match.group(1).strip().lower()
    return SAMPLES.get(name) or SAMPLES.get(name.split()[0], "sample")


def _substitute(command: str) -> str:
    command = re.sub(r"\s<<\s*(['\"]?)\w+\1\s*$", "", command)  # a here-document feeds stdin, not argv
    command = command.replace("${CLAUDE_PLUGIN_ROOT}", str(REPO)).replace("$ARGUMENTS", "kafka retries")
    return re.sub(r"<([^<>\n]+)>", _sample, command)


def extract_commands(text: str) -> list[tuple[str, str]]:
    """(script, raw command) for every ``python3 ...hooks/scripts/<script>.py ...`` in ``text``.

    A command is an inline code span, or a whole line of a code block or of plain text.
    """
    found = []
    for line in text.splitlines():
        if line.startswith("allowed-tools:"):
            continue  # permission rules naming the scripts, not commands
        segments = line.split("`")[1::2] if "`" in line else [line]
        for seg in segments:
            start = seg.find("python3 ")
            if start < 0:
                continue
            m = _CMD_RE.search(seg[start:])
            if m:
                found.append((m.group("script"), seg[start:].strip()))
    return found


SOURCES = {str(p.relative_to(REPO)): p.read_text(encoding="utf-8") for p in [SKILL, README, *COMMANDS]}
ALL_COMMANDS = [(src, script, cmd) for src, text in SOURCES.items() for script, cmd in extract_commands(text)]


def _parser(script: str):
    return importlib.import_module(SCRIPTS[script]).build_parser()


def _check_writer_needs(ns) -> None:
    """What memory_write.py needs per action beyond what argparse checks."""
    if ns.batch is not None:
        assert ns.batch == "-" and ns.action is None and ns.input is None and ns.target is None
        return
    if ns.action in ("create", "update"):
        assert ns.input, "--input is required for create/update"
    if ns.action == "create":
        assert ns.category or ns.target, "create needs --category (or --target)"
    if ns.action != "create":
        assert ns.target, f"--action {ns.action} needs --target"
        assert ns.target.endswith(".json")
        folder = Path(ns.target).parent.name
        assert folder in FOLDERS.values(), f"--target is not in a category folder: {ns.target}"
    if ns.action in ("delete", "archive", "unarchive", "restore"):
        assert ns.input is None, "lifecycle actions take no --input"


# --------------------------------------------------------------------------------- extraction


@pytest.mark.parametrize("text,expected", [
    ('run `python3 "${CLAUDE_PLUGIN_ROOT}/hooks/scripts/memory_index.py" --gc` now',
     [("memory_index.py", 'python3 "${CLAUDE_PLUGIN_ROOT}/hooks/scripts/memory_index.py" --gc')]),
    ("    python3 /abs/hooks/scripts/memory_write.py --action create",
     [("memory_write.py", "python3 /abs/hooks/scripts/memory_write.py --action create")]),
    ("`python3 -m pytest` and `md5sum x`", []),
])
def test_extract_commands(text, expected):
    assert extract_commands(text) == expected


@pytest.mark.parametrize("source,minimum", [
    ("skills/memory-management/SKILL.md", 12), ("README.md", 3), ("commands/memory.md", 7),
    ("commands/memory-config.md", 2), ("commands/memory-search.md", 2), ("commands/memory-save.md", 1),
])
def test_each_doc_has_its_commands(source, minimum):
    assert len(extract_commands(SOURCES[source])) >= minimum


# --------------------------------------------------------------------------------- every command parses


@pytest.mark.parametrize("source,script,command", ALL_COMMANDS,
                         ids=[f"{s}:{i}" for i, (s, _, _) in enumerate(ALL_COMMANDS)])
def test_documented_command_parses_with_the_real_parser(source, script, command):
    assert script in SCRIPTS, f"{source} runs an unknown script {script}"
    argv = shlex.split(_substitute(command))
    assert argv[0] == "python3" and argv[1].endswith(f"hooks/scripts/{script}")
    assert (REPO / "hooks" / "scripts" / script).exists()
    try:
        ns = _parser(script).parse_args(argv[2:])
    except MemoryStoreError as exc:
        pytest.fail(f"{source}: {command!r} does not parse: {exc}")
    if script == "memory_write.py":
        _check_writer_needs(ns)


def test_a_drifted_command_is_caught():
    """The check above can fail: a flag the parser does not know is refused."""
    argv = shlex.split(_substitute('python3 "${CLAUDE_PLUGIN_ROOT}/hooks/scripts/memory_index.py" --status'))
    refused("USAGE_ERROR", _parser("memory_index.py").parse_args, argv[2:])
    ns = _parser("memory_write.py").parse_args(["--action", "update", "--input", "x.json"])
    with pytest.raises(AssertionError):
        _check_writer_needs(ns)


# --------------------------------------------------------------------------------- every flag documented


def _documented_text() -> str:
    return SKILL.read_text(encoding="utf-8") + "".join(p.read_text(encoding="utf-8") for p in COMMANDS)


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_every_flag_of_every_script_is_documented(script):
    text = _documented_text()
    flags = {s for action in _parser(script)._actions for s in action.option_strings if s not in ("-h", "--help")}
    missing = sorted(f for f in flags if not re.search(re.escape(f) + r"(?![\w-])", text))
    assert not missing, f"{script} flags missing from SKILL.md and commands/: {missing}"


def test_every_writer_action_is_documented():
    text = _documented_text()
    actions = next(a.choices for a in _parser("memory_write.py")._actions if "--action" in a.option_strings)
    missing = [a for a in actions if f"--action {a}" not in text]
    assert not missing


def test_every_lifecycle_event_is_named_in_the_skill():
    text = SKILL.read_text(encoding="utf-8")
    events = next(a.choices for a in _parser("memory_candidate.py")._actions
                  if "--lifecycle-event" in a.option_strings)
    assert all(e in text for e in events)


# --------------------------------------------------------------------------------- frontmatter and names


def frontmatter(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n"), f"{path} has no frontmatter"
    block = text[4:text.index("\n---\n", 4)]
    fields = {}
    for line in block.splitlines():
        key, sep, value = line.partition(":")
        assert sep and key == key.strip() and key, f"{path}: not a 'key: value' line: {line!r}"
        fields[key] = value.strip()
    return fields


def test_skill_frontmatter_uses_only_fields_claude_code_reads():
    fields = frontmatter(SKILL)
    assert fields["name"] == SKILL.parent.name
    assert fields["description"] and fields["when_to_use"]
    known = {"name", "description", "when_to_use", "paths", "allowed-tools", "argument-hint", "model"}
    assert set(fields) <= known, set(fields) - known


@pytest.mark.parametrize("path", COMMANDS, ids=[p.name for p in COMMANDS])
def test_command_frontmatter_and_arguments(path):
    fields = frontmatter(path)
    assert fields.get("description")
    assert set(fields) <= {"description", "argument-hint", "allowed-tools", "model"}
    assert "$ARGUMENTS" in path.read_text(encoding="utf-8")


def test_expected_commands_exist():
    assert {p.stem for p in COMMANDS} == {"memory", "memory-config", "memory-search", "memory-save"}


@pytest.mark.parametrize("doc", [SKILL, README], ids=["SKILL.md", "README.md"])
def test_real_command_names_are_documented(doc):
    text = doc.read_text(encoding="utf-8")
    for path in COMMANDS:
        assert f"/{PLUGIN_NAME}:{path.stem}" in text, (doc.name, path.stem)


def test_readme_has_the_slash_commands_section():
    assert "\n## Slash commands\n" in README.read_text(encoding="utf-8")


# --------------------------------------------------------------------------------- the skill's JSON


def _skill_examples() -> list[dict]:
    text = SKILL.read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)\n```", text, flags=re.S)
    docs = [json.loads(b) for b in blocks]
    return [d for d in docs if "schema_version" in d]


def test_skill_has_one_example_per_category():
    assert sorted(d["category"] for d in _skill_examples()) == sorted(CATEGORIES)


@pytest.mark.parametrize("example", _skill_examples(), ids=lambda d: d["category"])
def test_skill_examples_are_drafts_the_writer_takes(example):
    # an example is a draft: the writer stamps its timestamps, so it gives none for Claude to copy
    pytest.importorskip("claude_memory.store.validation")
    from claude_memory.cli.memory_write import STAMPED_FIELDS, _prepare

    assert not set(STAMPED_FIELDS) & set(example), "the writer sets these; an example must not suggest a date"
    validated, _ = _prepare(example, category=example["category"], now="2027-03-04T05:06:07Z", target_id=None)
    assert validated["id"] == example["id"]
    assert (validated["created_at"], validated["updated_at"]) == ("2027-03-04T05:06:07Z",) * 2


def test_skill_hands_pending_captures_to_the_saver_agent_the_hook_names():
    from claude_memory.triage.pending import SAVER_AGENT

    text = SKILL.read_text(encoding="utf-8")
    assert f"`{SAVER_AGENT}`" in text
    plugin, agent = SAVER_AGENT.split(":")
    assert plugin == PLUGIN_NAME and (REPO / "agents" / f"{agent}.md").is_file()


# --------------------------------------------------------------------------------- /memory and the CUD table

#: /memory flag -> what the command file must run for it (the issue's list of flags)
MEMORY_FLAGS = {
    "--retire": "memory_write.py\" --action delete",
    "--archive": "memory_write.py\" --action archive",
    "--unarchive": "memory_write.py\" --action unarchive",
    "--restore": "memory_write.py\" --action restore",
    "--gc": "memory_index.py\" --gc",
    "--list-archived": "memory_index.py\" --list-archived",
}


@pytest.mark.parametrize("flag", sorted(MEMORY_FLAGS))
def test_memory_command_offers_each_flag_of_the_spec(flag):
    text = (REPO / "commands" / "memory.md").read_text(encoding="utf-8")
    hint = frontmatter(REPO / "commands" / "memory.md")["argument-hint"]
    assert re.search(re.escape(flag) + r"(?![\w-])", hint), f"{flag} missing from the argument-hint"
    assert re.search(r"`" + re.escape(flag) + r"(?![\w-])", text), f"{flag} not explained in the body"
    assert MEMORY_FLAGS[flag] in text


def _cud_rule(l1: str, l2: str) -> str:
    """The issue's resolution rules: vetoes are absolute (no UPDATE/DELETE without a candidate, no
    DELETE where L1 did not allow it); NOOP wins; UPDATE over DELETE and over CREATE; CREATE vs DELETE
    is NOOP."""
    if l1 == "NOOP" or l2 == "NOOP":
        return "NOOP"
    if l1 == "CREATE":  # no candidate: UPDATE is vetoed (CREATE stays), DELETE meets CREATE -> NOOP
        return {"CREATE": "CREATE", "UPDATE": "CREATE", "DELETE": "NOOP"}[l2]
    if l1 == "UPDATE":  # a candidate, DELETE not allowed structurally: UPDATE wins
        return "UPDATE"
    return "DELETE" if l2 == "DELETE" else "UPDATE"  # UPDATE_OR_DELETE


def _skill_cud_table() -> dict[tuple[str, str], str]:
    lines = [ln for ln in SKILL.read_text(encoding="utf-8").splitlines() if ln.startswith("| ")]
    start = next(i for i, ln in enumerate(lines) if "L1 structural" in ln)
    header = [c.strip() for c in lines[start].strip("|").split("|")][1:]
    table = {}
    for row in lines[start + 1:start + 5]:  # the |---| rule is not in lines
        cells = [c.strip() for c in row.strip("|").split("|")]
        l1 = cells[0].split()[0]
        for l2, cell in zip(header, cells[1:]):
            table[(l1, l2)] = cell.split()[0]
    return table


def test_skill_cud_table_follows_the_resolution_rules():
    table = _skill_cud_table()
    l1s = ("CREATE", "NOOP", "UPDATE", "UPDATE_OR_DELETE")
    l2s = ("CREATE", "UPDATE", "DELETE", "NOOP")
    assert set(table) == {(a, b) for a in l1s for b in l2s}
    wrong = {k: v for k, v in table.items() if v != _cud_rule(*k)}
    assert not wrong, wrong
