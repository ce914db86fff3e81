"""Recall inside the real CLI: a prompt about a stored memory reaches the model with it injected."""

from __future__ import annotations

import re

from claude_memory.devtools.model_server import Steps
from support import first_prompt_text, prompt_context

STORED = ("decisions/buf-for-proto-lint-and-breaking-checks.json",
          "constraints/kafka-max-message-size-1mib.json",
          "preferences/airflow-taskflow-api.json")


def test_prompt_about_a_stored_memory_gets_it_injected(session):
    session.seed(*STORED)
    _, server = session.claude("How do we run the buf breaking-change check on our protobuf files in CI?",
                               Steps(["We use buf."]))
    given = prompt_context(first_prompt_text(server))
    block = given[given.index("<project-memory>"):given.index("</project-memory>")]
    assert "- [DECISION] Use buf for protobuf generation, lint, and breaking-change detection -> " \
           ".claude/memory/decisions/buf-for-proto-lint-and-breaking-checks.json" in block
    assert "Use buf for protobuf generation, lint, and breaking-change detection" in given
    assert "airflow-taskflow-api" not in given


def test_prompt_about_nothing_stored_gets_no_memory_block(session):
    session.seed(*STORED)
    _, server = session.claude("Please rename the variable tmp to total in utils.py", Steps(["Renamed."]))
    given = prompt_context(first_prompt_text(server))
    assert "<project-memory>" not in given
    assert not re.search(r"\.claude/memory/[a-z-]+/[a-z0-9-]+\.json", given)


def test_the_only_memory_of_a_young_store_is_recalled(session):
    session.seed("decisions/buf-for-proto-lint-and-breaking-checks.json")
    _, server = session.claude("How do we run the buf breaking-change check on our protobuf files in CI?",
                               Steps(["We use buf."]))
    assert ".claude/memory/decisions/buf-for-proto-lint-and-breaking-checks.json" in \
        prompt_context(first_prompt_text(server))
