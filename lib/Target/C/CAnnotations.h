//===- CAnnotations.h - comments and ACSL of the C output -------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// What the C output says besides its code (CAnnotations.cpp): the ACSL
// contracts of the compute function and of PREFIX_run, and what
// makeReadable adds to the translated function (literals, named loop
// bounds, a comment per loop nest, loop annotations). Private to
// lib/Target/C; emitCSource (CEmitter.cpp) calls it.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TARGET_C_CANNOTATIONS_H
#define SONNX_LIB_TARGET_C_CANNOTATIONS_H

#include "CPrinter.h"

#include "SONNX/Target/C/CEmitter.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace mlir {
namespace sonnx {

/// The compute function's arguments (their C names), which of them are
/// outputs and the node or output that each loop nest belongs to.
struct ComputeSignature {
  llvm::SmallVector<std::string> names;
  llvm::SmallVector<int64_t> sizes;
  llvm::SmallVector<bool> isOutput;
  /// The header's identifier of each argument.
  llvm::SmallVector<std::string> identifiers;
  /// For each argument of an output: the label of the node whose value it
  /// is ("node 3 'x' (Reshape)"), or empty.
  llvm::SmallVector<std::string> producers;
};

/// The elements of the file's const arrays as ACSL logic functions, one
/// per array that a loop annotation reads (defineLogicTable), written from
/// the array's own initializer: the annotations read `NAME_elements(i)`,
/// not `NAME[i]`. WP states every element of a const array's initializer
/// in each goal of a function that reads it; a quantified invariant over
/// `NAME[k]` lets the provers instantiate it with each of them (CVC4 took
/// 6.8 s and 949,210 steps on one invariant of test_constant's 25 floats,
/// 2026-11-27), one over the logic function gives them no such term (80
/// ms, 25,733 steps). Where the code reads an element, the goal relates
/// the array to the function through the initializer.
struct ConstantTables {
  /// The C names that no function may take (parameters, globals).
  llvm::StringSet<> taken;
  /// The function of each const array, by the array's name.
  llvm::StringMap<std::string> functions;
  std::string definitions;

  /// The function of the elements of `global`, defined on first use, or
  /// nullopt for an array whose elements are not integers (strings,
  /// complex numbers: the annotations read the array itself).
  std::optional<std::string> getFunction(emitc::GlobalOp global);
};

/// The locations that a function taking the arrays `names` (of `sizes`
/// elements; `isOutput`) may write: its outputs and the static `buffers`,
/// as an ACSL list ("y[0 .. 5], buf[0 .. 11]"; empty when none).
std::string
writeAssigned(llvm::ArrayRef<std::string> names, llvm::ArrayRef<int64_t> sizes,
              llvm::ArrayRef<bool> isOutput,
              llvm::ArrayRef<std::pair<std::string, int64_t>> buffers);

/// The ACSL contract of a function that takes the arrays `names` (of
/// `sizes` elements; `isOutput`) and writes the outputs and the static
/// `buffers`: each array valid (readable for an input), each output
/// separated from every other array, and what it assigns. `ensuresOk`: the
/// function returns 0 (no run-time check). `functional`: what the outputs
/// hold (CFunctionalSpec::clauses), on a return of 0.
std::string
writeContract(llvm::ArrayRef<std::string> names, llvm::ArrayRef<int64_t> sizes,
              llvm::ArrayRef<bool> isOutput,
              llvm::ArrayRef<std::pair<std::string, int64_t>> buffers,
              bool ensuresOk, llvm::ArrayRef<std::string> functional);

/// Makes the translated `func` easier to read and to analyse (its integer
/// constants are literals already, --sonnx-emitc-literal-constants): each
/// loop runs to a named constant bound (a macro of
/// `macros`, `PREFIX_<node or output>_D<depth>`); each loop nest follows a
/// comment that names its ONNX node and the constraints checked for it
/// (as the header lists `nodes`), or the output that it
/// copies; and each loop carries the ACSL annotations (invariant, assigns,
/// variant) with which Frama-C's WP proves the function's contract, written
/// with the loop variables' names (`names`). A nest that is one copy
/// states what it has written, with the index variable `index`,
/// and assigns its destination only; any other assigns `loopAssigns` and
/// sets `notFunctional` to the reason (the first one).
void makeReadable(emitc::FuncOp func, llvm::ArrayRef<CompiledNode> nodes,
                  const ComputeSignature &signature, CNames &names,
                  llvm::StringRef macroPrefix, llvm::StringRef loopAssigns,
                  llvm::StringRef index, ConstantTables &constants,
                  std::string &macros, std::string &notFunctional);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TARGET_C_CANNOTATIONS_H
