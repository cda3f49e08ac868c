//===- Validation.h - Check an object against the index map -----*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The dynamic half of the validation of an object (docs/deployment.md,
// "Validating the object"). Every function sonnx compiles is a
// data-oblivious gather: each output element is a copy of one input
// element or of a constant, chosen by the shapes and never by the data
// (the static half, --sonnx-check-data-oblivious, checks that on the LLVM
// IR). Then a few runs decide the function for every input: the object
// runs on inputs whose elements carry their own global index as bits, and
// every output element shows which input element (or constant) it holds.
// validateFunction compares that, for every element of every output, with
// the index map that traceOutputSources derives from the specifications
// (IndexMaps.h). Its front ends: AOTExecutable::validate (an object or C
// source in the program of sonnx-run's aot mode, AOTRunner.h) and
// JITFunction::validate (the JIT's code, JITRunner.h).
//
// The tags (global index g + 1 over all input elements, in chunks):
//   - integers and bool: the chunk in the element's bits (1 for bool, 4 for
//     int4 and uint4, else the width);
//   - floats: the chunk in the mantissa below the quiet bit, lowest bit set,
//     once as signaling NaNs (an x87 load quiets them) and once as
//     subnormals (a flush-to-zero unit clears them); complex elements the
//     same in both parts, the imaginary part negative;
//   - strings: distinct texts.
// Every run is followed by one with each chunk complemented, so that a
// constant cannot pass for a copy. Outputs are pre-filled with the
// complement of what each element must hold, so that an element left
// unwritten shows.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_RUNTIME_VALIDATION_H
#define SONNX_RUNTIME_VALIDATION_H

#include "SONNX/Analysis/IndexMaps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace sonnx {

/// What a validation found.
struct ValidationReport {
  /// How many times the function ran, and the output elements compared
  /// over all runs.
  unsigned runs = 0;
  uint64_t comparedElements = 0;
  /// The tags of each run, for people: "run 3 of 8: f32 as subnormals,
  /// index bits 0-20, complemented".
  std::vector<std::string> runDescriptions;
  /// One message per output with a wrong element (its first, and how many
  /// over all runs), or the failure of a run; empty when the function is
  /// validated.
  std::vector<std::string> mismatches;

  bool isValidated() const { return mismatches.empty(); }
};

/// An input or output of a validated function: its name for messages, its
/// static type and element count.
struct ValidatedValue {
  std::string name;
  RankedTensorType type;
  int64_t elements = 0;
};

/// A function to validate: its inputs and outputs, where each output's
/// elements come from (traceOutputSources), and how to run it once.
struct ValidatedFunction {
  llvm::ArrayRef<ValidatedValue> inputs;
  llvm::ArrayRef<ValidatedValue> outputs;
  llvm::ArrayRef<OutputSource> sources;
  /// Runs the function on `stdinBytes`: the inputs one after the other in
  /// the storage of the C interface (a string as its 64-bit length and its
  /// bytes), then the outputs' pre-filled contents in the same form (which
  /// a function that allocates its outputs ignores); returns the outputs in
  /// that form.
  llvm::function_ref<llvm::Expected<std::string>(llvm::StringRef stdinBytes)>
      run;
};

/// Runs `function` on tagged inputs and compares every output element with
/// the index map of its sources. Errors (the validation cannot be carried
/// out): an output whose source is not known. A run that fails (a fault, a
/// timeout, a status code) is a mismatch of the report.
llvm::Expected<ValidationReport>
validateFunction(const ValidatedFunction &function);

/// The runs of a validation that succeeded; otherwise an error: "cannot
/// validate the compiled code: ..." when it could not be carried out, "the
/// validation of the compiled code failed: ..." with its mismatches.
llvm::Expected<unsigned>
requireValidated(llvm::Expected<ValidationReport> report);

/// How a program around an object for a target is built and run here.
struct ValidationHost {
  std::string cCompiler;
  std::vector<std::string> linkFlags;
  std::string emulator;
};

/// The host of `triple` (empty: this machine's): this machine's `cc`, or
/// for another architecture TRIPLE-gcc with -static under qemu-ARCH (e.g.
/// aarch64-linux-gnu-gcc and qemu-aarch64). A non-empty `cCompiler` or
/// `emulator` replaces the default.
ValidationHost getValidationHost(llvm::StringRef triple,
                                 llvm::StringRef cCompiler = "",
                                 llvm::StringRef emulator = "");

/// Prints a validated `report` for people: "validated: WHAT: ...", what the
/// static half covered (`staticHalf`) and the runs. (A report with
/// mismatches is the tools' errors, one line each.)
void printValidationReport(const ValidationReport &report, llvm::StringRef what,
                           llvm::StringRef staticHalf, llvm::raw_ostream &out);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_RUNTIME_VALIDATION_H
