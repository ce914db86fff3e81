"""Building the recall index (:func:`build`; the layout and the reader are :mod:`.index`'s): each
doc's BM25F contributions, its recency, the path maps of ``related_files``. Also what the cache's
delta scores new memories with (:mod:`.delta`). Loaded only where an index is built or a delta
scored, never by a prompt over a settled cache.
"""

import marshal

from claude_memory.recall.index import B, BLOCK, INDEX_VERSION, K1, RECENCY_BOOST, RECENCY_HALF_LIFE_DAYS, SEP, idf

__all__ = ["build", "contribution", "recency_factor", "day_number", "path_maps"]


def path_maps(numbered) -> tuple[dict, dict]:
    """``{basename: ["doc\tpath", ...]}`` and ``{folder: ["doc", ...]}`` of the ``related_files`` of
    ``(doc number, paths)`` pairs given in increasing doc order (a doc is listed once per folder)."""
    files: dict[str, list[str]] = {}
    dirs: dict[str, list[str]] = {}
    for number, paths in numbered:
        for path in paths:
            base = path.rsplit("/", 1)[-1]
            if base:
                files.setdefault(base, []).append(f"{number}\t{path}")
            if "/" in path:
                listed = dirs.setdefault(path.rsplit("/", 1)[0], [])
                if not listed or listed[-1] != str(number):
                    listed.append(str(number))
    return files, dirs


def contribution(weight: float, term_idf: float, length: float, avg_len: float) -> float:
    """One posting's BM25F contribution; negative when the term is in a strong field (see corpus)."""
    w = -weight if weight < 0 else weight
    value = term_idf * w * (K1 + 1.0) / (w + K1 * (1.0 - B + B * length / avg_len))
    return -value if weight < 0 else value


def recency_factor(day: float | None, newest: float) -> float:
    """The recency multiplier of a memory last updated on ``day`` (newest in the store = most)."""
    if day is None:
        return 1.0
    return 1.0 + RECENCY_BOOST * (0.5 ** (max(0.0, newest - day) / RECENCY_HALF_LIFE_DAYS))


def day_number(stamp: str) -> float | None:
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


def _sections(docs: list) -> dict[str, bytes]:
    n = len(docs)
    avg_len = (sum(d[8] for d in docs) / n) if n else 1.0
    avg_len = avg_len or 1.0
    postings: dict[str, list] = {}
    for number, doc in enumerate(docs):
        for term, weight in doc[7].items():
            postings.setdefault(term, []).append((number, weight))
    terms = sorted(postings, key=lambda t: t.encode("utf-8", "replace"))
    from array import array  # building only: a prompt reads with memoryview casts

    blocks_off = array("I", [0])
    vocab: list[bytes] = []
    samples: list[bytes] = []
    size = 0
    post_off = array("Q", [0])
    post: list[bytes] = []
    total = 0
    for ordinal, term in enumerate(terms):
        raw = term.encode("utf-8", "replace")
        if ordinal % BLOCK == 0:
            if ordinal:
                blocks_off.append(size)
            samples.append(raw)
        vocab.append(raw + b"\n")
        size += len(raw) + 1
        plist = postings[term]
        term_idf = idf(len(plist), n)
        # Highest field-weighted frequency first, so a ranker may read only the head of a long list.
        plist.sort(key=lambda p: (-abs(p[1]), p[0]))
        ids = array("I", [p[0] for p in plist])
        scores = array("f", [contribution(w, term_idf, docs[i][8], avg_len) for i, w in plist])
        blob = ids.tobytes() + scores.tobytes()
        post.append(blob)
        total += len(blob)
        post_off.append(total)
    blocks_off.append(size)
    days = [day_number(d[6]) for d in docs]
    known = [x for x in days if x is not None]
    newest = max(known) if known else 0.0
    rec = array("f", [recency_factor(x, newest) for x in days])
    files, dirs = path_maps((number, doc[5]) for number, doc in enumerate(docs))
    lines = [SEP.join((d[0], d[1], d[2], d[3].replace(SEP, " "), ",".join(t.replace(SEP, " ") for t in d[4]),
                       d[9].replace(SEP, " "))).encode("utf-8", "replace") for d in docs]
    docs_off = array("I", [0])
    for line in lines:
        docs_off.append(docs_off[-1] + len(line))
    return {
        "_samples": samples,
        "_n": n,
        "_stats": (avg_len, newest),
        "blocks_off": blocks_off.tobytes(),
        "vocab": b"".join(vocab),
        "post_off": post_off.tobytes(),
        "post": b"".join(post),
        "rec": rec.tobytes(),
        "idf": array("d", [idf(df, n) for df in range(n + 1)]).tobytes(),
        "docs_off": docs_off.tobytes(),
        "docs": b"".join(lines),
        "files": marshal.dumps({k: "\n".join(v) for k, v in files.items()}),
        "dirs": marshal.dumps({k: " ".join(dict.fromkeys(v)) for k, v in dirs.items()}),
    }


def build(docs: list) -> bytes:
    """The serialized index of ``docs`` (list of corpus Doc tuples): see :class:`RecallIndex`."""
    sections = _sections(docs)
    samples, n, (avg_len, newest) = sections.pop("_samples"), sections.pop("_n"), sections.pop("_stats")
    where: dict[str, tuple[int, int]] = {}
    offset = 0
    for name, blob in sections.items():
        where[name] = (offset, len(blob))
        offset += len(blob)
    meta = marshal.dumps({"v": INDEX_VERSION, "n": n, "samples": samples, "where": where,
                          "avg_len": float(avg_len), "newest": float(newest)})
    return len(meta).to_bytes(8, "little") + meta + b"".join(sections.values())
