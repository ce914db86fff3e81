"""The recall cache: reuse when valid, never stale, never outside the store (claude_memory.recall.cache)."""

from __future__ import annotations

import json
import os
import time

import pytest

from claude_memory.recall import cache, corpus
from recall_helpers import memory, sample_store, write


def titles(index):
    return sorted(index.fields(i)[3] for i in range(index.n))


def settle(root):
    """Pretend every write happened long ago, so the cache's signature counts as settled."""
    old = 1_600_000_000_000_000_000
    for name in ["index.md", *corpus.FOLDERS]:
        path = root / name
        if path.exists():
            os.utime(path, ns=(old, old))


@pytest.fixture
def store(tmp_path):
    root = tmp_path / "memory"
    sample_store(root)
    (root / "index.md").write_text("# index\n")
    settle(root)
    return root


def test_second_load_comes_from_the_cache(store, monkeypatch):
    first = cache.load_index(str(store))
    assert (store / ".staging" / cache.INDEX_FILE).is_file()
    monkeypatch.setattr(corpus, "read_memory", lambda *a: pytest.fail("re-read a file"))
    monkeypatch.setattr(corpus, "scan_folder", lambda *a: pytest.fail("rescanned a folder"))
    assert cache.load_index(str(store)).serialized() == first.serialized()


def test_cache_files_are_private(store):
    cache.load_index(str(store))
    assert oct((store / ".staging").stat().st_mode & 0o777) == "0o700"
    assert oct((store / ".staging" / cache.INDEX_FILE).stat().st_mode & 0o777) == "0o600"


def test_retired_memory_disappears_on_the_next_prompt(store):
    assert "Use ruff for linting and formatting" in titles(cache.load_index(str(store)))
    write(store, memory("preference", "ruff-lint-and-format", "Use ruff for linting and formatting", ["ruff"],
                        status="retired"))
    assert "Use ruff for linting and formatting" not in titles(cache.load_index(str(store)))


def test_retitled_memory_shows_its_new_title_even_within_one_clock_tick(store):
    folder = store / "preferences"
    tick = time.time_ns() - 100_000_000
    os.utime(folder, ns=(tick, tick))  # the last write happened a moment ago
    cache.load_index(str(store))
    write(store, memory("preference", "ruff-lint-and-format", "Use ruff (renamed)", ["ruff"]))
    os.utime(folder, ns=(tick, tick))  # coarse clock: the rename left the folder's mtime as it was
    assert "Use ruff (renamed)" in titles(cache.load_index(str(store)))


def test_settled_signature_is_trusted_again_after_a_recent_write(store, monkeypatch):
    folder = store / "preferences"
    tick = time.time_ns() - 100_000_000
    os.utime(folder, ns=(tick, tick))
    cache.load_index(str(store))  # recent: saved as unsettled
    settle(store)
    cache.load_index(str(store))  # rescans once, saves the settled signature
    monkeypatch.setattr(corpus, "scan_folder", lambda *a: pytest.fail("rescanned a folder"))
    cache.load_index(str(store))


def test_only_changed_files_are_re_read(store, monkeypatch):
    cache.load_index(str(store))
    write(store, memory("decision", "new-one", "A brand new decision", ["new"],
                        content={"status": "accepted", "context": "c", "decision": "d", "rationale": ["r"]}))
    read = []
    real = corpus.read_memory
    monkeypatch.setattr(corpus, "read_memory", lambda root, folder, slug: read.append(slug) or real(root, folder, slug))
    assert "A brand new decision" in titles(cache.load_index(str(store)))
    assert read == ["new-one"]


def test_deleted_memory_disappears(store):
    cache.load_index(str(store))
    (store / "runbooks" / "airflow-tasks-stuck-queued.json").unlink()
    assert "Airflow tasks stuck in queued on MWAA" not in titles(cache.load_index(str(store)))


@pytest.mark.parametrize("garbage", [b"", b"\x00\x01garbage", b"\x08\x00\x00\x00\x00\x00\x00\x00{not marshal", b"x" * 7])
def test_corrupt_cache_is_ignored_and_rebuilt(store, garbage):
    good = cache.load_index(str(store), use_cache=False)
    cache.load_index(str(store))
    (store / ".staging" / cache.INDEX_FILE).write_bytes(garbage)
    (store / ".staging" / cache.DOCS_FILE).write_bytes(garbage)
    assert cache.load_index(str(store)) == good
    assert cache.load_index(str(store)) == good


def test_symlinked_cache_is_not_read(store, tmp_path):
    cache.load_index(str(store))
    target = tmp_path / "elsewhere.bin"
    (store / ".staging" / cache.INDEX_FILE).rename(target)
    os.symlink(target, store / ".staging" / cache.INDEX_FILE)
    assert cache._read_private(str(store / ".staging" / cache.INDEX_FILE)) is None


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '"a string"', "\udcff"])
def test_broken_memory_files_are_skipped(store, content):
    (store / "decisions" / "broken.json").write_text(content, encoding="utf-8", errors="surrogateescape")
    assert cache.load_index(str(store)).n == 4


@pytest.mark.parametrize("change", [
    {"title": 7}, {"tags": "not-a-list"}, {"tags": [1, 2]}, {"content": []}, {"record_status": "archived"},
    {"related_files": None}, {"title": ""},
])
def test_wrong_types_and_inactive_memories_are_skipped(tmp_path, change):
    doc = memory("decision", "odd", "Odd one", ["odd"])
    doc.update(change)
    write(tmp_path, doc)
    assert cache.load_index(str(tmp_path), use_cache=False).n == 0


def test_symlinks_out_of_the_store_are_never_followed(tmp_path):
    outside = tmp_path / "outside"
    write(outside, memory("decision", "secret", "Outside secret", ["secret"]))
    root = tmp_path / "memory"
    (root / "runbooks").mkdir(parents=True)
    os.symlink(outside / "decisions", root / "decisions")  # a symlinked category folder
    os.symlink(outside / "decisions" / "secret.json", root / "runbooks" / "secret.json")  # a symlinked file
    assert cache.load_index(str(root), use_cache=False).n == 0


def test_files_outside_category_folders_are_ignored(tmp_path):
    write(tmp_path, memory("decision", "kept", "Kept", ["k"]))
    (tmp_path / "stray.json").write_text(json.dumps(memory("decision", "stray", "Stray", ["s"])))
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "n.json").write_text(json.dumps(memory("decision", "n", "Notes", ["n"])))
    assert titles(cache.load_index(str(tmp_path), use_cache=False)) == ["Kept"]


def test_cache_watches_every_category_folder():
    # The cache keeps its own copy of the folder list so a prompt never imports the corpus reader.
    assert cache.FOLDERS == tuple(corpus.FOLDERS)
