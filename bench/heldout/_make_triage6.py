#!/usr/bin/env python3
"""Write the sixth blind held-out triage set: bench/heldout/triage6/transcripts/*.jsonl + triage_labels.json.

    python3 bench/heldout/_make_triage6.py [OUT]     # OUT defaults to bench/heldout/triage6

Written blind, like the earlier sets (see bench/heldout/README.md, section "Sixth held-out set"). The
sessions are invented; four projects in domains and stacks unlike each other and unlike the earlier sets':

- emberfield: a Rust / Bevy 0.14 agent-based lake-ecosystem simulation (headless research runs and a WASM
  demo built with trunk); Finn (lower case, terse), Yuto (Japanese)
- kelpie: a Python FastAPI + Celery service serving document-classification models (ONNX Runtime, Redis,
  Postgres, S3, a Kubernetes GPU node pool); Harriet (chatty), Ana (Spanish), Wang (Chinese)
- hollowpine: Solidity escrow contracts for freelance payments (Foundry, OpenZeppelin 5, UUPS proxies,
  Base and Arbitrum); Dmitri (non-native English, typos), Jisoo (Korean)
- brackenwood: a Clojure service normalising library catalogue records (MARC21) for a consortium of
  university libraries (deps.edn, Integrant, Reitit, next.jdbc, Postgres, Kaocha); Oskar (careful,
  explicit), Lukas (German), Chloe (French), Beatriz (Portuguese)

The plumbing (Claude Code 2.1.x line format, stop_hook_summary lines, the Grep tool call, ``work``, the
label file, and the third set's session_summary rule by tool-call count) is imported from the earlier
generators, not copied. What this file adds is its projects. Deterministic: same output every run.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _make_triage as base  # noqa: E402
import _make_triage3 as third  # noqa: E402
import _make_triage4 as fourth  # noqa: E402

OUT = HERE / "triage6"
PROJECTS = {
    "emberfield": ("/home/finn/dev/emberfield", "main"),
    "kelpie": ("/Users/harriet/work/kelpie", "main"),
    "hollowpine": ("/home/dmitri/code/hollowpine", "develop"),
    "brackenwood": ("/home/oskar/src/brackenwood", "main"),
}


class Session(fourth.Session):
    projects = PROJECTS


labels = third.labels


def main(out: Path = OUT) -> None:
    base.generate(out, ["_sessions6_negative", "_sessions6_single", "_sessions6_long", "_sessions6_multi",
                        "_sessions6_languages"], Session, labels)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
