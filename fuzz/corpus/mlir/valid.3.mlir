func.func @flatten_edges(%s: tensor<f32>, %x: tensor<2x3x4xf32>, %d: tensor<2x?x0xi1>) {
  %0 = sonnx.flatten %s {axis = 0 : i64} : (tensor<f32>) -> tensor<1x1xf32>
  %1 = sonnx.flatten %x {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
  %2 = sonnx.flatten %x {axis = 3 : i64} : (tensor<2x3x4xf32>) -> tensor<24x1xf32>
  %3 = sonnx.flatten %x {axis = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %4 = sonnx.flatten %x {axis = -3 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
  %5 = sonnx.flatten %d {axis = 2 : i64} : (tensor<2x?x0xi1>) -> tensor<?x0xi1>
  %7 = sonnx.flatten %d {axis = 2 : i64} : (tensor<2x?x0xi1>) -> tensor<6x0xi1>
  %6 = sonnx.flatten %d {axis = 1 : i64} : (tensor<2x?x0xi1>) -> tensor<2x0xi1>
  return
}
