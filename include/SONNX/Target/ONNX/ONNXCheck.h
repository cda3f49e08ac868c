//===- ONNXCheck.h - check any ONNX model against the profile ---*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The library behind sonnx-check (docs/sonnx-check.md): imports every node
// of any ONNX model, the shape ops as sonnx ops and every other node as an
// `onnx_graph.node`, with the value types of ONNX's own shape inference;
// folds the shape computations (Shape, Gather, Concat, ...) whose inputs
// the shapes make constant; and gives a verdict per shape node, read from
// the op verifiers (verifySONNXOp): the rule broken, or the rules left to
// run time. Also the general rules of the profile over the whole model
// (`profile.types`; `profile.GR4` in strict mode).
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TARGET_ONNX_ONNXCHECK_H
#define SONNX_TARGET_ONNX_ONNXCHECK_H

#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "SONNX/Target/ONNX/ONNXImport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <variant>

namespace mlir {
class MLIRContext;
namespace sonnx {

/// The general rules of the profile (CONSTRAINTS.md, "General restrictions
/// of the profile"): rules of a whole model, not of one op, so without a
/// row in SONNXRules.def (which gives each op rule a run-time status code).
enum class ProfileRule : uint8_t {
  /// `profile.types`: every element type is one the profile knows.
  Types,
  /// `profile.GR4`: no attribute left to its default (strict mode).
  GR4,
};

/// The stable ID text of `rule` ("profile.types").
llvm::StringRef getProfileRuleText(ProfileRule rule);

/// A rule of the catalogue: a rule of an op, or a general rule.
using CheckedRule = std::variant<RuleID, ProfileRule>;

/// The stable ID text of `rule`.
llvm::StringRef getCheckedRuleText(CheckedRule rule);

/// A broken rule, or a problem that is no rule (a malformed node).
struct CheckFinding {
  std::optional<CheckedRule> rule;
  /// The message as the verifier or the importer writes it, ending with
  /// " [<ID>]" when it cites a rule; without the node's label.
  std::string message;
};

/// The verdict on one shape node.
enum class ShapeNodeVerdict {
  /// Every rule holds, decided at compile time.
  Conforms,
  /// A rule is broken (findings).
  Breaks,
  /// No rule is broken at compile time; runTimeRules are decided only when
  /// the model runs.
  RunTime,
  /// The node is not valid ONNX (wrong arity, attribute, undefined input):
  /// no rule can be checked (findings, without a rule).
  Invalid,
};

/// "conforms", "breaks", "run-time", "invalid": how the reports write it.
llvm::StringRef getVerdictName(ShapeNodeVerdict verdict);

/// The check of one Reshape, Unsqueeze, Flatten or Expand node.
struct ShapeNodeCheck {
  /// The node's index in the graph (from 0), name (may be empty), op type.
  int64_t index = 0;
  std::string name;
  std::string opType;
  ShapeNodeVerdict verdict = ShapeNodeVerdict::Conforms;
  /// Breaks, Invalid: what is wrong (every finding; the first is the one
  /// the verifier reports).
  llvm::SmallVector<CheckFinding, 1> findings;
  /// RunTime: the rules left to run time (OpVerification::deferredRules,
  /// or every rule of the op when it could not be built) and why.
  llvm::SmallVector<RuleID, 4> runTimeRules;
  std::string runTimeReason;
  /// "node 3 'name' (Reshape)".
  std::string getLabel() const;
};

/// A finding of the whole model (a general rule) or of a node that is no
/// shape op.
struct ModelFinding {
  CheckFinding finding;
  /// The node it belongs to (an output of the node, or its attribute),
  /// when any.
  std::optional<int64_t> nodeIndex;
  std::string nodeName;
  std::string nodeOpType;
};

/// What sonnx-check found in one model.
struct ONNXCheckResult {
  /// The imported module: sonnx ops, arith.constant, onnx_graph.node; it
  /// verifies. Shape nodes that break a rule are onnx_graph.node ops.
  OwningOpRef<ModuleOp> module;
  std::string graphName;
  int64_t opset = 0;
  int64_t numNodes = 0;
  /// Nodes that are not Reshape, Unsqueeze, Flatten, Expand.
  int64_t numOtherNodes = 0;
  /// Nodes whose results the check computed from constants or static
  /// shapes (Shape, Gather, Concat, ...), for the shape ops.
  int64_t numFoldedNodes = 0;
  /// Empty when ONNX's shape inference ran; otherwise "not run: <why>" or
  /// "stopped: <why>" (the check goes on with the declared types and those
  /// inferred until then).
  std::string shapeInferenceError;
  llvm::SmallVector<ShapeNodeCheck> shapeNodes;
  llvm::SmallVector<ModelFinding> modelFindings;

  /// Whether no rule is broken and no shape node is invalid (exit 0).
  bool conforms() const;
};

/// Checks the parsed model `model`. Fails, after emitting an error, only
/// when the model cannot be checked at all (no default-domain opset the
/// importer knows, a graph input given a contradicting shape, ...).
FailureOr<ONNXCheckResult> checkONNXModel(const ONNXModel &model,
                                          MLIRContext *context,
                                          const ImportOptions &options);

/// Registers the dialects of a checked module (those of the importer and
/// onnx_graph).
void registerONNXCheckDialects(DialectRegistry &registry);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_ONNX_ONNXCHECK_H
