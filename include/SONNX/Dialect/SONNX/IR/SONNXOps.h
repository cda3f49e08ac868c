//===- SONNXOps.h - sonnx op declarations -----------------------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXOPS_H
#define SONNX_DIALECT_SONNX_IR_SONNXOPS_H

#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "mlir/Support/LogicalResult.h"

namespace mlir {
namespace sonnx {
/// The ProfileOp of the op class `OpTy` (its row of SONNXProfileOps.def),
/// which ProfileOpInterface::getProfileOp returns: an op that implements the
/// interface without a row does not compile.
template <typename OpTy> struct ProfileOpOf;
} // namespace sonnx
} // namespace mlir

#include "SONNX/Dialect/SONNX/IR/SONNXProfileOpInterface.h.inc"

#define GET_OP_CLASSES
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h.inc"

namespace mlir {
namespace sonnx {
#define SONNX_PROFILE_OP(NAME, CLASS, ONNX, FIRST, SHAPE, STORAGE, OPERAND)    \
  template <> struct ProfileOpOf<CLASS> {                                      \
    static constexpr ProfileOp value = ProfileOp::NAME;                        \
  };                                                                           \
  static_assert(CLASS::hasTrait<ProfileOpInterface::Trait>(),                  \
                "SONNXProfileOps.def: " #CLASS                                 \
                " does not implement ProfileOpInterface");
#include "SONNX/Dialect/SONNX/IR/SONNXProfileOps.def"
} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXOPS_H
