//===- SONNXLocations.cpp - the ONNX nodes an op comes from ---------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sonnx;

std::string mlir::sonnx::formatONNXNodeLabel(int64_t index, StringRef name,
                                             StringRef opType) {
  std::string label = "node " + std::to_string(index);
  if (!name.empty())
    label += " '" + name.str() + "'";
  return label + " (" + opType.str() + ")";
}

std::string ONNXNodeAttr::getLabel() const {
  return formatONNXNodeLabel(getIndex(), getName(), getOpType());
}

Location mlir::sonnx::getONNXNodeLoc(ONNXNodeAttr node, Location fileLoc) {
  MLIRContext *context = node.getContext();
  Location label =
      NameLoc::get(StringAttr::get(context, node.getLabel()), fileLoc);
  return FusedLoc::get(context, {label}, node);
}

/// Calls `onNode` for each node and `onName` for each other NameLoc that
/// `loc` locates, in order (with repetitions).
static void walkSources(Location loc,
                        llvm::function_ref<void(ONNXNodeAttr)> onNode,
                        llvm::function_ref<void(StringRef)> onName) {
  llvm::TypeSwitch<LocationAttr>(loc)
      .Case([&](FusedLoc fused) {
        if (auto node = dyn_cast_if_present<ONNXNodeAttr>(fused.getMetadata()))
          return onNode(node);
        for (Location part : fused.getLocations())
          walkSources(part, onNode, onName);
      })
      .Case([&](NameLoc name) { onName(name.getName().getValue()); })
      .Case([&](CallSiteLoc callSite) {
        walkSources(callSite.getCallee(), onNode, onName);
      })
      .Default([](LocationAttr) {});
}

SmallVector<ONNXNodeAttr> mlir::sonnx::getONNXNodes(Location loc) {
  SmallVector<ONNXNodeAttr> nodes;
  walkSources(
      loc,
      [&](ONNXNodeAttr node) {
        if (!llvm::is_contained(nodes, node))
          nodes.push_back(node);
      },
      [](StringRef) {});
  return nodes;
}

std::optional<ONNXNodeAttr> mlir::sonnx::getONNXNode(Location loc) {
  SmallVector<ONNXNodeAttr> nodes = getONNXNodes(loc);
  if (nodes.empty())
    return std::nullopt;
  return nodes.front();
}

SmallVector<std::string> mlir::sonnx::getSourceLabels(Location loc) {
  SmallVector<std::string> labels;
  auto add = [&](std::string label) {
    if (!llvm::is_contained(labels, label))
      labels.push_back(std::move(label));
  };
  walkSources(
      loc, [&](ONNXNodeAttr node) { add(node.getLabel()); },
      [&](StringRef name) { add(name.str()); });
  return labels;
}

std::string mlir::sonnx::describeSource(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>()) {
    os << fileLoc.getFilename().getValue();
    if (fileLoc.getLine() != 0 || fileLoc.getColumn() != 0)
      os << ":" << fileLoc.getLine() << ":" << fileLoc.getColumn();
    os << ": ";
  }
  SmallVector<std::string> labels = getSourceLabels(loc);
  if (!labels.empty()) {
    llvm::interleave(labels, os, ", ");
    os << ": ";
  }
  return text;
}
