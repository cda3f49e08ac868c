// Constant string tensors (ONNX string initializers, folded string ops)
// lower to records in the string layout of docs/pipeline.md: a handle is the
// address of the first byte, preceded by the 64-bit byte count and followed
// by a NUL. The test expands and reshapes a constant, then prints each
// string, its byte count read from the record, and the published table.
// RUN: sonnx-opt %s --sonnx-to-llvm \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

llvm.func @printString(!llvm.ptr)
llvm.func @printNewline()
llvm.func @printI64(i64)
llvm.mlir.global external constant @__sonnx_string_constant_count() : i64

// Prints each string of a 1-D tensor followed by its recorded size.
func.func @print_records(%t: tensor<?x!sonnx.string>) {
  %handles = builtin.unrealized_conversion_cast %t : tensor<?x!sonnx.string> to tensor<?xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : i64
  %n = tensor.dim %handles, %c0 : tensor<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %h = tensor.extract %handles[%i] : tensor<?xi64>
    %p = llvm.inttoptr %h : i64 to !llvm.ptr
    llvm.call @printString(%p) : (!llvm.ptr) -> ()
    %sh = arith.subi %h, %c8 : i64
    %sp = llvm.inttoptr %sh : i64 to !llvm.ptr
    %size = llvm.load %sp : !llvm.ptr -> i64
    llvm.call @printI64(%size) : (i64) -> ()
    llvm.call @printNewline() : () -> ()
  }
  return
}

func.func @expanded() -> tensor<?x!sonnx.string> {
  %c = arith.constant dense<[["alpha"], ["be\22ta"]]> : tensor<2x1x!sonnx.string>
  %s = arith.constant dense<[2, 3]> : tensor<2xi64>
  %e = sonnx.expand %c, %s : (tensor<2x1x!sonnx.string>, tensor<2xi64>) -> tensor<2x3x!sonnx.string>
  %m = arith.constant dense<[-1]> : tensor<1xi64>
  %r = sonnx.reshape %e, %m : (tensor<2x3x!sonnx.string>, tensor<1xi64>) -> tensor<?x!sonnx.string>
  return %r : tensor<?x!sonnx.string>
}

func.func @splat() -> tensor<?x!sonnx.string> {
  %c = arith.constant dense<""> : tensor<2x!sonnx.string>
  %d = tensor.cast %c : tensor<2x!sonnx.string> to tensor<?x!sonnx.string>
  return %d : tensor<?x!sonnx.string>
}

func.func @main() {
  %e = call @expanded() : () -> tensor<?x!sonnx.string>
  call @print_records(%e) : (tensor<?x!sonnx.string>) -> ()
  // CHECK: {{^}}alpha5{{$}}
  // CHECK-NEXT: {{^}}alpha5{{$}}
  // CHECK-NEXT: {{^}}alpha5{{$}}
  // CHECK-NEXT: {{^}}be"ta5{{$}}
  // CHECK-NEXT: {{^}}be"ta5{{$}}
  // CHECK-NEXT: {{^}}be"ta5{{$}}
  %s = call @splat() : () -> tensor<?x!sonnx.string>
  call @print_records(%s) : (tensor<?x!sonnx.string>) -> ()
  // CHECK-NEXT: {{^}}0{{$}}
  // CHECK-NEXT: {{^}}0{{$}}
  // Three distinct strings are published for the host.
  %cp = llvm.mlir.addressof @__sonnx_string_constant_count : !llvm.ptr
  %count = llvm.load %cp : !llvm.ptr -> i64
  llvm.call @printI64(%count) : (i64) -> ()
  llvm.call @printNewline() : () -> ()
  // CHECK-NEXT: {{^}}3{{$}}
  return
}
