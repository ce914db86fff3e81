#!/usr/bin/env python3
"""Write the second blind held-out triage set: bench/heldout/triage2/transcripts/*.jsonl + triage_labels.json.

    python3 bench/heldout/_make_triage2.py [OUT]     # OUT defaults to bench/heldout/triage2

Written blind, like the first set (see bench/heldout/README.md, section "Second set"). The sessions are
invented; four projects in domains unlike each other and unlike the first set's:

- ledgerly: a Kotlin Android banking app (Jetpack Compose, Room, Retrofit, Hilt), Oleksandr, non-native English
- mossgrove: a C++20 level editor for an in-house game engine (CMake, Vulkan, Dear ImGui, Lua), terse Kai / Lena
- petrichor: a Julia flood-forecasting model (DifferentialEquations.jl, CUDA.jl, Slurm cluster), chatty Ines
- saltmarsh: an Elixir/Phoenix LiveView appointment-booking SaaS for clinics (Postgres, Oban, Kubernetes), Camille

The plumbing (Claude Code 2.1.x line format, stop_hook_summary lines, label file) is the first set's
(_make_triage.Session and generate), imported, not copied. Deterministic: same output every run.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _make_triage as base  # noqa: E402

OUT = HERE / "triage2"
ALL = base.ALL
PROJECTS = {
    "ledgerly": ("/home/oleksandr/AndroidStudioProjects/ledgerly", "develop"),
    "mossgrove": ("/home/kai/dev/mossgrove", "main"),
    "petrichor": ("/Users/ines/research/petrichor", "master"),
    "saltmarsh": ("/home/camille/code/saltmarsh", "main"),
}


class Session(base.Session):
    projects = PROJECTS

    def grep(self, pattern: str, output: str, text: str | None = None, path: str | None = None) -> "Session":
        inp = {"pattern": pattern, "output_mode": "content", "-n": True}
        if path:
            inp["path"] = f"{self.cwd}/{path}"
        return self.tool("Grep", inp, output, text)


def main(out: Path = OUT) -> None:
    base.generate(out, ["_sessions2_negative", "_sessions2_single", "_sessions2_long", "_sessions2_multi",
                        "_sessions2_languages"], Session)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
