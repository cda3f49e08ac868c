//===- sonnx-check.cpp - check an ONNX model against the profile ----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// sonnx-check MODEL.onnx...: imports every node of any ONNX model and
// reports, per Reshape, Unsqueeze, Flatten and Expand node, whether it keeps
// the rules of the SONNX profile, breaks one (with its constraint ID),
// leaves rules to run time or could not be checked (inside a subgraph or a
// model-local function); and the general rules over the whole model.
// Reports in text, JSON or SARIF 2.1.0, one per model (docs/sonnx-check.md).
// Exit code, the worst over the models: 1 a rule is broken or a shape node
// is invalid; 2 a usage error, or a model cannot be read or checked; 3 a
// shape node could not be checked; 0 every shape node conforms or leaves
// rules to run time.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "SONNX/Target/ONNX/ONNXCheck.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "SONNX/Version.h"

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
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::sonnx;

namespace {
enum class ReportFormat { Text, JSON, SARIF };

/// The exit codes (docs/sonnx-check.md, "Exit codes").
enum ExitCode : int {
  /// Every shape node conforms or leaves rules to run time.
  ExitConforms = 0,
  /// A rule is broken or a shape node is invalid.
  ExitBreaksRule = 1,
  /// A usage error, or a model that cannot be read or checked.
  ExitUsage = 2,
  /// No rule is broken but a shape node could not be checked.
  ExitNotFullyChecked = 3,
};

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

static llvm::cl::list<std::string>
    inputFilenames(llvm::cl::Positional, llvm::cl::desc("MODEL.onnx..."),
                   llvm::cl::cat(category));

static llvm::cl::opt<ReportFormat> formatOption(
    "format", llvm::cl::desc("Report format"),
    llvm::cl::values(
        clEnumValN(ReportFormat::Text, "text",
                   "one line per finding, as compiler diagnostics (default)"),
        clEnumValN(ReportFormat::JSON, "json",
                   "the JSON report of docs/sonnx-check.md (schema "
                   "sonnx-check/3; an array of reports for several "
                   "models)"),
        clEnumValN(ReportFormat::SARIF, "sarif",
                   "SARIF 2.1.0: one run per model, one rule per "
                   "constraint ID of the catalogue, one result per "
                   "finding, located at the node")),
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
                   "nodes) to this file ('-' for standard output, when -o "
                   "sends the report elsewhere); one model only"),
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

/// The SARIF rules of sonnx-check itself, for results that are no broken
/// rule of the catalogue (docs/sonnx-check.md, "SARIF").
static const RuleText kToolRules[] = {
    {"sonnx-check.unchecked",
     "every node is checked: an elementwise node of the legacy "
     "broadcasting of opsets before 7 is not, and its rules are not known "
     "to hold",
     "sarif"},
    {"sonnx-check.not-taken",
     "a node that never runs: inside the branch of an If that the given "
     "input shapes do not take (its condition folds to a constant), or "
     "inside a model-local function no node calls; its rules are not "
     "checked",
     "sarif"},
    {"sonnx-check.graph",
     "a note on the graph outside the shape nodes: an input not defined "
     "before its node, a value defined twice, a default-domain node in a "
     "model that does not import the domain",
     "sarif"},
    {"sonnx-check.internal-error",
     "a fault of sonnx-check itself (an imported op that does not verify): "
     "please report it",
     "sarif"},
};

static const RuleText *findToolRule(llvm::StringRef id) {
  for (const RuleText &rule : kToolRules)
    if (id == rule.id)
      return &rule;
  return nullptr;
}

/// "1 shape node", "3 shape nodes".
static std::string countOf(int64_t count, llvm::StringRef one,
                           llvm::StringRef many) {
  return std::to_string(count) + " " + (count == 1 ? one : many).str();
}

/// One finding of the report, whatever it concerns.
namespace {
struct Result {
  /// The catalogue's constraint ID or one of kToolRules.
  std::string ruleId;
  /// "error", "warning" or "note".
  llvm::StringRef level;
  std::string message;
  /// The node, when it concerns one.
  std::optional<int64_t> nodeIndex;
  std::string nodeName, nodeOpType, nodeLabel;
  /// The labels of the node's scopes (subgraphs, functions), outermost
  /// first.
  std::vector<std::string> path;
};
} // namespace

static std::vector<Result> collectResults(const ONNXCheckResult &check) {
  std::vector<Result> results;
  for (const ShapeNodeCheck &node : check.getCheckedNodes()) {
    Result base;
    base.nodeIndex = node.index;
    base.nodeName = node.name;
    base.nodeOpType = node.opType;
    base.nodeLabel = node.getLabel();
    for (const NodeScope &scope : node.scopes)
      base.path.push_back(scope.getLabel());
    switch (node.verdict) {
    case ShapeNodeVerdict::Conforms:
      break;
    case ShapeNodeVerdict::Breaks:
    case ShapeNodeVerdict::Invalid:
      for (const CheckFinding &finding : node.findings) {
        Result result = base;
        result.ruleId = finding.rule
                            ? getCheckedRuleText(*finding.rule).str()
                            : std::string("sonnx-check.internal-error");
        result.level = "error";
        result.message = finding.message;
        results.push_back(std::move(result));
      }
      break;
    case ShapeNodeVerdict::RunTime:
      for (RuleID rule : node.runTimeRules) {
        Result result = base;
        result.ruleId = getRuleText(rule).str();
        result.level = "note";
        result.message = "rule " + getRuleText(rule).str() +
                         " is decided only at run time: " + node.runTimeReason;
        results.push_back(std::move(result));
      }
      break;
    case ShapeNodeVerdict::Unchecked: {
      Result result = base;
      result.ruleId = "sonnx-check.unchecked";
      result.level = "warning";
      result.message = "unchecked: " + node.uncheckedReason;
      results.push_back(std::move(result));
      break;
    }
    case ShapeNodeVerdict::NotTaken: {
      Result result = base;
      result.ruleId = "sonnx-check.not-taken";
      result.level = "note";
      result.message = node.uncheckedReason;
      results.push_back(std::move(result));
      break;
    }
    }
  }
  for (const ModelFinding &finding : check.modelFindings) {
    Result result;
    result.ruleId = finding.finding.rule
                        ? getCheckedRuleText(*finding.finding.rule).str()
                        : std::string("sonnx-check.graph");
    result.level = finding.finding.rule ? "error" : "warning";
    result.message = finding.finding.message;
    if (finding.nodeIndex && *finding.nodeIndex >= 0) {
      result.nodeIndex = finding.nodeIndex;
      result.nodeName = finding.nodeName;
      result.nodeOpType = finding.nodeOpType;
      result.nodeLabel =
          formatScopePrefix(finding.scopes) +
          formatONNXNodeLabel(*finding.nodeIndex, finding.nodeName,
                              finding.nodeOpType);
      for (const NodeScope &scope : finding.scopes)
        result.path.push_back(scope.getLabel());
    }
    results.push_back(std::move(result));
  }
  return results;
}

namespace {
struct Counts {
  int64_t conforms = 0, breaks = 0, runTime = 0, invalid = 0, unchecked = 0,
          notTaken = 0;
  /// Shape nodes inside subgraphs of the main graph, inside functions.
  int64_t inSubgraphs = 0, inFunctions = 0;
};

/// What was found for one model of the command line.
struct ModelReport {
  /// The model's path as given ("<stdin>" for '-').
  std::string model;
  int exitCode = ExitConforms;
  /// Why the model cannot be read or checked (exit code 2).
  std::vector<std::string> errors;
  std::optional<ONNXCheckResult> check;
};
} // namespace

static Counts countVerdicts(llvm::ArrayRef<ShapeNodeCheck> nodes) {
  Counts counts;
  for (const ShapeNodeCheck &node : nodes) {
    if (llvm::any_of(node.scopes, [](const NodeScope &scope) {
          return scope.kind == NodeScope::Kind::Function;
        }))
      ++counts.inFunctions;
    else if (!node.scopes.empty())
      ++counts.inSubgraphs;
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
    case ShapeNodeVerdict::Unchecked:
      ++counts.unchecked;
      break;
    case ShapeNodeVerdict::NotTaken:
      ++counts.notTaken;
      break;
    }
  }
  return counts;
}

/// The exit code of one checked model: a broken rule wins over an
/// unchecked node.
static int getExitCode(const ONNXCheckResult &check) {
  if (check.breaksRule())
    return ExitBreaksRule;
  if (!check.isFullyChecked())
    return ExitNotFullyChecked;
  return ExitConforms;
}

/// The worse of two exit codes: 1, then 2, then 3, then 0.
static int worseExitCode(int a, int b) {
  auto rank = [](int code) {
    switch (code) {
    case ExitBreaksRule:
      return 3;
    case ExitUsage:
      return 2;
    case ExitNotFullyChecked:
      return 1;
    default:
      return 0;
    }
  };
  return rank(a) >= rank(b) ? a : b;
}

/// "(12 in subgraphs, 2 in functions)", or "" when both are 0.
static std::string formatNested(int64_t inSubgraphs, int64_t inFunctions) {
  SmallVector<std::string> parts;
  if (inSubgraphs)
    parts.push_back(std::to_string(inSubgraphs) + " in subgraphs");
  if (inFunctions)
    parts.push_back(std::to_string(inFunctions) + " in functions");
  return parts.empty() ? "" : " (" + llvm::join(parts, ", ") + ")";
}

/// "conforms", "does not conform", "not fully checked".
static llvm::StringRef getOutcome(const ONNXCheckResult &check) {
  switch (getExitCode(check)) {
  case ExitBreaksRule:
    return "does not conform";
  case ExitNotFullyChecked:
    return "not fully checked";
  default:
    return "conforms";
  }
}

static void printNodeText(llvm::raw_ostream &os, llvm::StringRef model,
                          llvm::ArrayRef<ShapeNodeCheck> nodes) {
  for (const ShapeNodeCheck &node : nodes) {
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
    case ShapeNodeVerdict::Unchecked:
      os << where << "unchecked: " << node.uncheckedReason << "\n";
      break;
    case ShapeNodeVerdict::NotTaken:
      os << where << node.uncheckedReason << "\n";
      break;
    }
  }
}

static void printText(llvm::raw_ostream &os, llvm::StringRef model,
                      const ONNXCheckResult &check) {
  printNodeText(os, model, check.shapeNodes);
  printNodeText(os, model, check.elementwiseNodes);
  for (const ModelFinding &finding : check.modelFindings) {
    os << model << ": ";
    if (finding.nodeIndex && *finding.nodeIndex >= 0)
      os << formatScopePrefix(finding.scopes)
         << formatONNXNodeLabel(*finding.nodeIndex, finding.nodeName,
                                finding.nodeOpType)
         << ": ";
    os << (finding.finding.rule ? "error: " : "warning: ")
       << finding.finding.message << "\n";
  }
  if (!check.shapeInferenceError.empty())
    os << model << ": warning: ONNX shape inference "
       << check.shapeInferenceError << "\n";
  Counts counts = countVerdicts(check.shapeNodes);
  int64_t nodes =
      check.numNodes + check.numSubgraphNodes + check.numFunctionNodes;
  os << model << ": " << countOf(nodes, "node", "nodes")
     << formatNested(check.numSubgraphNodes, check.numFunctionNodes) << ", "
     << countOf(static_cast<int64_t>(check.shapeNodes.size()), "shape node",
                "shape nodes")
     << formatNested(counts.inSubgraphs, counts.inFunctions) << ": "
     << countOf(counts.conforms, "conforms", "conform") << ", "
     << countOf(counts.breaks, "breaks a rule", "break a rule") << ", "
     << counts.runTime << " left to run time, " << counts.invalid
     << " invalid, " << counts.unchecked << " unchecked";
  if (counts.notTaken)
    os << ", " << counts.notTaken << " not taken";
  os << "; ";
  if (!check.elementwiseNodes.empty()) {
    Counts elementwise = countVerdicts(check.elementwiseNodes);
    os << countOf(static_cast<int64_t>(check.elementwiseNodes.size()),
                  "elementwise node", "elementwise nodes")
       << formatNested(elementwise.inSubgraphs, elementwise.inFunctions)
       << " (broadcast.E1): "
       << countOf(elementwise.conforms, "conforms", "conform") << ", "
       << countOf(elementwise.breaks, "breaks it", "break it") << ", "
       << elementwise.runTime << " left to run time";
    if (elementwise.unchecked)
      os << ", " << elementwise.unchecked << " unchecked";
    if (elementwise.notTaken)
      os << ", " << elementwise.notTaken << " not taken";
    os << "; ";
  }
  os << countOf(check.numOtherNodes, "other node", "other nodes") << " ("
     << check.numFoldedNodes << " folded); " << getOutcome(check) << "\n";
}

static constexpr llvm::StringLiteral kJSONSchema = "sonnx-check/3";

/// `"rule"`: the ID `rule` cites, or null.
static void printJSONRule(llvm::json::OStream &json,
                          const std::optional<CheckedRule> &rule) {
  if (rule)
    json.attribute("rule", getCheckedRuleText(*rule));
  else
    json.attribute("rule", nullptr);
}

/// `"summary"`: the counts of the report.
static void printJSONSummary(llvm::json::OStream &json,
                             const ONNXCheckResult &check) {
  Counts counts = countVerdicts(check.shapeNodes);
  Counts elementwise = countVerdicts(check.elementwiseNodes);
  json.attributeObject("summary", [&] {
    json.attribute("nodes", check.numNodes + check.numSubgraphNodes +
                                check.numFunctionNodes);
    json.attribute("graph_nodes", check.numNodes);
    json.attribute("subgraph_nodes", check.numSubgraphNodes);
    json.attribute("function_nodes", check.numFunctionNodes);
    json.attribute("shape_nodes",
                   static_cast<int64_t>(check.shapeNodes.size()));
    json.attribute("subgraph_shape_nodes", counts.inSubgraphs);
    json.attribute("function_shape_nodes", counts.inFunctions);
    json.attribute("conforming", counts.conforms);
    json.attribute("breaking", counts.breaks);
    json.attribute("run_time", counts.runTime);
    json.attribute("invalid", counts.invalid);
    json.attribute("unchecked", counts.unchecked);
    json.attribute("other_nodes", check.numOtherNodes);
    json.attribute("folded_nodes", check.numFoldedNodes);
    json.attribute("model_findings",
                   static_cast<int64_t>(check.modelFindings.size()));
    json.attribute("not_taken", counts.notTaken);
    json.attribute("elementwise_nodes",
                   static_cast<int64_t>(check.elementwiseNodes.size()));
    json.attribute("elementwise_conforming", elementwise.conforms);
    json.attribute("elementwise_breaking", elementwise.breaks);
    json.attribute("elementwise_run_time", elementwise.runTime);
    json.attribute("elementwise_unchecked", elementwise.unchecked);
    json.attribute("elementwise_not_taken", elementwise.notTaken);
    json.attribute("inference_rounds", check.inferenceRounds);
  });
}

/// `"path"`: the subgraphs and function calls around a node, outermost
/// first.
static void printJSONPath(llvm::json::OStream &json,
                          ArrayRef<NodeScope> scopes) {
  json.attributeArray("path", [&] {
    for (const NodeScope &scope : scopes)
      json.object([&] {
        if (scope.kind == NodeScope::Kind::Function) {
          json.attribute("kind", "function");
          json.attribute("domain", scope.functionDomain);
          json.attribute("name", scope.functionName);
          if (!scope.isCall()) {
            json.attribute("call", nullptr);
            return;
          }
          json.attributeObject("call", [&] {
            json.attribute("index", scope.nodeIndex);
            json.attribute("name", scope.nodeName);
            json.attribute("op", scope.nodeOpType);
          });
          return;
        }
        json.attribute("kind", "subgraph");
        json.attributeObject("node", [&] {
          json.attribute("index", scope.nodeIndex);
          json.attribute("name", scope.nodeName);
          json.attribute("op", scope.nodeOpType);
        });
        json.attribute("attribute", scope.attribute);
        if (scope.graphIndex)
          json.attribute("graph_index", *scope.graphIndex);
        else
          json.attribute("graph_index", nullptr);
        json.attribute("graph", scope.graphName);
      });
  });
}

/// One entry of `"shape_nodes"` or `"elementwise_nodes"`.
static void printJSONNode(llvm::json::OStream &json,
                          const ShapeNodeCheck &node) {
  json.object([&] {
    json.attribute("index", node.index);
    json.attribute("name", node.name);
    json.attribute("op", node.opType);
    json.attribute("verdict", getVerdictName(node.verdict));
    json.attributeArray("findings", [&] {
      for (const CheckFinding &finding : node.findings)
        json.object([&] {
          printJSONRule(json, finding.rule);
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
    if (node.uncheckedReason.empty())
      json.attribute("unchecked_reason", nullptr);
    else
      json.attribute("unchecked_reason", node.uncheckedReason);
    json.attribute("label", node.getLabel());
    printJSONPath(json, node.scopes);
  });
}

/// One entry of `"model_findings"`.
static void printJSONModelFinding(llvm::json::OStream &json,
                                  const ModelFinding &finding) {
  json.object([&] {
    printJSONRule(json, finding.finding.rule);
    json.attribute("message", finding.finding.message);
    if (finding.nodeIndex && *finding.nodeIndex >= 0)
      json.attributeObject("node", [&] {
        json.attribute("index", *finding.nodeIndex);
        json.attribute("name", finding.nodeName);
        json.attribute("op", finding.nodeOpType);
        json.attribute("label", formatScopePrefix(finding.scopes) +
                                    formatONNXNodeLabel(*finding.nodeIndex,
                                                        finding.nodeName,
                                                        finding.nodeOpType));
      });
    else
      json.attribute("node", nullptr);
  });
}

/// The JSON report of one model (docs/sonnx-check.md, schema
/// sonnx-check/3).
static void printJSON(llvm::json::OStream &json, const ModelReport &report) {
  if (!report.check) {
    json.object([&] {
      json.attribute("schema", kJSONSchema);
      json.attribute("model", report.model);
      json.attribute("conforms", false);
      json.attribute("fully_checked", false);
      json.attribute("exit_code", report.exitCode);
      json.attribute("error", llvm::join(report.errors, "\n"));
    });
    return;
  }
  const ONNXCheckResult &check = *report.check;
  json.object([&] {
    json.attribute("schema", kJSONSchema);
    json.attribute("model", report.model);
    json.attribute("graph", check.graphName);
    json.attribute("opset", check.opset);
    json.attribute("conforms", check.conforms());
    json.attribute("fully_checked", check.isFullyChecked());
    json.attribute("exit_code", report.exitCode);
    printJSONSummary(json, check);
    if (check.shapeInferenceError.empty())
      json.attribute("shape_inference_error", nullptr);
    else
      json.attribute("shape_inference_error", check.shapeInferenceError);
    json.attributeArray("shape_nodes", [&] {
      for (const ShapeNodeCheck &node : check.shapeNodes)
        printJSONNode(json, node);
    });
    json.attributeArray("elementwise_nodes", [&] {
      for (const ShapeNodeCheck &node : check.elementwiseNodes)
        printJSONNode(json, node);
    });
    json.attributeArray("model_findings", [&] {
      for (const ModelFinding &finding : check.modelFindings)
        printJSONModelFinding(json, finding);
    });
  });
}

/// The SARIF rules: one per constraint ID of the catalogue, in the order of
/// docs/traceability.md, then any the table would lack (none while
/// test/Docs/traceability.test holds), then sonnx-check's own, so that a
/// rule's index is the same in every log.
namespace {
struct SARIFRules {
  std::vector<std::string> ids;
  std::map<std::string, int64_t> index;

  SARIFRules() {
    for (const RuleText &text : kRuleTexts)
      add(text.id);
    for (const RuleInfo &info : kRules)
      add(info.id);
    for (llvm::StringRef id : kProfileRuleIDs)
      add(id);
    for (const RuleText &text : kToolRules)
      add(text.id);
  }
  void add(llvm::StringRef id) {
    if (index.count(id.str()))
      return;
    index[id.str()] = static_cast<int64_t>(ids.size());
    ids.push_back(id.str());
  }
};
} // namespace

static void printSARIFRun(llvm::json::OStream &json, const SARIFRules &rules,
                          const ModelReport &report) {
  std::vector<Result> results;
  if (report.check)
    results = collectResults(*report.check);
  std::string uri = toURIReference(report.model);
  json.object([&] {
    json.attributeObject("tool", [&] {
      json.attributeObject("driver", [&] {
        json.attribute("name", "sonnx-check");
        json.attribute("version", SONNX_VERSION);
        json.attribute("semanticVersion", SONNX_VERSION);
        json.attribute("informationUri", docsBaseURI + "docs/sonnx-check.md");
        json.attributeArray("rules", [&] {
          for (const std::string &id : rules.ids)
            json.object([&] {
              json.attribute("id", id);
              const RuleText *text = findRuleText(id);
              const RuleText *tool = findToolRule(id);
              json.attributeObject("shortDescription", [&] {
                json.attribute("text", text   ? text->text
                                       : tool ? tool->text
                                              : id.c_str());
              });
              json.attribute(
                  "helpUri",
                  tool ? docsBaseURI + "docs/sonnx-check.md#" + tool->anchor
                       : docsBaseURI + "docs/traceability.md" +
                             (text ? std::string("#") + text->anchor : ""));
            });
        });
      });
    });
    json.attributeArray("invocations", [&] {
      json.object([&] {
        json.attribute("executionSuccessful", report.check.has_value());
        if (!report.check)
          json.attributeArray("toolExecutionNotifications", [&] {
            for (const std::string &error : report.errors)
              json.object([&] {
                json.attribute("level", "error");
                json.attributeObject("message", [&] {
                  json.attribute("text", report.model + ": " + error);
                });
              });
          });
      });
    });
    json.attributeArray("artifacts", [&] {
      json.object([&] {
        json.attributeObject("location", [&] { json.attribute("uri", uri); });
      });
    });
    json.attributeArray("results", [&] {
      for (const Result &result : results)
        json.object([&] {
          json.attribute("ruleId", result.ruleId);
          json.attribute("ruleIndex", rules.index.at(result.ruleId));
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
                  json.attribute("uri", uri);
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
                      if (!result.path.empty())
                        json.attributeArray("path", [&] {
                          for (const std::string &scope : result.path)
                            json.value(scope);
                        });
                    });
                  });
                });
            });
          });
        });
    });
  });
}

static void printSARIF(llvm::raw_ostream &os,
                       llvm::ArrayRef<ModelReport> reports) {
  SARIFRules rules;
  llvm::json::OStream json(os, 2);
  json.object([&] {
    json.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    json.attribute("version", "2.1.0");
    json.attributeArray("runs", [&] {
      for (const ModelReport &report : reports)
        printSARIFRun(json, rules, report);
    });
  });
  os << "\n";
}

/// Checks the model at `path` ('-': standard input).
static ModelReport checkModel(MLIRContext &context, llvm::StringRef path,
                              const ImportOptions &baseOptions) {
  ModelReport report;
  report.model = path == "-" ? std::string("<stdin>") : path.str();
  std::vector<std::string> &errors = report.errors;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors.push_back(diag.str());
    return success();
  });
  auto unreadable = [&] {
    if (errors.empty())
      errors.push_back("the model cannot be checked");
    report.exitCode = ExitUsage;
    return std::move(report);
  };
  ImportOptions options = baseOptions;
  options.sourceName = report.model;
  // Read in pieces: the file's bytes are not held next to the model.
  std::unique_ptr<ONNXModel> parsed = ONNXModel::parseFile(
      path, FileLineColLoc::get(&context, report.model, 0, 0));
  if (!parsed)
    return unreadable();
  FailureOr<ONNXCheckResult> check = checkONNXModel(*parsed, &context, options);
  if (failed(check))
    return unreadable();
  report.exitCode = getExitCode(*check);
  report.check = std::move(*check);
  return report;
}

static int usageError(const llvm::Twine &message) {
  llvm::errs() << "sonnx-check: error: " << message
               << " (see 'sonnx-check --help')\n";
  return ExitUsage;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "sonnx-check (sonnx) " << SONNX_VERSION << "\n";
  });
  // With an error stream the parser returns false on a usage error instead
  // of exiting with 1, the code of a broken rule: a usage error exits 2.
  std::string parseErrors;
  llvm::raw_string_ostream parseErrorStream(parseErrors);
  if (!llvm::cl::ParseCommandLineOptions(
          argc, argv,
          "sonnx-check: check the shape ops of any ONNX model against the "
          "rules of the SONNX profile (docs/sonnx-check.md)\n\n"
          "  sonnx-check MODEL.onnx... [--format=text|json|sarif] [-o REPORT]\n"
          "              [--strict-profile] [--input-shape "
          "NAME=1x3x224x224]...\n"
          "              [--emit-mlir FILE]\n\n"
          "Exit code, the worst over the models: 1 a rule is broken or a "
          "shape node is invalid; 2 a usage error, or a model cannot be read "
          "or checked; 3 a shape node could not be checked (inside a "
          "subgraph or a model-local function); 0 every shape node conforms "
          "or leaves rules to run time (reported, not failed).\n",
          &parseErrorStream)) {
    llvm::errs() << parseErrors;
    return ExitUsage;
  }
  if (inputFilenames.empty())
    return usageError("no model given: sonnx-check MODEL.onnx...");
  if (!emitMLIR.empty() && inputFilenames.size() > 1)
    return usageError("--emit-mlir takes one model, not " +
                      llvm::Twine(inputFilenames.size()));
  if (emitMLIR == "-" && outputFilename == "-")
    return usageError("--emit-mlir - and the report would both go to "
                      "standard output: write the report elsewhere with -o "
                      "FILE");
  if (llvm::count(inputFilenames, "-") > 1)
    return usageError("standard input ('-') is given more than once");

  ImportOptions options;
  options.strictProfile = strictProfile;
  for (const std::string &shape : inputShapes)
    if (llvm::Error error = addInputShapeOption(options, shape))
      return usageError(llvm::toString(std::move(error)));

  DialectRegistry registry;
  registerONNXCheckDialects(registry);
  MLIRContext context(registry);
  std::vector<ModelReport> reports;
  int exitCode = ExitConforms;
  for (const std::string &path : inputFilenames) {
    reports.push_back(checkModel(context, path, options));
    for (const std::string &error : reports.back().errors)
      llvm::errs() << reports.back().model << ": error: " << error << "\n";
    exitCode = worseExitCode(exitCode, reports.back().exitCode);
  }

  std::string message;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &message);
  if (!output) {
    llvm::errs() << "sonnx-check: error: " << message << "\n";
    return ExitUsage;
  }
  switch (formatOption) {
  case ReportFormat::Text:
    for (const ModelReport &report : reports)
      if (report.check)
        printText(output->os(), report.model, *report.check);
    break;
  case ReportFormat::JSON: {
    llvm::json::OStream json(output->os(), 2);
    if (reports.size() == 1)
      printJSON(json, reports.front());
    else
      json.array([&] {
        for (const ModelReport &report : reports)
          printJSON(json, report);
      });
    output->os() << "\n";
    break;
  }
  case ReportFormat::SARIF:
    printSARIF(output->os(), reports);
    break;
  }
  output->keep();

  if (!emitMLIR.empty() && reports.front().check) {
    std::unique_ptr<llvm::ToolOutputFile> mlirOutput =
        openOutputFile(emitMLIR, &message);
    if (!mlirOutput) {
      llvm::errs() << "sonnx-check: error: " << message << "\n";
      return ExitUsage;
    }
    // With the locations: each op's ONNX node (#sonnx.onnx_node).
    reports.front().check->module->print(mlirOutput->os(),
                                         OpPrintingFlags().enableDebugInfo());
    mlirOutput->os() << "\n";
    mlirOutput->keep();
  }
  return exitCode;
}
