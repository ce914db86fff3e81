"""Load: ~6 processes at once against one store for ~10 s (bench/load.py runs longer).

Creates (some racing for one id), updates with --hash (some renaming), retire/restore,
archive/unarchive, --rebuild, recall and raw readers interleaved; then the audit of
bench/load.py: every acknowledged write on disk or superseded by a later acknowledged one,
every lost race reported with a documented code, every file valid, index.md equal to
what --rebuild produces, recall never crashed, no reader saw a half-written file.
"""

from __future__ import annotations

import json

import pytest

from locations import REPO, load_script

load = load_script(REPO / "bench" / "load.py", "bench_load")


@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    project = tmp_path_factory.mktemp("load") / "project"
    run = load.run_load(project, workers=6, seconds=10, seed=7)
    return project, run["ops"], load.audit(project, run["ops"])


def test_nothing_lost_nothing_corrupt(loaded):
    _project, _ops, report = loaded
    assert report["problems"] == [], "\n".join(report["problems"][:20])


def test_the_load_really_raced(loaded):
    """A run that never conflicted proves nothing: the mix must produce real races."""
    _project, ops, report = loaded
    kinds = {o.kind for o in ops}
    assert {"create", "update", "rebuild", "recall", "read"} <= kinds, report["counts"]
    assert kinds & {"delete", "archive"}, report["counts"]
    assert sum(1 for o in ops if o.rc == 0 and o.kind in ("update", "create")) >= 5, report["counts"]


def test_simultaneous_updates_from_one_read_one_wins_rest_conflict(loaded):
    """The opening burst: every worker updates burst-seed with the same --hash at once."""
    _project, ops, _ = loaded
    burst = [o for o in ops if o.note == "burst"]
    assert len(burst) == 6
    assert sorted(o.code or "ok" for o in burst) == ["OCC_CONFLICT"] * 5 + ["ok"]


def test_every_failure_has_a_documented_code(loaded):
    _project, ops, _ = loaded
    failed = [o for o in ops if o.rc not in (0, None) and o.kind != "recall"]
    assert all(o.code in load.RACE_CODES for o in failed), [(o.kind, o.code) for o in failed]


# ---- the audit itself must be able to fail (a test that cannot fail is a defect)

def _op(kind, in_hash, out_hash, path, token=None):
    return load.Op(0, kind, 0.0, in_hash=in_hash, out_hash=out_hash, out_path=str(path), rc=0, token=token)


def test_audit_catches_a_fork_and_a_lost_write(tmp_path):
    root = tmp_path / ".claude" / "memory"
    f = root / "decisions" / "a.json"
    f.parent.mkdir(parents=True)
    f.write_text(json.dumps({"id": "a", "x": "tok2"}))
    h = load.md5_file(f)
    ops = [_op("create", None, "h0", f), _op("update", "h0", "h1", f, "tok1"), _op("update", "h0", h, f, "tok2")]
    problems = load._chain_problems(ops, root)
    assert any("lost update" in p for p in problems)
    assert any("tok1" in p and "not on disk" in p for p in problems)


def test_audit_catches_an_unacknowledged_file(tmp_path):
    root = tmp_path / ".claude" / "memory"
    f = root / "decisions" / "a.json"
    f.parent.mkdir(parents=True)
    f.write_text("{}")
    assert any("no acknowledged write" in p for p in load._chain_problems([], root))


@pytest.mark.parametrize("stderr, code", [
    (b'memory_write: OCC_CONFLICT: x\n{"error": "OCC_CONFLICT", "message": "x"}\n', "OCC_CONFLICT"),
    (b"Traceback (most recent call last):\n  boom\n", None),
])
def test_error_code_parsing(stderr, code):
    assert load.error_code(stderr) == code
