"""The six memory categories and the folders they live in (``layout`` only: every hook may use it).

One vocabulary: ``FOLDERS`` maps a category to its folder, ``CATEGORY_BY_FOLDER`` a folder to its
category, ``FOLDER_NAMES`` lists the folders in category order. The names are part of the store's
layout and are defined in :mod:`claude_memory.core.layout`: the hooks' hot paths (the context
table, recall's cache), which need only the folder names, take them from there and load one
module fewer; the rest of the code asks here."""

from __future__ import annotations

__all__ = ["CATEGORIES", "FOLDERS", "FOLDER_NAMES", "CATEGORY_BY_FOLDER", "folder_of", "category_of_folder"]

from claude_memory.core.layout import CATEGORIES, CATEGORY_BY_FOLDER, FOLDER_NAMES, FOLDERS


def folder_of(category: str) -> str:
    return FOLDERS[category]


def category_of_folder(folder: str) -> str | None:
    return CATEGORY_BY_FOLDER.get(folder)
