# Unsqueeze at every op version: the axes attribute of Unsqueeze-1 and 11
# becomes a constant operand (negative axes only from opset 11), and
# Unsqueeze-13+ takes the axes input.
#
# RUN: rm -rf %t && %python %s %t
# RUN: sonnx-translate --import-onnx %t/opset1.onnx | FileCheck %s --check-prefix=OPSET1
# RUN: sonnx-translate --import-onnx %t/opset11.onnx | FileCheck %s --check-prefix=OPSET11
# RUN: sonnx-translate --import-onnx %t/opset13.onnx | FileCheck %s --check-prefix=OPSET13
# RUN: sonnx-translate --import-onnx %t/opset13_init.onnx | FileCheck %s --check-prefix=INIT
# RUN: sonnx-translate --import-onnx %t/scalar.onnx | FileCheck %s --check-prefix=SCALAR
# RUN: sonnx-translate --import-onnx %t/zero.onnx | FileCheck %s --check-prefix=ZERO
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/opset1_negative.onnx 2>&1 | FileCheck %s --check-prefix=NEGATIVE1
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/opset13_duplicate.onnx 2>&1 | FileCheck %s --check-prefix=DUPLICATE

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403

x = value_info("x", "float", [3, 4])

# OPSET1: sonnx.onnx_opset = 1 : i64
# OPSET1: %[[A:.*]] = arith.constant dense<[0, 3]> : tensor<2xi64>
# OPSET1-NEXT: %[[Y:.*]] = sonnx.unsqueeze %arg0, %[[A]] : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
# OPSET1-NEXT: return %[[Y]]
save("opset1", model1(node("Unsqueeze", ["x"], ["y"], axes=[0, 3]), [x],
                      [value_info("y", "float", None)], 1))

# OPSET11: %[[A:.*]] = arith.constant dense<[-1, 0]> : tensor<2xi64>
# OPSET11-NEXT: sonnx.unsqueeze %arg0, %[[A]] : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
save("opset11", model1(node("Unsqueeze", ["x"], ["y"], axes=[-1, 0]), [x],
                       [value_info("y", "float", None)], 11))

# A run-time axes input: the rank is known, the sizes are not.
# OPSET13: func.func @main(%arg0: tensor<3x4xf32> {sonnx.name = "x"}, %arg1: tensor<1xi64> {sonnx.name = "axes"}) -> (tensor<?x?x?xf32> {sonnx.name = "y"})
# OPSET13-NEXT: sonnx.unsqueeze %arg0, %arg1 : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
save("opset13", model1(node("Unsqueeze", ["x", "axes"], ["y"]),
                       [x, value_info("axes", "int64", [1])],
                       [value_info("y", "float", None)], 13))

# INIT: %[[A:.*]] = arith.constant dense<[-4, 2]> : tensor<2xi64>
# INIT: sonnx.unsqueeze %arg0, %[[A]] : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x1x4xf32>
save("opset13_init", model1(
    node("Unsqueeze", ["x", "axes"], ["y"]), [x],
    [value_info("y", "float", None)], 13,
    initializers=[make_tensor("axes", "int64", i64([-4, 2]))]))

# SCALAR: sonnx.unsqueeze %arg0, %{{.*}} : (tensor<i8>, tensor<1xi64>) -> tensor<1xi8>
save("scalar", model1(
    node("Unsqueeze", ["x", "axes"], ["y"]), [value_info("x", "int8", [])],
    [value_info("y", "int8", None)], 13,
    initializers=[make_tensor("axes", "int64", i64([0]))]))

# ZERO: sonnx.unsqueeze %arg0, %{{.*}} : (tensor<0x2xf32>, tensor<1xi64>) -> tensor<0x2x1xf32>
save("zero", model1(
    node("Unsqueeze", ["x", "axes"], ["y"]), [value_info("x", "float", [0, 2])],
    [value_info("y", "float", None)], 13,
    initializers=[make_tensor("axes", "int64", i64([2]))]))

# Unsqueeze-1 takes axes in [0, rY-1] only: a negative axis is out of range.
# NEGATIVE1: error: node 0 'u' (Unsqueeze): axis -1 is negative; Unsqueeze before opset 11 takes axes in [0, rY-1] [unsqueeze.A.C1]
save("opset1_negative", model1(node("Unsqueeze", ["x"], ["y"], name="u",
                                    axes=[0, -1]), [x],
                               [value_info("y", "float", None)], 1))

# The constraints on constant axes are the verifier's (every one is covered
# by generated-cases.test); the message names the node.
# DUPLICATE: error: node 0 'u' (Unsqueeze): 'sonnx.unsqueeze' op axis 1 is designated twice (axes[0] = -3 and axes[1] = 1) [unsqueeze.A.C2]
save("opset13_duplicate", model1(
    node("Unsqueeze", ["x", "axes"], ["y"], name="u"), [x],
    [value_info("y", "float", None)], 13,
    initializers=[make_tensor("axes", "int64", i64([-3, 1]))]))
