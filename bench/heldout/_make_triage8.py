#!/usr/bin/env python3
"""Write the eighth blind held-out triage set: bench/heldout/triage8/transcripts/*.jsonl + triage_labels.json.

    python3 bench/heldout/_make_triage8.py [OUT]     # OUT defaults to bench/heldout/triage8

Written blind, like the earlier sets (see bench/heldout/README.md, section "Eighth held-out set"). The
sessions are invented; four projects in domains and stacks unlike each other and unlike the earlier sets':

- gannet: the booking and boarding app of an island ferry operator (Flutter 3 / Dart 3, Riverpod,
  go_router, Firebase Auth + Firestore, Cloud Functions in TypeScript, Adyen, Codemagic); Oisin (chatty,
  emoji), Carlos (Spanish), Aiko (Japanese)
- loomwright: custom Odoo 17 modules for a textile mill (Python, OWL, XML views, PostgreSQL, odoo.sh, OCA
  modules); Fatima (careful, explicit), Klaus (German), Renata (Portuguese)
- kestrel: an ISP's network automation (Python, Nornir, NAPALM, NetBox, Jinja, GitLab CI, Junos and EOS
  devices); Dev (terse, lower case), Wen (Chinese)
- tamarack: a railway interlocking simulator and test bench (Ada 2012 / SPARK, GNAT, gprbuild, AUnit,
  GNATprove); Margit (non-native English, typos), Elodie (French), Sung-min (Korean)

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

OUT = HERE / "triage8"
PROJECTS = {
    "gannet": ("/Users/oisin/dev/gannet", "main"),
    "loomwright": ("/home/fatima/odoo/loomwright", "17.0"),
    "kestrel": ("/home/dev/netauto/kestrel", "master"),
    "tamarack": ("/home/margit/ada/tamarack", "develop"),
}


class Session(fourth.Session):
    projects = PROJECTS


labels = third.labels


def main(out: Path = OUT) -> None:
    base.generate(out, ["_sessions8_negative", "_sessions8_single", "_sessions8_long", "_sessions8_multi",
                        "_sessions8_languages"], Session, labels)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
