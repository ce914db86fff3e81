"""guard.paths: where the memory root is, and whether a tool path resolves into it."""

from __future__ import annotations

import os

import pytest

from claude_memory.core import paths as shared_paths
from claude_memory.guard import paths as gp
from claude_memory.guard.paths import INSIDE, OUTSIDE, STAGING


@pytest.fixture
def store(project, memory_root, monkeypatch):
    (memory_root / "decisions").mkdir(parents=True)
    (memory_root / ".staging" / "s1").mkdir(parents=True)
    (project / "src" / "deep").mkdir(parents=True)
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    return memory_root


# ------------------------------------------------------------------ the root


@pytest.mark.parametrize("cwd_rel", ["", "src", "src/deep"])
def test_root_without_env_matches_the_shared_default(store, project, cwd_rel):
    cwd = str(project / cwd_rel) if cwd_rel else str(project)
    assert gp.memory_roots(cwd, {}) == (str(shared_paths.default_memory_root(cwd)),)
    assert gp.memory_roots(cwd, {})[0] == str(store)


def test_root_without_any_store_is_the_cwd_s_own(tmp_path):
    cwd = tmp_path / "fresh"
    cwd.mkdir()
    assert gp.memory_roots(str(cwd), {}) == (str(cwd / ".claude" / "memory"),)
    assert gp.memory_roots(str(cwd), {})[0] == str(shared_paths.default_memory_root(cwd))


def test_root_from_env_matches_the_shared_default(store, project, tmp_path, monkeypatch):
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(other))
    roots = gp.memory_roots(str(other), dict(os.environ))
    assert roots == (str(shared_paths.default_memory_root(other)),)


def test_env_root_and_a_store_above_cwd_are_both_protected(store, project, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    roots = gp.memory_roots(str(project / "src"), {"CLAUDE_PROJECT_DIR": str(other)})
    assert roots == (str(other / ".claude" / "memory"), str(store))


# ------------------------------------------------------------------ verdicts


@pytest.mark.parametrize("path,expected", [
    ("{R}/decisions/a.json", INSIDE),
    ("{R}/index.md", INSIDE),
    ("{R}/memory-config.json", INSIDE),
    ("{R}", INSIDE),
    ("{R}/", INSIDE),
    ("{R}/.staging", INSIDE),
    ("{R}/.staging/s1/draft-decision.json", STAGING),
    ("{R}/.staging/new/context.md", STAGING),
    ("{R}/.staging/../index.md", INSIDE),
    ("{R}/.staging/s1/../../decisions/a.json", INSIDE),
    ("{P}/src/../.claude/memory/x.json", INSIDE),
    ("{P}//.claude///memory//x.json", INSIDE),
    ("//{P}/.claude/memory/x.json", INSIDE),
    ("{P}/.claude/memory-old/x.json", OUTSIDE),
    ("{P}/.claude/memoryx", OUTSIDE),
    ("{P}/.claude/settings.json", OUTSIDE),
    ("{P}/src/a.py", OUTSIDE),
    ("{P}/.claude/memory/../settings.json", OUTSIDE),
    ("/etc/hosts", OUTSIDE),
])
def test_absolute_spellings(store, project, path, expected):
    path = path.replace("{R}", str(store)).replace("{P}", str(project)).replace("///", "/")
    assert gp.locate(path, (str(store),), str(project))[0] == expected


@pytest.mark.parametrize("cwd_rel,path,expected", [
    ("", ".claude/memory/a.json", INSIDE),
    ("", "./.claude/./memory/a.json", INSIDE),
    ("src", "../.claude/memory/a.json", INSIDE),
    ("src/deep", "../../.claude/memory/index.md", INSIDE),
    (".claude", "memory/a.json", INSIDE),
    (".claude/memory", "index.md", INSIDE),
    (".claude/memory", ".staging/s1/d.json", STAGING),
    (".claude/memory", "../settings.json", OUTSIDE),
    ("src", "a.py", OUTSIDE),
])
def test_relative_paths_are_taken_against_cwd(store, project, cwd_rel, path, expected):
    cwd = project / cwd_rel if cwd_rel else project
    assert gp.locate(path, (str(store),), str(cwd))[0] == expected


def test_tilde_is_expanded(store, project, monkeypatch):
    monkeypatch.setenv("HOME", str(project))
    assert gp.locate("~/.claude/memory/a.json", (str(store),), "/")[0] == INSIDE


def test_symlinked_folders_are_resolved(store, project, tmp_path):
    (tmp_path / "to-store").symlink_to(store)
    (tmp_path / "to-claude").symlink_to(project / ".claude")
    (project / "src" / "loop").symlink_to(project)
    roots = (str(store),)
    assert gp.locate(str(tmp_path / "to-store" / "x.json"), roots)[0] == INSIDE
    assert gp.locate(str(tmp_path / "to-claude" / "memory" / "index.md"), roots)[0] == INSIDE
    assert gp.locate(str(project / "src" / "loop" / ".claude" / "memory" / "x"), roots)[0] == INSIDE
    assert gp.locate(str(tmp_path / "to-store" / ".staging" / "s1" / "d.json"), roots)[0] == STAGING


def test_a_store_that_is_itself_a_symlink(tmp_path):
    real = tmp_path / "real-store"
    (real / "decisions").mkdir(parents=True)
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    (project / ".claude" / "memory").symlink_to(real)
    roots = (str(project / ".claude" / "memory"),)
    assert gp.locate(str(real / "decisions" / "a.json"), roots)[0] == INSIDE
    assert gp.locate(str(project / ".claude" / "memory" / "index.md"), roots)[0] == INSIDE


def test_a_symlink_inside_staging_cannot_reach_the_store(store):
    (store / ".staging" / "s1" / "jump").symlink_to(store / "decisions")
    (store / ".staging" / "s1" / "file-link.json").symlink_to(store / "index.md")
    (store / ".staging" / "s1" / "dangling.json").symlink_to(store / "decisions" / "new.json")
    roots = (str(store),)
    assert gp.locate(str(store / ".staging" / "s1" / "jump" / "a.json"), roots)[0] == INSIDE
    assert gp.locate(str(store / ".staging" / "s1" / "file-link.json"), roots)[0] == INSIDE
    assert gp.locate(str(store / ".staging" / "s1" / "dangling.json"), roots)[0] == INSIDE


@pytest.mark.parametrize("pointing_at", ["decisions", "elsewhere"])
def test_a_symlinked_staging_place_is_refused(store, tmp_path, pointing_at):
    target = store / "decisions" if pointing_at == "decisions" else tmp_path / "elsewhere"
    target.mkdir(exist_ok=True)
    os.rename(store / ".staging", tmp_path / "old-staging")
    (store / ".staging").symlink_to(target)
    assert gp.locate(str(store / ".staging" / "d.json"), (str(store),))[0] == INSIDE


@pytest.mark.parametrize("bad", ["", None, 42, "a\0b", ["x"]])
def test_unusable_paths_are_outside(store, bad):
    assert gp.locate(bad, (str(store),)) == (OUTSIDE, None, "")


def test_locate_reports_root_and_part_below_it(store, project):
    verdict, root, rel = gp.locate(".claude/memory/decisions/a.json", (str(store),), str(project))
    assert (verdict, root, rel) == (INSIDE, str(store), os.path.join("decisions", "a.json"))


# ------------------------------------------------------------------ case folding


def test_case_variant_counts_only_on_a_case_insensitive_volume(store, project, monkeypatch):
    calls = []

    def probe(directory, answer=True):
        calls.append(directory)
        return answer

    monkeypatch.setattr(gp, "fs_case_insensitive", probe)
    variant = str(project / ".Claude" / "MEMORY" / "decisions" / "a.json")
    assert gp.locate(variant, (str(store),))[0] == INSIDE
    assert gp.locate(str(project / ".CLAUDE" / "memory" / ".STAGING" / "s1" / "d.json"), (str(store),))[0] == STAGING
    monkeypatch.setattr(gp, "fs_case_insensitive", lambda d: probe(d, False))
    assert gp.locate(variant, (str(store),))[0] == OUTSIDE


def test_the_file_system_is_not_probed_for_ordinary_paths(store, project, monkeypatch):
    def boom(directory):
        raise AssertionError("probed")

    monkeypatch.setattr(gp, "fs_case_insensitive", boom)
    assert gp.locate(str(project / "src" / "a.py"), (str(store),))[0] == OUTSIDE
    assert gp.locate(str(store / "a.json"), (str(store),))[0] == INSIDE


def test_probe_agrees_with_the_real_volume(store, tmp_path):
    probe_dir = tmp_path / "CaseProbe"
    probe_dir.mkdir()
    folds = os.path.exists(str(tmp_path / "caseprobe"))
    gp._case_cache.clear()
    assert gp.fs_case_insensitive(str(probe_dir / "not-yet")) is folds


@pytest.mark.parametrize("rel", [
    "a/b/file.txt", "a/b/missing.txt", "a/link-dir/file.txt", "a/link-file", "a/loop", "a/b/..", "a/b/.",
    "a/b/../b/file.txt", "a//b/file.txt", "a", "nowhere/at/all", "",
])
def test_folder_memo_realpath_is_realpath(tmp_path, rel):
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "file.txt").write_text("x")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "file.txt").write_text("y")
    os.symlink(tmp_path / "elsewhere", tmp_path / "a" / "link-dir")
    os.symlink(tmp_path / "elsewhere" / "file.txt", tmp_path / "a" / "link-file")
    os.symlink(tmp_path / "a" / "loop", tmp_path / "a" / "loop")
    resolve = gp.folder_memo_realpath()
    path = str(tmp_path) + "/" + rel
    for _ in range(2):  # the second time from the memo
        assert resolve(path) == os.path.realpath(path)
    sibling = os.path.join(os.path.dirname(path), "other.txt")
    assert resolve(sibling) == os.path.realpath(sibling)


# ------------------------------------------------------------------ the calling session's draft folder


@pytest.mark.parametrize("path,expected", [
    ("{R}/.staging/s1/draft-decision.json", STAGING),
    ("{R}/.staging/s1/sub/draft.json", STAGING),
    ("{R}/.staging/s1", INSIDE),                             # the folder itself is not a draft
    ("{R}/.staging/s1/", INSIDE),
    ("{R}/.staging/manifest", INSIDE),                       # what the PostToolUse repair trusts
    ("{R}/.staging/copies/0123456789abcdef0123456789abcdef", INSIDE),
    ("{R}/.staging/s1/../copies/0123456789abcdef0123456789abcdef", INSIDE),
    ("{R}/.staging/s1/../manifest", INSIDE),
    ("{R}/.staging/set-aside/decisions/a.json.1", INSIDE),
    ("{R}/.staging/context-table.bin", INSIDE),
    ("{R}/.staging/s2/draft.json", INSIDE),                  # another session's folder
    ("{R}/.staging/s1x/draft.json", INSIDE),
    ("{R}/.staging//s1//draft.json", STAGING),
    ("{P}/src/a.py", OUTSIDE),
])
def test_with_a_draft_folder_only_it_is_the_staging_verdict(store, project, path, expected):
    path = path.replace("{R}", str(store)).replace("{P}", str(project))
    assert gp.locate(path, (str(store),), str(project), "s1")[0] == expected


@pytest.mark.parametrize("cwd_rel,path,expected", [
    (".claude/memory/.staging", "manifest", INSIDE),
    (".claude/memory/.staging", "s1/d.json", STAGING),
    (".claude/memory/.staging/s1", "../manifest", INSIDE),
    (".claude/memory/.staging/s1", "d.json", STAGING),
    (".claude/memory/.staging/s1", "../copies/abc", INSIDE),
])
def test_draft_folder_relative_spellings(store, project, cwd_rel, path, expected):
    (store / ".staging" / "copies").mkdir()
    assert gp.locate(path, (str(store),), str(project / cwd_rel), "s1")[0] == expected


@pytest.mark.parametrize("link,points_at,expected", [
    ("{R}/.staging/s1/to-manifest", "{R}/.staging/manifest", INSIDE),      # a draft name for the manifest
    ("{R}/.staging/s1/to-copies", "{R}/.staging/copies", INSIDE),          # a folder link, written below
    ("{P}/view", "{R}/.staging", INSIDE),                                  # the staging place by another name
    ("{P}/view", "{R}/.staging/copies", INSIDE),
    ("{P}/view", "{R}/.staging/s1", STAGING),                              # the draft folder by another name
    ("{R}/.staging/s1/out", "{P}/src", STAGING),                           # lands outside the store
])
def test_draft_folder_real_spellings(store, project, link, points_at, expected):
    (store / ".staging" / "copies").mkdir()
    (store / ".staging" / "manifest").write_text("claude-memory manifest 1\n")
    link_path = link.replace("{R}", str(store)).replace("{P}", str(project))
    os.symlink(points_at.replace("{R}", str(store)).replace("{P}", str(project)), link_path)
    target = link_path if link_path.endswith("manifest") else os.path.join(link_path, "x.json")
    assert gp.locate(target, (str(store),), str(project), "s1")[0] == expected


def test_without_a_draft_folder_the_whole_staging_place_is_staging(store):
    assert gp.locate(str(store / ".staging" / "manifest"), (str(store),))[0] == STAGING
