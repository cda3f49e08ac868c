func.func @expand_edges(%x: tensor<3x1xf32>, %z: tensor<0x1xi4>, %d: tensor<?x1xf64>, %t: tensor<2xi64>, %n: tensor<?xi64>) {
  %s = arith.constant dense<[1, 5]> : tensor<2xi64>
  %0 = sonnx.expand %x, %s : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x5xf32>
  %short = arith.constant dense<[4]> : tensor<1xi64>
  %1 = sonnx.expand %x, %short : (tensor<3x1xf32>, tensor<1xi64>) -> tensor<3x4xf32>
  %zz = arith.constant dense<[2, 1, 0]> : tensor<3xi64>
  %2 = sonnx.expand %z, %zz : (tensor<0x1xi4>, tensor<3xi64>) -> tensor<2x0x0xi4>
  %3 = sonnx.expand %d, %short : (tensor<?x1xf64>, tensor<1xi64>) -> tensor<?x4xf64>
  %4 = sonnx.expand %x, %t : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x?xf32>
  %e3 = sonnx.expand %x, %n : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<2x3x7xf32>
  %e2 = sonnx.expand %x, %n : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<3x?xf32>
  %5 = sonnx.expand %x, %n : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<*xf32>
  %m = arith.constant dense<[2, 3, 1, 4]> : tensor<4xi64>
  %6 = sonnx.expand %x, %m {axes_mapping = array<i64: 1, 2>} : (tensor<3x1xf32>, tensor<4xi64>) -> tensor<2x3x1x4xf32>
  %m2 = arith.constant dense<[3, 3, 1, 4]> : tensor<4xi64>
  %7 = sonnx.expand %x, %m2 {axes_mapping = array<i64: 0, 3>} : (tensor<3x1xf32>, tensor<4xi64>) -> tensor<3x3x1x4xf32>
  return
}
