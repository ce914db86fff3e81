"""Where the tests find the repository, the entry scripts and the dev eval set.

Import from here, not from ``conftest``: with ``tests/e2e/conftest.py`` beside
``tests/conftest.py``, the module name ``conftest`` is ambiguous.
"""

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "hooks" / "scripts"
EVAL_DEV = REPO.parent / "shared" / "eval" / "dev"
