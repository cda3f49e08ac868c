//===- Passes.td - sonnx conversion passes -----------------*- tablegen -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The passes that lower the sonnx dialect towards native code. The lowering
// of each op, the run-time checks and the `--sonnx-to-llvm` pipeline that
// chains these passes with the upstream ones are described in
// docs/pipeline.md.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_CONVERSION_PASSES_TD
#define SONNX_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// SONNXToLinalg
//===----------------------------------------------------------------------===//

def ConvertSONNXToLinalgPass
    : Pass<"convert-sonnx-to-linalg", "ModuleOp"> {
  let summary = "Lower the sonnx ops to tensor, linalg, arith and cf";
  let description = [{
    Lowers the five sonnx ops to the tensor and linalg dialects. Every rule of
    the constraint catalogue that depends on run-time values becomes a
    `cf.assert` whose message names the op and its location and ends with
    the constraint ID, e.g. `[reshape.count]`; a rule that the shape rules of
    `SONNXShapes.h` settle at compile time costs nothing at run time, and a
    declared result type that no input can satisfy is a compile-time error
    citing the ID.

    - `sonnx.reshape`, `sonnx.unsqueeze` and `sonnx.flatten` become
      `tensor.collapse_shape` and/or `tensor.expand_shape` (and `tensor.cast`
      where run-time checks make a size static): one op when the sizes prove
      a reassociation, otherwise a collapse and an expand (through 1-D when
      nothing is known). All are views after bufferization: no allocation,
      no copy. A `reshape` whose `shape` has a dynamic length and whose
      result is unranked becomes `tensor.reshape` with a run-time resolved
      shape.
    - `sonnx.broadcast` and `sonnx.expand` become one `linalg.generic` per
      result that needs broadcasting, with broadcasting indexing maps, so
      that elementwise consumers fuse with them. A result that needs no
      broadcasting is the input itself. A dynamic input size that may be 1
      only at run time is read through `tensor.extract` at an index that is 0
      when the size is 1.
    - `!sonnx.string` elements become `i64` handles (in practice the address
      of the string's storage): strings move by reference, their characters
      are never copied. Function signatures, calls, returns and every op
      without regions that carries string tensors are converted too, and a
      `builtin.unrealized_conversion_cast` between string tensors and `i64`
      tensors disappears. Constant string tensors are left to
      `--convert-sonnx-string-constants` (which `--sonnx-to-llvm` runs
      first): their users read them through a cast to handles. The pass
      creates no LLVM dialect op.
    - With `pointer-string-handles` (the C output, `--sonnx-to-emitc`), the
      handles are `!ptr.ptr<#ptr.generic_space>` instead: a type that the
      EmitC conversion tells from the integers and writes as a C
      `const char *`. A constant string tensor then becomes a constant of
      that element type with the same strings (`dense<["a", "b"]> :
      tensor<2x!ptr.ptr<...>>`, a `static const` array of C string
      literals in the end), and a string with a NUL byte inside, which no C
      string literal holds, is an error naming the constant.

    Integer element types keep their signedness: the lowering only moves
    elements. Rejected with a diagnostic: `sonnx.unsqueeze` with `axes` and
    `sonnx.expand` with `shape` of dynamic length when the declared result
    type does not give the result rank (linalg needs a rank). See
    docs/pipeline.md.
  }];
  let options = [
    Option<"pointerStringHandles", "pointer-string-handles", "bool",
           /*default=*/"false",
           "String handles are !ptr.ptr values (the C output) instead of "
           "i64, and constant string tensors become constants of them">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::ptr::PtrDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// StringConstantsToLLVM
//===----------------------------------------------------------------------===//

def ConvertSONNXStringConstantsPass
    : Pass<"convert-sonnx-string-constants", "ModuleOp"> {
  let summary = "Lower constant string tensors to LLVM globals and tensors "
                "of their handles";
  let description = [{
    A constant string tensor (`arith.constant dense<["a", "b"]> :
    tensor<2x!sonnx.string>`, from ONNX initializers or from folding) cannot
    be bufferized: its elements have no memory representation. This pass
    makes each distinct string an `llvm.mlir.global` in the string record
    layout of docs/pipeline.md (an i64 byte count, the bytes, a NUL), and
    replaces the constant with a tensor of the handles of its strings (the
    address of the bytes, as an `i64`: `tensor.from_elements`, or
    `tensor.splat` for a splat) cast back to the string tensor type with a
    `builtin.unrealized_conversion_cast`, which `--convert-sonnx-to-linalg`
    removes.

    The handles of every record are published for a host program in
    `__sonnx_string_constants` (an array of handles) and
    `__sonnx_string_constant_count`; a module may declare them (external, no
    value) to read them, and such declarations are replaced. Errors: a
    string constant whose attribute is not dense elements, and a definition
    of either published symbol. `--sonnx-to-llvm` runs this pass just
    before `--convert-sonnx-to-linalg`. Run after it, it leaves casts from
    handles to strings and back, which `--canonicalize` folds.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// AssertToLLVM
//===----------------------------------------------------------------------===//

def ConvertAssertToLLVMPass
    : Pass<"sonnx-convert-assert-to-llvm", "ModuleOp"> {
  let summary = "Lower cf.assert to LLVM calls that report and abort";
  let description = [{
    Replaces every `cf.assert` whose block can be split (that is, every
    `cf.assert` in a region with control flow, such as a function body after
    `--convert-scf-to-cf`) with a conditional branch to a block that prints
    the assert message and a newline with `puts`, flushes every output
    stream with `fflush(NULL)` and calls `abort()`.

    Upstream `--convert-cf-to-llvm` prints the message with `puts` and calls
    `abort()` without flushing: when the standard output is a pipe or a file
    the message stays in the stdio buffer and is lost. A run-time check of a
    safety rule must always be reported, so the sonnx pipeline runs this pass
    before `--convert-cf-to-llvm`. The functions used are those of the C
    standard library.

    Each check of the sonnx lowering names its rule in its `sonnx.rule`
    attribute (a rule ID of SONNXRules.def); the message is for people and
    the pass does not read the rule out of it.

    With `status-return`, for ahead-of-time objects that must never abort
    (docs/deployment.md), a failing check returns the status code of its
    rule from its function instead (getRuleStatus: fixed per rule by
    SONNXRules.def, whatever the module), which must then be an `llvm.func`
    returning `i32`; the module's `sonnx.status_rules` lists the rules, in
    the order of their first check (the pass creates or extends it). An
    assert without a `sonnx.rule` has no status code and is an error, as is
    one in a function of another type or one whose block cannot be split.

    With `status-handler=NAME`, for a runtime that calls the code (the JIT,
    JITRunner.h), a failing check calls `void NAME(i32 status, ptr
    message)` with the status code of its rule (the codes of
    `status-return`, listed in `sonnx.status_rules` alike) and its message,
    a NUL-terminated constant, and then reaches `llvm.unreachable`: the
    handler must not return. The rule thus crosses as a value, whatever the
    function returns and however deep the check sits in the calls. A check
    without a `sonnx.rule` has no status code and prints and aborts, as
    without the option. `status-return` and `status-handler` exclude each
    other.
  }];
  let options = [
    Option<"statusReturn", "status-return", "bool", /*default=*/"false",
           "Return the status code of the check's rule (its sonnx.rule; "
           "SONNXRules.def) from the function instead of printing the "
           "message and aborting">,
    Option<"statusHandler", "status-handler", "std::string", /*default=*/"",
           "Call this function (void(i32 status, ptr message), never "
           "returning) with the status code of the check's rule and its "
           "message instead of printing the message and aborting">,
  ];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

//===----------------------------------------------------------------------===//
// StatusRuleToLLVM
//===----------------------------------------------------------------------===//

def AddStatusRuleToLLVMPass
    : Pass<"sonnx-add-status-rule-to-llvm", "ModuleOp"> {
  let summary = "Define the function that maps a status code to its rule ID, "
                "in the LLVM dialect";
  let description = [{
    Adds `llvm.func @NAME(i32) -> !llvm.ptr` (`function-name`), the
    `PREFIX_status_rule` of an ahead-of-time object (docs/deployment.md):
    an `llvm.switch` on the status code whose case for each rule of the
    module's `sonnx.status_rules` (the rules that
    `--sonnx-convert-assert-to-llvm{status-return}` listed, in their order)
    returns the address of a private constant global
    (`sonnx_status_rule`...) holding the rule's ID, NUL-terminated
    (getRuleText; the code is getRuleStatus, SONNXRules.def); any other
    code, 0 among them, returns null. A module without the attribute gets
    the switch without a case. A missing name, a symbol of that name
    already in the module, or an entry of `sonnx.status_rules` that names
    no rule is an error.
  }];
  let options = [
    Option<"functionName", "function-name", "std::string", /*default=*/"",
           "The name of the function to define (PREFIX_status_rule)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def AddStatusRuleToEmitCPass
    : Pass<"sonnx-add-status-rule-to-emitc", "ModuleOp"> {
  let summary = "Define the function that maps a status code to its rule ID, "
                "in the EmitC dialect";
  let description = [{
    Adds `emitc.func @NAME(i32) -> !emitc.ptr<!emitc.opaque<"const char">>`
    (`function-name`), the `PREFIX_status_rule` of the C source of
    `sonnx-compile --emit=c` (docs/deployment.md), after an
    `emitc.verbatim` holding its ACSL contract (`assigns \nothing;`): a
    local variable `rule` (`sonnx.c_name`), NULL, which an `emitc.switch`
    on the status code (the parameter `status`) sets, in the case of each
    rule of the module's `sonnx.status_rules` (in their order), to the
    rule's ID as a string literal; the function returns `rule`. The cases
    are those of `--sonnx-add-status-rule-to-llvm` (the object's function),
    made by one function (getStatusRuleCases). A module without the
    attribute gets no switch (MISRA C:2012 rule 16.6) but
    `emitc.verbatim "(void){};"` of the status. A missing name, a symbol of
    that name already in the module, or an entry of `sonnx.status_rules`
    that names no rule is an error.
  }];
  let options = [
    Option<"functionName", "function-name", "std::string", /*default=*/"",
           "The name of the function to define (PREFIX_status_rule)">,
  ];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

//===----------------------------------------------------------------------===//
// ConvertAssertToStatus
//===----------------------------------------------------------------------===//

def ConvertAssertToStatusPass
    : Pass<"sonnx-convert-assert-to-status", "ModuleOp"> {
  let summary = "Turn cf.assert into status codes in structured control flow";
  let description = [{
    For C source (`sonnx-compile --emit=c`), where the code must stay
    structured: the ops after each `cf.assert` of a `func.func` that
    returns an `i32` status alone move into the then branch of an `scf.if`
    on the assert's condition, whose else branch yields the status code;
    the function returns the `scf.if`'s result (one exit per function).
    The codes are those of `--sonnx-convert-assert-to-llvm{status-return}`:
    the status code of the rule in the assert's `sonnx.rule` attribute
    (SONNXRules.def), the rules listed in the module's `sonnx.status_rules`.
    An assert without `sonnx.rule`, inside a loop or in a function of
    another type is an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
  ];
}

//===----------------------------------------------------------------------===//
// ToEmitC
//===----------------------------------------------------------------------===//

def SONNXConvertToEmitCPass : Pass<"sonnx-convert-to-emitc", "ModuleOp"> {
  let summary = "Convert arith, func, memref and scf to EmitC, with the "
                "complex and string elements of the C interface";
  let description = [{
    What `--convert-to-emitc` does (LLVM 22's arith, func, memref and scf
    conversions with one type converter), plus the element types of the C
    interface of `sonnx-compile` (docs/deployment.md), which the generated
    code only moves:

    - `complex<f32>` and `complex<f64>` become `!emitc.opaque<
      "sonnx_complex64_t">` and `!emitc.opaque<"sonnx_complex128_t">`, the
      structs {re, im} that the header defines (a struct assignment moves
      an element);
    - string handles, `!ptr.ptr` (`--convert-sonnx-to-linalg
      {pointer-string-handles}`), become `!emitc.opaque<"sonnx_string_t">`,
      and the module begins with `typedef const char *sonnx_string_t;`;
    - a `memref.global` of either becomes an `emitc.global` with a C
      initializer: `{{re, im}, ...}` with floating constants that read back
      to the same bits (the fewest decimal digits that do), or
      `{"a", "b"}`, each byte outside printable ASCII (and `"`, `\`, `?`)
      escaped;
    - so does a `memref.global` of unsigned integers, whose elements take
      the suffix `U` (`{18446744073709551615U, 1U}`), which EmitC's
      printer omits: a `uint64_t` above `INT64_MAX` needs it in C, and
      MISRA C:2012 rule 7.2 asks it of every unsigned constant.

    Errors, before any conversion: a constant global of floats or complex
    numbers holding a NaN or an infinity (C99 writes them only with
    <math.h>), and a string constant with a NUL byte inside.
  }];
  let dependentDialects = [
    "::mlir::emitc::EmitCDialect",
  ];
}

def SONNXPrefixCGlobalsPass : Pass<"sonnx-prefix-c-globals", "ModuleOp"> {
  let summary = "Give the EmitC globals the C output's prefix";
  let description = [{
    Prepares the module of sonnx-compile's C output for the printer
    (`sonnx-translate --mlir-to-c`): the names that the lowering gives its
    globals (`__sonnx_buffer`, `__constant_2xi64`) are identifiers that C
    reserves (C99 7.1.3), and two C outputs linked into one program must
    not share one. Each `emitc.global` becomes `PREFIX_` followed by its
    name without its leading underscores (`m_sonnx_buffer`,
    `m_constant_2xi64`); a name that the module already holds takes a
    suffix `_2`, `_3`, ... Its uses (`emitc.get_global`) follow. An empty
    `prefix` is an error.
  }];
  let options = [
    Option<"prefix", "prefix", "std::string", /*default=*/"",
           "The prefix of the C names (sonnx-compile --name)">,
  ];
  let dependentDialects = [
    "::mlir::emitc::EmitCDialect",
  ];
}

def SONNXPrepareCEntryPass : Pass<"sonnx-prepare-c-entry", "ModuleOp"> {
  let summary = "Make the EmitC entry function the compute function of the "
                "C output, with the header's parameters";
  let description = [{
    Prepares the module of sonnx-compile's C output for the printer
    (`sonnx-translate --mlir-to-c`); moved from the C emitter
    (emitCSource), which rewrote the module it printed. Its input is the
    attribute `sonnx.c_parameters` of the entry function `PREFIX_run`
    (`--sonnx-make-entry-function`, lowered by `--sonnx-to-emitc`): one
    dictionary per parameter of the header, the inputs then the outputs,
    `{name = "x", identifier = "x", type = tensor<2x3xf32>, output = false}`
    (the tensor's name in the model, its C identifier in the header, its
    type, whether it is an output). The function, which takes each tensor
    as a one-dimensional array of the header's element type
    (`--sonnx-memref-to-indexing`), becomes the internal function
    `static int32_t PREFIX_compute(...)`, and `PREFIX_run`, as the header
    declares it, follows it as an `emitc.verbatim` that voids each pointer
    the compute function does not take and passes the others on:

    - each argument that the function uses is named by the header's
      identifier (`sonnx.c_name`; the printer gives one that a global or a
      type name takes a suffix `_2`, ...) and becomes the header's pointer,
      `const` for an input (`sonnx.c_pointer`), and `restrict` with
      `restrict`;
    - each argument that it does not use (a tensor without elements, the
      input of an empty result) is removed: `PREFIX_run` does not pass it
      on (`-Wunused-parameter`).

    Errors, each naming what is wrong: an empty `prefix`; no EmitC
    function `PREFIX_run`; a symbol `PREFIX_compute` already in the module;
    no `sonnx.c_parameters`, or one that is not an array of such
    dictionaries (the entry and the field are named); a count of parameters
    other than the function's arguments; an argument that is not a
    one-dimensional array of the header's C element type of its tensor (no
    cast between element types: Frama-C's WP would not relate the memory
    of the two).
  }];
  let options = [
    Option<"prefix", "prefix", "std::string", /*default=*/"",
           "The prefix of the C names (sonnx-compile --name)">,
    Option<"restrict", "restrict", "bool", /*default=*/"false",
           "Make the pointer parameters restrict (sonnx-compile --c-restrict)">,
  ];
  let dependentDialects = [
    "::mlir::emitc::EmitCDialect",
  ];
}

def SONNXEmitCLiteralConstantsPass
    : Pass<"sonnx-emitc-literal-constants", "ModuleOp"> {
  let summary = "Write the integer constants of EmitC functions where they "
                "are used, as C literals";
  let description = [{
    The last pass of `--sonnx-to-emitc`, which prepares the module for the
    C printer (`sonnx-translate --mlir-to-c`, sonnx-compile's C output):
    each `emitc.constant` of an integer (not a bool) in an `emitc.func`,
    alone or as the only op of an `emitc.expression` (`--form-expressions`
    wraps each constant so, and the printer makes such an expression a
    variable when it has several uses), becomes an `emitc.literal`, which
    the printer writes where it is used: `i < 4U`, not a variable
    `v7 = 4`. An index (`size_t`) constant takes the suffix `U` (MISRA
    C:2012 rule 10.4 wants both operands of `i * 3U` or `i += 1U`
    essentially unsigned), and so does a constant of an unsigned type
    (rule 7.2; a `uint64_t` above `INT64_MAX` needs it in C). A negative
    constant, or one of more than 31 bits of a signed type, stays a
    constant: C would read its digits as another type.

    ```mlir
    %0 = emitc.expression : () -> !emitc.size_t {
      %1 = "emitc.constant"() <{value = 3 : index}> : () -> !emitc.size_t
      emitc.yield %1 : !emitc.size_t
    }
    // becomes
    %0 = emitc.literal "3U" : !emitc.size_t
    ```
  }];
  let dependentDialects = [
    "::mlir::emitc::EmitCDialect",
  ];
}

//===----------------------------------------------------------------------===//
// ConvertSCFToControlFlow
//===----------------------------------------------------------------------===//

def ConvertSCFToControlFlowPass : Pass<"sonnx-convert-scf-to-cf"> {
  let summary = "Lower scf ops to cf branches, in time linear in the size "
                "of the blocks";
  let description = [{
    Applies upstream's `--convert-scf-to-cf` patterns
    (`populateSCFToControlFlowConversionPatterns`), and produces the same
    blocks in the same order, but visits the scf ops from the last one to
    the first.

    Each lowered loop or `scf.if` splits its block: the ops that follow it
    move to a new block. Upstream's pass goes from the first op to the last
    in a dialect conversion, so a block holding N loops moves O(N) ops N
    times (and records each move for a possible rollback): quadratic time
    and memory (a function with 3,000 broadcasts took 13 s and 2.4 GB).
    From the last op to the first, an op only moves past the ops up to the
    next lowered one: linear time. The ops that a pattern creates
    (`scf.parallel` becomes `scf.for`) are lowered in a further round; an
    op that no pattern lowers is an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
  ];
}

#endif // SONNX_CONVERSION_PASSES_TD
