// Loop nests whose source index is a product or a sum of the index and a
// constant, and copies of constant tables (test/Deploy/emit-c-terms.test).
func.func @main(%x: tensor<8xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %c2 = arith.constant 2 : index
  %even = tensor.generate {
  ^bb0(%i: index):
    %k = arith.muli %i, %c2 : index
    %e = tensor.extract %x[%k] : tensor<8xi32>
    tensor.yield %e : i32
  } : tensor<4xi32>
  %t1 = arith.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
  %t2 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %first = tensor.generate {
  ^bb0(%i: index):
    %a = tensor.extract %t1[%i] : tensor<4xi32>
    tensor.yield %a : i32
  } : tensor<4xi32>
  %second = tensor.generate {
  ^bb0(%i: index):
    %a = tensor.extract %t2[%i] : tensor<4xi32>
    tensor.yield %a : i32
  } : tensor<4xi32>
  %shifted = tensor.generate {
  ^bb0(%i: index):
    %k = arith.addi %i, %c2 : index
    %e = tensor.extract %x[%k] : tensor<8xi32>
    tensor.yield %e : i32
  } : tensor<4xi32>
  return %even, %first, %second, %shifted : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}
