// --sonnx-convert-to-emitc on index values, which the C output holds in
// size_t (unsigned): arith.divui and arith.remui become C's / and % of
// size_t, which compute the same values; an op that reads index values as
// signed (divsi, remsi, ceildivsi, floordivsi, minsi, maxsi, shrsi) is an
// error naming it: C's / of size_t would give (0 - 4) / 2 = 2^63 - 2, not -2
// (LLVM 22's conversion writes exactly that). The same ops of integers
// (signed C types) are converted.
// RUN: sonnx-opt %s --split-input-file --verify-diagnostics --sonnx-convert-to-emitc | FileCheck %s

// (The function keeps its index signature here, converted to size_t at its
// boundary: upstream converts the function with the memref signatures.)
// CHECK-LABEL: func.func @unsigned_index(
// CHECK-DAG: %[[N:.*]] = builtin.unrealized_conversion_cast %arg1 : index to !emitc.size_t
// CHECK-DAG: %[[I:.*]] = builtin.unrealized_conversion_cast %arg0 : index to !emitc.size_t
// CHECK: %[[Q:.*]] = emitc.div %[[I]], %[[N]] : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
// CHECK: %[[R:.*]] = emitc.rem %[[I]], %[[N]] : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
func.func @unsigned_index(%i: index, %n: index) -> (index, index) {
  %q = arith.divui %i, %n : index
  %r = arith.remui %i, %n : index
  return %q, %r : index, index
}

// -----

// Signed division of integers: a C type of its own sign.
// CHECK-LABEL: func.func @signed_integers(
// CHECK: emitc.div %arg0, %arg1 : (i64, i64) -> i64
// CHECK: emitc.rem %arg0, %arg1 : (i64, i64) -> i64
func.func @signed_integers(%i: i64, %n: i64) -> (i64, i64) {
  %q = arith.divsi %i, %n : i64
  %r = arith.remsi %i, %n : i64
  return %q, %r : i64, i64
}

// -----

func.func @divsi(%i: index, %n: index) -> index {
  // expected-error @+1 {{the C output holds index values in size_t, which is unsigned: 'arith.divsi' reads them as signed and has no C operator on size_t (an unsigned op, such as arith.divui, when the values are never negative)}}
  %q = arith.divsi %i, %n : index
  return %q : index
}

// -----

func.func @remsi(%i: index, %n: index) -> index {
  // expected-error @+1 {{'arith.remsi' reads them as signed}}
  %q = arith.remsi %i, %n : index
  return %q : index
}

// -----

func.func @ceildivsi(%i: index, %n: index) -> index {
  // expected-error @+1 {{'arith.ceildivsi' reads them as signed}}
  %q = arith.ceildivsi %i, %n : index
  return %q : index
}

// -----

func.func @floordivsi(%i: index, %n: index) -> index {
  // expected-error @+1 {{'arith.floordivsi' reads them as signed}}
  %q = arith.floordivsi %i, %n : index
  return %q : index
}

// -----

func.func @minsi(%i: index, %n: index) -> index {
  // expected-error @+1 {{'arith.minsi' reads them as signed}}
  %q = arith.minsi %i, %n : index
  return %q : index
}

// -----

func.func @maxsi(%i: index, %n: index) -> index {
  // expected-error @+1 {{'arith.maxsi' reads them as signed}}
  %q = arith.maxsi %i, %n : index
  return %q : index
}

// -----

func.func @shrsi(%i: index, %n: index) -> index {
  // expected-error @+1 {{'arith.shrsi' reads them as signed}}
  %q = arith.shrsi %i, %n : index
  return %q : index
}

// -----

// arith.divui and arith.remui of integers other than index are not ours:
// upstream's conversion divides their unsigned view (casts to ui32 and back).
// CHECK-LABEL: func.func @unsigned_integers(
// CHECK: %[[A:.*]] = emitc.cast %arg0 : i32 to ui32
// CHECK: %[[B:.*]] = emitc.cast %arg1 : i32 to ui32
// CHECK: %[[Q:.*]] = emitc.div %[[A]], %[[B]] : (ui32, ui32) -> ui32
// CHECK: emitc.cast %[[Q]] : ui32 to i32
// CHECK: emitc.rem %{{.*}}, %{{.*}} : (ui32, ui32) -> ui32
func.func @unsigned_integers(%a: i32, %b: i32) -> (i32, i32) {
  %q = arith.divui %a, %b : i32
  %r = arith.remui %a, %b : i32
  return %q, %r : i32, i32
}
