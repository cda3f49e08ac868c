# Reshape at every op version: the shape attribute of Reshape-1 becomes a
# constant operand, Reshape-5/13 take the shape input, Reshape-14+ add
# allowzero (kept when given, absent when left to its default).
#
# RUN: rm -rf %t && %python %s %t
# RUN: sonnx-translate --import-onnx %t/opset1.onnx | FileCheck %s --check-prefix=OPSET1
# RUN: sonnx-translate --import-onnx %t/opset5.onnx | FileCheck %s --check-prefix=OPSET5
# RUN: sonnx-translate --import-onnx %t/opset13_init.onnx | FileCheck %s --check-prefix=INIT
# RUN: sonnx-translate --import-onnx %t/opset14_allowzero.onnx | FileCheck %s --check-prefix=ALLOWZERO
# RUN: sonnx-translate --import-onnx %t/opset14_default.onnx | FileCheck %s --check-prefix=DEFAULT
# RUN: sonnx-translate --import-onnx %t/opset25.onnx | FileCheck %s --check-prefix=OPSET25
# RUN: sonnx-translate --import-onnx %t/scalar.onnx | FileCheck %s --check-prefix=SCALAR
# RUN: sonnx-translate --import-onnx %t/declared.onnx | FileCheck %s --check-prefix=DECLARED
# RUN: sonnx-translate --import-onnx %t/declared.onnx --dynamic-input-shapes | FileCheck %s --check-prefix=DYNAMIC
# RUN: sonnx-translate --import-onnx %t/undeclared.onnx | FileCheck %s --check-prefix=UNDECLARED

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403

# OPSET1: module attributes {sonnx.onnx_graph = "sonnx_case", sonnx.onnx_opset = 1 : i64} {
# OPSET1-NEXT: func.func @main(%arg0: tensor<2x3x4xf32> {sonnx.name = "x"}) -> (tensor<4x6xf32> {sonnx.name = "y"}) {
# OPSET1-NEXT: %[[S:.*]] = arith.constant dense<[4, -1]> : tensor<2xi64>
# OPSET1-NEXT: %[[Y:.*]] = sonnx.reshape %arg0, %[[S]] : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<4x6xf32>
# OPSET1-NEXT: return %[[Y]] : tensor<4x6xf32>
x = value_info("x", "float", [2, 3, 4])
save("opset1", model1(node("Reshape", ["x"], ["y"], shape=[4, -1]), [x],
                      [value_info("y", "float", [4, 6])], 1))

# OPSET5: func.func @main(%arg0: tensor<2x3x4xf32> {sonnx.name = "x"}, %arg1: tensor<3xi64> {sonnx.name = "s"}) -> (tensor<?x?x?xf32> {sonnx.name = "y"})
# OPSET5-NEXT: %[[Y:.*]] = sonnx.reshape %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
# OPSET5-NOT: allowzero
s = value_info("s", "int64", [3])
save("opset5", model1(node("Reshape", ["x", "s"], ["y"]), [x, s],
                      [value_info("y", "float", None)], 5))

# A shape initializer is a constant: the result type is static without any
# declaration.
# INIT: %[[S:.*]] = arith.constant dense<[0, -1, 2]> : tensor<3xi64>
# INIT: sonnx.reshape %arg0, %[[S]] : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<2x6x2xf32>
save("opset13_init", model1(
    node("Reshape", ["x", "s"], ["y"]), [x],
    [value_info("y", "float", None)], 13,
    initializers=[make_tensor("s", "int64", i64([0, -1, 2]))]))

# ALLOWZERO: func.func @main(%arg0: tensor<0x3x4xf32> {sonnx.name = "x"}) -> (tensor<3x4x0xf32> {sonnx.name = "y"})
# ALLOWZERO: sonnx.reshape %arg0, %{{.*}} {allowzero = 1 : i64} : (tensor<0x3x4xf32>, tensor<3xi64>) -> tensor<3x4x0xf32>
save("opset14_allowzero", model1(
    node("Reshape", ["x", "s"], ["y"], allowzero=1),
    [value_info("x", "float", [0, 3, 4])], [value_info("y", "float", None)],
    14, initializers=[make_tensor("s", "int64", i64([3, 4, 0]))]))

# DEFAULT: sonnx.reshape %arg0, %{{.*}} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<24xf32>
save("opset14_default", model1(
    node("Reshape", ["x", "s"], ["y"]), [x], [value_info("y", "float", None)],
    14, initializers=[make_tensor("s", "int64", i64([-1]))]))

# OPSET25: sonnx.onnx_opset = 25 : i64
# OPSET25: sonnx.reshape %arg0, %{{.*}} {allowzero = 0 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<12x2xf32>
save("opset25", model1(
    node("Reshape", ["x", "s"], ["y"], allowzero=0), [x],
    [value_info("y", "float", None)], 25,
    initializers=[make_tensor("s", "int64", i64([12, 2]))]))

# An empty shape makes a scalar.
# SCALAR: %[[S:.*]] = arith.constant dense<> : tensor<0xi64>
# SCALAR: sonnx.reshape %arg0, %[[S]] : (tensor<1x1xi64>, tensor<0xi64>) -> tensor<i64>
save("scalar", model1(
    node("Reshape", ["x", "s"], ["y"]), [value_info("x", "int64", [1, 1])],
    [value_info("y", "int64", [])], 13,
    initializers=[make_tensor("s", "int64", i64([]).reshape(0))]))

# The declared output type makes the sizes static that a run-time shape
# leaves unknown; a symbolic size (dim_param) stays dynamic. With
# --dynamic-input-shapes only the ranks of declarations count.
# DECLARED: func.func @main(%arg0: tensor<2x3x4xf32> {sonnx.name = "x"}, %arg1: tensor<3xi64> {sonnx.name = "s"}) -> (tensor<?x4x6xf32> {sonnx.name = "y"})
# DECLARED: sonnx.reshape %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<?x4x6xf32>
# DYNAMIC: func.func @main(%arg0: tensor<?x?x?xf32> {sonnx.name = "x"}, %arg1: tensor<?xi64> {sonnx.name = "s"}) -> (tensor<?x?x?xf32> {sonnx.name = "y"})
# DYNAMIC: sonnx.reshape %arg0, %arg1 : (tensor<?x?x?xf32>, tensor<?xi64>) -> tensor<?x?x?xf32>
save("declared", model1(
    node("Reshape", ["x", "s"], ["y"]), [x, s],
    [value_info("y", "float", ["N", 4, 6])], 13))

# Without any declaration, a run-time shape of unknown length gives an
# unranked result.
# UNDECLARED: func.func @main(%arg0: tensor<2x3x4xf32> {sonnx.name = "x"}, %arg1: tensor<?xi64> {sonnx.name = "s"}) -> (tensor<*xf32> {sonnx.name = "y"})
# UNDECLARED: sonnx.reshape %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<?xi64>) -> tensor<*xf32>
save("undeclared", model1(
    node("Reshape", ["x", "s"], ["y"]), [x, value_info("s", "int64", ["n"])],
    [value_info("y", "float", None)], 13))
