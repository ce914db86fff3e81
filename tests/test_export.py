"""memory_index.py --export: a delimited, regenerated section; nothing outside it is touched."""

from __future__ import annotations

import json
import os

import pytest

from claude_memory import store
from claude_memory.store import export
from store_helpers import create, make_doc, snapshot

SCRIPT = "memory_index.py"
USER_TEXT_BEFORE = "# Project rules\n\nAlways run `make lint`. <!-- a comment of mine -->\n\n"
USER_TEXT_AFTER = "\n## My own notes\n\nDo not touch this. Ünïcödé stays.\n"


def test_export_regenerates_its_section_in_place(run_script, project, memory_root):
    ctx = store.open_store(memory_root)
    create(ctx)
    create(ctx, "runbook", "fix-deploy", "Fix deploy --> <!-- sneaky", tags=["deploy"])
    target = project / "CLAUDE.md"
    target.write_text(USER_TEXT_BEFORE + USER_TEXT_AFTER, encoding="utf-8")
    run_script(SCRIPT, "--export", "CLAUDE.md", check=True)
    text = target.read_text(encoding="utf-8")
    assert text.startswith(USER_TEXT_BEFORE + USER_TEXT_AFTER)  # appended: the user's text is intact
    section = text[len(USER_TEXT_BEFORE + USER_TEXT_AFTER):]
    assert section.startswith("\n" + export.begin_marker("all")) or section.startswith(export.begin_marker("all"))
    assert "**Use Postgres for storage**: use postgres" in section and "### Runbooks" in section
    assert section.count("-->") == section.count("<!--")  # the hostile title cannot end the section early

    # The user edits around the section; a new memory arrives; the export rewrites only the section.
    edited = "Intro I added.\n" + text + "Trailer I added.\n"
    target.write_text(edited, encoding="utf-8")
    create(ctx, id="use-kafka", title="Use Kafka for events")
    store.change_status(ctx, "delete", target=str(memory_root / "decisions" / "use-postgres.json"), reason="x")
    assert run_script(SCRIPT, "--export", "CLAUDE.md").returncode == 0
    again = target.read_text(encoding="utf-8")
    start, end = again.index(export.begin_marker("all")), again.index(export.end_marker("all"))
    old_start, old_end = edited.index(export.begin_marker("all")), edited.index(export.end_marker("all"))
    assert again[:start] == edited[:old_start]
    assert again[end:] == edited[old_end:]
    inside = again[start:end]
    assert "Use Kafka for events" in inside and "Use Postgres" not in inside  # retired: not exported
    assert run_script(SCRIPT, "--export", "CLAUDE.md", "--json").json()["written"] is False  # idempotent


def test_export_of_one_category_into_a_new_rules_file_and_a_symlink(run_script, project, memory_root):
    ctx = store.open_store(memory_root)
    create(ctx)
    create(ctx, "preference", "tabs", "Indent with tabs", tags=["style"])
    run_script(SCRIPT, "--export", ".claude/rules/preferences.md", "--category", "preferences", check=True)
    text = (project / ".claude" / "rules" / "preferences.md").read_text()
    assert export.begin_marker("preference") in text and "Indent with tabs" in text and "Postgres" not in text
    (project / "AGENTS.md").write_text("mine\n")
    os.symlink("AGENTS.md", project / "CLAUDE.md")
    assert run_script(SCRIPT, "--export", "CLAUDE.md").returncode == 0
    assert (project / "CLAUDE.md").is_symlink()
    assert (project / "AGENTS.md").read_text().startswith("mine\n\n" + export.begin_marker("all"))


def test_splice_keeps_other_sections():
    a = export.render_section([], "decision")
    b = export.render_section([], "all")
    text = export.splice(export.splice("x\n", a, "decision"), b, "all")
    assert text.count("claude-memory:begin") == 2
    assert export.splice(text, a, "decision") == text


@pytest.mark.parametrize("flag", ["--export", "--html"])
@pytest.mark.parametrize("target", [".claude/memory/memory-config.json", ".claude/memory/decisions/evil.json",
                                    ".claude/memory/index.md", ".claude/memory/notes.md"])
def test_export_and_html_refuse_a_target_inside_the_store(run_script, project, memory_root, flag, target):
    run_script("memory_write.py", "--action", "create", "--category", "decision", "--input", "-",
               stdin=json.dumps(make_doc()), check=True)
    (memory_root / "memory-config.json").write_text('{"enabled": false}\n')
    before = snapshot(memory_root)
    res = run_script("memory_index.py", flag, target)
    assert res.returncode != 0 and "inside the memory store" in res.stderr, res.stderr
    assert snapshot(memory_root) == before
