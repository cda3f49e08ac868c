# make_models.py - the ONNX models of the C API test (capi-onnx.test).
#
# Part of the sonnx project.
#
# Usage: make_models.py OUT_DIR. Writes flatten.onnx (valid) and
# flatten_bad_axis.onnx (axis 5 on a rank-2 input: a broken rule).

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "Target", "ONNX", "Inputs"))
from lit_models import model1, node, save, value_info  # noqa: E402

x = value_info("x", "float", [2, 3])
y = value_info("y", "float", None)
save("flatten", model1(node("Flatten", ["x"], ["y"], name="f", axis=1),
                       [x], [y], 13))
save("flatten_bad_axis",
     model1(node("Flatten", ["x"], ["y"], name="f", axis=5), [x], [y], 13))
