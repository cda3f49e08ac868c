func.func @unsqueeze_edges(%s: tensor<f32>, %x: tensor<?x0xi8>, %a: tensor<2xi64>, %n: tensor<?xi64>) {
  %z = arith.constant dense<[0]> : tensor<1xi64>
  %0 = sonnx.unsqueeze %s, %z : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
  %u = arith.constant dense<[3, -4]> : tensor<2xi64>
  %1 = sonnx.unsqueeze %x, %u : (tensor<?x0xi8>, tensor<2xi64>) -> tensor<1x?x0x1xi8>
  %e = arith.constant dense<> : tensor<0xi64>
  %2 = sonnx.unsqueeze %x, %e : (tensor<?x0xi8>, tensor<0xi64>) -> tensor<?x0xi8>
  %3 = sonnx.unsqueeze %x, %a : (tensor<?x0xi8>, tensor<2xi64>) -> tensor<?x?x?x?xi8>
  %4 = sonnx.unsqueeze %x, %a : (tensor<?x0xi8>, tensor<2xi64>) -> tensor<1x?x0x1xi8>
  %u2 = sonnx.unsqueeze %s, %a : (tensor<f32>, tensor<2xi64>) -> tensor<1x1xf32>
  %5 = sonnx.unsqueeze %x, %n : (tensor<?x0xi8>, tensor<?xi64>) -> tensor<*xi8>
  %all = arith.constant dense<[-3, 1, 2]> : tensor<3xi64>
  %6 = sonnx.unsqueeze %s, %all : (tensor<f32>, tensor<3xi64>) -> tensor<1x1x1xf32>
  return
}
