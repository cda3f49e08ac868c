func.func @broadcast_edges(%s: tensor<f16>, %x: tensor<0x1xi64>, %y: tensor<1xui8>, %d: tensor<?x4xf32>, %e: tensor<3x1xbf16>) {
  %0 = sonnx.broadcast %s : (tensor<f16>) -> tensor<f16>
  %1:3 = sonnx.broadcast %s, %x, %y : (tensor<f16>, tensor<0x1xi64>, tensor<1xui8>) -> (tensor<0x1xf16>, tensor<0x1xi64>, tensor<0x1xui8>)
  %2:2 = sonnx.broadcast %d, %e : (tensor<?x4xf32>, tensor<3x1xbf16>) -> (tensor<3x4xf32>, tensor<3x4xbf16>)
  %4:2 = sonnx.broadcast %d, %y : (tensor<?x4xf32>, tensor<1xui8>) -> (tensor<5x4xf32>, tensor<?x4xui8>)
  %3:2 = sonnx.broadcast %d, %y : (tensor<?x4xf32>, tensor<1xui8>) -> (tensor<?x4xf32>, tensor<?x?xui8>)
  return
}
