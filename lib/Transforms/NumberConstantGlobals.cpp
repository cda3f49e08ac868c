//===- NumberConstantGlobals.cpp - deterministic constant globals ---------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// One-Shot Bufferize makes a `memref.global` of each tensor constant, named
// after its type and numbered in the order in which it visits the
// functions ("__constant_2xi64", "__constant_2xi64_0", ...), and puts each
// at the start of the module. With function boundaries, that order follows
// a map keyed by pointers: the same input gave different outputs from run
// to run (names, and the order of the globals). People who certify a build
// expect the same bytes from the same input.
//
// This pass renumbers those globals in the order of their first use in the
// module (a walk, in program order), with bufferization's own scheme (the
// first of a type keeps the bare name, the next ones take _0, _1, ...),
// places them at the start of the module in that order, and erases the
// ones nothing uses.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace sonnx {
#define GEN_PASS_DEF_NUMBERCONSTANTGLOBALSPASS
#include "SONNX/Transforms/Passes.h.inc"
} // namespace sonnx
} // namespace mlir

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kPrefix = "__constant_";

/// Bufferization's name of a constant of `name`'s type: `name` without the
/// "_N" that made it unique (a type's name never ends in one).
llvm::StringRef getStem(llvm::StringRef name) {
  size_t underscore = name.rfind('_');
  if (underscore == llvm::StringRef::npos || underscore < kPrefix.size() ||
      underscore + 1 == name.size())
    return name;
  llvm::StringRef suffix = name.drop_front(underscore + 1);
  if (!llvm::all_of(suffix, llvm::isDigit))
    return name;
  return name.take_front(underscore);
}

struct NumberConstantGlobalsPass
    : public sonnx::impl::NumberConstantGlobalsPassBase<
          NumberConstantGlobalsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();
    llvm::DenseMap<StringAttr, memref::GlobalOp> constants;
    llvm::StringSet<> otherSymbols;
    for (Operation &op : module.getOps()) {
      auto global = dyn_cast<memref::GlobalOp>(op);
      if (global && global.getConstant() && global.isPrivate() &&
          global.getSymName().starts_with(kPrefix))
        constants.try_emplace(global.getSymNameAttr(), global);
      else if (auto name = op.getAttrOfType<StringAttr>(
                   SymbolTable::getSymbolAttrName()))
        otherSymbols.insert(name.getValue());
    }
    if (constants.empty())
      return markAllAnalysesPreserved();

    // The constants in the order of their first use, and their uses.
    SmallVector<memref::GlobalOp> order;
    llvm::DenseMap<StringAttr, SmallVector<memref::GetGlobalOp>> uses;
    module.walk([&](memref::GetGlobalOp get) {
      StringAttr name = get.getNameAttr().getAttr();
      auto it = constants.find(name);
      if (it == constants.end())
        return;
      auto [entry, first] = uses.try_emplace(name);
      if (first)
        order.push_back(it->second);
      entry->second.push_back(get);
    });

    // New names: per stem, the bare stem first, then stem_0, stem_1, ...
    llvm::StringMap<int64_t> next;
    SmallVector<StringAttr> names;
    for (memref::GlobalOp global : order) {
      std::string stem = getStem(global.getSymName()).str();
      std::string name;
      do {
        int64_t &k = next.try_emplace(stem, -1).first->second;
        name = k < 0 ? stem : stem + "_" + std::to_string(k);
        ++k;
      } while (otherSymbols.contains(name));
      names.push_back(StringAttr::get(context, name));
    }
    for (auto [global, name] : llvm::zip(order, names)) {
      for (memref::GetGlobalOp get : uses[global.getSymNameAttr()])
        get.setNameAttr(FlatSymbolRefAttr::get(name));
    }
    // Renamed after every use is: no name is looked up in between.
    for (auto [global, name] : llvm::zip(order, names))
      global.setSymNameAttr(name);

    // Unused constants go; the others stand first, in order.
    for (auto &[name, global] : constants)
      if (!uses.count(name))
        global.erase();
    Block *body = module.getBody();
    for (memref::GlobalOp global : llvm::reverse(order))
      global->moveBefore(body, body->begin());
  }
};

} // namespace
