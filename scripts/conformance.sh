#!/usr/bin/env bash
# conformance.sh - run sonnx-run over every ONNX conformance test in the five
# modes and rewrite the tables of docs/conformance.md (utils/conformance.py).
#
# Usage: scripts/conformance.sh [--check] [ARGS...]
#   uses $SONNX_BUILD_DIR/bin/sonnx-run (default build/); --check compares
#   instead of rewriting; other arguments go to utils/conformance.py (e.g.
#   --times prints the compile and run time of every test).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_BUILD_DIR:-build}"
action=--update
if [ "${1:-}" = "--check" ]; then
  action=--check
  shift
fi
exec /usr/bin/python3 utils/conformance.py --runner "$BUILD_DIR/bin/sonnx-run" \
  "$action" docs/conformance.md "$@"
