// Functions for mlir-module.test: sonnx-run runs a function of a .mlir
// module directly (no ONNX import), which lets the tests reach the paths a
// valid ONNX model cannot: a fault, an abort, an endless loop.

llvm.func @sched_yield() -> i32
llvm.func @abort()

// Two results: an argument returned as it is, and a view of it.
func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32> {sonnx.name = "same"}, tensor<1x2xf32>) {
  %a = arith.constant dense<[0]> : tensor<1xi64>
  %y = sonnx.unsqueeze %x, %a : (tensor<2xf32>, tensor<1xi64>) -> tensor<1x2xf32>
  return %x, %y : tensor<2xf32>, tensor<1x2xf32>
}

// A reshape by a shape of run-time length: an unranked result.
func.func @unranked(%x: tensor<6xf32>, %s: tensor<?xi64>) -> tensor<*xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<?xi64>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}

// Strings: a transposing broadcast copies handles, never characters.
func.func @strings(%x: tensor<2x1x!sonnx.string>, %s: tensor<2xi64>) -> tensor<?x?x!sonnx.string> {
  %y = sonnx.expand %x, %s : (tensor<2x1x!sonnx.string>, tensor<2xi64>) -> tensor<?x?x!sonnx.string>
  return %y : tensor<?x?x!sonnx.string>
}

// Input strings next to string constants of the module.
func.func @constants(%x: tensor<2x1x!sonnx.string>) -> tensor<2x2x!sonnx.string> {
  %c = arith.constant dense<[["k\00z"], [""]]> : tensor<2x1x!sonnx.string>
  %s = arith.constant dense<[1, 2]> : tensor<2xi64>
  %r = sonnx.reshape %x, %s : (tensor<2x1x!sonnx.string>, tensor<2xi64>) -> tensor<1x2x!sonnx.string>
  %k = sonnx.reshape %c, %s : (tensor<2x1x!sonnx.string>, tensor<2xi64>) -> tensor<1x2x!sonnx.string>
  %all = tensor.concat dim(0) %r, %k : (tensor<1x2x!sonnx.string>, tensor<1x2x!sonnx.string>) -> tensor<2x2x!sonnx.string>
  return %all : tensor<2x2x!sonnx.string>
}

// A string handle that designates no input string.
func.func @forged_handle(%x: tensor<1x!sonnx.string>) -> tensor<1x!sonnx.string> {
  %h = arith.constant dense<[12345]> : tensor<1xi64>
  %s = builtin.unrealized_conversion_cast %h : tensor<1xi64> to tensor<1x!sonnx.string>
  return %s : tensor<1x!sonnx.string>
}

// A run-time check that fails; its rule is the attribute (the message is
// for people, and nothing reads the rule out of it).
func.func @check(%x: tensor<2xf32>) -> tensor<2xf32> {
  %false = arith.constant false
  cf.assert %false, "a check that always fails [reshape.count]" {sonnx.rule = #sonnx.rule<"reshape.count">}
  return %x : tensor<2xf32>
}

// A fault: a load from address 0.
func.func @crash(%x: tensor<2xf32>) -> tensor<2xf32> {
  %p = llvm.mlir.zero : !llvm.ptr
  %v = llvm.load volatile %p : !llvm.ptr -> i64
  return %x : tensor<2xf32>
}

// An abort that is not a run-time check.
func.func @aborts(%x: tensor<2xf32>) -> tensor<2xf32> {
  llvm.call @abort() : () -> ()
  return %x : tensor<2xf32>
}

// Never returns.
func.func @spin(%x: tensor<2xf32>) -> tensor<2xf32> {
  scf.while : () -> () {
    %true = arith.constant true
    scf.condition(%true)
  } do {
    %r = llvm.call @sched_yield() : () -> i32
    scf.yield
  }
  return %x : tensor<2xf32>
}

// Writes a large result.
func.func @large(%x: tensor<f32>) -> tensor<1000x1000xf32> {
  %s = arith.constant dense<[1000, 1000]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<f32>, tensor<2xi64>) -> tensor<1000x1000xf32>
  return %y : tensor<1000x1000xf32>
}

// Asks for 40 GB.
func.func @huge(%x: tensor<f32>) -> tensor<100000x100000xf32> {
  %s = arith.constant dense<[100000, 100000]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<f32>, tensor<2xi64>) -> tensor<100000x100000xf32>
  return %y : tensor<100000x100000xf32>
}

// allowzero = 1: a shape whose sizes overflow int64 before its 0 holds no
// element (fuzz/regressions/jit-run/zero-after-overflow).
func.func @zero_after_overflow(%x: tensor<?x?xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// A broadcast into a result without elements: no loop runs over the sizes
// before the 0 (fuzz/regressions/jit-run/expand-zero-after-huge).
func.func @expand_zero(%x: tensor<?x?xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
