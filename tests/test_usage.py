"""Usage records and reports (issue 16): the append-only log, the per-session record, --stats, --gc, --stale."""

from __future__ import annotations

import json
import os
import threading
import time

import pytest

from claude_memory.recall import usage
from recall_helpers import memory, write

DAY = 86400
NOW = 1_800_000_000.0


def test_record_appends_to_the_log_and_the_session(memory_root):
    memory_root.mkdir(parents=True)
    usage.record(str(memory_root), "sess-1", "prompt", ["decisions/a", "runbooks/b"], now=NOW)
    usage.record(str(memory_root), "sess-1", "file", ["decisions/c"], now=NOW + 1)
    assert usage.read_log(str(memory_root)) == [(int(NOW), "prompt", "decisions/a"), (int(NOW), "prompt", "runbooks/b"),
                                                (int(NOW) + 1, "file", "decisions/c")]
    assert usage.seen(str(memory_root), "sess-1") == {"decisions/a", "runbooks/b", "decisions/c"}
    assert usage.seen(str(memory_root), "other") == set()
    staging = memory_root / ".staging"
    assert oct(os.stat(staging / usage.LOG_FILE).st_mode & 0o777) == "0o600"
    assert ".staging/" in (memory_root / ".gitignore").read_text()  # never committed


def test_log_off_still_records_the_session(memory_root):
    memory_root.mkdir(parents=True)
    usage.record(str(memory_root), "s", "prompt", ["decisions/a"], log=False)
    assert usage.read_log(str(memory_root)) == [] and usage.seen(str(memory_root), "s") == {"decisions/a"}


@pytest.mark.parametrize("sid", [None, "", "../..", "///", 7])
def test_unusable_session_ids_record_no_session_file(memory_root, sid):
    memory_root.mkdir(parents=True)
    usage.record(str(memory_root), sid, "prompt", ["decisions/a"])
    assert usage.seen(str(memory_root), sid) == set()
    seen_dir = memory_root / ".staging" / usage.SEEN_DIR
    assert not seen_dir.exists() or not list(seen_dir.iterdir())
    assert len(usage.read_log(str(memory_root))) == 1


@pytest.mark.parametrize("sid", ["../../etc/passwd", ".hidden", "a/b", "x" * 200])
def test_odd_session_ids_stay_inside_the_seen_folder(memory_root, sid):
    memory_root.mkdir(parents=True)
    usage.record(str(memory_root), sid, "prompt", ["decisions/a"])
    assert usage.seen(str(memory_root), sid) == {"decisions/a"}
    files = list((memory_root / ".staging" / usage.SEEN_DIR).iterdir())
    assert len(files) == 1 and files[0].parent.name == usage.SEEN_DIR and not files[0].name.startswith(".")


def test_the_log_is_bounded(memory_root):
    memory_root.mkdir(parents=True)
    for i in range(400):
        usage.record(str(memory_root), "s", "prompt", [f"decisions/memory-number-{i}"], max_bytes=2048, now=NOW + i)
    staging = memory_root / ".staging"
    assert os.path.getsize(staging / usage.LOG_FILE) <= 2048 + 100
    assert os.path.getsize(staging / (usage.LOG_FILE + ".1")) <= 2048 + 100
    kept = usage.read_log(str(memory_root))
    assert kept[-1][2] == "decisions/memory-number-399" and 40 < len(kept) < 400
    assert kept == sorted(kept)


def test_concurrent_appends_lose_nothing(memory_root):
    memory_root.mkdir(parents=True)
    usage.record(str(memory_root), "s", "prompt", ["decisions/warm"])

    def work(n):
        for i in range(50):
            usage.record(str(memory_root), f"s{n}", "prompt", [f"decisions/t{n}-{i}"])

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(usage.read_log(str(memory_root))) == 201


def test_stats_and_never_recalled():
    memories = {"decisions/a": ("decision", NOW - 200 * DAY), "decisions/b": ("decision", NOW - 200 * DAY),
                "runbooks/c": ("runbook", NOW - 10 * DAY), "runbooks/d": ("runbook", NOW - 100 * DAY)}
    log = [(int(NOW - 40 * DAY), "prompt", "decisions/a"), (int(NOW - DAY), "file", "decisions/a"),
           (int(NOW - DAY), "start", "runbooks/c"), (int(NOW - DAY), "prompt", "decisions/retired-one")]
    report = usage.stats(memories, log, now=NOW, days=30)
    assert report["most_recalled"] == [{"memory": "decisions/a", "count": 2}, {"memory": "runbooks/c", "count": 1}]
    assert [m["memory"] for m in report["least_recalled"]][:2] == ["decisions/b", "runbooks/d"]
    assert report["not_recalled"] == ["decisions/b", "runbooks/d"]
    assert usage.stats({**memories, "runbooks/new": ("runbook", NOW - 60), "runbooks/undated": ("runbook", 0)},
                       log, now=NOW, days=30)["not_recalled"] == ["decisions/b", "runbooks/d", "runbooks/undated"]
    assert report["per_category"] == {"decision": 2, "runbook": 1}
    assert report["per_via"] == {"prompt": 2, "file": 1, "start": 1}
    assert usage.never_recalled(memories, log, now=NOW, older_than_days=90) == ["decisions/b", "runbooks/d"]
    assert usage.never_recalled(memories, log, now=NOW, older_than_days=150) == ["decisions/b"]


@pytest.mark.parametrize("age, new", [(60, True), (29 * DAY, True), (31 * DAY, False)])
def test_a_memory_younger_than_the_window_is_new_not_least_recalled(age, new):
    memories = {"decisions/old": ("decision", NOW - 200 * DAY), "decisions/undated": ("decision", 0),
                "decisions/été-日本": ("decision", NOW - age)}
    report = usage.stats(memories, [], now=NOW, days=30)
    judged = ["decisions/old", "decisions/undated", "decisions/été-日本"][:3 - new]
    assert report["new"] == (["decisions/été-日本"] if new else [])
    assert sorted(m["memory"] for m in report["least_recalled"]) == sorted(judged)
    assert sorted(report["not_recalled"]) == sorted(judged)


def test_prune_seen_forgets_old_sessions(memory_root):
    memory_root.mkdir(parents=True)
    usage.record(str(memory_root), "old", "prompt", ["decisions/a"])
    usage.record(str(memory_root), "new", "prompt", ["decisions/a"])
    old = memory_root / ".staging" / usage.SEEN_DIR / "old"
    os.utime(old, (time.time() - 10 * DAY,) * 2)
    assert usage.prune_seen(str(memory_root)) == 1
    assert usage.seen(str(memory_root), "old") == set() and usage.seen(str(memory_root), "new") == {"decisions/a"}


@pytest.mark.parametrize("config, expected", [({}, (True, usage.DEFAULT_MAX_BYTES)),
                                              ({"usage": {"enabled": False}}, (False, usage.DEFAULT_MAX_BYTES)),
                                              ({"usage": {"max_log_bytes": 5000}}, (True, 5000)),
                                              ({"usage": {"max_log_bytes": 10}}, (True, usage.DEFAULT_MAX_BYTES))])
def test_usage_settings(config, expected):
    assert usage.usage_settings(config) == expected


# ----------------------------------------------------------------------------- memory_index.py as people run it

def _iso(epoch):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


@pytest.fixture
def store(memory_root, project):
    old = _iso(time.time() - 200 * DAY)
    (project / "src").mkdir()
    (project / "src" / "api.py").write_text("x")
    write(memory_root, memory("decision", "used", "Used decision", ["a"], updated=old,
                              content={"status": "accepted", "context": "c", "decision": "d", "rationale": ["r"]}))
    write(memory_root, memory("decision", "unused", "Unused decision", ["a"], updated=old,
                              related_files=["src/api.py"],
                              content={"status": "accepted", "context": "c", "decision": "d", "rationale": ["r"]}))
    write(memory_root, memory("runbook", "young", "Young runbook", ["a"], updated=_iso(time.time() - DAY),
                              related_files=["src/removed.py"], content={"trigger": "t"}))
    usage.record(str(memory_root), "s", "prompt", ["decisions/used"])
    return memory_root


def test_stats_script(run_script, store):
    result = run_script("memory_index.py", "--stats", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["most_recalled"] == [{"memory": "decisions/used", "count": 1}]
    # the young runbook (a day old) has not had 30 days, or 7, to be recalled in: it is not listed
    assert report["not_recalled"] == ["decisions/unused"] and report["not_recalled_days"] == 30
    assert report["new"] == ["runbooks/young"]
    assert "runbooks/young" not in [m["memory"] for m in report["least_recalled"]]
    human = run_script("memory_index.py", "--stats", "--days", "7")
    assert "not recalled in 7 days: 1" in human.stdout and "1x decisions/used" in human.stdout
    # a day old: shown as new, not as one of the least (never) recalled
    assert "new (created in the last 7 days, too recent to count as not recalled): 1\n  runbooks/young" in human.stdout
    assert "0x runbooks/young" not in human.stdout


def test_gc_suggests_and_never_retires(run_script, store):
    def memories():
        return {p: p.read_bytes() for p in store.rglob("*.json") if ".staging" not in p.parts}

    before = memories()
    result = run_script("memory_index.py", "--gc", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["suggest_retire"] == ["decisions/unused"]
    assert memories() == before
    human = run_script("memory_index.py", "--gc")
    assert "suggested (not done): retire 1 memories older than 90 days that were never recalled" in human.stdout


def test_stale_and_health_scripts(run_script, store):
    result = run_script("memory_index.py", "--stale", "--json")
    stale = json.loads(result.stdout)["stale"]
    # src/api.py was written now, long after "unused" was last updated; src/removed.py does not exist
    reasons = {m["memory"]: m["reason"] for m in stale}
    assert set(reasons) == {"decisions/unused", "runbooks/young"}
    assert reasons["decisions/unused"].startswith("src/api.py changed on")
    assert reasons["runbooks/young"] == "src/removed.py no longer exists"
    health = run_script("memory_index.py", "--health")
    assert "may be stale: 2" in health.stdout and "runbooks/young: src/removed.py no longer exists" in health.stdout


def test_list_shows_recall_counts_and_stale_marks(run_script, store):
    result = run_script("memory_index.py", "--list", "--json")
    assert result.returncode == 0, result.stderr
    rows = {f"{m['folder']}/{m['id']}": m for m in json.loads(result.stdout)["memories"]}
    assert rows["decisions/used"]["recalled"] == 1 and rows["decisions/unused"]["recalled"] == 0
    assert rows["decisions/used"]["may_be_stale"] is False
    assert rows["runbooks/young"]["may_be_stale"] == "src/removed.py no longer exists"
