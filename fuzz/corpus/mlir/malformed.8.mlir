func.func @extreme_axis(%x: tensor<3x4xf32>) {
  %a = arith.constant dense<[9223372036854775807]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %x, %a : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<3x4x1xf32>
  return
}
