#!/usr/bin/env bash
# example.sh - the main job on the bundled example: import the ONNX model
# examples/shape_ops.onnx (checking it against every rule of the SONNX
# profile), compile it to native code through sonnx and run it on
# examples/shape_ops.input_0.pb, printing its outputs, then check them bit
# for bit against the reference outputs computed by numpy
# (examples/gen_shape_ops.py writes the model and its data).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_BUILD_DIR:-build}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

echo "== sonnx-translate --import-onnx examples/shape_ops.onnx --strict-profile"
"$BUILD_DIR/bin/sonnx-translate" --import-onnx --strict-profile examples/shape_ops.onnx
echo
echo "== sonnx-run examples/shape_ops.onnx --input examples/shape_ops.input_0.pb"
"$BUILD_DIR/bin/sonnx-run" examples/shape_ops.onnx \
  --input examples/shape_ops.input_0.pb --output-dir "$out" | sed "s|$out/||"
echo
echo "== the outputs against numpy's (examples/shape_ops.output_K.pb)"
for k in 0 1; do
  "$BUILD_DIR/bin/sonnx-translate" --compare-tensors \
    "examples/shape_ops.output_$k.pb" "$out/output_$k.pb" 2>&1 |
    sed "s|$out/||"
done
