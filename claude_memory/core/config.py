"""Configuration: plugin defaults deep-merged with a project's override, checked against them.

``memory-config.default.json`` is the one list of settings: every key, its default and (by the
default's JSON type) its type. An override's key that the defaults do not have is reported with
the nearest known name (a misspelling must not pass silently); a value of the wrong type, or a
number outside :data:`BOUNDS`, is reported and the default kept, but a switch (a setting whose
default is true or false) written as ``"off"``, ``0``, ``"no"`` and the like is read as meant, and
one nobody can read is off (:func:`.config_check._switch`). So every reader gets a config of
exactly the defaults' shape and types and needs no defensive parsing of its own.

Standard library only (recall, triage and the guards load it on every call), and
cheap to import: ``os`` only at start-up (no pathlib, typing, copy or json). A project's
override is read with the strict reader (:mod:`claude_memory.core.jsonio`) and checked by
:mod:`.config_check` (loaded only then); an unreadable or invalid one falls back to the defaults
with a warning.

Hooks call :func:`hook_config`: without a project override it only parses the
defaults file (read once per process), never touching the merge machinery.
"""

import os

from claude_memory.core.layout import CONFIG_NAME
from claude_memory.core.roots import PLUGIN_ROOT

__all__ = ["DEFAULTS_FILE", "PROJECT_CONFIG_NAME", "BOUNDS", "load_config", "deep_merge", "load_defaults",
           "hook_config", "check_override", "config_problems", "setting", "section"]

#: ``memory-config.default.json``, the one list of settings
DEFAULTS_FILE = os.path.join(PLUGIN_ROOT, "memory-config.default.json")
PROJECT_CONFIG_NAME = CONFIG_NAME

_defaults_text: str | None = None

#: What :mod:`.config_check` holds (checking and merging a project's override), served from there on
#: first use: a hook in a project without ``memory-config.json`` never loads it.
_CHECKING = frozenset({"BOUNDS", "load_config", "deep_merge", "check_override", "config_problems", "_read_override",
                       "_loads", "_kind", "_fits", "_bounds", "_warn"})


def __getattr__(name: str):
    if name in _CHECKING:
        from claude_memory.core import config_check

        return getattr(config_check, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_defaults() -> dict:
    """A fresh copy of the plugin defaults (the file is read once; each call parses it anew,
    which is cheaper than ``copy.deepcopy`` and leaves callers free to mutate the result).

    The plugin's own file is parsed with the C scanner alone (:func:`claude_memory.core.fastjson.loads`):
    the strict reader's checks (duplicate keys, depth, NaN) are for files people write, and
    loading them cost every prompt about 0.4 ms. ``tests/test_config.py`` holds the shipped
    defaults to the strict reader."""
    global _defaults_text
    if _defaults_text is None:
        with open(DEFAULTS_FILE, encoding="utf-8") as fh:
            _defaults_text = fh.read()
    from claude_memory.core.fastjson import loads

    return loads(_defaults_text)


def setting(config: dict, dotted: str):
    """``config["a"]["b"]`` for ``"a.b"`` (the config is already checked: no defensive reads)."""
    value = config
    for part in dotted.split("."):
        value = value[part]
    return value


def hook_config(memory_root: str | os.PathLike | None, sections: tuple[str, ...] | None = None) -> dict:
    """The config a hook needs: ``load_config(memory_root)``, cut to ``sections`` when given.

    The one fast accessor for hooks. Without ``<memory_root>/memory-config.json``
    (most projects) only the defaults are parsed. Errors are those of
    :func:`load_config` (an unreadable defaults file raises); a config that is not
    a JSON object gives ``{}``. With ``sections``, keys the config lacks are left out.
    """
    root = None if memory_root is None else os.fspath(memory_root)
    if root is not None and os.path.lexists(os.path.join(root, PROJECT_CONFIG_NAME)):
        from claude_memory.core.config_check import load_config

        config = load_config(root)
    else:
        config = load_defaults()
    if not isinstance(config, dict):
        return {}
    if sections is None:
        return config
    return {name: config[name] for name in sections if name in config}


def section(config: dict, name: str) -> dict:
    """A section of a checked config; the defaults' when the config could not be read (``{}``)."""
    found = config.get(name) if isinstance(config, dict) else None
    return found if isinstance(found, dict) else load_defaults()[name]
