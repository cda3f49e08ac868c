// Modules that sonnx-compile refuses (test/Deploy/errors.test), one per
// function, compiled with --function.
func.func @dynamic_input(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  return %x : tensor<?x3xf32>
}
func.func @dynamic_value(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> tensor<6xf32> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %f = arith.constant dense<[6]> : tensor<1xi64>
  %z = sonnx.reshape %y, %f : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<6xf32>
  return %z : tensor<6xf32>
}
func.func @shape_argument(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> tensor<3x2xf32> {
  %y = sonnx.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}
func.func @strings(%x: tensor<2x!sonnx.string>) -> tensor<2x!sonnx.string> {
  return %x : tensor<2x!sonnx.string>
}
func.func @complex(%x: tensor<2xcomplex<f16>>) -> tensor<2xcomplex<f16>> {
  return %x : tensor<2xcomplex<f16>>
}
func.func @wide_float(%x: tensor<2xf80>) -> tensor<2xf80> {
  return %x : tensor<2xf80>
}
func.func @wide_int(%x: tensor<2xi128>) -> tensor<2xi128> {
  return %x : tensor<2xi128>
}
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  return %x : tensor<*xf32>
}
// 2^64 elements: a header would have said 0 (the count wrapped).
func.func @too_many(%x: tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32> {
  return %x : tensor<4611686018427387904x4xf32>
}
// 2^61 elements of 8 bytes: the elements fit in int64, the bytes do not.
func.func @too_many_bytes(%x: tensor<2305843009213693952xf64>) -> tensor<2305843009213693952xf64> {
  return %x : tensor<2305843009213693952xf64>
}
// No element, although the product of the first two sizes overflows.
func.func @zero_after_overflow(%x: tensor<11x3632593533599455879x0xf32>) -> tensor<11x3632593533599455879x0xf32> {
  return %x : tensor<11x3632593533599455879x0xf32>
}
func.func @nothing() {
  return
}
func.func @recursive(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = call @helper(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func private @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = call @recursive(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func @external(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = call @outside(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func private @outside(tensor<2xf32>) -> tensor<2xf32>
func.func @loop(%x: tensor<2xf32>, %n: index) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %y = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> tensor<2xf32> {
    scf.yield %a : tensor<2xf32>
  }
  return %y : tensor<2xf32>
}
func.func @calls(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = call @twice(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %z = call @twice(%y) : (tensor<2xf32>) -> tensor<2xf32>
  return %z : tensor<2xf32>
}
func.func private @twice(%x: tensor<2xf32>) -> tensor<2xf32> {
  %s = arith.constant dense<[2]> : tensor<1xi64>
  %y = sonnx.reshape %x, %s : (tensor<2xf32>, tensor<1xi64>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
