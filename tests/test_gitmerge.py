"""Memory under real git: branches that touch different memories merge, rebase and cherry-pick
with no conflict; the derived index.md is then what --rebuild writes; an older checkout is seen;
same-title memories on two branches stop with a resolution that --validate spells out."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from claude_memory.core import paths
from claude_memory.store import gitmerge, maintenance
from claude_memory.store import records as store_io
from claude_memory.cli import memory_index, memory_write
from store_helpers import git, make_doc, write_json

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

class Repo:
    def __init__(self, path: Path):
        self.path = path
        self.root = path / ".claude" / "memory"
        self.n = 0

    def git(self, *args: str, check: bool = True):
        return git(self.path, *args, check=check)

    def write(self, *argv: str) -> None:
        assert memory_write.main(["--root", str(self.root), *argv]) == 0, argv

    def create(self, id: str, title: str, category: str = "decision", **over) -> Path:
        self.n += 1
        draft = write_json(self.path.parent / f"draft-{self.path.name}-{self.n}.json",
                           make_doc(category, id=id, title=title, **over))
        self.write("--action", "create", "--category", category, "--input", str(draft))
        return store_io.record_path(self.root, category, id)

    def update(self, path: Path, **content) -> None:
        doc = json.loads(path.read_text())
        self.n += 1
        draft = write_json(self.path.parent / f"draft-{self.path.name}-{self.n}.json",
                           {**doc, "content": {**doc["content"], **content},
                            "changes": [{"date": "2026-06-01T00:00:00Z", "summary": "edited"}]})
        self.write("--action", "update", "--target", str(path), "--input", str(draft))

    def retire(self, path: Path) -> None:
        self.write("--action", "delete", "--target", str(path), "--reason", "no longer true")

    def commit(self, message: str) -> None:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)

    def index_is_rebuild(self) -> bool:
        return store_io.read_index(self.root) == maintenance.expected_index(list(store_io.scan_records(self.root)))

    def active_ids(self) -> set[str]:
        return {f.id for f in store_io.scan_records(self.root) if f.status == "active"}


@pytest.fixture
def repo(tmp_path) -> Repo:
    r = Repo(tmp_path / "repo")
    r.path.mkdir()
    r.git("init", "-q")
    r.create("use-postgres", "Use Postgres for storage")
    r.create("keep-utc", "Keep timestamps in UTC")
    r.create("no-orm", "No ORM in the hot path")
    r.commit("base memories")
    return r


def test_only_memory_files_are_committed(repo):
    tracked = set(repo.git("ls-files").stdout.split())
    assert tracked == {".claude/memory/decisions/keep-utc.json",
                       ".claude/memory/decisions/no-orm.json", ".claude/memory/decisions/use-postgres.json"}
    assert (repo.root / "index.md").is_file() and (repo.root / ".staging").is_dir()
    assert repo.git("status", "--porcelain", "--ignored").stdout.count("!!") >= 3  # index, staging, lock
    for path in (".claude/memory/index.md", ".claude/memory/.staging/usage/x.json", ".claude/memory/.store.lock",
                 ".claude/memory/decisions/.x.json.abc.tmp", ".claude/memory/.gitignore"):
        assert repo.git("check-ignore", "-q", path, check=False).returncode == 0, path
    assert repo.git("check-ignore", "-q", ".claude/memory/decisions/x.json", check=False).returncode == 1


def _diverge(repo: Repo) -> None:
    """Branch ``a`` and ``b`` from main, each adding, updating and retiring different memories,
    several of whose index lines sit next to each other."""
    repo.git("checkout", "-q", "-b", "a")
    repo.create("use-kafka", "Use Kafka for events")
    repo.update(repo.root / "decisions" / "use-postgres.json", context="more load")
    repo.retire(repo.root / "decisions" / "no-orm.json")
    repo.create("rollback-deploy", "Roll back a deploy", category="runbook")
    repo.commit("a: memories")
    repo.git("checkout", "-q", "main")
    repo.git("checkout", "-q", "-b", "b")
    repo.create("use-nats", "Use NATS for internal RPC")
    repo.create("use-redis", "Use Redis for caching")
    repo.update(repo.root / "decisions" / "keep-utc.json", context="clients in many zones")
    repo.create("tabs", "Indent with tabs", category="preference")
    repo.commit("b: memories")


def _assert_both_sides(repo: Repo) -> None:
    assert repo.active_ids() == {"use-postgres", "keep-utc", "use-kafka", "rollback-deploy", "use-nats",
                                 "use-redis", "tabs"}
    assert json.loads((repo.root / "decisions" / "use-postgres.json").read_text())["content"]["context"] == "more load"
    assert json.loads((repo.root / "decisions" / "keep-utc.json").read_text())["content"]["context"] == \
        "clients in many zones"


def _after_git_change(repo: Repo) -> None:
    """git changed memory files: the stamp says so, and the next writer leaves the index that
    --rebuild writes (also with no further change of its own)."""
    assert not gitmerge.index_is_fresh(repo.root, paths.staging_dir(repo.root))
    assert not repo.index_is_rebuild()  # index.md is the one of the branch checked out before
    repo.create("after-merge", "Written after the git operation", category="tech_debt")
    assert repo.index_is_rebuild()
    assert gitmerge.index_is_fresh(repo.root, paths.staging_dir(repo.root))
    assert maintenance.validate(repo.root, check_git=True) == []


def test_merge_of_different_memories_has_no_conflict(repo):
    _diverge(repo)
    done = repo.git("merge", "--no-edit", "a", check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    _assert_both_sides(repo)
    _after_git_change(repo)


def test_rebase_and_cherry_pick_have_no_conflict(repo):
    _diverge(repo)
    done = repo.git("rebase", "a", check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    _assert_both_sides(repo)
    _after_git_change(repo)
    repo.commit("after")
    repo.git("checkout", "-q", "main")
    repo.git("checkout", "-q", "-b", "c")
    picked = repo.git("cherry-pick", "a", check=False)
    assert picked.returncode == 0, picked.stdout + picked.stderr
    assert repo.active_ids() == {"use-postgres", "keep-utc", "use-kafka", "rollback-deploy"}
    assert not repo.index_is_rebuild()
    assert memory_index.main(["--root", str(repo.root), "--list"]) == 0  # a maintainer view heals it too
    assert repo.index_is_rebuild()


def test_checkout_of_an_older_commit_is_seen(repo):
    first = repo.git("rev-parse", "HEAD").stdout.strip()
    repo.retire(repo.root / "decisions" / "keep-utc.json")
    repo.create("later", "A later decision")
    repo.commit("later")
    repo.git("checkout", "-q", first)
    assert repo.active_ids() == {"use-postgres", "keep-utc", "no-orm"}
    assert memory_index.main(["--root", str(repo.root), "--list"]) == 0
    assert repo.index_is_rebuild()
    assert "keep-utc" in store_io.read_index(repo.root) and "later" not in store_io.read_index(repo.root)


def test_same_title_on_two_branches_stops_with_a_named_resolution(repo, capsys):
    repo.git("checkout", "-q", "-b", "a")
    repo.create("use-grpc", "Use gRPC between services", content={**make_doc()["content"], "context": "latency"})
    repo.commit("a")
    repo.git("checkout", "-q", "main")
    repo.git("checkout", "-q", "-b", "b")
    repo.create("use-grpc", "Use gRPC between services", content={**make_doc()["content"], "context": "typing"},
                tags=["rpc"])
    repo.commit("b")
    done = repo.git("merge", "--no-edit", "a", check=False)
    assert done.returncode != 0 and "decisions/use-grpc.json" in done.stdout  # git stops: add/add
    rel = ".claude/memory/decisions/use-grpc.json"

    capsys.readouterr()
    assert memory_index.main(["--root", str(repo.root), "--validate"]) == 1
    out = capsys.readouterr().out
    assert "git left merge conflict markers" in out and "use-grpc.json" in out
    assert f"fix: run memory_index.py --resolve {rel}" in out and "--rebuild" in out
    assert "{" not in out.split("fix:")[0]  # plain words, no raw JSON

    # The documented resolution.
    assert memory_index.main(["--root", str(repo.root), "--resolve", rel]) == 0
    assert "merged the other branch's version into yours; git-added" in capsys.readouterr().out
    repo.git("commit", "-q", "--no-edit")
    doc = json.loads((repo.root / "decisions" / "use-grpc.json").read_text())
    assert doc["content"]["context"] == "latency"  # the other side's text, merged in by the writer
    assert doc["times_updated"] == 1 and "rpc" in doc["tags"]  # tags of both sides
    assert "git conflict" in doc["changes"][-1]["summary"] or any("git conflict" in c["summary"]
                                                                   for c in doc["changes"])
    assert memory_index.main(["--root", str(repo.root), "--resolve", rel]) == 1  # nothing left to resolve
    assert maintenance.validate(repo.root) == [] and repo.index_is_rebuild()


def test_validate_names_duplicate_titles_and_a_tracked_index(repo):
    repo.create("pg-storage", "use postgres  FOR storage")
    problems = maintenance.validate(repo.root)
    assert [p for p in problems if "same title" in p["problem"]][0]["fix"].startswith("keep one")
    repo.git("add", "-f", ".claude/memory/index.md")
    problems = maintenance.validate(repo.root)
    tracked = [p for p in problems if "tracked by git" in p["problem"]]
    assert tracked and "git rm --cached .claude/memory/index.md" in tracked[0]["fix"]


def test_stamp_detects_an_edit_within_the_same_clock_tick(repo):
    """A file replaced right after the stamp (same folder mtime possible): compared file by file."""
    staging = paths.staging_dir(repo.root)
    gitmerge.write_stamp(repo.root, staging)
    assert gitmerge.index_is_fresh(repo.root, staging)
    folder = repo.root / "decisions"
    before = os.lstat(folder)
    target = folder / "keep-utc.json"
    doc = json.loads(target.read_text())
    doc["title"] = "Keep timestamps in UTC!"
    tmp = folder / "tmp-x"
    tmp.write_text(json.dumps(doc))
    os.replace(tmp, target)
    os.utime(folder, ns=(before.st_atime_ns, before.st_mtime_ns))  # as if within the same tick
    assert not gitmerge.index_is_fresh(repo.root, staging)


def test_a_missing_or_broken_stamp_means_stale(repo):
    staging = paths.staging_dir(repo.root)
    assert gitmerge.index_is_fresh(repo.root, staging)
    (staging / gitmerge.STAMP_NAME).write_text("{not json")
    assert not gitmerge.index_is_fresh(repo.root, staging)
    (staging / gitmerge.STAMP_NAME).unlink()
    assert not gitmerge.index_is_fresh(repo.root, staging)
    (repo.root / "index.md").write_text("")
    assert maintenance.heal_index(repo.root) is not None and repo.index_is_rebuild()


def test_conflict_markers():
    assert gitmerge.has_conflict_markers(b'{\n<<<<<<< HEAD\n"a": 1\n=======\n"a": 2\n>>>>>>> b\n}\n')
    assert not gitmerge.has_conflict_markers('{"title": "<<<<<<< HEAD is a title"}')


def _recalled(repo: Repo, prompt: str) -> dict[str, str]:
    """slug -> title that recall injects, through its cache; must equal a from-scratch recall."""
    from claude_memory.recall import recall

    cached = recall(str(repo.root), prompt, 5)
    assert cached == recall(str(repo.root), prompt, 5, use_cache=False)
    return {slug: title for _cat, _folder, slug, title, _tags, *_gist in cached}


def test_recall_sees_what_git_brought_with_no_command_run(repo):
    """The recall cache (built before) sees a merge, an older checkout and a same-size rewrite."""
    prompt = "which message broker do we use for internal rpc between services, nats?"
    assert "use-nats" not in _recalled(repo, prompt)  # builds the cache on main
    repo.git("checkout", "-q", "-b", "b")
    repo.create("use-nats", "Use NATS for internal RPC between services", tags=["nats", "rpc"])
    repo.commit("b: nats")
    repo.git("checkout", "-q", "main")
    assert "use-nats" not in _recalled(repo, prompt)
    repo.git("merge", "-q", "--no-edit", "b")  # fast-forward: only git touched the files
    assert "use-nats" in _recalled(repo, prompt)

    repo.git("checkout", "-q", "HEAD~1")  # an older commit
    assert "use-nats" not in _recalled(repo, prompt)
    repo.git("checkout", "-q", "main")
    assert "use-nats" in _recalled(repo, prompt)

    # A rewrite of exactly the same size on another branch, switched to and fro at once.
    path = repo.root / "decisions" / "use-nats.json"
    old = path.read_bytes()
    repo.git("checkout", "-q", "-b", "c")
    new = old.replace(b"NATS for internal RPC", b"NATS for external RPC")
    assert len(new) == len(old) and new != old
    path.write_bytes(new)
    repo.commit("c: rewrite")
    for branch, title in (("main", "Use NATS for internal RPC between services"),
                          ("c", "Use NATS for external RPC between services"),
                          ("main", "Use NATS for internal RPC between services")):
        repo.git("checkout", "-q", branch)
        assert _recalled(repo, prompt).get("use-nats") == title, branch


def test_a_pull_of_a_teammates_first_memories_meets_no_untracked_gitignore(tmp_path):
    """B used the plugin (hooks made .staging and the .gitignore) before A's memories arrive."""
    a = Repo(tmp_path / "a")
    a.path.mkdir()
    a.git("init", "-q")
    a.git("commit", "-q", "--allow-empty", "-m", "base")
    b = Repo(tmp_path / "b")
    git(tmp_path, "clone", "-q", str(a.path), str(b.path))
    paths.staging_dir(b.root)  # what B's recall/triage hooks do on their first run
    assert (b.root / ".gitignore").is_file()
    a.create("use-postgres", "Use Postgres for storage")
    a.commit("first memory")
    done = b.git("pull", "-q", "--no-rebase", "origin", "HEAD", check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert b.active_ids() == {"use-postgres"}
