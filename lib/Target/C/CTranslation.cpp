//===- CTranslation.cpp - EmitC to C99, as a translation ------------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// printCSource: the names of the parameters (kCNameAttrName) and of the
// globals, then CPrinter.cpp; registerToCTranslation: `--mlir-to-c`.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/C/CTranslation.h"

#include "CPrinter.h"

#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "SONNX/Support/TensorUtils.h"
#include "SONNX/Target/C/CEmitter.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

#include <string>

using namespace mlir;
using namespace mlir::sonnx;

/// Whether the pointer attributes of parameter `k` of `func`
/// (kCPointerAttrName, kCRestrictAttrName) are ones the printer takes.
static llvm::Error checkPointerParameter(emitc::FuncOp func, unsigned k) {
  std::string where = "parameter " + std::to_string(k) + " of '" +
                      func.getSymName().str() + "'";
  Attribute pointer = func.getArgAttr(k, kCPointerAttrName);
  Attribute restrict = func.getArgAttr(k, kCRestrictAttrName);
  if (restrict && !isa<UnitAttr>(restrict))
    return makeError(where + " has a '" + kCRestrictAttrName +
                     "' that is not a unit attribute");
  if (restrict && !pointer)
    return makeError(where + " has '" + kCRestrictAttrName + "' without '" +
                     kCPointerAttrName + "'");
  if (!pointer)
    return llvm::Error::success();
  auto qualifier = dyn_cast<StringAttr>(pointer);
  if (!qualifier ||
      !(qualifier.getValue().empty() || qualifier.getValue() == "const"))
    return makeError(where + " has a '" + kCPointerAttrName +
                     "' that is neither \"const\" nor \"\"");
  auto array = dyn_cast<emitc::ArrayType>(func.getArgument(k).getType());
  if (!array || array.getRank() != 1)
    return makeError(where + " has a '" + kCPointerAttrName + "' but is " +
                     formatType(func.getArgument(k).getType()) +
                     ", not a one-dimensional array");
  return llvm::Error::success();
}

/// The names of the values of `func`: its parameters' kCNameAttrName
/// (else aK), checked, and the file-scope `globals`.
static llvm::Expected<CNames>
getFunctionNames(emitc::FuncOp func, llvm::ArrayRef<std::string> globals) {
  llvm::SmallVector<std::string> parameters;
  llvm::StringSet<> seen;
  for (unsigned k = 0; k < func.getNumArguments(); ++k) {
    auto attr = func.getArgAttr(k, kCNameAttrName);
    auto name = dyn_cast_or_null<StringAttr>(attr);
    if (attr && !name)
      return makeError("parameter " + llvm::Twine(k) + " of '" +
                       func.getSymName() + "' has a '" + kCNameAttrName +
                       "' that is not a string");
    std::string text = name ? name.str() : "a" + std::to_string(k);
    if (sanitizeCIdentifier(text) != text)
      return makeError("parameter " + llvm::Twine(k) + " of '" +
                       func.getSymName() + "' is named '" + text + "' (" +
                       kCNameAttrName +
                       "), which is not a C identifier or is a keyword");
    if (llvm::Error error = checkPointerParameter(func, k))
      return std::move(error);
    if (!seen.insert(text).second)
      return makeError("parameters of '" + func.getSymName() +
                       "' share the name '" + text + "' (" + kCNameAttrName +
                       ")");
    parameters.push_back(std::move(text));
  }
  return CNames(parameters, globals);
}

llvm::Error mlir::sonnx::printCSource(ModuleOp module, llvm::raw_ostream &os) {
  llvm::SmallVector<std::string> globals = llvm::map_to_vector(
      module.getOps<emitc::GlobalOp>(),
      [](emitc::GlobalOp global) { return global.getSymName().str(); });
  return printCModule(
      module,
      [&](Operation *func) {
        return getFunctionNames(cast<emitc::FuncOp>(func), globals);
      },
      os);
}

void mlir::sonnx::registerToCTranslation() {
  static TranslateFromMLIRRegistration registration(
      "mlir-to-c",
      "Print a module of the EmitC ops that --sonnx-to-emitc produces as C99 "
      "source (the printer of sonnx-compile --emit=c)",
      [](Operation *op, llvm::raw_ostream &output) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("--mlir-to-c expects a builtin.module");
        // Nothing is written unless the whole module prints.
        std::string text;
        llvm::raw_string_ostream os(text);
        if (llvm::Error error = printCSource(module, os))
          return module.emitError(llvm::toString(std::move(error)));
        output << text;
        return success();
      },
      [](DialectRegistry &registry) {
        // func: so that a module not yet lowered parses, and the printer
        // names the op it does not take.
        registry.insert<emitc::EmitCDialect, func::FuncDialect>();
      });
}
