"""Crashes: SIGKILL the writer at every fault point of every action, and at random moments.

The machinery lives in bench/crash.py (which runs hundreds of timing trials); here every
fault point of every action is killed once, ~100 random-timing kills follow, and the
shipped switch (``CLAUDE_MEMORY_FAULT`` through the real memory_write.py) is exercised.
After each kill: files whole and valid, acknowledged memories intact, --validate passes
or --rebuild makes it pass, each memory as before or after the action, no stale lock.
"""

from __future__ import annotations

import json
import shutil
import sys

import pytest

from locations import REPO, load_script

sys.path.insert(0, str(REPO / "bench"))
crash = load_script(REPO / "bench" / "crash.py")
ALL_POINTS = {"after_lock", "after_temp_write", "before_replace", "after_replace", "before_index_write",
              "after_index_write", "during_rename"}


@pytest.fixture(scope="module")
def points(tmp_path_factory):
    return crash.point_trials(tmp_path_factory.mktemp("points"))


def test_every_action_killed_at_every_fault_point_loses_nothing(points):
    assert points["problems"] == [], "\n".join(points["problems"][:20])


def test_every_action_and_every_point_was_exercised(points):
    assert set(points["points"]) == set(crash.ACTIONS)
    assert {p for v in points["points"].values() for p in v} == ALL_POINTS
    assert "during_rename" in points["points"]["update-rename"]
    # the rolling window writes the retired session after the new one: its points repeat
    assert points["points"]["session-create"].count("after_replace") >= 2
    assert points["trials"] == sum(len(v) for v in points["points"].values())
    assert points["rebuilds_needed"] > 0  # some kills really left work for --rebuild


def test_random_timing_kills(tmp_path):
    result = crash.timing_trials(tmp_path, 100, seed=3, max_delay=0.15)
    assert result["problems"] == [], "\n".join(result["problems"][:20])
    assert result["acknowledged_writes"] > 50
    assert result["finished_before_kill"] < 100  # most writers really were killed mid-stream


@pytest.mark.parametrize("point", sorted(ALL_POINTS))
def test_shipped_fault_switch_in_the_real_script(tmp_path, point):
    project = tmp_path / "project"
    root = project / ".claude" / "memory"
    crash.build_store(root)
    protected = crash._protected(root, {"decisions/use-postgres"})
    before = crash.snapshot_docs(root)
    argv = crash.action_argv("update-rename", root, tmp_path, "real")
    shutil.copy(argv[-1], tmp_path / "kept-draft.json")
    res = crash.run_script_with_fault(project, point, argv)
    assert res.returncode == -9, res.stderr  # SIGKILL
    assert res.stdout == b""  # never acknowledged
    problems, _ = crash.recover_and_check(root, protected=protected)
    assert problems == []
    now = crash.snapshot_docs(root)
    renamed = [k for k in now if k.startswith("decisions/switch-storage")]
    assert ("decisions/use-postgres" in now) != bool(renamed)  # exactly one of old/new
    if "decisions/use-postgres" in now:
        assert now["decisions/use-postgres"] == before["decisions/use-postgres"]
    # the next writer (a real process, default lock timeout) is not wedged
    argv[-1] = str(tmp_path / "kept-draft.json")
    if renamed:
        return
    res = crash.run_script_with_fault(project, "none", argv)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["path"].endswith(".json")


def test_checks_can_fail(tmp_path):
    """recover_and_check reports a truncated file and a changed acknowledged file."""
    root = tmp_path / ".claude" / "memory"
    crash.build_store(root)
    victim = root / "decisions" / "keep-me.json"
    protected = crash._protected(root, set())
    victim.write_text(victim.read_text()[:40])
    problems, _ = crash.recover_and_check(root, protected=protected)
    assert any("keep-me.json" in p and "not a whole" in p for p in problems)
    assert any("keep-me.json" in p and "changed" in p for p in problems)


def test_rebuild_does_not_take_a_new_memory_for_a_half_finished_rename(tmp_path):
    """A memory renamed away, then a new memory created under the freed id: both acknowledged.
    --rebuild must not delete either as the leftover of an interrupted rename."""
    from claude_memory.store import maintenance
    from claude_memory.store import transaction as store
    from claude_memory.store.validation import validate_record

    from datetime import timedelta

    from claude_memory.core.timeutil import now_utc

    root = tmp_path / ".claude" / "memory"
    ctx = crash._ctx(root, now_utc() - timedelta(hours=1))
    draft = crash.draft("decision", "alpha-beta-gamma", "Alpha beta gamma", "one")
    store.create(ctx, validate_record({**draft, "created_at": ctx.now_ts, "updated_at": ctx.now_ts}),
                 category="decision")
    doc = json.loads((root / "decisions" / "alpha-beta-gamma.json").read_text())
    doc.update(title="Totally different words here", changes=[{"date": ctx.now_ts, "summary": "retitled"}])
    moved = store.update(ctx, validate_record(doc), target=str(root / "decisions" / "alpha-beta-gamma.json"))
    later = crash._ctx(root, now_utc())
    fresh = {**draft, "created_at": later.now_ts, "updated_at": later.now_ts,
             "content": crash.load.content_for("decision", "two")}
    again = store.create(later, validate_record(fresh), category="decision")
    assert moved.path != again.path
    assert maintenance.validate(root) == []
    maintenance.rebuild(root)
    assert moved.path.exists() and again.path.exists()
