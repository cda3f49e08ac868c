//===- SONNXTypes.td - sonnx type definitions -------------*- tablegen -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXTYPES_TD
#define SONNX_DIALECT_SONNX_IR_SONNXTYPES_TD

include "SONNX/Dialect/SONNX/IR/SONNXDialect.td"
include "mlir/IR/AttrTypeBase.td"

class SONNX_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<SONNX_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def SONNX_StringType : SONNX_Type<"String", "string"> {
  let summary = "ONNX string element type";
  let description = [{
    The element type of ONNX `tensor(string)` values: a variable-length
    sequence of bytes. The shape operators only move strings, they never look
    inside them.

    ```mlir
    %0 = sonnx.flatten %s {axis = 1 : i64} : (tensor<2x3x!sonnx.string>) -> tensor<2x3x!sonnx.string>
    ```
  }];
}

#endif // SONNX_DIALECT_SONNX_IR_SONNXTYPES_TD
