// An index divided and taken modulo a constant (unsigned division of
// index values, arith.divui and arith.remui): test/Deploy/emit-c-index-division.test.
func.func @main(%x: tensor<8xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %half = tensor.generate {
  ^bb0(%i: index):
    %k = arith.divui %i, %c2 : index
    %e = tensor.extract %x[%k] : tensor<8xi32>
    tensor.yield %e : i32
  } : tensor<4xi32>
  %cycle = tensor.generate {
  ^bb0(%i: index):
    %k = arith.remui %i, %c3 : index
    %e = tensor.extract %x[%k] : tensor<8xi32>
    tensor.yield %e : i32
  } : tensor<4xi32>
  return %half, %cycle : tensor<4xi32>, tensor<4xi32>
}
