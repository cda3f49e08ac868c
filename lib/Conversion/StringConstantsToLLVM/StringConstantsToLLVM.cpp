//===- StringConstantsToLLVM.cpp - string constants as LLVM globals ------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// A constant string tensor (`arith.constant dense<["a", "b"]> :
// tensor<2x!sonnx.string>`, from ONNX initializers or from folding) cannot
// be bufferized: its elements have no memory representation. Its strings
// become LLVM globals in the string record layout of docs/pipeline.md, and
// the constant becomes a tensor of their handles
// (`--convert-sonnx-string-constants`).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/StringConstantsToLLVM/StringConstantsToLLVM.h"

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Conversion/SONNXToLinalg/SONNXToLinalg.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_CONVERTSONNXSTRINGCONSTANTSPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;
using namespace mlir::sonnx;

namespace {
/// The globals of one module's string constants, one per distinct string.
class StringGlobals {
public:
  StringGlobals(ModuleOp module) : module(module), symbols(module) {}

  /// The record global holding `value`, created on first use.
  LLVM::GlobalOp getOrCreate(StringRef value) {
    auto [it, inserted] = records.try_emplace(value, nullptr);
    if (!inserted)
      return it->second;
    MLIRContext *context = module.getContext();
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    Location loc = module.getLoc();
    Type i64 = builder.getI64Type();
    // The bytes and a NUL, so that C code may also read them as a C string.
    std::string bytes = value.str();
    bytes.push_back('\0');
    auto chars = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
    auto recordType = LLVM::LLVMStructType::getLiteral(context, {i64, chars});
    auto global = LLVM::GlobalOp::create(
        builder, loc, recordType, /*isConstant=*/true, LLVM::Linkage::Private,
        "__sonnx_string", Attribute());
    symbols.insert(global);
    Block *init = builder.createBlock(&global.getInitializerRegion());
    builder.setInsertionPointToStart(init);
    Value record = LLVM::UndefOp::create(builder, loc, recordType);
    Value size = LLVM::ConstantOp::create(
        builder, loc, i64, builder.getI64IntegerAttr(value.size()));
    Value data = LLVM::ConstantOp::create(builder, loc, chars,
                                          builder.getStringAttr(bytes));
    record = LLVM::InsertValueOp::create(builder, loc, record, size,
                                         ArrayRef<int64_t>{0});
    record = LLVM::InsertValueOp::create(builder, loc, record, data,
                                         ArrayRef<int64_t>{1});
    LLVM::ReturnOp::create(builder, loc, record);
    it->second = global;
    return global;
  }

  /// The handle of `global`'s string at the insertion point of `builder`:
  /// the address of its first character, as an i64.
  static Value getHandle(OpBuilder &builder, Location loc,
                         LLVM::GlobalOp global) {
    auto ptrType = LLVM::LLVMPointerType::get(builder.getContext());
    Value base = LLVM::AddressOfOp::create(builder, loc, global);
    Value chars = LLVM::GEPOp::create(builder, loc, ptrType, global.getType(),
                                      base, ArrayRef<LLVM::GEPArg>{0, 1, 0});
    return LLVM::PtrToIntOp::create(builder, loc, builder.getI64Type(), chars);
  }

  /// Publishes every record so that a host program can recognise handles
  /// that designate compiled-in strings: `__sonnx_string_constants`, an
  /// array of their handles, and `__sonnx_string_constant_count`.
  /// Code that reads them may declare them (external, no value) to refer to
  /// them; such declarations are replaced.
  LogicalResult publish() {
    for (StringRef name : {kTableName, kCountName}) {
      Operation *existing = module.lookupSymbol(name);
      if (!existing)
        continue;
      auto global = dyn_cast<LLVM::GlobalOp>(existing);
      if (!global || global.getValueOrNull() ||
          !global.getInitializerRegion().empty())
        return existing->emitOpError("redefines '")
               << name << "', which the string constants of the module define";
      symbols.erase(existing);
    }
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    Location loc = module.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(module.getContext());
    Type i64 = builder.getI64Type();
    auto count = LLVM::GlobalOp::create(
        builder, loc, i64, /*isConstant=*/true, LLVM::Linkage::External,
        kCountName, builder.getI64IntegerAttr(records.size()));
    (void)count;
    auto tableType = LLVM::LLVMArrayType::get(ptrType, records.size());
    auto table = LLVM::GlobalOp::create(
        builder, loc, tableType,
        /*isConstant=*/true, LLVM::Linkage::External, kTableName, Attribute());
    Block *init = builder.createBlock(&table.getInitializerRegion());
    builder.setInsertionPointToStart(init);
    Value array = LLVM::UndefOp::create(builder, loc, tableType);
    for (auto [i, entry] : llvm::enumerate(records)) {
      Value base = LLVM::AddressOfOp::create(builder, loc, entry.second);
      Value chars =
          LLVM::GEPOp::create(builder, loc, ptrType, entry.second.getType(),
                              base, ArrayRef<LLVM::GEPArg>{0, 1, 0});
      array = LLVM::InsertValueOp::create(
          builder, loc, array, chars,
          ArrayRef<int64_t>{static_cast<int64_t>(i)});
    }
    LLVM::ReturnOp::create(builder, loc, array);
    return success();
  }

  bool empty() const { return records.empty(); }

  static constexpr llvm::StringLiteral kTableName = "__sonnx_string_constants";
  static constexpr llvm::StringLiteral kCountName =
      "__sonnx_string_constant_count";

private:
  ModuleOp module;
  SymbolTable symbols;
  llvm::MapVector<StringRef, LLVM::GlobalOp> records;
};
} // namespace

LogicalResult mlir::sonnx::materializeStringConstants(ModuleOp module) {
  SmallVector<arith::ConstantOp> constants;
  module.walk([&](arith::ConstantOp op) {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (type && isa<StringType>(type.getElementType()))
      constants.push_back(op);
  });
  if (constants.empty())
    return success();

  StringGlobals globals(module);
  Type handleType =
      SONNXToLinalgTypeConverter::getStringHandleType(module.getContext());
  for (arith::ConstantOp op : constants) {
    auto type = cast<RankedTensorType>(op.getType());
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value)
      return op.emitOpError("string constant of an unsupported attribute "
                            "kind cannot be lowered");
    OpBuilder builder(op);
    Location loc = op.getLoc();
    auto handlesType = RankedTensorType::get(type.getShape(), handleType);
    Value handles;
    if (value.isSplat()) {
      Value handle = StringGlobals::getHandle(
          builder, loc, globals.getOrCreate(value.getSplatValue<StringRef>()));
      handles = tensor::SplatOp::create(builder, loc, handlesType, handle);
    } else {
      SmallVector<Value> elements;
      elements.reserve(value.getNumElements());
      for (StringRef s : value.getValues<StringRef>())
        elements.push_back(
            StringGlobals::getHandle(builder, loc, globals.getOrCreate(s)));
      handles =
          tensor::FromElementsOp::create(builder, loc, handlesType, elements);
    }
    // The string/handle cast disappears in the conversion that follows.
    auto cast = UnrealizedConversionCastOp::create(builder, loc, type, handles);
    op.replaceAllUsesWith(cast.getResult(0));
    op.erase();
  }
  return globals.publish();
}

namespace {
struct ConvertSONNXStringConstantsPass
    : public mlir::sonnx::impl::ConvertSONNXStringConstantsPassBase<
          ConvertSONNXStringConstantsPass> {
  void runOnOperation() override {
    if (failed(materializeStringConstants(getOperation())))
      signalPassFailure();
  }
};
} // namespace
