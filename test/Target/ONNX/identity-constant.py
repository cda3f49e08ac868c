# Identity names its input again (no op); Constant nodes and initializers
# become arith.constant ops, in every form of the Constant attributes.
#
# RUN: rm -rf %t && %python %s %t
# RUN: sonnx-translate --import-onnx %t/identity.onnx | FileCheck %s --check-prefix=IDENTITY
# RUN: sonnx-translate --import-onnx %t/constants.onnx | FileCheck %s --check-prefix=CONSTANTS
# RUN: sonnx-translate --import-onnx %t/constant_opset1.onnx | FileCheck %s --check-prefix=OPSET1
# RUN: sonnx-translate --import-onnx %t/string_constants.onnx | FileCheck %s --check-prefix=STRINGS
# RUN: sonnx-translate --import-onnx %t/string_constants.onnx | sonnx-opt --sonnx-to-llvm | FileCheck %s --check-prefix=STRINGS-LLVM

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403

# A chain of Identity nodes, and an Identity of an initializer.
# IDENTITY: func.func @main(%arg0: tensor<2x3xi8> {sonnx.name = "x"}) -> (tensor<2x3xi8> {sonnx.name = "y"}, tensor<2xi64> {sonnx.name = "w2"}) {
# IDENTITY-NEXT: %[[W:.*]] = arith.constant dense<[7, 8]> : tensor<2xi64>
# IDENTITY-NEXT: return %arg0, %[[W]] : tensor<2x3xi8>, tensor<2xi64>
save("identity", make_model(
    [node("Identity", ["x"], ["a"], name="i0"),
     node("Identity", ["a"], ["y"], name="i1"),
     node("Identity", ["w"], ["w2"], name="i2")],
    [value_info("x", "int8", [2, 3])],
    [value_info("y", "int8", [2, 3]), value_info("w2", "int64", [2])], 16,
    initializers=[make_tensor("w", "int64", i64([7, 8]))]))

# CONSTANTS: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
# CONSTANTS: arith.constant dense<-5> : tensor<i64>
# CONSTANTS: %[[S:.*]] = arith.constant dense<[3, 2]> : tensor<2xi64>
# CONSTANTS: arith.constant dense<2.500000e-01> : tensor<f32>
# CONSTANTS: arith.constant dense<[5.000000e-01, -1.000000e+00, 0.000000e+00]> : tensor<3xf32>
# CONSTANTS: arith.constant dense<> : tensor<0xi64>
# CONSTANTS: sonnx.reshape %arg0, %[[S]] : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
save("constants", make_model(
    [node("Constant", [], ["c_value"],
          value=make_tensor("", "float", np.array([1, 2], np.float32))),
     node("Constant", [], ["c_int"], value_int=-5),
     node("Constant", [], ["c_ints"], value_ints=[3, 2]),
     node("Constant", [], ["c_float"], value_float=0.25),
     node("Constant", [], ["c_floats"], value_floats=[0.5, -1.0, 0.0]),
     node("Constant", [], ["c_empty"],
          value=make_tensor("", "int64", i64([]).reshape(0))),
     node("Reshape", ["x", "c_ints"], ["y"])],
    [value_info("x", "float", [2, 3])],
    [value_info("y", "float", None), value_info("c_value", "float", [2]),
     value_info("c_int", "int64", []), value_info("c_float", "float", []),
     value_info("c_floats", "float", [3]),
     value_info("c_empty", "int64", [0])], 13))

# Constant-1 has only the `value` attribute.
# OPSET1: arith.constant dense<[1, 2, 3]> : tensor<3xi32>
save("constant_opset1", make_model(
    [node("Constant", [], ["c"],
          value=make_tensor("", "int32", np.array([1, 2, 3], np.int32),
                            raw=False))],
    [], [value_info("c", "int32", [3])], 1))

# String initializers and Constant nodes are arith.constant string tensors;
# the lowering turns them into string records (docs/pipeline.md).
# STRINGS: arith.constant dense<["a", "b\00c"]> : tensor<2x!sonnx.string>
# STRINGS: arith.constant dense<"zz"> : tensor<1x!sonnx.string>
# STRINGS: sonnx.expand
# STRINGS-LLVM-DAG: llvm.mlir.global external constant @__sonnx_string_constant_count(3 : i64)
# STRINGS-LLVM-DAG: llvm.mlir.constant("b\00c\00") : !llvm.array<4 x i8>
save("string_constants", make_model(
    [node("Constant", [], ["c"], name="c", value_strings=[b"zz"]),
     node("Expand", ["c", "s"], ["e"], name="e")],
    [], [value_info("w", "string", [2]), value_info("e", "string", [3])], 13,
    initializers=[
        make_tensor("w", "string", np.array([b"a", b"b\x00c"], dtype=object),
                    raw=False),
        make_tensor("s", "int64", i64([3]))]))
