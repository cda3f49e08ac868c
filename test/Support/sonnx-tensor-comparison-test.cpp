//===- sonnx-tensor-comparison-test.cpp - print describeTensorMismatch ----===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Prints what describeTensorMismatch (include/SONNX/Support/
// TensorComparison.h, the exact comparison of the runners' outputs with the
// expected ones) says of pairs of tensors, one line per case, for
// tensor-comparison.test: equal values, a value missing, types that differ,
// and one differing element of each kind of element type (the bits of
// floats: -0.0 differs from 0.0, and a NaN payload from another).
//
//===----------------------------------------------------------------------===//

#include "SONNX/Dialect/SONNX/IR/SONNXDialect.h"
#include "SONNX/Dialect/SONNX/IR/SONNXTypes.h"
#include "SONNX/Support/TensorComparison.h"
#include "SONNX/Support/TensorUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::sonnx;

static void print(llvm::StringRef name, DenseElementsAttr expected,
                  DenseElementsAttr actual) {
  std::optional<std::string> mismatch =
      describeTensorMismatch(expected, actual);
  llvm::outs() << name << ": " << (mismatch ? *mismatch : "equal") << "\n";
}

static DenseElementsAttr floats(MLIRContext &context,
                                llvm::ArrayRef<int64_t> shape,
                                llvm::ArrayRef<float> values) {
  auto type = RankedTensorType::get(shape, Float32Type::get(&context));
  return DenseElementsAttr::get(type, values);
}

static DenseElementsAttr complexes(MLIRContext &context,
                                   llvm::ArrayRef<uint64_t> bits) {
  auto type =
      RankedTensorType::get({static_cast<int64_t>(bits.size() / 2)},
                            ComplexType::get(Float32Type::get(&context)));
  return getComplexAttr(type, bits);
}

int main() {
  MLIRContext context;
  context.loadDialect<SONNXDialect>();
  Builder b(&context);

  DenseElementsAttr f = floats(context, {2, 3}, {0, 1, 2, 3, 4, 5});
  print("equal floats", f, floats(context, {2, 3}, {0, 1, 2, 3, 4, 5}));
  print("missing expected", DenseElementsAttr(), f);
  print("missing actual", f, DenseElementsAttr());
  print("shapes differ", f, floats(context, {3, 2}, {0, 1, 2, 3, 4, 5}));
  print("float element", f, floats(context, {2, 3}, {0, 1, 2, 3, 9, 5}));
  print("negative zero", floats(context, {1}, {0.0f}),
        floats(context, {1}, {-0.0f}));
  float nan1 = llvm::APFloat::getNaN(llvm::APFloat::IEEEsingle(), false, 1)
                   .convertToFloat();
  float nan2 = llvm::APFloat::getNaN(llvm::APFloat::IEEEsingle(), false, 2)
                   .convertToFloat();
  print("nan payload", floats(context, {1}, {nan1}),
        floats(context, {1}, {nan2}));

  auto i8 = RankedTensorType::get({3}, b.getIntegerType(8));
  auto ui8 = RankedTensorType::get({3}, b.getIntegerType(8, false));
  print("signed element", DenseElementsAttr::get<int8_t>(i8, {1, -2, 3}),
        DenseElementsAttr::get<int8_t>(i8, {1, -3, 3}));
  print("unsigned element", DenseElementsAttr::get<uint8_t>(ui8, {1, 200, 3}),
        DenseElementsAttr::get<uint8_t>(ui8, {1, 201, 3}));
  print("equal integers", DenseElementsAttr::get<int8_t>(i8, {1, 2, 3}),
        DenseElementsAttr::get<int8_t>(i8, {1, 2, 3}));

  auto strings = RankedTensorType::get({2}, StringType::get(&context));
  print("string element",
        DenseElementsAttr::get(strings,
                               llvm::ArrayRef<llvm::StringRef>{"a", "b"}),
        DenseElementsAttr::get(strings,
                               llvm::ArrayRef<llvm::StringRef>{"a", "c"}));
  print("equal strings",
        DenseElementsAttr::get(strings,
                               llvm::ArrayRef<llvm::StringRef>{"a", "b"}),
        DenseElementsAttr::get(strings,
                               llvm::ArrayRef<llvm::StringRef>{"a", "b"}));

  // complex<f32>: (1, 2), (3, 4) as the bits of each part.
  uint64_t one = 0x3f800000, two = 0x40000000, three = 0x40400000,
           four = 0x40800000, five = 0x40a00000;
  print("equal complexes", complexes(context, {one, two, three, four}),
        complexes(context, {one, two, three, four}));
  print("complex real part", complexes(context, {one, two, three, four}),
        complexes(context, {one, two, five, four}));
  print("complex imaginary part", complexes(context, {one, two, three, four}),
        complexes(context, {one, five, three, four}));

  // An element type the comparison does not know (index): not "equal".
  auto index = RankedTensorType::get({2}, b.getIndexType());
  print("index elements", DenseElementsAttr::get<int64_t>(index, {1, 2}),
        DenseElementsAttr::get<int64_t>(index, {1, 2}));
  return 0;
}
