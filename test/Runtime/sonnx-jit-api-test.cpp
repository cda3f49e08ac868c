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
// (JITRunError::getRule, from the status code the check reports): one
// check of each rule the lowering leaves to run time on the values of an
// argument, and a check written by hand whose message cites a rule in its
// text but that has no sonnx.rule attribute, which names none. Prints one
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

static const char *const kChecks = R"mlir(
func.func @reshape_count(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @reshape_below(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @reshape_minus1(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @reshape_zero_index(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @reshape_allowzero_minus1(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @unsqueeze_range(%x: tensor<6xf32>, %a: tensor<2xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
func.func @unsqueeze_twice(%x: tensor<6xf32>, %a: tensor<2xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}
func.func @expand_negative(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @expand_e1(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @callee(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @in_callee(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = func.call @callee(%x, %s) : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
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

/// Calls function `name` of kChecks on 6 elements and the shape or axes
/// `values` and prints the rule of the error, if any.
static void callChecks(MLIRContext &context, llvm::StringRef name,
                       llvm::ArrayRef<int64_t> values) {
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
      RankedTensorType::get({2}, IntegerType::get(&context, 64)), values);
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
  callChecks(context, "reshape_count", {4, 2});
  callChecks(context, "reshape_below", {-2, 3});
  callChecks(context, "reshape_minus1", {-1, -1});
  callChecks(context, "reshape_zero_index", {2, 0});
  callChecks(context, "reshape_allowzero_minus1", {0, -1});
  callChecks(context, "unsqueeze_range", {0, 5});
  callChecks(context, "unsqueeze_twice", {1, -2});
  callChecks(context, "expand_negative", {-1, 6});
  callChecks(context, "expand_e1", {2, 4});
  callChecks(context, "in_callee", {2, 4});
  callChecks(context, "reshape_count", {3, 2});
  callChecks(context, "by_hand", {4, 2});
  return 0;
}
