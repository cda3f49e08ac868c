# round_trip.py - `sonnx-run MODEL --input ... --output-dir` round trips.
#
# Part of the sonnx project.
#
# Usage: round_trip.py SONNX_RUN SONNX_TRANSLATE OUT CASE_DIR...
# For each ONNX test directory CASE_DIR (test_data_set_0 only): runs
# `sonnx-run CASE_DIR/model.onnx --input input_K.pb ... --output-dir
# OUT/<case>/test_data_set_0`, checks that every written output_K.pb equals
# the expected one bit for bit (sonnx-translate --compare-tensors), then
# copies the model and inputs beside the written outputs and checks that
# `sonnx-run OUT/<case>` accepts them (exit 0). Prints one line per case
# and a summary; exit 1 on any failure.

import glob
import os
import shutil
import subprocess
import sys

run, translate, out = sys.argv[1:4]
cases = sys.argv[4:]
failures = 0
for case in cases:
    name = os.path.basename(os.path.normpath(case))
    data = os.path.join(case, "test_data_set_0")
    inputs = sorted(glob.glob(os.path.join(data, "input_*.pb")),
                    key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
    expected = sorted(glob.glob(os.path.join(data, "output_*.pb")),
                      key=lambda p: int(p.rsplit("_", 1)[1][:-3]))
    target = os.path.join(out, name)
    written = os.path.join(target, "test_data_set_0")
    shutil.rmtree(target, ignore_errors=True)
    command = [run, os.path.join(case, "model.onnx"), "--output-dir", written]
    for path in inputs:
        command += ["--input", path]
    proc = subprocess.run(command, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT)
    problems = []
    if proc.returncode != 0:
        problems.append("exit %d: %s" % (proc.returncode,
                                         proc.stdout.decode().strip()))
    else:
        for k, path in enumerate(expected):
            actual = os.path.join(written, "output_%d.pb" % k)
            cmp = subprocess.run([translate, "--compare-tensors", path,
                                  actual], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
            if cmp.returncode != 0:
                problems.append(cmp.stdout.decode().strip())
        extra = os.path.join(written, "output_%d.pb" % len(expected))
        if os.path.exists(extra):
            problems.append("more outputs written than expected")
        shutil.copy(os.path.join(case, "model.onnx"), target)
        for path in inputs:
            shutil.copy(path, written)
        again = subprocess.run([run, target], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
        if again.returncode != 0:
            problems.append("sonnx-run on the written outputs: exit %d: %s" %
                            (again.returncode, again.stdout.decode().strip()))
    if problems:
        failures += 1
        print("FAIL %s: %s" % (name, "; ".join(problems)))
    else:
        print("ok %s: %d outputs" % (name, len(expected)))
print("%d cases round-tripped, %d failures" % (len(cases) - failures,
                                              failures))
sys.exit(1 if failures or not cases else 0)
