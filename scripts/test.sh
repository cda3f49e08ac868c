#!/usr/bin/env bash
# test.sh - run every sonnx test (the lit suite) against build/.
#
# Builds what the tests need first, runs lit, and ends with the line
# "N passed, N failed, N skipped". Extra arguments go to lit (e.g. a filter:
# scripts/test.sh --filter reshape).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${SONNX_BUILD_DIR:-build}"
JOBS="${SONNX_JOBS:-2}"
LIT=/usr/lib/llvm-22/bin/lit

# check-sonnx's dependencies, without running lit through ninja.
cmake --build "$BUILD_DIR" -j "$JOBS" --target all sonnx-test-depends
result_json="$(mktemp)"
trap 'rm -f "$result_json"' EXIT

status=0
"$LIT" -sv -j "$JOBS" --output "$result_json" "$@" "$BUILD_DIR/test" || status=$?

/usr/bin/python3 - "$result_json" <<'PY'
import json, sys
try:
    tests = json.load(open(sys.argv[1]))["tests"]
except Exception as e:  # lit died before writing its results
    print(f"test.sh: no lit results ({e})")
    print("0 passed, 1 failed")
    sys.exit(0)
codes = [t["code"] for t in tests]
passed = sum(c in ("PASS", "XFAIL") for c in codes)
skipped = sum(c in ("UNSUPPORTED", "SKIPPED", "EXCLUDED") for c in codes)
failed = len(codes) - passed - skipped
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
exit "$status"
