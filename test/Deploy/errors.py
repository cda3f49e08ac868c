# sonnx-compile's errors: one line on stderr naming the value, op or option,
# and exit code 1 (expect_exit.py fails on any other code, so a crash
# fails), for an unsupported model, unknown sizes, a shape operand that is
# not a constant, element types without a C type, an unwritable output, a
# bad target or name, and bad input files.
#
# RUN: rm -rf %t && %python %s %t
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %t/dynamic.onnx -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=DYNINPUT
# DYNINPUT: sonnx-compile: error: input 0 'x' has type tensor<?x3xf32>: size 0 unknown; sonnx-compile needs static shapes (memory must not depend on the inputs): give them with --input-shape x=D0x3 (Dk: the size of dimension k)
# --input-shape fixes the symbolic size; a shape that contradicts the
# declared sizes is an error naming the input.
# RUN: sonnx-compile %t/dynamic.onnx --input-shape x=4x3 --name m -o %t/m.o --header %t/m.h
# RUN: FileCheck %s --check-prefix=FIXED < %t/m.h
# FIXED: #define M_x_ELEMENTS UINT64_C(12)
# FIXED: int32_t m_run(const uint32_t *x, uint32_t *y);
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %t/dynamic.onnx --input-shape x=4x2 -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=CONTRADICTS
# CONTRADICTS: sonnx-compile: error: --input-shape x=4x2: graph input 'x' is declared as tensor<?x3xf32>: its size 1 is 3, not 2
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %t/dynamic.onnx --input-shape x4x3 -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=SHAPESYNTAX
# SHAPESYNTAX: sonnx-compile: error: --input-shape expects NAME=D0xD1x... (sizes >= 0), got 'x4x3'
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --input-shape x=4x3 --function dynamic_input -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=SHAPEMLIR
# SHAPEMLIR: sonnx-compile: error: --input-shape applies to ONNX models only
#
# A shape that is a graph input is not a constant, even when the result's
# type is static; --constant-input makes it one.
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %t/shape_input.onnx -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=SHAPEINPUT
# SHAPEINPUT: sonnx-compile: error: the shape/axes operand of node 0 'r' (Reshape) is not a constant; sonnx-compile needs it known at compile time (an initializer, a Constant node or --constant-input)
# RUN: sonnx-compile %t/shape_input.onnx --constant-input s=%t/shape.pb --name m -o %t/m.o --header %t/m.h
# RUN: FileCheck %s --check-prefix=CONSTANT < %t/m.h
# CONSTANT: int32_t m_run(const uint32_t *x, uint32_t *y);
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %t/shape_input.onnx --constant-input s -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=MALFORMED
# MALFORMED: sonnx-compile: error: --constant-input expects NAME=FILE.pb, got 's'
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %t/shape_input.onnx --constant-input s=%t/missing.pb -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=NOPB
# NOPB: sonnx-compile: error: --constant-input s: {{.*}}missing.pb
#
# Unsupported models: an op outside the profile, a model that is no model.
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %t/add.onnx -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=NOTPROFILE
# NOTPROFILE: sonnx-compile: error: {{.*}}Add
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %t/shape.pb -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=NOTMODEL
# NOTMODEL: sonnx-compile: error:
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %t/missing.onnx -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=NOFILE
# NOFILE: sonnx-compile: error: {{.*}}missing.onnx
#
# MLIR modules: unknown sizes of an input or of an intermediate value, a
# shape argument, strings for a target of 32-bit pointers, complex numbers
# of 16-bit parts (no C type), an unranked tensor, nothing to
# compile, several functions, a parse error.
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function dynamic_input -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=MLIRDYN
# MLIRDYN: sonnx-compile: error: input 0 'input_0' has type tensor<?x3xf32>: size 0 unknown; sonnx-compile needs static shapes
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function dynamic_value -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=MLIRVALUE
# MLIRVALUE: sonnx-compile: error: result 0 of 'sonnx.reshape' has type tensor<?x?xf32>: size 0, 1 unknown; sonnx-compile needs static shapes
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function shape_argument -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=MLIRSHAPE
# MLIRSHAPE: sonnx-compile: error: the shape/axes operand of 'sonnx.reshape' is not a constant
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function strings --target-triple=armv7-none-eabi -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=STRINGS
# STRINGS: sonnx-compile: error: input 'input_0' has string elements, which the C interface passes as pointers of 64 bits (the handles of the generated code); the target 'armv7-unknown-none-eabi' has pointers of 32 bits
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function complex -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=COMPLEX
# COMPLEX: sonnx-compile: error: input 0 'input_0' has element type complex<f16>, which the C interface of sonnx-compile does not take (docs/deployment.md)
# A float other than f16, bf16, f32 and f64, an integer wider than 64 bits
# (the element-type table has no row for them), for the object and the C.
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function wide_float -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=WIDEFLOAT
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function wide_float --emit=c -o %t/m.c --header %t/m.h 2>&1 | FileCheck %s --check-prefix=WIDEFLOAT
# WIDEFLOAT: sonnx-compile: error: input 0 'input_0' has element type f80, which the C interface of sonnx-compile does not take (docs/deployment.md)
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function wide_int --emit=c -o %t/m.c --header %t/m.h 2>&1 | FileCheck %s --check-prefix=WIDEINT
# WIDEINT: sonnx-compile: error: input 0 'input_0' has element type i128, which the C interface of sonnx-compile does not take (docs/deployment.md)
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function unranked -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=UNRANKED
# UNRANKED: sonnx-compile: error: input 0 'input_0' has type tensor<*xf32>: sonnx-compile needs ranked tensors of static shape
# Element and byte counts (include/SONNX/Support/SizeProduct.h): a type
# whose elements or bytes int64 cannot count is refused; a size 0 makes the
# count 0 however large the others.
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function too_many -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=TOOMANY
# TOOMANY: sonnx-compile: error: input 0 'input_0' has type tensor<4611686018427387904x4xf32>, whose byte size does not fit in int64
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function too_many_bytes -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=TOOMANYBYTES
# TOOMANYBYTES: sonnx-compile: error: input 0 'input_0' has type tensor<2305843009213693952xf64>, whose byte size does not fit in int64
# RUN: sonnx-compile %S/Inputs/errors.mlir --function zero_after_overflow --name z -o %t/z.o --header %t/z.h
# RUN: FileCheck %s --check-prefix=ZEROCOUNT < %t/z.h
# ZEROCOUNT: #define Z_input_0_ELEMENTS UINT64_C(0)
# ZEROCOUNT: #define Z_output_0_ELEMENTS UINT64_C(0)
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function nothing -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=NOTHING
# NOTHING: sonnx-compile: error: 'nothing' has no inputs or outputs to compile
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function absent -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=ABSENT
# ABSENT: sonnx-compile: error: the module has no function 'absent' to compile
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=SEVERAL
# SEVERAL: sonnx-compile: error: the module has several public functions ('dynamic_input', 'dynamic_value'): name the one to compile
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function recursive -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=RECURSIVE
# RECURSIVE: sonnx-compile: error: 'recursive' calls itself, directly or not; an ahead-of-time object has no recursion
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function external -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=EXTERNAL
# EXTERNAL: sonnx-compile: error: 'outside' is called but has no body; the object may call nothing outside itself
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %S/Inputs/errors.mlir --function loop -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=LOOP
# LOOP: sonnx-compile: error: op 'scf.for' in 'loop' is outside what sonnx-compile takes (func, arith, tensor and sonnx ops)
# Calls of functions with bodies compile (and the callee is no symbol).
# RUN: sonnx-compile %S/Inputs/errors.mlir --function calls --name calls -o %t/calls.o --header %t/calls.h
# RUN: llvm-nm --defined-only --extern-only %t/calls.o | FileCheck %s --check-prefix=CALLS
# CALLS-NOT: twice
# CALLS: T calls_run
# CALLS-NOT: twice
# RUN: printf 'func.func @f(' > %t/bad.mlir
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %t/bad.mlir -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=PARSE
# PARSE: sonnx-compile: error: {{.*}}expected
#
# Outputs, target and name.
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %sonnx_src_root/examples/shape_ops.onnx -o %t/no/such/dir/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
# UNWRITABLE: sonnx-compile: error: {{.*}}no/such/dir/m.o{{.*}}
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %sonnx_src_root/examples/shape_ops.onnx -o %t/m.o --header %t/no/such/dir/m.h 2>&1 | FileCheck %s --check-prefix=UNWRITABLEH
# UNWRITABLEH: sonnx-compile: error: {{.*}}no/such/dir/m.h{{.*}}
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %sonnx_src_root/examples/shape_ops.onnx --target-triple nosuch-cpu-none -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=TRIPLE
# TRIPLE: sonnx-compile: error: unknown target triple 'nosuch-cpu-none': {{.+}}
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %sonnx_src_root/examples/shape_ops.onnx --target-triple x86_64-linux-gnu --mcpu nosuchcpu -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=CPU --implicit-check-not=recognized
# CPU: sonnx-compile: error: unknown CPU 'nosuchcpu' for the target 'x86_64-unknown-linux-gnu'
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %sonnx_src_root/examples/shape_ops.onnx --target-triple aarch64-linux-gnu --mattr=+neon,+nosuchfeature -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=FEATURE --implicit-check-not=recognized
# FEATURE: sonnx-compile: error: unknown feature 'nosuchfeature' for the target 'aarch64-unknown-linux-gnu'
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %sonnx_src_root/examples/shape_ops.onnx --mattr=avx2 -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=SIGN
# SIGN: sonnx-compile: error: target feature 'avx2' must start with '+' or '-'
# A valid CPU and features compile.
# RUN: sonnx-compile %sonnx_src_root/examples/shape_ops.onnx --target-triple x86_64-linux-gnu --mcpu skylake --mattr=-avx512f -o %t/m.o --header %t/m.h
# RUN: FileCheck %s --check-prefix=SKYLAKE < %t/m.h
# SKYLAKE: Target: x86_64-unknown-linux-gnu, CPU skylake
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %sonnx_src_root/examples/shape_ops.onnx -O4 -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=OPT
# OPT: sonnx-compile: error: -O expects a level from 0 to 3, got 4
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %sonnx_src_root/examples/shape_ops.onnx --name 1st -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=NAME
# NAME: sonnx-compile: error: the name prefix '1st' is not a C identifier
# RUN: %python %S/../Target/ONNX/Inputs/expect_exit.py 1 sonnx-compile %sonnx_src_root/examples/shape_ops.onnx --name int -o %t/m.o --header %t/m.h 2>&1 | FileCheck %s --check-prefix=KEYWORD
# KEYWORD: sonnx-compile: error: the name prefix 'int' is not a C identifier

import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "Target", "ONNX", "Inputs"))
from lit_models import *  # noqa: E402,F403

save("dynamic", model1(node("Reshape", ["x", "s"], ["y"], name="r"),
                       [value_info("x", "float", ["N", 3])],
                       [value_info("y", "float", None)], 13,
                       initializers=[make_tensor("s", "int64", i64([-1]))]))
save("shape_input", model1(node("Reshape", ["x", "s"], ["y"], name="r"),
                           [value_info("x", "float", [2, 3]),
                            value_info("s", "int64", [2])],
                           [value_info("y", "float", [3, 2])], 13))
save_bytes("shape.pb", serialize(make_tensor("s", "int64", i64([3, 2]))))
save("add", model1(node("Add", ["x", "x"], ["y"], name="a"),
                   [value_info("x", "float", [2])],
                   [value_info("y", "float", [2])], 13))
