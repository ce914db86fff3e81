"""Configuration: plugin defaults deep-merged with a project's override.

Standard library only (recall, triage and the guards load it on every call), and
cheap to import: ``os`` and ``sys`` only at start-up (no pathlib, typing, copy or
json; JSON goes through :func:`claude_memory.hooks.edge.loads`). An unreadable or
invalid override falls back to the defaults with a warning.

Hooks call :func:`hook_config`: without a project override it only parses the
defaults file (read once per process), never touching the merge machinery.
"""

from __future__ import annotations

import os
import sys

from claude_memory.core.layout import CONFIG_NAME
from claude_memory.core.roots import PLUGIN_ROOT

__all__ = ["DEFAULTS_PATH", "PROJECT_CONFIG_NAME", "load_config", "deep_merge", "load_defaults", "hook_config"]

#: ``memory-config.default.json`` as a string; ``DEFAULTS_PATH`` (a ``pathlib.Path``) is built on first access.
DEFAULTS_FILE = os.path.join(PLUGIN_ROOT, "memory-config.default.json")
PROJECT_CONFIG_NAME = CONFIG_NAME

_defaults_text: str | None = None


def __getattr__(name: str):
    if name == "DEFAULTS_PATH":  # kept for callers that want a Path; pathlib is not on the hooks' path
        from pathlib import Path

        return Path(DEFAULTS_FILE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _loads(text: str):
    from claude_memory.hooks.edge import loads

    return loads(text)


def deep_merge(base: dict, override: dict) -> dict:
    """Return ``base`` updated by ``override``; nested dicts merge, everything else replaces."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def load_defaults() -> dict:
    """A fresh copy of the plugin defaults (the file is read once; each call parses it anew,
    which is cheaper than ``copy.deepcopy`` and leaves callers free to mutate the result)."""
    global _defaults_text
    if _defaults_text is None:
        with open(DEFAULTS_FILE, encoding="utf-8") as fh:
            _defaults_text = fh.read()
    return _loads(_defaults_text)


def _warn(message: str) -> None:
    print(f"claude-memory: warning: {message}", file=sys.stderr)


def load_config(memory_root: str | os.PathLike | None) -> dict:
    """Defaults merged with ``<memory_root>/memory-config.json`` when it is a valid JSON object."""
    config = load_defaults()
    if memory_root is None:
        return config
    path = os.path.join(os.fspath(memory_root), PROJECT_CONFIG_NAME)
    try:
        if os.path.islink(path) or not os.path.isfile(path):
            return config
        if os.stat(path).st_size > 1_000_000:
            _warn(f"{path} is larger than 1 MB; using defaults")
            return config
        with open(path, encoding="utf-8") as fh:
            override = _loads(fh.read())
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        _warn(f"cannot read {path} ({exc}); using defaults")
        return config
    if not isinstance(override, dict):
        _warn(f"{path} is not a JSON object; using defaults")
        return config
    return deep_merge(config, override)


def hook_config(memory_root: str | os.PathLike | None, sections: tuple[str, ...] | None = None) -> dict:
    """The config a hook needs: ``load_config(memory_root)``, cut to ``sections`` when given.

    The one fast accessor for hooks. Without ``<memory_root>/memory-config.json``
    (most projects) only the defaults are parsed. Errors are those of
    :func:`load_config` (an unreadable defaults file raises); a config that is not
    a JSON object gives ``{}``. With ``sections``, keys the config lacks are left out.
    """
    root = None if memory_root is None else os.fspath(memory_root)
    if root is not None and os.path.lexists(os.path.join(root, PROJECT_CONFIG_NAME)):
        config = load_config(root)
    else:
        config = load_defaults()
    if not isinstance(config, dict):
        return {}
    if sections is None:
        return config
    return {name: config[name] for name in sections if name in config}
