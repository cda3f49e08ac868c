func.func @fold_splat() -> (tensor<1000x1000xf32>, tensor<1000x1000xi1>, tensor<1000000xsi8>) {
  %c = arith.constant dense<1.5> : tensor<1xf32>
  %s = arith.constant dense<[1000, 1000]> : tensor<2xi64>
  %0 = sonnx.expand %c, %s : (tensor<1xf32>, tensor<2xi64>) -> tensor<1000x1000xf32>
  %t = arith.constant dense<true> : tensor<1000x1xi1>
  %u = arith.constant dense<false> : tensor<1x1000xi1>
  %1:2 = sonnx.broadcast %t, %u : (tensor<1000x1xi1>, tensor<1x1000xi1>) -> (tensor<1000x1000xi1>, tensor<1000x1000xi1>)
  %v = arith.constant dense<-3> : tensor<1000x1000xsi8>
  %m = arith.constant dense<[-1]> : tensor<1xi64>
  %2 = sonnx.reshape %v, %m : (tensor<1000x1000xsi8>, tensor<1xi64>) -> tensor<1000000xsi8>
  return %0, %1#0, %2 : tensor<1000x1000xf32>, tensor<1000x1000xi1>, tensor<1000000xsi8>
}
