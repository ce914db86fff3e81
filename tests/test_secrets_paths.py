"""Where secrets must never land (issue 14 section 4), through the scripts as Claude Code runs them:
the memory id, file name and index line (also on a rename), the staged drafts, the triage context
files and the triage cursor. Redact first, everywhere, then derive."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest

from store_helpers import everything_under, make_doc, write_json

WRITER, TRIAGE, VALIDATE = "memory_write.py", "memory_triage.py", "memory_validate_hook.py"
ALNUM = string.ascii_letters + string.digits
B64 = ALNUM + "+/"


def rand(alphabet: str, n: int, seed: str) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(n))


# built at runtime so the file holds no literal credential
KEY_ID = "AKIA" + rand(string.ascii_uppercase + string.digits, 14, "id") + "7Q"
GH_TOKEN = "ghp_" + rand(ALNUM, 34, "gh") + "9z"


def forms(secret: str) -> list[str]:
    """The secret as any derivation could carry it: as is, lower-cased, slugged."""
    low = secret.lower()
    return [secret, low, low.replace("_", "-")]


def assert_nowhere(secret: str, *texts: str) -> None:
    for text in texts:
        for form in forms(secret):
            assert form not in text, f"{form!r} leaked"


@pytest.mark.parametrize("secret", [KEY_ID, GH_TOKEN], ids=["aws-key-id", "github-token"])
def test_secret_in_a_title_never_reaches_id_file_name_or_index(run_script, project, memory_root, secret):
    doc = make_doc(title=f"Rotate {secret} after the leak")
    del doc["id"]  # the id is derived from the title
    draft = write_json(project / "draft.json", doc)
    res = run_script(WRITER, "--action", "create", "--category", "decision", "--input", str(draft), check=True)
    out = res.json()
    assert out["id"].startswith("rotate-") and "redacted" in out["id"]
    assert any("redacted" in w for w in out["warnings"])
    assert_nowhere(secret, res.stdout, res.stderr, everything_under(memory_root))
    index = (memory_root / "index.md").read_text()
    assert "[REDACTED:" in index and out["id"] in index


def test_secret_in_an_explicit_slug_id_is_redacted(run_script, project, memory_root):
    draft = write_json(project / "draft.json", make_doc(id=f"rotate-{KEY_ID.lower()}", title="Rotate the key"))
    res = run_script(WRITER, "--action", "create", "--category", "decision", "--input", str(draft), check=True)
    assert_nowhere(KEY_ID, res.stdout, everything_under(memory_root))


def test_rename_never_derives_the_new_id_from_a_secret(run_script, project, memory_root):
    run_script(WRITER, "--action", "create", "--category", "decision",
               "--input", str(write_json(project / "d.json", make_doc())), check=True)
    target = memory_root / "decisions" / "use-postgres.json"
    doc = json.loads(target.read_text())
    doc["title"] = f"Leaked {GH_TOKEN} rotated today"  # changed a lot: the writer proposes a new id
    doc["changes"] = [*doc["changes"], {"date": "2026-06-01T00:00:00Z", "summary": "retitled"}]
    res = run_script(WRITER, "--action", "update", "--target", str(target),
                     "--input", str(write_json(project / "u.json", doc)), check=True)
    assert res.json()["id"] != "use-postgres"  # it was renamed, from the redacted title
    assert_nowhere(GH_TOKEN, res.stdout, res.stderr, everything_under(memory_root))


def _staged(memory_root: Path, name: str, doc: dict) -> Path:
    return write_json(memory_root / ".staging" / "sess" / name, doc)


def test_refused_staged_draft_keeps_no_secret(run_script, memory_root):
    draft = _staged(memory_root, "draft-decision.json",
                    make_doc(title=f"Use {GH_TOKEN} for CI", confidence="very"))  # invalid: refused
    (memory_root / "decisions").mkdir(parents=True, exist_ok=True)
    res = run_script(WRITER, "--action", "create", "--category", "decision", "--input", str(draft))
    assert res.returncode != 0 and draft.exists()
    assert_nowhere(GH_TOKEN, draft.read_text(), res.stdout, res.stderr)
    assert "[REDACTED:github_token]" in draft.read_text()


def test_saved_staged_draft_is_removed(run_script, memory_root):
    draft = _staged(memory_root, "draft-decision.json", make_doc(title=f"Use {GH_TOKEN} for CI"))
    run_script(WRITER, "--action", "create", "--category", "decision", "--input", str(draft), check=True)
    assert not draft.exists()
    assert_nowhere(GH_TOKEN, everything_under(memory_root))


@pytest.mark.parametrize("tool", ["Write", "Edit"])
def test_draft_written_to_staging_is_redacted_by_the_post_tool_hook(run_script, project, memory_root, tool):
    draft = _staged(memory_root, "draft-decision.json", make_doc(title="CI token", content={
        **make_doc()["content"], "context": f"export GITHUB_TOKEN={GH_TOKEN}"}))
    note = memory_root / ".staging" / "sess" / "notes.md"
    note.write_text(f"aws key {KEY_ID}\n")
    for path in (draft, note):
        res = run_script(VALIDATE, stdin={"session_id": "sess", "cwd": str(project), "hook_event_name": "PostToolUse",
                                          "tool_name": tool, "tool_input": {"file_path": str(path)},
                                          "tool_response": {"success": True}}, check=True)
        assert "redacted" in json.loads(res.stdout)["hookSpecificOutput"]["additionalContext"]
    assert_nowhere(GH_TOKEN, draft.read_text())
    assert_nowhere(KEY_ID, note.read_text())
    assert json.loads(draft.read_text())["title"] == "CI token"  # still the same JSON draft
    assert (draft.stat().st_mode & 0o777) == 0o600


def _key_block() -> tuple[str, list[str]]:
    """A private key as a service account's JSON shows it: one line, ``\\n`` escapes, ~2.6 KB
    (longer than the window an excerpt keeps around a cue)."""
    body = [rand(B64, 64, f"line{i}") for i in range(40)]
    return "-----BEGIN PRIVATE KEY-----\\n" + "\\n".join(body) + "\\n-----END PRIVATE KEY-----\\n", body


def test_triage_context_and_cursor_never_hold_a_secret(run_script, project, memory_root, tmp_path):
    """The decision cue sits right after a long private key: the excerpt window around the cue
    holds only the key's tail. Cut first, the tail would survive without its header."""
    block, body = _key_block()
    said = (f'The service account file: {{"type": "service_account", "private_key": "{block}"}} and '
            f"we'll go with Room because we already use it; Realm is rejected. "
            f"Also DB_PASSWORD={rand(ALNUM, 14, 'pw')} for staging.")
    last = f"Chosen: Room. The CI token is {GH_TOKEN}."  # the cursor keeps it (redacted)
    records = [
        {"type": "user", "message": {"role": "user", "content": "Room, Realm or SQLDelight for the cache?"}},
        {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text":
            "Options: Room (first-party), Realm (uncertain), SQLDelight (KMP)."}]}},
        {"type": "user", "message": {"role": "user", "content": said}},
        {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": last}]}},
    ]
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    res = run_script(TRIAGE, stdin={"session_id": "sess-1", "transcript_path": str(transcript),
                                    "cwd": str(project), "hook_event_name": "Stop", "stop_hook_active": False,
                                    "last_assistant_message": last}, check=True)
    staging = memory_root / ".staging"
    contexts = list(staging.rglob("context-*.md"))
    assert contexts, "the decision should have triggered"
    written = everything_under(staging)
    for line in body:
        assert line[:24] not in written, "a private key line survived in the staging place"
    assert "[REDACTED:private_key]" in written
    assert_nowhere(GH_TOKEN, written, res.stdout)
    assert "DB_PASSWORD=[REDACTED:password]" in written
    cursor = json.loads(next(staging.rglob("cursors/*.json")).read_text())
    assert "The CI token is [REDACTED:github_token]" in cursor["prior_text"]  # kept, redacted


@pytest.mark.parametrize("mode", ["stdin", "batch"])
def test_secret_in_a_title_through_stdin_and_batch(run_script, memory_root, mode):
    """The writer's other ways in (``--input -``, ``--batch -``) redact first too."""
    doc = make_doc(title=f"Rotate {KEY_ID} after the leak")
    del doc["id"]
    if mode == "stdin":
        res = run_script(WRITER, "--action", "create", "--category", "decision", "--input", "-",
                         stdin=json.dumps(doc))
    else:
        res = run_script(WRITER, "--batch", "-", stdin=json.dumps(
            [{"action": "create", "category": "decision", "draft": doc}]))
    assert res.returncode == 0, res.stderr
    assert "redacted" in res.stdout
    assert_nowhere(KEY_ID, res.stdout, res.stderr, everything_under(memory_root))
