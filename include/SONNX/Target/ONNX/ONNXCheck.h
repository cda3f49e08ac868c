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

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>

namespace mlir {
class MLIRContext;
namespace sonnx {

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
  /// no rule can be checked (findings, citing `profile.valid-onnx`).
  Invalid,
  /// The check cannot look at the node (it sits in a model-local
  /// function, or its op's broadcasting has no profile semantics at the
  /// model's opset): uncheckedReason says why. A model with such a node is
  /// never reported as conforming.
  Unchecked,
  /// The node sits in a branch of an If whose condition the given input
  /// shapes decide, and that branch is not taken: uncheckedReason says
  /// why. It is no finding, and it counts as no conforming node.
  NotTaken,
};

/// "conforms", "breaks", "run-time", "invalid", "unchecked", "not-taken":
/// how the reports write it.
llvm::StringRef getVerdictName(ShapeNodeVerdict verdict);

/// One step from the main graph down to a node of a subgraph (an attribute
/// of type GRAPH or GRAPHS of an If, Loop, Scan, ... node) or of a
/// model-local function (ModelProto.functions).
struct NodeScope {
  enum class Kind { Subgraph, Function };
  Kind kind = Kind::Subgraph;
  /// Subgraph: the node holding the graph (its index in its own graph),
  /// the attribute ("then_branch", "body"), the graph's position in a
  /// GRAPHS attribute, and the graph's name.
  int64_t nodeIndex = 0;
  std::string nodeName, nodeOpType;
  std::string attribute;
  std::optional<int64_t> graphIndex;
  std::string graphName;
  /// Function: its domain and name; the node that calls it, when the
  /// function is checked at a call site (nodeIndex, nodeName, nodeOpType).
  std::string functionDomain, functionName;

  /// "node 3 'if_0' (If) > then_branch", "node 2 'call' (Flat) > function
  /// 'Flat' (domain 'custom')", "function 'F' (domain 'custom')" (no call).
  std::string getLabel() const;
  /// "the then_branch of If node 3 'if_0'", "model-local function 'F' of
  /// domain 'custom' called by node 2 'call'".
  std::string describe() const;
  /// Whether the scope is a function checked at a call site.
  bool isCall() const { return kind == Kind::Function && !nodeOpType.empty(); }
};

/// "node 3 'if_0' (If) > then_branch > ": the labels of `scopes` each
/// followed by " > " (empty for the main graph).
std::string formatScopePrefix(llvm::ArrayRef<NodeScope> scopes);

/// The key of the graph that `scopes` lead to, from the main graph through
/// subgraphs, in ONNXCheckResult::foldedValues: "" for the main graph; each
/// scope adds its node's index, its attribute and the graph's position in a
/// GRAPHS attribute, so that two bodies never share a key (the same value
/// name may be defined in both).
std::string getGraphKey(llvm::ArrayRef<NodeScope> scopes);

/// The check of one Reshape, Unsqueeze, Flatten or Expand node, or of the
/// broadcast rule (`broadcast.E1`) on the inputs of an elementwise node.
struct ShapeNodeCheck {
  /// Where the node sits, from the main graph inwards: empty for a node of
  /// the main graph.
  llvm::SmallVector<NodeScope, 0> scopes;
  /// The node's index in its graph (from 0), name (may be empty), op type.
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
  /// Unchecked, NotTaken: why ("inside model-local function 'F' of domain
  /// 'custom': model-local functions are not checked yet").
  std::string uncheckedReason;
  /// Whether an input of the node may differ between the runs of a body
  /// around it: it depends on the inputs of a body (a Loop's iteration
  /// number and carried values, a Scan's slices), whose declared types the
  /// check takes as given but does not prove for every run.
  bool varying = false;
  /// "node 3 'name' (Reshape)"; inside a subgraph or function, its path:
  /// "node 3 'if_0' (If) > then_branch > node 0 'r' (Reshape)".
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
  /// Where the node sits (ShapeNodeCheck::scopes).
  llvm::SmallVector<NodeScope, 0> scopes;
};

/// What sonnx-check found in one model.
struct ONNXCheckResult {
  /// The imported module: sonnx ops, arith.constant, onnx_graph.node; it
  /// verifies. Shape nodes that break a rule are onnx_graph.node ops.
  OwningOpRef<ModuleOp> module;
  std::string graphName;
  int64_t opset = 0;
  /// Nodes of the main graph.
  int64_t numNodes = 0;
  /// Nodes inside the subgraphs of the main graph's nodes, at every depth,
  /// and inside the model-local functions (their subgraphs included).
  int64_t numSubgraphNodes = 0;
  int64_t numFunctionNodes = 0;
  /// Nodes, everywhere in the model, that are not Reshape, Unsqueeze,
  /// Flatten, Expand: numNodes + numSubgraphNodes + numFunctionNodes is
  /// numOtherNodes + shapeNodes.size().
  int64_t numOtherNodes = 0;
  /// Nodes whose results the check computed from constants or static
  /// shapes (Shape, Gather, Concat, ...), for the shape ops.
  int64_t numFoldedNodes = 0;
  /// Empty when ONNX's shape inference ran; otherwise "not run: <why>" or
  /// "stopped: <why>" (the check goes on with the declared types and those
  /// inferred until then).
  std::string shapeInferenceError;
  /// Every shape node of the model, in model order: each graph's nodes in
  /// order, the nodes of a subgraph or of a called model-local function
  /// right after the node that holds or calls it (at every depth), then
  /// those of the model-local functions no node calls (NotTaken).
  llvm::SmallVector<ShapeNodeCheck> shapeNodes;
  /// Every node of an op with multidirectional broadcasting (Add, Mul,
  /// Where, ...: isElementwiseBroadcastOp), in the same order, with its
  /// verdict on `broadcast.E1`.
  llvm::SmallVector<ShapeNodeCheck> elementwiseNodes;
  /// Every checked node: the shape nodes, then the elementwise nodes.
  auto getCheckedNodes() const {
    return llvm::concat<const ShapeNodeCheck>(shapeNodes, elementwiseNodes);
  }
  /// The model-local functions that a node calls, as (domain, name): each
  /// is checked at its call sites, with the types of the call's inputs.
  std::set<std::pair<std::string, std::string>> calledFunctions;
  /// How many rounds of ONNX's shape inference and sonnx's folding ran
  /// (checkONNXModel: until nothing changes, at most
  /// kMaxInferenceRounds).
  int64_t inferenceRounds = 0;
  llvm::SmallVector<ModelFinding> modelFindings;
  /// The values of the nodes that the check computed (the shape folds, the
  /// shape ops on constants), by graph (getGraphKey: "" the main graph, a
  /// subgraph by its path; not the model-local functions, whose values
  /// depend on the call), then by ONNX value name: what sonnx-convert folds
  /// into initializers with --input-shape. A value of a subgraph is there
  /// only when it is the same at every run of the subgraph: computed from
  /// constants and values of the graphs around, never from the inputs of a
  /// body (a Loop's iteration number and carried values, a Scan's slices)
  /// or what depends on them.
  llvm::StringMap<llvm::StringMap<DenseElementsAttr>> foldedValues;
  /// The foldedValues of the graph `scopes` lead to (empty when none).
  const llvm::StringMap<DenseElementsAttr> &
  getFoldedValues(llvm::ArrayRef<NodeScope> scopes) const;

  /// Whether a rule is broken or a shape node is invalid (exit 1).
  bool breaksRule() const;
  /// Whether no shape node is Unchecked.
  bool isFullyChecked() const;
  /// Whether no rule is broken, no shape node is invalid and every shape
  /// node was checked (exit 0).
  bool conforms() const;
};

/// Whether nodes of ONNX op `opType` (default domain) broadcast their
/// inputs multidirectionally at `opset` (ONNX's Broadcasting.md): Add, Sub,
/// Mul, Div, Pow, Mod, BitShift, And, Or, Xor, BitwiseAnd, BitwiseOr,
/// BitwiseXor, Equal, Less, Greater, LessOrEqual, GreaterOrEqual, Where,
/// Max, Min, Sum, Mean, and PRelu (unidirectional, whose inputs must then
/// meet broadcast.E1 too).
bool isElementwiseBroadcastOp(llvm::StringRef opType);

/// The most rounds of ONNX's shape inference and sonnx's folding that a
/// check runs: each round writes the result types sonnx decided back into
/// the model for the next.
constexpr int64_t kMaxInferenceRounds = 8;

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
