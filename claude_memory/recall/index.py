"""The recall index built from :mod:`corpus` docs, serialized so a prompt reads only what it needs.

Layout: an 8-byte length, a small ``marshal`` header (version, doc count, the first term
of every ``BLOCK`` vocabulary terms, section offsets, the average doc length and newest
day, so memories added later by the cache's delta score alike), then raw sections:

- ``vocab`` / ``blocks_off``: the sorted vocabulary, ``\\n``-terminated, in blocks; a lookup
  bisects the header's block samples and searches one block (prefix search likewise).
- ``post_off`` / ``post``: per term, ``count`` uint32 doc numbers then ``count`` float32
  BM25F contributions (IDF x saturated field-weighted frequency with length
  normalisation), strongest first, so a ranker may read only the head of a long list.
- ``rec``: float32 per doc, a small recency multiplier (newest memory in the store = most).
- ``idf``: float64 :func:`idf` of every document frequency from 0 to the doc count.
- ``files`` / ``dirs``: ``marshal`` of ``{basename: "doc\\tpath\\n..."}`` and
  ``{folder: "doc doc ..."}`` of the memories' ``related_files``, read only when a prompt
  names a path.
- ``docs_off`` / ``docs``: one ``\\x1f``-joined line per doc: category, folder, slug, title, tags, gist.

:class:`RecallIndex` reads it through ``read(offset, size)``: a prompt's cost depends on
the prompt's words, not on the size of the store. :mod:`.index_build` writes it (and scores the
cache's delta alike).
"""

import marshal

__all__ = ["INDEX_VERSION", "K1", "B", "idf", "RecallIndex", "render_fields"]

INDEX_VERSION = 7
#: Vocabulary terms per directory block (a lookup reads one block).
BLOCK = 64
MAX_HEADER = 1 << 30
K1 = 1.2
B = 0.6
RECENCY_BOOST = 0.10
RECENCY_HALF_LIFE_DAYS = 120.0
SEP = "\x1f"
#: A posting list read only in part (its strongest entries) is read in one piece when the part
#: skipped is at most this many bytes (one ``pread`` instead of two).
SKIP_READ = 8192


def _values(data: bytes, code: str) -> memoryview:
    """``data`` read as native uint32 (``"I"``), uint64 (``"Q"``), float32 (``"f"``) or float64 (``"d"``) values: what
    ``array(code, data)`` holds, without importing ``array`` (it loads ``collections``, ~2.5 ms)."""
    return memoryview(data).cast(code)


def bisect_right(items: list, value) -> int:
    """Where ``value`` would go in the sorted ``items``, after any equal ones (``bisect.bisect_right``,
    without importing ``bisect``: ~0.3 ms of a prompt's start-up for a dozen comparisons)."""
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if value < items[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


def bisect_left(items: list, value) -> int:
    """Where ``value`` would go in the sorted ``items``, before any equal ones (``bisect.bisect_left``)."""
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] < value:
            lo = mid + 1
        else:
            hi = mid
    return lo


EMPTY_IDS = _values(b"", "I")
EMPTY_SCORES = _values(b"", "f")


def idf(df: int, n: int) -> float:
    """Okapi BM25 IDF (the always-positive form). ``math`` is loaded here, on first use: a prompt
    over a settled base reads the values from the index's ``idf`` section instead (its shared
    library costs a prompt about 0.2 ms to load)."""
    import math

    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


class RecallIndex:
    """Read access to a serialized index, reading only the parts a prompt needs.

    ``read(offset, size) -> bytes`` reads the serialized bytes (a slice of a buffer, or
    ``os.pread`` of the cache file), so a prompt unpacks the small term directory sample
    and the few vocabulary blocks and posting heads it looks up, not the whole store.
    """

    def __init__(self, read):
        self._read = read
        head = int.from_bytes(read(0, 8), "little")
        if head > MAX_HEADER:
            raise ValueError("not a recall index")
        meta = marshal.loads(read(8, head))
        if not isinstance(meta, dict) or meta.get("v") != INDEX_VERSION:
            raise ValueError("not a recall index of this version")
        self.n: int = meta["n"]
        #: Collection statistics, so documents added later (the cache's delta) score alike.
        self.avg_len: float = meta["avg_len"]
        self.newest: float = meta["newest"]
        self._samples: list = meta["samples"]
        self._where: dict = meta["where"]
        self._base = 8 + head
        self._blocks: dict[int, bytes] = {}
        self._ordinals: dict[str, int] = {}
        self._blocks_off = None
        self._files = self._dirs = self._rec = self._docs_off = None
        # What one prompt reads more than once (the whole prompt, its parts and the feedback step
        # ask for the same terms and docs): each block's posting offsets, postings, doc lines.
        self._offsets: dict[int, memoryview] = {}
        self._idf: dict[int, float] = {}
        self._postings: dict[tuple, tuple] = {}
        self._lines: dict[int, list[str]] = {}

    @classmethod
    def from_bytes(cls, data: bytes) -> "RecallIndex":
        view = memoryview(data)
        return cls(lambda offset, size: bytes(view[offset:offset + size]))

    def __eq__(self, other) -> bool:
        return isinstance(other, RecallIndex) and self.serialized() == other.serialized()

    __hash__ = None  # type: ignore[assignment]

    def live_numbers(self) -> list[int]:
        """Every doc number a ranking may return (tests and diagnostics)."""
        return list(range(self.n))

    def serialized_size(self) -> int:
        return self._base + max((offset + size for offset, size in self._where.values()), default=0)

    def serialized(self) -> bytes:
        """All the bytes of this index (to save it again unchanged)."""
        return self._read(0, self.serialized_size())

    def _section(self, name: str, start: int = 0, size: int | None = None) -> bytes:
        offset, length = self._where[name]
        if size is None:
            size = length - start
        return self._read(self._base + offset + start, max(0, min(size, length - start)))

    def _block(self, number: int) -> bytes:
        block = self._blocks.get(number)
        if block is None:
            if self._blocks_off is None:
                self._blocks_off = _values(self._section("blocks_off"), "I")
            start, end = self._blocks_off[number], self._blocks_off[number + 1]
            block = self._blocks[number] = self._section("vocab", start, end - start)
        return block

    def ordinal(self, term: str) -> int:
        """The term's number in the sorted vocabulary, or -1 when the store never uses it."""
        found = self._ordinals.get(term)
        if found is not None:
            return found
        raw = term.encode("utf-8", "replace")
        number = bisect_right(self._samples, raw) - 1
        found = -1
        if number >= 0:
            block = b"\n" + self._block(number)
            pos = block.find(b"\n" + raw + b"\n")
            if pos >= 0:
                found = number * BLOCK + block.count(b"\n", 0, pos)
        self._ordinals[term] = found
        return found

    def __contains__(self, term: str) -> bool:
        return self.ordinal(term) >= 0

    def _span(self, ordinal: int) -> tuple[int, int]:
        """Where the term's postings lie in ``post``: the offsets of its whole vocabulary block are
        read at once (a prompt term's partial words and extensions share its block)."""
        number, at = divmod(ordinal, BLOCK)
        offsets = self._offsets.get(number)
        if offsets is None:
            raw = self._section("post_off", number * BLOCK * 8, (BLOCK + 1) * 8)
            offsets = self._offsets[number] = _values(raw, "Q")
        return offsets[at], offsets[at + 1]

    def df(self, term: str) -> int:
        """How many memories use ``term``."""
        ordinal = self.ordinal(term)
        if ordinal < 0:
            return 0
        start, end = self._span(ordinal)
        return (end - start) // 8

    def term_idf(self, df: int) -> float:
        """``idf(df, self.n)``, as saved by the build (no ``math`` on the prompt path)."""
        found = self._idf.get(df)
        if found is None:
            found = self._idf[df] = _values(self._section("idf", df * 8, 8), "d")[0]
        return found

    def postings(self, term: str, limit: int | None = None) -> tuple[memoryview, memoryview]:
        """Doc numbers (uint32) and contributions (float32) of the term's ``limit`` strongest entries."""
        found = self._postings.get((term, limit))
        if found is not None:
            return found
        ordinal = self.ordinal(term)
        if ordinal < 0:
            return EMPTY_IDS, EMPTY_SCORES
        start, end = self._span(ordinal)
        half = (end - start) // 2
        take = half if limit is None else min(half, limit * 4)
        if half - take <= SKIP_READ:  # one read for both halves, what lies between included
            both = memoryview(self._section("post", start, half + take))
            found = both[:take].cast("I"), both[half:half + take].cast("f")
        else:
            found = (_values(self._section("post", start, take), "I"),
                     _values(self._section("post", start + half, take), "f"))
        self._postings[(term, limit)] = found
        return found

    def extensions(self, prefix: str, limit: int) -> list[str]:
        """Up to ``limit`` vocabulary terms that start with ``prefix`` (other than itself), in order."""
        raw = prefix.encode("utf-8", "replace")
        number = max(0, bisect_right(self._samples, raw) - 1)
        out: list[str] = []
        while number < len(self._samples) and len(out) < limit:
            for line in self._block(number).split(b"\n")[:-1]:
                if line <= raw:
                    continue
                if not line.startswith(raw):
                    return out
                out.append(line.decode("utf-8", "replace"))
                if len(out) >= limit:
                    return out
            number += 1
        return out

    def recency(self) -> memoryview:
        if self._rec is None:
            self._rec = _values(self._section("rec"), "f")
        return self._rec

    def files(self) -> dict:
        if self._files is None:
            self._files = marshal.loads(self._section("files"))
        return self._files

    def dirs(self) -> dict:
        if self._dirs is None:
            self._dirs = marshal.loads(self._section("dirs"))
        return self._dirs

    def _doc_line(self, number: int) -> list[str]:
        line = self._lines.get(number)
        if line is None:
            if self._docs_off is None:
                self._docs_off = _values(self._section("docs_off"), "I")
            start, end = self._docs_off[number], self._docs_off[number + 1]
            line = self._lines[number] = self._section("docs", start, end - start).decode("utf-8", "replace").split(SEP)
        return line

    def fields(self, number: int) -> tuple[str, str, str, str, list[str]]:
        """(category, folder, slug, title, tags) of one doc."""
        category, folder, slug, title, tags, _gist = self._doc_line(number)
        return category, folder, slug, title, [t for t in tags.split(",") if t]

    def gist(self, number: int) -> str:
        """The doc's substance in a line or two (``corpus.gist``)."""
        return self._doc_line(number)[5]


def render_fields(index: RecallIndex, number: int) -> tuple[str, str, str, str, list[str], str]:
    """(category, folder, slug, title, tags, gist) of one doc: what the injected block shows."""
    return (*index.fields(number), index.gist(number))
