"""Shared launcher for the thin entry scripts in this folder.

Each script is two lines: ``from _launch import run`` and ``run("module")``.
This puts the plugin root on ``sys.path`` (so the scripts work from any working
directory), optionally makes the write path's dependencies importable, and
hands ``sys.argv[1:]`` to the module's ``main(argv) -> int``.

Every hook starts here, so this file imports only what the interpreter has already
loaded (``importlib`` would add ``importlib`` and ``warnings`` to each hook's start-up).
"""

import os
import sys

PLUGIN_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(module: str, *, needs_deps: bool = False) -> None:
    if PLUGIN_ROOT not in sys.path:
        sys.path.insert(0, PLUGIN_ROOT)
    if needs_deps:
        from claude_memory.core.deps import require_deps

        code = require_deps(os.path.basename(sys.argv[0]) or module)
        if code:
            raise SystemExit(code)
    __import__(module)
    main = sys.modules[module].main
    raise SystemExit(main(sys.argv[1:]))
