#!/usr/bin/env bash
# Set everything up, then run the demo or the whole test suite.
#   ./dev.sh demo    a whole capture-and-recall session in a temporary project
#   ./dev.sh test    unit, script and end-to-end tests (the real Claude Code CLI)
#   ./dev.sh bench   the benchmarks in bench/
# Needs python3 >= 3.10 and, for the end-to-end parts, node + npm.
set -euo pipefail
cd "$(dirname "$0")"

CLAUDE_CODE_VERSION="2.1.197"   # the CLI the end-to-end suite is pinned to
VENV=".venv"

setup_python() {
  if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
  fi
  # editable_mode=compat: a plain path entry, not an import-hook finder that would add
  # ~20 ms to every interpreter start (and so to every hook the tests and benchmarks time)
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --config-settings editable_mode=compat -e ".[test]"
  # The optional semantic part of recall (wordllama ships its model in the wheel): the tests of it
  # skip without it, and recall stays lexical; a failed install is said, not fatal.
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --config-settings editable_mode=compat -e ".[test,semantic]" \
    || echo "dev.sh: could not install the optional [semantic] extra; its tests will be skipped" >&2
}

setup_cli() {
  # The real Claude Code CLI, pinned, in an ignored cache folder.
  local prefix=".cache/claude-code"
  if [ -x "$prefix/node_modules/.bin/claude" ] \
     && [ "$("$prefix/node_modules/.bin/claude" --version 2>/dev/null | cut -d' ' -f1)" = "$CLAUDE_CODE_VERSION" ]; then
    return 0
  fi
  if command -v npm >/dev/null 2>&1; then
    mkdir -p "$prefix"
    npm install --silent --no-audit --no-fund --prefix "$prefix" "@anthropic-ai/claude-code@$CLAUDE_CODE_VERSION" >/dev/null 2>&1 \
      || echo "dev.sh: could not install @anthropic-ai/claude-code@$CLAUDE_CODE_VERSION with npm" >&2
  else
    echo "dev.sh: npm not found; the end-to-end tests need node + npm" >&2
  fi
}

setup_browser() {
  # Debian's chromium for the HTML view's browser tests (tests/test_html_view.py skips without it).
  # Installed only where that is cheap and allowed: as root with apt (CI containers).
  if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
    return 0
  fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1 \
      || echo "dev.sh: could not install chromium with apt; the browser tests will be skipped" >&2
  else
    echo "dev.sh: chromium not found (apt-get install chromium); the browser tests will be skipped" >&2
  fi
}

setup_tmux() {
  # The interactive end-to-end test drives the CLI under tmux; it skips (with the reason) without it.
  command -v tmux >/dev/null 2>&1 && return 0
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
    { apt-get install -y -qq tmux || { apt-get update -qq && apt-get install -y -qq tmux; }; } >/dev/null 2>&1 \
      || echo "dev.sh: could not install tmux with apt-get" >&2
  else
    echo "dev.sh: tmux not found; the interactive end-to-end test will be skipped" >&2
  fi
}

cmd="${1:-test}"
shift || true
case "$cmd" in
  demo)  setup_python; setup_cli; exec "$VENV/bin/python" -m claude_memory.devtools.demo "$@" ;;
  test)  setup_python; setup_cli; setup_browser; setup_tmux; exec "$VENV/bin/python" -m pytest "$@" ;;
  bench) setup_python; setup_cli; exec "$VENV/bin/python" bench/run.py "$@" ;;
  *) echo "usage: ./dev.sh demo|test|bench [args]" >&2; exit 2 ;;
esac
