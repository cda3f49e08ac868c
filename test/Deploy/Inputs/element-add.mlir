// An arithmetic op on i32 elements, which the conversion to EmitC writes
// with casts to and from the unsigned type (test/Deploy/emit-c-refused.test).
func.func @main(%x: tensor<4xi32>) -> tensor<4xi32> {
  %three = arith.constant 3 : i32
  %g = tensor.generate {
  ^bb0(%i: index):
    %e = tensor.extract %x[%i] : tensor<4xi32>
    %r = arith.addi %e, %three : i32
    tensor.yield %r : i32
  } : tensor<4xi32>
  return %g : tensor<4xi32>
}
