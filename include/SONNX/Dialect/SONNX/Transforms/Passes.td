//===- Passes.td - sonnx dialect passes --------------------*- tablegen -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_TRANSFORMS_PASSES_TD
#define SONNX_DIALECT_SONNX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SONNXShapeInference : Pass<"sonnx-shape-inference"> {
  let summary = "Propagate static shapes through the sonnx ops";
  let description = [{
    Walks the sonnx ops in order and makes each result type as static as the
    operand types and the constant shape/axes operands allow, with the same
    shape rules as the verifiers (`SONNXShapes.h`). A refined result flows
    straight into the sonnx ops that use it, so a static input propagates
    through a whole chain in one walk; every other user (`func.return`, ops
    of other dialects) gets a `tensor.cast` back to the type it had, so
    function signatures and foreign ops are unchanged. A sonnx operand
    defined by a `tensor.cast` that only drops static sizes is replaced by
    the cast's source first.

    The pass never removes or folds an op, and leaves an op that breaks a
    rule as it is: the verifier reports it. Refining may make a rule
    decidable that was a run-time check before; a violation then becomes a
    compile-time error, as for any constant shape. The pass changes nothing
    that `--canonicalize` would not also do; it is cheaper (one walk, no
    folding) and is meant to run once the shape/axes constants are known.

    Example:

    ```mlir
    %a = arith.constant dense<[0]> : tensor<1xi64>
    %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<?x?x?xf32>
    return %0 : tensor<?x?x?xf32>
    ```

    becomes

    ```mlir
    %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<1x3x4xf32>
    %1 = tensor.cast %0 : tensor<1x3x4xf32> to tensor<?x?x?xf32>
    return %1 : tensor<?x?x?xf32>
    ```
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def SONNXCanonicalize : Pass<"sonnx-canonicalize"> {
  let summary = "Canonicalize with a chosen limit on folded constant sizes";
  let description = [{
    Runs the same rewrites as `--canonicalize` (the canonicalization
    patterns of every loaded dialect and op, and the folders), except that
    the sonnx patterns fold constants up to `max-fold-elements` elements
    instead of the default 65536. A splat result is always folded (it stays
    one value); a non-splat constant result with more elements is left as
    the op that computes it, so that expanding or copying a constant cannot
    blow up the IR. `docs/canonicalization.md` lists every sonnx rewrite.
    A negative `max-fold-elements` is an error.

    ```
    sonnx-opt --sonnx-canonicalize="max-fold-elements=1024" in.mlir
    ```
  }];
  let options = [
    Option<"maxFoldElements", "max-fold-elements", "int64_t",
           /*default=*/"65536",
           "Largest number of elements of a non-splat constant that a sonnx "
           "fold may create">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

#endif // SONNX_DIALECT_SONNX_TRANSFORMS_PASSES_TD
