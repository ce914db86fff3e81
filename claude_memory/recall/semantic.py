"""The optional semantic layer of recall: meaning from a general word model, precomputed.

Two halves with different rules:

- *Building* (:mod:`.semantic_build`, run by the background cache builder or ``memory_index.py
  --rebuild``) needs the optional extra ``claude-memory[semantic]`` (``wordllama``, which ships
  a 256-dimension static word model and its tokenizer inside the wheel, and ``numpy``). It
  embeds every active memory and a word table, and writes ``<root>/.staging/recall-semantic.bin``.
- *Reading* (:class:`SemanticTable`, on every prompt) is standard library only: a few
  ``pread`` calls and some arithmetic on at most a few dozen numbers per prompt word.

The table file: an 8-byte header length, a ``marshal`` header (``v``, the base index ``id``
it was built for, ``n`` docs, block samples (UTF-8) and offsets (uint64 bytes), how the memory
vectors spread: their centroid and covariance in :data:`SPREAD` scaled eigenvectors, as float64
bytes, which a prompt reads in place instead of unpacking thousands of floats), then the word blocks,
the doc vectors (int8) and their scales (float32), and :data:`PASSAGES` passage vectors per
memory (int8, then their scales; an unused slot has scale 0). A word record (keyed by the recall stem of the word, so the prompt side looks words
up exactly as the lexical index does) holds the word's model vector (int8, with its scale)
its *semantic postings*: the ``TOP_DOCS`` memories whose vectors are closest to it, with
the dot product (uint32 and float64 bytes), and its *neighbours*: the store's own words closest to it (a term-neighbour
table restricted to the store's vocabulary, so a prompt word may match a memory's word that
means nearly the same). Because a static model's text vector is the mean of its word vectors, a
prompt's cosine with a memory is the sum of its words' dot products divided by the norm of
the summed word vectors: the prompt path gets each shortlisted memory's similarity from the
postings it read, without any model.

How similar is similar enough depends on the prompt (a long prompt of common words is close to
everything) and on the store: :meth:`SemanticTable.prompt_profile` also returns the mean and the
standard deviation of the prompt's cosines with all memories, in closed form from the spread,
so recall scores a memory by how many deviations it stands above the store (a z-score), not by
a fixed cosine. A shortlisted memory's similarity mixes its whole-memory cosine with its best
passage's (title, tags, one content line at a time).

Without the extra, or before a table exists, or for a base the table was not built for,
recall is lexical only and says nothing about it. Knowledge of words comes only from the
model: no word list is involved.
"""

import marshal
import os
from _operator import mul  # what ``operator`` re-exports, without loading it (twice as fast as float.__mul__ on int8)

__all__ = ["SEMANTIC_FILE", "TABLE_VERSION", "TOP_DOCS", "BLOCK", "PASSAGES", "SPREAD", "PASSAGE_MIX",
           "SemanticTable", "open_table"]

from claude_memory.recall.cache import SEMANTIC_FILE, STAGING  # noqa: E402  (their one home: the cache)

TABLE_VERSION = 4
#: Passage vectors kept per memory (title, tags and slug, then content lines): bounds the table
#: and the prompt's work per shortlisted memory.
PASSAGES = 6
#: Scaled eigenvectors of the memory vectors' covariance kept for the z-scores.
SPREAD = 16
#: Only this many of the shortlisted memories, the closest by their whole-memory cosine, have
#: their passages read (bounds the prompt's arithmetic; the others keep their whole cosine).
PASSAGE_DOCS = 8
#: A shortlisted memory's similarity: this share of its whole-memory cosine, the rest its best
#: passage's (equal shares; not tuned).
PASSAGE_MIX = 0.5
#: Memories kept per word (the closest ones): bounds a prompt's reading per word.
TOP_DOCS = 32
#: Word records per block (a lookup reads one block).
BLOCK = 8
MAX_HEADER = 1 << 28


# ------------------------------------------------------------------ reading (standard library)
class SemanticTable:
    """The prompt side: word records and doc vectors read with ``pread``."""

    def __init__(self, fd: int, header: dict, start: int):
        self.fd = self._fd = fd
        self.n: int = header["n"]
        self.dim: int = header["dim"]
        self._samples: list = header["samples"]
        self._offsets = memoryview(header["offsets"]).cast("Q")
        self._start = start
        self._docs_at = start + header["docs_at"]
        self._scales_at = self._docs_at + self.n * self.dim
        self._scales = None
        self._blocks: dict[int, dict] = {}
        self._passages_at = start + header["passages_at"] if "passages_at" in header else None
        centre, spread = header.get("centre") or b"", header.get("spread") or b""
        self._centre = memoryview(centre).cast("d") if centre else ()
        rows = memoryview(spread).cast("d") if spread else ()
        self._spread = [rows[at:at + self.dim] for at in range(0, len(rows), self.dim)]
        self._rest: float = header.get("rest", 0.0)

    def word(self, term: str):
        """(int8 vector bytes, scale, doc numbers (uint32 bytes), dot products (float64 bytes),
        neighbours) of a word, or None."""
        from claude_memory.recall.index import bisect_right

        number = bisect_right(self._samples, term.encode("utf-8", "replace")) - 1
        if number < 0:
            return None
        block = self._blocks.get(number)
        if block is None:
            start, end = self._offsets[number], self._offsets[number + 1]
            block = self._blocks[number] = marshal.loads(os.pread(self._fd, end - start, self._start + start))
        return block.get(term)

    def neighbours(self, term: str) -> tuple:
        """The store's words closest to ``term`` in the model, as ((word, cosine), ...), best first."""
        record = self.word(term)
        return record[4] if record is not None else ()

    def doc_vector(self, number: int) -> tuple[memoryview, float]:
        """The doc's int8 vector and its scale (float32 after all the vectors; a prompt reads the
        scales once, 4 bytes a memory, instead of one ``pread`` per shortlisted memory)."""
        raw = os.pread(self._fd, self.dim, self._docs_at + number * self.dim)
        if self._scales is None:
            self._scales = memoryview(os.pread(self._fd, 4 * self.n, self._scales_at)).cast("f")
        return memoryview(raw).cast("b"), self._scales[number]

    def _prompt(self, terms: list[str]):
        """(summed word vector, its norm, approximate dot per memory) of the prompt, or None."""
        total = [0.0] * self.dim
        acc: dict[int, float] = {}
        found = False
        for term in terms:
            record = self.word(term)
            if record is None:
                continue
            found = True
            vec, scale, numbers, dots = record[:4]
            total = [t + scale * v for t, v in zip(total, memoryview(vec).cast("b"))]
            get = acc.get
            for number, dot in zip(memoryview(numbers).cast("I"), memoryview(dots).cast("d")):
                acc[number] = get(number, 0.0) + dot
        if not found:
            return None
        return total, sum(map(mul, total, total)) ** 0.5 or 1.0, acc

    def prompt_similarities(self, terms: list[str], extra: list[int] = ()) -> dict[int, float]:
        """Approximate cosine of the prompt (its ``terms``) with each memory some word points to,
        made exact for the numbers in ``extra`` (a shortlist), from the word records alone."""
        prompt = self._prompt(terms)
        if prompt is None:
            return {}
        total, norm, acc = prompt
        out = {number: value / norm for number, value in acc.items()}
        for number in extra:
            if 0 <= number < self.n:
                out[number] = self.cosine(total, norm, number)
        return out

    def cosine(self, total: list, norm: float, number: int) -> float:
        """The exact cosine of a prompt (its summed word vector ``total`` and that vector's
        ``norm``) with a memory's whole-memory vector."""
        vec, scale = self.doc_vector(number)
        return sum(map(mul, total, vec)) * scale / norm

    def passage_best(self, total: list, number: int) -> float | None:
        """The largest dot product of ``total`` with one of the memory's passage vectors (None
        for a table without passages or a memory without any)."""
        if self._passages_at is None:
            return None
        size = PASSAGES * self.dim
        raw = memoryview(os.pread(self.fd, size, self._passages_at + number * size)).cast("b")
        scales = memoryview(os.pread(self.fd, PASSAGES * 4, self._passages_at + self.n * size + number * PASSAGES * 4)).cast("f")
        best = None
        dim = self.dim
        for slot in range(PASSAGES):
            scale = scales[slot]
            if scale:
                dot = sum(map(mul, total, raw[slot * dim:(slot + 1) * dim])) * scale
                if best is None or dot > best:
                    best = dot
        return best

    def prompt_profile(self, terms: list[str], extra: list[int] = (), more: int = 0):
        """(similarities, mean, deviation): the prompt's similarity with the memories in ``extra``
        and with the ``more`` others its words point to most: its whole-memory cosine, and for the
        :data:`PASSAGE_DOCS` closest of them :data:`PASSAGE_MIX` of that and the rest its best
        passage's; and the mean and standard deviation
        of the prompt's whole-memory cosines over the store (from the header's spread; 0 for a
        table without one). None when no prompt word is in the table."""
        prompt = self._prompt(terms)
        if prompt is None:
            return None
        total, norm, acc = prompt
        wanted = [number for number in extra if 0 <= number < self.n]
        if more:
            seen = set(wanted)
            wanted += [number for number in sorted(acc, key=lambda d: -acc[d]) if number not in seen
                       and 0 <= number < self.n][:more]
        out: dict[int, float] = {}
        for number in wanted:
            out[number] = self.cosine(total, norm, number)
        for number in sorted(out, key=lambda d: -out[d])[:PASSAGE_DOCS]:
            best = self.passage_best(total, number)
            if best is not None:
                out[number] = PASSAGE_MIX * out[number] + (1.0 - PASSAGE_MIX) * best / norm
        mean = deviation = 0.0
        if self._centre:
            mean = sum(map(mul, total, self._centre)) / norm
            variance = self._rest * norm * norm
            for row in self._spread:
                variance += sum(map(mul, total, row)) ** 2
            deviation = variance ** 0.5 / norm
        return out, mean, deviation


def open_table(root: str, base_id) -> SemanticTable | None:
    """The table of the base ``base_id``, or None (missing, another base, unreadable, not ours)."""
    from claude_memory.recall.private import open_headed

    def make(fd: int, _size: int, header: dict, _read, start: int) -> SemanticTable:
        if header.get("base") != base_id:
            raise ValueError("another base")
        return SemanticTable(fd, header, start)

    return open_headed(os.path.join(root, STAGING, SEMANTIC_FILE), TABLE_VERSION, max_header=MAX_HEADER, make=make)
