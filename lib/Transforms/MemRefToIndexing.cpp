//===- MemRefToIndexing.cpp - memref views as index arithmetic ------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// LLVM 22's --convert-memref-to-emitc lowers memref.load, memref.store,
// memref.alloca and memref.global to C arrays, and nothing that makes a
// view (subview, collapse_shape, expand_shape, reinterpret_cast), nor a
// memref of rank 0 or without elements (a C array has neither), and
// --convert-arith-to-emitc has no lowering of the floordivsi and remsi that
// --lower-affine makes of affine.delinearize_index. This pass bridges the
// gap for code of static shapes: copies become loops of loads and stores,
// views fold into the indices of those loads and stores
// (--fold-memref-alias-ops), index (de)linearizations become plain
// divisions, remainders and products (the indices are never negative), and
// a memref of rank 0 or with a size 0 takes size 1 (an unread element).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Support/CElementTypes.h"
#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_MEMREFTOINDEXINGPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// A memref.copy of static shape as a loop nest of loads and stores, which
/// --fold-memref-alias-ops can then fold views into.
struct CopyToLoops : public OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::CopyOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<MemRefType>(op.getSource().getType());
    if (!type || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not a static shape");
    Location loc = op.getLoc();
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> indices;
    for (int64_t size : type.getShape()) {
      Value bound = arith::ConstantIndexOp::create(rewriter, loc, size);
      auto loop = scf::ForOp::create(rewriter, loc, zero, bound, one);
      indices.push_back(loop.getInductionVar());
      rewriter.setInsertionPointToStart(loop.getBody());
    }
    Value element =
        memref::LoadOp::create(rewriter, loc, op.getSource(), indices);
    memref::StoreOp::create(rewriter, loc, element, op.getTarget(), indices);
    rewriter.eraseOp(op);
    return success();
  }
};

/// The constant sizes of `basis`, or failure.
static FailureOr<SmallVector<int64_t>>
getConstantBasis(ArrayRef<OpFoldResult> basis) {
  SmallVector<int64_t> sizes;
  for (OpFoldResult size : basis) {
    std::optional<int64_t> value =
        size ? getConstantIntValue(size) : std::optional<int64_t>(0);
    if (!value)
      return failure();
    sizes.push_back(*value);
  }
  return sizes;
}

/// `%r:3 = affine.delinearize_index %x into (A, B, C)` as
/// `x / (B * C), x / C % B, x % C`, unsigned (arith.divui, arith.remui): an
/// in-bounds index is never negative, where lower-affine's floordivsi and
/// remsi would care, and the C output's size_t is unsigned.
struct DelinearizeIndex
    : public OpRewritePattern<affine::AffineDelinearizeIndexOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(affine::AffineDelinearizeIndexOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<SmallVector<int64_t>> basis =
        getConstantBasis(op.getPaddedBasis());
    if (failed(basis))
      return rewriter.notifyMatchFailure(op, "basis not constant");
    Location loc = op.getLoc();
    SmallVector<Value> results(op.getNumResults());
    Value rest = op.getLinearIndex();
    for (size_t i = results.size(); i-- > 1;) {
      Value size = arith::ConstantIndexOp::create(rewriter, loc, (*basis)[i]);
      results[i] = arith::RemUIOp::create(rewriter, loc, rest, size);
      rest = arith::DivUIOp::create(rewriter, loc, rest, size);
    }
    results[0] = rest;
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// `indices` of a row-major array of `sizes` as one index,
/// `(i * B + j) * C + k`.
static Value buildLinearIndex(OpBuilder &builder, Location loc,
                              ValueRange indices, ArrayRef<int64_t> sizes) {
  Value result = indices.front();
  for (size_t i = 1; i < indices.size(); ++i) {
    Value size = arith::ConstantIndexOp::create(builder, loc, sizes[i]);
    result = arith::AddIOp::create(
        builder, loc, arith::MulIOp::create(builder, loc, result, size),
        indices[i]);
  }
  return result;
}

/// `affine.linearize_index [%i, %j] by (A, B)` as `i * B + j`.
struct LinearizeIndex
    : public OpRewritePattern<affine::AffineLinearizeIndexOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(affine::AffineLinearizeIndexOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<SmallVector<int64_t>> basis =
        getConstantBasis(op.getPaddedBasis());
    if (failed(basis))
      return rewriter.notifyMatchFailure(op, "basis not constant");
    rewriter.replaceOp(op, buildLinearIndex(rewriter, op.getLoc(),
                                            op.getMultiIndex(), *basis));
    return success();
  }
};

/// The one-dimensional type of a memref of static shape (rank 0: one
/// element; a size 0: one unread element), or null when `type` has that
/// form already or no static shape.
static MemRefType getArrayType(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape() || !memref.getLayout().isIdentity())
    return nullptr;
  // A count int64 cannot hold is no C array: such a buffer is refused by
  // --sonnx-check-allocations, and an interface by sonnx-compile.
  std::optional<int64_t> count =
      sonnx::getStaticElementCount(memref.getShape());
  if (!count || (memref.getRank() == 1 && *count != 0))
    return nullptr;
  return MemRefType::get({std::max<int64_t>(*count, 1)},
                         memref.getElementType(), AffineMap(),
                         memref.getMemorySpace());
}

/// `initial` with the shape of `type`. DenseElementsAttr::reshape reads
/// raw int or float data: a string constant (the C output's) is rebuilt.
static DenseElementsAttr reshapeElements(DenseElementsAttr initial,
                                         ShapedType type) {
  if (auto strings = dyn_cast<DenseStringElementsAttr>(initial))
    return DenseElementsAttr::get(type, strings.getRawStringData());
  return initial.reshape(type);
}

/// Makes every memref one-dimensional: loads and stores take the row-major
/// linear index of their indices (rank 0: the index 0), and result and
/// argument types, globals and their initial values take the array type.
/// A one-dimensional C array of each tensor is what the header's ABI
/// passes (a pointer to the first element, no cast to an array of arrays)
/// and what Frama-C's WP proves bounds and `assigns` clauses of best. An
/// empty memref is never read or written: its loops run no iteration.
/// Globals lose their alignment, which --convert-memref-to-emitc does not
/// take (a C array has the alignment of its element type).
static LogicalResult makeArrays(ModuleOp module) {
  OpBuilder builder(module.getContext());
  // The indices first, while the types still have their shapes.
  module.walk([&](Operation *op) {
    Value memref;
    MutableOperandRange indices(op);
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      memref = load.getMemRef();
      indices = load.getIndicesMutable();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      memref = store.getMemRef();
      indices = store.getIndicesMutable();
    } else {
      return;
    }
    if (!getArrayType(memref.getType()))
      return;
    auto type = cast<MemRefType>(memref.getType());
    builder.setInsertionPoint(op);
    Location loc = op->getLoc();
    // A disjoint linearization, which cancels against the delinearization
    // of a folded view (affine's canonicalization, below).
    SmallVector<int64_t> sizes =
        llvm::map_to_vector(type.getShape(), [](int64_t size) {
          return std::max<int64_t>(size, 1);
        });
    Value linear =
        type.getRank() == 0
            ? arith::ConstantIndexOp::create(builder, loc, 0).getResult()
            : affine::AffineLinearizeIndexOp::create(
                  builder, loc, llvm::to_vector(ValueRange(indices)), sizes,
                  /*disjoint=*/true)
                  .getResult();
    indices.assign(linear);
  });
  auto retype = [&](Value value) {
    if (MemRefType type = getArrayType(value.getType()))
      value.setType(type);
  };
  auto convert = [](Type type) -> Type {
    MemRefType array = getArrayType(type);
    return array ? array : type;
  };
  bool failedGlobal = false;
  module.walk([&](Operation *op) {
    if (auto global = dyn_cast<memref::GlobalOp>(op)) {
      global.removeAlignmentAttr();
      MemRefType type = getArrayType(global.getType());
      if (!type)
        return;
      global.setType(type);
      if (auto initial = dyn_cast_or_null<DenseElementsAttr>(
              global.getInitialValueAttr())) {
        auto tensorType =
            RankedTensorType::get(type.getShape(), type.getElementType());
        // Empty: an unread zero.
        if (initial.getNumElements() == type.getNumElements()) {
          global.setInitialValueAttr(reshapeElements(initial, tensorType));
        } else if (isa<DenseStringElementsAttr>(initial)) {
          global.setInitialValueAttr(
              DenseElementsAttr::get(tensorType, {StringRef()}));
        } else if (auto zero = builder.getZeroAttr(type.getElementType())) {
          global.setInitialValueAttr(DenseElementsAttr::get(tensorType, zero));
        } else {
          global.emitError()
              << "the global '" << global.getSymName()
              << "' has no elements, and its element type "
              << type.getElementType()
              << " has no zero value for the unread element of its C array";
          failedGlobal = true;
        }
      }
      return;
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          retype(argument);
    for (Value result : op->getResults())
      retype(result);
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      SmallVector<Type> inputs =
          llvm::map_to_vector(func.getArgumentTypes(), convert);
      SmallVector<Type> results =
          llvm::map_to_vector(func.getResultTypes(), convert);
      func.setFunctionType(builder.getFunctionType(inputs, results));
    }
  });
  return failure(failedGlobal);
}

/// The type that C code holds `type` in, as the C interface does
/// (docs/deployment.md): ui16 for f16 and bf16 (the uint16_t of their
/// bits), i8 and ui8 for a 4-bit integer (the byte per element, int8_t or
/// uint8_t); also as memref elements. Other types, unsigned integers
/// included, stay as they are: the C function then takes arrays of the
/// header's element types, and its caller passes its pointers without a
/// cast between types.
static Type getCBitsType(Type type) {
  // The storage column of the element-type table (CElementTypes.h); an element
  // that EmitC holds in an opaque type is converted later.
  auto element = [](Type type) -> Type {
    std::optional<sonnx::CElementType> row = sonnx::lookupCElementType(type);
    if (!row || row->opaqueStorage)
      return type;
    return row->storage;
  };
  if (auto memref = dyn_cast<MemRefType>(type))
    return MemRefType::get(memref.getShape(), element(memref.getElementType()),
                           memref.getLayout(), memref.getMemorySpace());
  return element(type);
}

/// C99 has no 16-bit float, and the sonnx ops only move elements: f16 and
/// bf16 values become the ui16 of their bits, 4-bit integers the byte of
/// the C interface, constants and globals bit for bit. arith holds
/// signless integers only: a scalar constant of an unsigned type becomes
/// an emitc.constant. An op other than a load, a store, a constant or a
/// select that takes or makes such a value is an error.
static LogicalResult floatsToBits(ModuleOp module) {
  // A 4-bit value as the byte of the C interface: int4 sign-extended
  // (-8..7), uint4 zero-extended (0..15).
  auto widen = [](Type type, const APInt &value) {
    return cast<IntegerType>(type).isUnsigned() ? value.zext(8) : value.sext(8);
  };
  auto bits = [&](Attribute attr) -> Attribute {
    if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
      Type element = getCBitsType(dense.getElementType());
      if (element == dense.getElementType())
        return attr;
      if (dense.getElementType().getIntOrFloatBitWidth() == 4)
        return dense.mapValues(element, [&](const APInt &value) {
          return widen(dense.getElementType(), value);
        });
      return dense.bitcast(element);
    }
    if (auto value = dyn_cast<FloatAttr>(attr))
      if (getCBitsType(value.getType()) != value.getType())
        return IntegerAttr::get(getCBitsType(value.getType()),
                                value.getValue().bitcastToAPInt());
    if (auto value = dyn_cast<IntegerAttr>(attr))
      if (getCBitsType(value.getType()) != value.getType())
        return IntegerAttr::get(getCBitsType(value.getType()),
                                widen(value.getType(), value.getValue()));
    return attr;
  };
  auto isHalf = [](Type type) { return getCBitsType(type) != type; };
  auto isUnsigned = [](Type type) { return type.isUnsignedInteger(); };
  WalkResult result = module.walk([&](Operation *op) {
    if (auto global = dyn_cast<memref::GlobalOp>(op)) {
      if (!isHalf(global.getType()))
        return WalkResult::advance();
      global.setType(cast<MemRefType>(getCBitsType(global.getType())));
      if (Attribute initial = global.getInitialValueAttr())
        global.setInitialValueAttr(bits(initial));
      return WalkResult::advance();
    }
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      func.setFunctionType(FunctionType::get(
          func.getContext(),
          llvm::map_to_vector(func.getArgumentTypes(), getCBitsType),
          llvm::map_to_vector(func.getResultTypes(), getCBitsType)));
    }
    bool half = llvm::any_of(op->getOperandTypes(), isHalf) ||
                llvm::any_of(op->getResultTypes(), isHalf) ||
                llvm::any_of(op->getOperandTypes(), isUnsigned) ||
                llvm::any_of(op->getResultTypes(), isUnsigned);
    if (half && !isa<memref::LoadOp, memref::StoreOp, arith::ConstantOp,
                     arith::SelectOp, memref::GetGlobalOp, func::ReturnOp,
                     memref::CopyOp, scf::YieldOp, scf::ForOp, scf::IfOp,
                     emitc::ConstantOp>(op)) {
      op->emitError() << "'" << op->getName()
                      << "' computes with floats, 4-bit or unsigned "
                         "integers, which the C output only moves";
      return WalkResult::interrupt();
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          argument.setType(getCBitsType(argument.getType()));
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      Type type = getCBitsType(constant.getType());
      if (type.isUnsignedInteger()) {
        OpBuilder builder(constant);
        constant.replaceAllUsesWith(
            emitc::ConstantOp::create(
                builder, constant.getLoc(), type,
                cast<TypedAttr>(bits(constant.getValue())))
                .getResult());
        constant.erase();
        return WalkResult::skip();
      }
      if (type != constant.getType())
        constant.setValueAttr(cast<TypedAttr>(bits(constant.getValue())));
    }
    for (Value value : op->getResults())
      value.setType(getCBitsType(value.getType()));
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct MemRefToIndexingPass
    : public sonnx::impl::MemRefToIndexingPassBase<MemRefToIndexingPass> {
  using MemRefToIndexingPassBase::MemRefToIndexingPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    RewritePatternSet patterns(&getContext());
    patterns.add<CopyToLoops>(&getContext());
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();
    // A view that did not fold away (one that a function returns, say)
    // has no C form.
    WalkResult views = module.walk([&](Operation *op) {
      if (isa<memref::SubViewOp, memref::CollapseShapeOp, memref::ExpandShapeOp,
              memref::ReinterpretCastOp>(op) &&
          !op->use_empty()) {
        op->emitError() << "a view that does not fold into loads and stores "
                           "has no C form";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (views.wasInterrupted())
      return signalPassFailure();
    if (failed(makeArrays(module)))
      return signalPassFailure();
    // The linearization of an index that a view delinearized is that
    // index; then what remains becomes arith.
    RewritePatternSet cancel(&getContext());
    affine::AffineLinearizeIndexOp::getCanonicalizationPatterns(cancel,
                                                                &getContext());
    affine::AffineDelinearizeIndexOp::getCanonicalizationPatterns(
        cancel, &getContext());
    RewritePatternSet lower(&getContext());
    lower.add<DelinearizeIndex, LinearizeIndex>(&getContext());
    if (failed(applyPatternsGreedily(module, std::move(cancel))) ||
        failed(applyPatternsGreedily(module, std::move(lower))) ||
        failed(floatsToBits(module)))
      return signalPassFailure();
  }
};

} // namespace
