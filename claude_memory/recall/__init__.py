"""Recall: finding the saved memories relevant to a prompt, fast and deterministically.

Standard library only, and on a warm prompt not even ``re``, ``json``, ``array`` or
``bisect`` (this runs on every prompt; ``tests/test_hook_imports.py`` holds it to that).
``text`` turns words into terms (tokens, light stemming, software-domain synonyms);
``corpus`` reads memory files safely; ``index`` builds the compact term index; ``delta``
scores memories written since it was built and reads both as one; ``cache`` keeps base and
delta under ``<root>/.staging/``, revalidates them with a few ``stat`` calls and folds each
write into the delta; ``rank`` scores and decides when to inject nothing (``cues``: wording
that asks for a category); ``render`` writes the delimited block. :func:`recall` ties them
together.
"""

__all__ = ["recall", "search", "MAX_PROMPT_CHARS"]

#: Only the start of a huge pasted prompt is ranked (bounded cost per prompt).
MAX_PROMPT_CHARS = 4000


def recall(root: str, prompt: str, limit: int, *, use_cache: bool = True) -> list[tuple[str, str, str, str, list[str]]]:
    """(category, folder, slug, title, tags) of the memories to inject for ``prompt``, best first."""
    from claude_memory.recall import text

    prompt = prompt[:MAX_PROMPT_CHARS]
    if not text.query_terms(prompt) and not text.path_mentions(prompt):
        return []
    from claude_memory.recall.cache import load_index
    from claude_memory.recall.index import render_fields
    from claude_memory.recall.rank import rank

    index = load_index(root, use_cache=use_cache, prompt=prompt)
    return [render_fields(index, number) for number, *_scores in rank(index, prompt, limit)]


def search(root: str, query: str, limit: int = 10, *, category: str | None = None, index=None,
           lexical: bool = False) -> list[dict]:
    """The active memories matching ``query`` (of ``category`` only, when given), best first:
    recall's own index and scoring (same tokenizer, stemmer, fields and semantic layer) without its
    injection gate (at most ``rank.CANDIDATES`` hits). The search command and candidate selection
    answer with this, so "what matches" means the same as for recall. ``coverage`` is the
    IDF-weighted share of the query's terms a memory matches, ``strong`` the share it matches in its
    title, tags or slug. ``index``: one already loaded (a
    caller searching many times, or one that must not build the cache: ``load_index(root, use_cache=False)``).
    ``lexical``: leave the optional semantic table out (candidate selection: the same answer on every
    teammate's machine, whether or not the extra is installed or its table built yet)."""
    from claude_memory.recall import text

    query = query[:MAX_PROMPT_CHARS]
    if not text.query_terms(query) and not text.path_mentions(query):
        return []
    from claude_memory.recall.cache import load_index
    from claude_memory.recall.rank import scored

    if index is None:
        index = load_index(str(root))
    keep = None if category is None else (lambda number: index.fields(number)[0] == category)
    out = []
    for number, score, coverage, strong, *_rest in scored(index, query, keep, semantic=not lexical)[0][:limit]:
        category_, folder, slug, title, tags = index.fields(number)
        out.append({"category": category_, "id": slug, "title": title, "tags": tags, "status": "active",
                    "path": f"{folder}/{slug}.json", "score": round(score, 3), "coverage": round(coverage, 3),
                    "strong": round(strong, 3)})
    return out
