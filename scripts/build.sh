#!/usr/bin/env bash
# build.sh - configure and build sonnx into build/ (or $SONNX_BUILD_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_BUILD_DIR:-build}"
JOBS="${SONNX_JOBS:-2}"
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}"
fi
cmake --build "$BUILD_DIR" -j "$JOBS"
