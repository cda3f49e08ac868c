//===- HugePageAlloc.cpp - large buffers on transparent huge pages --------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Two passes that put the large buffers of the lowered code on whole huge
// pages, while each stays an ordinary `malloc` block that the caller frees
// with `free`:
// - `--sonnx-align-large-buffers` (memref level) gives every `memref.alloc`
//   of at least the threshold a huge-page alignment (an `scf.if` on the
//   byte size when it is dynamic), so that the memref lowering allocates
//   `size + huge page` bytes and starts the data on a huge page;
// - `--sonnx-huge-page-alloc` (LLVM level) defines the allocation functions
//   that `--finalize-memref-to-llvm="use-generic-functions"` calls
//   (`_mlir_memref_to_llvm_alloc`, `_mlir_memref_to_llvm_aligned_alloc`,
//   `_mlir_memref_to_llvm_free`), with internal linkage: a large request is
//   rounded up to whole huge pages, so that the last huge page of the data
//   is inside the block, and every whole huge page inside it is advised
//   with `madvise(MADV_HUGEPAGE)`.
//
// Why: the kernel backs a fresh buffer page by page on first write. With
// 4 KiB pages, writing a new 128 MiB output takes 32768 page faults and
// runs at a fraction of the memory bandwidth; with 2 MiB pages, 64 faults.
// Linux only backs an allocation with huge pages when asked (the default
// "madvise" mode of /sys/kernel/mm/transparent_hugepage/enabled). numpy
// advises the huge pages inside a buffer wherever malloc placed it, which
// leaves 4 KiB pages at both ends: about 500 faults per buffer. Allocating
// with `aligned_alloc` instead avoids those, but glibc sizes its dynamic
// mmap threshold by the freed block, which `aligned_alloc` trims: every
// call then maps fresh memory, where a `malloc` block of the same size is
// reused from the heap. docs/benchmarks.md has the measurements.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "AllocationSize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_ALIGNLARGEBUFFERSPASS
#define GEN_PASS_DEF_HUGEPAGEALLOCPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

/// Linux's `MADV_HUGEPAGE` (the same value on every architecture).
constexpr int32_t kMadvHugePage = 14;

/// Checks the `huge-page-bytes` option of either pass.
LogicalResult checkHugePageBytes(Operation *root, uint64_t hugePageBytes) {
  if (llvm::isPowerOf2_64(hugePageBytes) && hugePageBytes <= (1ull << 40))
    return success();
  return root->emitError()
         << "huge-page-bytes must be a power of 2 up to 2^40, got "
         << hugePageBytes;
}

//===----------------------------------------------------------------------===//
// --sonnx-align-large-buffers
//===----------------------------------------------------------------------===//

struct AlignLargeBuffersPass
    : public mlir::sonnx::impl::AlignLargeBuffersPassBase<
          AlignLargeBuffersPass> {
  using AlignLargeBuffersPassBase::AlignLargeBuffersPassBase;

  void runOnOperation() override {
    if (failed(checkHugePageBytes(getOperation(), hugePageBytes)))
      return signalPassFailure();
    SmallVector<memref::AllocOp> allocs;
    getOperation()->walk([&](memref::AllocOp op) {
      if (op.getAlignment().value_or(0) < hugePageBytes)
        allocs.push_back(op);
    });
    bool changed = false;
    for (memref::AllocOp op : allocs)
      changed |= align(op);
    // Nothing changed: the pass manager then skips the verifier.
    if (!changed)
      markAllAnalysesPreserved();
  }

  /// Whether `op` was changed.
  bool align(memref::AllocOp op) {
    MemRefType type = op.getType();
    // The static part of the byte size; an overflow counts as large (the
    // size is then rejected by --sonnx-check-allocations or the C library).
    FailureOr<int64_t> staticBytes =
        sonnx::getStaticByteSize(type, DataLayout::closest(op));
    // Large whatever the run-time sizes are (but 0).
    if (failed(staticBytes) ||
        static_cast<uint64_t>(*staticBytes) >= threshold) {
      op.setAlignment(hugePageBytes);
      return true;
    }
    // Small, or without bytes (a static size 0) whatever the run-time sizes.
    if (op.getDynamicSizes().empty() || *staticBytes == 0)
      return false;
    // scf.if bytes >= threshold { alloc {alignment = page} } else { op }.
    OpBuilder builder(op);
    Location loc = op.getLoc();
    Value bytes = arith::ConstantIndexOp::create(builder, loc, *staticBytes);
    for (Value size : op.getDynamicSizes())
      bytes = arith::MulIOp::create(builder, loc, bytes, size);
    Value large = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::uge, bytes,
        arith::ConstantIndexOp::create(builder, loc,
                                       static_cast<int64_t>(threshold)));
    auto choice = scf::IfOp::create(builder, loc, TypeRange{type}, large,
                                    /*withElseRegion=*/true);
    builder.setInsertionPointToStart(choice.thenBlock());
    auto aligned = cast<memref::AllocOp>(builder.clone(*op));
    aligned.setAlignment(hugePageBytes);
    scf::YieldOp::create(builder, loc, aligned.getResult());
    builder.setInsertionPointToStart(choice.elseBlock());
    op.getResult().replaceAllUsesWith(choice.getResult(0));
    op->moveBefore(choice.elseBlock(), choice.elseBlock()->end());
    scf::YieldOp::create(builder, loc, op.getResult());
    return true;
  }
};

//===----------------------------------------------------------------------===//
// --sonnx-huge-page-alloc
//===----------------------------------------------------------------------===//

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
  /// C library function `name`, declared if needed; null, with an error
  /// on `user` (the function about to call it), when the module declares
  /// it with another type.
  LLVM::LLVMFuncOp getLibraryFunction(OpBuilder &builder, StringRef name,
                                      ArrayRef<Type> params, Type result,
                                      LLVM::LLVMFuncOp user);
  /// Fills `function` (a declaration) with `size >= threshold ? huge(size)
  /// : small(...)`, where `align` is the requested alignment (1 for
  /// `_mlir_memref_to_llvm_alloc`).
  LogicalResult defineAlloc(LLVM::LLVMFuncOp function, bool isAligned);
};

LLVM::LLVMFuncOp HugePageAllocPass::getLibraryFunction(OpBuilder &builder,
                                                       StringRef name,
                                                       ArrayRef<Type> params,
                                                       Type result,
                                                       LLVM::LLVMFuncOp user) {
  // lookupOrCreateFn reports the declaration of another type itself.
  FailureOr<LLVM::LLVMFuncOp> function =
      LLVM::lookupOrCreateFn(builder, getOperation(), name, params, result);
  if (succeeded(function))
    return *function;
  user.emitError("cannot define ")
      << user.getName() << ": the module declares the C library function '"
      << name << "' with another type than "
      << LLVM::LLVMFunctionType::get(result, params);
  return nullptr;
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
      getLibraryFunction(builder, "malloc", {i64}, ptr, function);
  if (!malloc)
    return failure();
  LLVM::LLVMFuncOp alignedAlloc =
      getLibraryFunction(builder, "aligned_alloc", {i64, i64}, ptr, function);
  if (!alignedAlloc)
    return failure();
  LLVM::LLVMFuncOp madvise =
      getLibraryFunction(builder, "madvise", {ptr, i64, i32}, i32, function);
  if (!madvise)
    return failure();

  // entry:   rounded = (size + page - 1) & -page
  //          large = size >= threshold && rounded >= size (no wrap-around)
  //          bytes = large ? rounded : size
  //          p = align ? aligned_alloc(align, bytes) : malloc(bytes)
  //          cond_br large && p != null, ^advise, ^done
  // ^advise: first = (p + page - 1) & -page; last = (p + bytes) & -page
  //          cond_br first < last, ^call, ^done
  // ^call:   madvise(first, last - first, MADV_HUGEPAGE); br ^done
  // ^done:   return p
  // The rounding: when the data starts on a huge page inside the block
  // (--sonnx-align-large-buffers: the request is the data's size plus one
  // huge page), its last huge page ends inside the block too, so that every
  // page of the data is advised. A size of whole huge pages is not padded
  // further, so that blocks stay as small as they can: the C library
  // trims the heap, and maps fresh memory on the next call, when the free
  // blocks at its top exceed twice its mmap threshold. A failed advice
  // leaves ordinary pages.
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
  auto constant = [&](Type t, int64_t value) -> Value {
    return LLVM::ConstantOp::create(builder, loc, t,
                                    builder.getIntegerAttr(t, value));
  };
  int64_t page = static_cast<int64_t>(hugePageBytes.getValue());

  builder.setInsertionPointToStart(entry);
  Value mask = constant(i64, -page);
  Value rounded = LLVM::AndOp::create(
      builder, loc,
      LLVM::AddOp::create(builder, loc, size, constant(i64, page - 1)), mask);
  // Separate statements: the IR does not depend on the order in which a
  // compiler evaluates arguments.
  Value above = LLVM::ICmpOp::create(
      builder, loc, LLVM::ICmpPredicate::uge, size,
      constant(i64, static_cast<int64_t>(threshold.getValue())));
  Value noWrap = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::uge,
                                      rounded, size);
  Value large = LLVM::AndOp::create(builder, loc, above, noWrap);
  Value bytes = LLVM::SelectOp::create(builder, loc, large, rounded, size);
  Value pointer =
      align ? LLVM::CallOp::create(builder, loc, alignedAlloc,
                                   ValueRange{align, bytes})
                  .getResult()
            : LLVM::CallOp::create(builder, loc, malloc, ValueRange{bytes})
                  .getResult();
  Value allocated =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, pointer,
                           LLVM::ZeroOp::create(builder, loc, ptr));
  LLVM::CondBrOp::create(builder, loc,
                         LLVM::AndOp::create(builder, loc, large, allocated),
                         advise, done);

  builder.setInsertionPointToStart(advise);
  Value address = LLVM::PtrToIntOp::create(builder, loc, i64, pointer);
  Value first = LLVM::AndOp::create(
      builder, loc,
      LLVM::AddOp::create(builder, loc, address, constant(i64, page - 1)),
      mask);
  Value last = LLVM::AndOp::create(
      builder, loc, LLVM::AddOp::create(builder, loc, address, bytes), mask);
  Value any =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ult, first, last);
  LLVM::CondBrOp::create(builder, loc, any, call, done);

  builder.setInsertionPointToStart(call);
  Value start = LLVM::IntToPtrOp::create(builder, loc, ptr, first);
  Value length = LLVM::SubOp::create(builder, loc, last, first);
  LLVM::CallOp::create(builder, loc, madvise,
                       ValueRange{start, length, constant(i32, kMadvHugePage)});
  LLVM::BrOp::create(builder, loc, ValueRange{}, done);

  builder.setInsertionPointToStart(done);
  LLVM::ReturnOp::create(builder, loc, pointer);
  function.setLinkage(LLVM::Linkage::Internal);
  return success();
}

void HugePageAllocPass::runOnOperation() {
  if (failed(checkHugePageBytes(getOperation(), hugePageBytes)))
    return signalPassFailure();
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
      release.emitError("unexpected signature of ")
          << release.getName() << ": " << type;
      return signalPassFailure();
    }
    OpBuilder builder(&getContext());
    builder.setInsertionPoint(release);
    LLVM::LLVMFuncOp free =
        getLibraryFunction(builder, "free", {ptr},
                           LLVM::LLVMVoidType::get(&getContext()), release);
    if (!free)
      return signalPassFailure();
    Block *entry = release.addEntryBlock(builder);
    builder.setInsertionPointToStart(entry);
    LLVM::CallOp::create(builder, release.getLoc(), free,
                         ValueRange{entry->getArgument(0)});
    LLVM::ReturnOp::create(builder, release.getLoc(), ValueRange{});
    release.setLinkage(LLVM::Linkage::Internal);
  }
}

} // namespace
