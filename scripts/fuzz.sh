#!/usr/bin/env bash
# fuzz.sh - run one libFuzzer target of fuzz/ for a bounded time.
#
# Usage: [SONNX_FUZZ_SEED=N] scripts/fuzz.sh TARGET SECONDS [LIBFUZZER-OPTIONS...]
#   TARGET: onnx-import, tensor-proto, mlir or jit-run (the program
#   sonnx-TARGET-fuzzer of the sanitizer build, scripts/sanitize.sh, which
#   this script builds when it is missing).
#
# The run starts from the committed seeds (fuzz/corpus/TARGET) and the
# regression inputs (fuzz/regressions/TARGET) in a scratch corpus
# (build-sanitize/fuzz-corpus/TARGET, kept between runs; the repository is
# not written). It ends with the line
#   fuzz TARGET: N runs in S s (E exec/s), corpus C inputs, edges X, crashes K,
#   slow inputs L
# and exits non-zero on a crash, a sanitizer report or a broken oracle; the
# input is then in build-sanitize/fuzz-crashes/TARGET: add it to
# fuzz/regressions/TARGET with the fix (docs/development.md).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET SECONDS [LIBFUZZER-OPTIONS...]" >&2
  exit 2
fi
target="$1"
seconds="$2"
shift 2
case "$target" in
  onnx-import | tensor-proto | mlir | jit-run) ;;
  *)
    echo "fuzz.sh: TARGET must be onnx-import, tensor-proto, mlir or jit-run, not '$target'" >&2
    exit 2
    ;;
esac
BUILD_DIR="${SONNX_SANITIZE_BUILD_DIR:-build-sanitize}"
program="$BUILD_DIR/bin/sonnx-$target-fuzzer"
if [ ! -x "$program" ]; then
  SONNX_SANITIZE_BUILD_ONLY=1 bash scripts/sanitize.sh
fi

# SONNX_FUZZ_CORPUS and SONNX_FUZZ_LOG choose another scratch corpus and log
# (two runs of one target side by side, each from its own empty corpus).
corpus="${SONNX_FUZZ_CORPUS:-$BUILD_DIR/fuzz-corpus/$target}"
crashes="$BUILD_DIR/fuzz-crashes/$target"
mkdir -p "$corpus" "$crashes"
options=(-max_total_time="$seconds" -print_final_stats=1 -timeout=60
  -rss_limit_mb=4096 -artifact_prefix="$crashes/")
# SONNX_FUZZ_SEED fixes libFuzzer's random seed (scripts/check.sh sets 1, so
# that CI repeats the same inputs in the same order; a faster machine only
# gets further). Unset, every run explores anew.
if [ -n "${SONNX_FUZZ_SEED:-}" ]; then
  options+=(-seed="$SONNX_FUZZ_SEED")
fi
case "$target" in
  mlir) options+=(-dict=fuzz/mlir.dict -max_len=4096) ;;
  onnx-import) options+=(-max_len=65536) ;;
  tensor-proto) options+=(-max_len=16384) ;;
  jit-run) options+=(-max_len=64) ;;
esac
log="${SONNX_FUZZ_LOG:-$BUILD_DIR/fuzz-$target.log}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/utils/lsan.supp}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
status=0
# The committed inputs (git keeps no empty folder: a target without
# regression inputs has no fuzz/regressions/TARGET).
inputs=("$corpus")
for dir in "fuzz/corpus/$target" "fuzz/regressions/$target"; do
  if [ -d "$dir" ]; then
    inputs+=("$dir")
  fi
done
"$program" "${options[@]}" "$@" "${inputs[@]}" > "$log" 2>&1 || status=$?

# libFuzzer's last status line: "#N DONE cov: X ft: Y corp: C/Sb ... exec/s: E"
stats="$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)"
runs="$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -n 1)"
speed="$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+)/\1/p' "$log" | tail -n 1)"
edges="$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<< "$stats")"
inputs="$(sed -nE 's/.* corp: ([0-9]+)\/.*/\1/p' <<< "$stats")"
# libFuzzer also leaves slow-unit-* files there: inputs slower than
# -report_slow_units (10 s), which are not faults (the run's status says
# whether one failed); they are counted apart.
found="$(find "$crashes" -type f ! -name 'slow-unit-*' | wc -l)"
slow="$(find "$crashes" -type f -name 'slow-unit-*' | wc -l)"
echo "fuzz $target: ${runs:-?} runs in $seconds s (${speed:-?} exec/s), corpus ${inputs:-?} inputs, edges ${edges:-?}, crashes $found, slow inputs $slow"
if [ "$status" -ne 0 ]; then
  echo "fuzz.sh: $target failed (exit $status); the end of $log:" >&2
  tail -n 60 "$log" >&2
  exit 1
fi
