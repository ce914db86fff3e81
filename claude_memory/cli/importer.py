"""Import notes kept by other tools, through the writer (``memory_index.py --import PATH [--dry-run]``).

The format is recognised from what PATH holds:

- **Claude Code auto memory**: a folder with ``MEMORY.md`` (or that file): every topic file it
  links (``- [Title](topic.md) ...``), read with its front matter (``name``, ``description``,
  ``type``). ``type`` picks the category: feedback and user -> preference, project -> decision,
  reference -> runbook.
- **Cline memory bank**: a ``memory-bank/`` folder (or a folder holding it): each ``##`` section
  of its files is one note; the file picks the category (projectbrief/productContext ->
  constraint, systemPatterns/techContext -> decision, activeContext -> session_summary,
  progress -> tech_debt; any other file -> decision).
- **Plain Markdown**: a ``.md`` file or a folder of them: each heading's section is one note
  (category: ``--category``, else decision).

``--category`` forces one category for every note. Each note becomes a draft (tags
``imported`` and the format) that is matched against the category's active memories (same id,
else the candidate selector): a match is an *update* of that memory (unless it already says the same), no
match a *create*. Every write goes through :mod:`claude_memory.cli.memory_write` (validated,
redacted, ``<private>`` dropped, merged by the update rules). ``--dry-run`` reports the plan
and writes nothing.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from claude_memory.core.categories import CATEGORIES
from claude_memory.core.privacy import strip_private
from claude_memory.core.slug import fallback_id, slugify

__all__ = ["Note", "detect", "read_notes", "draft_for", "plan", "run_import"]

AUTO_TYPES = {"feedback": "preference", "user": "preference", "project": "decision", "reference": "runbook"}
CLINE_FILES = {"projectbrief": "constraint", "productcontext": "constraint", "systempatterns": "decision",
               "techcontext": "decision", "activecontext": "session_summary", "progress": "tech_debt"}
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+\.md)\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$")
_WHY = re.compile(r"^\**why:?\**:?\s*(.*)$", re.IGNORECASE)


@dataclass
class Note:
    title: str
    body: str
    category: str
    source: str
    kind: str
    description: str = ""
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:  # <private> text never enters a plan, a match or a draft
        self.title = strip_private(self.title).strip() or "(untitled)"
        self.body, self.description = strip_private(self.body), strip_private(self.description)

    def text(self) -> str:
        return f"{self.title}\n{self.description}\n{self.body}".strip()


def detect(path: Path) -> tuple[str, Path]:
    """(format, folder or file to read): ``auto-memory``, ``cline`` or ``markdown``."""
    p = Path(path)
    if p.is_file():
        if p.name == "MEMORY.md":
            return "auto-memory", p.parent
        if p.suffix.lower() in (".md", ".markdown"):
            return "markdown", p
        raise ValueError(f"{path} is not a Markdown file")
    if not p.is_dir():
        raise ValueError(f"{path} does not exist")
    if (p / "MEMORY.md").is_file():
        return "auto-memory", p
    if (p / "memory-bank").is_dir():
        return "cline", p / "memory-bank"
    names = {f.stem.lower() for f in p.glob("*.md")}
    if p.name == "memory-bank" or names & set(CLINE_FILES):
        return "cline", p
    if names:
        return "markdown", p
    raise ValueError(f"{path} holds no Markdown notes, MEMORY.md or memory-bank/")


def _front_matter(text: str) -> tuple[dict, str]:
    if not text.startswith("---"):
        return {}, text
    end = text.find("\n---", 3)
    if end < 0:
        return {}, text
    meta = {}
    for line in text[3:end].splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip():
            meta[key.strip().lower()] = value.strip().strip("\"'")
    return meta, text[end + 4:].lstrip("\n")


def _sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) of every heading with text under it (text before the first heading is
    skipped unless there is no heading at all: then ('', whole text))."""
    out: list[tuple[str, list[str]]] = []
    current: tuple[str, list[str]] | None = None
    for line in text.splitlines():
        m = _HEADING.match(line)
        if m:
            current = (m.group(2).strip(), [])
            out.append(current)
        elif current is not None:
            current[1].append(line)
    if not out:
        return [("", text.strip())] if text.strip() else []
    return [(h, "\n".join(b).strip()) for h, b in out if "\n".join(b).strip()]


def read_notes(path: Path, category: str | None = None) -> tuple[str, list[Note], list[str]]:
    """(format, notes, skipped lines) read from ``path``."""
    kind, where = detect(path)
    notes: list[Note] = []
    skipped: list[str] = []
    if kind == "auto-memory":
        index = (where / "MEMORY.md").read_text(encoding="utf-8")
        seen = set()
        for line in index.splitlines():
            m = _LINK.search(line)
            if not m:
                if _ITEM.match(line):
                    skipped.append(f"MEMORY.md: {line.strip()} (no topic file)")
                continue
            topic = (where / m.group(2)).resolve()
            if topic in seen or not topic.is_file() or where.resolve() not in topic.parents:
                skipped.append(f"MEMORY.md: {m.group(2)} (missing or outside the folder)")
                continue
            seen.add(topic)
            meta, body = _front_matter(topic.read_text(encoding="utf-8"))
            notes.append(Note(meta.get("name") or m.group(1), body.strip(),
                              category or AUTO_TYPES.get(meta.get("type", "").lower(), "decision"),
                              f"{where.name}/{topic.name}", kind, meta.get("description", "")))
    else:
        files = [where] if where.is_file() else sorted(where.glob("*.md"))
        for f in files:
            cat = category or (CLINE_FILES.get(f.stem.lower(), "decision") if kind == "cline" else "decision")
            for heading, body in _sections(f.read_text(encoding="utf-8")):
                title = heading or f.stem
                if kind == "cline" and heading:
                    title = f"{f.stem}: {heading}"
                notes.append(Note(title, body, cat, f.name, kind))
    return kind, notes, skipped


def _paragraph(body: str) -> str:
    for block in re.split(r"\n\s*\n", body):
        lines = [ln.strip() for ln in block.splitlines() if ln.strip() and not _WHY.match(ln.strip())]
        text = " ".join(_ITEM.sub(r"\1", ln) for ln in lines).strip()
        if text:
            return text
    return ""


def _items(body: str) -> list[str]:
    return [m.group(1).strip() for m in (_ITEM.match(ln) for ln in body.splitlines()) if m and m.group(1).strip()]


def _why(body: str) -> str:
    for ln in body.splitlines():
        m = _WHY.match(ln.strip())
        if m and m.group(1).strip():
            return m.group(1).strip().strip("*").strip()
    return ""


def _content(note: Note) -> dict:
    main = _paragraph(note.body) or note.description or note.title
    items = _items(note.body) or [main]
    why = _why(note.body) or note.description
    origin = f"imported from {note.source}"
    if note.category == "preference":
        return {"topic": note.title, "value": main, "reason": why, "strength": "default"}
    if note.category == "decision":
        return {"status": "accepted", "context": note.description or origin, "decision": main,
                "rationale": [why or origin]}
    if note.category == "runbook":
        return {"trigger": note.description or note.title, "steps": items}
    if note.category == "constraint":
        return {"kind": "policy", "rule": main, "severity": "medium", "impact": items if len(items) > 1 else []}
    if note.category == "tech_debt":
        return {"status": "open", "priority": "medium", "description": main,
                "suggested_fix": items if len(items) > 1 else []}
    return {"goal": note.title, "outcome": "partial", "completed": items}


def _legacy_id(title: str) -> str:
    """The id an earlier version gave a title :func:`slugify` spells nothing of (still recognised)."""
    return f"imported-{zlib.crc32(title.encode('utf-8')):08x}"


def draft_for(note: Note, now: str) -> dict:
    """The writer's draft for ``note`` (id from the title; a title slugify spells nothing of gets the
    store's one stable fallback id, ``<category>-<hash>``, as the writer's auto-fix would give it)."""
    id = slugify(note.title) or fallback_id(note.title, note.category)
    return {"schema_version": "1.0", "category": note.category, "id": id, "title": note.title[:120],
            "created_at": now, "updated_at": now, "tags": ["imported", note.kind], "related_files": [],
            "confidence": 0.7, "content": _content(note),
            "changes": [{"date": now, "summary": f"imported from {note.kind} note {note.source}"[:200]}]}


def _said(memory: dict, draft: dict) -> bool:
    """True when the memory already holds every text of the draft's content, as the writer would store
    it (redacted: a note holding a secret was saved without it, and is the same note again)."""
    from claude_memory.store.records import redact_draft

    draft, _removed = redact_draft(draft)
    have = json.dumps(memory.get("content") or {}, ensure_ascii=False).casefold()
    return all(str(v).casefold() in have for v in draft["content"].values() if isinstance(v, str) and len(v) > 3)


def plan(root: Path, notes: list[Note], now: str, *, dry_run: bool = False) -> list[dict]:
    """What importing ``notes`` would do: per note ``{"action": create|update|unchanged, ...}``.
    A dry run searches an index built in memory, so it leaves even recall's cache as it was."""
    from claude_memory.cli.memory_candidate import find, load_active_memories
    from claude_memory.recall.cache import load_index

    steps = []
    index = None
    pools: dict[str, tuple[list[dict], list[str]]] = {}
    planned: dict[tuple[str, str], dict] = {}
    for note in notes:
        draft = draft_for(note, now)
        memories, names = pools.setdefault(note.category, load_active_memories(root, note.category))
        ids = {draft["id"]} | ({_legacy_id(note.title)} if not slugify(note.title) else set())
        same_id = [i for i, m in enumerate(memories) if m.get("id") in ids]
        if same_id:  # the same title (slug) is the same memory
            draft["id"] = memories[same_id[0]]["id"]  # an earlier import's id stays the memory's
            found = {"path": names[same_id[0]], "title": memories[same_id[0]].get("title")}
        else:
            if index is None:
                index = load_index(str(root), use_cache=not dry_run)
            found = find(root, note.category, note.text(), index=index)["candidate"]
        step = {"note": note.title, "source": note.source, "category": note.category, "draft": draft}
        if (note.category, draft["id"]) in planned:
            step.update(action="skip", reason=f"same title as another imported note ({draft['id']})")
        elif found is not None:
            memory = memories[names.index(found["path"])] if found["path"] in names else None
            step.update(target=found["path"], matches=found["title"],
                        action="unchanged" if memory is not None and _said(memory, draft) else "update")
        else:
            step.update(action="create", target=f".claude/memory/{_folder(note.category)}/{draft['id']}.json")
        planned[(note.category, draft["id"])] = step
        steps.append(step)
    return steps


def _folder(category: str) -> str:
    from claude_memory.core.categories import FOLDERS

    return FOLDERS[category]


def run_import(root: Path, path: Path, *, dry_run: bool, category: str | None, now: str) -> dict:
    """Read, plan and (unless ``dry_run``) apply through the writer; the report."""
    from claude_memory.cli import memory_write
    from claude_memory.core.paths import staging_dir

    if category is not None and category not in CATEGORIES:
        raise ValueError(f"unknown category {category!r}")
    kind, notes, skipped = read_notes(path, category)
    steps = plan(root, notes, now, dry_run=dry_run)
    if not dry_run:
        folder = staging_dir(root) / "import"
        folder.mkdir(mode=0o700, exist_ok=True)
        for i, step in enumerate(steps):
            if step["action"] not in ("create", "update"):
                continue
            draft_file = folder / f"draft-{i}.json"
            draft = step["draft"]
            if step["action"] == "update":
                current = json.loads(Path(step["target"]).read_text(encoding="utf-8"))
                draft = {**current, "title": current["title"], "content": draft["content"],
                         "tags": sorted(set(current.get("tags") or []) | set(draft["tags"]))[:12],
                         "changes": [*(current.get("changes") or []), *draft["changes"]]}
            draft_file.write_text(json.dumps(draft, ensure_ascii=False), encoding="utf-8")
            argv = ["--root", str(root), "--action", step["action"], "--input", str(draft_file)]
            argv += ["--category", step["category"]] + (["--target", step["target"]] if step["action"] == "update" else [])
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = memory_write.main(argv, keep_timestamps=True)  # the import's own dates
            step["ok"] = code == 0
            if code == 0:
                step["path"] = json.loads(out.getvalue().strip().splitlines()[-1])["path"]
            else:
                step["error"] = err.getvalue().strip().splitlines()[0] if err.getvalue().strip() else f"exit {code}"
            draft_file.unlink(missing_ok=True)
    for step in steps:
        step.pop("draft", None)
    return {"format": kind, "source": str(path), "dry_run": dry_run, "notes": len(notes), "steps": steps,
            "skipped": skipped}
