// RUN: sonnx-opt %s -split-input-file -verify-diagnostics

// #sonnx.rule<"ID"> is parsed strictly: the angle brackets and the quoted
// rule ID are required, each missing piece an error at its place (an
// unknown ID: test/Conversion/AssertToLLVM/status-return.mlir).

func.func @no_brackets(%a: i1) {
  // expected-error @+1 {{expected '<'}}
  cf.assert %a, "x" {sonnx.rule = #sonnx.rule}
  return
}

// -----

func.func @unquoted(%a: i1) {
  // expected-error @+1 {{expected string}}
  cf.assert %a, "x" {sonnx.rule = #sonnx.rule<reshape>}
  return
}

// -----

func.func @trailing(%a: i1) {
  // expected-error @+1 {{expected '>'}}
  cf.assert %a, "x" {sonnx.rule = #sonnx.rule<"reshape.count" x>}
  return
}
