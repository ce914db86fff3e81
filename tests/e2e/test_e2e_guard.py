"""The write guard inside the real CLI: direct writes into the memory store are denied, others pass."""

from __future__ import annotations

from claude_memory.devtools.model_server import Steps, tool, tool_results
from support import snapshot

SEED = ("decisions/sqlc-over-orm-for-postgres.json",)


def test_file_tools_and_bash_cannot_write_the_store_but_can_write_elsewhere(session):
    session.seed(*SEED)
    root = session.memory_root
    before = snapshot(root)
    decision_path = str(root / "decisions" / "x.json")
    steps = Steps([
        tool("Write", {"file_path": decision_path, "content": '{"id": "x"}'}),
        tool("Read", {"file_path": str(root / "index.md")}),
        tool("Edit", {"file_path": str(root / "index.md"), "old_string": "- [", "new_string": "- [X"}),
        tool("Bash", {"command": "echo x > .claude/memory/decisions/x.json", "description": "write"}),
        tool("Write", {"file_path": str(session.project / "notes.md"), "content": "hello\n"}),
        "Finished.",
    ])
    _, server = session.claude("Tidy up the project notes", steps)
    results = [tool_results(body) for body in server.main_requests[1:6]]
    assert all(len(r) == 1 for r in results), results
    write_mem, read_index, edit_index, bash_mem, write_notes = (r[0] for r in results)
    for denied in (write_mem, edit_index, bash_mem):
        assert denied["is_error"], denied
        assert "memory_write.py" in denied["text"], denied  # the reason names the way to do it
    assert not read_index["is_error"]
    assert not write_notes["is_error"], write_notes
    assert (session.project / "notes.md").read_text() == "hello\n"
    assert snapshot(root) == before
    assert not (root / "decisions" / "x.json").exists()


def test_another_checkouts_store_is_guarded_too(session):
    """Issue 18 §3: Claude often works across two checkouts; the other one's store is guarded too."""
    other = session.project.parent / "other-checkout"
    other_root = other / ".claude" / "memory"
    (other_root / "decisions").mkdir(parents=True)
    (other_root / "index.md").write_text("")
    (other_root / "decisions" / "kept.json").write_text("{}\n")
    before = snapshot(other_root)
    steps = Steps([
        tool("Write", {"file_path": str(other_root / "decisions" / "x.json"), "content": '{"id": "x"}'}),
        tool("Bash", {"command": f"rm -f {other_root}/decisions/kept.json", "description": "remove"}),
        tool("Bash", {"command": f"cd {other} && rm -rf .claude/memory", "description": "remove"}),
        tool("Write", {"file_path": str(other / "notes.md"), "content": "hello\n"}),
        "Finished.",
    ])
    _, server = session.claude("Tidy up the other checkout", steps)
    results = [tool_results(body) for body in server.main_requests[1:5]]
    assert all(len(r) == 1 for r in results), results
    *denied, write_notes = (r[0] for r in results)
    for answer in denied:
        assert answer["is_error"], answer
        assert "memory_write.py" in answer["text"], answer
    assert not write_notes["is_error"], write_notes
    assert snapshot(other_root) == before


def test_a_whole_tree_git_command_is_put_to_the_user_when_memories_are_unsaved(session):
    """Issue 14 §2: `git clean -fdx` with an untracked memory is asked about; in `claude -p` nobody
    can answer, so the call is refused with the reason and the memory survives."""
    root = session.memory_root
    (root / "decisions").mkdir(parents=True)
    memory = root / "decisions" / "unsaved.json"
    memory.write_text("{}\n")
    (session.project / "junk.txt").write_text("x")
    steps = Steps([tool("Bash", {"command": "git clean -fdx", "description": "clean"}), "Finished."])
    _, server = session.claude("Clean the work tree", steps)
    (result,) = tool_results(server.main_requests[1])
    assert result["is_error"], result
    assert "git does not hold" in result["text"] and "unsaved.json" in result["text"], result
    assert memory.exists()


def test_following_a_denys_advice_saves_the_memory_in_default_mode(session):
    """A model that writes into the store directly is denied; the writer call the reason names, run as
    given (the record in its here-document), is approved by the guard and saves, with no prompt in
    ``claude -p`` default mode (a draft file under .claude/ would be refused by the CLI itself)."""
    import json

    from claude_memory.devtools.demo_example import DRAFT
    from claude_memory.devtools.model_server import text
    from claude_memory.devtools.skill_player import Conversation
    from claude_memory.guard.advice import HEREDOC

    root = session.memory_root
    (root / "decisions").mkdir(parents=True, exist_ok=True)
    outcome: dict = {}

    def flow(body):
        body = yield tool("Write", {"file_path": str(root / "decisions" / f"{DRAFT['id']}.json"),
                                    "content": json.dumps(DRAFT)})
        denied = tool_results(body)[0]
        outcome["denied"] = denied
        line = next(ln for ln in denied["text"].splitlines() if "--action create" in ln)
        command = "\n".join([line[line.index("python3 "):], json.dumps(DRAFT), HEREDOC])
        body = yield tool("Bash", {"command": command, "description": "save the decision"})
        outcome["saved"] = tool_results(body)[0]
        yield text("Saved.")

    run, _ = session.claude("Remember the cache decision", Conversation(flow), permission_mode="default")
    assert outcome["denied"]["is_error"] and "memory_write.py" in outcome["denied"]["text"], outcome
    assert not outcome["saved"]["is_error"], outcome["saved"]
    assert json.loads((root / "decisions" / f"{DRAFT['id']}.json").read_text())["title"] == DRAFT["title"]
