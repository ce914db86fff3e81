"""Building the semantic table (:mod:`.semantic`): needs the optional extra ``claude-memory[semantic]``.

Run where time is free: by the background cache builder (:func:`.cache_build.build_semantic`) or
``memory_index.py --rebuild``, never on a prompt. ``wordllama`` ships a 256-dimension static
word model and its tokenizer inside its wheel; nothing is downloaded.

    python -m claude_memory.recall.semantic_build MEMORY_ROOT
"""

from __future__ import annotations

import marshal
import os

from claude_memory.recall.semantic import BLOCK, PASSAGES, SEMANTIC_FILE, SPREAD, TABLE_VERSION, TOP_DOCS

#: Per word, at most this many of the store's words whose model vectors are this close (cosine).
NEIGHBOURS = 6
NEIGHBOUR_MIN = 0.3
#: A passage shorter than this (characters) is not embedded on its own (a status word, a date).
MIN_PASSAGE = 16
#: Words scored per matrix product (bounds the builder's memory: a few times CHUNK x memories floats).
CHUNK = 512

__all__ = ["available", "build_table", "write_table", "main"]


def available() -> bool:
    """Whether the semantic extra imports here (``wordllama`` and ``numpy``)."""
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("wordllama", "numpy"))


def _model(cache: str):
    """The wordllama model from the files inside its wheel, never downloading.

    Its loader looks in ``cache_dir/tokenizers`` and ``cache_dir/weights``; the wheel holds
    both folders, so a private folder of links to them serves as the cache."""
    from pathlib import Path

    import wordllama
    from wordllama import WordLlama

    package = Path(wordllama.__file__).parent
    os.makedirs(cache, mode=0o700, exist_ok=True)
    for name in ("tokenizers", "weights", "tokenizer"):
        link = os.path.join(cache, name)
        target = package / ("weights" if name == "weights" else "tokenizers")
        if os.path.islink(link) and os.readlink(link) != str(target):
            os.unlink(link)
        if not os.path.lexists(link):
            os.symlink(target, link)
    return WordLlama.load(cache_dir=Path(cache), disable_download=True)


def _doc_text(doc) -> str:
    """What a memory's vector is made of: title, tags, slug words and the body's terms."""
    terms = sorted(doc[7], key=lambda t: -abs(doc[7][t]))
    return " ".join((doc[3], " ".join(doc[4]), doc[2].replace("-", " "), " ".join(t for t in terms if "_" not in t)))


def passages(doc, content: dict | None = None) -> list[str]:
    """A memory's passages, embedded one by one (a prompt often paraphrases one line of a memory,
    which the mean of all its words dilutes): the title, the tags with the slug's words, then its
    content strings in the order the memory gives them (the gist when the content is not at
    hand), at most :data:`PASSAGES`."""
    from claude_memory.recall.corpus import _strings

    out = [doc[3], " ".join((*doc[4], doc[2].replace("-", " ")))]
    body: list[str] = []
    if isinstance(content, dict):
        _strings(content, body)
    elif doc[9]:
        body = [doc[9]]
    out += [b for b in body if len(b.strip()) >= MIN_PASSAGE]
    return out[:PASSAGES]


def _quantized(vecs):
    """int8 rows and their float32 scales (a zero row keeps scale 0: an empty passage slot)."""
    import numpy as np

    scales = np.abs(vecs).max(axis=1) / 127.0 if len(vecs) else np.zeros(0, dtype=np.float32)
    # (a memory's whole vector is never all zero in practice; if it were, scale 0 reads as cosine 0)
    safe = np.where(scales > 0, scales, 1.0)
    quant = np.clip(np.rint(vecs / safe[:, None]), -127, 127).astype(np.int8)
    return quant.tobytes(), scales.astype(np.float32).tobytes()


def spread(doc_vecs, k: int = SPREAD) -> tuple[list, list, float]:
    """How the store's memory vectors spread, for the prompt side's z-scores: (centroid, rows,
    rest) such that for any prompt vector p, the variance of its dot products with the memories
    is sum((row . p)^2 for row in rows) + rest * |p|^2: the covariance's ``k`` largest
    eigenvalues exactly (rows are their eigenvectors scaled by sqrt(eigenvalue - rest)) and the
    others by their mean ``rest``."""
    import numpy as np

    dim = doc_vecs.shape[1] if doc_vecs.ndim == 2 else 0
    if len(doc_vecs) == 0 or not dim:
        return [0.0] * dim, [], 0.0
    centre = doc_vecs.mean(axis=0)
    dev = (doc_vecs - centre).astype(np.float64)
    cov = dev.T @ dev / len(doc_vecs)
    values, vectors = np.linalg.eigh(cov)  # ascending
    values = np.clip(values, 0.0, None)
    k = min(k, dim)
    top = values[::-1][:k]
    rest = float(values[::-1][k:].mean()) if dim > k else 0.0
    rows = [[float(x) for x in vectors[:, dim - 1 - i] * np.sqrt(max(top[i] - rest, 0.0))] for i in range(k)]
    return [float(x) for x in centre], rows, rest


def build_table(docs: list, base_id, model, contents: list | None = None) -> bytes:
    """The serialized table for ``docs`` (corpus Doc tuples, in base index order); ``contents``,
    when given, holds each memory's ``content`` object (for its passages)."""
    import numpy as np

    from claude_memory.recall import text

    embedding = model.embedding  # (tokens, dim) float32
    tokenizer = model.tokenizer
    # Words: whole-word tokens of the model's vocabulary and every term the store uses.
    surface: dict[str, str] = {}
    vocab = tokenizer.get_vocab()
    for token, _id in sorted(vocab.items(), key=lambda kv: kv[1]):
        if token.startswith("\u2581") and len(token) > 3 and token[1:].isalpha():
            word = token[1:].lower()
            surface.setdefault(text.stem(word.casefold()), word)  # the term recall.text makes of it
    for doc in docs:
        for term in doc[7]:
            if term.isalpha() and len(term) > 2:
                surface.setdefault(term, term)
    keys = sorted(surface, key=lambda k: k.encode("utf-8", "replace"))
    ids = [tokenizer.encode(" " + surface[k], add_special_tokens=False).ids for k in keys]
    dim = embedding.shape[1]
    words = np.zeros((len(keys), dim), dtype=np.float32)
    for row, token_ids in enumerate(ids):
        if token_ids:
            words[row] = embedding[token_ids].sum(axis=0)
    n = len(docs)
    if n:
        doc_vecs = model.embed([_doc_text(d) for d in docs], norm=True).astype(np.float32)
    else:
        doc_vecs = np.zeros((0, dim), dtype=np.float32)
    top = min(TOP_DOCS, n)
    # The store's own words (one per stem, alphabetic, not the word itself): each key's nearest
    # of them by the model's word vectors become its neighbours (the term-neighbour table).
    store_terms = sorted({t for d in docs for t in d[7] if t.isalpha() and len(t) > 2})
    rows_of = {k: i for i, k in enumerate(keys)}
    store_rows = [rows_of[t] for t in store_terms]
    unit = words / np.maximum(np.linalg.norm(words, axis=1, keepdims=True), 1e-9)
    store_unit = unit[store_rows] if store_rows else np.zeros((0, dim), dtype=np.float32)
    near = min(NEIGHBOURS + 1, len(store_rows))
    records: list[tuple] = []
    for start in range(0, len(keys), CHUNK):
        chunk = words[start:start + CHUNK]
        dots = chunk @ doc_vecs.T if n else np.zeros((len(chunk), 0), dtype=np.float32)
        cos = unit[start:start + CHUNK] @ store_unit.T
        close = np.argpartition(-cos, near - 1, axis=1)[:, :near] if near else np.zeros((len(chunk), 0), dtype=int)
        best = np.argpartition(-dots, top - 1, axis=1)[:, :top] if top else np.zeros((len(chunk), 0), dtype=int)
        for row in range(len(chunk)):
            vec = chunk[row]
            scale = float(np.abs(vec).max()) / 127.0 or 1.0
            quant = np.clip(np.rint(vec / scale), -127, 127).astype(np.int8).tobytes()
            cols = best[row][np.argsort(-dots[row, best[row]])] if top else best[row]
            key = keys[start + row]
            nbrs = tuple((store_terms[c], round(float(cos[row, c]), 3))
                         for c in close[row][np.argsort(-cos[row, close[row]])]
                         if store_terms[c] != key and cos[row, c] >= NEIGHBOUR_MIN)[:NEIGHBOURS]
            records.append((quant, scale, np.array([int(c) for c in cols], dtype=np.uint32).tobytes(),
                            np.array([round(float(dots[row, c]), 4) for c in cols], dtype=np.float64).tobytes(), nbrs))
    blocks: list[bytes] = []
    samples: list[bytes] = []
    offsets = [0]
    for at in range(0, len(keys), BLOCK):
        samples.append(keys[at].encode("utf-8", "replace"))
        blob = marshal.dumps({keys[i]: records[i] for i in range(at, min(at + BLOCK, len(keys)))})
        blocks.append(blob)
        offsets.append(offsets[-1] + len(blob))
    doc_quant, doc_scales = _quantized(doc_vecs)
    doc_blob = doc_quant + doc_scales
    # Passage vectors: PASSAGES slots per memory (unused ones all zero, scale 0).
    slots = np.zeros((n * PASSAGES, dim), dtype=np.float32)
    texts, rows = [], []
    for number, doc in enumerate(docs):
        for slot, passage in enumerate(passages(doc, contents[number] if contents else None)):
            texts.append(passage)
            rows.append(number * PASSAGES + slot)
    if texts:
        slots[rows] = model.embed(texts, norm=True).astype(np.float32)
    quant, pscales = _quantized(slots)
    centre, spread_rows, rest = spread(doc_vecs)
    words_blob = b"".join(blocks)
    header = marshal.dumps({"v": TABLE_VERSION, "base": base_id, "n": n, "dim": int(dim), "samples": samples,
                            "offsets": np.array(offsets, dtype=np.uint64).tobytes(),
                            "docs_at": len(words_blob), "passages_at": len(words_blob) + len(doc_blob),
                            "centre": np.array(centre, dtype=np.float64).tobytes(),
                            "spread": np.array(spread_rows, dtype=np.float64).tobytes(), "rest": rest})
    doc_blob += quant + pscales
    return len(header).to_bytes(8, "little") + header + words_blob + doc_blob


def write_table(root: str, model=None) -> bool:
    """Build the table for the current base of ``root`` and save it; False when the extra is
    missing or there is no base. Called where time is free (background builder, rebuild)."""
    from claude_memory.recall.cache import _open_base, _staging, _write_private, release
    from claude_memory.recall.cache_build import _load_docs

    if model is None:
        if not available():
            return False
        model = _model(os.path.join(_staging(root), "wordllama"))
    base = _open_base(root)
    if base is None:
        return False
    try:
        _files, saved = _load_docs(root)
        names = sorted(name for name, doc in saved.items() if doc is not None)
        if len(names) != base.index.n:
            return False
        from claude_memory.recall.corpus import read_memory

        docs = [saved[name] for name in names]
        contents = [(read_memory(root, d[1], d[2]) or {}).get("content") for d in docs]
        data = build_table(docs, base.id, model, contents)
    finally:
        release(base.fd)
    _write_private(_staging(root), SEMANTIC_FILE, data)
    return True


def main(argv: list[str] | None = None) -> int:
    """``python -m claude_memory.recall.semantic_build ROOT``: build the table for ROOT's base."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m claude_memory.recall.semantic_build MEMORY_ROOT", file=sys.stderr)
        return 2
    return 0 if write_table(args[0]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
