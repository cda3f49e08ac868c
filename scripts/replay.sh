#!/usr/bin/env bash
# replay.sh - run every committed input of the fuzz targets once: the seeds
# (fuzz/corpus/TARGET) and the regression inputs (fuzz/regressions/TARGET),
# deterministically, before any fuzzing (scripts/check.sh).
#
# Usage: scripts/replay.sh [TARGET...]   (default: every target)
# The programs are those of $SONNX_SANITIZE_BUILD_DIR (build-sanitize/,
# scripts/sanitize.sh): libFuzzer runs each file given to it once, under
# ASan and UBSan. Prints one line per target,
#   replay TARGET: N seeds, M regression inputs, clean
# and exits non-zero when an input breaks its target's oracle, crashes or
# draws a sanitizer report (the output names the input).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_SANITIZE_BUILD_DIR:-build-sanitize}"
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  targets=(onnx-import tensor-proto mlir jit-run)
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0:allocator_may_return_null=1:detect_leaks=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/utils/lsan.supp}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
status=0
for target in "${targets[@]}"; do
  program="$BUILD_DIR/bin/sonnx-$target-fuzzer"
  if [ ! -x "$program" ]; then
    echo "replay.sh: $program is missing (scripts/sanitize.sh builds it)" >&2
    exit 2
  fi
  files=()
  seeds=0
  regressions=0
  # Regression inputs first: a fault fixed before is the first thing seen.
  for dir in "fuzz/regressions/$target" "fuzz/corpus/$target"; do
    [ -d "$dir" ] || continue
    while IFS= read -r -d '' file; do
      files+=("$file")
      if [[ "$dir" == fuzz/corpus/* ]]; then
        seeds=$((seeds + 1))
      else
        regressions=$((regressions + 1))
      fi
    done < <(find "$dir" -type f -print0 | sort -z)
  done
  log="$BUILD_DIR/replay-$target.log"
  if "$program" "${files[@]}" > "$log" 2>&1; then
    echo "replay $target: $seeds seeds, $regressions regression inputs, clean"
  else
    echo "replay $target: FAILED; the end of $log:" >&2
    tail -n 40 "$log" >&2
    status=1
  fi
done
exit "$status"
