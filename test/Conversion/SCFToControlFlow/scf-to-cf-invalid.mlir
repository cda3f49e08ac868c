// RUN: sonnx-opt %s --sonnx-convert-scf-to-cf -split-input-file -verify-diagnostics

// No pattern lowers an scf.forall with results (on tensors): an error, as
// upstream's "failed to legalize", not a crash or a half-lowered function.
func.func @forall_on_tensors(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'scf.forall' op cannot be lowered to the cf dialect by the scf-to-cf patterns}}
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %o into %o[0] [4] [1] : tensor<4xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}
