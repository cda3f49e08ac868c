# Import options for sonnx-run's modes: --input-type gives graph inputs
# static types (checked against the declared ones), --constant-input turns
# a graph input into a constant from a TensorProto file, so that its values
# are checked at compile time, and --dynamic-input-shapes makes every input
# size dynamic.
#
# RUN: rm -rf %t && %python %s %t
# RUN: sonnx-translate --import-onnx %t/model.onnx | FileCheck %s --check-prefix=PLAIN
# RUN: sonnx-translate --import-onnx %t/model.onnx --input-type "x=tensor<4x3xf32>" | FileCheck %s --check-prefix=TYPED
# RUN: sonnx-translate --import-onnx %t/model.onnx --constant-input s=%t/shape.pb | FileCheck %s --check-prefix=CONSTANT
# RUN: sonnx-translate --import-onnx %t/model.onnx --input-type "x=tensor<4x3xf32>" --constant-input s=%t/shape.pb | FileCheck %s --check-prefix=BOTH
# RUN: sonnx-translate --import-onnx %t/model.onnx --dynamic-input-shapes --input-type "x=tensor<4x3xf32>" | FileCheck %s --check-prefix=DYNTYPED
#
# PLAIN: func.func @main(%arg0: tensor<?x3xf32> {sonnx.name = "x"}, %arg1: tensor<2xi64> {sonnx.name = "s"}) -> (tensor<?x?xf32> {sonnx.name = "y"})
# TYPED: func.func @main(%arg0: tensor<4x3xf32> {sonnx.name = "x"}, %arg1: tensor<2xi64> {sonnx.name = "s"}) -> (tensor<?x?xf32> {sonnx.name = "y"})
# CONSTANT: func.func @main(%arg0: tensor<?x3xf32> {sonnx.name = "x"}) -> (tensor<?x6xf32> {sonnx.name = "y"})
# CONSTANT-NEXT: %[[S:.*]] = arith.constant dense<[-1, 6]> : tensor<2xi64>
# CONSTANT-NEXT: sonnx.reshape %arg0, %[[S]] : (tensor<?x3xf32>, tensor<2xi64>) -> tensor<?x6xf32>
# BOTH: sonnx.reshape %arg0, %{{.*}} : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<2x6xf32>
# DYNTYPED: func.func @main(%arg0: tensor<4x3xf32> {sonnx.name = "x"}, %arg1: tensor<?xi64> {sonnx.name = "s"})
#
# Values of a constant input are checked like any constant.
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/model.onnx --input-type "x=tensor<4x3xf32>" --constant-input s=%t/bad_shape.pb 2>&1 | FileCheck %s --check-prefix=BADSHAPE
# BADSHAPE: error: node 0 'r' (Reshape): 'sonnx.reshape' op cannot infer the -1 of shape [-1, 5]: 12 elements of input shape [4, 3] are not a multiple of 5 [reshape.count]
#
# Types and constants must agree with the declarations.
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/model.onnx --input-type "x=tensor<4x2xf32>" 2>&1 | FileCheck %s --check-prefix=BADTYPE
# BADTYPE: model.onnx: error: graph input 'x' is declared as tensor<?x3xf32> but is given the type tensor<4x2xf32>
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/model.onnx --constant-input s=%t/int32_shape.pb 2>&1 | FileCheck %s --check-prefix=BADCONST
# BADCONST: model.onnx: error: graph input 's' is declared as tensor<2xi64> but its constant value has type tensor<2xi32>
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/model.onnx --input-type "z=tensor<4xf32>" 2>&1 | FileCheck %s --check-prefix=NOINPUT
# NOINPUT: error: a type is given for 'z', which is not a graph input
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/model.onnx --constant-input z=%t/shape.pb 2>&1 | FileCheck %s --check-prefix=NOCONST
# NOCONST: error: a constant is given for 'z', which is not a graph input
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/model.onnx --constant-input s 2>&1 | FileCheck %s --check-prefix=MALFORMED
# MALFORMED: sonnx-translate: error: --constant-input expects NAME=FILE.pb, got 's'
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/model.onnx --input-type "x=f32" 2>&1 | FileCheck %s --check-prefix=NOTTENSOR
# NOTTENSOR: sonnx-translate: error: --input-type expects a ranked tensor type, got 'f32'
# RUN: %python %S/Inputs/expect_exit.py 1 sonnx-translate --import-onnx %t/model.onnx --constant-input s=%t/missing.pb 2>&1 | FileCheck %s --check-prefix=NOFILE
# NOFILE: sonnx-translate: error: --constant-input s: cannot read '{{.*}}missing.pb': No such file or directory

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from lit_models import *  # noqa: E402,F403

save("model", model1(node("Reshape", ["x", "s"], ["y"], name="r"),
                     [value_info("x", "float", ["N", 3]),
                      value_info("s", "int64", [2])],
                     [value_info("y", "float", None)], 13))
save_bytes("shape.pb", serialize(make_tensor("s", "int64", i64([-1, 6]))))
save_bytes("bad_shape.pb", serialize(make_tensor("s", "int64", i64([-1, 5]))))
save_bytes("int32_shape.pb", serialize(
    make_tensor("s", "int32", np.array([-1, 6], np.int32))))
