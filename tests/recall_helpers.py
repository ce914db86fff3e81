"""Memory files for the recall tests (schema 1.0, written straight to disk)."""

from __future__ import annotations

import json
from pathlib import Path

FOLDERS = {"session_summary": "sessions", "decision": "decisions", "runbook": "runbooks",
           "constraint": "constraints", "tech_debt": "tech-debt", "preference": "preferences"}


def memory(category: str, slug: str, title: str, tags: list[str], *, content: dict | None = None,
           related_files: list[str] | None = None, status: str = "active", updated: str = "2026-03-01T10:00:00Z") -> dict:
    doc = {"schema_version": "1.0", "category": category, "id": slug, "title": title, "created_at": updated,
           "updated_at": updated, "tags": tags, "related_files": related_files or [], "confidence": 0.9,
           "record_status": status, "changes": [], "times_updated": 0,
           "content": content or {"rule": title, "kind": "policy", "severity": "medium"}}
    if status == "retired":
        doc.update(retired_at=updated, retired_reason="no longer true")
    return doc


def write(root: Path, doc: dict) -> Path:
    folder = root / FOLDERS[doc["category"]]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{doc['id']}.json"
    tmp = folder / f".{doc['id']}.tmp"
    tmp.write_text(json.dumps(doc), encoding="utf-8")
    tmp.replace(path)  # like the writer: atomic rename
    return path


def sample_store(root: Path) -> None:
    write(root, memory("decision", "kafka-client-franz-go", "Use franz-go as the Kafka client for Go services",
                       ["kafka", "franz-go", "go"], content={"status": "accepted", "context": "sarama was slow",
                       "decision": "franz-go everywhere", "rationale": ["faster consumer rebalances"]},
                       related_files=["pkg/kafkax/client.go"]))
    write(root, memory("runbook", "airflow-tasks-stuck-queued", "Airflow tasks stuck in queued on MWAA",
                       ["airflow", "mwaa", "celery"], content={"trigger": "tasks never start",
                       "steps": ["restart the scheduler"], "root_cause": "worker autoscaling"}))
    write(root, memory("preference", "ruff-lint-and-format", "Use ruff for linting and formatting",
                       ["python", "ruff", "lint"], content={"topic": "formatter", "value": "ruff format, not black",
                       "strength": "strong"}, related_files=["pyproject.toml"]))
    write(root, memory("constraint", "peak-season-deploy-freeze", "Production deploy freeze during peak season",
                       ["deploy", "freeze", "policy"]))
