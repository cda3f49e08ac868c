func.func @merge_flattens(%x: tensor<?x3x4xf32>) -> (tensor<1x?xf32>, tensor<?x12xf32>, tensor<?x1xf32>) {
  %0 = sonnx.flatten %x {axis = 1 : i64} : (tensor<?x3x4xf32>) -> tensor<?x12xf32>
  %1 = sonnx.flatten %0 {axis = 0 : i64} : (tensor<?x12xf32>) -> tensor<1x?xf32>
  %2 = sonnx.flatten %0 {axis = -1 : i64} : (tensor<?x12xf32>) -> tensor<?x12xf32>
  %3 = sonnx.flatten %0 {axis = 2 : i64} : (tensor<?x12xf32>) -> tensor<?x1xf32>
  return %1, %2, %3 : tensor<1x?xf32>, tensor<?x12xf32>, tensor<?x1xf32>
}
