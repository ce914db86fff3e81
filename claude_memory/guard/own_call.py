"""Is this Bash command exactly one of the plugin's own bookkeeping calls?

The PreToolUse guard answers ``permissionDecision: "allow"`` for these calls and
for nothing else, so capture works in every permission mode without an approval
prompt and without widening what else Claude may do. A call qualifies only in
this exact shape::

    python3 "<plugin root>/hooks/scripts/memory_write.py" --root <store> --batch - <<'EOF'
    ...any text: a quoted here-document is never expanded...
    EOF

- the interpreter is ``python3`` or ``python`` as a bare word;
- the script is ``memory_write.py`` or ``memory_candidate.py`` whose *real* path (symlinks
  resolved, relative to the command's directory) is this plugin's own copy: a script
  merely named like it anywhere else is just another script;
- every argument is a known option of that script followed by a plain value (bare
  characters, single quotes, or double quotes holding no ``$``, backquote, backslash or
  ``!``); ``--root`` must be one of the stores the hook protects and ``--input`` /
  ``--batch`` read only standard input (``-``);
- the only shell syntax is an optional here-document whose delimiter is quoted, whose
  closing line ends the command (nothing may follow it); no ``;``, ``&&``, ``|``,
  redirections, substitutions, variables, globs, comments or line continuations.

Anything else gets no opinion from this module (the usual permission flow
decides). Pure: the caller supplies ``resolve`` (a real-path function) and the
roots; the plugin's own root is where this file lives.
"""

from __future__ import annotations

import os
import re

from claude_memory.core.roots import PLUGIN_ROOT

__all__ = ["PLUGIN_ROOT", "OWN_SCRIPTS", "is_own_call", "is_own_script", "parse_call"]

#: script -> option -> allowed values (None: any plain value)
OWN_SCRIPTS: dict[str, dict[str, frozenset[str] | None]] = {
    "memory_write.py": {
        "--action": frozenset({"create", "update", "delete", "archive", "unarchive", "restore"}),
        "--category": None, "--target": None, "--hash": None, "--reason": None, "--root": None,
        "--input": frozenset({"-"}), "--batch": frozenset({"-"}),
    },
    "memory_candidate.py": {
        "--category": None, "--new-info": None, "--lifecycle-event": None, "--root": None,
    },
}
_INTERPRETERS = ("python3", "python")
_BARE = re.compile(r"[A-Za-z0-9_./:=,@%+\-]+")  # no glob, tilde-leading words are refused below
_DELIMITER = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}")
_DOUBLE_FORBIDDEN = set('$`\\!')
_MAX_COMMAND = 1_100_000


def _words(line: str) -> list[str] | None:
    """Split one line into plain words; None if it holds any shell syntax beyond quoting."""
    words: list[str] = []
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c in " \t":
            i += 1
            continue
        word = []
        while i < n and line[i] not in " \t":
            c = line[i]
            if c == "'":
                end = line.find("'", i + 1)
                if end < 0:
                    return None
                word.append(line[i + 1:end])
                i = end + 1
            elif c == '"':
                end = line.find('"', i + 1)
                if end < 0:
                    return None
                inner = line[i + 1:end]
                if _DOUBLE_FORBIDDEN & set(inner):
                    return None
                word.append(inner)
                i = end + 1
            else:
                match = _BARE.match(line, i)
                if not match:
                    return None  # an operator, a substitution, a glob, a comment...
                word.append(match.group(0))
                i = match.end()
        words.append("".join(word))
    return words


def _split_heredoc(command: str) -> tuple[str, bool] | None:
    """(the command line, has a here-document); None when the text is not one line plus an
    optional quoted here-document that closes the command."""
    if "\r" in command.split("\n", 1)[0]:
        return None
    first, newline, rest = command.partition("\n")
    match = re.search(r"\s<<[ \t]*(['\"])([^'\"]*)\1[ \t]*$", first)
    if not newline:
        return (first, False) if "<<" not in first else None
    if not match or not _DELIMITER.fullmatch(match.group(2)):
        return None
    line = first[:match.start()]
    if "<<" in line:
        return None
    delimiter = match.group(2)
    body_lines = rest.split("\n")
    for k, body_line in enumerate(body_lines):
        if body_line == delimiter:
            if any(extra.strip() for extra in body_lines[k + 1:]):
                return None  # something would run after the here-document
            return line, True
    return None  # never closed: bash would read to the end, but we do not guess


def parse_call(command: str) -> tuple[str, str, list[tuple[str, str]], bool] | None:
    """(interpreter, script as written, [(option, value)], has stdin) or None when not that shape."""
    if not isinstance(command, str) or "\0" in command or len(command) > _MAX_COMMAND:
        return None
    split = _split_heredoc(command.strip("\n").lstrip(" \t"))
    if split is None:
        return None
    line, heredoc = split
    words = _words(line)
    if not words or len(words) < 2 or words[0] not in _INTERPRETERS:
        return None
    script = words[1]
    if not script or script.startswith(("-", "~")):
        return None
    name = script.rsplit("/", 1)[-1]
    spec = OWN_SCRIPTS.get(name)
    if spec is None:
        return None
    rest = words[2:]
    if len(rest) % 2:
        return None
    options = []
    seen = set()
    for k in range(0, len(rest), 2):
        option, value = rest[k], rest[k + 1]
        if option not in spec or option in seen:
            return None
        allowed = spec[option]
        if allowed is not None and value not in allowed:
            return None
        if value.startswith("-") and value != "-" or "\n" in value:
            return None
        seen.add(option)
        options.append((option, value))
    return words[0], script, options, heredoc


def is_own_script(script: str, cwd: str | None, resolve=os.path.realpath, plugin_root: str = PLUGIN_ROOT) -> bool:
    """Does ``script`` (as written, relative to ``cwd``) resolve to one of the plugin's own scripts?"""
    if not isinstance(script, str) or not script or "\0" in script:
        return False
    name = script.rsplit("/", 1)[-1]
    if name not in OWN_SCRIPTS and name != "memory_index.py":
        return False
    script = _absolute(script, cwd)
    if script is None:
        return False
    try:
        real = resolve(script)
        own = resolve(os.path.join(plugin_root, "hooks", "scripts", name))
    except (OSError, ValueError):
        return False
    return bool(real) and real == own


def _absolute(path: str, cwd: str | None) -> str | None:
    """``path`` made absolute against ``cwd`` (None when it is relative and there is no ``cwd``)."""
    if path.startswith("/"):
        return path
    return os.path.join(cwd, path) if cwd else None


def is_own_call(command: str, *, cwd: str | None, roots: tuple[str, ...] | list[str],
                resolve=os.path.realpath, plugin_root: str = PLUGIN_ROOT) -> bool:
    """True only for the exact shape in the module docstring; ``roots`` are the stores the hook guards."""
    parsed = parse_call(command)
    if parsed is None:
        return False
    _, script, options, heredoc = parsed
    if not is_own_script(script, cwd, resolve, plugin_root):
        return False
    values = dict(options)
    if ("--input" in values or "--batch" in values) != heredoc:
        return False  # stdin is read exactly when a here-document gives it
    if "--input" in values and "--batch" in values:
        return False
    if "--root" in values:
        root = _absolute(values["--root"], cwd)
        if root is None:
            return False
        try:
            real = resolve(root)
            if real not in {resolve(r) for r in roots}:
                return False
        except (OSError, ValueError):
            return False
    return True
