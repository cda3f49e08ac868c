#!/usr/bin/env bash
# The sonnx benchmark (docs/benchmarks.md): compiled expand/broadcast against
# memcpy, memset, numpy and onnxruntime; views from 1 KiB to 1 GiB; compile
# time of sonnx-opt on 1k to 100k ops. Writes bench/results/latest.json and
# regenerates the results section of docs/benchmarks.md and
# docs/benchmarks.png.
#
# Usage: bench/run.sh [--quick] [--build DIR] [--only expand,views,compile]
#                     [--no-onnxruntime] [--no-docs]
#   --quick            fewer repetitions and chain kinds (under 5 minutes)
#   --build DIR        the sonnx build directory (default: build, or
#                      $SONNX_BUILD)
#   --only LIST        a subset of expand, views, compile, gqa
#   --no-onnxruntime   skip onnxruntime (no npm)
#   --no-docs          write the JSON only
#   --pipeline OPT     an extra --sonnx-to-llvm option for the compiled
#                      expand cases, e.g. nontemporal-threshold=-1
#                      (repeatable; for experiments, with --no-docs)
#   --match TEXT       only the expand cases whose name contains TEXT
#
# Needs clang-22, gcc, mlir-translate (llvm-22), Debian's /usr/bin/python3
# with python3-numpy, python3-onnx and python3-matplotlib, and node/npm for
# onnxruntime-node, which this script installs into bench/node_modules with
# --ignore-scripts (the package ships its CPU build; no install script runs).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
build="${SONNX_BUILD:-$root/build}"
args=()
onnxruntime=1
command="bench/run.sh"
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2"; command+=" --build $2"; shift 2 ;;
    --build=*) build="${1#--build=}"; command+=" $1"; shift ;;
    --no-onnxruntime) onnxruntime=0; args+=("$1"); command+=" $1"; shift ;;
    --quick|--no-docs) args+=("$1"); command+=" $1"; shift ;;
    --only|--pipeline|--match)
      args+=("$1" "$2"); command+=" $1 '$2'"; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "error: unknown option $1" >&2; exit 2 ;;
  esac
done

if [ "$onnxruntime" = 1 ] &&
   [ ! -f "$here/node_modules/onnxruntime-node/package.json" ]; then
  if ! command -v npm > /dev/null; then
    echo "error: npm is missing (scripts/setup.sh installs it); or pass" \
         "--no-onnxruntime" >&2
    exit 1
  fi
  echo "installing onnxruntime-node into bench/node_modules" >&2
  (cd "$here" && npm install --ignore-scripts --no-audit --no-fund \
     --no-package-lock --loglevel=error >&2)
fi

exec /usr/bin/python3 "$here/bench.py" --build "$build" --command "$command" \
  "${args[@]}"
