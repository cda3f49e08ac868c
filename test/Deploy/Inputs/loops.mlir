// Loop nests that the C output's annotations model in part
// (test/Deploy/emit-c-loops.test): a copy read backwards (a term with a
// subtraction), a copy into a slice at offset 1 (a destination not written
// in row-major order: no copy the annotations state), and a profile op.
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<6xf32>, tensor<2x2xf32>) {
  %c3 = arith.constant 3 : index
  %reversed = tensor.generate {
  ^bb0(%i: index):
    %k = arith.subi %c3, %i : index
    %e = tensor.extract %x[%k] : tensor<4xf32>
    tensor.yield %e : f32
  } : tensor<4xf32>
  %zeros = arith.constant dense<0.0> : tensor<6xf32>
  %padded = tensor.insert_slice %x into %zeros[1] [4] [1] : tensor<4xf32> into tensor<6xf32>
  %shape = arith.constant dense<[2, 2]> : tensor<2xi64>
  %square = sonnx.reshape %x, %shape : (tensor<4xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  return %reversed, %padded, %square : tensor<4xf32>, tensor<6xf32>, tensor<2x2xf32>
}
