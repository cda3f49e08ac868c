//===- ONNXGraph.cpp - the opaque ONNX nodes of a checked model -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraph.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sonnx::onnx_graph;

#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOpsTypes.cpp.inc"

#define GET_OP_CLASSES
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOps.cpp.inc"

void ONNXGraphDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "SONNX/Dialect/ONNXGraph/IR/ONNXGraphOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// NodeOp
//===----------------------------------------------------------------------===//

/// The names listed under `key` in the description `body`, or failure.
static FailureOr<ArrayAttr> getNames(NodeOp op, DictionaryAttr body,
                                     StringRef key, unsigned index) {
  auto names = body.getAs<ArrayAttr>(key);
  if (!names || !llvm::all_of(names, llvm::IsaPred<StringAttr>)) {
    op.emitOpError() << "bodies[" << index << "] needs '" << key
                     << "', an array of strings";
    return failure();
  }
  return names;
}

LogicalResult NodeOp::verify() {
  ArrayAttr bodies = getBodiesAttr();
  size_t numBodies = bodies ? bodies.size() : 0;
  if (numBodies != getGraphs().size())
    return emitOpError() << "has " << getGraphs().size()
                         << " region(s) but 'bodies' describes " << numBodies;
  for (auto [index, pair] : llvm::enumerate(llvm::zip(
           bodies ? bodies.getValue() : ArrayRef<Attribute>(), getGraphs()))) {
    auto [attr, region] = pair;
    auto body = cast<DictionaryAttr>(attr);
    unsigned i = static_cast<unsigned>(index);
    if (!body.getAs<StringAttr>("attribute"))
      return emitOpError() << "bodies[" << i
                           << "] needs 'attribute', the attribute's name";
    FailureOr<ArrayAttr> inputs = getNames(*this, body, "inputs", i);
    FailureOr<ArrayAttr> outputs = getNames(*this, body, "outputs", i);
    if (failed(inputs) || failed(outputs))
      return failure();
    Block &block = region.front();
    if (block.getNumArguments() != inputs->size())
      return emitOpError() << "region #" << i << " has "
                           << block.getNumArguments()
                           << " argument(s) but its graph has "
                           << inputs->size() << " input(s)";
    auto yield = block.empty() ? YieldOp() : dyn_cast<YieldOp>(block.back());
    if (!yield)
      return emitOpError() << "region #" << i
                           << " must end with 'onnx_graph.yield'";
    if (yield.getValues().size() != outputs->size())
      return emitOpError() << "region #" << i << " yields "
                           << yield.getValues().size()
                           << " value(s) but its graph has " << outputs->size()
                           << " output(s)";
  }
  return success();
}
