//===- SONNXLocations.h - the ONNX nodes an op comes from -------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Node identity as data. The importer locates each op of an ONNX node at
// getONNXNodeLoc: a fused location whose metadata is the node
// (#sonnx.onnx_node: index, name, op type, opset) around the node's label as
// a NameLoc (for people reading the IR) and the model file's location.
// Rewrites that fuse locations keep it. Every layer that names the node an
// op comes from (the diagnostics of the runner, the run-time check
// messages, the header and the C comments of sonnx-compile) asks these
// helpers; none unwraps locations itself.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_DIALECT_SONNX_IR_SONNXLOCATIONS_H
#define SONNX_DIALECT_SONNX_IR_SONNXLOCATIONS_H

#include "SONNX/Dialect/SONNX/IR/SONNXAttrs.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

/// "node 3 'name' (OpType)", or "node 3 (OpType)" for an unnamed node: how
/// messages name the node of index `index` (ONNXNodeAttr::getLabel).
std::string formatONNXNodeLabel(int64_t index, llvm::StringRef name,
                                llvm::StringRef opType);

/// The location of an op of ONNX node `node` in the model at `fileLoc`.
Location getONNXNodeLoc(ONNXNodeAttr node, Location fileLoc);

/// The ONNX nodes that `loc` locates, in order, each once: one for an
/// imported op, several for an op that a rewrite built from ops of several
/// nodes, none for an op of a hand-written module.
llvm::SmallVector<ONNXNodeAttr> getONNXNodes(Location loc);

/// The first of getONNXNodes(loc), if any.
std::optional<ONNXNodeAttr> getONNXNode(Location loc);

/// What `loc` names, in order, each once: the label of each ONNX node
/// (ONNXNodeAttr::getLabel) and the name of each other NameLoc (a graph
/// input, an initializer, a name written in a module), but not the names
/// nested in a NameLoc or a node.
llvm::SmallVector<std::string> getSourceLabels(Location loc);

/// Where `loc` comes from, as a message prefix: "<file>: <labels>: ", where
/// the file is "<file>:<line>:<col>" when the location has a line (a .mlir
/// file; an imported model is located at line 0) and the labels are
/// getSourceLabels(loc) joined by ", " ("model.onnx: node 3 'reshape_1'
/// (Reshape): "); each part only when `loc` has it.
std::string describeSource(Location loc);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_DIALECT_SONNX_IR_SONNXLOCATIONS_H
