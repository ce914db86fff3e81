"""The re-free tokeniser, path finder and category cues give exactly what their regular expressions gave.

``recall.text`` and ``recall.cues`` no longer import ``re`` (it costs ~6 ms of every prompt's
start-up). The regular expressions they replaced are kept here as the reference: every
function is compared with them on the dev prompts, on hand-picked edge cases and on a few
thousand seeded random strings built from the characters the grammars care about
(case changes, digits, joiners, slashes, dots, apostrophes, line breaks, non-ASCII letters
that ignore-case matching folds to ASCII, non-ASCII word and non-word characters).
"""

from __future__ import annotations

import json
import random
import re

import pytest

from locations import EVAL_DEV
from claude_memory.recall import cues, rank, text

EVAL_QUERIES = EVAL_DEV / "queries.jsonl"

# ----------------------------------------------------------------------------- the reference

_WORD = re.compile(r"[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z]|[0-9]|$)|[A-Z]?[a-z]+|[0-9]+|[A-Z]+")
_SEP = re.compile(r"[._-]")
_PATH = re.compile(r"[\w.@+~-]*(?:/[\w.@+~-]+)+/?|[\w@+~-]+(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,5}\b")
_CUES = (
    (r"\bwhy (?:did|do|are|is|was|were) (?:we|our)\b|\bwhat did we (?:decide|choose|pick|go with)\b"
     r"|\bwhich (?:\w+ )?(?:should|do) we\b|\bor\b.*\bfor (?:the|our|a)\b|\bdecid|\bchose\b|\bchoice\b", "decision"),
    (r"\bhow (?:do|can|should) (?:i|we) (?:fix|debug|recover|resolve|restart|rerun|re-run|replay|rotate|handle)\b"
     r"|\berror\b|\bfail(?:s|ed|ing)?\b|\bbroken\b|\bstuck\b|\bcrash|\bdown\b|\bkeeps?\b|\bagain\b", "runbook"),
    (r"\bconvention|\bhow should (?:i|we)\b|\bstyle\b|\bprefer|\bnaming\b|\bwhat do (?:i|we) (?:call|name)\b"
     r"|\bformat", "preference"),
    (r"\blimits?\b|\bcan (?:i|we)\b|\ballowed\b|\bmax(?:imum)?\b|\bquota|\bpolicy|\bmust(?:n't| not)?\b"
     r"|\bforbid|\brule\b", "constraint"),
    (r"\bwhere did (?:we|i) leave\b|\blast (?:time|session|week)\b|\bleft (?:off|over|to do)\b|\bstill left\b"
     r"|\bstatus of\b|\bwhere (?:are|were) we\b|\bprogress\b", "session_summary"),
    (r"\btodo\b|\bclean ?up\b|\b(?:tech(?:nical)? )?debt\b|\brefactor|\blegacy\b|\bhack\b|\bworkaround", "tech_debt"),
)
_CUES_COMPILED = tuple((re.compile(p, re.I), c) for p, c in _CUES)


_WIDE = re.compile(r"(?:(?=[^\W_])[\u2e80-\U0010ffff])+")


def ref_words(s: str) -> list[tuple[str, int]]:
    """The regular-expression words of the ASCII text, then each word with a non-ASCII letter
    (a whitespace-separated chunk holding one is not read as ASCII words), case-folded, then each
    run of wide-script letters and digits (CJK, kana, Hangul), which first become spaces,
    case-folded, a run longer than two characters as a whole and its overlapping pairs."""
    wide = []
    for run in (w.casefold() for w in _WIDE.findall(s)):
        wide += [(run, 0)] if len(run) <= 2 else [(run, 1)] + [(run[i:i + 2], 2) for i in range(len(run) - 1)]
    s = _WIDE.sub(" ", s)
    foreign = [(w.casefold(), 0) for w in re.findall(r"[^\W_]+", s) if not w.isascii()]
    if foreign:
        s = " ".join(w if w.isascii() else " " for w in s.split(" "))
    out = ref_ascii_words(s)
    return out + foreign + wide


def ref_ascii_words(s: str) -> list[tuple[str, int]]:
    out = []
    for match in _WORD.finditer(s):
        pieces = _SEP.split(match.group())
        if len(pieces) > 1:
            out.append(("_".join(p.lower() for p in pieces), 1))
        for piece in pieces:
            low = piece.lower()
            if not piece.islower() and not piece.isupper() and not piece.isdigit():
                parts = _CAMEL.findall(piece)
                if len(parts) > 1:
                    out.append((low, 1))
                    out.extend((part.lower(), 2) for part in parts)
                    continue
            out.append((low, 0))
    return out


def ref_paths(s: str) -> list[str]:
    out: list[str] = []
    for match in _PATH.finditer(s):
        p = text.norm_path(match.group().rstrip("."))
        if p and any(c.isalpha() for c in p) and p not in out:
            out.append(p)
    return out


def ref_cues(s: str) -> set[str]:
    return {c for p, c in _CUES_COMPILED if p.search(s)}


# ----------------------------------------------------------------------------- inputs

_VOCAB = ("why did we which one should do we or for the our a how can i fix re-run rerun error fail fails failed "
          "failing keep keeps again down crash crashed convention style prefer naming what do we call name format "
          "limit limits can we allowed max maximum quota policy must mustn't not forbid rule where leave last time "
          "session week left off over to still status of are were progress todo clean up cleanup tech technical debt "
          "refactor legacy hack workaround decide decided choose pick go with chose choice "
          "getHTTPResponse XMLParser HTTPServer2Go ABC123 abcDEF aB Ab a1b2 write_pandas tracking-ingest Variable.get "
          "src/app.py ./dags/etl.py /etc/hosts pyproject.toml x.py-bar a.b@c.py foo.toolongext v1.2.3 e.g. etc. "
          "user@host.com ~/x/y/ a//b //x path/to/file.tar.gz .hidden/file C++ node.js k8s OOMKilled p99 "
          "caf\u00e9 na\u00efve \u0130stanbul \u017ftatus \u212aelvin \u0131i h\u00e9llo.py \u65e5\u672c\u8a9e").split()
_GLUE = (" ", " ", " ", "  ", ", ", ". ", "? ", "\n", "\t", "-", "_", ".", "/", "'", "@", "+", "~", "..", "\u2014",
         "\u00a0", "\u2028", "")
_SOUP = "aZ09_.-/@+~' \n\t\u0130\u0131\u017f\u212a\u00e9\u00e0\u65e5\u00b2\u2014\u00a0xyzABCD\u30b8\u3002\uac00\uff21"


def _phrase(rng: random.Random) -> str:
    words = []
    for _ in range(rng.randint(1, 12)):
        w = rng.choice(_VOCAB)
        r = rng.random()
        w = w.upper() if r < 0.15 else w.title() if r < 0.3 else w
        words.append(w + rng.choice(_GLUE))
    return "".join(words)


def _inputs(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = [_phrase(rng) for _ in range(count)]
    out += ["".join(rng.choice(_SOUP) for _ in range(rng.randint(1, 50))) for _ in range(count)]
    return out


_EDGE_CASES = [
    "", " ", "a", "A", "aB", "ABc", "ABCdef", "abcDEF", "HTTPServer2Go", "x2Y", "2x", "X2", "__init__", "a..b", "a.-b",
    "-lead", "trail-", "a_b_", "a_b-c.d", "foo.toolongext", "foo.py-bar", "a.b@c.py", "foo.py\u00e9", "foo.py_x",
    "x.toolongname.py", "\u00e9t\u00e9/\u00e0.py", "a//b", "//x", "/", "x/", "x/y/", "./a/B.py", "~/.config/x",
    "src/app.py.", "see README.md.", "v1.2.3", "e.g.", "1.5", "a" * 200 + "/b", ("a.bbbbbbbbb" * 20) + ".py",
    "why did we", "WHY DID WE", "why  did we", "why did weather", "which one should we", "which should we",
    "which do we", "which one two should we", "or for the", "or\nfor the", "for the or", "orfor the", "or, for a",
    "mustn't", "mustn'tx", "must not", "musts", "how do i re-run", "how do i re-runs", "clean up", "cleanup",
    "tech debt", "technical debt", "debts", "\u0130f it fails", "\u017fTATUS OF", "\u212aeep going", "max.", "maximum!",
    "fail_ing", "fail0", "error\u00e9", "error\u2014", "left to do", "left to dos",
]


def _dev_prompts() -> list[str]:
    if not EVAL_QUERIES.is_file():
        return []
    return [json.loads(line)["prompt"] for line in EVAL_QUERIES.read_text(encoding="utf-8").splitlines() if line]


CORPUS = _EDGE_CASES + _dev_prompts() + _inputs(1500, seed=5)


# ----------------------------------------------------------------------------- the comparisons

def test_the_corpus_covers_what_the_grammars_care_about():
    """The generated strings reach every branch: compounds, camelCase, paths of both kinds, every cue."""
    kinds = {kind for s in CORPUS for _w, kind in ref_words(s)}
    assert kinds == {0, 1, 2}
    assert any("/" in p for s in CORPUS for p in ref_paths(s))
    assert any("/" not in p for s in CORPUS for p in ref_paths(s))
    assert set().union(*(ref_cues(s) for s in CORPUS)) == {c for _p, c in _CUES}
    assert sum(1 for s in CORPUS if not s.isascii()) > 300


def test_words_equal_the_regular_expressions():
    diffs = [s for s in CORPUS if text._words(s) != ref_words(s)]
    assert diffs == []


def test_path_mentions_equal_the_regular_expression():
    diffs = [s for s in CORPUS if text.path_mentions(s) != ref_paths(s)]
    assert diffs == []


def test_the_path_pattern_kept_for_long_runs_is_the_reference():
    assert text.PATH_PATTERN == _PATH.pattern


def test_category_cues_equal_the_regular_expressions():
    diffs = [s for s in CORPUS if cues.categories_asked(s) != ref_cues(s)]
    assert diffs == []


def test_rank_uses_the_cues():
    assert rank.categories_asked is cues.categories_asked


@pytest.mark.parametrize("word", ["TrackingIngest", "HTTPServer2Go", "getHTTPResponse", "ABCdef", "abc123DEF", "aB", "Ab"])
def test_camel_parts_equal_the_regular_expression(word):
    assert text._camel_parts(word) == _CAMEL.findall(word)


def test_terms_and_query_terms_follow_the_words():
    """terms/query_terms are built on _words; spot-check them on the corpus against the reference words."""
    for s in CORPUS[:400]:
        expected = [text.stem(w) for w, _k in ref_words(s) if len(w) >= 2 and w not in text.STOP_WORDS]
        assert text.terms(s) == expected
        assert [t for t, _f in text.query_terms(s)] == list(dict.fromkeys(expected))


def test_the_comparison_can_fail():
    """A deliberately different tokeniser is caught (the reference is not compared with itself)."""
    def wrong(s: str) -> list:
        return [(w.lower(), 0) for w in s.split()]

    assert any(wrong(s) != ref_words(s) for s in CORPUS)


def test_the_index_bisects_equal_the_bisect_module():
    import bisect

    from claude_memory.recall import index

    rng = random.Random(7)
    for _ in range(300):
        items = sorted(rng.choice([b"a", b"ab", b"b", b"ba", b"c", b"cc", b"d"]) for _ in range(rng.randint(0, 12)))
        for value in (b"", b"a", b"aa", b"b", b"bz", b"c", b"cc", b"z"):
            assert index.bisect_right(items, value) == bisect.bisect_right(items, value)
            assert index.bisect_left(items, value) == bisect.bisect_left(items, value)
