// Executes the five ops on !sonnx.string tensors. A string lowers to an i64
// handle, here the address of a NUL-terminated C string: the ops move the
// handles, never the characters. The test makes string tensors from the
// addresses of global constants, runs the ops, and prints the strings that
// the resulting handles designate, so that it sees both the order of the
// elements and that each handle still points to the same characters.
// RUN: sonnx-opt %s --sonnx-to-llvm \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

llvm.mlir.global internal constant @s0("zero\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @s1("one\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @s2("two\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @s3("three\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @s4("four\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @s5("five\00") {addr_space = 0 : i32}
llvm.func @printString(!llvm.ptr)
llvm.func @printNewline()

// The handle of a global string.
func.func @handle_s0() -> i64 {
  %p = llvm.mlir.addressof @s0 : !llvm.ptr
  %h = llvm.ptrtoint %p : !llvm.ptr to i64
  return %h : i64
}

// Prints the strings of a 1-D tensor, one per line.
func.func @print_strings(%t: tensor<?x!sonnx.string>) {
  %handles = builtin.unrealized_conversion_cast %t : tensor<?x!sonnx.string> to tensor<?xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %handles, %c0 : tensor<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %h = tensor.extract %handles[%i] : tensor<?xi64>
    %p = llvm.inttoptr %h : i64 to !llvm.ptr
    llvm.call @printString(%p) : (!llvm.ptr) -> ()
    llvm.call @printNewline() : () -> ()
  }
  return
}

// 2x3 -> [3, 2] -> unsqueeze [1] -> 3x1x2 -> flatten(0) -> 1x6 -> 6.
func.func @views(%x: tensor<2x3x!sonnx.string>) -> tensor<?x!sonnx.string> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<2x3x!sonnx.string>, tensor<2xi64>) -> tensor<3x2x!sonnx.string>
  %a = arith.constant dense<[1]> : tensor<1xi64>
  %u = sonnx.unsqueeze %r, %a : (tensor<3x2x!sonnx.string>, tensor<1xi64>) -> tensor<3x1x2x!sonnx.string>
  %f = sonnx.flatten %u {axis = 0 : i64} : (tensor<3x1x2x!sonnx.string>) -> tensor<1x6x!sonnx.string>
  %m1 = arith.constant dense<[-1]> : tensor<1xi64>
  %v = sonnx.reshape %f, %m1 : (tensor<1x6x!sonnx.string>, tensor<1xi64>) -> tensor<?x!sonnx.string>
  return %v : tensor<?x!sonnx.string>
}

// Broadcasts a 2x1 column against a 1x3 row of strings, and expands the
// column to 2x2; both results flattened to 1-D for printing.
func.func @copies(%col: tensor<2x1x!sonnx.string>, %row: tensor<1x3x!sonnx.string>)
    -> (tensor<6x!sonnx.string>, tensor<6x!sonnx.string>, tensor<4x!sonnx.string>) {
  %z0, %z1 = sonnx.broadcast %col, %row
      : (tensor<2x1x!sonnx.string>, tensor<1x3x!sonnx.string>)
      -> (tensor<2x3x!sonnx.string>, tensor<2x3x!sonnx.string>)
  %s = arith.constant dense<[6]> : tensor<1xi64>
  %f0 = sonnx.reshape %z0, %s : (tensor<2x3x!sonnx.string>, tensor<1xi64>) -> tensor<6x!sonnx.string>
  %f1 = sonnx.reshape %z1, %s : (tensor<2x3x!sonnx.string>, tensor<1xi64>) -> tensor<6x!sonnx.string>
  %t = arith.constant dense<[2, 2]> : tensor<2xi64>
  %e = sonnx.expand %col, %t : (tensor<2x1x!sonnx.string>, tensor<2xi64>) -> tensor<2x2x!sonnx.string>
  %s4 = arith.constant dense<[4]> : tensor<1xi64>
  %f2 = sonnx.reshape %e, %s4 : (tensor<2x2x!sonnx.string>, tensor<1xi64>) -> tensor<4x!sonnx.string>
  return %f0, %f1, %f2 : tensor<6x!sonnx.string>, tensor<6x!sonnx.string>, tensor<4x!sonnx.string>
}

func.func @main() {
  %p0 = llvm.mlir.addressof @s0 : !llvm.ptr
  %p1 = llvm.mlir.addressof @s1 : !llvm.ptr
  %p2 = llvm.mlir.addressof @s2 : !llvm.ptr
  %p3 = llvm.mlir.addressof @s3 : !llvm.ptr
  %p4 = llvm.mlir.addressof @s4 : !llvm.ptr
  %p5 = llvm.mlir.addressof @s5 : !llvm.ptr
  %h0 = llvm.ptrtoint %p0 : !llvm.ptr to i64
  %h1 = llvm.ptrtoint %p1 : !llvm.ptr to i64
  %h2 = llvm.ptrtoint %p2 : !llvm.ptr to i64
  %h3 = llvm.ptrtoint %p3 : !llvm.ptr to i64
  %h4 = llvm.ptrtoint %p4 : !llvm.ptr to i64
  %h5 = llvm.ptrtoint %p5 : !llvm.ptr to i64
  %handles = tensor.from_elements %h0, %h1, %h2, %h3, %h4, %h5 : tensor<2x3xi64>
  %x = builtin.unrealized_conversion_cast %handles : tensor<2x3xi64> to tensor<2x3x!sonnx.string>

  %v = call @views(%x) : (tensor<2x3x!sonnx.string>) -> tensor<?x!sonnx.string>
  call @print_strings(%v) : (tensor<?x!sonnx.string>) -> ()
  // CHECK: zero
  // CHECK-NEXT: one
  // CHECK-NEXT: two
  // CHECK-NEXT: three
  // CHECK-NEXT: four
  // CHECK-NEXT: five

  // The handles come out unchanged: the same addresses.
  %hv = builtin.unrealized_conversion_cast %v : tensor<?x!sonnx.string> to tensor<?xi64>
  %c0 = arith.constant 0 : index
  %first = tensor.extract %hv[%c0] : tensor<?xi64>
  %h = call @handle_s0() : () -> i64
  %same = arith.cmpi eq, %first, %h : i64
  // Prints "one" when the first handle is the address of "zero".
  %ok = arith.select %same, %p1, %p0 : !llvm.ptr
  llvm.call @printString(%ok) : (!llvm.ptr) -> ()
  llvm.call @printNewline() : () -> ()
  // CHECK-NEXT: one

  %col_h = tensor.from_elements %h0, %h1 : tensor<2x1xi64>
  %row_h = tensor.from_elements %h2, %h3, %h4 : tensor<1x3xi64>
  %col = builtin.unrealized_conversion_cast %col_h : tensor<2x1xi64> to tensor<2x1x!sonnx.string>
  %row = builtin.unrealized_conversion_cast %row_h : tensor<1x3xi64> to tensor<1x3x!sonnx.string>
  %b0, %b1, %e = call @copies(%col, %row)
      : (tensor<2x1x!sonnx.string>, tensor<1x3x!sonnx.string>)
      -> (tensor<6x!sonnx.string>, tensor<6x!sonnx.string>, tensor<4x!sonnx.string>)
  %b0_d = tensor.cast %b0 : tensor<6x!sonnx.string> to tensor<?x!sonnx.string>
  call @print_strings(%b0_d) : (tensor<?x!sonnx.string>) -> ()
  // CHECK-NEXT: zero
  // CHECK-NEXT: zero
  // CHECK-NEXT: zero
  // CHECK-NEXT: one
  // CHECK-NEXT: one
  // CHECK-NEXT: one
  %b1_d = tensor.cast %b1 : tensor<6x!sonnx.string> to tensor<?x!sonnx.string>
  call @print_strings(%b1_d) : (tensor<?x!sonnx.string>) -> ()
  // CHECK-NEXT: two
  // CHECK-NEXT: three
  // CHECK-NEXT: four
  // CHECK-NEXT: two
  // CHECK-NEXT: three
  // CHECK-NEXT: four
  %e_d = tensor.cast %e : tensor<4x!sonnx.string> to tensor<?x!sonnx.string>
  call @print_strings(%e_d) : (tensor<?x!sonnx.string>) -> ()
  // CHECK-NEXT: zero
  // CHECK-NEXT: zero
  // CHECK-NEXT: one
  // CHECK-NEXT: one
  return
}
