//===- PrepareCEntry.cpp - the compute function of the C output -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// `--sonnx-prepare-c-entry` (Passes.td): the EmitC entry function
// `PREFIX_run` becomes the internal `PREFIX_compute`, its arguments named
// and typed as the header's parameters (`sonnx.c_parameters`,
// CAttributes.h), those it does not use removed. Moved from the C emitter
// (emitCSource: the renaming, bindParameters, usePointerParameters and the
// names of the parameters), which rewrote the module it printed.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/Passes.h"
#include "SONNX/Conversion/ToEmitC/CAttributes.h"
#include "SONNX/Support/CElementTypes.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>
#include <string>

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_SONNXPREPARECENTRYPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;
using namespace mlir::sonnx;

namespace {

/// One entry of `sonnx.c_parameters`.
struct HeaderParameter {
  StringAttr name, identifier;
  RankedTensorType type;
  /// The row of the type's elements in the table of C element types.
  CElementType row;
  bool isOutput = false;
};

/// The entries of the `sonnx.c_parameters` of `func`, or an error at
/// `func` that names the attribute, the entry and the field.
FailureOr<SmallVector<HeaderParameter>> readParameters(emitc::FuncOp func) {
  Attribute attr = func->getAttr(kCParametersAttrName);
  if (!attr)
    return func.emitError()
           << "the entry function '" << func.getSymName() << "' has no '"
           << kCParametersAttrName << "' (the header's parameters)";
  auto entries = dyn_cast<ArrayAttr>(attr);
  if (!entries)
    return func.emitError() << "'" << kCParametersAttrName
                            << "' is not an array of dictionaries";
  SmallVector<HeaderParameter> params;
  for (auto [i, entry] : llvm::enumerate(entries)) {
    auto dictionary = dyn_cast<DictionaryAttr>(entry);
    if (!dictionary)
      return func.emitError()
             << "entry " << i << " of '" << kCParametersAttrName
             << "' is not a dictionary";
    auto fail = [&, i = i](llvm::StringRef field, llvm::StringRef what) {
      return func.emitError()
             << "entry " << i << " of '" << kCParametersAttrName << "' needs '"
             << field << "', " << what;
    };
    HeaderParameter param;
    param.name = dictionary.getAs<StringAttr>("name");
    param.identifier = dictionary.getAs<StringAttr>("identifier");
    auto type = dictionary.getAs<TypeAttr>("type");
    auto output = dictionary.getAs<BoolAttr>("output");
    if (!param.name)
      return fail("name", "a string");
    if (!param.identifier)
      return fail("identifier", "a string");
    param.type =
        type ? dyn_cast<RankedTensorType>(type.getValue()) : RankedTensorType();
    if (!param.type)
      return fail("type", "a ranked tensor type");
    if (!output)
      return fail("output", "a bool");
    std::optional<CElementType> row =
        lookupCElementType(param.type.getElementType());
    if (!row)
      return func.emitError()
             << "entry " << i << " of '" << kCParametersAttrName
             << "' has the type " << param.type
             << ", whose elements the C output has no type for";
    param.row = *row;
    param.isOutput = output.getValue();
    params.push_back(param);
  }
  return params;
}

/// Whether the argument type `type` is a one-dimensional array of the C
/// source's element type of `param` (no cast between element types:
/// Frama-C's WP, with its Typed memory model, would not relate the memory
/// of the two).
bool isHeaderArray(Type type, const HeaderParameter &param) {
  auto array = dyn_cast<emitc::ArrayType>(type);
  if (!array || array.getRank() != 1)
    return false;
  std::optional<std::string> element =
      getCSourceElementType(array.getElementType());
  return element && param.row.sourceName == *element;
}

/// The text of `PREFIX_run` (`run`): the header's prototype of `params`,
/// the pointers that `compute` does not take (`unused`) voided, the others
/// passed on.
std::string writeRun(llvm::StringRef run, llvm::StringRef compute,
                     llvm::ArrayRef<HeaderParameter> params,
                     const llvm::BitVector &unused) {
  std::string text = ("int32_t " + run + "(").str();
  llvm::SmallVector<std::string> passed;
  std::string voided;
  for (auto [i, param] : llvm::enumerate(params)) {
    if (i != 0)
      text += ", ";
    text += declareCPointerParameter(param.row.interfaceName, param.identifier,
                                     param.isOutput);
    if (unused.test(i))
      voided += "  (void)" + param.identifier.str() + ";\n";
    else
      passed.push_back(param.identifier.str());
  }
  return text + ") {\n" + voided + "  return " + compute.str() + "(" +
         llvm::join(passed, ", ") + ");\n}\n";
}

struct SONNXPrepareCEntryPass
    : public mlir::sonnx::impl::SONNXPrepareCEntryPassBase<
          SONNXPrepareCEntryPass> {
  using SONNXPrepareCEntryPassBase::SONNXPrepareCEntryPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (prefix.empty()) {
      module.emitError() << "--sonnx-prepare-c-entry needs the prefix of "
                            "the C names (prefix)";
      return signalPassFailure();
    }
    std::string run = prefix + "_run", compute = prefix + "_compute";
    auto func = module.lookupSymbol<emitc::FuncOp>(run);
    if (!func) {
      module.emitError() << (module.lookupSymbol(run)
                                 ? "the lowering left the entry function '" +
                                       run + "' outside the EmitC dialect"
                                 : "the module has no entry function '" + run +
                                       "'");
      return signalPassFailure();
    }
    if (module.lookupSymbol(compute)) {
      module.emitError() << "the module already has a symbol '" << compute
                         << "'";
      return signalPassFailure();
    }
    FailureOr<SmallVector<HeaderParameter>> params = readParameters(func);
    if (failed(params))
      return signalPassFailure();
    if (func.getNumArguments() != params->size()) {
      func.emitError() << "the lowered entry function takes "
                       << func.getNumArguments() << " arrays for the header's "
                       << params->size() << " parameters";
      return signalPassFailure();
    }
    MLIRContext *context = module.getContext();
    llvm::BitVector unused(params->size());
    for (auto [i, param] : llvm::enumerate(*params)) {
      if (func.getArgument(i).use_empty()) {
        unused.set(i);
        continue;
      }
      Type type = func.getArgumentTypes()[i];
      if (!isHeaderArray(type, param)) {
        func.emitError() << "the lowered entry function takes " << type
                         << " for " << (param.isOutput ? "output '" : "input '")
                         << param.name.getValue()
                         << "', which the C output does not pass as the "
                            "header's "
                         << param.row.interfaceName << " *";
        return signalPassFailure();
      }
      func.setArgAttr(i, kCNameAttrName, param.identifier);
      func.setArgAttr(i, kCPointerAttrName,
                      StringAttr::get(context, param.isOutput ? "" : "const"));
      if (restrict)
        func.setArgAttr(i, kCRestrictAttrName, UnitAttr::get(context));
    }
    if (failed(func.eraseArguments(unused))) {
      func.emitError() << "cannot remove the unused parameters from '" << run
                       << "'";
      return signalPassFailure();
    }
    func.setSymName(compute);
    func.setSpecifiersAttr(Builder(context).getStrArrayAttr({"static"}));
    // PREFIX_run, which the header declares, after the compute function
    // that it calls (the C emitter puts its contract before it).
    OpBuilder builder(context);
    builder.setInsertionPointAfter(func);
    emitc::VerbatimOp::create(builder, func.getLoc(),
                              writeRun(run, compute, *params, unused));
  }
};

} // namespace
