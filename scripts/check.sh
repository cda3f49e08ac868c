#!/usr/bin/env bash
# check.sh - every test, as CI runs it (.ci/run):
#   1. the lit suite on the GCC build (build/, made by scripts/build.sh);
#   2. a clang-22 build under AddressSanitizer and UndefinedBehaviorSanitizer
#      (build-sanitize/, scripts/sanitize.sh) and the whole suite again on it,
#      the conformance runs included;
#   3. every committed input of the fuzz targets (seeds and regression
#      inputs, fuzz/corpus and fuzz/regressions) replayed once on that build
#      (scripts/replay.sh): deterministic, so a fault fixed before stays
#      fixed on every machine;
#   4. each fuzz target of fuzz/ for $SONNX_FUZZ_SECONDS seconds (default 60)
#      on that build (scripts/fuzz.sh), with libFuzzer's seed
#      $SONNX_FUZZ_SEED (default 1: CI repeats the same choices); a crash, a
#      sanitizer report or a broken oracle fails it: a new finding is a real
#      fault (docs/development.md says how it becomes a regression input).
# Ends with the line "N passed, N failed, N skipped" summed over all runs (a
# replay or a fuzz run of a target counts as one test); exits non-zero when
# any run fails.
#
# SONNX_CHECK_SANITIZE=0 skips 2 to 4 (a quick local run);
# SONNX_FUZZ_SECONDS=0 skips 4.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_BUILD_DIR:-build}"
SANITIZE_BUILD_DIR="${SONNX_SANITIZE_BUILD_DIR:-build-sanitize}"
FUZZ_SECONDS="${SONNX_FUZZ_SECONDS:-60}"
summary="$(mktemp)"
log="$(mktemp)"
trap 'rm -f "$summary" "$log"' EXIT
status=0

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
if [ "${SONNX_CHECK_SANITIZE:-1}" != 0 ]; then
  echo "== check.sh: build with clang-22, ASan and UBSan ($SANITIZE_BUILD_DIR)"
  if SONNX_SANITIZE_BUILD_DIR="$SANITIZE_BUILD_DIR" SONNX_SANITIZE_BUILD_ONLY=1 \
      bash scripts/sanitize.sh; then
    run_suite "clang-22 with ASan and UBSan" "$SANITIZE_BUILD_DIR" || status=1
    for target in onnx-import tensor-proto mlir jit-run; do
      echo "== check.sh: replay the committed inputs of $target"
      if SONNX_SANITIZE_BUILD_DIR="$SANITIZE_BUILD_DIR" \
          bash scripts/replay.sh "$target"; then
        echo "1 passed, 0 failed, 0 skipped" >> "$summary"
      else
        echo "0 passed, 1 failed, 0 skipped" >> "$summary"
        status=1
      fi
    done
    if [ "$FUZZ_SECONDS" != 0 ]; then
      for target in onnx-import tensor-proto mlir jit-run; do
        echo "== check.sh: fuzz $target for $FUZZ_SECONDS s"
        if SONNX_SANITIZE_BUILD_DIR="$SANITIZE_BUILD_DIR" \
            SONNX_FUZZ_SEED="${SONNX_FUZZ_SEED:-1}" \
            bash scripts/fuzz.sh "$target" "$FUZZ_SECONDS"; then
          echo "1 passed, 0 failed, 0 skipped" >> "$summary"
        else
          echo "0 passed, 1 failed, 0 skipped" >> "$summary"
          status=1
        fi
      done
    fi
  else
    echo "check.sh: the sanitizer build failed"
    echo "0 passed, 1 failed, 0 skipped" >> "$summary"
    status=1
  fi
fi
awk '{p += $1; f += $3; s += $5} END {printf "%d passed, %d failed, %d skipped\n", p, f, s}' "$summary"
exit "$status"
