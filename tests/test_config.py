"""Configuration: defaults deep-merged with a project's override, failing soft."""

from __future__ import annotations

import copy
import json
import os

import pytest

from claude_memory.core import config
from claude_memory.core.categories import CATEGORIES
from claude_memory.core.config import PROJECT_CONFIG_NAME, deep_merge, load_config, load_defaults


@pytest.mark.parametrize("base,override,expected", [
    ({}, {}, {}),
    ({"a": 1}, {}, {"a": 1}),
    ({}, {"a": 1}, {"a": 1}),
    ({"a": 1}, {"a": 2}, {"a": 2}),
    ({"a": {"b": 1, "c": 2}}, {"a": {"b": 9}}, {"a": {"b": 9, "c": 2}}),
    ({"a": {"b": {"c": 1, "d": 2}}}, {"a": {"b": {"d": 3, "e": 4}}}, {"a": {"b": {"c": 1, "d": 3, "e": 4}}}),
    ({"a": {"b": 1}}, {"a": 5}, {"a": 5}),  # a scalar replaces a dict
    ({"a": 5}, {"a": {"b": 1}}, {"a": {"b": 1}}),  # and a dict replaces a scalar
    ({"a": [1, 2]}, {"a": [3]}, {"a": [3]}),  # lists replace, never concatenate
    ({"a": {"b": 1}}, {"a": None}, {"a": None}),
])
def test_deep_merge(base, override, expected):
    before = (copy.deepcopy(base), copy.deepcopy(override))
    assert deep_merge(base, override) == expected
    assert (base, override) == before


def test_defaults_cover_the_spec():
    d = load_defaults()
    assert set(d["categories"]) == set(CATEGORIES)
    for name, cat in d["categories"].items():
        assert {"enabled", "description", "auto_capture"} <= set(cat)
    assert d["categories"]["session_summary"]["max_retained"] == 5
    assert d["retrieval"]["max_inject"] > 0
    assert d["max_memories_per_category"] > 0
    assert set(d["triage"]["thresholds"]) == set(CATEGORIES)
    assert "parallel" not in d["triage"]  # the saver subagent drafts every capture
    assert d["delete"] == {"grace_period_days": 30, "archive_retired": False}


def test_defaults_have_the_values_the_issues_name():
    d = load_defaults()
    assert d["retrieval"]["max_inject"] == 5
    assert all(0.4 <= t <= 0.6 for t in d["triage"]["thresholds"].values()), d["triage"]["thresholds"]
    assert 0 < d["triage"]["max_context_bytes"] <= 50_000  # context files are at most 50 KB
    assert d["triage"]["enabled"] is True
    assert all(isinstance(c["description"], str) and c["description"].strip() for c in d["categories"].values())


def test_the_shipped_defaults_pass_the_strict_reader():
    """load_defaults parses the plugin's own file with the C scanner alone; the file itself must
    still be what the strict reader accepts (no duplicate key, no NaN, not too deep)."""
    from claude_memory.core import config, jsonio

    with open(config.DEFAULTS_FILE, encoding="utf-8") as fh:
        text = fh.read()
    assert jsonio.parse(text, source="memory-config.default.json") == load_defaults()


def test_load_defaults_returns_a_private_copy():
    a = load_defaults()
    a["retrieval"]["max_inject"] = 999
    a["categories"].clear()
    assert load_defaults()["retrieval"]["max_inject"] != 999
    assert load_defaults()["categories"]


def _write_override(root, text: str | bytes):
    root.mkdir(parents=True, exist_ok=True)
    p = root / PROJECT_CONFIG_NAME
    p.write_bytes(text if isinstance(text, bytes) else text.encode())
    return p


def test_no_root_and_no_file_give_defaults_silently(memory_root, capsys):
    assert load_config(None) == load_defaults()
    assert load_config(memory_root) == load_defaults()
    assert capsys.readouterr().err == ""


def test_override_merges_a_subset(memory_root, capsys):
    _write_override(memory_root, json.dumps({
        "retrieval": {"max_inject": 2},
        "categories": {"session_summary": {"max_retained": 9}},
        "delete": {"grace_period_days": 7},
    }))
    cfg = load_config(memory_root)
    defaults = load_defaults()
    assert cfg["retrieval"] == dict(defaults["retrieval"], max_inject=2)
    assert cfg["categories"]["session_summary"]["max_retained"] == 9
    assert cfg["categories"]["decision"] == defaults["categories"]["decision"]
    assert cfg["delete"] == {"grace_period_days": 7, "archive_retired": False}
    assert capsys.readouterr().err == ""


def test_override_does_not_leak_into_later_loads(memory_root, tmp_path):
    _write_override(memory_root, json.dumps({"retrieval": {"max_inject": 1}}))
    load_config(memory_root)["triage"]["thresholds"]["decision"] = 42
    assert load_config(tmp_path / "elsewhere") == load_defaults()
    assert load_defaults()["triage"]["thresholds"]["decision"] != 42


@pytest.mark.parametrize("content,warning", [
    ("{not json", "cannot read"),
    ("", "cannot read"),
    (b"\xff\xfe\x00{", "cannot read"),
    ("[1, 2]", "not a JSON object"),
    ('"text"', "not a JSON object"),
    ("null", "not a JSON object"),
])
def test_invalid_override_falls_back_with_a_warning(memory_root, capsys, content, warning):
    path = _write_override(memory_root, content)
    assert load_config(memory_root) == load_defaults()
    err = capsys.readouterr().err
    assert warning in err and str(path) in err and "using defaults" in err
    assert err.startswith("claude-memory: warning:")


def test_oversized_override_falls_back_with_a_warning(memory_root, capsys):
    _write_override(memory_root, "{" + " " * 1_000_001 + "}")
    assert load_config(memory_root) == load_defaults()
    assert "larger than 1 MB" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads anything")
def test_unreadable_override_falls_back_with_a_warning(memory_root, capsys):
    path = _write_override(memory_root, '{"retrieval": {"max_inject": 1}}')
    path.chmod(0)
    try:
        assert load_config(memory_root) == load_defaults()
        assert "cannot read" in capsys.readouterr().err
    finally:
        path.chmod(0o600)


def test_symlinked_or_folder_override_is_ignored(memory_root, tmp_path, capsys):
    elsewhere = tmp_path / "evil.json"
    elsewhere.write_text('{"retrieval": {"max_inject": 1000}}')
    memory_root.mkdir(parents=True)
    (memory_root / PROJECT_CONFIG_NAME).symlink_to(elsewhere)
    assert load_config(memory_root) == load_defaults()
    (memory_root / PROJECT_CONFIG_NAME).unlink()
    (memory_root / PROJECT_CONFIG_NAME).mkdir()
    assert load_config(memory_root) == load_defaults()


def test_defaults_path_points_at_the_shipped_file():
    assert os.path.basename(config.DEFAULTS_FILE) == "memory-config.default.json" and os.path.isfile(config.DEFAULTS_FILE)


# ------------------------------------------------------------------ hook_config (the hooks' fast accessor)

@pytest.mark.parametrize("sections", [None, ("retrieval",), ("triage", "categories"), ("nope",)])
@pytest.mark.parametrize("override", [None, {"retrieval": {"max_inject": 2}, "triage": {"enabled": False}},
                                      "not json", [1, 2]])
def test_hook_config_is_load_config_cut_to_the_sections(tmp_path, sections, override):
    if override is not None:
        text = override if isinstance(override, str) else json.dumps(override)
        (tmp_path / PROJECT_CONFIG_NAME).write_text(text)
    full = load_config(tmp_path)
    expected = full if sections is None else {k: full[k] for k in sections if k in full}
    assert config.hook_config(tmp_path, sections) == expected
    assert config.hook_config(str(tmp_path), sections) == expected


def test_hook_config_without_a_root_is_the_defaults():
    assert config.hook_config(None) == load_defaults()
    assert config.hook_config(None, ("retrieval",)) == {"retrieval": load_defaults()["retrieval"]}


def test_hook_config_returns_fresh_dicts(tmp_path):
    first = config.hook_config(tmp_path, ("retrieval",))
    first["retrieval"]["max_inject"] = 999
    assert config.hook_config(tmp_path, ("retrieval",))["retrieval"]["max_inject"] != 999


@pytest.mark.parametrize("override, problem", [
    ({"retreival": {"max_inject": 2}}, "unknown setting 'retreival' ignored; did you mean retrieval?"),
    ({"retrieval": {"max_injekt": 2}}, "unknown setting 'retrieval.max_injekt' ignored; did you mean retrieval.max_inject?"),
    ({"retrieval": {"max_inject": "2"}}, "retrieval.max_inject must be a whole number, not a string"),
    ({"retrieval": 5}, "retrieval must be an object, not a whole number"),
    ({"triage": {"thresholds": {"decision": 7}}}, "triage.thresholds.decision must be between 0.01 and 1.0"),
    ({"retrieval": {"max_inject": -1}}, "retrieval.max_inject must be between 0 and 20"),
    ({"categories": {"decision": {"folder": "x"}}}, "unknown setting 'categories.decision.folder' ignored"),
    ({"auto_commit": True}, "unknown setting 'auto_commit' ignored"),
])
def test_a_bad_setting_is_reported_and_the_default_kept(memory_root, capsys, override, problem):
    _write_override(memory_root, json.dumps(override))
    assert load_config(memory_root) == load_defaults()
    err = capsys.readouterr().err
    assert problem in err
    assert any(problem in line for line in config.config_problems(memory_root))


def test_a_valid_override_has_no_problems_and_ints_become_floats_where_the_default_is_one(memory_root):
    _write_override(memory_root, json.dumps({"triage": {"thresholds": {"decision": 1}}}))
    assert config.config_problems(memory_root) == []
    value = load_config(memory_root)["triage"]["thresholds"]["decision"]
    assert value == 1.0 and isinstance(value, float)


def _leaves(tree, prefix=""):
    for key, value in tree.items():
        if isinstance(value, dict):
            yield from _leaves(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}"


def test_every_setting_is_documented_and_read():
    from pathlib import Path

    repo = Path(__file__).resolve().parent.parent
    readme = (repo / "README.md").read_text(encoding="utf-8")
    code = "\n".join(p.read_text(encoding="utf-8") for p in (repo / "claude_memory").rglob("*.py")
                     if p.name != "config.py")
    for dotted in _leaves(load_defaults()):
        generic = ".".join("<category>" if part in CATEGORIES else part for part in dotted.split("."))
        assert f"`{generic}`" in readme or f"`{dotted}`" in readme, f"{dotted} is not in the README's table"
        leaf = dotted.rsplit(".", 1)[-1]
        assert f'"{leaf}"' in code or f"'{leaf}'" in code or f".{leaf}" in code, f"{dotted} is read nowhere"


# ------------------------------------------------------------------ switches: one fail-safe reading


def _switches() -> list[str]:
    """Every boolean setting of the shipped defaults, dotted."""
    defaults = load_defaults()
    return [dotted for dotted in _leaves(defaults) if isinstance(config.setting(defaults, dotted), bool)]


def _nested(dotted: str, value) -> dict:
    out = value
    for part in reversed(dotted.split(".")):
        out = {part: out}
    return out


SWITCHES = _switches()
#: how a switch written as something other than a JSON boolean is read
SPELLINGS = [("false", False), (0, False), ("off", False), ("no", False), (" OFF ", False), (None, False),
             (0.0, False), ("maybe", False), ("nein", False), ("ложь", False), ("", False), ([], False),
             ({}, False), ("true", True), (1, True), ("on", True), ("Yes", True), ("1", True)]


def test_the_defaults_have_the_switches_the_readers_use():
    assert {"enabled", "triage.enabled", "retrieval.enabled", "categories.decision.auto_capture",
            "categories.decision.enabled", "delete.archive_retired", "usage.enabled"} <= set(SWITCHES)


@pytest.mark.parametrize("key", SWITCHES)
@pytest.mark.parametrize("spelling, meant", SPELLINGS)
def test_every_switch_reads_a_spelled_value_as_meant(memory_root, capsys, key, spelling, meant):
    # "false", 0, "off" in a sub-switch used to warn "using the default True" and leave it on
    _write_override(memory_root, json.dumps(_nested(key, spelling)))
    assert config.setting(load_config(memory_root), key) is meant
    err = capsys.readouterr().err
    assert f"{key} must be true or false, not {json.dumps(spelling, ensure_ascii=False)}; read as {str(meant).lower()}" in err
    assert "using the default" not in err
    assert any(f"read as {str(meant).lower()}" in p for p in config.config_problems(memory_root))


@pytest.mark.parametrize("key", SWITCHES)
@pytest.mark.parametrize("value", [True, False])
def test_a_switch_given_as_a_boolean_is_taken_silently(memory_root, key, value):
    _write_override(memory_root, json.dumps(_nested(key, value)))
    assert config.setting(load_config(memory_root), key) is value
    assert config.config_problems(memory_root) == []


def test_the_readme_table_gives_every_switch_its_default():
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    rows = {}
    for line in readme.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            names = [n.strip().strip("`") for n in cells[0].split(",")]
            values = [v.strip().strip("`") for v in cells[1].split(",")]
            rows.update(zip(names, values if len(values) == len(names) else [cells[1]] * len(names)))
    defaults = load_defaults()
    for dotted in SWITCHES:
        generic = ".".join("<category>" if part in CATEGORIES else part for part in dotted.split("."))
        assert rows.get(generic) == str(config.setting(defaults, dotted)).lower(), dotted
