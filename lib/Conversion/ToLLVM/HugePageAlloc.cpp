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
// `malloc` / `aligned_alloc`; a buffer of at least the threshold is aligned
// to a huge page, its size rounded up to whole huge pages, and all of it
// advised with `madvise(MADV_HUGEPAGE)`. Every buffer is freed with `free`,
// so a caller may free a returned buffer with `free` as with the default
// lowering.
//
// Why: the kernel backs a fresh buffer page by page on first write. With
// 4 KiB pages, writing a new 128 MiB output takes 32768 page faults and
// runs at a fraction of the memory bandwidth; with 2 MiB pages, 64 faults.
// Advising only the huge pages inside a buffer wherever malloc placed it
// (as numpy does) leaves 4 KiB pages at both ends: about 500 faults per
// buffer. On the virtual machine of docs/benchmarks.md, where 4 KiB faults
// are costly, the two fresh 8 MiB outputs of an i8 broadcast were written
// at 1.5 GB/s that way and at 26-28 GB/s on whole huge pages.
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

  // entry:   cond_br size >= threshold, ^large, ^small
  // ^small:  return align ? aligned_alloc(align, size) : malloc(size)
  // ^large:  a = max(align, page); rounded = (size + a - 1) & -a
  //          cond_br rounded >= size, ^huge, ^small    (no wrap-around)
  // ^huge:   p = aligned_alloc(a, rounded)
  //          cond_br p != null, ^advise, ^done(p)
  // ^advise: madvise(p, rounded, MADV_HUGEPAGE); br ^done(p)
  // ^done(p): return p
  // A large buffer starts on a huge page and ends on one, so that every page
  // of it can be a huge page: advising only the huge pages inside a buffer
  // that malloc placed anywhere leaves up to two huge pages' worth of 4 KiB
  // pages at its ends, one page fault each (docs/benchmarks.md). The buffer
  // is still the C library's, freed with `free`. A failed advice leaves
  // ordinary pages; a size that cannot be rounded up goes to the C library
  // as it is (which fails, and the caller's null check reports it).
  Block *entry = function.addEntryBlock(builder);
  Region &body = function.getBody();
  Block *small = new Block();
  Block *large = new Block();
  Block *huge = new Block();
  Block *advise = new Block();
  Block *done = new Block();
  for (Block *block : {small, large, huge, advise, done})
    body.push_back(block);
  done->addArgument(ptr, loc);
  Value align = isAligned ? entry->getArgument(0) : Value();
  Value size = entry->getArgument(params - 1);
  auto constant = [&](Type t, int64_t value) -> Value {
    return LLVM::ConstantOp::create(builder, loc, t,
                                    builder.getIntegerAttr(t, value));
  };

  builder.setInsertionPointToStart(entry);
  Value isLarge = LLVM::ICmpOp::create(
      builder, loc, LLVM::ICmpPredicate::uge, size,
      constant(i64, static_cast<int64_t>(threshold.getValue())));
  LLVM::CondBrOp::create(builder, loc, isLarge, large, small);

  builder.setInsertionPointToStart(small);
  Value plain =
      align ? LLVM::CallOp::create(builder, loc, alignedAlloc,
                                   ValueRange{align, size})
                  .getResult()
            : LLVM::CallOp::create(builder, loc, malloc, ValueRange{size})
                  .getResult();
  LLVM::ReturnOp::create(builder, loc, plain);

  builder.setInsertionPointToStart(large);
  Value page = constant(i64, static_cast<int64_t>(hugePageBytes.getValue()));
  Value alignment =
      align ? LLVM::SelectOp::create(
                  builder, loc,
                  LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ugt,
                                       align, page),
                  align, page)
                  .getResult()
            : page;
  Value rounded = LLVM::AndOp::create(
      builder, loc,
      LLVM::AddOp::create(
          builder, loc, size,
          LLVM::SubOp::create(builder, loc, alignment, constant(i64, 1))),
      LLVM::SubOp::create(builder, loc, constant(i64, 0), alignment));
  Value fits = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::uge,
                                    rounded, size);
  LLVM::CondBrOp::create(builder, loc, fits, huge, small);

  builder.setInsertionPointToStart(huge);
  Value pointer = LLVM::CallOp::create(builder, loc, alignedAlloc,
                                       ValueRange{alignment, rounded})
                      .getResult();
  Value allocated =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, pointer,
                           LLVM::ZeroOp::create(builder, loc, ptr));
  LLVM::CondBrOp::create(builder, loc, allocated, advise, ValueRange{}, done,
                         ValueRange{pointer});

  builder.setInsertionPointToStart(advise);
  LLVM::CallOp::create(
      builder, loc, madvise,
      ValueRange{pointer, rounded, constant(i32, kMadvHugePage)});
  LLVM::BrOp::create(builder, loc, ValueRange{pointer}, done);

  builder.setInsertionPointToStart(done);
  LLVM::ReturnOp::create(builder, loc, done->getArgument(0));
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
