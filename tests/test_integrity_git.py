"""What the repair takes for git's doing (store.integrity._Git) and what it never takes for a good copy.

Each case runs real git in a temporary project whose store the writer made, then calls the
repair as the PostToolUse hook does after a Bash call: with what :func:`hooks.bypass.git_effects`
reads from the command (may it have staged, may it have committed).

- Staging copies the work tree into git's index, so a change made in the same call as a
  ``git add``/``commit -a``/``stash`` is not git's: it is put back like any bypass.
- git's own work (checkout, merge, pull, reset, rebase, cherry-pick, revert, stash pop, rm,
  a conflict settled with ``checkout --theirs`` and ``add``) stays the project's history.
- A file git holds that is not a valid memory is reported and left, never recorded as a good
  copy nor restored; deleting it is accepted.
- A teammate's change a pull brings in after a commit in the same call (``git commit -am x &&
  git pull --rebase``) is git's: a commit the remote brought holds it; unless the call may also
  have pushed or fetched from the repository itself (its own commit may then be there).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from claude_memory.cli import memory_write
from claude_memory.hooks import bypass
from claude_memory.store import integrity
from store_helpers import git, make_doc, teammate_clone, write_json

TARGET = "decisions/use-postgres.json"
OTHER = "decisions/no-orm.json"
NEWER = "decisions/newer.json"
IN_PROJECT = f".claude/memory/{TARGET}"


def _create(project: Path, root: Path, capsys, **over) -> None:
    draft = write_json(project / "draft.json", make_doc(**over))
    assert memory_write.main(["--root", str(root), "--action", "create", "--category", "decision",
                              "--input", str(draft)]) == 0
    capsys.readouterr()


def _update(project: Path, root: Path, capsys, rel: str, **fields) -> bytes:
    doc = {**json.loads((root / rel).read_text()), **fields}
    doc["changes"] = [*doc["changes"], {"date": "2026-06-01T00:00:00Z", "summary": f"updated: {fields}"}]
    draft = write_json(project / "u.json", doc)
    assert memory_write.main(["--root", str(root), "--action", "update", "--target", str(root / rel),
                              "--input", str(draft)]) == 0
    capsys.readouterr()
    return (root / rel).read_bytes()


@pytest.fixture
def repo(project, memory_root, capsys):
    """Two memories written by the writer, committed on main; a branch ``teammate`` that changes one."""
    _create(project, memory_root, capsys)
    _create(project, memory_root, capsys, id="no-orm", title="No ORM, plain SQL")
    (project / ".gitignore").write_text("draft.json\nu.json\n")
    git(project, "init", "-q")
    for key, value in (("user.email", "t@example.invalid"), ("user.name", "t"), ("commit.gpgsign", "false")):
        git(project, "config", key, value)  # the commands below run git without the helper's identity
    git(project, "add", "-A")
    git(project, "commit", "-qm", "base")
    git(project, "checkout", "-q", "-b", "teammate")
    doc = json.loads((memory_root / TARGET).read_text())
    write_json(memory_root / TARGET, {**doc, "title": "Use Postgres 16 for storage"})
    git(project, "commit", "-qam", "teammate: postgres 16")
    git(project, "checkout", "-q", "main")
    assert not integrity.repair(memory_root)  # back to the writer's own version
    return project


def _sh(project: Path, command: str, check: bool = True) -> None:
    done = subprocess.run(command, shell=True, cwd=project, capture_output=True, text=True)
    assert done.returncode == 0 or not check, (command, done.stdout, done.stderr)


def _after(project: Path, root: Path, command: str, check: bool = True) -> integrity.Report:
    """Run ``command`` as Claude's Bash call, then the repair the PostToolUse hook runs after it."""
    _sh(project, command, check)
    return integrity.repair(root, **bypass.git_effects(command).asdict())


def _set_aside(root: Path) -> list[bytes]:
    folder = root / ".staging" / integrity.SET_ASIDE
    return [p.read_bytes() for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


def _copies(root: Path) -> set[str]:
    return {p.name for p in (root / ".staging" / integrity.COPIES).iterdir()}


WRITE = f"python3 -c \"import sys; open(sys.argv[1], 'a').write(' ')\" {IN_PROJECT}"  # a write by indirection
EDIT = f"sed -i 's/Use Postgres for storage/Use Mongo/' {IN_PROJECT}"  # still a valid memory


@pytest.mark.parametrize("change", [WRITE, EDIT])
@pytest.mark.parametrize("stage", [
    "git add -A", "git add .", "git add .claude", f"git stage {IN_PROJECT}", f"git update-index --add {IN_PROJECT}",
    "git commit -qam wip", "git add -A && git commit -qm wip", f"git commit -qm wip -- {IN_PROJECT}",
    "bash -c 'git add -A'", "git -C .claude add memory",
    f"git stash -q && git checkout stash@{{0}} -- {IN_PROJECT}",  # the change recorded in a stash, checked out
])
def test_a_change_staged_in_the_same_call_is_not_gits_doing(repo, memory_root, change, stage):
    before = (memory_root / TARGET).read_bytes()
    report = _after(repo, memory_root, f"{change} && {stage}")
    assert report.repaired == [TARGET] and TARGET in report.lines[0]
    assert (memory_root / TARGET).read_bytes() == before  # the writer's version put back
    assert len(_set_aside(memory_root)) == 1 and _set_aside(memory_root)[0] != before  # the change kept
    assert not integrity.repair(memory_root)


@pytest.mark.parametrize("command", [f"rm {IN_PROJECT} && git add -A", f"rm {IN_PROJECT} && git commit -qam drop",
                                     f"python3 -c \"import os; os.remove('{IN_PROJECT}')\"; git add -u"])
def test_a_deletion_staged_in_the_same_call_is_restored(repo, memory_root, command):
    before = (memory_root / TARGET).read_bytes()
    report = _after(repo, memory_root, command)
    assert report.repaired == [TARGET] and "restored" in report.lines[0]
    assert (memory_root / TARGET).read_bytes() == before


def _branch_without_other(project: Path) -> None:
    git(project, "checkout", "-q", "-b", "slim")
    git(project, "rm", "-q", f".claude/memory/{OTHER}")
    git(project, "commit", "-qm", "drop no-orm")
    git(project, "checkout", "-q", "main")


def _conflict(project: Path) -> None:
    doc = json.loads((project / IN_PROJECT).read_text())
    write_json(project / IN_PROJECT, {**doc, "title": "Use Postgres 15"})
    git(project, "commit", "-qam", "ours: postgres 15")
    git(project, "merge", "-q", "teammate", check=False)  # stops on the file


TEAMMATE = "Use Postgres 16 for storage"


@pytest.mark.parametrize("setup, command, title", [
    (None, "git checkout -q teammate", TEAMMATE),
    (None, "git switch -q teammate", TEAMMATE),
    (None, "git merge -q --ff-only teammate", TEAMMATE),
    (None, "git pull -q . teammate", TEAMMATE),
    (None, "git merge -q --no-commit --no-ff teammate", TEAMMATE),  # git's index ahead of HEAD
    (None, "git cherry-pick -n teammate", TEAMMATE),  # the same
    (None, "git cherry-pick teammate", TEAMMATE),
    (None, "git reset -q --hard teammate", TEAMMATE),
    (None, "git rebase -q teammate", TEAMMATE),
    (None, "git restore --source teammate --staged --worktree " + IN_PROJECT, TEAMMATE),
    (None, "git checkout teammate -- " + IN_PROJECT, TEAMMATE),
    (None, "git merge -q --ff-only teammate && git add -A", TEAMMATE),  # staging too: HEAD still tells
    (None, "echo more >> .gitignore && git stash -q && git merge -q --ff-only teammate && git stash pop -q", TEAMMATE),
    (lambda p: git(p, "merge", "-q", "--ff-only", "teammate"), "git revert --no-edit HEAD", "Use Postgres for storage"),
    (_conflict, f"git checkout --theirs -- {IN_PROJECT} && git add {IN_PROJECT}", TEAMMATE),  # settled by hand
    (_conflict, f"git checkout --theirs -- {IN_PROJECT} && git add {IN_PROJECT} && git commit -q --no-edit", TEAMMATE),
])
def test_gits_own_changes_stay_the_projects_history(repo, memory_root, setup, command, title):
    if setup is not None:
        setup(repo)
        integrity.repair(memory_root)  # the call that made the setup
    report = _after(repo, memory_root, command)
    assert not report, report.lines
    assert json.loads((memory_root / TARGET).read_text())["title"] == title
    assert hashlib.md5((memory_root / TARGET).read_bytes()).hexdigest() in _copies(memory_root)  # a good copy now
    assert not integrity.repair(memory_root)


@pytest.mark.parametrize("merge", ["git merge -q --no-commit --no-ff teammate", "git cherry-pick -n teammate"])
@pytest.mark.parametrize("command", [f"rm .claude/memory/{NEWER} && git add -A",
                                     f"rm .claude/memory/{NEWER} && git add -A && git commit -q --no-edit -m x"])
def test_a_deletion_staged_during_a_merge_whose_side_never_had_the_file_is_restored(repo, memory_root, capsys,
                                                                                   merge, command):
    """MERGE_HEAD (or CHERRY_PICK_HEAD) lacks a memory main made after the branch forked: that is not the other
    side's deletion, so removing it by hand and staging it is put back."""
    _create(repo, memory_root, capsys, id="newer", title="Newer than the branch")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "newer")
    assert not _after(repo, memory_root, merge)
    report = _after(repo, memory_root, command)
    assert report.repaired == [NEWER] and "restored" in report.lines[0], report.lines
    assert (memory_root / NEWER).exists()


@pytest.mark.parametrize("command", [
    "git merge -q --no-commit --no-ff slim && git add -A",
    "git merge -q --no-commit --no-ff slim && git add -A && git commit -q --no-edit",
])
def test_a_deletion_the_other_side_made_stays_away_when_staged_during_the_merge(repo, memory_root, command):
    _branch_without_other(repo)
    (repo / "notes.txt").write_text("mine\n")  # main moves on, so the merge is a real one
    git(repo, "add", "notes.txt")
    git(repo, "commit", "-qm", "notes")
    assert not _after(repo, memory_root, command)
    assert not (memory_root / OTHER).exists()


@pytest.mark.parametrize("command", ["git rm -q .claude/memory/" + OTHER, "git checkout -q slim",
                                     "git checkout -q slim && git add -A", "git merge -q --ff-only slim"])
def test_a_file_git_took_away_stays_away(repo, memory_root, command):
    _branch_without_other(repo)
    assert not _after(repo, memory_root, command)
    assert not (memory_root / OTHER).exists()


def test_committing_the_writers_own_work_says_nothing(repo, memory_root, capsys):
    """The user's ``git add -A && git commit`` after the writer wrote: the manifest already has it."""
    written = _update(repo, memory_root, capsys, TARGET, title="Use Postgres 17 for storage")
    assert not _after(repo, memory_root, "git add -A && git commit -qm 'memories'")
    assert (memory_root / TARGET).read_bytes() == written
    written = _update(repo, memory_root, capsys, TARGET, title="Use Postgres 18 for storage")
    assert not _after(repo, memory_root, "git stash -q")  # the writer's own versions, both
    assert not _after(repo, memory_root, "git stash pop -q")
    assert (memory_root / TARGET).read_bytes() == written


def test_a_staged_stash_pop_of_a_hand_edit_is_kept(repo, memory_root):
    """A hand edit staged by the user and stashed comes back with ``git stash pop --index`` as git's."""
    doc = json.loads((memory_root / TARGET).read_text())
    write_json(memory_root / TARGET, {**doc, "title": "Use Postgres 17"})
    git(repo, "add", IN_PROJECT)
    git(repo, "stash", "-q")
    assert not integrity.repair(memory_root)
    assert not _after(repo, memory_root, "git stash pop -q --index")
    assert json.loads((memory_root / TARGET).read_text())["title"] == "Use Postgres 17"


def _bad_json(doc: dict) -> bytes:
    return json.dumps(doc)[:-5].encode()


def _bad_schema(doc: dict) -> bytes:
    return json.dumps({**doc, "confidence": "very"}).encode()


def _bad_id(doc: dict) -> bytes:
    return json.dumps({**doc, "id": "something-else"}).encode()


def _staged_by_user(project: Path, rel: str) -> None:
    git(project, "add", f".claude/memory/{rel}")


def _committed_and_merged(project: Path, rel: str) -> None:
    """Committed on a branch (a teammate's), then merged here."""
    git(project, "checkout", "-q", "-b", "broken")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "a broken memory")
    git(project, "checkout", "-q", "main")
    git(project, "merge", "-q", "--ff-only", "broken")


@pytest.mark.parametrize("then", ["delete", "overwrite"])
@pytest.mark.parametrize("how", [_staged_by_user, _committed_and_merged])
@pytest.mark.parametrize("bad", [_bad_json, _bad_schema, _bad_id])
@pytest.mark.parametrize("rel", [TARGET, "decisions/use-redis.json"])
def test_an_invalid_file_git_holds_is_reported_never_a_good_copy(repo, memory_root, rel, bad, how, then):
    before = (memory_root / TARGET).read_bytes()
    data = bad(make_doc(id=Path(rel).stem, title="Ünïcode тест"))
    (memory_root / rel).write_bytes(data)
    how(repo, rel)
    assert (memory_root / rel).read_bytes() == data
    report = integrity.repair(memory_root)
    assert len(report.lines) == 1 and report.lines[0].startswith(f"{rel} is as git has it"), report.lines
    assert "not a valid decision memory" in report.lines[0] and "memory_index.py --validate" in report.lines[0]
    assert (memory_root / rel).read_bytes() == data  # git's file, left as it is
    assert hashlib.md5(data).hexdigest() not in _copies(memory_root)  # never a good copy
    assert not integrity.repair(memory_root)  # said once
    if then == "delete":  # the user takes it away: accepted, and it stays away
        (memory_root / rel).unlink()
        assert not integrity.repair(memory_root)
        assert not (memory_root / rel).exists() and not integrity.repair(memory_root)
        return
    (memory_root / rel).write_text("x")  # a change around the writer: the last VALID copy, if any, comes back
    report = integrity.repair(memory_root)
    assert report.repaired == [rel]
    if rel == TARGET:
        assert (memory_root / rel).read_bytes() == before
    else:
        assert not (memory_root / rel).exists() and "no good copy" in report.lines[0]
    assert not integrity.repair(memory_root)


def test_a_stray_file_git_holds_is_reported_not_adopted(repo, memory_root):
    (memory_root / "decisions" / "notes.txt").write_text("notes, not a memory\n")
    git(repo, "add", ".claude/memory/decisions/notes.txt")
    report = integrity.repair(memory_root)
    assert len(report.lines) == 1 and "decisions/notes.txt is as git has it" in report.lines[0]
    assert (memory_root / "decisions" / "notes.txt").exists()
    assert not integrity.repair(memory_root)


@pytest.mark.parametrize("with_older_good", [True, False])
def test_a_copy_that_does_not_validate_is_never_written_back(project, memory_root, capsys, with_older_good):
    """A store left by the old repair (an invalid file git held recorded as the good copy): deleting it does not
    bring it back; the newest valid copy, if there is one, is restored instead."""
    _create(project, memory_root, capsys)
    good = (memory_root / TARGET).read_bytes()
    bad = _bad_schema(json.loads(good))
    (memory_root / TARGET).write_bytes(bad)
    bad_digest, _ = integrity.save_copy(memory_root, bad)
    current = integrity.entries(memory_root)
    older = [hashlib.md5(good).hexdigest()] if with_older_good else []
    current[TARGET] = (integrity._sig((memory_root / TARGET).stat()), ",".join([bad_digest, *older]))
    current["\0dirty"] = True
    integrity.flush(memory_root)
    assert not integrity.repair(memory_root)
    (memory_root / TARGET).unlink()
    report = integrity.repair(memory_root)
    assert report.repaired == [TARGET]
    if with_older_good:
        assert (memory_root / TARGET).read_bytes() == good and "restored" in report.lines[0]
    else:
        assert not (memory_root / TARGET).exists() and "no good copy" in report.lines[0]
    assert not integrity.repair(memory_root)


def test_a_writers_copy_is_its_own_only_when_valid(project, memory_root, capsys):
    """Content with a kept copy and the file's id is the writer's (killed before its manifest), unless it does
    not validate: such a copy can only be one the old repair took from git."""
    _create(project, memory_root, capsys)
    bad = _bad_schema(json.loads((memory_root / TARGET).read_text()))
    integrity.save_copy(memory_root, bad)
    (memory_root / TARGET).write_bytes(bad)
    report = integrity.repair(memory_root)
    assert report.repaired == [TARGET] and json.loads((memory_root / TARGET).read_text())["confidence"] == 0.8


@pytest.fixture
def team(repo, memory_root, tmp_path):
    """``repo`` shared through a bare remote (``origin``, also holding a branch ``docs`` without the store)
    with a teammate's clone, returned; ``notes.txt`` is a file of the project's own to commit."""
    (repo / "notes.txt").write_text("notes\n")
    git(repo, "add", "notes.txt")
    git(repo, "commit", "-qm", "notes")
    mate = teammate_clone(repo, tmp_path, "main")
    for key, value in (("user.email", "m@example.invalid"), ("user.name", "m"), ("commit.gpgsign", "false")):
        git(mate, "config", key, value)
    git(mate, "checkout", "-q", "--orphan", "docs")
    git(mate, "rm", "-rqf", ".")
    (mate / "README").write_text("docs\n")
    git(mate, "add", "README")
    git(mate, "commit", "-qm", "docs")
    git(mate, "push", "-q", "origin", "docs")
    git(mate, "checkout", "-q", "main")
    return mate


def _mate_edits(mate: Path, rel: str = TARGET) -> None:
    doc = json.loads((mate / ".claude" / "memory" / rel).read_text())
    write_json(mate / ".claude" / "memory" / rel, {**doc, "title": "Use Postgres 16, решено командой"})
    git(mate, "commit", "-qam", "teammate: edit")
    git(mate, "push", "-q")


def _mate_deletes(mate: Path, rel: str = OTHER) -> None:
    git(mate, "rm", "-q", f".claude/memory/{rel}")
    git(mate, "commit", "-qm", "teammate: drop")
    git(mate, "push", "-q")


def _mate_adds(mate: Path, rel: str = "decisions/use-redis.json") -> None:
    write_json(mate / ".claude" / "memory" / rel, make_doc(id=Path(rel).stem, title="Redis для кэша"))
    git(mate, "add", "-A")
    git(mate, "commit", "-qm", "teammate: add")
    git(mate, "push", "-q")


def _store_as_upstream(project: Path) -> None:
    """The store in the work tree and git's index is what origin/main holds: nothing the next commit would undo."""
    assert git(project, "diff", "--quiet", "origin/main", "--", ".claude/memory", check=False).returncode == 0
    assert git(project, "diff", "--quiet", "--cached", "origin/main", "--", ".claude/memory",
               check=False).returncode == 0
    assert not git(project, "status", "--porcelain", "--", ".claude/memory").stdout


@pytest.mark.parametrize("mate_change", [_mate_edits, _mate_deletes, _mate_adds])
@pytest.mark.parametrize("command", [
    "git commit -qam mine && git pull -q --no-rebase",
    "git commit -qam mine && git pull -q --rebase",
    "git add -A && git commit -qm mine && git pull -q --rebase",
    "git config pull.rebase true && git commit -qam mine && git pull -q",
    "git commit -qam mine && git fetch -q && git rebase -q origin/main",
    "git commit -qam mine && git pull -q --rebase origin main",
    "bash -c 'git commit -qam mine && git pull -q --rebase'",
])
def test_a_teammates_change_pulled_after_a_commit_is_kept(team, repo, memory_root, mate_change, command):
    """The commit makes HEAD the call's own, but the pull brought the teammate's commit: a remote-tracking ref
    holds its version (or held the file before it last moved, for a deletion)."""
    mate_change(team)
    (repo / "notes.txt").write_text("mine\n")
    report = _after(repo, memory_root, command)
    assert not report, report.lines
    _store_as_upstream(repo)
    assert not _set_aside(memory_root) and not integrity.repair(memory_root)
    assert "mine" in git(repo, "log", "-3", "--format=%s").stdout.split("\n")  # the call did commit, and pull
    assert git(repo, "merge-base", "--is-ancestor", "origin/main", "HEAD", check=False).returncode == 0


@pytest.mark.parametrize("command", [
    f"{EDIT} && git add -A && git commit -qm x && git push -q",  # the push moves origin/main to the call's commit
    f"{EDIT} && git add -A && git commit -qm x && git pull -q --rebase && git push -q",  # ... after a fetch
    f"{EDIT} && git commit -qam x && git fetch -q . HEAD",  # the call's own commit in FETCH_HEAD
    f"{EDIT} && git commit -qam x && git fetch -q . HEAD:refs/remotes/origin/main",
    f"{EDIT} && git commit -qam x && git pull -q --rebase",  # no remote commit holds the edit
    f"{EDIT} && git commit -qam x && python3 -c \"import os; os.system('git push -q')\" && git fetch -q",
])
def test_a_change_staged_with_a_pull_or_push_is_still_put_back(team, repo, memory_root, command):
    before = (memory_root / TARGET).read_bytes()
    report = _after(repo, memory_root, command)
    assert report.repaired == [TARGET] and TARGET in report.lines[0], report.lines
    assert (memory_root / TARGET).read_bytes() == before
    assert len(_set_aside(memory_root)) == 1 and b"Use Mongo" in _set_aside(memory_root)[0]
    assert not integrity.repair(memory_root)


def test_a_hand_edit_is_put_back_and_the_teammates_change_the_same_pull_brought_kept(team, repo, memory_root):
    _mate_edits(team, OTHER)
    before = (memory_root / TARGET).read_bytes()
    report = _after(repo, memory_root, f"{EDIT} && git commit -qam x && git pull -q --rebase")
    assert report.repaired == [TARGET], report.lines
    assert (memory_root / TARGET).read_bytes() == before
    assert json.loads((memory_root / OTHER).read_text())["title"] == "Use Postgres 16, решено командой"
    assert not integrity.repair(memory_root)


@pytest.mark.parametrize("mate_change", [_mate_edits, _mate_deletes, _mate_adds])
@pytest.mark.parametrize("command", [
    "git commit -qam mine && git pull -q --rebase && git push -q",
    "git commit -qam mine && git pull -q --no-rebase --no-edit && git push -q",
    "git commit -qam mine && git pull -q --rebase 2>&1 | tail -3 && git push -q origin HEAD",
    "git add -A && git commit -qm mine && git fetch -q && git rebase -q origin/main && git push -q",
])
def test_a_teammates_change_pulled_and_pushed_in_one_call_is_kept(team, repo, memory_root, mate_change, command):
    """The push moves origin/main to the call's own commit, but where it was before the push (its reflog without
    the push's entry) is what the pull brought: the teammate's version (or, for a deletion, what it held before)."""
    mate_change(team)
    (repo / "notes.txt").write_text("mine\n")
    report = _after(repo, memory_root, command)
    assert not report, report.lines
    _store_as_upstream(repo)
    assert not _set_aside(memory_root) and not integrity.repair(memory_root)
    assert git(repo, "rev-parse", "HEAD").stdout == git(repo, "rev-parse", "origin/main").stdout  # it did push


@pytest.mark.parametrize("command", [
    f"{EDIT} && git commit -qam x && git push -q && git fetch -q",  # fetched after the push: its own commit
    f"{EDIT} && git commit -qam x && git push -q && git pull -q --rebase",
    f"{EDIT} && git commit -qam x && git pull -q --rebase && git push -q && git fetch -q",
    f"{EDIT} && git commit -qam x && (git pull -q --rebase; git push -q)",  # a subshell: an order not followed
    f"{EDIT} && git commit -qam x && git pull -q --rebase && git push -q origin HEAD:refs/heads/side && git fetch -q",
])
def test_a_change_pushed_then_fetched_is_still_put_back(team, repo, memory_root, command):
    before = (memory_root / TARGET).read_bytes()
    report = _after(repo, memory_root, command)
    assert report.repaired == [TARGET] and TARGET in report.lines[0], report.lines
    assert (memory_root / TARGET).read_bytes() == before


@pytest.mark.parametrize("mate_change, kept", [(_mate_edits, True), (_mate_adds, True), (_mate_deletes, False)])
def test_without_a_reflog_a_pull_pushed_in_the_same_call_keeps_what_fetch_head_holds(team, repo, memory_root,
                                                                                    mate_change, kept):
    """With ``core.logAllRefUpdates=false`` where a remote-tracking ref was before the push is not known: FETCH_HEAD
    (the pull's, written before the push) still vouches for a teammate's version, but a teammate's deletion is put
    back (it needs the ref's reflog); deleting the file again, with the writer, settles it."""
    git(repo, "config", "core.logAllRefUpdates", "false")
    logs = repo / ".git" / "logs" / "refs" / "remotes"
    if logs.exists():
        shutil.rmtree(logs)
    mate_change(team)
    (repo / "notes.txt").write_text("mine\n")
    report = _after(repo, memory_root, "git commit -qam mine && git pull -q --rebase && git push -q")
    if kept:
        assert not report, report.lines
        _store_as_upstream(repo)
    else:
        assert report.repaired == [OTHER] and (memory_root / OTHER).exists(), report.lines


def test_the_index_parse_is_shared_with_the_conflict_views():
    """integrity reads ``git ls-files -s`` through gitmerge.parse_index, the parser of ``--resolve``'s views."""
    from claude_memory.store import gitmerge

    blob = "0123456789abcdef0123456789abcdef01234567"
    out = "".join(f"100644 {blob} {stage}\t{name}\0" for name, stage in (
        ("decisions/a.json", 0), ("decisions/決定.json", 1), ("decisions/決定.json", 3), ("x y.json", 0))).encode()
    merged, unmerged = gitmerge.parse_index(out)
    assert merged == {"decisions/a.json": blob, "x y.json": blob} and unmerged == {"decisions/決定.json": {1, 3}}
    assert gitmerge.parse_unmerged(out) == {"decisions/決定.json": {1, 3}} and gitmerge.parse_index(b"") == ({}, {})


@pytest.mark.parametrize("command", [
    f"rm {IN_PROJECT} && git commit -qam x && git pull -q --rebase",  # origin/main still holds it
    f"rm {IN_PROJECT} && git commit -qam x && git fetch -q",  # origin/docs never held it: no evidence
])
def test_a_deletion_staged_with_a_pull_is_restored(team, repo, memory_root, command):
    before = (memory_root / TARGET).read_bytes()
    report = _after(repo, memory_root, command)
    assert report.repaired == [TARGET] and "restored" in report.lines[0], report.lines
    assert (memory_root / TARGET).read_bytes() == before


E = bypass.GitEffects
STAGES, COMMITS, BOTH, NEITHER = E(staged=True), E(committed=True), E(True, True), E()
ANY, FETCHES, PUSHES = E(True, True, True, True, True), E(fetched=True), E(pushed=True)
FETCH_PUSH = E(fetched=True, pushed=True)  # every fetch before every push
REFETCH = E(fetched=True, pushed=True, refetched=True)  # a fetch after a push, or an order not known
SELF_FETCH = REFETCH  # its own commits land where fetched ones do


@pytest.mark.parametrize("command, effects", [
    ("git add -A", STAGES), ("git add .", STAGES), ("git add .claude", STAGES), ("git stage x.json", STAGES),
    ("git update-index --add x.json", STAGES), ("/usr/bin/git add x", STAGES), ("git -C .claude add memory", STAGES),
    ("git --no-pager -c core.quotepath=off add -A", STAGES), ("FOO=1 sudo git add x", STAGES),
    ("git stash", STAGES), ("git stash -u", STAGES), ("git stash push -m 'wip'", STAGES), ("git stash save x", STAGES),
    ("git apply --index fix.patch", STAGES), ("git apply -3 fix.patch", STAGES),
    ("git commit -am 'wip'", BOTH), ("git commit -qam wip", BOTH), ("git commit -a", BOTH), ("git commit --all -m x", BOTH),
    ("git commit -m x -- a.json", BOTH), ("git commit a.json -m x", BOTH), ("git commit -i -m x a.json", BOTH),
    ("git commit --only a.json -m x", BOTH), ("git commit -p", BOTH),
    ("git commit -m 'add the notes'", COMMITS), ("git commit -m \"добавить заметку\"", COMMITS),
    ("git commit --message=add", COMMITS), ("git commit -F msg.txt", COMMITS), ("git commit --amend --no-edit", COMMITS),
    ("git commit -S -m x", COMMITS), ("git commit -qm wip", COMMITS), ("git commit -C HEAD", COMMITS),
    ("git ci -am x", ANY),  # an alias: anything
    ("git -c alias.x='!git add -A' x", ANY), ("git rebase -x 'git commit -am x' main", ANY),
    ("bash -c 'git add -A'", STAGES), ("sh -ec \"cd .claude && git add .\"", STAGES), ("eval 'git add -A'", STAGES),
    ("echo $(git add -A)", STAGES), ("bash <<'EOF'\ngit add -A\nEOF", STAGES),
    ("python3 -c \"import os; os.system('git add -A')\"", ANY), ("xargs git add < list", ANY),
    ("find . -name '*.json' -exec git add {} +", ANY),
    ("git pull", FETCHES), ("git pull --rebase && git push", FETCH_PUSH), ("git checkout --theirs -- x.json", NEITHER),
    ("git merge --no-commit teammate", NEITHER), ("git cherry-pick -n abc", NEITHER), ("git stash pop", NEITHER),
    ("git stash apply --index", NEITHER), ("git reset --hard HEAD~1", NEITHER), ("git rm x.json", NEITHER),
    ("git restore --staged x.json", NEITHER), ("git log --grep add", NEITHER), ("git apply fix.patch", NEITHER),
    ("git pull && npm ci", FETCHES), ("git checkout -b add-notes", NEITHER), ("npm test", NEITHER),
    ("echo add commit stash", NEITHER), ("grep -r git . | wc -l", NEITHER), ("cat .git/config", NEITHER),
    ("echo 'заметка: git'", NEITHER), ("", NEITHER),
    # what may have brought a remote's commits, and what may have put the call's own where they land
    ("git commit -qam x && git pull --rebase", E(True, True, True)), ("git fetch -q origin", FETCHES),
    ("git fetch --all --prune", FETCHES), ("git remote update", FETCHES), ("git -C .claude pull -q", FETCHES),
    ("git commit -qm 'получить' && git pull --no-rebase", E(False, True, True)), ("git remote -v", NEITHER),
    ("git push", PUSHES), ("git push -u origin HEAD", PUSHES), ("git add -A && git push", E(staged=True, pushed=True)),
    ("git fetch . HEAD", SELF_FETCH), ("git pull . main", SELF_FETCH), ("git fetch ./ main:tmp", SELF_FETCH),
    ("git commit -qam x && echo $(git push)", E(True, True, pushed=True)),
    ("bash -c 'git fetch -q . HEAD'", SELF_FETCH), ("eval 'git push'", PUSHES),
    ("python3 -c \"import os; os.system('git push')\"", REFETCH),  # not followed: it may have
    ("git rebase -x 'git push' origin/main", REFETCH), ("git commit -qam x && grep -r git .", BOTH),
    # the order of fetches and pushes: in sequence, pipeline by pipeline; anything else in any order
    ("git pull --rebase 2>&1 | tail -3 && git push", FETCH_PUSH), ("git fetch; git rebase origin/main; git push",
                                                                   FETCH_PUSH),
    ("git pull -q\ngit push -q", FETCH_PUSH), ("bash -c 'git pull --rebase && git push'", FETCH_PUSH),
    ("git pull || git fetch && git push -u origin HEAD", FETCH_PUSH),
    ("git push && git fetch", REFETCH), ("git fetch && git push && git pull", REFETCH), ("git fetch | git push", REFETCH),
    ("git pull & git push", REFETCH), ("(git pull; git push)", REFETCH), ("git push $(git fetch)", REFETCH),
    ("echo $(git pull) && git push", REFETCH), ("if git pull; then git push; fi", REFETCH),
    ("for i in 1 2; do git pull; git push; done", REFETCH), ("{ git pull; git push; }", REFETCH),
    ("bash -c 'git pull' <<'EOF'\ngit push\nEOF", REFETCH), ("git push; eval 'git fetch'", REFETCH),
])
def test_what_a_command_may_have_done_to_gits_record(command, effects):
    assert bypass.git_effects(command) == effects
