# Expand-8 and 13 (and up to opset 25): the shape input, as a graph input,
# an initializer or a Constant node.
#
# RUN: rm -rf %t && %python %s %t
# RUN: sonnx-translate --import-onnx %t/opset8.onnx | FileCheck %s --check-prefix=OPSET8
# RUN: sonnx-translate --import-onnx %t/opset13_init.onnx | FileCheck %s --check-prefix=INIT
# RUN: sonnx-translate --import-onnx %t/opset25_constant.onnx | FileCheck %s --check-prefix=CONSTANT
# RUN: sonnx-translate --import-onnx %t/zero.onnx | FileCheck %s --check-prefix=ZERO

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403

x = value_info("x", "float", [3, 1])

# OPSET8: func.func @main(%arg0: tensor<3x1xf32> {sonnx.name = "x"}, %arg1: tensor<3xi64> {sonnx.name = "shape"}) -> (tensor<2x3x6xf32> {sonnx.name = "y"})
# OPSET8-NEXT: %[[Y:.*]] = sonnx.expand %arg0, %arg1 : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x6xf32>
# OPSET8-NEXT: return %[[Y]]
save("opset8", model1(node("Expand", ["x", "shape"], ["y"]),
                      [x, value_info("shape", "int64", [3])],
                      [value_info("y", "float", [2, 3, 6])], 8))

# INIT: %[[S:.*]] = arith.constant dense<[2, 1, 6]> : tensor<3xi64>
# INIT: sonnx.expand %arg0, %[[S]] : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x6xf32>
save("opset13_init", model1(
    node("Expand", ["x", "shape"], ["y"]), [x],
    [value_info("y", "float", None)], 13,
    initializers=[make_tensor("shape", "int64", i64([2, 1, 6]))]))

# CONSTANT: %[[S:.*]] = arith.constant dense<1> : tensor<1xi64>
# CONSTANT: sonnx.expand %arg0, %[[S]] : (tensor<3x1xf32>, tensor<1xi64>) -> tensor<3x1xf32>
save("opset25_constant", make_model(
    [node("Constant", [], ["shape"], value_ints=[1]),
     node("Expand", ["x", "shape"], ["y"])], [x],
    [value_info("y", "float", None)], 25))

# ZERO: sonnx.expand %arg0, %{{.*}} : (tensor<1x3xui16>, tensor<2xi64>) -> tensor<0x3xui16>
save("zero", model1(
    node("Expand", ["x", "shape"], ["y"]), [value_info("x", "uint16", [1, 3])],
    [value_info("y", "uint16", None)], 13,
    initializers=[make_tensor("shape", "int64", i64([0, 1]))]))
