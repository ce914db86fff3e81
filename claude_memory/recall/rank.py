"""Scoring a prompt against the recall index, and deciding when to inject nothing.

Each distinct prompt term is one piece of evidence. A memory earns, per term, the best of:
the term itself (BM25F contribution, fields weighted tags > title > body), a synonym
(``SYNONYM_WEIGHT`` x), or a partial word sharing a prefix (``PARTIAL_WEIGHT`` x). Files the
prompt names add a strong signal when they appear in a memory's ``related_files`` (exact
or path-suffix match) and a weaker one when only the folder matches. The sum is scaled by
a small recency factor, and by ``CUE_BOOST`` when the prompt's wording asks for the
memory's category (``cues.CATEGORY_CUES``: "why did we" -> decision, ...; a boost, never a filter).

Injecting nothing is the common right answer. Gates (see :func:`select`):

1. *units*: at least ``MIN_UNITS`` prompt words matched (one common word never suffices);
1b. *strength*: the best memory scores at least ``MIN_STRENGTH`` rare words' worth, or one per
   prompt word for a shorter prompt, less in a store under ``STRENGTH_FULL_AT`` memories, and
   not asked of a memory whose title, tags and slug name the whole prompt (``NAMES_ALL``);
2. the best memory must be *evident*: the IDF-weighted share of the prompt's terms it
   matches (unknown words count at full IDF, so a prompt about things the store never
   mentions covers little; matches in tags/title/slug count extra) reaches
   ``MIN_EVIDENCE``, or it *stands out*: ``STANDOUT`` x the mean score of the next
   ``BACKGROUND`` memories and a score worth ``STANDOUT_STRENGTH`` rare words (then a small
   ``STANDOUT_EVIDENCE`` suffices: a memory this far above the rest of the store is strong
   evidence in absolute terms even when a paraphrase shares few of its words);
3. runners-up are re-ranked by what they share with the best memory's title, tags and
   slug (pseudo-relevance feedback, ``FEEDBACK``), then kept when within ``RELATIVE_CUTOFF``
   of the best score and their weighted evidence reaches 1: relative score, own coverage
   of the prompt, strong-field coverage and similarity to the best memory (``KEEP_*``).
   Memories that answer the same question as the best one name the same things, which
   separates useful runners-up from ones that only share the prompt's commoner words.
   A prompt that asks about more than the best memory answers lowers that bar: each
   distinctive prompt term (worth ``BREADTH_MIN_IDF`` of a rare word or more) that the best
   memory does not match but another candidate does relaxes it by ``BREADTH_RATE`` of its
   worth, at most ``BREADTH_CAP`` (prompt-adaptive breadth).

A prompt that asks several things (``text.clauses``) and passed the gate also gets each part's
best memory when that part passes the gate on its own, bar the strength floor its prompt cleared
(``PARTS``, :func:`with_parts`).

Semantic evidence (with the optional table, :func:`dense_evidence`) is a z-score: how many
standard deviations a memory's similarity stands above the store's for this prompt.

The free weights are chosen by ``bench/recall_cross.py`` on one evaluation set (the worse of its
two halves) and reported on the other; the shipped values are the first dev set's choice.
"""

from claude_memory.recall import text
from claude_memory.recall.cues import categories_asked
from claude_memory.recall.index import idf

__all__ = ["Hit", "rank", "SYNONYM_WEIGHT", "PARTIAL_WEIGHT"]

SYNONYM_WEIGHT = 0.5
#: A store word the semantic table puts near a prompt word (cosine >= ``NEIGHBOUR_MIN``) stands
#: for it at ``NEIGHBOUR_WEIGHT`` x the cosine. Measured and off: tuned on either eval set, the
#: best weight was 0 (the model's word-to-word similarities are too loose; bench/RESULTS.md).
NEIGHBOUR_WEIGHT = 0.0
NEIGHBOUR_MIN = 0.4
PARTIAL_WEIGHT = 0.35
#: Read at most this many (strongest) entries of one posting list: bounds the cost per
#: prompt in huge stores, where a word this common carries little evidence anyway.
MAX_POSTINGS = 400
MIN_PARTIAL_LEN = 4
MAX_PARTIAL_TERMS = 12
FILE_EXACT = 6.0
FILE_BASENAME = 2.5
FILE_FOLDER = 1.5
MIN_EVIDENCE = 0.8
STRONG_BONUS = 1.0
#: At least this many prompt words matched (a camelCase part counts CAMEL_PART_MASS, a neighbour
#: or partial word its weight): one common word is never enough on its own.
MIN_UNITS = 1.0
RELATIVE_CUTOFF = 0.5
BACKGROUND = 5
FEEDBACK = 0.2
STANDOUT = 2.5
STANDOUT_STRENGTH = 2.0
#: Whatever its evidence, the best memory must score at least this many rare words' worth (its
#: score over the largest IDF), or one per prompt word when the prompt has fewer (``size``: a
#: one-word prompt is answered by a memory that matches that word as a rare word): a prompt of
#: common words can be fully "covered" by a memory that merely uses them too. In a store of
#: fewer than ``STRENGTH_FULL_AT`` memories no word is rare (two memories about postgres make
#: "postgres" worth almost nothing), so the floor shrinks in proportion; from there it holds in
#: full (a reasoned constant: both evaluation stores are larger, so neither could choose it).
STRENGTH_FULL_AT = 50
#: Strong coverage (the prompt's evidence mass matched in a title, tags or slug) at which the best
#: memory names the whole prompt and the strength floor does not apply (all of it, with rounding).
NAMES_ALL = 0.999
MIN_STRENGTH = 3.0
#: Coverage a standing-out best memory still needs (a floor against a memory matching only a sliver).
STANDOUT_EVIDENCE = 0.2
#: A runner-up's semantic evidence counts this much toward keeping it (see :func:`select`).
KEEP_DENSE = 0.0
KEEP_REL = 0.6
KEEP_COV = 0.5
KEEP_STRONG = 0.25
KEEP_SIM = 1.0
#: Prompt-adaptive breadth (see the module docstring). Every rate from 0.133 to 0.2 and every
#: floor from 0.6 to 0.75 gives nDCG@5 0.855-0.858 on the dev set, on both halves.
BREADTH_MIN_IDF = 0.65
BREADTH_RATE = 0.15
BREADTH_CAP = 0.3

#: The semantic layer (optional, see :mod:`semantic`): a memory's semantic evidence, 0..1, adds
#: ``DENSE_SCORE`` rare words of score, ``DENSE_COVER`` of coverage and ``DENSE_UNITS`` matched
#: words (so a memory sharing no word may still pass). The evidence is how far the memory's
#: similarity stands above the store's for this prompt: ``DENSE_Z`` standard deviations above the
#: mean of the prompt's cosines with every memory give 0, ``DENSE_Z + DENSE_ZSPAN`` give 1 (a
#: z-score: no fixed cosine, since how close "close" is depends on the prompt and the store).
#: ``DENSE_SHORTLIST`` memories the prompt's words point to are scored besides the lexical leaders.
#: A table without the spread (or a stand-in) falls back to a fixed cosine floor, ``DENSE_FLOOR``.
DENSE_Z = 2.0
DENSE_ZSPAN = 2.0
DENSE_SHORTLIST = 8
DENSE_FLOOR = 0.35
DENSE_SCORE = 1.0
DENSE_COVER = 0.5
DENSE_UNITS = 2.0

Hit = tuple  # (doc number, score, coverage, strong coverage, similarity to the best, semantic evidence)


def _alternatives(term: str, index, partial: bool, semantic: bool = True) -> list[tuple[str, float]]:
    """(index term, weight) pairs that can stand for ``term``: itself, synonyms, partial words."""
    alts: list[tuple[str, float]] = []
    if term in index:
        alts.append((term, 1.0))
    for syn in text.expand(term):
        if syn in index:
            alts.append((syn, SYNONYM_WEIGHT))
    table = getattr(index, "semantic", None) if semantic else None
    if table is not None and NEIGHBOUR_WEIGHT:
        for other, cos in table.neighbours(term):
            if cos >= NEIGHBOUR_MIN and other in index:
                alts.append((other, NEIGHBOUR_WEIGHT * cos))
    if partial and len(term) >= MIN_PARTIAL_LEN and term.isalpha():
        for cut in range(MIN_PARTIAL_LEN, len(term)):
            head = term[:cut]
            if head in index:
                alts.append((head, PARTIAL_WEIGHT))
        for other in index.extensions(term, MAX_PARTIAL_TERMS):
            alts.append((other, PARTIAL_WEIGHT))
    return alts


def _term_matches(index, term: str, semantic: bool = True) -> tuple[dict, list]:
    """(best, lists) of one prompt term.

    ``best``: doc number -> the strongest weighted contribution among the term and its
    alternatives (positive ones only); ``lists``: per alternative with postings,
    ``(weight, {doc number: contribution})``, from which :func:`_shares` reads the weights
    for the few docs that reach the candidate list.
    """
    best: dict[int, float] = {}
    lists = []
    for alt, weight in _alternatives(term, index, True, semantic):
        ids, contribs = index.postings(alt, MAX_POSTINGS if weight == 1.0 else MAX_POSTINGS // 4)
        if not ids:
            continue
        lists.append((weight, dict(zip(ids, contribs))))
        values = map(abs, contribs) if weight == 1.0 else [(-c if c < 0 else c) * weight for c in contribs]
        if not best:
            best = {number: value for number, value in zip(ids, values) if value > 0.0}
            continue
        get = best.get
        for number, value in zip(ids, values):
            if value > get(number, 0.0):
                best[number] = value
    return best, lists


def _shares(number: int, lists: list) -> tuple[float, float]:
    """(share, strong share) of a doc for one term: the largest alternative weight that matched
    it, and the largest that matched it in a strong field (a negative contribution)."""
    share = strong = 0.0
    for weight, contributions in lists:
        contrib = contributions.get(number)
        if contrib is not None:
            if weight > share:
                share = weight
            if contrib < 0 and weight > strong:
                strong = weight
    return share, strong


def _file_scores(index: dict, mentions: list[str]) -> dict[int, float]:
    out: dict[int, float] = {}
    files, dirs = index.files(), index.dirs()
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

    Hits are ``(doc number, score, coverage, strong coverage, similarity to the best, semantic
    evidence)``. With ``explain`` the injection decision is skipped and the ``CANDIDATES``
    best-scoring memories are returned (for diagnostics, tuning and the search command).
    """
    if index.n == 0 or limit <= 0:
        return []
    matches: dict = {}  # a part's words are the prompt's: their matches are found once
    hits, max_idf, leftover, size = scored(index, prompt, matches=matches)
    if explain or not hits:
        return hits
    chosen = select(hits, max_idf, limit, leftover, size)
    if chosen and PARTS:
        parts = text.clauses(prompt)
        if parts:
            tops = []
            for part in parts:
                part_hits, part_idf, part_left, part_size = scored(index, part, semantic=False, matches=matches)
                tops.append(select(part_hits, part_idf, 1, part_left, part_size, part=True) if part_hits else [])
            chosen = with_parts(chosen, tops, limit)
    return chosen


def with_parts(chosen: list, tops: list, limit: int) -> list:
    """The whole prompt's injections with each part's best memory (``tops``: one list per part
    of a prompt that asks several things, :func:`text.clauses`, holding that part's best memory
    when it passed the gate on its own): the whole prompt's best first, then each part's best
    not yet in, then the whole prompt's runners-up, at most ``limit``."""
    out = chosen[:1]
    seen = {h[0] for h in out}
    for top in tops:
        if top and top[0][0] not in seen:
            out.append(top[0])
            seen.add(top[0][0])
    out += [h for h in chosen[1:] if h[0] not in seen]
    return out[:limit]


def scored(index, prompt: str, keep=None, *, semantic: bool = True,
           matches: dict | None = None) -> tuple[list, float, float, float]:
    """(hits, max IDF, leftover, size): the ``CANDIDATES`` best memories (only docs for which
    ``keep(doc number)`` is true, when given), annotated, and what :func:`select` needs besides
    them (exposed so the gate can be fitted offline); ``size`` is
    how many words the prompt asks with (content words, a camelCase part counting its share, and
    file names), scaled down in a store of fewer than ``STRENGTH_FULL_AT`` memories. Without
    ``semantic`` the semantic table is not read (a part of a prompt is scored lexically: its
    prompt already was by meaning, and each part would cost the table's arithmetic again).
    ``matches``: a dict kept across calls on the same index (and weights) that remembers each
    term's :func:`_term_matches` (a prompt's parts ask for its words again)."""
    n = index.n
    mentions = text.path_mentions(prompt)
    qterms = text.query_terms(prompt)
    if not qterms and not mentions:
        return [], 0.0, 0.0, 0.0
    # a settled base reads each IDF from its index (a layered one computes it for its own size)
    term_idf = getattr(index, "term_idf", None) or (lambda df: idf(df, n))
    max_idf = term_idf(0)
    scores: dict[int, float] = {}
    matched = []  # per prompt term: (mass, factor, best, lists)
    total_mass = 0.0
    # the semantic table's word neighbours are the only alternatives ``semantic`` changes
    neighbours = bool(semantic and NEIGHBOUR_WEIGHT and getattr(index, "semantic", None) is not None)
    if matches is None:
        matches = {}
    for term, factor in qterms:
        df = index.df(term)
        mass = (term_idf(df) if df else max_idf) * factor
        total_mass += mass
        found = matches.get((term, neighbours))
        if found is None:
            found = matches[(term, neighbours)] = _term_matches(index, term, neighbours)
        best, lists = found
        matched.append((mass, factor, best, lists))
        if not scores:  # 0.0 + value is value: the first term's best, as it is
            scores.update(best)
            continue
        get = scores.get
        for number, value in best.items():
            scores[number] = get(number, 0.0) + value
    dense = _dense(index, qterms, scores) if semantic else {}
    for number, value in dense.items():
        scores[number] = scores.get(number, 0.0) + DENSE_SCORE * max_idf * value
    files = _file_scores(index, mentions) if mentions else {}
    if mentions:
        total_mass += max_idf * len(mentions)
        for number, value in files.items():
            scores[number] = scores.get(number, 0.0) + value
    if not scores or not total_mass:
        return [], 0.0, 0.0, 0.0
    rec = index.recency()
    # (-score, doc) sorts best first with the doc number breaking ties, without a key function.
    hits = []
    for neg, number in _best_first([(-(score * rec[number]), number) for number, score in scores.items()]):
        if keep is not None and not keep(number):
            continue
        # Coverage and units only for the docs walked: the same sums, in the same order, as
        # accumulating them for every matched doc would give.
        covered = units = strong = 0.0
        for mass, factor, best, lists in matched:
            if number in best:
                weight, strong_weight = _shares(number, lists)
                covered += mass * weight
                units += factor * weight
                if strong_weight:
                    strong += mass * strong_weight
        if number in files:
            value = files[number]
            credit = max_idf * min(1.0, value / FILE_EXACT)
            covered += credit
            units += min(1.0, value / FILE_EXACT)
            strong += credit
        if number in dense:
            covered += DENSE_COVER * dense[number] * total_mass
            units += DENSE_UNITS * dense[number]
        if units >= MIN_UNITS:
            hits.append((number, -neg, covered / total_mass, strong / total_mass, dense.get(number, 0.0)))
            if len(hits) >= CANDIDATES:
                break
    hits = _annotate(index, hits, prompt)
    size = (sum(f for _t, f in qterms) + len(mentions)) * min(1.0, n / STRENGTH_FULL_AT)
    return hits, max_idf, _leftover(hits, matched, max_idf), size


#: :func:`_best_first` sorts this many first (a walk for the ``CANDIDATES`` best rarely needs more).
SORT_HEAD = 48


def _best_first(pairs: list):
    """``sorted(pairs)`` of ``(key, doc)`` pairs, lazily: the ``SORT_HEAD`` smallest keys (and any equal
    to the last of them) are sorted first, the rest only when the caller reads on."""
    if len(pairs) <= SORT_HEAD:
        yield from sorted(pairs)
        return
    cut = sorted([p[0] for p in pairs])[SORT_HEAD - 1]
    yield from sorted([p for p in pairs if p[0] <= cut])
    yield from sorted([p for p in pairs if p[0] > cut])


def _top(scores: dict, k: int) -> list:
    """``sorted(scores, key=lambda d: -scores[d])[:k]`` (ties in ``scores``' order), sorting only those
    at or above the ``k``-th best score."""
    if len(scores) > k:
        cut = sorted(scores.values())[-k]
        scores = {d: v for d, v in scores.items() if v >= cut}
    return sorted(scores, key=lambda d: -scores[d])[:k]


def _dense(index, qterms: list, lexical: dict) -> dict[int, float]:
    """Semantic evidence per memory, 0..1 (from the semantic table, when one was built for this
    base): for the lexical leaders and the ``DENSE_SHORTLIST`` memories the prompt's words point
    to, the z-score of its similarity among the store's (:func:`dense_evidence`). Tombstoned and
    newer memories get none."""
    table = getattr(index, "semantic", None)
    if table is None or not DENSE_SCORE and not DENSE_COVER:
        return {}
    best = _top(lexical, CANDIDATES) if lexical else []
    terms = [t for t, f in qterms if f]
    profile = getattr(table, "prompt_profile", None)
    mean = deviation = 0.0
    if profile is not None:
        found = profile(terms, best, DENSE_SHORTLIST)
        if found is None:
            return {}
        sims, mean, deviation = found
    else:
        sims = table.prompt_similarities(terms, best)
    if not sims:
        return {}
    tomb = getattr(index, "tombstones", ())  # a property of the layered index (base + delta)
    out = {}
    for number, sim in sims.items():
        if number < table.n and number not in tomb:
            value = dense_evidence(sim, mean, deviation)
            if value > 0.0:
                out[number] = value
    return out


def dense_evidence(sim: float, mean: float, deviation: float) -> float:
    """A similarity as evidence, 0..1: its z-score among the store's cosines for this prompt
    (``mean``, ``deviation``) from ``DENSE_Z`` up to ``DENSE_Z + DENSE_ZSPAN``; without a
    deviation (no spread known), its rise above ``DENSE_FLOOR`` instead."""
    if deviation > 0.0:
        value = ((sim - mean) / deviation - DENSE_Z) / DENSE_ZSPAN
    else:
        value = (sim - DENSE_FLOOR) / (1.0 - DENSE_FLOOR)
    return 0.0 if value <= 0.0 else 1.0 if value >= 1.0 else value


def _leftover(hits: list, matched: list, max_idf: float) -> float:
    """What the prompt asks beyond the best memory, in rare words: the worth (mass as a share
    of a rare word's) of each distinctive prompt term the best memory does not match and
    another candidate does. Terms no candidate matches say nothing about breadth."""
    if len(hits) < 2 or not max_idf:
        return 0.0
    top = hits[0][0]
    others = [h[0] for h in hits[1:]]
    left = 0.0
    for mass, _factor, best, _lists in matched:
        worth = mass / max_idf
        if worth >= BREADTH_MIN_IDF and top not in best and any(o in best for o in others):
            left += worth
    return left


#: A prompt that passed the gate and asks several things (:func:`text.clauses`) also gets each
#: part's best memory, when that part passes the gate on its own.
PARTS = True
#: Only this many best-scoring memories are considered for injection (bounds the per-hit work).
CANDIDATES = 12
#: Score multiplier for a memory of a category the prompt's wording asks for.
CUE_BOOST = 0.15


def _annotate(index, hits: list, prompt: str) -> list:
    """Hits as (doc, score, coverage, strong coverage, similarity to the best), re-ranked.

    A memory of a category the prompt asks for gets ``CUE_BOOST``; then the runners-up are
    re-ranked by what they share with the best memory's title, tags and slug (pseudo-relevance
    feedback, ``FEEDBACK``), and each hit carries that similarity (the best one has 1).
    """
    if not hits:
        return hits
    cues = categories_asked(prompt)
    if cues and CUE_BOOST:
        hits = [(h[0], h[1] * (1.0 + CUE_BOOST) if index.fields(h[0])[0] in cues else h[1], h[2], h[3], h[4])
                for h in hits]
        hits.sort(key=lambda h: (-h[1], h[0]))
    top = hits[0]
    _c, _f, slug, title, tags = index.fields(top[0])
    about = " ".join((title, " ".join(tags), slug.replace("-", " ")))
    extra: dict[int, float] = {}
    wanted = {h[0] for h in hits}
    for term, factor in text.query_terms(about):
        if not factor:
            continue
        ids, contribs = index.postings(term, MAX_POSTINGS // 4)
        for number, contrib in zip(ids, contribs):
            if number in wanted:
                extra[number] = extra.get(number, 0.0) + (-contrib if contrib < 0 else contrib) * factor
    own = extra.get(top[0], 0.0) or max(extra.values(), default=0.0) or 1.0
    base = top[1] or 1.0
    out = [(top[0], top[1], top[2], top[3], 1.0, top[4])]
    for h in hits[1:]:
        sim = min(1.0, extra.get(h[0], 0.0) / own)
        out.append((h[0], h[1] * (1.0 + FEEDBACK * sim), h[2], h[3], sim, h[4]))
    out[1:] = sorted(out[1:], key=lambda h: (-h[1], h[0]))
    return out


def _evidence(hit: Hit) -> float:
    return hit[2] + STRONG_BONUS * hit[3]


def _dense_of(hit: Hit) -> float:
    return hit[5] if len(hit) > 5 else 0.0


def select(hits: list, max_idf: float, limit: int, leftover: float = 0.0, size: float = float("inf"), *,
           part: bool = False) -> list:
    """The hits to inject: none unless the best one is evident, then the runners-up that belong.

    The best memory is evident when it explains enough of the prompt (coverage, more for
    matches in what it is about, plus its semantic evidence when the table exists), or when it
    stands clearly above the rest of the store (its score against the mean of the next ones)
    with a score worth several rare words. A runner-up follows when it scores within
    ``RELATIVE_CUTOFF`` of the best and its combined evidence (relative score, its own coverage
    of the prompt, its similarity to the best memory, its semantic evidence) reaches 1
    (``KEEP_*`` weights), less the breadth relief earned by ``leftover`` (distinctive prompt
    terms, in rare words, the best memory leaves unexplained).
    """
    if not hits:
        return []
    top = hits[0]
    rest = [h[1] for h in hits[1:1 + BACKGROUND]]
    background = (sum(rest) / len(rest)) if rest else 0.0
    standout = top[1] / background if background else float("inf")
    strength = top[1] / max_idf if max_idf else 0.0
    # The strength floor; not for a part (its prompt cleared it, see rank()) nor for a memory whose
    # title, tags and slug name every word of the prompt (``kafka for ledger job 22`` is answered by
    # "Use kafka for ledger job 22" however common its other words are in the store).
    if strength < min(MIN_STRENGTH, size) and not part and top[3] < NAMES_ALL:
        return []
    if not (_evidence(top) >= MIN_EVIDENCE
            or (standout >= STANDOUT and strength >= STANDOUT_STRENGTH and _evidence(top) >= STANDOUT_EVIDENCE)):
        return []
    out = [top]
    need = 1.0 - min(BREADTH_CAP, BREADTH_RATE * leftover)
    for hit in hits[1:]:
        if len(out) >= limit:
            break
        rel = hit[1] / top[1]
        if rel < RELATIVE_CUTOFF:
            continue
        if KEEP_REL * rel + KEEP_COV * hit[2] + KEEP_STRONG * hit[3] + KEEP_SIM * hit[4] \
                + KEEP_DENSE * _dense_of(hit) >= need:
            out.append(hit)
    return out
