//===- PrefixGlobals.cpp - the C output's prefix on the EmitC globals -----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// `--sonnx-prefix-c-globals` (Passes.td): the globals of the C output take
// its prefix. Moved from the C emitter (emitCSource), which renamed them in
// the module it printed.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Conversion/Passes.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"

#include <string>

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_SONNXPREFIXCGLOBALSPASS
#include "SONNX/Conversion/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

struct SONNXPrefixCGlobalsPass
    : public mlir::sonnx::impl::SONNXPrefixCGlobalsPassBase<
          SONNXPrefixCGlobalsPass> {
  using SONNXPrefixCGlobalsPassBase::SONNXPrefixCGlobalsPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (prefix.empty()) {
      module.emitError() << "--sonnx-prefix-c-globals needs the prefix of "
                            "the C names (prefix)";
      return signalPassFailure();
    }
    SymbolTable symbols(module);
    for (auto global :
         llvm::make_early_inc_range(module.getOps<emitc::GlobalOp>())) {
      std::string base = prefix + "_" + global.getSymName().ltrim('_').str();
      std::string name = base;
      for (int k = 2; symbols.lookup(name); ++k)
        name = base + "_" + std::to_string(k);
      if (failed(symbols.rename(global,
                                StringAttr::get(module.getContext(), name)))) {
        global.emitError() << "cannot rename the global to '" << name << "'";
        return signalPassFailure();
      }
    }
  }
};

} // namespace
