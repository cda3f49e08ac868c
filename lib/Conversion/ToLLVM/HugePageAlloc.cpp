//===- HugePageAlloc.cpp - large buffers on transparent huge pages --------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Defines, in the module, the allocation functions that
// `--finalize-memref-to-llvm="use-generic-functions"` calls
// (`_mlir_memref_to_llvm_alloc`, `_mlir_memref_to_llvm_aligned_alloc`,
// `_mlir_memref_to_llvm_free`), with internal linkage. Buffers come from
// `malloc` / `aligned_alloc`; in a buffer of at least the threshold, the
// whole huge pages are advised with `madvise(MADV_HUGEPAGE)`, as numpy does
// for its arrays. Every buffer is freed with `free`, so a caller may free a
// returned buffer with `free` as with the default lowering.
//
// Why: the kernel backs a fresh buffer page by page on first write. With
// 4 KiB pages, writing a new 128 MiB output takes 32768 page faults and
// runs at a fraction of the memory bandwidth; with 2 MiB pages, 64 faults.
// Linux only backs an allocation with huge pages when asked (the default
// "madvise" mode of /sys/kernel/mm/transparent_hugepage/enabled), as numpy
// does for its large arrays. docs/benchmarks.md has the measurements.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_HUGEPAGEALLOCPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// Linux's `MADV_HUGEPAGE` (the same value on every architecture).
constexpr int32_t kMadvHugePage = 14;

struct HugePageAllocPass
    : public mlir::sonnx::impl::HugePageAllocPassBase<HugePageAllocPass> {
  using HugePageAllocPassBase::HugePageAllocPassBase;

  void runOnOperation() override;

private:
  /// The declaration named `name`, if the module has one without a body.
  LLVM::LLVMFuncOp getDeclaration(StringRef name) {
    auto function = SymbolTable::lookupNearestSymbolFrom<LLVM::LLVMFuncOp>(
        getOperation(), StringAttr::get(&getContext(), name));
    return function && function.isExternal() ? function : nullptr;
  }
  /// A C library function, declared if needed.
  LLVM::LLVMFuncOp getLibraryFunction(OpBuilder &builder, StringRef name,
                                      ArrayRef<Type> params, Type result);
  /// Fills `function` (a declaration) with `size >= threshold ? huge(size)
  /// : small(...)`, where `align` is the requested alignment (1 for
  /// `_mlir_memref_to_llvm_alloc`).
  LogicalResult defineAlloc(LLVM::LLVMFuncOp function, bool isAligned);
};

LLVM::LLVMFuncOp HugePageAllocPass::getLibraryFunction(OpBuilder &builder,
                                                       StringRef name,
                                                       ArrayRef<Type> params,
                                                       Type result) {
  FailureOr<LLVM::LLVMFuncOp> function =
      LLVM::lookupOrCreateFn(builder, getOperation(), name, params, result);
  if (failed(function))
    return nullptr;
  return *function;
}

LogicalResult HugePageAllocPass::defineAlloc(LLVM::LLVMFuncOp function,
                                             bool isAligned) {
  MLIRContext *context = &getContext();
  Location loc = function.getLoc();
  OpBuilder builder(context);
  builder.setInsertionPoint(function);
  auto i64 = IntegerType::get(context, 64);
  auto i32 = IntegerType::get(context, 32);
  auto ptr = LLVM::LLVMPointerType::get(context);
  LLVM::LLVMFunctionType type = function.getFunctionType();
  unsigned params = isAligned ? 2 : 1;
  if (type.getNumParams() != params ||
      !llvm::all_of(type.getParams(), [&](Type t) { return t == i64; }) ||
      type.getReturnType() != ptr)
    return function.emitError("unexpected signature of ")
           << function.getName() << ": " << type;
  LLVM::LLVMFuncOp malloc =
      getLibraryFunction(builder, "malloc", {i64}, ptr);
  LLVM::LLVMFuncOp alignedAlloc =
      getLibraryFunction(builder, "aligned_alloc", {i64, i64}, ptr);
  LLVM::LLVMFuncOp madvise =
      getLibraryFunction(builder, "madvise", {ptr, i64, i32}, i32);
  if (!malloc || !alignedAlloc || !madvise)
    return function.emitError("a C library function has an unexpected type");

  // entry:   p = align ? aligned_alloc(align, size) : malloc(size)
  //          cond_br p != null && size >= threshold, ^advise, ^done
  // ^advise: first = (p + page - 1) & -page; last = (p + size) & -page
  //          cond_br first < last, ^call, ^done
  // ^call:   madvise(first, last - first, MADV_HUGEPAGE); br ^done
  // ^done:   return p
  // As numpy does for its arrays: the allocation itself is the C library's
  // (reused from the heap when it can be), only the whole huge pages inside
  // it are advised. A failed advice leaves ordinary pages.
  Block *entry = function.addEntryBlock(builder);
  Region &body = function.getBody();
  Block *advise = new Block();
  Block *call = new Block();
  Block *done = new Block();
  body.push_back(advise);
  body.push_back(call);
  body.push_back(done);
  Value align = isAligned ? entry->getArgument(0) : Value();
  Value size = entry->getArgument(params - 1);
  int64_t page = static_cast<int64_t>(hugePageBytes);

  builder.setInsertionPointToStart(entry);
  auto constant = [&](Type t, int64_t value) -> Value {
    return LLVM::ConstantOp::create(builder, loc, t,
                                    builder.getIntegerAttr(t, value));
  };
  Value pointer =
      align ? LLVM::CallOp::create(builder, loc, alignedAlloc,
                                   ValueRange{align, size})
                  .getResult()
            : LLVM::CallOp::create(builder, loc, malloc, ValueRange{size})
                  .getResult();
  Value null = LLVM::ZeroOp::create(builder, loc, ptr);
  Value isLarge = LLVM::AndOp::create(
      builder, loc,
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, pointer,
                           null),
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::uge, size,
                           constant(i64, static_cast<int64_t>(threshold))));
  LLVM::CondBrOp::create(builder, loc, isLarge, advise, done);

  builder.setInsertionPointToStart(advise);
  Value address = LLVM::PtrToIntOp::create(builder, loc, i64, pointer);
  Value mask = constant(i64, -page);
  Value first = LLVM::AndOp::create(
      builder, loc,
      LLVM::AddOp::create(builder, loc, address, constant(i64, page - 1)),
      mask);
  Value last = LLVM::AndOp::create(
      builder, loc, LLVM::AddOp::create(builder, loc, address, size), mask);
  Value any =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ult, first, last);
  LLVM::CondBrOp::create(builder, loc, any, call, done);

  builder.setInsertionPointToStart(call);
  Value start = LLVM::IntToPtrOp::create(builder, loc, ptr, first);
  Value length = LLVM::SubOp::create(builder, loc, last, first);
  LLVM::CallOp::create(
      builder, loc, madvise,
      ValueRange{start, length, constant(i32, kMadvHugePage)});
  LLVM::BrOp::create(builder, loc, ValueRange{}, done);

  builder.setInsertionPointToStart(done);
  LLVM::ReturnOp::create(builder, loc, pointer);
  function.setLinkage(LLVM::Linkage::Internal);
  return success();
}

void HugePageAllocPass::runOnOperation() {
  if (!llvm::isPowerOf2_64(hugePageBytes) || hugePageBytes > (1ull << 40)) {
    getOperation().emitError()
        << "huge-page-bytes must be a power of 2 up to 2^40, got "
        << static_cast<uint64_t>(hugePageBytes.getValue());
    return signalPassFailure();
  }
  // No allocation function to define: the pass manager then skips the
  // verifier.
  if (!getDeclaration("_mlir_memref_to_llvm_alloc") &&
      !getDeclaration("_mlir_memref_to_llvm_aligned_alloc") &&
      !getDeclaration("_mlir_memref_to_llvm_free"))
    return markAllAnalysesPreserved();
  if (LLVM::LLVMFuncOp alloc = getDeclaration("_mlir_memref_to_llvm_alloc"))
    if (failed(defineAlloc(alloc, /*isAligned=*/false)))
      return signalPassFailure();
  if (LLVM::LLVMFuncOp alloc =
          getDeclaration("_mlir_memref_to_llvm_aligned_alloc"))
    if (failed(defineAlloc(alloc, /*isAligned=*/true)))
      return signalPassFailure();
  if (LLVM::LLVMFuncOp release = getDeclaration("_mlir_memref_to_llvm_free")) {
    auto ptr = LLVM::LLVMPointerType::get(&getContext());
    LLVM::LLVMFunctionType type = release.getFunctionType();
    if (type.getNumParams() != 1 || type.getParams()[0] != ptr) {
      release.emitError("unexpected signature of ") << release.getName();
      return signalPassFailure();
    }
    OpBuilder builder(&getContext());
    builder.setInsertionPoint(release);
    LLVM::LLVMFuncOp free = getLibraryFunction(
        builder, "free", {ptr}, LLVM::LLVMVoidType::get(&getContext()));
    if (!free) {
      release.emitError("free has an unexpected type");
      return signalPassFailure();
    }
    Block *entry = release.addEntryBlock(builder);
    builder.setInsertionPointToStart(entry);
    LLVM::CallOp::create(builder, release.getLoc(), free,
                         ValueRange{entry->getArgument(0)});
    LLVM::ReturnOp::create(builder, release.getLoc(), ValueRange{});
    release.setLinkage(LLVM::Linkage::Internal);
  }
}

} // namespace
