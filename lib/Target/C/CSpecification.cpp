//===- CSpecification.cpp - What the C output computes, in ACSL -----------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// Writes the functional contract of a compiled function from its sonnx ops
// (see the header). The index maps are those of sonnx_index_maps.acsl; this
// file only instantiates them with the shapes of each node and composes
// them along the graph, from each output back to an input or a constant.
//
//===----------------------------------------------------------------------===//

#include "SONNX/Target/C/CSpecification.h"

#include "SONNX/Conversion/ToEmitC/ToEmitC.h"
#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Dialect/SONNX/IR/SONNXShapeUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sonnx;

llvm::StringRef mlir::sonnx::getIndexMapsACSL() {
  static const char text[] =
#include "sonnx_index_maps.acsl.inc"
      ;
  return text;
}

namespace {
/// Writes the logic functions of one compiled function.
class SpecWriter {
public:
  SpecWriter(llvm::StringRef prefix) : prefix(prefix) {}

  /// That the output element `out` (an lvalue of `k`) is what `source`
  /// says: `out == x[t]` for input `x`, `out == c(t)` for a constant (both
  /// parts of a complex one), or nullopt with `why` set when the source is
  /// not known or its constant is not stated.
  std::optional<std::string> getSource(const OutputSource &source,
                                       std::string k, llvm::StringRef out,
                                       llvm::ArrayRef<std::string> inputs,
                                       std::string &why);

  std::string definitions;

  /// A name that no logic function may take.
  void reserve(llvm::StringRef name) { used.insert(name); }

private:
  std::string getFunctionName(Location loc, llvm::StringRef suffix);
  std::string defineBroadcast(const IndexMapStep &step);
  /// The logic function of the elements of the constant of `source` (of
  /// the real parts and of the imaginary ones, for complex elements).
  std::optional<std::pair<std::string, std::string>>
  defineConstant(const OutputSource &source, std::string &why);
  std::string defineValues(const OutputSource &source, llvm::StringRef suffix,
                           llvm::ArrayRef<std::string> values,
                           llvm::StringRef what);

  std::string prefix;
  llvm::StringSet<> used;
  /// The logic function of each broadcasting result (by IndexMapStep::id).
  llvm::DenseMap<unsigned, std::string> functions;
  /// Those of each constant (by OutputSource::constantId).
  llvm::DenseMap<unsigned, std::pair<std::string, std::string>> constants;
};
} // namespace

std::string SpecWriter::getFunctionName(Location loc, llvm::StringRef suffix) {
  std::string base;
  if (std::optional<ONNXNodeAttr> node = getONNXNode(loc))
    base = node->getName().empty() ? "node" + std::to_string(node->getIndex())
                                   : sanitizeCIdentifier(node->getName().str());
  else
    base = "value";
  std::string stem = prefix + "_" + base + "_" + suffix.str();
  std::string name = stem;
  for (int k = 2; !used.insert(name).second; ++k)
    name = stem + "_" + std::to_string(k);
  return name;
}

/// How a comment names the op `opName` at `loc`: its ONNX node, or the op.
static std::string describe(Location loc, llvm::StringRef opName) {
  llvm::SmallVector<std::string> labels = getSourceLabels(loc);
  return commentSafe(labels.empty() ? opName.str() : labels.front());
}

std::string SpecWriter::defineBroadcast(const IndexMapStep &step) {
  std::string name = getFunctionName(step.loc, "source");
  llvm::SmallVector<std::string> terms;
  for (auto [j, size] : llvm::enumerate(step.inputShape)) {
    int64_t axis = step.axes[j];
    int64_t outSize = step.resultShape[axis];
    terms.push_back(("sonnx_broadcast_f(sonnx_axis_index(k, " +
                     llvm::Twine(step.resultStrides[axis]) + ", " +
                     llvm::Twine(outSize) + "), " + llvm::Twine(size) + ", " +
                     llvm::Twine(outSize) + ") * " +
                     llvm::Twine(step.inputStrides[j]))
                        .str());
  }
  std::string axes = llvm::join(
      llvm::map_range(step.axes, [](int64_t a) { return std::to_string(a); }),
      ", ");
  definitions +=
      "/* " + describe(step.loc, step.opName) + ": " +
      formatShape(step.inputShape) + " -> " + formatShape(step.resultShape) +
      "; input axis j is axis [" + axes +
      "][j] of the result. */\n/*@ logic integer " + name +
      "(integer k) =\n      " +
      (terms.empty() ? std::string("0") : llvm::join(terms, " +\n      ")) +
      "; */\n";
  return name;
}

/// `bits` of an element of C type `cType` as the integer that C holds.
static std::string formatElement(const llvm::APInt &bits,
                                 llvm::StringRef cType) {
  if (cType.starts_with("int"))
    return llvm::toString(bits, 10, /*Signed=*/true);
  return llvm::toString(bits, 10, /*Signed=*/false);
}

/// A term of `k` that is `values[k]` for k in [lo, hi): a balanced tree of
/// conditionals (depth log2 of the count).
static std::string selectElement(llvm::ArrayRef<std::string> values, size_t lo,
                                 size_t hi) {
  if (hi - lo == 1)
    return values[lo];
  size_t mid = lo + (hi - lo) / 2;
  return "(k < " + std::to_string(mid) + " ? " +
         selectElement(values, lo, mid) + " : " +
         selectElement(values, mid, hi) + ")";
}

std::string mlir::sonnx::defineLogicTable(llvm::StringRef name,
                                          llvm::ArrayRef<std::string> values) {
  return "/*@ logic integer " + name.str() + "(integer k) =\n      " +
         (values.empty() ? std::string("0")
                         : selectElement(values, 0, values.size())) +
         "; */\n";
}

std::optional<std::pair<std::string, std::string>>
SpecWriter::defineConstant(const OutputSource &source, std::string &why) {
  DenseElementsAttr attr = source.constant;
  auto type = cast<RankedTensorType>(attr.getType());
  std::optional<CElementType> row = lookupCElementType(type.getElementType());
  if (!row) {
    why = "a constant that is not a dense tensor of a C element type";
    return std::nullopt;
  }
  Type element = type.getElementType();
  llvm::SmallVector<std::string> values;
  if (auto complex = dyn_cast<ComplexType>(element)) {
    // Two functions: the bits of the real parts and of the imaginary ones.
    llvm::SmallVector<std::string> imaginary;
    for (const std::complex<llvm::APFloat> &value :
         attr.getValues<std::complex<llvm::APFloat>>()) {
      values.push_back(
          llvm::toString(value.real().bitcastToAPInt(), 10, false));
      imaginary.push_back(
          llvm::toString(value.imag().bitcastToAPInt(), 10, false));
    }
    std::string real = defineValues(source, "constant_re", values,
                                    "the bits of the real parts");
    std::string imag = defineValues(source, "constant_im", imaginary,
                                    "the bits of the imaginary parts");
    return std::make_pair(real, imag);
  }
  if (auto floatType = dyn_cast<FloatType>(element)) {
    for (const llvm::APFloat &value : attr.getValues<llvm::APFloat>())
      values.push_back(
          llvm::toString(value.bitcastToAPInt(), 10, /*Signed=*/false));
  } else if (element.isInteger(1)) {
    for (bool value : attr.getValues<bool>())
      values.push_back(value ? "1" : "0");
  } else if (isa<IntegerType>(element)) {
    for (const llvm::APInt &value : attr.getValues<llvm::APInt>())
      values.push_back(formatElement(value, row->interfaceName));
  } else {
    why = "a constant of " + typeToString(element) +
          " elements, which the contract does not state";
    return std::nullopt;
  }
  return std::make_pair(
      defineValues(source, "constant", values, row->interfaceName + " values"),
      std::string());
}

std::string SpecWriter::defineValues(const OutputSource &source,
                                     llvm::StringRef suffix,
                                     llvm::ArrayRef<std::string> values,
                                     llvm::StringRef what) {
  auto type = cast<RankedTensorType>(source.constant.getType());
  std::string name = getFunctionName(source.constantLoc, suffix);
  definitions += "/* " + describe(source.constantLoc, source.constantOpName) +
                 ": the elements of a constant " +
                 formatShape(type.getShape()) + " x " +
                 typeToString(type.getElementType()) + " (" + what.str() +
                 "). */\n" + defineLogicTable(name, values);
  return name;
}

std::optional<std::string>
SpecWriter::getSource(const OutputSource &source, std::string k,
                      llvm::StringRef out, llvm::ArrayRef<std::string> inputs,
                      std::string &why) {
  // The maps from the output inwards: a view by the logic function named
  // after its op (sonnx.reshape: sonnx_reshape_source, of
  // sonnx_index_maps.acsl), a broadcasting node by its own logic function
  // (defined once).
  for (const IndexMapStep &step : source.steps) {
    switch (step.kind) {
    case IndexMapStep::Kind::View: {
      auto [dialect, mnemonic] = llvm::StringRef(step.opName).split('.');
      k = dialect.str() + "_" + mnemonic.str() + "_source(" + k + ")";
      break;
    }
    case IndexMapStep::Kind::Broadcast: {
      std::string &name = functions[step.id];
      if (name.empty())
        name = defineBroadcast(step);
      k = name + "(" + k + ")";
      break;
    }
    }
  }
  switch (source.kind) {
  case OutputSource::Kind::Argument:
    return out.str() + " == " + inputs[source.argument] + "[" + k + "]";
  case OutputSource::Kind::Unknown:
    why = source.why;
    return std::nullopt;
  case OutputSource::Kind::Constant:
    break;
  }
  auto &names = constants[source.constantId];
  if (names.first.empty()) {
    auto defined = defineConstant(source, why);
    if (!defined)
      return std::nullopt;
    names = *defined;
  }
  if (names.second.empty())
    return out.str() + " == " + names.first + "(" + k + ")";
  return out.str() + ".re == " + names.first + "(" + k + ") && " + out.str() +
         ".im == " + names.second + "(" + k + ")";
}

CFunctionalSpec
mlir::sonnx::specifyCFunction(llvm::ArrayRef<OutputSource> sources,
                              llvm::StringRef prefix,
                              llvm::ArrayRef<AOTParameter> params) {
  CFunctionalSpec spec;
  // The index variable: no C name of the file may be it (a parameter
  // named k would be hidden), nor a suffixed one (size_t_2) or the prefix
  // of the file's own names.
  auto isTaken = [&](llvm::StringRef name) {
    auto clashes = [&](llvm::StringRef identifier) {
      return identifier == name || identifier.starts_with((name + "_").str());
    };
    return clashes(prefix) ||
           llvm::any_of(params, [&](const AOTParameter &param) {
             return clashes(param.identifier);
           });
  };
  while (isTaken(spec.index))
    spec.index += "k";
  SpecWriter writer(prefix);
  for (const AOTParameter &param : params)
    writer.reserve(param.identifier);
  // Parameters are written $N$ (N its position in `params`): the caller
  // names them (CFunctionalSpec::instantiate).
  llvm::SmallVector<std::string> inputs;
  llvm::SmallVector<std::pair<const AOTParameter *, std::string>> outputs;
  for (auto [i, param] : llvm::enumerate(params)) {
    std::string name = "$" + std::to_string(i) + "$";
    if (param.isOutput)
      outputs.emplace_back(&param, name);
    else
      inputs.push_back(name);
  }
  for (auto [output, trace] : llvm::zip_equal(outputs, sources)) {
    const AOTParameter *param = output.first;
    if (param->elements == 0)
      continue;
    std::string why;
    std::optional<std::string> source = writer.getSource(
        trace, spec.index, output.second + "[" + spec.index + "]", inputs, why);
    if (!source) {
      spec.unstated.push_back("output '" + commentSafe(param->name) +
                              "': " + commentSafe(why));
      continue;
    }
    spec.clauses.push_back("\\forall integer " + spec.index +
                           "; 0 <= " + spec.index + " < " +
                           std::to_string(param->elements) + " ==> " + *source);
  }
  spec.definitions = std::move(writer.definitions);
  return spec;
}

std::string CFunctionalSpec::instantiate(
    llvm::StringRef clause, llvm::function_ref<std::string(unsigned)> getName) {
  std::string result;
  size_t position = 0;
  while (true) {
    size_t open = clause.find('$', position);
    size_t close = open == llvm::StringRef::npos ? llvm::StringRef::npos
                                                 : clause.find('$', open + 1);
    unsigned index = 0;
    if (close == llvm::StringRef::npos ||
        clause.slice(open + 1, close).getAsInteger(10, index)) {
      result += clause.substr(position);
      return result;
    }
    result += clause.slice(position, open);
    result += getName(index);
    position = close + 1;
  }
}
