"""Disk helpers for the store's transactions: targets, hashes, records, the index.

Every function here that changes a file is called with the store lock held
(see :mod:`claude_memory.store.transaction`); none of them takes the lock itself.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from claude_memory.store import faults, gitmerge
from claude_memory.store import index_file
from claude_memory.core import paths, privacy
from claude_memory.core import redact
from claude_memory.core.atomic import atomic_write_text, fsync_dir
from claude_memory.core.categories import CATEGORIES, FOLDERS, category_of_folder
from claude_memory.core.errors import MemoryStoreError
from claude_memory.core.slug import is_valid_slug, slugify
from claude_memory.store import integrity
from claude_memory.core.layout import CONFIG_NAME, INDEX_NAME, LOCK_NAME, STAGING_DIRNAME

__all__ = [
    "Located",
    "ScannedFile",
    "md5_hex",
    "record_path",
    "locate_target",
    "project_of",
    "load_existing",
    "scan_records",
    "count_json_files",
    "indexed_ids",
    "redact_draft",
    "finalise_record",
    "write_record",
    "remove_file",
    "index_path",
    "read_index",
    "write_index",
    "update_index",
]


@dataclass(frozen=True)
class Located:
    path: Path
    category: str
    id: str


@dataclass
class ScannedFile:
    path: Path
    category: str
    doc: dict | None
    error: str | None = None
    #: what reading it leniently filled in (the next write stores the normalised form)
    notes: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.path.stem

    @property
    def status(self) -> str | None:
        return None if self.doc is None else self.doc.get("record_status", "active")


def md5_hex(data: bytes) -> str:
    return hashlib.md5(data).hexdigest()


def project_of(root: Path) -> Path:
    """The project folder of a memory root ``<project>/.claude/memory``."""
    return Path(root).absolute().parent.parent


def record_path(root: Path, category: str, id: str) -> Path:
    return Path(root) / FOLDERS[category] / f"{id}.json"


def locate_target(root: Path, target: str, category: str | None = None) -> Located:
    """Check ``--target``: inside the root, in a category folder, ``<id>.json``, no symlink."""
    real = paths.resolve_inside(target, root, what="--target")
    root_real = Path(root).resolve()
    rel = real.relative_to(root_real)
    given = Path(target)
    if len(rel.parts) != 2 or rel.suffix != ".json":
        raise MemoryStoreError("PATH_ERROR", f"--target {target!r} is not <memory root>/<folder>/<id>.json")
    if given.name != real.name or (len(given.parts) > 1 and given.parent.name != real.parent.name):
        raise MemoryStoreError("PATH_ERROR", f"--target {target!r} is a symlink to {real}; give the real file")
    folder_category = category_of_folder(rel.parts[0])
    if folder_category is None:
        raise MemoryStoreError("PATH_ERROR", f"--target {target!r} is not in a category folder "
                               f"({', '.join(FOLDERS.values())})")
    if category is not None and category != folder_category:
        raise MemoryStoreError("PATH_ERROR", f"--category {category} does not match the folder of --target "
                               f"({rel.parts[0]}/ holds {folder_category})")
    id = real.stem
    if not is_valid_slug(id):
        raise MemoryStoreError("PATH_ERROR", f"--target file name {real.name!r} is not a valid memory id")
    return Located(real, folder_category, id)


def _load(path: Path, category: str) -> dict:
    return _load_noted(path, category)[0]


def _load_noted(path: Path, category: str) -> tuple[dict, list[str]]:
    from claude_memory.store import validation

    return validation.load_record_noted(path, category=category, expected_id=path.stem)


def load_existing(path: Path, category: str) -> dict:
    """A stored record, or VALIDATION_ERROR saying the file on disk is broken."""
    try:
        doc = _load(path, category)
    except MemoryStoreError as exc:
        raise MemoryStoreError(exc.code, f"the stored file {path} is invalid ({exc.message}); fix it by hand "
                               "or run memory_index.py --validate", problems=exc.problems) from None
    except (OSError, ValueError) as exc:
        raise MemoryStoreError("VALIDATION_ERROR", f"cannot read the stored file {path}: {exc}") from None
    return doc


def scan_records(root: Path, categories: Iterable[str] = CATEGORIES) -> Iterator[ScannedFile]:
    """Every ``<folder>/<name>.json`` memory file (temp and hidden files skipped), loaded."""
    for category in categories:
        folder = Path(root) / FOLDERS[category]
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            if path.name.startswith(".") or path.suffix != ".json" or path.is_symlink() or not path.is_file():
                continue
            try:
                doc, notes = _load_noted(path, category)
                yield ScannedFile(path, category, doc, notes=notes)
            except MemoryStoreError as exc:  # the human lines of the error (not its JSON line)
                yield ScannedFile(path, category, None, "\n".join(exc.render().splitlines()[:-1]))
            except (OSError, ValueError) as exc:
                yield ScannedFile(path, category, None, f"{type(exc).__name__}: {exc}")


def count_json_files(root: Path, category: str) -> int:
    """How many names in the category folder could be memory files: an upper bound on what
    :func:`scan_records` yields for it, from one directory listing (nothing is opened)."""
    try:
        with os.scandir(Path(root) / FOLDERS[category]) as entries:
            return sum(1 for e in entries if not e.name.startswith(".") and e.name.endswith(".json"))
    except (FileNotFoundError, NotADirectoryError):
        return 0


def indexed_ids(root: Path, category: str) -> set[str] | None:
    """The ids index.md lists as active in ``category``, or None when there is no index.md.

    The index lists exactly the active memories (every transaction keeps it so under the
    lock), so this answers "which are active" without opening a single memory file."""
    try:
        text = index_path(root).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    folder = FOLDERS[category]
    marker = f"{_ARROW_PATH}{folder}/"
    ids = set()
    for line in text.splitlines():
        if marker in line:
            entry = index_file.parse_line(line)
            if entry is not None and entry.folder == folder:
                ids.add(entry.id)
    return ids


_ARROW_PATH = f" -> {index_file.INDEX_PATH_PREFIX}"


def redact_draft(doc: dict) -> tuple[dict, list[str]]:
    """``doc`` without ``<private>`` text and with every secret redacted (values and keys), and one
    warning per removal.

    Called first, before anything is derived from a draft (its id from the title, a new id on a
    rename, the file name, the index line), and again by :func:`finalise_record` right before a
    write (then it finds nothing new: redaction is idempotent)."""
    public, private_fields = privacy.strip_private_record(doc)
    redacted, findings = redact.redact_record(public)
    if isinstance(doc, dict) and isinstance(redacted.get("id"), str) and redacted["id"] != doc.get("id"):
        redacted["id"] = slugify(redacted["id"]) or "redacted"  # an id is a file name: a slug again
    warnings = [f"removed <private> text from {field}" for field in private_fields]
    return redacted, warnings + [f"redacted a {f.get('kind', 'secret')} in {f.get('field') or 'the record'}"
                                 for f in findings]


def finalise_record(doc: dict, category: str) -> tuple[dict, str, list[str]]:
    """Strip invisible characters, drop ``<private>`` text, redact secrets, validate, render:
    (canonical doc, file text, warnings)."""
    from claude_memory.core.invisible import strip_tree
    from claude_memory.store import validation

    doc, hidden = strip_tree(doc)
    redacted, warnings = redact_draft(doc)
    warnings = [f"removed {n} invisible character{'s' if n != 1 else ''} (tag, bidi or zero-width) from {where}"
                for where, n in hidden] + list(warnings)
    canonical = validation.validate_record(redacted, category=category)
    return canonical, validation.dump_record(canonical), warnings


def write_record(path: Path, text: str) -> str:
    """Atomically write one memory file; returns the MD5 of what was written."""
    root = path.parent.parent
    paths.staging_dir(root)  # the root's .gitignore (lock file, staging) comes with it
    path.parent.mkdir(parents=True, exist_ok=True)
    _refuse_symlink(path.parent, "category folder")
    data = text.encode("utf-8")
    digest, fresh = integrity.save_copy(root, data)  # the last good copy, kept before the file is replaced
    try:
        atomic_write_text(path, text, on_step=faults.point)
    except BaseException:
        if fresh:
            integrity.drop_copy(root, digest)
        raise
    integrity.note_written(root, path, digest)
    return digest


def _refuse_symlink(path: Path, what: str) -> None:
    """Never write through a symlink: it could lead out of the store."""
    if path.is_symlink():
        raise MemoryStoreError("PATH_ERROR", f"the {what} {path} is a symlink; the store writes only real "
                               "files and folders (replace the link with a real folder or file)")


def remove_file(path: Path) -> None:
    integrity.note_removed(path.parent.parent, path)
    try:
        os.unlink(path)
    except FileNotFoundError:
        integrity.note_gone(path.parent.parent, path)
        return
    fsync_dir(path.parent)
    integrity.note_gone(path.parent.parent, path)


def index_path(root: Path) -> Path:
    return Path(root) / paths.INDEX_NAME


def read_index(root: Path) -> str:
    try:
        return index_path(root).read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""


def write_index(root: Path, text: str) -> bool:
    """Replace index.md with ``text`` when it differs (an empty index is not created); True when
    written. Either way the
    freshness stamp records that index.md now matches the memory files (see :mod:`gitmerge`)."""
    staging = paths.staging_dir(root)  # with it the .gitignore, before index.md exists
    written = False
    exists = index_path(root).exists()
    if (read_index(root) != text or not exists) and (text or exists):  # no empty index.md where none was
        faults.point("before_index_write")
        atomic_write_text(index_path(root), text)
        integrity.note_written(root, index_path(root), md5_hex(text.encode("utf-8")))
        faults.point("after_index_write")
        written = True
    gitmerge.write_stamp(root, staging)
    return written


def update_index(root: Path, *, remove: Iterable[tuple[str, str]] = (),
                 add: Iterable[dict] = ()) -> bool:
    """Drop the lines of ``remove`` (folder, id) pairs, add lines for the ``add`` records."""
    gone = set(remove)
    entries = [e for e in index_file.parse_index(read_index(root)) if (e.folder, e.id) not in gone]
    entries += [index_file.entry_from_record(doc) for doc in add]
    return write_index(root, index_file.render_index(entries))


_STORE_MARKERS = (STAGING_DIRNAME, LOCK_NAME, CONFIG_NAME, *FOLDERS.values())


def require_store_root(root: str | os.PathLike) -> None:
    """Refuse a ``--root`` that is not a memory store: ``PATH_ERROR``, nothing touched.

    Accepted: a root that does not exist yet or is empty (a new store), a folder holding a
    store's own entries (a category folder, ``.staging``, the lock, the config), or one whose
    only sign is an index.md every line of which the plugin wrote. Refused: any other folder
    (``--root docs``), above all one whose index.md a rebuild would overwrite.
    """
    root_p = Path(root)
    try:
        names = set(os.listdir(root_p))
    except FileNotFoundError:
        return
    except NotADirectoryError:
        raise MemoryStoreError("PATH_ERROR", f"--root {root_p} is not a folder") from None
    except OSError as exc:
        raise MemoryStoreError("PATH_ERROR", f"cannot list --root {root_p}: {exc.strerror or exc}") from None
    if not names or names & set(_STORE_MARKERS):
        return  # new, or a store (its index.md is the plugin's to rebuild, even after a hand edit)
    if INDEX_NAME not in names:
        raise MemoryStoreError(
            "PATH_ERROR", f"--root {root_p} is not a memory store (none of index.md, "
            f"{', '.join(FOLDERS.values())} in it); give the store's folder (usually <project>/.claude/memory)")
    foreign = _foreign_index_line(root_p / INDEX_NAME)
    if foreign is not None:
        raise MemoryStoreError(
            "PATH_ERROR", f"{root_p / INDEX_NAME} was not written by claude-memory (line {foreign[0]}: "
            f"{foreign[1][:60]!r}) and {root_p} holds no memory store; refusing to overwrite it. "
            "Give the store's folder (usually <project>/.claude/memory).")


def _foreign_index_line(path: Path) -> tuple[int, str] | None:
    """(line number, text) of the first line of ``path`` that is not an index line, or None."""
    from claude_memory.store.index_file import parse_line

    try:
        if path.is_symlink() or not path.is_file():
            return (0, "(not a regular file)")
        with open(path, encoding="utf-8", errors="replace") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip() and parse_line(line) is None:
                    return (n, line.rstrip("\n"))
    except OSError as exc:
        return (0, f"(unreadable: {exc.strerror or exc})")
    return None
