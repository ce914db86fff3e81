import json

import pytest

from claude_memory.cli.edge import run_cli
from claude_memory.core.errors import MemoryStoreError, Problem


def test_success_returns_main_exit_code():
    assert run_cli("prog", lambda argv: 0, []) == 0
    assert run_cli("prog", lambda argv: 4, []) == 4


def test_argv_is_passed_through():
    seen = []
    run_cli("prog", lambda argv: seen.append(argv) or 0, ["--a", "b"])
    assert seen == [["--a", "b"]]


@pytest.mark.parametrize("code, exit_code", [("OCC_CONFLICT", 1), ("USAGE_ERROR", 2), ("DEPENDENCY_ERROR", 3)])
def test_expected_failure_becomes_prog_message_and_exit_code(code, exit_code, capsys):
    def main(argv):
        raise MemoryStoreError(code, "file changed since read")

    assert run_cli("memory_write.py", main, []) == exit_code
    err = capsys.readouterr().err
    assert err.startswith(f"memory_write.py: {code}: file changed since read")


@pytest.mark.parametrize("script, argv", [
    ("memory_write.py", ["--action", "frobnicate"]),
    ("memory_write.py", ["--action", "create"]),
    ("memory_write.py", ["--action", "delete"]),
    ("memory_index.py", ["--no-such-flag"]),
    ("memory_candidate.py", ["--category", "nope", "--new-info", "x"]),
    ("memory_candidate.py", []),
])
def test_every_usage_error_exits_2(run_script, script, argv):
    res = run_script(script, *argv)
    assert res.returncode == 2, res.stderr
    assert "USAGE_ERROR" in res.stderr


def test_problems_are_listed_and_machine_readable(capsys):
    problem = Problem("content.rationale", "at least 1 item", "[]", "add one reason")

    def main(argv):
        raise MemoryStoreError("VALIDATION_ERROR", "1 problem", [problem])

    assert run_cli("w", main, []) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert "content.rationale: expected at least 1 item; got []. Fix: add one reason" in lines[1]
    assert json.loads(lines[-1]) == {
        "error": "VALIDATION_ERROR",
        "message": "1 problem",
        "problems": [problem.as_dict()],
    }


def test_unexpected_errors_are_not_swallowed():
    def main(argv):
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        run_cli("w", main, [])


def test_os_errors_become_io_error(capsys):
    def main(argv):
        raise OSError(28, "No space left on device", "/store/decisions/x.json")

    assert run_cli("w", main, []) == 1
    err = capsys.readouterr().err
    assert err.startswith("w: IO_ERROR: No space left on device: /store/decisions/x.json")
    assert json.loads(err.strip().splitlines()[-1])["error"] == "IO_ERROR"


def test_a_reader_that_went_away_is_no_error():
    # ``memory_index.py --list | head -1``: the pipe closes early; no IO_ERROR, no second error at exit
    import subprocess
    import sys

    from locations import SCRIPTS

    probe = ("import sys; sys.path.insert(0, %r)\n"
             "from claude_memory.cli.edge import run_cli\n"
             "def main(argv):\n"
             "    for i in range(200000):\n"
             "        print('line', i)\n"
             "    return 0\n"
             "sys.exit(run_cli('prog', main, []))\n") % str(SCRIPTS.parent.parent)
    proc = subprocess.run(f"{sys.executable} -c \"$PROBE\" | head -1", shell=True, capture_output=True, text=True,
                          env={"PROBE": probe, "PATH": "/usr/bin:/bin"})
    assert proc.stdout == "line 0\n"
    assert proc.stderr == ""


def test_json_syntax_errors_read_well():
    from claude_memory.core import jsonio

    with pytest.raises(MemoryStoreError) as err:
        jsonio.parse('{"a": "x\ny"}', source="draft")
    assert "character at line 1" in err.value.render() and " at at " not in err.value.render()


def test_an_empty_batch_says_so():
    from claude_memory.cli.batch import parse_batch

    with pytest.raises(MemoryStoreError) as err:
        parse_batch([])
    assert "empty" in err.value.message
