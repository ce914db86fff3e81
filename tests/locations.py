"""Where the tests find the repository, the entry scripts and the data they read.

Import from here, not from ``conftest``: with ``tests/e2e/conftest.py`` beside
``tests/conftest.py``, the module name ``conftest`` is ambiguous.

Two sources of memory documents:

- ``tests/fixtures/memory``: a small sample store in this repository, one valid
  memory per category. Tests that need "a valid document of each category" use it,
  so they run in any clone.
- the dev evaluation set at ``../shared/eval/dev`` (beside the repository, not in
  it). Only tests about that data read it, and they skip with :data:`EVAL_MISSING`
  as the reason when it is absent (:data:`needs_eval`).
"""

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "hooks" / "scripts"
#: ``../shared`` beside a clone; ``../../shared`` beside a worktree under ``wt/``.
SHARED = next((p for p in (REPO.parent / "shared", REPO.parent.parent / "shared") if p.is_dir()), REPO.parent / "shared")
EVAL_DEV = SHARED / "eval" / "dev"
EVAL_DEV2 = SHARED / "eval" / "dev2"
EVAL_MEMORY = EVAL_DEV / "memory"
SAMPLE_MEMORY = Path(__file__).resolve().parent / "fixtures" / "memory"

EVAL_MISSING = f"needs the dev evaluation set at {EVAL_DEV} (absent: it lives beside the repository, not in it)"
#: Skip marker for tests that read the evaluation set.
needs_eval = pytest.mark.skipif(not EVAL_MEMORY.is_dir(), reason=EVAL_MISSING)


def load_script(path: Path, name: str | None = None):
    """Import the Python file ``path`` (a bench script, a set's generator) as the module ``name`` (default:
    the file's stem), registered in ``sys.modules`` as an import would be."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def write_path_imports(code: str) -> list[str]:
    """The write path's packages (pydantic, filelock, jsonschema) that ``code`` imports, run in a new
    interpreter from the repository ([] for code that stays in the standard library)."""
    import subprocess
    import sys

    probe = f"import json, sys\n{code}\nprint(json.dumps(sorted({{'pydantic', 'filelock', 'jsonschema'}} & set(sys.modules))))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _docs(folder: Path) -> dict[str, dict]:
    """``<folder>/<file>.json`` (relative path) -> parsed document, sorted by path."""
    return {str(p.relative_to(folder)): json.loads(p.read_text("utf-8")) for p in sorted(folder.glob("**/*.json"))}


def sample_files() -> list[Path]:
    return sorted(SAMPLE_MEMORY.glob("**/*.json"))


def sample_docs() -> dict[str, dict]:
    """The in-repo sample store: one valid memory per category, keyed by category."""
    return {doc["category"]: doc for doc in _docs(SAMPLE_MEMORY).values()}


def eval_files() -> list[Path]:
    """The dev evaluation set's memory files ([] when it is absent)."""
    return sorted(EVAL_MEMORY.glob("**/*.json")) if EVAL_MEMORY.is_dir() else []


def eval_docs() -> dict[str, dict]:
    """The dev evaluation set's memories by relative path ({} when it is absent)."""
    return _docs(EVAL_MEMORY) if EVAL_MEMORY.is_dir() else {}
