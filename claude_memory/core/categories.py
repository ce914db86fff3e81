"""The six memory categories and the folders they live in (no imports: every hook may use it).

One vocabulary: ``FOLDERS`` maps a category to its folder, ``CATEGORY_BY_FOLDER`` a folder to its
category, ``FOLDER_NAMES`` lists the folders in category order."""

from __future__ import annotations

__all__ = ["CATEGORIES", "FOLDERS", "FOLDER_NAMES", "CATEGORY_BY_FOLDER", "folder_of", "category_of_folder"]

#: category name -> folder name under ``.claude/memory/``
FOLDERS: dict[str, str] = {
    "session_summary": "sessions",
    "decision": "decisions",
    "runbook": "runbooks",
    "constraint": "constraints",
    "tech_debt": "tech-debt",
    "preference": "preferences",
}

CATEGORIES: tuple[str, ...] = tuple(FOLDERS)
CATEGORY_BY_FOLDER: dict[str, str] = {v: k for k, v in FOLDERS.items()}
FOLDER_NAMES: tuple[str, ...] = tuple(FOLDERS.values())


def folder_of(category: str) -> str:
    return FOLDERS[category]


def category_of_folder(folder: str) -> str | None:
    return CATEGORY_BY_FOLDER.get(folder)
