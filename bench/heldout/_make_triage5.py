#!/usr/bin/env python3
"""Write the fifth blind held-out triage set: bench/heldout/triage5/transcripts/*.jsonl + triage_labels.json.

    python3 bench/heldout/_make_triage5.py [OUT]     # OUT defaults to bench/heldout/triage5

Written blind, like the earlier sets (see bench/heldout/README.md, section "Fifth held-out set"). The
sessions are invented; four projects in domains and stacks unlike each other and unlike the earlier sets':

- pulsewren: Zephyr RTOS firmware (C, nRF5340, west, MCUboot, Twister) for a wearable ECG patch, a
  medical device under IEC 62304; Grace (careful, explicit), Kenji (Japanese)
- orchardline: an R / Shiny analytics app for a regional public-health agency (golem, renv, targets,
  arrow, Posit Connect); Aisha (chatty), Sofia (Spanish), Lucas (Portuguese)
- tallyho: a Java 21 / Spring Batch 5 nightly claims-settlement system of an insurer (Spring Boot 3,
  Oracle 19c, Kafka, OpenShift, Gradle); Bogdan (terse, non-native English), Dieter (German), Marc (French)
- quince: a Haskell feature-flag and config service (GHC 9.6, Servant, hasql, Nix flakes, Hedgehog);
  Rowan (lower case, very terse), Hyejin (Korean), Wei (Chinese)

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

OUT = HERE / "triage5"
PROJECTS = {
    "pulsewren": ("/home/grace/zephyr-ws/pulsewren", "main"),
    "orchardline": ("/Users/aisha/projects/orchardline", "main"),
    "tallyho": ("/home/bogdan/IdeaProjects/tallyho", "develop"),
    "quince": ("/home/rowan/code/quince", "master"),
}


class Session(fourth.Session):
    projects = PROJECTS


labels = third.labels


def main(out: Path = OUT) -> None:
    base.generate(out, ["_sessions5_negative", "_sessions5_single", "_sessions5_long", "_sessions5_multi",
                        "_sessions5_languages"], Session, labels)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
