"""Secret detection and redaction before anything is persisted.

Interface (stable):

    redact_text(text) -> (redacted_text, findings)
    redact_record(doc) -> (redacted_doc, findings)   # walks every string value
    find_secrets(text) -> [(start, end, kind), ...]  # the spans redact_text replaces

A finding is ``{"field": "<dotted path or ''>", "kind": "<secret kind>"}``; it never
contains the secret itself. A detected secret is replaced by ``[REDACTED:<kind>]``.

What is detected (``KINDS``):

- provider tokens recognisable by their shape (AWS key ids, GitHub, GitLab, Slack,
  Stripe, OpenAI, Anthropic, Google, Twilio, SendGrid, npm, PyPI, Azure, Heroku,
  Mailgun, Hugging Face, Shopify, DigitalOcean, Vault, Databricks, Telegram), JWTs,
  ``Bearer``/``Basic`` credentials;
- private key blocks (PEM, OpenSSH, PGP, encrypted), the whole block;
- passwords in URLs (``scheme://user:PASS@host``: user and host are kept);
- assignments keyed by a secret-ish name (``API_KEY=...``, ``"password": "..."``,
  ``Password=...;`` in connection strings): only the value, only when it looks real.

What is kept on purpose (look-alikes): hex hashes and git SHAs, UUIDs (unless assigned
to a secret-ish name), placeholders (``<your-api-key>``, ``xxxx``, ``changeme``,
``${API_KEY}``, ``$TOKEN``, ``os.environ[...]``, ``process.env.X``, ``{{ var }}``),
AWS's documented example credentials (anything containing ``EXAMPLE``, e.g.
``AKIAIOSFODNN7EXAMPLE``: published in AWS's own docs, so it protects nothing),
Stripe publishable keys ``pk_`` and Twilio account SIDs ``AC...`` (public identifiers),
public keys and certificates, and prose that merely mentions a password or token.

Text between secret and look-alike is a judgement call; the rule here is "redact when in
doubt inside a structured assignment, keep when in doubt in prose". A detected secret that
is distinctive (8+ characters mixing letters with digits or cases) is also redacted wherever
else it appears verbatim, e.g. a password assigned once and then repeated in prose.

Cost: every detector has literal trigger substrings; a text that contains none of them
is returned after a few substring searches. Regexes are compiled on first use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

__all__ = ["KINDS", "MARKER_RE", "marker", "find_secrets", "redact_text", "redact_record"]

#: a redaction marker as it appears in redacted text
MARKER_RE = re.compile(r"\[REDACTED:[a-z0-9_]+\]")


def marker(kind: str) -> str:
    return f"[REDACTED:{kind}]"


# ---------------------------------------------------------------------------
# value heuristics


_PLACEHOLDER_SUBSTRINGS = ("xxxx", "****", "example", "placeholder", "your", "redacted",
                           "dummy", "${", "<", ">", "...", "\u2026")
_SAME_CHAR_RUN = re.compile(r"(.)\1{5}")


def _is_dummy_token(token: str) -> bool:
    """A provider-shaped token that is obviously a documentation placeholder."""
    low = token.lower()
    return any(s in low for s in _PLACEHOLDER_SUBSTRINGS) or _SAME_CHAR_RUN.search(token) is not None


def _is_real_token(token: str) -> bool:
    return not _is_dummy_token(token)


def _has_letters_and_digits(token: str) -> bool:
    return any(c.isdigit() for c in token) and any(c.isalpha() for c in token)


def _looks_random(value: str, min_len: int) -> bool:
    """Long, no spaces, not a path or URL, and a mix of character classes."""
    if len(value) < min_len or any(c.isspace() for c in value):
        return False
    if value[0] in "/~." or "://" in value:
        return False
    lower = any(c.islower() for c in value)
    upper = any(c.isupper() for c in value)
    digit = any(c.isdigit() for c in value)
    symbol = any(not c.isalnum() for c in value)
    return (digit and (lower or upper)) or (lower and upper and (digit or symbol or len(value) >= 16))


def _real_random_token(token: str) -> bool:
    return _is_real_token(token) and _looks_random(token, 16)


def _real_bearer(token: str) -> bool:
    return _is_real_token(token) and _looks_random(token, 20)


def _real_basic(token: str) -> bool:
    return _is_real_token(token) and _looks_random(token, 8)


#: whole values that are placeholders, compared lowercased with non-alphanumerics removed
_PLACEHOLDER_VALUES = frozenset("""
    password passwd pass passphrase secret token apikey key changeme changeit example sample
    placeholder dummy fake test testing none null nil undefined empty redacted hidden masked
    todo tbd fixme default required optional string str bytes int bool true false yes no
    foo bar baz foobar secretkey secretstr mysecret mypassword mytoken mykey yourpassword
    yourtoken yourapikey yoursecret yourkey value notset unset
    await async new function lambda yield self this require import typeof getpass input
""".split())

#: a value containing one of these words is a placeholder
_PLACEHOLDER_WORDS = frozenset("your example examples placeholder changeme changeit replaceme "
                               "dummy fake sample redacted todo fixme".split())

_TEMPLATE_RE = re.compile(
    r"""^\$[A-Za-z_]\w*$        # $TOKEN
      | ^\$[{(]                # ${API_KEY}, $(cat file)
      | \{[^{}]*\}             # {{ var }}, f-string {token}
      | ^%\(?\w+\)?[sd%]?$     # %(password)s, %PASSWORD%
      | ^<[^<>]*>$             # <your-api-key>
    """,
    re.VERBOSE,
)
_CODE_REF_SUBSTRINGS = ("os.environ", "getenv", "process.env", "env[", "env.fetch",
                        "environment.", "secrets.", "import.meta.env")
_DOTTED_IDENT_RE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_CODE_IDENT_RE = re.compile(r"[A-Za-z]*_[A-Za-z_]*|[A-Za-z]*[a-z][A-Z][A-Za-z]*")
_MASK_RE = re.compile(r"[xX*.\u2022#_\-0]+")


_CAMEL_RE = re.compile(r"([a-z0-9])([A-Z])")
_NON_ALNUM_RE = re.compile(r"[^a-z0-9]+")


def _words(text: str) -> list[str]:
    """Split an identifier or value into lowercase words (separators and camelCase)."""
    return [w for w in _NON_ALNUM_RE.split(_CAMEL_RE.sub(r"\1 \2", text).lower()) if w]


def _is_real_value(value: str, *, quoted: bool, structured: bool) -> bool:
    """True when an assigned value looks like a real secret rather than a placeholder or code."""
    v = value.strip()
    if len(v) < 4:
        return False
    low = v.lower()
    if any(s in low for s in ("redacted", "example", "placeholder", "xxxx")) or "****" in v:
        return False
    if "..." in v or "\u2026" in v:
        return False
    if _TEMPLATE_RE.search(v) or _MASK_RE.fullmatch(v):
        return False
    if any(s in low for s in _CODE_REF_SUBSTRINGS):
        return False
    if not quoted and ("(" in v or "[" in v or _DOTTED_IDENT_RE.fullmatch(v) or _CODE_IDENT_RE.fullmatch(v)):
        return False
    if re.sub(r"[^a-z0-9]", "", low) in _PLACEHOLDER_VALUES:
        return False
    if _PLACEHOLDER_WORDS.intersection(_words(v)):
        return False
    if not structured and not _looks_random(v, 8):
        return False
    return True


def _real_url_password(password: str) -> bool:
    low = password.lower()
    if "redacted" in low or "xxxx" in low or "****" in password or _TEMPLATE_RE.search(password):
        return False
    if _MASK_RE.fullmatch(password):
        return False
    return re.sub(r"[^a-z0-9]", "", low) not in _PLACEHOLDER_VALUES and not _PLACEHOLDER_WORDS.intersection(_words(password))


def _no_example(token: str) -> bool:
    return "EXAMPLE" not in token.upper() and _is_real_token(token)


# ---------------------------------------------------------------------------
# secret-ish key names


_PASSWORD_WORDS = frozenset("password passwd passphrase pwd pass passwort pswd".split())
_SECRET_WORDS = frozenset("secret token apikey credential credentials privatekey secretkey "
                          "accesskey authkey clientsecret".split())
_SECRET_ENDINGS = ("password", "passwd", "secret", "token", "apikey", "privatekey", "secretkey", "accesskey")
_SECRET_PAIRS = frozenset({
    ("api", "key"), ("access", "key"), ("private", "key"), ("secret", "key"), ("auth", "key"),
    ("signing", "key"), ("encryption", "key"), ("master", "key"), ("client", "secret"),
    ("app", "secret"), ("account", "key"), ("session", "key"), ("license", "key"), ("service", "key"),
})
#: last words that make the name describe *something about* a secret, not the secret
_NON_SECRET_LAST = frozenset("""
    file files path dir directory folder name names type types length len count ttl expiry
    expires expired expiration timeout header headers field fields prefix suffix policy
    endpoint url uri id ids env var vars variable format regex pattern min max limit size
    mode provider location source enabled required version hint label rotation lifetime usage
    strength kind method algorithm algo scheme scope scopes class index cache budget window
    rate arn at on store manager service handler callback generator ref reference prompt
    message error errors validator validation policy complexity input label sha hash hashed
    digest salt rounds iterations option options config settings
""".split())
#: ``<X>_KEY`` env names that are not secrets
_NON_SECRET_KEY_PREFIX = frozenset("public publishable primary foreign sort cache partition "
                                   "lookup dict map row idempotency hash group shard routing "
                                   "ssh gpg pgp unique natural composite surrogate join".split())


@lru_cache(maxsize=2048)
def _key_kind(key: str) -> tuple[str, bool] | None:
    """(kind, needs_random_value) for a secret-ish assignment key, else None."""
    words = _words(key)
    if not words or words[-1] in _NON_SECRET_LAST:
        return None
    for w in words:
        if w in _PASSWORD_WORDS or w.endswith(("password", "passwd")):
            return "password", False
    for w in words:
        if w in _SECRET_WORDS or w.endswith(_SECRET_ENDINGS):
            return "secret", False
    if any(pair in _SECRET_PAIRS for pair in zip(words, words[1:])):
        return "secret", False
    bare = key.strip("\"'\\")
    if bare.isupper() and words[-1] == "key" and len(words) >= 2 and words[-2] not in _NON_SECRET_KEY_PREFIX:
        return "secret", True
    return None


# ---------------------------------------------------------------------------
# detectors


@dataclass(frozen=True)
class _Detector:
    kind: str
    triggers: tuple[str, ...]  # at least one must occur in the text (lowercased text if ci)
    pattern: str
    flags: int = 0
    group: int = 0  # the group that is the secret
    check: Callable[[str], bool] | None = None  # on the secret; False keeps it
    ci: bool = False


_L = r"(?<![A-Za-z0-9_])"  # left boundary of a token
_LD = r"(?<![A-Za-z0-9_-])"  # left boundary for tokens that may contain '-'
_R = r"(?![A-Za-z0-9_])"
_RD = r"(?![A-Za-z0-9_-])"
_ASSIGN = r"""\\?["']?\s*(?:[:=]|=>)\s*\\?["']?"""  # between a key and its value
_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"

#: in priority order: when spans overlap, the earliest detector names the kind
_DETECTORS: tuple[_Detector, ...] = (
    # the BEGIN line only; _private_key_end finds where the block stops
    _Detector("private_key", ("PRIVATE KEY",), r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"),
    _Detector("aws_access_key_id", ("AKIA", "ASIA", "ABIA", "ACCA"),
              r"(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])", check=_no_example),
    _Detector("aws_secret_access_key", ("secret",),
              r"(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)" + _ASSIGN
              + r"([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
              flags=re.IGNORECASE, group=1, check=_no_example, ci=True),
    _Detector("github_token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
              _L + r"(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{30,255})" + _R,
              check=_is_real_token),
    _Detector("gitlab_token", ("glpat-", "gldt-", "glrt-", "glptt-", "glsoat-", "glft-", "glimt-", "glagent-", "gloas-"),
              _LD + r"gl(?:pat|dt|rt|ptt|soat|ft|imt|agent|oas)-[A-Za-z0-9_-]{20,}", check=_is_real_token),
    _Detector("slack_webhook", ("hooks.slack.com",),
              r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]{16,}",
              check=_is_real_token),
    _Detector("slack_token", ("xox", "xapp-"),
              _LD + r"(?:xox[abposre]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,})", check=_is_real_token),
    _Detector("stripe_key", ("sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_"),
              _L + r"(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9+/=]{24,})" + _R,
              check=_is_real_token),
    _Detector("anthropic_api_key", ("sk-ant-",), _LD + r"sk-ant-[A-Za-z0-9_-]{20,}", check=_is_real_token),
    _Detector("openai_api_key", ("sk-",),
              _LD + r"sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{32,}" + _RD + ")",
              check=_real_random_token),
    _Detector("google_api_key", ("AIza",), _LD + r"AIza[0-9A-Za-z_-]{35}" + _RD, check=_is_real_token),
    _Detector("google_oauth_client_secret", ("GOCSPX-",), _LD + r"GOCSPX-[A-Za-z0-9_-]{28}" + _RD,
              check=_is_real_token),
    _Detector("google_oauth_token", ("ya29.", "1//0"),
              _LD + r"(?:ya29\.[A-Za-z0-9_-]{20,}|1//0[A-Za-z0-9_-]{40,})", check=_real_random_token),
    _Detector("sendgrid_api_key", ("SG.",), _LD + r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}" + _RD,
              check=_is_real_token),
    _Detector("twilio_api_key", ("SK",), _L + r"SK[0-9a-fA-F]{32}" + _R, check=_is_real_token),
    _Detector("twilio_auth_token", ("twilio",),
              r"twilio[\w.-]{0,40}?(?:auth[_-]?token|secret|token)" + _ASSIGN + r"([0-9a-f]{32})(?![0-9a-z])",
              flags=re.IGNORECASE, group=1, check=_is_real_token, ci=True),
    _Detector("npm_token", ("npm_",), _L + r"npm_[A-Za-z0-9]{36}" + _R, check=_is_real_token),
    _Detector("pypi_token", ("pypi-AgE",), _LD + r"pypi-AgE[A-Za-z0-9_-]{40,}", check=_is_real_token),
    _Detector("azure_storage_key", ("AccountKey=", "SharedAccessKey="),
              r"(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{20,}={0,2})", group=1, check=_is_real_token),
    _Detector("azure_sas_signature", ("sig=",), r"[?&]sig=([A-Za-z0-9%+/]{20,}(?:=|%3[Dd]){0,2})",
              group=1, check=_is_real_token),
    _Detector("heroku_api_key", ("HRKU-",), _LD + r"HRKU-[A-Za-z0-9_-]{20,}", check=_is_real_token),
    _Detector("heroku_api_key", ("heroku",),
              r"heroku[\w.-]{0,40}?(?:api[_-]?key|token|key|secret|password)" + _ASSIGN + "(" + _UUID + ")",
              flags=re.IGNORECASE, group=1, ci=True),
    _Detector("mailgun_api_key", ("key-",), _LD + r"key-[0-9a-zA-Z]{32}" + _RD, check=_real_random_token),
    _Detector("mailgun_api_key", ("mailgun",),
              _LD + r"[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}" + _RD, ci=True),
    _Detector("huggingface_token", ("hf_",), _L + r"hf_[A-Za-z0-9]{34,}" + _R, check=_real_random_token),
    _Detector("shopify_token", ("shpat_", "shpca_", "shppa_", "shpss_"),
              _L + r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}" + _R, check=_is_real_token),
    _Detector("digitalocean_token", ("_v1_",), _L + r"do[por]_v1_[a-f0-9]{64}" + _R, check=_is_real_token),
    _Detector("vault_token", ("hvs.", "hvb.", "hvr."), _LD + r"hv[sbr]\.[A-Za-z0-9_-]{24,}",
              check=_real_random_token),
    _Detector("databricks_token", ("dapi",), _L + r"dapi[a-f0-9]{32}(?:-\d)?" + _R, check=_is_real_token),
    _Detector("telegram_bot_token", (":AA",), _L + r"\d{8,10}:AA[A-Za-z0-9_-]{33}" + _RD,
              check=_is_real_token),
    _Detector("jwt", ("eyJ",),
              _LD + r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*", check=_is_real_token),
    _Detector("bearer_token", ("bearer",), _L + r"bearer[ \t]+([A-Za-z0-9._~+/-]{20,}=*)",
              flags=re.IGNORECASE, group=1, check=_real_bearer, ci=True),
    _Detector("basic_auth", ("basic",),
              r"authorization" + _ASSIGN + r"basic[ \t]+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])",
              flags=re.IGNORECASE, group=1, check=_real_basic, ci=True),
    _Detector("url_password", ("://",),
              r"://[^\s:/@?#\"'<>`\[\]]*:([^\s/?#\"'<>`\[\]]+)@(?=[A-Za-z0-9\[])", group=1, check=_real_url_password),
)

_KEY_END_PATTERN = r"-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
#: the body of a block whose END line is missing (a cut excerpt): base64 lines and PEM headers
_KEY_BODY_PATTERN = (r"(?:(?:\s|\\[rn])+(?:(?:Proc-Type|DEK-Info|Comment|Version|Hash):[^\n\\]*"
                     r"|[A-Za-z0-9+/=]{16,}))*(?:(?:\s|\\[rn])+[A-Za-z0-9+/]{1,15}={1,2})?")
_MAX_KEY_BLOCK = 65536

#: assignments: ``key = value``, ``key: value``, ``"key": "value"``, ``key => value``
_ASSIGNMENT_PATTERN = r"""
    (?<![\w.\-])
    (?P<kq>\\?["']|)
    (?P<key>[A-Za-z_][\w.\-]{0,63})
    (?P=kq)
    [ \t]*(?P<sep>:=|=>|=(?!=)|:(?![:/]))[ \t]*
    (?P<val>
        \\"(?:[^"\\\n]|\\[^"\n])*\\"
      | "(?:[^"\\\n]|\\.)*"
      | '[^'\n]*'
      | `[^`\n]*`
      | [^\s;&,"'`]+
    )
"""
_ASSIGNMENT_TRIGGERS = ("pass", "pwd", "pswd", "secret", "token", "key", "credential")
_LINE_ANCHOR_RE = re.compile(r"[ \t>*+\-{,\[]*(?:(?:export|set|setx|env|ENV|ARG)[ \t]+)?")

#: every kind this module can report
KINDS: tuple[str, ...] = tuple(dict.fromkeys([d.kind for d in _DETECTORS] + ["password", "secret"]))

_ASSIGNMENT_PRIORITY = len(_DETECTORS)


@lru_cache(maxsize=1)
def _compiled() -> tuple[re.Pattern, ...]:
    return tuple(re.compile(d.pattern, d.flags) for d in _DETECTORS)


@lru_cache(maxsize=1)
def _key_block_res() -> tuple[re.Pattern, re.Pattern]:
    return re.compile(_KEY_END_PATTERN), re.compile(_KEY_BODY_PATTERN)


def _private_key_spans(text: str, begin: re.Pattern):
    """Whole private key blocks: BEGIN line to END line, or to the end of the body if END is cut off.

    Linear: each END search starts after the previous block, and once no END line is left the
    search is not repeated for later BEGIN lines.
    """
    end_re, body_re = _key_block_res()
    pos, no_end_after = 0, len(text) + 1
    while (b := begin.search(text, pos)) is not None:
        e = end_re.search(text, b.end()) if b.end() < no_end_after else None
        if e is None:
            no_end_after = min(no_end_after, b.end())
        if e is not None and e.start() - b.end() <= _MAX_KEY_BLOCK:
            end = e.end()
        else:
            end = body_re.match(text, b.end()).end()
        yield b.start(), end
        pos = end


@lru_cache(maxsize=1)
def _triggers() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The distinct triggers searched in the text as is, and in the lowercased text."""
    cased = {t for d in _DETECTORS if not d.ci for t in d.triggers}
    folded = {t for d in _DETECTORS if d.ci for t in d.triggers} | set(_ASSIGNMENT_TRIGGERS)
    return tuple(sorted(cased - folded)), tuple(sorted(folded))


@lru_cache(maxsize=1)
def _assignment_re() -> re.Pattern:
    return re.compile(_ASSIGNMENT_PATTERN, re.VERBOSE)


def _assignment_spans(text: str):
    """(start, end, kind) of secret values assigned to secret-ish keys."""
    for m in _assignment_re().finditer(text):
        key = m["key"]
        lowered_key = key.lower()
        if not any(t in lowered_key for t in _ASSIGNMENT_TRIGGERS):
            continue
        key_kind = _key_kind(key)
        if key_kind is None:
            continue
        kind, needs_random = key_kind
        start, end = m.span("val")
        raw = m["val"]
        quoted = True
        if raw.startswith('\\"') and len(raw) >= 4:
            start, end = start + 2, end - 2
        elif raw[0] in "\"'`" and len(raw) >= 2:
            start, end = start + 1, end - 1
        else:
            quoted = False
            while end > start and text[end - 1] in ".:)]}":
                end -= 1
        value = text[start:end]
        line_start = text.rfind("\n", 0, m.start()) + 1
        structured = (bool(m["kq"]) or quoted or m["sep"] != ":"
                      or _LINE_ANCHOR_RE.fullmatch(text, line_start, m.start()) is not None)
        if not _is_real_value(value, quoted=quoted, structured=structured):
            continue
        if needs_random and not _looks_random(value, 16):
            continue
        yield start, end, kind


# ---------------------------------------------------------------------------
# public API


def find_secrets(text: str) -> list[tuple[int, int, str]]:
    """Non-overlapping ``(start, end, kind)`` spans of the secrets in ``text``, in order."""
    if not isinstance(text, str) or len(text) < 8:
        return []
    lowered = text.lower()
    # the cheap pre-check: one substring search per distinct trigger decides which regexes run
    cased, folded = _triggers()
    present = {t for t in cased if t in text}
    present.update(t for t in folded if t in lowered)
    if not present:
        return []
    triggered = [i for i, det in enumerate(_DETECTORS) if not present.isdisjoint(det.triggers)]
    assignments = not present.isdisjoint(_ASSIGNMENT_TRIGGERS)
    found: list[tuple[int, int, int, str]] = []
    if triggered:
        compiled = _compiled()
        for priority in triggered:
            det = _DETECTORS[priority]
            if det.kind == "private_key":
                found.extend((start, end, priority, det.kind)
                             for start, end in _private_key_spans(text, compiled[priority]))
                continue
            for m in compiled[priority].finditer(text):
                start, end = m.span(det.group)
                if start < end and (det.check is None or det.check(text[start:end])):
                    found.append((start, end, priority, det.kind))
    if assignments:
        for start, end, kind in _assignment_spans(text):
            found.append((start, end, _ASSIGNMENT_PRIORITY, kind))
    if found and "[REDACTED:" in text:
        # never redact into an earlier redaction: this is what makes redaction idempotent
        markers = [m.span() for m in MARKER_RE.finditer(text)]
        found = [f for f in found if not any(f[0] < m_end and m_start < f[1] for m_start, m_end in markers)]
    return _merge(found)


def _merge(found: list[tuple[int, int, int, str]]) -> list[tuple[int, int, str]]:
    """Union overlapping spans; the highest-priority member names the kind."""
    merged: list[tuple[int, int, str]] = []
    cur: list | None = None
    for start, end, priority, kind in sorted(found):
        if cur is not None and start < cur[1]:
            cur[1] = max(cur[1], end)
            if priority < cur[2]:
                cur[2], cur[3] = priority, kind
            continue
        if cur is not None:
            merged.append((cur[0], cur[1], cur[3]))
        cur = [start, end, priority, kind]
    if cur is not None:
        merged.append((cur[0], cur[1], cur[3]))
    return merged


def _sweepable(secret: str) -> bool:
    """A secret distinctive enough to redact wherever it appears (never a plain word)."""
    return _looks_random(secret, 8)


def _replace_outside_markers(text: str, secret: str, replacement: str) -> tuple[str, int]:
    parts = MARKER_RE.split(text)
    markers = MARKER_RE.findall(text)
    count = 0
    for i, part in enumerate(parts):
        n = part.count(secret)
        if n:
            count += n
            parts[i] = part.replace(secret, replacement)
    out = [parts[0]]
    for m, part in zip(markers, parts[1:]):
        out += [m, part]
    return "".join(out), count


#: Redaction can expose a token: ``-----BEGIN ... KEY-----xoxa-...`` hides the Slack token behind
#: the key header's dashes until the header becomes a marker. Passes repeat until nothing new is
#: found, so the result is a fixed point (redacting it again changes nothing).
_MAX_PASSES = 4


def _redact(text: str) -> tuple[str, list[str]]:
    """Redacted text and the kinds found, in order (repeated until nothing new is found)."""
    kinds: list[str] = []
    for _ in range(_MAX_PASSES):
        text, found = _redact_once(text)
        if not found:
            break
        kinds += found
    return text, kinds


def _redact_once(text: str) -> tuple[str, list[str]]:
    spans = find_secrets(text)
    if not spans:
        return text, []
    out: list[str] = []
    kinds: list[str] = []
    secrets: dict[str, str] = {}
    pos = 0
    for start, end, kind in spans:
        out += [text[pos:start], marker(kind)]
        kinds.append(kind)
        secrets.setdefault(text[start:end], kind)
        pos = end
    out.append(text[pos:])
    result = "".join(out)
    # the same secret elsewhere in the text (e.g. repeated in prose) goes too
    for secret in sorted(secrets, key=len, reverse=True):
        if _sweepable(secret) and secret in result:
            result, n = _replace_outside_markers(result, secret, marker(secrets[secret]))
            kinds += [secrets[secret]] * n
    return result, kinds


def redact_text(text: str) -> tuple[str, list[dict]]:
    """``text`` with secrets replaced by ``[REDACTED:<kind>]``, and one finding per secret."""
    if not isinstance(text, str):
        return text, []
    result, kinds = _redact(text)
    return result, [{"field": "", "kind": k} for k in kinds]


def redact_record(doc: Any) -> tuple[Any, list[dict]]:
    """A copy of ``doc`` with every string value redacted (keys untouched), and the findings.

    ``field`` is the dotted path of the value (list items by index: ``content.steps.2``).
    """
    findings: list[dict] = []

    def walk(node: Any, path: str) -> Any:
        if isinstance(node, str):
            result, kinds = _redact(node)
            findings.extend({"field": path, "kind": k} for k in kinds)
            return result
        if isinstance(node, dict):
            return {k: walk(v, f"{path}.{k}" if path else str(k)) for k, v in node.items()}
        if isinstance(node, (list, tuple)):
            items = [walk(v, f"{path}.{i}" if path else str(i)) for i, v in enumerate(node)]
            return items if isinstance(node, list) else tuple(items)
        return node

    return walk(doc, ""), findings
