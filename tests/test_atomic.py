import os

import pytest

from claude_memory.core import atomic


def test_writes_new_file(tmp_path):
    target = tmp_path / "a.json"
    atomic.atomic_write_text(target, "hello\n")
    assert target.read_text() == "hello\n"
    assert oct(target.stat().st_mode & 0o777) == oct(0o644)


def test_replaces_existing_file_and_leaves_no_temp(tmp_path):
    target = tmp_path / "a.json"
    target.write_text("old")
    atomic.atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"new"
    assert sorted(os.listdir(tmp_path)) == ["a.json"]


def test_failure_mid_write_keeps_old_file_and_cleans_temp(tmp_path, monkeypatch):
    target = tmp_path / "a.json"
    target.write_text("old")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic.atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert sorted(os.listdir(tmp_path)) == ["a.json"]


def test_missing_folder_raises(tmp_path):
    with pytest.raises(FileNotFoundError):
        atomic.atomic_write_text(tmp_path / "nope" / "a.json", "x")


def test_fsync_dir_tolerates_missing_folder(tmp_path):
    assert atomic.fsync_dir(tmp_path / "missing") is None  # returned instead of raising
    assert not (tmp_path / "missing").exists()  # and created nothing


def test_fsync_dir_syncs_an_existing_folder(tmp_path, monkeypatch):
    synced = []
    real_fsync = atomic.os.fsync
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    atomic.fsync_dir(tmp_path)
    assert len(synced) == 1
