#!/usr/bin/env bash
# Time per op of sonnx-opt on one generated chain over many sizes, to see
# where the time per op changes (docs/benchmarks.md, "Limits").
#
# Usage: bench/compile_sweep.sh [--instructions] [SONNX_OPT] [KIND] [PIPELINE] [SIZES...]
#   --instructions  count instructions with valgrind's callgrind instead of
#                   timing (one run per size, about 50 times slower): the
#                   work of the algorithms, whatever the caches do
#   SONNX_OPT  default build/bin/sonnx-opt
#   KIND       a chain of bench/gen_chain.py (default dynamic)
#   PIPELINE   a sonnx-opt flag (default --sonnx-to-llvm)
#   SIZES      default 5000 10000 20000 40000 100000 200000
# Prints, per size: the best CPU time (user + system) of 3 runs, or the
# instruction count, the time (or instructions) per op, and the slope from
# the previous size.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
instructions=0
if [ "${1:-}" = "--instructions" ]; then
  instructions=1
  shift
  command -v valgrind > /dev/null ||
    { echo "error: --instructions needs valgrind" >&2; exit 1; }
fi
opt="${1:-$here/../build/bin/sonnx-opt}"
kind="${2:-dynamic}"
flag="${3:---sonnx-to-llvm}"
shift $(( $# < 3 ? $# : 3 ))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(5000 10000 20000 40000 100000 200000)

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The cost of one run: CPU seconds (best of 3) or instructions executed.
measure() {
  if [ "$instructions" = 1 ]; then
    valgrind --tool=callgrind --callgrind-out-file="$tmp/callgrind.out" \
      "$opt" "$tmp/chain.mlir" "$flag" -o /dev/null 2> "$tmp/valgrind.log"
    awk '/^summary:/ {print $2}' "$tmp/callgrind.out"
    return
  fi
  local best="" t
  for _ in 1 2 3; do
    /usr/bin/time -f "%U %S" -o "$tmp/time" "$opt" "$tmp/chain.mlir" "$flag" \
      -o /dev/null
    t="$(awk '{print $1 + $2}' "$tmp/time")"
    best="$(awk -v a="$t" -v b="${best:-$t}" 'BEGIN{print (a < b) ? a : b}')"
  done
  echo "$best"
}

previous=""
if [ "$instructions" = 1 ]; then
  printf "%-8s %16s %10s %7s\n" ops instructions per_op slope
else
  printf "%-8s %10s %10s %7s\n" ops cpu_s us/op slope
fi
for n in "${sizes[@]}"; do
  /usr/bin/python3 "$here/gen_chain.py" "$n" --kind "$kind" -o "$tmp/chain.mlir"
  cost="$(measure)"
  slope="-"
  if [ -n "$previous" ]; then
    slope="$(awk -v t0="${previous#* }" -v t1="$cost" -v n0="${previous% *}" \
      -v n1="$n" 'BEGIN{printf "%.2f", log(t1 / t0) / log(n1 / n0)}')"
  fi
  if [ "$instructions" = 1 ]; then
    awk -v n="$n" -v c="$cost" -v s="$slope" \
      'BEGIN{printf "%-8d %16.0f %10.0f %7s\n", n, c, c / n, s}'
  else
    awk -v n="$n" -v t="$cost" -v s="$slope" \
      'BEGIN{printf "%-8d %10.2f %10.1f %7s\n", n, t, t / n * 1e6, s}'
  fi
  previous="$n $cost"
done
