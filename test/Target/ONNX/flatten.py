# Flatten at every op version; the default axis 1 is made explicit (it is
# an error under --strict-profile, see strict-profile.py), and negative
# axes are accepted from opset 11.
#
# RUN: rm -rf %t && %python %s %t
# RUN: sonnx-translate --import-onnx %t/default.onnx | FileCheck %s --check-prefix=DEFAULT
# RUN: sonnx-translate --import-onnx %t/opset1.onnx | FileCheck %s --check-prefix=OPSET1
# RUN: sonnx-translate --import-onnx %t/opset9.onnx | FileCheck %s --check-prefix=OPSET9
# RUN: sonnx-translate --import-onnx %t/opset11.onnx | FileCheck %s --check-prefix=OPSET11
# RUN: sonnx-translate --import-onnx %t/opset25.onnx | FileCheck %s --check-prefix=OPSET25
# RUN: sonnx-translate --import-onnx %t/scalar.onnx | FileCheck %s --check-prefix=SCALAR
# RUN: sonnx-translate --import-onnx %t/dynamic.onnx | FileCheck %s --check-prefix=DYNAMIC
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/opset9_negative.onnx 2>&1 | FileCheck %s --check-prefix=NEGATIVE9
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/scalar_default.onnx 2>&1 | FileCheck %s --check-prefix=SCALARDEFAULT

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403

x = value_info("x", "float", [2, 3, 4])

# DEFAULT: %[[Y:.*]] = sonnx.flatten %arg0 {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
# DEFAULT-NEXT: return %[[Y]] : tensor<2x12xf32>
save("default", model1(node("Flatten", ["x"], ["y"]), [x],
                       [value_info("y", "float", None)], 13))

# OPSET1: sonnx.flatten %arg0 {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
save("opset1", model1(node("Flatten", ["x"], ["y"], axis=0), [x],
                      [value_info("y", "float", None)], 1))

# OPSET9: sonnx.flatten %arg0 {axis = 3 : i64} : (tensor<2x3x4xi32>) -> tensor<24x1xi32>
save("opset9", model1(node("Flatten", ["x"], ["y"], axis=3),
                      [value_info("x", "int32", [2, 3, 4])],
                      [value_info("y", "int32", None)], 9))

# OPSET11: sonnx.flatten %arg0 {axis = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
save("opset11", model1(node("Flatten", ["x"], ["y"], axis=-1), [x],
                       [value_info("y", "float", None)], 11))

# OPSET25: sonnx.flatten %arg0 {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
save("opset25", model1(node("Flatten", ["x"], ["y"], axis=2), [x],
                       [value_info("y", "float", None)], 25))

# SCALAR: sonnx.flatten %arg0 {axis = 0 : i64} : (tensor<f64>) -> tensor<1x1xf64>
save("scalar", model1(node("Flatten", ["x"], ["y"], axis=0),
                      [value_info("x", "double", [])],
                      [value_info("y", "double", None)], 13))

# DYNAMIC: func.func @main(%arg0: tensor<?x3x4xf32> {sonnx.name = "x"}) -> (tensor<?x12xf32> {sonnx.name = "y"})
# DYNAMIC: sonnx.flatten %arg0 {axis = 1 : i64} : (tensor<?x3x4xf32>) -> tensor<?x12xf32>
save("dynamic", model1(node("Flatten", ["x"], ["y"], axis=1),
                       [value_info("x", "float", ["batch", 3, 4])],
                       [value_info("y", "float", ["batch", 12])], 13))

# Flatten before opset 11 takes an axis in [0, r]: a negative one is out of
# range.
# NEGATIVE9: error: node 0 'f' (Flatten): axis -1 is negative; Flatten before opset 11 takes an axis in [0, r] [flatten.axis.C2]
save("opset9_negative", model1(node("Flatten", ["x"], ["y"], name="f",
                                    axis=-1), [x],
                               [value_info("y", "float", None)], 9))

# The default axis 1 is out of range for a scalar.
# SCALARDEFAULT: error: node 0 'f' (Flatten): 'sonnx.flatten' op axis 1 is out of range [0, 0] for an input of rank 0 [flatten.axis.C2]
save("scalar_default", model1(node("Flatten", ["x"], ["y"], name="f"),
                              [value_info("x", "double", [])],
                              [value_info("y", "double", None)], 13))
