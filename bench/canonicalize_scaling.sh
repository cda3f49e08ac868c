#!/usr/bin/env bash
# Measures how canonicalization scales with the size of a module: generates
# chains of 1k, 10k and 100k sonnx ops (bench/gen_chain.py), runs
# `sonnx-opt --canonicalize` on each and prints the time per op of the
# canonicalizer pass (from --mlir-timing) and of the whole run (parse, verify,
# canonicalize, verify, print). Time linear in the size gives a flat time
# per op. It also checks the result: a static chain must collapse.
#
# Usage: bench/canonicalize_scaling.sh [SONNX_OPT] [KIND...]
#   SONNX_OPT  the sonnx-opt binary (default: build/bin/sonnx-opt)
#   KIND       chain kinds of gen_chain.py (default: static dynamic refine
#              expand broadcast)
# SIZES="1000 10000" overrides the sizes.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
opt="${1:-$root/build/bin/sonnx-opt}"
shift || true
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(static dynamic refine expand broadcast)
sizes="${SIZES:-1000 10000 100000}"
python=/usr/bin/python3

if [ ! -x "$opt" ]; then
  echo "error: $opt is not an executable sonnx-opt (build it first)" >&2
  exit 1
fi
tmp="$root/bench/results/tmp"
mkdir -p "$tmp"

# Wall-clock seconds of a command, with its stdout to $2 and stderr to $3.
now() { date +%s.%N; }

printf '%-10s %8s %12s %14s %12s %14s %s\n' kind ops "pass (s)" "pass/op (us)" \
  "total (s)" "total/op (us)" "sonnx ops left"
for kind in "${kinds[@]}"; do
  for n in $sizes; do
    in="$tmp/chain-$kind-$n.mlir"
    out="$tmp/chain-$kind-$n.out.mlir"
    timing="$tmp/chain-$kind-$n.timing"
    "$python" "$here/gen_chain.py" "$n" --kind "$kind" -o "$in"
    start=$(now)
    "$opt" "$in" --canonicalize --mlir-timing -o "$out" 2> "$timing"
    end=$(now)
    # The wall time of the Canonicalizer line of the timing report.
    pass=$(awk '/Canonicalizer/ { print $1; exit }' "$timing")
    left=$(grep -c '= sonnx\.' "$out" || true)
    case "$kind" in
      static|refine|expand|broadcast)
        if [ "$left" -gt 1 ]; then
          echo "error: $kind chain of $n ops left $left sonnx ops" >&2
          exit 1
        fi ;;
      dynamic)
        # flatten(unsqueeze) merges; each reshape may check at run time and
        # stays: one op in three goes.
        if [ "$left" -ne $(( n - (n + 1) / 3 )) ]; then
          echo "error: dynamic chain of $n ops left $left sonnx ops" >&2
          exit 1
        fi ;;
    esac
    "$python" - "$kind" "$n" "$pass" "$start" "$end" "$left" <<'PY'
import sys
kind, n, p, start, end, left = sys.argv[1:]
n = int(n); p = float(p); total = float(end) - float(start)
print(f"{kind:<10} {n:>8} {p:>12.3f} {p / n * 1e6:>14.2f} {total:>12.3f} "
      f"{total / n * 1e6:>14.2f} {left}")
PY
  done
done
