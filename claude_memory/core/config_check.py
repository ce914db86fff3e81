"""Checking a project's ``memory-config.json`` against the defaults (the rules are :mod:`.config`'s).

An override's key that the defaults do not have is reported with the nearest known name; a value
of the wrong type, or a number outside :data:`BOUNDS`, is reported and the default kept, except that a
switch (a boolean setting) written otherwise is read as meant by :func:`_switch`, the one reading of
every switch (an unreadable value is off). Loaded
only when a project has an override or a maintainer asks (:func:`load_config`,
:func:`config_problems`): a hook in a project without one never imports it. These names are also
reachable from :mod:`.config`.
"""

import os
import sys

from claude_memory.core.config import PROJECT_CONFIG_NAME, load_defaults

__all__ = ["BOUNDS", "load_config", "deep_merge", "check_override", "config_problems"]


#: inclusive bounds of numeric settings (``*`` stands for any category)
BOUNDS = {
    "max_memories_per_category": (1, 100_000),
    "categories.session_summary.max_retained": (0, 10_000),
    "retrieval.max_inject": (0, 20),
    "retrieval.max_inject_chars": (400, 6_000),  # recall.render.MIN_CHARS..MAX_CHARS
    "triage.max_context_bytes": (2_000, 1_000_000),
    "triage.thresholds.*": (0.01, 1.0),
    "delete.grace_period_days": (0, 36_500),
    "session_start.max_chars": (200, 9_000),
    "file_context.max_inject": (0, 10),
    "staleness.grace_minutes": (0, 100_000),
    "usage.max_log_bytes": (4_096, 64 * 1024 * 1024),
    "usage.not_recalled_days": (1, 36_500),
    "usage.gc_unused_days": (1, 36_500),
}


def _loads(text: str):
    """Strict, bounded JSON (:mod:`claude_memory.core.jsonio`); ``ValueError`` when refused."""
    from claude_memory.core import jsonio
    from claude_memory.core.errors import MemoryStoreError

    try:
        return jsonio.parse(text, source=PROJECT_CONFIG_NAME)
    except MemoryStoreError as exc:
        raise ValueError(exc.problems[0].got if exc.problems else exc.message) from None


def deep_merge(base: dict, override: dict) -> dict:
    """Return ``base`` updated by ``override``; nested dicts merge, everything else replaces."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def _warn(message: str) -> None:
    print(f"claude-memory: warning: {message}", file=sys.stderr)


#: how a JSON value's type is named in a problem (bool before int: a bool is an int in Python)
_KINDS = ((bool, "true or false"), (int, "a whole number"), (float, "a number"), (str, "a string"),
          (dict, "an object"), (list, "a list"))


def _kind(value) -> str:
    return next((name for kind, name in _KINDS if isinstance(value, kind)), "null")


def _fits(default, value) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float))
    return type(value) is type(default) or (isinstance(default, list) and isinstance(value, list))


def _bounds(path: str):
    if path in BOUNDS:
        return BOUNDS[path]
    head, _, _ = path.rpartition(".")
    return BOUNDS.get(head + ".*")


def check_override(defaults: dict, override: dict, _prefix: str = "") -> tuple[dict, list[str]]:
    """``(config, problems)``: ``defaults`` updated by the valid part of ``override``.

    Unknown keys, wrong types and out-of-bounds numbers are left out, each with one problem line
    that names the key and the fix; but a switch (a setting whose default is true or false: the
    top-level privacy switch ``enabled``, ``triage.enabled``, ``categories.<c>.auto_capture``, ...)
    given as something else is read as a person meant it (:func:`_switch`: an unreadable value is
    off), and the problem line says how it was read."""
    out = dict(defaults)
    problems: list[str] = []
    for key, value in override.items():
        path = f"{_prefix}{key}"
        if key not in defaults:
            import difflib

            near = difflib.get_close_matches(str(key), [str(k) for k in defaults], n=1)
            hint = f"; did you mean {_prefix}{near[0]!s}?" if near else f"; known here: {', '.join(map(str, defaults))}"
            problems.append(f"unknown setting {path!r} ignored{hint}")
            continue
        default = defaults[key]
        if isinstance(default, bool) and not isinstance(value, bool):  # every switch fails safe
            out[key] = _switch(value)
            said = "memory is" if path == "enabled" else f"{path} is"
            problems.append(f"{path} must be true or false, not {_shown(value)}; read as {str(out[key]).lower()} "
                            f"({said} {'on' if out[key] else 'off'} here)")
            continue
        if isinstance(default, dict):
            if not isinstance(value, dict):
                problems.append(f"{path} must be an object, not {_kind(value)}; using the default")
                continue
            out[key], sub = check_override(default, value, path + ".")
            problems += sub
            continue
        if not _fits(default, value):
            problems.append(f"{path} must be {_kind(default)}, not {_kind(value)}; using the default {default!r}")
            continue
        limits = _bounds(path)
        if limits and not (limits[0] <= value <= limits[1]):
            problems.append(f"{path} must be between {limits[0]} and {limits[1]}, not {value!r}; "
                            f"using the default {default!r}")
            continue
        out[key] = float(value) if isinstance(default, float) else value
    return out, problems


def _shown(value) -> str:
    """``value`` as it is written in the JSON file (``null``, ``"off"``), cut short."""
    import json

    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _read_override(memory_root) -> tuple[dict | None, list[str]]:
    """The project's override as a dict (None when there is none or it is unusable) and problems."""
    if memory_root is None:
        return None, []
    path = os.path.join(os.fspath(memory_root), PROJECT_CONFIG_NAME)
    try:
        if os.path.islink(path) or not os.path.isfile(path):
            return None, []
        if os.stat(path).st_size > 1_000_000:
            return None, [f"{path} is larger than 1 MB; using defaults"]
        with open(path, encoding="utf-8") as fh:
            override = _loads(fh.read())
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        return None, [f"cannot read {path} ({exc}); using defaults"]
    if not isinstance(override, dict):
        return None, [f"{path} is not a JSON object; using defaults"]
    return override, []


def config_problems(memory_root) -> list[str]:
    """What is wrong with the project's ``memory-config.json`` (empty when nothing is)."""
    override, problems = _read_override(memory_root)
    if override is not None:
        problems += check_override(load_defaults(), override)[1]
    return problems


#: Spellings of a switch (any setting whose default is a boolean) that are not JSON booleans, as people write them.
_SWITCH_WORDS = {"false": False, "no": False, "off": False, "0": False, "true": True, "yes": True, "on": True,
                 "1": True}


def _switch(value) -> bool:
    """The switch a person meant (the one reading of every boolean setting): a boolean as it is;
    ``"false"``, ``0``, ``"off"``, ``"no"``, ``null`` and the like as off, their opposites as on;
    anything else as off (a switch is an opt-out: a value nobody can read must not turn a part of
    memory on)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value != 0
    if isinstance(value, str):
        return _SWITCH_WORDS.get(value.strip().lower(), False)
    return False


def _unreadable_says_off(memory_root) -> bool:
    """True when an unreadable ``memory-config.json`` still names ``"enabled"`` with an off value (a
    trailing comma must not undo the privacy opt-out written just above it)."""
    import re

    try:
        with open(os.path.join(os.fspath(memory_root), PROJECT_CONFIG_NAME), "rb") as fh:
            text = fh.read(1_000_001).decode("utf-8", errors="replace")
    except OSError:
        return False
    found = re.search(r'"enabled"\s*:\s*("[^"\n]{0,10}"|[A-Za-z0-9.]{1,10})', text)
    if found is None:
        return False
    return not _switch(found.group(1).strip('"'))  # a bare false or null reads as its word does


def load_config(memory_root: str | os.PathLike | None) -> dict:
    """Defaults updated by the valid part of ``<memory_root>/memory-config.json``; every problem is
    reported on stderr and the default kept, except for switches, which fail safe: a value that is
    not a boolean is read as a person meant it (:func:`_switch`), and a file that cannot be read but
    names the top-level ``"enabled"`` with an off value turns memory off."""
    config = load_defaults()
    override, problems = _read_override(memory_root)
    if override is not None:
        config, more = check_override(config, override)
        problems += more
    elif problems and _unreadable_says_off(memory_root):
        config["enabled"] = False
        problems.append(f"{PROJECT_CONFIG_NAME} names \"enabled\" with an off value: memory is off here until "
                        "the file is fixed")
    for problem in problems:
        _warn(problem)
    return config
