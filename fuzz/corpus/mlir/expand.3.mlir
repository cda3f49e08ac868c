func.func @dynamic_runtime(%x: tensor<?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %y = sonnx.expand %x, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
