"""Schema 1.0 of a memory, as Pydantic v2 models. This file is the schema's documentation.

A memory file is one JSON object: the *envelope* (identity, timestamps, tags,
lifecycle, change log) around a *content* object whose shape depends on the
category. ``assets/schemas/*.json`` say the same thing in JSON Schema; a test
proves both accept and reject the same documents, so change them together (one
exception: what a pattern cannot say about a tag's non-ASCII characters, see
``TAG_PATTERN``; the schema accepts every tag the model does).

Rules that hold everywhere:

- Unknown fields are rejected (``extra="forbid"``) and types are strict: no
  string is turned into a number or a number into a string (the auto-fixer in
  :mod:`claude_memory.store.autofix` does the few trivial repairs, explicitly).
- Text patterns use Python's ``re`` (the engine ``jsonschema`` uses too) and end
  in ``$(?!\\n)`` so that a trailing newline is not silently accepted.
- Timestamps are RFC 3339 in UTC, to the second, with a ``Z``:
  ``2026-05-01T10:00:00Z``. Offsets and fractions of a second are rejected;
  impossible dates (``2026-02-30``) are rejected by the pattern itself.

Use :func:`claude_memory.store.validation.validate_record` rather than these classes
directly: it picks the record model for the document's category and turns
errors into problems a person (or Claude) can act on.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, JsonValue, create_model,
                      field_validator, model_validator)
from pydantic_core import PydanticCustomError

from claude_memory.core.categories import CATEGORIES
from claude_memory.core.invisible import strip_invisible
from claude_memory.core.tags import JOINERS, is_tag_letter
from claude_memory.store.lifecycle import STATUSES
from claude_memory.store.merge import LIFECYCLE_FIELDS

__all__ = [
    "SCHEMA_VERSION",
    "MAX_TITLE",
    "MAX_TAGS",
    "MAX_TAG_LEN",
    "MAX_CHANGES",
    "MAX_CHANGE_SUMMARY",
    "ID_PATTERN",
    "TAG_PATTERN",
    "is_tag",
    "TIMESTAMP_PATTERN",
    "LIFECYCLE_STATES",
    "LIFECYCLE_FIELDS",
    "ENVELOPE_FIELDS",
    "Change",
    "SessionSummaryContent",
    "Alternative",
    "DecisionContent",
    "RunbookContent",
    "ConstraintContent",
    "TechDebtContent",
    "PreferenceExamples",
    "PreferenceContent",
    "CONTENT_MODELS",
    "MemoryRecord",
    "RECORD_MODELS",
    "AnyRecord",
    "record_model_for",
]

SCHEMA_VERSION = "1.0"
MAX_TITLE = 120
MAX_TAGS = 12
MAX_TAG_LEN = 40
MAX_CHANGES = 50
MAX_CHANGE_SUMMARY = 300

#: the memory's id, which is also its file name without ``.json``
ID_PATTERN = r"^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$(?!\n)"

#: a tag: lowercase, no spaces or commas (they would break ``#tags:a,b,c`` in index.md), in letters of
#: any script, digits and ``. _ + # / -``, starting with a letter or digit (``[^\W_]``: of any script).
#: Of ASCII the pattern allows just that; a pattern (Python's ``re``, as JSON Schema is read here) cannot
#: name Unicode's letter classes, so of other characters it only refuses white space, and
#: :func:`_tag_letters` checks the rest. The JSON Schema holds this pattern alone: it accepts every tag the
#: model accepts, and judges ASCII tags alike.
TAG_PATTERN = r"^[^\W_A-Z](?:[a-z0-9._+#/-]|[^\x00-\x7f\s]){0,39}$(?!\n)"

_YEAR = r"[1-9][0-9]{3}"
_LEAP_YEAR = r"(?:[1-9][0-9](?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[13579][26])00)"
_MONTH_DAY = (
    r"(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])"  # 31-day months
    r"|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"  # 30-day months
    r"|02-(?:0[1-9]|1[0-9]|2[0-8]))"  # February, 29th handled with leap years
)
_DATE = rf"(?:{_YEAR}-{_MONTH_DAY}|{_LEAP_YEAR}-02-29)"
_TIME = r"(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"

#: RFC 3339 UTC to the second: ``YYYY-MM-DDTHH:MM:SSZ`` with a real calendar date (years 1000-9999)
TIMESTAMP_PATTERN = rf"^{_DATE}T{_TIME}Z$(?!\n)"

#: ``record_status`` values (the lifecycle's); ``content.status`` never takes these (each category has its own
#: enum). LIFECYCLE_FIELDS: the fields only the lifecycle's transitions set.
LIFECYCLE_STATES = STATUSES

# defer_build: a model's validator is built on its first use, so a write that touches one category
# does not pay for building all six record models at import (see bench/RESULTS.md, hook_speed).
_CONFIG = ConfigDict(extra="forbid", strict=True, regex_engine="python-re", defer_build=True)


def _whole_number(value: Any) -> Any:
    """Accept ``3.0`` as the integer 3 (JSON Schema's ``integer`` does); bools stay rejected."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Text = Annotated[str, Field(min_length=1)]
"""A non-empty string."""

def _tag_letters(tag: str) -> str:
    """What ``TAG_PATTERN`` cannot say about a tag's non-ASCII characters: each is a letter, a
    combining mark (``ü`` written as ``u`` + U+0308, a Devanagari vowel sign) or a digit
    (:func:`~claude_memory.core.tags.is_tag_letter`; a zero-width joiner or non-joiner only where
    :func:`~claude_memory.core.invisible.strip_invisible` keeps one, inside a word), and the tag is
    lowercase where its script has case (equal to its own ``.lower()``: ``größe``, not ``Größe``)."""
    if tag.isascii():
        return tag  # the pattern said it all
    if tag != tag.lower():
        raise PydanticCustomError("tag_not_lowercase", "a tag is lowercase; {tag!r} is not", {"tag": tag})
    odd = [c for c in tag if not c.isascii() and not is_tag_letter(c)]
    # a zero-width (non-)joiner inside a word (Persian, Hindi) is part of its spelling; any other
    # invisible character (one at a word's edge, a Hangul filler) is not
    kept = strip_invisible(tag)
    if kept != tag:
        odd += [c for c in tag if c not in kept] or [c for c in tag if c in JOINERS]
    if odd:
        raise PydanticCustomError("tag_character", "a tag holds letters, digits and . _ + # / - only; not {odd}",
                                  {"odd": "".join(dict.fromkeys(odd))})
    return tag


def is_tag(value: object) -> bool:
    """True when ``value`` is a valid tag (``TAG_PATTERN`` and :func:`_tag_letters`)."""
    import re

    if not isinstance(value, str) or not re.match(TAG_PATTERN, value):
        return False
    try:
        _tag_letters(value)
    except PydanticCustomError:
        return False
    return True


Timestamp = Annotated[str, Field(pattern=TIMESTAMP_PATTERN)]
Slug = Annotated[str, Field(pattern=ID_PATTERN)]
Tag = Annotated[str, Field(pattern=TAG_PATTERN), AfterValidator(_tag_letters)]
Count = Annotated[int, BeforeValidator(_whole_number), Field(ge=0)]
Confidence = Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]


class _Model(BaseModel):
    model_config = _CONFIG


# --------------------------------------------------------------------------- change log


class Change(_Model):
    """One entry of ``changes[]``: what changed, when. The list keeps the newest 50."""

    date: Timestamp
    summary: Annotated[str, Field(min_length=1, max_length=MAX_CHANGE_SUMMARY)]
    field: Optional[Text] = None
    old_value: JsonValue = None
    new_value: JsonValue = None


# --------------------------------------------------------------------------- content, per category


class SessionSummaryContent(_Model):
    """What a working session set out to do, what got done, what is open, what comes next."""

    goal: Text
    outcome: Literal["success", "partial", "blocked", "abandoned"]
    completed: list[Text] = []
    in_progress: list[Text] = []
    blockers: list[Text] = []
    next_actions: list[Text] = []
    key_changes: list[Text] = []


class Alternative(_Model):
    option: Text
    rejected_reason: Text


class DecisionContent(_Model):
    """A choice between alternatives, why it was made, and what follows from it."""

    status: Literal["proposed", "accepted", "deprecated", "superseded"]
    context: Text
    decision: Text
    alternatives: list[Alternative] = []
    rationale: Annotated[list[Text], Field(min_length=1)]
    consequences: list[Text] = []


class RunbookContent(_Model):
    """How a failure shows itself and how to diagnose and fix it."""

    trigger: Text
    symptoms: list[Text] = []
    steps: list[Text] = []
    verification: str = ""
    root_cause: str = ""
    environment: str = ""


class ConstraintContent(_Model):
    """A limit the project must live within."""

    kind: Literal["limitation", "gap", "policy", "technical"]
    rule: Text
    impact: list[Text] = []
    workarounds: list[Text] = []
    severity: Literal["high", "medium", "low"]
    active: bool = True
    expires: str = "none"


class TechDebtContent(_Model):
    """Work knowingly deferred."""

    status: Literal["open", "in_progress", "resolved", "wont_fix"]
    priority: Literal["critical", "high", "medium", "low"]
    description: Text
    reason_deferred: str = ""
    impact: list[Text] = []
    suggested_fix: list[Text] = []
    acceptance_criteria: list[Text] = []


class PreferenceExamples(_Model):
    prefer: list[Text] = []
    avoid: list[Text] = []


class PreferenceContent(_Model):
    """How the team wants things done."""

    topic: Text
    value: Text
    reason: str = ""
    strength: Literal["strong", "default", "soft"]
    examples: PreferenceExamples = Field(default_factory=PreferenceExamples)


CONTENT_MODELS: dict[str, type[BaseModel]] = {
    "session_summary": SessionSummaryContent,
    "decision": DecisionContent,
    "runbook": RunbookContent,
    "constraint": ConstraintContent,
    "tech_debt": TechDebtContent,
    "preference": PreferenceContent,
}
assert tuple(CONTENT_MODELS) == CATEGORIES


# --------------------------------------------------------------------------- the envelope


class MemoryRecord(_Model):
    """The envelope shared by every category.

    ``content`` is checked here only as an object; :data:`RECORD_MODELS` holds
    one subclass per category whose ``content`` is that category's model, and
    :func:`record_model_for` picks it. Fields are listed in the order they are
    written to disk.
    """

    schema_version: Literal["1.0"]
    category: Literal["session_summary", "decision", "runbook", "constraint", "tech_debt", "preference"]
    id: Slug
    title: Annotated[str, Field(min_length=1, max_length=MAX_TITLE)]
    created_at: Timestamp
    updated_at: Timestamp
    tags: Annotated[list[Tag], Field(min_length=1, max_length=MAX_TAGS)]
    related_files: list[Text] = []
    confidence: Confidence
    # lifecycle (changed only by the writer's delete/archive/unarchive/restore actions)
    record_status: Literal["active", "retired", "archived"] = "active"
    changes: Annotated[list[Change], Field(max_length=MAX_CHANGES)] = []
    times_updated: Count = 0
    retired_at: Optional[Timestamp] = None
    retired_reason: Optional[Text] = None
    archived_at: Optional[Timestamp] = None
    archived_reason: Optional[Text] = None
    content: dict[str, Any]

    @field_validator("tags")
    @classmethod
    def _tags_unique(cls, tags: list[str]) -> list[str]:
        if len(set(tags)) != len(tags):
            dupes = sorted({t for t in tags if tags.count(t) > 1})
            raise PydanticCustomError("tags_not_unique", "tags must be unique; repeated: {dupes}", {"dupes": dupes})
        return tags

    @model_validator(mode="after")
    def _lifecycle_invariants(self) -> "MemoryRecord":
        """retired => retired_at (retired_reason optional), no archived_*; archived => archived_at +
        archived_reason, no retired_*; active => none of the four."""
        allowed = {"retired": ("retired_at", "retired_reason"), "archived": ("archived_at", "archived_reason")}
        needed = {"retired": ("retired_at",), "archived": ("archived_at", "archived_reason")}
        wanted = allowed.get(self.record_status, ())
        missing = [name for name in needed.get(self.record_status, ()) if getattr(self, name) is None]
        forbidden = [name for name in LIFECYCLE_FIELDS if name not in wanted and getattr(self, name) is not None]
        if missing or forbidden:
            raise PydanticCustomError(
                "lifecycle_invariant",
                "record_status {status!r} requires {missing} and forbids {forbidden}",
                {"status": self.record_status, "missing": missing, "forbidden": forbidden},
            )
        return self


#: category -> the full record model (``DecisionRecord``...): the envelope with that category's content
RECORD_MODELS: dict[str, type[MemoryRecord]] = {
    category: create_model(content.__name__.replace("Content", "Record"), __base__=MemoryRecord,
                           __module__=__name__, category=(Literal[category], ...), content=(content, ...))
    for category, content in CONTENT_MODELS.items()
}
assert tuple(RECORD_MODELS) == CATEGORIES

AnyRecord = Annotated[Union[tuple(RECORD_MODELS.values())], Field(discriminator="category")]  # type: ignore[valid-type]


def record_model_for(category: str) -> type[MemoryRecord]:
    """The record model for ``category`` (``KeyError`` for an unknown one)."""
    return RECORD_MODELS[category]


ENVELOPE_FIELDS: tuple[str, ...] = tuple(MemoryRecord.model_fields)
