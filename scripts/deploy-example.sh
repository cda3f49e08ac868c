#!/usr/bin/env bash
# deploy-example.sh - the bundled example without a JIT: compile
# examples/shape_ops.onnx ahead of time with sonnx-compile into an object
# file and a C header, build the C program examples/deploy/main.c against
# them with the system C compiler (CC, default cc), run it on
# examples/shape_ops.input_0.pb and check both outputs bit for bit against
# numpy's (docs/deployment.md).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_BUILD_DIR:-build}"
CC="${CC:-cc}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

echo "== sonnx-compile examples/shape_ops.onnx -o shape_ops.o --header shape_ops.h"
"$BUILD_DIR/bin/sonnx-compile" examples/shape_ops.onnx \
  -o "$out/shape_ops.o" --header "$out/shape_ops.h"
grep -E '^(int32_t|const char) ' "$out/shape_ops.h"
echo
echo "== undefined symbols of shape_ops.o (at most memcpy, memmove, memset)"
undefined="$(nm -u "$out/shape_ops.o")"
echo "${undefined:-(none)}"
echo
echo "== $CC examples/deploy/main.c shape_ops.o && main (the outputs against numpy's)"
"$CC" -std=c99 -Wall -Wextra -Werror -pedantic -I "$out" \
  examples/deploy/main.c "$out/shape_ops.o" -o "$out/main"
"$out/main" examples/shape_ops.input_0.pb examples/shape_ops.output_0.pb \
  examples/shape_ops.output_1.pb
