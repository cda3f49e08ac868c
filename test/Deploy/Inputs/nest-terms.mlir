// Loop nests whose source index or element the loop annotations write as a
// product of the loop variable with itself, a sum with such a product on
// either side, a quotient or a remainder of elements; a copy into every other
// element; a constant table read twice; and the names these are written
// with: two nests of the same label, an empty label, a label and parameters
// whose names force the index variable past 'k' and 'kk'
// (test/Deploy/emit-c-nest-terms.test).
func.func @main(%x: tensor<16xi32> {sonnx.name = "k"}, %t: tensor<4xi32> {sonnx.name = "kk_table"}) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<8xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<8xi32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d3 = arith.constant 3 : i32
  %square = tensor.generate {
  ^bb0(%i: index):
    %k = arith.muli %i, %i : index
    %e = tensor.extract %x[%k] : tensor<16xi32>
    tensor.yield %e : i32
  } : tensor<4xi32> loc("sq\7Fuare")
  %after = tensor.generate {
  ^bb0(%i: index):
    %d = arith.muli %i, %i : index
    %k = arith.addi %d, %c1 : index
    %e = tensor.extract %x[%k] : tensor<16xi32>
    tensor.yield %e : i32
  } : tensor<4xi32> loc("sq\7Fuare")
  %before = tensor.generate {
  ^bb0(%i: index):
    %d = arith.muli %i, %i : index
    %k = arith.addi %i, %d : index
    %e = tensor.extract %x[%k] : tensor<16xi32>
    tensor.yield %e : i32
  } : tensor<4xi32> loc("")
  %zeros = arith.constant dense<0> : tensor<8xi32>
  %head = tensor.extract_slice %x[0] [4] [1] : tensor<16xi32> to tensor<4xi32>
  %strided = tensor.insert_slice %head into %zeros[0] [4] [2] : tensor<4xi32> into tensor<8xi32>
  %odd = tensor.insert_slice %head into %zeros[1] [4] [2] : tensor<4xi32> into tensor<8xi32>
  %table = arith.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
  %forward = tensor.generate {
  ^bb0(%i: index):
    %e = tensor.extract %table[%i] : tensor<4xi32>
    tensor.yield %e : i32
  } : tensor<4xi32>
  %backward = tensor.generate {
  ^bb0(%i: index):
    %k = arith.subi %c3, %i : index
    %e = tensor.extract %table[%k] : tensor<4xi32>
    tensor.yield %e : i32
  } : tensor<4xi32>
  %arith = tensor.generate {
  ^bb0(%i: index):
    %e = tensor.extract %t[%i] : tensor<4xi32>
    %q = arith.divsi %e, %d3 : i32
    %r = arith.remsi %q, %d3 : i32
    tensor.yield %r : i32
  } : tensor<4xi32>
  return %square, %after, %before, %strided, %forward, %backward, %arith, %odd : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<8xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<8xi32>
}
