func.func @small_limit() -> (tensor<2x2xi8>, tensor<3x2xi8>, tensor<100x100xi8>, tensor<2x3xi8>, tensor<3x2xi8>) {
  %c = arith.constant dense<[1, 2]> : tensor<2xi8>
  %s = arith.constant dense<[2, 2]> : tensor<2xi64>
  %0 = sonnx.expand %c, %s : (tensor<2xi8>, tensor<2xi64>) -> tensor<2x2xi8>
  %t = arith.constant dense<[3, 2]> : tensor<2xi64>
  %1 = sonnx.expand %c, %t : (tensor<2xi8>, tensor<2xi64>) -> tensor<3x2xi8>
  %five = arith.constant dense<5> : tensor<1x100xi8>
  %u = arith.constant dense<[100, 100]> : tensor<2xi64>
  %2 = sonnx.expand %five, %u : (tensor<1x100xi8>, tensor<2xi64>) -> tensor<100x100xi8>
  %six = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>
  %v = arith.constant dense<[2, 3]> : tensor<2xi64>
  %3 = sonnx.reshape %six, %v : (tensor<6xi8>, tensor<2xi64>) -> tensor<2x3xi8>
  %col = arith.constant dense<[[1], [2], [3]]> : tensor<3x1xi8>
  %4:2 = sonnx.broadcast %c, %col : (tensor<2xi8>, tensor<3x1xi8>) -> (tensor<3x2xi8>, tensor<3x2xi8>)
  return %0, %1, %2, %3, %4#0 : tensor<2x2xi8>, tensor<3x2xi8>, tensor<100x100xi8>, tensor<2x3xi8>, tensor<3x2xi8>
}
