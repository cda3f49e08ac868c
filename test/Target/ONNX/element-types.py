# Every element type of the profile (and complex, for reshape): as a graph
# input, and as initializers stored in raw_data and in the typed field that
# ONNX prescribes (int4/uint4 packed two per byte, 16-bit floats as bit
# patterns in int32_data, uint32/uint64 in uint64_data, ...). The values
# cover each type's extremes; floats include -0, infinities and NaNs with
# payloads, which must come through bit for bit.
#
# RUN: rm -rf %t && %python %s %t

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403

# RUN: sonnx-translate --import-onnx %t/bool.onnx | FileCheck %s --check-prefix=BOOL
# BOOL: func.func @main(%arg0: tensor<3xi1> {sonnx.name = "x"}) -> (tensor<3xi1> {sonnx.name = "x"}, tensor<3xi1> {sonnx.name = "raw"}, tensor<3xi1> {sonnx.name = "typed"})
# BOOL: arith.constant dense<[true, false, true]> : tensor<3xi1>
# BOOL: arith.constant dense<[false, true, true]> : tensor<3xi1>

# RUN: sonnx-translate --import-onnx %t/int4.onnx | FileCheck %s --check-prefix=INT4
# INT4: func.func @main(%arg0: tensor<3xi4> {sonnx.name = "x"})
# INT4: arith.constant dense<[-8, 7, -1]> : tensor<3xi4>
# INT4: arith.constant dense<[-1, 0, 5]> : tensor<3xi4>

# RUN: sonnx-translate --import-onnx %t/uint4.onnx | FileCheck %s --check-prefix=UINT4
# UINT4: func.func @main(%arg0: tensor<3xui4> {sonnx.name = "x"})
# UINT4: arith.constant dense<[0, 15, 9]> : tensor<3xui4>
# UINT4: arith.constant dense<[15, 8, 1]> : tensor<3xui4>

# RUN: sonnx-translate --import-onnx %t/int8.onnx | FileCheck %s --check-prefix=INT8
# INT8: func.func @main(%arg0: tensor<3xi8> {sonnx.name = "x"})
# INT8: arith.constant dense<[-128, 127, 0]> : tensor<3xi8>
# INT8: arith.constant dense<[127, -128, -1]> : tensor<3xi8>

# RUN: sonnx-translate --import-onnx %t/int16.onnx | FileCheck %s --check-prefix=INT16
# INT16: func.func @main(%arg0: tensor<3xi16> {sonnx.name = "x"})
# INT16: arith.constant dense<[-32768, 32767, 0]> : tensor<3xi16>
# INT16: arith.constant dense<[32767, -32768, -1]> : tensor<3xi16>

# RUN: sonnx-translate --import-onnx %t/int32.onnx | FileCheck %s --check-prefix=INT32
# INT32: func.func @main(%arg0: tensor<3xi32> {sonnx.name = "x"})
# INT32: arith.constant dense<[-2147483648, 2147483647, 0]> : tensor<3xi32>
# INT32: arith.constant dense<[2147483647, -2147483648, -1]> : tensor<3xi32>

# RUN: sonnx-translate --import-onnx %t/int64.onnx | FileCheck %s --check-prefix=INT64
# INT64: func.func @main(%arg0: tensor<3xi64> {sonnx.name = "x"})
# INT64: arith.constant dense<[-9223372036854775808, 9223372036854775807, 0]> : tensor<3xi64>
# INT64: arith.constant dense<[9223372036854775807, -9223372036854775808, -1]> : tensor<3xi64>

# RUN: sonnx-translate --import-onnx %t/uint8.onnx | FileCheck %s --check-prefix=UINT8
# UINT8: func.func @main(%arg0: tensor<3xui8> {sonnx.name = "x"})
# UINT8: arith.constant dense<[0, 255, 1]> : tensor<3xui8>
# UINT8: arith.constant dense<[255, 0, 128]> : tensor<3xui8>

# RUN: sonnx-translate --import-onnx %t/uint16.onnx | FileCheck %s --check-prefix=UINT16
# UINT16: func.func @main(%arg0: tensor<3xui16> {sonnx.name = "x"})
# UINT16: arith.constant dense<[0, 65535, 1]> : tensor<3xui16>
# UINT16: arith.constant dense<[65535, 0, 32768]> : tensor<3xui16>

# RUN: sonnx-translate --import-onnx %t/uint32.onnx | FileCheck %s --check-prefix=UINT32
# UINT32: func.func @main(%arg0: tensor<3xui32> {sonnx.name = "x"})
# UINT32: arith.constant dense<[0, 4294967295, 1]> : tensor<3xui32>
# UINT32: arith.constant dense<[4294967295, 0, 2147483648]> : tensor<3xui32>

# RUN: sonnx-translate --import-onnx %t/uint64.onnx | FileCheck %s --check-prefix=UINT64
# UINT64: func.func @main(%arg0: tensor<3xui64> {sonnx.name = "x"})
# UINT64: arith.constant dense<[0, 18446744073709551615, 1]> : tensor<3xui64>
# UINT64: arith.constant dense<[18446744073709551615, 0, 9223372036854775808]> : tensor<3xui64>

# RUN: sonnx-translate --import-onnx %t/float16.onnx | FileCheck %s --check-prefix=FLOAT16
# FLOAT16: func.func @main(%arg0: tensor<4xf16> {sonnx.name = "x"})
# FLOAT16: arith.constant dense<[1.500000e+00, -0.000000e+00, 0x7C00, 0x7E01]> : tensor<4xf16>
# FLOAT16: arith.constant dense<[0xFC00, 6.550400e+04, 5.960460e-08, 0xFD55]> : tensor<4xf16>

# RUN: sonnx-translate --import-onnx %t/bfloat16.onnx | FileCheck %s --check-prefix=BFLOAT16
# BFLOAT16: func.func @main(%arg0: tensor<4xbf16> {sonnx.name = "x"})
# BFLOAT16: arith.constant dense<[1.500000e+00, -0.000000e+00, 0x7F80, 0x7FC1]> : tensor<4xbf16>
# BFLOAT16: arith.constant dense<[0xFF80, 3.389530e+38, 9.183550e-41, 0xFF81]> : tensor<4xbf16>

# RUN: sonnx-translate --import-onnx %t/float.onnx | FileCheck %s --check-prefix=FLOAT
# FLOAT: func.func @main(%arg0: tensor<4xf32> {sonnx.name = "x"})
# FLOAT: arith.constant dense<[1.500000e+00, -0.000000e+00, 0x7F800000, 0x7FC00001]> : tensor<4xf32>
# FLOAT: arith.constant dense<[0xFF800000, 3.40282347E+38, 1.401300e-45, 0xFFC12345]> : tensor<4xf32>

# RUN: sonnx-translate --import-onnx %t/double.onnx | FileCheck %s --check-prefix=DOUBLE
# DOUBLE: func.func @main(%arg0: tensor<4xf64> {sonnx.name = "x"})
# DOUBLE: arith.constant dense<[1.500000e+00, -0.000000e+00, 0x7FF0000000000000, 0x7FF8000000000001]> : tensor<4xf64>
# DOUBLE: arith.constant dense<[0xFFF0000000000000, 1.7976931348623157E+308, 4.940660e-324, 0xFFF8000000012345]> : tensor<4xf64>

# RUN: sonnx-translate --import-onnx %t/complex64.onnx | FileCheck %s --check-prefix=COMPLEX64
# COMPLEX64: func.func @main(%arg0: tensor<2xcomplex<f32>> {sonnx.name = "x"})
# COMPLEX64: arith.constant dense<[(1.500000e+00,-2.000000e+00), (0.000000e+00,0x7F800000)]> : tensor<2xcomplex<f32>>
# COMPLEX64: arith.constant dense<[(-0.000000e+00,2.500000e-01), (0x7FC00001,3.000000e+00)]> : tensor<2xcomplex<f32>>

# RUN: sonnx-translate --import-onnx %t/complex128.onnx | FileCheck %s --check-prefix=COMPLEX128
# COMPLEX128: func.func @main(%arg0: tensor<2xcomplex<f64>> {sonnx.name = "x"})
# COMPLEX128: arith.constant dense<[(1.500000e+00,-2.000000e+00), (0.000000e+00,0x7FF0000000000000)]> : tensor<2xcomplex<f64>>
# COMPLEX128: arith.constant dense<[(-0.000000e+00,2.500000e-01), (0x7FF8000000000001,3.000000e+00)]> : tensor<2xcomplex<f64>>

# Strings have no raw form and no constant op yet (see errors.py): as graph
# inputs and outputs they are !sonnx.string tensors.
# RUN: sonnx-translate --import-onnx %t/string.onnx | FileCheck %s --check-prefix=STRING
# STRING: func.func @main(%arg0: tensor<2x3x!sonnx.string> {sonnx.name = "x"}) -> (tensor<3x2x!sonnx.string> {sonnx.name = "y"})
# STRING-NEXT: %[[S:.*]] = arith.constant dense<[3, 2]> : tensor<2xi64>
# STRING-NEXT: sonnx.reshape %arg0, %[[S]] : (tensor<2x3x!sonnx.string>, tensor<2xi64>) -> tensor<3x2x!sonnx.string>

def bits(dtype, values):
    """An array of dtype with the given bit patterns."""
    width = {"float16": np.uint16, "bfloat16": np.uint16, "float": np.uint32,
             "double": np.uint64}[dtype]
    array = np.asarray(values, dtype=width)
    return array if dtype == "bfloat16" else array.view(
        {"float16": np.float16, "float": np.float32,
         "double": np.float64}[dtype])


VALUES = {
    "bool": ([True, False, True], [False, True, True]),
    "int4": ([-8, 7, -1], [-1, 0, 5]),
    "uint4": ([0, 15, 9], [15, 8, 1]),
    "int8": ([-128, 127, 0], [127, -128, -1]),
    "int16": ([-32768, 32767, 0], [32767, -32768, -1]),
    "int32": ([-2**31, 2**31 - 1, 0], [2**31 - 1, -2**31, -1]),
    "int64": ([-2**63, 2**63 - 1, 0], [2**63 - 1, -2**63, -1]),
    "uint8": ([0, 255, 1], [255, 0, 128]),
    "uint16": ([0, 65535, 1], [65535, 0, 32768]),
    "uint32": ([0, 2**32 - 1, 1], [2**32 - 1, 0, 2**31]),
    "uint64": ([0, 2**64 - 1, 1], [2**64 - 1, 0, 2**63]),
    "float16": (bits("float16", [0x3E00, 0x8000, 0x7C00, 0x7E01]),
                bits("float16", [0xFC00, 0x7BFF, 0x0001, 0xFD55])),
    "bfloat16": (bits("bfloat16", [0x3FC0, 0x8000, 0x7F80, 0x7FC1]),
                 bits("bfloat16", [0xFF80, 0x7F7F, 0x0001, 0xFF81])),
    "float": (bits("float", [0x3FC00000, 0x80000000, 0x7F800000,
                             0x7FC00001]),
              bits("float", [0xFF800000, 0x7F7FFFFF, 0x00000001,
                             0xFFC12345])),
    "double": (bits("double", [0x3FF8000000000000, 0x8000000000000000,
                               0x7FF0000000000000, 0x7FF8000000000001]),
               bits("double", [0xFFF0000000000000, 0x7FEFFFFFFFFFFFFF,
                               0x0000000000000001, 0xFFF8000000012345])),
    "complex64": (
        np.array([1.5, -2.0, 0.0, np.inf], dtype=np.float32).view(
            np.complex64),
        np.concatenate([np.array([-0.0, 0.25], dtype=np.float32),
                        bits("float", [0x7FC00001]),
                        np.array([3.0], dtype=np.float32)]).view(
            np.complex64)),
    "complex128": (
        np.array([1.5, -2.0, 0.0, np.inf]).view(np.complex128),
        np.concatenate([np.array([-0.0, 0.25]),
                        bits("double", [0x7FF8000000000001]),
                        np.array([3.0])]).view(np.complex128)),
}

for dtype, (raw, typed) in VALUES.items():
    # An explicit dtype: numpy would make [0, 2**64 - 1] a float array.
    raw = np.array(raw, dtype=NUMPY[dtype])
    typed = np.array(typed, dtype=NUMPY[dtype])
    shape = list(raw.shape)
    save(dtype, make_model(
        [], [value_info("x", dtype, shape)],
        [value_info("x", dtype, shape), value_info("raw", dtype, shape),
         value_info("typed", dtype, shape)], 21,
        initializers=[make_tensor("raw", dtype, raw, raw=True),
                      make_tensor("typed", dtype, typed, raw=False)]))

save("string", model1(
    node("Reshape", ["x", "s"], ["y"]), [value_info("x", "string", [2, 3])],
    [value_info("y", "string", [3, 2])], 13,
    initializers=[make_tensor("s", "int64", i64([3, 2]))]))
