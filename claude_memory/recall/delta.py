"""A small set of memories scored against a base index's statistics, and the two read as one.

The recall cache keeps an immutable base :class:`~.index.RecallIndex` and, for memories
written since, a small *delta*: one :data:`Entry` per new or changed memory, plus the
*tombstones* (base doc numbers) of memories changed, retired or deleted since the base.
:class:`LayeredIndex` answers everything :mod:`rank` asks (``n``, ``in``, ``df``,
``postings``, ``extensions``, ``recency``, ``files``, ``dirs``, ``fields``) over
base-minus-tombstones plus the delta, so the ranker cannot tell the difference.

An entry is plain data (``marshal``-able)::

    (category, folder, slug, title, tags, related_files, recency, {term: contribution}, gist)

Approximation, on purpose: an entry's BM25F contributions use the base's average length
and an IDF from the base's document frequency plus the delta's at the time the entry was
made (tombstoned base docs still count in ``df``); base postings keep the IDF they were
built with. The difference from a fresh build is a few percent of a score on rare terms,
and it disappears at the next compaction, which rebuilds the base from scratch.
"""

from claude_memory.recall.index import EMPTY_IDS, EMPTY_SCORES, bisect_left, idf
from claude_memory.recall.index_build import contribution, day_number, path_maps, recency_factor

__all__ = ["Entry", "ENTRY_FIELDS", "is_entry", "make_entries", "sorted_vocab", "LayeredIndex"]

Entry = tuple  # (category, folder, slug, title, tags, related_files, recency, contributions, gist)
#: How many fields an :data:`Entry` has (a saved delta whose entries have another shape is not ours).
ENTRY_FIELDS = 9


def is_entry(value) -> bool:
    """True for an :data:`Entry` as :func:`make_entries` makes it (read back from a saved delta)."""
    return isinstance(value, tuple) and len(value) == ENTRY_FIELDS and isinstance(value[7], dict)


def _key(term: str) -> bytes:
    return term.encode("utf-8", "replace")


def make_entries(docs: list, *, n: int, avg_len: float, newest: float, base_df=None, prior: list = ()) -> list:
    """Entries for corpus ``docs`` scored as if they joined a collection of ``n`` memories.

    ``base_df(term)`` is the term's document frequency in the base (None: no base);
    terms of ``prior`` entries and of ``docs`` themselves count too.
    """
    counts: dict[str, int] = {}
    for entry in prior:
        for term in entry[7]:
            counts[term] = counts.get(term, 0) + 1
    for doc in docs:
        for term in doc[7]:
            counts[term] = counts.get(term, 0) + 1
    if not avg_len or avg_len <= 0:
        avg_len = (sum(d[8] for d in docs) / len(docs)) if docs else 1.0
        avg_len = avg_len or 1.0
    out = []
    cache: dict[str, float] = {}
    for doc in docs:
        contribs = {}
        for term, weight in doc[7].items():
            term_idf = cache.get(term)
            if term_idf is None:
                df = counts[term] + (base_df(term) if base_df is not None else 0)
                term_idf = cache[term] = idf(df, max(n, df))
            contribs[term] = contribution(weight, term_idf, doc[8], avg_len)
        day = day_number(doc[6])
        rec = recency_factor(day, max(newest, day) if day is not None else newest)
        out.append((doc[0], doc[1], doc[2], doc[3], tuple(doc[4]), tuple(doc[5]), rec, contribs, doc[9]))
    return out


def sorted_vocab(entries: list) -> list[str]:
    """Every term of ``entries``, once, in the index's order (UTF-8 bytes)."""
    terms: set[str] = set()
    for entry in entries:
        terms.update(entry[7])
    return sorted(terms, key=_key)


def _float32(values: list[float]) -> list[float]:
    """``values`` rounded to float32, as an ``array("f")`` (and the base's postings) holds them."""
    view = memoryview(bytearray(4 * len(values))).cast("f")
    for i, value in enumerate(values):
        view[i] = value
    return view.tolist()


class _Recency:
    def __init__(self, base, offset: int, entries: list):
        self._base, self._offset, self._entries = base, offset, entries

    def __getitem__(self, number: int) -> float:
        if number < self._offset:
            return self._base[number]
        return self._entries[number - self._offset][6]


class _Merged:
    """``{key: text}`` of the base without tombstoned doc numbers, plus the delta's lines."""

    def __init__(self, base: dict, tomb: frozenset, extra: dict, sep: str):
        self._base, self._tomb, self._extra, self._sep = base, tomb, extra, sep

    def get(self, key: str, default=None):
        parts = []
        found = self._base.get(key)
        if found:
            if self._tomb:
                kept = [p for p in found.split(self._sep) if int(p.split("\t", 1)[0]) not in self._tomb]
                if kept:
                    parts.append(self._sep.join(kept))
            else:
                parts.append(found)
        more = self._extra.get(key)
        if more:
            parts.append(self._sep.join(more))
        return self._sep.join(parts) if parts else default

    def __getitem__(self, key: str):
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None


class LayeredIndex:
    """A base index (or None) minus ``tomb`` plus ``entries``, read like a :class:`RecallIndex`.

    Doc numbers: the base's ``0..base.n-1`` (tombstoned ones never appear), then the
    entries' ``base.n + i``. ``n`` may be given (the index.md scan ranks a subset of a
    larger store and needs that store's size for IDF).
    """

    def __init__(self, base, tomb, entries: list, vocab: list[str] | None = None, n: int | None = None):
        self._base = base
        self._tomb = frozenset(tomb)
        self._entries = entries
        self._offset = base.n if base is not None else 0
        self.n = n if n is not None else max(0, self._offset - len(self._tomb)) + len(entries)
        self.avg_len = base.avg_len if base is not None else 0.0
        self.newest = base.newest if base is not None else 0.0
        self._vocab = vocab if vocab is not None else sorted_vocab(entries)
        self._vocab_keys = [_key(t) for t in self._vocab]
        self._post: dict[str, list] | None = None
        self._files = self._dirs = None

    @property
    def tombstones(self) -> frozenset:
        return self._tomb

    @property
    def entries(self) -> list:
        return self._entries

    def _postings_map(self) -> dict[str, list]:
        if self._post is None:
            post: dict[str, list] = {}
            for i, entry in enumerate(self._entries):
                for term, value in entry[7].items():
                    post.setdefault(term, []).append((self._offset + i, value))
            self._post = post
        return self._post

    def __contains__(self, term: str) -> bool:
        return term in self._postings_map() or (self._base is not None and term in self._base)

    def df(self, term: str) -> int:
        """Memories using ``term`` (tombstoned base docs included: see the module note)."""
        base = self._base.df(term) if self._base is not None else 0
        return base + len(self._postings_map().get(term, ()))

    def postings(self, term: str, limit: int | None = None):
        """The base's ``limit`` strongest live entries, then every delta entry for ``term``.

        Sequences of doc numbers and float32 contributions (memoryviews or lists); the delta's
        contributions are rounded to float32 like the base's.
        """
        extra = self._postings_map().get(term)
        if self._base is None:
            ids, scores = EMPTY_IDS, EMPTY_SCORES
        else:
            ids, scores = self._base.postings(term, None if limit is None else limit + len(self._tomb))
            if self._tomb and not self._tomb.isdisjoint(ids):
                keep = [k for k, number in enumerate(ids) if number not in self._tomb]
                ids, scores = [ids[k] for k in keep], [scores[k] for k in keep]
            if limit is not None and len(ids) > limit:
                ids, scores = ids[:limit], scores[:limit]
        if extra:
            ids = [*ids, *(p[0] for p in extra)]
            scores = [*scores, *_float32([p[1] for p in extra])]
        return ids, scores

    def extensions(self, prefix: str, limit: int) -> list[str]:
        """Up to ``limit`` terms of the base or the delta that start with ``prefix``, in order."""
        found = self._base.extensions(prefix, limit) if self._base is not None else []
        raw = _key(prefix)
        start = bisect_left(self._vocab_keys, raw)
        more = []
        for key, term in zip(self._vocab_keys[start:], self._vocab[start:]):
            if not key.startswith(raw) or len(more) >= limit:
                break
            if key != raw:
                more.append(term)
        if not more:
            return found
        return sorted(set(found) | set(more), key=_key)[:limit]

    def recency(self) -> _Recency:
        base = self._base.recency() if self._base is not None else EMPTY_SCORES
        return _Recency(base, self._offset, self._entries)

    def _delta_paths(self) -> tuple[dict, dict]:
        return path_maps((self._offset + i, entry[5]) for i, entry in enumerate(self._entries))

    def files(self) -> _Merged:
        if self._files is None:
            extra, _dirs = self._delta_paths()
            self._files = _Merged(self._base.files() if self._base is not None else {}, self._tomb, extra, "\n")
        return self._files

    def dirs(self) -> _Merged:
        if self._dirs is None:
            _files, extra = self._delta_paths()
            self._dirs = _Merged(self._base.dirs() if self._base is not None else {}, self._tomb, extra, " ")
        return self._dirs

    def fields(self, number: int) -> tuple[str, str, str, str, list[str]]:
        """(category, folder, slug, title, tags) of one doc."""
        if number < self._offset:
            return self._base.fields(number)
        entry = self._entries[number - self._offset]
        return entry[0], entry[1], entry[2], entry[3], list(entry[4])

    def gist(self, number: int) -> str:
        if number < self._offset:
            return self._base.gist(number)
        return self._entries[number - self._offset][8]

    def live_numbers(self) -> list[int]:
        """Every doc number a ranking may return (tests and diagnostics)."""
        return [i for i in range(self._offset) if i not in self._tomb] + \
            list(range(self._offset, self._offset + len(self._entries)))
