// --sonnx-convert-to-emitc: upstream's arith, func, memref and scf
// conversions with one type converter, plus complex numbers and string
// handles as the C types of the interface, their constant globals with C
// initializers (the bits of each part of a complex number, escaped
// strings, unsigned integers with U), and the typedef of the string
// element. A NaN or an infinity in a float constant (which
// --sonnx-memref-to-indexing makes bits before, in the C output; EmitC
// would write NAN, which C99 has only in <math.h>) and a string with a NUL
// byte are errors naming the constant.
// RUN: sonnx-opt %s --split-input-file --verify-diagnostics --sonnx-convert-to-emitc | FileCheck %s

// CHECK: emitc.verbatim "{{.*}}typedef const char *sonnx_string_t;"
// CHECK: emitc.global static const @strings : !emitc.array<3x!emitc.opaque<"sonnx_string_t">> = #emitc.opaque<"{\22a\\\22\22, \22\\303\\251\22 \22t\22, \22\\?\\?=\22}">
// CHECK: emitc.global static const @z : !emitc.array<2x!emitc.opaque<"sonnx_complex64_t">> = #emitc.opaque<"{{[{][{]}}1069547520U, 2147483648U}, {1036831949U, 2139095039U}}">
// CHECK: emitc.global static const @w : !emitc.array<1x!emitc.opaque<"sonnx_complex128_t">> = #emitc.opaque<"{{[{][{]}}1U, 4599075939470750516U}}">
// CHECK: emitc.global static @buffer : !emitc.array<2x!emitc.opaque<"sonnx_complex64_t">>
// CHECK-LABEL: emitc.func @copy(%{{.*}}: !emitc.array<3x!emitc.opaque<"sonnx_string_t">>, %{{.*}}: !emitc.array<2x!emitc.opaque<"sonnx_complex64_t">>)
// CHECK: load %{{.*}} : <!emitc.opaque<"sonnx_string_t">>
// CHECK: load %{{.*}} : <!emitc.opaque<"sonnx_complex64_t">>
memref.global "private" constant @strings : memref<3x!ptr.ptr<#ptr.generic_space>> = dense<["a\"", "\C3\A9t", "??="]>
memref.global "private" constant @z : memref<2xcomplex<f32>> = dense<[(1.5, -0.0), (0.1, 3.40282347e+38)]>
memref.global "private" constant @w : memref<1xcomplex<f64>> = dense<[(4.9406564584124654e-324, 0.30000000000000004)]>
memref.global "private" @buffer : memref<2xcomplex<f32>> = uninitialized
func.func @copy(%s: memref<3x!ptr.ptr<#ptr.generic_space>>, %c: memref<2xcomplex<f32>>) {
  %i = arith.constant 1 : index
  %g = memref.get_global @strings : memref<3x!ptr.ptr<#ptr.generic_space>>
  %x = memref.load %g[%i] : memref<3x!ptr.ptr<#ptr.generic_space>>
  memref.store %x, %s[%i] : memref<3x!ptr.ptr<#ptr.generic_space>>
  %h = memref.get_global @z : memref<2xcomplex<f32>>
  %y = memref.load %h[%i] : memref<2xcomplex<f32>>
  memref.store %y, %c[%i] : memref<2xcomplex<f32>>
  return
}

// -----

// Unsigned integers: every element with the suffix U (EmitC's printer
// writes none, and 18446744073709551615 does not fit a C int64_t).
// CHECK: emitc.global static const @big : !emitc.array<2xui64> = #emitc.opaque<"{18446744073709551615U, 1U}">
// CHECK: emitc.global static const @small : !emitc.array<2xui8> = #emitc.opaque<"{255U, 0U}">
// CHECK: emitc.global static const @signed : !emitc.array<1xi64> = dense<-1>
memref.global "private" constant @big : memref<2xui64> = dense<[18446744073709551615, 1]>
memref.global "private" constant @small : memref<2xui8> = dense<[255, 0]>
memref.global "private" constant @signed : memref<1xi64> = dense<-1>

// -----

// A complex number is the bits of its parts: an infinity is a constant
// like any other.
// CHECK: emitc.global static const @inf : !emitc.array<1x!emitc.opaque<"sonnx_complex128_t">> = #emitc.opaque<"{{[{][{]}}9218868437227405312U, 0U}}">
memref.global "private" constant @inf : memref<1xcomplex<f64>> = dense<[(0x7FF0000000000000, 0.0)]>

// -----

// expected-error @+1 {{a constant of f32 elements has a NaN in element 1 (row-major), which C99 writes only with <math.h>: the C output (--emit=c) does not take it}}
memref.global "private" constant @nan : memref<2xf32> = dense<[1.0, 0x7FC00000]>

// -----

// expected-error @+1 {{a constant of strings has a NUL byte in element 0 (row-major), which a C string literal cannot hold: the C output (--emit=c) does not take it}}
memref.global "private" constant @nul : memref<1x!ptr.ptr<#ptr.generic_space>> = dense<["x\00y"]>

// -----

// An infinity is refused as a NaN is, named as such; so is a negative one
// in a later element of an f64 constant.
// expected-error @+1 {{a constant of f64 elements has an infinity in element 2 (row-major), which C99 writes only with <math.h>: the C output (--emit=c) does not take it}}
memref.global "private" constant @ninf : memref<3xf64> = dense<[1.0, 2.0, 0xFFF0000000000000]>

// -----

// A float constant of finite elements only is taken (upstream's
// conversion prints it).
// CHECK: emitc.global static const @finite : !emitc.array<2xf32> = dense<[1.500000e+00, -2.500000e+00]>
memref.global "private" constant @finite : memref<2xf32> = dense<[1.5, -2.5]>

// -----

// A global of strings whose bufferization name C cannot read is renamed
// after its shape; a name already taken gets the first free suffix.
// CHECK-DAG: emitc.global static const @__constant_1xstring : !emitc.array<1x!emitc.opaque<"sonnx_string_t">> = #emitc.opaque<"{\22a\22}">
// CHECK-DAG: emitc.global static const @__constant_1xstring_2 : !emitc.array<1x!emitc.opaque<"sonnx_string_t">> = #emitc.opaque<"{\22b\22}">
// CHECK-DAG: emitc.global static const @__constant_1xcomplex64 : !emitc.array<1x!emitc.opaque<"sonnx_complex64_t">>
memref.global "private" constant @__constant_1xstring : memref<1x!ptr.ptr<#ptr.generic_space>> = dense<["a"]>
memref.global "private" constant @"__constant_1x!ptr.ptr<#ptr.generic_space>" : memref<1x!ptr.ptr<#ptr.generic_space>> = dense<["b"]>
memref.global "private" constant @"__constant_1xcomplex<f32>" : memref<1xcomplex<f32>> = dense<[(1.0, 2.0)]>

// -----

// Globals that have no plain C array form are left as they are, for the C
// printer to refuse by name (an op it does not take, as in
// test/Target/C/errors.mlir): an aligned buffer (the C output's
// --sonnx-memref-to-indexing drops alignments before), a nested symbol,
// and complex numbers of a part type without C type (f16).
// CHECK: memref.global "private" @aligned : memref<2xui8> = uninitialized {alignment = 16 : i64}
// CHECK: memref.global "nested" @nested : memref<2xui8> = uninitialized
// CHECK: memref.global "private" constant @half : memref<1xcomplex<f16>>
// CHECK-NOT: emitc.global
memref.global "private" @aligned : memref<2xui8> = uninitialized {alignment = 16 : i64}
memref.global "nested" @nested : memref<2xui8> = uninitialized
memref.global "private" constant @half : memref<1xcomplex<f16>> = dense<[(1.0, 2.0)]>
