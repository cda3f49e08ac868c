// sonnx-translate --mlir-to-c translates a module: another op at the top
// (--no-implicit-module) is an error naming what it expects, exit code 1.
//
// RUN: not sonnx-translate --mlir-to-c --no-implicit-module %s 2>&1 | FileCheck %s
// CHECK: error: --mlir-to-c expects a builtin.module
// CHECK-NOT: return 0;

emitc.func @f() -> i32 {
  %0 = emitc.literal "0" : i32
  emitc.return %0 : i32
}
