#!/usr/bin/env python3
"""Write the seventh blind held-out triage set: bench/heldout/triage7/transcripts/*.jsonl + triage_labels.json.

    python3 bench/heldout/_make_triage7.py [OUT]     # OUT defaults to bench/heldout/triage7

Written blind, like the earlier sets (see bench/heldout/README.md, section "Seventh held-out set"). The
sessions are invented; four projects in domains and stacks unlike each other and unlike the earlier sets':

- wardrota: a hospital's staff rota app (Angular 17 + NgRx front end, ASP.NET Core 8 / EF Core API, SQL
  Server, Azure App Service, Azure DevOps pipelines); Siobhan (chatty, explicit), Matthias (German),
  Camila (Spanish)
- copperline: the legacy billing system of a regional water utility (Perl 5.16, DBI, Oracle, Template
  Toolkit, cron, RHEL 7); Gareth (terse, lower case), Hiroshi (Japanese), Li Na (Chinese)
- fenlark: a Zig 0.13 command-line tool that verifies and deduplicates photo archives (BLAKE3, SQLite
  through @cImport, cross-compiled releases, GitHub Actions); Noor (non-native English, typos), Joon-ho
  (Korean)
- marigold: the Next.js 14 (App Router) storefront of a specialty tea retailer (TypeScript, Shopify
  Storefront API, Sanity, Tailwind, Vercel, Playwright); Jess (lower case, chatty), Lea (French),
  Rodrigo (Portuguese)

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

OUT = HERE / "triage7"
PROJECTS = {
    "wardrota": ("/home/siobhan/src/wardrota", "main"),
    "copperline": ("/home/gareth/billing/copperline", "master"),
    "fenlark": ("/Users/noor/code/fenlark", "main"),
    "marigold": ("/Users/jess/dev/marigold", "main"),
}


class Session(fourth.Session):
    projects = PROJECTS


labels = third.labels


def main(out: Path = OUT) -> None:
    base.generate(out, ["_sessions7_negative", "_sessions7_single", "_sessions7_long", "_sessions7_multi",
                        "_sessions7_languages"], Session, labels)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
