"""The second half of recognising a store by its layout (loaded only for a folder that already
holds an ``index.md``, a staging place or the index's freshness stamp, see
:func:`claude_memory.guard.paths.looks_like_store`).

Category folders beside the marker make it a store: with a staging place, a stamp (the index is
derived and a fresh clone lacks it), three categories, or an index in the plugin's line format.
A docs folder with ``index.md`` and ``decisions/`` is not one.
"""

from __future__ import annotations

import os

from claude_memory.core.categories import FOLDERS
from claude_memory.core.layout import INDEX_NAME, STAGING_DIRNAME

__all__ = ["has_store_layout"]


def has_store_layout(folder: str) -> bool:
    try:
        categories = sum(1 for name in FOLDERS.values() if os.path.isdir(os.path.join(folder, name)))
        if not categories:
            return False
        index = os.path.join(folder, INDEX_NAME)
        if categories >= 3 or not os.path.isfile(index) or os.path.isdir(os.path.join(folder, STAGING_DIRNAME)):
            return True
        with open(index, "rb") as handle:
            head = handle.read(2048)
        return not head.strip() or (b"- [" in head and b".json" in head)
    except (OSError, ValueError):
        return False
