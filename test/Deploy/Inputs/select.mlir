// An output chosen by a loaded value (test/Deploy/validate.test): the
// select's condition is an element of %p, so the function is not
// data-oblivious, and its index map is not one of the profile's.
func.func @main(%x: tensor<4xf32>, %z: tensor<4xf32>, %p: tensor<i1>)
    -> tensor<4xf32> {
  %c = tensor.extract %p[] : tensor<i1>
  %y = arith.select %c, %x, %z : tensor<4xf32>
  return %y : tensor<4xf32>
}
