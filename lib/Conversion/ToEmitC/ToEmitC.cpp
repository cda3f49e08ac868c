//===- ToEmitC.cpp - the EmitC conversion of the C output -----------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// `--sonnx-convert-to-emitc`: what `--convert-to-emitc` does (the arith,
// func, memref and scf conversions of LLVM 22 with one type converter),
// plus the element types of the C interface of sonnx-compile that the
// generated code only moves:
//
// - complex<f32> and complex<f64> become the header's `sonnx_complex64_t`
//   and `sonnx_complex128_t`, structs of the bits of both parts (opaque
//   EmitC types: a struct assignment moves an element, no floating-point
//   value);
// - string handles (`!ptr.ptr`, `--convert-sonnx-to-linalg
//   {pointer-string-handles}`) become `sonnx_string_t`, a typedef of the
//   interface's `const char *` that the module declares;
// - a constant global of either gets a C initializer: `{{re, im}, ...}`
//   with the bits of each part, or `{"a", "b"}` with the bytes of each
//   string escaped.
//
// C99 writes a NaN or an infinity only with <math.h>, which the C output
// does not include: a constant global of floats that holds one is an error
// (in the C output floats are bits before this pass,
// --sonnx-memref-to-indexing), as is a string constant with a NUL byte
// inside.
//
// Index values are C's size_t, which is unsigned. `arith.divui` and
// `arith.remui` of index values become C's `/` and `%` of them, which
// compute the same values (LLVM 22 converts them for integers only). An op
// that reads index values as signed (`arith.divsi`, `arith.remsi`, ...) is an
// error: LLVM 22 converts `divsi` and `remsi` of index values to the
// unsigned `/` and `%` of size_t, which are other values for a negative
// operand ((0 - 4) / 2 would be 2^63 - 2 with a 64-bit size_t, not -2).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/ToEmitC/ToEmitC.h"

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/Conversion/ConvertToEmitC/ToEmitCInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Ptr/IR/PtrDialect.h"
#include "mlir/Dialect/Ptr/IR/PtrTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

#include <complex>

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_SONNXCONVERTTOEMITCPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;
using namespace mlir::sonnx;

void mlir::sonnx::populateSONNXToEmitCTypeConversions(
    TypeConverter &typeConverter) {
  typeConverter.addConversion([](Type type) -> std::optional<Type> {
    std::optional<CElementType> row = lookupCElementType(type);
    if (!row || !row->opaqueStorage)
      return std::nullopt;
    return row->storage;
  });
}

namespace {

/// Checks that every constant global has a C initializer: no NaN or
/// infinity in floats (which --sonnx-memref-to-indexing makes bits before
/// the C output's conversion; complex numbers are their bits), no NUL byte
/// inside a string.
LogicalResult checkConstants(ModuleOp module) {
  WalkResult result = module.walk([](memref::GlobalOp global) {
    auto value =
        dyn_cast_or_null<DenseElementsAttr>(global.getInitialValueAttr());
    if (!value)
      return WalkResult::advance();
    Type element = value.getElementType();
    if (isa<FloatType>(element)) {
      int64_t index = 0;
      auto bad =
          [&](const llvm::APFloat &part) {
            if (part.isFinite())
              return false;
            std::string name;
            llvm::raw_string_ostream(name) << element;
            global.emitError()
                << "a constant of " << name << " elements has "
                << (part.isNaN() ? "a NaN" : "an infinity") << " in element "
                << index
                << " (row-major), which C99 writes only with <math.h>: the C "
                   "output (--emit=c) does not take it";
            return true;
          };
      for (const llvm::APFloat &x : value.getValues<llvm::APFloat>()) {
        if (bad(x))
          return WalkResult::interrupt();
        ++index;
      }
    }
    if (auto strings = dyn_cast<DenseStringElementsAttr>(value))
      for (auto [index, string] : llvm::enumerate(strings.getRawStringData()))
        if (string.contains('\0')) {
          global.emitError()
              << "a constant of strings has a NUL byte in element " << index
              << " (row-major), which a C string literal cannot hold: the C "
                 "output (--emit=c) does not take it";
          return WalkResult::interrupt();
        }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// A global of complex numbers or string handles, which
/// --convert-memref-to-emitc would give a dense initializer that EmitC
/// cannot print, or of unsigned integers, whose initializer EmitC prints
/// without the suffix `U`: an emitc.global with a C initializer.
struct ConvertElementGlobal : public OpConversionPattern<memref::GlobalOp> {
  ConvertElementGlobal(const TypeConverter &typeConverter, MLIRContext *context)
      : OpConversionPattern(typeConverter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(memref::GlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType type = op.getType();
    Type element = type.getElementType();
    if (!isa<ComplexType, ptr::PtrType>(element) &&
        !element.isUnsignedInteger())
      return failure();
    if (!type.hasStaticShape() || op.getAlignment().value_or(1) > 1)
      return rewriter.notifyMatchFailure(op, "not a plain C array");
    Type converted = getTypeConverter()->convertType(type);
    if (!converted)
      return rewriter.notifyMatchFailure(op, "element type without C type");
    SymbolTable::Visibility visibility = SymbolTable::getSymbolVisibility(op);
    if (visibility == SymbolTable::Visibility::Nested)
      return rewriter.notifyMatchFailure(op, "nested visibility");
    Attribute initial;
    if (auto value =
            dyn_cast_or_null<DenseElementsAttr>(op.getInitialValueAttr())) {
      llvm::SmallVector<std::string> items;
      if (isa<ComplexType>(value.getElementType())) {
        for (std::complex<llvm::APFloat> z :
             value.getValues<std::complex<llvm::APFloat>>()) {
          // The header's struct holds the bits of each part.
          items.push_back("{" + formatCUnsigned(z.real().bitcastToAPInt()) +
                          ", " + formatCUnsigned(z.imag().bitcastToAPInt()) +
                          "}");
        }
      } else if (auto strings = dyn_cast<DenseStringElementsAttr>(value)) {
        for (llvm::StringRef string : strings.getValues<llvm::StringRef>())
          items.push_back(quoteCString(string));
      } else if (value.getElementType().isUnsignedInteger()) {
        for (const llvm::APInt &integer : value.getValues<llvm::APInt>())
          items.push_back(formatCUnsigned(integer));
      } else {
        return rewriter.notifyMatchFailure(op, "unknown initializer");
      }
      initial = emitc::OpaqueAttr::get(getContext(),
                                       "{" + llvm::join(items, ", ") + "}");
    } else if (op.getInitialValueAttr() &&
               !isa<UnitAttr>(op.getInitialValueAttr())) {
      return rewriter.notifyMatchFailure(op, "unknown initializer");
    }
    bool isStatic = visibility == SymbolTable::Visibility::Private;
    rewriter.replaceOpWithNewOp<emitc::GlobalOp>(
        op, op.getSymName(), converted, initial, /*extern=*/!isStatic,
        /*static=*/isStatic, op.getConstant());
    return success();
  }
};

/// `arith.divui` or `arith.remui` of index values as `EmitCOp` (C's `/` or
/// `%`) of size_t, whose unsigned division computes the same values.
template <typename ArithOp, typename EmitCOp>
struct ConvertUnsignedIndexOp : public OpConversionPattern<ArithOp> {
  using OpConversionPattern<ArithOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ArithOp op, typename ArithOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<IndexType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "not of index values");
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "no C type for index");
    rewriter.replaceOpWithNewOp<EmitCOp>(op, type, adaptor.getLhs(),
                                         adaptor.getRhs());
    return success();
  }
};

/// An error at the first op of `module` that reads index values as signed
/// integers, and failure: the C output holds them in the unsigned size_t
/// (the file's comment).
LogicalResult checkSignedIndexOps(ModuleOp module) {
  WalkResult walk = module.walk([](Operation *op) {
    if (!isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
             arith::FloorDivSIOp, arith::MinSIOp, arith::MaxSIOp,
             arith::ShRSIOp>(op) ||
        !isa<IndexType>(op->getResult(0).getType()))
      return WalkResult::advance();
    op->emitError("the C output holds index values in size_t, which is "
                  "unsigned: '")
        << op->getName()
        << "' reads them as signed and has no C operator on size_t (an "
           "unsigned op, such as arith.divui, when the values are never "
           "negative)";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

/// Bufferization names a constant global after its type
/// ("__constant_3x!ptr.ptr<#ptr.generic_space>"): a global of complex
/// numbers or strings takes a name that C can read
/// ("__constant_3xstring", "__constant_2x2xcomplex64").
LogicalResult renameElementGlobals(ModuleOp module) {
  SymbolTable symbols(module);
  for (auto global :
       llvm::make_early_inc_range(module.getOps<memref::GlobalOp>())) {
    MemRefType type = global.getType();
    Type element = type.getElementType();
    std::string kind;
    if (isa<ptr::PtrType>(element))
      kind = "string";
    else if (auto complex = dyn_cast<ComplexType>(element))
      kind = complex.getElementType().isF32() ? "complex64" : "complex128";
    else
      continue;
    llvm::StringRef name = global.getSymName();
    if (llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; }))
      continue;
    std::string stem = "__constant_";
    for (int64_t size : type.getShape())
      stem += std::to_string(size) + "x";
    stem += kind;
    std::string fresh = stem;
    for (int k = 2; symbols.lookup(fresh); ++k)
      fresh = stem + "_" + std::to_string(k);
    if (failed(symbols.rename(global,
                              StringAttr::get(module.getContext(), fresh))))
      return global.emitError("cannot rename the global '") << name << "'";
  }
  return success();
}

/// Whether `type` is or holds the C type of string elements.
bool mentionsStringType(Type type) {
  bool found = false;
  type.walk([&](emitc::OpaqueType opaque) {
    found |= opaque.getValue() == kStringCType;
  });
  return found;
}

struct SONNXConvertToEmitCPass
    : public mlir::sonnx::impl::SONNXConvertToEmitCPassBase<
          SONNXConvertToEmitCPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    if (failed(checkConstants(module)) || failed(checkSignedIndexOps(module)) ||
        failed(renameElementGlobals(module)))
      return signalPassFailure();

    // As --convert-to-emitc: the types that EmitC has stay, the dialects
    // of the module add their conversions; then ours, which the type
    // converter tries first.
    ConversionTarget target(*context);
    target.addLegalDialect<emitc::EmitCDialect>();
    TypeConverter typeConverter;
    typeConverter.addConversion([](Type type) -> std::optional<Type> {
      if (emitc::isSupportedEmitCType(type))
        return type;
      return std::nullopt;
    });
    RewritePatternSet patterns(context);
    // (LLVM 22 declares populateConversionTargetFromOperation for EmitC
    // but no library defines it.)
    for (Dialect *dialect : context->getLoadedDialects())
      if (auto *conversions = dyn_cast<ConvertToEmitCPatternInterface>(dialect))
        conversions->populateConvertToEmitCConversionPatterns(
            target, typeConverter, patterns);
    populateSONNXToEmitCTypeConversions(typeConverter);
    patterns.add<ConvertElementGlobal>(typeConverter, context);
    patterns.add<ConvertUnsignedIndexOp<arith::DivUIOp, emitc::DivOp>,
                 ConvertUnsignedIndexOp<arith::RemUIOp, emitc::RemOp>>(
        typeConverter, context, /*benefit=*/2);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // The typedef of the string elements, before their first use.
    bool strings = false;
    module.walk([&](Operation *op) {
      if (auto global = dyn_cast<emitc::GlobalOp>(op))
        strings |= mentionsStringType(global.getType());
      if (auto func = dyn_cast<emitc::FuncOp>(op))
        strings |= mentionsStringType(func.getFunctionType());
      for (Type type : op->getResultTypes())
        strings |= mentionsStringType(type);
      return strings ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (strings) {
      OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
      emitc::VerbatimOp::create(builder, module.getLoc(),
                                "/* A string element: the C interface's "
                                "const char *. */\n" +
                                    kStringCTypedef.str());
    }
  }
};

} // namespace
