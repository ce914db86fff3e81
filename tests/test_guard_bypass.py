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
    tools = project / "tools"  # scripts the guard reads before it lets a command run them
    tools.mkdir()
    (tools / "wipe.sh").write_text("#!/bin/sh\nrm -rf .claude/memory\n")
    (tools / "ok.sh").write_text("#!/bin/sh\nnpm test\n")
    (tools / "wipe.py").write_text("import shutil\nshutil.rmtree('.claude/memory')\n")
    (tools / "read.py").write_text("print(open('.claude/memory/index.md').read())\n")
    (tools / "run").write_text("#!/usr/bin/env python3\nimport os\nos.remove('.claude/memory/index.md')\n")
    (tools / "env.sh").write_text("cd .claude/memory\n")
    (tools / "del.py").write_text("import os, sys\nfor f in sys.argv[1:]:\n    os.remove(f)\n")
    (tools / "fix.diff").write_text("--- a/.claude/memory/index.md\n+++ b/.claude/memory/index.md\n@@ -1 +1 @@\n-a\n+b\n")
    (tools / "app.diff").write_text("--- a/src/app.py\n+++ b/src/app.py\n@@ -1 +1 @@\n-a\n+b\n")
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
    # the staging place outside this session's (s1) draft folder: the writer's manifest and last good
    # copies, which the PostToolUse repair trusts, other sessions' folders, the caches
    _file("Write", "{P}/.claude/memory/.staging/manifest"),
    _file("Edit", "{P}/.claude/memory/.staging/manifest"),
    _file("MultiEdit", ".claude/memory/.staging/manifest"),
    _file("NotebookEdit", "{P}/.claude/memory/.staging/manifest"),
    _file("Write", "{P}/.claude/memory/.staging/copies/0123456789abcdef0123456789abcdef"),
    _file("Edit", ".claude/memory/.staging/copies/0123456789abcdef0123456789abcdef"),
    _file("Write", "{P}/.claude/memory/.staging/s1/../copies/0123456789abcdef0123456789abcdef"),
    _file("Write", "{P}/.claude/memory/.staging/s1"),
    _file("Write", "{P}/.claude/memory/.staging/other-session/context.md"),
    _file("Write", "{P}/.claude/memory/.staging/context-table.bin"),
    _file("Write", "{P}/.claude/memory/.staging/set-aside/decisions/x.json.1"),
    _file("Write", "{P}/mem-link/.staging/manifest"),
    _file("Write", "{P}/dot-claude/memory/.staging/copies/0123456789abcdef0123456789abcdef"),
    _file("Write", "manifest", ".claude/memory/.staging"),
    _file("Write", "../manifest", ".claude/memory/.staging/s1"),
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
    _bash("ln -s {P}/.claude/memory /tmp/memory-view"),  # a door for later writes (issue 14)
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
    _file("Write", "{P}/.claude/memory/.staging/s1/context.md"),
    _file("NotebookEdit", "{P}/.claude/memory/.staging/s1/draft.ipynb"),
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
    _bash("curl -s https://example.invalid/api | jq ."),
    _bash("docker build -t app . && docker run app"),
    _bash("echo '.claude/memory is written by memory_write.py'"),
    _bash("sed -n '1,5p' .claude/memory/index.md"),
    _bash("perl -ne 'print if /postgres/' .claude/memory/index.md"),
    _bash("awk '{print $1}' .claude/memory/index.md"),
    _bash("wc -l .claude/memory/index.md", ".claude/memory"),
]


# issue 14 §2: forms that wrote the store unseen (one line per class or variant)
MUST_DENY += [
    _bash('curl -sSo .claude/memory/index.md https://x.invalid'),
    _bash('curl -so.claude/memory/index.md https://x.invalid'),
    _bash('setsid rm -rf .claude/memory'),
    _bash('flock /tmp/l rm -rf .claude/memory'),
    _bash("script -c 'rm -rf .claude/memory' /dev/null"),
    _bash('nice -n 5 rm -rf .claude/memory'),
    _bash('timeout 5 rm -rf .claude/memory'),
    _bash('timeout -s KILL 5 rm -rf .claude/memory'),
    _bash('env -i rm -rf .claude/memory'),
    _bash('env FOO=1 rm -rf .claude/memory'),
    _bash('find .claude/memory -delete'),
    _bash('find .claude -exec rm {} +'),
    _bash('x=rm; $x -rf .claude/memory'),
    _bash('d=.claude/memoryX; rm -rf ${d%X}'),
    _bash('rm -rf $".claude/memory"'),
    _bash("rm -rf $(printf '.claude/%s' memory)"),
    _bash('echo cm0gLXJmIC5jbGF1ZGUvbWVtb3J5 | base64 -d | sh'),
    _bash('eval "$(echo cm0gLXJmIC5jbGF1ZGUvbWVtb3J5 | base64 -d)"'),
    _bash('CDPATH=.claude cd memory && rm index.md'),
    _bash('cd .claude; shopt -s dotglob; cd ..; rm -rf *'),
    _bash('shopt -s dotglob; rm -rf *'),
    _bash("python3 -c 'import os,sys; os.remove(sys.argv[1])' .claude/memory/index.md"),
    _bash("python3 -c 'import shutil,sys; shutil.rmtree(sys.argv[1])' .claude/memory"),
    _bash('ln -s .claude/memory /tmp/view && rm -rf /tmp/view/'),
    _bash('ln .claude/memory/index.md /tmp/hard'),
    _bash('cp -al .claude/memory /tmp/m'),
    _bash('cp -t .claude/memory/decisions a.json'),
    _bash('cp --target-directory=.claude/memory a.json'),
    _bash('tar -xf x.tar -C .claude/memory'),
    _bash('cd .claude/memory && tar -xf /tmp/x.tar'),
    _bash('gzip .claude/memory/index.md'),
    _bash('gzip -r .claude/memory'),
    _bash('zip -m /tmp/a.zip .claude/memory/index.md'),
    _bash('split -b 10 x .claude/memory/decisions/'),
    _bash('mktemp -p .claude/memory'),
    _bash('make -f /tmp/mk -C .claude/memory'),
    _bash('ls .claude/memory/decisions | while read f; do rm ".claude/memory/decisions/$f"; done'),
    _bash('find .claude/memory -name \'*.json\' | while read -r f; do mv "$f" /tmp/; done'),
    _bash('ls $(echo $(echo $(echo $(echo $(echo $(echo x))))));  rm -rf .claude/memory'),
    _bash('bash -c "bash -c \\"bash -c \'bash -c \\\\\\"bash -c rm\\\\\\\\ -rf\\\\\\\\ .claude/memory\\\\\\"\'\\""'),
    _bash('wget -qO .claude/memory/index.md https://x.invalid'),
    _bash('sort -uo .claude/memory/index.md x'),
    _bash('cp -vt .claude/memory a.json'),
    _bash('cp --target=.claude/memory a.json'),
    _bash('mv -t .claude/memory a.json'),
    _bash('systemd-run --user rm -rf .claude/memory'),
    _bash('strace -f rm .claude/memory/index.md'),
    _bash("su -c 'rm -rf .claude/memory' me"),
    _bash('watch rm .claude/memory/index.md'),
    _bash('xargs -a list.txt rm -f .claude/memory/index.md'),
    _bash("env -S 'rm -rf .claude/memory'"),
    _bash('stdbuf -oL rm .claude/memory/index.md'),
    _bash('busybox rm .claude/memory/index.md'),
    _bash("find .claude/memory -name '*.json' -exec sed -i s/a/b/ {} +"),
    _bash('find .claude/memory -type f -execdir mv {} {}.bak \\;'),
    _bash("find . -name '*.json' -delete"),
    _bash("find .claude -exec python3 -c 'import os,sys; os.remove(sys.argv[1])' {} \\;"),
    _bash('find .claude/memory -fprint .claude/memory/x'),
    _bash('f=rm; g=-rf; $f $g .claude/memory'),
    _bash('c="rm -rf"; $c .claude/memory'),
    _bash('$(echo rm) -rf .claude/memory'),
    _bash('`echo rm` .claude/memory/index.md'),
    _bash('d=/tmp/.claude/memory; rm -rf ${d#/tmp/}'),
    _bash('d=.claude/MEMORY; rm -rf ${d,,}'),
    _bash('d=.claude/xemory; rm -rf ${d/x/m}'),
    _bash('d=XX.claude/memory; rm -rf ${d:2}'),
    _bash('rm -rf "$(printf \'\\x2eclaude/memory\')"'),
    _bash('rm -rf "$(printf \'%s/%s\' .claude memory)"'),
    _bash("rm -rf $(echo -e '\\x2eclaude/memory')"),
    _bash("echo 'cm0gLXJmIC5jbGF1ZGUvbWVtb3J5' | base64 --decode | bash"),
    _bash('bash <(echo cm0gLXJmIC5jbGF1ZGUvbWVtb3J5 | base64 -d)'),
    _bash('x=$(echo cm0gLXJmIC5jbGF1ZGUvbWVtb3J5 | base64 -d); eval "$x"'),
    _bash("echo 'yromem/edualc. fr- mr' | rev | sh"),
    _bash('python3 -c "$(echo aW1wb3J0IHNodXRpbA== | base64 -d)"'),
    _bash('cat .claude/memory/list | sh'),
    _bash('eval "$CMD" .claude/memory'),
    _bash('cd .claude/memory; $EDITOR index.md'),
    _bash("cd .claude/memory/decisions && perl -pi -e 's/a/b/' *.json"),
    _bash('python3 tools/cleanup.py .claude/memory'),
    _bash('python3 -m shutil .claude/memory'),
    _bash('node scripts/fix.js .claude/memory/index.md'),
    _bash('bash scripts/fix.sh .claude/memory'),
    _bash('source .claude/memory/x.sh'),
    _bash('ln -s /tmp/evil .claude/memory/decisions/evil.json'),
    _bash('cp -s .claude/memory/index.md /tmp/i'),
    _bash('cp --link .claude/memory/index.md /tmp/i'),
    _bash('tar -xf backup.tar .claude/memory/index.md'),
    _bash('tar -C .claude -xf backup.tar'),
    _bash('gunzip .claude/memory/index.md.gz'),
    _bash('xz .claude/memory/decisions/x.json'),
    _bash('zip -rm /tmp/a.zip .claude/memory'),
    _bash('zip .claude/memory/x.zip a'),
    _bash('split -l 1 a .claude/memory/decisions/part-'),
    _bash('csplit -f .claude/memory/p a 1'),
    _bash('mktemp .claude/memory/XXXX'),
    _bash('mktemp --tmpdir=.claude/memory'),
    _bash('make -f .claude/memory/Makefile'),
    _bash('cd .claude/memory && make'),
    _bash('dos2unix .claude/memory/index.md'),
    _bash('uniq a .claude/memory/index.md'),
    _bash("yq -i '.a=1' .claude/memory/decisions/x.json"),
    _bash('jq . a.json | sponge .claude/memory/decisions/x.json'),
    _bash('git apply --directory=.claude/memory p.diff'),
    _bash('git checkout HEAD -- .claude/memory'),
    _bash('(cd .claude/memory && rm -f index.md)'),
    _bash('{ cd .claude/memory; rm -f index.md; }'),
    _bash('pushd .claude/memory && rm index.md'),
    _bash('shopt -s dotglob && cd .. && rm -rf project/*'),
    _bash('GLOBIGNORE=x; rm -rf *'),
    _bash('cd /nonexistent-dir; rm -rf memory', '.claude'),   # a cd that fails leaves us where we were
    _bash('cd /tmp | true; rm -rf memory', '.claude'),        # a cd in a pipeline changes nothing
    _bash('cd /tmp || true; rm -rf memory', '.claude'),
    _bash('(cd /tmp); rm -rf memory', '.claude'),              # nor does one in a subshell
    _bash("find . -type f -exec sed -i s/a/b/ {} +"),           # found files include the memories
    _bash("find .claude -name '*.json' -exec rm {} +"),
    # script files are read and judged; one the line writes first, or cannot be read, is unseen
    _bash("bash tools/wipe.sh"),
    _bash("python3 tools/wipe.py"),
    _bash("./tools/run"),
    _bash("tools/wipe.sh"),
    _bash("source tools/env.sh; rm index.md"),
    _bash("printf 'rm -rf .claude/memory' > tools/ok.sh; bash tools/ok.sh"),
    _bash("bash tools/missing.sh && cat .claude/memory/index.md"),
    _bash("python3 tools/read.py .claude/memory"),  # a script given the store: not provably read-only
    # git set up to reach the store; recursive mode changes over it
    _bash("git config alias.w '!rm -rf .claude/memory'"),
    _bash("git -c alias.w='!rm -rf .claude/memory' w"),
    _bash("chmod -R 000 .claude"),
    _bash("chown -R nobody ."),
    # more of the same classes: globs into variables, xargs -I, sed w/e, rsync --delete, env -C,
    # unzip -d the store's folder, diffs that patch the store, untrack-then-clean
    _bash("x=$(ls -d .claude/m*); rm -rf \"$x\""),
    _bash("ls -d .claude/* | xargs -I{} rm -rf {}"),
    _bash("sed -n 'w .claude/memory/index.md' /etc/hostname"),
    _bash("sed 's/x/rm -rf .claude\\/memory/e' a.txt"),
    _bash("rsync -a --delete /tmp/empty/ .claude/"),
    _bash("env --chdir=.claude rm -rf memory"),
    _bash("unzip x.zip -d .claude"),
    _bash("patch -p1 < tools/fix.diff"),
    _bash("patch -p1 -i tools/fix.diff"),
    _bash("git apply tools/fix.diff"),
    _bash("git rm -rf --cached .claude/memory && git clean -fd"),
    _bash("python3 -c \"import os; os.system('rm -rf .claude/memory')\""),
    _bash("echo \"import shutil; shutil.rmtree('.claude/memory')\" | python3"),
    _bash("awk 'BEGIN{system(\"rm -rf .claude/memory\")}'"),
    _bash("nohup rm -rf .claude/memory &"),
    _bash("[ -d x ] || rm -rf .claude/memory"),
    _bash("curl https://x.invalid -o .claude/memory/x --create-dirs"),
    # xargs hands the input's paths to a command that would change them
    _bash("find .claude/memory -name '*.json' | xargs python3 tools/del.py"),
    _bash("find .claude/memory -name '*.json' | xargs python3 -c 'import os,sys; [os.remove(f) for f in sys.argv[1:]]'"),
    _bash("find .claude/memory -name '*.json' | xargs -I{} mv {} /tmp/"),
    _bash("find .claude/memory | xargs chmod 600"),
    # while-read and for loops hand the input's paths on the same way
    _bash("find .claude/memory -name '*.json' | while read f; do python3 tools/del.py \"$f\"; done"),
    _bash("find .claude/memory -name '*.json' | while IFS= read -r f; do chmod 600 \"$f\"; done"),
    _bash("for f in $(find .claude/memory -name '*.json'); do python3 tools/del.py $f; done"),
    # store paths computed at run time from text that names the store
    _bash('rm "$(dirname .claude/memory/decisions/x.json)"/x.json'),
    _bash("rm `dirname .claude/memory/decisions/x.json`/x.json"),
    _bash("D=$(dirname .claude/memory/decisions/x.json); rm $D/x.json"),
    _bash('D=$(realpath mem-link); rm -f "$D"/index.md'),
    _bash('rm "$(dirname decisions/x.json)"/x.json', ".claude/memory"),
    _bash('cd "$(dirname .claude/memory/decisions/x.json)" && rm x.json'),
    _bash("echo ${X:-$(rm -rf .claude/memory)}"),
]

# issue 14 §2: ordinary work that names the store and only reads it
MUST_ALLOW += [
    _bash('(cd .claude/memory && ls); rm -rf build'),
    _bash("python3 - <<'EOF2'\nimport json, glob\nfor f in glob.glob('.claude/memory/*/*.json'):\n    print(json.load(open(f))['title'])\nEOF2"),
    _bash('git log -- .claude/memory'),
    _bash("find .claude/memory -name '*.json' -exec python3 -m json.tool {} \\;"),
    _bash("find .claude/memory -name '*.json' | xargs jq .title"),
    _bash('ls .claude/memory | xargs -n1 echo'),
    _bash('ls -la .claude/memory/'),
    _bash('cat .claude/memory/index.md | head'),
    _bash('wc -l .claude/memory/*/*.json'),
    _bash('du -sh .claude/memory'),
    _bash('git diff -- .claude/memory'),
    _bash('git add .claude/memory/decisions/x.json'),
    _bash('git status --porcelain .claude/memory'),
    _bash('tree .claude/memory'),
    _bash("jq -r '.title' .claude/memory/decisions/*.json"),
    _bash('python3 -m json.tool .claude/memory/decisions/x.json'),
    _bash('grep -rl foo .claude/memory | xargs cat'),
    _bash('find .claude/memory -type f | wc -l'),
    _bash("find .claude/memory -name '*.json' -print0 | xargs -0 jq .id"),
    _bash('for f in .claude/memory/decisions/*.json; do jq .title "$f"; done'),
    _bash('while read -r f; do echo "$f"; done < .claude/memory/index.md'),
    _bash("cat .claude/memory/index.md | python3 -c 'import sys; print(len(sys.stdin.read()))'"),
    _bash('sha256sum .claude/memory/decisions/*.json'),
    _bash('diff <(jq -S . .claude/memory/decisions/x.json) <(jq -S . /tmp/x.json)'),
    _bash('stat -c %s .claude/memory/index.md'),
    _bash('test -f .claude/memory/index.md && echo yes'),
    _bash('[ -d .claude/memory ] || echo missing'),
    _bash('tar -czf /tmp/mem.tgz -C .claude memory'),
    _bash('cp -r .claude/memory /tmp/mem-backup'),
    _bash('rsync -a .claude/memory/ /tmp/mem/'),
    _bash('zip -r /tmp/mem.zip .claude/memory'),
    _bash('git log -p --follow .claude/memory/decisions/x.json'),
    _bash('git show HEAD:.claude/memory/index.md'),
    _bash('cd .claude/memory && git log --oneline -- .'),
    _bash('cd .claude/memory && ls && cat index.md'),
    _bash('sort .claude/memory/index.md | uniq -c'),
    _bash("awk -F'->' '{print $2}' .claude/memory/index.md"),
    _bash("sed -n '/DECISION/p' .claude/memory/index.md"),
    _bash('node -e "console.log(JSON.parse(require(\'fs\').readFileSync(\'.claude/memory/decisions/x.json\')).title)"'),
    _bash('python3 "$CLAUDE_PLUGIN_ROOT/hooks/scripts/memory_index.py" --query x'),
    _bash('echo "see .claude/memory" && npm test'),
    _bash('git commit -am "update memory"'),
    _bash('rg TODO .claude/memory'),
    _bash('realpath .claude/memory'),
    _bash('xxd .claude/memory/index.md | head'),
    _bash('file .claude/memory/*'),
    _bash("printf '%s\\n' .claude/memory/*"),
    _bash('cat .claude/memory/index.md 2>/dev/null || true'),
    _bash('ls .claude/memory > /tmp/list.txt'),
    _bash('git check-ignore -v .claude/memory/.staging'),
    _bash('git ls-files .claude/memory'),
    _bash('git diff --stat HEAD~1 -- .claude/memory'),
    _bash("jq -s 'map(.title)' .claude/memory/decisions/*.json"),
    _bash('time ls .claude/memory'),
    _bash('timeout 5 cat .claude/memory/index.md'),
    _bash('nice -n 10 grep -r x .claude/memory'),
    _bash("python3 - <<'PY'\nimport json, pathlib\nroot = pathlib.Path('.claude/memory')\nfor p in sorted(root.glob('*/*.json')):\n    data = json.loads(p.read_text())\n    print(p.name, data.get('title'))\nPY"),
    _bash("find . -name '*.pyc' -delete && git status"),
    _bash('eval "$(ssh-agent -s)" && ssh-add'),
    _bash('curl -fsSL https://example.invalid/install.sh | bash'),
    _bash('npx prettier --write src/'),
    _bash('make -j4 test'),
    _bash('cd src && make'),
    _bash('cat .claude/memory/index.md; npm run build'),
    _bash('ls .claude/memory && rm -rf dist'),
    _bash('git stash list && git checkout main'),
    _bash('git clean -n'),
    _bash('git checkout -b feature'),
    _bash("find .claude/memory -name '*.json' -exec jq .title {} +"),
    _bash("find .claude/memory -name '*.json' -exec grep -l foo {} \\;"),
    _bash("grep -o 'x' .claude/memory/index.md | sort | uniq > /tmp/out"),
    _bash('python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[\'title\'])" .claude/memory/decisions/x.json'),
    _bash('cd /tmp && rm -rf memory', '.claude'),
    _bash("find . -name '*.pyc' -exec rm {} +"),                # a name no store file has
    _bash("find . -name '__pycache__' -type d -exec rm -rf {} +"),
    _bash("find src -type f -exec sed -i 's/a/b/' {} +"),
    _bash("find . -name '*.py' -exec grep -l TODO {} +"),
    _bash("sh tools/ok.sh"),
    _bash("python3 tools/read.py"),
    _bash(". tools/env.sh && ls"),
    _bash("bash tools/missing.sh"),
    _bash("python3 -m pytest -q && cat .claude/memory/index.md"),
    _bash("git config user.name me"),
    _bash("chmod -R u+w src"),
    _bash("patch -p1 < tools/app.diff"),
    _bash("git apply tools/app.diff"),
    _bash("git rm --cached .claude/memory/decisions/x.json"),
    _bash("rsync -a --delete .claude/memory/ /tmp/mirror/"),
    _bash("ls -d .claude/* | xargs -I{} du -sh {}"),
    _bash("sed -n '/west/p' .claude/memory/index.md"),
    _bash("find .claude/memory -name '*.json' | xargs python3 -c 'import json,sys; [print(json.load(open(f))[\"title\"]) for f in sys.argv[1:]]'"),
    _bash("find .claude/memory -name '*.json' | xargs -I{} cp {} /tmp/"),
    _bash("find .claude/memory -name '*.json' | xargs grep -l x"),
    _bash("find .claude/memory -name '*.json' | while read f; do jq .title \"$f\"; done"),
    _bash("find .claude/memory -name '*.json' | while read -r f; do cp \"$f\" /tmp/; done"),
    _bash("for f in $(find .claude/memory -name '*.json'); do wc -l $f; done"),
    _bash('cat "$(dirname .claude/memory/decisions/x.json)"/x.json'),
    _bash("ls $(dirname .claude/memory/x)"),
    _bash('D=$(dirname .claude/memory/decisions/x.json); grep -rn title "$D" > /tmp/titles.txt'),
    _bash('(cd /tmp && rm -rf memory)', '.claude'),
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
    assert len(MUST_DENY) >= 200 and len(MUST_ALLOW) >= 120
