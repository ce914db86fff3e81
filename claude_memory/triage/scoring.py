"""Score transcript events per memory category (pure, standard library only).

Text categories (decision, runbook, constraint, tech_debt, preference) are scored
from *cue classes*: each class is a family of phrasings (English first, with cheap
French, Spanish, Portuguese, German and Chinese variants). A class counts once per
window, with the weight of the best event that shows it:

    contribution = cue weight x speaker weight x window factor

Speaker weights make what the user typed and what the assistant said count far
more than file contents, command output and tool input (a TODO inside a file that
was read, or "error" all over a stack trace, is not a memory). A window is one
exchange (a typed prompt and everything until the next one) plus the exchange
before it at a discount, so "go with X" can be read against the options it answers.
A category's score is the sum of its classes in its best window, capped at 1.0,
and capped below any sane threshold (``GATE_CAP``) unless the category's required
co-occurrence is there (a decision word or a chosen option; a symptom, a fix and a
verification; a limit; a deferral; a convention).

session_summary is scored from activity (tool uses, distinct tools, typed
prompts), never from words, and stays low for short sessions.
"""

from __future__ import annotations

from claude_memory.triage.transcript import ASSISTANT_TEXT, EDIT_TOOLS, THINKING, TOOL_RESULT, TOOL_USE, Event

__all__ = [
    "TEXT_CATEGORIES",
    "GATE_CAP",
    "Hit",
    "CategoryScore",
    "speaker_weight",
    "prose",
    "score_text_categories",
    "last_assistant_text",
    "activity_metrics",
    "merge_metrics",
    "score_activity",
    "score_session",
    "wrapped_up",
    "score_all",
    "statements",
    "offered_options",
    "edited_last",
    "STATEMENT_CLASSES",
]

#: ``re.IGNORECASE`` and ``re.DOTALL``: ``re`` (with enum and functools) is imported only when
#: a cue's literal gate passes, so the flags are spelled as their values (a test pins them).
_IGNORECASE = 2
_DOTALL = 16

TEXT_CATEGORIES = ("decision", "runbook", "constraint", "tech_debt", "preference")
#: Highest score a category can reach without its required co-occurrence.
GATE_CAP = 0.45
#: Weight of the previous exchange inside a window.
_PREVIOUS_EXCHANGE = 0.8
#: How much of each event is scanned. Tool output and tool input weigh 0.1 (they can
#: never decide a category), so only their start is read; scanning cost is what
#: a first triage of a long session pays.
_TOOL_SCAN_CHARS = 300
_EDIT_SCAN_CHARS = 1_500
_SPOKEN_SCAN_CHARS = 12_000


class Hit:
    """Where a cue class matched: event index, character span, class name."""

    __slots__ = ("event", "start", "end", "cue")

    def __init__(self, event: int, start: int, end: int, cue: str) -> None:
        self.event, self.start, self.end, self.cue = event, start, end, cue

    def __repr__(self) -> str:  # pragma: no cover
        return f"Hit({self.cue}@{self.event}:{self.start}-{self.end})"


class CategoryScore:
    """A category's score in 0..1, the hits of its best window, the event indices of that window,
    (session_summary) its metrics, (text categories) the session's supporting cues so far, and (decision) what
    is still on offer to choose from."""

    __slots__ = ("category", "score", "hits", "metrics", "window", "support", "offer")

    def __init__(self, category: str, score: float, hits: list[Hit] | None = None, metrics: dict | None = None,
                 window: list[int] | None = None):
        self.category = category
        self.score = round(max(0.0, min(1.0, score)), 3)
        self.hits = hits or []
        self.metrics = metrics
        self.window = window or []
        self.support: dict[str, float] = {}  # supporting classes seen so far in the session (text categories)
        #: (decision) the option keys still on offer after the scored events, and whether they were already
        #: kept open one exchange: for the next triage's ``prior_options`` and ``prior_open``
        self.offer: tuple[list[str], bool] = ([], False)

    def __repr__(self) -> str:  # pragma: no cover
        return f"CategoryScore({self.category}={self.score})"


# --------------------------------------------------------------------------- cues

class _LazyPattern:
    """A regex compiled on first use, behind a cheap literal gate.

    ``gate``: words of which at least one occurs in every match (lowercase, looked
    up in the folded text for case-insensitive patterns, in the raw text otherwise);
    ``digit``: every match holds a decimal digit. A text that fails the gate cannot
    match, so the regex is neither compiled nor run for it: a small new tail usually
    passes few gates, and compiling the cues was half the Stop hook's own time.
    ``tests/test_scoring.py`` proves each gate against the regex's parse tree.
    """

    __slots__ = ("_source", "flags", "gate", "digit", "nonascii", "_compiled")

    def __init__(self, source, flags: int, gate: tuple[str, ...] | None = None, digit: bool = False,
                 nonascii: bool = False) -> None:
        # ``source``: the regex, or a function that writes it (phrase tables: built only when first needed)
        self._source, self.flags, self.gate, self.digit, self._compiled = source, flags, gate, digit, None
        self.nonascii = nonascii  # every match holds a non-ASCII character

    @property
    def source(self) -> str:
        if not isinstance(self._source, str):
            self._source = self._source()
        return self._source

    def compiled(self):
        if self._compiled is None:
            import re

            self._compiled = re.compile(self.source, self.flags)
        return self._compiled

    def finditer(self, text: str):
        return self.compiled().finditer(text)

    def admits(self, folded: str, raw: str, has_digit: bool) -> bool:
        """False only when the pattern cannot match ``raw`` (``folded`` is :func:`fold` of it)."""
        if self.digit and not has_digit:
            return False
        if self.nonascii and raw.isascii():
            return False
        if self.gate is None:
            return True
        text = folded if self.flags & _IGNORECASE else raw
        return any(word in text for word in self.gate)


#: Characters that ``re.IGNORECASE`` matches to an ASCII letter but ``str.lower`` does not
#: turn into that one letter (dotted/dotless i, long s, Kelvin sign).
_FOLD = {0x130: "i", 0x131: "i", 0x17F: "s", 0x212A: "k"}


def fold(text: str) -> str:
    """Lowercase ``text`` so that a case-insensitive match of a lowercase word is a substring of it."""
    return (text if text.isascii() else text.translate(_FOLD)).lower()


def has_decimal_digit(text: str) -> bool:
    """True when ``text`` holds a character ``\\d`` matches (any Unicode decimal digit)."""
    if any(d in text for d in "0123456789"):
        return True
    return not text.isascii() and any(c.isdecimal() for c in text)


def _rx(latin: str, cjk: str = "", *, gate: tuple[str, ...] | None, flags: int = _IGNORECASE,
        digit: bool = False) -> _LazyPattern:
    """Word-bounded alternation for spaced languages, plus an unbounded one for CJK."""
    pattern = rf"(?<![\w-])(?:{latin})(?![\w])"
    if cjk:
        pattern += f"|(?:{cjk})"
    return _LazyPattern(pattern, flags, gate, digit)


#: "the quota is fixed" states a constant, not a repair.
_NOT_A_CONSTANT = "".join(f"(?<!{noun} {verb} )" for noun in ("quota", "limit", "price", "cost", "size", "rate",
                                                                  "budget", "cap", "schedule", "amount", "number")
                          for verb in ("is", "are", "was", "stays"))

_RATIONALE = (r"because|since (?:we|it|they|the|our)|so that|the reason|reasons?:|given that|due to|that'?s why|"
              r"which is why|too (?:expensive|slow|risky|shaky|complex|heavy|costly|big|fragile)|"
              r"(?:would|will) only pay off|not worth|costs? too much|trade-?offs?|pros and cons|"
              r"parce que|puisque|trop (?:cher|lent|risqué|complexe)|coûterait|porque|pois|weil|da wir")
_RATIONALE_CJK = r"因为|由于|所以|太贵|太慢"
_RATIONALE_GATE = ("because", "since ", "so that", "reason", "given that", "due to", "s why", "too ", "pay off",
                   "not worth", "cost", "trade", "pros and cons", "parce que", "puisque", "trop ", "coûterait",
                   "porque", "pois", "weil", "da wir", "因为", "由于", "所以", "太贵", "太慢")

#: category -> [(class, weight, regex)]
_CUES: dict[str, list[tuple[str, float, _LazyPattern]]] = {
    "decision": [
        ("choice", 0.35, _rx(
            r"(?:let'?s|we'?ll|we will|we should|i'?d|going to|gonna)\s+(?:go|stick|settle)\s+(?:with|on)|"
            r"(?<!if you )(?<!if we )go(?:ing)? with|went with|decided|decide on|(?:the|our|final|a) decision|decision (?:is|was|made|recorded)|"
            r"we chose|chose|chosen|(?:we|i|you) picked|pick(?:ing)? (?:\w+ )?over|opt(?:ed|ing)? for|settled on|"
            r"(?:let'?s|we'?ll|we will|we'?re going to)\s+(?:use|adopt|switch to|move to|migrate to|standardi[sz]e on)|"
            r"on (?:part sur|prend|choisit|retient|garde|va (?:utiliser|partir sur|prendre))|choisi[es]?|retenue?s?|"
            r"décidé|décision|nous avons opté|vamos con|vamos a usar|vamos usar|decidimos|elegimos|escolhemos|"
            r"optamos por|usaremos|a decisão|la decisión|wir nehmen|wir verwenden|entschieden|entscheidung",
            r"决定|选用|就用|采用|选定|(?<!稳)(?<!确)(?<!固)定了",
            gate=("go", "stick", "settle", "went with", "decid", "decis", "chose", "pick", "opt", "use", "adopt",
                  "switch to", "move to", "migrate to", "standardi", "on part", "on prend", "on choisit", "on retient",
                  "on garde", "on va ", "choisi", "retenu", "décid", "vamos", "elegimos", "escolhemos", "usaremos",
                  "wir ", "entsch", "décis", "决定", "选用", "就用", "采用", "选定", "定了"))),
        ("rejected", 0.35, _rx(
            r"rejected|ruled out|instead of|rather than|in favou?r of|dropp?(?:ed|ing) (?:the idea|\w+ in favou?r)|"
            r"écarté[es]?|rejeté[es]?|plutôt que|au lieu de|en lugar de|en vez de|em vez de|descartad[oa]s?|"
            r"statt|anstatt|verworfen", r"而不是|放弃|不用|弃用|排除",
            gate=("rejected", "ruled out", "instead of", "rather than", "favo", "drop", "écarté", "rejeté",
                  "plutôt que", "au lieu de", "en lugar de", "en vez de", "em vez de", "descartad", "statt",
                  "verworfen", "而不是", "放弃", "不用", "弃用", "排除"))),
        ("rationale", 0.15, _rx(_RATIONALE, _RATIONALE_CJK, gate=_RATIONALE_GATE)),
        ("options", 0.15, _rx(
            r"options?|alternatives?|choices?|approaches|vs\.?|versus|compare|comparison|opções|alternativas|"
            r"[\w.-]+,\s+[\w.-]+,?\s+(?:or|ou|oder)\s+[\w.-]+\??", r"选项|方案|还是",
            gate=("option", "alternativ", "choice", "approaches", "vs", "versus", "compar", "opções", ",", "选项",
                  "方案", "还是"))),
    ],
    "runbook": [
        ("symptom", 0.2, _rx(
            r"errors?|exceptions?|fail(?:s|ed|ing|ures?)?|crash(?:es|ed|ing)?|broken|(?:keeps?|kept) "
            r"(?:restarting|crashing|failing|dying)|won'?t (?:start|boot|build|compile|connect)|"
            r"(?:doesn'?t|does not|didn'?t) (?:work|start|build|compile|connect)|not working|stopped working|"
            r"5\d\d(?:s| errors?)?|traceback|stack ?trace|refused|timed out|hangs|hung|symptoms?|"
            r"(?:is|went|turned) red|regression|outage|erro|falha|erreur|échoue|plante|fehler",
            r"报错|失败|挂了|崩溃|异常|出错",
            gate=("error", "exception", "fail", "crash", "broken", "restarting", "dying", "start", "boot", "build",
                  "compile", "connect", "work", "5", "traceback", "stack", "refused", "timed out", "hangs", "hung",
                  "symptom", " red", "regression", "outage", "erro", "erreur", "falha", "échoue", "plante", "fehler",
                  "报错", "失败", "挂了", "崩溃", "异常", "出错"))),
        ("cause", 0.25, _rx(
            r"root cause|caused by|causes?|the (?:problem|issue|culprit|bug) (?:is|was)|is the (?:problem|issue|culprit)|"
            r"turn(?:s|ed) out|that'?s why|which is why|because of|due to|la cause|la causa|a causa|ursache",
            r"原因|根因|导致",
            gate=("caus", "problem", "issue", "culprit", "bug", "turn", "s why", "due to", "ursache", "原因", "根因",
                  "导致"))),
        ("fix", 0.3, _rx(
            r"(?<!\ba )(?<!\bthe )" + _NOT_A_CONSTANT + r"fixed(?![- ](?:size|width|length|point|rate|price|list|set|number|cost|window|delay)|\s+\d)|"
            r"fixes (?:it|this|that)|"
            r"(?<!planned )(?<!proposed )(?<!possible )(?<!real )(?<!proper )(?<!future )(?<!eventual )"
            r"(?<!long-term )(?<!suggested )(?:the fix|fix(?:\*\*)?:|fix is|fix was)|patched|worked around|"
            r"workaround|solved|corrig[ée]e?|arreglad[oa]|consertad[oa]|behoben",
            r"修复了|修好|已修复|解决了",
            gate=("fix", "patched", "around", "solved", "corrig", "arreglad", "consertad", "behoben", "修复了", "修好",
                  "已修复", "解决了"))),
        ("verify", 0.2, _rx(
            r"verif(?:y|ied|ication)|confirm(?:ed|s)?|now (?:works?|passes|succeeds|starts|runs|green)|"
            r"works? (?:again|now)|(?:stays?|stay|comes?|came) up|succeeds|succeeded|passe?s|passed|passing|green|"
            r"healthy|(?:0|no|zero) (?:errors?|failures?)|vérifié|funciona|funcionou",
            r"验证|确认|通过了",
            gate=("verif", "confirm", "now ", "work", " up", "succeed", "pass", "green", "healthy", "error",
                  "failure", "vérifié", "funcion", "验证", "确认", "通过了"))),
        # the person asks to keep the fix for next time, or says the problem is back: worth a runbook when
        # the window also shows trouble (a symptom); phrases in :mod:`.phrases`
        ("writeup", 0.35, _rx(r"next time|runbooks?|troubleshooting|on[- ]call|(?:in|into|to) (?:the )?(?:docs?|runbooks?|playbooks?|wiki)/[\w./-]*",
                              gate=("next time", "runbook", "troubleshooting", "call", "doc", "playbook", "wiki"))),
    ],
    "constraint": [
        ("limit", 0.45, _rx(
            r"rate[- ]limit(?:ed|s|ing)?|quotas?|hard (?:limit|ceiling|cap)|ceiling|can(?:'t|not) be "
            r"(?:raised|increased|changed|lifted|extended)|read[- ]only|not allowed|(?:doesn'?t|does not|don'?t|"
            r"won'?t|do not) allow|isn'?t allowed|forbidden|prohibited|not permitted|compliance|regulatory|"
            r"policy (?:forbids|requires|says)|limite|limitação|nicht erlaubt|interdit|prohibido|no se permite",
            r"只读|限制|上限|不允许|禁止|配额",
            gate=("limit", "quota", "hard ", "ceiling", "raised", "increased", "changed", "lifted", "extended", "read",
                  "allow", "forbidden", "prohibi", "permit", "compliance", "regulatory", "policy ", "erlaubt",
                  "interdit", "只读", "限制", "上限", "不允许", "禁止", "配额"))),
        ("soft_limit", 0.25, _rx(
            r"limits?|limited to|at most|maximum|max(?:imum)? of|max\.? ?\d+|caps?|capped|throttl\w*|cannot exceed|"
            r"(?:must|has to|have to) (?:not|never|stay|be)|only (?:works?|supports?|runs?|accepts?)|"
            r"per (?:second|minute|hour|day|request|store|user|tenant|account)",
            gate=("limit", "at most", "max", "cap", "throttl", "exceed", "must", "has to", "have to", "only ",
                  "per second", "per minute", "per hour", "per day", "per request", "per store", "per user",
                  "per tenant", "per account"))),
        ("quantity", 0.15, _rx(
            r"\d[\d,.]*\s?(?:[kmgt]i?b|[kmg]o|ms|s|seconds?|minutes?|hours?|req(?:uest)?s?(?:/s)?|calls?|rps|qps|%|mau|"
            r"users|connections|threads|sessions|workers|pods|nodes|instances|partitions|processes|cores|v?cpus|jobs|rows|items)", gate=None, digit=True)),
        ("consequence", 0.15, _rx(
            r"which means|won'?t help|will (?:just )?fail|no way around|regardless|can'?t go (?:below|above|past)|"
            r"nothing we can do|whatever we do|only way|ce qui veut dire|lo que significa|o que significa",
            r"意味着|只能|无法",
            gate=("which means", "t help", "will ", "no way around", "regardless", "t go ", "nothing we can do",
                  "whatever we do", "only way", "veut dire", "significa", "意味着", "只能", "无法"))),
        ("authority", 0.15, _rx(r"compliance|regulatory", gate=("compliance", "regulatory"))),
        ("acknowledged", 0.1, _rx(r"good to know|fyi|keep in mind|heads[- ]up|for the record|note that|"
                                  r"à savoir|para que sepas", r"注意|提醒一下",
                                  gate=("good to know", "fyi", "keep in mind", "heads", "for the record",
                                        "note that", "savoir", "para que sepas", "注意", "提醒一下"))),
    ],
    "tech_debt": [
        ("deferral", 0.4, _rx(
            r"not (?:right )?now|(?:let'?s|we'?ll|we can|i'?ll) (?:skip|park|defer|postpone|punt|leave) (?:it|this|that)|"
            r"skip (?:it|this|that) for now|let'?s skip|let'?s not|defer(?:red|ring)?|postponed?|"
            r"park(?:ed|ing) (?:it|this|that|until)|parked|punt(?:ed)?|revisit|come back to|"
            r"follow[- ]up (?:ticket|issue|task|pr)|out of scope|(?:leave|put|add|drop|leaving|adding) (?:a |an )?"
            r"(?:todo|fixme)|pas maintenant|plus tard|más tarde|mais tarde|später",
            r"以后再|先.{0,8}吧|暂时|回头再|等.{1,30}(?:以后|之后)再|下个迭代|下次再",
            gate=("not ", "skip", "park", "defer", "postpone", "punt", "leave", "leaving", "s not", "revisit",
                  "come back", "follow", "out of scope", "todo", "fixme", "maintenant", "tard", "später", "以后",
                  "先", "暂时", "回头再", "之后", "下个迭代", "下次再"))),
        ("weak_deferral", 0.25, _rx(
            r"for now|later(?! than)|can wait|once .{1,40} lands|next (?:quarter|sprint|release|cycle)|"
            r"pour l'instant|pour le moment|por ahora|por enquanto|vorerst", r"暂时|之后再",
            gate=("for now", "later", "can wait", " lands", "next ", "pour l'instant", "pour le moment", "por ahora",
                  "por enquanto", "vorerst", "暂时", "之后再"))),
        ("reason", 0.2, _rx(
            _RATIONALE + r"|no time|not worth|wasted effort|big one|blocked (?:on|by)|depends on|planned for|"
            r"already planned|release (?:this|next) week|deadline|pas le temps|sin tiempo|sem tempo",
            _RATIONALE_CJK + r"|没时间|要发版|来不及",
            gate=_RATIONALE_GATE + ("no time", "wasted effort", "big one", "blocked ", "depends on", "planned",
                                    "release ", "deadline", "pas le temps", "sin tiempo", "sem tempo", "没时间",
                                    "要发版", "来不及"))),
        ("undecided", 0.0, _rx(r"undecided", gate=("undecided",))),  # only takes a deferral away (_undecided_wins)
        ("stopgap", 0.2, _rx(r"workaround for now|temporary (?:fix|hack|workaround)", gate=("workaround", "temporary"))),
        ("ticket", 0.15, _LazyPattern(
            r"(?<![\w-])(?!(?:UTF|ISO|SHA|RFC|CVE|HTTP|TLS|AES|MD|PEP)-)[A-Z][A-Z0-9]{1,9}-\d{1,6}(?!\w)", 0, ("-",), True)),
        ("marker", 0.6, _rx(r"TODO|FIXME|HACK|XXX", flags=0, gate=("TODO", "FIXME", "HACK", "XXX"))),
        ("impact", 0.1, _rx(r"until then|in the meantime|meanwhile|no (?:test )?coverage|en attendant",
                            r"在那之前|在此之前",
                            gate=("until then", "meantime", "meanwhile", "coverage", "en attendant", "之前"))),
    ],
    "preference": [
        ("convention", 0.35, _rx(
            r"in this (?:repo|repository|codebase|code base|project|team|monorepo|org|company|workspace)|(?:here|in this repo),? we|"
            r"how we (?:write|do|name|structure|organi[sz]e|handle|format|test|style|lay out)|that'?s how we|"
            r"(?:we|i) (?:always|never|prefer|like to|tend to|usually)|(?:always|never) (?:use|do|put|write|add|name|"
            r"commit|push|call|go|goes)|prefer \S+(?: \S+){0,3} (?:over|to)|our (?:convention|style|standard|rule)s?|"
            r"conventions?|style ?guide|coding (?:style|standards?)|from now on|going forward|by convention|"
            r"house style|new code (?:never|always|should|must|goes)|chez nous|on préfère|toujours|jamais|sempre|"
            r"nunca|preferimos|a gente usa|siempre|immer|niemals|bevorzugen",
            r"总是|一律|不要用|以后都|统一用|我们习惯|约定",
            gate=("in this ", "here", "how we", "always", "never", "prefer", "like to", "tend to", "usually", "our ",
                  "convention", "style", "coding ", "from now on", "going forward", "new code ", "chez nous",
                  "préfère", "toujours", "jamais", "sempre", "nunca", "a gente usa", "siempre", "immer", "niemals",
                  "bevorzugen", "总是", "一律", "不要用", "以后都", "统一用", "我们习惯", "约定"))),
        ("scope", 0.2, _rx(
            r"for (?:every|all|each)|all (?:new )?(?:specs|tests|files|prs|pull requests|commits|components|code|"
            r"modules|endpoints)|every (?:pr|time|new|spec|test|file|commit|component)|keep (?:that|this) in mind|"
            r"keep in mind|remember (?:that|to)|please (?:always|never)|that way|same style|each time|whenever",
            gate=("for ", "all ", "every ", "keep ", "remember ", "please ", "that way", "same style", "each time",
                  "whenever"))),
        ("directive", 0.2, _rx(
            r"(?:please |let'?s )?(?:don't|dont|do not|never|always|avoid|stop) (?:use|using|add|adding|write|writing|put|"
            r"putting|commit|committing|name|naming|mock|mocking)|use \S+(?: \S+)?,? (?:not|rather than|over) \S+|"
            r"for everything|n'utilise (?:pas|jamais)|no uses|não use|nicht verwenden", r"不要|别用|请用",
            gate=("don't", "dont", "do not", "never", "always", "avoid", "stop", "use ", "for everything",
                  "n'utilise", "no uses", "não use", "nicht verwenden", "不要", "别用", "请用"))),
        # how the team habitually works, in the person's words ("we use inject() everywhere", "we write sql as
        # heredocs, always"), and how far it reaches: a convention together, when they redirect work just done
        # (see _habit_redirects); apart they are everyday talk and count for nothing
        ("reach", 0.2, _rx(
            r"everywhere|same (?:for|goes for|in)|like the rest|for the future|in future|überall|partout|"
            r"en todas partes|em todo lugar|em todos os lugares",
            r"到处|どこでも|모든 곳",
            gate=("everywhere", "same ", "like the rest", "future", "überall", "partout", "en todas partes",
                  "em todo", "到处", "どこでも", "모든 곳"))),
        ("habit", 0.2, _rx(
            r"we (?:use|do|write|put|keep|name|call|prefix|wrap|pass|return|log|raise|throw|go with|stick with)|"
            r"(?<!\bi )(?:always|never)(?! (?:fails?|failed|works?|worked|happens?|happened|finishes|finished|gets?|got|"
            r"returns?|returned|was|is|been|had|has|seems?|shows?|showed))|usamos|wir (?:nutzen|verwenden|schreiben|machen)|"
            r"on (?:utilise|écrit|fait)|a gente (?:usa|faz|escreve)|nós usamos",
            r"いつも|必ず|总是|一律|都用|항상|꼭|우리는",
            gate=("we ", "always", "never", "usamos", "wir ", "on ", "a gente", "nós usamos", "いつも", "必ず", "总是",
                  "一律", "都用", "항상", "꼭", "우리는"))),
        ("noted", 0.2, _rx(
            r"noted|got it|understood|will do|i'?ll (?:keep|remember|follow|stick to) (?:that|this|it)|c'est noté|"
            r"entendido|anotado|verstanden", r"明白|记住了|收到",
            gate=("noted", "got it", "understood", "will do", "keep", "remember", "follow", "stick to", "noté",
                  "entendido", "anotado", "verstanden", "明白", "记住了", "收到"))),
        ("reason", 0.1, _rx(_RATIONALE + r"|leaks?|so (?:that|the)", _RATIONALE_CJK,
                            gate=_RATIONALE_GATE + ("leak", "so th"))),
    ],
}

# ------------------------------------------------------------------ phrase tables

_ESCAPE = str.maketrans({c: "\\" + c for c in ".^$*+?{}[]\\|()#&~"})
#: A gap of up to three words (``*`` in a phrase): two disjoint classes, bounded, so linear.
_GAP = r"(?:\s+\S+){0,3}?\s+"
#: Words too common to gate a phrase on when the phrase has a rarer one.
_COMMON = frozenset("""a i it is we to of in on at be so do and for the that this with have has are was not now use
more than under below must can tests test please it's we'll let""".split())


def _is_cjk(phrase: str) -> bool:
    """True for a phrase in a script written without spaces between words (Hangul, kana, CJK: all from
    U+1100 up; the Latin, Greek and Cyrillic letters of the spaced scripts all lie below it)."""
    return not phrase.isascii() and max(phrase) >= "\u1100"


def _spaced_source(phrase: str) -> str:
    """The regex of one phrase in a spaced script (syntax in :mod:`.phrases`)."""
    parts: list[str] = []
    gap = False
    for token in phrase.split(" "):
        if token == "*":
            gap = True
            continue
        if parts:
            parts.append(_GAP if gap else r"\s+")
        stem = token.endswith("~")
        parts.append("['\u2019]?".join(p.translate(_ESCAPE) for p in token.rstrip("~").split("'"))
                     + (r"\w*" if stem else ""))
        gap = False
    body = "".join(parts)
    if phrase[0].isalnum():
        body = r"(?<![\w-])" + body
    if phrase[-1].isalnum():
        body += r"(?!\w)"
    return f"(?:{body})"


def _gate_word(phrase: str) -> str:
    """A word every match of the phrase holds: its longest word, preferring one that is not everyday."""
    words = phrase.replace("~", "").replace("*", " ").replace("'", " ").split()
    best = ""
    for word in words:
        if len(word) > len(best) and word not in _COMMON:
            best = word
    return fold(best if len(best) >= 3 else max(words, key=len))


class _PhraseSet(_LazyPattern):
    """A phrase table as a pattern: phrases grouped by gate word, and only the groups whose word occurs
    in a text are compiled and run (a table holds hundreds of phrases; one regex of them all took
    tens of milliseconds to compile). ``source`` is the whole alternation, for the tests that prove gates."""

    __slots__ = ("_groups", "_group_rx", "_write", "_last")

    def __init__(self, groups: dict[str, list[str]], write, flags: int, nonascii: bool = False) -> None:
        super().__init__(lambda: "|".join(write(p) for ps in groups.values() for p in ps), flags, tuple(groups),
                         nonascii=nonascii)
        self._groups, self._group_rx, self._write, self._last = groups, {}, write, (None, ())

    def _present(self, text: str) -> list[str]:
        """The gate words in ``text`` (folded or raw, per the flags); the last answer is kept, because
        :meth:`admits` and :meth:`finditer` ask about the same text one after the other."""
        if self.gate is None:  # ungated (the tests that prove gates change no cue): every group
            return list(self._groups)
        if self._last[0] != text:
            self._last = (text, [word for word in self.gate if word in text])
        return self._last[1]

    def admits(self, folded: str, raw: str, has_digit: bool) -> bool:
        if self.nonascii and raw.isascii():
            return False
        return bool(self._present(folded if self.flags & _IGNORECASE else raw))

    def finditer(self, text: str):
        found = []
        for word in self._present(fold(text) if self.flags & _IGNORECASE else text):
            rx = self._group_rx.get(word)
            if rx is None:
                import re

                rx = self._group_rx[word] = re.compile("|".join(map(self._write, self._groups[word])), self.flags)
            found += rx.finditer(text)
        return iter(sorted(found, key=lambda m: m.start()))


def _literal_source(phrase: str) -> str:
    return phrase.translate(_ESCAPE)


def phrase_cues(phrases) -> list[_LazyPattern]:
    """Patterns for a phrase list: one for spaced scripts (case-insensitive, word-bounded),
    one for CJK and Hangul (literal, only run on non-ASCII text). Gates come from the phrases;
    a phrase's regex is written and compiled only when its gate word first occurs in a text."""
    spaced: dict[str, list[str]] = {}
    cjk: dict[str, list[str]] = {}
    for phrase in dict.fromkeys(phrases):
        if _is_cjk(phrase):
            cjk.setdefault(phrase, []).append(phrase)
        else:
            spaced.setdefault(_gate_word(phrase), []).append(phrase)
    out: list[_LazyPattern] = []
    if spaced:
        out.append(_PhraseSet(spaced, _spaced_source, _IGNORECASE))
    if cjk:
        out.append(_PhraseSet(cjk, _literal_source, 0, nonascii=True))
    return out


def _add_phrases() -> None:
    """Append each phrase table's patterns to its category's cue classes (same class names, same weights)."""
    from claude_memory.triage.phrases import PHRASES, RATIONALE

    tables = {category: dict(classes) for category, classes in PHRASES.items()}
    for category, name in (("decision", "rationale"), ("tech_debt", "reason"), ("preference", "reason")):
        tables[category][name] = list(tables[category].get(name, [])) + RATIONALE
    for category, classes in tables.items():
        weights = {name: weight for name, weight, _ in _CUES[category]}
        for name, phrases in classes.items():
            _CUES[category] += [(name, weights[name], pattern) for pattern in phrase_cues(phrases)]


_CUES["decision"] += [
    # "Postgres it is." / "Room it is, then!"
    ("choice", 0.35, _LazyPattern(
        r"(?<![\w-])(?!(?:what|whatever|where|how|who|that|which|than|as|when|if|because|whether|so|but|and)\b)"
        r"[\w.+#-]{2,40}(?: [\w.+#-]{2,40})? it is(?:,? then)?(?=[.!,;:\n]|\Z)", _IGNORECASE, (" it is",))),
    # "let's do B, A won't scale" (one option named, then the clause ends), not "let's do the migration first"
    ("choice", 0.35, _LazyPattern(r"(?<![\w-])let['\u2019]?s do [\w.+#-]{1,40}(?=[,.;!:\n]|\Z| then\b| instead\b)",
                                  _IGNORECASE, ("let",))),
    # "Agreed: Cachex, not Redis, because ..." / "Cachex - not persistent_term"
    ("rejected", 0.35, _LazyPattern(r"(?<=[\w)*`])(?:,| -| \u2013| \u2014) not (?=[\w\"'`*:])", _IGNORECASE,
                                    (" not ",))),
]
_CUES["runbook"].append(
    # an exception or error type named in words: "a KeyError", "NullPointerException"
    ("symptom", 0.2, _LazyPattern(r"(?<![\w.])[A-Za-z]\w{0,40}(?:Error|Exception|Fault)(?!\w)", 0,
                                  ("Error", "Exception", "Fault"))))
_add_phrases()


def _labels(*labels: str) -> _LazyPattern:
    """A line that starts with one of ``labels`` as a heading or a ``Label:`` lead (how an assistant records
    "Decision: ...", "**Constraint**", "Deuda técnica:", "決定："); group 1 is the label as written."""
    return _LazyPattern(r"(?im)^[ \t>#*_-]{0,6}(" + "|".join(label.translate(_ESCAPE) for label in labels) +
                        r")[*_ \t]{0,4}(?:[:：]|$)", _IGNORECASE, tuple(fold(label) for label in labels))


_CUES["decision"].append(("choice", 0.35, _labels(
    "decision", "decisions", "decided", "chosen", "choice", "verdict", "decisión", "decisão", "entscheidung",
    "décision", "決定", "決定事項", "决定", "결정", "결정 사항")))
_CUES["constraint"].append(("limit", 0.45, _labels(
    "constraint", "constraints", "hard rule", "limitation", "limitations", "restriction", "restricción",
    "restricciones", "limitación", "einschränkung", "beschränkung", "vorgabe", "contrainte", "contraintes",
    "restrição", "limitação", "制約", "约束", "제약", "제약 조건")))
_CUES["tech_debt"].append(("deferral", 0.4, _labels(
    "tech debt", "tech-debt", "technical debt", "debt", "deferred", "deuda técnica", "technische schulden",
    "dette technique", "dívida técnica", "技術的負債", "技术债", "기술 부채", "기술부채")))
_CUES["preference"].append(("convention", 0.35, _labels(
    "preference", "preferences", "convention", "conventions", "house rule", "style rule", "preferencia",
    "convención", "präferenz", "konvention", "préférence", "convenção", "preferência", "規約", "好み", "约定",
    "偏好", "规范", "선호", "컨벤션", "규칙")))

#: per category: (classes of which one is required, extra requirement) -> see _gate
_REQUIRED = {
    "decision": ("choice", "choice_answer"),
    "runbook": ("fix", "structure", "writeup"),
    "constraint": ("limit",),
    "tech_debt": ("deferral", "weak_deferral"),
    "preference": ("convention",),
}
#: A required class must show with at least this effective weight (i.e. in speech).
_REQUIRED_MIN = 0.2
#: Least value of a supporting class that the gate takes: said by a person in the window, this exchange or the
#: one before it (tool input and output never reach it).
_SUPPORT_MIN = 0.15
#: Least value of a supporting class carried to later windows and triages (a person said it).
_CARRY_MIN = 0.1
#: Classes that count only inside the prompt that says them (see _habit_redirects): never carried, nor read
#: from the text of earlier stops.
_PROMPT_ONLY = frozenset({"habit", "reach"})

# Compiled on first use too (each guarded by a literal its matches need, where it runs).
_CODE_FENCE = _LazyPattern(r"```.*?(?:```|$)", _DOTALL)
_INLINE_CODE = _LazyPattern(r"`[^`\n]{1,200}`", 0)
_NEGATED_FAILURE = _LazyPattern(r"(?:\b0|\bno|\bzero|\bwithout)\s+$", _IGNORECASE)
_STRUCTURE_LABELS = _LazyPattern(
    r"(?im)^\W{0,4}(symptoms?|síntomas?|symptômes?|sintomas?|symptome?|症状|증상|현상|cause|root cause|causa|"
    r"causa raíz|causa raiz|ursache|原因|근본 원인|원인|fix|workaround|solution|solución|solução|lösung|behebung|"
    r"correctif|correção|対処|解決策|修复|解决办法|해결|verif(?:y|ication)|verificación|verificação|vérification|"
    r"prüfen|prüfung|überprüfung|確認|验证|확인|steps?|pasos|passos|schritte|étapes|手順|步骤|단계)\W{0,4}[:：]", 0)
_FIRST_CLAUSE = _LazyPattern(r"(?<=[.!;:\n])\s|\s[\u2014-]\s", 0)
#: "A or B", "A vs B", "A o B", "A ou B", "A oder B" (up to three words a side), and "A还是B", "AかB", "A 아니면 B".
_NAME = r"[\w.+#/-]{1,40}"
_ALTERNATIVES = (
    _LazyPattern(rf"({_NAME}(?:[ \t]+{_NAME}){{0,2}})[ \t]+(?:or|vs\.?|versus|o|ou|oder)[ \t]+({_NAME}(?:[ \t]+{_NAME}){{0,2}})",
                 _IGNORECASE, (" or ", " vs", " versus ", " o ", " ou ", " oder ")),
    _LazyPattern(rf"([A-Za-z][\w.+#-]{{0,40}})[ \t]*(?:还是|か|아니면|또는)[ \t]*([A-Za-z][\w.+#-]{{0,40}})", 0,
                 ("还是", "か", "아니면", "또는")),
)
_NUMBERED = _LazyPattern(r"(?m)^[ \t]*(\d{1,2}|[a-eA-E])[.)][ \t]+\S", 0)
#: An answer that picks an option by its number: "2.", "3 then", "option 2", "#1".
_PICKED_NUMBER = _LazyPattern(
    r"[ \t]*(?:(?:option|opción|opcion|opção|variante|方案|案|옵션)[ \t]*#?(\d{1,2}|[a-e]\b)|#?(\d{1,2}|[a-e])"
    r"(?=[.,):;!]|[ \t]*$|[ \t]+(?:then|it is|entonces|dann|alors|então|please|pls)\b))", _IGNORECASE)
#: A list item, or a paragraph led by a bold name or a short heading ("**Reuse `stock.lot`** (add ...)",
#: "### Option B: ..."), the other ways an assistant sets out alternatives.
_LIST_ITEM = _LazyPattern(r"(?m)^[ \t]*(?:(?:[-*\u2022]|\d+[.)]|[a-eA-E][.)])[ \t]+(.+)|(\*\*[^*\n]{1,80}\*\*.*)|#{2,4}[ \t]+(.+)|"
                          r"\|[ \t]*([^|\n-][^|\n]{0,79})\|.*)$", 0)
_BOLD = _LazyPattern(r"\*\*([^*\n]{1,80})\*\*", 0)
_WORD = _LazyPattern(r"[a-z0-9\u00c0-\u024f][a-z0-9\u00c0-\u024f+#.-]{2,}", 0)
_STOPWORDS = frozenset("""the and for with that this from into onto our your their have has are was were will would
could should can not but you they them its it's use using just also only then than what which when where who how all
any each more most some such very too out off over under per via let let's we'll i'll get got one two three first
second new old add make keep need needs want wants like""".split())


def speaker_weight(event: Event) -> float:
    """How much an event's words count: speech far above tool input and output."""
    if event.kind == TOOL_RESULT:
        return 0.1
    if event.kind == TOOL_USE:
        return 0.25 if event.tool in EDIT_TOOLS else 0.1
    if not event.spoken:
        return 0.25                     # injected, meta, command output, compaction summary
    weight = 0.6 if event.kind == THINKING else 1.0
    return weight * (0.35 if event.sidechain else 1.0)


def prose(text: str) -> str:
    """``text`` with code blocks and inline code blanked (same length, so offsets still match)."""
    if "`" not in text:
        return text
    blank = lambda m: " " * (m.end() - m.start())  # noqa: E731
    return _INLINE_CODE.compiled().sub(blank, _CODE_FENCE.compiled().sub(blank, text))


def _scan_text(event: Event) -> str:
    if event.kind == TOOL_USE and event.tool in EDIT_TOOLS:
        return event.text[:_EDIT_SCAN_CHARS]
    if event.kind in (TOOL_RESULT, TOOL_USE):
        return event.text[:_TOOL_SCAN_CHARS]
    return prose(event.text[:_SPOKEN_SCAN_CHARS])


def _event_cues(event: Event) -> dict[str, dict[str, list[tuple[int, int]]]]:
    """category -> class -> spans found in one event."""
    text = _scan_text(event)
    found: dict[str, dict[str, list[tuple[int, int]]]] = {}
    if not text.strip():
        return found
    folded, digit = fold(text), has_decimal_digit(text)
    for category, classes in _CUES.items():
        for name, _weight, pattern in classes:
            if name == "marker" and not (event.kind == TOOL_USE and event.tool in EDIT_TOOLS):
                continue  # a TODO counts only when the assistant writes one
            if not event.spoken and isinstance(pattern, _PhraseSet):
                continue  # phrase tables are how people state things: only speech is read for them
            if not pattern.admits(folded, text, digit):
                continue
            spans = []
            for m in pattern.finditer(text):
                if category == "runbook" and name == "symptom" \
                        and _NEGATED_FAILURE.compiled().search(text[max(0, m.start() - 10):m.start()]):
                    continue  # "0 failures", "no errors" are a verification, not a symptom
                spans.append((m.start(), m.end()))
                if len(spans) >= 4:
                    break
            if spans:  # a class can have several patterns (its own regex and its phrase tables)
                found.setdefault(category, {}).setdefault(name, []).extend(spans)
    if event.kind == ASSISTANT_TEXT and (":" in text or "：" in text) and len(_STRUCTURE_LABELS.compiled().findall(text)) >= 3:
        found.setdefault("runbook", {})["structure"] = [(m.start(), m.end()) for m in _STRUCTURE_LABELS.finditer(text)]
    _defer_wins(found)
    _undecided_wins(found)
    _debt_wins(found)
    return found


def _apart(spans: list[tuple[int, int]], others: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans that neither overlap nor touch any of ``others`` (two cues read from the same words)."""
    return [(a, b) for a, b in spans if not any(a <= o_end and o_start <= b for o_start, o_end in others)]


def _defer_wins(found: dict[str, dict[str, list[tuple[int, int]]]]) -> None:
    """A choice that overlaps or touches a deferral ("後回し" + "にします": "we will postpone it") is the deferral."""
    choice = found.get("decision", {}).get("choice")
    deferral = found.get("tech_debt", {}).get("deferral")
    if not choice or not deferral:
        return
    kept = _apart(choice, deferral)
    if kept:
        found["decision"]["choice"] = kept
    else:
        del found["decision"]["choice"]


def _undecided_wins(found: dict[str, dict[str, list[tuple[int, int]]]]) -> None:
    """A deferral said with a choice left open ("parking this until I've talked to her") puts off a decision,
    not work: it is no debt."""
    debt = found.get("tech_debt", {})
    if debt.pop("undecided", None):
        debt.pop("deferral", None)
        debt.pop("weak_deferral", None)
        if not debt:
            del found["tech_debt"]


def _debt_wins(found: dict[str, dict[str, list[tuple[int, int]]]]) -> None:
    """Something put off and written down ("write it down as debt") is tech debt: a request to keep it for
    next time beside a deferral is not a runbook's. Where one phrase is read both ways ("다음에": later,
    or next time), it keeps the problem for next time and is no deferral."""
    writeup = found.get("runbook", {}).get("writeup")
    debt = found.get("tech_debt", {})
    if not writeup:
        return
    for name in ("deferral", "weak_deferral"):
        spans = debt.get(name)
        if not spans:
            continue
        if _apart(spans, writeup):
            del found["runbook"]["writeup"]
            return
        del debt[name]


_EXTRA_WEIGHTS = {("runbook", "structure"): 0.2, ("decision", "choice_answer"): 0.5, ("preference", "correction"): 0.15,
                  ("constraint", "restated"): 0.1}


def _class_weight(category: str, name: str) -> float:
    extra = _EXTRA_WEIGHTS.get((category, name))
    if extra is not None:
        return extra
    for cls, weight, _ in _CUES[category]:
        if cls == name:
            return weight
    return 0.0


def _exchanges(events: list[Event]) -> list[list[int]]:
    """Event indices grouped by exchange: a typed prompt starts a new one."""
    groups: list[list[int]] = [[]]
    for i, event in enumerate(events):
        if event.prompt and groups[-1]:
            groups.append([])
        groups[-1].append(i)
    return [g for g in groups if g]


def _option_words(text: str) -> set[str]:
    if "\n" not in text:
        return set()  # two list items need two lines
    items = ["".join(groups) for groups in _LIST_ITEM.compiled().findall(text)]
    if len(items) < 2:
        return set()
    keys: set[str] = set()
    for item in items:
        bold = _BOLD.compiled().findall(item)
        head = " ".join(bold) if bold else " ".join(item.split()[:4])
        keys |= _text_keys(head) | _cjk_keys(head)
    numbers = {_number_key(n) for n in _NUMBERED.compiled().findall(text)}
    if len(numbers) >= 2:  # "1. ... 2. ..." or "a) ... b) ...": an answer may pick one by its number or letter
        keys |= numbers
    return keys


def _words(text: str) -> list[str]:
    """``text``'s words as options and answers are read (lowercase, Latin script, edge dots and dashes off)."""
    return [w.strip(".-") for w in _WORD.compiled().findall(text.lower())]


def _text_keys(text: str) -> set[str]:
    """The option keys of every word of ``text`` (:func:`_option_keys`)."""
    return {key for w in _words(text) for key in _option_keys(w)}


def _cjk_keys(text: str) -> set[str]:
    """Three-character runs of a text's CJK, kana or Hangul (those scripts write an option's name without
    spaces: "按客户 ID 哈希" and the answer "按客户哈希" share 按客户)."""
    if text.isascii():
        return set()
    runs = "".join(c if c >= "\u3040" and c.isalpha() else " " for c in text).split()
    return {"~" + run[i:i + 3] for run in runs for i in range(len(run) - 2)}


def _answer_keys(first: str) -> set[str]:
    """The keys an answer names: its words', its CJK runs', and "#2" for an answer that starts with option 2's
    number."""
    number = _PICKED_NUMBER.compiled().match(first)
    return _text_keys(first) | _cjk_keys(first) | ({_number_key(number.group(1) or number.group(2))} if number else set())


def _number_key(label: str) -> str:
    """The key of an option's number or letter: "#2" for "2" and "02", "#b" for "b" and "B"."""
    return f"#{int(label)}" if label.isdigit() else f"#{label.lower()}"


def _option_keys(word: str) -> set[str]:
    """The keys an option's name is known by: the word, each part of a compound (``codespan-reporting``,
    ``next.js``), each without a plural ``s``; an answer names the option when a key of one of its words is one."""
    parts = {word, *word.replace(".", "-").replace("_", "-").split("-")}
    return {k for part in parts if len(part) >= 3 and part not in _STOPWORDS
            for k in (part, part[:-1] if part.endswith("s") and len(part) > 3 else part)}


def last_assistant_text(events: list[Event]) -> str:
    """The main thread's last assistant text in ``events`` ("" when none)."""
    return next((e.text for e in reversed(events) if e.kind == ASSISTANT_TEXT and not e.sidechain), "")


def _question_options(text: str) -> set[str]:
    """Option keys of a question that names its alternatives ("Addressables or asset bundles by hand?",
    "¿MapKit o Mapbox?", "Room还是Realm？"): the words on each side of the connector."""
    if "?" not in text and "\uff1f" not in text:
        return set()
    keys: set[str] = set()
    for pattern in _ALTERNATIVES:
        if pattern.admits(fold(text), text, False):
            for m in pattern.finditer(text[:2_000]):
                keys |= _text_keys(f"{m.group(1)} {m.group(2)}")
    return keys


def offered_options(events: list[Event], exchange: list[int] | None = None) -> list[str]:
    """The option keys the last exchange of ``events`` (or ``exchange``) offered: the assistant's list of
    alternatives, and the person's own "X or Y?" question. A Stop hook keeps them for the next stop."""
    if exchange is None:
        groups = _exchanges(events)
        exchange = groups[-1] if groups else []
    options: set[str] = set()
    offered = next((events[i].text for i in reversed(exchange)
                    if events[i].kind == ASSISTANT_TEXT and not events[i].sidechain), None)
    if offered:
        options |= _option_words(offered)
    prompt = next((events[i].text for i in exchange if events[i].prompt), None)
    if prompt:
        options |= _question_options(prompt)
    return sorted(options)


#: How a prompt opens that corrects the work just done (CJK and Hangul openers need no word boundary: "不要用").
_CORRECTION = _LazyPattern(r"[\W_]{0,3}(?:(?:no|nope|nah|not|don'?t|please no|hm+,? no|fine,? but|one thing|"
                           r"small thing|nee|nein|non|não|nao)\b|いや|いいえ|不要|别|不是|아니|아뇨)", _IGNORECASE)


def _edited(events: list[Event], exchange: list[int]) -> bool:
    """The assistant (main thread) changed a file in ``exchange``."""
    return any(events[i].kind == TOOL_USE and events[i].tool in EDIT_TOOLS and not events[i].sidechain
               for i in exchange)


def edited_last(events: list[Event], before: bool = False) -> bool:
    """Whether the last exchange of ``events`` changed a file (``before``: what was known before them, kept
    when they hold no new exchange). A Stop hook keeps it for the next stop."""
    groups = _exchanges(events)
    if not groups:
        return before
    last = groups[-1]
    if events[last[0]].prompt:
        return _edited(events, last)
    return before or _edited(events, last)  # no new prompt: the same exchange went on


def _corrects_work(events: list[Event], current: list[int], after_edit: bool) -> bool:
    """The prompt of ``current`` opens by correcting what the assistant just wrote (``after_edit``: the
    exchange before changed a file): "no, we never ...", "nein, bei uns ...", "いや、..."."""
    prompt = next((events[i] for i in current if events[i].prompt), None)
    return after_edit and prompt is not None and bool(_CORRECTION.compiled().match(prompt.text))


def _restated(events: list[Event], hits: list[Hit]) -> bool:
    """The person states a limit twice, in different words ("they won't upgrade it before 2027 ... everything
    we write has to run on 2016"): said once it may be in passing, said twice it is the point."""
    spans = [(h.event, h.start, h.end) for h in hits if events[h.event].prompt]
    return any(e1 != e2 or _apart([(a1, b1)], [(a2, b2)])
               for n, (e1, a1, b1) in enumerate(spans) for e2, a2, b2 in spans[n + 1:])


def _habit_redirects(events: list[Event], current: list[int], classes: dict[str, tuple[float, list[Hit]]],
                     after_edit: bool) -> int | None:
    """The prompt of ``current`` (its index), when it follows an exchange that changed a file and tells, in
    the person's words, how the team habitually works and how far that reaches: "we use inject() everywhere,
    same for components", "never unwrap, same everywhere in sim/". Either half alone is everyday talk."""
    if not after_edit:
        return None
    prompt = next((i for i in current if events[i].prompt), None)
    if prompt is None or events[prompt].text.rstrip().endswith(("?", "\uff1f")):
        return None
    said = {name: {h.event for h in classes.get(name, (0.0, []))[1]} for name in ("habit", "scope", "reach")}
    return prompt if prompt in said["habit"] and prompt in said["scope"] | said["reach"] else None


def _walk_offers(events: list[Event], groups: list[list[int]], offer: set[str],
                 kept: bool) -> tuple[list[int | None], tuple[set[str], bool]]:
    """Each exchange's choice answer (a prompt index or None), and what stays on offer after the last one.

    ``offer``: what the exchange before the first offered; ``kept``: it was already kept open once. What an
    exchange offers is open to the next one; it stays open one exchange more when that exchange neither
    offered nor chose ("measure option 1 first", then "int8 then")."""
    def step(exchange: list[int], answer: int | None) -> tuple[set[str], bool]:
        new = set(offered_options(events, exchange))
        if new:
            return new, False
        if offer and answer is None and not kept:
            return offer, True
        return set(), False

    answers: list[int | None] = []
    for gi, current in enumerate(groups):
        if gi:
            offer, kept = step(groups[gi - 1], answers[-1])
        answers.append(_choice_answer(events, current, offer))
    if groups:
        offer, kept = step(groups[-1], answers[-1])
    return answers, (offer, kept)


def _choice_answer(events: list[Event], current: list[int], options: set[str]) -> int | None:
    """Index of the typed prompt of ``current`` that picks one of ``options`` (what was just offered: the
    assistant's list, or the person's own "X or Y?" question), else None."""
    prompt = next((i for i in current if events[i].prompt), None)
    if prompt is None or not options:
        return None
    first = _FIRST_CLAUSE.compiled().split(events[prompt].text.strip(), maxsplit=1)[0]
    if first.rstrip().endswith(("?", "\uff1f")):
        return None
    overlap = {w for w in _words(first) if _option_keys(w) & options}
    picked = _answer_keys(first) & options
    if (len(first.split()) <= 8 and picked) or (len(first.split()) <= 20 and len(overlap) >= 2):
        return prompt
    # a later clause that is only an option: its number or letter ("... eol anyway. 2. native sensors on a dead
    # platform ..."), or its name ("3 is out, they only allow the browser. cpu fallback. the grid is small")
    if "?" in events[prompt].text or "\uff1f" in events[prompt].text:  # "1. or 2.? let me ask the team"
        return None
    picks: set[str] = set()
    for clause in _FIRST_CLAUSE.compiled().split(events[prompt].text)[1:]:
        number = _PICKED_NUMBER.compiled().match(clause) if len(clause.strip()) <= 10 else None
        key = _number_key(number.group(1) or number.group(2)) if number else None
        words = _words(clause) if len(clause.split()) <= 3 else []
        if key in options:
            picks.add(key)
        elif words and all(_option_keys(w) & options for w in words):
            picks.add(" ".join(words))
    return prompt if len(picks) == 1 else None


def score_text_categories(events: list[Event], categories=TEXT_CATEGORIES, *,
                          prior_text: str = "", carried: dict | None = None,
                          prior_options=(), prior_open: bool = False,
                          prior_edited: bool = False) -> dict[str, CategoryScore]:
    """Scores of the text categories over ``events`` (best window per category).

    ``prior_text``: the assistant's last text before ``events`` (from an earlier
    triage). It stands in for the previous exchange of the first window: a prompt
    that picks one of its options is a choice, and its supporting cues (options,
    rationale, symptoms...) count at the previous-exchange discount. Its required
    cues never count, so text triaged at an earlier stop cannot trigger again alone.

    ``prior_options``: the option keys on offer before ``events`` (the decision score's ``offer``, kept by an
    earlier triage), for a prompt that picks one; ``prior_open``: they were already kept open one exchange.
    ``prior_edited``: the exchange before ``events`` changed a file (:func:`edited_last`), so a first prompt
    that opens with "no, ..." corrects that work.

    ``carried``: category -> supporting class -> value, what earlier parts of the session showed (a
    category's ``support`` from an earlier triage). Supporting cues said anywhere earlier in the session
    count in every window at the previous-exchange discount: the error pasted at the start of a session
    supports the "write this down for next time" at its end. Each score's ``support`` is ``carried``
    merged with what ``events`` showed, to be carried to the next triage.
    """
    cues = [_event_cues(e) if speaker_weight(e) > 0 else {} for e in events]
    weights = [speaker_weight(e) for e in events]
    groups = _exchanges(events)
    best: dict[str, CategoryScore] = {c: CategoryScore(c, 0.0) for c in categories}
    prior: dict | None = None if prior_text.strip() else {}
    support = {c: dict((carried or {}).get(c) or {}) for c in categories}
    answers, (offer, kept) = _walk_offers(events, groups, set(prior_options) | (_option_words(prior_text)
                                                                                if prior_text else set()), prior_open)
    for gi, current in enumerate(groups):
        previous = groups[gi - 1] if gi else []
        answer = answers[gi]
        for category in categories:
            classes: dict[str, tuple[float, list[Hit]]] = {}
            for factor, indices in ((_PREVIOUS_EXCHANGE, previous), (1.0, current)):
                for i in indices:
                    for name, spans in cues[i].get(category, {}).items():
                        value = _class_weight(category, name) * weights[i] * factor
                        if value > classes.get(name, (0.0, []))[0]:
                            classes[name] = (value, [Hit(i, s, e, name) for s, e in spans])
            if category == "constraint" and "limit" in classes and _explained_only(events, previous + current,
                                                                                    classes["limit"][1]):
                del classes["limit"]
            if category == "constraint" and _restated(events, classes.get("limit", (0.0, []))[1]):
                classes["restated"] = (_class_weight("constraint", "restated"), [])
            if category == "tech_debt":  # "handlers defer work to a queue", explained: not this project's debt
                for name in ("deferral", "weak_deferral"):
                    if name in classes and _explained_only(events, previous + current, classes[name][1]):
                        del classes[name]
            if category == "preference":
                after_edit = _edited(events, previous) if previous else prior_edited
                habit = _habit_redirects(events, current, classes, after_edit)
                if habit is None:  # the habit words alone are everyday talk ("I always forget which")
                    classes.pop("habit", None)
                    classes.pop("reach", None)
                elif "convention" not in classes:  # "we use inject() everywhere"
                    classes["convention"] = (_class_weight("preference", "convention") * weights[habit],
                                             classes["habit"][1])
                if "convention" in classes and _corrects_work(events, current, after_edit):
                    classes["correction"] = (_class_weight("preference", "correction"), [])
            if category == "decision" and answer is not None:
                classes["choice_answer"] = (_class_weight("decision", "choice_answer"),
                                            [Hit(answer, 0, min(len(events[answer].text), 200), "choice_answer")])
            if gi == 0 and not previous and any(classes.get(name, (0.0,))[0] >= _REQUIRED_MIN - 1e-9
                                                for name in _REQUIRED[category]):
                if prior is None:  # read only when a new statement could use its support
                    prior = _event_cues(Event(ASSISTANT_TEXT, prior_text, spoken=True))
                for name, _spans in prior.get(category, {}).items():
                    value = _class_weight(category, name) * _PREVIOUS_EXCHANGE
                    if (name not in _REQUIRED[category] and name not in _PROMPT_ONLY
                            and value > classes.get(name, (0.0, []))[0]):
                        classes[name] = (value, [])
            earlier = support[category]
            for name, value in earlier.items():
                if value > classes.get(name, (0.0, []))[0]:
                    classes[name] = (value, [])
            score = sum(v for v, _ in classes.values())
            bound = category == "constraint" and any(events[h.event].prompt for h in classes.get("soft_limit", (0, []))[1])
            if not _gate(category, classes, bound):
                score = min(score, GATE_CAP)
            if score > best[category].score:
                hits = [h for _, hs in classes.values() for h in hs]
                best[category] = CategoryScore(category, score, hits, window=previous + current)
            for i in current:  # what this exchange showed supports every later window
                for name in cues[i].get(category, {}):
                    value = round(_class_weight(category, name) * weights[i] * _PREVIOUS_EXCHANGE, 3)
                    if (name not in _REQUIRED[category] and name not in _PROMPT_ONLY and value >= _CARRY_MIN
                            and value > earlier.get(name, 0.0)):
                        earlier[name] = value
    for category in categories:
        best[category].support = support[category]
    if "decision" in best:
        best["decision"].offer = (sorted(offer), kept)
    return best


def _explained_only(events: list[Event], window: list[int], hits: list[Hit]) -> bool:
    """True when a limit (or a deferral) was only told by the assistant (or asked about) in an exchange where it
    did no work: an answer to "how does X's rate limit work?" explains someone else's rule; a limit the user
    states, or one the assistant found while working on the project, is this project's constraint."""
    def told(event: Event) -> bool:  # the assistant's words, or a question the user asked
        return event.kind == ASSISTANT_TEXT or (event.prompt and event.text.rstrip().endswith(("?", "\uff1f")))

    if not hits or not all(told(events[h.event]) for h in hits):
        return False
    return not any(events[i].kind == TOOL_USE and not events[i].sidechain for i in window)


def _gate(category: str, classes: dict[str, tuple[float, list]], stated_bound: bool = False) -> bool:
    """``stated_bound``: the person typed a bound ("max 10", "at most", "must stay"): with an amount and a
    source outside the code it is a constraint even without a limit phrase."""
    def has(name: str, least: float = _REQUIRED_MIN) -> bool:
        return classes.get(name, (0.0,))[0] >= least - 1e-9

    def seen(name: str) -> bool:  # support said by someone in the window (the previous exchange counts)
        return has(name, _SUPPORT_MIN)

    if category == "constraint" and stated_bound and seen("authority") and has("quantity", 0.1):
        return True  # "max 10 sessions on the Oracle, the DBA team enforces it": an amount, a bound, a source
    if not any(has(name) for name in _REQUIRED[category]):
        return False
    if category == "runbook":  # a write-up with three or more runbook labels stands for a fix and its check;
        # a fix kept for next time stands for its check
        return (seen("symptom") or has("structure")) and (seen("verify") or has("structure") or has("writeup"))
    if category == "tech_debt" and not has("deferral"):  # "for now" alone is not debt; a known shortcut is
        return seen("stopgap") or any(classes.get(name, (0.0,))[0] >= 0.1 for name in ("ticket", "marker"))
    return True


#: The classes that state a category's substance (what was decided, fixed, limited, deferred, preferred).
STATEMENT_CLASSES = {
    "decision": ("choice", "rejected"),
    "runbook": ("fix", "cause", "structure", "writeup"),
    "constraint": ("limit", "soft_limit"),
    "tech_debt": ("deferral", "weak_deferral"),
    "preference": ("convention", "directive", "habit"),
}


def statements(events: list[Event], score: CategoryScore) -> dict[int, list[Hit]]:
    """Every typed prompt and main-thread assistant text in ``score``'s window that states the category's
    substance (a class of :data:`STATEMENT_CLASSES`), with its spans: the user's words and the
    assistant's own statement of the decision, fix or limit, even where the score kept only one of them."""
    wanted = STATEMENT_CLASSES.get(score.category, ())
    out: dict[int, list[Hit]] = {}
    for i in score.window:
        event = events[i]
        if not (event.spoken and not event.sidechain and (event.prompt or event.kind == ASSISTANT_TEXT)):
            continue
        found = _event_cues(event).get(score.category, {})
        hits = [Hit(i, a, b, name) for name in wanted for a, b in found.get(name, [])]
        if hits:
            out[i] = hits
    return out


# ------------------------------------------------------------------ session_summary

def activity_metrics(events: list[Event]) -> dict[str, object]:
    """Counts of work: main-thread and subagent tool uses, distinct tools, typed prompts, exchanges."""
    tools = sidechain_tools = prompts = exchanges = 0
    names: set[str] = set()
    answered = True
    for event in events:
        if event.kind == TOOL_USE:
            if event.sidechain:
                sidechain_tools += 1
            else:
                tools += 1
                names.add(event.tool)
        elif event.prompt:
            prompts += 1
            answered = False
        elif event.kind == ASSISTANT_TEXT and not event.sidechain and not answered:
            exchanges += 1
            answered = True
    return {"tool_uses": tools, "sidechain_tool_uses": sidechain_tools, "distinct_tools": sorted(names),
            "prompts": prompts, "exchanges": exchanges}


def merge_metrics(a: dict | None, b: dict | None) -> dict[str, object]:
    """Sum two activity metrics (used to carry counts across Stop hook runs)."""
    a, b = a or {}, b or {}
    out: dict[str, object] = {}
    for key in ("tool_uses", "sidechain_tool_uses", "prompts", "exchanges"):
        out[key] = int(a.get(key, 0) or 0) + int(b.get(key, 0) or 0)
    out["distinct_tools"] = sorted(set(a.get("distinct_tools") or []) | set(b.get("distinct_tools") or []))
    return out


def score_activity(metrics: dict) -> float:
    """0..1 from activity. 20 tool uses over 3+ prompts (or 30 in fewer) reach 0.6; 8 or fewer stay below 0.25.

    Subagent tool uses count half. A session that used a single tool counts a little less.
    """
    work = int(metrics.get("tool_uses", 0) or 0) + 0.5 * int(metrics.get("sidechain_tool_uses", 0) or 0)
    prompts = int(metrics.get("prompts", 0) or 0)
    ratio = work / (20.0 if prompts >= 3 else 30.0)
    if len(metrics.get("distinct_tools") or []) <= 1:
        ratio *= 0.8
    return round(min(1.0, 0.6 * ratio + 1e-9), 3)


#: A wrap-up (the person asks where things stand, or the assistant recaps what is done and what is next)
#: ends a working session: after at least ``WRAP_UP_MIN_TOOLS`` tool uses it is worth a summary even below
#: the activity bar, at ``WRAP_UP_SCORE``.
WRAP_UP_MIN_TOOLS = 8
WRAP_UP_SCORE = 0.65
_WRAP_UP = None


def _wrap_up_patterns():
    global _WRAP_UP
    if _WRAP_UP is None:
        from claude_memory.triage.phrases import RECAP_HEADINGS, WRAP_UP

        _WRAP_UP = (phrase_cues(WRAP_UP), _labels(*RECAP_HEADINGS))
    return _WRAP_UP


def wrapped_up(events: list[Event]) -> bool:
    """True when the last typed prompt asks for a wrap-up, or the last answer recaps the session under two
    or more headings (done, next, open, ... in eight languages)."""
    prompt = next((e.text for e in reversed(events) if e.prompt and not e.sidechain), "")
    reply = next((e.text for e in reversed(events) if e.kind == ASSISTANT_TEXT and not e.sidechain), "")
    requests, recap = _wrap_up_patterns()
    folded = fold(prompt)
    if prompt and any(p.admits(folded, prompt, False) and next(iter(p.finditer(prompt)), None) for p in requests):
        return True
    reply = reply[:_SPOKEN_SCAN_CHARS]
    if not reply or not recap.admits(fold(reply), reply, False):
        return False
    return len({fold(m.group(1)) for m in recap.finditer(reply)}) >= 2


def score_session(metrics: dict, events: list[Event]) -> float:
    """session_summary's score: :func:`score_activity`, raised to ``WRAP_UP_SCORE`` when a session with
    enough work behind it ends with a wrap-up."""
    score = score_activity(metrics)
    if score < WRAP_UP_SCORE and int(metrics.get("tool_uses", 0) or 0) >= WRAP_UP_MIN_TOOLS and wrapped_up(events):
        return WRAP_UP_SCORE
    return score


def score_all(events: list[Event], metrics: dict | None = None, *, prior_text: str = "",
              carried: dict | None = None, prior_options=(), prior_open: bool = False,
              prior_edited: bool = False) -> dict[str, CategoryScore]:
    """Every category: text categories from ``events`` (``prior_text`` as for
    :func:`score_text_categories`), session_summary from ``metrics`` (defaults to the activity of
    ``events``) and a wrap-up in ``events``. The Stop hook's scoring."""
    scores = score_text_categories(events, prior_text=prior_text, carried=carried, prior_options=prior_options,
                                   prior_open=prior_open, prior_edited=prior_edited)
    metrics = metrics if metrics is not None else activity_metrics(events)
    scores["session_summary"] = CategoryScore("session_summary", score_session(metrics, events), metrics=metrics)
    return scores
