"""Configuration: plugin defaults deep-merged with a project's override.

Standard library only (recall, triage and the guards load it on every call).
An unreadable or invalid override falls back to the defaults with a warning.
"""

from __future__ import annotations

import copy
import json
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["DEFAULTS_PATH", "PROJECT_CONFIG_NAME", "load_config", "deep_merge", "load_defaults"]

DEFAULTS_PATH = Path(__file__).resolve().parent.parent / "memory-config.default.json"
PROJECT_CONFIG_NAME = "memory-config.json"

_defaults_cache: dict | None = None


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
    global _defaults_cache
    if _defaults_cache is None:
        with open(DEFAULTS_PATH, encoding="utf-8") as fh:
            _defaults_cache = json.load(fh)
    return copy.deepcopy(_defaults_cache)


def _warn(message: str) -> None:
    print(f"claude-memory: warning: {message}", file=sys.stderr)


def load_config(memory_root: str | os.PathLike | None) -> dict[str, Any]:
    """Defaults merged with ``<memory_root>/memory-config.json`` when it is a valid JSON object."""
    config = load_defaults()
    if memory_root is None:
        return config
    path = Path(memory_root) / PROJECT_CONFIG_NAME
    try:
        if path.is_symlink() or not path.is_file():
            return config
        if path.stat().st_size > 1_000_000:
            _warn(f"{path} is larger than 1 MB; using defaults")
            return config
        with open(path, encoding="utf-8") as fh:
            override = json.load(fh)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        _warn(f"cannot read {path} ({exc}); using defaults")
        return config
    if not isinstance(override, dict):
        _warn(f"{path} is not a JSON object; using defaults")
        return config
    return deep_merge(config, override)
