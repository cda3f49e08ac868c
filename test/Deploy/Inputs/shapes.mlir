// Tensors that no C array can be as they are (sonnx-compile --emit=c,
// test/Deploy/emit-c.test): a scalar input and output (rank 0), an input
// and an output without elements, next to an ordinary reshape.
func.func @main(%x: tensor<f32>, %e: tensor<0x3xf32>, %v: tensor<2x3xi32>) -> (tensor<1xf32>, tensor<3x0xf32>, tensor<f32>, tensor<3x2xi32>) {
  %axes = arith.constant dense<[0]> : tensor<1xi64>
  %u = sonnx.unsqueeze %x, %axes : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
  %s = arith.constant dense<[3, 0]> : tensor<2xi64>
  %r = sonnx.reshape %e, %s {allowzero = 1 : i64} : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<3x0xf32>
  %s0 = arith.constant dense<[]> : tensor<0xi64>
  %z = sonnx.reshape %u, %s0 : (tensor<1xf32>, tensor<0xi64>) -> tensor<f32>
  %s2 = arith.constant dense<[3, 2]> : tensor<2xi64>
  %w = sonnx.reshape %v, %s2 : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<3x2xi32>
  return %u, %r, %z, %w : tensor<1xf32>, tensor<3x0xf32>, tensor<f32>, tensor<3x2xi32>
}
