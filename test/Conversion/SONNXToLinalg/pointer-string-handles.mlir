// --convert-sonnx-to-linalg{pointer-string-handles} (the C output): string
// elements become !ptr.ptr handles, which the EmitC conversion tells from
// the integers, and a constant string tensor stays a constant, of handles
// with the same strings. A string with a NUL byte inside is an error naming
// the constant: no C string literal holds it; so is a constant whose value
// is not a dense string attribute.
// RUN: sonnx-opt %s --split-input-file --verify-diagnostics --convert-sonnx-to-linalg=pointer-string-handles | FileCheck %s

// CHECK-LABEL: func.func @strings(%{{.*}}: tensor<2x!ptr.ptr<#ptr.generic_space>>) -> (tensor<1x2x!ptr.ptr<#ptr.generic_space>>, tensor<2x2x!ptr.ptr<#ptr.generic_space>>)
// CHECK-NOT: unrealized_conversion_cast
// CHECK: arith.constant dense<{{\[}}["a", "bc"], ["a", "d"]]> : tensor<2x2x!ptr.ptr<#ptr.generic_space>>
// CHECK-NOT: !sonnx.string
func.func @strings(%x: tensor<2x!sonnx.string>) -> (tensor<1x2x!sonnx.string>, tensor<2x2x!sonnx.string>) {
  %shape = arith.constant dense<[1, 2]> : tensor<2xi64>
  %y = sonnx.reshape %x, %shape : (tensor<2x!sonnx.string>, tensor<2xi64>) -> tensor<1x2x!sonnx.string>
  %c = arith.constant dense<[["a", "bc"], ["a", "d"]]> : tensor<2x2x!sonnx.string>
  return %y, %c : tensor<1x2x!sonnx.string>, tensor<2x2x!sonnx.string>
}

// -----

func.func @nul() -> tensor<2x!sonnx.string> {
  // expected-error @+1 {{a constant of strings has a NUL byte in element 1 (row-major), which a C string literal cannot hold: the C output (--emit=c) does not take it}}
  %c = arith.constant dense<["ok", "x\00y"]> : tensor<2x!sonnx.string>
  return %c : tensor<2x!sonnx.string>
}

// -----

// A constant string tensor whose value is not a dense string attribute (a
// dense_resource blob): no strings to check or to make C literals of; the
// constant is refused, naming the attribute kind, and stays illegal.
func.func @resource() -> tensor<2x!sonnx.string> {
  // expected-error @+2 {{'arith.constant' op string constant of an unsupported attribute kind cannot be lowered}}
  // expected-error @+1 {{failed to legalize operation 'arith.constant' that was explicitly marked illegal}}
  %c = arith.constant dense_resource<blob> : tensor<2x!sonnx.string>
  return %c : tensor<2x!sonnx.string>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000000000000000"
    }
  }
#-}
