"""A small, forgiving POSIX-shell lexer for the Bash guard.

It splits a command line into simple commands with their words, redirections
and here-documents, the way a shell would before expansion: quotes and
backslashes are removed but remembered (a quoted ``*`` is not a glob),
variables are kept as variables, and the text of command substitutions
(``$(...)``, backticks, ``<(...)``, ``>(...)``) is handed back separately so
the caller can judge it as a command line of its own. It never raises on
malformed input (unbalanced quotes simply end at the end of the text).

Pure: no file system, no environment.
"""

__all__ = ["Word", "Command", "Script", "lex", "QUOTED", "BARE", "VAR", "SUBST", "OPERATOR_MARK"]

#: word part kinds: quoted literal, unquoted literal (globs active), variable, substitution
QUOTED, BARE, VAR, SUBST = "q", "u", "v", "s"

_OPERATOR_CHARS = ";&|()<>"
_SEPARATORS = (";;", "&&", "||", "|&", ";", "&", "|", "(", ")")
_REDIRECTS = ("&>>", "<<<", "<<-", ">>", ">|", ">&", "&>", "<<", "<>", "<&", ">", "<")
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
_SPECIAL_VARS = "@*#?$!-0123456789"
#: leads ``extra`` of a VAR part when it holds a parameter-expansion operator rather than a default
OPERATOR_MARK = "\x01"
_C_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b",
              "f": "\f", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


class Word:
    """One shell word as parts ``(kind, text, extra)``; for VAR parts text is the name and ``extra``
    a default value; for SUBST parts text is the inner command line ('' for arithmetic)."""

    __slots__ = ("parts",)

    def __init__(self, parts=None):
        self.parts: list[tuple[str, str, str]] = parts or []

    def add(self, kind: str, text: str, extra: str = "") -> None:
        if kind in (QUOTED, BARE) and self.parts and self.parts[-1][0] == kind:
            self.parts[-1] = (kind, self.parts[-1][1] + text, "")
        else:
            self.parts.append((kind, text, extra))

    @property
    def text(self) -> str:
        """The word as written minus quoting; variables shown as ``$NAME``, substitutions as ``$(...)``."""
        out = []
        for kind, text, _ in self.parts:
            out.append(text if kind in (QUOTED, BARE) else ("$" + text if kind == VAR else "$(...)"))
        return "".join(out)

    @property
    def literal(self) -> str | None:
        """The word's text when it has no variables or substitutions, else None."""
        if any(kind in (VAR, SUBST) for kind, _, _ in self.parts):
            return None
        return "".join(text for _, text, _ in self.parts)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Word({self.text!r})"


class Command:
    """A simple command: its words, redirections ``(operator, fd, Word)``, here-document bodies,
    the operator that came before it (``|`` means it reads the previous command's output) and its
    subshell ``level`` (a ``cd`` inside ``( ... )`` ends at the closing parenthesis)."""

    __slots__ = ("words", "redirects", "heredocs", "sep_before", "level")

    def __init__(self, sep_before: str = "", level: int = 0):
        self.level = level  # how many ``( ... )`` subshells enclose it
        self.words: list[Word] = []
        self.redirects: list[tuple[str, str, Word]] = []
        self.heredocs: list[str] = []
        self.sep_before = sep_before

    @property
    def argv(self) -> list[str]:
        return [w.text for w in self.words]

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Command({self.argv!r}, redirects={[(o, w.text) for o, _, w in self.redirects]!r})"


class Script:
    """The lexed command line: its simple commands and the inner command lines of substitutions."""

    __slots__ = ("commands", "nested")

    def __init__(self):
        self.commands: list[Command] = []
        self.nested: list[str] = []


def _balanced(s: str, i: int, open_ch: str, close_ch: str) -> int:
    """Index just past the ``close_ch`` matching an already consumed ``open_ch`` (quotes respected)."""
    depth = 1
    n = len(s)
    while i < n:
        c = s[i]
        if c == "\\":
            i += 2
            continue
        if c == "'":
            end = s.find("'", i + 1)
            i = n if end < 0 else end + 1
            continue
        if c == '"':
            i += 1
            while i < n and s[i] != '"':
                i += 2 if s[i] == "\\" else 1
            i += 1
            continue
        if c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n


def _ansi_c(s: str, i: int) -> tuple[str, int]:
    """Decode ``$'...'`` starting after the opening quote; returns (text, index past the quote)."""
    out = []
    n = len(s)
    while i < n and s[i] != "'":
        c = s[i]
        if c == "\\" and i + 1 < n:
            e = s[i + 1]
            if e in _C_ESCAPES:
                out.append(_C_ESCAPES[e])
                i += 2
            elif e == "x":
                j = i + 2
                while j < n and j < i + 4 and s[j] in "0123456789abcdefABCDEF":
                    j += 1
                out.append(chr(int(s[i + 2:j], 16)) if j > i + 2 else "\\x")
                i = j
            elif e in "01234567":
                j = i + 1
                while j < n and j < i + 4 and s[j] in "01234567":
                    j += 1
                out.append(chr(int(s[i + 1:j], 8)))
                i = j
            elif e in "uU":
                width = 4 if e == "u" else 8
                j = i + 2
                while j < n and j < i + 2 + width and s[j] in "0123456789abcdefABCDEF":
                    j += 1
                try:
                    out.append(chr(int(s[i + 2:j], 16)) if j > i + 2 else "\\" + e)
                except ValueError:
                    out.append("?")
                i = j
            else:
                out.append("\\" + e)
                i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out), i + 1


def _substitutions_in(s: str, nested: list[str]) -> None:
    """Add the command lines of every ``$(...)`` and backtick substitution in ``s`` (the body of a
    ``${...}``, nested ones included) to ``nested``, in one pass: quotes hide nothing here (a quoted
    substitution in a default still runs, a quoted literal is judged as if it ran)."""
    i, n = 0, len(s)
    while i < n:
        if s[i] == "\\":
            i += 2
        elif s.startswith("$((", i):  # arithmetic: no command line
            i = _balanced(s, i + 3, "(", ")")
        elif s.startswith("$(", i):
            end = _balanced(s, i + 2, "(", ")")
            nested.append(s[i + 2:end - 1] if s[end - 1:end] == ")" else s[i + 2:end])
            i = end
        elif s[i] == "`":
            end = _balanced_backtick(s, i + 1)
            nested.append(s[i + 1:end - 1])
            i = end
        else:
            i += 1


def _dollar(s: str, i: int, word: Word, nested: list[str]) -> int:
    """Handle ``$`` at ``s[i]``; returns the index after what it consumed."""
    n = len(s)
    nxt = s[i + 1] if i + 1 < n else ""
    if nxt == "(":
        if s.startswith("$((", i):
            end = _balanced(s, i + 3, "(", ")")
            end = end + 1 if end < n and s[end] == ")" else end
            word.add(SUBST, "")
            return end
        end = _balanced(s, i + 2, "(", ")")
        inner = s[i + 2:end - 1] if end <= n and s[end - 1:end] == ")" else s[i + 2:end]
        nested.append(inner)
        word.add(SUBST, inner)
        return end
    if nxt == "{":
        end = _balanced(s, i + 2, "{", "}")
        inner = s[i + 2:end - 1] if s[end - 1:end] == "}" else s[i + 2:end]
        if "$(" in inner or "`" in inner:  # ${x:-$(cmd)} runs cmd too
            _substitutions_in(inner, nested)
        j = 0
        while j < len(inner) and (inner[j] in _NAME_CHARS or (j == 0 and inner[j] in "#!")):
            j += 1
        name = inner[:j].lstrip("#!")
        rest = inner[j:]
        if inner[:1] in ("#", "!") and len(inner) > 1:
            word.add(VAR, "?")  # a length or an indirection: nothing known
            return end
        default = ""
        for op in (":-", ":=", "-", "="):
            if rest.startswith(op):
                default = rest[len(op):]
                break
        else:
            if rest:  # ${v%suffix}, ${v/a/b}, ${v:1:2}, ${v^^}...: the caller works it out or gives up
                word.add(VAR, name or "?", OPERATOR_MARK + rest)
                return end
        word.add(VAR, name or "?", default)
        return end
    if nxt and nxt in _SPECIAL_VARS:
        word.add(VAR, nxt)
        return i + 2
    j = i + 1
    while j < n and s[j] in _NAME_CHARS:
        j += 1
    if j == i + 1:
        word.add(BARE, "$")
        return i + 1
    word.add(VAR, s[i + 1:j])
    return j


def _double_quoted(s: str, i: int, word: Word, nested: list[str]) -> int:
    """Lex ``"..."`` starting after the opening quote."""
    n = len(s)
    buf = []
    while i < n and s[i] != '"':
        c = s[i]
        if c == "\\" and i + 1 < n:
            e = s[i + 1]
            if e == "\n":
                i += 2
                continue
            buf.append(e if e in '$`"\\' else "\\" + e)
            i += 2
        elif c == "$":
            if buf:
                word.add(QUOTED, "".join(buf))
                buf = []
            i = _dollar(s, i, word, nested)
            if word.parts and word.parts[-1] == (BARE, "$", ""):
                word.parts[-1] = (QUOTED, "$", "")
        elif c == "`":
            end = _balanced_backtick(s, i + 1)
            nested.append(s[i + 1:end - 1])
            if buf:
                word.add(QUOTED, "".join(buf))
                buf = []
            word.add(SUBST, s[i + 1:end - 1])
            i = end
        else:
            buf.append(c)
            i += 1
    if buf:
        word.add(QUOTED, "".join(buf))
    elif not word.parts:
        word.add(QUOTED, "")
    return i + 1


def _balanced_backtick(s: str, i: int) -> int:
    n = len(s)
    while i < n:
        if s[i] == "\\":
            i += 2
            continue
        if s[i] == "`":
            return i + 1
        i += 1
    return n + 1


def _read_heredoc(s: str, i: int, delim: str, strip_tabs: bool) -> tuple[str, int]:
    """Body of a here-document whose lines start at ``s[i]``; returns (body, index after it)."""
    lines = []
    n = len(s)
    while i < n:
        end = s.find("\n", i)
        line = s[i:] if end < 0 else s[i:end]
        i = n if end < 0 else end + 1
        check = line.lstrip("\t") if strip_tabs else line
        if check == delim:
            break
        lines.append(check)
    return "\n".join(lines), i


def lex(source: str) -> Script:
    """Split ``source`` into simple commands; never raises."""
    script = Script()
    s = source if isinstance(source, str) else ""
    n = len(s)
    i = 0
    cmd = Command()
    word: Word | None = None
    pending_redirect: tuple[str, str] | None = None
    pending_heredocs: list[tuple[Command, str, bool]] = []

    def finish_word() -> None:
        nonlocal word, pending_redirect
        if word is None:
            return
        if pending_redirect is not None:
            op, fd = pending_redirect
            pending_redirect = None
            if op in ("<<", "<<-"):
                delim = "".join(t for _, t, _ in word.parts if _ != SUBST)
                pending_heredocs.append((cmd, delim, op == "<<-"))
            cmd.redirects.append((op, fd, word))
        else:
            cmd.words.append(word)
        word = None

    paren = 0

    def finish_command(sep: str) -> None:
        nonlocal cmd, paren
        finish_word()
        if cmd.words or cmd.redirects:
            script.commands.append(cmd)
        if sep == "(":
            paren += 1
        elif sep == ")":
            paren = max(0, paren - 1)
        cmd = Command(sep, paren)

    while i < n:
        c = s[i]
        if c in " \t":
            finish_word()
            i += 1
        elif c == "\n":
            finish_command(";")
            i += 1
            for owner, delim, strip in pending_heredocs:
                body, i = _read_heredoc(s, i, delim, strip)
                owner.heredocs.append(body)
            pending_heredocs.clear()
        elif c == "#" and word is None:
            end = s.find("\n", i)
            i = n if end < 0 else end
        elif c == "\\":
            if i + 1 < n and s[i + 1] == "\n":
                i += 2
                continue
            word = word or Word()
            word.add(QUOTED, s[i + 1:i + 2])
            i += 2
        elif c == "'":
            word = word or Word()
            end = s.find("'", i + 1)
            end = n if end < 0 else end
            word.add(QUOTED, s[i + 1:end])
            i = end + 1
        elif c == '"':
            word = word or Word()
            i = _double_quoted(s, i + 1, word, script.nested)
        elif c == "$" and s.startswith('$"', i):  # locale translation: a double-quoted string
            word = word or Word()
            i = _double_quoted(s, i + 2, word, script.nested)
        elif c == "$" and s.startswith("$'", i):
            word = word or Word()
            text, i = _ansi_c(s, i + 2)
            word.add(QUOTED, text)
        elif c == "$":
            word = word or Word()
            i = _dollar(s, i, word, script.nested)
        elif c == "`":
            word = word or Word()
            end = _balanced_backtick(s, i + 1)
            script.nested.append(s[i + 1:end - 1])
            word.add(SUBST, s[i + 1:end - 1])
            i = end
        elif c in "<>" and i + 1 < n and s[i + 1] == "(":
            end = _balanced(s, i + 2, "(", ")")
            script.nested.append(s[i + 2:end - 1])
            word = word or Word()
            word.add(SUBST, "")
            i = end
        elif c in _OPERATOR_CHARS:
            op = next((r for r in _REDIRECTS if s.startswith(r, i)), None)
            if op is not None:
                fd = ""
                if word is not None and word.literal is not None and word.literal.isdigit() \
                        and pending_redirect is None and all(k == BARE for k, _, _ in word.parts):
                    fd = word.literal
                    word = None
                finish_word()
                pending_redirect = (op, fd)
                i += len(op)
                continue
            sep = next(r for r in _SEPARATORS if s.startswith(r, i))
            finish_command(sep)
            i += len(sep)
        else:
            j = i
            while j < n and s[j] not in " \t\n\\'\"$`;&|()<>":
                j += 1
            if c == "#" or j == i:
                j = i + 1
            word = word or Word()
            word.add(BARE, s[i:j])
            i = j
    finish_command(";")
    return script
