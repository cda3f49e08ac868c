#!/usr/bin/env bash
# example.sh - the main job on the bundled example: verify
# examples/shape_ops.mlir against every rule of the profile and print it.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_BUILD_DIR:-build}"
echo "== sonnx-opt examples/shape_ops.mlir (verified against the SONNX rules)"
"$BUILD_DIR/bin/sonnx-opt" examples/shape_ops.mlir
