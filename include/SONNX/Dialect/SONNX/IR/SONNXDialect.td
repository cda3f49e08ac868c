//===- SONNXDialect.td - sonnx dialect definition ---------*- tablegen -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXDIALECT_TD
#define SONNX_DIALECT_SONNX_IR_SONNXDIALECT_TD

include "mlir/IR/OpBase.td"

def SONNX_Dialect : Dialect {
  let name = "sonnx";
  let cppNamespace = "::mlir::sonnx";
  let summary = "Shape operators of the SONNX safety-related ONNX profile";
  let description = [{
    The `sonnx` dialect models the shape operators of SONNX, the
    safety-related profile of ONNX: `reshape`, `unsqueeze`, `flatten`,
    `broadcast` and `expand`. Shapes and axes are tensor operands, exactly as
    in ONNX, so they may be compile-time constants or run-time values.

    Every op verifies each rule of the SONNX constraint catalogue that can be
    decided at compile time (from the operand types and from shape or axes
    operands defined by constants). A diagnostic names the offending values
    and ends with the stable constraint ID in brackets, for example
    `'sonnx.unsqueeze' op axis 1 is designated twice [unsqueeze.A.C2]`. The
    rules that depend on run-time values become run-time checks citing the
    same IDs when the ops are lowered.

    The element types of the profile (`profile.types`) are `i1` for bool;
    4-, 8-, 16-, 32- and 64-bit integers (signless, signed or unsigned);
    `f16`, `bf16`, `f32`, `f64`; `!sonnx.string`; `complex<f32>` and
    `complex<f64>`. Each op takes only the types of its own specification
    (`reshape.types`, `unsqueeze.types`, `flatten.types`, `broadcast.types`,
    `expand.types`), which its description lists.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // The discardable attributes `sonnx.rule` (on a run-time check) and
  // `sonnx.status_rules` (on a module) must name rules of SONNXRules.def.
  let hasOperationAttrVerify = 1;
  // The folds materialize arith.constant ops and refine types behind
  // tensor.cast ops: those dialects must be loaded with this one.
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];
}

#endif // SONNX_DIALECT_SONNX_IR_SONNXDIALECT_TD
