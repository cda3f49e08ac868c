//===- sonnx-check.cpp - check an ONNX model against the profile ----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// sonnx-check MODEL.onnx: imports every node of any ONNX model and reports,
// per Reshape, Unsqueeze, Flatten and Expand node, whether it keeps the rules
// of the SONNX profile, breaks one (with its constraint ID) or leaves rules
// to run time; and the general rules over the whole model. Reports in text,
// JSON or SARIF 2.1.0 (docs/sonnx-check.md). Exit code 0: every shape node
// conforms and no rule is broken; 1: a rule is broken or a shape node is
// invalid; 2: the model cannot be read or checked.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "SONNX/Target/ONNX/ONNXCheck.h"
#include "SONNX/Target/ONNX/ONNXImport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::sonnx;

namespace {
enum class ReportFormat { Text, JSON, SARIF };

/// A row of docs/traceability.md (RuleTexts.inc, generated at build time).
struct RuleText {
  const char *id;
  const char *text;
  const char *anchor;
};
} // namespace

static const RuleText kRuleTexts[] = {
#include "RuleTexts.inc"
};

static llvm::cl::OptionCategory category("sonnx-check options");

static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                                llvm::cl::desc("MODEL.onnx"),
                                                llvm::cl::Required,
                                                llvm::cl::cat(category));

static llvm::cl::opt<ReportFormat> formatOption(
    "format", llvm::cl::desc("Report format"),
    llvm::cl::values(
        clEnumValN(ReportFormat::Text, "text",
                   "one line per finding, as compiler diagnostics (default)"),
        clEnumValN(ReportFormat::JSON, "json",
                   "the JSON report of docs/sonnx-check.md (schema "
                   "sonnx-check/1)"),
        clEnumValN(ReportFormat::SARIF, "sarif",
                   "SARIF 2.1.0: one rule per constraint ID of the "
                   "catalogue, one result per finding, located at the "
                   "node")),
    llvm::cl::init(ReportFormat::Text), llvm::cl::cat(category));

static llvm::cl::opt<std::string>
    outputFilename("o",
                   llvm::cl::desc("Write the report to this file "
                                  "(default: standard output)"),
                   llvm::cl::value_desc("file"), llvm::cl::init("-"),
                   llvm::cl::cat(category));

static llvm::cl::opt<bool> strictProfile(
    "strict-profile",
    llvm::cl::desc("Also report every attribute left to its ONNX default "
                   "(profile.GR4), in every node"),
    llvm::cl::init(false), llvm::cl::cat(category));

static llvm::cl::list<std::string> inputShapes(
    "input-shape",
    llvm::cl::desc("Fix the shape of graph input NAME, e.g. "
                   "x=1x3x224x224 (its symbolic sizes; repeatable)"),
    llvm::cl::value_desc("NAME=D0xD1x..."), llvm::cl::cat(category));

static llvm::cl::opt<std::string> emitMLIR(
    "emit-mlir",
    llvm::cl::desc("Also write the checked module (sonnx ops inside the whole "
                   "graph of onnx_graph.node ops, located at their ONNX "
                   "nodes) to this file ('-' for standard output)"),
    llvm::cl::value_desc("file"), llvm::cl::cat(category));

static llvm::cl::opt<std::string> docsBaseURI(
    "docs-base-uri",
    llvm::cl::desc("Base of the SARIF rules' helpUri: <base>docs/"
                   "traceability.md#<section> (default: the source tree, as "
                   "a file:// URI)"),
    llvm::cl::value_desc("uri"),
    llvm::cl::init(std::string("file://") + SONNX_SOURCE_DIR + "/"),
    llvm::cl::cat(category));

static llvm::cl::opt<bool>
    quiet("quiet",
          llvm::cl::desc("Text format: print only the findings (no 'conforms' "
                         "lines)"),
          llvm::cl::init(false), llvm::cl::cat(category));

/// `path` as a URI reference (RFC 3986): every byte outside the unreserved
/// characters and '/' percent-encoded, as SARIF's artifactLocation.uri
/// wants.
static std::string toURIReference(llvm::StringRef path) {
  std::string uri;
  for (unsigned char c : path) {
    if (llvm::isAlnum(c) || c == '-' || c == '.' || c == '_' || c == '~' ||
        c == '/') {
      uri += static_cast<char>(c);
      continue;
    }
    uri += '%';
    uri += llvm::hexdigit(c >> 4);
    uri += llvm::hexdigit(c & 15);
  }
  return uri;
}

static const RuleText *findRuleText(llvm::StringRef id) {
  for (const RuleText &rule : kRuleTexts)
    if (id == rule.id)
      return &rule;
  return nullptr;
}

/// One finding of the report, whatever it concerns.
namespace {
struct Result {
  std::optional<CheckedRule> rule;
  /// "error", "warning" or "note".
  llvm::StringRef level;
  std::string message;
  /// The node, when it concerns one.
  std::optional<int64_t> nodeIndex;
  std::string nodeName, nodeOpType, nodeLabel;
};
} // namespace

static std::vector<Result> collectResults(const ONNXCheckResult &check) {
  std::vector<Result> results;
  for (const ShapeNodeCheck &node : check.shapeNodes) {
    Result base;
    base.nodeIndex = node.index;
    base.nodeName = node.name;
    base.nodeOpType = node.opType;
    base.nodeLabel = node.getLabel();
    switch (node.verdict) {
    case ShapeNodeVerdict::Conforms:
      break;
    case ShapeNodeVerdict::Breaks:
    case ShapeNodeVerdict::Invalid:
      for (const CheckFinding &finding : node.findings) {
        Result result = base;
        result.rule = finding.rule;
        result.level = "error";
        result.message = finding.message;
        results.push_back(std::move(result));
      }
      break;
    case ShapeNodeVerdict::RunTime:
      for (RuleID rule : node.runTimeRules) {
        Result result = base;
        result.rule = rule;
        result.level = "note";
        result.message = "rule " + getRuleText(rule).str() +
                         " is decided only at run time: " + node.runTimeReason;
        results.push_back(std::move(result));
      }
      break;
    }
  }
  for (const ModelFinding &finding : check.modelFindings) {
    Result result;
    result.rule = finding.finding.rule;
    result.level = finding.finding.rule ? "error" : "warning";
    result.message = finding.finding.message;
    if (finding.nodeIndex && *finding.nodeIndex >= 0) {
      result.nodeIndex = finding.nodeIndex;
      result.nodeName = finding.nodeName;
      result.nodeOpType = finding.nodeOpType;
      result.nodeLabel = formatONNXNodeLabel(
          *finding.nodeIndex, finding.nodeName, finding.nodeOpType);
    }
    results.push_back(std::move(result));
  }
  return results;
}

namespace {
struct Counts {
  int64_t conforms = 0, breaks = 0, runTime = 0, invalid = 0;
};
} // namespace

static Counts countVerdicts(const ONNXCheckResult &check) {
  Counts counts;
  for (const ShapeNodeCheck &node : check.shapeNodes)
    switch (node.verdict) {
    case ShapeNodeVerdict::Conforms:
      ++counts.conforms;
      break;
    case ShapeNodeVerdict::Breaks:
      ++counts.breaks;
      break;
    case ShapeNodeVerdict::RunTime:
      ++counts.runTime;
      break;
    case ShapeNodeVerdict::Invalid:
      ++counts.invalid;
      break;
    }
  return counts;
}

static void printText(llvm::raw_ostream &os, llvm::StringRef model,
                      const ONNXCheckResult &check) {
  for (const ShapeNodeCheck &node : check.shapeNodes) {
    std::string where = (model + ": " + node.getLabel() + ": ").str();
    switch (node.verdict) {
    case ShapeNodeVerdict::Conforms:
      if (!quiet)
        os << where << "conforms\n";
      break;
    case ShapeNodeVerdict::Breaks:
    case ShapeNodeVerdict::Invalid:
      for (const CheckFinding &finding : node.findings)
        os << where << "error: " << finding.message << "\n";
      break;
    case ShapeNodeVerdict::RunTime:
      os << where << "run time: " << formatRules(node.runTimeRules)
         << " decided only at run time: " << node.runTimeReason << "\n";
      break;
    }
  }
  for (const ModelFinding &finding : check.modelFindings) {
    os << model << ": ";
    if (finding.nodeIndex && *finding.nodeIndex >= 0)
      os << formatONNXNodeLabel(*finding.nodeIndex, finding.nodeName,
                                finding.nodeOpType)
         << ": ";
    os << (finding.finding.rule ? "error: " : "warning: ")
       << finding.finding.message << "\n";
  }
  if (!check.shapeInferenceError.empty())
    os << model << ": warning: ONNX shape inference "
       << check.shapeInferenceError << "\n";
  Counts counts = countVerdicts(check);
  os << model << ": " << check.numNodes << " nodes, " << check.shapeNodes.size()
     << " shape nodes: " << counts.conforms << " conform, " << counts.breaks
     << " break a rule, " << counts.runTime << " left to run time, "
     << counts.invalid << " invalid; " << check.numOtherNodes
     << " other nodes (" << check.numFoldedNodes << " folded); "
     << (check.conforms() ? "conforms" : "does not conform") << "\n";
}

static void printJSON(llvm::raw_ostream &os, llvm::StringRef model,
                      const ONNXCheckResult &check) {
  llvm::json::OStream json(os, 2);
  Counts counts = countVerdicts(check);
  auto rule = [&](const std::optional<CheckedRule> &rule) {
    if (rule)
      json.attribute("rule", getCheckedRuleText(*rule));
    else
      json.attribute("rule", nullptr);
  };
  json.object([&] {
    json.attribute("schema", "sonnx-check/1");
    json.attribute("model", model);
    json.attribute("graph", check.graphName);
    json.attribute("opset", check.opset);
    json.attribute("conforms", check.conforms());
    json.attributeObject("summary", [&] {
      json.attribute("nodes", check.numNodes);
      json.attribute("shape_nodes",
                     static_cast<int64_t>(check.shapeNodes.size()));
      json.attribute("conforming", counts.conforms);
      json.attribute("breaking", counts.breaks);
      json.attribute("run_time", counts.runTime);
      json.attribute("invalid", counts.invalid);
      json.attribute("other_nodes", check.numOtherNodes);
      json.attribute("folded_nodes", check.numFoldedNodes);
      json.attribute("model_findings",
                     static_cast<int64_t>(check.modelFindings.size()));
    });
    if (check.shapeInferenceError.empty())
      json.attribute("shape_inference_error", nullptr);
    else
      json.attribute("shape_inference_error", check.shapeInferenceError);
    json.attributeArray("shape_nodes", [&] {
      for (const ShapeNodeCheck &node : check.shapeNodes)
        json.object([&] {
          json.attribute("index", node.index);
          json.attribute("name", node.name);
          json.attribute("op", node.opType);
          json.attribute("verdict", getVerdictName(node.verdict));
          json.attributeArray("findings", [&] {
            for (const CheckFinding &finding : node.findings)
              json.object([&] {
                rule(finding.rule);
                json.attribute("message", finding.message);
              });
          });
          json.attributeArray("run_time_rules", [&] {
            for (RuleID id : node.runTimeRules)
              json.value(getRuleText(id));
          });
          if (node.runTimeReason.empty())
            json.attribute("run_time_reason", nullptr);
          else
            json.attribute("run_time_reason", node.runTimeReason);
        });
    });
    json.attributeArray("model_findings", [&] {
      for (const ModelFinding &finding : check.modelFindings)
        json.object([&] {
          rule(finding.finding.rule);
          json.attribute("message", finding.finding.message);
          if (finding.nodeIndex && *finding.nodeIndex >= 0)
            json.attributeObject("node", [&] {
              json.attribute("index", *finding.nodeIndex);
              json.attribute("name", finding.nodeName);
              json.attribute("op", finding.nodeOpType);
            });
          else
            json.attribute("node", nullptr);
        });
    });
  });
  os << "\n";
}

static void printSARIF(llvm::raw_ostream &os, llvm::StringRef model,
                       const ONNXCheckResult &check) {
  std::vector<Result> results = collectResults(check);
  // One rule per constraint ID of the catalogue, in the order of
  // docs/traceability.md, then any the table would lack (none while
  // test/Docs/traceability.test holds), so that a rule's index is the same
  // in every log.
  std::vector<std::string> ruleIds;
  std::map<std::string, int64_t> ruleIndex;
  auto addRule = [&](llvm::StringRef id) {
    if (ruleIndex.count(id.str()))
      return;
    ruleIndex[id.str()] = static_cast<int64_t>(ruleIds.size());
    ruleIds.push_back(id.str());
  };
  for (const RuleText &text : kRuleTexts)
    addRule(text.id);
  for (const RuleInfo &info : kRules)
    addRule(info.id);
  for (ProfileRule rule : {ProfileRule::Types, ProfileRule::GR4})
    addRule(getProfileRuleText(rule));

  llvm::json::OStream json(os, 2);
  json.object([&] {
    json.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    json.attribute("version", "2.1.0");
    json.attributeArray("runs", [&] {
      json.object([&] {
        json.attributeObject("tool", [&] {
          json.attributeObject("driver", [&] {
            json.attribute("name", "sonnx-check");
            json.attribute("informationUri",
                           docsBaseURI + "docs/sonnx-check.md");
            json.attributeArray("rules", [&] {
              for (const std::string &id : ruleIds)
                json.object([&] {
                  json.attribute("id", id);
                  const RuleText *text = findRuleText(id);
                  json.attributeObject("shortDescription", [&] {
                    json.attribute("text", text ? text->text : id.c_str());
                  });
                  json.attribute(
                      "helpUri",
                      docsBaseURI + "docs/traceability.md" +
                          (text ? std::string("#") + text->anchor : ""));
                });
            });
          });
        });
        json.attributeArray("artifacts", [&] {
          json.object([&] {
            json.attributeObject("location", [&] {
              json.attribute("uri", toURIReference(model));
            });
          });
        });
        json.attributeArray("results", [&] {
          for (const Result &result : results)
            json.object([&] {
              if (result.rule) {
                std::string id = getCheckedRuleText(*result.rule).str();
                json.attribute("ruleId", id);
                json.attribute("ruleIndex", ruleIndex[id]);
              }
              json.attribute("level", result.level);
              json.attributeObject("message", [&] {
                json.attribute("text",
                               result.nodeLabel.empty()
                                   ? result.message
                                   : result.nodeLabel + ": " + result.message);
              });
              json.attributeArray("locations", [&] {
                json.object([&] {
                  json.attributeObject("physicalLocation", [&] {
                    json.attributeObject("artifactLocation", [&] {
                      json.attribute("uri", toURIReference(model));
                      json.attribute("index", 0);
                    });
                  });
                  if (result.nodeIndex)
                    json.attributeArray("logicalLocations", [&] {
                      json.object([&] {
                        json.attribute("name", result.nodeName.empty()
                                                   ? result.nodeLabel
                                                   : result.nodeName);
                        json.attribute("fullyQualifiedName", result.nodeLabel);
                        json.attribute("kind", "object");
                        json.attributeObject("properties", [&] {
                          json.attribute("nodeIndex", *result.nodeIndex);
                          json.attribute("opType", result.nodeOpType);
                        });
                      });
                    });
                });
              });
            });
        });
      });
    });
  });
  os << "\n";
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "sonnx-check: check the shape ops of any ONNX model against the rules "
      "of the SONNX profile (docs/sonnx-check.md)\n\n"
      "  sonnx-check MODEL.onnx [--format=text|json|sarif] [-o REPORT]\n"
      "              [--strict-profile] [--input-shape NAME=1x3x224x224]...\n"
      "              [--emit-mlir FILE]\n\n"
      "Exit code: 0 every shape node conforms and no rule is broken (rules "
      "left to run time are reported, not failed); 1 a rule is broken or a "
      "shape node is invalid; 2 the model cannot be read or checked.\n");

  DialectRegistry registry;
  registerONNXCheckDialects(registry);
  MLIRContext context(registry);
  std::vector<std::string> errors;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors.push_back(diag.str());
    return success();
  });
  std::string model =
      inputFilename == "-" ? std::string("<stdin>") : inputFilename.getValue();
  auto unreadable = [&] {
    for (const std::string &error : errors)
      llvm::errs() << model << ": error: " << error << "\n";
    return 2;
  };

  ImportOptions options;
  options.sourceName = model;
  options.strictProfile = strictProfile;
  for (const std::string &shape : inputShapes)
    if (llvm::Error error = addInputShapeOption(options, shape)) {
      llvm::errs() << "sonnx-check: error: " << llvm::toString(std::move(error))
                   << "\n";
      return 2;
    }

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(inputFilename, /*IsText=*/false);
  if (!buffer) {
    errors.push_back("cannot read the model: " + buffer.getError().message());
    return unreadable();
  }
  std::unique_ptr<ONNXModel> parsed = ONNXModel::parse(
      (*buffer)->getBuffer(), FileLineColLoc::get(&context, model, 0, 0));
  if (!parsed)
    return unreadable();
  FailureOr<ONNXCheckResult> check = checkONNXModel(*parsed, &context, options);
  if (failed(check))
    return unreadable();

  std::string message;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &message);
  if (!output) {
    llvm::errs() << "sonnx-check: error: " << message << "\n";
    return 2;
  }
  switch (formatOption) {
  case ReportFormat::Text:
    printText(output->os(), model, *check);
    break;
  case ReportFormat::JSON:
    printJSON(output->os(), model, *check);
    break;
  case ReportFormat::SARIF:
    printSARIF(output->os(), model, *check);
    break;
  }
  output->keep();

  if (!emitMLIR.empty()) {
    std::unique_ptr<llvm::ToolOutputFile> mlirOutput =
        openOutputFile(emitMLIR, &message);
    if (!mlirOutput) {
      llvm::errs() << "sonnx-check: error: " << message << "\n";
      return 2;
    }
    // With the locations: each op's ONNX node (#sonnx.onnx_node).
    check->module->print(mlirOutput->os(), OpPrintingFlags().enableDebugInfo());
    mlirOutput->os() << "\n";
    mlirOutput->keep();
  }
  return check->conforms() ? 0 : 1;
}
