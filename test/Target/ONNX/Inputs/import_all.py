# import_all.py - import every libonnx-testdata model of the supported ops.
#
# Part of the sonnx project.
#
# Usage: import_all.py SONNX_TRANSLATE TESTDATA_DIR
# Imports node/test_{reshape,unsqueeze,flatten,expand}_*, node/test_identity,
# node/test_constant, simple/test_expand_shape_model* and
# pytorch-operator/test_operator_{flatten,view}; prints one line per failure
# and a summary. Fails when the selection is empty (data not installed).

import glob
import os
import subprocess
import sys

translate, root = sys.argv[1:3]
patterns = ["node/test_reshape_*", "node/test_unsqueeze_*",
            "node/test_flatten_*", "node/test_expand_*",
            "node/test_identity", "node/test_constant",
            "simple/test_expand_shape_model*",
            "pytorch-operator/test_operator_flatten",
            "pytorch-operator/test_operator_view"]
models = sorted(m for p in patterns
                for m in glob.glob(os.path.join(root, p, "model.onnx")))
failures = 0
for model in models:
    proc = subprocess.run([translate, "--import-onnx", model],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        failures += 1
        print("FAIL: %s: %s" % (model, proc.stderr.decode().strip()))
print("%d models imported, %d failures" % (len(models) - failures, failures))
sys.exit(1 if failures or not models else 0)
