"""memory_index: maintainers' tool for a memory store.

    memory_index.py --rebuild | --validate | --health | --gc | --list-archived | --query WORDS | --log [N]
                    [--root PATH] [--json]

Human-readable output by default; ``--json`` prints one JSON object instead.
``--validate`` exits 1 when it finds problems.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Sequence

from claude_memory.core import config
from claude_memory.core import paths
from claude_memory.cli.edge import run_cli
from claude_memory.core.errors import MemoryStoreError
from claude_memory.cli import ArgParser

__all__ = ["PROG", "build_parser", "main"]

PROG = "memory_index"


def build_parser() -> ArgParser:
    p = ArgParser(prog="memory_index.py", description="Rebuild, validate and inspect a memory store.")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--rebuild", action="store_true", help="recreate index.md from the memory files")
    mode.add_argument("--validate", action="store_true", help="check every file and the index; exit 1 on problems")
    mode.add_argument("--health", action="store_true", help="counts, most-updated, recent retirements, drift")
    mode.add_argument("--gc", action="store_true", help="purge retired memories past the grace period")
    mode.add_argument("--list-archived", action="store_true", help="list archived memories")
    mode.add_argument("--query", metavar="WORDS", help="find memories by words")
    mode.add_argument("--log", metavar="N", nargs="?", type=int, const=20,
                      help="the latest N entries of the operations log (default 20)")
    p.add_argument("--root", help="the memory root (default: the project's .claude/memory)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _line(*parts: object) -> None:
    print(*parts)


def _human_rebuild(r: dict) -> None:
    _line(f"index.md: {r['entries']} entries ({'rewritten' if r['written'] else 'unchanged'})")
    for p in r["added_lines"]:
        _line(f"  + {p}")
    for p in r["dropped_lines"]:
        _line(f"  - {p}")
    for p in r["removed_temp_files"]:
        _line(f"  removed temp file {p}")
    for rn in r["resolved_renames"]:
        _line(f"  half-finished rename: removed {rn['removed']}, kept {rn['kept']}")
    for bad in r["invalid_files"]:
        _line(f"  skipped invalid file {bad['path']}")


def _human_health(h: dict) -> None:
    _line(f"{h['total']} memories")
    for cat, counts in h["counts"].items():
        _line(f"  {cat:16} " + "  ".join(f"{k} {v}" for k, v in counts.items()))
    if h["most_updated"]:
        _line("most updated:")
        for m in h["most_updated"]:
            _line(f"  {m['times_updated']:>3}x {m['category']}/{m['id']}")
    if h["recent_retirements"]:
        _line("recent retirements:")
        for m in h["recent_retirements"]:
            _line(f"  {m['retired_at']} {m['category']}/{m['id']}: {m['retired_reason']}")
    for p in h["invalid_files"]:
        _line(f"invalid file: {p}")
    _line("index: " + ("in sync" if not h["index_drift"] else f"{len(h['index_drift'])} drift(s)"))
    for d in h["index_drift"]:
        _line(f"  {d}")
    for problem in h["config_problems"]:
        _line(f"memory-config.json: {problem}")


def _human_log(r: dict) -> None:
    if not r["log"]:
        _line("the operations log is empty")
    for e in r["log"]:
        what = e.get("hook") or e.get("event") or "?"
        detail = e.get("action") or e.get("decision") or ""
        cats = ",".join(e.get("categories") or ([e["category"]] if e.get("category") else []))
        _line(f"{e.get('t', '?')}  {str(e.get('session', '-'))[:12]:12}  {what:20} {detail:8} "
              f"{cats:24} {e.get('ms', '')}ms" + (f"  {e['error']}" if e.get("error") else ""))


def _run(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    from claude_memory import store

    root = Path(args.root) if args.root else paths.default_memory_root()
    code = 0
    if args.log is not None:
        from claude_memory.core import oplog

        result = {"log": oplog.tail(root, args.log)}
        human = _human_log
    elif args.rebuild:
        result: object = store.rebuild(root)
        human = _human_rebuild
    elif args.validate:
        problems = store.validate(root)
        result, code = {"ok": not problems, "problems": problems}, (1 if problems else 0)

        def human(r: dict) -> None:
            _line("store is valid" if r["ok"] else f"{len(r['problems'])} problem(s):")
            for pr in r["problems"]:
                _line(f"  {pr['path']}: {pr['problem']}")
    elif args.health:
        result, human = store.health_report(root), _human_health
    elif args.gc:
        result = store.gc(root, config.load_config(root))

        def human(r: dict) -> None:
            _line(f"gc (grace {r['grace_period_days']} days): purged {len(r['purged'])}, archived {len(r['archived'])}")
            for p in r["purged"] + r["archived"]:
                _line(f"  {p}")
    elif args.list_archived:
        result = {"archived": store.list_archived(root)}

        def human(r: dict) -> None:
            _line(f"{len(r['archived'])} archived")
            for m in r["archived"]:
                _line(f"  {m['category']}/{m['id']}  {m['title']}  ({m['archived_at']}: {m['archived_reason']})")
    else:
        result = {"query": args.query, "hits": store.query(root, args.query)}

        def human(r: dict) -> None:
            _line(f"{len(r['hits'])} match(es)")
            for m in r["hits"]:
                _line(f"  [{m['score']}] {m['category']}/{m['id']} ({m['status']})  {m['title']}")
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        human(result)  # type: ignore[arg-type]
    if code and not args.json:
        print(f"{PROG}: store has problems", file=sys.stderr)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    return run_cli(PROG, _run, argv)
