#!/usr/bin/env python3
"""Write the fourth blind held-out triage set: bench/heldout/triage4/transcripts/*.jsonl + triage_labels.json.

    python3 bench/heldout/_make_triage4.py [OUT]     # OUT defaults to bench/heldout/triage4

Written blind, like the earlier sets (see bench/heldout/README.md, section "Fourth held-out set"). The
sessions are invented; four projects in domains and stacks unlike each other and unlike the earlier sets':

- brightcart: a Laravel 11 web shop for a chain of bike stores (PHP 8.x, MySQL, Redis/Horizon, Mollie,
  Meilisearch, Forge); Tomasz (terse, non-native English), Lucia (Spanish), Jonas (German)
- skyforge: the Terraform/AWS platform repo of a mid-size company (Terraform, Terragrunt, EKS, Atlantis);
  Nadia (chatty, long prompts), Pierre (French), Thiago (Portuguese)
- marrowlight: a Unity 2022 LTS roguelike (C#, URP, Addressables, new Input System, Steam and Switch);
  Sam (lower case, terse), Aoi (Japanese), Seojun (Korean)
- dunehold: a Scala 2.12 / Spark 3.5 batch job computing freight-cost aggregates (Delta Lake on
  Databricks, Airflow, sbt); Ravi (careful, explicit), Mei (Chinese)

The plumbing (Claude Code 2.1.x line format, stop_hook_summary lines, the Grep tool call, the label file,
and the third set's session_summary rule by tool-call count) is imported from the earlier generators,
not copied. What this file adds is its projects and ``work``, a shorthand for the long runs of tool calls
in the long sessions. Deterministic: same output every run.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _make_triage as base  # noqa: E402
import _make_triage3 as third  # noqa: E402

OUT = HERE / "triage4"
PROJECTS = {
    "brightcart": ("/home/tomasz/sites/brightcart", "main"),
    "skyforge": ("/Users/nadia/work/skyforge", "main"),
    "marrowlight": ("/home/sam/unity/marrowlight", "dev"),
    "dunehold": ("/home/ravi/repos/dunehold", "master"),
}


class Session(third.Session):
    projects = PROJECTS

    def work(self, steps: list[tuple]) -> "Session":
        """Run a list of tool calls: ("bash", command, output[, text]), ("read", path, body[, text]),
        ("edit", path, old, new[, text]), ("write", path, body[, text]), ("grep", pattern, output[, text])."""
        for kind, *args in steps:
            getattr(self, kind)(*args)
        return self


labels = third.labels


def main(out: Path = OUT) -> None:
    base.generate(out, ["_sessions4_negative", "_sessions4_single", "_sessions4_long", "_sessions4_multi",
                        "_sessions4_languages"], Session, labels)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
