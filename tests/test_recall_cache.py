"""The recall cache: base + delta, never stale, bounded per prompt, never outside the store
(claude_memory.recall.cache, claude_memory.recall.delta)."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from claude_memory.recall import cache, cache_build, corpus, delta, recall
from claude_memory.recall.rank import rank
from recall_helpers import memory, sample_store, write
from locations import REPO

WRITER = REPO / "hooks" / "scripts" / "memory_write.py"
RETRIEVE = REPO / "hooks" / "scripts" / "memory_retrieve.py"
SERVICES = ["billing", "checkout", "ledger", "search", "notify", "pricing", "catalog", "export", "geo", "audit"]
TECH = ["postgres", "redis", "kafka", "celery", "airflow", "terraform", "envoy", "nginx", "grpc", "vault"]
PROMPTS = ["redis timeouts in checkout", "kafka consumer lag for ledger", "terraform state for pricing",
           "why did we pick postgres for billing", "nginx buffering on catalog"]


def titles(index) -> list[str]:
    return sorted(index.fields(i)[3] for i in index.live_numbers())


def ranked(index, prompt: str) -> list[tuple[str, str]]:
    return [index.fields(hit[0])[1:3] for hit in rank(index, prompt, 5)]


def settle(root: Path) -> None:
    """Pretend every write happened long ago, so folder signatures count as settled."""
    old = 1_600_000_000_000_000_000
    for name in ["index.md", *corpus.FOLDERS]:
        path = root / name
        if path.exists():
            os.utime(path, ns=(old, old))


def generated(number: int, **over) -> dict:
    service, tech = SERVICES[number % 10], TECH[(number // 10) % 10]
    doc = memory("decision", f"{service}-{tech}-{number}", f"Use {tech} for {service} job {number}",
                 [service, tech], content={"status": "accepted", "context": f"{service} needed {tech}",
                                           "decision": f"{tech} in {service}", "rationale": [f"reason {number}"]},
                 related_files=[f"src/{service}/{tech}_{number}.py"], updated=f"2026-0{1 + number % 9}-10T00:00:00Z")
    doc.update(over)
    return doc


def big_store(root: Path, n: int) -> Path:
    for i in range(n):
        write(root, generated(i))
    lines = [f"- [DECISION] Use {TECH[(i // 10) % 10]} for {SERVICES[i % 10]} job {i} -> .claude/memory/decisions/"
             f"{SERVICES[i % 10]}-{TECH[(i // 10) % 10]}-{i}.json #tags:{SERVICES[i % 10]},{TECH[(i // 10) % 10]}"
             for i in range(n)]
    (root / "index.md").write_text("# Memory index\n\n" + "\n".join(lines) + "\n")
    settle(root)
    return root


@pytest.fixture
def store(tmp_path):
    root = tmp_path / "memory"
    sample_store(root)
    (root / "index.md").write_text("# index\n")
    settle(root)
    return root


@pytest.fixture
def no_fork(monkeypatch):
    """In-process tests never fork pytest: record background builds instead."""
    calls = []
    monkeypatch.setattr(cache_build, "spawn_build", lambda root, semantic_only=False: calls.append(root) or True)
    return calls


# ---- the warm path ----------------------------------------------------------------------------

def test_second_load_comes_from_the_cache(store, monkeypatch):
    first = cache.load_index(str(store))
    assert (store / ".staging" / cache.INDEX_FILE).is_file()
    monkeypatch.setattr(corpus, "read_memory", lambda *a: pytest.fail("re-read a file"))
    monkeypatch.setattr(corpus, "scan_folder", lambda *a: pytest.fail("rescanned a folder"))
    again = cache.load_index(str(store))
    assert isinstance(again, type(first)) and again.serialized() == first.serialized()


def test_cache_files_are_private(store):
    cache.load_index(str(store))
    write(store, memory("decision", "later", "Later", ["later"]))
    cache.load_index(str(store))
    assert oct((store / ".staging").stat().st_mode & 0o777) == "0o700"
    for name in (cache.INDEX_FILE, cache.DOCS_FILE, cache.DELTA_FILE):
        assert oct((store / ".staging" / name).stat().st_mode & 0o777) == "0o600"


# ---- every write is seen by the very next prompt ------------------------------------------------

def test_retired_memory_disappears_on_the_next_prompt(store):
    assert "Use ruff for linting and formatting" in titles(cache.load_index(str(store)))
    write(store, memory("preference", "ruff-lint-and-format", "Use ruff for linting and formatting", ["ruff"],
                        status="retired"))
    index = cache.load_index(str(store))
    assert "Use ruff for linting and formatting" not in titles(index)
    assert rank(index, "ruff linting formatting", 5) == []


def test_retitled_memory_shows_its_new_title_even_within_one_clock_tick(store):
    folder = store / "preferences"
    tick = time.time_ns() - 100_000_000
    os.utime(folder, ns=(tick, tick))  # the last write happened a moment ago
    cache.load_index(str(store))
    write(store, memory("preference", "ruff-lint-and-format", "Use ruff (renamed)", ["ruff"]))
    os.utime(folder, ns=(tick, tick))  # coarse clock: the rename left the folder's mtime as it was
    found = titles(cache.load_index(str(store)))
    assert "Use ruff (renamed)" in found and "Use ruff for linting and formatting" not in found


def test_settled_signature_is_trusted_again_after_a_recent_write(store, monkeypatch):
    folder = store / "preferences"
    tick = time.time_ns() - 100_000_000
    os.utime(folder, ns=(tick, tick))
    cache.load_index(str(store))  # recent: saved as unsettled
    settle(store)
    cache.load_index(str(store))  # lists that folder once more, saves it as settled
    monkeypatch.setattr(corpus, "scan_folder", lambda *a: pytest.fail("rescanned a folder"))
    cache.load_index(str(store))


def test_a_write_costs_one_folder_listing_and_one_file(store, monkeypatch):
    cache.load_index(str(store))
    write(store, memory("decision", "new-one", "A brand new decision", ["new"],
                        content={"status": "accepted", "context": "c", "decision": "d", "rationale": ["r"]}))
    read, listed = [], []
    real_read, real_scan = corpus.read_memory, corpus.scan_folder
    monkeypatch.setattr(corpus, "read_memory", lambda root, f, slug: read.append(slug) or real_read(root, f, slug))
    monkeypatch.setattr(corpus, "scan_folder", lambda root, f: listed.append(f) or real_scan(root, f))
    monkeypatch.setattr(cache_build, "build_base", lambda *a, **k: pytest.fail("rebuilt the whole index"))
    assert "A brand new decision" in titles(cache.load_index(str(store)))
    assert read == ["new-one"] and listed == ["decisions"]


def test_deleted_memory_disappears(store):
    cache.load_index(str(store))
    (store / "runbooks" / "airflow-tasks-stuck-queued.json").unlink()
    index = cache.load_index(str(store))
    assert "Airflow tasks stuck in queued on MWAA" not in titles(index)
    assert rank(index, "airflow tasks stuck in queued on mwaa", 5) == []


def test_changes_accumulate_in_the_delta_across_prompts(store):
    cache.load_index(str(store))
    write(store, memory("decision", "first-new", "First zebra decision", ["zebra"]))
    cache.load_index(str(store))
    write(store, memory("decision", "second-new", "Second zebra decision", ["zebra"]))
    write(store, memory("preference", "ruff-lint-and-format", "Use ruff always", ["ruff"]))
    index = cache.load_index(str(store))
    assert isinstance(index, delta.LayeredIndex)
    found = titles(index)
    assert {"First zebra decision", "Second zebra decision", "Use ruff always"} <= set(found)
    assert "Use ruff for linting and formatting" not in found and len(found) == 6
    assert {index.fields(h[0])[2] for h in rank(index, "zebra decision", 5)} == {"first-new", "second-new"}


def test_files_and_folders_of_changed_memories_follow_the_change(store):
    cache.load_index(str(store))
    write(store, memory("preference", "ruff-lint-and-format", "Use ruff", ["ruff"], related_files=["ruff.toml"]))
    index = cache.load_index(str(store))
    assert ranked(index, "what about pyproject.toml") == []
    assert ranked(index, "edit ruff.toml") == [("preferences", "ruff-lint-and-format")]


def test_memory_write_script_create_update_retire_is_seen_by_the_next_recall(tmp_path):
    project = tmp_path / "project"
    root = project / ".claude" / "memory"
    sample_store(root)
    settle(root)
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(REPO))

    def writer(*args, doc=None):
        if doc is not None:
            (tmp_path / "draft.json").write_text(json.dumps(doc))
            args += ("--input", str(tmp_path / "draft.json"))
        proc = subprocess.run([sys.executable, str(WRITER), *args], env=env, cwd=project, capture_output=True)
        assert proc.returncode == 0, proc.stderr

    prompt = "quokka ingestion pipeline"
    assert recall(str(root), prompt, 5) == []
    draft = memory("decision", "quokka-ingestion", "Quokka ingestion pipeline uses batches", ["quokka", "ingestion"],
                   content={"status": "accepted", "context": "c", "decision": "d", "rationale": ["r"]})
    writer("--action", "create", "--category", "decision", doc=draft)
    assert [e[3] for e in recall(str(root), prompt, 5)] == ["Quokka ingestion pipeline uses batches"]
    writer("--action", "update", "--target", ".claude/memory/decisions/quokka-ingestion.json",
           doc={**draft, "title": "Quokka ingestion pipeline streams",
                "changes": [{"date": "2026-11-01T00:00:00Z", "summary": "streams now"}]})
    assert [e[3] for e in recall(str(root), prompt, 5)] == ["Quokka ingestion pipeline streams"]
    writer("--action", "delete", "--target", ".claude/memory/decisions/quokka-ingestion.json", "--reason", "gone")
    assert recall(str(root), prompt, 5) == []


# ---- compaction ---------------------------------------------------------------------------------

def test_delta_ranks_like_a_fresh_build_and_compaction_equals_it(tmp_path, monkeypatch):
    root = big_store(tmp_path / "memory", 120)
    cache.load_index(str(root))
    assert cache.compact_limit(120) == 8
    for i in range(6):  # retitle (2 changes), retire (1) and add (1) memories, one prompt after each: 8 changes
        if i % 3 == 0:
            write(root, generated(i, title=f"Use {TECH[(i // 10) % 10]} for {SERVICES[i % 10]} revisited {i}"))
        elif i % 3 == 1:
            write(root, generated(i, record_status="retired", retired_at="2026-01-01T00:00:00Z", retired_reason="x"))
        else:
            write(root, generated(1000 + i))
        cache.load_index(str(root))
    layered = cache.load_index(str(root))
    assert isinstance(layered, delta.LayeredIndex)
    fresh = cache.load_index(str(root), use_cache=False)
    assert titles(layered) == titles(fresh)
    for prompt in PROMPTS + ["revisited", "job 1005"]:
        # The same memories; near-ties may swap (the delta's IDF is approximate, see recall.delta).
        assert sorted(ranked(layered, prompt)) == sorted(ranked(fresh, prompt)), prompt
    write(root, generated(2000))  # one change more than the delta may hold
    write(root, generated(2001))
    compacted = cache.load_index(str(root))
    fresh = cache.load_index(str(root), use_cache=False)
    assert not isinstance(compacted, delta.LayeredIndex) and compacted == fresh
    assert not (root / ".staging" / cache.DELTA_FILE).exists()
    monkeypatch.setattr(corpus, "read_memory", lambda *a: pytest.fail("re-read a file"))
    assert cache.load_index(str(root)) == fresh


def test_large_store_compacts_in_the_background_and_keeps_answering(tmp_path, no_fork):
    root = big_store(tmp_path / "memory", cache.INLINE_MAX + 10)
    cache.load_index(str(root))
    for i in range(cache.compact_limit(cache.INLINE_MAX + 10) + 1):
        write(root, generated(5000 + i))
    index = cache.load_index(str(root), prompt="anything")
    assert no_fork == [str(root)] and isinstance(index, delta.LayeredIndex)
    assert "Use postgres for billing job 5000" in titles(index)


def test_compact_limit_is_five_percent_within_bounds():
    assert [cache.compact_limit(n) for n in (0, 100, 1000, 10_000, 100_000)] == [8, 8, 50, 200, 200]


# ---- first prompt without a cache ---------------------------------------------------------------

def test_small_store_without_a_cache_is_built_in_the_prompt(store, no_fork):
    assert recall(str(store), "airflow tasks stuck in queued", 5)[0][2] == "airflow-tasks-stuck-queued"
    assert no_fork == [] and (store / ".staging" / cache.INDEX_FILE).is_file()


def test_large_store_without_a_cache_answers_from_index_md_and_builds_in_the_background(tmp_path, no_fork,
                                                                                      monkeypatch):
    root = big_store(tmp_path / "memory", cache.INLINE_MAX + 10)
    monkeypatch.setattr(corpus, "read_memory", lambda *a: pytest.fail("read a memory file"))
    found = recall(str(root), "kafka for ledger job 22", 5)
    assert found[0][1:4] == ("decisions", "ledger-kafka-22", "Use kafka for ledger job 22")
    assert no_fork == [str(root)] and not (root / ".staging" / cache.INDEX_FILE).exists()


def test_index_md_scan_skips_gone_files_symlinked_folders_and_junk(tmp_path):
    root = tmp_path / "memory"
    outside = tmp_path / "outside"
    write(root, memory("decision", "kept-one", "Walrus kept", ["walrus"]))
    write(outside, memory("runbook", "secret", "Walrus secret", ["walrus"]))
    os.symlink(outside / "runbooks", root / "runbooks")
    (root / "index.md").write_text("\n".join([
        "- [DECISION] Walrus kept -> .claude/memory/decisions/kept-one.json #tags:walrus",
        "- [DECISION] Walrus gone -> .claude/memory/decisions/gone.json #tags:walrus",
        "- [RUNBOOK] Walrus secret -> .claude/memory/runbooks/secret.json #tags:walrus",
        "- [DECISION] Walrus escape -> .claude/memory/decisions/../../x.json #tags:walrus",
        "walrus walrus", ""]))
    docs, total = corpus.index_md_docs(str(root), "walrus")
    assert [d[2] for d in docs] == ["kept-one"] and total == 4


@pytest.mark.parametrize("title, tags, prompt", [
    ("Straßenbahn Fahrplan", ["straße"], "STRASSE"),  # case-folded like the terms
    ("猫の写真", ["猫"], "猫"),  # a one-character word
])
def test_index_md_scan_finds_non_english_words(tmp_path, title, tags, prompt):
    root = tmp_path / "memory"
    write(root, memory("decision", "kept-one", title, tags))
    (root / "index.md").write_text(
        f"- [DECISION] {title} -> .claude/memory/decisions/kept-one.json #tags:{','.join(tags)}\n", "utf-8")
    docs, total = corpus.index_md_docs(str(root), prompt)
    assert [d[2] for d in docs] == ["kept-one"] and total == 1


def test_index_md_scan_is_bounded(tmp_path):
    root = big_store(tmp_path / "memory", corpus.MAX_SCAN_LINES + 50)
    docs, total = corpus.index_md_docs(str(root), "use redis kafka postgres job")
    assert len(docs) == corpus.MAX_SCAN_LINES and total == corpus.MAX_SCAN_LINES + 50


def test_symlinked_index_md_is_not_scanned(tmp_path):
    root = tmp_path / "memory"
    write(root, memory("decision", "kept-one", "Walrus kept", ["walrus"]))
    real = tmp_path / "real-index.md"
    real.write_text("- [DECISION] Walrus kept -> .claude/memory/decisions/kept-one.json #tags:walrus\n")
    os.symlink(real, root / "index.md")
    assert corpus.index_md_docs(str(root), "walrus") == ([], 0)


# ---- background build: detached, single, atomic -------------------------------------------------

def _hook(project: Path, prompt: str, *, wait: bool = True):
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(REPO))
    payload = json.dumps({"session_id": "s", "cwd": str(project), "hook_event_name": "UserPromptSubmit",
                          "prompt": prompt}).encode()
    if wait:
        return subprocess.run([sys.executable, str(RETRIEVE)], input=payload, capture_output=True, env=env,
                              cwd=project, timeout=60)
    proc = subprocess.Popen([sys.executable, str(RETRIEVE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=project)
    return proc, payload


def test_hook_runs_concurrently_with_a_background_build(tmp_path):
    project = tmp_path / "project"
    root = big_store(project / ".claude" / "memory", 500)
    first = _hook(project, "kafka for ledger job 22")  # no cache: index.md scan + background build
    outputs, during = [(first.returncode, first.stdout, first.stderr)], 0
    deadline = time.time() + 60
    while time.time() < deadline:  # rounds of three concurrent prompts until the base has landed
        running = cache_build.builder_running(root)
        procs = [_hook(project, "redis timeouts for checkout job 11", wait=False) for _ in range(3)]
        for proc, payload in procs:
            out, err = proc.communicate(payload, timeout=60)
            outputs.append((proc.returncode, out, err))
        during += 3 * running
        if (root / ".staging" / cache.INDEX_FILE).exists() and not cache_build.builder_running(root):
            break
    else:
        pytest.fail("the background build never finished")
    assert during >= 3
    for code, out, err in outputs:
        assert code == 0 and err == b""
        if out:
            assert "<project-memory>" in json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert "ledger-kafka-22.json" in outputs[0][1].decode()
    assert cache.load_index(str(root)) == cache.load_index(str(root), use_cache=False)
    assert not list((root / ".staging").glob(".*.tmp"))


def test_only_one_background_builder_runs(store):
    cache.load_index(str(store))
    (store / ".staging" / cache.INDEX_FILE).unlink()
    fd = os.open(store / ".staging" / cache.LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # "a builder is running"
        assert cache_build.spawn_build(str(store)) is False
    finally:
        os.close(fd)
    assert not (store / ".staging" / cache.INDEX_FILE).exists()


def test_readers_never_see_a_half_written_cache(tmp_path):
    root = big_store(tmp_path / "memory", 150)
    good = cache.load_index(str(root), use_cache=False)
    cache_build.build_base(str(root))
    code = ("import sys; from claude_memory.recall import cache_build\n"
            "for _ in range(int(sys.argv[2])):\n"
            "    cache_build.build_base(sys.argv[1])\n")
    writer = subprocess.Popen([sys.executable, "-c", code, str(root), "15"], cwd=REPO)
    try:
        seen = 0
        while writer.poll() is None or seen == 0:
            base = cache._open_base(str(root))
            if base is not None:
                assert base.index == good
                seen += 1
    finally:
        writer.wait(timeout=60)
    assert writer.returncode == 0 and seen > 0


# ---- caches that must not be trusted ------------------------------------------------------------

GARBAGE = [b"", b"\x00\x01garbage", b"\x08\x00\x00\x00\x00\x00\x00\x00{not marshal", b"x" * 7]


@pytest.mark.parametrize("garbage", GARBAGE)
@pytest.mark.parametrize("name", [cache.INDEX_FILE, cache.DOCS_FILE, cache.DELTA_FILE])
def test_corrupt_cache_files_are_ignored(store, garbage, name):
    cache.load_index(str(store))
    write(store, memory("decision", "later", "Later walrus", ["walrus"]))
    cache.load_index(str(store))
    (store / ".staging" / name).write_bytes(garbage)
    fresh = cache.load_index(str(store), use_cache=False)
    for _ in range(2):
        assert titles(cache.load_index(str(store))) == titles(fresh)
        assert ranked(cache.load_index(str(store)), "walrus") == [("decisions", "later")]


@pytest.mark.parametrize("name", [cache.INDEX_FILE, cache.DELTA_FILE])
@pytest.mark.parametrize("keep", [0.1, 0.5, 0.9, 0.999])
def test_truncated_cache_files_are_ignored(store, name, keep):
    cache.load_index(str(store))
    write(store, memory("decision", "later", "Later walrus", ["walrus"]))
    cache.load_index(str(store))
    path = store / ".staging" / name
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * keep)])
    assert titles(cache.load_index(str(store))) == titles(cache.load_index(str(store), use_cache=False))


def test_delta_of_another_base_is_ignored(store):
    cache.load_index(str(store))
    write(store, memory("decision", "later", "Later walrus", ["walrus"]))
    cache.load_index(str(store))
    stale_delta = (store / ".staging" / cache.DELTA_FILE).read_bytes()
    (store / "decisions" / "later.json").unlink()
    cache_build.build_base(str(store))  # a new base without "later"
    (store / ".staging" / cache.DELTA_FILE).write_bytes(stale_delta)
    assert "Later walrus" not in titles(cache.load_index(str(store)))


def test_cache_of_another_tokenizer_is_ignored(store, monkeypatch):
    cache.load_index(str(store))
    monkeypatch.setattr(cache, "CACHE_VERSION", cache.CACHE_VERSION[:2] + (cache.CACHE_VERSION[2] + 1,))
    assert cache._open_base(str(store)) is None
    cache.load_index(str(store))
    assert cache._open_base(str(store)) is not None


def test_cache_version_carries_the_tokenizer_version():
    from claude_memory.recall import text

    assert cache.CACHE_VERSION[-1] == getattr(text, "TOKENIZER_VERSION", 0)


def test_symlinked_cache_is_not_read(store, tmp_path):
    cache.load_index(str(store))
    target = tmp_path / "elsewhere.bin"
    (store / ".staging" / cache.INDEX_FILE).rename(target)
    os.symlink(target, store / ".staging" / cache.INDEX_FILE)
    assert cache._open_base(str(store)) is None
    assert cache._read_private(str(store / ".staging" / cache.INDEX_FILE)) is None


# ---- what counts as a memory --------------------------------------------------------------------

def test_no_store_injects_nothing(tmp_path, no_fork):
    assert recall(str(tmp_path / "missing"), "airflow tasks stuck", 5) == []
    assert _hook(tmp_path, "airflow tasks stuck").stdout == b""


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '"a string"', "\udcff"])
def test_broken_memory_files_are_skipped(store, content):
    (store / "decisions" / "broken.json").write_text(content, encoding="utf-8", errors="surrogateescape")
    assert len(titles(cache.load_index(str(store)))) == 4


@pytest.mark.parametrize("change", [
    {"title": 7}, {"tags": "not-a-list"}, {"tags": [1, 2]}, {"content": []}, {"record_status": "archived"},
    {"record_status": "retired"}, {"related_files": [1]}, {"title": ""},
])
def test_wrong_types_and_inactive_memories_are_skipped(tmp_path, change):
    doc = memory("decision", "odd", "Odd one", ["odd"])
    doc.update(change)
    write(tmp_path, doc)
    assert cache.load_index(str(tmp_path), use_cache=False).n == 0


@pytest.mark.parametrize("change", [{"related_files": None}, {"record_status": None}, "no record_status"])
def test_files_people_wrote_are_recalled(tmp_path, change):
    """Read leniently (issue 18): null for an empty list, a missing or null record_status (active)."""
    doc = memory("decision", "odd", "Odd one", ["odd"])
    if change == "no record_status":
        doc.pop("record_status", None)
    else:
        doc.update(change)
    write(tmp_path, doc)
    assert cache.load_index(str(tmp_path), use_cache=False).n == 1


def test_symlinks_out_of_the_store_are_never_followed(tmp_path):
    outside = tmp_path / "outside"
    write(outside, memory("decision", "secret", "Outside secret", ["secret"]))
    root = tmp_path / "memory"
    (root / "runbooks").mkdir(parents=True)
    os.symlink(outside / "decisions", root / "decisions")  # a symlinked category folder
    os.symlink(outside / "decisions" / "secret.json", root / "runbooks" / "secret.json")  # a symlinked file
    assert cache.load_index(str(root), use_cache=False).n == 0
    assert cache.load_index(str(root)).n == 0


def test_folder_swapped_for_a_symlink_after_caching_drops_its_memories(store, tmp_path):
    cache.load_index(str(store))
    outside = tmp_path / "outside"
    write(outside, memory("runbook", "airflow-tasks-stuck-queued", "Airflow secret", ["airflow"]))
    (store / "runbooks").rename(tmp_path / "old-runbooks")
    os.symlink(outside / "runbooks", store / "runbooks")
    found = titles(cache.load_index(str(store)))
    assert "Airflow secret" not in found and "Airflow tasks stuck in queued on MWAA" not in found


def test_files_outside_category_folders_are_ignored(tmp_path):
    write(tmp_path, memory("decision", "kept", "Kept", ["k"]))
    (tmp_path / "stray.json").write_text(json.dumps(memory("decision", "stray", "Stray", ["s"])))
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "n.json").write_text(json.dumps(memory("decision", "n", "Notes", ["n"])))
    assert titles(cache.load_index(str(tmp_path), use_cache=False)) == ["Kept"]


def test_cache_watches_every_category_folder():
    # The cache keeps its own copy of the folder list so a prompt never imports the corpus reader.
    assert cache.FOLDERS == tuple(corpus.FOLDERS)


# ---- the layered index itself -------------------------------------------------------------------

def test_layered_index_hides_tombstones_everywhere(store):
    base = cache.load_index(str(store), use_cache=False)
    victim = next(i for i in base.live_numbers() if base.fields(i)[2] == "kafka-client-franz-go")
    layered = delta.LayeredIndex(base, [victim], [])
    assert victim not in layered.live_numbers() and layered.n == base.n - 1
    assert victim not in layered.postings("kafka")[0]
    assert layered.files().get("client.go") is None and layered.dirs().get("pkg/kafkax") is None
    assert layered.files().get("pyproject.toml") == base.files()["pyproject.toml"]


def test_layered_index_merges_terms_extensions_and_paths(store):
    base = cache.load_index(str(store), use_cache=False)
    doc = corpus.make_doc(memory("decision", "kafkaesque", "Kafkaesque review flow", ["kafkaesque"],
                                 related_files=["docs/review.md"]), "decisions", "kafkaesque")
    entries = delta.make_entries([doc], n=base.n + 1, avg_len=base.avg_len, newest=base.newest, base_df=base.df)
    layered = delta.LayeredIndex(base, [], entries)
    number = base.n
    assert "kafkaesqu" in layered and "kafkaesqu" not in base
    assert layered.df("kafka") == base.df("kafka")
    assert number in layered.postings("review")[0]
    assert "kafkaesqu" in layered.extensions("kafka", 5)
    assert layered.files().get("review.md") == f"{number}\tdocs/review.md"
    assert layered.dirs().get("docs") == str(number)
    assert layered.fields(number) == ("decision", "decisions", "kafkaesque", "Kafkaesque review flow", ["kafkaesque"])
    assert 1.0 <= layered.recency()[number] <= 1.1


def test_delta_with_a_well_formed_head_but_broken_contents_is_rebuilt_from_the_base(store):
    import marshal

    cache.load_index(str(store))
    write(store, memory("decision", "later", "Later walrus", ["walrus"]))
    cache.load_index(str(store))
    path = store / ".staging" / cache.DELTA_FILE
    saved = marshal.loads(path.read_bytes())
    saved["over"] = {"decisions": 7}
    saved["state"] = {f: ("junk", False) for f in cache.FOLDERS}
    path.write_bytes(marshal.dumps(saved))
    assert ranked(cache.load_index(str(store)), "walrus") == [("decisions", "later")]


# ---- the settler: a write's listing done in the background, not by the next prompt -------------

@pytest.fixture
def quick_settle(monkeypatch):
    """A settle window of 0.2 s instead of 2 s (the wait and the settled flag both read it)."""
    monkeypatch.setattr(cache_build, "UNSETTLED_NS", 200_000_000)


def test_settler_leaves_the_next_prompt_nothing_to_list(store, monkeypatch, quick_settle):
    cache.load_index(str(store))
    write(store, memory("decision", "settled-one", "A settled zebra decision", ["zebra"]))
    assert cache_build.settle(str(store)) is True
    monkeypatch.setattr(corpus, "scan_folder", lambda *a: pytest.fail("the prompt listed a folder"))
    monkeypatch.setattr(corpus, "read_memory", lambda *a: pytest.fail("the prompt read a file"))
    assert "A settled zebra decision" in titles(cache.load_index(str(store)))


def test_without_a_settler_the_next_prompt_lists_the_folder(store, monkeypatch, quick_settle):
    # the contrast that makes the test above mean something
    cache.load_index(str(store))
    write(store, memory("decision", "settled-one", "A settled zebra decision", ["zebra"]))
    time.sleep(0.25)
    listed = []
    real_scan = corpus.scan_folder
    monkeypatch.setattr(corpus, "scan_folder", lambda root, f: listed.append(f) or real_scan(root, f))
    assert "A settled zebra decision" in titles(cache.load_index(str(store)))
    assert listed == ["decisions"]


def test_settler_waits_for_a_write_made_while_it_waits(store, monkeypatch, quick_settle):
    cache.load_index(str(store))
    write(store, memory("decision", "first-wait", "First quokka decision", ["quokka"]))
    slept = []
    real_sleep = time.sleep

    def sleep(seconds):
        if not slept:  # a second write lands during the settler's first wait
            write(store, memory("decision", "second-wait", "Second quokka decision", ["quokka"]))
        slept.append(seconds)
        real_sleep(seconds)

    monkeypatch.setattr(cache_build.time, "sleep", sleep)
    assert cache_build.settle(str(store)) is True
    monkeypatch.setattr(corpus, "scan_folder", lambda *a: pytest.fail("the prompt listed a folder"))
    assert {"First quokka decision", "Second quokka decision"} <= set(titles(cache.load_index(str(store))))


def test_settler_gives_up_on_folders_that_keep_changing(store, monkeypatch, quick_settle):
    cache.load_index(str(store))
    before = (store / ".staging" / cache.INDEX_FILE).read_bytes()
    write(store, memory("decision", "busy-one", "A busy decision", ["busy"]))
    monkeypatch.setattr(cache_build, "SETTLE_MAX_S", 0.0)
    monkeypatch.setattr(cache, "load_index", lambda *a, **k: pytest.fail("settled an unsettled store"))
    assert cache_build.settle(str(store)) is False
    assert (store / ".staging" / cache.INDEX_FILE).read_bytes() == before


@pytest.mark.real_settler
def test_no_settler_for_a_store_recall_never_read(tmp_path):
    root = tmp_path / "memory"
    sample_store(root)
    assert cache_build.spawn_settle(root) is False
    assert not (root / ".staging").exists()


@pytest.mark.real_settler
def test_only_a_write_that_succeeded_starts_the_settler(tmp_path, monkeypatch, capsys):
    from claude_memory.cli import memory_write

    started = []
    monkeypatch.setattr(cache_build, "spawn_settle", lambda root: started.append(str(root)) or True)
    root = tmp_path / "memory"
    sample_store(root)
    draft = tmp_path / "draft.json"
    draft.write_text(json.dumps(memory("decision", "new-one", "A new decision", ["new"],
                                       content={"status": "accepted", "context": "c", "decision": "d",
                                                "rationale": ["r"]})))
    args = ["--root", str(root), "--action", "create", "--category", "decision", "--input", str(draft)]
    assert memory_write.main(args) == 0
    assert started == [str(root)]
    assert memory_write.main(args) != 0  # the same id again: refused, nothing written
    assert started == [str(root)]


@pytest.mark.slow
def test_writer_script_leaves_a_settler_that_spares_the_next_prompt(tmp_path):
    """Black box: memory_write.py as Claude runs it, on a store recall has read; once its settler is
    done, the cache is current and settled (the next prompt lists nothing)."""
    project = tmp_path / "project"
    root = project / ".claude" / "memory"
    sample_store(root)
    settle(root)
    cache.load_index(str(root))
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAUDE_")}
    env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_ROOT=str(REPO))
    draft = memory("decision", "quokka-settled", "Quokka settles in the background", ["quokka"],
                   content={"status": "accepted", "context": "c", "decision": "d", "rationale": ["r"]})
    (tmp_path / "draft.json").write_text(json.dumps(draft))
    proc = subprocess.run([sys.executable, str(WRITER), "--action", "create", "--category", "decision",
                           "--input", str(tmp_path / "draft.json")], env=env, cwd=project, capture_output=True)
    assert proc.returncode == 0, proc.stderr
    lock_file = root / ".staging" / cache_build.SETTLE_LOCK
    assert lock_file.exists()  # a settler was started
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        fd = os.open(lock_file, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break  # the settler is done
        except OSError:
            time.sleep(0.1)
        finally:
            os.close(fd)
    else:
        pytest.fail("the settler did not finish")
    saved = cache._load_delta(str(root), cache._open_base(str(root)).id)
    assert saved is not None and all(saved["state"][f][1] for f in cache.FOLDERS)
    found = [e[3] for e in recall(str(root), "quokka settles", 5)]
    assert found == ["Quokka settles in the background"]


def test_a_saved_delta_is_used_by_every_later_prompt(store, monkeypatch, quick_settle):
    # once the prompt after a write has listed the folder and saved the delta, later prompts read the
    # delta and list nothing (a delta discarded on load made every later prompt list it again)
    cache.load_index(str(store))
    write(store, memory("decision", "delta-kept", "A decision kept in the delta", ["kept"]))
    time.sleep(0.25)  # settled: this prompt's listing is final
    cache.load_index(str(store))
    saved = cache._load_delta(str(store), cache._open_base(str(store)).id)
    assert saved is not None and len(saved["entries"]) == 1
    monkeypatch.setattr(corpus, "scan_folder", lambda *a: pytest.fail("listed a folder again"))
    monkeypatch.setattr(corpus, "read_memory", lambda *a: pytest.fail("read a file again"))
    for _ in range(2):
        assert "A decision kept in the delta" in titles(cache.load_index(str(store)))
