//===- CPrinter.h - C99 of the EmitC subset of the C output -----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The printer of the C source that sonnx-compile --emit=c writes: the EmitC
// ops that `--sonnx-to-emitc` and the C emitter produce (loops, index
// expressions, loads, stores, returns, comments and ACSL), printed as
// emitc::translateToCpp would print them, but with names that the
// generator chooses before printing (CNames): the contracts and loop
// annotations are written with the names the code has, and nothing reads
// the printed C back. An op outside that subset is an error, never
// printed some other way.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TARGET_C_CPRINTER_H
#define SONNX_LIB_TARGET_C_CPRINTER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
namespace sonnx {

/// The identifiers of the compute function, chosen before printing: its
/// parameters are the header's identifiers (as `PREFIX_run`'s), its loop
/// variables `i0`, `i1`, ... by nesting depth (0 outermost), its other
/// values `v1`, `v2`, ...; none equal to another identifier of the source
/// (a global, a type name), a clash taking a suffix `_2`, `_3`, ...
class CNames {
public:
  /// `parameters`: the header's identifiers of the function's parameters,
  /// in order; `fileScope`: the identifiers that the source declares at
  /// file scope (globals).
  CNames(llvm::ArrayRef<std::string> parameters,
         llvm::ArrayRef<std::string> fileScope);

  /// The name of parameter `k`.
  llvm::StringRef getParameter(unsigned k) const { return parameters[k]; }
  llvm::ArrayRef<std::string> getParameters() const { return parameters; }
  /// The variable of every loop at nesting depth `depth`.
  llvm::StringRef getLoopVariable(unsigned depth);
  /// A new name for a value of the function body.
  std::string getFreshValue();
  /// `name` (a C identifier) for a local variable, or with a suffix when
  /// taken.
  std::string getLocal(llvm::StringRef name) { return fresh(name); }

private:
  std::string fresh(llvm::StringRef stem);

  llvm::StringSet<> taken;
  llvm::SmallVector<std::string> parameters;
  llvm::SmallVector<std::string> loopVariables;
  unsigned nextValue = 1;
};

/// The names of the values of one function of the module.
using CNamesOfFunction =
    llvm::function_ref<llvm::Expected<CNames>(Operation *func)>;

/// Prints `module`, EmitC ops of the subset above (file-scope verbatims and
/// globals, functions), as C99 source to `os`, the values of each function
/// named by what `namesOf` gives for it. A function is followed by an empty
/// line when something follows it.
llvm::Error printCModule(ModuleOp module, CNamesOfFunction namesOf,
                         llvm::raw_ostream &os);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TARGET_C_CPRINTER_H
