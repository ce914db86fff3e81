"""SessionStart: open the session with where the project stands, and prepare the machine.

``decide(payload)`` answers with one short block (:mod:`claude_memory.recall.brief`) built
from the context table (:mod:`claude_memory.recall.context_table`): the latest session
summary's open items, blockers and next actions, high-severity constraints, strong
preferences and one line of counts, and, when ``source`` is ``compact``, the memories
injected earlier in this session (compaction dropped them from the context). Nothing for a
missing or empty store, or with ``session_start.enabled`` false.

A table older than the store or the git history is rebuilt here for a small store (so the
first session of a store is right), else in the background while the old one answers. The
hook also starts one detached process (:func:`prepare`, at most one at a time) that compiles
the plugin's modules to bytecode, so later hooks start fast where
``PYTHONDONTWRITEBYTECODE=1`` stops Python from writing it, installs the write path's
dependencies into ``${CLAUDE_PLUGIN_DATA}`` when they are missing, and forgets per-session
records older than a week. Standard library only.
"""

from __future__ import annotations

import os
import time

from claude_memory.core.config import hook_config
from claude_memory.hooks.edge import run_hook
from claude_memory.core.roots import find_memory_root_and_project

__all__ = ["decide", "main", "start_settings", "prepare", "spawn_prepare", "PLUGIN_ROOT", "PREPARE_LOCK"]

PLUGIN_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PREPARE_LOCK = "prepare.lock"
#: Written by :func:`prepare` once done: the plugin root it prepared.
PREPARED_MARK = "prepared"
#: The table is rebuilt in the background at session start when older than this (seconds): a file's
#: modification time can change what is stale without any signature the hooks check noticing.
REFRESH_AFTER = 600
#: Stores up to this many memory files get their table rebuilt within the hook when it is out of date.
INLINE_MAX = 200


def start_settings(config: dict) -> tuple[bool, int]:
    """(enabled, max_chars) of the checked config's ``session_start`` section."""
    from claude_memory.core.config import section

    found = section(config, "session_start")
    return found["enabled"], found["max_chars"]


def prepare(plugin_root: str = PLUGIN_ROOT) -> None:
    """Compile the plugin's modules and make the write path's dependencies importable.

    Bytecode goes where the interpreter will look for it: ``__pycache__`` beside each source
    (or under ``sys.pycache_prefix`` when ``PYTHONPYCACHEPREFIX`` is set, which compileall
    honours). ``PYTHONDONTWRITEBYTECODE=1`` only stops Python from *writing* bytecode on import;
    it still reads bytecode that exists, so later hooks load the compiled files.
    """
    import compileall

    try:
        compileall.compile_dir(os.path.join(plugin_root, "claude_memory"), quiet=1, workers=1)
        compileall.compile_dir(os.path.join(plugin_root, "hooks", "scripts"), quiet=1, maxlevels=0)
    except Exception:  # noqa: BLE001 - a read-only plugin folder: hooks still run, only slower
        pass
    try:
        from claude_memory.core.deps import ensure_deps

        ensure_deps(install=True)
    except Exception:  # noqa: BLE001 - the first save says what to run
        return
    data = os.environ.get("CLAUDE_PLUGIN_DATA")
    if data:
        try:
            with open(os.path.join(data, PREPARED_MARK), "w", encoding="utf-8") as fh:
                fh.write(plugin_root)
        except OSError:
            pass


def _prepared(data: str) -> bool:
    """True when :func:`prepare` finished for this plugin root and this module's bytecode exists."""
    import sys

    here = os.path.dirname(os.path.abspath(__file__))
    pyc = os.path.join(here, "__pycache__", f"session_start.{sys.implementation.cache_tag}.pyc")
    try:
        with open(os.path.join(data, PREPARED_MARK), encoding="utf-8") as fh:
            return fh.read() == PLUGIN_ROOT and os.path.exists(pyc)
    except (OSError, UnicodeDecodeError):
        return False


def spawn_prepare() -> bool:
    """Start :func:`prepare` in the background (one at a time, locked in ``${CLAUDE_PLUGIN_DATA}``)."""
    data = os.environ.get("CLAUDE_PLUGIN_DATA")
    if not data or _prepared(data):
        return False
    try:
        os.makedirs(data, exist_ok=True)
    except OSError:
        return False
    from claude_memory.recall.private import spawn

    return spawn(os.path.join(data, PREPARE_LOCK), prepare, PLUGIN_ROOT)


def _prune_and_refresh(root: str) -> None:
    from claude_memory.recall import context_table, usage

    usage.prune_seen(root)
    context_table.build_table(root)


def _table(root: str):
    """The context table, current when the store is small; (table, built here or just now)."""
    from claude_memory.recall import context_table

    table = context_table.open_table(root)
    if table is not None and context_table.is_current(table, root):
        return table, False
    from claude_memory.recall.corpus import count_files

    if count_files(root, INLINE_MAX) <= INLINE_MAX:
        if table is not None:
            table.close()
        context_table.build_table(root)
        return context_table.open_table(root), True
    return table, False


def decide(payload: dict) -> dict | None:
    spawn_prepare()
    cwd = payload.get("cwd")
    root, project = find_memory_root_and_project(cwd if isinstance(cwd, str) and cwd and "\0" not in cwd else None)
    if not os.path.isdir(root):
        return None
    try:
        config = hook_config(root, ("session_start", "usage"))
    except (OSError, ValueError):
        config = {}
    enabled, max_chars = start_settings(config)
    from claude_memory.recall import context_table, usage
    from claude_memory.recall.private import spawn_in_staging

    _heal_if_stale(root, spawn_in_staging)
    table, built = _table(root)
    # Background: forget old per-session records and rebuild a table the hook could not, or one
    # older than REFRESH_AFTER (a file's modification time may have changed what is stale).
    if not built and (table is None or not context_table.is_current(table, root)
                      or not isinstance(table.header.get("built"), float)
                      or time.time() - table.header["built"] > REFRESH_AFTER):
        spawn_in_staging(root, context_table.LOCK_FILE, _prune_and_refresh)
    if table is None or not enabled:
        if table is not None:
            table.close()
        return None
    session_id = payload.get("session_id")
    try:
        data = table.start()
        recalled = []
        if payload.get("source") == "compact":
            for name in usage.seen_in_order(root, session_id):
                meta = table.get("m:" + name)
                if isinstance(meta, tuple) and len(meta) == 4:
                    recalled.append((meta[0], name, meta[1], meta[3]))
    except context_table.READ_ERRORS:
        return None
    finally:
        table.close()
    from claude_memory.recall.brief import render_brief
    from claude_memory.hooks.retrieve import memory_prefix

    block = render_brief(data, memory_prefix(root, project), max_chars=max_chars, recalled=recalled)
    if block is None:
        return None
    shown = [name for name in _names(data) + [r[1] for r in recalled] if f"/{name}.json" in block]
    log_enabled, max_bytes = usage.usage_settings(config)
    usage.record(root, session_id, "start", list(dict.fromkeys(shown)), max_bytes=max_bytes, log=log_enabled)
    from claude_memory.hooks.edge import context

    return context("SessionStart", block)


#: held by the background index heal (one at a time per store)
HEAL_LOCK = "index-heal.lock"


def _heal_if_stale(root: str, spawn_in_staging) -> None:
    """index.md is derived and git-ignored: when git changed the memory files since the writer last
    wrote it (a merge or checkout in the user's own terminal), rebuild it in the background."""
    from claude_memory.core.layout import staging_path
    from claude_memory.store.gitmerge import index_is_fresh

    try:
        fresh = index_is_fresh(root, staging_path(root))
    except Exception:  # noqa: BLE001 - an unreadable stamp: the next write heals it anyway
        return
    if not fresh:
        spawn_in_staging(root, HEAL_LOCK, _heal_index)


def _heal_index(root: str) -> None:
    """The background child: the write path's dependencies, then the store's own heal (locked)."""
    from claude_memory.core.deps import ensure_deps

    ensure_deps()
    from claude_memory import store

    store.heal(root)


def _names(data: dict) -> list[str]:
    names = [data["summary"]["name"]] if data.get("summary") else []
    return names + [item[0] for item in (data.get("constraints") or []) + (data.get("preferences") or [])]


def main(argv: list[str] | None = None) -> int:
    return run_hook("memory_session_start", decide)
