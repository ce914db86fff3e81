"""Paths: the memory root, resolve_inside (no escapes), the private staging place."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from claude_memory.core.paths import (
    INDEX_NAME,
    MEMORY_DIRNAME,
    STAGING_DIRNAME,
    category_dir,
    default_memory_root,
    is_inside,
    project_dir,
    resolve_inside,
    staging_dir,
)
from store_helpers import refused


@pytest.fixture
def root(memory_root: Path) -> Path:
    (memory_root / "decisions").mkdir(parents=True)
    return memory_root


# --------------------------------------------------------------------------- roots


def test_constants():
    assert MEMORY_DIRNAME == os.path.join(".claude", "memory")
    assert (STAGING_DIRNAME, INDEX_NAME) == (".staging", "index.md")


def test_project_dir_prefers_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(tmp_path / "p"))
    assert project_dir("/somewhere/else") == tmp_path / "p"
    assert default_memory_root("/somewhere/else") == tmp_path / "p" / ".claude" / "memory"


def test_without_the_environment_the_nearest_ancestor_with_a_store_wins(monkeypatch, tmp_path):
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    (tmp_path / "repo" / ".claude" / "memory").mkdir(parents=True)
    deep = tmp_path / "repo" / "src" / "pkg"
    deep.mkdir(parents=True)
    assert default_memory_root(deep) == tmp_path / "repo" / ".claude" / "memory"
    assert project_dir(deep) == deep
    lonely = tmp_path / "lonely"
    lonely.mkdir()
    assert default_memory_root(lonely) == lonely / ".claude" / "memory"


def test_category_dir(tmp_path):
    assert category_dir(tmp_path, "tech_debt") == tmp_path / "tech-debt"
    with pytest.raises(KeyError):
        category_dir(tmp_path, "notes")


@pytest.mark.parametrize("path,root,inside", [
    ("/a/b", "/a", True), ("/a", "/a", True), ("/ab", "/a", False), ("/", "/a", False), ("/a/b/c", "/a/b", True),
])
def test_is_inside(path, root, inside):
    assert is_inside(Path(path), Path(root)) is inside


# --------------------------------------------------------------------------- resolve_inside


def test_relative_to_the_root_and_to_the_project(root, project):
    real = root.resolve() / "decisions" / "x.json"
    assert resolve_inside("decisions/x.json", root) == real
    assert resolve_inside(".claude/memory/decisions/x.json", root) == real
    assert resolve_inside(str(root / "decisions" / "x.json"), root) == real
    assert resolve_inside(root, root) == root.resolve()


@pytest.mark.parametrize("bad", [
    "../x.json", "decisions/../../x.json", "decisions/../x.json", ".claude/memory/../settings.json",
])
def test_dotdot_is_refused_even_when_it_would_stay_inside(root, bad):
    err = refused("PATH_ERROR", resolve_inside, bad, root, what="--target")
    assert "'..'" in err.message and "--target" in err.message


def test_absolute_dotdot_is_refused(root):
    refused("PATH_ERROR", resolve_inside, str(root / "decisions" / ".." / "x.json"), root)


@pytest.mark.parametrize("outside", ["/etc/passwd", "/tmp/x.json"])
def test_absolute_outside_is_refused(root, outside):
    err = refused("PATH_ERROR", resolve_inside, outside, root)
    assert "outside the memory root" in err.message


def test_sibling_with_a_common_prefix_is_outside(root):
    sibling = root.parent / "memory-evil"
    sibling.mkdir()
    refused("PATH_ERROR", resolve_inside, str(sibling / "x.json"), root)


def test_symlinked_folder_escaping_the_root_is_refused(root, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "runbooks").symlink_to(outside, target_is_directory=True)
    refused("PATH_ERROR", resolve_inside, "runbooks/x.json", root)


def test_symlinked_file_escaping_the_root_is_refused(root, tmp_path):
    secret = tmp_path / "secret.json"
    secret.write_text("{}")
    (root / "decisions" / "x.json").symlink_to(secret)
    refused("PATH_ERROR", resolve_inside, "decisions/x.json", root)


def test_symlink_staying_inside_is_followed(root):
    (root / "decisions" / "real.json").write_text("{}")
    (root / "decisions" / "alias.json").symlink_to(root / "decisions" / "real.json")
    assert resolve_inside("decisions/alias.json", root) == (root / "decisions" / "real.json").resolve()


def test_root_reached_through_a_symlink_still_works(tmp_path, root):
    link = tmp_path / "link-to-memory"
    link.symlink_to(root, target_is_directory=True)
    assert resolve_inside(str(link / "decisions" / "x.json"), link) == root.resolve() / "decisions" / "x.json"


# --------------------------------------------------------------------------- staging


def _mode(p: Path) -> int:
    return stat.S_IMODE(os.lstat(p).st_mode)


def test_staging_is_created_private_and_git_ignored(memory_root):
    old = os.umask(0)
    try:
        staging = staging_dir(memory_root)
    finally:
        os.umask(old)
    assert staging == memory_root / ".staging" and staging.is_dir()
    assert _mode(staging) == 0o700
    ignore = (memory_root / ".gitignore").read_text()
    assert ".staging/" in ignore.splitlines() and "*.lock" in ignore.splitlines()


def test_staging_is_idempotent_and_repairs_its_mode(memory_root):
    staging = staging_dir(memory_root)
    staging.chmod(0o755)
    (staging / "draft-decision.json").write_text("{}")
    assert staging_dir(memory_root) == staging
    assert _mode(staging) == 0o700
    assert (staging / "draft-decision.json").exists()


def test_existing_gitignore_keeps_its_lines_and_gains_the_missing_ones(memory_root):
    memory_root.mkdir(parents=True)
    (memory_root / ".gitignore").write_text("mine\n.staging/")
    staging_dir(memory_root)
    lines = (memory_root / ".gitignore").read_text().splitlines()
    assert lines[:2] == ["mine", ".staging/"]
    assert sorted(lines[2:]) == sorted(["*.lock", "index.md", ".*.tmp", ".gitignore"])
    staging_dir(memory_root)  # idempotent
    assert (memory_root / ".gitignore").read_text().splitlines() == lines


def test_symlinked_gitignore_is_not_written_through(memory_root, tmp_path):
    memory_root.mkdir(parents=True)
    target = tmp_path / "elsewhere.txt"
    (memory_root / ".gitignore").symlink_to(target)
    staging_dir(memory_root)
    assert not target.exists()


def test_symlinked_staging_is_refused(memory_root, tmp_path):
    memory_root.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o755)
    (memory_root / ".staging").symlink_to(elsewhere, target_is_directory=True)
    err = refused("PATH_ERROR", staging_dir, memory_root)
    assert "symlink" in err.message
    assert _mode(elsewhere) == 0o755  # nothing was changed through the link


def test_staging_that_is_a_file_is_refused(memory_root):
    memory_root.mkdir(parents=True)
    (memory_root / ".staging").write_text("not a folder")
    refused("PATH_ERROR", staging_dir, memory_root)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a folder away")
def test_staging_owned_by_another_user_is_refused(memory_root):
    staging = staging_dir(memory_root)
    os.chown(staging, 54321, -1)
    err = refused("PATH_ERROR", staging_dir, memory_root)
    assert "another user" in err.message


def test_staging_without_create_returns_an_existing_folder(memory_root):
    made = staging_dir(memory_root)
    assert staging_dir(memory_root, create=False) == made
