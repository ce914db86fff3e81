"""How Claude Code starts each entry script, read from ``hooks/hooks.json``.

Tests, benchmarks and the demo run a hook exactly as shipped: with the interpreter flags its
``hooks.json`` command gives it (``python3 -S``: the hooks use the standard library only and skip
``site``). A script no hook names (the writer, the index CLI) runs as Claude runs it from Bash:
plain ``python3``.
"""

import json
import os
import shlex
import sys
from functools import lru_cache

__all__ = ["HOOKS_JSON", "hook_flags", "script_argv"]

PLUGIN_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOOKS_JSON = os.path.join(PLUGIN_ROOT, "hooks", "hooks.json")


@lru_cache(maxsize=None)
def hook_flags(hooks_json: str = HOOKS_JSON) -> dict[str, tuple[str, ...]]:
    """script file name -> the interpreter flags its hook command passes (``()`` for none)."""
    with open(hooks_json, encoding="utf-8") as fh:
        data = json.load(fh)
    out: dict[str, tuple[str, ...]] = {}
    for groups in data["hooks"].values():
        for group in groups:
            for hook in group["hooks"]:
                words = shlex.split(hook["command"])
                out[os.path.basename(words[-1])] = tuple(words[1:-1])
    return out


def script_argv(name: str, *args: str, python: str = sys.executable, plugin_root: str = PLUGIN_ROOT) -> list[str]:
    """The argv that runs ``hooks/scripts/<name>`` under ``plugin_root`` as Claude Code would."""
    flags = hook_flags(os.path.join(plugin_root, "hooks", "hooks.json")).get(name, ())
    return [python, *flags, os.path.join(plugin_root, "hooks", "scripts", name), *args]
