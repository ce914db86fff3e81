"""The compact recall index built from :mod:`corpus` docs, shaped for a fast ``marshal`` load.

Everything the ranker needs is precomputed so a prompt costs a few dictionary lookups:

- ``post``: ``{term: bytes}``, terms in sorted order (for prefix search). Each value is
  ``count`` uint32 doc numbers followed by ``count`` float32 BM25F contributions
  (IDF x saturated field-weighted frequency with length normalisation).
- ``rec``: float32 per doc, a small recency multiplier (newest memory in the store = most).
- ``files`` / ``dirs``: ``{basename: "doc\\tpath\\n..."}`` and ``{folder: "doc doc ..."}``
  of the memories' ``related_files``, parsed only for the names a prompt mentions.
- ``docs``: one ``\\x1f``-joined string per doc: category, folder, slug, title, tags.
"""

from __future__ import annotations

import math
from array import array

__all__ = ["INDEX_VERSION", "K1", "B", "build", "idf", "unpack", "render_fields"]

INDEX_VERSION = 3
K1 = 1.2
B = 0.6
RECENCY_BOOST = 0.10
RECENCY_HALF_LIFE_DAYS = 120.0
SEP = "\x1f"


def idf(df: int, n: int) -> float:
    """Okapi BM25 IDF (the always-positive form)."""
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def _day_number(stamp: str) -> float | None:
    """Days since 2000-01-01 of an RFC 3339 stamp (date part only), or None."""
    try:
        y, m, d = int(stamp[0:4]), int(stamp[5:7]), int(stamp[8:10])
    except (ValueError, IndexError):
        return None
    if not (1 <= m <= 12 and 1 <= d <= 31):
        return None
    # Days from civil (Howard Hinnant's algorithm), good for any Gregorian date.
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return float(era * 146097 + doe - 730425)


def build(docs: list) -> dict:
    """The index of ``docs`` (list of corpus Doc tuples)."""
    n = len(docs)
    avg_len = (sum(d[8] for d in docs) / n) if n else 1.0
    avg_len = avg_len or 1.0
    postings: dict[str, list] = {}
    for number, doc in enumerate(docs):
        for term, weight in doc[7].items():
            postings.setdefault(term, []).append((number, weight))
    post: dict[str, bytes] = {}
    for term in sorted(postings):
        plist = postings[term]
        term_idf = idf(len(plist), n)
        # Highest field-weighted frequency first, so a ranker may read only the head of a long list.
        plist.sort(key=lambda p: (-abs(p[1]), p[0]))
        ids = array("I", [p[0] for p in plist])
        # Negative contribution = the term is in a strong field of that doc (see corpus).
        scores = array("f", [
            (-1.0 if w < 0 else 1.0) * term_idf * abs(w) * (K1 + 1.0) / (abs(w) + K1 * (1.0 - B + B * docs[i][8] / avg_len))
            for i, w in plist
        ])
        post[term] = ids.tobytes() + scores.tobytes()
    days = [_day_number(d[6]) for d in docs]
    known = [x for x in days if x is not None]
    newest = max(known) if known else 0.0
    rec = array("f", [
        1.0 + RECENCY_BOOST * (0.5 ** (max(0.0, newest - x) / RECENCY_HALF_LIFE_DAYS)) if x is not None else 1.0
        for x in days
    ])
    files: dict[str, list[str]] = {}
    dirs: dict[str, list[str]] = {}
    for number, doc in enumerate(docs):
        for path in doc[5]:
            base = path.rsplit("/", 1)[-1]
            if base:
                files.setdefault(base, []).append(f"{number}\t{path}")
            if "/" in path:
                folder = path.rsplit("/", 1)[0]
                dirs.setdefault(folder, []).append(str(number))
    return {
        "v": INDEX_VERSION,
        "n": n,
        "post": post,
        "rec": rec.tobytes(),
        "files": {k: "\n".join(v) for k, v in files.items()},
        "dirs": {k: " ".join(dict.fromkeys(v)) for k, v in dirs.items()},
        "docs": [SEP.join((d[0], d[1], d[2], d[3].replace(SEP, " "), ",".join(t.replace(SEP, " ") for t in d[4])))
                 for d in docs],
    }


def unpack(blob: bytes, limit: int | None = None) -> tuple[array, array]:
    """Doc numbers and contributions of one posting list (its ``limit`` strongest entries)."""
    half = len(blob) // 2
    take = half if limit is None else min(half, limit * 4)
    ids = array("I")
    ids.frombytes(blob[:take])
    scores = array("f")
    scores.frombytes(blob[half:half + take])
    return ids, scores


def render_fields(index: dict, number: int) -> tuple[str, str, str, str, list[str]]:
    """(category, folder, slug, title, tags) of one doc."""
    category, folder, slug, title, tags = index["docs"][number].split(SEP)
    return category, folder, slug, title, [t for t in tags.split(",") if t]
