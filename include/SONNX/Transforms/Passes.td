//===- Passes.td - sonnx code generation transforms --------*- tablegen -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The passes that transform the code that the lowering produces on its way
// to LLVM without converting it to another dialect: optimisations (fusion,
// vectorized copies, streaming stores, huge pages), checks of resource
// limits (allocations) and rewrites that work around LLVM 22; and, before
// them, the rewrite of a function into the entry function of an
// ahead-of-time object. The conversions are in
// include/SONNX/Conversion/Passes.td; docs/pipeline.md places every pass in
// `--sonnx-to-llvm` or in sonnx-compile.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TRANSFORMS_PASSES_TD
#define SONNX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// MakeEntryFunction
//===----------------------------------------------------------------------===//

def MakeEntryFunctionPass
    : Pass<"sonnx-make-entry-function", "ModuleOp"> {
  let summary = "Rewrite a function into the entry function of an "
                "ahead-of-time object";
  let description = [{
    Rewrites the function named by `function`, whose arguments and results
    are tensors of static shape, into the entry function of an
    ahead-of-time object (`sonnx-compile` runs it before
    `--sonnx-to-llvm{static-memory}`, docs/deployment.md): one destination
    argument per result, after the inputs, into which the result is written
    with `bufferization.materialize_in_destination`; the inputs are marked
    `bufferization.writable = false`, since the caller's inputs are never
    written; and the function returns the materialized results followed by
    an `i32` status `0` (the lowering adds the codes of failing run-time
    checks, and `--drop-equivalent-buffer-results` drops the results, which
    are the destinations, after bufferization). An
    argument or result without elements becomes a one-element placeholder
    that nothing reads or writes: upstream's bare-pointer convention would
    leave a memref argument without elements unconverted. The uses of such
    an input get an empty tensor of its type, and such a result is not
    materialized. The function is renamed `entry` (when given) and made
    private, since `--drop-equivalent-buffer-results` only changes the
    signature of private functions; sonnx-compile makes it public again
    after the lowering.

    The entry function is the object's only external symbol, and only the
    functions it reaches are compiled: the other functions that the call
    graph from it (`func.call` ops) does not reach are erased, and those it
    reaches are made private.

    Errors: no function named `function` (or one without a body), a symbol
    `entry` other than the function, an argument or result that is not a
    tensor of static shape, a function that it reaches and that calls it
    (its signature changes).

    ```mlir
    // sonnx-opt --sonnx-make-entry-function="function=main entry=model_run"
    func.func @main(%x: tensor<2x3xf32>) -> tensor<6xf32>
    // becomes
    func.func private @model_run(%x: tensor<2x3xf32>
                                     {bufferization.writable = false},
                                 %out: tensor<6xf32>) -> (tensor<6xf32>, i32)
    ```
  }];
  let options = [
    Option<"functionName", "function", "std::string", /*default=*/"\"\"",
           "The function to rewrite">,
    Option<"entryName", "entry", "std::string", /*default=*/"\"\"",
           "The name of the entry function (default: the function's own)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// AllocationsToGlobals
//===----------------------------------------------------------------------===//

def AllocationsToGlobalsPass
    : Pass<"sonnx-allocations-to-globals", "ModuleOp"> {
  let summary = "Give every buffer fixed static storage instead of the heap";
  let description = [{
    Replaces every `memref.alloc` of a function by a `memref.get_global` of
    a new private, uninitialized `memref.global` of its type and alignment
    (one per allocation, in the object's zero-initialized data), and erases
    its `memref.dealloc`s: the code then calls no allocation function.
    Ahead-of-time objects (`sonnx-compile`, docs/deployment.md) run where
    there is no heap.

    Each allocation must have a static shape and sit directly in its
    function's body, where it is executed once per call: otherwise the pass
    fails with an error that names the type. The storage is shared by every
    call of the function: the code is not re-entrant, and no function may
    return a buffer (a second call would overwrite it, and the bare-pointer
    convention of ahead-of-time code returns no view of static storage): it
    writes its results into destination arguments instead, or its calls are
    inlined first, as `sonnx-compile` does. A returned buffer is an error,
    and so is a function argument of a memref type without elements, which
    upstream's bare-pointer convention (`--convert-func-to-llvm`) would
    leave unconverted without a word (`sonnx-compile` passes a one-element
    placeholder instead).
  }];
  let dependentDialects = [
    "::mlir::memref::MemRefDialect",
  ];
}

//===----------------------------------------------------------------------===//
// ChainMaterializations
//===----------------------------------------------------------------------===//

def ChainMaterializationsPass : Pass<"sonnx-chain-materializations"> {
  let summary = "Materialize a tensor in its first destination, copy it from "
                "there into the others";
  let description = [{
    A tensor that several `bufferization.materialize_in_destination` ops of
    one block write into different destinations (a function that returns
    one value twice, or two results that CSE merged) cannot be computed in
    place into all of them: empty-tensor elimination and One-Shot
    Bufferize then fail with "cannot avoid RaW conflict". Each later
    materialization takes the result of the first one as its source
    instead, so the value is computed into the first destination and
    copied from there into the others.

    A reshape between a result and its destination
    (`materialize_in_destination (tensor.collapse_shape %x) in %d`, what
    elementwise fusion leaves after a contraction whose iteration space it
    expanded) is moved onto the destination:
    `tensor.collapse_shape (materialize_in_destination %x in
    (tensor.expand_shape %d))`, and likewise for `tensor.expand_shape`
    (static shapes, and a reshaped value that a linalg op with a reduction
    computes: a broadcast reshaped into a result keeps its intermediate
    buffer, which the static-storage tests measure). A reshape of a
    `tensor.empty` folds into a
    `tensor.empty` (upstream's patterns). Empty-tensor elimination then
    finds the `tensor.empty` of `%x` and computes it in the destination's
    buffer, where it would otherwise compute it in a temporary and copy it.
    `--sonnx-to-llvm` runs it before empty-tensor elimination.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// CountElementStores
//===----------------------------------------------------------------------===//

def CountElementStoresPass
    : Pass<"sonnx-count-element-stores", "ModuleOp"> {
  let summary = "Count the element stores that one call of each function "
                "executes";
  let description = [{
    Records in the module attribute `sonnx.element_stores` a dictionary
    from the name of each function with a body to the number of elements
    that one call that passes its checks stores (an i64), or to the reason
    why that number is not known at compile time (a string). It runs on
    buffers, before the loops: a linalg op stores each of its outputs once
    per iteration of its (static) iteration domain, a `memref.copy` every
    element of its target, a `memref.store` one, a vector store one per
    lane; an `scf.for` of constant bounds multiplies what its body stores
    by its trip count, an `scf.if` whose condition is a constant counts the
    branch it takes (otherwise both branches must store as many). Any other
    op that writes memory, a loop of unknown trip count or a count beyond
    int64 leaves the function's count unknown. The later lowering (vector
    row copies, loops, memcpy) writes each element that these ops write
    once, so the count is that of the code emitted for the function (the
    figure that `sonnx-compile` writes into its header). `--sonnx-to-llvm`
    and `--sonnx-to-emitc` run it with static memory, after the buffers are
    static storage.
  }];
}

//===----------------------------------------------------------------------===//
// ExpandShapeToReinterpretCast
//===----------------------------------------------------------------------===//

def ExpandShapeToReinterpretCastPass
    : Pass<"sonnx-expand-shape-to-reinterpret-cast"> {
  let summary = "Lower memref.expand_shape to memref.reinterpret_cast";
  let description = [{
    Replaces every `memref.expand_shape` by a `memref.reinterpret_cast` of
    the base buffer of its source (`memref.extract_strided_metadata`) with
    the sizes of its `output_shape` and the strides that expansion implies:
    still a view, never a copy.

    LLVM 22's `--expand-strided-metadata` recomputes each expanded size from
    the source size instead of reading `output_shape`: it crashes on a group
    with more than one dynamic size (a reshape whose sizes are all run-time
    values) and divides by zero on a group holding a static 0 next to a
    dynamic size. The sonnx pipeline runs this pass before it.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

//===----------------------------------------------------------------------===//
// FuseElementwise
//===----------------------------------------------------------------------===//

def FuseElementwisePass : Pass<"sonnx-fuse-elementwise"> {
  let summary = "Fuse elementwise linalg ops, keeping broadcasts in their "
                "destination";
  let description = [{
    Applies the patterns of upstream `--linalg-fuse-elementwise-ops`
    (producer-consumer fusion of elementwise generics, reshape propagation
    by expansion, constant folding), except that a `tensor.collapse_shape`
    or `tensor.expand_shape` is not moved through a `linalg.generic` that
    only yields input elements (a broadcast or an expand that fused with
    nothing). Upstream would turn such a generic into one of a higher rank
    followed by a collapse of its result, which gains nothing and keeps
    `--eliminate-empty-tensors` from computing a result in place in the
    destination of a `bufferization.materialize_in_destination`. Generics
    that compute are fused and reshaped as upstream does, except that a
    producer that computes is not fused into a consumer that reads it
    through an indexing map that is not a permutation: fused, its body
    would run once per iteration of the consumer, several times per
    element (the softmax's division fused into P x V divides once per
    column of V). A copy or a broadcast is fused into such a consumer (it
    becomes a read in place through the consumer's map).
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// VectorizeBroadcastCopies
//===----------------------------------------------------------------------===//

def VectorizeBroadcastCopiesPass
    : Pass<"sonnx-vectorize-broadcast-copies"> {
  let summary = "Lower broadcasting copies to vector row copies with "
                "streaming stores";
  let description = [{
    Replaces every bufferized `linalg.generic` that only copies its input to
    its output through a broadcasting indexing map (a projected permutation
    that keeps the order of the dimensions: what `sonnx.broadcast` and
    `sonnx.expand` lower to) by loops over rows of the output. The innermost
    result dimensions that are contiguous in the output (and in the input,
    when they read it) form one row; a row is a vector copy of an input row
    when the innermost result dimension reads the input, or a vector fill
    with one input element when it is broadcast.

    When the output holds at least `nontemporal-threshold` bytes, the rows
    are written with streaming (non-temporal) stores, aligned to
    `vector-bytes`: a scalar head up to the first aligned address, aligned
    vector stores, a scalar tail. One `llvm.fence seq_cst` follows them,
    because streaming stores are weakly ordered. Streaming stores do not
    read the output lines into the cache before writing them: a broadcast
    writes at the memset bandwidth of the machine, about twice a copy
    through the cache. Smaller outputs use ordinary vector stores and stay
    in the cache for their consumers. So do, unless
    `nontemporal-allocated`, outputs that the function allocates itself
    (a `memref.alloc` in the same block): a large new buffer is mapped and
    zeroed by the kernel page by page as it is first written, which leaves
    the lines just zeroed in the cache, and streaming stores to cached lines
    are slower than ordinary ones (docs/benchmarks.md). Copies written in
    one go count together: consecutive copies in a block, with only
    allocations and ops without memory effects between them, and outputs
    that exist before the first (the outputs of one `sonnx.broadcast`), test
    the sum of their byte sizes, since what they write together either fits
    the caches or does not.

    The values moved are exactly those of the generic (elements are moved,
    never converted). Generics that do other work (fused elementwise
    consumers, a dynamic size that may be 1 at run time), element types
    whose vectors are packed differently from memrefs (`i1`, `i4`) or wider
    than `vector-bytes`, and outputs whose innermost stride is not 1 are
    left to `--convert-linalg-to-loops`.
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "uint64_t", /*default=*/"64",
           "Bytes per vector store (a power of 2; 0 leaves the generics "
           "as they are)">,
    Option<"nontemporalThreshold", "nontemporal-threshold", "int64_t",
           /*default=*/"33554432",
           "Output size in bytes from which the rows use streaming stores "
           "(negative: never)">,
    Option<"nontemporalAllocated", "nontemporal-allocated", "bool",
           /*default=*/"false",
           "Streaming stores also into an output that the function itself "
           "allocates (memref.alloc)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// DecomposeAggregatedOps
//===----------------------------------------------------------------------===//

def DecomposeAggregatedOpsPass : Pass<"sonnx-decompose-aggregated-ops"> {
  let summary = "Decompose linalg.softmax (and other aggregated linalg ops) "
                "into the generics of its definition";
  let description = [{
    Replaces each op with upstream's `AggregatedOpInterface`
    (`linalg.softmax`) by its upstream decomposition: a max reduction,
    `exp(x - max)`, a sum reduction and a division, as linalg generics.
    `--convert-linalg-to-loops` has no lowering of these ops. Runs on
    tensors, before bufferization; an aggregated op on buffers is an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// VectorizeContractions
//===----------------------------------------------------------------------===//

def VectorizeContractionsPass
    : Pass<"sonnx-vectorize-contractions"> {
  let summary = "Vectorize bufferized contractions along the unit-stride "
                "output dimension, keeping each element's reduction order";
  let description = [{
    Tiles every bufferized linalg op that reduces (a contraction such as
    `linalg.batch_matmul`, or a generic into which a sonnx broadcast or
    expand fused, reading the repeated operand in place) with upstream's
    `scf::tileUsingSCF`, and vectorizes the tile with upstream's linalg
    vectorizer. The parallel dimension that indexes the innermost,
    unit-stride dimension of the output becomes the vector dimension
    (`vector-bytes` per vector); the loops of the reduction dimensions move
    inside it, in their original order, and the last of them is tiled by
    `reduction-tile`; every other dimension is tiled by 1.

    Each output element is then accumulated exactly as linalg's definition
    orders it: `acc = out; acc = acc + x(r)` for the reduction iterations r
    in lexicographic order, one vector lane per output element. The
    `vector.multi_reduction` of a tile is lowered to elementwise operations
    in that order (upstream's inner-parallel lowering), not to a tree: no
    reassociation, and no fast-math flag is added, so LLVM contracts no
    multiply and add into an FMA. The reads of a tile whose rows run along
    the reduction dimension (K in Q x K^T) are row loads transposed in
    registers.

    The accumulator of an output tile is carried in registers across the
    reduction tiles (read once before their loop, written once after it),
    and the parallel dimensions along which an input is reused (K along the
    heads that share it, and along the query rows) are tiled by up to
    `reuse-block` iterations in all, so that each tile of that input is read
    once for all of them. Like bufferization, this takes the buffers of
    distinct tensors not to overlap.

    Ops left as they are (to `--convert-linalg-to-loops`): no reduction
    dimension, a dynamic size, an output whose innermost stride is not 1,
    a non-projected-permutation indexing map, an element that is not a
    float or integer of 8 to 64 bits, or a vector dimension whose size has
    no power-of-two divisor of at least 2 within a vector.
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "uint64_t", /*default=*/"64",
           "Bytes per vector along the output's unit-stride dimension "
           "(a power of 2; 0 leaves the contractions as they are)">,
    Option<"reductionTile", "reduction-tile", "int64_t", /*default=*/"8",
           "Iterations of the innermost reduction dimension per tile "
           "(the largest power of 2 up to this that divides its size)">,
    Option<"reuseBlock", "reuse-block", "int64_t", /*default=*/"32",
           "Iterations per tile, in all, of the parallel dimensions along "
           "which an input is reused (K along the heads that share it and "
           "along the query rows); 1: none. 32 (32 accumulators of 16 "
           "lanes at vector-bytes=64) was the fastest of 8 to 128 for "
           "GQA's prefill scores on the AMD EPYC of docs/benchmarks.md">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// TileAndFuse
//===----------------------------------------------------------------------===//

def TileAndFusePass : Pass<"sonnx-tile-and-fuse"> {
  let summary = "Compute a chain of linalg ops on tensors tile by tile "
                "along parallel dimensions, its producers fused into the "
                "tiles, so that intermediate results are one tile";
  let description = [{
    A chain of linalg ops such as attention (the scores Q x K^T, the
    softmax's max, exponentials, sum and division, then x V) writes each
    intermediate result whole: buffers as large as the scores, written once
    and read back from memory. This pass tiles the last op of the chain
    (the root) with upstream's `scf::tileConsumerAndFuseProducersUsingSCF`
    and fuses its producers into the tiles: each intermediate result is
    then computed, and allocated, one tile at a time.

    Only parallel dimensions are tiled, and every producer is computed on
    the slice of its result that a tile reads, over its whole reduction
    dimensions: each element is the same operations in the same order as
    without tiling (bit-identical results). The dimension of the root's
    output innermost dimension (the rows that P x V writes, the vector
    dimension of `--sonnx-vectorize-contractions`) and the reduction
    dimensions are not tiled; the other parallel dimensions, innermost
    first, get power-of-two tiles of at most `block` iterations in all (the
    query rows of a head), the outer ones tiles of 1.

    A root is a linalg op on tensors of static shapes (projected-permutation
    indexing maps, one result) whose result no such op uses, into which a
    producer that reduces would fuse. A producer fuses if it is such a
    linalg op and its result is used by nothing but the root and the fused
    producers: one used elsewhere stays whole (fused, it would be computed
    twice), and so does one whose slice in a tile does not depend on every
    tiled dimension (a producer of V, which all the tiles of query rows of
    a head read: each of them would compute it again). The reshapes
    between the ops of a chain are first moved out of it (upstream's fold
    by expansion, only between two ops of the chain, neither a generic
    that only copies, and not into the root, whose result stays in its
    destination), so that a tile is a box of each intermediate result.
    Chains without such a root are left as they are.

    A chain that is one tile (decode attention: one query row, all the
    heads in the block) is not tiled, but its reshapes are moved out of it
    too, and the `tensor.empty` destinations of its ops, then of one type,
    become one (CSE), as in a tile: One-Shot Bufferize then writes the
    exponentials and the probabilities in place over the scores (each
    element read by the op that overwrites it), one buffer where the
    reshaped chain had three of the scores' size. Only metadata and
    destinations change: the same ops on the same values in the same order.
  }];
  let options = [
    Option<"block", "block", "int64_t", /*default=*/"32",
           "Iterations per tile, in all, of the root's tiled parallel "
           "dimensions (powers of 2 dividing their sizes, innermost "
           "first; 32: the reuse-block of --sonnx-vectorize-contractions)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// NumberConstantGlobals
//===----------------------------------------------------------------------===//

def NumberConstantGlobalsPass
    : Pass<"sonnx-number-constant-globals", "ModuleOp"> {
  let summary = "Name and order the constant globals of bufferization "
                "deterministically";
  let description = [{
    One-Shot Bufferize makes a private constant `memref.global` of each
    tensor constant, named after its type and numbered in the order in
    which it visits the functions (`@__constant_2xi64`,
    `@__constant_2xi64_0`, ...), at the start of the module. Across
    function boundaries that order follows a map keyed by pointers, so the
    same input gave different outputs from run to run.

    This pass renumbers those globals (private, constant, named
    `__constant_*`) in the order of their first `memref.get_global` in the
    module, with bufferization's scheme (the first of a name keeps it, the
    next ones take `_0`, `_1`, ...; a name that another symbol has is
    skipped), places them at the start of the module in that order, and
    erases those that nothing reads. The output then depends on the input
    alone.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

//===----------------------------------------------------------------------===//
// IntegerElementMoves
//===----------------------------------------------------------------------===//

def IntegerElementMovesPass : Pass<"sonnx-integer-element-moves"> {
  let summary = "Move the bits of floating-point element values as "
                "integers of the same width";
  let description = [{
    A shape op moves bits: no element value may pass through a
    floating-point conversion or floating-point arithmetic
    (docs/pipeline.md, "Bits are moved, never converted"). In every
    `llvm.func`, this pass retypes each web of values that are only moved
    to the integer types of the same widths: f16 and bf16 become i16, f32
    i32, f64 i64, vectors, LLVM arrays and literal structs (complex
    numbers) element by element. A web is the values connected by
    `llvm.load`, `llvm.bitcast`, `llvm.freeze`, `llvm.insertelement`,
    `llvm.extractelement`, `llvm.shufflevector`, `llvm.insertvalue`,
    `llvm.extractvalue`, the values of `llvm.select`, the pass-through
    values of masked loads, the operands that `llvm.br`, `llvm.cond_br`
    and `llvm.switch` pass to block arguments, and constants (their values
    become the integers of the same bits), `undef`, `poison` and `zero`;
    stores use its values. A web any of whose values another op defines or
    uses (arithmetic, a call, a return, a function argument) keeps its
    types. Bitcasts that become identities are removed.

    LLVM's backends legalize floating-point types that the target lacks
    through float arithmetic: x86 without AVX-512 BF16 extends a bfloat16
    splat to float and truncates it back with compiler-rt's
    `__truncsfbf2` (missing in the JIT, and a truncation quiets signaling
    NaNs), and x86 drops the nontemporal hint of `<N x half>` stores. With
    integer types, the memory written is the same bit for bit on every
    target.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// AlignLargeBuffers, HugePageAlloc
//===----------------------------------------------------------------------===//

def AlignLargeBuffersPass : Pass<"sonnx-align-large-buffers"> {
  let summary = "Align the buffers of at least a threshold of bytes to a "
                "huge page";
  let description = [{
    Gives every `memref.alloc` whose byte size is at least `threshold` an
    `alignment` of `huge-page-bytes` (a larger alignment is kept). A static
    size is decided here; a dynamic one at run time, by an `scf.if` that
    allocates with the huge-page alignment or with the alignment the op had.

    With the memref lowering's default path, the buffer is then allocated
    with `size + alignment` bytes and its data starts at the first aligned
    address inside: the allocated pointer is still what `malloc` returned
    (the caller frees it with `free`), and `--sonnx-huge-page-alloc` can
    advise every huge page of the data. Part of `--sonnx-to-llvm` with
    `huge-pages` (docs/pipeline.md).
  }];
  let options = [
    Option<"threshold", "threshold", "uint64_t", /*default=*/"4194304",
           "Buffer size in bytes from which buffers are aligned">,
    Option<"hugePageBytes", "huge-page-bytes", "uint64_t",
           /*default=*/"2097152",
           "The huge page size (a power of 2)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def HugePageAllocPass : Pass<"sonnx-huge-page-alloc", "ModuleOp"> {
  let summary = "Define the generic allocation functions of the memref "
                "lowering, with huge pages for large buffers";
  let description = [{
    Gives a body, with internal linkage, to the declarations of
    `_mlir_memref_to_llvm_alloc`, `_mlir_memref_to_llvm_aligned_alloc` and
    `_mlir_memref_to_llvm_free` that
    `--finalize-memref-to-llvm="use-generic-functions"` leaves in the
    module. Buffers come from `malloc` or `aligned_alloc`, as with the
    default lowering. A request of at least `threshold` bytes is rounded up
    to a multiple of the huge page size (`huge-page-bytes`), and every whole
    huge page inside the buffer is advised with `madvise(MADV_HUGEPAGE)`
    (Linux; a failed advice leaves ordinary pages). Every buffer is freed
    with `free`, so the caller of a function that returns a buffer may free
    it with `free`.

    With `--sonnx-align-large-buffers` before the memref lowering, the data
    of a large buffer starts on a huge page (the request is the data's size
    plus one huge page), and the rounding makes sure that the last huge
    page of the data lies inside the buffer too: no page of the data is a
    4 KiB page. Advising only the huge pages inside a buffer that `malloc`
    placed anywhere, as numpy does, leaves 4 KiB pages at both ends of it
    (about 500 page faults per buffer). The buffer stays
    an ordinary `malloc` block of the same size on every call, so the C
    library can reuse it from one call to the next, as it does for numpy.
  }];
  let options = [
    Option<"threshold", "threshold", "uint64_t", /*default=*/"4194304",
           "Buffer size in bytes from which huge pages are requested">,
    Option<"hugePageBytes", "huge-page-bytes", "uint64_t",
           /*default=*/"2097152",
           "The huge page size">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// CheckAllocations
//===----------------------------------------------------------------------===//

def CheckAllocationsPass : Pass<"sonnx-check-allocations"> {
  let summary = "Make huge or failed buffer allocations diagnostics instead "
                "of undefined behaviour";
  let description = [{
    For every `memref.alloc`: a byte size that does not fit in int64 for the
    static sizes is a compile-time error; with dynamic sizes, a `cf.assert`
    checks the byte size before the allocation (the memref lowering would
    wrap it around and `malloc` a small buffer). After the allocation, a
    `cf.assert` checks that the pointer is not null (out of memory), unless
    the buffer has no bytes. The messages name the buffer type; they report
    resource limits, not rules of the profile, so they cite no ID.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

//===----------------------------------------------------------------------===//
// HoistInvariantLoads
//===----------------------------------------------------------------------===//

def HoistInvariantLoadsPass : Pass<"sonnx-hoist-invariant-loads", "ModuleOp"> {
  let summary = "Move loads that a loop does not change out of the loop, for "
                "the C output";
  let description = [{
    A broadcast along the innermost dimension (`expand` of `8192x1` to
    `8192x4096`) lowers to an inner loop that loads the same element at
    each iteration and stores it into the output. In C, a compiler must
    assume that the store may change the input (the arrays are parameters
    without `restrict`, which MISRA C:2012 rule 8.14 forbids), reloads the
    element at each iteration, and GCC at `-O2` then leaves the loop
    scalar. This pass moves such a `memref.load` out of an `scf.for`
    (innermost first, so out of a nest as far as it can go) when its
    indices are defined outside the loop, nothing in the loop writes the
    memref it reads, and the loop runs at least once (a constant trip
    count: the load then reads nothing that the loop would not have read).
    Two memrefs are the same memory only if they are the same value or
    globals of the same name: the arguments of a function compiled by
    `sonnx-compile` do not overlap when one of them is written (the
    header's ABI, and the `\separated` clauses of the C output's
    contracts). An op in the loop that writes memory without naming it
    (or whose effects are unknown) keeps every load in place. Index
    arithmetic that does not depend on the loop moves out too (upstream's
    loop-invariant code motion).
  }];
  let dependentDialects = [
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

//===----------------------------------------------------------------------===//
// MemRefToIndexing
//===----------------------------------------------------------------------===//

def MemRefToIndexingPass : Pass<"sonnx-memref-to-indexing", "ModuleOp"> {
  let summary = "Make memref copies loops and views index arithmetic, for "
                "the EmitC conversion";
  let description = [{
    Bridges what LLVM 22's EmitC conversions lack, on code of static
    shapes (`sonnx-compile --emit=c`): every `memref.copy` becomes a loop
    nest of `memref.load` and `memref.store`; views (`memref.subview`,
    `collapse_shape`, `expand_shape`) fold into the indices of those loads
    and stores (upstream's `--fold-memref-alias-ops` patterns);
    `affine.delinearize_index` and `affine.linearize_index` become
    `arith.divsi`, `remsi`, `muli` and `addi` (their indices are never
    negative, where `--lower-affine` would emit `floordivsi`, which
    `--convert-arith-to-emitc` does not take); and every memref becomes
    one-dimensional: loads and stores take the row-major linear index of
    their indices, a memref of rank 0 or with a size 0, which no C array
    can be, takes one element (an element of an empty memref is never
    read: its loops run no iteration). A one-dimensional C array per
    tensor is what the header's ABI passes (a pointer to the first
    element), what EmitC writes an initializer of without the inner braces
    that gcc's `-Wmissing-braces` asks for, and what Frama-C's WP proves
    bounds and `assigns` clauses of best. Globals lose their alignment,
    which `--convert-memref-to-emitc` does not take (a C array has the
    alignment of its elements). C99 has no 16-bit float and
    the sonnx ops only move elements: f16 and bf16 values, memrefs,
    constants and globals become the ui16 of their bits, 4-bit integers
    the i8 or ui8 of the C interface's byte per element (constants: int4
    sign-extended, uint4 zero-extended), so that the C function takes
    arrays of the header's element types; a scalar constant of an
    unsigned type, which arith cannot hold, becomes an `emitc.constant`.
    An op that computes with such values or with unsigned integers is an
    error. A view that does not fold is an error.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::emitc::EmitCDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

//===----------------------------------------------------------------------===//
// CheckDataOblivious
//===----------------------------------------------------------------------===//

def CheckDataObliviousPass : Pass<"sonnx-check-data-oblivious"> {
  let summary = "Check that the LLVM code of a function is a data-oblivious "
                "copy: the values it loads reach only stores";
  let description = [{
    The static half of the object's validation (issue 26, item 1): every
    function sonnx compiles is a data-oblivious gather, each output element
    a copy of an input element or a constant, chosen by the shapes, never by
    the data. On an `llvm.func` (the code sonnx-compile translates to LLVM
    IR; each `llvm.func` the op holds), every value an element load reads
    (`llvm.load`, `llvm.intr.masked.load`) may only be moved: through
    `llvm.bitcast`, `llvm.freeze`, `llvm.insertvalue`/`llvm.extractvalue`,
    `llvm.insertelement`/`llvm.extractelement` (with an index that is not
    loaded), `llvm.shufflevector`, the values of an `llvm.select` (its
    condition chosen without the data), the operands that a branch passes
    to a block, and may only end as the stored value of an `llvm.store` or
    `llvm.intr.masked.store` or the byte of an `llvm.intr.memset`. Any other
    use (a branch or select condition, an address or index, the length or a
    pointer of memcpy/memmove/memset, a call argument, arithmetic, a
    comparison, a conversion, a returned value) is an error at the op that
    uses it, naming the load and the ONNX node of the op (the NameLocs of
    its location, which for an imported op are the node's label).

    A load of a memref descriptor (`!llvm.struct<(ptr, ptr, i64, ...)>` or
    the unranked `!llvm.struct<(i64, ptr)>`), as a C-interface wrapper
    loads one from a pointer argument, reads no element: its result is not
    checked. Every other op that reads memory into a value (masked gather
    and expand-load, VP and matrix loads, atomics, `llvm.va_arg`) is
    followed as a load. The results of calls are not: a function checked
    here returns no loaded value, and the external functions the lowered
    code calls (`abort`, `puts`, `malloc`) return no element.
  }];
}

#endif // SONNX_TRANSFORMS_PASSES_TD
