//===- sonnx-jit-api-test.cpp - JITFunction::call on splat arguments ------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Calls a compiled function through JITFunction::call (JITRunner.h) with
// splat arguments, which only the C++ API can pass: one whose type has 2^64
// elements, which the call must refuse before packing (its buffer could not
// hold it; checkCallArguments), and valid ones, which must run. Prints one
// line per call for jit-api.test.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Runtime/JITRunner.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sonnx;

static const char *const kModule = R"mlir(
func.func @main(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}
)mlir";

static void call(const JITFunction &function, RankedTensorType type) {
  auto argument = DenseElementsAttr::get(type, 1.5f);
  llvm::outs() << "call on " << type << ": ";
  auto results = function.call({argument});
  if (!results) {
    llvm::outs() << "error: " << llvm::toString(results.takeError()) << "\n";
    return;
  }
  llvm::outs() << "result of type " << results->front().getType() << "\n";
}

int main() {
  DialectRegistry registry;
  registerJITRunnerDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  initializeJITRunnerTarget();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kModule, &context);
  if (!module) {
    llvm::errs() << "the module does not parse\n";
    return 1;
  }
  auto function = JITFunction::compile(std::move(module), "main");
  if (!function) {
    llvm::errs() << llvm::toString(function.takeError()) << "\n";
    return 1;
  }
  Type f32 = Float32Type::get(&context);
  call(**function, RankedTensorType::get({4611686018427387904, 4}, f32));
  call(**function, RankedTensorType::get({3, 4}, f32));
  call(**function, RankedTensorType::get({0, 4}, f32));
  return 0;
}
