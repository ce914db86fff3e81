"""The scripted Anthropic Messages API server the end-to-end tests drive Claude Code with.

The implementation lives in :mod:`claude_memory.devtools.model_server` so the demo can use it
too (nothing outside tests/ may import from tests/). This module is the tests' name for it.
"""

from claude_memory.devtools.model_server import *  # noqa: F401,F403
from claude_memory.devtools.model_server import __all__  # noqa: F401
