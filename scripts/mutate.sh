#!/usr/bin/env bash
# mutate.sh - mutation testing of the rule layer (SONNXShapes.cpp,
# SONNXVerification.cpp, RuntimeChecks.cpp) and the index maps
# (lib/Analysis/IndexMaps.cpp): each mutant (a comparison flipped, a constant
# off by one, a condition negated, a result swapped, ...) is applied to a
# copy of the tree in build-mutate/tree (or $SONNX_MUTATE_BUILD_DIR/tree;
# the work tree is never changed, so an interrupted run leaves nothing
# mutated), built incrementally with GCC (Release) and run against the lit
# tests that should catch it, with a timeout. The score and the survivors:
# build-mutate/results/seed-S/summary.txt, every mutant run:
# build-mutate/results/seed-S/mutants.tsv; test/mutation-survivors.txt gives the
# reason of each known survivor. Not run by .ci/run (a mutant costs 10 s to 2
# minutes on 2 cores); docs/development.md, "Coverage and mutation testing".
#
# Usage: scripts/mutate.sh [--max N] [--file F] [--seed S] [--list]
#                          [--timeout SECONDS]
#   --max N      run at most N mutants of the sample (default 40; 0: all)
#   --file F     mutate only the target file whose path contains F
#                (repeatable)
#   --seed S     the seeded shuffle that picks the sample (default 1); the
#                sample takes the files in turn, so each is mutated
#   --list       print the sample's mutants and exit (builds nothing)
#   --timeout S  seconds for the tests of one mutant (default 600; a timeout
#                counts as killed)
#   -h, --help   this text
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
esac
exec /usr/bin/python3 utils/mutate.py "$@"
