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
