func.func @fold_empty() -> (tensor<3x0xf16>, tensor<2x0x!sonnx.string>) {
  %e = arith.constant dense<> : tensor<0x3xf16>
  %s = arith.constant dense<[3, 0]> : tensor<2xi64>
  %0 = sonnx.reshape %e, %s {allowzero = 1 : i64} : (tensor<0x3xf16>, tensor<2xi64>) -> tensor<3x0xf16>
  %z = arith.constant dense<> : tensor<0x!sonnx.string>
  %t = arith.constant dense<[2, 1]> : tensor<2xi64>
  %1 = sonnx.expand %z, %t : (tensor<0x!sonnx.string>, tensor<2xi64>) -> tensor<2x0x!sonnx.string>
  return %0, %1 : tensor<3x0xf16>, tensor<2x0x!sonnx.string>
}
