#!/usr/bin/env bash
# build.sh - configure and build sonnx into build/ (or $SONNX_BUILD_DIR).
#
# SONNX_COMPILER=gcc (default) builds with Debian's GCC 12, SONNX_COMPILER=clang
# with clang-22 (scripts/check.sh builds both). Warnings are errors in these
# builds (-DSONNX_WARNINGS_AS_ERRORS=ON): the tree builds warning-free with
# both compilers. ccache is used when it is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_BUILD_DIR:-build}"
JOBS="${SONNX_JOBS:-2}"
COMPILER="${SONNX_COMPILER:-gcc}"
case "$COMPILER" in
  gcc) compilers=(-DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++) ;;
  clang) compilers=(-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22) ;;
  *) echo "build.sh: SONNX_COMPILER must be gcc or clang, not '$COMPILER'" >&2; exit 2 ;;
esac
launcher=()
if command -v ccache > /dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}" \
    -DSONNX_WARNINGS_AS_ERRORS=ON "${compilers[@]}" "${launcher[@]}"
fi
cmake --build "$BUILD_DIR" -j "$JOBS"
