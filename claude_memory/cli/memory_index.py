"""memory_index: maintainers' tool for a memory store.

    memory_index.py --rebuild | --validate | --health | --gc | --list-archived | --query WORDS | --log [N]
                    | --list [--category C] [--tag T] [--status S] | --html PATH | --resolve PATH
                    | --export PATH [--category C] | --import PATH [--dry-run] [--category C]
                    | --promote ID | --demote ID
                    | --stale | --stats [--days N] [--root PATH] [--json]

Human-readable output by default; ``--json`` prints one JSON object instead.
``--validate`` exits 1 when it finds problems; files it only reads leniently (``null`` lists, a
missing ``record_status``...) are listed as ones the next write normalises, not as problems.
Exit 1 means done, with problems: ``--validate`` found some; ``--rebuild`` indexed every valid memory
but left out a file it cannot read; ``--export`` and ``--html`` wrote what is valid while git holds
store files in conflict; ``--import`` had a step fail. Each says on stderr which file and the fix
(``--validate``'s words). Usage errors exit 2.
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
from claude_memory.cli import ArgParser, positive_int

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
    mode.add_argument("--log", metavar="N", nargs="?", type=positive_int, const=20,
                      help="the latest N entries of the operations log (default 20)")
    mode.add_argument("--list", action="store_true", help="one line per memory: category, status, last update, "
                      "title (filters: --category, --tag, --status)")
    mode.add_argument("--html", metavar="PATH", help="write a self-contained, read-only page to browse and curate "
                      "the store")
    mode.add_argument("--resolve", metavar="PATH", help="settle a memory file git left in conflict (merge, rebase, "
                      "cherry-pick): keep your side, merge the other side's version in through the writer, git add it")
    mode.add_argument("--export", metavar="PATH", help="write the active memories (or --category's) into a "
                      "delimited section of CLAUDE.md, AGENTS.md or a .claude/rules/ file, regenerated in place")
    mode.add_argument("--import", dest="import_path", metavar="PATH", help="import Claude Code auto memory "
                      "(MEMORY.md), a Cline memory-bank/ or Markdown notes through the writer")
    mode.add_argument("--promote", metavar="ID", help="move a memory (a preference, usually) from the project "
                      "to the user-level store (~/.claude/memory or $CLAUDE_MEMORY_USER_ROOT)")
    mode.add_argument("--demote", metavar="ID", help="move a memory from the user-level store into the project")
    p.add_argument("--dry-run", action="store_true", help="--import: show what would be created or updated; "
                   "write nothing")
    p.add_argument("--category", help="--list, --export, --import: only this category (name or folder)")
    p.add_argument("--tag", help="--list: only memories with this tag")
    p.add_argument("--status", choices=("active", "retired", "archived"), help="--list: only this status")
    mode.add_argument("--stale", action="store_true",
                      help="memories that may be stale: a related file changed after them, or is gone")
    mode.add_argument("--stats", action="store_true", help="how often memories were recalled (most, least, never)")
    p.add_argument("--days", type=positive_int, help="with --stats: 'not recalled' means in this many days "
                                            "(default usage.not_recalled_days, 30)")
    p.add_argument("--root", help="the memory root (default: the project's .claude/memory)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _human_rebuild(r: dict) -> None:
    print(f"index.md: {r['entries']} entries ({'rewritten' if r['written'] else 'unchanged'})")
    for p in r["added_lines"]:
        print(f"  + {p}")
    for p in r["dropped_lines"]:
        print(f"  - {p}")
    for p in r["removed_temp_files"]:
        print(f"  removed temp file {p}")
    for rn in r["resolved_renames"]:
        print(f"  half-finished rename: removed {rn['removed']}, kept {rn['kept']}")
    _human_normalise(r.get("normalise") or [])


def _one_line(text: str) -> str:
    """A problem of several lines (an error and its per-field lines) as one line."""
    return "; ".join(line.strip().removeprefix("- ") for line in text.splitlines() if line.strip())


def _say_left_out(headline: str, items: list[dict]) -> bool:
    """On stderr: ``headline``, then each item's path, one-line problem and fix; True when it said anything."""
    if not items:
        return False
    print(f"{PROG}: {headline}", file=sys.stderr)
    for item in items:
        print(f"  {item['path']}: {_one_line(item['problem']).replace(item['path'], 'it')}", file=sys.stderr)
        print(f"    fix: {item['fix']}", file=sys.stderr)
    return True


def _human_normalise(items: list[dict]) -> None:
    if items:
        print(f"{len(items)} file(s) read leniently; the next write normalises them:")
    for item in items:
        print(f"  {item['path']}: {'; '.join(item['notes'])}")


def _human_conflicts(conflicts: list[dict], unlisted: bool = False) -> None:
    """The store's files git left in conflict (``git_conflicts``), each with its fix."""
    if conflicts:
        print(f"git left {len(conflicts)} file(s) of the store in conflict"
              + ("; they are not listed until settled:" if unlisted else ":"))
    for c in conflicts:
        print(f"  {c['path']}: {c['problem']}")
        print(f"    fix: {c['fix']}")


def _human_health(h: dict) -> None:
    print(f"{h['total']} memories")
    for cat, counts in h["counts"].items():
        print(f"  {cat:16} " + "  ".join(f"{k} {v}" for k, v in counts.items()))
    if h["most_updated"]:
        print("most updated:")
        for m in h["most_updated"]:
            print(f"  {m['times_updated']:>3}x {m['category']}/{m['id']}")
    if h["recent_retirements"]:
        print("recent retirements:")
        for m in h["recent_retirements"]:
            print(f"  {m['retired_at']} {m['category']}/{m['id']}: {m['retired_reason']}")
    conflicted = {c["path"] for c in h["git_conflicts"]}
    for p in h["invalid_files"]:
        if p not in conflicted:
            print(f"invalid file: {p}")
    _human_conflicts(h["git_conflicts"])
    print("index: " + ("in sync" if not h["index_drift"] else f"{len(h['index_drift'])} drift(s)"))
    for d in h["index_drift"]:
        print(f"  {d}")
    for problem in h["config_problems"]:
        print(f"memory-config.json: {problem}")
    if h.get("may_be_stale"):
        print(f"may be stale: {len(h['may_be_stale'])} (check them against the code; memory_index.py --stale)")
        for m in h["may_be_stale"][:10]:
            print(f"  {m['memory']}: {m['reason']}")


def _human_log(r: dict) -> None:
    if not r["log"]:
        print("the operations log is empty")
    for e in r["log"]:
        what = e.get("hook") or e.get("event") or "?"
        detail = e.get("action") or e.get("decision") or ""
        cats = ",".join(e.get("categories") or ([e["category"]] if e.get("category") else []))
        print(f"{e.get('t', '?')}  {str(e.get('session', '-'))[:12]:12}  {what:20} {detail:8} "
              f"{cats:24} {e.get('ms', '')}ms" + (f"  {e['error']}" if e.get("error") else ""))


def _outside_every_store(target: str | None, root: Path) -> None:
    """An --export or --html file is written outside every memory store: inside one it would be taken
    for a memory, an index or the settings (``memory-config.json`` overwritten would drop the user's
    opt-out)."""
    if not target:
        return
    from claude_memory.guard.paths import OUTSIDE, locate, store_root_of

    inside = store_root_of(target)
    if inside is None and locate(target, (str(root),))[0] != OUTSIDE:  # a --root not spelled .claude/memory
        inside = str(root)
    if inside is not None:
        raise MemoryStoreError("USAGE_ERROR", f"{target} is inside the memory store {inside}; write it outside "
                               "the store, for example CLAUDE.md or .claude/rules/memory.md")


def _curate(root: Path, args) -> tuple[dict, object]:
    """--list, --html and --export: heal the derived index first (git may have changed the files), then
    read every memory."""
    from claude_memory import store
    from claude_memory.guard.advice import script_command

    store.heal(root)
    invalid: list = []
    try:
        from claude_memory.recall.report import annotate  # recall counts and "may be stale"

        rows = store.filter_rows(store.rows(root, annotators=[annotate], invalid=invalid), category=args.category,
                                 tag=args.tag, status=args.status)
    except ValueError as exc:
        raise MemoryStoreError("USAGE_ERROR", str(exc)) from None
    _outside_every_store(args.export or args.html, root)
    conflicts = store.git_conflicts(root, invalid)
    if args.export:
        result = store.export_memories(Path(args.export), rows, category=store.resolve_category(args.category))
        result["git_conflicts"] = conflicts
        return result, lambda r: print(f"{r['path']}: {r['memories']} memories in the '{r['scope']}' section "
                                       f"({'rewritten' if r['written'] else 'unchanged'})")
    if args.html:
        from datetime import timedelta

        from claude_memory.core.atomic import atomic_write_text
        from claude_memory.core.timeutil import format_ts, now_utc
        from claude_memory.recall.report import usage_days

        now = now_utc()  # new memories: created within --stats' window, as --stats counts them
        new_since = format_ts(now - timedelta(days=usage_days(config.load_config(root), "not_recalled_days", 30)))
        page = store.render_page(rows, title=f"Project memory: {root.absolute().parent.parent.name}",
                                 generated_at=format_ts(now), script=script_command,
                                 commands_for=store.commands_for, new_since=new_since)
        out = Path(args.html)
        atomic_write_text(out, page)
        result = {"html": str(out), "memories": len(rows), "git_conflicts": conflicts}
        return result, lambda r: print(f"wrote {r['html']} ({r['memories']} memories)")
    public = [{k: v for k, v in r.items() if k != "record"} for r in rows]
    for item, row in zip(public, rows):
        item["commands"] = store.commands_for(row, script_command)

    def human(r: dict) -> None:
        print(f"{len(r['memories'])} memor{'y' if len(r['memories']) == 1 else 'ies'}")
        for row in rows:
            print("  " + store.human_line(row))
        _human_conflicts(r["git_conflicts"], unlisted=True)

    return {"memories": public, "git_conflicts": conflicts}, human


def _human_stale(r: dict) -> None:
    print(f"{len(r['stale'])} memor{'y' if len(r['stale']) == 1 else 'ies'} may be stale")
    for m in r["stale"]:
        print(f"  {m['memory']}  {m['title']}\n      {m['reason']}")


def _human_stats(r: dict) -> None:
    since = r["log_since"]
    print(f"{r['memories']} active memories; {r['injections']} injections recorded"
          + (f" since {_day(since)}" if since else "")
          + " (" + ", ".join(f"{via} {n}" for via, n in r["per_via"].items()) + ")")
    print("recalls per category: " + ", ".join(f"{c} {n}" for c, n in r["per_category"].items()))
    print("most recalled:")
    for m in r["most_recalled"] or [{"memory": "(none yet)", "count": 0}]:
        print(f"  {m['count']:>4}x {m['memory']}")
    print("least recalled:")
    for m in r["least_recalled"] or ([{"memory": "(none: every memory is new)", "count": 0}] if r["new"] else []):
        print(f"  {m['count']:>4}x {m['memory']}")
    print(f"not recalled in {r['not_recalled_days']} days: {len(r['not_recalled'])}")
    for name in r["not_recalled"][:20]:
        print(f"  {name}")
    if r["new"]:
        print(f"new (created in the last {r['not_recalled_days']} days, too recent to count as not recalled): "
              f"{len(r['new'])}")
        for name in r["new"][:20]:
            print(f"  {name}")


def _day(epoch: float) -> str:
    import time

    return time.strftime("%Y-%m-%d", time.gmtime(epoch))


def _run(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    from claude_memory import store

    root = Path(args.root) if args.root else paths.default_memory_root()
    store.require_store_root(root)
    code = 0
    said = False  # the problems behind a non-zero code were already named on stderr
    if args.log is not None:
        from claude_memory.core import oplog

        result = {"log": oplog.tail(root, args.log)}
        human = _human_log
    elif args.rebuild:
        result: object = store.rebuild(root)
        invalid = result["invalid_files"]  # type: ignore[index]
        for bad, advice in zip(invalid, store.unreadable(root, [(b["path"], b["error"]) for b in invalid])):
            bad.update(problem=advice["problem"], fix=advice["fix"])
        # Settle recall's cache now (base index, and the semantic table where the optional
        # extra imports), so the next prompt finds it ready.
        from claude_memory.recall.cache_build import build_base, build_semantic

        build_base(str(root))
        result["recall_semantic"] = build_semantic(str(root))  # type: ignore[index]
        human = _human_rebuild
        # never a silent drop: the rest is indexed, each file left out is named with its fix
        said = _say_left_out(f"index.md was rebuilt without {len(invalid)} file(s) that do not read as memories; "
                             "fix each, then run --rebuild again:", invalid)
        code = 1 if said else 0
    elif args.validate:
        report = store.validate_report(root)
        problems = report["problems"]
        result = {"ok": not problems, "problems": problems, "normalise": report["normalise"]}
        code = 1 if problems else 0

        def human(r: dict) -> None:
            print("store is valid" if r["ok"] else f"{len(r['problems'])} problem(s):")
            for pr in r["problems"]:
                print(f"  {pr['path']}: {pr['problem']}")
                if pr.get("fix"):
                    print(f"    fix: {pr['fix']}")
            _human_normalise(r["normalise"])
    elif args.health:
        from claude_memory.recall.report import stale_list

        health = store.health_report(root)
        result = {**health, "may_be_stale": stale_list(root),
                  "git_conflicts": store.git_conflicts(root, health["invalid_files"])}
        human = _human_health
    elif args.gc:
        from claude_memory.recall.report import retire_suggestions, usage_days

        cfg = config.load_config(root)
        unused_days = usage_days(cfg, "gc_unused_days", 90)
        result = {**store.gc(root, cfg), "unused_days": unused_days,
                  "suggest_retire": retire_suggestions(root, older_than_days=unused_days)}

        def human(r: dict) -> None:
            print(f"gc (grace {r['grace_period_days']} days): purged {len(r['purged'])}, archived {len(r['archived'])}")
            for p in r["purged"] + r["archived"]:
                print(f"  {p}")
            if r["suggest_retire"]:
                print(f"suggested (not done): retire {len(r['suggest_retire'])} memories older than "
                      f"{r['unused_days']} days that were never recalled:")
                for name in r["suggest_retire"]:
                    print(f"  {name}")
    elif args.stale:
        from claude_memory.recall.report import stale_list

        result, human = {"stale": stale_list(root)}, _human_stale
    elif args.stats:
        from claude_memory.recall.report import usage_days, usage_stats

        days = args.days or usage_days(config.load_config(root), "not_recalled_days", 30)
        result, human = usage_stats(root, days=days), _human_stats
    elif args.list_archived:
        result = {"archived": store.list_archived(root)}

        def human(r: dict) -> None:
            print(f"{len(r['archived'])} archived")
            for m in r["archived"]:
                print(f"  {m['category']}/{m['id']}  {m['title']}  ({m['archived_at']}: {m['archived_reason']})")
    elif args.import_path:
        from claude_memory.cli import importer
        from claude_memory.core.timeutil import format_ts, now_utc

        try:
            result = importer.run_import(root, Path(args.import_path), dry_run=args.dry_run,
                                         category=store.resolve_category(args.category), now=format_ts(now_utc()))
        except ValueError as exc:
            raise MemoryStoreError("INPUT_ERROR", str(exc)) from None
        code = 1 if any(s.get("ok") is False for s in result["steps"]) else 0

        def human(r: dict) -> None:
            print(f"{r['notes']} note(s) in {r['source']} ({r['format']})" + (" -- dry run, nothing written"
                                                                              if r["dry_run"] else ""))
            for s in r["steps"]:
                what = {"create": f"create {s['target']}", "update": f"update {s['target']} (matches "
                        f"{s.get('matches')!r})", "unchanged": f"unchanged: already in {s.get('target')}",
                        "skip": f"skip: {s.get('reason')}"}[s["action"]]
                status = "" if "ok" not in s else ("  ok" if s["ok"] else f"  FAILED: {s.get('error')}")
                print(f"  {s['category']:15} {s['note'][:60]!r}: {what}{status}")
            for line in r["skipped"]:
                print(f"  skipped {line}")
    elif args.promote or args.demote:
        from claude_memory.cli.transfer import move
        from claude_memory.recall.userstore import user_root

        user = Path(user_root())
        if args.promote:
            result = move(root, user, args.promote, reason="promoted to the user-level store")
        else:
            result = move(user, root, args.demote, reason="demoted into the project's store")

        def human(r: dict) -> None:
            print(f"moved {r['category']} {r['id']}: {r['from']} -> {r['to']} (retired at the source)")
    elif args.resolve:
        result = store.resolve_conflict(root, args.resolve)

        def human(r: dict) -> None:
            other = r["other_side"]
            if r["merged_other_side"]:
                how = f"merged {other} version into yours"
            elif r["kept"] == "yours":
                how = f"kept yours ({other} side deleted it)"
            else:
                how = f"kept {other} version (your side deleted it)"
            print(f"{r['path']}: {how}" + ("; git-added" if r["git_added"] else "; not git-added"))
            if r["operation"] == "rebase":
                print("  a rebase: yours is your own commit being replayed (git's --theirs), upstream's is what "
                      "you are rebasing onto (git's --ours)")
            if r["from_theirs"]:
                print(f"  from {other} version: " + ", ".join(r["from_theirs"]))
            if r["unioned"]:
                print("  lists both sides changed, items of both kept: " + ", ".join(r["unioned"]))
            both = "both branches" if r["operation"] in (None, "merge") else "both sides"
            for name in r["conflicts"]:
                print(f"  {both} changed {name}: kept yours ({other} value is logged in the memory's changes); "
                      "check it before you go on")
            print(f"next: {r['next_step']}")
    elif args.list or args.html or args.export:
        result, human = _curate(root, args)
        if args.html or args.export:  # --list names them in its own output
            flag = "--html" if args.html else "--export"
            said = _say_left_out(f"git left {len(result['git_conflicts'])} file(s) of the store in conflict, so "
                                 f"{args.html or args.export} may miss a memory or show one not settled yet; "
                                 f"settle each, then run {flag} again:", result["git_conflicts"])
            code = 1 if said else 0
    else:
        from claude_memory.recall import search

        # Recall's own search (active memories, same tokenizer, index and scoring as recall).
        hits = search(str(root), args.query)
        for hit in hits:
            hit["path"] = str(Path(root) / hit["path"])
        result = {"query": args.query, "hits": hits}

        def human(r: dict) -> None:
            print(f"{len(r['hits'])} match(es)")
            for m in r["hits"]:
                print(f"  [{m['score']}] {m['category']}/{m['id']} ({m['status']})  {m['title']}")
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        human(result)  # type: ignore[arg-type]
    if code and not said and not args.json:
        print(f"{PROG}: store has problems", file=sys.stderr)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    return run_cli(PROG, _run, argv)
