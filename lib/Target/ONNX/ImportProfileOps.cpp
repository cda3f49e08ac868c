//===- ImportProfileOps.cpp - the profile ops of an ONNX graph ------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The importer's ONNX nodes that become sonnx ops (ImporterImpl.h): one
// function per ONNX op of the profile-op table (SONNXProfileOps.def), each
// reading the attributes and inputs of the node's opset and building the
// op, whose verifier then decides the rules.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"
#include "ImporterImpl.h"

#include "SONNX/Dialect/SONNX/IR/SONNXElementTypes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRuleAttrs.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FormatVariadic.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace mlir::sonnx;
using namespace mlir::sonnx::onnx_import;

LogicalResult Importer::importProfileOp(const NodeInfo &info, ProfileOp op) {
  switch (op) {
  case ProfileOp::Reshape:
    return importReshape(info);
  case ProfileOp::Unsqueeze:
    return importUnsqueeze(info);
  case ProfileOp::Flatten:
    return importFlatten(info);
  case ProfileOp::Expand:
    return importExpand(info);
  case ProfileOp::Broadcast:
    break;
  }
  // A profile op of no ONNX op, which lookupONNXOp never gives.
  return mlir::emitError(info.loc)
         << info.label << ": no ONNX op imports as this profile op";
}

/// Reshape-1 takes the shape as an attribute; Reshape-5 and 13 as an input;
/// Reshape-14 and later add `allowzero`.
LogicalResult Importer::importReshape(const NodeInfo &info) {
  NodeAttributes attrs(info);
  Value shape;
  if (opset < kReshapeShapeInputOpset) {
    // consumed_inputs is a legacy optimisation hint without meaning for the
    // result.
    if (failed(attrs.collect({"shape", "consumed_inputs"})) ||
        failed(checkArity(info, 1)))
      return failure();
    FailureOr<std::optional<SmallVector<int64_t>>> shapeAttr =
        attrs.getInts("shape");
    if (failed(shapeAttr))
      return failure();
    if (!*shapeAttr)
      return attrs.emitError()
             << "attribute 'shape' is required at opset " << opset;
    shape = createI64Constant(info.loc, **shapeAttr);
  } else {
    SmallVector<StringRef, 1> allowed;
    if (opset >= 14)
      allowed.push_back("allowzero");
    if (failed(attrs.collect(allowed)) || failed(checkArity(info, 2)))
      return failure();
    FailureOr<Value> shapeInput = getInput(info, 1);
    if (failed(shapeInput))
      return failure();
    shape = *shapeInput;
  }

  FailureOr<std::optional<int64_t>> allowZero = attrs.getInt("allowzero");
  if (failed(allowZero))
    return failure();
  IntegerAttr allowZeroAttr;
  if (*allowZero) {
    if (**allowZero != 0 && **allowZero != 1)
      return attrs.emitError()
             << "attribute 'allowzero' must be 0 or 1, got " << **allowZero;
    allowZeroAttr = builder.getI64IntegerAttr(**allowZero);
  } else if (opset >= 14 && options.strictProfile) {
    reportDefault(info, "allowzero", "0");
  }

  FailureOr<Value> data = getRankedInput(info, 0);
  if (failed(data))
    return failure();
  // The op checks the set of Reshape-13/14 (reshape.types); an older version
  // of the ONNX op takes fewer types.
  const OpElementTypes &types = getOpElementTypes(ProfileOp::Reshape, opset);
  Type elementType = cast<ShapedType>(data->getType()).getElementType();
  if (&types != &getOpElementTypes(ProfileOp::Reshape) &&
      !types.allows(elementType)) {
    InFlightDiagnostic diag =
        mlir::emitError(info.loc)
        << info.label << ": "
        << formatElementTypeNotAllowed(info.node.input(0), elementType, types,
                                       opset);
    return citeRule(diag, types.getRule());
  }
  auto op = ReshapeOp::create(builder, info.loc, *data, shape, allowZeroAttr);
  return finishOp(info, op);
}

/// Unsqueeze-1 and 11 take the axes as an attribute (negative axes only from
/// 11); Unsqueeze-13 and later as an input.
LogicalResult Importer::importUnsqueeze(const NodeInfo &info) {
  NodeAttributes attrs(info);
  Value axes;
  if (opset < kUnsqueezeAxesInputOpset) {
    if (failed(attrs.collect({"axes"})) || failed(checkArity(info, 1)))
      return failure();
    FailureOr<std::optional<SmallVector<int64_t>>> axesAttr =
        attrs.getInts("axes");
    if (failed(axesAttr))
      return failure();
    if (!*axesAttr)
      return attrs.emitError()
             << "attribute 'axes' is required at opset " << opset;
    if (opset < 11) {
      for (int64_t axis : **axesAttr)
        if (axis < 0) {
          InFlightDiagnostic diag =
              attrs.emitError()
              << "axis " << axis
              << " is negative; Unsqueeze before opset 11 takes axes in "
                 "[0, rY-1]";
          return citeRule(diag, RuleID::UnsqueezeAC1);
        }
    }
    axes = createI64Constant(info.loc, **axesAttr);
  } else {
    if (failed(attrs.collect({})) || failed(checkArity(info, 2)))
      return failure();
    FailureOr<Value> axesInput = getInput(info, 1);
    if (failed(axesInput))
      return failure();
    axes = *axesInput;
  }
  FailureOr<Value> data = getRankedInput(info, 0);
  if (failed(data))
    return failure();
  auto op = UnsqueezeOp::create(builder, info.loc, *data, axes);
  return finishOp(info, op);
}

/// Flatten: `axis` defaults to 1; negative axes are accepted from opset 11.
LogicalResult Importer::importFlatten(const NodeInfo &info) {
  NodeAttributes attrs(info);
  if (failed(attrs.collect({"axis"})) || failed(checkArity(info, 1)))
    return failure();
  FailureOr<std::optional<int64_t>> axisAttr = attrs.getInt("axis");
  if (failed(axisAttr))
    return failure();
  int64_t axis = 1;
  if (*axisAttr)
    axis = **axisAttr;
  else if (options.strictProfile)
    reportDefault(info, "axis", "1");
  if (opset < 11 && axis < 0) {
    InFlightDiagnostic diag = attrs.emitError()
                              << "axis " << axis
                              << " is negative; Flatten before opset 11 takes "
                                 "an axis in [0, r]";
    return citeRule(diag, RuleID::FlattenAxisC2);
  }
  FailureOr<Value> data = getRankedInput(info, 0);
  if (failed(data))
    return failure();
  auto op = FlattenOp::create(builder, info.loc, *data, axis);
  return finishOp(info, op);
}

/// Expand exists from opset 8.
LogicalResult Importer::importExpand(const NodeInfo &info) {
  if (opset < kExpandOpset)
    return mlir::emitError(info.loc)
           << info.label << ": Expand does not exist before opset "
           << kExpandOpset << " (the model imports opset " << opset << ")";
  NodeAttributes attrs(info);
  if (failed(attrs.collect({})) || failed(checkArity(info, 2)))
    return failure();
  FailureOr<Value> data = getRankedInput(info, 0);
  if (failed(data))
    return failure();
  FailureOr<Value> shape = getInput(info, 1);
  if (failed(shape))
    return failure();
  auto op = ExpandOp::create(builder, info.loc, *data, *shape);
  return finishOp(info, op);
}
