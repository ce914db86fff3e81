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

import bisect
from functools import lru_cache

# Light to import (hooks call it): no ``re``, ``typing`` or ``dataclasses`` at import time. Every
# regex is compiled on first use, so a text without a trigger costs substring searches only.
_I, _M, _X = "i", "m", "x"  # regex flags, as inline flags: ``(?i)`` and so on


class _Lazy:
    """A regex compiled (and ``re`` imported) on first use; otherwise it acts as the pattern."""

    __slots__ = ("pattern", "flags", "compiled")

    def __init__(self, pattern: str, flags: str = "") -> None:
        self.pattern, self.flags, self.compiled = pattern, flags, None

    def get(self) -> "re.Pattern":
        if self.compiled is None:
            self.compiled = _compile(self.pattern, self.flags)
        return self.compiled

    def __getattr__(self, name: str):
        return getattr(self.get(), name)


def _compile(pattern: str, flags: str = "") -> "re.Pattern":
    import re

    return re.compile(f"(?{flags}){pattern}" if flags else pattern)


def _sub(pattern: str, repl: str, text: str) -> str:
    import re

    return re.sub(pattern, repl, text)

__all__ = ["KINDS", "MARKER_RE", "marker", "find_secrets", "redaction_spans", "redact_text", "redact_mapped",
           "redact_record"]

#: a redaction marker as it appears in redacted text
MARKER_RE = _Lazy(r"\[REDACTED:[a-z0-9_]+\]")


def marker(kind: str) -> str:
    return f"[REDACTED:{kind}]"


# ---------------------------------------------------------------------------
# value heuristics


_PLACEHOLDER_SUBSTRINGS = ("xxxx", "****", "example", "placeholder", "your", "redacted",
                           "dummy", "${", "<", ">", "...", "\u2026")
_SAME_CHAR_RUN = _Lazy(r"(.)\1{5}")


def _is_dummy_token(token: str) -> bool:
    """A provider-shaped token that is obviously a documentation placeholder."""
    low = token.lower()
    return any(s in low for s in _PLACEHOLDER_SUBSTRINGS) or _SAME_CHAR_RUN.search(token) is not None


def _is_real_token(token: str) -> bool:
    return not _is_dummy_token(token)


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

_TEMPLATE_RE = _Lazy(
    r"""^\$[A-Za-z_]\w*$        # $TOKEN
      | ^\$[{(]                # ${API_KEY}, $(cat file)
      | \{[^{}]*\}             # {{ var }}, f-string {token}
      | ^%\(?\w+\)?[sd%]?$     # %(password)s, %PASSWORD%
      | ^<[^<>]*>$             # <your-api-key>
    """,
    _X,
)
_CODE_REF_SUBSTRINGS = ("os.environ", "getenv", "process.env", "env[", "env.fetch",
                        "environment.", "secrets.", "import.meta.env")
_DOTTED_IDENT_RE = _Lazy(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_CODE_IDENT_RE = _Lazy(r"[A-Za-z]*_[A-Za-z_]*|[A-Za-z]*[a-z][A-Z][A-Za-z]*")
_MASK_RE = _Lazy(r"[xX*.\u2022#_\-0]+")


_CAMEL_RE = _Lazy(r"([a-z0-9])([A-Z])")
_NON_ALNUM_RE = _Lazy(r"[^a-z0-9]+")


def _words(text: str) -> list[str]:
    """Split an identifier or value into lowercase words (separators and camelCase)."""
    return [w for w in _NON_ALNUM_RE.split(_CAMEL_RE.sub(r"\1 \2", text).lower()) if w]


#: an assigned value longer than this is redacted without the placeholder checks
_LONG_VALUE = 512


def _is_real_value(value: str, *, quoted: bool, structured: bool) -> bool:
    """True when an assigned value looks like a real secret rather than a placeholder or code."""
    if len(value) > _LONG_VALUE:
        return True  # a blob, never a placeholder; and checking is O(length) for each key inside it
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
    if _sub(r"[^a-z0-9]", "", low) in _PLACEHOLDER_VALUES:
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
    return _sub(r"[^a-z0-9]", "", low) not in _PLACEHOLDER_VALUES and not _PLACEHOLDER_WORDS.intersection(_words(password))


def _no_example(token: str) -> bool:
    return "EXAMPLE" not in token.upper() and _is_real_token(token)


def _lower_key_id(token: str) -> bool:
    """A lower-cased AWS key id (``akia...``, as a slug or a log shows it): digits and letters both
    (several of each, as the real ones have), so a word that happens to start with ``asia`` stays."""
    body = token[4:]
    return sum(c.isdigit() for c in body) >= 2 and sum(c.isalpha() for c in body) >= 2 and _no_example(token)


def _discord_token(token: str) -> bool:
    """A Discord bot token: its first part is the bot's numeric id in base64."""
    import base64
    import binascii

    head = token.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(head + "=" * (-len(head) % 4))
    except (binascii.Error, ValueError):
        return False
    return decoded.isdigit() and 17 <= len(decoded) <= 20 and _is_real_token(token)


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


#: units: a name ending in one describes a quantity (``session_token_ttl_seconds``), not a secret
_UNIT_WORDS = frozenset("""
    seconds second secs sec ms millis milliseconds us ns minutes minute mins min hours hour hrs
    days day weeks months years bytes kb mb gb chars characters bits percent pct retries attempts
    times
""".split())
#: a secret word followed by one of these names something about the secret (``token_ttl``)
_ABOUT_WORDS = _NON_SECRET_LAST | _UNIT_WORDS
_SECRET_TRIGGER_WORDS = _PASSWORD_WORDS | _SECRET_WORDS | {"key", "pwd"}


@lru_cache(maxsize=2048)
def _key_kind(key: str) -> tuple[str, bool] | None:
    """(kind, needs_random_value) for a secret-ish assignment key, else None."""
    words = _words(key)
    if len(words) >= 3 and words[-3:] == ["private", "key", "id"]:
        return "secret", False  # a service account's private_key_id points at its key
    if not words or words[-1] in _ABOUT_WORDS:
        return None
    last_secret = max((i for i, w in enumerate(words) if w in _SECRET_TRIGGER_WORDS
                       or w.endswith(_SECRET_ENDINGS) or w.endswith(("password", "passwd"))), default=-1)
    if last_secret >= 0 and any(w in _ABOUT_WORDS for w in words[last_secret + 1:]):
        return None  # token_ttl_ms, password_min_length_chars, api_key_rotation_days
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


class _Detector:
    """kind; triggers (at least one must occur in the text, the lowercased text if ``ci``); the
    pattern and its flags; the group that is the secret; ``check`` on the secret (False keeps it)."""

    __slots__ = ("kind", "triggers", "pattern", "flags", "group", "check", "ci")

    def __init__(self, kind: str, triggers: tuple, pattern: str, flags: str = "", group: int = 0,
                 check=None, ci: bool = False) -> None:
        self.kind, self.triggers, self.pattern, self.flags = kind, triggers, pattern, flags
        self.group, self.check, self.ci = group, check, ci


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
    _Detector("aws_access_key_id", ("akia", "asia", "abia", "acca"),
              r"(?<![A-Za-z0-9])(?:akia|asia|abia|acca)[a-z0-9]{16}(?![A-Za-z0-9])", check=_lower_key_id),
    _Detector("aws_secret_access_key", ("secret",),
              r"(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)" + _ASSIGN
              + r"([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
              flags=_I, group=1, check=_no_example, ci=True),
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
              flags=_I, group=1, check=_is_real_token, ci=True),
    _Detector("npm_token", ("npm_",), _L + r"npm_[A-Za-z0-9]{36}" + _R, check=_is_real_token),
    _Detector("pypi_token", ("pypi-AgE",), _LD + r"pypi-AgE[A-Za-z0-9_-]{40,}", check=_is_real_token),
    _Detector("azure_storage_key", ("AccountKey=", "SharedAccessKey="),
              r"(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{20,}={0,2})", group=1, check=_is_real_token),
    _Detector("azure_sas_signature", ("sig=",), r"[?&]sig=([A-Za-z0-9%+/]{20,}(?:=|%3[Dd]){0,2})",
              group=1, check=_is_real_token),
    _Detector("heroku_api_key", ("HRKU-",), _LD + r"HRKU-[A-Za-z0-9_-]{20,}", check=_is_real_token),
    _Detector("heroku_api_key", ("heroku",),
              r"heroku[\w.-]{0,40}?(?:api[_-]?key|token|key|secret|password)" + _ASSIGN + "(" + _UUID + ")",
              flags=_I, group=1, ci=True),
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
    _Detector("discord_token", ("MT", "Mj", "Mz", "ND", "NT", "Nj", "Nz", "OD", "OT"),
              _LD + r"[MNO][A-Za-z0-9_-]{22,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,40}" + _RD,
              check=_discord_token),
    _Detector("jwt", ("eyJ",),
              _LD + r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*", check=_is_real_token),
    _Detector("bearer_token", ("bearer",), _L + r"bearer[ \t]+([A-Za-z0-9._~+/-]{20,}=*)",
              flags=_I, group=1, check=_real_bearer, ci=True),
    _Detector("basic_auth", ("basic",),
              r"authorization" + _ASSIGN + r"basic[ \t]+([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])",
              flags=_I, group=1, check=_real_basic, ci=True),
    _Detector("url_password", ("://",),
              r"://[^\s:/@?#\"'<>`\[\]]*:([^\s/?#\"'<>`\[\]]+)@(?=[A-Za-z0-9\[])", group=1, check=_real_url_password),
)

_KEY_END_PATTERN = r"-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
#: the body of a block whose END line is missing (a cut excerpt): base64 lines and PEM headers
_KEY_BODY_PATTERN = (r"(?:(?:\s|\\[rn])+(?:(?:Proc-Type|DEK-Info|Comment|Version|Hash):[^\n\\]*"
                     r"|[A-Za-z0-9+/=]{16,}))*(?:(?:\s|\\[rn])+[A-Za-z0-9+/]{1,15}={1,2})?")
_MAX_KEY_BLOCK = 65536

#: assignments: ``key = value``, ``key: value``, ``"key": "value"``, ``key => value``. The key and the
#: separator only: the value is matched at the separator's end, and only for a secret-ish key.
_ASSIGNMENT_PATTERN = r"""
    (?<![\w.\-])
    (?P<kq>\\?["']|)
    (?P<key>[A-Za-z_][\w.\-]{0,63})
    (?P=kq)
    [ \t]*(?P<sep>:=|=>|=(?!=)|:(?![:/]))[ \t]*
"""
#: a value: quoted (at most 4096 characters, one line) or an unquoted run
_VALUE_PATTERN = r"""
    \\"(?:[^"\\\n]|\\[^"\n]){0,4096}\\"
  | "(?:[^"\\\n]|\\.){0,4096}"
  | '[^'\n]{0,4096}'
  | `[^`\n]{0,4096}`
"""
_UNQUOTED_VALUE = r"[^\s;&,\"'`]+"
_ASSIGNMENT_TRIGGERS = ("pass", "pwd", "pswd", "secret", "token", "key", "credential")
_LINE_ANCHOR_RE = _Lazy(r"[ \t>*+\-{,\[]*(?:(?:export|set|setx|env|ENV|ARG)[ \t]+)?")

#: every kind this module can report
KINDS: tuple[str, ...] = tuple(dict.fromkeys([d.kind for d in _DETECTORS] + ["password", "secret"]))

_ASSIGNMENT_PRIORITY = len(_DETECTORS)


@lru_cache(maxsize=1)
def _compiled() -> tuple["re.Pattern", ...]:
    return tuple(_compile(d.pattern, d.flags) for d in _DETECTORS)


@lru_cache(maxsize=1)
def _key_block_res() -> tuple[re.Pattern, re.Pattern]:
    return _compile(_KEY_END_PATTERN), _compile(_KEY_BODY_PATTERN)


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
    cased |= {t for triggers, ci, _ in _STRUCTURAL if not ci for t in triggers}
    folded |= {t for triggers, ci, _ in _STRUCTURAL if ci for t in triggers}
    return tuple(sorted(cased - folded)), tuple(sorted(folded))


@lru_cache(maxsize=1)
def _assignment_re() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    return (_compile(_ASSIGNMENT_PATTERN, _X), _compile(_VALUE_PATTERN, _X), _compile(_UNQUOTED_VALUE))


class _Runs:
    """The end of the unquoted run around a position, remembered: every key inside one long run
    (``a=a=a=...``) asks for the same end, so scanning stays linear in the text."""

    def __init__(self, text: str, pattern: re.Pattern) -> None:
        self.text, self.pattern, self.start, self.end = text, pattern, -1, -1

    def match(self, pos: int) -> int | None:
        if self.start <= pos < self.end:
            return self.end
        m = self.pattern.match(self.text, pos)
        if m is None:
            return None
        self.start, self.end = pos, m.end()
        return self.end


def _assignment_spans(text: str):
    """(start, end, kind) of secret values assigned to secret-ish keys.

    Every ``key<sep>`` is looked at, also one inside another's value (``Note: DB_PASSWORD=...``:
    the value of ``Note`` holds the assignment), and only a secret-ish key's value is read."""
    key_re, quoted_re, unquoted_re = _assignment_re()
    runs = _Runs(text, unquoted_re)
    for m in key_re.finditer(text):
        key = m["key"]
        lowered_key = key.lower()
        if not any(t in lowered_key for t in _ASSIGNMENT_TRIGGERS):
            continue
        key_kind = _key_kind(key)
        if key_kind is None:
            continue
        kind, needs_random = key_kind
        start = m.end()
        q = quoted_re.match(text, start)
        if q is not None:
            raw, end = q.group(), q.end()
        else:
            end = runs.match(start)
            if end is None:
                continue
            raw = text[start:end]
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
        if kind != "password" and value.isdigit() and len(value) < 16:
            continue  # a count or a limit (max_token: 4096), not a credential
        yield start, end, kind


# ---------------------------------------------------------------------------
# structural detectors: secrets recognised by where they stand, not by their shape


#: program -> {flag: how its value is given}. ``next``: the following word; ``attached``: glued to the
#: flag (``-pSECRET``); ``both``: either; ``userpass``: ``user:SECRET`` (``%`` or ``,`` for some tools),
#: glued or next; ``openssl``: ``pass:SECRET``.
_MYSQL = {"-p": "attached"}
_LOGIN = {"-p": "both"}
_PROGRAM_FLAGS: dict[str, dict[str, str]] = {
    **{name: _MYSQL for name in ("mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlcheck", "mysqlshow",
                                 "mysqlslap", "mysqlsh", "mariadb", "mariadb-dump", "mariadb-admin")},
    "sshpass": {"-p": "both"},
    "redis-cli": {"-a": "next"},
    **{name: {"-p": "next"} for name in ("mongo", "mongosh", "mongodump", "mongorestore", "mongoexport",
                                         "mongoimport")},
    **{name: {"-P": "both"} for name in ("sqlcmd", "bcp")},
    **{name: {"-w": "next"} for name in ("ldapsearch", "ldapadd", "ldapmodify", "ldapdelete", "ldapwhoami",
                                         "ldappasswd", "ldapcompare", "ldapmodrdn")},
    **{name: {"-P": "next"} for name in ("zip", "unzip", "zipcloak")},
    **{name: {"-p": "attached"} for name in ("7z", "7za", "7zr", "7zz")},
    "openssl": {"-passin": "openssl", "-passout": "openssl", "-pass": "openssl", "-k": "next"},
    "keytool": {f"-{p}": "next" for p in ("storepass", "keypass", "srcstorepass", "deststorepass",
                                          "srckeypass", "destkeypass", "new")},
    **{name: {"-U": "userpass", "--user": "userpass"} for name in ("smbclient", "rpcclient")},
    "curl": {"-u": "userpass", "--user": "userpass", "-U": "userpass", "--proxy-user": "userpass"},
    "lftp": {"-u": "userpass"},
}
#: ``<tool> login -p SECRET`` (container registries, cloud CLIs)
_LOGIN_TOOLS = frozenset("docker podman nerdctl buildah skopeo helm oras crane regctl az oc cf registry".split())
#: a flag whose first word is one of these takes no secret (``--no-password``, ``--ask-pass``)
_NO_VALUE_FIRST = frozenset("no ask prompt use with without require enable disable show read from".split())
#: every flag on a command line follows whitespace (a flag that starts a text is found through
#: the assignment triggers, which its name holds)
_CMD_TRIGGERS = (" -", "\t-", "\n-")

_SEGMENT_RE = _Lazy(r"[^\n;|&]+")
#: one shell word: unquoted characters and quoted strings (bounded, one line), one at a time
_WORD_RE = _Lazy(r"""(?:[^\s"'`;|&]|"(?:[^"\\\n]|\\.){0,4096}"|'[^'\n]{0,4096}')+""")


def _unquoted(text: str, start: int, end: int) -> tuple[int, int, bool]:
    """The span inside the quotes of a word that is one quoted string."""
    if end - start >= 2 and text[start] in "\"'" and text[end - 1] == text[start]:
        return start + 1, end - 1, True
    return start, end, False


def _command_value(text: str, start: int, end: int, kind: str, *, structured: bool):
    start, end, quoted = _unquoted(text, start, end)
    if start < end and _is_real_value(text[start:end], quoted=quoted, structured=structured):
        yield start, end, kind


def _after_separator(text: str, start: int, end: int, seps: str):
    """``user:SECRET``: the part after the first separator (None when there is none)."""
    start, end, _ = _unquoted(text, start, end)
    for i in range(start, end):
        if text[i] in seps:
            return i + 1, end
    return None


def _command_line_spans(text: str):
    """Secrets on command lines: ``--password=X``, ``--api-key X``, ``mysql -pX``, ``curl -u user:X``,
    ``sshpass -p X``, ``docker login -p X`` and the other flags of :data:`_PROGRAM_FLAGS`."""
    for seg in _SEGMENT_RE.get().finditer(text):
        if text.find("-", seg.start(), seg.end()) < 0:
            continue  # no flag in this command
        words = [m.span() for m in _WORD_RE.get().finditer(text, seg.start(), seg.end())]
        flags: dict[str, str] = {}
        for i, (ws, we) in enumerate(words):
            word = text[ws:we]
            name = word.rsplit("/", 1)[-1].lower()
            if name in _PROGRAM_FLAGS:
                flags = {**flags, **_PROGRAM_FLAGS[name]}
            elif name == "login" and i > 0 and text[words[i - 1][0]:words[i - 1][1]].lower() in _LOGIN_TOOLS:
                flags = {**flags, **_LOGIN}
            if not word.startswith("-") or len(word) < 2:
                continue
            nxt = words[i + 1] if i + 1 < len(words) else None
            yield from _flag_value(text, word, ws, we, nxt, flags)


def _flag_value(text: str, word: str, ws: int, we: int, nxt: tuple[int, int] | None, flags: dict[str, str]):
    flag, eq, _ = word.partition("=")
    next_ok = nxt is not None and not text.startswith("-", nxt[0])
    for known, how in flags.items():
        if how in ("attached", "both", "userpass") and word.startswith(known) and len(word) > len(known) \
                and not eq and len(known) == 2:
            span = (ws + len(known), we)
        elif flag == known and eq and how != "attached":
            span = (ws + len(flag) + 1, we)
        elif word == known and how in ("next", "both", "userpass", "openssl") and next_ok:
            span = nxt
        else:
            continue
        if how == "userpass":
            span = _after_separator(text, span[0], span[1], ":%,")
            if span is None:
                return
        elif how == "openssl":
            inner = text[span[0]:span[1]]
            if not inner.startswith("pass:"):
                return
            span = (span[0] + 5, span[1])
        yield from _command_value(text, span[0], span[1], "password", structured=True)
        return
    if not flag.startswith("--") and len(flag) <= 3:
        return  # -p, -u... mean different things to different programs
    name = flag.lstrip("-")
    if not any(t in name.lower() for t in _ASSIGNMENT_TRIGGERS):
        return
    key_kind = _key_kind(name)
    words = _words(name)
    if key_kind is None or (words and words[0] in _NO_VALUE_FIRST):
        return
    if eq:
        yield from _command_value(text, ws + len(flag) + 1, we, key_kind[0], structured=True)
    elif next_ok:
        yield from _command_value(text, nxt[0], nxt[1], key_kind[0], structured=False)


#: ``name: DB_PASSWORD`` then ``value: ...`` (Kubernetes env, CloudFormation parameters, key/value lists)
_PAIR_NAME_RE = _Lazy(
    r"""(?<![\w.\-])["']?(?:name|key|parameter_?key|variable)["']?[ \t]*[:=][ \t]*["']?"""
    r"""(?P<name>[A-Za-z_][\w.\-]{0,63})["']?""", _I)
_PAIR_VALUE_RE = _Lazy(
    r"""(?<![\w.\-])["']?(?:value|parameter_?value)["']?[ \t]*[:=][ \t]*""", _I)
_PAIR_WINDOW = 240


def _pair_spans(text: str):
    """The value paired with a secret-ish name: ``- name: DB_PASSWORD`` / ``  value: s3cret``."""
    key_re, quoted_re, unquoted_re = _assignment_re()
    runs = _Runs(text, unquoted_re)
    for m in _PAIR_NAME_RE.get().finditer(text):
        key_kind = _key_kind(m["name"])
        if key_kind is None:
            continue
        window_end = min(len(text), m.end() + _PAIR_WINDOW)
        nxt = _PAIR_NAME_RE.get().search(text, m.end(), window_end)
        if nxt is not None:
            window_end = nxt.start()
        v = _PAIR_VALUE_RE.get().search(text, m.end(), window_end)
        if v is None:
            continue
        start = v.end()
        q = quoted_re.match(text, start)
        end = q.end() if q is not None else runs.match(start)
        if end is None:
            continue
        start, end, quoted = _unquoted(text, start, end)
        if start < end and _is_real_value(text[start:end], quoted=quoted, structured=True) \
                and not (key_kind[0] != "password" and text[start:end].isdigit() and end - start < 16):
            yield start, end, key_kind[0]


_AWS_ID_RE = _Lazy(r"(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])", _I)
_AWS_SECRET_RE = _Lazy(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
_AWS_WINDOW = 300


def _aws_pair_spans(text: str):
    """A bare 40-character AWS secret key near its key id (``AKIA... wJalr...``): mixed case, so a
    40-hex git SHA next to a key id stays."""
    last = 0
    for m in _AWS_ID_RE.get().finditer(text):
        lo, hi = max(last, m.start() - _AWS_WINDOW), min(len(text), m.end() + _AWS_WINDOW)
        for c in _AWS_SECRET_RE.get().finditer(text, lo, hi):
            token = c.group()
            if any(ch.isupper() for ch in token) and any(ch.islower() for ch in token) \
                    and _looks_random(token, 40) and _no_example(token):
                yield c.start(), c.end(), "aws_secret_access_key"
        last = hi  # each stretch of text is searched once


#: ``.netrc``: ``machine HOST login USER password SECRET`` (one line or several)
_NETRC_RE = _Lazy(r"(?<![\w-])login[ \t]+\S{1,256}\s{1,64}password[ \t]+(\S{1,256})")


def _netrc_spans(text: str):
    for m in _NETRC_RE.get().finditer(text):
        start, end = m.span(1)
        before = text[max(0, m.start() - 300):m.start()]
        structured = "machine" in before or "default" in before
        start, end, quoted = _unquoted(text, start, end)
        if start < end and _is_real_value(text[start:end], quoted=quoted, structured=structured):
            yield start, end, "password"


#: ``.pgpass``: ``host:port:database:user:SECRET`` on a line of its own (``\:`` escapes a colon)
_PGPASS_RE = _Lazy(r"^[ \t]*[^:\s]{1,255}:(?:\d{1,5}|\*):[^:\s]{1,255}:[^:\s]{1,255}:"
                        r"((?:[^:\s\\]|\\.){1,1024})[ \t]*$", _M)


def _pgpass_spans(text: str):
    if text.count(":") < 4:
        return
    for m in _PGPASS_RE.get().finditer(text):
        start, end = m.span(1)
        if _is_real_value(text[start:end], quoted=False, structured=True):
            yield start, end, "password"


#: (triggers, case-insensitive, detector): run when a trigger occurs, like :data:`_DETECTORS`
_STRUCTURAL: tuple[tuple[tuple[str, ...], bool, Callable], ...] = (
    (_CMD_TRIGGERS + _ASSIGNMENT_TRIGGERS, True, _command_line_spans),
    (("value",), True, _pair_spans),
    (("akia", "asia", "abia", "acca"), True, _aws_pair_spans),
    (("login",), True, _netrc_spans),
    ((":",), False, _pgpass_spans),
)


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
    done = set()
    for triggers, _ci, detect in _STRUCTURAL:
        if detect not in done and not present.isdisjoint(triggers):
            done.add(detect)
            found.extend((start, end, _ASSIGNMENT_PRIORITY + 1, kind) for start, end, kind in detect(text))
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


#: Redaction can expose a token: ``-----BEGIN ... KEY-----xoxa-...`` hides the Slack token behind
#: the key header's dashes until the header becomes a marker. Passes repeat until nothing new is
#: found, so the result is a fixed point (redacting it again changes nothing).
_MAX_PASSES = 4


class _Shift:
    """Positions in ``text`` with ``spans`` replaced by markers <-> positions in ``text``."""

    def __init__(self, spans: list[tuple[int, int, str]]) -> None:
        self.spans = spans
        self.orig_starts: list[int] = []
        self.new_starts: list[int] = []
        self.deltas: list[int] = []  # new - orig, after each span
        delta = 0
        for start, end, kind in spans:
            self.orig_starts.append(start)
            self.new_starts.append(start + delta)
            delta += len(marker(kind)) - (end - start)
            self.deltas.append(delta)

    def to_original(self, pos: int) -> int:
        """A position in the redacted text outside every marker, in the original text."""
        i = bisect.bisect_left(self.new_starts, pos) - 1  # a position at a marker's start is before it
        return pos if i < 0 else pos - self.deltas[i]

    def to_redacted(self, pos: int) -> int:
        """A position in the original text, in the redacted text (inside a secret: its marker's start)."""
        i = bisect.bisect_right(self.orig_starts, pos) - 1
        if i < 0:
            return pos
        start, end, _ = self.spans[i]
        if pos < end:
            return self.new_starts[i]
        return pos + self.deltas[i]


def _apply(text: str, spans: list[tuple[int, int, str]]) -> str:
    out: list[str] = []
    pos = 0
    for start, end, kind in spans:
        out += [text[pos:start], marker(kind)]
        pos = end
    out.append(text[pos:])
    return "".join(out)


def redaction_spans(text: str) -> list[tuple[int, int, str]]:
    """The disjoint ``(start, end, kind)`` spans of ``text`` that :func:`redact_text` replaces, in
    order: every pass's findings and every other verbatim occurrence of a distinctive secret."""
    if not isinstance(text, str):
        return []
    first = find_secrets(text)
    if not first:
        return []  # the common case: one cheap pre-check, nothing else
    spans: list[tuple[int, int, str]] = []
    existing = [m.span() for m in MARKER_RE.finditer(text)] if "[REDACTED:" in text else []
    current = text
    for n in range(_MAX_PASSES):
        shift = _Shift(spans)
        found = [(shift.to_original(a), shift.to_original(b), k) for a, b, k in (first if n == 0 else
                                                                                find_secrets(current))]
        if not found:
            break
        taken = sorted(spans + found)
        for secret, kind in dict((text[a:b], k) for a, b, k in found).items():
            if not _sweepable(secret):
                continue
            pos = text.find(secret)
            while pos >= 0:
                end = pos + len(secret)
                if not _overlaps(taken, pos, end) and not any(pos < me and ms < end for ms, me in existing):
                    taken.append((pos, end, kind))
                    taken.sort()
                pos = text.find(secret, end)
        spans = taken
        current = _apply(text, spans)
    return spans


def _overlaps(spans: list[tuple[int, int, str]], start: int, end: int) -> bool:
    i = bisect.bisect_left(spans, (start,))
    return any(a < end and start < b for a, b, _ in spans[max(0, i - 1):i + 1])


def _redact(text: str) -> tuple[str, list[str]]:
    """Redacted text and the kinds found, in order."""
    spans = redaction_spans(text)
    return (_apply(text, spans), [k for _, _, k in spans]) if spans else (text, [])


def redact_mapped(text: str) -> tuple[str, Callable[[int], int]]:
    """The redacted text, and a function taking a position in ``text`` to the same place in it
    (a position inside a secret goes to its marker): redact a whole text first, then cut it."""
    spans = redaction_spans(text)
    return _apply(text, spans), _Shift(spans).to_redacted


def redact_text(text: str) -> tuple[str, list[dict]]:
    """``text`` with secrets replaced by ``[REDACTED:<kind>]``, and one finding per secret."""
    if not isinstance(text, str):
        return text, []
    result, kinds = _redact(text)
    return result, [{"field": "", "kind": k} for k in kinds]


def _redact_list(items: list, path: str, findings: list[dict]) -> list:
    """The strings of a list searched as one text (joined by newlines), so a secret split across
    items (a key's lines as list items, a name and its value) goes from every item it touches."""
    strings = [(i, v) for i, v in enumerate(items) if isinstance(v, str)]
    out = list(items)
    if len(strings) < 2:
        return out
    joined = "\n".join(v for _, v in strings)
    spans = redaction_spans(joined)
    pos = 0
    for i, v in strings:
        lo, hi = pos, pos + len(v)
        pos = hi + 1
        pieces = [(max(a, lo) - lo, min(b, hi) - lo, k) for a, b, k in spans if a < hi and lo < b]
        if pieces:
            out[i] = _apply(v, pieces)
            findings.extend({"field": f"{path}.{i}" if path else str(i), "kind": k} for _, _, k in pieces)
        out[i] = _Done(out[i])
    return out


class _Done(str):
    """A list item already redacted with its neighbours (the walk leaves it as it is)."""


def redact_record(doc: Any) -> tuple[Any, list[dict]]:
    """A copy of ``doc`` with every string redacted, dictionary keys included, and the findings.

    ``field`` is the dotted path of the value (list items by index: ``content.steps.2``); a key that
    held a secret is named by its redacted form. A secret split across the strings of a list is
    redacted in every item it touches.
    """
    findings: list[dict] = []

    def walk(node: Any, path: str) -> Any:
        if isinstance(node, _Done):
            return str(node)
        if isinstance(node, str):
            result, kinds = _redact(node)
            findings.extend({"field": path, "kind": k} for k in kinds)
            return result
        if isinstance(node, dict):
            out: dict = {}
            for k, v in node.items():
                if isinstance(k, str):
                    new_key, kinds = _redact(k)
                    n = 1
                    while new_key in out:  # two keys redacted alike stay two entries
                        n += 1
                        new_key = f"{_redact(k)[0]} ({n})"
                    findings.extend({"field": f"{path}.{new_key}" if path else new_key, "kind": kind}
                                    for kind in kinds)
                    k = new_key
                out[k] = walk(v, f"{path}.{k}" if path else str(k))
            return out
        if isinstance(node, (list, tuple)):
            joined = _redact_list(list(node), path, findings)
            items = [walk(v, f"{path}.{i}" if path else str(i)) for i, v in enumerate(joined)]
            return items if isinstance(node, list) else tuple(items)
        return node

    return walk(doc, ""), findings
