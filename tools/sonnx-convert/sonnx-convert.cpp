//===- sonnx-convert.cpp - write an ONNX model in the profile's form ------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// sonnx-convert MODEL.onnx -o OUT.onnx: checks the model as sonnx-check
// does and, when it breaks no rule of the profile, writes it again with
// every rewrite that keeps the outputs bit-identical (attributes left to
// their defaults written, implicit rank broadcasting made explicit, input
// shapes fixed), reporting each (docs/sonnx-convert.md). Exit code: 0
// written; 1 a rule of the profile is broken (nothing written); 2 a usage
// error, or a model that cannot be read, checked or written.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Target/ONNX/ONNXCheck.h"
#include "SONNX/Target/ONNX/ONNXConvert.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "SONNX/Version.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::sonnx;

namespace {
enum class ReportFormat { Text, JSON };

/// The exit codes (docs/sonnx-convert.md, "Exit codes").
enum ExitCode : int {
  /// The converted model is written.
  ExitWritten = 0,
  /// A rule of the profile is broken: nothing is written.
  ExitBreaksRule = 1,
  /// A usage error, or a model that cannot be read, checked or written.
  ExitUsage = 2,
};

/// A finding that keeps the model from being converted.
struct Finding {
  std::string label;
  std::string rule;
  std::string message;
};

/// A file of external data the model written refers to.
struct ExternalFile {
  /// As the model names it, relative to its directory.
  std::string location;
  /// Where it was copied, next to the output; empty when the output is in
  /// the model's directory (the file is already there).
  std::string copiedTo;
};
} // namespace

static std::vector<ExternalFile> externalFiles;

static llvm::cl::OptionCategory category("sonnx-convert options");

static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                                llvm::cl::desc("MODEL.onnx"),
                                                llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    outputFilename("o", llvm::cl::desc("Write the converted model here"),
                   llvm::cl::value_desc("OUT.onnx"), llvm::cl::cat(category));

static llvm::cl::list<std::string> inputShapes(
    "input-shape",
    llvm::cl::desc("Fix the shape of graph input NAME, e.g. "
                   "x=1x3x224x224 (its symbolic sizes; repeatable)"),
    llvm::cl::value_desc("NAME=D0xD1x..."), llvm::cl::cat(category));

static llvm::cl::opt<bool>
    noRewrite("no-rewrite",
              llvm::cl::desc("Write the model back with no rewrite (the same "
                             "nodes), after the check"),
              llvm::cl::init(false), llvm::cl::cat(category));

static llvm::cl::opt<ReportFormat> formatOption(
    "format", llvm::cl::desc("Report format (standard output)"),
    llvm::cl::values(
        clEnumValN(ReportFormat::Text, "text",
                   "one line per change or finding (default)"),
        clEnumValN(ReportFormat::JSON, "json",
                   "the JSON report of docs/sonnx-convert.md (schema "
                   "sonnx-convert/1)")),
    llvm::cl::init(ReportFormat::Text), llvm::cl::cat(category));

/// The findings that keep `check`'s model from being converted: those that
/// make sonnx-check exit 1.
static std::vector<Finding> getFindings(const ONNXCheckResult &check) {
  std::vector<Finding> findings;
  for (const ShapeNodeCheck &node : check.getCheckedNodes()) {
    if (node.verdict != ShapeNodeVerdict::Breaks &&
        node.verdict != ShapeNodeVerdict::Invalid)
      continue;
    for (const CheckFinding &finding : node.findings)
      findings.push_back(
          {node.getLabel(),
           finding.rule ? getCheckedRuleText(*finding.rule).str() : "",
           finding.message});
  }
  for (const ModelFinding &finding : check.modelFindings) {
    if (!finding.finding.rule)
      continue;
    std::string label =
        finding.nodeIndex && *finding.nodeIndex >= 0
            ? formatScopePrefix(finding.scopes) +
                  formatONNXNodeLabel(*finding.nodeIndex, finding.nodeName,
                                      finding.nodeOpType)
            : std::string("model");
    findings.push_back({label, getCheckedRuleText(*finding.finding.rule).str(),
                        finding.finding.message});
  }
  return findings;
}

static void printText(llvm::raw_ostream &os, llvm::StringRef model,
                      const ConvertResult &result,
                      llvm::ArrayRef<Finding> findings) {
  if (!result.converted) {
    for (const Finding &finding : findings)
      os << model << ": " << finding.label << ": error: " << finding.message
         << "\n";
    os << model << ": breaks a rule of the profile; nothing written\n";
    return;
  }
  for (const ExternalFile &file : externalFiles)
    os << model << ": external data '" << file.location << "': "
       << (file.copiedTo.empty()
               ? "kept: the output is in the model's directory, where the "
                 "file is"
               : "copied to " + file.copiedTo +
                     ": the model written reads it by the same relative "
                     "path, next to it")
       << "\n";
  for (const ConvertChange &kept : result.kept)
    os << model << ": " << kept.getLabel() << ": kept: " << kept.change << ": "
       << kept.reason << "\n";
  std::map<std::string, int64_t> counts;
  for (const ConvertChange &change : result.changes) {
    os << model << ": " << change.getLabel() << ": "
       << getConvertRewriteName(change.rewrite) << ": " << change.change << ": "
       << change.reason << "\n";
    ++counts[getConvertRewriteName(change.rewrite).str()];
  }
  SmallVector<std::string> parts;
  for (ConvertRewrite rewrite :
       {ConvertRewrite::ExplicitDefault, ConvertRewrite::ExplicitBroadcast,
        ConvertRewrite::FixedInputShape, ConvertRewrite::FoldedNode,
        ConvertRewrite::InlinedIf, ConvertRewrite::RemovedDeadNode,
        ConvertRewrite::RemovedIdentity, ConvertRewrite::RemovedInitializer,
        ConvertRewrite::OpsetForm}) {
    std::string name = getConvertRewriteName(rewrite).str();
    parts.push_back(std::to_string(counts[name]) + " " + name);
  }
  os << model << ": written to " << outputFilename << ": "
     << result.changes.size() << " change"
     << (result.changes.size() == 1 ? "" : "s") << " ("
     << llvm::join(parts, ", ") << ")"
     << (noRewrite ? "; --no-rewrite: the model's nodes as they were" : "")
     << "\n";
}

static void printJSON(llvm::raw_ostream &os, llvm::StringRef model,
                      const ConvertResult *result,
                      llvm::ArrayRef<Finding> findings,
                      llvm::ArrayRef<std::string> errors, int exitCode) {
  llvm::json::OStream json(os, 2);
  json.object([&] {
    json.attribute("schema", "sonnx-convert/1");
    json.attributeObject("tool", [&] {
      json.attribute("name", "sonnx-convert");
      json.attribute("version", SONNX_VERSION);
    });
    json.attribute("model", model);
    bool written = exitCode == ExitWritten;
    json.attribute("output", written ? llvm::json::Value(outputFilename)
                                     : llvm::json::Value(nullptr));
    json.attribute("written", written);
    json.attribute("rewrite", !noRewrite);
    json.attribute("exit_code", exitCode);
    json.attributeArray("errors", [&] {
      for (const std::string &error : errors)
        json.value(error);
    });
    json.attributeArray("findings", [&] {
      for (const Finding &finding : findings)
        json.object([&] {
          json.attribute("node", finding.label);
          json.attribute("rule", finding.rule.empty()
                                     ? llvm::json::Value(nullptr)
                                     : llvm::json::Value(finding.rule));
          json.attribute("message", finding.message);
        });
    });
    json.attributeArray("external_data", [&] {
      if (!written)
        return;
      for (const ExternalFile &file : externalFiles)
        json.object([&] {
          json.attribute("location", file.location);
          json.attribute("copied_to", file.copiedTo.empty()
                                          ? llvm::json::Value(nullptr)
                                          : llvm::json::Value(file.copiedTo));
        });
    });
    auto writeChange = [&](const ConvertChange &change) {
      json.object([&] {
        json.attribute("rewrite", getConvertRewriteName(change.rewrite));
        json.attribute("node", change.getLabel());
        json.attribute("index", change.index);
        json.attribute("name", change.name);
        json.attribute("op_type", change.opType);
        json.attributeArray("path", [&] {
          for (const NodeScope &scope : change.scopes)
            json.value(scope.getLabel());
        });
        json.attribute("change", change.change);
        json.attribute("why", change.reason);
      });
    };
    json.attributeArray("kept", [&] {
      if (!result || !findings.empty())
        return;
      for (const ConvertChange &kept : result->kept)
        writeChange(kept);
    });
    json.attributeArray("changes", [&] {
      if (!result || !findings.empty())
        return;
      for (const ConvertChange &change : result->changes)
        writeChange(change);
    });
  });
  os << "\n";
}

static int usageError(const llvm::Twine &message) {
  llvm::errs() << "sonnx-convert: error: " << message
               << " (see 'sonnx-convert --help')\n";
  return ExitUsage;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "sonnx-convert (sonnx) " << SONNX_VERSION << "\n";
  });
  // With an error stream the parser returns false on a usage error instead
  // of exiting with 1, the code of a broken rule: a usage error exits 2.
  std::string parseErrors;
  llvm::raw_string_ostream parseErrorStream(parseErrors);
  if (!llvm::cl::ParseCommandLineOptions(
          argc, argv,
          "sonnx-convert: write an ONNX model in the SONNX profile's form, "
          "with outputs bit-identical (docs/sonnx-convert.md)\n\n"
          "  sonnx-convert MODEL.onnx -o OUT.onnx [--input-shape "
          "NAME=1x3x224x224]...\n"
          "                [--no-rewrite] [--format=text|json]\n\n"
          "Exit code: 0 written; 1 a rule of the profile is broken (nothing "
          "written); 2 a usage error, or a model that cannot be read, "
          "checked or written.\n",
          &parseErrorStream)) {
    llvm::errs() << parseErrors;
    return ExitUsage;
  }
  if (inputFilename.empty())
    return usageError("no model given: sonnx-convert MODEL.onnx -o OUT.onnx");
  if (outputFilename.empty())
    return usageError("no output given: -o OUT.onnx");
  if (outputFilename == "-")
    return usageError("-o - would write the model into the report on "
                      "standard output: give a file");

  ConvertOptions options;
  options.rewrite = !noRewrite;
  for (const std::string &shape : inputShapes)
    if (llvm::Error error = addInputShapeOption(options.import, shape))
      return usageError(llvm::toString(std::move(error)));
  std::string model =
      inputFilename == "-" ? std::string("<stdin>") : inputFilename;
  options.import.sourceName = model;

  DialectRegistry registry;
  registerONNXCheckDialects(registry);
  MLIRContext context(registry);
  std::vector<std::string> errors;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors.push_back(diag.str());
    return success();
  });
  auto fail = [&](const ConvertResult *result) {
    if (errors.empty())
      errors.push_back("the model cannot be converted");
    for (const std::string &error : errors)
      llvm::errs() << model << ": error: " << error << "\n";
    if (formatOption == ReportFormat::JSON)
      printJSON(llvm::outs(), model, result, {}, errors, ExitUsage);
    return ExitUsage;
  };

  // Read in pieces and rewritten in place: the weights are held once, and
  // once more by the check's constants (docs/sonnx-convert.md, "Large
  // models").
  std::unique_ptr<ONNXModel> parsed = ONNXModel::parseFile(
      inputFilename, FileLineColLoc::get(&context, model, 0, 0));
  if (!parsed)
    return fail(nullptr);
  FailureOr<ConvertResult> result =
      convertONNXModel(*parsed, &context, options);
  if (failed(result))
    return fail(nullptr);

  std::vector<Finding> findings = getFindings(result->check);
  int exitCode = result->check.breaksRule() ? ExitBreaksRule : ExitWritten;
  if (exitCode == ExitWritten) {
    std::string message;
    std::unique_ptr<llvm::ToolOutputFile> output =
        openOutputFile(outputFilename, &message);
    if (!output) {
      errors.push_back(message);
      return fail(&*result);
    }
    // The external data stays external: the files the model written refers
    // to go next to it, by the same relative paths.
    llvm::Expected<llvm::SmallVector<std::string>> locations =
        parsed->getExternalDataFiles();
    if (!locations) {
      errors.push_back(llvm::toString(locations.takeError()));
      return fail(&*result);
    }
    llvm::SmallString<256> fromDir(
        inputFilename == "-" ? "."
                             : llvm::sys::path::parent_path(inputFilename));
    llvm::SmallString<256> toDir(llvm::sys::path::parent_path(outputFilename));
    if (fromDir.empty())
      fromDir = ".";
    if (toDir.empty())
      toDir = ".";
    for (const std::string &location : *locations) {
      llvm::SmallString<256> from(fromDir), to(toDir);
      llvm::sys::path::append(from, location);
      llvm::sys::path::append(to, location);
      ExternalFile file{location, ""};
      bool same = false;
      if (!llvm::sys::fs::equivalent(from, to, same) && same) {
        externalFiles.push_back(std::move(file));
        continue;
      }
      std::error_code error =
          llvm::sys::fs::create_directories(llvm::sys::path::parent_path(to));
      if (!error)
        error = llvm::sys::fs::copy_file(from, to);
      if (error) {
        errors.push_back("cannot copy the external data '" + location +
                         "' from " + from.str().str() + " to " +
                         to.str().str() + ": " + error.message());
        return fail(&*result);
      }
      file.copiedTo = to.str().str();
      externalFiles.push_back(std::move(file));
    }
    llvm::Error written = parsed->write(output->os());
    output->os().flush();
    if (written || output->os().has_error()) {
      output->os().clear_error();
      errors.push_back("cannot write '" + outputFilename + "': " +
                       (written ? llvm::toString(std::move(written))
                                : std::string("a write failed")));
      return fail(&*result);
    }
    output->keep();
  }
  if (formatOption == ReportFormat::JSON)
    printJSON(llvm::outs(), model, &*result, findings, errors, exitCode);
  else
    printText(llvm::outs(), model, *result, findings);
  return exitCode;
}
