#!/usr/bin/env python3
"""Write the third blind held-out triage set: bench/heldout/triage3/transcripts/*.jsonl + triage_labels.json.

    python3 bench/heldout/_make_triage3.py [OUT]     # OUT defaults to bench/heldout/triage3

Written blind, like the first two sets (see bench/heldout/README.md, section "Third set"). The sessions
are invented; four projects in domains unlike each other and unlike the earlier sets':

- fernbill: a Rails 7 SaaS billing app (Stripe, Sidekiq, Postgres, Heroku); Priya (chatty, pastes logs), Jiwoo (Korean)
- stridewise: a SwiftUI iOS running/fitness app (HealthKit, Core Data, WatchConnectivity); Mateo (non-native
  English, typos; also Spanish), Yuki (Japanese)
- glyphc: a Rust compiler + language server for a small templating language (logos, insta, tower-lsp);
  Sven (terse one-liners; also German)
- canopy: a GeoDjango tree-inventory app for a city (PostGIS, Celery, Leaflet); Amelie (French), Bruno
  (Portuguese), Lin (Chinese), Dana (English, long careful prompts)

The plumbing (Claude Code 2.1.x line format, stop_hook_summary lines, the Grep tool call, the label
file) is the earlier generators' (_make_triage.Session / generate, _make_triage2.Session), imported,
not copied. What this file adds is the label rule for session_summary, applied from the tool-call
count of each session (see ``labels``). Deterministic: same output every run.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _make_triage as base  # noqa: E402
import _make_triage2 as second  # noqa: E402

OUT = HERE / "triage3"
ALL = base.ALL
PROJECTS = {
    "fernbill": ("/home/priya/code/fernbill", "main"),
    "stridewise": ("/Users/mateo/Developer/stridewise", "develop"),
    "glyphc": ("/home/sven/src/glyphc", "trunk"),
    "canopy": ("/srv/dev/canopy", "main"),
}


class Session(second.Session):
    projects = PROJECTS

    def tool_calls(self) -> int:
        return sum(
            1 for line in self.lines if line["type"] == "assistant" and line["message"]["content"][0]["type"] == "tool_use"
        )


def labels(s: Session, expected: list[str], maybe: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """The annotator's labels: ``expected``, ``maybe`` (an annotator could go either way: in neither list),
    everything else ``must_not``. session_summary follows the tool-call count, as in the second set:
    expected from 20 tool calls of work on, in neither list at 6-19, must_not at 5 or fewer."""
    calls = s.tool_calls()
    if calls >= 20:
        assert "session_summary" in expected, (s.name, calls)
    elif calls >= 6:
        assert "session_summary" not in expected, (s.name, calls)
        maybe = (*maybe, "session_summary")
    else:
        assert "session_summary" not in expected and "session_summary" not in maybe, (s.name, calls)
    must_not = [c for c in ALL if c not in expected and c not in maybe]
    return expected, must_not


def main(out: Path = OUT) -> None:
    base.generate(out, ["_sessions3_negative", "_sessions3_single", "_sessions3_long", "_sessions3_multi",
                        "_sessions3_languages"], Session, labels)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
