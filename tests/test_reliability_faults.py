"""I/O faults: a full disk, permission denied, a read-only store, a missing folder, a lock
that cannot be had. Each must give a clear error code, lose nothing and leave no
half-written file.

Faults are injected in-process (tests may run as root, where chmod denies nothing): every
system call a transaction makes on the way to disk (mkstemp, writing the temp file, fsync,
chmod, os.replace, unlink) is counted on a clean run, then each one in turn is made to
fail with ENOSPC / EACCES / EROFS / EIO, through the real CLI ``main`` (OSError -> IO_ERROR).
"""

from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import signal
from claude_memory.core import atomic
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from claude_memory.store import maintenance
from claude_memory.store import records as store_io
from claude_memory.cli import memory_index, memory_write
from claude_memory.store.gitmerge import STAMP_NAME
from store_helpers import make_doc, snapshot, write_json

ERRNOS = (errno.ENOSPC, errno.EACCES, errno.EROFS, errno.EIO)


class _Faults:
    """Counts (and optionally fails) the disk calls a transaction makes."""

    def __init__(self, fail_at: int | None = None, err: int = errno.ENOSPC):
        self.calls: list[str] = []
        self.fail_at, self.err = fail_at, err

    def hit(self, name: str) -> None:
        self.calls.append(name)
        if self.fail_at is not None and len(self.calls) - 1 == self.fail_at:
            raise OSError(self.err, os.strerror(self.err), name)


class _FailingFile(io.FileIO):
    faults: _Faults

    def write(self, data):
        self.faults.hit("write")
        return super().write(data)


@contextmanager
def injected(monkeypatch, faults: _Faults, root: Path):
    """Route the disk calls that touch ``root`` through ``faults``."""
    inside = str(root.resolve())

    def ours(path) -> bool:
        try:
            if STAMP_NAME in os.fsdecode(path):
                # The index freshness stamp is a cache whose failure is silent by design: a stamp
                # not written leaves the old one, which no longer matches, so the next
                # transaction rebuilds the index (tests/test_gitmerge.py).
                return False
            return str(Path(os.fsdecode(path)).resolve()).startswith(inside)
        except (TypeError, ValueError):
            return False

    real = {name: getattr(os, name) for name in ("replace", "fsync", "chmod", "unlink", "fdopen")}
    real_make_temp = atomic.make_temp
    opened: set[int] = set()

    def make_temp(folder, *a, **kw):
        name = str(a[0] if a else kw.get("name", ""))
        if ours(folder) and name == "manifest":
            # the writer's private manifest, recorded after the transaction (claude_memory.store.integrity)
            faults.hit("mkstemp manifest")
            return real_make_temp(folder, *a, **kw)
        if ours(folder) and STAMP_NAME not in name:
            faults.hit("mkstemp")
            fd, name = real_make_temp(folder, *a, **kw)
            opened.add(fd)
            return fd, name
        return real_make_temp(folder, *a, **kw)

    def fdopen(fd, mode="r", *a, **kw):
        if fd in opened and "w" in mode:
            opened.discard(fd)
            raw = _FailingFile(fd, "wb", closefd=True)
            raw.faults = faults
            return io.BufferedWriter(raw)
        return real["fdopen"](fd, mode, *a, **kw)

    def wrap(name):
        def call(*a, **kw):
            if name == "fsync" or ours(a[0]):
                # the writer's private manifest, recorded after the transaction (claude_memory.store.integrity)
                touched = os.fsdecode(a[1] if name == "replace" else a[0]) if name != "fsync" else ""
                manifest = "/.staging/" in touched and os.path.basename(touched).lstrip(".").startswith("manifest")
                faults.hit(f"{name} manifest" if manifest else name)
            return real[name](*a, **kw)
        return call

    monkeypatch.setattr(atomic, "make_temp", make_temp)
    monkeypatch.setattr(os, "fdopen", fdopen)
    for name in ("replace", "fsync", "chmod", "unlink"):
        monkeypatch.setattr(os, name, wrap(name))
    yield faults
    monkeypatch.undo()


def _store(project: Path) -> Path:
    """A store with two decisions (one to update) and one archived memory, written by the real CLI
    in ``project`` (made here)."""
    project.mkdir()
    root = project / ".claude" / "memory"
    for id, title in (("use-postgres", "Use Postgres for storage"), ("keep-me", "Keep this one")):
        _cli(["--root", str(root), "--action", "create", "--category", "decision", "--input",
              str(write_json(project / f"{id}.json", make_doc(id=id, title=title)))])
    _cli(["--root", str(root), "--action", "create", "--category", "decision", "--input",
          str(write_json(project / "arch.json", make_doc(id="was-archived", title="Archived one")))])
    _cli(["--root", str(root), "--action", "archive", "--target", str(root / "decisions" / "was-archived.json")])
    return root


def _cli(argv: list[str]) -> int:
    rc = memory_write.main(argv)
    assert rc == 0, argv
    return rc


def _actions(project: Path, root: Path) -> dict[str, list[str]]:
    target = str(root / "decisions" / "use-postgres.json")
    doc = json.loads(Path(target).read_text())
    upd = {**doc, "changes": [{"date": "2026-06-01T00:00:00Z", "summary": "edit"}],
           "content": {**doc["content"], "context": "changed"}}
    ren = {**upd, "title": "Switch everything to cockroach now"}
    sess = make_doc("session_summary", id="sess-new", title="A new session")
    base = ["--root", str(root), "--action"]
    return {
        "create": base + ["create", "--category", "decision", "--input",
                          str(write_json(project / "new.json", make_doc(id="brand-new", title="Brand new")))],
        "create-session": base + ["create", "--category", "session_summary", "--input",
                                  str(write_json(project / "sess.json", sess))],
        "update": base + ["update", "--target", target, "--input", str(write_json(project / "upd.json", upd))],
        "update-rename": base + ["update", "--target", target, "--input",
                                 str(write_json(project / "ren.json", ren))],
        "delete": base + ["delete", "--target", target],
        "archive": base + ["archive", "--target", target],
        "unarchive": base + ["unarchive", "--target", str(root / "decisions" / "was-archived.json")],
    }


def _clean_run_calls(tmp_path: Path, monkeypatch, action: str) -> list[str]:
    project = tmp_path / f"clean-{action}"
    root = _store(project)
    argv = _actions(project, root)[action]
    with injected(monkeypatch, _Faults(), root) as f:
        assert memory_write.main(argv) == 0
    return f.calls


def _files(root: Path) -> dict:
    """The store's files (an empty folder made before a failed write is not a change)."""
    return {k: v for k, v in snapshot(root).items() if v != "dir"}


def _temp_files(root: Path) -> list[Path]:
    return [p for p in root.rglob(".*.tmp")]


ACTIONS = ("create", "create-session", "update", "update-rename", "delete", "archive", "unarchive")


@pytest.mark.parametrize("action", ACTIONS)
def test_disk_faults_at_every_step(tmp_path, monkeypatch, capsys, action):
    calls = _clean_run_calls(tmp_path, monkeypatch, action)
    assert {"mkstemp", "write", "fsync", "replace"} <= set(calls), calls
    outcomes = {"unchanged": 0, "record-written-index-stale": 0}
    for i, call in enumerate(calls):
        err = ERRNOS[i % len(ERRNOS)]
        project = tmp_path / f"{action}-{i}"
        root = _store(project)
        argv = _actions(project, root)[action]
        before = _files(root)
        capsys.readouterr()
        with injected(monkeypatch, _Faults(fail_at=i, err=err), root):
            rc = memory_write.main(argv)
        err_text = capsys.readouterr().err
        where = f"{action}: {errno.errorcode[err]} at call {i} ({call})"
        if rc == 0:
            # only a failing fsync of the folder (after the rename) is tolerated silently; a failing
            # record of the manifest after the transaction is tolerated with a warning (the check
            # recognises the writer's content by its copy, see test_bypass_repair)
            assert call == "fsync" or call.endswith(" manifest"), where
            assert call == "fsync" or "could not record" in err_text, (where, err_text)
            continue
        assert rc == 1 and '"error": "IO_ERROR"' in err_text, (where, err_text)
        assert "Traceback" not in err_text
        assert _temp_files(root) == [], where
        after = _files(root)
        if after == before:
            outcomes["unchanged"] += 1
            continue
        # The record was replaced but a later step failed: the file is whole and valid, the only
        # problems are the index (or a rename's old file not yet removed), and --rebuild repairs
        # them, exactly as after a crash at that point. Nothing else changed.
        changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
        # the writer's private record of what it wrote: the manifest, and a copy of each file written
        bookkeeping = {k for k in changed if k == ".staging/manifest" or k.startswith(".staging/copies/")}
        written = {hashlib.md5(v).hexdigest() for v in after.values() if isinstance(v, bytes)}
        assert {k.rsplit("/", 1)[1] for k in bookkeeping if "/copies/" in k} <= written, (where, bookkeeping)
        changed -= bookkeeping
        problems = maintenance.validate(root)
        assert all(p["path"] == "index.md" or "half-finished rename" in p["problem"] for p in problems), \
            (where, problems)
        maintenance.rebuild(root)
        assert maintenance.validate(root) == [], where
        assert changed <= {"index.md", "decisions/use-postgres.json", "decisions/brand-new.json",
                           "decisions/was-archived.json", "decisions/switch-everything-to-cockroach-now.json",
                           "sessions/sess-new.json"}, (where, changed)
        outcomes["record-written-index-stale"] += 1
    assert outcomes["unchanged"] >= 3


def _hold_lock(root: Path):
    """A child process that holds the store lock until killed."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            from claude_memory.store.lock import store_lock

            with store_lock(root, timeout=5):
                os.write(w, b"x")
                time.sleep(60)
        finally:
            os._exit(0)
    os.close(w)
    assert os.read(r, 1) == b"x"
    os.close(r)
    return pid


@pytest.mark.parametrize("action", ACTIONS)
def test_lock_timeout_is_a_clear_error_and_writes_nothing(tmp_path, monkeypatch, capsys, action):
    project = tmp_path / "p"
    root = _store(project)
    argv = _actions(project, root)[action]
    before = snapshot(root)
    monkeypatch.setenv("CLAUDE_MEMORY_LOCK_TIMEOUT", "0.3")
    pid = _hold_lock(root)
    try:
        capsys.readouterr()
        assert memory_write.main(argv) == 1
        assert '"error": "LOCK_TIMEOUT"' in capsys.readouterr().err
        assert snapshot(root) == before
        assert memory_index.main(["--root", str(root), "--rebuild"]) == 1
        assert memory_index.main(["--root", str(root), "--gc"]) == 1
        assert '"error": "LOCK_TIMEOUT"' in capsys.readouterr().err
        assert snapshot(root) == before
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    assert memory_write.main(argv) == 0  # the holder died: the lock is free again


@pytest.mark.parametrize("make_missing", ["root", "folder", "file"])
def test_missing_places_give_not_found_and_write_no_memory(tmp_path, capsys, make_missing):
    project = tmp_path / "p"
    root = _store(project)
    target = root / "decisions" / "use-postgres.json"
    upd = write_json(project / "u.json", {**json.loads(target.read_text()),
                                          "changes": [{"date": "2026-06-01T00:00:00Z", "summary": "x"}]})
    import shutil

    if make_missing == "root":
        shutil.rmtree(root)
    elif make_missing == "folder":
        shutil.rmtree(root / "decisions")
    else:
        target.unlink()
    before = snapshot(root)
    for argv in (["update", "--target", str(target), "--input", str(upd)], ["delete", "--target", str(target)],
                 ["restore", "--target", str(target)]):
        capsys.readouterr()
        assert memory_write.main(["--root", str(root), "--action", *argv]) == 1
        assert '"error": "NOT_FOUND"' in capsys.readouterr().err
        now = snapshot(root)
        assert {k: v for k, v in now.items() if k.endswith(".json")} == \
               {k: v for k, v in before.items() if k.endswith(".json")}
        # index.md is derived: a transaction first repairs it when files vanished behind the
        # writer's back (here by rmtree), so it now says what the files say, as --rebuild would.
        assert now.get("index.md", b"") == maintenance.expected_index(
            list(store_io.scan_records(root))).encode()


def test_missing_input_file_is_input_error(tmp_path, capsys):
    root = tmp_path / "p" / ".claude" / "memory"
    assert memory_write.main(["--root", str(root), "--action", "create", "--category", "decision",
                              "--input", str(tmp_path / "nope.json")]) == 1
    assert '"error": "INPUT_ERROR"' in capsys.readouterr().err
    assert not root.exists()


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="running as root: chmod denies nothing (the in-process EACCES/EROFS faults above cover it)")
def test_read_only_store_by_chmod(tmp_path, capsys):
    project = tmp_path / "p"
    root = _store(project)
    argv = _actions(project, root)["update"]
    before = snapshot(root)
    for d in [root, *[p for p in root.iterdir() if p.is_dir()]]:
        d.chmod(0o555)
    try:
        capsys.readouterr()
        assert memory_write.main(argv) == 1
        err = capsys.readouterr().err
        assert '"error": "IO_ERROR"' in err or '"error": "LOCK_TIMEOUT"' in err
        assert snapshot(root) == before
    finally:
        for d in [root, *[p for p in root.iterdir() if p.is_dir()]]:
            d.chmod(0o755)


def test_the_injector_really_injects(tmp_path, monkeypatch):
    """A fault at call 0 must stop the write (or this whole suite proves nothing)."""
    project = tmp_path / "p"
    root = _store(project)
    argv = _actions(project, root)["update"]
    with injected(monkeypatch, _Faults(fail_at=0), root) as f:
        assert memory_write.main(argv) == 1
    assert f.calls == ["mkstemp", "unlink"]  # the failed write, then its last good copy removed again
