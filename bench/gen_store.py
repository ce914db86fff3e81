"""Deterministic memory stores of any size, in the real schema, for the benchmarks.

    from gen_store import generate
    generate(root, n, seed=0) -> list of (category, id) written

``root`` is the memory root (``<project>/.claude/memory``). Writes ``n`` memories spread over
all six categories (schema 1.0, valid against ``claude_memory.store.models``), each to
``<root>/<folder>/<id>.json``, plus ``index.md`` listing them. The text is built from a
software-project vocabulary (services, tools, failure modes, files) so term statistics
look like a real store's: many shared words, some rare identifiers. Same ``n`` and
``seed`` -> byte-identical store.

    python bench/gen_store.py ROOT N [--seed S]
"""

from __future__ import annotations

import json
import os
import random
import sys

from claude_memory.core.categories import FOLDERS

__all__ = ["generate", "FOLDERS"]

# Real stores hold fewer sessions (rolling window) and more decisions/runbooks.
_MIX = (("decision", 22), ("runbook", 20), ("constraint", 16), ("tech_debt", 18), ("preference", 16),
        ("session_summary", 8))

_SERVICES = ("billing-api checkout-svc auth-gateway search-indexer notify-worker ledger-svc inventory-sync "
             "report-builder media-resizer order-router payments-webhook user-profile feature-flags "
             "audit-log geo-lookup pricing-engine catalog-api export-jobs session-store rate-limiter").split()
_TECH = ("postgres redis kafka rabbitmq elasticsearch s3 dynamodb grpc graphql terraform helm argocd "
         "kubernetes docker nginx envoy celery airflow dbt snowflake bigquery prometheus grafana sentry "
         "opentelemetry pytest jest playwright webpack vite eslint ruff mypy black poetry uv npm pnpm "
         "golangci-lint sqlc alembic django fastapi flask react nextjs tailwind storybook vault").split()
_PROBLEMS = ("timeouts connection-pool-exhaustion memory-leak deadlocks slow-queries cache-stampede "
             "flaky-tests oomkilled disk-full certificate-expiry rate-limiting schema-drift "
             "duplicate-events lost-messages cold-starts high-latency cpu-throttling dns-failures "
             "stale-reads migration-lock retry-storm").split()
_VERBS = ("migrate split cache batch shard index paginate throttle retry dedupe validate encrypt "
          "rotate backfill instrument refactor deprecate pin vendor compress stream").split()
_DIRS = ("src services internal pkg cmd lib app api web deploy infra scripts tests migrations config").split()
_EXTS = (".py", ".go", ".ts", ".tsx", ".sql", ".yaml", ".tf", ".json", ".md", ".sh")
_FILLER = ("because the previous approach caused incidents during peak traffic",
           "so that on-call engineers can diagnose failures without reading the code",
           "which keeps the deploy pipeline under ten minutes",
           "after two outages traced back to the same root cause",
           "to stay inside the monthly cloud budget agreed with finance",
           "since the vendor deprecated the old endpoint",
           "so local development matches production behaviour",
           "because reviewers kept flagging the same pattern in pull requests")


def _slug(words: list[str]) -> str:
    raw = "-".join(w.lower() for w in words)
    clean = "".join(c if c.isalnum() else "-" for c in raw)
    while "--" in clean:
        clean = clean.replace("--", "-")
    return clean.strip("-")[:70].strip("-")


def _stamp(rng: random.Random) -> str:
    year = rng.choice((2024, 2025, 2026))
    return f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00Z"


def _path(rng: random.Random, service: str) -> str:
    return f"{rng.choice(_DIRS)}/{service}/{rng.choice(_DIRS)}/{rng.choice(_VERBS)}_{rng.choice(_TECH).replace('-', '_')}{rng.choice(_EXTS)}"


def _sentence(rng: random.Random, service: str, tech: str) -> str:
    return (f"{rng.choice(_VERBS).capitalize()} the {tech} layer of {service} "
            f"({rng.choice(_PROBLEMS).replace('-', ' ')} seen {rng.randint(2, 40)} times) {rng.choice(_FILLER)}.")


def _content(category: str, rng: random.Random, service: str, tech: str, other: str) -> dict:
    s = lambda: _sentence(rng, service, tech)  # noqa: E731
    if category == "session_summary":
        return {"goal": s(), "outcome": rng.choice(("success", "partial", "blocked", "abandoned")),
                "completed": [s() for _ in range(rng.randint(1, 4))], "in_progress": [s()] if rng.random() < .5 else [],
                "blockers": [s()] if rng.random() < .3 else [], "next_actions": [s() for _ in range(rng.randint(0, 3))],
                "key_changes": [f"{_path(rng, service)}: {rng.choice(_VERBS)} {tech}"]}
    if category == "decision":
        return {"status": rng.choice(("accepted", "accepted", "accepted", "proposed", "superseded")),
                "context": s() + " " + s(), "decision": f"Use {tech} instead of {other} for {service}. " + s(),
                "alternatives": [{"option": other, "rejected_reason": s()}],
                "rationale": [s() for _ in range(rng.randint(1, 3))], "consequences": [s() for _ in range(rng.randint(0, 2))]}
    if category == "runbook":
        return {"trigger": f"{service} alerts on {rng.choice(_PROBLEMS).replace('-', ' ')} in {tech}",
                "symptoms": [s() for _ in range(rng.randint(1, 3))],
                "steps": [f"Run `kubectl -n {service} logs deploy/{service} | grep {tech}`", s(), s()],
                "verification": s(), "root_cause": s(), "environment": f"prod-{rng.choice(('eu', 'us'))}-1, {tech}"}
    if category == "constraint":
        return {"kind": rng.choice(("limitation", "gap", "policy", "technical")),
                "rule": f"{service} must not exceed {rng.randint(2, 500)} {rng.choice(('requests/s', 'connections', 'MB', 'jobs'))} against {tech}. " + s(),
                "impact": [s()], "workarounds": [s()] if rng.random() < .6 else [],
                "severity": rng.choice(("high", "medium", "low")), "active": True, "expires": "none"}
    if category == "tech_debt":
        return {"status": rng.choice(("open", "open", "in_progress", "wont_fix")),
                "priority": rng.choice(("critical", "high", "medium", "low")), "description": s() + " " + s(),
                "reason_deferred": s(), "impact": [s()], "suggested_fix": [s(), s()], "acceptance_criteria": [s()]}
    return {"topic": f"{tech} usage in {service}", "value": f"Prefer {tech} over {other}. " + s(), "reason": s(),
            "strength": rng.choice(("strong", "default", "soft")),
            "examples": {"prefer": [f"{tech} {rng.choice(_VERBS)}"], "avoid": [f"{other} {rng.choice(_VERBS)}"]}}


_TITLES = {
    "session_summary": "Session: {verb} {tech} in {service} ({problem})",
    "decision": "Use {tech} for {service} {verb} instead of {other}",
    "runbook": "{service} {problem} from {tech}: diagnose and fix",
    "constraint": "{service} limit on {tech} {problem}",
    "tech_debt": "{service} still has {problem} in its {tech} code",
    "preference": "Prefer {tech} over {other} when you {verb} in {service}",
}


def _memory(category: str, number: int, rng: random.Random) -> dict:
    service, tech, other = rng.choice(_SERVICES), rng.choice(_TECH), rng.choice(_TECH)
    problem, verb = rng.choice(_PROBLEMS), rng.choice(_VERBS)
    title = _TITLES[category].format(service=service, tech=tech, other=other, problem=problem.replace("-", " "), verb=verb)
    slug = f"{_slug(title.split()[:8])}-{number}"
    created = _stamp(rng)
    tags = list(dict.fromkeys([service, tech, problem, verb, rng.choice(_TECH)]))[: rng.randint(2, 5)]
    return {
        "schema_version": "1.0", "category": category, "id": slug, "title": title[:120],
        "created_at": created, "updated_at": created, "tags": tags,
        "related_files": [_path(rng, service) for _ in range(rng.randint(0, 3))],
        "confidence": round(rng.uniform(0.5, 0.95), 2), "record_status": "active", "changes": [],
        "times_updated": 0, "content": _content(category, rng, service, tech, other),
    }


def generate(root: str | os.PathLike, n: int, seed: int = 0) -> list[tuple[str, str]]:
    """Write ``n`` memories and ``index.md`` under ``root``; return [(category, id)]."""
    rng = random.Random(seed)
    root = os.fspath(root)
    for folder in FOLDERS.values():
        os.makedirs(os.path.join(root, folder), exist_ok=True)
    weights = [w for _c, w in _MIX]
    cats = [c for c, _w in _MIX]
    written: list[tuple[str, str]] = []
    lines: list[tuple[str, str, str]] = []
    for number in range(n):
        category = rng.choices(cats, weights)[0]
        record = _memory(category, number, rng)
        folder = FOLDERS[category]
        with open(os.path.join(root, folder, record["id"] + ".json"), "w", encoding="utf-8") as fh:
            json.dump(record, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
        written.append((category, record["id"]))
        lines.append((category.upper(), record["title"],
                      f"- [{category.upper()}] {record['title']} -> .claude/memory/{folder}/{record['id']}.json "
                      f"#tags:{','.join(record['tags'])}"))
    lines.sort(key=lambda x: (x[0], x[1].lower()))
    with open(os.path.join(root, "index.md"), "w", encoding="utf-8") as fh:
        fh.write("# Memory index\n\n" + "\n".join(line for *_k, line in lines) + ("\n" if lines else ""))
    return written


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Write a deterministic memory store of N memories.")
    parser.add_argument("root")
    parser.add_argument("n", type=int)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"wrote {len(generate(args.root, args.n, args.seed))} memories to {args.root}")
    sys.exit(0)
