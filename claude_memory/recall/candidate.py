"""Candidate selection: which existing memory (if any) a new draft should update.

Pure and standard-library only. Given a category, the new information, an
optional lifecycle event and that category's active memories (loaded dicts),
:func:`select_candidate` returns the structural decision that the
memory-management skill combines with the drafting subagent's judgement.

Matching is evidence based. Words are weighted by how rare they are among the
category's memories (inverse document frequency), a word found in a memory's
title, tags or id counts more than one found only in its body, and compound
identifiers (``tracking-ingest``, ``fct_ad_spend_daily``) count as words of
their own. A memory becomes the candidate only when

* its score clears a floor and covers enough of the new information's
  evidence (the share of the new text's rarest, best-placed words it explains),
* it is backed by at least one distinctive word seen in its title, tags or id,
* and it beats the runner-up by a clear margin (two near-equal memories mean
  the new information is about neither in particular).

Genuinely new information usually shares a few common words with many
memories and distinctive words with none, so it fails these gates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from claude_memory.recall.text import expand as _expand
from claude_memory.recall.text import stem
from claude_memory.recall.text import terms as _terms

__all__ = [
    "LIFECYCLE_EVENTS",
    "NO_TRIAGE_DELETE",
    "KEY_FIELDS",
    "EXCERPT_CHARS",
    "Thresholds",
    "DEFAULT_THRESHOLDS",
    "CATEGORY_THRESHOLDS",
    "LIFECYCLE_RELAXATION",
    "thresholds_for",
    "passes",
    "tokenize",
    "stem",
    "score_memories",
    "select_candidate",
    "build_excerpt",
    "decide",
]

LIFECYCLE_EVENTS: tuple[str, ...] = ("resolved", "removed", "reversed", "superseded", "deprecated")

#: Categories whose memories triage may never delete (history matters more than tidiness).
NO_TRIAGE_DELETE: frozenset[str] = frozenset({"decision", "preference", "session_summary"})

#: Content fields shown in a candidate's excerpt, per category (most telling first).
KEY_FIELDS: dict[str, tuple[str, ...]] = {
    "session_summary": ("goal", "outcome", "completed", "in_progress", "blockers", "next_actions"),
    "decision": ("status", "decision", "context", "rationale"),
    "runbook": ("trigger", "symptoms", "root_cause", "steps", "verification"),
    "constraint": ("kind", "rule", "impact", "severity", "expires"),
    "tech_debt": ("status", "priority", "description", "reason_deferred", "suggested_fix"),
    "preference": ("topic", "value", "strength", "reason"),
}

EXCERPT_CHARS = 200

# Where a word was found in a memory, and how much that placement counts.
_W_TITLE = 3.0
_W_TAG = 3.0
_W_ID = 2.5
_W_FILE = 1.5
_W_BODY = 1.0
#: a word placed at least this well is "headline" evidence
_HEADLINE = 2.5

_STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any are as at be because been before being
    below between both but by can could did do does doing done down during each either else ever every
    few for from further get gets got had has have having he her here hers him his how i if in into is
    it its itself just let lets like many may me might more most much must my need
    needs never no nor not now of off on once one only or other our ours out over own per same she
    should since so some still such than that the their theirs them then there these they this those
    though through thus to too under until up upon us use used uses using very via was we were what
    when where whether which while who whom why will with within without would yet you your yours
    instead new now longer anymore already again back instead every across around etc e g eg ie vs
    change changed changes switch switched moved move moves replaced replace replaces updated update
    raised lowered added removed dropped gone set sets is are now
    """.split()
)

_STOP_STEMS = frozenset(stem(w) for w in _STOPWORDS)


def tokenize(text: str) -> set[str]:
    """The terms of ``text`` as recall and the search command see them (:func:`claude_memory.recall.text.terms`:
    one tokenizer, one stemmer, compounds such as ``tracking_ingest`` as terms of their own), with
    each universal abbreviation's other form (``k8s`` <-> ``kubernetes``), less the words that
    only say *that* something changed (``_STOPWORDS``)."""
    if not text:
        return set()
    out: set[str] = set()
    for term in _terms(text):
        if term in _STOP_STEMS or term.replace("_", "").isdigit() or term.replace("_", "").replace("v", "").isdigit():
            continue
        out.add(term)
        out.update(_expand(term))
    return out


def _flatten(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _flatten(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _flatten(v)


def _placement(memory: Mapping) -> dict[str, float]:
    """token -> best placement weight in this memory."""
    weights: dict[str, float] = {}

    def put(tokens: Iterable[str], w: float) -> None:
        for t in tokens:
            if weights.get(t, 0.0) < w:
                weights[t] = w

    put(tokenize(" ".join(_flatten(memory.get("content", {})))), _W_BODY)
    files = memory.get("related_files") or []
    if isinstance(files, list):
        put(tokenize(" ".join(str(f).replace("/", " ") for f in files if isinstance(f, str))), _W_FILE)
    put(tokenize(str(memory.get("id") or "")), _W_ID)
    put(tokenize(str(memory.get("title") or "")), _W_TITLE)
    tags = memory.get("tags") or []
    if isinstance(tags, list):
        put(tokenize(" ".join(t for t in tags if isinstance(t, str))), _W_TAG)
    return weights


def _idf(df: int, n: int) -> float:
    """Rarity of a word found in ``df`` of ``n`` memories, scaled so a word unique to one memory is 1.0.

    The scale keeps the score gates meaningful whether a category holds 3 memories or 300.
    """
    raw = lambda d: math.log(1.0 + (n - d + 0.5) / (d + 0.5))  # noqa: E731
    return raw(df) / raw(1) if n else 0.0


@dataclass(frozen=True)
class Thresholds:
    """The gates a best match must pass to become the candidate."""

    #: minimum score (sum of idf x placement over shared words; a unique title word scores 3)
    min_score: float = 5.0
    #: minimum share of everything the new text says (its words at headline weight) the memory explains
    min_coverage: float = 0.26
    #: minimum share of the evidence the category can explain at all that this one memory explains
    min_concentration: float = 0.70
    #: the best match must score at least this many times the runner-up
    min_ratio: float = 1.3
    #: minimum idf of the strongest word shared through the memory's title, tags or id
    min_headline_idf: float = 0.6

    def relaxed(self, factor: float) -> "Thresholds":
        return Thresholds(self.min_score * factor, self.min_coverage * factor,
                          self.min_concentration * factor, self.min_ratio, self.min_headline_idf * factor)


DEFAULT_THRESHOLDS = Thresholds()

#: A session summary describes one session: a new one is about the same session only
#: when it restates most of an existing summary.
CATEGORY_THRESHOLDS: dict[str, Thresholds] = {
    "session_summary": Thresholds(min_score=8.0, min_coverage=0.6, min_concentration=0.9),
}

#: A lifecycle event says something known has ended, so an existing target is
#: likelier: the content gates (not the margin) are lowered by this factor.
LIFECYCLE_RELAXATION = 0.6


@dataclass(frozen=True)
class Scored:
    index: int
    score: float
    coverage: float
    concentration: float
    headline_idf: float
    shared: tuple[str, ...]


def score_memories(new_info: str, memories: Sequence[Mapping]) -> list[Scored]:
    """Score every memory against ``new_info``; best first."""
    query = tokenize(new_info)
    placements = [_placement(m) for m in memories]
    n = len(memories)
    df: dict[str, int] = {}
    for p in placements:
        for t in p:
            df[t] = df.get(t, 0) + 1
    idf = {t: _idf(df.get(t, 0), n) for t in query}
    # what a perfect match could explain: each query word, at headline weight
    attainable = sum(idf[t] * _W_TITLE for t in query) or 1.0
    # what the category can explain at all: each query word at its best placement anywhere
    matchable = sum(idf[t] * max((p.get(t, 0.0) for p in placements), default=0.0) for t in query) or 1.0
    scored = []
    for i, p in enumerate(placements):
        shared = [t for t in query if t in p]
        score = sum(idf[t] * p[t] for t in shared)
        headline = max((idf[t] for t in shared if p[t] >= _HEADLINE), default=0.0)
        scored.append(Scored(i, score, score / attainable, score / matchable, headline, tuple(sorted(shared))))
    scored.sort(key=lambda s: (-s.score, s.index))
    return scored


def passes(best: Scored, runner_up: float, t: Thresholds) -> bool:
    """True when ``best`` clears every gate of ``t``."""
    return (best.score >= t.min_score
            and best.coverage >= t.min_coverage
            and best.concentration >= t.min_concentration
            and best.headline_idf >= t.min_headline_idf
            and (runner_up <= 0 or best.score >= t.min_ratio * runner_up))


def thresholds_for(category: str, lifecycle_event: str | None) -> Thresholds:
    t = CATEGORY_THRESHOLDS.get(category, DEFAULT_THRESHOLDS)
    return t.relaxed(LIFECYCLE_RELAXATION) if lifecycle_event else t


def select_candidate(new_info: str, memories: Sequence[Mapping],
                     thresholds: Thresholds = DEFAULT_THRESHOLDS) -> tuple[int | None, list[Scored]]:
    """Index of the memory the new info is about (or None) and the scored list."""
    scored = score_memories(new_info, memories)
    if not scored:
        return None, scored
    runner_up = scored[1].score if len(scored) > 1 else 0.0
    return (scored[0].index if passes(scored[0], runner_up, thresholds) else None), scored


def _clip(value: object) -> str:
    text = "; ".join(s.strip() for s in _flatten(value) if s.strip()) if not isinstance(value, str) else value
    text = " ".join(text.split())
    return text if len(text) <= EXCERPT_CHARS else text[: EXCERPT_CHARS - 1] + "\u2026"


def _last_change(memory: Mapping) -> str | None:
    changes = memory.get("changes")
    if not isinstance(changes, list) or not changes:
        return None
    last = changes[-1]
    if isinstance(last, Mapping):
        summary = last.get("summary") or last.get("reason") or ""
        return _clip(summary) if summary else None
    return _clip(last) if isinstance(last, str) else None


def build_excerpt(memory: Mapping, category: str) -> dict:
    """Title, status, tags, last change and the start of each key content field."""
    content = memory.get("content") if isinstance(memory.get("content"), Mapping) else {}
    excerpt: dict = {
        "title": memory.get("title"),
        "record_status": memory.get("record_status"),
        "tags": list(memory.get("tags") or []),
        "last_change": _last_change(memory),
    }
    for name in KEY_FIELDS.get(category, ()):
        if name in content and content[name] not in (None, "", []):
            excerpt[name] = _clip(content[name]) if not isinstance(content[name], bool) else content[name]
    return excerpt


def decide(category: str, new_info: str, lifecycle_event: str | None,
           memories: Sequence[Mapping], *, paths: Sequence[str] | None = None,
           thresholds: Thresholds | None = None) -> dict:
    """The structural (L1) decision for one draft.

    ``memories`` are the category's active memories; ``paths`` (same order) are
    how the caller names their files. Returns the JSON-ready decision object.
    """
    vetoes: list[str] = []
    hints: list[str] = []
    if lifecycle_event is not None and lifecycle_event not in LIFECYCLE_EVENTS:
        raise ValueError(f"unknown lifecycle event {lifecycle_event!r}")
    same = [(i, m) for i, m in enumerate(memories) if m.get("category", category) == category]
    pool = [m for _, m in same]
    delete_allowed = category not in NO_TRIAGE_DELETE
    if not delete_allowed:
        vetoes.append(f"DELETE is not allowed for {category} from triage; update the memory instead "
                      "(e.g. mark its status) or leave it")

    index, scored = select_candidate(new_info, pool, thresholds or thresholds_for(category, lifecycle_event))
    candidate = None
    if index is not None:
        original = same[index][0]
        memory = memories[original]
        path = paths[original] if paths is not None else memory.get("id")
        candidate = {
            "path": path,
            "id": memory.get("id"),
            "title": memory.get("title"),
            "tags": list(memory.get("tags") or []),
            "excerpt": build_excerpt(memory, category),
        }

    if candidate is None:
        vetoes.append("no existing memory matches: UPDATE and DELETE are not possible")
        if lifecycle_event is None:
            pre_action, structural = "CREATE", "CREATE"
            hints.append("genuinely new: create a new memory")
        else:
            pre_action, structural = "NOOP", "NOOP"
            hints.append(f"a '{lifecycle_event}' event about something not in memory: nothing to update; "
                         "do not create a memory just to record its end")
    else:
        pre_action = None
        if lifecycle_event is not None and delete_allowed:
            structural = "UPDATE_OR_DELETE"
            hints.append(f"'{lifecycle_event}': update the candidate to record it, or retire it if it no "
                         "longer carries useful knowledge (UPDATE wins over DELETE when unsure)")
        else:
            structural = "UPDATE"
            if lifecycle_event is not None:
                hints.append(f"'{lifecycle_event}': update the candidate (e.g. status) rather than delete it")
            else:
                hints.append("update the candidate if the new info is about the same subject; "
                             "create a new memory only if it is a different subject")
        if len(scored) > 1 and scored[1].score > 0:
            hints.append("runner-up match was much weaker; no other memory is a plausible target")
    return {
        "candidate": candidate,
        "lifecycle_event": lifecycle_event,
        "delete_allowed": delete_allowed,
        "pre_action": pre_action,
        "structural_cud": structural,
        "vetoes": vetoes,
        "hints": hints,
    }
