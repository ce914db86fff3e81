"""Words for recall: tokenising, light stemming, stop words and software-domain synonyms.

Standard library only (``re``), shared by the index builder and the query side so both
reduce text to the same terms. Everything here is pure and deterministic.

A *term* is a lower-case stem. Besides single words, identifiers joined by ``-``, ``_``
or ``.`` (``write_pandas``, ``tracking-ingest``, ``Variable.get``) also yield one
compound term (``write_pandas``, ``tracking_ingest``, ``variable_get``), and camelCase
words yield their parts as well as the whole, so exact identifiers score above their
loose parts.
"""

from __future__ import annotations

import re

__all__ = [
    "TOKENIZER_VERSION",
    "terms",
    "query_terms",
    "stem",
    "expand",
    "path_mentions",
    "norm_path",
    "STOP_WORDS",
    "GENERIC_WORDS",
    "SYNONYM_GROUPS",
    "CATEGORY_CUES",
]

#: Bumped whenever :func:`terms` (tokenising, stemming, stop words) changes what the index
#: stores, so a recall cache built by an older tokenizer is rebuilt (the cache header keeps it).
TOKENIZER_VERSION = 1

_WORD = re.compile(r"[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z]|[0-9]|$)|[A-Z]?[a-z]+|[0-9]+|[A-Z]+")
_SEP = re.compile(r"[._-]")
# A path or file name: has a slash, or ends in a short extension.
_PATH = re.compile(r"[\w.@+~-]*(?:/[\w.@+~-]+)+/?|[\w@+~-]+(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,5}\b")

#: Function words and prompt filler. They carry no topic, so they never count as evidence.
STOP_WORDS = frozenset(
    """
    a about above after again against all also am an and any are aren as at be because been before
    being below between both but by can cannot could couldn did didn do does doesn doing don down
    during each even ever every few for from further get gets getting got had hadn has hasn have
    haven having he her here hers him his how i if in into is isn it its itself just let lets ll
    me might more most must mustn my myself no nor not now of off ok okay on once only or other
    our ours out over own please re really s same shall she should shouldn so some still such t
    than that thats the their theirs them then there these they this those through thus to too
    under until up us ve very was wasn we were weren what whats when where which while who whom
    why will with won would wouldn yes yet you your yours
    hi hello hey thanks thank cheers morning afternoon evening
    want wants need needs like maybe actually just sure anyway something anything thing things
    stuff way ways one ones lot lots bit kind sort able via etc eg ie think know see guess
    add adding added make makes making made fix fixes fixing fixed write writing written wrote
    change changes changing changed update updates updating updated create creating created
    help tell show explain look looking going goes went gone done try trying tried
    use using used uses new old good bad better best right wrong work works working
    """.split()
)

#: Words every software project uses: matching one says little about *which* memory is meant.
GENERIC_WORDS = frozenset(
    """
    code codes file files function functions method methods class classes variable variables
    value values type types string strings number numbers line lines loop loops list lists
    data error errors bug bugs issue issues problem problems thing app apps application page
    pages project projects repo repository script scripts tool tools command commands cli
    user users feature features logic helper helpers module modules component components
    run runs running build builds test tests output input result results time times day days
    step steps part parts case cases call calls way field fields table tables name names
    check checks start starts stop stops set sets get fail fails failing failed work
    refactor refactoring rename renaming cleanup tidy improve simplify implement support handle
    readable readability docstring docstrings comment comments typo typos
    """.split()
)
GENERIC_MASS = 0.3
CAMEL_PART_MASS = 0.5

# General software vocabulary: each line is one group of words that mean nearly the same in
# a software project. A query word pulls in the rest of its group at a reduced weight.
_SYNONYM_TEXT = """
log logs logging logger loggers slog zap logrus structlog
test tests testing unittest pytest
mock mocks mocking mockery fake fakes stub stubs double doubles spy spies
assert assertion assertions expect expectation require testify
metric metrics instrumentation telemetry prometheus histogram histograms counter counters gauge gauges
trace traces tracing span spans opentelemetry otel
deploy deploys deployment deployments release releases rollout rollouts ship shipping prod production
freeze frozen moratorium blackout
crash crashes crashing crashed die dies dying died killed oom oomkilled restart restarts 137
memory ram oom oomkilled heap
slow slowness latency sluggish ages laggy performance perf p99 p95 lag lagging behind
cost costs bill billing billed spend spending credits credit expensive budget pricey invoice
warehouse warehouses snowflake bigquery redshift
database db databases postgres postgresql mysql rds sql
auth authentication login sso oauth oidc
flaky flake intermittent intermittently sporadic
error errors err exception exceptions failure failures panic traceback
retry retries retrying backoff
credential credentials secret secrets password passwords token tokens key keys keypair 401 unauthorized
rotate rotation rotating renew expire expired expiry
msg message messages
lint linter linters linting golangci ruff eslint flake8
format formatting formatter formatted black prettier gofmt
style styleguide conventions convention layout
library lib libs package packages dependency dependencies deps requirements sdk
config configuration settings setting env
kubernetes k8s kubectl pod pods
dashboard dashboards bi reporting looker tableau
schedule scheduler cron scheduled nightly daily
queue queued queueing waiting pending stuck
timezone timezones tz utc midnight
duplicate duplicates duplicated dedupe deduplicate idempotent idempotency exactly-once
pii personal privacy gdpr sensitive email emails
size bytes mb large oversized huge
image images photo photos picture attachment
replay replaying reprocess rerun backfill reset reload redo
rest http endpoint endpoints json api
partition partitions partitioning sharding shard key hash
order ordering ordered sequence sequential sequence
currency fx exchange conversion convert rate rates
dataframe dataframes pandas polars
hosted cloud saas managed
pr prs pull merge review
upgrade upgrades upgrading bump bumping version migrate migrating migration port porting move moving
scale scaling autoscale autoscaling replicas hpa keda horizontal
alert alerts alerting alarm page paging pager
extractor extractors extract extraction connector ingestion ingest source sources
facebook meta instagram
ads ad advertising campaign campaigns
sms twilio text
naming name names named convention conventions call called
kicked evicted rebalance rebalancing membership
ci pipeline pipelines workflow workflows github-actions actions
schema schemas contract contracts
limit limits quota quotas cap capped max maximum throttle throttled throttling
stream streams topic topics kafka event events
publish publishes publishing publisher produce producer producers emit
consume consumer consumers subscriber subscribe
transform transforms transformation aggregation aggregate aggregations
model models dbt
commit commits commit-message
handler handlers controller controllers
"""

#: (regular expression, category): wording that asks for one kind of memory. Used as a
#: small boost for memories of that category, never as a filter.
CATEGORY_CUES: tuple[tuple[str, str], ...] = (
    (r"\bwhy (?:did|do|are|is|was|were) (?:we|our)\b|\bwhat did we (?:decide|choose|pick|go with)\b"
     r"|\bwhich (?:\w+ )?(?:should|do) we\b|\bor\b.*\bfor (?:the|our|a)\b|\bdecid|\bchose\b|\bchoice\b", "decision"),
    (r"\bhow (?:do|can|should) (?:i|we) (?:fix|debug|recover|resolve|restart|rerun|re-run|replay|rotate|handle)\b"
     r"|\berror\b|\bfail(?:s|ed|ing)?\b|\bbroken\b|\bstuck\b|\bcrash|\bdown\b|\bkeeps?\b|\bagain\b", "runbook"),
    (r"\bconvention|\bhow should (?:i|we)\b|\bstyle\b|\bprefer|\bnaming\b|\bwhat do (?:i|we) (?:call|name)\b"
     r"|\bformat", "preference"),
    (r"\blimits?\b|\bcan (?:i|we)\b|\ballowed\b|\bmax(?:imum)?\b|\bquota|\bpolicy|\bmust(?:n't| not)?\b"
     r"|\bforbid|\brule\b", "constraint"),
    (r"\bwhere did (?:we|i) leave\b|\blast (?:time|session|week)\b|\bleft (?:off|over|to do)\b|\bstill left\b"
     r"|\bstatus of\b|\bwhere (?:are|were) we\b|\bprogress\b", "session_summary"),
    (r"\btodo\b|\bclean ?up\b|\b(?:tech(?:nical)? )?debt\b|\brefactor|\blegacy\b|\bhack\b|\bworkaround", "tech_debt"),
)

SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = tuple(
    tuple(line.split()) for line in _SYNONYM_TEXT.strip().splitlines() if line.strip()
)


def stem(word: str) -> str:
    """A light suffix stripper: plurals, -ing, -ed, a final -e. Same result for both sides."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ing") and len(word) > 5:
        word = _undouble(word[:-3])
    elif word.endswith("ed") and len(word) > 4:
        word = _undouble(word[:-2])
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def _undouble(word: str) -> str:
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        return word[:-1]
    return word


def _words(text: str):
    """Yield (word, kind) for every word of ``text``, stop words included.

    ``kind`` is 1 for a compound (``write_pandas``) or camelCase whole
    (``trackingingestconsumerlaghigh``) that is also yielded as its parts, 2 for a part of a
    camelCase word, and 0 otherwise.
    """
    for match in _WORD.finditer(text):
        raw = match.group()
        pieces = _SEP.split(raw)
        if len(pieces) > 1:
            yield "_".join(p.lower() for p in pieces), 1
        for piece in pieces:
            low = piece.lower()
            if not piece.islower() and not piece.isupper() and not piece.isdigit():
                parts = _CAMEL.findall(piece)
                if len(parts) > 1:
                    yield low, 1
                    for part in parts:
                        yield part.lower(), 2
                    continue
            yield low, 0


def terms(text: str) -> list[str]:
    """Index terms of ``text``: stems of content words, compounds and camelCase parts."""
    out = []
    for word, _part in _words(text):
        if len(word) < 2 or word in STOP_WORDS:
            continue
        out.append(stem(word))
    return out


def query_terms(text: str) -> list[tuple[str, float]]:
    """Distinct terms of a prompt with their evidence mass factor, in order of appearance.

    The factor is 0 for compounds and camelCase wholes (their parts carry the evidence;
    the whole only adds score for an exact identifier), ``CAMEL_PART_MASS`` for a part of
    a camelCase word (``GitHub`` is one word, not two pieces of evidence), ``GENERIC_MASS``
    for words every software project uses, and 1 otherwise.
    """
    seen: dict[str, float] = {}
    for word, kind in _words(text):
        if len(word) < 2 or word in STOP_WORDS:
            continue
        term = stem(word)
        if term in seen:
            continue
        if kind == 1:
            factor = 0.0
        elif kind == 2:
            factor = CAMEL_PART_MASS if term not in _GENERIC else GENERIC_MASS * CAMEL_PART_MASS
        elif term in _GENERIC:
            factor = GENERIC_MASS
        else:
            factor = 1.0
        seen[term] = factor
    return list(seen.items())


def _build_synonyms() -> dict[str, tuple[str, ...]]:
    table: dict[str, set[str]] = {}
    for group in SYNONYM_GROUPS:
        stems = {stem(w) for w in group}
        for s in stems:
            table.setdefault(s, set()).update(stems - {s})
    return {k: tuple(sorted(v)) for k, v in table.items()}


_SYNONYMS: dict[str, tuple[str, ...]] | None = None
_GENERIC = frozenset(stem(w) for w in GENERIC_WORDS)


def expand(term: str) -> tuple[str, ...]:
    """Other terms that mean nearly the same as ``term`` (its synonym groups)."""
    global _SYNONYMS
    if _SYNONYMS is None:
        _SYNONYMS = _build_synonyms()
    return _SYNONYMS.get(term, ())


def norm_path(path: str) -> str:
    """Lower-case, ``/``-separated, without a leading ``./`` or ``/``: how file paths are compared."""
    p = path.strip().replace("\\", "/").lower()
    while p.startswith("./"):
        p = p[2:]
    return p.lstrip("/")


def path_mentions(text: str) -> list[str]:
    """File paths and file names the text names, lower-cased, without leading ``./`` or ``/``."""
    out: list[str] = []
    for match in _PATH.finditer(text):
        p = norm_path(match.group().rstrip("."))
        if p and any(c.isalpha() for c in p) and p not in out:
            out.append(p)
    return out
