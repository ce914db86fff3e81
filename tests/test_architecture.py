"""The layers of the package and which may import which (docs/ARCHITECTURE.md draws them)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "claude_memory"

#: layer -> the layers it may import (itself always). Lazy imports inside functions count too.
ALLOWED = {
    "core": set(),
    "store": {"core"},
    "recall": {"core"},
    "triage": {"core"},
    "guard": {"core"},
    "hooks": {"core", "recall", "triage", "guard", "store"},
    "cli": {"core", "store", "recall", "triage", "guard"},
    "devtools": {"core", "store", "recall", "triage", "guard", "hooks", "cli"},
}


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module, node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno


def test_every_module_lives_in_a_layer():
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name != "__init__.py")
    assert loose == []
    assert {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()} == set(ALLOWED)


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_a_layer_imports_only_the_layers_below_it(layer):
    bad = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for module, line in _imports(path):
            parts = module.split(".")
            if parts[0] != "claude_memory" or len(parts) < 2:
                continue
            if parts[1] != layer and parts[1] not in ALLOWED[layer]:
                bad.append(f"{path.relative_to(PACKAGE)}:{line} imports {module}")
    assert bad == []
