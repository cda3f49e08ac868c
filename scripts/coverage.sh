#!/usr/bin/env bash
# coverage.sh - structural coverage of sonnx's own code, with MC/DC: a clang-22
# build with source-based coverage (-fprofile-instr-generate
# -fcoverage-mapping -fcoverage-mcdc) in build-coverage/ (or
# $SONNX_COVERAGE_BUILD_DIR), the whole lit suite and the replays of the fuzz
# corpora (fuzz/corpus, fuzz/regressions) run on it, the profiles of every
# process merged; then an HTML report, a per-directory summary (lines, branches, MC/DC
# conditions covered) and the check of the uncovered regions of lib/Dialect,
# lib/Conversion, lib/Support, lib/Target/C and lib/Transforms against
# test/coverage-exceptions.txt (utils/coverage_report.py says its format):
# an uncovered region or branch outcome listed nowhere fails the run, naming
# it. Not run by .ci/run (the suite under coverage takes about 15 minutes on
# 2 cores, the first build about 5 more);
# docs/development.md, "Coverage and mutation testing", says how to read it.
#
# Usage: scripts/coverage.sh [OPTION...] [-- LIT-ARGUMENT...]
#   --only DIR      summarize, report and check only DIR (e.g. lib/Dialect);
#                   repeatable
#   --quick         run only the tests of the folders matching --only
#                   (lib/X/... -> test/X; lib/Target/C -> test/Deploy,
#                   test/Target) and no replays; the check is skipped (a
#                   subset leaves regions uncovered that the suite covers)
#   --filter REGEX  run only the lit tests matching REGEX (implies no check)
#   --no-replay     do not replay the fuzz corpora
#   --no-check      do not check the exceptions file
#   --report-only   run nothing: merge the profiles of the last run again and
#                   report
#   --baseline      write the unmatched items as 'unreviewed' entries to
#                   OUT/new-exceptions.txt (to start or extend the file)
#   -h, --help      this text
# Outputs in OUT = BUILD_DIR/coverage: html/index.html, summary.txt,
# uncovered.txt (every uncovered item of the checked directories),
# lit.log, sonnx.profdata. Extra arguments after -- go to lit.
# Exit status: 0 when the suite passed and every uncovered item is excepted;
# 1 otherwise (the lit failures and the unexcepted items are printed).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
BUILD_DIR="${SONNX_COVERAGE_BUILD_DIR:-build-coverage}"
JOBS="${SONNX_JOBS:-2}"
LLVM_BIN=/usr/lib/llvm-22/bin
EXCEPTIONS=test/coverage-exceptions.txt
CHECKED=(lib/Dialect lib/Conversion lib/Support lib/Target/C lib/Transforms)

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }

only=()
quick=0
filter=""
replay=1
check=1
run=1
baseline=0
lit_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only+=("${2:?--only needs a directory}"); shift 2 ;;
    --quick) quick=1; replay=0; check=0; shift ;;
    --filter) filter="${2:?--filter needs a regex}"; check=0; shift 2 ;;
    --no-replay) replay=0; shift ;;
    --no-check) check=0; shift ;;
    --report-only) run=0; shift ;;
    --baseline) baseline=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; lit_args+=("$@"); break ;;
    *) echo "coverage.sh: unknown option '$1' (--help lists them)" >&2; exit 2 ;;
  esac
done
for dir in "${only[@]}"; do
  if [ ! -d "$dir" ]; then
    echo "coverage.sh: --only $dir: no such directory" >&2
    exit 2
  fi
done

OUT="$BUILD_DIR/coverage"
PROFILES="$OUT/profiles"
status=0

if [ "$run" = 1 ]; then
  flags="-fprofile-instr-generate -fcoverage-mapping -fcoverage-mcdc"
  launcher=()
  if command -v ccache > /dev/null; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  if [ ! -f "$BUILD_DIR/build.ninja" ]; then
    # Only sonnx's C++ is instrumented (Debian's LLVM/MLIR libraries are
    # prebuilt); -O1 builds faster than -O2, and the counters are placed by
    # the front end, so the figures do not depend on the optimization.
    cmake -S . -B "$BUILD_DIR" -G Ninja \
      -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
      -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
      -DSONNX_WARNINGS_AS_ERRORS=ON \
      "-DCMAKE_CXX_FLAGS=$flags" \
      -DCMAKE_EXE_LINKER_FLAGS=-fprofile-instr-generate \
      -DCMAKE_SHARED_LINKER_FLAGS=-fprofile-instr-generate \
      -DCMAKE_MODULE_LINKER_FLAGS=-fprofile-instr-generate \
      "${launcher[@]}"
  fi
  cmake --build "$BUILD_DIR" -j "$JOBS" --target all sonnx-test-depends

  rm -rf "$PROFILES"
  mkdir -p "$PROFILES"
  # Each process merges its counters at exit into a pool of 8 profiles per
  # binary (%8m, online merging under a lock): one file per process (%p)
  # would be about 2 MB each, tens of gigabytes for the suite, whose tests
  # start the tools thousands of times. lit passes the variable on.
  export LLVM_PROFILE_FILE="$ROOT/$PROFILES/%8m.profraw"
  paths=("$BUILD_DIR/test")
  if [ "$quick" = 1 ]; then
    paths=()
    for dir in "${only[@]}"; do
      case "$dir" in
        lib/Target/C*) candidates=(test/Deploy test/Target) ;;
        lib/Support*) candidates=(test/Deploy test/Transforms) ;;
        lib/Dialect*) candidates=(test/Dialect test/Transforms) ;;
        lib/*) sub="${dir#lib/}"; candidates=("test/${sub%%/*}") ;;
        *) candidates=() ;;
      esac
      for t in "${candidates[@]}"; do
        [ -d "$t" ] && paths+=("$BUILD_DIR/$t")
      done
    done
    if [ "${#paths[@]}" -eq 0 ]; then
      echo "coverage.sh: --quick: no test folder for ${only[*]:-(no --only)}" >&2
      exit 2
    fi
  fi
  filter_args=()
  [ -n "$filter" ] && filter_args=(--filter "$filter")
  echo "== coverage.sh: lit ${paths[*]} ${filter_args[*]} ${lit_args[*]}"
  if ! "$LLVM_BIN/lit" -sv -j "$JOBS" "${filter_args[@]}" "${lit_args[@]}" \
      "${paths[@]}" > "$OUT/lit.log" 2>&1; then
    status=1
    echo "coverage.sh: lit failed (coverage slows the tools: a timeout may be"
    echo "the instrumentation, not a fault); the failures:"
    grep -E '^(FAIL|UNRESOLVED|TIMEOUT|XPASS):' "$OUT/lit.log" || true
  fi
  grep -E '^ *(Passed|Failed|Unsupported|Expectedly Failed|Timed Out)' \
    "$OUT/lit.log" || true

  if [ "$replay" = 1 ]; then
    # The fuzz targets built without libFuzzer run each file given once
    # (fuzz/FuzzerMain.cpp); regression inputs first, as scripts/replay.sh.
    for target in onnx-import tensor-proto mlir jit-run; do
      program="$BUILD_DIR/bin/sonnx-$target-fuzzer"
      [ -x "$program" ] || continue
      files=()
      for dir in "fuzz/regressions/$target" "fuzz/corpus/$target"; do
        [ -d "$dir" ] || continue
        while IFS= read -r -d '' file; do files+=("$file"); done \
          < <(find "$dir" -type f -print0 | sort -z)
      done
      [ "${#files[@]}" -gt 0 ] || continue
      if "$program" "${files[@]}" > "$OUT/replay-$target.log" 2>&1; then
        echo "== coverage.sh: replay $target: ${#files[@]} inputs, clean"
      else
        echo "coverage.sh: replay $target FAILED ($OUT/replay-$target.log)"
        status=1
      fi
    done
  fi
  unset LLVM_PROFILE_FILE
fi

shopt -s nullglob
profiles=("$PROFILES"/*.profraw)
if [ "${#profiles[@]}" -eq 0 ]; then
  echo "coverage.sh: no profiles in $PROFILES (run without --report-only)" >&2
  exit 1
fi
printf '%s\n' "${profiles[@]}" > "$OUT/profiles.list"
"$LLVM_BIN/llvm-profdata" merge -sparse -f "$OUT/profiles.list" \
  -o "$OUT/sonnx.profdata"
echo "== coverage.sh: ${#profiles[@]} profiles merged into $OUT/sonnx.profdata"

# Every instrumented binary of the build: its coverage mapping says which
# source regions the counters stand for.
objects=()
for file in "$BUILD_DIR"/bin/* "$BUILD_DIR"/lib/*.so; do
  [ -f "$file" ] && [ -x "$file" ] || continue
  if "$LLVM_BIN/llvm-readelf" -S "$file" 2> /dev/null | grep -q __llvm_covmap; then
    objects+=("$file")
  fi
done
object_args=("${objects[0]}")
for file in "${objects[@]:1}"; do object_args+=(-object "$file"); done
# Sonnx's sources only: not Debian's headers, not TableGen's output.
ignore='^/usr/|/build[^/]*/'
sources=("${only[@]}")
[ "${#sources[@]}" -gt 0 ] || sources=(lib include tools)

rm -rf "$OUT/html"
"$LLVM_BIN/llvm-cov" show "${object_args[@]}" \
  -instr-profile="$OUT/sonnx.profdata" -format=html -output-dir="$OUT/html" \
  -show-branches=count -show-mcdc -show-line-counts-or-regions \
  -show-instantiations=false -ignore-filename-regex="$ignore" \
  -project-title="sonnx coverage $(date -u +%F)" \
  "${sources[@]/#/$ROOT/}" > /dev/null
"$LLVM_BIN/llvm-cov" export "${object_args[@]}" \
  -instr-profile="$OUT/sonnx.profdata" -format=text \
  -ignore-filename-regex="$ignore" > "$OUT/export.json"

report=(--export "$OUT/export.json" --root "$ROOT" --summary "$OUT/summary.txt")
for dir in "${only[@]}"; do report+=(--only "$dir"); done
if [ "$check" = 1 ]; then
  checked=()
  for dir in "${CHECKED[@]}"; do
    if [ "${#only[@]}" -eq 0 ]; then
      checked+=("$dir")
    else
      for o in "${only[@]}"; do
        # DIR inside --only (lib/Dialect in lib), or --only inside DIR.
        case "$dir/" in
          "${o%/}/"*) checked+=("$dir") ;;
          *) case "${o%/}/" in "$dir/"*) checked+=("${o%/}") ;; esac ;;
        esac
      done
    fi
  done
  for dir in "${checked[@]}"; do report+=(--check "$dir"); done
  report+=(--exceptions "$EXCEPTIONS" --uncovered "$OUT/uncovered.txt")
  [ "$baseline" = 1 ] && report+=(--baseline "$OUT/new-exceptions.txt")
fi
echo "== coverage.sh: $(date -u '+%F %H:%M UTC'), $(git rev-parse --short HEAD)"
/usr/bin/python3 utils/coverage_report.py "${report[@]}" || status=1
echo "== coverage.sh: the report: $OUT/html/index.html; the summary: $OUT/summary.txt"
exit "$status"
