#!/usr/bin/python3
# validate_sweep.py - time `sonnx-compile --validate` on the benchmark's
# expand and broadcast cases (bench.py's EXPAND_SHAPES and BROADCAST_SHAPES
# for f32, f16 and i8: outputs of 8 to 128 MiB), natively or for another
# target (--target-triple aarch64-linux-gnu: under qemu-aarch64).
#
# Part of the sonnx project.
#
# Usage: bench/validate_sweep.py [--build build] [--target-triple T]
# Prints one line per case: the output bytes, the runs of the dynamic
# half, the output elements compared, the wall time of sonnx-compile
# --validate (compilation included) and of sonnx-compile alone, and the
# peak memory of the validating process and its children; docs/deployment.md
# ("Validating the object") quotes the figures.
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import (BROADCAST_SHAPES, DTYPES, ELEM_BYTES,  # noqa: E402
                   EXPAND_SHAPES, dims, expand_module)


def timed(command):
    start = time.monotonic()
    proc = subprocess.run(command, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    return time.monotonic() - start, proc


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build", default="build")
    parser.add_argument("--target-triple")
    parser.add_argument("--match", help="only the cases whose label has it")
    args = parser.parse_args()
    compile_tool = os.path.join(args.build, "bin", "sonnx-compile")
    triple = ["--target-triple", args.target_triple] if args.target_triple \
        else []
    cases = [(dtype, inputs, out) for dtype in DTYPES
             for inputs, out in EXPAND_SHAPES + BROADCAST_SHAPES]
    failures = 0
    with tempfile.TemporaryDirectory(prefix="sonnx-validate-") as work:
        print("%-40s %9s %5s %13s %10s %10s" % (
            "case", "MiB out", "runs", "compared", "validate s", "compile s"))
        for dtype, inputs, out in cases:
            label = "%s %s %s->%s" % (
                "expand" if len(inputs) == 1 else "broadcast", dtype,
                ",".join(inputs), out)
            if args.match and args.match not in label:
                continue
            path = os.path.join(work, "case.mlir")
            with open(path, "w") as f:
                f.write(expand_module(inputs, out, dtype, dps=False))
            base = [compile_tool, path, "-o", os.path.join(work, "m.o"),
                    "--header", os.path.join(work, "m.h")] + triple
            compile_s, proc = timed(base)
            validate_s, proc = timed(base + ["--validate"])
            found = re.search(r"dynamic half: (\d+) runs, (\d+) output "
                              r"elements compared", proc.stdout)
            if proc.returncode != 0 or not found:
                failures += 1
                print("FAIL %s:\n%s" % (label, proc.stdout))
                continue
            elements = 1
            for d in dims(out):
                elements *= d
            mib = elements * ELEM_BYTES[dtype] * len(inputs) / (1 << 20)
            print("%-40s %9.0f %5s %13s %10.1f %10.1f" % (
                label, mib, found.group(1), found.group(2), validate_s,
                compile_s))
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print("peak memory of one child: %.0f MiB" % peak)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
