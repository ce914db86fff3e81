"""memory_candidate.py: which existing memory (if any) a new draft should update.

Standard library only. Finds the category's best matches with recall's own search
(:func:`claude_memory.recall.search`), lets :func:`claude_memory.recall.candidate.choose` decide
whether the best is the subject of the new information, reads that memory (a broken file, a symlink
leading out of the root or a retired or archived memory is no candidate) and prints the structural
decision as one JSON object on stdout; a candidate carries ``hash``, the MD5 of its file as read,
for ``memory_write.py --hash``. :func:`find` is the one entry the batch writer and the importer use too.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from pathlib import Path
from typing import Sequence

from claude_memory.core import paths
from claude_memory.recall.candidate import LIFECYCLE_EVENTS, choose, decide
from claude_memory.recall.corpus import strings_of
from claude_memory.core.categories import CATEGORIES, folder_of
from claude_memory.cli.edge import run_cli
from claude_memory.core.errors import MemoryStoreError
from claude_memory.core.layout import MAX_MEMORY_BYTES
from claude_memory.cli import ArgParser
from claude_memory.core import jsonio

__all__ = ["PROG", "MAX_MEMORY_BYTES", "MAX_NEW_INFO_CHARS", "build_parser", "find", "load_active_memories", "main"]

PROG = "memory_candidate.py"
#: the new information is a summary; anything longer is cut
MAX_NEW_INFO_CHARS = 20_000


def build_parser() -> ArgParser:
    parser = ArgParser(
        prog=PROG,
        description="Pick at most one existing memory of a category that new information should update; "
                    "print the structural CUD decision as JSON.",
    )
    parser.add_argument("--category", required=True, choices=CATEGORIES, help="memory category of the draft")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--new-info", metavar="TEXT", help="one-line summary of the new information")
    source.add_argument("--new-info-file", metavar="FILE",
                        help="read the new information from FILE (a draft JSON's title, tags and content are used)")
    parser.add_argument("--lifecycle-event", choices=LIFECYCLE_EVENTS, default=None,
                        help="the new information says the subject was resolved, removed, reversed, "
                             "superseded or deprecated")
    parser.add_argument("--root", default=None, help="memory root (default: <project>/.claude/memory)")
    return parser


def _read_new_info_file(name: str) -> str:
    try:
        with open(name, encoding="utf-8", errors="replace") as fh:
            text = fh.read(MAX_NEW_INFO_CHARS * 4)
    except OSError as exc:
        raise MemoryStoreError("INPUT_ERROR", f"cannot read --new-info-file {name!r}: {exc.strerror or exc}")
    return _text_of_draft(text)


def _text_of_draft(text: str) -> str:
    """A draft JSON becomes its title, tags and content words; any other text is used as is."""
    try:
        doc = jsonio.parse(text, source="--new-info-file")
    except MemoryStoreError:
        return text
    if not isinstance(doc, dict):
        return text
    parts: list[str] = []
    for key in ("title", "tags", "content"):
        parts.extend(strings_of(doc.get(key)))
    return " ".join(parts) or text


def _load_one(path: Path, root_real: Path) -> tuple[dict, str] | None:
    """The memory at ``path`` and the MD5 of its bytes as read, or None when it must be skipped."""
    try:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            real = path.resolve(strict=True)
            if not paths.is_inside(real, root_real):
                return None
            st = os.stat(real)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_MEMORY_BYTES:
            return None
        with open(path, "rb") as fh:
            raw = fh.read(MAX_MEMORY_BYTES + 1)
        doc = jsonio.parse(raw, source=str(path), max_bytes=MAX_MEMORY_BYTES)
    except (OSError, MemoryStoreError):
        return None
    if not isinstance(doc, dict):
        return None
    if (doc.get("record_status") or "active") != "active":  # missing or null: active (lenient reading)
        return None
    return doc, hashlib.md5(raw).hexdigest()


def load_active_memories(root: str | os.PathLike, category: str) -> tuple[list[dict], list[str]]:
    """Active memories of ``category`` and their absolute paths (sorted by file name)."""
    root_p = Path(root)
    folder = root_p / folder_of(category)
    try:
        root_real = root_p.resolve()
        folder_real = folder.resolve()
    except (OSError, RuntimeError):
        return [], []
    if not folder.is_dir() or not paths.is_inside(folder_real, root_real):
        return [], []
    memories: list[dict] = []
    names: list[str] = []
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return [], []
    for path in entries:
        if path.suffix != ".json" or path.name.startswith("."):
            continue
        loaded = _load_one(path, root_real)
        if loaded is None or loaded[0].get("category", category) != category:
            continue
        memories.append(loaded[0])
        names.append(str(folder_real / path.name))
    return memories, names


def find(root: str | os.PathLike, category: str, new_info: str, lifecycle_event: str | None = None, *,
         index=None) -> dict:
    """The structural decision for new information of ``category``: its ``candidate`` (with
    ``path``, absolute, and ``hash``, the MD5 of the file as read) or None when it is genuinely new.
    ``index``: recall's index of the store, when the caller has loaded it (see :func:`recall.search`)."""
    from claude_memory.recall import search

    hits = search(str(root), new_info, limit=2, category=category, index=index, lexical=True)
    chosen = choose(hits, lifecycle_event)
    loaded = None
    if chosen is not None:
        try:
            root_real = Path(root).resolve()
            path = root_real / chosen["path"]
            loaded = _load_one(path, root_real)
        except (OSError, RuntimeError):
            loaded = None
    if loaded is None or loaded[0].get("category", category) != category:
        return decide(category, lifecycle_event, None)
    result = decide(category, lifecycle_event, loaded[0], str(path))
    result["candidate"]["hash"] = loaded[1]  # for memory_write.py --hash (no md5sum needed)
    return result


def _run(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    new_info = args.new_info if args.new_info is not None else _read_new_info_file(args.new_info_file)
    new_info = new_info[:MAX_NEW_INFO_CHARS]
    if not new_info.strip():
        raise MemoryStoreError("INPUT_ERROR", "the new information is empty; give --new-info TEXT")
    root = Path(args.root) if args.root else paths.default_memory_root()
    result = find(root, args.category, new_info, args.lifecycle_event)
    sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run_cli(PROG, _run, argv)
