//===- AOTObject.h - the object file of ahead-of-time compilation -*- C++
//-*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Private to lib/Runtime: the target machine of the compile options, and
// the object file of a module lowered to the LLVM dialect, with what the
// header states of it (AOTObject.cpp). compileAOT (AOTCompiler.cpp) calls
// them.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_RUNTIME_AOTOBJECT_H
#define SONNX_LIB_RUNTIME_AOTOBJECT_H

#include "SONNX/Runtime/AOTCompiler.h"
#include "SONNX/Target/C/CHeader.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <string>

namespace mlir {
namespace sonnx {

/// The target machine of `options` (its triple, CPU and features, checked
/// first: LLVM would warn and go on, or stop the process).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const AOTCompileOptions &options);

/// Translates the lowered `module` (which defines PREFIX_run and
/// PREFIX_status_rule, addStatusRule), optimizes it and emits the
/// object. `budget` receives the globals, the
/// data sections and the stack sizes of the object.
llvm::Expected<std::string> emitObject(ModuleOp module,
                                       const AOTCompileOptions &options,
                                       ResourceBudget &budget);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_RUNTIME_AOTOBJECT_H
