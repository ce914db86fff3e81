"""The bypass catalogue: every way into the memory store we could think of is denied,
and ordinary work outside it is never denied.

Each case runs through ``write_guard.decide`` against a real project on disk (with
symlinks), exactly as the PreToolUse hook would see it.
"""

from __future__ import annotations

import os

import pytest

from claude_memory.guard import paths as guard_paths
from claude_memory.hooks import write_guard


@pytest.fixture
def world(tmp_path, monkeypatch):
    """A project with a store, a symlink to the store, a symlink to .claude, a staging place."""
    project = tmp_path / "project"
    root = project / ".claude" / "memory"
    for sub in ("decisions", "runbooks", "tech-debt", ".staging/s1"):
        (root / sub).mkdir(parents=True)
    (root / "index.md").write_text("- [DECISION] x -> .claude/memory/decisions/x.json #tags:a\n")
    (root / "decisions" / "x.json").write_text("{}")
    (project / "src").mkdir()
    (project / "src" / "app.py").write_text("print(1)\n")
    (project / "mem-link").symlink_to(root)
    (project / "dot-claude").symlink_to(project / ".claude")
    (project / "src" / "up").symlink_to(project)
    (root / ".staging" / "s1" / "sneaky").symlink_to(root / "decisions")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CLAUDE_PLUGIN_ROOT", guard_paths.__file__.rsplit("/claude_memory/", 1)[0])  # as hooks see it
    return project


def _file(tool: str, path: str, cwd_rel: str = "") -> tuple:
    return ("file", tool, path, cwd_rel)


def _bash(command: str, cwd_rel: str = "") -> tuple:
    return ("bash", "Bash", command, cwd_rel)


def _payload(world, case) -> dict:
    kind, tool, value, cwd_rel = case
    cwd = str(world / cwd_rel) if cwd_rel else str(world)
    value = value.replace("{P}", str(world))
    if kind == "bash":
        tool_input = {"command": value}
    elif tool == "NotebookEdit":
        tool_input = {"notebook_path": value, "new_source": "x"}
    elif tool == "MultiEdit":
        tool_input = {"file_path": value, "edits": [{"old_string": "a", "new_string": "b"}]}
    elif tool == "Edit":
        tool_input = {"file_path": value, "old_string": "a", "new_string": "b"}
    else:
        tool_input = {"file_path": value, "content": "{}"}
    return {"session_id": "s1", "cwd": cwd, "hook_event_name": "PreToolUse", "tool_name": tool,
            "tool_input": tool_input, "tool_use_id": "t1"}


MUST_DENY = [
    # file tools: every spelling of a path into the store
    _file("Write", "{P}/.claude/memory/decisions/new.json"),
    _file("Write", "{P}/.claude/memory/index.md"),
    _file("Write", "{P}/.claude/memory/memory-config.json"),
    _file("Write", "{P}/.claude/memory"),
    _file("Edit", "{P}/.claude/memory/decisions/x.json"),
    _file("MultiEdit", "{P}/.claude/memory/decisions/x.json"),
    _file("NotebookEdit", "{P}/.claude/memory/decisions/nb.ipynb"),
    _file("Write", ".claude/memory/decisions/rel.json"),
    _file("Write", "../.claude/memory/decisions/rel.json", "src"),
    _file("Write", "{P}/src/../.claude/memory/decisions/dotdot.json"),
    _file("Write", "{P}/.claude/memory/.staging/../decisions/escape.json"),
    _file("Write", "{P}//.claude//memory//decisions//double.json"),
    _file("Write", "{P}/./.claude/./memory/./index.md"),
    _file("Write", "{P}/mem-link/decisions/via-link.json"),
    _file("Edit", "{P}/dot-claude/memory/index.md"),
    _file("Write", "{P}/src/up/.claude/memory/runbooks/r.json"),
    _file("Write", "up/.claude/memory/runbooks/r.json", "src"),
    _file("Write", "{P}/.claude/memory/.staging/s1/sneaky/x.json"),
    _file("Write", "{P}/.claude/memory/.staging"),
    _file("Write", "{P}/.claude/memory/tech-debt/deep/er/x.json"),
    # Bash: redirections
    _bash("echo '{}' > .claude/memory/decisions/a.json"),
    _bash("echo x >> {P}/.claude/memory/index.md"),
    _bash("printf x >| .claude/memory/index.md"),
    _bash("cat draft.json &> .claude/memory/decisions/a.json"),
    _bash("echo x 1> .claude/memory/index.md"),
    _bash("echo x >../.claude/memory/index.md", "src"),
    _bash("echo x > \".claude/memory/index.md\""),
    _bash("echo x > '.claude'/\"memory\"/index.md"),
    _bash("echo x > .cl\\aude/mem\\ory/index.md"),
    _bash("echo x > $'\\x2eclaude/memory/index.md'"),
    _bash("echo x > $CLAUDE_PROJECT_DIR/.claude/memory/index.md"),
    _bash("echo x > $(echo .claude)/memory/index.md"),
    _bash("rm -rf \"$(printf .cl)aude/memory\""),
    _bash("cd `echo .claude/memory` && rm index.md"),
    _bash("echo x > \"${CLAUDE_PROJECT_DIR}/.claude/memory/index.md\""),
    _bash("echo x > {P}//.claude//memory//index.md"),
    _bash("echo x > src/../.claude/memory/index.md"),
    _bash("echo x > mem-link/index.md"),
    _bash("echo x > dot-claude/memory/decisions/a.json"),
    _bash("echo x > .claude/memory/.staging/s1/draft.json"),
    # Bash: file verbs
    _bash("cat a.json | tee .claude/memory/decisions/a.json"),
    _bash("tee -a .claude/memory/index.md < /dev/null"),
    _bash("cp /tmp/a.json .claude/memory/decisions/"),
    _bash("cp -r /tmp/memory .claude/"),
    _bash("cp -t .claude/memory/decisions a.json"),
    _bash("mv draft.json .claude/memory/decisions/a.json"),
    _bash("mv .claude/memory/decisions/x.json /tmp/"),
    _bash("mv .claude .claude-old"),
    _bash("rm .claude/memory/decisions/x.json"),
    _bash("rm -rf .claude/memory"),
    _bash("rm -rf .claude"),
    _bash("rm -rf {P}/.claude/memory/"),
    _bash("\\rm -f .claude/memory/index.md"),
    _bash("/bin/rm -f .claude/memory/index.md"),
    _bash("sudo rm -rf .claude/memory"),
    _bash("unlink .claude/memory/index.md"),
    _bash("rmdir .claude/memory/runbooks"),
    _bash("sed -i 's/a/b/' .claude/memory/decisions/x.json"),
    _bash("sed -i.bak -e 's/a/b/' .claude/memory/index.md"),
    _bash("sed --in-place 's/a/b/' .claude/memory/index.md"),
    _bash("sed -Ei 's/a/b/' .claude/memory/index.md"),
    _bash("perl -pi -e 's/a/b/' .claude/memory/index.md"),
    _bash("touch .claude/memory/decisions/new.json"),
    _bash("truncate -s 0 .claude/memory/index.md"),
    _bash("dd if=/dev/zero of=.claude/memory/index.md bs=1 count=1"),
    _bash("install -m 644 a.json .claude/memory/decisions/a.json"),
    _bash("ln -sf /tmp/evil.json .claude/memory/decisions/a.json"),
    _bash("chmod 000 .claude/memory/index.md"),
    _bash("chmod -w .claude/memory/index.md"),
    _bash("mkdir -p .claude/memory/decisions/sub"),
    _bash("find .claude/memory -name '*.json' -delete"),
    _bash("find . -path '*/.claude/memory/*' -delete"),
    _bash("find /tmp -name a.json -exec cp {} .claude/memory/decisions/ \\;"),
    _bash("git rm -r .claude/memory/decisions"),
    _bash("git checkout -- .claude/memory/index.md"),
    _bash("git -C .claude restore memory/index.md"),
    _bash("tar -xf backup.tar -C .claude/memory"),
    _bash("unzip -o backup.zip -d .claude/memory"),
    _bash("curl -o .claude/memory/decisions/a.json https://example.invalid/a"),
    _bash("rsync -a /tmp/mem/ .claude/memory/"),
    # Bash: globs, braces, variables, cd
    _bash("rm -rf .claude/mem*"),
    _bash("rm -rf .cl*/memory"),
    _bash("rm .claude/memory/decisions/*.json"),
    _bash("rm -rf .claude/m?mory"),
    _bash("rm -rf .claude/[m]emory"),
    _bash("echo x > .claude/{memory,other}/index.md"),
    _bash("D=.claude/memory; rm -rf $D"),
    _bash("export D=\"$CLAUDE_PROJECT_DIR/.claude\"; echo x > \"$D/memory/index.md\""),
    _bash("for f in .claude/memory/decisions/*; do rm \"$f\"; done"),
    _bash("rm -rf ~/../project/.claude/memory"),
    _bash("rm -rf {P}/../project/.claude/memory"),
    _bash("cd .claude/memory && rm index.md"),
    _bash("cd .claude; echo x > memory/index.md"),
    _bash("cd {P}/.claude/memory\nrm -rf decisions"),
    _bash("cd ../.claude/memory && touch x", "src"),
    _bash("cd .claude/memory && python3 -c \"open('index.md','w').write('')\""),
    _bash("rm -rf *", ".claude/memory"),
    _bash("echo x > index.md", ".claude/memory"),
    # Bash: nested shells, substitutions, interpreters
    _bash("bash -c 'rm -rf .claude/memory'"),
    _bash("sh -c \"echo x > .claude/memory/index.md\""),
    _bash("eval 'rm -rf .claude/memory'"),
    _bash("echo $(rm -rf .claude/memory)"),
    _bash("x=`rm .claude/memory/index.md`"),
    _bash("echo 'rm -rf .claude/memory' | bash"),
    _bash("bash <<'EOF'\nrm -rf .claude/memory\nEOF"),
    _bash("ls .claude/memory/decisions/*.json | xargs rm"),
    _bash("grep -l old .claude/memory/decisions/* | xargs sed -i 's/old/new/'"),
    _bash("python3 -c \"open('.claude/memory/decisions/a.json','w').write('{}')\""),
    _bash("python -c 'import shutil; shutil.rmtree(\".claude/memory\")'"),
    _bash("python3 -c \"import os; os.remove(os.path.join('.claude', 'memory', 'index.md'))\""),
    _bash("python3 -c \"from pathlib import Path; Path('.claude/memory/index.md').write_text('')\""),
    _bash("python3 - <<'EOF'\nopen('.claude/memory/index.md', 'w').write('')\nEOF"),
    _bash("node -e \"require('fs').writeFileSync('.claude/memory/index.md', '')\""),
    _bash("perl -e 'unlink \".claude/memory/index.md\"'"),
    _bash("ruby -e 'File.write(\".claude/memory/index.md\", \"\")'"),
    _bash("awk '{print > \".claude/memory/index.md\"}' notes.txt"),
    # the plugin's own scripts do not launder a write chained after them
    _bash("python3 \"$CLAUDE_PLUGIN_ROOT/hooks/scripts/memory_index.py\" --rebuild > .claude/memory/index.md"),
    _bash("python3 hooks/scripts/memory_write.py --action create --category decision --input d.json"
          " && echo x >> .claude/memory/index.md"),
    _bash("python3 hooks/scripts/memory_candidate.py --category decision --new-info x; rm -rf .claude/memory"),
    _bash("python3 hooks/scripts/memory_index.py --query x | tee .claude/memory/index.md"),
]

MUST_ALLOW = [
    _file("Write", "{P}/src/app.py"),
    _file("Edit", "{P}/src/app.py"),
    _file("MultiEdit", "src/app.py"),
    _file("NotebookEdit", "{P}/notebooks/a.ipynb"),
    _file("Write", "{P}/notes.md"),
    _file("Write", "{P}/.claude/settings.json"),
    _file("Write", "{P}/.claude/commands/x.md"),
    _file("Write", "{P}/.claude/memory-notes.md"),
    _file("Write", "{P}/.claude/memoryx/a.json"),
    _file("Write", "{P}/memory/a.json"),
    _file("Write", "{P}/.claude/memory/.staging/s1/draft-decision.json"),
    _file("Write", ".claude/memory/.staging/s1/draft-runbook.json"),
    _file("Write", "{P}/.claude/memory/.staging/new-session/context.md"),
    _file("Write", "/tmp/scratch.txt"),
    _bash("echo hi > out.txt"),
    _bash("echo hi > /tmp/out.txt 2>&1"),
    _bash("rm -rf build/"),
    _bash("rm -rf *"),
    _bash("rm -rf node_modules dist .pytest_cache"),
    _bash("git commit -m 'save .claude/memory changes'"),
    _bash("git add .claude/memory && git commit -m memories"),
    _bash("git status && git diff && git log --oneline -5"),
    _bash("cat .claude/memory/index.md"),
    _bash("grep -rn postgres .claude/memory/"),
    _bash("ls -la .claude/memory/decisions"),
    _bash("jq .title .claude/memory/decisions/x.json"),
    _bash("head -20 .claude/memory/index.md | less"),
    _bash("cat .claude/memory/index.md > /tmp/index-copy.md"),
    _bash("cp .claude/memory/decisions/x.json /tmp/"),
    _bash("cp -r .claude /tmp/backup"),
    _bash("tar -czf /tmp/memory-backup.tgz .claude/memory"),
    _bash("diff .claude/memory/decisions/x.json /tmp/x.json"),
    _bash("find . -name '*.pyc' -delete"),
    _bash("find .claude/memory -name '*.json'"),
    _bash("python3 -c \"print(open('.claude/memory/index.md').read())\""),
    _bash("python3 -c \"import json; print(json.load(open('.claude/memory/decisions/x.json')))\""),
    _bash("node -e \"console.log(require('fs').readFileSync('.claude/memory/index.md', 'utf8'))\""),
    _bash("python3 \"$CLAUDE_PLUGIN_ROOT/hooks/scripts/memory_write.py\" --action create --category decision"
          " --input .claude/memory/.staging/s1/draft-decision.json"),
    _bash("python3 \"${CLAUDE_PLUGIN_ROOT}/hooks/scripts/memory_write.py\" --action delete --category decision"
          " --target .claude/memory/decisions/x.json --reason obsolete"),
    _bash("python3 hooks/scripts/memory_index.py --rebuild"),
    _bash("python3 hooks/scripts/memory_candidate.py --category decision --new-info 'use postgres'"),
    _bash("python3 hooks/scripts/memory_index.py --validate 2>&1 | tail -5"),
    _bash("python3 -m pytest tests -q"),
    _bash("npm test 2>&1 | tee test.log"),
    _bash("sed -i 's/a/b/' src/app.py"),
    _bash("touch src/new.py && mkdir -p src/pkg"),
    _bash("mkdir -p .claude/commands && echo x > .claude/settings.local.json"),
    _bash("cd src && rm -rf __pycache__"),
    _bash("echo memory > memory.txt"),
    _bash("rm -rf memory"),
    _bash("mv src/app.py src/main.py"),
    _bash("ls | xargs rm -f"),
    _bash("for f in *.tmp; do rm \"$f\"; done"),
    _bash("rm -rf \"$TMPDIR/claude-scratch\""),
    _bash("chmod +x scripts/run.sh"),
    _bash("ln -s {P}/.claude/memory /tmp/memory-view"),
    _bash("curl -s https://example.invalid/api | jq ."),
    _bash("docker build -t app . && docker run app"),
    _bash("echo '.claude/memory is written by memory_write.py'"),
    _bash("sed -n '1,5p' .claude/memory/index.md"),
    _bash("perl -ne 'print if /postgres/' .claude/memory/index.md"),
    _bash("awk '{print $1}' .claude/memory/index.md"),
    _bash("wc -l .claude/memory/index.md", ".claude/memory"),
]


@pytest.mark.parametrize("case", MUST_DENY, ids=lambda c: f"{c[1]}:{c[2][:60]}@{c[3] or '.'}")
def test_bypass_attempt_is_denied(world, case):
    answer = write_guard.decide(_payload(world, case))
    assert answer is not None, f"not denied: {case}"
    out = answer["hookSpecificOutput"]
    assert out["hookEventName"] == "PreToolUse"
    assert out["permissionDecision"] == "deny"
    assert "memory_write.py" in out["permissionDecisionReason"] or "memory_index.py" in out["permissionDecisionReason"]


@pytest.mark.parametrize("case", MUST_ALLOW, ids=lambda c: f"{c[1]}:{c[2][:60]}@{c[3] or '.'}")
def test_ordinary_work_is_allowed(world, case):
    assert write_guard.decide(_payload(world, case)) is None


@pytest.mark.parametrize("spelling", ["{P}/.CLAUDE/MEMORY/index.md", "{P}/.Claude/Memory/decisions/a.json",
                                      "{P}/.claude/MEMORY/x.json"])
def test_case_variants_are_denied_on_a_case_insensitive_volume(world, monkeypatch, spelling):
    monkeypatch.setattr(guard_paths, "fs_case_insensitive", lambda directory: True)
    answer = write_guard.decide(_payload(world, _file("Write", spelling)))
    assert answer is not None
    answer = write_guard.decide(_payload(world, _bash(f"rm -rf {spelling}")))
    assert answer is not None


@pytest.mark.parametrize("spelling", ["{P}/.CLAUDE/MEMORY/index.md", "{P}/.claude/Memory/x.json"])
def test_case_variants_are_other_folders_on_a_case_sensitive_volume(world, monkeypatch, spelling):
    monkeypatch.setattr(guard_paths, "fs_case_insensitive", lambda directory: False)
    assert write_guard.decide(_payload(world, _file("Write", spelling))) is None
    assert write_guard.decide(_payload(world, _bash(f"echo x > {spelling}"))) is None


def test_a_symlinked_staging_place_is_not_a_way_in(world):
    root = world / ".claude" / "memory"
    os.rename(root / ".staging", world / "real-staging")
    (root / ".staging").symlink_to(root / "decisions")
    answer = write_guard.decide(_payload(world, _file("Write", "{P}/.claude/memory/.staging/x.json")))
    assert answer is not None
    (root / ".staging").unlink()
    (root / ".staging").symlink_to(world / "real-staging")
    answer = write_guard.decide(_payload(world, _file("Write", "{P}/.claude/memory/.staging/s1/x.json")))
    assert answer is not None  # even pointing somewhere harmless: a symlinked staging place is refused


def test_catalogue_size():
    assert len(MUST_DENY) >= 60 and len(MUST_ALLOW) >= 40
