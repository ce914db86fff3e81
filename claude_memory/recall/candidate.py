"""Candidate selection: which existing memory (if any) a new draft should update.

Pure and standard-library only. The retrieval is recall's own (:func:`claude_memory.recall.search`
restricted to the draft's category: one index, one tokenizer, one scoring), so "what matches" means
the same for recall, the search command and candidate selection. What is decided here is whether
the best match is the *same subject* or the new information is genuinely new (:func:`choose`):
a memory that a draft revises explains most of what the draft says and stands out from the rest of
its category, while new information shares some words with several memories and stands out from
none. :func:`decide` turns that choice into the structural decision the memory-management skill
combines with the drafting subagent's judgement.
"""

from __future__ import annotations

import math
from typing import Mapping, Sequence

from claude_memory.recall.corpus import strings_of

__all__ = [
    "LIFECYCLE_EVENTS",
    "NO_TRIAGE_DELETE",
    "KEY_FIELDS",
    "EXCERPT_CHARS",
    "MIN_EVIDENCE",
    "STRONG_WEIGHT",
    "STANDOUT_WEIGHT",
    "EVENT_BONUS",
    "evidence",
    "choose",
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

#: The best match is the candidate when ``coverage + STRONG_WEIGHT x strong coverage + STANDOUT_WEIGHT
#: x ln(score / runner-up's) + EVENT_BONUS (a lifecycle event)`` reaches ``MIN_EVIDENCE``: it explains
#: much of what the draft says, names it in its title, tags or slug (what keeps a small store, where
#: many of a draft's words are new to the store, from missing its own memory), and stands out.
#: Chosen on the first dev set by ``bench/candidate_cross.py``; reported there and on the second set.
MIN_EVIDENCE = 0.725
STRONG_WEIGHT = 0.75
STANDOUT_WEIGHT = 0.15
#: A lifecycle event says something known has ended, so an existing target is likelier.
EVENT_BONUS = 0.2
#: How far above the runner-up counts at most (no runner-up at all counts as this).
MAX_STANDOUT = 10.0


def evidence(hits: Sequence[Mapping], lifecycle_event: str | None = None) -> float:
    """How strongly the best of ``hits`` (the category's matches, best first, each with ``score`` and
    ``coverage`` and ``strong`` as :func:`claude_memory.recall.search` gives them) is the subject of the new information."""
    if not hits:
        return 0.0
    best = hits[0]
    runner_up = hits[1]["score"] if len(hits) > 1 else 0.0
    standout = min(MAX_STANDOUT, best["score"] / runner_up) if runner_up > 0 else MAX_STANDOUT
    return (best["coverage"] + STRONG_WEIGHT * best.get("strong", 0.0) + STANDOUT_WEIGHT * math.log(max(standout, 1.0))
            + (EVENT_BONUS if lifecycle_event else 0.0))


def choose(hits: Sequence[Mapping], lifecycle_event: str | None = None) -> Mapping | None:
    """The hit the new information is about, or None when it is genuinely new."""
    return hits[0] if hits and evidence(hits, lifecycle_event) >= MIN_EVIDENCE else None


def _clip(value: object) -> str:
    text = "; ".join(s.strip() for s in strings_of(value) if s.strip()) if not isinstance(value, str) else value
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


def decide(category: str, lifecycle_event: str | None, memory: Mapping | None, path: str | None = None) -> dict:
    """The structural (L1) decision for one draft whose chosen existing memory is ``memory`` (at
    ``path``; None when the information is genuinely new). Returns the JSON-ready decision object."""
    vetoes: list[str] = []
    hints: list[str] = []
    if lifecycle_event is not None and lifecycle_event not in LIFECYCLE_EVENTS:
        raise ValueError(f"unknown lifecycle event {lifecycle_event!r}")
    delete_allowed = category not in NO_TRIAGE_DELETE
    if not delete_allowed:
        vetoes.append(f"DELETE is not allowed for {category} from triage; update the memory instead "
                      "(e.g. mark its status) or leave it")
    candidate = None
    if memory is not None:
        candidate = {
            "path": path if path is not None else memory.get("id"),
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
        hints.append("it stood out from the rest of its category; no other memory is as plausible a target")
    return {
        "candidate": candidate,
        "lifecycle_event": lifecycle_event,
        "delete_allowed": delete_allowed,
        "pre_action": pre_action,
        "structural_cud": structural,
        "vetoes": vetoes,
        "hints": hints,
    }
