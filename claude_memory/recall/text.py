"""Words for recall and every other search of the store: tokenising, light stemming, stop words,
the universal engineering abbreviations.

Shared by the index builder, the query side, candidate selection and the search command, so
"what matches" means the same everywhere.
Everything here is pure and deterministic, and imports nothing at all: this runs on every
prompt, and ``re`` alone (with the ``enum``/``functools``/``collections`` it loads) would
cost ~6 ms of start-up, so words and paths are found with ``str.translate``/``split`` and
short scans (``tests/test_recall_equivalence.py`` holds them equal to the regular
expressions they replace).

A *term* is a lower-case stem. Besides single words, identifiers joined by ``-``, ``_``
or ``.`` (``write_pandas``, ``tracking-ingest``, ``Variable.get``) also yield one
compound term (``write_pandas``, ``tracking_ingest``, ``variable_get``), and camelCase
words yield their parts as well as the whole, so exact identifiers score above their
loose parts.
"""

__all__ = [
    "TOKENIZER_VERSION",
    "terms",
    "query_terms",
    "stem",
    "expand",
    "path_mentions",
    "norm_path",
    "STOP_WORDS",
    "ABBREVIATIONS",
    "clauses",
]

#: Bumped whenever :func:`terms` (tokenising, stemming, stop words) changes what the index
#: stores, so a recall cache built by an older tokenizer is rebuilt (the cache header keeps it).
#: 4: wide-script runs also yield their character pairs, a lone wide character is a word, and
#: non-ASCII words are case-folded (``Straße`` and ``STRASSE`` are one word).
TOKENIZER_VERSION = 4

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
) | frozenset(
    # The commonest function words (articles, pronouns, prepositions, conjunctions, auxiliaries)
    # of Spanish, Portuguese, French, German and Italian, from general knowledge of those
    # languages (none that is also an English word or abbreviation an engineer writes: die, con, bin,
    # dir, os, su, es, eu, ai, ...).
    """
    el la los las un una unos unas lo le les del al de en y o u que qué se sus por para como cómo
    está están ser fue era hay muy más pero sobre entre cuando cuándo porque donde dónde
    este esta estos estas ese esa eso mi mis tu tus nos nosotros ya también hace hacer puedo podemos
    o um uma uns umas do da dos das no na nos nas em ao aos à às pelo pela pelos pelas é são
    está estão foi era ele ela eles elas você nós mas mais muito também já quando onde porque
    isso este esta esse essa meu minha seu sua ter tem temos pode podemos fazer
    du des un une et ou où sont été être avoir as avons ont je tu il elle nous vous ils
    elles ce cet cette ces mon ma mes ton ta tes notre nos votre vos leur leurs qui quoi
    dans sur pour par avec sans mais pas plus très aussi comme quand comment pourquoi peut faire
    der das und oder ist sind waren wird werden ein eine einen einem einer eines den dem des
    ich du er sie wir ihr mich mir dich uns euch nicht kein keine auch aber wenn wie warum
    wo was wer von zu zum zur bei aus nach für über unter auf im ins vom noch schon sehr
    kann können muss müssen soll sollen haben
    il lo gli una uno da in per tra fra che chi cosa come quando dove perché più
    anche ma sono è era hanno ha ho questo questa quello quella mio mia suo sua nostro
    """.split()
)

CAMEL_PART_MASS = 0.5

#: The abbreviations every engineer writes, each with the word it stands for (both directions
#: count as one term family). Not a thesaurus: knowledge of what words mean comes from the
#: store itself and, when installed, the semantic extra (see :mod:`claude_memory.recall.semantic`).
ABBREVIATIONS: dict[str, str] = {
    "k8s": "kubernetes", "db": "database", "auth": "authentication", "config": "configuration",
    "cfg": "configuration", "env": "environment", "repo": "repository", "deps": "dependency",
    "dep": "dependency", "pr": "pull_request", "msg": "message", "creds": "credential",
    "otel": "opentelemetry", "pg": "postgres", "perf": "performance", "infra": "infrastructure",
    "prod": "production", "dev": "development", "docs": "documentation", "api": "interface",
}


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


#: The ASCII letters and digits, and every ASCII character.
_ASCII_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_ASCII = bytes(range(128)).decode("ascii")


def _blanks(kept: str) -> dict[int, str]:
    """A ``str.translate`` table turning every ASCII character but the letters, digits and ``kept``
    into a space (built from the character set itself: this runs at every prompt's start-up)."""
    return dict.fromkeys(_ASCII.translate(dict.fromkeys(map(ord, _ASCII_ALNUM + kept))).encode("ascii"), " ")


#: ``str.translate`` table: every ASCII character that cannot be part of a word (anything but
#: ``[A-Za-z0-9]`` and the joiners ``._-``) becomes a space.
_WORD_BLANKS = _blanks("._-")
#: The joiners ``-`` and ``_`` become ``.``, so one ``split(".")`` cuts an identifier into its pieces.
_JOINERS = {ord("-"): ".", ord("_"): "."}


def _camel_parts(word: str) -> list[str]:
    """``word`` (ASCII letters and digits) cut at case changes and digit runs.

    ``TrackingIngest`` -> Tracking, Ingest; ``HTTPServer2Go`` -> HTTP, Server, 2, Go: a run
    of capitals followed by a lower-case letter gives its last capital to the next part.
    """
    parts = []
    i, n = 0, len(word)
    while i < n:
        c = word[i]
        j = i + 1
        if c.isdigit():
            while j < n and word[j].isdigit():
                j += 1
        elif c.islower():
            while j < n and word[j].islower():
                j += 1
        else:
            while j < n and word[j].isupper():
                j += 1
            if j < n and word[j].islower():
                if j - i > 1:
                    j -= 1
                else:
                    j += 1
                    while j < n and word[j].islower():
                        j += 1
        parts.append(word[i:j])
        i = j
    return parts


def _piece_words(piece: str, out: list) -> None:
    """Append (word, kind) of one run of ASCII letters and digits to ``out``."""
    low = piece.lower()
    if not piece.islower() and not piece.isupper() and not piece.isdigit():
        parts = _camel_parts(piece)
        if len(parts) > 1:
            out.append((low, 1))
            for part in parts:
                out.append((part.lower(), 2))
            return
    out.append((low, 0))


#: Letters and digits from here up (CJK radicals, kana, ideographs, Hangul, full-width forms) belong
#: to scripts written without spaces between words: a run of them is a word of its own, and
#: an ASCII identifier written inside one (``OTAジョブ``, ``GATK来``) is read as ASCII words.
#: A run holds several words glued together (``テストはpytestで書く``: ``テストは``, ``で書く``),
#: and no word list says where they end, so a run longer than two also yields its overlapping
#: character pairs (``テス``, ``スト``, ``トは``) as parts, the way a camelCase word yields its
#: parts: ``テスト`` then matches a title that says ``テストは``. A lone wide character is a word.
WIDE_SCRIPT = 0x2E80
_WIDE = "\u2e80"


def _wide_runs(text: str) -> tuple[str, list[str]]:
    """(``text`` with every run of wide-script letters and digits blanked, those runs case-folded)."""
    kept: list[str] = []
    runs: list[str] = []
    run: list[str] = []
    for c in text:
        if c >= _WIDE and c.isalnum():
            run.append(c)
            continue
        if run:
            runs.append("".join(run).casefold())
            kept.append(" ")
            run = []
        kept.append(c)
    if run:
        runs.append("".join(run).casefold())
        kept.append(" ")
    return "".join(kept), runs


def _wide_words(runs: list[str]) -> list[tuple[str, int]]:
    """(word, kind) of wide-script runs: a run of one or two characters is a word; a longer one
    is a whole (kind 1) yielded with its overlapping character pairs (kind 2)."""
    out: list[tuple[str, int]] = []
    for run in runs:
        if len(run) <= 2:
            out.append((run, 0))
            continue
        out.append((run, 1))
        out.extend((run[i:i + 2], 2) for i in range(len(run) - 1))
    return out


def _words(text: str) -> list[tuple[str, int]]:
    """(word, kind) for every word of ``text``, stop words included.

    A word is a run of ASCII letters and digits; runs joined by single ``.``, ``_`` or ``-``
    form an identifier. A run of wide-script letters (``WIDE_SCRIPT``: CJK, kana, Hangul) is a
    word of its own and separates the ASCII words around it; listed last, each longer than two
    characters with its character pairs. ``kind`` is 1 for a compound (``write_pandas``), a
    camelCase whole (``trackingingestconsumerlaghigh``) or a wide run that is also yielded as its
    parts, 2 for a part of a camelCase word or a wide run, and 0 otherwise. Words with a
    non-ASCII character are case-folded (``str.casefold``: ``Straße`` is ``strasse``), ASCII
    words lower-cased (the same for them).
    """
    out: list[tuple[str, int]] = []
    foreign: list[tuple[str, int]] = []
    wide: list[tuple[str, int]] = []
    if not text.isascii() and max(text) >= _WIDE:
        text, runs = _wide_runs(text)
        wide = _wide_words(runs)
    if not text.isascii():
        # A run of letters and digits with a non-ASCII one is one word of its own (``Datenbank``
        # is ASCII, ``über`` and ``implementación`` are not), listed after the ASCII words;
        # every other non-ASCII character separates words.
        spaced = "".join(c if c.isalnum() else " " for c in text)
        foreign = [(w.casefold(), 0) for w in spaced.split() if not w.isascii()]
        text = " ".join(w if w.isascii() else " " for w in text.split(" ")) if foreign else text
        text = text.encode("ascii", "replace").decode("ascii")
    for chunk in text.translate(_WORD_BLANKS).split():
        if chunk.isalnum():
            _piece_words(chunk, out)
            continue
        group: list[str] = []
        for piece in (*chunk.translate(_JOINERS).split("."), ""):
            if piece:
                group.append(piece)
                continue
            if not group:
                continue
            if len(group) > 1:
                out.append(("_".join(group).lower(), 1))
            for one in group:
                _piece_words(one, out)
            group = []
    return out + foreign + wide


def terms(text: str) -> list[str]:
    """Index terms of ``text``: stems of content words, compounds and camelCase parts."""
    out = []
    for word, _part in _words(text):
        if (len(word) < 2 and word < _WIDE) or word in STOP_WORDS:
            continue
        out.append(stem(word))
    return out


def query_terms(text: str) -> list[tuple[str, float]]:
    """Distinct terms of a prompt with their evidence mass factor, in order of appearance.

    The factor is 0 for compounds, camelCase wholes and wide-script runs (their parts carry the
    evidence; the whole only adds score for an exact identifier or run), ``CAMEL_PART_MASS`` for
    a part of a camelCase word (``GitHub`` is one word, not two pieces of evidence) or a
    character pair of a wide run (about half a word of Chinese or Japanese), and 1 otherwise.
    How common a word is in general is not guessed from a list: the store's IDF says it, and
    the semantic extra's word table (when built) adds a general-language prior.
    """
    found = _QUERY_TERMS.get(text)
    if found is not None:
        return list(found)
    seen: dict[str, float] = {}
    for word, kind in _words(text):
        if (len(word) < 2 and word < _WIDE) or word in STOP_WORDS:
            continue
        term = stem(word)
        if term in seen:
            continue
        seen[term] = 0.0 if kind == 1 else CAMEL_PART_MASS if kind == 2 else 1.0
    if len(_QUERY_TERMS) >= QUERY_MEMO:
        _QUERY_TERMS.clear()
    found = _QUERY_TERMS[text] = tuple(seen.items())
    return list(found)


#: :func:`query_terms` remembers this many texts (one prompt asks for its own, its parts' and
#: its best memory's terms more than once; a long-lived caller's memo stays bounded).
QUERY_MEMO = 64
_QUERY_TERMS: dict[str, tuple] = {}


def _abbreviation_table() -> dict[str, tuple[str, ...]]:
    table: dict[str, set[str]] = {}
    for short, long in ABBREVIATIONS.items():
        a, b = stem(short), stem(long) if "_" not in long else long
        table.setdefault(a, set()).add(b)
        table.setdefault(b, set()).add(a)
    return {k: tuple(sorted(v)) for k, v in table.items()}


_EXPANSIONS: dict | None = None


def expand(term: str) -> tuple[str, ...]:
    """The other member of an abbreviation pair (``k8s`` <-> ``kubernetes``), else ``()``."""
    global _EXPANSIONS
    if _EXPANSIONS is None:
        _EXPANSIONS = _abbreviation_table()
    return _EXPANSIONS.get(term, ())


def norm_path(path: str) -> str:
    """Lower-case, ``/``-separated, without a leading ``./`` or ``/``: how file paths are compared."""
    p = path.strip().replace("\\", "/").lower()
    while p.startswith("./"):
        p = p[2:]
    return p.lstrip("/")


#: Characters a path is made of besides letters and digits (``\w`` is ``str.isalnum()`` or ``_``).
_PATH_PUNCT = "_.@+~-/"
#: ``str.translate`` table: ASCII characters that cannot be part of a path become spaces.
_PATH_BLANKS = _blanks(_PATH_PUNCT)
#: Runs longer than this are matched with the regular expression below (bounded cost).
_LONG_RUN = 120
#: The path grammar, spelled as a regular expression; :func:`_path_end` implements it
#: without ``re`` (which costs ~6 ms of start-up), and the expression itself only serves
#: runs longer than ``_LONG_RUN``. A path or file name: has a slash, or ends in a short extension.
PATH_PATTERN = r"[\w.@+~-]*(?:/[\w.@+~-]+)+/?|[\w@+~-]+(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,5}\b"


class _NonAsciiPathBlanks(dict):
    """The path table for text with non-ASCII characters: letters and digits stay, others blank."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        return char if char.isalnum() or char in _PATH_PUNCT else " "


def _path_runs(text: str) -> list[str]:
    """The maximal runs of path characters (word characters and ``.@+~-/``) in ``text``."""
    if text.isascii():
        return text.translate(_PATH_BLANKS).split()
    return text.translate(_NonAsciiPathBlanks(_PATH_BLANKS)).split()


def _is_ascii_alnum(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _path_end(run: str, i: int) -> int:
    """End of the path match starting at ``run[i]`` (``PATH_PATTERN`` anchored there), or -1.

    ``run`` holds only path characters, so a character after it is never a word character.
    """
    n = len(run)
    # A name then one or more "/name" segments (names of anything but "/"), then an optional "/".
    j = run.find("/", i)
    if j >= 0 and j + 1 < n and run[j + 1] != "/":
        while j < n and j + 1 < n and run[j + 1] != "/":
            k = run.find("/", j + 1)
            j = n if k < 0 else k
        return j + 1 if j < n else n
    # A name without dots, ".part" segments of word characters and "-", the last of which
    # (the latest one that can) is an extension: a letter, at most 5 more ASCII letters or
    # digits, then the end of the word.
    if run[i] in "./":
        return -1
    j = i + 1
    while j < n and run[j] not in "./":
        j += 1
    dots = []
    while j + 1 < n and run[j] == "." and (run[j + 1].isalnum() or run[j + 1] in "_-"):
        dots.append(j)
        j += 2
        while j < n and (run[j].isalnum() or run[j] in "_-"):
            j += 1
    for dot in reversed(dots):
        start = dot + 1
        if not ("a" <= run[start] <= "z" or "A" <= run[start] <= "Z"):
            continue
        end = start + 1
        while end < n and end - start < 7 and _is_ascii_alnum(run[end]):
            end += 1
        if end - start <= 6 and (end == n or not (run[end].isalnum() or run[end] == "_")):
            return end
    return -1


def _path_matches(run: str) -> list[str]:
    """``PATH_PATTERN.findall(run)``."""
    if len(run) > _LONG_RUN:
        import re

        return re.findall(PATH_PATTERN, run)
    found = []
    i, n = 0, len(run)
    while i < n:
        end = _path_end(run, i)
        if end < 0:
            i += 1
        else:
            found.append(run[i:end])
            i = end
    return found


def path_mentions(text: str) -> list[str]:
    """File paths and file names the text names, lower-cased, without leading ``./`` or ``/``."""
    out: list[str] = []
    if "/" not in text and "." not in text:
        return out
    for run in _path_runs(text):
        if "/" not in run and "." not in run:
            continue
        for found in _path_matches(run):
            p = norm_path(found.rstrip("."))
            if p and any(c.isalpha() for c in p) and p not in out:
                out.append(p)
    return out


#: Where a prompt that asks several things is cut into its questions: clause punctuation (Latin
#: and CJK) and the words that join two requests, in the languages the stop words cover plus
#: Chinese, Japanese and Korean (a general list, not any store's vocabulary).
CLAUSE_MARKS = ",;:?!\u3001\u3002\uff0c\uff1b\uff1a\uff1f\uff01"
CLAUSE_WORDS = frozenset("""
    and also plus or vs versus besides
    y e o u también además
    ou também além
    et aussi
    und oder auch sowie
    ed anche oppure
""".split())
CLAUSE_JOINERS = ("\u3042\u3068", "\u305d\u3057\u3066", "\u307e\u305f", "\u8fd8\u6709", "\u4ee5\u53ca",
                  "\u800c\u4e14", "\u5e76\u4e14", "\uadf8\ub9ac\uace0")  # あと そして また 还有 以及 而且 并且 그리고
#: Content words a part needs to be asked on its own.
CLAUSE_MIN_WORDS = 2
#: Parts beyond this many are left in the last one (bounds the work a long prompt adds).
MAX_CLAUSES = 4


def clauses(text: str) -> list[str]:
    """The parts of a prompt that asks more than one thing, each holding at least
    ``CLAUSE_MIN_WORDS`` content words, in order; [] when it has fewer than two such parts. Cut at clause punctuation,
    dashes between spaces, a line break and joining words (``and``, ``also``, ``und``, ...)."""
    marked = text
    for joiner in CLAUSE_JOINERS:
        if joiner in marked:
            marked = marked.replace(joiner, "\n")
    for mark in CLAUSE_MARKS:
        if mark in marked:
            # a mark inside a word (1,000 / a:b / v1.2) does not cut: only one followed by a space or the end
            marked = marked.replace(mark + " ", "\n").replace(mark + "\t", "\n")
            if marked.endswith(mark):
                marked = marked[:-1]
            if mark >= "\u3000":
                marked = marked.replace(mark, "\n")
    marked = marked.replace(" - ", "\n").replace(" \u2014 ", "\n").replace(" \u2013 ", "\n")
    parts: list[str] = []
    for line in marked.split("\n"):
        current: list[str] = []
        for word in line.split():
            if word.lower() in CLAUSE_WORDS:
                if current:
                    parts.append(" ".join(current))
                current = []
            else:
                current.append(word)
        if current:
            parts.append(" ".join(current))
    kept = [p for p in parts if sum(1 for _t, f in query_terms(p) if f) >= CLAUSE_MIN_WORDS]
    if len(kept) < 2:
        return []
    return kept[:MAX_CLAUSES - 1] + [" ".join(kept[MAX_CLAUSES - 1:])] if len(kept) > MAX_CLAUSES else kept
