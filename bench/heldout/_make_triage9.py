#!/usr/bin/env python3
"""Write the ninth blind held-out triage set: bench/heldout/triage9/transcripts/*.jsonl + triage_labels.json.

    python3 bench/heldout/_make_triage9.py [OUT]     # OUT defaults to bench/heldout/triage9

Written blind, like the earlier sets (see bench/heldout/README.md, section "Ninth held-out set"). The
sessions are invented; four projects in domains and stacks unlike each other and unlike the earlier sets':

- halyard: results and scoring site of a sailing club's regattas (Nuxt 3, Vue, TypeScript, Prisma,
  Postgres, Cloudflare); Lotte (terse, lower case), Diego (Spanish), Joana (Portuguese)
- moraine: processing of glacier-survey LiDAR point clouds (Fortran 2008, CMake, MPI, NetCDF, PBS on a
  university cluster); Henrik (very terse, lower case), Jana (German), Mingyu (Korean), a Japanese colleague
- basalt: order routing of a print-on-demand shop (NestJS, TypeScript, MongoDB/Mongoose, BullMQ, Redis,
  Render); Amara (careful, explicit), Maxime (French), Xiaoling (Chinese)
- thistledown: lesson-booking desktop app of a language school (Electron, React, better-sqlite3,
  electron-builder); Yusuf (non-native English, typos), Ren (Japanese), Dohyun (Korean)

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

OUT = HERE / "triage9"
PROJECTS = {
    "halyard": ("/Users/lotte/code/halyard", "main"),
    "moraine": ("/home/henrik/proj/moraine", "master"),
    "basalt": ("/home/amara/work/basalt", "main"),
    "thistledown": ("/home/yusuf/src/thistledown", "dev"),
}


class Session(fourth.Session):
    projects = PROJECTS


labels = third.labels


def main(out: Path = OUT) -> None:
    base.generate(out, ["_sessions9_negative", "_sessions9_single", "_sessions9_long", "_sessions9_multi",
                        "_sessions9_languages"], Session, labels)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
