"""The store's integrity record and its repair: what the writer left, and undoing what went around it.

Write path (runs under the store lock; imports the writer's modules).

Recording (called by :mod:`claude_memory.store.records` for every file the writer touches):

- before a memory file is replaced, the text about to be written is kept as a *last good
  copy* in ``<root>/.staging/copies/<md5>`` (content-addressed, private, never committed);
- each file written (memory or index.md) is noted with its stat and hash, and the manifest
  written once when the lock is released;
- a removal is written to the manifest first (the file may then be absent or as it was), so
  a writer killed before the unlink never sees the file restored;
- copies no longer named by the manifest are the last good copies of what the writer replaced
  or deleted: the newest :data:`KEEP_OLD_COPIES` are kept, older ones pruned.

Neither the copies nor the manifest are fsynced (each would cost a write ~10 ms here). A
killed writer (SIGKILL) loses nothing: the kernel keeps what it wrote. After a power cut the
check could take the writer's last write for a change made around it; it then puts the
previous version back and keeps the newer bytes in ``.staging/set-aside``: reported, not lost.

A store without a manifest gets one on the writer's first transaction (every file as found).

Repair (:func:`repair`, from the PostToolUse hook once a cheap stat comparison found a
difference), per file, under the lock:

- same hash as recorded (a ``touch``), or content the writer wrote at this path (a copy of it
  exists and its id is the file's name: a writer killed between its write and the manifest's)
  -> recorded again, nothing said;
- a memory changed outside the writer -> the changed file is moved to
  ``.staging/set-aside/`` and the last good copy put back;
- a memory deleted outside the writer -> restored from its last good copy;
- a new memory file -> quarantined (``<file>.invalid.<UTC>``) when invalid; when valid it is
  kept and passed through the writer's own finishing (invisible characters, secrets,
  canonical form) and recorded;
- any other new file in a category folder -> moved to ``.staging/set-aside/``;
- index.md changed or deleted, or any memory repaired -> index.md rebuilt.

A change git made (the file now exactly as git's index has it, or gone from git's index
after having been committed: a checkout, merge, pull, reset, stash or ``git rm``) is the
project's history, not a bypass: it is recorded and the index rebuilt, nothing said. Staging
copies the work tree into git's index, never the other way, so after a tool call that staged
(``git add``, ``git commit -a``, ``git stash``..., named by the hook: ``staged``) the index
proves nothing about that call's changes: one is git's only when a commit the call could not
have made holds it too (HEAD unless the call committed, the MERGE_HEAD, CHERRY_PICK_HEAD or
REVERT_HEAD of a merge in progress, a merge commit's other parent; after a call that also
fetched, ``git commit -am x && git pull --rebase``, what a remote brought: the tips of the
remote-tracking refs and FETCH_HEAD, unless the call may also have pushed or fetched from the
repository itself). All of this is :class:`_Git`'s one rule.

Only a valid memory becomes the store's own: a file git holds that is not one is reported
(what is wrong, and how to fix it) and left in place, noted as seen but never as a good copy,
so deleting it afterwards is accepted; :func:`_restore` writes back only a copy that validates.

Every other case is reported, with what to do instead. Nothing is lost: every
byte moved out of the way is kept under ``.staging``.
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from claude_memory.core import manifest as mf
from claude_memory.core.layout import STAGING_DIRNAME

__all__ = ["COPIES", "SET_ASIDE", "KEEP_OLD_COPIES", "save_copy", "drop_copy", "note_written", "note_removed", "flush",
           "entries", "Report", "repair", "copy_path"]

COPIES = "copies"
SET_ASIDE = "set-aside"
KEEP_OLD_COPIES = 100

# root -> the manifest being changed by the transaction in progress (written by flush)
_pending: dict[str, dict] = {}


def _key(root: str | os.PathLike) -> str:
    return os.path.abspath(os.fspath(root))


def _staging(root: str | os.PathLike) -> Path:
    from claude_memory.core import paths

    return paths.staging_dir(root)


def _sig(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _rel(root: str | os.PathLike, path: str | os.PathLike) -> str | None:
    rel = os.path.relpath(os.path.abspath(os.fspath(path)), _key(root)).replace(os.sep, "/")
    if rel == mf.INDEX:
        return rel
    parts = rel.split("/")
    if len(parts) == 2 and parts[0] in mf.FOLDERS and not mf.is_set_aside(parts[1]):
        return rel
    return None


def copy_path(root: str | os.PathLike, digest: str) -> Path:
    return Path(root) / STAGING_DIRNAME / COPIES / digest


def save_copy(root: str | os.PathLike, data: bytes, digest: str | None = None) -> tuple[str, bool]:
    """Keep ``data`` as a last good copy (before the writer puts it in place).

    Returns (its md5, whether the copy is new: :func:`drop_copy` it if the write then fails)."""
    digest = digest or hashlib.md5(data).hexdigest()
    folder = Path(root) / STAGING_DIRNAME / COPIES
    target = folder / digest
    if target.exists():
        return digest, False
    if not folder.is_dir():
        _staging(root)
        folder.mkdir(mode=0o700, exist_ok=True)
    try:
        with open(target, "xb") as fh:  # a torn copy fails its hash check in _read_copy
            fh.write(data)
    except FileExistsError:
        return digest, False
    return digest, True


def drop_copy(root: str | os.PathLike, digest: str) -> None:
    """Remove a copy made for a write that then failed (the store is left exactly as it was)."""
    try:
        os.unlink(copy_path(root, digest))
    except OSError:
        pass


def _read_copy(root: str | os.PathLike, digest: str) -> bytes | None:
    try:
        data = copy_path(root, digest).read_bytes()
    except OSError:
        return None
    return data if hashlib.md5(data).hexdigest() == digest else None


def entries(root: str | os.PathLike) -> dict:
    """The manifest of the transaction in progress (read, or made from the store as found)."""
    key = _key(root)
    if key not in _pending:
        found = mf.read_manifest(key)
        _pending[key] = found if found is not None else _baseline(key)
        _pending[key]["\0dirty"] = found is None
    return _pending[key]


def _baseline(root: str) -> dict:
    """A first manifest: every file as found, except a memory file that is not a valid memory (one written
    around the writer just before this first transaction must not become the writer's own): left out, it
    is what the next check finds added, and quarantines or sets aside."""
    out: dict = {}
    for rel, sig in mf.scan(root).items():
        if rel != mf.INDEX and not _valid_memory(Path(root), rel):
            continue
        try:
            data = Path(root, rel).read_bytes()
        except OSError:
            continue
        digest = hashlib.md5(data).hexdigest()
        if rel != mf.INDEX:
            save_copy(root, data, digest)
        out[rel] = (sig, digest)
    return out


def _allowed(entry) -> set[str]:
    """The contents a manifest entry accepts as the writer's ("" = the file may be absent)."""
    return set(entry[1].split(","))


def note_written(root: str | os.PathLike, path: str | os.PathLike, digest: str) -> None:
    """``path`` now holds what the writer wrote (md5 ``digest``)."""
    rel = _rel(root, path)
    if rel is None:
        return
    current = entries(root)
    current[rel] = (_sig(os.lstat(path)), digest)
    current["\0dirty"] = True


def note_removed(root: str | os.PathLike, path: str | os.PathLike) -> None:
    """The writer is about to remove ``path``: marked "absent or as it was" and written first
    (a writer killed before the unlink must not see its file restored); :func:`note_gone` after."""
    rel = _rel(root, path)
    current = entries(root)
    if rel is None or rel not in current:
        return
    current[rel] = ((0, 0, 0, 0), f",{current[rel][1]}")
    _write(root, current)


def note_gone(root: str | os.PathLike, path: str | os.PathLike) -> None:
    rel = _rel(root, path)
    current = entries(root)
    if rel is not None and current.pop(rel, None) is not None:
        current["\0dirty"] = True


def _write(root: str | os.PathLike, current: dict) -> None:
    """Replace the manifest (atomically; not fsynced: see the module's note on power cuts)."""
    from claude_memory.core.atomic import atomic_write_text

    body = {k: v for k, v in current.items() if k != "\0dirty"}
    target = mf.manifest_path(_key(root))
    if not os.path.isdir(os.path.dirname(target)):
        _staging(root)
    atomic_write_text(target, mf.render(body), durable=False)
    current["\0dirty"] = False


def flush(root: str | os.PathLike) -> None:
    """Write the manifest of the transaction that is ending (the lock is still held)."""
    current = _pending.pop(_key(root), None)
    if current is None:
        return
    try:
        if current.get("\0dirty"):
            _write(root, current)
            _prune(root, {d for k, v in current.items() if k != "\0dirty" for d in v[1].split(",")})
    except OSError as exc:  # a stale manifest is safe: content the writer wrote has a copy and is recognised
        import sys

        print(f"claude-memory: warning: could not record the store's manifest ({exc.strerror or exc}); "
              "the next check recognises this write by its copy", file=sys.stderr)


def _prune(root: str | os.PathLike, live: set[str]) -> None:
    folder = Path(root) / STAGING_DIRNAME / COPIES
    try:
        old = [(e.stat().st_mtime_ns, e.path) for e in os.scandir(folder)
               if e.name not in live and not e.name.startswith(".")]
    except OSError:
        return
    old.sort(reverse=True)
    for _, path in old[KEEP_OLD_COPIES:]:
        try:
            os.unlink(path)
        except OSError:
            pass


# --------------------------------------------------------------------------- repair


@dataclass
class Report:
    """What :func:`repair` did: one line per file for Claude, and whether anything was undone."""

    lines: list[str] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)
    index_rebuilt: bool = False

    def __bool__(self) -> bool:
        return bool(self.lines)


def _stamp() -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


def _set_aside(root: Path, rel: str) -> Path:
    target = root / STAGING_DIRNAME / SET_ASIDE / f"{rel}.{_stamp()}"
    n = 1
    while os.path.lexists(target):
        n += 1
        target = root / STAGING_DIRNAME / SET_ASIDE / f"{rel}.{_stamp()}-{n}"
    _staging(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    os.replace(root / rel, target)
    return target


def _put_back(root: Path, rel: str, known) -> bool:
    """Put back the writer's newest good copy of ``rel`` (its record ``known``); False when none was kept."""
    return any(_restore(root, rel, d) for d in known[1].split(",") if d)  # the newest first


def _restore(root: Path, rel: str, digest: str) -> bool:
    """Write the copy ``digest`` back at ``rel``; False (nothing written) when it is missing, torn or not a
    valid memory at that path (a copy kept before invalid content was refused as one)."""
    from claude_memory.store import records as store_io

    data = _read_copy(root, digest)
    try:
        text = data.decode("utf-8") if data is not None else None
    except UnicodeDecodeError:
        text = None
    if text is None or not _valid_text(text, rel):
        return False
    store_io.write_record(root / rel, text)
    return True


def _valid_text(text: str, rel: str) -> bool:
    """``text`` is a valid memory for the file ``rel`` (its folder's category, its name's id)."""
    from claude_memory.core import jsonio
    from claude_memory.core.categories import category_of_folder
    from claude_memory.core.errors import MemoryStoreError
    from claude_memory.store import validation

    folder, _, name = rel.partition("/")
    category = category_of_folder(folder)
    try:
        doc = jsonio.parse(text, source=rel, max_bytes=validation.MAX_FILE_BYTES)
        canonical = validation.validate_record(validation.lenient_reading(doc, category)[0], category=category)
    except (MemoryStoreError, ValueError):
        return False
    return f"{canonical.get('id')}.json" == name


def _memory_shaped(path: Path) -> bool:
    """A regular file named ``<slug>.json`` (what a memory file must be before its content is read)."""
    from claude_memory.core.slug import is_valid_slug

    return path.name.endswith(".json") and is_valid_slug(path.name[:-5]) and path.is_file() and not path.is_symlink()


def _valid_memory(root: Path, rel: str) -> bool:
    from claude_memory.core.categories import category_of_folder

    path = root / rel
    return _memory_shaped(path) and not _problems(path, category_of_folder(rel.partition("/")[0]))


def _problems(path: Path, category: str) -> list[str]:
    from claude_memory.core.errors import MemoryStoreError
    from claude_memory.store.validation import load_record

    try:
        load_record(path, category=category, expected_id=path.stem)
    except MemoryStoreError as exc:
        return [f"{p.field}: expected {p.expected}; got {p.got}. Fix: {p.fix}" for p in exc.problems] or [exc.message]
    return []


def _adopt(root: Path, rel: str, category: str) -> None:
    """A valid memory written around the writer: finished as the writer would, and recorded."""
    from claude_memory.store import records as store_io

    doc = store_io.load_existing(root / rel, category)
    _, text, _ = store_io.finalise_record(doc, category)
    store_io.write_record(root / rel, text)


def _file_md5(path: Path) -> str | None:
    try:
        return hashlib.md5(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _writers_own(root: Path, rel: str, digest: str) -> bool:
    """Content the writer wrote at this path (a copy of it exists and it is a valid memory whose id is
    the file's name): a writer killed between putting the file in place and recording it in the manifest."""
    return rel != mf.INDEX and _read_copy(root, digest) is not None and _valid_memory(root, rel)


def _is_oid(text: str) -> bool:
    return len(text) in (40, 64) and all(c in "0123456789abcdef" for c in text)


class _Git:
    """Whether git made a change to the store's files: the one rule.

    A change that leaves a file exactly as git's index has it (a checkout, merge, pull, reset, stash,
    cherry-pick -n), or a file gone from git's index after having been committed (git rm, a checkout),
    is git's doing, not a bypass; unless the tool call that just ran ``staged`` (copied the work tree
    into git: then the index agrees with the call's own changes). After such a call only a commit
    the call could not have made counts: HEAD (unless the call ``committed``: a commit of what it
    staged), the MERGE_HEAD, CHERRY_PICK_HEAD or REVERT_HEAD of an operation in progress, or the
    branch a merge commit took in (HEAD^2): a conflict settled with ``git checkout --theirs``,
    ``git add`` and ``git commit`` in one call.

    When the call also ``fetched`` (``git commit -am x && git pull --rebase``: the teammate's changes
    the pull brought are in a commit the call did not make) the commits a remote brought count too:
    the tip of every remote-tracking ref (``refs/remotes/*``) and FETCH_HEAD hold a version, and a
    file is the remote's removal when a remote-tracking ref lacks it but held it before it last moved
    (its reflog's ``@{1}``). When the call may also have ``pushed`` (``git push``, a fetch from the
    repository itself, a command not followed) those refs may hold the call's own commit: then only
    where they were before its push counts (each ref's reflog without its last ``update by push``
    entries), and only when it did not fetch after it pushed (``refetched``): ``git pull --rebase &&
    git push`` keeps what the pull brought, ``git push && git fetch`` vouches for nothing remote.

    Every version these commits hold at the files that differ is read at once, by one
    ``git cat-file --batch-check`` (a line per commit and file; no walk of history)."""

    _OTHERS = ("MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "HEAD^2")

    def __init__(self, root: Path, rels: list[str] | tuple[str, ...] = (), *, staged: bool = False,
                 committed: bool = False, fetched: bool = False, pushed: bool = False,
                 refetched: bool = True) -> None:
        self.root = root
        self.rels = [rel for rel in rels if "\n" not in rel]  # a line each in cat-file's input
        self.staged = staged
        self.committed = committed
        self.remote = fetched and not (pushed and refetched)
        self.pushed = pushed  # then the remote-tracking refs count as they were before the push
        self._blobs: dict[str, str] | None | bool = False
        self._held: dict[str, dict[str, str | None]] | None = None
        self._commits: list[str] = []  # the commits that count (that exist)
        self._tips: list[str] = []  # the remote-tracking refs, when they count
        self.conflicted: set[str] = set()

    def _run(self, *args: str, stdin: bytes | None = None) -> bytes | None:
        from claude_memory.core import git

        return git.run(self.root, *args, stdin=stdin)

    def blobs(self) -> dict[str, str] | None:
        """rel path -> blob id in git's index (None: not a git work tree)."""
        if self._blobs is False:
            from claude_memory.store.gitmerge import parse_index

            out = self._run("ls-files", "-s", "-z", "--", ".")
            blobs = None
            if out is not None:
                blobs, unmerged = parse_index(out)
                self.conflicted = set(unmerged)  # stages 1-3: a merge left these files in conflict
            self._blobs = blobs
        return self._blobs  # type: ignore[return-value]

    def in_conflict(self, rel: str) -> bool:
        """git left ``rel`` in conflict (markers in the file): ``memory_index.py --resolve`` settles it."""
        self.blobs()
        return rel in self.conflicted

    def _versions(self) -> dict[str, dict[str, str | None]]:
        """rel -> {commit: the blob id at rel in it, None: not there} for the files that differ, in the
        commits that count after a call that staged (see the class): one ``cat-file`` for all."""
        if self._held is None:
            names = [*(() if self.committed else ("HEAD",)), *self._OTHERS]
            before: dict[str, str] = {}
            if self.remote:
                out = self._run("for-each-ref", "--format=%(refname)", "refs/remotes")
                refs = [ref for ref in (out or b"").decode("utf-8", "replace").splitlines() if ref]
                self._tips, before = self._remote_tips(refs)
                names.append("FETCH_HEAD")
            revs = [*names, *self._tips, *before.values()]
            queries = [f"{name}^{{commit}}" for name in names] + [f"{rev}:./{rel}" for rel in self.rels for rev in revs]
            out = self._run("cat-file", "--batch-check=%(objectname)",
                            stdin="".join(f"{q}\n" for q in queries).encode())
            answers = [line if _is_oid(line) else None for line in (out or b"").decode("utf-8", "replace").splitlines()]
            if len(answers) != len(queries):  # git did not answer: nothing counts
                answers = [None] * len(queries)
            found = dict(zip(queries, answers))
            self._commits = [name for name in names if found[f"{name}^{{commit}}"]]
            self._held = {rel: {rev: found[f"{rev}:./{rel}"] for rev in revs} for rel in self.rels}
            for rel in self.rels:  # what each remote-tracking tip held before it last moved, as "<tip>@{1}"
                self._held[rel].update({f"{tip}@{{1}}": self._held[rel][old] for tip, old in before.items()})
        return self._held

    def _remote_tips(self, refs: list[str]) -> tuple[list[str], dict[str, str]]:
        """The remote-tracking tips that count and, for those that have one, the commit each pointed to
        before it moved there (``{tip: commit}``), from the last lines of each ref's reflog (``<old> <new>
        ... <tab><message>``): a tip is the ref itself, or, after a call that pushed, the ``<new>`` of its
        last entry that is not ``update by push`` (a ref without a reflog then does not count). Read here,
        not by ``cat-file`` (which dies on an ``@{1}`` a reflog does not have), with one ``rev-parse`` for
        where the reflogs are."""
        tips = [] if self.pushed else list(refs)
        out = self._run("rev-parse", "--git-path", "logs/refs/remotes") if refs else None
        if not out:
            return tips, {}
        logs = os.path.join(self.root, out.decode("utf-8", "surrogateescape").strip())
        found = {}
        for ref in refs:
            try:
                with open(os.path.join(logs, ref[len("refs/remotes/"):]), "rb") as fh:
                    start = max(0, fh.seek(0, os.SEEK_END) - 16384)
                    fh.seek(start)
                    lines = fh.read().splitlines()[1 if start else 0:]  # not a line cut in two
            except OSError:
                continue
            if self.pushed:
                while lines and lines[-1].partition(b"\t")[2] == b"update by push":
                    lines.pop()
            fields = lines[-1].split(b" ", 2) if lines else []
            if len(fields) < 3 or not all(_is_oid(f.decode("ascii", "replace")) for f in fields[:2]):
                continue
            old, new = (f.decode("ascii") for f in fields[:2])
            tip = new if self.pushed else ref
            if self.pushed and new.strip("0"):
                tips.append(tip)
            if old.strip("0"):  # 0000...: the ref was created by that move
                found[tip] = old
        return tips, found

    def holds(self, rel: str, data: bytes) -> bool:
        """``data`` at ``rel`` is git's version (see the class)."""
        blobs = self.blobs()
        blob = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
        if not blobs or blobs.get(rel) != blob:
            return False
        if not self.staged:
            return True
        held = self._versions().get(rel, {})
        return any(held.get(rev) == blob for rev in (*self._commits, *self._tips))

    def removed(self, rel: str) -> bool:
        """Gone from git's index too, and once committed: git took it away (checkout, git rm, merge)."""
        blobs = self.blobs()
        if blobs is None or rel in blobs:
            return False
        if self.staged:
            held = self._versions().get(rel)
            if held is None or not (any(held[c] is None and self._touched(c, rel) for c in self._commits
                                        if c != "FETCH_HEAD") or any(
                    held[tip] is None and held.get(f"{tip}@{{1}}") for tip in self._tips)):
                return False
        return self._touched("HEAD", rel)

    def _touched(self, rev: str, rel: str) -> bool:
        """A commit of ``rev``'s history touched ``rel``: lacking it, ``rev``'s side removed it (a side of a merge
        that never had the file did not)."""
        return bool(self._run("log", "-1", "--format=%H", rev, "--", rel))


def _listed(problems: list[str], limit: int = 12) -> str:
    shown = problems[:limit] + ([f"... and {len(problems) - limit} more"] if len(problems) > limit else [])
    return "\n".join(f"- {p}" for p in shown)


def _invalid_in_git(rel: str, category: str, problems: list[str]) -> str:
    return (f"{rel} is as git has it (staged, committed or checked out) but is not a valid {category} memory, so "
            "it was left as it is and not taken as the store's own (deleting it is fine). "
            "Problems:\n" + _listed(problems) + "\n"
            f"Fix: memory_index.py --validate lists what is wrong; correct the file and git add it, take a valid "
            f"version back from git (git checkout <commit> -- {rel}), or git rm it. If it holds conflict markers, "
            f"git checkout -m -- {rel} re-creates the conflict and memory_index.py --resolve {rel} settles it.")


def repair(root: str | os.PathLike, *, lock_timeout: float | None = None, staged: bool = False,
           committed: bool = False, fetched: bool = False, pushed: bool = False, refetched: bool = True) -> Report:
    """Compare the store with the manifest (hashing only what differs) and undo what went around the writer.

    ``staged``: the tool call that just ran may have copied the work tree into git (``git add``,
    ``git commit -a``, ``git stash``...); ``committed``: it may have made a commit; ``fetched``: it may
    have fetched from a remote (``git pull``, ``git fetch``); ``pushed``: it may have put its own commits
    where fetched ones land (``git push``, a fetch from the repository itself); ``refetched``: it may have
    fetched after it pushed (the default: an order not known). They decide which of git's commits count
    as git's doing (:class:`_Git`)."""
    from claude_memory.store import maintenance
    from claude_memory.core.categories import category_of_folder
    from claude_memory.core.manifest import quarantine_name
    from claude_memory.store.lock import store_lock

    root = Path(root)
    report = Report()
    rebuild = False
    with store_lock(root, timeout=lock_timeout):
        recorded = entries(root)
        diff = mf.compare({k: v for k, v in recorded.items() if k != "\0dirty"}, mf.scan(str(root)))
        git = _Git(root, [*diff.changed, *diff.added, *diff.deleted], staged=staged, committed=committed,
                   fetched=fetched, pushed=pushed, refetched=refetched)
        for rel in diff.changed + diff.added:
            path = root / rel
            digest = _file_md5(path)
            known = recorded.get(rel)
            if digest is None:
                continue
            if (known and digest in _allowed(known)) or _writers_own(root, rel, digest):
                recorded[rel] = (_sig(os.lstat(path)), digest)  # the writer's own content
                recorded["\0dirty"] = True
                continue
            if rel == mf.INDEX:
                rebuild = True
                report.lines.append("index.md was changed outside the plugin; it was rebuilt from the memory files.")
                continue
            if git.in_conflict(rel):
                continue  # git's merge in progress: left as git wrote it, for --resolve
            category = category_of_folder(rel.split("/", 1)[0])
            data = path.read_bytes()
            if git.holds(rel, data):
                problems = _problems(path, category) if _memory_shaped(path) else \
                    ["(file): expected a regular file named <slug>.json; got another kind of file or name"]
                if problems:  # seen (not reported again) and may go, but never a good copy to put back
                    kept = dict.fromkeys([digest, "", *(known[1].split(",") if known else [])])
                    recorded[rel] = (_sig(os.lstat(path)), ",".join(kept))
                    report.lines.append(_invalid_in_git(rel, category, problems))
                else:
                    save_copy(root, data, digest)  # git's version of a valid memory: recorded as the store's own
                    recorded[rel] = (_sig(os.lstat(path)), digest)
                recorded["\0dirty"] = True
                rebuild = True
                continue
            if known is not None:
                aside = _set_aside(root, rel)
                if _put_back(root, rel, known):
                    report.lines.append(f"{rel} was changed outside memory_write.py: the writer's last version was "
                                        f"put back and the changed file moved to {aside}.")
                else:
                    del recorded[rel]
                    recorded["\0dirty"] = True
                    report.lines.append(f"{rel} was changed outside memory_write.py and no good copy was kept; "
                                        f"the changed file was moved to {aside}.")
                report.repaired.append(rel)
                rebuild = True
                continue
            if not _memory_shaped(path):
                aside = _set_aside(root, rel)
                report.lines.append(f"{rel} is not a memory file and was put in the store outside the plugin; "
                                    f"it was moved to {aside}.")
                report.repaired.append(rel)
                continue
            problems = _problems(path, category)
            if problems:
                moved = quarantine_name(str(path))
                os.replace(path, moved)
                report.lines.append(f"{rel} was written outside memory_write.py and is not a valid {category} "
                                    f"memory; it was moved to {moved}. Problems:\n" + _listed(problems))
            else:
                _adopt(root, rel, category)
                report.lines.append(f"{rel} was written outside memory_write.py; it is a valid memory, so it was "
                                    "kept, passed through the writer's checks (secrets, invisible characters) and "
                                    "indexed.")
            report.repaired.append(rel)
            rebuild = True
        for rel in diff.deleted:
            known = recorded.pop(rel)
            recorded["\0dirty"] = True
            if "" in _allowed(known):
                continue  # a removal (or a first write) the writer had begun
            rebuild = True
            if rel == mf.INDEX:
                report.lines.append("index.md was deleted outside the plugin; it was rebuilt.")
                continue
            if git.removed(rel):
                continue
            if _put_back(root, rel, known):
                report.lines.append(f"{rel} was deleted outside memory_write.py; it was restored from the "
                                    "writer's last good copy.")
            else:
                report.lines.append(f"{rel} was deleted outside memory_write.py and no good copy was kept.")
            report.repaired.append(rel)
    if rebuild:
        maintenance.rebuild(root, lock_timeout=lock_timeout)
        report.index_rebuilt = True
    return report
