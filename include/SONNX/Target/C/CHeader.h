//===- CHeader.h - the C header of a compiled sonnx function ----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The C header that sonnx-compile writes next to the object or the C
// source (docs/deployment.md): the interface (PREFIX_run, its parameters'
// macros, the status codes, PREFIX_status_rule) and what the compiled
// code uses (static storage, stack, element moves), as the caller measured
// it (ResourceBudget). The runtime (lib/Runtime, SONNXAOT) fills the
// budget from the object it emitted; readCStorage fills it from the C
// output's module.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TARGET_C_CHEADER_H
#define SONNX_TARGET_C_CHEADER_H

#include "SONNX/Target/C/CEmitter.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace sonnx {

/// One global of the object's static storage (or a static array of the C).
struct StorageItem {
  std::string name;
  /// What it is ("intermediate buffer, writable, zero-filled").
  std::string what;
  uint64_t bytes = 0;
};

/// The figures of the header's budget (docs/deployment.md, "What the
/// object uses"): each is stated, or says why not.
struct ResourceBudget {
  /// The globals of the object (or the static arrays of the C).
  std::vector<StorageItem> storage;
  /// The object's data sections and their bytes.
  std::vector<std::pair<std::string, uint64_t>> sections;
  /// All the bytes of static storage, when known.
  std::optional<uint64_t> storageBytes;
  std::string storageUnstated;
  /// The stack of PREFIX_run and PREFIX_status_rule, from the object.
  std::optional<uint64_t> runStack, ruleStack;
  std::string stackUnstated;
  /// The functions the object calls but does not define (memcpy, ...).
  std::vector<std::string> undefined;
  /// The elements one successful call stores.
  std::optional<int64_t> moves;
  std::string movesUnstated;
};

/// What the header takes of the compile options (AOTCompileOptions, which
/// the runtime declares).
struct CHeaderOptions {
  /// The prefix of every C name the header declares (a C identifier).
  std::string prefix;
  /// The model file and its ONNX opset, for the header's comment.
  std::string sourceName;
  std::optional<int64_t> opset;
  /// The header of the C output (PREFIX.c); else of an object for `triple`
  /// and `cpu`.
  bool cSource = false;
  std::string triple;
  std::string cpu;
};

/// The C header of the compiled function: `params` (the inputs, then the
/// outputs), `nodes` and `rules` (the status codes) as the compilation
/// found them, and the figures of `budget`.
std::string writeCHeader(const CHeaderOptions &options,
                         llvm::ArrayRef<AOTParameter> params,
                         llvm::ArrayRef<CompiledNode> nodes,
                         llvm::ArrayRef<RuleID> rules,
                         const ResourceBudget &budget);

/// The static arrays of the C output (the module after emitCSource, whose
/// globals have their C names): the bytes of those whose element type has
/// a size that C fixes, into `budget`.
void readCStorage(ModuleOp module, ResourceBudget &budget);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_C_CHEADER_H
