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

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "SONNX/Support/TensorUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// An error whose diagnostics include a broken rule of the profile (a
/// diagnostic with a rule attached, attachRule): the input's fault, whatever
/// the run-time values.
class RuleViolationError : public llvm::ErrorInfo<RuleViolationError> {
public:
  static char ID;
  RuleViolationError(std::string message, RuleID rule)
      : message(std::move(message)), rule(rule) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  /// The first rule the diagnostics cite.
  RuleID getRule() const { return rule; }

private:
  std::string message;
  RuleID rule;
};

/// Collects the error diagnostics of a context while it lives.
class ErrorCollector {
public:
  explicit ErrorCollector(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error) {
            messages.push_back(format(diag));
            if (!rule)
              rule = getAttachedRule(diag);
          }
          return success();
        }) {}

  /// The messages joined by "; ", empty when there were none.
  std::string str() const {
    return llvm::join(messages.begin(), messages.end(), "; ");
  }

  /// The error of the messages (`fallback` without any): a
  /// RuleViolationError when one of them broke a rule.
  llvm::Error makeError(const llvm::Twine &fallback) const {
    std::string message = messages.empty() ? fallback.str() : str();
    if (rule)
      return llvm::make_error<RuleViolationError>(std::move(message), *rule);
    return mlir::sonnx::makeError(message);
  }

private:
  /// The message, after the name of the ONNX node the op came from when
  /// the message does not already name it (the importer locates each op at
  /// its node's label, "node 3 'name' (OpType)"; the lowering's messages do
  /// not repeat it), or, for an op of a .mlir file, after its
  /// "file:line:col" (describeSource), as mlir-opt's diagnostics start.
  static std::string format(Diagnostic &diag) {
    std::string message = diag.str();
    Location loc = diag.getLocation();
    llvm::SmallVector<std::string> labels = getSourceLabels(loc);
    if (!labels.empty()) {
      if (!llvm::StringRef(message).contains(labels.front()))
        message = labels.front() + ": " + message;
      return message;
    }
    auto fileLoc = loc->findInstanceOf<FileLineColLoc>();
    if (fileLoc && fileLoc.getLine() != 0)
      message = describeSource(fileLoc) + message;
    return message;
  }

  llvm::SmallVector<std::string> messages;
  /// The rule of the first message that broke one.
  std::optional<RuleID> rule;
  ScopedDiagnosticHandler handler;
};

} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_RUNTIME_ERRORCOLLECTOR_H
