//===- sonnx-jit-api-test.cpp - JITFunction::call on splat arguments ------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Calls a compiled function through JITFunction::call (JITRunner.h) with
// splat arguments, which only the C++ API can pass: one whose type has 2^64
// elements, which the call must refuse before packing (its buffer could not
// hold it; checkCallArguments), and valid ones, which must run. Then calls
// that break a run-time check, whose error must give the rule as data
// (JITRunError::getRule): a check of the lowering, and a check written by
// hand whose message cites a rule in its text but that has no sonnx.rule
// attribute, which names none. Prints one line per call for jit-api.test.
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

static const char *const kChecks = R"mlir(
func.func @reshape(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @by_hand(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<6xf32> {
  %false = arith.constant false
  cf.assert %false, "no attribute [reshape.count]"
  return %x : tensor<6xf32>
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

/// Calls function `name` of kChecks on 6 elements and shape [4, 2] and
/// prints the rule of the error, if any.
static void callChecks(MLIRContext &context, llvm::StringRef name) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kChecks, &context);
  auto function =
      module ? JITFunction::compile(std::move(module), name)
             : llvm::Expected<std::unique_ptr<JITFunction>>(
                   llvm::createStringError("the module does not parse"));
  if (!function) {
    llvm::outs() << name << ": " << llvm::toString(function.takeError())
                 << "\n";
    return;
  }
  Type f32 = Float32Type::get(&context);
  auto data = DenseElementsAttr::get(RankedTensorType::get({6}, f32), 1.0f);
  auto shape = DenseElementsAttr::get(
      RankedTensorType::get({2}, IntegerType::get(&context, 64)),
      llvm::ArrayRef<int64_t>{4, 2});
  auto results = (*function)->call({data, shape});
  llvm::outs() << name << ": ";
  if (results) {
    llvm::outs() << "no error\n";
    return;
  }
  llvm::handleAllErrors(results.takeError(), [&](const JITRunError &error) {
    std::optional<RuleID> rule = error.getRule();
    JITRunFailure kind = error.getKind();
    llvm::outs() << (kind == JITRunFailure::RuntimeCheck ? "run-time check"
                     : kind == JITRunFailure::Crash      ? "crash"
                                                         : "other failure")
                 << ", rule "
                 << (rule ? getRuleText(*rule) : llvm::StringRef("none"))
                 << ", status " << (rule ? getRuleStatus(*rule) : 0) << "\n";
  });
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
  callChecks(context, "reshape");
  callChecks(context, "by_hand");
  return 0;
}
