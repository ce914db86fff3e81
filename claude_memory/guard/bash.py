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
is denied only if its text names the store. A stretch of a path printed by a
command whose text names the store (``rm "$(dirname .claude/memory/x)"/y``, a
variable or a ``cd`` set from one) may be the store itself: a write there is
denied as undecidable (``_STORE_ANY``). Reading commands, the plugin's own
scripts and everything outside the store pass.

The only outside help is optional: ``resolve(path) -> real path`` (symlinks)
and ``folds_case() -> bool`` (is the volume case-insensitive), both supplied
by the hook so this module stays free of file-system access.
"""

import os
import time

from claude_memory.core.categories import CATEGORY_BY_FOLDER
from claude_memory.core.layout import CONFIG_NAME, INDEX_NAME, MEMORY_PARTS, STAGING_DIRNAME
from claude_memory.guard.shell import BARE, OPERATOR_MARK, QUOTED, SUBST, VAR, Command, Word, _ansi_c, lex

__all__ = ["Finding", "Budget", "BudgetExceeded", "find_store_writes", "mentions_store", "SHELLS"]

_ANY = "\x00"  # an unknown stretch of path (unknown variable, substitution, unknown cwd)
_TAINT = "\x03"  # follows _ANY when the unknown was computed by a command whose text names the store
#: an unknown stretch computed from text that names the store (``$(dirname .claude/memory/x)``, a
#: variable set from one): unlike _ANY it may stand for the store's own components, so a path built
#: on it may be the store, a path in it or a folder above it (when in doubt near the store, deny)
_STORE_ANY = _ANY + _TAINT
_INPUT_MARK = "\x02"  # variables[_INPUT_MARK + name] exists when ``name`` was read from the input
_GLOB = "*?["
_MAX_ALTERNATIVES = 64
_MAX_DEPTH = 6
_MAX_WORD = 32_768
#: names a file or folder of a store can have (a find -name test that matches none excludes the store)
_STORE_NAMES = (INDEX_NAME, *MEMORY_PARTS, STAGING_DIRNAME, CONFIG_NAME, "a-memory.json",
                "draft-decision.json", *CATEGORY_BY_FOLDER)

_WRAPPERS = {"sudo", "doas", "command", "builtin", "exec", "nohup", "time", "nice", "ionice", "env",
             "stdbuf", "timeout", "chronic", "unbuffer", "busybox", "then", "do", "else", "elif",
             "if", "while", "until", "!", "{", "}", "(", ")", "setsid", "flock", "taskset", "chrt",
             "caffeinate", "nocache", "fakeroot", "unshare", "firejail", "torsocks", "proxychains",
             "proxychains4", "catchsegv", "rlwrap", "systemd-run", "runuser", "sg", "chroot", "strace",
             "ltrace", "valgrind", "xvfb-run", "dbus-run-session", "watch", "su", "coproc", "tsp", "ts",
             "entr", "doppler", "direnv", "with-contenv", "s6-setuidgid", "setpriv", "prlimit", "faketime",
             "pv", "retry", "parallel-moreutils"}
#: wrapper -> options that take a value
_WRAPPER_VALUE_OPTS = {"sudo": {"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U"},
                       "nice": {"-n"}, "ionice": {"-c", "-n", "-p"}, "env": {"-u", "-C", "--unset", "--chdir"},
                       "timeout": {"-s", "-k", "--signal", "--kill-after"}, "stdbuf": {"-i", "-o", "-e"},
                       "flock": {"-w", "--timeout", "-E", "--conflict-exit-code"},
                       "chrt": set(), "taskset": set(), "systemd-run": {"-p", "--property", "-u", "--unit"},
                       "runuser": {"-u", "-g", "-G"}, "su": {"-s", "-g", "-G"}, "strace": {"-e", "-p", "-s", "-o"},
                       "ltrace": {"-e", "-o", "-p", "-s"}, "watch": {"-n", "-d", "--interval"},
                       "prlimit": {"-p", "--pid"}, "setpriv": {"--reuid", "--regid", "--groups"},
                       "faketime": {"-f"}, "firejail": set(), "unshare": set(), "sg": set()}
#: wrapper -> how many operands come before the wrapped command
_WRAPPER_OPERANDS = {"timeout": 1, "flock": 1, "taskset": 1, "chrt": 1, "chroot": 1, "faketime": 1, "sg": 1}
#: wrappers whose option ``-c``/``--command`` (or whose operands joined) is shell text
_WRAPPER_SHELL_TEXT = {"su": ("-c", "--command"), "runuser": ("-c", "--command"), "flock": ("-c", "--command"),
                       "sg": ("-c",), "watch": ()}
#: wrappers that also write a file named by an option
_WRAPPER_OUTPUT_OPTS = {"strace": ("-o",), "ltrace": ("-o",)}
_ASSIGNERS = {"export", "declare", "typeset", "local", "readonly"}
#: verbs that never change files (their output goes to stdout; redirections are judged apart)
_READ_ONLY = {"cat", "less", "more", "most", "head", "tail", "grep", "egrep", "fgrep", "rg", "ag", "ack",
              "ls", "ll", "la", "dir", "stat", "file", "wc", "diff", "diff3", "cmp", "comm", "md5sum",
              "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "sum",
              "echo", "printf", "test", "[", "[[", "]]", "true", "false", ":", "jq", "gron", "realpath", "readlink", "dirname", "basename", "pwd", "which", "type", "whereis", "tree",
              "du", "df", "nl", "od", "hexdump", "hd", "strings", "cut", "tr", "column", "paste", "join",
              "fold", "fmt", "rev", "tac", "expand", "unexpand", "look", "zcat", "zless", "zgrep", "bat",
              "batcat", "cd", "pushd", "popd", "read", "exit", "return", "shift", "set", "shopt", "unset",
              "alias", "hash", "wait", "sleep", "date", "id", "whoami", "hostname", "uname", "env",
              "printenv", "lsattr", "getfacl", "namei", "ps", "jobs", "history", "locale", "seq", "yes",
              "numfmt", "sha1", "shasum", "md5", "base32", "basenc", "uniq", "xxd", "base64"}
#: read-only verbs that write a second operand, or an output option (checked apart)
_RO_SECOND_OPERAND = {"uniq", "xxd"}
_RO_OUTPUT_OPTS = {"base64": ("-o", "--output"), "base32": ("-o", "--output"), "basenc": ("-o", "--output")}
#: verbs that decode text (their output run as code hides what it does)
_DECODERS = {"base64", "base32", "basenc", "xxd", "uudecode", "openssl", "rev", "tr", "gunzip", "zcat",
             "gzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "lz4", "brotli", "gpg", "age",
             "rot13", "caesar", "iconv"}
#: git subcommands that leave the work tree alone
_GIT_READ_ONLY = {"log", "show", "diff", "status", "blame", "annotate", "grep", "ls-files", "ls-tree",
                  "rev-parse", "cat-file", "shortlog", "describe", "rev-list", "whatchanged", "check-ignore",
                  "check-attr", "name-rev", "reflog", "branch", "tag", "remote", "fetch", "config", "help",
                  "version", "add", "commit", "push", "format-patch", "diff-tree", "diff-files", "diff-index",
                  "for-each-ref", "show-ref", "count-objects", "fsck", "verify-commit", "notes", "bisect",
                  "range-diff", "cherry", "var", "archive", "bundle", "request-pull", "instaweb", "hash-object",
                  "mktree", "update-index", "gc", "prune", "repack", "maintenance", "ls-remote", "credential",
                  "lfs", "submodule", "worktree", "sparse-checkout", "filter-repo", "rm", "mv", "clean",
                  "checkout", "restore", "reset", "stash", "switch"}
#: tools that write beside their input, or replace it (operand -> output next to it)
_BESIDE_INPUT = {"gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "zstd", "unzstd",
                 "lz4", "compress", "uncompress", "brotli", "pigz", "pbzip2", "lzip", "gpg", "age",
                 "dos2unix", "unix2dos", "mac2unix", "unix2mac", "uudecode", "uuencode"}
#: python -m modules that only read (json.tool writes its optional second operand)
_PYTHON_READ_MODULES = {"json.tool", "tokenize", "tabnanny", "pydoc", "this", "platform", "sysconfig", "site",
                        "pyclbr", "dis", "ast", "calendar", "timeit", "uuid", "base64", "quopri", "mimetypes"}
_DELETE_VERBS = {"rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put", "gio"}
_COPY_VERBS = {"cp", "install", "ln", "rsync", "scp", "link"}
_WRITE_ALL_OPERANDS = {"tee", "touch", "truncate", "mkdir", "mkfifo", "mknod", "chattr", "setfacl",
                       "vi", "vim", "nvim", "nano", "emacs", "ed", "ex", "pico", "sponge"}
_MODE_FIRST = {"chmod", "chown", "chgrp"}
_COPY_VALUE_OPTS = {
    "install": {"-t", "-S", "-m", "-o", "-g", "--target-directory", "--suffix", "--mode", "--owner", "--group"},
    "rsync": {"-e", "--rsh", "-f", "--filter", "--exclude", "--include", "-T", "--temp-dir"},
    "scp": {"-P", "-i", "-F", "-o", "-l", "-S", "-c", "-J"},
}
_INTERPRETER_VALUE_OPTS = {"python": {"-X", "-W", "-Q"}, "node": {"-r", "--require", "--input-type"},
                           "perl": {"-I", "-M", "-m"}, "ruby": {"-I", "-r"}}
SHELLS = {"sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "mksh"}
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


class BudgetExceeded(Exception):
    """The analysis spent its work or time budget before it could decide."""


class Budget:
    """A hard cap on the work of one decision: ``steps`` counted units (characters lexed,
    pattern steps, commands judged) and ``seconds`` of wall time, checked every few steps."""

    __slots__ = ("steps", "limit", "deadline", "_next_clock")

    def __init__(self, steps: int = 400_000, seconds: float = 2.0):
        self.steps = 0
        self.limit = steps
        self.deadline = time.monotonic() + seconds
        self._next_clock = 4096

    def spend(self, n: int = 1) -> None:
        if self.steps + n > self.limit:  # refused before the work is done: steps never pass the limit
            raise BudgetExceeded(f"more than {self.limit} steps")
        self.steps += n
        if self.steps >= self._next_clock:
            self._next_clock = self.steps + 4096
            if time.monotonic() > self.deadline:
                raise BudgetExceeded("out of time")


_budget: Budget | None = None  # the budget of the decision under way (the hook is single-threaded)


def _tick(n: int = 1) -> None:
    if _budget is not None:
        _budget.spend(n)


class Finding:
    """One reason to stop a command: ``action`` (write to, delete, move, change, run code that
    writes to...), the ``target`` as written, the ``verb``, whether it matched only when
    ignoring case, and its ``kind``: ``write`` (a positive match), ``unknown`` (a command the
    guard cannot model touches the store), ``dynamic`` (text built at run time is run),
    ``undecided`` (out of budget or too deep), all denied; ``whole-tree`` (a git command that
    resets the whole work tree), which the hook turns into a question when the store has changes
    git does not hold."""

    __slots__ = ("action", "target", "verb", "folded", "kind")

    def __init__(self, action: str, target: str, verb: str, folded: bool = False, kind: str = "write"):
        self.action, self.target, self.verb, self.folded, self.kind = action, target, verb, folded, kind

    def describe(self) -> str:
        if self.kind == "unknown":
            return f"`{self.verb}` touches the memory store ({self.target}) and {self.action}"
        if self.kind == "dynamic":
            return f"the command runs text built at run time: {self.action}"
        if self.kind == "whole-tree":
            return f"`{self.verb}` would {self.action}"
        if self.kind == "undecided":
            return f"the command could {self.action}"
        return f"`{self.verb}` would {self.action} {self.target}"

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Finding({self.action!r}, {self.target!r}, {self.verb!r}, folded={self.folded})"


# ---------------------------------------------------------------- glob matching


def _glob_match(pattern: str, name: str, dotglob: bool = False) -> bool:
    """Shell glob on one path component: ``*``, ``?``, ``[...]``, backslash escapes; a leading dot
    has to be matched literally unless ``dotglob`` is on. Linear-time per star (no backtracking
    recursion): attacker text such as a dozen ``*?`` in a row costs O(len(pattern) * len(name))."""
    if name.startswith(".") and not dotglob and not pattern.startswith((".", "\\.")):
        return False
    return _glob_run(_glob_tokens(pattern), name)


def _glob_tokens(p: str) -> list:
    """The pattern as tokens: '*', '?', a literal character, or a (negate, ranges) set."""
    out: list = []
    i, n = 0, len(p)
    while i < n:
        _tick()
        c = p[i]
        if c == "*":
            if not out or out[-1] != "*":
                out.append("*")
            i += 1
        elif c == "?":
            out.append("?")
            i += 1
        elif c == "[":
            end = p.find("]", i + 2)
            if end < 0:
                out.append(("[",))
                i += 1
                continue
            body = p[i + 1:end]
            negate = body[:1] in ("!", "^")
            body = body[1:] if negate else body
            ranges = []
            k = 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == "-":
                    ranges.append((body[k], body[k + 2]))
                    k += 3
                else:
                    ranges.append((body[k], body[k]))
                    k += 1
            out.append((negate, tuple(ranges)))
            i = end + 1
        else:
            if c == "\\" and i + 1 < n:
                i += 1
                c = p[i]
            out.append((c,))
            i += 1
    return out


def _token_hit(tok, ch: str) -> bool:
    if tok == "?":
        return True
    if len(tok) == 1:
        return tok[0] == ch
    negate, ranges = tok
    return any(lo <= ch <= hi for lo, hi in ranges) != negate


def _glob_run(tokens: list, s: str) -> bool:
    """Classic wildcard matching with one resume point per star: no exponential blow-up."""
    i = j = 0
    star_i = star_j = -1
    nt, ns = len(tokens), len(s)
    while j < ns:
        _tick()
        if i < nt and tokens[i] == "*":
            star_i, star_j = i, j
            i += 1
        elif i < nt and _token_hit(tokens[i], s[j]):
            i += 1
            j += 1
        elif star_i >= 0:
            star_j += 1
            i, j = star_i + 1, star_j
        else:
            return False
    while i < nt and tokens[i] == "*":
        i += 1
    return i == nt


def _is_glob(component: str) -> bool:
    if "\\" not in component:  # the usual component: no escapes to step over
        return "*" in component or "?" in component or "[" in component
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
    if "\\" not in component:
        return component
    out, i = [], 0
    while i < len(component):
        if component[i] == "\\" and i + 1 < len(component):
            i += 1
        out.append(component[i])
        i += 1
    return "".join(out)


def _component_matches(pat: str, name: str, fold: bool, dotglob: bool = False) -> bool:
    if _ANY in pat:  # a variable inside a component: anything there
        pat = pat.replace(_ANY, "*")
    if fold:
        pat, name = pat.lower(), name.lower()
    if _is_glob(pat):
        return _glob_match(pat, name, dotglob)
    return _unescape(pat) == name


def _relation(pattern: list[str], store: list[str], fold: bool, dotglob: bool = False) -> str | None:
    """'inside' when the pattern can name the store or a path below it, 'ancestor' when it can
    name a folder above it, else None. An unknown stretch (variable, unknown folder) may stand
    for the project's path but not for the store's last two components (``.claude/memory``):
    those, or for ancestors the last folder matched, have to be written out. A stretch computed
    from text that names the store (``_STORE_ANY``) may stand for any of them."""
    best: str | None = None
    seen = set()
    last = len(store)
    stack = [(0, 0, False)]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        _tick()
        i, j, literal_tail = state
        if j == last:
            if literal_tail:
                return "inside"
            continue
        if i == len(pattern):
            if j > 0 and literal_tail or (j == 0 and not pattern):
                best = best or "ancestor"
            continue
        comp = pattern[i]
        if _TAINT in comp:  # computed from text naming the store: any number of its components
            stack.append((i + 1, j, literal_tail))
            stack.append((i, j + 1, True))
            continue
        if comp == _ANY:
            stack.append((i + 1, j, literal_tail if j else False))
            if j < last - 2:  # an unknown stretch may stand for the project, not for `.claude/memory`
                stack.append((i, j + 1, False))
            continue
        if _component_matches(comp, store[j], fold, dotglob):
            stack.append((i + 1, j + 1, True))
    return best


# ---------------------------------------------------------------- word expansion


def _brace_expand(text: str, depth: int = 0) -> list[str]:
    """Expand unescaped ``{a,b}`` lists (no nesting, no ranges)."""
    if depth > 24:
        raise BudgetExceeded("too many brace lists")
    _tick(len(text) + 1)
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
                    out.extend(_brace_expand(head + choice + tail, depth + 1))
                    if len(out) > _MAX_ALTERNATIVES:
                        break
                return out[:_MAX_ALTERNATIVES]
        i += 1
    return [text]


def _escape(text: str) -> str:
    return "".join("\\" + c if c in "\\*?[{}" else c for c in text)


class _Context:
    """Where the analysis stands: the current folder (None when unknown) and the other folders
    it may be in (a ``cd`` that can fail leaves both), known variables, ``dotglob``, and ``judge``:
    ``judge(text, ctx)`` says whether a command line whose output is substituted names the store
    (then what it prints, when unknown, is ``_STORE_ANY``)."""

    __slots__ = ("cwd", "alt", "variables", "env", "depth", "dotglob", "pending", "judge")

    def __init__(self, cwd: str | None, env: dict, depth: int = 0):
        self.cwd = cwd
        self.alt: list[str | None] = []
        self.env = env
        self.variables: dict[str, list[str]] = {}
        self.depth = depth
        self.dotglob = False
        self.pending: list[str | None] | None = None  # where we stay if the last cd failed
        self.judge = None

    def sub(self, extra: int = 1) -> "_Context":
        """A copy for a nested command line (``bash -c``, ``$(...)``, ``eval``)."""
        child = _Context(self.cwd, self.env, self.depth + extra)
        child.alt = list(self.alt)
        child.variables = dict(self.variables)
        child.dotglob = self.dotglob
        child.judge = self.judge
        return child

    def cwds(self) -> list[str | None]:
        return [self.cwd, *self.alt]

    def set_cwds(self, cwds: list) -> None:
        unique: list = []
        for c in cwds:
            if c not in unique:
                unique.append(c)
        self.cwd, self.alt = unique[0], unique[1:6]

    def snapshot(self) -> tuple:
        return self.cwd, list(self.alt), dict(self.variables), self.dotglob, self.pending

    def restore(self, snap: tuple) -> None:
        self.cwd, self.alt, self.variables, self.dotglob, self.pending = snap

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
        _tick(len(text) + 1)
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
            if extra.startswith(OPERATOR_MARK):
                pieces = [_param_op(v, extra[1:]) for v in found] if found is not None else [_ANY]
            else:
                if found is None and extra:
                    found = _default(extra, ctx)
                pieces = found if found is not None else [_ANY]
        else:
            pieces = [_substituted(text, ctx)]
        alternatives = _join(alternatives, pieces)
    return alternatives


def _default(text: str, ctx: _Context) -> list[str]:
    """The patterns of the default of ``${v:-default}`` (``v`` unknown): the text as written, or the
    word it lexes to when it holds a substitution or a variable (``${X:-$(echo .claude/memory)}``)."""
    if "$" not in text and "`" not in text:
        return [_escape(text)]
    _tick(len(text) + 1)
    commands = lex(text).commands
    if len(commands) != 1 or len(commands[0].words) != 1 or commands[0].redirects:
        return [_ANY]
    return _expand(commands[0].words[0], ctx)


def _substituted(command: str, ctx: _Context) -> str:
    """What ``$(command)`` stands for: its known output (:func:`_echoed`), else an unknown
    stretch, ``_STORE_ANY`` when the command's text names the store (``$(dirname .claude/memory/x)``)."""
    out = _echoed(command, ctx)
    if _ANY in out and ctx.judge is not None and ctx.judge(command, ctx):
        out = out.replace(_STORE_ANY, _ANY).replace(_ANY, _STORE_ANY)
    return out


def _join(heads: list[str], tails: list[str]) -> list[str]:
    """Every head followed by every tail (at most _MAX_ALTERNATIVES), paying for the text built."""
    out = []
    for a in heads:
        for p in tails:
            _tick(len(a) + len(p) + 1)
            if len(a) + len(p) > _MAX_WORD:
                raise BudgetExceeded(f"a word longer than {_MAX_WORD} characters")
            out.append(a + p)
            if len(out) >= _MAX_ALTERNATIVES:
                return out
    return out


def _param_op(value: str, op: str) -> str:
    """``${v<op>}`` for a known value (glob-escaped text): suffix/prefix removal, replacement,
    substrings, case changes, ``:+``; anything else, or an unknown value, is unknown."""
    if _ANY in value:
        return _STORE_ANY if _TAINT in value else _ANY
    raw = _unescape(value)
    _tick(len(raw) * (len(op) + 1))
    for mark in ("%%", "%", "##", "#"):
        if op.startswith(mark):
            pat = op[len(mark):]
            n = len(raw)
            if mark[0] == "%":
                order = range(0, n + 1) if mark == "%%" else range(n, -1, -1)
                for k in order:
                    if _glob_match(pat, raw[k:], True) if _is_glob(pat) else raw[k:] == _unescape(pat):
                        return _escape(raw[:k])
            else:
                order = range(n, -1, -1) if mark == "##" else range(0, n + 1)
                for k in order:
                    if _glob_match(pat, raw[:k], True) if _is_glob(pat) else raw[:k] == _unescape(pat):
                        return _escape(raw[k:])
            return value
    if op.startswith("/"):
        body = op[2:] if op.startswith("//") else op[1:]
        pat, _, rep = body.partition("/")
        if _is_glob(pat) or not pat or pat[0] in "#%":
            return _ANY
        pat = _unescape(pat)
        return _escape(raw.replace(pat, rep) if op.startswith("//") else raw.replace(pat, rep, 1))
    if op in ("^^", "^"):
        return _escape(raw.upper() if op == "^^" else raw[:1].upper() + raw[1:])
    if op in (",,", ","):
        return _escape(raw.lower() if op == ",," else raw[:1].lower() + raw[1:])
    if op.startswith((":+", "+")):
        return _escape(op.split("+", 1)[1]) if raw else ""
    if op.startswith((":?", "?")):
        return value
    if op.startswith(":"):
        fields = op[1:].split(":")
        try:
            start = int(fields[0].strip() or "0")
            length = int(fields[1].strip()) if len(fields) > 1 else None
        except ValueError:
            return _ANY
        piece = raw[start:] if start >= 0 else raw[len(raw) + start:]
        if length is not None:
            piece = piece[:length] if length >= 0 else piece[:len(piece) + length]
        return _escape(piece)
    return _ANY


def _c_unescape(text: str) -> str:
    """Backslash escapes as printf and ``echo -e`` read them."""
    if "\\" not in text:
        return text
    return "'".join(_ansi_c(piece + "'", 0)[0] for piece in text.split("'"))


def _printf(fmt: str, args: list[str]) -> str | None:
    """What ``printf FORMAT ARGS`` prints, for the plain directives (%s %b %d %c %%); else None."""
    fmt = _c_unescape(fmt)
    out: list[str] = []
    queue = list(args)
    for _round in range(64):
        i = 0
        used = False
        while i < len(fmt):
            c = fmt[i]
            if c != "%":
                out.append(c)
                i += 1
                continue
            j = i + 1
            while j < len(fmt) and fmt[j] in "-+ 0#.123456789":
                j += 1
            if j >= len(fmt):
                return None
            d = fmt[j]
            if d == "%":
                out.append("%")
            elif d in "sbdiuc":
                arg = queue.pop(0) if queue else ""
                used = True
                out.append(_c_unescape(arg) if d == "b" else (arg[:1] if d == "c" else arg))
            else:
                return None
            i = j + 1
        if not queue or not used:
            return "".join(out)
    return None


def _echoed(command: str, ctx: _Context) -> str:
    """What ``$(echo words)`` / ``$(printf format words)`` substitutes; anything else is unknown."""
    if ctx.depth > _MAX_DEPTH or not command:
        return _ANY
    commands = lex(command).commands
    if len(commands) != 1 or commands[0].redirects:
        return _ANY
    words = commands[0].words
    if not words or words[0].text not in ("echo", "printf"):
        return _ANY
    verb = words[0].text
    flags = [w.text for w in words[1:] if w.text.startswith("-") and len(w.text) <= 3]
    args = [w for w in words[1:] if not (w.text.startswith("-") and len(w.text) <= 3)]
    if verb == "printf" and "-v" in flags:
        return ""
    expanded = [_expand(w, ctx.sub()) for w in args]
    if any(len(e) != 1 or _ANY in e[0] for e in expanded):
        return _ANY if verb == "printf" else " ".join(e[0] if len(e) == 1 else _ANY for e in expanded)
    texts = [_unescape(e[0]) for e in expanded]
    if verb == "printf":
        if not texts:
            return ""
        printed = _printf(texts[0], texts[1:])
        return _ANY if printed is None else _escape(printed.rstrip("\n"))
    joined = " ".join(texts)
    if any("e" in f for f in flags):
        joined = _c_unescape(joined)
    return _escape(joined)


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
            if out and out[-1] != _ANY and _TAINT not in out[-1]:  # above an unknown stretch: unknown too
                out.pop()
            continue
        if comp.startswith(_ANY) and comp.strip(_ANY) == "":
            comp = _ANY
        if out and out[-1] == _ANY and comp == _ANY:
            continue
        out.append(comp)
    return out


def _has_case(components: list[str]) -> bool:
    """Whether any letter of the path components has a case (lowering them changes something)."""
    return any(c != c.lower() for c in components)


class _Store:
    """The store's spellings as component lists, and the helpers the hook supplied."""

    __slots__ = ("spellings", "_cased", "resolve", "folds_case", "_fold_answer", "root")

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
        self._cased = [_has_case(spelling) for spelling in self.spellings]
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

    def relation(self, word_patterns: list[str], cwd: str | None, dotglob: bool = False) -> tuple[str | None, bool]:
        """(best relation of any alternative to the store, matched only when folding case?)"""
        best: str | None = None
        folded = False
        for pattern in word_patterns:
            comps = _components(pattern, cwd)
            candidates = [comps]
            if self.resolve is not None and all(_ANY not in c and not _is_glob(c) for c in comps):
                try:
                    real = self.resolve("/" + "/".join(_unescape(c) for c in comps))
                    candidates.append([c for c in real.split("/") if c])
                except (OSError, ValueError):
                    pass
            for cand in candidates:
                # Ignoring case can only find more when a letter of the word or the store has a case.
                cased = _has_case(cand)
                for store, store_cased in zip(self.spellings, self._cased):
                    rel = _relation(cand, store, False, dotglob)
                    if rel is None and (cased or store_cased):
                        rel = _relation(cand, store, True, dotglob)
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


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _decodes(verb: str, args: list[Word]) -> bool:
    """Whether this decoder call turns hidden text back into plain text."""
    texts = [w.text for w in args]
    if verb in ("base64", "base32", "basenc"):
        return any(t in ("-d", "--decode", "-D") or (t.startswith("-") and not t.startswith("--") and "d" in t)
                   for t in texts)
    if verb == "xxd":
        return any(t.startswith("-") and "r" in t for t in texts)
    if verb == "openssl":
        return any(t in ("-d", "-base64", "-a", "base64", "enc") for t in texts)
    if verb in ("gzip", "bzip2", "xz", "zstd", "lz4", "brotli"):
        return any(t in ("-d", "--decompress", "-dc", "-cd") for t in texts)
    return True


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
                if not t.startswith("--") and len(t) > 2 and t not in value_opts:
                    # a cluster of short flags: -sSo FILE, -oFILE, -rt DIR
                    for k in range(1, len(t)):
                        opt = "-" + t[k]
                        if opt in value_opts:
                            if k == len(t) - 1:
                                if i + 1 < len(args):
                                    options.append((opt, args[i + 1]))
                                    i += 1
                            else:
                                options.append((opt, Word([(QUOTED, t[k + 1:], "")])))
                            break
        else:
            operands.append(w)
        i += 1
    return options, operands


def _opt_value(options, *names: str) -> Word | None:
    for name, value in options:
        if name in names and value is not None:
            return value
        for n in names:
            key, eq, value = name.partition("=")
            # --output=FILE, and GNU's unambiguous abbreviations (--target=DIR for --target-directory)
            if eq and n.startswith("--") and key.startswith("--") and len(key) >= 5 and n.startswith(key):
                return Word([(QUOTED, value, "")])
    return None


class _Analysis:
    def __init__(self, store: _Store, env: dict, reader=None):
        self.store = store
        self.env = env
        self.reader = reader                # path -> text of a script file, or None
        self.written: set[str] = set()      # files this line writes (a script it then runs is unseen)
        self.named = False                  # some word of the line can name the store (globs included)
        self.stdin_files: list[Word] = []   # the current command's `< file` words
        self.untracks_store = False         # git rm --cached of the store (then a clean deletes it)
        self.probing = False                # a what-if analysis (no further what-ifs inside)
        self.unseen_script: str | None = None  # a script run whose text could not be read
        self.findings: list[Finding] = []
        self.opaque_writer: str | None = None
        self.dynamic: str | None = None     # text run as a command that cannot be known here
        self.decoded = False                # a decoder (base64 -d, xxd -r, rev...) fed something
        self.undecided: str | None = None   # part of the line was not analysed (nesting too deep)
        self.whole_tree: str | None = None  # a git command that resets or cleans the whole work tree

    # -- relations
    def rel(self, patterns: list[str], ctx: _Context) -> tuple[str | None, bool]:
        best: tuple[str | None, bool] = (None, False)
        for cwd in ctx.cwds():
            found = self.store.relation(patterns, cwd, ctx.dotglob)
            if found[0] == "inside":
                return found
            if found[0] and best[0] is None:
                best = found
        return best

    def in_store(self, ctx: _Context) -> bool:
        """Whether the command may run with its current folder inside the store."""
        return any(c is not None and self.store.relation([_escape(c)], None)[0] == "inside" for c in ctx.cwds())

    def names_store(self, word: Word, ctx: _Context) -> bool:
        """Whether one word can name the store, a path in it, or the folder holding it."""
        texts = [word]
        t = word.text
        if t.startswith("-") and len(t) > 2:  # --out=PATH, -oPATH
            _, eq, value = t.partition("=")
            tail = value if eq else (t[2:] if not t.startswith("--") else "")
            if tail:
                texts.append(Word([(QUOTED, tail, "")]))
        for w in texts:
            patterns = _expand(w, ctx)
            if mentions_store(w.text, self.store.root) or any(mentions_store(p, self.store.root) for p in patterns):
                return True
            if all(p.strip(_ANY + "/") == "" for p in patterns):
                continue
            rel, _ = self.rel(patterns, ctx)
            if rel == "inside":
                return True
            if rel == "ancestor":  # the store's own parent (.claude) is as good as naming it
                last = self.store.spellings[0][-1]
                if self.rel([p.rstrip("/") + "/" + _escape(last) for p in patterns
                             if not p.rstrip("/").endswith(_ANY)], ctx)[0] == "inside":
                    return True
        return False

    def text_names_store(self, text: str, ctx: _Context) -> bool:
        """Whether a command line run for its output (``$(...)``, backticks) names the store: by its
        text (:func:`mentions_store`), or by a word that can name it from where it runs
        (:meth:`names_store`: relative spellings, variables). Past the nesting limit, by its text."""
        if mentions_store(text, self.store.root):
            return True
        if ctx.depth > _MAX_DEPTH or not text:
            return False
        _tick(len(text) + 1)
        inner = ctx.sub()
        for cmd in lex(text).commands:
            if any(self.names_store(w, inner) for w in [*cmd.words, *(w for _, _, w in cmd.redirects)]):
                return True
        return False

    def touches(self, words: list[Word], ctx: _Context) -> str | None:
        """What makes a command touch the store: a word naming it, or running inside it."""
        if self.in_store(ctx):
            return "its current folder (inside the store)"
        for w in words:
            if self.names_store(w, ctx):
                return w.text
        return None

    def unknown(self, verb: str, words: list[Word], ctx: _Context, why: str = "is not known to be read-only") -> None:
        """A command the guard cannot model: denied when it touches the store."""
        what = self.touches(words, ctx)
        if what is not None:
            self.findings.append(Finding(why, _short(what), verb, kind="unknown"))

    def read_script(self, word: Word, ctx: _Context) -> str | None:
        """The text of the script file a word names (through the hook's reader), or None."""
        if self.reader is None:
            return None
        patterns = _expand(word, ctx)
        if len(patterns) != 1 or _ANY in patterns[0] or _is_glob(patterns[0]):
            return None
        path = _unescape(patterns[0])
        if not path.startswith("/"):
            if ctx.cwd is None:
                return None
            path = os.path.join(ctx.cwd, path)
        if os.path.normpath(path) in self.written:
            return None  # the line writes it first: what is on disk now is not what will run
        try:
            text = self.reader(path)
        except (OSError, ValueError):
            return None
        if isinstance(text, str):
            _tick(len(text) + 1)
            return text
        return None

    def run_script_text(self, text: str, word: Word, ctx: _Context, operands: list[Word], same_shell=False) -> None:
        """Judge a script file's text: shell text as a command line, other languages as code."""
        first = text.split("\n", 1)[0]
        if first.startswith("#!") and not any(sh in first for sh in ("sh", "bash", "zsh", "ksh", "dash")):
            lang = _verb_name(first[2:].split()[-1] if "env" in first else first[2:].split()[0])
            self.code(text, lang, ctx, operands)
            return
        self.script(text, ctx if same_shell else ctx.sub())

    def note_unseen(self, what: str) -> None:
        self.unseen_script = self.unseen_script or what

    def note_dynamic(self, what: str) -> None:
        self.dynamic = self.dynamic or what

    # -- targets
    def target(self, word: Word, ctx: _Context, kind: str, verb: str, action: str,
               copy_sources: list[Word] | None = None) -> None:
        patterns = _expand(word, ctx)
        for p in patterns:
            if _ANY not in p and ctx.cwd is not None:
                self.written.add(os.path.normpath(os.path.join(ctx.cwd, _unescape(p))))
        if all(p.strip(_ANY + "/") == "" for p in patterns):
            self.opaque_writer = verb  # nothing known about where it goes
            return
        rel, folded = self.rel(patterns, ctx)
        if rel == "inside" or (rel == "ancestor" and kind == "delete"):
            plain = self.rel([p.replace(_STORE_ANY, _ANY) for p in patterns], ctx)[0] \
                if any(_TAINT in p for p in patterns) else rel
            if not (plain == "inside" or (plain == "ancestor" and kind == "delete")):  # only through _STORE_ANY
                self.findings.append(Finding("its path is computed at run time from text that names the store, so "
                                             "the guard cannot tell that it lands outside the store",
                                             _short(word.text), verb, folded, kind="unknown"))
                return
            self.findings.append(Finding(action, word.text, verb, folded))
            return
        if rel == "ancestor" and copy_sources:
            # cp -r x/memory .claude/  -> lands on the store's own name
            for src in copy_sources:
                for sp in _expand(src, ctx):
                    name = sp.rstrip("/").rsplit("/", 1)[-1]
                    for pattern in patterns:
                        joined = pattern.rstrip("/") + "/" + name
                        r2, f2 = self.rel([joined], ctx)
                        if r2 == "inside":
                            self.findings.append(Finding(action, f"{word.text} (as {name})", verb, f2 or folded))
                            return

    def code(self, code: str, verb: str, ctx: _Context, operands: list[Word] = ()) -> None:
        if not code:
            return
        if not _writes_code(code):
            return
        if self.in_store(ctx) or mentions_store(code, self.store.root):
            self.findings.append(Finding("run code that writes to", "the memory store", verb))
            return
        for w in operands:  # python -c 'os.remove(sys.argv[1])' .claude/memory/x
            if self.names_store(w, ctx):
                self.findings.append(Finding("run code that writes, given", w.text, verb))
                return

    # -- the script
    def script(self, source: str, ctx: _Context) -> None:
        if ctx.depth > _MAX_DEPTH:
            self.undecided = self.undecided or f"commands nested more than {_MAX_DEPTH} levels deep"
            return
        _tick(len(source) + 1)
        parsed = lex(source)
        pipeline_text: list[str] = []
        pipeline_known = True
        level = 0
        saved: list[tuple] = []
        for cmd in parsed.commands:
            _tick(8)
            while level < cmd.level:  # entering ( ... ): what happens inside stays inside
                saved.append(ctx.snapshot())
                level += 1
            while level > cmd.level:
                ctx.restore(saved.pop())
                level -= 1
            if ctx.pending is not None and cmd.sep_before != "&&":
                ctx.set_cwds(ctx.cwds() + ctx.pending)  # the cd may have failed: both folders count
                ctx.pending = None
            if cmd.sep_before != "|" and cmd.sep_before != "|&":
                pipeline_text = []
                pipeline_known = True
            self.command(cmd, ctx, "\n".join(pipeline_text), pipeline_known)
            pipeline_text.append(_output_text(cmd))
            pipeline_known = pipeline_known and _output_known(cmd)
        for inner in parsed.nested:
            self.script(inner, ctx.sub())

    def command(self, cmd: Command, ctx: _Context, piped_in: str, piped_known: bool = True) -> None:
        if not self.named:
            self.named = any(self.names_store(w, ctx) for w in [*cmd.words, *(w for _, _, w in cmd.redirects)])
        self.stdin_files = [w for op, _, w in cmd.redirects if op == "<"]
        for op, fd, word in cmd.redirects:
            if op in (">", ">>", ">|", "&>", "&>>", "<>") or (op == ">&" and not word.text.isdigit()
                                                                 and word.text != "-"):
                self.target(word, ctx, "write", "redirection " + op, "write to")
        herestrings = "\n".join(w.text for op, _, w in cmd.redirects if op == "<<<")
        piped = cmd.sep_before in ("|", "|&")
        stdin_code = "\n".join([*cmd.heredocs, herestrings, piped_in if piped else ""])
        stdin_known = not (piped and not piped_known) and not any(op == "<" for op, _, _ in cmd.redirects)
        self.words(list(cmd.words), ctx, stdin_code, stdin_known)

    def words(self, words: list[Word], ctx: _Context, stdin_code: str, stdin_known: bool = True) -> None:
        # leading assignments and wrappers
        while words:
            _tick(4)
            first = words[0]
            t = first.text
            name, eq, _ = t.partition("=")
            if eq and name and name.replace("_", "a").isalnum() and not name[0].isdigit() \
                    and first.parts and first.parts[0][0] == BARE:
                self.assign(first, name, ctx)
                words = words[1:]
                continue
            if first.literal is None:  # $x args: the command name comes from a variable
                names = _expand(first, ctx)
                if len(names) <= 4 and all(_ANY not in n and not _is_glob(n) and n.strip() for n in names):
                    for n in names:
                        split = [Word([(QUOTED, piece, "")]) for piece in _unescape(n).split()]
                        self.words(split + words[1:], ctx, stdin_code, stdin_known)
                    return
                self.note_dynamic(f"a command name built at run time ({_short(t, 60)})")
                self.unknown(t, words, ctx, "its command name is built at run time")
                return
            verb = _verb_name(t)
            if verb in _WRAPPERS:
                words = self.unwrap(verb, words[1:], ctx)
                continue
            break
        if not words:
            return
        verb = _verb_name(words[0].text)
        args = words[1:]
        self.fed_from_input(verb, words, ctx)
        handler = getattr(self, "v_" + verb.replace("-", "_").replace(".", "_"), None)
        if verb in _DECODERS and _decodes(verb, args):
            self.decoded = True
        if verb in _ASSIGNERS:
            for w in args:
                n, eq, _ = w.text.partition("=")
                if eq and n.replace("_", "a").isalnum():
                    self.assign(w, n, ctx)
            return
        if verb in SHELLS:
            self.run_shell(verb, args, ctx, stdin_code, stdin_known)
        elif verb in _INLINE_FLAGS:
            self.run_interpreter(verb, args, ctx, stdin_code, stdin_known)
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
            recursive = any(o in ("-R", "--recursive") or (not o.startswith("--") and "R" in o) for o in options)
            for w in operands:
                self.target(w, ctx, "write", verb, "change")
                if (recursive and self.rel(_expand(w, ctx), ctx)[0] == "ancestor") or self.names_store(w, ctx):
                    if not self.findings or self.findings[-1].target != w.text:
                        self.findings.append(Finding("change, with what it holds,", w.text, verb))
            if not operands:
                self.opaque_writer = verb
        elif verb in _BESIDE_INPUT:
            self.beside_input(verb, args, ctx)
        elif handler is not None:
            handler(args, ctx, stdin_code)
        elif verb in ("source", "."):
            if args and args[0].literal is None:
                self.note_dynamic(f"{verb} of a script built at run time")
            text = self.read_script(args[0], ctx) if args else None
            if text is not None:  # runs in this shell: its cd and variables stay
                ctx.depth += 1
                try:
                    self.script(text, ctx)
                finally:
                    ctx.depth -= 1
            else:
                if args:
                    self.note_unseen(f"{verb} {args[0].text}")
                self.unknown(verb, words, ctx, "runs a script the guard cannot read")
        elif verb in _READ_ONLY:
            if verb in _RO_SECOND_OPERAND:
                _, operands = _split_options(args, {"-s", "-f", "-w", "-c", "-l", "-o", "-g", "-n", "-C"})
                if len(operands) >= 2:
                    self.target(operands[1], ctx, "write", verb, "write to")
            for opt in _RO_OUTPUT_OPTS.get(verb, ()):
                options, _ = _split_options(args, {opt})
                out = _opt_value(options, opt)
                if out is not None:
                    self.target(out, ctx, "write", verb, "write to")
        else:
            if "/" in words[0].text:  # ./run.sh, tools/clean: a script file run directly
                text = self.read_script(words[0], ctx)
                if text is not None:
                    self.run_script_text(text, words[0], ctx, args)
                else:
                    self.note_unseen(words[0].text)
            self.unknown(verb, words, ctx)

    def unwrap(self, verb: str, words: list[Word], ctx: _Context) -> list[Word]:
        """The command a wrapper runs (its own options and operands skipped)."""
        opts = _WRAPPER_VALUE_OPTS.get(verb, set())
        shell_opts = _WRAPPER_SHELL_TEXT.get(verb)
        while words and words[0].text.startswith("-") and words[0].text != "-":
            t = words[0].text
            if verb == "env" and t in ("-S", "--split-string") and len(words) > 1:
                split = [Word([(QUOTED, piece, "")]) for piece in words[1].text.split()]
                return split + words[2:]
            if verb == "env" and (t in ("-C", "--chdir") and len(words) > 1 or t.startswith("--chdir=")):
                folder = words[1] if "=" not in t else Word([(QUOTED, t.split("=", 1)[1], "")])
                self.v_cd([folder], ctx, "")
            if verb == "env" and t.startswith("--split-string="):
                return [Word([(QUOTED, piece, "")]) for piece in t.split("=", 1)[1].split()] + words[1:]
            if shell_opts and t in shell_opts and len(words) > 1:
                self.run_shell("sh", [Word([(QUOTED, "-c", "")]), words[1]], ctx, "", True)
                return []
            if t in _WRAPPER_OUTPUT_OPTS.get(verb, ()) and len(words) > 1:
                self.target(words[1], ctx, "write", verb, "write to")
            takes = t in opts
            words = words[1:]
            if takes and words:
                words = words[1:]
        if verb == "watch" and words:
            self.run_shell("sh", [Word([(QUOTED, "-c", "")]), Word([(QUOTED, " ".join(w.text for w in words), "")])],
                           ctx, "", True)
            return []
        skip = _WRAPPER_OPERANDS.get(verb, 0)
        if verb == "flock" and len(words) >= 2 and words[1].text in ("-c", "--command"):
            self.run_shell("sh", [Word([(QUOTED, "-c", "")])] + words[2:3], ctx, "", True)
            return []
        return words[skip:]

    def literal_text(self, word: Word, ctx: _Context, dynamic: str) -> str:
        """The text a word stands for (a script or code argument); when it is built at run time,
        note ``dynamic`` and judge the word as written."""
        expanded = _expand(word, ctx)
        if len(expanded) != 1 or _ANY in expanded[0]:
            self.note_dynamic(dynamic)
            return word.text
        return _unescape(expanded[0])

    def assign(self, word: Word, name: str, ctx: _Context) -> None:
        # ``name=`` may span parts (``a'='x``): the value is whatever follows the first ``=``.
        tail: list = []
        for i, (kind, text, extra) in enumerate(word.parts):
            if "=" in text:
                rest = text.split("=", 1)[1]
                tail = ([(kind, rest, extra)] if rest else []) + list(word.parts[i + 1:])
                break
        value = Word(tail) if tail else Word()
        ctx.variables[name] = _expand(value, ctx) if value.parts else [""]
        if name == "GLOBIGNORE" and ctx.variables[name] != [""]:
            ctx.dotglob = True  # a non-empty GLOBIGNORE turns dotglob on

    # -- verbs
    def v_cd(self, args, ctx, _stdin):
        before = ctx.cwds()
        operands = [w for w in args if not w.text.startswith("-") or w.text == "-"]
        if not operands:
            home = ctx.env.get("HOME")
            ctx.set_cwds([home if home else None])
            ctx.pending = before
            return
        patterns = _expand(operands[0], ctx)
        if len(patterns) != 1 or operands[0].text == "-":
            ctx.set_cwds([None])
            ctx.pending = before
            return
        pattern = patterns[0]
        bases: list[str | None] = list(before)
        if not pattern.startswith(("/", ".", _ANY)):  # CDPATH is searched for a bare relative name
            cdpath = ctx.lookup("CDPATH")
            for entry_pattern in cdpath or []:
                for entry in entry_pattern.split(":"):
                    if entry and _ANY not in entry:
                        bases.append(_unescape(entry) if entry.startswith("/") else
                                     (os.path.join(before[0], _unescape(entry)) if before[0] else None))
                    elif entry:
                        bases.append(None)
        landed: list[str | None] = []
        for base in bases:
            comps = _components(pattern, base)
            if any(c == _ANY or _is_glob(c) for c in comps):
                # a glob cd lands wherever it matches; keep it unknown but remember store-like spellings
                rel, _ = self.store.relation([pattern], base, ctx.dotglob)
                landed.append(self.store.root if rel == "inside" else None)
            else:
                landed.append("/" + "/".join(_unescape(c) for c in comps))
        ctx.set_cwds(landed)
        ctx.pending = before  # if the cd fails, the next command (unless chained by &&) runs here

    v_pushd = v_cd

    def v_shopt(self, args, ctx, _stdin):
        texts = [w.text for w in args]
        if "-s" in texts and ("dotglob" in texts or any(w.literal is None for w in args)):
            ctx.dotglob = True

    def v_for(self, args, ctx, _stdin):
        if len(args) >= 2 and args[1].text == "in":
            values: list[str] = []
            for w in args[2:]:
                values.extend(_expand(w, ctx))
            ctx.variables[args[0].text] = values[:_MAX_ALTERNATIVES] or [_ANY]
            if any(_ANY in v for v in values):
                ctx.variables[_INPUT_MARK + args[0].text] = [""]

    def v_read(self, args, ctx, _stdin):
        """``read`` sets its variables from the input: unknown paths, judged like xargs operands."""
        i = 0
        while i < len(args) and args[i].text.startswith("-"):
            i += 2 if args[i].text in ("-p", "-d", "-n", "-N", "-t", "-u", "-a", "-i") else 1
        for w in args[i:] or [Word([(QUOTED, "REPLY", "")])]:
            ctx.variables[w.text] = [_ANY]
            ctx.variables[_INPUT_MARK + w.text] = [""]
        for k in range(len(args) - 1):
            if args[k].text == "-a":
                ctx.variables[args[k + 1].text] = [_ANY]
                ctx.variables[_INPUT_MARK + args[k + 1].text] = [""]

    def fed_from_input(self, verb: str, words: list[Word], ctx: _Context) -> None:
        """A command given variables read from the input (``while read f; do cmd "$f"; done``):
        would it change the store if those named it?  Then it writes where its input says."""
        if self.probing or not any(kind == VAR and _INPUT_MARK + text in ctx.variables
                                   for w in words[1:] for kind, text, _ in w.parts):
            return
        store_word = Word([(QUOTED, self.store.root, "")])
        probe = _Analysis(self.store, self.env, self.reader)
        probe.probing = True
        probe.written = set(self.written)
        probe.words([store_word if k and any(kind == VAR and _INPUT_MARK + text in ctx.variables
                                             for kind, text, _ in w.parts) else w
                     for k, w in enumerate(words)], ctx.sub(0), "")
        if probe.findings or probe.opaque_writer:
            self.opaque_writer = self.opaque_writer or verb

    v_select = v_for

    def v_popd(self, args, ctx, _stdin):
        ctx.set_cwds([None])

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
        longs = {o.split("=", 1)[0] for o, _ in options if o.startswith("--")}
        target_dir = _opt_value(options, "-t", "--target-directory")
        links = verb in ("ln", "link") or (verb == "cp" and ("l" in flags or "s" in flags or
                                                             any(l in ("--link", "--symbolic-link") for l in longs)))
        if links:  # a link into the store is a door around the guard: the link's target counts
            sources = operands if target_dir is not None else (operands[:-1] if len(operands) >= 2 else operands)
            for w in sources:
                patterns = _expand(w, ctx)
                if self.rel(patterns, ctx)[0] == "inside" or (verb != "link" and self.names_store(w, ctx)):
                    self.findings.append(Finding("link to", w.text, verb + (" -l" if verb == "cp" else "")))
                    return
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
            deletes = verb == "rsync" and any(o.startswith("--del") for o, _ in options)
            self.target(operands[-1], ctx, "delete" if deletes else "write", verb,
                        "write to, deleting what the source lacks," if deletes else "write to",
                        copy_sources=operands[:-1])
            if verb in ("rsync",) and any(o == "--remove-source-files" for o, _ in options):
                for w in operands[:-1]:
                    self.target(w, ctx, "delete", verb, "move")
        elif not operands:
            self.opaque_writer = verb

    def beside_input(self, verb, args, ctx):
        """gzip and friends replace each operand with a file beside it (or write into the folder with -r)."""
        options, operands = _split_options(args, {"-S", "--suffix", "-o", "--output"})
        flags = "".join(o[1:] for o, _ in options if not o.startswith("--"))
        longs = {o for o, _ in options if o.startswith("--")}
        to_stdout = "c" in flags or "t" in flags or "l" in flags or longs & {"--stdout", "--to-stdout", "--test",
                                                                              "--list"}
        recursive = "r" in flags or "--recursive" in longs
        out = _opt_value(options, "-o", "--output")
        if out is not None:
            self.target(out, ctx, "write", verb, "write to")
        if to_stdout and out is None:
            return
        for w in operands:
            self.target(w, ctx, "delete" if recursive else "write", verb, "replace")

    def v_zip(self, args, ctx, _stdin):
        options, operands = _split_options(args, {"-b", "-n", "-t", "-tt", "-x", "-i", "-P", "-O", "--out"})
        flags = "".join(o[1:] for o, _ in options if not o.startswith("--"))
        if operands:
            self.target(operands[0], ctx, "write", "zip", "write to")
        out = _opt_value(options, "-O", "--out")
        if out is not None:
            self.target(out, ctx, "write", "zip", "write to")
        if "m" in flags or any(o == "--move" for o, _ in options):
            for w in operands[1:]:
                self.target(w, ctx, "delete", "zip -m", "move into the archive")

    def v_split(self, args, ctx, _stdin):
        _, operands = _split_options(args, {"-a", "-b", "-C", "-l", "-n", "-t", "--additional-suffix",
                                            "--filter", "--suffix-length", "--bytes", "--lines", "--number"})
        prefix = operands[1] if len(operands) >= 2 else Word([(QUOTED, "x", "")])
        self.target(prefix, ctx, "write", "split", "write pieces to")

    def v_csplit(self, args, ctx, _stdin):
        options, _ = _split_options(args, {"-f", "-b", "-n", "--prefix", "--suffix-format", "--digits"})
        prefix = _opt_value(options, "-f", "--prefix") or Word([(QUOTED, "xx", "")])
        self.target(prefix, ctx, "write", "csplit", "write pieces to")

    def v_mktemp(self, args, ctx, _stdin):
        options, operands = _split_options(args, {"-p", "--tmpdir", "--suffix"})
        where = _opt_value(options, "-p", "--tmpdir")
        if where is not None:
            self.target(where, ctx, "write", "mktemp", "create a file in")
        elsewhere = where is not None or any(o in ("-t", "--tmpdir") for o, _ in options)
        for w in operands:
            if not elsewhere:  # a template is made relative to the current folder
                self.target(w, ctx, "write", "mktemp", "create")

    def v_script(self, args, ctx, _stdin):
        options, operands = _split_options(args, {"-c", "--command", "-T", "--timing", "-I", "-O", "-B",
                                                  "--log-in", "--log-out", "--log-io", "-E", "-o"})
        code = _opt_value(options, "-c", "--command")
        if code is not None:
            self.run_shell("sh", [Word([(QUOTED, "-c", "")]), code], ctx, "", True)
        for opt in ("-T", "--timing", "-I", "-O", "-B", "--log-in", "--log-out", "--log-io"):
            value = _opt_value(options, opt)
            if value is not None:
                self.target(value, ctx, "write", "script", "write to")
        self.target(operands[0] if operands else Word([(QUOTED, "typescript", "")]), ctx, "write", "script",
                    "write to")

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
        scripts = [args[k + 1] for k in range(len(args) - 1) if args[k].text in ("-e", "--expression")]
        scripts += [Word([(QUOTED, a.text.split("=", 1)[1], "")]) for a in args if a.text.startswith("--expression=")]
        if not script_given and operands:
            scripts.append(operands[0])
            operands = operands[1:]
        for script in scripts:
            for piece in script.text.replace(";", "\n").split("\n"):
                piece = piece.strip()
                at = max(piece.rfind("w "), piece.rfind("W "))
                if at >= 0 and (at == 0 or not piece[at - 1].isalpha() or piece[0] == "s"):
                    self.target(Word([(QUOTED, piece[at + 2:].strip(), "")]), ctx, "write", "sed w", "write to")
                if piece[:1] == "e" or (piece[:1] == "s" and piece.endswith("e")):
                    self.note_dynamic("sed runs text as a command (e)")
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
        starts = starts or [Word([(QUOTED, ".", "")])]
        start_rel = [self.rel(_expand(w, ctx), ctx)[0] for w in starts]
        # can a file find visits be in the store?  Starting inside it, or above it unless the
        # name/path tests exclude every store file (a test that names the store includes them)
        names_store = mentions_store(" ".join(texts), self.store.root)
        excluded = False
        for k, t in enumerate(texts[:-1]):
            if t in ("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex"):
                pat = texts[k + 1]
                if t in ("-name", "-iname") and not any(_glob_match(pat.lower() if t == "-iname" else pat, n, True)
                                                        for n in _STORE_NAMES):
                    excluded = True
        reaches = any(r == "inside" for r in start_rel) or (
            any(r == "ancestor" for r in start_rel) and (names_store or not excluded))
        destructive = "-delete" in texts
        for k, t in enumerate(texts[:-1]):
            if t in ("-fprint", "-fprint0", "-fprintf", "-fls"):
                self.target(expr[k + 1], ctx, "write", "find " + t, "write to")
        k = 0
        while k < len(expr):
            if texts[k] in ("-exec", "-execdir", "-ok", "-okdir"):
                j = k + 1
                while j < len(expr) and texts[j] not in (";", "+"):
                    j += 1
                inner = expr[k + 1:j]
                k = j
                if not inner:
                    continue
                if reaches:  # a found file may be a memory: {} stands for one, the inner command must only read
                    store_word = Word([(QUOTED, self.store.root, "")])
                    sub = _Analysis(self.store, self.env, self.reader)
                    sub.written = self.written
                    sub.words([store_word if "{}" in w.text else w for w in inner], ctx.sub(0), "")
                    if sub.findings or sub.dynamic or sub.opaque_writer:
                        verb = _verb_name(inner[0].text)
                        self.findings.append(Finding("change files it finds in", starts[0].text, "find -exec " + verb))
                        return
                # explicit targets of the inner command (cp {} .claude/memory/) count as they are
                self.words([Word([(QUOTED, "/dev/null", "")]) if "{}" in w.text else w for w in inner],
                           ctx.sub(), "")
            k += 1
        if destructive and reaches:
            self.findings.append(Finding("delete files it finds in", starts[0].text, "find -delete"))

    def v_xargs(self, args, ctx, stdin):
        value_opts = {"-I", "-n", "-P", "-d", "-a", "-L", "-s", "-E", "-i", "--arg-file", "--delimiter",
                      "--max-args", "--max-procs", "--replace", "--max-lines", "--eof"}
        i = 0
        while i < len(args) and args[i].text.startswith("-"):
            i += 2 if args[i].text in value_opts else 1
        inner = args[i:]
        if not inner:
            return
        texts = [w.text for w in args[:i]]
        replace = None
        for k, t in enumerate(texts):
            if t in ("-I", "--replace") and k + 1 < len(texts):
                replace = texts[k + 1]
            elif t.startswith("-I") and len(t) > 2:
                replace = t[2:]
            elif t == "-i" or t.startswith("--replace="):
                replace = t.split("=", 1)[1] if "=" in t else "{}"
        if replace:  # the input's lines stand where the replace string is: unknown paths
            inner = [Word([(VAR, "?", "")]) if replace in w.text and k else w for k, w in enumerate(inner)]
        verb = _verb_name(inner[0].text)
        if verb in SHELLS or verb == "eval":
            self.note_dynamic(f"xargs {verb}: text read from the input is run as a command")
        sub = _Analysis(self.store, self.env, self.reader)
        sub.written = self.written
        sub.words(list(inner), ctx.sub(0), stdin)
        self.findings.extend(f for f in sub.findings if f.kind != "unknown")
        # the input's lines become operands: would the command change the store if one named it?
        probe = _Analysis(self.store, self.env, self.reader)
        probe.written = set(self.written)
        has_slot = replace and any(w.parts[:1] == [(VAR, "?", "")] for w in inner[1:])
        probe_words = list(inner) if has_slot else list(inner) + [Word([(QUOTED, self.store.root, "")])]
        if has_slot:
            probe_words = [Word([(QUOTED, self.store.root, "")]) if w.parts[:1] == [(VAR, "?", "")] and k else w
                           for k, w in enumerate(probe_words)]
        probe.words(probe_words, ctx.sub(0), stdin)
        if sub.opaque_writer or sub.findings or probe.findings or probe.opaque_writer or probe.dynamic:
            self.opaque_writer = "xargs " + verb  # it gets its operands from the input
        if sub.dynamic:
            self.note_dynamic(sub.dynamic)

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
            if directory is not None and self.names_store(directory, ctx):
                self.findings.append(Finding("extract into", directory.text, "tar -x"))
                return
            # members named on the line land below the extraction folder
            skip = {id(archive), id(directory)}
            for k, w in enumerate(args):
                if id(w) in skip or w.text.startswith("-") or (k == 0 and not w.text.startswith("-")):
                    continue
                member = Word(list(where.parts) + [(QUOTED, "/", "")] + list(w.parts)) \
                    if not w.text.startswith("/") else w
                if self.names_store(member, ctx):
                    self.findings.append(Finding("extract", w.text, "tar -x"))
                    return

    def v_unzip(self, args, ctx, _stdin):
        options, _ = _split_options(args, {"-d", "-x"})
        where = _opt_value(options, "-d") or Word([(QUOTED, ".", "")])
        self.target(where, ctx, "write", "unzip", "extract into")
        if _opt_value(options, "-d") is not None and self.names_store(where, ctx):
            self.findings.append(Finding("extract into", where.text, "unzip"))

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

    def v_patch(self, args, ctx, stdin):
        options, operands = _split_options(args, {"-o", "-i", "-p", "-d", "-r", "-B", "-z", "-D"})
        out = _opt_value(options, "-o", "--output")
        if out is not None:
            self.target(out, ctx, "write", "patch", "write to")
        if operands:
            self.target(operands[0], ctx, "write", "patch", "patch")
        source = _opt_value(options, "-i", "--input")
        self.diff_targets("patch", [source] if source is not None else (operands[1:2] or self.stdin_files), stdin, ctx)

    def diff_targets(self, verb: str, files: list[Word], stdin: str, ctx: _Context) -> None:
        """The files a diff changes (its ``---``/``+++`` lines), read from the diff file or the input."""
        texts = [t for t in (self.read_script(w, ctx) for w in files) if t is not None]
        if stdin:
            texts.append(stdin)
        if not texts:
            self.opaque_writer = self.opaque_writer or verb  # targets unknown: the line's naming decides
            return
        for text in texts:
            for line in text.splitlines():
                _tick()
                if line.startswith(("+++ ", "--- ", "diff --git ", "rename to ", "copy to ")):
                    for path in line.split()[1:] if line.startswith("diff") else [line.split(None, 1)[1].split("\t")[0]]:
                        for cut in (path, path.split("/", 1)[-1]):
                            if cut != "/dev/null" and self.names_store(Word([(QUOTED, cut, "")]), ctx):
                                self.findings.append(Finding("patch", cut, verb))
                                return

    def v_git(self, args, ctx, stdin):
        sub_ctx = ctx.sub(0)
        i = 0
        while i < len(args) and args[i].text.startswith("-"):
            t = args[i].text
            if t == "-C" and i + 1 < len(args):
                self.v_cd([args[i + 1]], sub_ctx, "")
                sub_ctx.pending = None
                i += 2
            elif t in ("-c", "--git-dir", "--work-tree", "--namespace", "--exec-path") and i + 1 < len(args):
                if self.names_store(args[i + 1], ctx):  # git -c alias.x='!rm -rf <store>' x
                    self.unknown("git " + t, args[i + 1:i + 2], sub_ctx, "sets git up to reach the store")
                i += 2
            else:
                i += 1
        if i >= len(args):
            return
        sub = args[i].text
        rest = args[i + 1:]
        if sub in ("config", "submodule", "worktree", "filter-repo", "filter-branch", "lfs", "sparse-checkout",
                   "archive", "bundle", "notes", "bisect", "gc", "maintenance"):
            self.unknown("git " + sub, args[i:], sub_ctx, "may change files or run commands")
            return
        if sub in ("apply", "am"):
            _, ops = _split_options(rest, {"-p", "-C", "--directory", "--exclude", "--include"})
            self.diff_targets("git " + sub, [w for w in ops] or self.stdin_files, stdin, sub_ctx)
        if sub not in _GIT_READ_ONLY:
            # merge, pull, rebase, apply... refuse to overwrite local changes; judged by what they name
            self.unknown("git " + sub, args[i:], sub_ctx, "may rewrite files in the work tree")
            return
        if sub in ("rm", "mv", "clean", "checkout", "restore", "reset", "stash", "switch"):
            options, operands = _split_options(rest, {"-m", "--message", "-s", "--source", "-e", "--exclude",
                                                      "-b", "-B", "-c", "-C", "--orphan", "-p", "--pathspec-from-file"})
            flags = "".join(o[1:] for o, _ in options if not o.startswith("--"))
            longs = {o.split("=", 1)[0] for o, _ in options if o.startswith("--")}
            if sub == "mv" and len(operands) >= 2:
                for w in operands[:-1]:
                    self.target(w, sub_ctx, "delete", "git mv", "move")
                self.target(operands[-1], sub_ctx, "write", "git mv", "move into", copy_sources=operands[:-1])
            elif sub == "rm" and "--cached" not in longs:
                for w in operands:
                    self.target(w, sub_ctx, "delete", "git rm", "delete")
            elif sub == "rm":
                self.untracks_store = self.untracks_store or any(self.names_store(w, sub_ctx) for w in operands)
            elif sub == "clean":
                if ("f" in flags or "--force" in longs) and "n" not in flags and "--dry-run" not in longs:
                    spots = [self.rel(_expand(w, sub_ctx), sub_ctx)[0] for w in operands]
                    if not operands or "ancestor" in spots:
                        self.whole_tree = "git clean" + (" -x" if "x" in flags else "")
                    for w, spot in zip(operands, spots):
                        if spot != "ancestor":  # a folder above the store is the whole-tree case
                            self.target(w, sub_ctx, "delete", "git clean", "delete")
            elif sub in ("checkout", "restore", "reset", "switch"):
                whole = (sub == "reset" and ("--hard" in longs or "--merge" in longs or "--keep" in longs)) or \
                    (sub in ("checkout", "switch") and ("f" in flags or "--force" in longs or
                                                        "--discard-changes" in longs))
                for w in operands:
                    if sub == "switch":
                        continue
                    rel = self.rel(_expand(w, sub_ctx), sub_ctx)[0]
                    if rel == "ancestor" or w.text in (":/", ":(top)", "*"):
                        whole = True
                    self.target(w, sub_ctx, "write", "git " + sub, "overwrite")
                if "--pathspec-from-file" in longs:
                    whole = True
                if whole:
                    self.whole_tree = "git " + sub
            elif sub == "stash":
                action = operands[0].text if operands else "push"
                if action in ("push", "save", "-u", "--include-untracked", "--all", "-a") or \
                        (action not in ("list", "show", "drop", "clear", "branch", "create", "store", "pop",
                                        "apply") and not operands):
                    self.whole_tree = "git stash"
                for w in operands[1:]:
                    if self.rel(_expand(w, sub_ctx), sub_ctx)[0] == "inside":
                        self.whole_tree = "git stash"

    def v_eval(self, args, ctx, _stdin):
        texts = []
        for w in args:
            expanded = _expand(w, ctx)
            if len(expanded) != 1 or _ANY in expanded[0]:
                self.note_dynamic("eval of text built at run time")
                texts.append(w.text)
            else:
                texts.append(_unescape(expanded[0]))
        self.script(" ".join(texts), ctx.sub())

    def run_shell(self, verb, args, ctx, stdin, stdin_known=True):
        i = 0
        while i < len(args):
            t = args[i].text
            if t.startswith("-") and "c" in t[1:] and not t.startswith("--"):
                if i + 1 < len(args):
                    text = self.literal_text(args[i + 1], ctx, f"{verb} -c with text built at run time")
                    sub = ctx.sub()
                    self.script(text, sub)
                    self.unknown(verb, args[i + 2:], ctx, "runs a script given these arguments") \
                        if len(args) > i + 2 else None
                return
            if not t.startswith("-") and not t.startswith("+"):
                # a script file: unknown contents, judged by what it is given
                if args[i].literal is None:
                    self.note_dynamic(f"{verb} runs a script built at run time")
                text = self.read_script(args[i], ctx)
                if text is not None:
                    self.script(text, ctx.sub())
                    self.unknown(verb, args[i:], ctx, "runs a script given these arguments")
                else:
                    self.note_unseen(f"{verb} {args[i].text}")
                    self.unknown(verb, args[i:], ctx, "runs a script the guard cannot read")
                return
            i += 1
        if not stdin_known:
            self.note_dynamic(f"{verb} runs text read from a pipe or a file")
        if stdin:
            self.script(stdin, ctx.sub())

    def own_script(self, word: Word, ctx: _Context) -> bool:
        """Whether a script is the plugin's own, by its real path
        (:func:`claude_memory.guard.own_call.is_own_script`); a look-alike is an unknown writer."""
        from claude_memory.guard.own_call import OWN_SCRIPTS, is_own_script

        name = word.text.rsplit("/", 1)[-1]
        if name not in OWN_SCRIPTS and name != "memory_index.py":
            return False
        spellings = _expand(word, ctx)
        resolve = self.store.resolve or os.path.realpath
        if all(_ANY not in s and is_own_script(_unescape(s), ctx.cwd, resolve) for s in spellings):
            return True
        self.opaque_writer = "a script named like the plugin's " + name
        return False

    def run_interpreter(self, verb, args, ctx, stdin, stdin_known=True):
        flags = _INLINE_FLAGS[verb]
        codes: list[Word] = []
        script: list[Word] | None = None  # [script or module, its arguments...]
        module = False
        in_place = False
        operands: list[Word] = []
        i = 0
        while i < len(args):
            _tick()
            t = args[i].text
            if verb in ("awk", "gawk", "mawk", "nawk"):
                if t in ("-f", "--file") and i + 1 < len(args):
                    script = [args[i + 1]]
                    i += 2
                    continue
                if t in ("-v", "-F") and i + 1 < len(args):
                    i += 2
                    continue
                if t in ("-i", "--include") and i + 1 < len(args):
                    in_place = in_place or args[i + 1].text == "inplace"
                    i += 2
                    continue
                if t.startswith("-") and len(t) > 1:
                    i += 1
                    continue
                if not codes and script is None:
                    codes.append(args[i])
                else:
                    operands.append(args[i])
                i += 1
                continue
            if codes or script is not None:
                operands.append(args[i])
                i += 1
                continue
            if t in flags and i + 1 < len(args):
                codes.append(args[i + 1])
                i += 2
                continue
            if verb in ("perl", "ruby") and t.startswith("-") and not t.startswith("--"):
                letters = t[1:]
                if "i" in letters:
                    in_place = True
                if "e" in letters.replace("i", "", 1) or letters.endswith("e") or "E" in letters:
                    if i + 1 < len(args):
                        codes.append(args[i + 1])
                        i += 2
                        continue
                i += 1
                continue
            if verb == "python" and t.startswith("-c") and len(t) > 2:
                kind, text, extra = args[i].parts[0]
                codes.append(Word([(kind, text[2:], extra)] + args[i].parts[1:]))
                i += 1
                continue
            if verb == "python" and t.startswith("-m"):
                module = True
                if len(t) > 2:
                    script = [Word([(QUOTED, t[2:], "")])]
                    i += 1
                elif i + 1 < len(args):
                    script = [args[i + 1]]
                    i += 2
                else:
                    i += 1
                continue
            if t in _INTERPRETER_VALUE_OPTS.get(verb, ()):
                i += 2
                continue
            if t.startswith("-") and t != "-":
                i += 1
                continue
            if verb == "deno" and t in flags and i + 1 < len(args):
                codes.append(args[i + 1])
                i += 2
                continue
            if t != "-":
                script = [args[i]]
            i += 1
        if in_place:
            for w in operands:
                self.target(w, ctx, "write", verb + " -i", "edit")
        for word in codes:
            self.code(self.literal_text(word, ctx, f"{verb} code built at run time"), verb, ctx, operands)
        if script is not None:
            name = script[0].text
            if module and name in _PYTHON_READ_MODULES:
                if name == "json.tool":
                    _, ops = _split_options(operands, {"--indent"})
                    if len(ops) >= 2:
                        self.target(ops[1], ctx, "write", "python -m json.tool", "write to")
                return
            if not module and verb == "python" and self.own_script(script[0], ctx):
                return  # the plugin's own script, by its real path
            text = None if module else self.read_script(script[0], ctx)
            if text is not None:
                self.code(text, verb, ctx, operands)
            elif not module:
                self.note_unseen(f"{verb} {name}")
            self.unknown(f"{verb} {name}", script + operands, ctx,
                         "runs a " + ("module" if module else "script") + " the guard cannot read")
            return
        if not codes:
            if not stdin_known:
                self.note_dynamic(f"{verb} runs code read from a pipe or a file")
            if stdin:
                self.code(stdin, verb, ctx)


def _output_known(cmd: Command) -> bool:
    """Whether what a pipeline stage prints is known text (echo/printf of literals, a here-document)."""
    argv = cmd.words
    if not argv:
        return True
    verb = _verb_name(argv[0].text)
    if verb in ("echo", "printf"):
        return all(w.literal is not None for w in argv[1:])
    if verb == "cat":
        return len(argv) == 1 and bool(cmd.heredocs or any(op == "<<<" for op, _, _ in cmd.redirects))
    return False


def _output_text(cmd: Command) -> str:
    """What a command in a pipeline likely prints: echo/printf arguments, here-documents."""
    argv = cmd.argv
    if argv and _verb_name(argv[0]) in ("echo", "printf"):
        return " ".join(a for a in argv[1:] if not (a.startswith("-") and len(a) <= 3))
    return "\n".join(cmd.heredocs + [w.text for op, _, w in cmd.redirects if op == "<<<"])


#: longer command lines are not analysed at all (judged by whether they name the store)
MAX_COMMAND = 100_000


def find_store_writes(command: str, root: str, cwd: str | None = None, env: dict | None = None, *,
                      resolve=None, folds_case=False, budget: Budget | None = None, reader=None) -> list[Finding]:
    """Every reason to stop ``command``, or a whole-tree git command to ask about; ``[]`` means allow.

    ``cwd`` is where the command starts, ``env`` the variables it can see (``HOME``,
    ``CLAUDE_PROJECT_DIR``...). ``resolve(path)`` may return a path's real location
    (symlinks); ``folds_case`` (a bool or a no-argument callable, asked at most once and only
    when a target matches the store ignoring case) says whether the volume is case-insensitive.
    ``reader(path)`` may return the text of a script file the command runs (``bash x.sh``,
    ``python3 x.py``, ``source x``, ``./x``) so that it is judged too.
    ``budget`` caps the work (a fresh :class:`Budget` when not given): when the analysis cannot
    finish within it, a command that names the store (or runs inside it) is stopped with a
    finding of kind ``undecided`` and any other command is allowed.
    """
    global _budget
    if not isinstance(command, str) or not command.strip() or not isinstance(root, str) or not root:
        return []
    env = dict(env or {})
    store = _Store(root, resolve, folds_case)
    analysis = _Analysis(store, env, reader)
    start = cwd if isinstance(cwd, str) and cwd.startswith("/") else None
    ctx = _Context(os.path.normpath(start) if start else None, env)
    ctx.judge = analysis.text_names_store
    previous, _budget = _budget, budget or Budget()
    try:
        if len(command) > MAX_COMMAND:
            raise BudgetExceeded(f"longer than {MAX_COMMAND} characters")
        analysis.script(command, ctx)
    except (BudgetExceeded, RecursionError) as exc:
        why = str(exc) if isinstance(exc, BudgetExceeded) else "nested too deeply"
        _budget = None  # the verdict below must not be cut short by the spent budget
        ctx = _Context(os.path.normpath(start) if start else None, env)
        if mentions_store(command, root, cwd) or analysis.in_store(ctx):
            return [Finding(f"not be checked within the guard's budget ({why}) and it names the memory store",
                            "the memory store", "the command", kind="undecided")]
        return []
    finally:
        _budget = previous
    findings = [f for f in analysis.findings]
    named = analysis.named or mentions_store(command, root, cwd) or analysis.in_store(
        _Context(os.path.normpath(start) if start else None, env))
    if not findings and analysis.whole_tree and analysis.untracks_store:
        findings.append(Finding("untrack the store and then clean or reset the work tree", "the memory store",
                                analysis.whole_tree))
    if not findings and analysis.opaque_writer and named:
        findings.append(Finding("write to", "paths it reads from its input (the command names the store)",
                                analysis.opaque_writer))
    if not findings and analysis.dynamic and (named or analysis.decoded):
        why = "the command names the store" if named else "the text is decoded first"
        findings.append(Finding(f"{analysis.dynamic}, which the guard cannot check ({why})", "text built at run time",
                                "the command", kind="dynamic"))
    if not findings and analysis.unseen_script and named:
        findings.append(Finding(f"{analysis.unseen_script}, a script the guard cannot read, on a line that names "
                                "the memory store", "text built at run time", "the command", kind="dynamic"))
    if not findings and analysis.undecided and named:
        findings.append(Finding(f"not be checked ({analysis.undecided}); it names the memory store",
                                "the memory store", "the command", kind="undecided"))
    if not findings and analysis.whole_tree:
        findings.append(Finding("reset or clean the whole work tree, the memory store included", ".",
                                analysis.whole_tree, kind="whole-tree"))
    return findings
