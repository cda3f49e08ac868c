//===- SONNXProfileOpInterface.td - the ops of the profile -*- tablegen -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The interface every op of the profile implements: generic code (the
// verification of any sonnx op, the folds, the index maps) dispatches on it
// instead of a list of op classes. What is data per op is a row of
// SONNXProfileOps.def, which the interface reads.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXPROFILEOPINTERFACE_TD
#define SONNX_DIALECT_SONNX_IR_SONNXPROFILEOPINTERFACE_TD

include "mlir/IR/OpBase.td"

def SONNX_ProfileOpInterface : OpInterface<"ProfileOpInterface"> {
  let cppNamespace = "::mlir::sonnx";
  let description = [{
    An op of the profile: its row of `SONNXProfileOps.def` (the ONNX op it
    imports and from which opsets, whether its result is a view of its data
    or a copy) and its verification, the sequence of its rules of
    `SONNXRules.def`.
  }];
  let methods = [
    StaticInterfaceMethod<
      "The op's row of SONNXProfileOps.def.",
      "::mlir::sonnx::ProfileOp", "getProfileOp", (ins), [{}], [{
        return ::mlir::sonnx::ProfileOpOf<ConcreteOp>::value;
      }]>,
    InterfaceMethod<[{
        Checks the op's rules in the order of SONNXRules.def (the op's
        `verify<OpClass>` function of SONNXVerification.h): the first broken
        rule is emitted as the op's error when `emitErrors` is set.
      }],
      "::mlir::FailureOr<::mlir::sonnx::OpVerification>", "verifyRules",
      (ins "bool":$emitErrors)>,
    InterfaceMethod<[{
        Checks the op's rules, without diagnostics, as if its data operand had
        type `dataType` (what a fold that changes the data's type needs);
        fails for an op without one data operand (broadcast).
      }],
      "::mlir::FailureOr<::mlir::sonnx::OpVerification>", "verifyRulesOnData",
      (ins "::mlir::Type":$dataType)>,
    InterfaceMethod<[{
        The operand whose elements result `resultNumber` holds: the data
        operand of a view or of expand, input `resultNumber` of broadcast
        (what the index maps and the folds trace a result back to). No
        default: a new op says it.
      }],
      "::mlir::Value", "getSourceOf", (ins "unsigned":$resultNumber)>,
    InterfaceMethod<[{
        The result dimension of each dimension of the source of a copy when
        the op gives it (expand's `axes_mapping`), or nothing for numpy's
        trailing alignment (broadcast, expand without it) and for a view.
        No default: a new op says it.
      }],
      "::std::optional<::llvm::ArrayRef<int64_t>>", "getSourceAxesMapping",
      (ins)>,
  ];
  let extraClassDeclaration = [{
    /// The op's row of SONNXProfileOps.def.
    const ::mlir::sonnx::ProfileOpInfo &getInfo() {
      return ::mlir::sonnx::getProfileOpInfo(getProfileOp());
    }
    /// Whether the result is the data operand (operand 0) in another shape.
    bool isView() {
      return getInfo().storage == ::mlir::sonnx::OpStorage::View;
    }
  }];
}

#endif // SONNX_DIALECT_SONNX_IR_SONNXPROFILEOPINTERFACE_TD
