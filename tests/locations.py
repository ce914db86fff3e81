"""Where the tests find the repository, the entry scripts and the dev eval set.

Import from here, not from ``conftest``: with ``tests/e2e/conftest.py`` beside
``tests/conftest.py``, the module name ``conftest`` is ambiguous.
"""

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "hooks" / "scripts"
#: ``../shared`` beside a clone; ``../../shared`` beside a worktree under ``wt/``.
SHARED = next((p for p in (REPO.parent / "shared", REPO.parent.parent / "shared") if p.is_dir()), REPO.parent / "shared")
EVAL_DEV = SHARED / "eval" / "dev"
EVAL_DEV2 = SHARED / "eval" / "dev2"
