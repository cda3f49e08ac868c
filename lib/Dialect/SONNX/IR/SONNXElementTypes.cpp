//===- SONNXElementTypes.cpp - the element types of the profile -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXElementTypes.h"

#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::sonnx;

std::optional<ElementKind> mlir::sonnx::getElementKind(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      if (intType.isSignless())
        return ElementKind::Bool;
      return std::nullopt;
    case 4:
      return isUnsigned ? ElementKind::UInt4 : ElementKind::Int4;
    case 8:
      return isUnsigned ? ElementKind::UInt8 : ElementKind::Int8;
    case 16:
      return isUnsigned ? ElementKind::UInt16 : ElementKind::Int16;
    case 32:
      return isUnsigned ? ElementKind::UInt32 : ElementKind::Int32;
    case 64:
      return isUnsigned ? ElementKind::UInt64 : ElementKind::Int64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF16())
    return ElementKind::Float16;
  if (type.isBF16())
    return ElementKind::BFloat16;
  if (type.isF32())
    return ElementKind::Float;
  if (type.isF64())
    return ElementKind::Double;
  if (isa<StringType>(type))
    return ElementKind::String;
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    if (complexType.getElementType().isF32())
      return ElementKind::Complex64;
    if (complexType.getElementType().isF64())
      return ElementKind::Complex128;
  }
  return std::nullopt;
}

namespace {
/// The names of an element kind, in the order of ElementKind.
struct ElementKindNames {
  StringLiteral spec;
  StringLiteral mlir;
};
constexpr ElementKindNames kElementKindNames[] = {
    {"bool", "bool"},
    {"int4", "i4"},
    {"int8", "i8"},
    {"int16", "i16"},
    {"int32", "i32"},
    {"int64", "i64"},
    {"uint4", "ui4"},
    {"uint8", "ui8"},
    {"uint16", "ui16"},
    {"uint32", "ui32"},
    {"uint64", "ui64"},
    {"float16", "f16"},
    {"bfloat16", "bf16"},
    {"float", "f32"},
    {"double", "f64"},
    {"string", "!sonnx.string"},
    {"complex64", "complex<f32>"},
    {"complex128", "complex<f64>"},
};
static_assert(std::size(kElementKindNames) ==
                  static_cast<size_t>(ElementKind::Complex128) + 1,
              "one name per element kind");

using K = ElementKind;

// The per-op sets of ../shared/spec/CONSTRAINTS.md (`*.types`): the one list
// of them in the code.

// unsqueeze.types, broadcast.types: sonnx-unsqueeze.md and
// sonnx-broadcast.md list no bfloat16, no 4-bit type and no complex.
constexpr ElementKind kUnsqueezeBroadcastKinds[] = {
    K::Bool,   K::Int8,   K::Int16,   K::Int32, K::Int64,  K::UInt8, K::UInt16,
    K::UInt32, K::UInt64, K::Float16, K::Float, K::Double, K::String};
// flatten.types: sonnx-flatten.md adds bfloat16, int4 and uint4.
constexpr ElementKind kFlattenKinds[] = {
    K::Bool,     K::Int4,  K::Int8,   K::Int16,  K::Int32,  K::Int64,
    K::UInt4,    K::UInt8, K::UInt16, K::UInt32, K::UInt64, K::Float16,
    K::BFloat16, K::Float, K::Double, K::String};
// reshape.types (ONNX Reshape-13/14), expand.types (ONNX Expand-13): no
// 4-bit type; bfloat16 and complex.
constexpr ElementKind kReshape14Kinds[] = {
    K::Bool,   K::Int8,   K::Int16,     K::Int32,     K::Int64,    K::UInt8,
    K::UInt16, K::UInt32, K::UInt64,    K::Float16,   K::BFloat16, K::Float,
    K::Double, K::String, K::Complex64, K::Complex128};
// reshape.types for an imported Reshape-5: Reshape-14's set but bfloat16.
constexpr ElementKind kReshape5Kinds[] = {
    K::Bool,  K::Int8,   K::Int16,  K::Int32,     K::Int64,
    K::UInt8, K::UInt16, K::UInt32, K::UInt64,    K::Float16,
    K::Float, K::Double, K::String, K::Complex64, K::Complex128};
// reshape.types for an imported Reshape-1: floats only.
constexpr ElementKind kReshape1Kinds[] = {K::Float16, K::Float, K::Double};

/// The table: the dialect's set of each op first, in the order of
/// SONNXProfileOps.def (sinceOpset 1 for the ops with one set), then the
/// older ONNX versions of Reshape.
constexpr OpElementTypes kOpElementTypes[] = {
    {ProfileOp::Reshape, "Reshape", 13, kReshape14Kinds},
    {ProfileOp::Unsqueeze, "Unsqueeze", 1, kUnsqueezeBroadcastKinds},
    {ProfileOp::Flatten, "Flatten", 1, kFlattenKinds},
    {ProfileOp::Broadcast, "Broadcast", 1, kUnsqueezeBroadcastKinds},
    {ProfileOp::Expand, "Expand", 1, kReshape14Kinds},
    {ProfileOp::Reshape, "Reshape-5", 5, kReshape5Kinds},
    {ProfileOp::Reshape, "Reshape-1", 1, kReshape1Kinds},
};

/// Whether the first rows are one per op of SONNXProfileOps.def, in its
/// order: an op of the table without its set does not compile.
constexpr bool hasOneSetPerProfileOp() {
  if (std::size(kOpElementTypes) < kNumProfileOps)
    return false;
  for (size_t i = 0; i < kNumProfileOps; ++i)
    if (kOpElementTypes[i].op != kProfileOps[i].op)
      return false;
  return true;
}
static_assert(hasOneSetPerProfileOp(),
              "kOpElementTypes: the dialect's set of each op of "
              "SONNXProfileOps.def first, in its order");
} // namespace

StringRef mlir::sonnx::getElementKindSpecName(ElementKind kind) {
  return kElementKindNames[static_cast<size_t>(kind)].spec;
}

StringRef mlir::sonnx::getElementKindMLIRName(ElementKind kind) {
  return kElementKindNames[static_cast<size_t>(kind)].mlir;
}

bool OpElementTypes::allows(ElementKind kind) const {
  return llvm::is_contained(kinds, kind);
}

bool OpElementTypes::allows(Type type) const {
  std::optional<ElementKind> kind = getElementKind(type);
  return kind && allows(*kind);
}

std::string OpElementTypes::formatMLIRNames() const {
  return llvm::join(llvm::map_range(kinds, getElementKindMLIRName), ", ");
}

std::string OpElementTypes::formatSpecNames() const {
  return llvm::join(llvm::map_range(kinds, getElementKindSpecName), ", ");
}

ArrayRef<OpElementTypes> mlir::sonnx::getAllOpElementTypes() {
  return kOpElementTypes;
}

const OpElementTypes &mlir::sonnx::getOpElementTypes(ProfileOp op) {
  // The first entry of an op is its set in the dialect, at the index of
  // its ProfileOp (hasOneSetPerProfileOp).
  return kOpElementTypes[static_cast<size_t>(op)];
}

const OpElementTypes &mlir::sonnx::getOpElementTypes(ProfileOp op,
                                                     int64_t opset) {
  // The sets of an op, newest first: the first that applies at `opset`.
  for (const OpElementTypes &entry : kOpElementTypes)
    if (entry.op == op && opset >= entry.sinceOpset)
      return entry;
  return getOpElementTypes(op);
}
