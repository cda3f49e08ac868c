//===- ImporterImpl.h - the Importer class (private) -----------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The class that builds the function of one ONNX graph, private to
// lib/Target/ONNX: ONNXImport.cpp defines the importer proper,
// ONNXCheckImport.cpp its check mode (sonnx-check). Includes the protobuf
// classes of libonnx, as only the .cpp files of this folder may.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_LIB_TARGET_ONNX_IMPORTERIMPL_H
#define SONNX_LIB_TARGET_ONNX_IMPORTERIMPL_H

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraph.h"
#include "SONNX/Dialect/SONNX/IR/SONNXAttrs.h"
#include "SONNX/Dialect/SONNX/IR/SONNXElementTypes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "SONNX/Target/ONNX/ONNXCheck.h"
#include "SONNX/Target/ONNX/ONNXImport.h"
#include "ScopedNameMap.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"

#include "onnx/onnx_pb.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace mlir {
namespace sonnx {
namespace onnx_import {

/// The node being imported, for messages and locations.
struct NodeInfo {
  const onnx::NodeProto &node;
  /// "node 3 'name' (OpType)", or "node 3 (OpType)" for an unnamed node
  /// (ONNXNodeAttr::getLabel).
  std::string label;
  /// The node as data around the model file's location (getONNXNodeLoc).
  Location loc;
};

/// "input 'x' has element type 'i32', which is not allowed for Reshape-1
/// (the model imports opset 4) by the profile (f16, f32, f64)": an input
/// of a shape node whose element type `types` (the set of the op's ONNX
/// version at `opset`) does not hold, as the importer and the check say
/// it; the opset is named for an older version's set.
std::string formatElementTypeNotAllowed(llvm::StringRef input, Type elementType,
                                        const OpElementTypes &types,
                                        int64_t opset);

/// The attributes of one node, checked against what its op accepts.
class NodeAttributes {
public:
  NodeAttributes(const NodeInfo &info) : info(info) {}

  /// Collects the attributes, failing on an attribute not in `allowed`, a
  /// duplicate, or a reference to a function attribute.
  LogicalResult collect(ArrayRef<StringRef> allowed);

  bool has(StringRef name) const { return attrs.count(name); }

  /// The INT attribute `name`, std::nullopt when absent.
  FailureOr<std::optional<int64_t>> getInt(StringRef name) const;
  /// The INTS attribute `name`, std::nullopt when absent.
  FailureOr<std::optional<SmallVector<int64_t>>> getInts(StringRef name) const;
  /// The attribute `name`, checking its type; null when absent.
  FailureOr<const onnx::AttributeProto *>
  get(StringRef name, onnx::AttributeProto_AttributeType type) const;

  InFlightDiagnostic emitError() const {
    return mlir::emitError(info.loc) << info.label << ": ";
  }

private:
  const NodeInfo &info;
  llvm::StringMap<const onnx::AttributeProto *> attrs;
};

/// Builds the function of one ONNX graph.
class Importer {
public:
  Importer(MLIRContext *context, const ImportOptions &options,
           ONNXCheckResult *checkResult = nullptr)
      : context(context), options(options), builder(context),
        fileLoc(FileLineColLoc::get(context, options.sourceName, 0, 0)) {
    if (checkResult)
      check.emplace(*checkResult);
  }

  OwningOpRef<ModuleOp> importModel(const onnx::ModelProto &model);

private:
  InFlightDiagnostic emitModelError() { return mlir::emitError(fileLoc); }

  /// The location of a graph input, initializer or output: its label (as
  /// messages name it) around the model file's location. A node's ops are
  /// located at the node itself (getONNXNodeLoc). The lowering's run-time
  /// checks and the runner's messages cite those labels
  /// (docs/onnx-import.md).
  Location getLabelLoc(StringRef label) {
    return NameLoc::get(builder.getStringAttr(label), fileLoc);
  }

  LogicalResult readOpset(const onnx::ModelProto &model);
  void collectDeclaredTypes(const onnx::GraphProto &graph);
  FailureOr<TensorType> getDeclaredType(StringRef name);
  FailureOr<func::FuncOp> createFunction(const onnx::GraphProto &graph,
                                         ModuleOp module);
  LogicalResult importInitializers(const onnx::GraphProto &graph);
  LogicalResult importNode(const onnx::NodeProto &node, unsigned index);
  LogicalResult importOutputs(const onnx::GraphProto &graph, func::FuncOp func);

  // One function per supported op.
  /// Imports the node of the ONNX op of `op` (SONNXProfileOps.def): one
  /// import function per row with an ONNX op.
  LogicalResult importProfileOp(const NodeInfo &info, ProfileOp op);
  LogicalResult importReshape(const NodeInfo &info);
  LogicalResult importUnsqueeze(const NodeInfo &info);
  LogicalResult importFlatten(const NodeInfo &info);
  LogicalResult importExpand(const NodeInfo &info);
  LogicalResult importIdentity(const NodeInfo &info);
  LogicalResult importConstant(const NodeInfo &info);

  // Node helpers.
  LogicalResult checkArity(const NodeInfo &info, int numInputs);
  FailureOr<Value> getInput(const NodeInfo &info, int index);
  FailureOr<Value> getRankedInput(const NodeInfo &info, int index);
  LogicalResult defineValue(Location loc, StringRef label, StringRef name,
                            Value value);
  LogicalResult finishOp(const NodeInfo &info, Operation *op);
  LogicalResult verifyOp(const NodeInfo &info, Operation *op);
  LogicalResult checkDeclared(Location loc, StringRef label, StringRef name,
                              Value value);
  void reportDefault(const NodeInfo &info, StringRef attr,
                     StringRef defaultValue);

  // Check mode (sonnx-check): every node is imported, shape nodes get a
  // verdict instead of stopping the import.
  LogicalResult checkNode(const NodeInfo &info, ONNXNodeAttr nodeAttr);
  void importCheckedNode(const NodeInfo &info, ONNXNodeAttr nodeAttr);
  void recordBodyFolds();
  void checkShapeNode(const NodeInfo &info, ProfileOp op,
                      ONNXNodeAttr nodeAttr);
  bool checkInputTypes(const onnx::NodeProto &node, ProfileOp op,
                       ShapeNodeCheck &entry);
  void listRulesWithoutRank(const onnx::NodeProto &node, ProfileOp op,
                            ShapeNodeCheck &entry);
  void recordRefusedShapeNode(
      const NodeInfo &info,
      ArrayRef<std::pair<std::string, std::optional<RuleID>>> messages,
      Block *block, Operation *last, ShapeNodeCheck &entry);
  void recordImportedShapeNode(const NodeInfo &info, ProfileOp op,
                               ShapeNodeCheck &entry);
  void importOpaque(const NodeInfo &info);
  /// What the import of one subgraph gives the node that holds it.
  struct ImportedBody {
    /// `bodies[i]` of the onnx_graph.node.
    DictionaryAttr description;
    /// The values of the graph's outputs, and the constant each has when the
    /// check knows one (null otherwise), in the order of the description.
    SmallVector<Value> outputs;
    SmallVector<DenseElementsAttr> constants;
  };
  ImportedBody importBody(const NodeInfo &info, Region &region, NodeScope scope,
                          const onnx::GraphProto *graph,
                          const onnx::FunctionProto *function,
                          ArrayRef<Type> callTypes,
                          ArrayRef<DenseElementsAttr> callConstants);
  std::optional<ImportedBody> importNodeBodies(
      const NodeInfo &info, onnx_graph::NodeOp op,
      ArrayRef<std::pair<NodeScope, const onnx::GraphProto *>> graphs,
      const onnx::FunctionProto *function, std::optional<ONNXNodeAttr> nodeAttr,
      ArrayRef<Type> types, ArrayRef<DenseElementsAttr> constants,
      std::optional<bool> condition);
  void takeBodyResults(const NodeInfo &info, onnx_graph::NodeOp op,
                       const ImportedBody &taken);
  const onnx::NodeProto &bindCallAttributes(const NodeInfo &info,
                                            const onnx::NodeProto &node);
  void checkElementwise(const NodeInfo &info, ArrayRef<Type> types);
  void addNodeCheck(ShapeNodeCheck entry, bool elementwise = false);
  bool defineCheckValue(StringRef name, Value value);
  std::string getScopePrefix() const;
  Attribute convertNodeAttribute(const onnx::AttributeProto &attr);
  Type getCheckType(StringRef name);
  Type convertCheckType(const onnx::TypeProto &type);
  DenseElementsAttr getConstantValue(StringRef name);
  void addModelFinding(const NodeInfo &info, std::string message);
  FailureOr<Value> createConstant(Location loc, StringRef label,
                                  DenseElementsAttr value);
  Value createI64Constant(Location loc, ArrayRef<int64_t> values);

  MLIRContext *context;
  const ImportOptions &options;
  OpBuilder builder;
  Location fileLoc;

  /// The default-domain opset of the model.
  int64_t opset = 0;
  /// The MLIR value of each ONNX value name defined so far.
  ScopedNameMap<Value> values;
  /// The type declared for a value name by value_info or a graph output
  /// (graph inputs are typed by their own declarations).
  ScopedNameMap<const onnx::TypeProto *> declaredTypes;
  /// Whether --strict-profile found an attribute left to its default.
  bool foundDefault = false;

  /// What check mode keeps besides the module.
  struct CheckState {
    CheckState(ONNXCheckResult &result) : result(result) {}
    ONNXCheckResult &result;
    /// The values computed by the shape folds (ShapeFolding.h) and by the
    /// shape ops on constants, and the node that computed each.
    struct FoldedValue {
      DenseElementsAttr value;
      Location loc;
    };
    ScopedNameMap<FoldedValue> folded;
    /// The values that may differ between the runs of a body around them:
    /// the inputs of a body (a Loop's iteration number and carried values,
    /// a Scan's slices) and what a node computes from them, by name, with
    /// the depth (scopes.size()) of the graph that defines each; a value of
    /// the main graph never varies. Only the graphs a body defines in set
    /// it, so the main graph costs nothing.
    ScopedNameMap<size_t> varying;
    /// For the main graph and each body being imported, from the outermost:
    /// the least depth of the varying values its nodes, and the bodies they
    /// hold, read (SIZE_MAX: none).
    SmallVector<size_t> varyingReads = {SIZE_MAX};
    /// Set when a body closes that read a varying value of the graphs
    /// around it: the node holding the body computes varying values.
    bool bodyReadsVarying = false;
    /// Whether an input of the node being imported varies
    /// (ShapeNodeCheck::varying).
    bool nodeReadsVarying = false;
    /// The attributes left to their defaults by the node being imported
    /// (`profile.GR4`, strict mode).
    SmallVector<CheckFinding> defaults;
    /// The subgraphs around the node being imported, from the main graph
    /// inwards: empty in the main graph.
    SmallVector<NodeScope> scopes;
    /// While a branch of an If whose condition folds is imported and that
    /// branch is not the one taken: why ("not taken under these input
    /// shapes: ..."). Its checked nodes get the verdict NotTaken.
    std::string notTaken;
    /// The model-local functions, by (domain, name), and those being
    /// imported at a call site (a function that calls itself is not
    /// expanded again).
    std::map<std::pair<std::string, std::string>, const onnx::FunctionProto *>
        functions;
    SmallVector<const onnx::FunctionProto *> calling;
    /// The nodes of called functions with their attribute references
    /// replaced by the call's attributes (stable addresses).
    std::deque<onnx::NodeProto> callNodes;
  };
  std::optional<CheckState> check;
};

} // namespace onnx_import
} // namespace sonnx
} // namespace mlir

#endif // SONNX_LIB_TARGET_ONNX_IMPORTERIMPL_H
