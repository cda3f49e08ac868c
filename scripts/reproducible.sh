#!/usr/bin/env bash
# reproducible.sh - the outputs do not depend on the build directory: builds
# the same source a second time in another directory (build-repro/, or
# $SONNX_REPRO_DIR; scripts/build.sh, so ccache makes it cheap after the
# first build) and runs test/Pipeline/Inputs/check_determinism.py with the
# tools of both builds over the inputs of test/Pipeline/determinism.test:
# every pipeline of sonnx-opt (--sonnx-to-llvm, its static-memory form,
# --sonnx-to-emitc) on every .mlir file of the suite, and sonnx-compile's
# object, C source and header of the example model and two multi-function
# modules, each made twice by the first build and once by the second, byte
# for byte. Prints "check_determinism: N outputs compared, M differ"; exits
# 1 when one differs. Not part of the lit suite: lit sees one build.
#
# SONNX_BUILD_DIR (default build) is the first build, which must exist.
# SONNX_REPRO_CCACHE=0 builds the second tree without ccache
# (CCACHE_DISABLE=1: every file compiled again, with its absolute paths;
# the whole build, slow): with ccache, the second build reuses the objects
# of the first (ccache's base_dir makes their paths relative), and the
# binaries of both builds may be the same bytes, which the script reports.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_BUILD_DIR:-build}"
REPRO_DIR="${SONNX_REPRO_DIR:-build-repro}"

if [ ! -x "$BUILD_DIR/bin/sonnx-opt" ] || [ ! -x "$BUILD_DIR/bin/sonnx-compile" ]; then
  echo "reproducible.sh: no sonnx-opt and sonnx-compile in $BUILD_DIR (bash scripts/build.sh first)" >&2
  exit 2
fi
if [ "$(realpath -m "$BUILD_DIR")" = "$(realpath -m "$REPRO_DIR")" ]; then
  echo "reproducible.sh: the second build must be in another directory than $BUILD_DIR" >&2
  exit 2
fi
if [ "${SONNX_REPRO_CCACHE:-1}" = 0 ]; then
  CCACHE_DISABLE=1 SONNX_BUILD_DIR="$REPRO_DIR" bash scripts/build.sh
else
  SONNX_BUILD_DIR="$REPRO_DIR" bash scripts/build.sh
fi
for tool in sonnx-opt sonnx-compile; do
  if cmp -s "$BUILD_DIR/bin/$tool" "$REPRO_DIR/bin/$tool"; then
    echo "reproducible.sh: $tool: the same binary in both builds"
  else
    echo "reproducible.sh: $tool: different binaries"
  fi
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Relative tool paths: the same command line in both builds but for the
# directory.
python3 test/Pipeline/Inputs/check_determinism.py \
  "$BUILD_DIR/bin/sonnx-opt" "$BUILD_DIR/bin/sonnx-compile" "$work" \
  --mlir test \
  --model examples/shape_ops.onnx test/Deploy/Inputs/types.mlir test/Deploy/Inputs/constants.mlir \
  --other-build "$REPRO_DIR/bin/sonnx-opt" "$REPRO_DIR/bin/sonnx-compile"
