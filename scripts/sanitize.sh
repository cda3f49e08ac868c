#!/usr/bin/env bash
# sanitize.sh - build sonnx with clang-22 under AddressSanitizer and
# UndefinedBehaviorSanitizer (with libFuzzer's coverage, so the same build
# has the fuzz targets of fuzz/) into build-sanitize/ (or
# $SONNX_SANITIZE_BUILD_DIR), and run the whole lit suite on it, the
# conformance runs of test/Conformance included. Ends with the line
# "N passed, N failed, N skipped". Extra arguments go to lit.
#
# Every sanitizer report fails the test that triggers it (no recovery).
# Debian's LLVM/MLIR libraries are not instrumented: lit sets
# ASAN_OPTIONS=allow_user_poisoning=0 (docs/development.md, "Sanitizers and
# fuzzing"). SONNX_SANITIZE_BUILD_ONLY=1 builds without running the suite.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_SANITIZE_BUILD_DIR:-build-sanitize}"
JOBS="${SONNX_JOBS:-2}"
launcher=()
if command -v ccache > /dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DSONNX_WARNINGS_AS_ERRORS=ON \
    "-DSONNX_SANITIZERS=address;undefined" -DSONNX_BUILD_FUZZERS=ON \
    "${launcher[@]}"
fi
cmake --build "$BUILD_DIR" -j "$JOBS"
if [ "${SONNX_SANITIZE_BUILD_ONLY:-0}" = 1 ]; then
  exit 0
fi
SONNX_BUILD_DIR="$BUILD_DIR" exec bash scripts/test.sh "$@"
