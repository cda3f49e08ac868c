//===- IndexMaps.cpp - Where each output element comes from ---------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// traceOutputSources and the evaluation of the index maps (see the header).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Analysis/IndexMaps.h"

#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "SONNX/Support/SizeProduct.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// The spec functions, as numbers
//===----------------------------------------------------------------------===//

// These two are the logic functions of lib/Target/C/sonnx_index_maps.acsl,
// line for line, over int64 instead of mathematical integers (every index
// and stride is at most an element count, which fits: compileAOT checks).

/// sonnx_axis_index(k, stride, size) = (k / stride) % size.
static int64_t sonnxAxisIndex(int64_t k, int64_t stride, int64_t size) {
  return (k / stride) % size;
}

/// sonnx_broadcast_f(a, b, c) = b == c ? a : 0 (sonnx-broadcast.md, "Access
/// to data").
static int64_t sonnxBroadcastF(int64_t a, int64_t b, int64_t c) {
  return b == c ? a : 0;
}

int64_t IndexMapStep::getSourceIndex(int64_t k) const {
  if (kind != Kind::Broadcast)
    return k;
  int64_t index = 0;
  for (size_t j = 0, e = inputShape.size(); j != e; ++j) {
    int64_t axis = axes[j];
    int64_t size = resultShape[axis];
    index += sonnxBroadcastF(sonnxAxisIndex(k, resultStrides[axis], size),
                             inputShape[j], size) *
             inputStrides[j];
  }
  return index;
}

int64_t OutputSource::getSourceIndex(int64_t k) const {
  for (const IndexMapStep &step : steps)
    k = step.getSourceIndex(k);
  return k;
}

//===----------------------------------------------------------------------===//
// The trace
//===----------------------------------------------------------------------===//

namespace {
class Tracer {
public:
  OutputSource trace(Value value);

private:
  /// An id per value whose map is written once (broadcast results,
  /// constants).
  unsigned getId(Value value) {
    return ids.try_emplace(value, static_cast<unsigned>(ids.size()))
        .first->second;
  }

  llvm::DenseMap<Value, unsigned> ids;
};
} // namespace

OutputSource Tracer::trace(Value value) {
  OutputSource source;
  auto identity = [&](IndexMapStep::Kind kind, Operation *op) {
    IndexMapStep step;
    step.kind = kind;
    step.opName = op->getName().getStringRef().str();
    step.loc = op->getLoc();
    source.steps.push_back(std::move(step));
  };
  while (true) {
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      source.kind = OutputSource::Kind::Argument;
      source.argument = argument.getArgNumber();
      return source;
    }
    Operation *op = value.getDefiningOp();
    auto profileOp = dyn_cast<ProfileOpInterface>(op);
    if (profileOp && profileOp.isView()) {
      identity(IndexMapStep::Kind::View, op);
      value = op->getOperand(0);
    } else if (profileOp) {
      unsigned m = cast<OpResult>(value).getResultNumber();
      Value input = profileOp.getSourceOf(m);
      auto inputType = dyn_cast<RankedTensorType>(input.getType());
      auto resultType = dyn_cast<RankedTensorType>(value.getType());
      if (!inputType || !resultType || !inputType.hasStaticShape() ||
          !resultType.hasStaticShape()) {
        source.why = "the value of " + op->getName().getStringRef().str() +
                     ", whose shapes are not static";
        return source;
      }
      std::optional<llvm::ArrayRef<int64_t>> mapping =
          profileOp.getSourceAxesMapping();
      IndexMapStep step;
      step.kind = IndexMapStep::Kind::Broadcast;
      step.opName = op->getName().getStringRef().str();
      step.loc = op->getLoc();
      step.id = getId(value);
      step.inputShape.assign(inputType.getShape().begin(),
                             inputType.getShape().end());
      step.resultShape.assign(resultType.getShape().begin(),
                              resultType.getShape().end());
      step.axes = getExpandAxesMapping(inputType.getRank(),
                                       resultType.getRank(), mapping);
      step.inputStrides = getRowMajorStrides(inputType.getShape());
      step.resultStrides = getRowMajorStrides(resultType.getShape());
      source.steps.push_back(std::move(step));
      value = input;
    } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto attr = dyn_cast<DenseElementsAttr>(constant.getValue());
      auto type = dyn_cast<RankedTensorType>(constant.getType());
      if (!attr || !type || !type.hasStaticShape()) {
        source.why = "a constant that is not a dense tensor";
        return source;
      }
      source.kind = OutputSource::Kind::Constant;
      source.constant = attr;
      source.constantOpName = op->getName().getStringRef().str();
      source.constantLoc = op->getLoc();
      source.constantId = getId(value);
      return source;
    } else {
      source.why = "the value of " + op->getName().getStringRef().str() +
                   ", which is not an op of the profile";
      return source;
    }
  }
}

std::vector<OutputSource> mlir::sonnx::traceOutputSources(func::FuncOp func) {
  Tracer tracer;
  std::vector<OutputSource> sources;
  for (Value value : func.getBody().front().getTerminator()->getOperands())
    sources.push_back(tracer.trace(value));
  return sources;
}

unsigned
mlir::sonnx::countUnknownSources(llvm::ArrayRef<OutputSource> sources) {
  return static_cast<unsigned>(
      llvm::count_if(sources, [](const OutputSource &s) {
        return s.kind == OutputSource::Kind::Unknown;
      }));
}
