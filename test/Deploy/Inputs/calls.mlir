// A function called twice, with its own buffer (the expand's result): once
// inlined, each call has storage of its own.
func.func private @repeat(%x: tensor<2xf32>) -> tensor<3x2xf32> {
  %s = arith.constant dense<[3, 2]> : tensor<2xi64>
  %y = sonnx.expand %x, %s : (tensor<2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %0 = func.call @repeat(%a) : (tensor<2xf32>) -> tensor<3x2xf32>
  %1 = func.call @repeat(%b) : (tensor<2xf32>) -> tensor<3x2xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x2xf32>
}
