// --convert-sonnx-string-constants on a constant string tensor whose value
// is not a dense string attribute (a dense_resource blob): no strings to
// make records of; an error naming the constant and the attribute kind,
// nothing converted.
// RUN: sonnx-opt %s --convert-sonnx-string-constants -verify-diagnostics

func.func @resource() -> tensor<2x!sonnx.string> {
  // expected-error @+1 {{'arith.constant' op string constant of an unsupported attribute kind cannot be lowered}}
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
