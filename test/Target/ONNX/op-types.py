# Each op takes the element types of its own specification (the *.types
# rules): the importer refuses a node on any other type, naming the node and
# citing the op's rule, and an older Reshape version by the types of that
# version (reshape.types: Reshape-1 takes float16, float, double only;
# Reshape-5 no bfloat16). One model per boundary type (bfloat16, int4/uint4,
# complex, string) on each side of each rule.
#
# RUN: rm -rf %t && %python %s %t
#
# Refused, exit 1, the node named:
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/unsqueeze_bfloat16.onnx 2>&1 | FileCheck %s --check-prefix=UNSQ-BF16
# UNSQ-BF16: error: node 0 'u' (Unsqueeze): 'sonnx.unsqueeze' op element type 'bf16' is not allowed for Unsqueeze by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string) [unsqueeze.types]
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/unsqueeze_int4.onnx 2>&1 | FileCheck %s --check-prefix=UNSQ-INT4
# UNSQ-INT4: error: node 0 'u' (Unsqueeze): 'sonnx.unsqueeze' op element type 'i4' is not allowed for Unsqueeze by the profile ({{.*}}) [unsqueeze.types]
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/unsqueeze_complex64.onnx 2>&1 | FileCheck %s --check-prefix=UNSQ-C64
# UNSQ-C64: error: node 0 'u' (Unsqueeze): 'sonnx.unsqueeze' op element type 'complex<f32>' is not allowed for Unsqueeze by the profile ({{.*}}) [unsqueeze.types]
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/flatten_complex128.onnx 2>&1 | FileCheck %s --check-prefix=FLAT-C128
# FLAT-C128: error: node 0 'f' (Flatten): 'sonnx.flatten' op element type 'complex<f64>' is not allowed for Flatten by the profile (bool, i4, i8, i16, i32, i64, ui4, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string) [flatten.types]
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/reshape_uint4.onnx 2>&1 | FileCheck %s --check-prefix=RESH-UINT4
# RESH-UINT4: error: node 0 'r' (Reshape): 'sonnx.reshape' op element type 'ui4' is not allowed for Reshape by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64, !sonnx.string, complex<f32>, complex<f64>) [reshape.types]
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/expand_int4.onnx 2>&1 | FileCheck %s --check-prefix=EXP-INT4
# EXP-INT4: error: node 0 'e' (Expand): 'sonnx.expand' op element type 'i4' is not allowed for Expand by the profile ({{.*}}) [expand.types]
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/reshape1_int32.onnx 2>&1 | FileCheck %s --check-prefix=RESH1-INT32
# RESH1-INT32: error: node 0 'r' (Reshape): input 'x' has element type 'i32', which is not allowed for Reshape-1 (the model imports opset 4) by the profile (f16, f32, f64) [reshape.types]
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/reshape5_bfloat16.onnx 2>&1 | FileCheck %s --check-prefix=RESH5-BF16
# RESH5-BF16: error: node 0 'r' (Reshape): input 'x' has element type 'bf16', which is not allowed for Reshape-5 (the model imports opset 12) by the profile (bool, i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, !sonnx.string, complex<f32>, complex<f64>) [reshape.types]
#
# sonnx-run refuses the same models with exit 2 (the data are initializers:
# no input files needed); a taken type runs.
# RUN: %python %S/Inputs/expect_exit.py 2 sonnx-run %t/run_unsqueeze_bfloat16.onnx 2>&1 | FileCheck %s --check-prefix=RUN-BF16
# RUN-BF16: sonnx-run: error: node 0 'u' (Unsqueeze): 'sonnx.unsqueeze' op element type 'bf16' is not allowed for Unsqueeze by the profile ({{.*}}) [unsqueeze.types]
# RUN: %python %S/Inputs/expect_exit.py 2 sonnx-run %t/run_reshape1_int32.onnx 2>&1 | FileCheck %s --check-prefix=RUN-RESH1
# RUN-RESH1: sonnx-run: error: node 0 'r' (Reshape): input 'x' has element type 'i32', which is not allowed for Reshape-1 (the model imports opset 4) by the profile (f16, f32, f64) [reshape.types]
# RUN: sonnx-run %t/run_expand_complex64.onnx | FileCheck %s --check-prefix=RUN-C64
# RUN-C64: output 0 ('y'): dense<{{\[\[}}(1.000000e+00,-2.000000e+00), (1.000000e+00,-2.000000e+00)], [(0x7FC00000,3.000000e+00), (0x7FC00000,3.000000e+00)]]> : tensor<2x2xcomplex<f32>>
#
# Taken:
# RUN: sonnx-translate --import-onnx %t/unsqueeze_string.onnx | FileCheck %s --check-prefix=UNSQ-STR
# UNSQ-STR: sonnx.unsqueeze %arg0, %{{.*}} : (tensor<3x!sonnx.string>, tensor<1xi64>) -> tensor<1x3x!sonnx.string>
# RUN: sonnx-translate --import-onnx %t/flatten_bfloat16.onnx | FileCheck %s --check-prefix=FLAT-BF16
# FLAT-BF16: sonnx.flatten %arg0 {axis = 1 : i64} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
# RUN: sonnx-translate --import-onnx %t/flatten_uint4.onnx | FileCheck %s --check-prefix=FLAT-UINT4
# FLAT-UINT4: sonnx.flatten %arg0 {axis = 1 : i64} : (tensor<2x3xui4>) -> tensor<2x3xui4>
# RUN: sonnx-translate --import-onnx %t/reshape_complex128.onnx | FileCheck %s --check-prefix=RESH-C128
# RESH-C128: sonnx.reshape %arg0, %{{.*}} : (tensor<2x3xcomplex<f64>>, tensor<1xi64>) -> tensor<6xcomplex<f64>>
# RUN: sonnx-translate --import-onnx %t/expand_complex64.onnx | FileCheck %s --check-prefix=EXP-C64
# EXP-C64: sonnx.expand %arg0, %{{.*}} : (tensor<3x1xcomplex<f32>>, tensor<2xi64>) -> tensor<3x4xcomplex<f32>>
# RUN: sonnx-translate --import-onnx %t/reshape13_bfloat16.onnx | FileCheck %s --check-prefix=RESH13-BF16
# RESH13-BF16: sonnx.reshape %arg0, %{{.*}} : (tensor<2x3xbf16>, tensor<1xi64>) -> tensor<6xbf16>
# RUN: sonnx-translate --import-onnx %t/reshape1_float16.onnx | FileCheck %s --check-prefix=RESH1-F16
# RESH1-F16: sonnx.reshape %arg0, %{{.*}} : (tensor<2x3xf16>, tensor<1xi64>) -> tensor<6xf16>
# RUN: sonnx-translate --import-onnx %t/reshape5_int32.onnx | FileCheck %s --check-prefix=RESH5-INT32
# RESH5-INT32: sonnx.reshape %arg0, %{{.*}} : (tensor<2x3xi32>, tensor<1xi64>) -> tensor<6xi32>

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403


def unsqueeze(name, dtype, opset=13):
    save(name, model1(node("Unsqueeze", ["x", "a"], ["y"], name="u"),
                      [value_info("x", dtype, [3])],
                      [value_info("y", dtype, None)], opset,
                      initializers=[make_tensor("a", "int64", i64([0]))]))


def flatten(name, dtype, opset=13):
    save(name, model1(node("Flatten", ["x"], ["y"], name="f", axis=1),
                      [value_info("x", dtype, [2, 3])],
                      [value_info("y", dtype, None)], opset))


def reshape(name, dtype, opset=14):
    attrs = {"allowzero": 0} if opset >= 14 else {}
    if opset < 5:
        save(name, model1(node("Reshape", ["x"], ["y"], name="r", shape=[6]),
                          [value_info("x", dtype, [2, 3])],
                          [value_info("y", dtype, None)], opset))
        return
    save(name, model1(node("Reshape", ["x", "s"], ["y"], name="r", **attrs),
                      [value_info("x", dtype, [2, 3])],
                      [value_info("y", dtype, None)], opset,
                      initializers=[make_tensor("s", "int64", i64([6]))]))


def expand(name, dtype, opset=13):
    save(name, model1(node("Expand", ["x", "s"], ["y"], name="e"),
                      [value_info("x", dtype, [3, 1])],
                      [value_info("y", dtype, None)], opset,
                      initializers=[make_tensor("s", "int64", i64([3, 4]))]))


unsqueeze("unsqueeze_bfloat16", "bfloat16")
unsqueeze("unsqueeze_int4", "int4", opset=21)
unsqueeze("unsqueeze_complex64", "complex64")
unsqueeze("unsqueeze_string", "string")
flatten("flatten_complex128", "complex128")
flatten("flatten_bfloat16", "bfloat16")
flatten("flatten_uint4", "uint4", opset=21)
reshape("reshape_uint4", "uint4", opset=21)
reshape("reshape_complex128", "complex128")
reshape("reshape13_bfloat16", "bfloat16", opset=13)
reshape("reshape5_bfloat16", "bfloat16", opset=12)
reshape("reshape5_int32", "int32", opset=5)
reshape("reshape1_int32", "int32", opset=4)
reshape("reshape1_float16", "float16", opset=1)
expand("expand_int4", "int4", opset=21)
expand("expand_complex64", "complex64")


def constant_model(name, op_node, dtype, x, opset, initializers=()):
    """`op_node` on the initializer `x`: a model sonnx-run runs without
    input files."""
    save(name, model1(op_node, [], [value_info("y", dtype, None)], opset,
                      initializers=[make_tensor("x", dtype, x)] +
                      list(initializers)))


constant_model("run_unsqueeze_bfloat16",
               node("Unsqueeze", ["x", "a"], ["y"], name="u"), "bfloat16",
               np.array([1, 2], dtype=np.uint16), 13,
               [make_tensor("a", "int64", i64([0]))])
constant_model("run_reshape1_int32",
               node("Reshape", ["x"], ["y"], name="r", shape=[2]), "int32",
               np.array([[1], [2]], dtype=np.int32), 4)
constant_model("run_expand_complex64",
               node("Expand", ["x", "s"], ["y"], name="e"), "complex64",
               np.array([[1 - 2j], [complex(float("nan"), 3)]],
                        dtype=np.complex64), 13,
               [make_tensor("s", "int64", i64([2, 2]))])
