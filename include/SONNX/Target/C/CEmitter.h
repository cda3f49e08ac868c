//===- CEmitter.h - C source of a compiled sonnx function -------*- C++ -*-===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The C side of ahead-of-time compilation (sonnx-compile, docs/deployment.md),
// as upstream's lib/Target/Cpp is the C++ side of EmitC: the C names and
// types of the interface, the C99 source of a module that `--sonnx-to-emitc`
// lowered (emitCSource: loop bounds, comments, ACSL contracts, printed by
// CPrinter.cpp with the names the annotations use), and the harness of a
// static analysis of that source.
// The runtime (lib/Runtime/AOTCompiler.cpp, SONNXAOT) checks the function,
// lowers it and calls these; nothing here depends on the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SONNX_TARGET_C_CEMITTER_H
#define SONNX_TARGET_C_CEMITTER_H

#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXRules.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace sonnx {

struct CFunctionalSpec;

/// One parameter of the entry function `PREFIX_run`: the inputs, then the
/// outputs, in order.
struct AOTParameter {
  /// The name in the model (or input_K / output_K).
  std::string name;
  /// The C identifier of the parameter, also in the header's macros
  /// (PREFIX_<IDENTIFIER>_ELEMENTS, ..._RANK, ..._SHAPE; PREFIX upper case).
  std::string identifier;
  RankedTensorType type;
  /// The number of elements of `type` (PREFIX_<IDENTIFIER>_ELEMENTS),
  /// counted once by SizeProduct.h when the signature is checked: 0 when a
  /// size is 0; a type whose bytes int64 cannot count is refused.
  int64_t elements = 0;
  /// The C type of one element ("float", "uint16_t", ...).
  std::string cElementType;
  bool isOutput = false;
};

/// A compiled sonnx op, as the header and the comments of the C output
/// list it.
struct CompiledNode {
  /// How messages name it (describeOp).
  std::string label;
  /// Its ONNX node, when it comes from one.
  std::optional<ONNXNodeAttr> node;
  /// "sonnx.reshape".
  std::string opName;
  /// The rules its verification decided, and those left to run time.
  llvm::SmallVector<RuleID> decided, deferred;

  /// "checked at compile time: ...", and on a second line "checked at run
  /// time (status codes): ..." when a rule is left to run time.
  std::string getCheckedLines() const {
    std::string text = "checked at compile time: " + formatRules(decided);
    if (!deferred.empty())
      text += "\nchecked at run time (status codes): " + formatRules(deferred);
    return text;
  }
};

/// What the C source and the harness take of the compile options
/// (AOTCompileOptions, which the runtime declares).
struct CEmitterOptions {
  /// The prefix of every C name the header declares (a C identifier).
  std::string prefix;
  /// The header file name the C source includes (default PREFIX.h).
  std::string headerName;
  /// The model file, for the comment of the C source.
  std::string sourceName;
};

/// Turns `name` into a C identifier: characters outside [A-Za-z0-9_]
/// become '_', a leading digit or an empty name get a "v_" prefix, a C
/// keyword an '_' suffix.
std::string sanitizeCIdentifier(llvm::StringRef name);

/// The C type of one element of `type` in the interface, or nullopt when
/// the C interface has none.
std::optional<std::string> getCElementType(Type type);

/// `text` safe inside a C block comment on one line.
std::string commentSafe(llvm::StringRef text);

/// "d0 x d1 x ..." or "scalar".
std::string formatShape(ArrayRef<int64_t> shape);

/// The declaration of `param` in the prototype of PREFIX_run.
std::string declareParameter(const AOTParameter &param);

/// The header's `params` as the attribute of the entry function from which
/// `--sonnx-prepare-c-entry` makes it the C output's compute function
/// (kCParametersAttrName, SONNX/Conversion/ToEmitC/CAttributes.h).
ArrayAttr getCParametersAttr(MLIRContext *context,
                             llvm::ArrayRef<AOTParameter> params);

/// Translates the EmitC `module` (the function PREFIX_compute, lowered by
/// `--sonnx-to-emitc` and prepared by `--sonnx-prepare-c-entry`, and
/// PREFIX_status_rule, built by `--sonnx-add-status-rule-to-emitc`) to C99
/// source: PREFIX_run as the header declares it, after the translated
/// function, which it calls, then PREFIX_status_rule, printed as the rest
/// of the module is. `nodes`
/// and `rules` as the header lists them; `producers`: for each output, the
/// label of the node whose value it is, or empty. `spec`: what the outputs
/// hold (specifyCFunction, CSpecification.h), which the contracts state
/// when the loop annotations can carry it (every loop nest one copy).
llvm::Expected<std::string>
emitCSource(ModuleOp module, const CEmitterOptions &options,
            llvm::ArrayRef<AOTParameter> params,
            llvm::ArrayRef<CompiledNode> nodes, llvm::ArrayRef<RuleID> rules,
            llvm::ArrayRef<std::string> producers, const CFunctionalSpec &spec);

/// The C source of the analysis harness of `params` (writeAnalysisHarness
/// in SONNX/Runtime/AOTCompiler.h).
std::string writeCAnalysisHarness(const CEmitterOptions &options,
                                  llvm::ArrayRef<AOTParameter> params);

} // namespace sonnx
} // namespace mlir

#endif // SONNX_TARGET_C_CEMITTER_H
