"""Memory under real git: branches that touch different memories merge, rebase and cherry-pick
with no conflict; the derived index.md is then what --rebuild writes; an older checkout is seen;
same-title memories on two branches stop with a resolution that --validate spells out."""

from __future__ import annotations

import copy
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

    # The documented resolution. No merge base (both added the file): every field the two
    # created differently is a conflict, yours kept and named; lists are unioned.
    assert memory_index.main(["--root", str(repo.root), "--resolve", rel]) == 0
    out = capsys.readouterr().out
    assert "merged the other branch's version into yours; git-added" in out
    assert "both branches changed content.context: kept yours" in out
    repo.git("commit", "-q", "--no-edit")
    doc = json.loads((repo.root / "decisions" / "use-grpc.json").read_text())
    assert doc["content"]["context"] == "typing"  # yours (b's); a's text is logged in changes
    assert any(c.get("field") == "content.context" and c.get("old_value") == "latency" for c in doc["changes"])
    assert doc["times_updated"] == 1 and doc["tags"] == ["rpc", "db", "storage"]  # tags of both sides
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


# ----------------------------------------------------------------------------- --resolve, three-way

def test_resolve_keeps_both_branches_changes_through_the_scripts(run_script, project, memory_root, tmp_path):
    """The user trial: main changes the decision, a branch the context, both append a consequence
    and a tag and set another confidence. ``--resolve`` (the scripts, as a user runs them) keeps
    main's decision, the branch's context, both lists' new items, and names the one true conflict."""
    n = iter(range(100))

    def write(action: str, draft: dict, *args: str) -> None:
        path = write_json(tmp_path / f"draft-{next(n)}.json", draft)
        done = run_script("memory_write.py", "--action", action, *args, "--input", str(path))
        assert done.returncode == 0, done.stdout + done.stderr

    rel = ".claude/memory/decisions/use-postgres.json"
    target = memory_root / "decisions" / "use-postgres.json"

    def update(summary: str, content: dict, **top) -> None:
        doc = json.loads(target.read_text())
        write("update", {**doc, **top, "content": {**doc["content"], **content},
                         "changes": [*doc["changes"], {"date": "2026-06-01T00:00:00Z", "summary": summary}]},
              "--target", rel)

    git(project, "init", "-q")
    write("create", make_doc(content={**make_doc()["content"], "decision": "Postgres 15"}), "--category", "decision")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "base")
    git(project, "checkout", "-q", "-b", "feature")
    base = json.loads(target.read_text())["content"]
    update("feature: context", {"context": "feature needs JSONB", "consequences": [*base["consequences"],
                                                                                  "feature side"]},
           tags=["db", "storage", "jsonb"], confidence=0.6)
    git(project, "commit", "-qam", "feature")
    git(project, "checkout", "-q", "main")
    update("main: upgrade", {"decision": "Postgres 16 (main upgraded)",
                             "consequences": [*base["consequences"], "main side"]},
           tags=["db", "storage", "pg16"], confidence=0.9)
    git(project, "commit", "-qam", "main")
    merged = git(project, "merge", "--no-edit", "feature", check=False)
    assert merged.returncode != 0 and "use-postgres.json" in merged.stdout  # git stops on the file

    done = run_script("memory_index.py", "--resolve", rel)
    assert done.returncode == 0, done.stdout + done.stderr
    git(project, "commit", "-q", "--no-edit")  # git-added: nothing left in conflict

    doc = json.loads(target.read_text())
    assert doc["content"]["decision"] == "Postgres 16 (main upgraded)"  # main's own change
    assert doc["content"]["context"] == "feature needs JSONB"  # the branch's change
    assert doc["content"]["consequences"] == [*base["consequences"], "main side", "feature side"]
    assert doc["tags"] == ["db", "storage", "pg16", "jsonb"]
    assert doc["confidence"] == 0.9  # both changed it: yours kept...
    kept = [c for c in doc["changes"] if c.get("field") == "confidence"]
    assert kept and kept[-1]["old_value"] == 0.6 and "git conflict" in kept[-1]["summary"]  # ...theirs logged
    summaries = [c["summary"] for c in doc["changes"]]
    assert "feature: context" in summaries and "main: upgrade" in summaries
    assert any("git conflict" in s for s in summaries)
    assert doc["times_updated"] == 3  # one update on each side, and the merge
    assert run_script("memory_index.py", "--validate").returncode == 0
    assert git(project, "status", "--porcelain").stdout.strip() == ""

    # What the person is told: the true conflict by name, and nothing else as one.
    lines = done.stdout.splitlines()
    assert lines[0] == f"{rel}: merged the other branch's version into yours; git-added"
    assert [line.split()[3].rstrip(":") for line in lines if "kept yours" in line] == ["confidence"]
    assert "from the other branch's version: content.context" in done.stdout
    assert "items of both kept: tags, content.consequences" in done.stdout


NOW = "2026-07-01T12:00:00Z"


def _three(base_over: dict | None, ours_over: dict, theirs_over: dict, category: str = "decision"):
    """base/ours/theirs: :func:`make_doc` with the content and top-level overrides given (a key
    ``content`` holds content fields); ``base_over=None``: no base."""
    def doc(over: dict) -> dict:
        over = copy.deepcopy(over)
        d = make_doc(category)
        d["content"].update(over.pop("content", {}))
        d.update(over)
        return d
    return (None if base_over is None else doc(base_over)), doc(ours_over), doc(theirs_over)


_CONS = make_doc()["content"]["consequences"]  # ["ops work"]


@pytest.mark.parametrize("base, ours, theirs, want, conflicts", [
    pytest.param({}, {}, {"content": {"decision": "theirs"}}, {"content.decision": "theirs"}, [],
                 id="only-theirs-changed-takes-theirs"),
    pytest.param({}, {"content": {"decision": "ours"}}, {}, {"content.decision": "ours"}, [],
                 id="only-ours-changed-keeps-ours"),
    pytest.param({}, {"content": {"decision": "ours"}}, {"content": {"context": "theirs"}},
                 {"content.decision": "ours", "content.context": "theirs"}, [], id="different-fields-both-kept"),
    pytest.param({}, {"content": {"decision": "same"}}, {"content": {"decision": "same"}},
                 {"content.decision": "same"}, [], id="both-changed-the-same"),
    pytest.param({}, {"confidence": 0.9, "content": {"decision": "ours"}},
                 {"confidence": 0.6, "content": {"decision": "theirs"}},
                 {"confidence": 0.9, "content.decision": "ours"}, ["confidence", "content.decision"],
                 id="both-changed-differently-ours-reported"),
    pytest.param({}, {"title": "Use Postgres 16 for storage"}, {"title": "Use Postgres 17 for storage"},
                 {"title": "Use Postgres 16 for storage"}, ["title"], id="title-conflict"),
    pytest.param({}, {"content": {"consequences": [*_CONS, "ours", "both"]}},
                 {"content": {"consequences": [*_CONS, "both", "theirs"]}},
                 {"content.consequences": [*_CONS, "ours", "both", "theirs"]}, [], id="lists-both-changed-unioned"),
    pytest.param({"content": {"consequences": ["x", "y", "z"]}}, {"content": {"consequences": ["x", "y", "z", "ours"]}},
                 {"content": {"consequences": ["x", "z", "theirs"]}},
                 {"content.consequences": ["x", "z", "ours", "theirs"]}, [], id="list-item-theirs-removed-stays-removed"),
    pytest.param({"content": {"consequences": ["x", "y", "z"]}}, {"content": {"consequences": ["y", "z"]}},
                 {"content": {"consequences": ["x", "y", "z", "theirs"]}},
                 {"content.consequences": ["y", "z", "theirs"]}, [], id="list-item-ours-removed-stays-removed"),
    pytest.param({}, {"tags": ["db", "storage", "a"]}, {"tags": ["db", "storage", "b", "a"]},
                 {"tags": ["db", "storage", "a", "b"]}, [], id="tags-unioned-no-duplicates"),
    pytest.param({}, {"content": {"consequences": []}}, {"content": {"context": "theirs"}},
                 {"content.consequences": [], "content.context": "theirs"}, [], id="list-only-one-side-changed"),
    pytest.param({}, {"content": {"alternatives": [{"option": "sqlite", "rejected_reason": "no concurrency"},
                                                   {"option": "mysql", "rejected_reason": "licence"}]}},
                 {"content": {"alternatives": [{"rejected_reason": "licence", "option": "mysql"},
                                               {"option": "mongo", "rejected_reason": "schema"}]}},
                 # the base's sqlite, which theirs removed, stays removed
                 {"content.alternatives": [{"option": "mysql", "rejected_reason": "licence"},
                                           {"option": "mongo", "rejected_reason": "schema"}]}, [],
                 id="list-of-objects-merged-item-by-item"),
    pytest.param(None, {"content": {"context": "ours"}, "tags": ["db", "a"]},
                 {"content": {"context": "theirs"}, "tags": ["b", "db"]},
                 {"content.context": "ours", "tags": ["db", "a", "b"], "content.decision": "use postgres"},
                 ["content.context"], id="no-base-differences-are-conflicts-lists-unioned"),
    pytest.param(None, {}, {}, {"content.decision": "use postgres"}, [], id="no-base-equal-sides"),
])
def test_merge_records(base, ours, theirs, want, conflicts):
    from claude_memory.store.validation import validate_record

    b, o, t = _three(base, ours, theirs)
    frozen = copy.deepcopy((b, o, t))
    merged = gitmerge.merge_records(b, o, t, now=NOW)
    assert (b, o, t) == frozen  # pure: nothing modified
    for name, value in want.items():
        node = merged.doc
        for part in name.split("."):
            node = node[part]
        assert node == value, name
    assert merged.conflicts == conflicts
    assert validate_record(merged.doc, category="decision") == merged.doc  # the schema's canonical form
    recorded = {c["field"]: c for c in merged.doc["changes"] if "git conflict" in c["summary"] and "field" in c}
    assert sorted(recorded) == sorted(conflicts)
    for name in conflicts:  # the value not kept is in the change log
        node = t
        for part in name.split("."):
            node = node[part]
        assert recorded[name]["old_value"] == node


def test_merge_records_nested_object_merges_key_by_key():
    b, o, t = _three({}, {"content": {"examples": {"prefer": ["x"], "avoid": ["'a'"]}}},
                     {"content": {"examples": {"prefer": ['"a"'], "avoid": ["y"]}}}, category="preference")
    merged = gitmerge.merge_records(b, o, t, now=NOW)
    assert merged.doc["content"]["examples"] == {"prefer": ["x"], "avoid": ["y"]}
    assert merged.conflicts == [] and merged.from_theirs == ["content.examples.avoid"]


def test_merge_records_bookkeeping_and_change_log():
    """changes: yours, then the other side's new entries (the shared base ones once), then the
    merge; times_updated counts both sides' updates and the merge; created_at the earlier."""
    shared = {"date": "2026-05-02T00:00:00Z", "summary": "base edit"}
    mine = {"date": "2026-05-03T00:00:00Z", "summary": "ours"}
    other = {"date": "2026-05-04T00:00:00Z", "summary": "theirs"}
    b, o, t = _three({"changes": [shared], "times_updated": 1},
                     {"changes": [shared, mine], "times_updated": 2, "content": {"decision": "ours"}},
                     {"changes": [shared, other, mine], "times_updated": 4, "created_at": "2026-04-01T00:00:00Z"})
    merged = gitmerge.merge_records(b, o, t, now=NOW)
    log = merged.doc["changes"]
    assert log[:3] == [shared, mine, other] and log[3]["summary"].startswith(gitmerge.MERGED_SUMMARY)
    assert len(log) == 4 and log[3]["date"] == NOW
    assert merged.doc["times_updated"] == 2 + (4 - 1) + 1
    assert merged.doc["updated_at"] == NOW and merged.doc["created_at"] == "2026-04-01T00:00:00Z"
    assert merged.doc["content"]["decision"] == "ours" and merged.from_theirs == []
    assert gitmerge.merge_records(b, o, t, now=NOW, max_changes=2).doc["changes"] == log[-2:]  # the newest kept


def test_merge_records_lifecycle_merges_as_one_field():
    retired = {"record_status": "retired", "retired_at": "2026-06-01T00:00:00Z", "retired_reason": "moved on"}
    b, o, t = _three({}, {"content": {"context": "ours"}}, retired)
    merged = gitmerge.merge_records(b, o, t, now=NOW)
    assert {k: merged.doc.get(k) for k in retired} == retired and merged.doc["content"]["context"] == "ours"
    archived = {"record_status": "archived", "archived_at": "2026-06-02T00:00:00Z", "archived_reason": "old"}
    b, o, t = _three({}, archived, retired)
    merged = gitmerge.merge_records(b, o, t, now=NOW)
    assert merged.conflicts == ["record_status"] and merged.doc["record_status"] == "archived"
    assert "retired_at" not in merged.doc and merged.doc["archived_reason"] == "old"
    from claude_memory.store.validation import validate_record

    validate_record(merged.doc, category="decision")


def test_merge_records_tags_stay_within_the_cap():
    """Both branches added tags: past the cap the oldest tags neither branch added go first."""
    base_tags = [f"t{i}" for i in range(10)]
    b, o, t = _three({"tags": base_tags}, {"tags": [*base_tags, "ours1", "ours2"]},
                     {"tags": [*base_tags, "theirs1"]})
    merged = gitmerge.merge_records(b, o, t, now=NOW)
    assert merged.doc["tags"] == [*base_tags[1:], "ours1", "ours2", "theirs1"]
    assert [c["old_value"] for c in merged.doc["changes"] if c.get("field") == "tags"] == ["t0"]


def test_merge_records_names_the_innermost_field_taken():
    b, o, t = _three({}, {"confidence": 0.5}, {"content": {"context": "theirs"}})
    merged = gitmerge.merge_records(b, o, t, now=NOW)
    assert merged.from_theirs == ["content.context"] and merged.doc["confidence"] == 0.5


# ----------------------------------------------------------------------------- which side is yours

def _stopped_on_one_memory(tmp_path: Path, how: str) -> tuple[Repo, str]:
    """Upstream and the user each change the same memory (the same field differently, and upstream
    one more field); then the user's git operation ``how`` stops on it. Returns the user's clone."""
    up = Repo(tmp_path / "upstream")
    up.path.mkdir()
    up.git("init", "-q")
    up.create("use-postgres", "Use Postgres for storage")
    up.commit("base")
    target = Path("decisions") / "use-postgres.json"
    if how == "worktree rebase":  # a linked worktree: its git state files are not under <worktree>/.git
        up.git("worktree", "add", "-q", "-b", "feature", str(tmp_path / "wt"))
        mine = Repo(tmp_path / "wt")
    else:
        mine = Repo(tmp_path / "mine")
        git(tmp_path, "clone", "-q", str(up.path), str(mine.path))
    up.update(up.root / target, context="upstream: Postgres runs managed", decision="Postgres 16 (upstream)")
    up.commit("upstream edit")
    mine.update(mine.root / target, context="mine: Postgres runs on our hosts")
    mine.commit("my edit")
    op = {"pull --rebase": ("pull", "-q", "--rebase"), "pull --no-rebase": ("pull", "-q", "--no-rebase"),
          "worktree rebase": ("rebase", "main"), "cherry-pick": ("cherry-pick", "origin/main")}[how]
    if how == "cherry-pick":
        mine.git("fetch", "-q")
    done = mine.git(*op, check=False)
    assert done.returncode != 0 and "use-postgres.json" in done.stdout + done.stderr, done.stdout + done.stderr
    return mine, f".claude/memory/{target.as_posix()}"


@pytest.mark.parametrize("how, operation, other, both, then", [
    ("pull --no-rebase", "merge", "the other branch's", "both branches", ("commit", "-q", "--no-edit")),
    ("pull --rebase", "rebase", "upstream's", "both sides", ("rebase", "--continue")),
    ("worktree rebase", "rebase", "upstream's", "both sides", ("rebase", "--continue")),
    ("cherry-pick", "cherry-pick", "the picked commit's", "both sides", ("cherry-pick", "--continue")),
])
def test_resolve_keeps_your_own_change_whatever_git_calls_ours(tmp_path, capsys, how, operation, other, both, then):
    """The user trial: during ``git pull --rebase`` git's "ours" is upstream and "theirs" the user's own
    commit. ``--resolve`` keeps the user's change where both changed a field, takes upstream's other
    change, says so, and names the step that goes on (``git rebase --continue``, not ``git commit``)."""
    mine, rel = _stopped_on_one_memory(tmp_path, how)
    assert gitmerge.git_operation(mine.path) == operation
    capsys.readouterr()
    assert memory_index.main(["--root", str(mine.root), "--resolve", rel]) == 0
    out = capsys.readouterr().out
    doc = json.loads((mine.root / "decisions" / "use-postgres.json").read_text())
    assert doc["content"]["context"] == "mine: Postgres runs on our hosts"  # yours
    assert doc["content"]["decision"] == "Postgres 16 (upstream)"  # only the other side changed it
    assert any(c.get("field") == "content.context" and c.get("old_value") == "upstream: Postgres runs managed"
               for c in doc["changes"])
    lines = out.splitlines()
    assert lines[0] == f"{rel}: merged {other} version into yours; git-added"
    assert f"  {both} changed content.context: kept yours ({other} value is logged in the memory's changes); " \
           "check it before you go on" in lines
    assert f"  from {other} version: content.decision" in lines
    assert lines[-1] == "next: " + {"merge": "git commit", "rebase": "git rebase --continue",
                                    "cherry-pick": "git cherry-pick --continue"}[operation]
    done = mine.git("-c", "core.editor=true", *then, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert gitmerge.git_operation(mine.path) is None
    assert json.loads(mine.git("show", f"HEAD:{rel}").stdout)["content"]["context"] == \
        "mine: Postgres runs on our hosts"


@pytest.mark.parametrize("present, want", [
    (set(), None),
    ({"MERGE_HEAD"}, "merge"),
    ({"rebase-merge"}, "rebase"),
    ({"rebase-apply"}, "rebase"),
    ({"rebase-apply", "rebase-apply/applying"}, "am"),
    ({"CHERRY_PICK_HEAD"}, "cherry-pick"),
    ({"REVERT_HEAD"}, "revert"),
    ({"rebase-merge", "CHERRY_PICK_HEAD", "MERGE_HEAD"}, "rebase"),  # a rebase picks commits: still a rebase
])
def test_operation_of(present, want):
    assert gitmerge.operation_of(present) == want


@pytest.mark.parametrize("operation, yours, other", [
    ("rebase", 3, 2), ("merge", 2, 3), ("cherry-pick", 2, 3), ("revert", 2, 3), ("am", 2, 3), (None, 2, 3)])
def test_sides_a_rebase_swaps_ours_and_theirs(operation, yours, other):
    assert gitmerge.sides(operation) == (yours, other)


@pytest.mark.parametrize("operation, added, left, want", [
    ("merge", True, [], "git commit"),
    ("rebase", True, [], "git rebase --continue"),
    ("cherry-pick", True, [], "git cherry-pick --continue"),
    ("revert", False, [], "git add x.json, then git revert --continue"),
    ("rebase", True, ["src/app.py"], "settle the 1 other file(s) git left in conflict (src/app.py), then "
                                     "git rebase --continue"),
    (None, True, [], "finish what git stopped on (git status says how)"),
])
def test_next_step(operation, added, left, want):
    assert gitmerge.next_step(operation, "x.json", added=added, left=left) == want


def test_conflict_fix_names_your_side_during_a_rebase():
    assert "git checkout --ours -- f.json (or --theirs) &&" in gitmerge.conflict_fix("f.json", "merge")
    rebase = gitmerge.conflict_fix("f.json", "rebase")
    assert "git checkout --theirs -- f.json (or --ours) (during a rebase --theirs is your commit)" in rebase


def test_parse_unmerged_and_conflict_state():
    blob = "0123456789abcdef0123456789abcdef01234567"
    out = "".join(f"100644 {blob} {stage}\t{name}\0" for name, stage in (
        ("decisions/both.json", 1), ("decisions/both.json", 2), ("decisions/both.json", 3),
        ("decisions/決定.json", 2), ("decisions/決定.json", 3),
        ("runbooks/gone.json", 1), ("runbooks/gone.json", 3))).encode()
    held = gitmerge.parse_unmerged(out)
    assert held == {"decisions/both.json": {1, 2, 3}, "decisions/決定.json": {2, 3}, "runbooks/gone.json": {1, 3}}
    assert [gitmerge.conflict_state(held[n]) for n in sorted(held)] == [
        "changed on both sides", "created on both sides (the same title, the same file)",
        "changed on one side and deleted on the other"]
    assert gitmerge.parse_unmerged(b"") == {} and gitmerge.conflict_state({2}) == "in conflict"


# ----------------------------------------------------------------------------- the views during a conflict

def _modify_delete(repo: Repo) -> str:
    """Branch ``gone`` retires-by-deleting a memory that main changed; the merge stops (modify/delete)."""
    repo.git("checkout", "-q", "-b", "gone")
    repo.git("rm", "-q", ".claude/memory/decisions/keep-utc.json")
    repo.git("commit", "-q", "-m", "gone")
    repo.git("checkout", "-q", "main")
    repo.update(repo.root / "decisions" / "keep-utc.json", context="clients in many zones")
    repo.commit("main edit")
    done = repo.git("merge", "--no-edit", "gone", check=False)
    assert done.returncode != 0 and "keep-utc.json" in done.stdout, done.stdout + done.stderr
    return ".claude/memory/decisions/keep-utc.json"


@pytest.mark.parametrize("in_work_tree", [True, False])
def test_a_modify_delete_conflict_is_named_by_validate_health_and_list(repo, capsys, in_work_tree):
    rel = _modify_delete(repo)
    if not in_work_tree:
        (repo.path / rel).unlink()  # gone by hand too: git still holds the conflict
    capsys.readouterr()
    assert memory_index.main(["--root", str(repo.root), "--validate"]) == 1
    out = capsys.readouterr().out
    assert "store is valid" not in out
    want = "git left this file in conflict: changed on one side and deleted on the other" + \
        ("" if in_work_tree else "; the file is not in the work tree")
    assert f"keep-utc.json: {want}\n" in out and f"fix: run memory_index.py --resolve {rel}" in out
    for mode in ("--health", "--list"):
        assert memory_index.main(["--root", str(repo.root), mode]) == 0
        out = capsys.readouterr().out
        assert "git left 1 file(s) of the store in conflict" in out, mode
        assert f"keep-utc.json: {want}" in out and f"fix: run memory_index.py --resolve {rel}" in out, mode
    assert memory_index.main(["--root", str(repo.root), "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [c["path"] for c in listed["git_conflicts"]] == [str(repo.root / "decisions" / "keep-utc.json")]
    if in_work_tree:  # --resolve keeps the side that changed it, and the views are quiet again
        assert memory_index.main(["--root", str(repo.root), "--resolve", rel]) == 0
        out = capsys.readouterr().out
        assert f"{rel}: kept yours (the other branch's side deleted it); git-added" in out
        assert out.splitlines()[-1] == "next: git commit"
        assert maintenance.git_conflicts(repo.root) == []
        assert memory_index.main(["--root", str(repo.root), "--validate"]) == 0


def test_an_add_add_conflict_is_named_by_list_instead_of_a_bare_count(repo, capsys):
    """Both branches created the same memory: the file holds markers and does not read; --list used
    to print "0 memories" (of that folder) and nothing else."""
    repo.git("checkout", "-q", "-b", "a")
    repo.create("rollback", "Roll back a deploy", category="runbook")
    repo.commit("a")
    repo.git("checkout", "-q", "main")
    repo.create("rollback", "Roll back a deploy", category="runbook", tags=["deploy"])
    repo.commit("main")
    assert repo.git("merge", "--no-edit", "a", check=False).returncode != 0
    rel = ".claude/memory/runbooks/rollback.json"
    capsys.readouterr()
    assert memory_index.main(["--root", str(repo.root), "--list", "--category", "runbook"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("0 memories\n")
    assert "git left 1 file(s) of the store in conflict; they are not listed until settled:" in out
    assert "rollback.json: git left merge conflict markers in this memory: it was created on both sides" in out
    assert f"fix: run memory_index.py --resolve {rel}" in out


def test_markers_git_no_longer_records_are_named_without_resolve(repo, capsys):
    """A file committed (or git-added) with conflict markers: no conflict for --resolve to read."""
    path = repo.root / "decisions" / "no-orm.json"
    path.write_text('{\n<<<<<<< HEAD\n"title": "No ORM"\n=======\n"title": "ORM ok"\n>>>>>>> b\n}\n')
    repo.git("add", "-A")
    problems = maintenance.validate(repo.root)
    mine = [p for p in problems if p["path"] == str(path)]
    assert len(mine) == 1 and "git no longer records the conflict" in mine[0]["problem"]
    assert "--resolve" not in mine[0]["fix"] and "<<<<<<<" in mine[0]["fix"]
    assert maintenance.git_conflicts(repo.root, [path], use_git=False) == mine
    capsys.readouterr()
    assert memory_index.main(["--root", str(repo.root), "--list"]) == 0
    assert "no-orm.json: git conflict markers in this memory, but git no longer records" in capsys.readouterr().out


def test_no_conflict_in_a_clean_repository_or_outside_git(tmp_path, repo):
    assert maintenance.git_conflicts(repo.root) == []
    outside = tmp_path / "plain" / ".claude" / "memory"
    outside.mkdir(parents=True)
    assert gitmerge.unmerged(outside) == {} and gitmerge.git_operation(outside) is None
