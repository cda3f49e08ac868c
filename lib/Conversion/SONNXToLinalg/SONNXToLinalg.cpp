//===- SONNXToLinalg.cpp - lower sonnx to tensor and linalg ---------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The conversion pass `--convert-sonnx-to-linalg`: the type converter
// (strings become i64 handles, or !ptr.ptr ones for the C output), the
// constant string tensors of the C output, the patterns that convert the types
// of the other ops, the conversion target and the populate functions. The
// patterns of the five ops are in ViewOps.cpp (reshape, unsqueeze, flatten) and
// BroadcastOps.cpp (broadcast, expand); their run-time checks in
// RuntimeChecks.h. docs/pipeline.md describes the lowering of each op.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/SONNXToLinalg/SONNXToLinalg.h"

#include "RuntimeChecks.h"

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Ptr/IR/PtrAttrs.h"
#include "mlir/Dialect/Ptr/IR/PtrDialect.h"
#include "mlir/Dialect/Ptr/IR/PtrTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_CONVERTSONNXTOLINALGPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;
using namespace mlir::sonnx;

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

Type SONNXToLinalgTypeConverter::getStringHandleType(MLIRContext *context,
                                                     StringHandleKind kind) {
  if (kind == StringHandleKind::Pointer)
    return ptr::PtrType::get(context, ptr::GenericSpaceAttr::get(context));
  return IntegerType::get(context, 64);
}

SONNXToLinalgTypeConverter::SONNXToLinalgTypeConverter(StringHandleKind kind) {
  // Tried last: every type not handled below is legal as it is.
  addConversion([](Type type) { return type; });
  addConversion([kind](StringType type) -> Type {
    return getStringHandleType(type.getContext(), kind);
  });
  addConversion([this](RankedTensorType type) -> Type {
    Type element = convertType(type.getElementType());
    if (!element)
      return nullptr;
    return RankedTensorType::get(type.getShape(), element, type.getEncoding());
  });
  addConversion([this](UnrankedTensorType type) -> Type {
    Type element = convertType(type.getElementType());
    if (!element)
      return nullptr;
    return UnrankedTensorType::get(element);
  });
  // A value that keeps its string type (a constant string tensor, left to
  // `--convert-sonnx-string-constants`) reaches its converted users through
  // a cast to handles.
  addTargetMaterialization([this](OpBuilder &builder, Type type,
                                  ValueRange inputs, Location loc) -> Value {
    if (inputs.size() != 1 || convertType(inputs.front().getType()) != type)
      return Value();
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  });
}

namespace {

//===----------------------------------------------------------------------===//
// Type conversion of the other ops
//===----------------------------------------------------------------------===//

/// Rebuilds any region-free op whose operand or result types change (string
/// tensors become handle tensors): func.call, func.return, tensor ops on
/// string tensors, cf branches... Ops with regions are left to their own
/// patterns (functions) or reported as not legalizable.
struct ConvertAnyOpTypes : public ConversionPattern {
  ConvertAnyOpTypes(const TypeConverter &typeConverter, MLIRContext *context)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    // A constant keeps its value attribute: string constants have a
    // pattern of their own (ConvertStringConstant).
    if (op->getNumRegions() != 0 ||
        isa<UnrealizedConversionCastOp, arith::ConstantOp>(op) ||
        isa_and_nonnull<SONNXDialect>(op->getDialect()))
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                         op->getAttrs(), op->getSuccessors());
    Operation *newOp = rewriter.create(state);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

/// Removes a `builtin.unrealized_conversion_cast` between string tensors
/// and handle tensors (`tensor<...x!sonnx.string>` and `tensor<...xi64>`):
/// once strings are handles, it converts nothing. Such casts are how code
/// outside sonnx hands string handles to sonnx ops and reads them back.
struct FoldStringHandleCasts
    : public OpConversionPattern<UnrealizedConversionCastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(UnrealizedConversionCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 1 || op->getNumResults() != 1)
      return failure();
    Value input = adaptor.getInputs().front();
    Type converted = getTypeConverter()->convertType(op.getType(0));
    if (!converted || converted != input.getType())
      return failure();
    rewriter.replaceOp(op, input);
    return success();
  }
};

/// Whether every string of the constant string tensor `op` can be a C
/// string literal (no NUL byte inside); if not, an error naming the
/// constant (its location).
static LogicalResult checkCStrings(arith::ConstantOp op) {
  auto value = dyn_cast<DenseStringElementsAttr>(op.getValue());
  if (!value)
    return success();
  for (auto [i, string] : llvm::enumerate(value.getRawStringData()))
    if (string.contains('\0'))
      return op.emitError()
             << "a constant of strings has a NUL byte in element " << i
             << " (row-major), which a C string literal cannot hold: the C "
                "output (--emit=c) does not take it";
  return success();
}

/// A constant string tensor with pointer handles (the C output): the same
/// strings as a constant of the handle type, which bufferizes to a constant
/// global and becomes a `static const` array of C string literals. A C
/// string literal cannot hold a NUL byte inside a string.
struct ConvertStringConstant : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !isa<StringType>(type.getElementType()))
      return failure();
    auto value = dyn_cast<DenseStringElementsAttr>(op.getValue());
    if (!value)
      return op.emitOpError("string constant of an unsupported attribute "
                            "kind cannot be lowered");
    auto handles = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(type));
    if (!handles || isa<IntegerType>(handles.getElementType()))
      return failure();
    if (failed(checkCStrings(op)))
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, handles, DenseElementsAttr::get(handles, value.getRawStringData()));
    return success();
  }
};

/// The types of a function: its signature and the arguments of every block
/// of its body. Upstream's populateFunctionOpInterfaceTypeConversionPattern
/// converts the signature and the entry block only, so a string tensor
/// argument of another block (a `cf.br` operand) stayed, the function stayed
/// illegal, and the conversion, which rolls no pattern back, aborted
/// ("produced IR that could not be legalized").
struct ConvertFunctionTypes : public OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(func::FuncOp func, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = func.getFunctionType();
    TypeConverter::SignatureConversion entry(type.getNumInputs());
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertSignatureArgs(type.getInputs(),
                                                        entry)) ||
        failed(getTypeConverter()->convertTypes(type.getResults(), results)))
      return failure();
    if (!func.isExternal() &&
        failed(rewriter.convertRegionTypes(&func.getBody(), *getTypeConverter(),
                                           &entry)))
      return failure();
    rewriter.modifyOpInPlace(func, [&] {
      func.setType(FunctionType::get(func.getContext(),
                                     entry.getConvertedTypes(), results));
    });
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct ConvertSONNXToLinalgPass
    : public mlir::sonnx::impl::ConvertSONNXToLinalgPassBase<
          ConvertSONNXToLinalgPass> {
  using ConvertSONNXToLinalgPassBase::ConvertSONNXToLinalgPassBase;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SONNXToLinalgTypeConverter typeConverter(pointerStringHandles
                                                 ? StringHandleKind::Pointer
                                                 : StringHandleKind::Integer);
    ConversionTarget target(*context);
    configureSONNXToLinalgConversionTarget(target, typeConverter);
    RewritePatternSet patterns(context);
    populateSONNXToLinalgConversionPatterns(typeConverter, patterns);
    // Before the conversion, which would add that it failed.
    if (pointerStringHandles) {
      WalkResult strings = getOperation()->walk([](arith::ConstantOp op) {
        auto type = dyn_cast<TensorType>(op.getType());
        if (type && isa<StringType>(type.getElementType()) &&
            failed(checkCStrings(op)))
          return WalkResult::interrupt();
        return WalkResult::advance();
      });
      if (strings.wasInterrupted())
        return signalPassFailure();
    }
    ConversionConfig config;
    config.allowPatternRollback = false;
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns), config)) ||
        failed(reportFailingChecks(getOperation())))
      signalPassFailure();
  }
};

} // namespace

void mlir::sonnx::populateSONNXToLinalgConversionPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  populateSONNXViewOpsToLinalgPatterns(typeConverter, patterns);
  populateSONNXBroadcastOpsToLinalgPatterns(typeConverter, patterns);
  patterns.add<ConvertAnyOpTypes, FoldStringHandleCasts, ConvertStringConstant,
               ConvertFunctionTypes>(typeConverter, context);
}

void mlir::sonnx::configureSONNXToLinalgConversionTarget(
    ConversionTarget &target, const TypeConverter &typeConverter) {
  target.addIllegalDialect<SONNXDialect>();
  target.addLegalOp<ModuleOp>();
  target.markUnknownOpDynamicallyLegal([&typeConverter](Operation *op) {
    // A constant string tensor has no integer handles yet: it stays for
    // `--convert-sonnx-string-constants`, which makes it LLVM globals (its
    // users get a cast to handles). Pointer handles: ConvertStringConstant.
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      if (auto type = dyn_cast<TensorType>(constant.getType());
          type && isa<StringType>(type.getElementType()))
        return isa<IntegerType>(
            typeConverter.convertType(StringType::get(op->getContext())));
    if (auto function = dyn_cast<FunctionOpInterface>(op)) {
      auto type = dyn_cast<FunctionType>(function.getFunctionType());
      return (!type || typeConverter.isSignatureLegal(type)) &&
             typeConverter.isLegal(&function.getFunctionBody());
    }
    return typeConverter.isLegal(op);
  });
}
