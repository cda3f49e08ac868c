#!/usr/bin/env bash
# Measures how sonnx-check scales with the subgraphs of a model: models of V
# main-graph values and B If nodes (bench/gen_bodies.py), each checked once;
# prints the wall seconds and peak RSS of each run and, when perf is
# installed, the CPU seconds of sonnx-check's own process (the import and the
# checks, without ONNX's shape inference, which runs in a child process). A
# body costs sonnx-check time in proportion to what it defines, not to the
# values around it; ONNX's shape inference copies the names around each body
# (time in V * B, stopped after 10 s: the model is then checked without it).
#
# Usage: bench/check_scaling.sh [SONNX_CHECK]
#   SONNX_CHECK  the sonnx-check binary (default: build/bin/sonnx-check)
# CASES="V:B V:B ..." overrides the cases (default: 2000:2000 8000:2000
# 32000:2000 2000:500 2000:8000).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
check="${1:-$root/build/bin/sonnx-check}"
cases="${CASES:-2000:2000 8000:2000 32000:2000 2000:500 2000:8000}"
if [ ! -x "$check" ]; then
  echo "error: $check is not an executable sonnx-check (build it first)" >&2
  exit 1
fi
tmp="$root/bench/results/tmp"
mkdir -p "$tmp"
printf '%8s %8s %10s %10s %16s\n' V B seconds "peak MB" "own CPU seconds"
for c in $cases; do
  v="${c%%:*}" b="${c##*:}"
  model="$tmp/bodies-$v-$b.onnx"
  /usr/bin/python3 "$here/gen_bodies.py" "$v" "$b" "$model"
  stats=$( { /usr/bin/time -f '%e %M' "$check" "$model" > /dev/null; } 2>&1 |
           tail -1)
  read -r seconds kb <<< "$stats"
  own="-"
  if command -v perf > /dev/null; then
    own=$(perf stat --no-inherit -x, -e task-clock "$check" "$model" \
            2>&1 > /dev/null | awk -F, '/task-clock/ { printf "%.3f", $1 / 1000 }')
  fi
  awk -v v="$v" -v b="$b" -v s="$seconds" -v kb="$kb" -v own="$own" 'BEGIN {
    printf "%8d %8d %10.2f %10.1f %16s\n", v, b, s, kb / 1024, own }'
  rm -f "$model"
done
