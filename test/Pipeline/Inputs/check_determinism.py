#!/usr/bin/env python3
# check_determinism.py - the same input gives the same bytes: runs each
# pipeline twice over every .mlir file below the given directories
# (--split-input-file; files a pipeline refuses are skipped, both runs must
# refuse them alike) and sonnx-compile twice on each given model (object,
# C source, header), and compares. With --other-build OPT COMPILE (the
# tools of a second build of the same source in another directory:
# scripts/reproducible.sh), each output is made once more by those tools
# and must be the same bytes too: nothing may depend on where the tools
# were built. Prints one line per difference and a summary "N outputs
# compared, M differ"; exits 1 when any differs.
#
# Usage: check_determinism.py SONNX_OPT SONNX_COMPILE WORKDIR
#            --mlir DIR... --model FILE... [--other-build OPT COMPILE]
import argparse
import glob
import os
import subprocess
import sys

PIPELINES = ["--sonnx-to-llvm", "--sonnx-to-llvm=static-memory",
             "--sonnx-to-emitc"]


def run(command):
    r = subprocess.run(command, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return r.returncode, r.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("opt")
    parser.add_argument("compile")
    parser.add_argument("work")
    parser.add_argument("--mlir", nargs="*", default=[])
    parser.add_argument("--model", nargs="*", default=[])
    parser.add_argument("--other-build", nargs=2, metavar=("OPT", "COMPILE"))
    args = parser.parse_args()
    opts, compilers = [args.opt, args.opt], [args.compile, args.compile]
    if args.other_build:
        opts.append(args.other_build[0])
        compilers.append(args.other_build[1])
    compared, differ = 0, []
    for directory in args.mlir:
        for path in sorted(glob.glob(os.path.join(directory, "**", "*.mlir"),
                                     recursive=True)):
            for pipeline in PIPELINES:
                results = [run([opt, path, "--split-input-file", pipeline])
                           for opt in opts]
                if all(r[0] != 0 for r in results):
                    continue
                compared += 1
                if results[0] != results[1]:
                    differ.append("%s %s" % (os.path.relpath(path), pipeline))
                elif results[0] != results[-1]:
                    differ.append("%s %s across builds" %
                                  (os.path.relpath(path), pipeline))
    for model in args.model:
        for emit in (["--emit=obj"], ["--emit=c"]):
            outputs = []
            for run_dir, compiler in zip("abc", compilers):
                out = os.path.join(args.work, run_dir)
                os.makedirs(out, exist_ok=True)
                output = os.path.join(out, "model.out")
                header = os.path.join(out, "model.h")
                code, _ = run([compiler, model] + emit +
                              ["-o", output, "--header", header])
                data = [code]
                for f in (output, header):
                    data.append(open(f, "rb").read()
                                if os.path.exists(f) else None)
                outputs.append(data)
            compared += 1
            if outputs[0] != outputs[1] or outputs[0][0] != 0:
                differ.append("%s sonnx-compile %s" % (os.path.basename(model),
                                                      emit[0]))
            elif outputs[0] != outputs[-1]:
                differ.append("%s sonnx-compile %s across builds" %
                              (os.path.basename(model), emit[0]))
    for d in differ:
        print("check_determinism: differs: " + d)
    print("check_determinism: %d outputs compared, %d differ"
          % (compared, len(differ)))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
