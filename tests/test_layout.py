"""The store's layout has one home (``core.layout``): names, the staging place, the size limit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from claude_memory.core import layout
from claude_memory.store import validation
from claude_memory.recall import corpus
from claude_memory.cli import memory_candidate, memory_write
from claude_memory.hooks import validate as validate_hook
from store_helpers import make_doc, write_json

PACKAGE = Path(__file__).resolve().parent.parent / "claude_memory"


def _sources():
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name != "layout.py":
            yield path, path.read_text(encoding="utf-8")


@pytest.mark.parametrize("literal", ['".staging"', "'.staging'", '".store.lock"', '"memory-config.json"',
                                     '"index.md"'])
def test_layout_names_are_spelled_only_in_the_layout_module(literal):
    spelled = [str(p.relative_to(PACKAGE)) for p, text in _sources() if literal in text]
    assert spelled == []


def test_one_session_key_rule():
    defined = [str(p.relative_to(PACKAGE)) for p, text in _sources() if re.search(r"^def session_key\b", text, re.M)]
    assert defined == []
    assert layout.session_key("ab/../c d") == "abcd"
    assert layout.session_key("") == layout.session_key(None) == "nosession"
    assert len(layout.session_key("x" * 200)) == 64


def test_every_reader_and_the_writer_share_one_size_limit():
    limits = {validation.MAX_FILE_BYTES, corpus.MAX_FILE_BYTES, memory_candidate.MAX_MEMORY_BYTES,
              memory_write.MAX_INPUT_BYTES, validate_hook._MAX_BYTES}
    assert limits == {layout.MAX_MEMORY_BYTES}


def test_a_memory_too_big_to_recall_is_refused_by_the_writer(run_script, project, memory_root):
    # It used to be saved (the writer allowed 1 MB) and then silently skipped by recall (512 KiB).
    doc = make_doc()
    doc["content"]["context"] = "x" * (layout.MAX_MEMORY_BYTES + 10_000)
    draft = write_json(project / "big.json", doc)
    res = run_script("memory_write.py", "--action", "create", "--category", "decision", "--input", str(draft))
    assert res.returncode != 0
    assert str(layout.MAX_MEMORY_BYTES) in res.stderr
    assert not (memory_root / "decisions").exists() or not any((memory_root / "decisions").iterdir())


def test_files_are_written_whole_only_through_core_atomic():
    # os.replace is the commit step of a whole-file write; every module goes through core.atomic.
    # The other renames move a whole file aside: the operations log's rotation, the
    # PostToolUse hook's quarantine and the bypass repair's (set-aside, quarantine).
    writers = sorted(str(p.relative_to(PACKAGE)) for p, text in _sources()
                     if "os.replace(" in text and p.name != "atomic.py")
    assert writers == ["core/oplog.py", "hooks/validate.py", "store/integrity.py"]
    assert "import tempfile" not in (PACKAGE / "core" / "atomic.py").read_text()


def test_the_clis_reach_the_store_only_through_its_front():
    import claude_memory.store as store

    submodules = {p.stem for p in (PACKAGE / "store").glob("*.py")}
    assert not set(store.__all__) & submodules  # a front name must never shadow a module of the package
    for name in store.__all__:
        assert getattr(store, name) is not None
    for cli in ("memory_write.py", "memory_index.py"):
        text = (PACKAGE / "cli" / cli).read_text(encoding="utf-8")
        private = re.findall(r"claude_memory\.store\.(\w+)|from claude_memory\.store import (\w+)", text)
        assert private == [], (cli, private)
