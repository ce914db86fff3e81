"""Per-session cursor: keys, atomic storage, file identity, memory root resolution."""

from __future__ import annotations

import json
import os

import pytest

from claude_memory.core.paths import default_memory_root
from claude_memory.triage.cursor import (HEAD_BYTES, cursor_path, head_checksum, load_cursor, memory_root,
                                         resume_offset, save_cursor, session_key, staging_folder)


@pytest.mark.parametrize("raw, key", [
    ("7fd5feab-9e2f-478e", "7fd5feab-9e2f-478e"), ("../../etc/passwd", "etcpasswd"), ("", "nosession"),
    (None, "nosession"), (42, "nosession"), ("a" * 100, "a" * 64), ("é/ü", "nosession"),
])
def test_session_key(raw, key):
    assert session_key(raw) == key


def test_save_and_load_round_trip_and_no_temp_left(tmp_path):
    path = cursor_path(tmp_path / ".staging", "s1")
    save_cursor(path, {"offset": 10, "metrics": {"tool_uses": 2}})
    save_cursor(path, {"offset": 20})
    assert load_cursor(path) == {"offset": 20}
    assert path == str(tmp_path / ".staging" / "cursors" / "s1.json")
    assert os.listdir(os.path.dirname(path)) == ["s1.json"]
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"


@pytest.mark.parametrize("content", [b"", b"not json", b"[1,2]", b"\xff\xfe"])
def test_unreadable_cursor_is_empty(tmp_path, content):
    path = tmp_path / "c.json"
    path.write_bytes(content)
    assert load_cursor(path) == {}


def test_symlinked_cursor_is_ignored(tmp_path):
    real = tmp_path / "real.json"
    real.write_text(json.dumps({"offset": 5}))
    link = tmp_path / "c.json"
    link.symlink_to(real)
    assert load_cursor(link) == {}
    assert load_cursor(tmp_path / "missing.json") == {}


def test_head_checksum_changes_with_content(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.write_bytes(b"x" * 600)
    b.write_bytes(b"y" * 600)
    assert head_checksum(a) != head_checksum(b)
    assert head_checksum(tmp_path / "none") == 0


BIG = HEAD_BYTES + 100


@pytest.mark.parametrize("cursor, inode, size, head, expected", [
    ({"offset": 700, "inode": 1, "size": 700, "head": 9}, 1, 900, 9, 700),      # grown: resume
    ({"offset": 700, "inode": 1, "size": 700, "head": 9}, 2, 900, 9, 0),        # replaced (new inode)
    ({"offset": 700, "inode": 1, "size": 700, "head": 9}, 1, 600, 9, 0),        # shrunk
    ({"offset": 700, "inode": 1, "size": 700, "head": 9}, 1, 900, 8, 0),        # rewritten in place
    ({"offset": 100, "inode": 1, "size": 100, "head": 9}, 1, BIG, 8, 100),      # head was short: not compared
    ({}, 1, 900, 9, 0), ({"offset": "7"}, 1, 900, 9, 0), ({"offset": True, "inode": 1}, 1, 900, 9, 0),
    ({"offset": -3, "inode": 1}, 1, 900, 9, 0),
])
def test_resume_offset(cursor, inode, size, head, expected):
    assert resume_offset(cursor, inode=inode, size=size, head=head) == expected


def test_memory_root_matches_paths(tmp_path, monkeypatch):
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    nested = tmp_path / "proj" / "src" / "deep"
    nested.mkdir(parents=True)
    assert memory_root(str(nested)) == str(default_memory_root(nested))
    (tmp_path / "proj" / ".claude" / "memory").mkdir(parents=True)
    assert memory_root(str(nested)) == str(default_memory_root(nested)) == str(tmp_path / "proj" / ".claude" / "memory")
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(tmp_path / "other"))
    assert memory_root(str(nested)) == str(default_memory_root(nested))


def test_staging_folder_is_private_and_refuses_symlinks(tmp_path):
    root = tmp_path / "memory"
    staging = staging_folder(str(root))
    assert oct(os.stat(staging).st_mode & 0o777) == "0o700"
    assert staging_folder(str(root)) == staging
    evil_root = tmp_path / "evil"
    evil_root.mkdir()
    (evil_root / ".staging").symlink_to(tmp_path)
    with pytest.raises(OSError):
        staging_folder(str(evil_root))
