// RUN: sonnx-opt %s --sonnx-add-status-rule-to-llvm=function-name=m_status_rule -split-input-file -verify-diagnostics | FileCheck %s
// RUN: sonnx-opt %s --sonnx-add-status-rule-to-llvm=function-name=m_status_rule -split-input-file -verify-diagnostics | mlir-translate --split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// PREFIX_status_rule of an ahead-of-time object (docs/deployment.md): the
// code of each rule of sonnx.status_rules (SONNXRules.def: reshape.count
// 19, expand.E1 30), in their order, returns the address of a private
// constant holding the rule's ID, NUL-terminated; any other code, 0 among
// them, returns null.
// CHECK-LABEL: module attributes {sonnx.status_rules = ["reshape.count", "expand.E1"]}
// CHECK: llvm.mlir.global private unnamed_addr constant @[[G1:sonnx_status_rule[_0-9]*]]("reshape.count\00") {addr_space = 0 : i32, alignment = 1 : i64}
// CHECK: llvm.mlir.global private unnamed_addr constant @[[G2:sonnx_status_rule[_0-9]*]]("expand.E1\00") {addr_space = 0 : i32, alignment = 1 : i64}
// CHECK: llvm.func @m_status_rule(%[[S:.*]]: i32) -> !llvm.ptr {
// CHECK-NEXT: llvm.switch %[[S]] : i32, ^[[UNKNOWN:bb[0-9]+]] [
// CHECK-NEXT: 19: ^[[R1:bb[0-9]+]],
// CHECK-NEXT: 30: ^[[R2:bb[0-9]+]]
// CHECK-NEXT: ]
// CHECK: ^[[UNKNOWN]]:
// CHECK-NEXT: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: llvm.return %[[NULL]] : !llvm.ptr
// CHECK: ^[[R1]]:
// CHECK-NEXT: %[[A1:.*]] = llvm.mlir.addressof @[[G1]] : !llvm.ptr
// CHECK-NEXT: llvm.return %[[A1]] : !llvm.ptr
// CHECK: ^[[R2]]:
// CHECK-NEXT: %[[A2:.*]] = llvm.mlir.addressof @[[G2]] : !llvm.ptr
// CHECK-NEXT: llvm.return %[[A2]] : !llvm.ptr
// The LLVM IR of the object, as LLVM's IRBuilder wrote it before
// (CreateGlobalString, a switch of returns).
// LLVMIR: @[[G1:sonnx_status_rule[_0-9]*]] = private unnamed_addr constant [14 x i8] c"reshape.count\00", align 1
// LLVMIR: @[[G2:sonnx_status_rule[_0-9]*]] = private unnamed_addr constant [10 x i8] c"expand.E1\00", align 1
// LLVMIR: define ptr @m_status_rule(i32 %0) {
// LLVMIR-NEXT: switch i32 %0, label %[[UNKNOWN:[0-9]+]] [
// LLVMIR-NEXT: i32 19, label %[[R1:[0-9]+]]
// LLVMIR-NEXT: i32 30, label %[[R2:[0-9]+]]
// LLVMIR-NEXT: ]
// LLVMIR: [[UNKNOWN]]:
// LLVMIR-NEXT: ret ptr null
// LLVMIR: [[R1]]:
// LLVMIR-NEXT: ret ptr @[[G1]]
// LLVMIR: [[R2]]:
// LLVMIR-NEXT: ret ptr @[[G2]]
module attributes {sonnx.status_rules = ["reshape.count", "expand.E1"]} {
  llvm.func @m_run() -> i32 {
    %zero = llvm.mlir.constant(0 : i32) : i32
    llvm.return %zero : i32
  }
}

// -----

// Without sonnx.status_rules (every check decided at compile time, the
// usual case of sonnx-compile), no code has a rule: the switch has no case.
// A global already named sonnx_status_rule keeps its name.
// CHECK-LABEL: module {
// CHECK: llvm.mlir.global private constant @sonnx_status_rule(0 : i8)
// CHECK: llvm.func @m_status_rule(%[[S:.*]]: i32) -> !llvm.ptr {
// CHECK-NEXT: llvm.switch %[[S]] : i32, ^[[UNKNOWN:bb[0-9]+]] [
// CHECK-NEXT: ]
// CHECK: ^[[UNKNOWN]]:
// CHECK-NEXT: llvm.mlir.zero : !llvm.ptr
// CHECK-NOT: llvm.mlir.global
// LLVMIR: define ptr @m_status_rule(i32 %0) {
// LLVMIR-NEXT: switch i32 %0, label %[[UNKNOWN:[0-9]+]] [
// LLVMIR-NEXT: ]
// LLVMIR: [[UNKNOWN]]:
// LLVMIR-NEXT: ret ptr null
module {
  llvm.mlir.global private constant @sonnx_status_rule(0 : i8) : i8
}

// -----

// The function's name is taken: an error, not a renamed function.
module {
  // expected-error @+1 {{the module already has a symbol 'm_status_rule', the name of the status-rule function to define}}
  llvm.func @m_status_rule(%status: i32) -> !llvm.ptr {
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.return %null : !llvm.ptr
  }
}

// -----

// An entry that names no rule (the sonnx dialect, not loaded by the parse
// of an llvm-only module, would reject it too).
// expected-error @+1 {{'sonnx.status_rules' holds "expand.E2", which names no rule of the constraint catalogue (SONNXRules.def)}}
module attributes {sonnx.status_rules = ["expand.E2"]} {
}

// Without function-name the pass has nothing to define: an error.
// RUN: not sonnx-opt %s --sonnx-add-status-rule-to-llvm -split-input-file 2>&1 | FileCheck %s --check-prefix=NONAME
// NONAME: error: --sonnx-add-status-rule-to-llvm needs the name of the function to define (function-name)
