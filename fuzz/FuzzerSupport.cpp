//===- FuzzerSupport.cpp - what the sonnx fuzz targets share --------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::sonnx::fuzz;

static llvm::StringRef getSeverityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "diagnostic";
}

DiagnosticCollector::DiagnosticCollector(MLIRContext *context)
    : handler(context, [this](Diagnostic &diagnostic) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << getSeverityName(diagnostic.getSeverity()) << ": "
           << diagnostic.getLocation() << ": " << diagnostic;
        for (const Diagnostic &note : diagnostic.getNotes())
          os << "\n  note: " << note;
        messages.push_back(std::move(text));
        if (diagnostic.getSeverity() == DiagnosticSeverity::Error && !firstRule)
          firstRule = getAttachedRule(diagnostic);
        return success();
      }) {}

std::string DiagnosticCollector::str() const {
  std::string text;
  for (const std::string &message : messages)
    text += message + "\n";
  return text;
}

bool DiagnosticCollector::contains(llvm::StringRef text) const {
  return llvm::any_of(messages, [&](const std::string &message) {
    return llvm::StringRef(message).contains(text);
  });
}

bool mlir::sonnx::fuzz::isExpectedPipelineFailure(
    const DiagnosticCollector &diagnostics) {
  return diagnostics.citesRule() || diagnostics.contains("cannot be lowered") ||
         diagnostics.contains("allocates a buffer of type");
}

MLIRContext &
mlir::sonnx::fuzz::getFuzzContext(const DialectRegistry &registry) {
  // Made once and never destroyed: libFuzzer ends the process.
  static MLIRContext *context = [&] {
    auto *context = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
    return context;
  }();
  return *context;
}

void mlir::sonnx::fuzz::reportFinding(llvm::StringRef what,
                                      llvm::StringRef details) {
  llvm::errs() << "sonnx fuzz finding: " << what << "\n" << details << "\n";
  llvm::errs().flush();
  std::abort();
}
