//===- CSpecification.h - What the C output computes, in ACSL ---*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The functional contract of a compiled function, derived from its sonnx
// ops before any lowering: for every element of every output, the input
// element (or the constant) whose bits it holds, as a composition of the
// index maps of lib/Target/C/sonnx_index_maps.acsl along the model's graph.
// A fault of the lowering cannot hide in both the code and its contract:
// the code's loop annotations (CEmitter.cpp) are derived from the code, the
// contract from the specification, and WP proves that they agree.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TARGET_C_CSPECIFICATION_H
#define SONNX_TARGET_C_CSPECIFICATION_H

#include "SONNX/Analysis/IndexMaps.h"
#include "SONNX/Target/C/CEmitter.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir {
namespace sonnx {

struct CFunctionalSpec {
  /// The ACSL definitions that the clauses use: one logic function per
  /// broadcasting node and per constant, each after a comment that names
  /// its node and shapes.
  std::string definitions;
  /// The name of the index variable of the clauses and of the loop
  /// annotations: "k", or longer when a C name of the file would clash.
  std::string index = "k";
  /// One ACSL predicate per output with elements ("\forall integer k; ...
  /// ==> $1$[k] == $0$[...]"), where $N$ stands for parameter N.
  llvm::SmallVector<std::string> clauses;
  /// The outputs that no clause states, each with the reason ("output 'y':
  /// the value of tensor.concat, which is not an op of the profile").
  llvm::SmallVector<std::string> unstated;

  /// `clause` with each $N$ replaced by `getName(N)`.
  static std::string
  instantiate(llvm::StringRef clause,
              llvm::function_ref<std::string(unsigned)> getName);
};

/// The ACSL logic function `NAME(k)` that is `values[k]` for k in [0,
/// values.size()) (integers as ACSL writes them; 0 when there are none):
/// a balanced tree of conditionals on k, of depth log2 of the count. The
/// one writer of the elements of a constant, for the contract (the
/// constant's values) and for the loop annotations (a const array's).
std::string defineLogicTable(llvm::StringRef name,
                             llvm::ArrayRef<std::string> values);

/// The text of lib/Target/C/sonnx_index_maps.acsl: the index maps of the
/// profile's shape ops as ACSL logic functions.
llvm::StringRef getIndexMapsACSL();

/// The functional contract of a function whose outputs come from
/// `sources` (traceOutputSources of its sonnx ops, static shapes: compileAOT
/// has checked them) and whose inputs and outputs are `params` in order;
/// logic functions are named `prefix_...`.
CFunctionalSpec specifyCFunction(llvm::ArrayRef<OutputSource> sources,
                                 llvm::StringRef prefix,
                                 llvm::ArrayRef<AOTParameter> params);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_C_CSPECIFICATION_H
