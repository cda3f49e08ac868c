//===- IndexMaps.h - Where each output element comes from ------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Every function sonnx compiles is a gather: each output element is a copy
// of one input element or of one constant element, chosen by the shapes.
// traceOutputSources derives, from the sonnx ops of a function before any
// lowering, which one: for each output, the chain of the index maps of the
// specifications (reshape, flatten, unsqueeze keep the row-major index;
// expand and broadcast follow sonnx-broadcast.md's f(a, B, C)) back to an
// argument or a constant.
//
// This is the one statement of the expected index map. Two readers:
//   - the C output's functional contract (lib/Target/C/CSpecification.cpp)
//     writes it with the ACSL logic functions of
//     lib/Target/C/sonnx_index_maps.acsl, which WP proves the C against;
//   - the validation of an object (lib/Runtime/Validation.cpp) evaluates it
//     with OutputSource::getSourceIndex, whose two helpers are the ACSL
//     functions sonnx_axis_index and sonnx_broadcast_f line for line.
// Neither depends on the lowering or on the folds of the dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_ANALYSIS_INDEXMAPS_H
#define SONNX_ANALYSIS_INDEXMAPS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace sonnx {

/// The index map of one op on the way from an output back to its source:
/// the row-major index of the op's operand element that result element k
/// is.
struct IndexMapStep {
  enum class Kind {
    /// A view (OpStorage::View of SONNXProfileOps.def): k, the identity of
    /// row-major order, which the specification names after the op
    /// (sonnx_reshape_source for sonnx.reshape: sonnx_index_maps.acsl).
    View,
    /// Expand or broadcast: the sum over the input axes j of
    /// sonnx_broadcast_f(sonnx_axis_index(k, resultStrides[axes[j]],
    /// resultShape[axes[j]]), inputShape[j], resultShape[axes[j]]) *
    /// inputStrides[j].
    Broadcast,
  };
  Kind kind = Kind::View;
  /// The op's name ("sonnx.expand") and location (its ONNX node).
  std::string opName;
  LocationAttr loc;
  /// Broadcast: one number per result value of an op, the same for every
  /// output that goes through it (a contract defines its logic function
  /// once).
  unsigned id = 0;
  /// Broadcast: the static shapes of the operand and the result, and for
  /// each operand axis j the result axis it is aligned with
  /// (getExpandAxesMapping: trailing alignment, or Expand's axes_mapping).
  llvm::SmallVector<int64_t> inputShape, resultShape, axes;
  /// Broadcast: their row-major strides (getRowMajorStrides).
  llvm::SmallVector<int64_t> inputStrides, resultStrides;

  /// The operand's row-major index of result element `k`.
  int64_t getSourceIndex(int64_t k) const;
};

/// Where the elements of one output come from.
struct OutputSource {
  enum class Kind {
    /// Element getSourceIndex(k) of argument `argument`.
    Argument,
    /// Element getSourceIndex(k) of `constant`.
    Constant,
    /// Not known: `why` says which op on the way is not of the profile (or
    /// has shapes that are not static).
    Unknown,
  };
  Kind kind = Kind::Unknown;
  /// The maps from the output back to its source, the output's first.
  std::vector<IndexMapStep> steps;
  unsigned argument = 0;
  /// Constant: its value, and an id per constant op of the function.
  DenseElementsAttr constant;
  std::string constantOpName;
  LocationAttr constantLoc;
  unsigned constantId = 0;
  std::string why;

  /// The source's row-major index of output element `k` (the steps
  /// composed; 0 <= k < the output's element count).
  int64_t getSourceIndex(int64_t k) const;
};

/// For each result of `func` (one block, static shapes), where its elements
/// come from, by the sonnx ops as they are: no op is folded or lowered.
std::vector<OutputSource> traceOutputSources(func::FuncOp func);

/// How many of `sources` are Unknown.
unsigned countUnknownSources(llvm::ArrayRef<OutputSource> sources);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_ANALYSIS_INDEXMAPS_H
