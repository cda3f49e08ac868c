//===- ErrorCollector.h - collect error diagnostics as text -----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The runner reports every failure as one line of text (sonnx-run prints it
// next to the data set). This collects the error diagnostics that the
// importer and the passes emit on a context into that line.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_RUNTIME_ERRORCOLLECTOR_H
#define SONNX_LIB_RUNTIME_ERRORCOLLECTOR_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// The label of the ONNX node that `loc` locates (the importer's
/// "node 3 'name' (OpType)", a NameLoc, possibly first in a FusedLoc), or
/// std::nullopt for a location of no node.
inline std::optional<llvm::StringRef> getNodeLabel(Location loc) {
  while (auto fused = dyn_cast<FusedLoc>(loc)) {
    if (fused.getLocations().empty())
      break;
    loc = fused.getLocations().front();
  }
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().getValue();
  return std::nullopt;
}

/// Collects the error diagnostics of a context while it lives.
class ErrorCollector {
public:
  explicit ErrorCollector(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error)
            messages.push_back(format(diag));
          return success();
        }) {}

  /// The messages joined by "; ", empty when there were none.
  std::string str() const {
    return llvm::join(messages.begin(), messages.end(), "; ");
  }

private:
  /// The message, after the name of the ONNX node the op came from when
  /// the message does not already name it (the importer locates each op at
  /// its node's label, "node 3 'name' (OpType)"; the lowering's messages do
  /// not repeat it).
  static std::string format(Diagnostic &diag) {
    std::string message = diag.str();
    if (std::optional<llvm::StringRef> node = getNodeLabel(diag.getLocation());
        node && !llvm::StringRef(message).contains(*node))
      message = (*node + ": " + message).str();
    return message;
  }

  llvm::SmallVector<std::string> messages;
  ScopedDiagnosticHandler handler;
};

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_RUNTIME_ERRORCOLLECTOR_H
