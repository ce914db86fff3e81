"""Which Bash commands the guard may approve on the user's behalf: the plugin's own writer and
candidate calls in one exact shape, by their real path, and nothing else."""

from __future__ import annotations

import os
import re

import pytest

from claude_memory.guard import own_call
from claude_memory.guard.own_call import is_own_call, is_own_script, parse_call

PLUGIN = own_call.PLUGIN_ROOT
WRITER = f"{PLUGIN}/hooks/scripts/memory_write.py"
CANDIDATE = f"{PLUGIN}/hooks/scripts/memory_candidate.py"
BATCH = '[{"action": "save", "category": "decision", "draft": {"title": "Use $HOME `x` $(rm -rf /)"}}]'


@pytest.fixture
def project(tmp_path):
    project = tmp_path / "project"
    (project / ".claude" / "memory").mkdir(parents=True)
    # look-alikes: the same file names in other places, one a copy, one a symlinked folder
    fake = project / "hooks" / "scripts"
    fake.mkdir(parents=True)
    (fake / "memory_write.py").write_text("import shutil; shutil.rmtree('.claude')\n")
    (fake / "memory_candidate.py").write_text("")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "memory_write.py").write_text("")
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "real-link").symlink_to(os.path.join(PLUGIN, "hooks"))
    return project


def _allowed(command: str, project) -> bool:
    root = str(project / ".claude" / "memory")
    return is_own_call(command, cwd=str(project), roots=(root,))


def _heredoc(head: str, body: str = BATCH, tag: str = "EOF") -> str:
    return f"{head} <<'{tag}'\n{body}\n{tag}"


ALLOWED = [
    _heredoc(f'python3 "{WRITER}" --root "{{root}}" --batch -'),
    _heredoc(f'python3 "{WRITER}" --batch -'),
    _heredoc(f"python3 '{WRITER}' --batch -", tag="MEMORY_BATCH"),
    _heredoc(f'python3 {WRITER} --batch -').replace("<<'EOF'", '<<"EOF"'),
    _heredoc(f'python3 {WRITER} --batch -').replace("<<'EOF'", "<< 'EOF'"),
    _heredoc(f'python {WRITER} --action create --category decision --input -'),
    _heredoc(f'python3 "{WRITER}" --action update --category decision --target '
             f'.claude/memory/decisions/x.json --hash 0123abcd --input -'),
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json --reason "no longer used"',
    f"python3 \"{WRITER}\" --action restore --target .claude/memory/decisions/x.json --reason 'asked; by user'",
    f'python3 "{CANDIDATE}" --category decision --new-info "use sqlc, not an ORM (pgx)"',
    f'python3 "{CANDIDATE}" --root "{{root}}" --category runbook --new-info x --lifecycle-event resolved',
    # the body may hold anything, even what looks like shell or the delimiter with more text
    _heredoc(f'python3 "{WRITER}" --batch -', body="EOF is not here\n; rm -rf / && $(reboot)\n`id` | tee x\nEOFX"),
    _heredoc(f'python3 "{WRITER}" --batch -') + "\n",
    _heredoc(f'python3 "{WRITER}" --batch -', body="日本語のメモ: 決定 — ünïcödé"),
    # the plugin's own script through a symlinked folder is still the plugin's own script
    _heredoc('python3 "{tmp}/real-link/scripts/memory_write.py" --batch -'),
]

REFUSED = [
    # look-alikes: named like the writer, elsewhere
    _heredoc('python3 hooks/scripts/memory_write.py --batch -'),
    _heredoc('python3 "{project}/hooks/scripts/memory_write.py" --batch -'),
    _heredoc('python3 "{tmp}/elsewhere/memory_write.py" --batch -'),
    _heredoc('python3 "{tmp}/link/memory_write.py" --batch -'),
    _heredoc('python3 /tmp/memory_write.py --batch -'),
    _heredoc(f'python3 "{PLUGIN}/hooks/memory_write.py" --batch -'),
    _heredoc(f'python3 "{PLUGIN}/hooks/scripts/memory_index.py" --rebuild'),
    f'python3 "{PLUGIN}/hooks/scripts/memory_index.py" --query x',
    f'python3 "{PLUGIN}/hooks/scripts/memory_write_guard.py"',
    # other interpreters and forms
    _heredoc(f'python3 -c "{WRITER}" --batch -'),
    _heredoc(f'python3 -I "{WRITER}" --batch -'),
    _heredoc(f'/tmp/python3 "{WRITER}" --batch -'),
    _heredoc(f'bash "{WRITER}" --batch -'),
    _heredoc(f'sudo python3 "{WRITER}" --batch -'),
    _heredoc(f'env X=1 python3 "{WRITER}" --batch -'),
    _heredoc(f'X=1 python3 "{WRITER}" --batch -'),
    _heredoc(f'exec python3 "{WRITER}" --batch -'),
    # shell operators before or after
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json; rm -rf .claude',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json ; rm -rf .claude',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json && rm -rf .claude',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json || rm -rf .claude',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json & rm -rf .claude',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json | tee out',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json > .claude/memory/index.md',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json 2>/dev/null',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json < /etc/passwd',
    f'cd /tmp && python3 "{WRITER}" --action delete --target x.json',
    f'(python3 "{WRITER}" --action delete --target x.json)',
    f'{{ python3 "{WRITER}" --action delete --target x.json; }}',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json # comment',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json\nrm -rf .claude',
    f'python3 "{WRITER}" --action delete \\\n --target x.json',
    # substitutions, variables, globs, tilde, brace lists
    f'python3 "{WRITER}" --action delete --target "$(echo .claude/memory/decisions/x.json)"',
    f'python3 "{WRITER}" --action delete --target $(echo x.json)',
    f'python3 "{WRITER}" --action delete --target `echo x.json`',
    f'python3 "{WRITER}" --action delete --target "`echo x.json`"',
    f'python3 "{WRITER}" --action delete --target "$TARGET"',
    f'python3 "{WRITER}" --action delete --target ${{TARGET}}',
    f'python3 "{WRITER}" --action delete --target "x\\"y"',
    f'python3 "{WRITER}" --action delete --target "x!y"',
    f'python3 "{WRITER}" --action delete --target .claude/memory/*/x.json',
    f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x?.json',
    f'python3 "{WRITER}" --action delete --target ~/x.json',
    f'python3 "{WRITER}" --action delete --target {{a,b}}.json',
    'python3 "$CLAUDE_PLUGIN_ROOT/hooks/scripts/memory_write.py" --action delete --target x.json',
    'python3 "${CLAUDE_PLUGIN_ROOT}/hooks/scripts/memory_write.py" --action delete --target x.json',
    f'python3 "{WRITER}" --action delete --target <(echo x)',
    # unknown or repeated options, stray operands, dangling values
    f'python3 "{WRITER}" --action delete --target x.json --force yes',
    f'python3 "{WRITER}" --action delete --target x.json extra',
    f'python3 "{WRITER}" --action delete --target x.json --target y.json',
    f'python3 "{WRITER}" --action delete --target',
    f'python3 "{WRITER}" --action=delete --target=x.json',
    f'python3 "{WRITER}" --action erase --target x.json',
    f'python3 "{WRITER}" --action delete --target --root',
    f'python3 "{CANDIDATE}" --category decision --new-info-file /etc/shadow',
    # stdin that is not a closed, quoted here-document that ends the command
    f'python3 "{WRITER}" --action create --category decision --input /tmp/draft.json',
    f'python3 "{WRITER}" --action create --category decision --input -',
    f'python3 "{WRITER}" --batch drafts.json',
    f'python3 "{WRITER}" --batch -',
    _heredoc(f'python3 "{WRITER}" --batch -').replace("<<'EOF'", "<<EOF"),
    _heredoc(f'python3 "{WRITER}" --batch -').replace("<<'EOF'", "<<-'EOF'"),
    _heredoc(f'python3 "{WRITER}" --batch -').replace("<<'EOF'", "<<'E OF'"),
    _heredoc(f'python3 "{WRITER}" --batch -') + "\nrm -rf .claude",
    _heredoc(f'python3 "{WRITER}" --batch -') + "\n\ntouch x",
    _heredoc(f'python3 "{WRITER}" --batch -', body="[]\nEOF\nrm -rf .claude"),
    _heredoc(f'python3 "{WRITER}" --batch -')[:-4],
    _heredoc(f'python3 "{WRITER}" --batch - > out.txt'),
    _heredoc(f'python3 "{WRITER}" --batch -') + " ; rm x",
    _heredoc(f'python3 "{WRITER}" --batch -').replace("--batch - <<'EOF'", "--batch - <<'EOF' && rm x"),
    f"python3 \"{WRITER}\" --batch - <<< '[]'",
    _heredoc(f'python3 "{WRITER}" --batch - --input -'),
    _heredoc(f'python3 "{WRITER}" --action delete --target x.json'),
    # a store that is not the project's
    _heredoc(f'python3 "{WRITER}" --root /tmp/other --batch -'),
    _heredoc(f'python3 "{WRITER}" --root docs --batch -'),
    _heredoc(f'python3 "{WRITER}" --root "{{project}}" --batch -'),
    # nothing at all
    "",
    "python3",
    f'python3 "{WRITER}"\0 --batch -',
]


def _fill(command: str, project) -> str:
    return (command.replace("{root}", str(project / ".claude" / "memory"))
            .replace("{project}", str(project)).replace("{tmp}", str(project.parent)))


@pytest.mark.parametrize("command", ALLOWED)
def test_the_plugins_own_calls_are_recognised(command, project):
    assert _allowed(_fill(command, project), project), command


@pytest.mark.parametrize("command", REFUSED)
def test_anything_else_is_not(command, project):
    assert not _allowed(_fill(command, project), project), command


def test_a_relative_path_counts_only_when_it_resolves_to_the_plugin(project):
    command = _heredoc("python3 hooks/scripts/memory_write.py --batch -")
    assert not is_own_call(command, cwd=str(project), roots=(str(project / ".claude" / "memory"),))
    assert is_own_call(command, cwd=PLUGIN, roots=(str(project / ".claude" / "memory"),))
    assert not is_own_call(command, cwd=None, roots=())


def test_a_relative_root_resolves_against_the_commands_folder(project):
    command = _heredoc(f'python3 "{WRITER}" --root .claude/memory --batch -')
    assert _allowed(command, project)
    assert not is_own_call(command, cwd=str(project / ".claude"), roots=(str(project / ".claude" / "memory"),))


def test_parse_call_reports_the_shape():
    parsed = parse_call(_heredoc(f'python3 "{WRITER}" --root /r --batch -'))
    assert parsed == ("python3", WRITER, [("--root", "/r"), ("--batch", "-")], True)
    assert parse_call(f'python3 "{WRITER}" --action delete --target "a b.json"') == (
        "python3", WRITER, [("--action", "delete"), ("--target", "a b.json")], False)


@pytest.mark.parametrize("script,own", [
    (WRITER, True), (CANDIDATE, True), (f"{PLUGIN}/hooks/scripts/memory_index.py", True),
    (f"{PLUGIN}/hooks/scripts/../scripts/memory_write.py", True),
    ("/tmp/memory_write.py", False), ("memory_write.py", False), ("hooks/scripts/memory_write.py", False),
    (f"{PLUGIN}/hooks/scripts/memory_triage.py", False), ("", False),
])
def test_is_own_script(script, own, project):
    assert is_own_script(script, str(project)) is own


def test_a_resolver_that_fails_is_a_no(project):
    def broken(path):
        raise OSError("gone")

    assert not is_own_call(_heredoc(f'python3 "{WRITER}" --batch -'), cwd=str(project), roots=(), resolve=broken)


# ---- through the PreToolUse hook's decision


def _payload(project, command: str, mode: str = "default") -> dict:
    return {"session_id": "s1", "cwd": str(project), "hook_event_name": "PreToolUse", "permission_mode": mode,
            "tool_name": "Bash", "tool_input": {"command": command}}


@pytest.fixture
def hook_env(project, monkeypatch):
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    monkeypatch.setenv("CLAUDE_PLUGIN_ROOT", PLUGIN)
    return project


@pytest.mark.parametrize("mode", ["default", "acceptEdits", "bypassPermissions", "dontAsk", None])
def test_the_hook_approves_the_writers_heredoc_call(hook_env, mode):
    from claude_memory.hooks import write_guard

    command = _heredoc(f'python3 "{WRITER}" --root "{hook_env}/.claude/memory" --batch -')
    out = write_guard.decide(_payload(hook_env, command, mode))
    assert out["hookSpecificOutput"]["permissionDecision"] == "allow"


def test_the_hook_does_not_approve_in_plan_mode(hook_env):
    from claude_memory.hooks import write_guard

    command = _heredoc(f'python3 "{WRITER}" --batch -')
    assert write_guard.decide(_payload(hook_env, command, "plan")) is None


@pytest.mark.parametrize("command", [
    "echo hi > notes.txt",
    "python3 -m pytest -q",
    _heredoc(f'python3 "{WRITER}" --batch -') + "\nrm -rf build",
    "python3 hooks/scripts/memory_index.py --query x",
])
def test_the_hook_has_no_opinion_on_anything_else(hook_env, command):
    from claude_memory.hooks import write_guard

    assert write_guard.decide(_payload(hook_env, command)) is None


@pytest.mark.parametrize("command", [
    "python3 hooks/scripts/memory_write.py --action delete --target .claude/memory/decisions/x.json",
    "python3 {tmp}/elsewhere/memory_write.py --action create --category decision --root .claude/memory --input d.json",
    "python3 {tmp}/link/memory_write.py --action delete --target .claude/memory/decisions/x.json",
    "python3 ./hooks/scripts/memory_index.py --rebuild --root .claude/memory",
    "python3 \"$UNSET_DIR/memory_write.py\" --action delete --target .claude/memory/decisions/x.json",
])
def test_a_look_alike_of_the_writer_touching_the_store_is_denied(hook_env, command):
    from claude_memory.hooks import write_guard

    out = write_guard.decide(_payload(hook_env, _fill(command, hook_env)))
    assert out is not None and out["hookSpecificOutput"]["permissionDecision"] == "deny", command


def test_the_real_writer_touching_the_store_is_not_denied(hook_env):
    from claude_memory.hooks import write_guard

    for command in (f'python3 "{WRITER}" --action delete --target .claude/memory/decisions/x.json --reason old',
                    'python3 "$CLAUDE_PLUGIN_ROOT/hooks/scripts/memory_write.py" --action delete '
                    '--target .claude/memory/decisions/x.json'):
        out = write_guard.decide(_payload(hook_env, command))
        assert out is None or out["hookSpecificOutput"]["permissionDecision"] == "allow", command


@pytest.mark.parametrize("rel", ["decisions/use-postgres.json", "index.md", "memory-config.json", "", "bypass"])
def test_every_call_the_guard_advises_is_one_it_approves(project, monkeypatch, rel):
    # Claude follows a deny's (or a repair's) advice: each writer call it names (placeholders filled in as
    # Claude would) must be one the guard approves without a prompt; a draft file under .claude/ never is
    # (the CLI refuses Write there whatever a hook answers)
    from claude_memory.guard import advice
    from claude_memory.hooks import bypass

    monkeypatch.setenv("CLAUDE_PLUGIN_ROOT", PLUGIN)
    root = str(project / ".claude" / "memory")
    text = bypass._message(root, ["decisions/x.json was put back"]) if rel == "bypass" else \
        advice.writer_advice(root, rel)
    assert ".staging" not in text and "Write tool" not in text
    assert re.search(r"--input (?!- )", text) is None  # every advised call reads its record from stdin
    filled = (text.replace("<category>", "decision").replace("<md5>", "0" * 32).replace("<why>", "no longer true")
              .replace("<memory file>", f"{root}/decisions/x.json"))
    lines = filled.splitlines()
    calls = []
    for i, line in enumerate(lines):
        start = line.find("python3 ")
        if start < 0:
            continue
        head = line[start:]
        if head.endswith(f"<<'{advice.HEREDOC}'"):
            head = "\n".join([head, '{"title": "x"}', advice.HEREDOC])
            assert lines[i + 2] == advice.HEREDOC  # the closing line stands alone, unindented
        calls.append(head)
    writes = [c for c in calls if "memory_write.py" in c]
    assert writes and all(_allowed(c, project) for c in writes), writes
