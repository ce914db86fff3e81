"""Which files recall reads (claude_memory.recall.corpus): slugs and JSON parsing without re/json."""

from __future__ import annotations

import json
import re

import pytest

from claude_memory.recall import corpus

_SLUG = re.compile(r"[a-z0-9]([a-z0-9-]{0,78}[a-z0-9])?")


@pytest.mark.parametrize("name", [
    "a", "ab", "a-b", "ruff-lint-and-format", "x" * 80, "x" * 81, "", "-a", "a-", "A", "a_b", "a.b", "caf\u00e9",
    "a\n", "a b", "9", "0-0",
])
def test_is_slug_is_the_slug_pattern(name):
    assert corpus.is_slug(name) == bool(_SLUG.fullmatch(name))


def test_a_file_name_ending_in_a_line_break_is_not_a_memory(tmp_path):
    """The old ``re.match(...$)`` let "x\\n" through ($ matches before a final newline); a line
    break must never reach the injected block's path."""
    folder = tmp_path / "decisions"
    folder.mkdir()
    (folder / "good.json").write_text("{}")
    (folder / "evil\n.json").write_text("{}")
    assert set(corpus.scan_folder(str(tmp_path), "decisions")) == {"good"}


@pytest.mark.parametrize("raw", ['{"a": 1}', '{"t": "caf\\u00e9", "n": [1, 2.5, null, true]}', "[1]", "nope", '{"a": 1} x'])
def test_read_memory_parses_like_json(tmp_path, raw):
    folder = tmp_path / "decisions"
    folder.mkdir()
    (folder / "m.json").write_text(raw, encoding="utf-8")
    try:
        expected = json.loads(raw)
    except ValueError:
        expected = None
    assert corpus.read_memory(str(tmp_path), "decisions", "m") == (expected if isinstance(expected, dict) else None)
