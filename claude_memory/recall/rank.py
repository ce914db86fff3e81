"""Scoring a prompt against the recall index, and deciding when to inject nothing.

Each distinct prompt term is one piece of evidence. A memory earns, per term, the best of:
the term itself (BM25F contribution, fields weighted tags > title > body), a synonym
(``SYNONYM_WEIGHT`` x), or a partial word sharing a prefix (``PARTIAL_WEIGHT`` x). Files the
prompt names add a strong signal when they appear in a memory's ``related_files`` (exact
or path-suffix match) and a weaker one when only the folder matches. The sum is scaled by
a small recency factor.

Injecting nothing is the common right answer, so a memory must pass three gates:

1. *coverage*: the IDF-weighted share of the prompt's terms it matches (unknown words
   count at full IDF, so a prompt about things the store never mentions covers little);
2. *evidence*: an absolute floor on its score, so one common word never suffices;
3. *relative*: a score within ``RELATIVE_CUTOFF`` of the best memory's.
"""

from __future__ import annotations

from bisect import bisect_left

from . import text
from .index import idf, unpack

__all__ = ["Hit", "rank", "SYNONYM_WEIGHT", "PARTIAL_WEIGHT"]

SYNONYM_WEIGHT = 0.5
PARTIAL_WEIGHT = 0.35
#: Read at most this many (strongest) entries of one posting list: bounds the cost per
#: prompt in huge stores, where a word this common carries little evidence anyway.
MAX_POSTINGS = 2000
MIN_PARTIAL_LEN = 4
MAX_PARTIAL_TERMS = 12
FILE_EXACT = 6.0
FILE_BASENAME = 2.5
FILE_FOLDER = 1.5
MIN_EVIDENCE = 0.6
STRONG_BONUS = 1.0
#: At least this many prompt words matched (a generic word counts GENERIC_MASS, a synonym
#: or partial word its weight): one common word is never enough on its own.
MIN_UNITS = 1.0
MIN_SCORE = 0.0
RELATIVE_CUTOFF = 0.5

Hit = tuple  # (doc number, score, coverage, strong coverage)


def _alternatives(term: str, post: dict, vocab: list | None) -> list[tuple[str, float]]:
    """(index term, weight) pairs that can stand for ``term``: itself, synonyms, partial words."""
    alts: list[tuple[str, float]] = []
    if term in post:
        alts.append((term, 1.0))
    for syn in text.expand(term):
        if syn in post:
            alts.append((syn, SYNONYM_WEIGHT))
    if len(term) >= MIN_PARTIAL_LEN and term.isalpha():
        for cut in range(MIN_PARTIAL_LEN, len(term)):
            head = term[:cut]
            if head in post:
                alts.append((head, PARTIAL_WEIGHT))
        if vocab is not None:
            start = bisect_left(vocab, term)
            taken = 0
            for other in vocab[start:start + MAX_PARTIAL_TERMS + 1]:
                if other == term:
                    continue
                if not other.startswith(term):
                    break
                alts.append((other, PARTIAL_WEIGHT))
                taken += 1
                if taken >= MAX_PARTIAL_TERMS:
                    break
    return alts


def _file_scores(index: dict, mentions: list[str]) -> dict[int, float]:
    out: dict[int, float] = {}
    files, dirs = index["files"], index["dirs"]
    for mention in mentions:
        base = mention.rsplit("/", 1)[-1]
        best: dict[int, float] = {}
        entries = files.get(base)
        if entries:
            for line in entries.split("\n"):
                number_s, path = line.split("\t", 1)
                number = int(number_s)
                if path == mention or path.endswith("/" + mention) or mention.endswith("/" + path):
                    score = FILE_EXACT
                else:
                    score = FILE_BASENAME if "/" not in mention else FILE_BASENAME * 0.6
                if score > best.get(number, 0.0):
                    best[number] = score
        if "/" in mention:
            folder = mention.rsplit("/", 1)[0]
            for number_s in dirs.get(folder, "").split():
                number = int(number_s)
                if FILE_FOLDER > best.get(number, 0.0):
                    best[number] = FILE_FOLDER
        for number, score in best.items():
            out[number] = out.get(number, 0.0) + score
    return out


def rank(index: dict, prompt: str, limit: int, *, explain: bool = False) -> list[Hit]:
    """The memories to inject for ``prompt``, best first, at most ``limit``.

    Hits are ``(doc number, score, coverage, strong coverage)``. With ``explain`` the gates
    are skipped and every scored memory is returned (for diagnostics).
    """
    n = index["n"]
    if n == 0 or limit <= 0:
        return []
    post = index["post"]
    mentions = text.path_mentions(prompt)
    qterms = text.query_terms(prompt)
    if not qterms and not mentions:
        return []
    vocab = list(post) if any(len(t) >= MIN_PARTIAL_LEN for t, _f in qterms) else None
    max_idf = idf(0, n)
    scores: dict[int, float] = {}
    covered: dict[int, float] = {}
    units: dict[int, float] = {}
    strong: dict[int, float] = {}
    total_mass = 0.0
    for term, factor in qterms:
        blob = post.get(term)
        mass = (idf(len(blob) // 8, n) if blob else max_idf) * factor
        total_mass += mass
        best: dict[int, float] = {}
        share: dict[int, float] = {}
        strong_share: dict[int, float] = {}
        for alt, weight in _alternatives(term, post, vocab):
            ids, contribs = unpack(post[alt], MAX_POSTINGS if weight == 1.0 else MAX_POSTINGS // 4)
            for number, contrib in zip(ids, contribs):
                value = (-contrib if contrib < 0 else contrib) * weight
                if value > best.get(number, 0.0):
                    best[number] = value
                if weight > share.get(number, 0.0):
                    share[number] = weight
                if contrib < 0 and weight > strong_share.get(number, 0.0):
                    strong_share[number] = weight
        for number, value in best.items():
            scores[number] = scores.get(number, 0.0) + value
            covered[number] = covered.get(number, 0.0) + mass * share[number]
            units[number] = units.get(number, 0.0) + factor * share[number]
            if number in strong_share:
                strong[number] = strong.get(number, 0.0) + mass * strong_share[number]
    if mentions:
        total_mass += max_idf * len(mentions)
        for number, value in _file_scores(index, mentions).items():
            scores[number] = scores.get(number, 0.0) + value
            credit = max_idf * min(1.0, value / FILE_EXACT)
            covered[number] = covered.get(number, 0.0) + credit
            units[number] = units.get(number, 0.0) + min(1.0, value / FILE_EXACT)
            strong[number] = strong.get(number, 0.0) + credit
    if not scores or not total_mass:
        return []
    rec = unpack_floats(index["rec"])
    hits = [(number, score * rec[number], covered.get(number, 0.0) / total_mass, strong.get(number, 0.0) / total_mass)
            for number, score in scores.items() if explain or units.get(number, 0.0) >= MIN_UNITS]
    hits.sort(key=lambda h: (-h[1], h[0]))
    if explain:
        return hits
    passing = [h for h in hits if _evident(h)]
    if not passing:
        return []
    top = passing[0][1]
    return [h for h in passing if h[1] >= RELATIVE_CUTOFF * top][:limit]


def _evident(hit: Hit) -> bool:
    """Enough of the prompt is matched, and enough of it in what the memory is about."""
    _number, score, coverage, strong = hit
    return score >= MIN_SCORE and coverage + STRONG_BONUS * strong >= MIN_EVIDENCE


def unpack_floats(blob: bytes):
    from array import array

    out = array("f")
    out.frombytes(blob)
    return out
