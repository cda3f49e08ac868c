# --strict-profile reports every ONNX attribute left to its default value
# [profile.GR4] (Flatten axis, Reshape-14+ allowzero), all of them, with the
# node, and exits 1. Without the option the defaults are applied. Reshape
# before opset 14 has no allowzero attribute, so nothing is defaulted.
#
# RUN: rm -rf %t && %python %s %t
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx --strict-profile %t/defaults.onnx 2>&1 | FileCheck %s --check-prefix=STRICT
# RUN: sonnx-translate --import-onnx %t/defaults.onnx | FileCheck %s --check-prefix=LENIENT
# RUN: sonnx-translate --import-onnx --strict-profile %t/explicit.onnx | FileCheck %s --check-prefix=EXPLICIT
# RUN: sonnx-translate --import-onnx --strict-profile %t/reshape13.onnx | FileCheck %s --check-prefix=RESHAPE13
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx --strict-profile %t/flatten1.onnx 2>&1 | FileCheck %s --check-prefix=FLATTEN1

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403

x = value_info("x", "float", [2, 3, 4])
s = value_info("s", "int64", [2])

# STRICT: defaults.onnx: error: node 0 'r' (Reshape): attribute 'allowzero' is left to its ONNX default (0); the profile requires it to be given [profile.GR4]
# STRICT-NEXT: defaults.onnx: error: node 1 'f' (Flatten): attribute 'axis' is left to its ONNX default (1); the profile requires it to be given [profile.GR4]
# STRICT-NOT: error
# LENIENT: %[[R:.*]] = sonnx.reshape %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
# LENIENT-NEXT: sonnx.flatten %[[R]] {axis = 1 : i64} : (tensor<?x?xf32>) -> tensor<?x?xf32>
save("defaults", make_model(
    [node("Reshape", ["x", "s"], ["r"], name="r"),
     node("Flatten", ["r"], ["y"], name="f")], [x, s],
    [value_info("y", "float", None)], 14))

# EXPLICIT: sonnx.reshape %arg0, %arg1 {allowzero = 0 : i64}
# EXPLICIT: sonnx.flatten %{{.*}} {axis = 1 : i64}
save("explicit", make_model(
    [node("Reshape", ["x", "s"], ["r"], name="r", allowzero=0),
     node("Flatten", ["r"], ["y"], name="f", axis=1)], [x, s],
    [value_info("y", "float", None)], 14))

# RESHAPE13: sonnx.reshape %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2xi64>)
save("reshape13", model1(node("Reshape", ["x", "s"], ["y"], name="r"), [x, s],
                         [value_info("y", "float", None)], 13))

# FLATTEN1: error: node 0 'f' (Flatten): attribute 'axis' is left to its ONNX default (1); the profile requires it to be given [profile.GR4]
save("flatten1", model1(node("Flatten", ["x"], ["y"], name="f"), [x],
                        [value_info("y", "float", None)], 1))
