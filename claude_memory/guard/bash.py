"""Would this Bash command write, move or delete inside the memory store?

Pure analysis of a command line (see :mod:`claude_memory.guard.shell` for the
lexing): redirections, the usual file verbs (``cp``, ``mv``, ``rm``, ``tee``,
``sed -i``, ``touch``, ``truncate``, ``dd of=``, ``install``, ``ln``,
``chmod``, ``find -delete``, ``git rm``, ...), ``cd`` into the store, shell
variables assigned in the same line, ``$CLAUDE_PROJECT_DIR`` and ``~``, globs
and brace lists, nested ``bash -c``/``eval``/``$(...)``, and inline interpreter
code (``python -c``, ``node -e``, ``perl -e``, heredocs fed to an interpreter)
that names the store and writes.

The rule is "deny only on a positive match": a target has to resolve to the
store, something in it, or (for deletes and moves) one of its parent folders.
When the targets of a writing verb cannot be known (``xargs rm``), the command
is denied only if its text names the store. Reading commands, the plugin's own
scripts and everything outside the store pass.

The only outside help is optional: ``resolve(path) -> real path`` (symlinks)
and ``folds_case() -> bool`` (is the volume case-insensitive), both supplied
by the hook so this module stays free of file-system access.
"""

from __future__ import annotations

import os

from claude_memory.guard.shell import BARE, QUOTED, SUBST, VAR, Command, Word, lex

__all__ = ["Finding", "find_store_writes", "mentions_store"]

_ANY = "\x00"  # an unknown stretch of path (unknown variable, substitution, unknown cwd)
_GLOB = "*?["
_MAX_ALTERNATIVES = 64
_MAX_DEPTH = 4

_WRAPPERS = {"sudo", "doas", "command", "builtin", "exec", "nohup", "time", "nice", "ionice", "env",
             "stdbuf", "timeout", "chronic", "unbuffer", "busybox", "then", "do", "else", "elif",
             "if", "while", "until", "!", "{", "}", "(", ")"}
_WRAPPER_VALUE_OPTS = {"sudo": {"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U"},
                       "nice": {"-n"}, "ionice": {"-c", "-n"}, "env": {"-u", "-C", "-S"},
                       "timeout": {"-s", "-k"}, "stdbuf": {"-i", "-o", "-e"}}
_ASSIGNERS = {"export", "declare", "typeset", "local", "readonly"}
_READ_ONLY = {"cat", "less", "more", "head", "tail", "grep", "egrep", "fgrep", "rg", "ag", "ls", "ll",
              "stat", "file", "wc", "diff", "cmp", "md5sum", "sha1sum", "sha256sum", "echo", "printf",
              "test", "[", "[[", "true", "false", "jq", "realpath", "readlink", "dirname", "basename",
              "pwd", "which", "type", "tree", "du", "df", "nl", "od", "xxd", "hexdump", "strings"}
_DELETE_VERBS = {"rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put", "gio"}
_COPY_VERBS = {"cp", "install", "ln", "rsync", "scp", "link"}
_WRITE_ALL_OPERANDS = {"tee", "touch", "truncate", "mkdir", "mkfifo", "mknod", "chattr", "setfacl",
                       "vi", "vim", "nvim", "nano", "emacs", "ed", "ex", "pico", "sponge"}
_MODE_FIRST = {"chmod", "chown", "chgrp"}
_WRITING_WORDS = _DELETE_VERBS | _COPY_VERBS | _WRITE_ALL_OPERANDS | _MODE_FIRST | {
    "mv", "sed", "perl", "dd", "tar", "unzip", "curl", "wget", "patch", "sort", "git", "python",
    "python3", "node", "ruby", "sh", "bash"}
_COPY_VALUE_OPTS = {
    "install": {"-t", "-S", "-m", "-o", "-g", "--target-directory", "--suffix", "--mode", "--owner", "--group"},
    "rsync": {"-e", "--rsh", "-f", "--filter", "--exclude", "--include", "-T", "--temp-dir"},
    "scp": {"-P", "-i", "-F", "-o", "-l", "-S", "-c", "-J"},
}
_INTERPRETER_VALUE_OPTS = {"python": {"-X", "-W", "-Q"}, "node": {"-r", "--require", "--input-type"},
                           "perl": {"-I", "-M", "-m"}, "ruby": {"-I", "-r"}}
_SHELLS = {"sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "mksh"}
_INLINE_FLAGS = {  # interpreter -> options whose value is program text
    "python": {"-c"}, "pypy": {"-c"}, "pypy3": {"-c"}, "node": {"-e", "--eval", "-p", "--print"},
    "nodejs": {"-e", "--eval", "-p", "--print"}, "bun": {"-e", "--eval", "-p", "--print"},
    "deno": {"eval"}, "perl": {"-e", "-E"}, "ruby": {"-e"}, "php": {"-r"}, "lua": {"-e"},
    "osascript": {"-e"}, "Rscript": {"-e"}, "tclsh": set(), "awk": set(), "gawk": set(),
    "mawk": set(), "nawk": set(), "jshell": set(),
}
_WRITE_HINTS = ("write", "unlink", "remove(", "rmtree", "rmdir", "rename", "os.replace", "mkdir",
                "makedirs", "touch", "chmod", "chown", "copy", "move(", "truncate", "symlink", "link(",
                "appendfile", "rmsync", "rm(", "cpsync", "cp(", "system(", "exec(", "execsync",
                "execfile", "popen", "subprocess", "spawn", "child_process", "os.open", "sysopen",
                "fopen", "fputs", "put_contents", "print {", "file.open", "io.open", "delete",
                "'w'", '"w"', "'wb'", '"wb"', "'w+'", '"w+"', "'wt'", '"wt"', "'a'", '"a"', "'ab'",
                '"ab"', "'a+'", '"a+"', "'at'", '"at"', "'x'", '"x"', "'r+'", '"r+"', "'rb+'",
                '"rb+"', "mode=", "'>", '">', "'+>", '"+>', "> '", '> "', ">>")
_HARMLESS_WRITES = ("stdout.write", "stderr.write", "sys.stdout", "process.stdout", "writeln")


class Finding:
    """One positive match: ``action`` (write to, delete, move, change, run code that writes to),
    the ``target`` as written, the ``verb``, and whether it matched only when ignoring case."""

    __slots__ = ("action", "target", "verb", "folded")

    def __init__(self, action: str, target: str, verb: str, folded: bool = False):
        self.action, self.target, self.verb, self.folded = action, target, verb, folded

    def describe(self) -> str:
        return f"`{self.verb}` would {self.action} {self.target}"

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Finding({self.action!r}, {self.target!r}, {self.verb!r}, folded={self.folded})"


# ---------------------------------------------------------------- glob matching


def _glob_match(pattern: str, name: str) -> bool:
    """Shell glob on one path component: ``*``, ``?``, ``[...]``, backslash escapes, no leading-dot match."""
    if name.startswith(".") and not pattern.startswith("."):
        if not pattern.startswith("\\."):
            return False
    return _glob_at(pattern, 0, name, 0)


def _glob_at(p: str, i: int, s: str, j: int) -> bool:
    while i < len(p):
        c = p[i]
        if c == "*":
            while i < len(p) and p[i] == "*":
                i += 1
            if i == len(p):
                return True
            return any(_glob_at(p, i, s, k) for k in range(j, len(s) + 1))
        if j >= len(s):
            return False
        if c == "?":
            i, j = i + 1, j + 1
        elif c == "[":
            end = p.find("]", i + 2)
            if end < 0:
                if s[j] != "[":
                    return False
                i, j = i + 1, j + 1
                continue
            body = p[i + 1:end]
            negate = body[:1] in ("!", "^")
            body = body[1:] if negate else body
            hit = False
            k = 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == "-":
                    hit = hit or body[k] <= s[j] <= body[k + 2]
                    k += 3
                else:
                    hit = hit or body[k] == s[j]
                    k += 1
            if hit == negate:
                return False
            i, j = end + 1, j + 1
        else:
            if c == "\\" and i + 1 < len(p):
                i += 1
                c = p[i]
            if c != s[j]:
                return False
            i, j = i + 1, j + 1
    return j == len(s)


def _is_glob(component: str) -> bool:
    i = 0
    while i < len(component):
        if component[i] == "\\":
            i += 2
            continue
        if component[i] in _GLOB:
            return True
        i += 1
    return False


def _unescape(component: str) -> str:
    out, i = [], 0
    while i < len(component):
        if component[i] == "\\" and i + 1 < len(component):
            i += 1
        out.append(component[i])
        i += 1
    return "".join(out)


def _component_matches(pat: str, name: str, fold: bool) -> bool:
    if _ANY in pat:  # a variable inside a component: anything there
        pat = pat.replace(_ANY, "*")
    if fold:
        pat, name = pat.lower(), name.lower()
    if _is_glob(pat):
        return _glob_match(pat, name)
    return _unescape(pat) == name


def _relation(pattern: list[str], store: list[str], fold: bool) -> str | None:
    """'inside' when the pattern can name the store or a path below it, 'ancestor' when it can
    name a folder above it, else None. An unknown stretch (variable, unknown folder) may stand
    for the project's path but not for the store's last two components (``.claude/memory``):
    those, or for ancestors the last folder matched, have to be written out."""
    best: list[str | None] = [None]
    seen = set()
    last = len(store)

    def walk(i: int, j: int, literal_tail: bool) -> None:
        if best[0] == "inside" or (i, j, literal_tail) in seen:
            return
        seen.add((i, j, literal_tail))
        if j == last:
            if literal_tail:
                best[0] = "inside"
            return
        if i == len(pattern):
            if j > 0 and literal_tail or (j == 0 and not pattern):
                best[0] = best[0] or "ancestor"
            return
        comp = pattern[i]
        if comp == _ANY:
            walk(i + 1, j, literal_tail if j else False)
            if j < last - 2:  # an unknown stretch may stand for the project, not for `.claude/memory`
                walk(i, j + 1, False)
            return
        if _component_matches(comp, store[j], fold):
            walk(i + 1, j + 1, True)

    walk(0, 0, False)
    return best[0]


# ---------------------------------------------------------------- word expansion


def _brace_expand(text: str) -> list[str]:
    """Expand unescaped ``{a,b}`` lists (no nesting, no ranges)."""
    i = 0
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == "{":
            end = i + 1
            while end < len(text) and text[end] != "}":
                end += 2 if text[end] == "\\" else 1
            body = text[i + 1:end]
            if end < len(text) and "," in body:
                head, tail = text[:i], text[end + 1:]
                out = []
                for choice in body.split(","):
                    out.extend(_brace_expand(head + choice + tail))
                    if len(out) > _MAX_ALTERNATIVES:
                        break
                return out[:_MAX_ALTERNATIVES]
        i += 1
    return [text]


def _escape(text: str) -> str:
    return "".join("\\" + c if c in "\\*?[{}" else c for c in text)


class _Context:
    """Where the analysis stands: current folder (None when unknown), known variables."""

    __slots__ = ("cwd", "variables", "env", "depth")

    def __init__(self, cwd: str | None, env: dict, depth: int = 0):
        self.cwd = cwd
        self.env = env
        self.variables: dict[str, list[str]] = {}
        self.depth = depth

    def lookup(self, name: str) -> list[str] | None:
        if name in self.variables:
            return self.variables[name]
        if name == "PWD":
            return [_escape(self.cwd)] if self.cwd else None
        value = self.env.get(name)
        return [_escape(value)] if isinstance(value, str) and value else None


def _expand(word: Word, ctx: _Context) -> list[str]:
    """Glob patterns the word can stand for (``_ANY`` marks unknown stretches)."""
    alternatives = [""]
    for index, (kind, text, extra) in enumerate(word.parts):
        if kind == QUOTED:
            pieces = [_escape(text)]
        elif kind == BARE:
            if index == 0 and text.startswith("~"):
                head, sep, rest = text.partition("/")
                home = ctx.env.get("HOME")
                text = (_escape(home) if head == "~" and home else _ANY) + sep + rest
            pieces = _brace_expand(text)
        elif kind == VAR:
            found = ctx.lookup(text)
            if found is None and extra:
                found = [_escape(extra)]
            pieces = found if found is not None else [_ANY]
        else:
            pieces = [_echoed(text, ctx)]
        alternatives = [a + p for a in alternatives for p in pieces][:_MAX_ALTERNATIVES]
    return alternatives


def _echoed(command: str, ctx: _Context) -> str:
    """What ``$(echo words)`` / ``$(printf words)`` substitutes; anything else is unknown."""
    if ctx.depth > _MAX_DEPTH or not command:
        return _ANY
    commands = lex(command).commands
    if len(commands) != 1 or commands[0].redirects:
        return _ANY
    words = commands[0].words
    if not words or words[0].text not in ("echo", "printf"):
        return _ANY
    args = [w for w in words[1:] if not (w.text.startswith("-") and len(w.text) <= 3)]
    sub = _Context(ctx.cwd, ctx.env, ctx.depth + 1)
    sub.variables = ctx.variables
    expanded = [_expand(w, sub) for w in args]
    if any(len(e) != 1 for e in expanded):
        return _ANY
    return " ".join(e[0] for e in expanded)


def _components(pattern: str, cwd: str | None) -> list[str]:
    """Absolute components of a pattern, ``.``/``..`` folded lexically."""
    if pattern.startswith("/"):
        base: list[str] = []
    elif pattern.startswith(_ANY):
        base = []
    elif cwd:
        base = [c for c in cwd.split("/") if c]
    else:
        base = [_ANY]
    out = list(base)
    for comp in pattern.split("/"):
        if comp in ("", "."):
            continue
        if comp == "..":
            if out and out[-1] != _ANY:
                out.pop()
            continue
        if comp.startswith(_ANY) and comp.strip(_ANY) == "":
            comp = _ANY
        if out and out[-1] == _ANY and comp == _ANY:
            continue
        out.append(comp)
    return out


class _Store:
    """The store's spellings as component lists, and the helpers the hook supplied."""

    __slots__ = ("spellings", "resolve", "folds_case", "_fold_answer", "root")

    def __init__(self, root: str, resolve, folds_case):
        root = os.path.normpath(root)
        self.root = root
        forms = [root]
        if resolve is not None:
            try:
                real = resolve(root)
                if real and real != root:
                    forms.append(os.path.normpath(real))
            except (OSError, ValueError):
                pass
        self.spellings = [[c for c in f.split("/") if c] for f in forms]
        self.resolve = resolve
        self.folds_case = folds_case
        self._fold_answer: bool | None = None

    def fold_ok(self) -> bool:
        if self._fold_answer is None:
            fc = self.folds_case
            try:
                self._fold_answer = bool(fc() if callable(fc) else fc)
            except (OSError, ValueError):
                self._fold_answer = False
        return self._fold_answer

    def relation(self, word_patterns: list[str], cwd: str | None) -> tuple[str | None, bool]:
        """(best relation of any alternative to the store, matched only when folding case?)"""
        best: str | None = None
        folded = False
        for pattern in word_patterns:
            comps = _components(pattern, cwd)
            candidates = [comps]
            if self.resolve is not None and all(c != _ANY and not _is_glob(c) for c in comps):
                try:
                    real = self.resolve("/" + "/".join(_unescape(c) for c in comps))
                    candidates.append([c for c in real.split("/") if c])
                except (OSError, ValueError):
                    pass
            for cand in candidates:
                for store in self.spellings:
                    rel = _relation(cand, store, False)
                    if rel is None:
                        rel = _relation(cand, store, True)
                        if rel is not None:
                            if not self.fold_ok():
                                continue
                            folded = True
                    if rel == "inside":
                        return rel, folded
                    best = best or rel
        return best, folded


# ---------------------------------------------------------------- mentions


def _squash(text: str) -> str:
    return "".join(c for c in text.lower() if c not in "'\"\\ \t\n+`")


def mentions_store(text: str, root: str, cwd: str | None = None) -> bool:
    """Whether free text (program code, a whole command line) names the memory store."""
    if not isinstance(text, str) or not text:
        return False
    low = text.lower()
    squashed = _squash(text)
    root_low = os.path.normpath(root).lower()
    if root_low in squashed or root_low in low:
        return True
    for glue in ("/", ",", "\\\\", "os.sep", "path.sep", ")/", "/("):
        if f".claude{glue}memory" in squashed:
            return True
    if ".claude" in low and "memory" in low:
        return True
    if "claude_project_dir" in low and "memory" in low:
        return True
    return False


def _writes_code(code: str) -> bool:
    low = code.lower()
    for harmless in _HARMLESS_WRITES:
        low = low.replace(harmless, "")
    return any(h in low for h in _WRITE_HINTS)


# ---------------------------------------------------------------- command analysis


def _verb_name(word: str) -> str:
    name = word.rsplit("/", 1)[-1]
    if name.startswith("python") or name.startswith("pypy"):
        return "python" if name.startswith("python") else name.rstrip("0123456789.") or name
    for base in ("perl", "ruby", "node", "php", "lua"):
        if name.startswith(base) and name[len(base):].replace(".", "").isdigit():
            return base
    return name


def _split_options(args: list[Word], value_opts: set[str] = frozenset()) -> tuple[list[tuple[str, Word | None]], list[Word]]:
    """(options with their value words, operands). ``--`` ends options."""
    options: list[tuple[str, Word | None]] = []
    operands: list[Word] = []
    i = 0
    ended = False
    while i < len(args):
        w = args[i]
        t = w.text
        if not ended and t == "--":
            ended = True
        elif not ended and t.startswith("-") and len(t) > 1:
            if t in value_opts and i + 1 < len(args):
                options.append((t, args[i + 1]))
                i += 1
            else:
                options.append((t, None))
        else:
            operands.append(w)
        i += 1
    return options, operands


def _opt_value(options, *names: str) -> Word | None:
    for name, value in options:
        if name in names and value is not None:
            return value
        for n in names:
            if n.startswith("--") and name.startswith(n + "="):
                return Word([(QUOTED, name[len(n) + 1:], "")])
    return None


class _Analysis:
    def __init__(self, store: _Store, env: dict):
        self.store = store
        self.env = env
        self.findings: list[Finding] = []
        self.opaque_writer: str | None = None

    # -- targets
    def target(self, word: Word, ctx: _Context, kind: str, verb: str, action: str,
               copy_sources: list[Word] | None = None) -> None:
        patterns = _expand(word, ctx)
        if all(p.strip(_ANY + "/") == "" for p in patterns):
            self.opaque_writer = verb  # nothing known about where it goes
            return
        rel, folded = self.store.relation(patterns, ctx.cwd)
        if rel == "inside" or (rel == "ancestor" and kind == "delete"):
            self.findings.append(Finding(action, word.text, verb, folded))
            return
        if rel == "ancestor" and copy_sources:
            # cp -r x/memory .claude/  -> lands on the store's own name
            for src in copy_sources:
                for sp in _expand(src, ctx):
                    name = sp.rstrip("/").rsplit("/", 1)[-1]
                    for pattern in patterns:
                        joined = pattern.rstrip("/") + "/" + name
                        r2, f2 = self.store.relation([joined], ctx.cwd)
                        if r2 == "inside":
                            self.findings.append(Finding(action, f"{word.text} (as {name})", verb, f2 or folded))
                            return

    def code(self, code: str, verb: str, ctx: _Context) -> None:
        if not code:
            return
        in_store = ctx.cwd is not None and self.store.relation([_escape(ctx.cwd)], None)[0] == "inside"
        if (in_store or mentions_store(code, self.store.root)) and _writes_code(code):
            self.findings.append(Finding("run code that writes to", "the memory store", verb))

    # -- the script
    def script(self, source: str, ctx: _Context) -> None:
        if ctx.depth > _MAX_DEPTH:
            return
        parsed = lex(source)
        pipeline_text: list[str] = []
        for cmd in parsed.commands:
            if cmd.sep_before != "|" and cmd.sep_before != "|&":
                pipeline_text = []
            self.command(cmd, ctx, "\n".join(pipeline_text))
            pipeline_text.append(_output_text(cmd))
        for inner in parsed.nested:
            self.script(inner, _Context(ctx.cwd, ctx.env, ctx.depth + 1))

    def command(self, cmd: Command, ctx: _Context, piped_in: str) -> None:
        for op, fd, word in cmd.redirects:
            if op in (">", ">>", ">|", "&>", "&>>", "<>") or (op == ">&" and not word.text.isdigit()
                                                                 and word.text != "-"):
                self.target(word, ctx, "write", "redirection " + op, "write to")
        herestrings = "\n".join(w.text for op, _, w in cmd.redirects if op == "<<<")
        stdin_code = "\n".join([*cmd.heredocs, herestrings, piped_in if cmd.sep_before in ("|", "|&") else ""])
        self.words(list(cmd.words), ctx, stdin_code)

    def words(self, words: list[Word], ctx: _Context, stdin_code: str) -> None:
        # leading assignments and wrappers
        while words:
            first = words[0]
            t = first.text
            name, eq, _ = t.partition("=")
            if eq and name and name.replace("_", "a").isalnum() and not name[0].isdigit() \
                    and first.parts and first.parts[0][0] == BARE:
                self.assign(first, name, ctx)
                words = words[1:]
                continue
            verb = _verb_name(t)
            if verb in _WRAPPERS:
                words = words[1:]
                opts = _WRAPPER_VALUE_OPTS.get(verb, set())
                while words and words[0].text.startswith("-"):
                    takes = words[0].text in opts
                    words = words[1:]
                    if takes and words:
                        words = words[1:]
                if verb == "timeout" and words:
                    words = words[1:]
                continue
            break
        if not words:
            return
        verb = _verb_name(words[0].text)
        args = words[1:]
        handler = getattr(self, "v_" + verb.replace("-", "_").replace(".", "_"), None)
        if verb in _ASSIGNERS:
            for w in args:
                n, eq, _ = w.text.partition("=")
                if eq and n.replace("_", "a").isalnum():
                    self.assign(w, n, ctx)
            return
        if verb in _SHELLS:
            self.run_shell(args, ctx, stdin_code)
        elif verb in _INLINE_FLAGS:
            self.run_interpreter(verb, args, ctx, stdin_code)
        elif verb in _DELETE_VERBS:
            _, operands = _split_options(args)
            if verb == "gio" and operands and operands[0].text in ("trash", "remove", "rename", "move"):
                operands = operands[1:]
            for w in operands:
                self.target(w, ctx, "delete", verb, "delete")
            if not operands:
                self.opaque_writer = verb
        elif verb in _COPY_VERBS:
            self.copy(verb, args, ctx)
        elif verb in _WRITE_ALL_OPERANDS:
            value_opts = {"truncate": {"-s", "-r", "--size", "--reference"}, "touch": {"-d", "-t", "-r"},
                          "mkdir": {"-m"}, "setfacl": {"-m", "-x", "-M", "-X"}}.get(verb, set())
            options, operands = _split_options(args, value_opts)
            if verb == "setfacl" and not any(o in value_opts for o, _ in options) and operands:
                operands = operands[1:]
            for w in operands:
                self.target(w, ctx, "write", verb, "write to" if verb != "mkdir" else "create a folder in")
            if not operands:
                self.opaque_writer = verb
        elif verb in _MODE_FIRST:
            options = []
            operands = []
            for w in args:
                t = w.text
                if t.startswith("-") and not (verb == "chmod" and t[1:] and set(t[1:]) <= set("rwxXstugoa")):
                    options.append(t)
                else:
                    operands.append(w)
            if not any(o.startswith("--reference") for o in options):
                operands = operands[1:]
            for w in operands:
                self.target(w, ctx, "write", verb, "change")
            if not operands:
                self.opaque_writer = verb
        elif handler is not None:
            handler(args, ctx, stdin_code)

    def assign(self, word: Word, name: str, ctx: _Context) -> None:
        kind, text, extra = word.parts[0]
        rest = text.split("=", 1)[1]
        value = Word([(kind, rest, extra)] + word.parts[1:]) if rest or len(word.parts) > 1 else Word()
        ctx.variables[name] = _expand(value, ctx) if value.parts else [""]

    # -- verbs
    def v_cd(self, args, ctx, _stdin):
        operands = [w for w in args if not w.text.startswith("-") or w.text == "-"]
        if not operands:
            home = ctx.env.get("HOME")
            ctx.cwd = home if home else None
            return
        patterns = _expand(operands[0], ctx)
        if len(patterns) != 1 or operands[0].text == "-":
            ctx.cwd = None
            return
        comps = _components(patterns[0], ctx.cwd)
        if any(c == _ANY or _is_glob(c) for c in comps):
            # a glob cd lands wherever it matches; keep it unknown but remember store-like spellings
            rel, _ = self.store.relation(patterns, ctx.cwd)
            ctx.cwd = self.store.root if rel == "inside" else None
            return
        ctx.cwd = "/" + "/".join(_unescape(c) for c in comps)

    v_pushd = v_cd

    def v_for(self, args, ctx, _stdin):
        if len(args) >= 2 and args[1].text == "in":
            values: list[str] = []
            for w in args[2:]:
                values.extend(_expand(w, ctx))
            ctx.variables[args[0].text] = values[:_MAX_ALTERNATIVES] or [_ANY]

    v_select = v_for

    def v_popd(self, args, ctx, _stdin):
        ctx.cwd = None

    def v_mv(self, args, ctx, _stdin):
        options, operands = _split_options(args, {"-t", "-S", "--target-directory", "--suffix"})
        target_dir = _opt_value(options, "-t", "--target-directory")
        if target_dir is not None:
            sources, dest = operands, target_dir
        elif len(operands) >= 2:
            sources, dest = operands[:-1], operands[-1]
        else:
            if not operands:
                self.opaque_writer = "mv"
            sources, dest = operands, None
        for w in sources:
            self.target(w, ctx, "delete", "mv", "move")
        if dest is not None:
            self.target(dest, ctx, "write", "mv", "move into", copy_sources=sources)

    def copy(self, verb, args, ctx):
        value_opts = _COPY_VALUE_OPTS.get(verb, {"-t", "-S", "--target-directory", "--suffix"})
        options, operands = _split_options(args, value_opts)
        flags = "".join(o[1:] for o, _ in options if o.startswith("-") and not o.startswith("--"))
        target_dir = _opt_value(options, "-t", "--target-directory")
        if verb == "install" and "d" in flags:
            for w in operands:
                self.target(w, ctx, "write", verb, "create a folder in")
            return
        if target_dir is not None:
            self.target(target_dir, ctx, "write", verb, "write into", copy_sources=operands)
            return
        if verb == "ln" and len(operands) == 1:
            name = operands[0].text.rstrip("/").rsplit("/", 1)[-1]
            self.target(Word([(QUOTED, name, "")]), ctx, "write", verb, "create a link in")
            return
        if len(operands) >= 2:
            self.target(operands[-1], ctx, "write", verb, "write to", copy_sources=operands[:-1])
            if verb in ("rsync",) and any(o == "--remove-source-files" for o, _ in options):
                for w in operands[:-1]:
                    self.target(w, ctx, "delete", verb, "move")
        elif not operands:
            self.opaque_writer = verb

    def v_sed(self, args, ctx, _stdin):
        in_place = False
        script_given = False
        operands: list[Word] = []
        i = 0
        ended = False
        while i < len(args):
            t = args[i].text
            if not ended and t == "--":
                ended = True
            elif not ended and t.startswith("--"):
                if t.startswith("--in-place"):
                    in_place = True
                elif t in ("--expression", "--file"):
                    script_given = True
                    i += 1
                elif t.startswith(("--expression=", "--file=")):
                    script_given = True
            elif not ended and t.startswith("-") and len(t) > 1:
                for k, ch in enumerate(t[1:], start=1):
                    if ch == "i":
                        in_place = True
                        break  # the rest is a backup suffix
                    if ch in "ef":
                        script_given = True
                        if k == len(t) - 1:
                            i += 1
                        break
                    if ch == "l":
                        if k == len(t) - 1:
                            i += 1
                        break
            else:
                operands.append(args[i])
            i += 1
        if not script_given and operands:
            operands = operands[1:]
        if in_place:
            for w in operands:
                self.target(w, ctx, "write", "sed -i", "edit")
            if not operands:
                self.opaque_writer = "sed -i"

    def v_dd(self, args, ctx, _stdin):
        for w in args:
            if w.text.startswith("of="):
                kind, text, extra = w.parts[0]
                value = Word([(kind, text[3:], extra)] + w.parts[1:])
                self.target(value, ctx, "write", "dd", "write to")

    def v_find(self, args, ctx, _stdin):
        starts: list[Word] = []
        i = 0
        while i < len(args) and not args[i].text.startswith(("-", "(", "!")):
            starts.append(args[i])
            i += 1
        expr = args[i:]
        texts = [w.text for w in expr]
        destructive = "-delete" in texts
        inner_cmds: list[list[Word]] = []
        k = 0
        while k < len(expr):
            if texts[k] in ("-exec", "-execdir", "-ok", "-okdir"):
                j = k + 1
                while j < len(expr) and texts[j] not in (";", "+"):
                    j += 1
                inner_cmds.append(expr[k + 1:j])
                k = j
            k += 1
        for inner in inner_cmds:
            if inner and _verb_name(inner[0].text) in _WRITING_WORDS | _SHELLS | set(_INLINE_FLAGS):
                destructive = True
            self.words(list(inner), _Context(ctx.cwd, ctx.env, ctx.depth + 1), "")
        if not destructive:
            return
        starts = starts or [Word([(QUOTED, ".", "")])]
        expression_names_store = mentions_store(" ".join(texts), self.store.root)
        filtered = any(t in ("-name", "-iname", "-path", "-ipath", "-regex", "-iregex", "-wholename",
                             "-newer", "-type", "-mtime", "-size", "-user", "-perm") for t in texts)
        for w in starts:
            rel, folded = self.store.relation(_expand(w, ctx), ctx.cwd)
            if rel == "inside" or (rel == "ancestor" and (expression_names_store or not filtered)):
                self.findings.append(Finding("delete or change files in", w.text, "find", folded))

    def v_xargs(self, args, ctx, stdin):
        value_opts = {"-I", "-n", "-P", "-d", "-a", "-L", "-s", "-E", "-i"}
        i = 0
        while i < len(args) and args[i].text.startswith("-"):
            i += 2 if args[i].text in value_opts else 1
        inner = args[i:]
        if inner:
            verb = _verb_name(inner[0].text)
            if verb in _WRITING_WORDS or verb == "mv":
                self.opaque_writer = "xargs " + verb
            self.words(list(inner), ctx, stdin)

    v_parallel = v_xargs

    def v_tar(self, args, ctx, _stdin):
        texts = [w.text for w in args]
        mode = ""
        archive: Word | None = None
        directory: Word | None = None
        for k, t in enumerate(texts):
            nxt = args[k + 1] if k + 1 < len(args) else None
            if t in ("-f", "--file") and nxt is not None:
                archive = nxt
            elif t.startswith("--file="):
                archive = Word([(QUOTED, t[7:], "")])
            elif t in ("-C", "--directory") and nxt is not None:
                directory = nxt
            elif t.startswith("--directory="):
                directory = Word([(QUOTED, t[12:], "")])
            elif t in ("--extract", "--get"):
                mode += "x"
            elif t in ("--create", "--append", "--update"):
                mode += "c"
            elif (k == 0 and not t.startswith("-")) or (t.startswith("-") and not t.startswith("--")):
                letters = t.lstrip("-")
                mode += "".join(ch for ch in letters if ch in "xcruA")
                if "f" in letters and letters.endswith("f") and nxt is not None and archive is None:
                    archive = nxt
        if any(m in mode for m in "cruA") and archive is not None:
            self.target(archive, ctx, "write", "tar", "write to")
        if "x" in mode:
            where = directory or Word([(QUOTED, ".", "")])
            self.target(where, ctx, "write", "tar -x", "extract into")

    def v_unzip(self, args, ctx, _stdin):
        options, _ = _split_options(args, {"-d", "-x"})
        where = _opt_value(options, "-d") or Word([(QUOTED, ".", "")])
        self.target(where, ctx, "write", "unzip", "extract into")

    def v_curl(self, args, ctx, _stdin):
        options, _ = _split_options(args, {"-o", "--output", "--output-dir", "-d", "-H", "-X", "-u",
                                           "-A", "-e", "--data", "-F", "-T", "-b", "-c", "-w"})
        out = _opt_value(options, "-o", "--output")
        if out is not None:
            self.target(out, ctx, "write", "curl", "download to")
        out_dir = _opt_value(options, "--output-dir")
        if out_dir is not None:
            self.target(out_dir, ctx, "write", "curl", "download into")
        cookie = _opt_value(options, "-c")
        if cookie is not None:
            self.target(cookie, ctx, "write", "curl", "write to")

    def v_wget(self, args, ctx, _stdin):
        options, _ = _split_options(args, {"-O", "-P", "-o", "-a"})
        for opt in (("-O", "--output-document"), ("-P", "--directory-prefix"), ("-o", "--output-file")):
            value = _opt_value(options, *opt)
            if value is not None:
                self.target(value, ctx, "write", "wget", "download to")

    def v_sort(self, args, ctx, _stdin):
        options, _ = _split_options(args, {"-o", "--output", "-k", "-t", "-S", "-T"})
        out = _opt_value(options, "-o", "--output")
        if out is not None:
            self.target(out, ctx, "write", "sort -o", "write to")

    def v_patch(self, args, ctx, _stdin):
        options, operands = _split_options(args, {"-o", "-i", "-p", "-d", "-r", "-B", "-z", "-D"})
        out = _opt_value(options, "-o", "--output")
        if out is not None:
            self.target(out, ctx, "write", "patch", "write to")
        if operands:
            self.target(operands[0], ctx, "write", "patch", "patch")

    def v_git(self, args, ctx, stdin):
        sub_ctx = _Context(ctx.cwd, ctx.env, ctx.depth)
        sub_ctx.variables = ctx.variables
        i = 0
        while i < len(args) and args[i].text.startswith("-"):
            t = args[i].text
            if t == "-C" and i + 1 < len(args):
                self.v_cd([args[i + 1]], sub_ctx, "")
                i += 2
            elif t in ("-c", "--git-dir", "--work-tree", "--namespace") and i + 1 < len(args):
                i += 2
            else:
                i += 1
        if i >= len(args):
            return
        sub = args[i].text
        rest = args[i + 1:]
        if sub in ("rm", "mv", "clean", "checkout", "restore", "reset", "stash"):
            options, operands = _split_options(rest, {"-m", "--message", "-s", "--source", "-e", "--exclude"})
            if sub == "mv" and len(operands) >= 2:
                for w in operands[:-1]:
                    self.target(w, sub_ctx, "delete", "git mv", "move")
                self.target(operands[-1], sub_ctx, "write", "git mv", "move into", copy_sources=operands[:-1])
            elif sub in ("rm", "clean"):
                for w in operands:
                    self.target(w, sub_ctx, "delete", "git " + sub, "delete")
            elif sub in ("checkout", "restore", "reset"):
                for w in operands:
                    self.target(w, sub_ctx, "write", "git " + sub, "overwrite")

    def v_eval(self, args, ctx, _stdin):
        text = " ".join(w.text for w in args)
        self.script(text, _Context(ctx.cwd, ctx.env, ctx.depth + 1))

    def run_shell(self, args, ctx, stdin):
        i = 0
        while i < len(args):
            t = args[i].text
            if t.startswith("-") and "c" in t[1:] and not t.startswith("--"):
                if i + 1 < len(args):
                    sub = _Context(ctx.cwd, ctx.env, ctx.depth + 1)
                    sub.variables = dict(ctx.variables)
                    self.script(args[i + 1].text, sub)
                return
            if not t.startswith("-") and not t.startswith("+"):
                return  # a script file: unknown contents
            i += 1
        if stdin:
            self.script(stdin, _Context(ctx.cwd, ctx.env, ctx.depth + 1))

    def look_alike(self, word: Word, ctx: _Context) -> None:
        """A script named like one of the plugin's own is trusted only by its real path
        (:func:`claude_memory.guard.own_call.is_own_script`); a look-alike is an unknown writer."""
        from claude_memory.guard.own_call import OWN_SCRIPTS, is_own_script

        name = word.text.rsplit("/", 1)[-1]
        if name not in OWN_SCRIPTS and name != "memory_index.py":
            return
        spellings = _expand(word, ctx)
        resolve = self.store.resolve or os.path.realpath
        if not all(_ANY not in s and is_own_script(_unescape(s), ctx.cwd, resolve) for s in spellings):
            self.opaque_writer = "a script named like the plugin's " + name

    def run_interpreter(self, verb, args, ctx, stdin):
        flags = _INLINE_FLAGS[verb]
        codes: list[str] = []
        script_file = False
        in_place = False
        operands: list[Word] = []
        i = 0
        while i < len(args):
            t = args[i].text
            if verb in ("awk", "gawk", "mawk", "nawk"):
                if t in ("-f", "--file"):
                    script_file = True
                    i += 2
                    continue
                if t in ("-v", "-F") and i + 1 < len(args):
                    i += 2
                    continue
                if t.startswith("-") and len(t) > 1:
                    i += 1
                    continue
                if not codes and not script_file:
                    codes.append(t)
                else:
                    operands.append(args[i])
                i += 1
                continue
            if t in flags and i + 1 < len(args):
                codes.append(args[i + 1].text)
                i += 2
                continue
            if verb in ("perl", "ruby") and t.startswith("-") and not t.startswith("--"):
                letters = t[1:]
                if "i" in letters:
                    in_place = True
                if "e" in letters.replace("i", "", 1) or letters.endswith("e") or "E" in letters:
                    if i + 1 < len(args):
                        codes.append(args[i + 1].text)
                        i += 2
                        continue
                i += 1
                continue
            if verb == "python" and t.startswith("-c") and len(t) > 2:
                codes.append(t[2:])
                i += 1
                continue
            if t in _INTERPRETER_VALUE_OPTS.get(verb, ()):
                i += 2
                continue
            if t.startswith("-") and t != "-":
                if verb == "python" and t in ("-m",):
                    script_file = True
                    break
                i += 1
                continue
            if codes:
                operands.append(args[i])
            elif verb == "deno" and t in flags and i + 1 < len(args):
                codes.append(args[i + 1].text)
                i += 1
            elif t != "-":
                script_file = True
                if verb == "python":
                    self.look_alike(args[i], ctx)
                break
            i += 1
        if in_place:
            for w in operands:
                self.target(w, ctx, "write", verb + " -i", "edit")
        for code in codes:
            self.code(code, verb, ctx)
        if not codes and not script_file and stdin:
            self.code(stdin, verb, ctx)


def _output_text(cmd: Command) -> str:
    """What a command in a pipeline likely prints: echo/printf arguments, here-documents."""
    argv = cmd.argv
    if argv and _verb_name(argv[0]) in ("echo", "printf"):
        return " ".join(a for a in argv[1:] if not (a.startswith("-") and len(a) <= 3))
    return "\n".join(cmd.heredocs + [w.text for op, _, w in cmd.redirects if op == "<<<"])


def find_store_writes(command: str, root: str, cwd: str | None = None, env: dict | None = None, *,
                      resolve=None, folds_case=False) -> list[Finding]:
    """Every positive match of ``command`` writing, moving or deleting inside ``root``.

    ``cwd`` is where the command starts, ``env`` the variables it can see (``HOME``,
    ``CLAUDE_PROJECT_DIR``...). ``resolve(path)`` may return a path's real location
    (symlinks); ``folds_case`` (a bool or a no-argument callable, asked at most once and only
    when a target matches the store ignoring case) says whether the volume is case-insensitive.
    An empty list means: allow.
    """
    if not isinstance(command, str) or not command.strip() or not isinstance(root, str) or not root:
        return []
    env = dict(env or {})
    store = _Store(root, resolve, folds_case)
    analysis = _Analysis(store, env)
    start = cwd if isinstance(cwd, str) and cwd.startswith("/") else None
    analysis.script(command, _Context(os.path.normpath(start) if start else None, env))
    if not analysis.findings and analysis.opaque_writer and mentions_store(command, root, cwd):
        analysis.findings.append(Finding("write to", "paths it reads from its input (the command names the store)",
                                         analysis.opaque_writer))
    return analysis.findings
