// A signed division of a possibly negative index value ((i - 4) / 2 + 2:
// 0, 1, 1, 2 for i in 0..3), which the C output, whose index values are
// size_t, refuses: test/Deploy/emit-c-index-ops.test.
func.func @main(%x: tensor<8xi32>) -> tensor<4xi32> {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %r = tensor.generate {
  ^bb0(%i: index):
    %d = arith.subi %i, %c4 : index
    %q = arith.divsi %d, %c2 : index
    %k = arith.addi %q, %c2 : index
    %e = tensor.extract %x[%k] : tensor<8xi32>
    tensor.yield %e : i32
  } : tensor<4xi32>
  return %r : tensor<4xi32>
}
