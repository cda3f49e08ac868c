//===- jit-run-fuzzer.cpp - fuzz compiled models with arbitrary inputs ----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Fuzz target: models of one or two sonnx ops whose data sizes and shape or
// axes values are known only at run time, compiled once through the JIT
// (JITRunner.h), called on inputs made from the fuzz bytes. The oracle is
// the compile-time verification of the same op on the same values
// (SONNXVerification.h): when it rejects them with rule R, the call must
// fail with a run-time check citing R (or, when several rules are broken,
// another rule that the op leaves to run time); when it accepts them, the
// call must succeed with the inferred shape and the values the op's
// definition gives (data moved unchanged for reshape, unsqueeze and
// flatten; the broadcast of each element for expand and broadcast).
//
// Input: byte 0 chooses the model; then, per data input, one byte per size
// (0..7); then per shape/axes value one byte b: b < 240 gives b % 24 - 4
// (-4..19), otherwise the next 8 bytes give any int64. Missing bytes read 0.
//
// Data elements hold bit patterns that a float conversion would change
// (elementBits: signaling NaNs with payloads, subnormals), and every result
// element is compared bit for bit: a shape op moves bits (docs/pipeline.md,
// "Bits are moved, never converted"). The models of 16-bit floats are
// compiled for the baseline CPU of an x86-64 host, which has no native
// bfloat16 or half, so that every machine compiles the same code.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "SONNX/Dialect/SONNX/IR/SONNXOps.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapes.h"
#include "SONNX/Dialect/SONNX/IR/SONNXVerification.h"
#include "SONNX/Runtime/JITRunner.h"
#include "SONNX/Support/SizeProduct.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

using namespace mlir;
using namespace mlir::sonnx;
using namespace mlir::sonnx::fuzz;

namespace {

/// The models: one function `@main` each, every argument size dynamic.
const char *const kModels[] = {
    // Reshape, allowzero = 0 and 1, to a rank fixed by the shape's length.
    R"mlir(func.func @main(%x: tensor<?x?xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
})mlir",
    R"mlir(func.func @main(%x: tensor<?x?xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.reshape %x, %s {allowzero = 1 : i64} : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
})mlir",
    R"mlir(func.func @main(%x: tensor<?x?x?xf32>, %s: tensor<1xi64>) -> tensor<?xf32> {
  %y = sonnx.reshape %x, %s : (tensor<?x?x?xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %y : tensor<?xf32>
})mlir",
    // Unsqueeze.
    R"mlir(func.func @main(%x: tensor<?x?xf32>, %a: tensor<2xi64>) -> tensor<?x?x?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
})mlir",
    R"mlir(func.func @main(%x: tensor<?xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %y = sonnx.unsqueeze %x, %a : (tensor<?xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
})mlir",
    // Expand.
    R"mlir(func.func @main(%x: tensor<?x?xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
})mlir",
    R"mlir(func.func @main(%x: tensor<?x?x?xf32>, %s: tensor<2xi64>) -> tensor<?x?x?xf32> {
  %y = sonnx.expand %x, %s : (tensor<?x?x?xf32>, tensor<2xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
})mlir",
    // Flatten.
    R"mlir(func.func @main(%x: tensor<?x?x?xf32>) -> tensor<?x?xf32> {
  %y = sonnx.flatten %x {axis = 2 : i64} : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
})mlir",
    // Broadcast.
    R"mlir(func.func @main(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %y:2 = sonnx.broadcast %a, %b : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  return %y#0, %y#1 : tensor<?x?xf32>, tensor<?x?xf32>
})mlir",
    // 16-bit floats broadcast to run-time sizes: a bfloat16 scalar, size-1
    // dimensions of bfloat16, float16 broadcast (issue 34: the splat went
    // through float and called __truncsfbf2, which the JIT lacks).
    R"mlir(func.func @main(%x: tensor<bf16>, %s: tensor<1xi64>) -> tensor<?xbf16> {
  %y = sonnx.expand %x, %s : (tensor<bf16>, tensor<1xi64>) -> tensor<?xbf16>
  return %y : tensor<?xbf16>
})mlir",
    R"mlir(func.func @main(%x: tensor<?x?xbf16>, %s: tensor<3xi64>) -> tensor<?x?x?xbf16> {
  %y = sonnx.expand %x, %s : (tensor<?x?xbf16>, tensor<3xi64>) -> tensor<?x?x?xbf16>
  return %y : tensor<?x?x?xbf16>
})mlir",
    R"mlir(func.func @main(%a: tensor<?x?xf16>, %b: tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %y:2 = sonnx.broadcast %a, %b : (tensor<?x?xf16>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>)
  return %y#0, %y#1 : tensor<?x?xf16>, tensor<?x?xf16>
})mlir",
};
constexpr size_t kNumModels = std::size(kModels);

/// The bits of data element `i` of a float type: odd elements the
/// subnormal (or small integer bits) i, even ones a signaling NaN whose
/// payload counts them, negative every fourth.
uint64_t elementBits(FloatType type, int64_t i) {
  unsigned width = type.getWidth();
  unsigned mantissa = type.getFPMantissaWidth() - 1;
  uint64_t exponent = ((uint64_t(1) << (width - 1 - mantissa)) - 1) << mantissa;
  uint64_t payloads = (uint64_t(1) << (mantissa - 1)) - 1;
  if (i % 2)
    return uint64_t(i) & ((uint64_t(1) << mantissa) - 1);
  uint64_t bits = exponent | (uint64_t(i / 2) % payloads + 1);
  if (i % 4 == 2)
    bits |= uint64_t(1) << (width - 1);
  return bits;
}

/// The bytes of element `i` of `attr` (a splat holds one).
llvm::StringRef elementBytes(DenseElementsAttr attr, int64_t i) {
  size_t bytes = (attr.getElementType().getIntOrFloatBitWidth() + 7) / 8;
  llvm::ArrayRef<char> raw = attr.getRawData();
  size_t offset = attr.isSplat() ? 0 : size_t(i) * bytes;
  return llvm::StringRef(raw.data() + offset, bytes);
}

/// Largest number of result elements a call may produce (larger ones are
/// not run: the fuzzer looks for wrong answers, not for memory limits).
constexpr int64_t kMaxResultElements = int64_t(1) << 20;

/// Reads the fuzz bytes in the documented way; past the end, zeros.
class ByteReader {
public:
  ByteReader(const uint8_t *data, size_t size) : data(data), size(size) {}
  uint8_t byte() { return pos < size ? data[pos++] : 0; }
  int64_t size_() { return byte() % 8; }
  int64_t value() {
    uint8_t b = byte();
    if (b < 240)
      return int64_t(b % 24) - 4;
    uint64_t bits = 0;
    for (int i = 0; i < 8; ++i)
      bits = (bits << 8) | byte();
    int64_t result;
    std::memcpy(&result, &bits, sizeof(result));
    return result;
  }

private:
  const uint8_t *data;
  size_t size;
  size_t pos = 0;
};

struct Model {
  OwningOpRef<ModuleOp> module; // The parsed module, for the oracle.
  std::unique_ptr<JITFunction> function;
};

struct State {
  MLIRContext context;
  std::vector<Model> models;
  State() : context(MLIRContext::Threading::DISABLED) {}
};

State &getState() {
  static State *state = [] {
    auto *state = new State;
    DialectRegistry registry;
    registerJITRunnerDialects(registry);
    state->context.appendDialectRegistry(registry);
    state->context.loadAllAvailableDialects();
    initializeJITRunnerTarget();
    for (const char *source : kModels) {
      Model model;
      model.module = parseSourceString<ModuleOp>(source, &state->context);
      OwningOpRef<ModuleOp> copy =
          model.module ? model.module->clone() : nullptr;
      JITCompileOptions compileOptions;
#if defined(__x86_64__)
      // 16-bit floats on the baseline CPU, which has no native type for
      // them (issue 34): the lowering must move their bits as integers.
      if (model.module)
        if (auto main = model.module->lookupSymbol<func::FuncOp>("main"))
          if (llvm::any_of(main.getArgumentTypes(), [](Type type) {
                Type element = getElementTypeOrSelf(type);
                return element.isF16() || element.isBF16();
              }))
            compileOptions.cpu = "x86-64";
#endif
      auto function =
          copy ? JITFunction::compile(std::move(copy), "main", compileOptions)
               : llvm::Expected<std::unique_ptr<JITFunction>>(
                     llvm::createStringError("the model does not parse"));
      if (!function)
        reportFinding("a model of the fuzz target does not compile",
                      llvm::toString(function.takeError()) + "\n" + source);
      model.function = std::move(*function);
      state->models.push_back(std::move(model));
    }
    return state;
  }();
  return *state;
}

Operation *getTheOp(ModuleOp module) {
  Operation *found = nullptr;
  module.walk([&](Operation *op) {
    if (isa<SONNXDialect>(op->getDialect()))
      found = op;
  });
  return found;
}

/// Row-major index of the element of `shape` that the element `index` of
/// the broadcast result `resultShape` reads (shapes aligned to the right,
/// size-1 dimensions replicated).
int64_t broadcastSource(llvm::ArrayRef<int64_t> shape,
                        llvm::ArrayRef<int64_t> resultShape, int64_t index) {
  int64_t source = 0, stride = 1;
  for (size_t k = 0; k < resultShape.size(); ++k) {
    size_t d = resultShape.size() - 1 - k;
    int64_t i = index % resultShape[d];
    index /= resultShape[d];
    if (k < shape.size()) {
      size_t s = shape.size() - 1 - k;
      if (shape[s] != 1)
        source += i * stride;
      stride *= shape[s];
    }
  }
  return source;
}

std::string describe(llvm::ArrayRef<DenseElementsAttr> arguments) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (DenseElementsAttr argument : arguments) {
    if (argument.getType().getNumElements() <= 64)
      os << "  argument " << argument << "\n";
    else
      os << "  argument of type " << argument.getType() << "\n";
  }
  return text;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  getState();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  State &state = getState();
  MLIRContext *context = &state.context;
  ByteReader reader(data, size);
  Model &model = state.models[reader.byte() % kNumModels];
  Operation *op = getTheOp(*model.module);

  // The arguments: data inputs of fuzzed sizes holding 0, 1, 2, ...; a
  // shape/axes input of fuzzed values.
  llvm::SmallVector<DenseElementsAttr> arguments;
  llvm::SmallVector<Type> staticTypes;
  std::optional<ShapeOperand> shapeOperand;
  for (RankedTensorType type : model.function->getArgumentTypes()) {
    if (type.getElementType().isInteger(64)) {
      llvm::SmallVector<int64_t> values;
      for (int64_t i = 0; i < type.getDimSize(0); ++i)
        values.push_back(reader.value());
      arguments.push_back(
          DenseElementsAttr::get(type, llvm::ArrayRef<int64_t>(values)));
      shapeOperand = ShapeOperand{type.getDimSize(0), values};
      continue;
    }
    llvm::SmallVector<int64_t> shape;
    for (int64_t d = 0; d < type.getRank(); ++d)
      shape.push_back(reader.size_());
    auto elementType = cast<FloatType>(type.getElementType());
    auto staticType = RankedTensorType::get(shape, elementType);
    size_t bytes = elementType.getWidth() / 8;
    std::vector<char> raw(size_t(staticType.getNumElements()) * bytes);
    for (int64_t i = 0, e = staticType.getNumElements(); i < e; ++i) {
      uint64_t bits = elementBits(elementType, i);
      // Little-endian, as the JIT's buffers hold it.
      for (size_t b = 0; b < bytes; ++b)
        raw[size_t(i) * bytes + b] = static_cast<char>(bits >> (8 * b));
    }
    arguments.push_back(DenseElementsAttr::getFromRawBuffer(staticType, raw));
    staticTypes.push_back(staticType);
  }

  // The compile-time verdict on the same values.
  DiagnosticCollector diagnostics(context);
  Location loc = op->getLoc();
  FailureOr<OpVerification> verdict = failure();
  Type resultType = op->getResultTypes().front();
  auto profileOp = cast<ProfileOpInterface>(op);
  switch (profileOp.getProfileOp()) {
  case ProfileOp::Reshape:
    verdict = verifyReshapeOp(loc, staticTypes[0], *shapeOperand,
                              cast<ReshapeOp>(op).isAllowZero(), resultType);
    break;
  case ProfileOp::Unsqueeze:
    verdict = verifyUnsqueezeOp(loc, staticTypes[0], *shapeOperand, resultType);
    break;
  case ProfileOp::Expand:
    verdict = verifyExpandOp(loc, staticTypes[0], *shapeOperand,
                             cast<ExpandOp>(op).getAxesMapping(), resultType);
    break;
  case ProfileOp::Flatten:
    verdict = verifyFlattenOp(loc, staticTypes[0],
                              cast<FlattenOp>(op).getAxis(), resultType);
    break;
  case ProfileOp::Broadcast:
    verdict = verifyBroadcastOp(loc, staticTypes, op->getResultTypes());
    break;
  }

  std::optional<RuleID> expectedRule;
  llvm::SmallVector<llvm::SmallVector<int64_t>> expectedShapes;
  if (failed(verdict)) {
    expectedRule = diagnostics.getFirstRule();
    if (!expectedRule)
      reportFinding("the verification failed without citing a rule",
                    diagnostics.str() + describe(arguments));
  } else {
    for (const InferredShape &shape : verdict->resultShapes) {
      if (!shape || llvm::is_contained(*shape, ShapedType::kDynamic))
        reportFinding("the verification of static values left a size unknown",
                      describe(arguments));
      std::optional<int64_t> count = getStaticElementCount(*shape);
      if (!count || *count > kMaxResultElements)
        return 0;
      expectedShapes.emplace_back(shape->begin(), shape->end());
    }
  }

  JITRunOptions options;
  options.timeoutSeconds = 20;
  options.maxMemoryBytes = uint64_t(1) << 31;
  auto results = model.function->call(arguments, options);
  if (!results) {
    std::string message;
    JITRunFailure kind = JITRunFailure::Internal;
    std::optional<RuleID> rule;
    llvm::handleAllErrors(results.takeError(), [&](const JITRunError &error) {
      message = error.getMessage();
      kind = error.getKind();
      rule = error.getRule();
    });
    if (!expectedRule)
      reportFinding("a valid call failed",
                    message + "\n" + describe(arguments));
    // With several rules broken, the checks may meet another one first
    // (the verification and the run-time checks do not test the rules in
    // the same order): any rule the model's op leaves to run time will do.
    FailureOr<OpVerification> deferred = verifySONNXOp(op);
    if (kind != JITRunFailure::RuntimeCheck ||
        (rule != expectedRule &&
         (!rule || failed(deferred) || !deferred->defers(*rule))))
      reportFinding("the run-time check does not cite the rule that the "
                    "verification cites (" +
                        getRuleText(*expectedRule).str() +
                        ") nor one that the op defers",
                    message + "\n" + diagnostics.str() + describe(arguments));
    return 0;
  }
  if (expectedRule)
    reportFinding("a call that breaks [" + getRuleText(*expectedRule).str() +
                      "] succeeded",
                  diagnostics.str() + describe(arguments));

  // Shapes and values.
  if (results->size() != expectedShapes.size())
    reportFinding("wrong number of results", describe(arguments));
  bool broadcasts = !profileOp.isView();
  for (auto [r, result] : llvm::enumerate(*results)) {
    auto type = cast<RankedTensorType>(result.getType());
    if (type.getShape() != llvm::ArrayRef<int64_t>(expectedShapes[r]))
      reportFinding("a result has the wrong shape",
                    "got " + std::to_string(type.getRank()) + "-D result\n" +
                        describe(arguments));
    DenseElementsAttr input =
        broadcasts && r < arguments.size() ? arguments[r] : arguments.front();
    auto inputShape = cast<RankedTensorType>(input.getType()).getShape();
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
      int64_t source =
          broadcasts ? broadcastSource(inputShape, type.getShape(), i) : i;
      if (elementBytes(result, i) != elementBytes(input, source))
        reportFinding("a result has wrong bits at element " +
                          std::to_string(i) + " (of " + std::to_string(e) + ")",
                      describe(arguments));
    }
  }
  return 0;
}
