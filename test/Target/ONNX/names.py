# Naming conventions: one func.func (@main unless --function-name), each
# argument and result carries its ONNX name in a `sonnx.name` attribute, the
# module carries the graph name and opset, and each op's location is named
# after its ONNX node: "node <index> '<name>' (<OpType>)", without the name
# when the node has none (locations.test covers every kind).
#
# RUN: rm -rf %t && %python %s %t
# RUN: sonnx-translate --import-onnx %t/names.onnx | FileCheck %s
# RUN: sonnx-translate --import-onnx %t/names.onnx --function-name=forward | FileCheck %s --check-prefix=FUNC
# RUN: sonnx-translate --import-onnx %t/names.onnx --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
# RUN: sonnx-translate --import-onnx %t/names.onnx -o %t/names.mlir
# RUN: sonnx-opt %t/names.mlir | FileCheck %s
# RUN: sonnx-translate --import-onnx - < %t/names.onnx | FileCheck %s
# RUN: sonnx-translate --import-onnx %t/input_initializer.onnx | FileCheck %s --check-prefix=INIT
# RUN: sonnx-translate --import-onnx %t/input_initializer.onnx --mlir-print-debuginfo | FileCheck %s --check-prefix=INITLOC

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403

# Names that are not MLIR identifiers are kept verbatim; a graph input can
# be a graph output directly.
# CHECK: module attributes {sonnx.onnx_graph = "my graph", sonnx.onnx_opset = 13 : i64} {
# CHECK-NEXT: func.func @main(%arg0: tensor<4xf32> {sonnx.name = "data:0"}, %arg1: tensor<1xi64> {sonnx.name = "axes/1"}) -> (tensor<4x1xf32> {sonnx.name = "out \22quoted\22"}, tensor<4xf32> {sonnx.name = "data:0"}) {
# CHECK-NEXT: %[[Y:.*]] = sonnx.unsqueeze %arg0, %arg1
# CHECK-NEXT: return %[[Y]], %arg0 : tensor<4x1xf32>, tensor<4xf32>
# FUNC: func.func @forward(
# LOC-DAG: #[[FILE:.*]] = loc("{{.*}}names.onnx":0:0)
# LOC-DAG: loc("node 0 'unsqueeze node' (Unsqueeze)"(#[[FILE]]))
# LOC-DAG: loc("graph input 'axes/1'"(#[[FILE]]))
save("names", make_model(
    [node("Unsqueeze", ["data:0", "axes/1"], ['out "quoted"'],
          name="unsqueeze node")],
    [value_info("data:0", "float", [4]), value_info("axes/1", "int64", [1])],
    [value_info('out "quoted"', "float", [4, 1]),
     value_info("data:0", "float", [4])], 13, name="my graph"))

# A graph input that is also an initializer (IR version < 4) is the
# initializer's constant, not an argument.
# INIT: func.func @main(%arg0: tensor<2x2xf32> {sonnx.name = "x"}) -> (tensor<4xf32> {sonnx.name = "y"}) {
# INIT-NEXT: %[[S:.*]] = arith.constant dense<4> : tensor<1xi64>
# INIT-NEXT: sonnx.reshape %arg0, %[[S]]
# INITLOC-DAG: loc("initializer 's'"(
# INITLOC-DAG: loc("node 0 (Reshape)"(
save("input_initializer", make_model(
    [node("Reshape", ["x", "s"], ["y"])],
    [value_info("x", "float", [2, 2]), value_info("s", "int64", [1])],
    [value_info("y", "float", [4])], 5,
    initializers=[make_tensor("s", "int64", i64([4]))], ir_version=3))
