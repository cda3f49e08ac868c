//===- SONNXOps.td - sonnx op definitions -----------------*- tablegen -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The shape operators of the SONNX profile. The constraint IDs cited below
// are those of the SONNX constraint catalogue (docs/traceability.md).
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXOPS_TD
#define SONNX_DIALECT_SONNX_IR_SONNXOPS_TD

include "SONNX/Dialect/SONNX/IR/SONNXDialect.td"
include "SONNX/Dialect/SONNX/IR/SONNXAttrs.td"
include "SONNX/Dialect/SONNX/IR/SONNXProfileOpInterface.td"
include "SONNX/Dialect/SONNX/IR/SONNXTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class SONNX_Op<string mnemonic, list<Trait> traits = []>
    : Op<SONNX_Dialect, mnemonic, traits>;

// An op of the profile: a row of SONNXProfileOps.def. Its verifier, its
// speculatability, its canonicalization patterns and
// ProfileOpInterface::verifyRules are generated from that row (SONNXOps.cpp,
// SONNXFolds.cpp): the op's own code is its verify<OpClass> function and
// verifyRulesOnData (SONNXVerification.cpp) and its rewrites
// (rewriteVerified, SONNXFolds.cpp).
class SONNX_ProfileOp<string mnemonic, list<Trait> traits = []>
    : SONNX_Op<mnemonic, !listconcat([NoMemoryEffect,
        DeclareOpInterfaceMethods<ConditionallySpeculatable>,
        DeclareOpInterfaceMethods<SONNX_ProfileOpInterface>], traits)> {
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

// The ops have no memory effects. They are speculatable only when the verifier
// has decided every rule at compile time (static sizes, constant shape/axes):
// otherwise the lowering inserts run-time checks that may abort, and hoisting
// such an op out of a condition could abort a program that would not.
//
// Operand types are deliberately broad: the element types of each op (its
// `*.types` rule, from the one table of SONNXShapeUtils.cpp), the rank and
// type of shape/axes operands are checked by the verifiers so that each
// diagnostic can cite its constraint ID. The element types stated in each
// description are checked against that table (test/Docs/element-types.test).

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

def SONNX_ReshapeOp : SONNX_ProfileOp<"reshape"> {
  let summary = "ONNX Reshape: give data a new shape with the same elements";
  let description = [{
    Returns `data` with the shape given by the values of `shape` (ONNX
    Reshape-14, `onnx-reshape.md`). A value -1 in `shape` is inferred from the
    element count; a value 0 copies the size of `data` at the same index
    unless `allowzero = 1`, in which case it is a size 0. An empty `shape`
    makes a scalar. The elements and their row-major order are unchanged.

    `allowzero` is optional; absent means 0, as in ONNX. `shape` must be a
    1-D `i64` tensor (`reshape.S.rank`). When it is defined by a constant its
    values are checked (`reshape.S.below`, `reshape.S.minus1`,
    `reshape.S.zero-index`, `reshape.allowzero.minus1`, `reshape.count`) and
    the result type must agree with the resolved shape (`reshape.Y.shape`).
    The result rank is the length of `shape`; the result is unranked only
    when that length is dynamic.

    Element types (`reshape.types`): `bool`, `i8`, `i16`, `i32`, `i64`, `ui8`,
    `ui16`, `ui32`, `ui64`, `f16`, `bf16`, `f32`, `f64`, `!sonnx.string`,
    `complex<f32>`, `complex<f64>`. This is ONNX Reshape-14's set (no 4-bit
    type); `bool` is `i1` and a signed `siN` counts as `iN`.

    ```mlir
    %s = arith.constant dense<[3, -1]> : tensor<2xi64>
    %y = sonnx.reshape %x, %s : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3x8xf32>
    %z = sonnx.reshape %x, %s0 {allowzero = 1 : i64}
        : (tensor<0x3x4xf32>, tensor<3xi64>) -> tensor<3x4x0xf32>
    ```
  }];

  let arguments = (ins
    AnyRankedTensor:$data,
    AnyTensor:$shape,
    OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<0>, IntMaxValue<1>]>>:$allowzero
  );
  let results = (outs AnyTensor:$reshaped);

  let assemblyFormat = [{
    $data `,` $shape attr-dict `:` functional-type(operands, results)
  }];

  let builders = [
    /// Infers the result type from `data` and the constant values of
    /// `shape`, if any.
    OpBuilder<(ins "Value":$data, "Value":$shape,
                   CArg<"IntegerAttr", "{}">:$allowzero)>
  ];

  let extraClassDeclaration = [{
    /// Whether a 0 in `shape` is an explicit size 0 (`allowzero = 1`).
    bool isAllowZero() {
      return getAllowzero().has_value() && *getAllowzero() != 0;
    }
  }];

  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// UnsqueezeOp
//===----------------------------------------------------------------------===//

def SONNX_UnsqueezeOp : SONNX_ProfileOp<"unsqueeze"> {
  let summary = "ONNX Unsqueeze: insert dimensions of size 1";
  let description = [{
    Returns `data` with a dimension of size 1 inserted at each axis listed in
    `axes` (SONNX Unsqueeze, `sonnx-unsqueeze.md`). The result has rank
    rY = rank(data) + length(axes); a negative axis `a` stands for `a + rY`.

    `axes` must be a 1-D `i64` tensor (`unsqueeze.A.rank`). When it is
    defined by a constant, every axis must lie in [-rY, rY-1]
    (`unsqueeze.A.C1`) and no axis may be designated twice after
    normalisation (`unsqueeze.A.C2`); the result type must then be the shape
    of `data` with the 1s inserted (`unsqueeze.Y.C1`).

    Element types (`unsqueeze.types`): `bool`, `i8`, `i16`, `i32`, `i64`, `ui8`,
    `ui16`, `ui32`, `ui64`, `f16`, `f32`, `f64`, `!sonnx.string`.
    sonnx-unsqueeze.md lists no bfloat16, no 4-bit and no complex type; `bool`
    is `i1` and a signed `siN` counts as `iN`.

    ```mlir
    %a = arith.constant dense<[0, -1]> : tensor<2xi64>
    %y = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x3x4x1xf32>
    ```
  }];

  let arguments = (ins AnyRankedTensor:$data, AnyTensor:$axes);
  let results = (outs AnyTensor:$expanded);

  let assemblyFormat = [{
    $data `,` $axes attr-dict `:` functional-type(operands, results)
  }];

  let builders = [
    /// Infers the result type from `data` and the constant values of
    /// `axes`, if any.
    OpBuilder<(ins "Value":$data, "Value":$axes)>
  ];

  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// FlattenOp
//===----------------------------------------------------------------------===//

def SONNX_FlattenOp : SONNX_ProfileOp<"flatten"> {
  let summary = "ONNX Flatten: collapse data into a 2-D matrix at an axis";
  let description = [{
    Returns `data` as a 2-D tensor whose first size is the product of the
    sizes of `data` before `axis` and whose second size is the product of the
    remaining sizes; an empty product is 1 (SONNX Flatten,
    `sonnx-flatten.md`). `axis` must lie in [-r, r] for a `data` of rank r
    (`flatten.axis.C2`); a negative `axis` stands for `axis + r`.

    `axis` is required: the profile has no default values (`profile.GR4`).

    Element types (`flatten.types`): `bool`, `i4`, `i8`, `i16`, `i32`, `i64`,
    `ui4`, `ui8`, `ui16`, `ui32`, `ui64`, `f16`, `bf16`, `f32`, `f64`,
    `!sonnx.string`. sonnx-flatten.md includes bfloat16 and the 4-bit types, and
    no complex type; `bool` is `i1` and a signed `siN` counts as `iN`.

    ```mlir
    %y = sonnx.flatten %x {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
    ```
  }];

  let arguments = (ins AnyRankedTensor:$data, I64Attr:$axis);
  let results = (outs AnyTensor:$output);

  let assemblyFormat = [{
    $data attr-dict `:` functional-type(operands, results)
  }];

  let builders = [
    /// Infers the result type from `data` and `axis`.
    OpBuilder<(ins "Value":$data, "int64_t":$axis)>
  ];

  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

def SONNX_BroadcastOp : SONNX_ProfileOp<"broadcast"> {
  let summary = "ONNX multidirectional broadcasting of several tensors";
  let description = [{
    Broadcasts the inputs X0..XL to one common shape and returns one result
    Zm per input Xm (SONNX Broadcast, `sonnx-broadcast.md`). Shapes are
    aligned on their last dimension, missing leading dimensions count as 1,
    and each output size is the size shared by every input whose size is not
    1 (`broadcast.Z.shape`). A size 0 broadcasts like any other size: 0 and 1
    give 0, 0 against any other size is an error (`broadcast.E1`).

    There must be at least one input and exactly one result per input
    (`broadcast.arity`); Zm keeps the element type of Xm, and the inputs may
    differ in element type (`broadcast.X.C1`).

    Element types (`broadcast.types`): `bool`, `i8`, `i16`, `i32`, `i64`, `ui8`,
    `ui16`, `ui32`, `ui64`, `f16`, `f32`, `f64`, `!sonnx.string`. Each input
    must have one of them; sonnx-broadcast.md lists no bfloat16, no 4-bit and no
    complex type; `bool` is `i1` and a signed `siN` counts as `iN`.

    ```mlir
    %z0, %z1 = sonnx.broadcast %x0, %x1
        : (tensor<3x1xf32>, tensor<4xi8>) -> (tensor<3x4xf32>, tensor<3x4xi8>)
    ```
  }];

  let arguments = (ins Variadic<AnyRankedTensor>:$inputs);
  let results = (outs Variadic<AnyTensor>:$outputs);

  let assemblyFormat = [{
    $inputs attr-dict `:` functional-type($inputs, results)
  }];

  let builders = [
    /// Infers the result types from the shapes of `inputs`.
    OpBuilder<(ins "ValueRange":$inputs)>
  ];
}

//===----------------------------------------------------------------------===//
// ExpandOp
//===----------------------------------------------------------------------===//

def SONNX_ExpandOp : SONNX_ProfileOp<"expand"> {
  let summary = "ONNX Expand: broadcast data to a shape";
  let description = [{
    Broadcasts `data` against the shape given by the values of `shape`
    (ONNX Expand-8/13): both are aligned on their last dimension and the
    result has the broadcast shape, so a 1 in `shape` keeps the size of
    `data` (`expand.E1`, `expand.Y.shape`). `shape` must be a 1-D `i64`
    tensor (`expand.S.rank`) with no negative value (`expand.S.negative`).

    With the optional `axes_mapping` (option 2 of the StaticExpand RFC), the
    result has exactly the shape `shape`, and dimension k of `data` maps to
    dimension `axes_mapping[k]` of the result; the other result dimensions
    replicate `data`. `axes_mapping` must have one strictly increasing entry
    per dimension of `data`, each in [0, rank(result)), and each size of
    `data` must be 1 or the mapped result size (`expand.axes_mapping`).

    Element types (`expand.types`): `bool`, `i8`, `i16`, `i32`, `i64`, `ui8`,
    `ui16`, `ui32`, `ui64`, `f16`, `bf16`, `f32`, `f64`, `!sonnx.string`,
    `complex<f32>`, `complex<f64>`. This is ONNX Expand-13's set, the same as
    reshape's (no 4-bit type); `bool` is `i1` and a signed `siN` counts as `iN`.

    ```mlir
    %s = arith.constant dense<[2, 1, 6]> : tensor<3xi64>
    %y = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x6xf32>
    %c = arith.constant dense<[2, 3, 4, 5]> : tensor<4xi64>
    %z = sonnx.expand %v, %c {axes_mapping = array<i64: 1>}
        : (tensor<3xf32>, tensor<4xi64>) -> tensor<2x3x4x5xf32>
    ```
  }];

  let arguments = (ins
    AnyRankedTensor:$data,
    AnyTensor:$shape,
    OptionalAttr<DenseI64ArrayAttr>:$axes_mapping
  );
  let results = (outs AnyTensor:$output);

  let assemblyFormat = [{
    $data `,` $shape attr-dict `:` functional-type(operands, results)
  }];

  let builders = [
    /// Infers the result type from `data` and the constant values of
    /// `shape`, if any.
    OpBuilder<(ins "Value":$data, "Value":$shape,
                   CArg<"DenseI64ArrayAttr", "{}">:$axesMapping)>
  ];

  let hasFolder = 1;
}

#endif // SONNX_DIALECT_SONNX_IR_SONNXOPS_TD
