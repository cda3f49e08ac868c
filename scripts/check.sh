#!/usr/bin/env bash
# check.sh - every test, as CI runs it (.ci/run): the lit suite on the GCC
# build (build/, made by scripts/build.sh), then a second build with clang-22
# (build-clang/) and the whole suite again on it. Ends with the line
# "N passed, N failed, N skipped" summed over both runs; exits non-zero when
# any run fails.
#
# SONNX_CHECK_CLANG=0 skips the clang-22 leg (for a quick local run).
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_BUILD_DIR:-build}"
CLANG_BUILD_DIR="${SONNX_CLANG_BUILD_DIR:-build-clang}"
summary="$(mktemp)"
status=0

log="$(mktemp)"
trap 'rm -f "$summary" "$log"' EXIT

run_suite() { # NAME BUILD_DIR
  echo "== check.sh: the suite on $1 ($2)"
  SONNX_BUILD_DIR="$2" bash scripts/test.sh 2>&1 | tee "$log"
  local rc="${PIPESTATUS[0]}"
  if ! grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 >> "$summary"; then
    echo "0 passed, 1 failed, 0 skipped" >> "$summary"
  fi
  return "$rc"
}

run_suite gcc "$BUILD_DIR" || status=1
if [ "${SONNX_CHECK_CLANG:-1}" != 0 ]; then
  echo "== check.sh: build with clang-22 ($CLANG_BUILD_DIR)"
  if SONNX_COMPILER=clang SONNX_BUILD_DIR="$CLANG_BUILD_DIR" bash scripts/build.sh; then
    run_suite clang-22 "$CLANG_BUILD_DIR" || status=1
  else
    echo "check.sh: the clang-22 build failed"
    echo "0 passed, 1 failed, 0 skipped" >> "$summary"
    status=1
  fi
fi
awk '{p += $1; f += $3; s += $5} END {printf "%d passed, %d failed, %d skipped\n", p, f, s}' "$summary"
exit "$status"
