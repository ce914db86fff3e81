from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from claude_memory.store import lock
from claude_memory.core.errors import MemoryStoreError

from locations import REPO

HOLDER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, sys.argv[2])
    from claude_memory.store.lock import store_lock
    with store_lock(sys.argv[1], timeout=5):
        print("held", flush=True)
        time.sleep(60)
""")


def _hold(root: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(root), str(REPO)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_lock_creates_root_and_lock_file(tmp_path):
    root = tmp_path / "mem"
    with lock.store_lock(root, timeout=1) as held:
        assert held == root and (root / ".store.lock").exists()


def test_lock_is_released_after_the_block(tmp_path):
    with lock.store_lock(tmp_path, timeout=1):
        # held: another taker (a separate lock object, as another process would use) times out
        with pytest.raises(MemoryStoreError) as err:
            with lock.store_lock(tmp_path, timeout=0):
                pass
        assert err.value.code == "LOCK_TIMEOUT"
    with lock.store_lock(tmp_path, timeout=0) as held:  # released: taken at once
        assert held == tmp_path


def test_lock_released_when_block_raises(tmp_path):
    with pytest.raises(RuntimeError):
        with lock.store_lock(tmp_path, timeout=1):
            raise RuntimeError("boom")
    with lock.store_lock(tmp_path, timeout=0):
        pass


def test_held_lock_times_out_with_lock_timeout(tmp_path):
    proc = _hold(tmp_path)
    try:
        with pytest.raises(MemoryStoreError) as err:
            with lock.store_lock(tmp_path, timeout=0.2):
                pytest.fail("entered a lock another process holds")
        assert err.value.code == "LOCK_TIMEOUT"
        assert "nothing was written" in err.value.message
    finally:
        proc.kill()
        proc.wait()


def test_sigkilled_holder_does_not_wedge_later_writers(tmp_path):
    proc = _hold(tmp_path)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert (tmp_path / ".store.lock").exists()  # the stale file is still there...
    with lock.store_lock(tmp_path, timeout=2):  # ...yet the lock is free
        pass


@pytest.mark.parametrize("raw, expected", [("", 10.0), ("3", 3.0), ("0.5", 0.5), ("abc", 10.0), ("-1", 10.0)])
def test_lock_timeout_from_env(monkeypatch, raw, expected):
    monkeypatch.setenv(lock.TIMEOUT_ENV, raw)
    assert lock.lock_timeout() == expected
