// RUN: sonnx-opt %s -allow-unregistered-dialect --sonnx-make-entry-function=function=main -verify-diagnostics

// An op of unknown semantics may hold a symbol table and refer to the entry
// function from it: the pass cannot show that nothing it compiles calls the
// entry function (whose signature it changes), and refuses.

// expected-error @+1 {{cannot tell which ops refer to 'main': the module holds an op that may define a symbol table the pass does not know}}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
"test.unknown"() ({
^bb0:
}) : () -> ()
