//===- FuzzerSupport.h - what the sonnx fuzz targets share ------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Helpers of the fuzz targets in fuzz/: collecting the diagnostics of one
// input, and reporting a finding (a broken oracle) so that libFuzzer saves
// the input. Sanitizer reports and crashes are findings by themselves.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_FUZZ_FUZZERSUPPORT_H
#define SONNX_FUZZ_FUZZERSUPPORT_H

#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {
namespace fuzz {

/// Collects the diagnostics emitted in `context` while it lives, instead of
/// printing them (an invalid input is the common case, not a finding).
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *context);

  /// Every diagnostic so far, one per line: "<severity>: <loc>: <message>"
  /// with its notes.
  std::string str() const;

  /// Whether some error cites a rule (attachRule).
  bool citesRule() const { return firstRule.has_value(); }

  /// The rule that the first error citing one cites.
  std::optional<RuleID> getFirstRule() const { return firstRule; }

  /// Whether some error message contains `text`.
  bool contains(llvm::StringRef text) const;

  void clear() {
    messages.clear();
    firstRule.reset();
  }

private:
  llvm::SmallVector<std::string> messages;
  std::optional<RuleID> firstRule;
  ScopedDiagnosticHandler handler;
};

/// Whether `--sonnx-to-llvm` may fail on a valid module with these
/// diagnostics: an error citing a rule (a violation that refined types or
/// known counts reveal), or a documented limit of the lowering
/// (docs/pipeline.md) or of the allocation checks. Any other failure (an
/// upstream verifier's message on IR the lowering built) is a finding.
bool isExpectedPipelineFailure(const DiagnosticCollector &diagnostics);

/// A context for one fuzz target, for the whole process: the dialects of
/// `registry`, all loaded, no threads.
MLIRContext &getFuzzContext(const DialectRegistry &registry);

/// Reports a finding: prints `what`, `details` and "sonnx fuzz finding" on
/// stderr and aborts, so that libFuzzer records the input as a crash.
[[noreturn]] void reportFinding(llvm::StringRef what, llvm::StringRef details);

} // namespace fuzz
} // namespace sonnx
} // namespace mlir

#endif // SONNX_FUZZ_FUZZERSUPPORT_H
