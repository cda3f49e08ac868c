//===- CAnnotations.cpp - comments and ACSL of the C output ---------------===//
//
// Part of the sonnx project.
//
//===----------------------------------------------------------------------===//
//
// The ACSL contracts of the C output and what makeReadable adds to the
// translated function: named loop bounds, a
// comment per loop nest naming its node, and the loop annotations with
// which Frama-C's WP proves the contract; a loop nest that is one copy
// states what it writes (NestCopy). Moved from CEmitter.cpp.
//
//===----------------------------------------------------------------------===//

#include "CAnnotations.h"

#include "SONNX/Conversion/ToEmitC/ToEmitC.h"
#include "SONNX/Dialect/SONNX/IR/SONNXLocations.h"
#include "SONNX/Support/SizeProduct.h"
#include "SONNX/Target/C/CSpecification.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::sonnx;

/// `base + (0 .. n-1)`, the ACSL range of an array of `n` elements.
static std::string acslRange(llvm::StringRef base, int64_t n) {
  return (base + " + (0 .. " + llvm::Twine(n - 1) + ")").str();
}

std::string mlir::sonnx::writeAssigned(
    llvm::ArrayRef<std::string> names, llvm::ArrayRef<int64_t> sizes,
    llvm::ArrayRef<bool> isOutput,
    llvm::ArrayRef<std::pair<std::string, int64_t>> buffers) {
  llvm::SmallVector<std::string> assigned;
  for (auto [name, size, output] : llvm::zip(names, sizes, isOutput))
    if (output)
      assigned.push_back(name + "[0 .. " + std::to_string(size - 1) + "]");
  for (const auto &[name, size] : buffers)
    assigned.push_back(name + "[0 .. " + std::to_string(size - 1) + "]");
  return llvm::join(assigned, ", ");
}

std::string mlir::sonnx::writeContract(
    llvm::ArrayRef<std::string> names, llvm::ArrayRef<int64_t> sizes,
    llvm::ArrayRef<bool> isOutput,
    llvm::ArrayRef<std::pair<std::string, int64_t>> buffers, bool ensuresOk,
    llvm::ArrayRef<std::string> functional) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "/*@";
  llvm::StringRef next = " ";
  auto clause = [&](const llvm::Twine &line) {
    os << next << line << ";";
    next = "\n    ";
  };
  for (auto [name, size, output] : llvm::zip(names, sizes, isOutput))
    clause((output ? "requires \\valid(" : "requires \\valid_read(") +
           acslRange(name, size) + ")");
  for (size_t i = 0; i < names.size(); ++i)
    for (size_t j = i + 1; j < names.size(); ++j)
      if (isOutput[i] || isOutput[j])
        clause("requires \\separated(" + acslRange(names[i], sizes[i]) + ", " +
               acslRange(names[j], sizes[j]) + ")");
  std::string assigned = writeAssigned(names, sizes, isOutput, buffers);
  clause("assigns " + (assigned.empty() ? std::string("\\nothing") : assigned));
  if (ensuresOk)
    clause("ensures \\result == 0");
  for (const std::string &predicate : functional)
    clause("ensures " +
           (ensuresOk ? predicate : "\\result == 0 ==> (" + predicate + ")"));
  os << " */";
  return text;
}

/// The text of `value` if an emitc.literal defines it.
static std::optional<llvm::StringRef> getLiteral(Value value) {
  if (auto literal = value.getDefiningOp<emitc::LiteralOp>())
    return literal.getValue();
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Functional loop annotations
//===----------------------------------------------------------------------===//

/// A loop nest that copies, `for (i0 < B0) ... for (in < Bn) dst[lin(i)] =
/// value(i)` with `lin` the row-major index over the bounds, and what it
/// leaves in each element k of `dst`: written from the code (the contract,
/// CSpecification.h, comes from the sonnx ops; WP proves that they agree).
struct NestCopy {
  llvm::SmallVector<emitc::ForOp> loops;
  llvm::SmallVector<int64_t> strides;
  int64_t count = 0;
  std::string destination;
  int64_t destinationSize = 0;
  /// The index variable (CFunctionalSpec::index) and the ACSL term of it
  /// that the element of `destination` at that index holds.
  std::string index, element;

  /// "i0 * 6 + i1 * 3": the elements written before iteration `ivs` of the
  /// loops up to `depth` (inner variables at 0).
  std::string writtenBefore(CNames &names, unsigned depth) const {
    llvm::SmallVector<std::string> terms;
    for (unsigned j = 0; j <= depth; ++j) {
      std::string iv = names.getLoopVariable(j).str();
      terms.push_back(
          strides[j] == 1 ? iv : iv + " * " + std::to_string(strides[j]));
    }
    return llvm::join(terms, " + ");
  }
  /// `\forall integer k; 0 <= k < BOUND ==> dst[k] == element`.
  std::string holds(llvm::StringRef bound) const {
    return ("\\forall integer " + index + "; 0 <= " + index + " < " + bound +
            " ==> " + destination + "[" + index + "] == " + element)
        .str();
  }
};

/// The integer a literal ("6U") or a constant holds.
static std::optional<int64_t> getIntegerValue(Value value) {
  if (std::optional<llvm::StringRef> literal = getLiteral(value)) {
    int64_t result;
    if (literal->rtrim('U').getAsInteger(10, result))
      return std::nullopt;
    return result;
  }
  if (auto constant = value.getDefiningOp<emitc::ConstantOp>())
    if (auto attr = dyn_cast<IntegerAttr>(constant.getValue()))
      return attr.getValue().getSExtValue();
  return std::nullopt;
}

/// The value that `expression` yields.
static Value getYielded(emitc::ExpressionOp expression) {
  return expression.getBodyRegion().front().getTerminator()->getOperand(0);
}

/// `value`, or the operand of the expression whose body argument it is.
static Value skipExpressionArgument(Value value) {
  while (auto argument = dyn_cast<BlockArgument>(value)) {
    auto expression =
        dyn_cast<emitc::ExpressionOp>(argument.getOwner()->getParentOp());
    if (!expression)
      break;
    value = expression->getOperand(argument.getArgNumber());
  }
  return value;
}

/// The C name of the array `array`: a parameter of `func` or a global.
static std::optional<std::string> getArrayName(Value array, emitc::FuncOp func,
                                               CNames &names) {
  array = skipExpressionArgument(array);
  if (auto argument = dyn_cast<BlockArgument>(array)) {
    if (argument.getOwner()->getParentOp() != func)
      return std::nullopt;
    return names.getParameter(argument.getArgNumber()).str();
  }
  if (auto global = array.getDefiningOp<emitc::GetGlobalOp>())
    return global.getName().str();
  return std::nullopt;
}

static std::optional<std::pair<llvm::SmallVector<int64_t>, int64_t>>
getAffine(Value value, llvm::ArrayRef<Value> ivs);

/// The integers of the initializer `initial` of a const array, as ACSL
/// writes them: a dense one (a bool is 0 or 1), or the C text of unsigned
/// ones ("{1U, 2U}", ConvertElementGlobal); false for any other.
static bool getElements(Attribute initial,
                        llvm::SmallVectorImpl<std::string> &elements) {
  if (auto values = dyn_cast_or_null<DenseIntElementsAttr>(initial)) {
    auto type = cast<IntegerType>(values.getElementType());
    bool isUnsigned = type.isUnsigned() || type.getWidth() == 1;
    for (const llvm::APInt &value : values.getValues<llvm::APInt>())
      elements.push_back(llvm::toString(value, 10, !isUnsigned));
    return true;
  }
  auto opaque = dyn_cast_or_null<emitc::OpaqueAttr>(initial);
  if (!opaque)
    return false;
  llvm::StringRef text = opaque.getValue();
  if (!text.consume_front("{") || !text.consume_back("}"))
    return false;
  llvm::SmallVector<llvm::StringRef> items;
  text.split(items, ", ");
  for (llvm::StringRef item : items) {
    if (!item.consume_back("U") || item.empty() ||
        !llvm::all_of(item, llvm::isDigit))
      return false;
    elements.push_back(item.str());
  }
  return true;
}

std::optional<std::string> ConstantTables::getFunction(emitc::GlobalOp global) {
  auto array = dyn_cast<emitc::ArrayType>(global.getType());
  if (!global.getConstSpecifier() || !array || array.getRank() != 1 ||
      !isa<IntegerType>(array.getElementType()))
    return std::nullopt;
  auto found = functions.find(global.getSymName());
  if (found != functions.end())
    return found->second;
  llvm::SmallVector<std::string> elements;
  if (!getElements(global.getInitialValueAttr(), elements) ||
      elements.size() != static_cast<size_t>(array.getShape().front()))
    return std::nullopt;
  std::string stem = global.getSymName().str() + "_elements";
  std::string function = stem;
  for (int k = 2; !taken.insert(function).second; ++k)
    function = stem + "_" + std::to_string(k);
  functions[global.getSymName()] = function;
  definitions += "/* The " + std::to_string(elements.size()) + " elements of " +
                 global.getSymName().str() + ". */\n" +
                 defineLogicTable(function, elements);
  return function;
}

/// The loop variables of a nest, their strides in the row-major order of
/// its iterations, and the index variable of the element they write.
struct NestIndex {
  llvm::SmallVector<Value> ivs;
  llvm::SmallVector<int64_t> strides;
  std::string index;
  /// Each loop variable's term of the index: its index along its axis.
  llvm::DenseMap<Value, std::string> digits;
  ConstantTables *constants = nullptr;
};

/// `value` as an ACSL term of the index variable of `nest`; nullopt for an
/// op that the annotations do not model. An array index that is affine in
/// the loop variables is written as such, and as the index variable itself
/// when it is the row-major index of the iterations (a plain copy).
static std::optional<std::string> getTerm(Value value, const NestIndex &nest,
                                          emitc::FuncOp func, CNames &names);

static std::optional<std::string> getIndexTerm(Value value,
                                               const NestIndex &nest,
                                               emitc::FuncOp func,
                                               CNames &names) {
  auto affine = getAffine(value, nest.ivs);
  if (!affine)
    return getTerm(value, nest, func, names);
  if (affine->second == 0 && llvm::ArrayRef<int64_t>(affine->first) ==
                                 llvm::ArrayRef<int64_t>(nest.strides))
    return nest.index;
  llvm::SmallVector<std::string> terms;
  for (auto [iv, coefficient] : llvm::zip(nest.ivs, affine->first))
    if (coefficient != 0)
      terms.push_back(coefficient == 1 ? nest.digits.lookup(iv)
                                       : nest.digits.lookup(iv) + " * " +
                                             std::to_string(coefficient));
  if (affine->second != 0 || terms.empty())
    terms.push_back(std::to_string(affine->second));
  if (terms.size() == 1)
    return terms.front();
  return "(" + llvm::join(terms, " + ") + ")";
}

static std::optional<std::string> getTerm(Value value, const NestIndex &nest,
                                          emitc::FuncOp func, CNames &names) {
  const llvm::DenseMap<Value, std::string> &ivs = nest.digits;
  value = skipExpressionArgument(value);
  auto it = ivs.find(value);
  if (it != ivs.end())
    return it->second;
  if (std::optional<int64_t> integer = getIntegerValue(value))
    return std::to_string(*integer);
  Operation *op = value.getDefiningOp();
  if (!op)
    return std::nullopt;
  if (auto expression = dyn_cast<emitc::ExpressionOp>(op))
    return getTerm(getYielded(expression), nest, func, names);
  if (auto load = dyn_cast<emitc::LoadOp>(op)) {
    auto subscript = skipExpressionArgument(load.getOperand())
                         .getDefiningOp<emitc::SubscriptOp>();
    if (!subscript || subscript.getIndices().size() != 1)
      return std::nullopt;
    std::optional<std::string> array =
        getArrayName(subscript.getValue(), func, names);
    std::optional<std::string> index =
        getIndexTerm(subscript.getIndices().front(), nest, func, names);
    if (!array || !index)
      return std::nullopt;
    if (auto get = skipExpressionArgument(subscript.getValue())
                       .getDefiningOp<emitc::GetGlobalOp>())
      if (auto global = SymbolTable::lookupNearestSymbolFrom<emitc::GlobalOp>(
              get, get.getNameAttr()))
        if (std::optional<std::string> function =
                nest.constants->getFunction(global))
          return *function + "(" + *index + ")";
    return *array + "[" + *index + "]";
  }
  const char *symbol = isa<emitc::AddOp>(op)   ? " + "
                       : isa<emitc::SubOp>(op) ? " - "
                       : isa<emitc::MulOp>(op) ? " * "
                       : isa<emitc::DivOp>(op) ? " / "
                       : isa<emitc::RemOp>(op) ? " % "
                                               : nullptr;
  if (!symbol || op->getNumOperands() != 2)
    return std::nullopt;
  std::optional<std::string> lhs =
      getTerm(op->getOperand(0), nest, func, names);
  std::optional<std::string> rhs =
      getTerm(op->getOperand(1), nest, func, names);
  if (!lhs || !rhs)
    return std::nullopt;
  return "(" + *lhs + symbol + *rhs + ")";
}

/// `value` as `sum(coefficients[j] * ivs[j]) + constant`, if it is one.
static std::optional<std::pair<llvm::SmallVector<int64_t>, int64_t>>
getAffine(Value value, llvm::ArrayRef<Value> ivs) {
  using Affine = std::pair<llvm::SmallVector<int64_t>, int64_t>;
  value = skipExpressionArgument(value);
  if (const Value *iv = llvm::find(ivs, value); iv != ivs.end()) {
    Affine result{llvm::SmallVector<int64_t>(ivs.size(), 0), 0};
    result.first[iv - ivs.begin()] = 1;
    return result;
  }
  if (std::optional<int64_t> integer = getIntegerValue(value))
    return Affine{llvm::SmallVector<int64_t>(ivs.size(), 0), *integer};
  Operation *op = value.getDefiningOp();
  if (auto expression = dyn_cast_or_null<emitc::ExpressionOp>(op))
    return getAffine(getYielded(expression), ivs);
  if (!isa_and_nonnull<emitc::AddOp, emitc::MulOp>(op))
    return std::nullopt;
  auto lhs = getAffine(op->getOperand(0), ivs);
  auto rhs = getAffine(op->getOperand(1), ivs);
  if (!lhs || !rhs)
    return std::nullopt;
  auto isConstant = [](const Affine &a) {
    return llvm::all_of(a.first, [](int64_t c) { return c == 0; });
  };
  if (isa<emitc::AddOp>(op)) {
    for (auto [a, b] : llvm::zip(lhs->first, rhs->first))
      a += b;
    lhs->second += rhs->second;
    return lhs;
  }
  if (!isConstant(*lhs) && !isConstant(*rhs))
    return std::nullopt;
  if (!isConstant(*lhs))
    std::swap(lhs, rhs);
  int64_t factor = lhs->second;
  for (int64_t &c : rhs->first)
    c *= factor;
  rhs->second *= factor;
  return rhs;
}

/// `nest` as a NestCopy, or nullopt with `why` set.
static std::optional<NestCopy> analyzeNest(emitc::ForOp nest,
                                           emitc::FuncOp func, CNames &names,
                                           llvm::StringRef index,
                                           ConstantTables &constants,
                                           std::string &why) {
  NestCopy copy;
  copy.index = index.str();
  llvm::SmallVector<int64_t> bounds;
  for (emitc::ForOp loop = nest; loop;) {
    std::optional<int64_t> lower = getIntegerValue(loop.getLowerBound());
    std::optional<int64_t> upper = getIntegerValue(loop.getUpperBound());
    std::optional<int64_t> step = getIntegerValue(loop.getStep());
    if (!lower || !upper || !step || *lower != 0 || *step != 1 || *upper < 1) {
      why = "a loop that does not run from 0 by 1 to a constant";
      return std::nullopt;
    }
    copy.loops.push_back(loop);
    bounds.push_back(*upper);
    auto inner = loop.getBody()->getOps<emitc::ForOp>();
    if (inner.empty())
      break;
    if (std::next(inner.begin()) != inner.end()) {
      why = "a loop with two inner loops";
      return std::nullopt;
    }
    loop = *inner.begin();
  }
  llvm::SmallVector<emitc::AssignOp> assigns;
  nest.walk([&](emitc::AssignOp assign) { assigns.push_back(assign); });
  bool other = false;
  nest.walk([&](Operation *op) {
    other |= isa<emitc::IfOp, emitc::CallOpaqueOp, emitc::CallOp,
                 emitc::VerbatimOp, emitc::ReturnOp>(op);
  });
  if (assigns.size() != 1 || other) {
    why = "a loop nest that is not one copy";
    return std::nullopt;
  }
  auto destination =
      assigns.front().getVar().getDefiningOp<emitc::SubscriptOp>();
  std::optional<std::string> name =
      destination && destination.getIndices().size() == 1
          ? getArrayName(destination.getValue(), func, names)
          : std::nullopt;
  auto array =
      destination ? dyn_cast<emitc::ArrayType>(destination.getValue().getType())
                  : emitc::ArrayType();
  if (!name || !array || array.getRank() != 1) {
    why = "a copy into something other than an array";
    return std::nullopt;
  }
  copy.destination = *name;
  copy.destinationSize = array.getShape().front();

  llvm::SmallVector<Value> ivs = llvm::map_to_vector(
      copy.loops, [](emitc::ForOp loop) { return loop.getInductionVar(); });
  copy.strides = getRowMajorStrides(bounds);
  copy.count = copy.strides.front() * bounds.front();
  auto affine = getAffine(destination.getIndices().front(), ivs);
  if (!affine || affine->second != 0 ||
      llvm::ArrayRef<int64_t>(affine->first) !=
          llvm::ArrayRef<int64_t>(copy.strides) ||
      copy.count > copy.destinationSize) {
    why = "a copy whose destination is not written in row-major order";
    return std::nullopt;
  }
  // Loop variable j at the element k: its index along axis j.
  NestIndex context;
  context.ivs = ivs;
  context.strides = copy.strides;
  context.index = copy.index;
  context.constants = &constants;
  llvm::DenseMap<Value, std::string> &digits = context.digits;
  for (auto [j, iv] : llvm::enumerate(ivs)) {
    std::string quotient =
        copy.strides[j] == 1
            ? copy.index
            : "(" + copy.index + " / " + std::to_string(copy.strides[j]) + ")";
    digits[iv] = j == 0
                     ? quotient
                     : "(" + quotient + " % " + std::to_string(bounds[j]) + ")";
  }
  std::optional<std::string> element =
      getTerm(assigns.front().getValue(), context, func, names);
  if (!element) {
    why = "a copy of a value that the annotations do not model";
    return std::nullopt;
  }
  copy.element = *element;
  return copy;
}

void mlir::sonnx::makeReadable(emitc::FuncOp func,
                               llvm::ArrayRef<CompiledNode> nodes,
                               const ComputeSignature &signature, CNames &names,
                               llvm::StringRef macroPrefix,
                               llvm::StringRef loopAssigns,
                               llvm::StringRef index, ConstantTables &constants,
                               std::string &macros,
                               std::string &notFunctional) {
  OpBuilder builder(func.getContext());
  // The node or output of a loop nest: its location's node, else the
  // output argument that it writes.
  auto describeNest =
      [&](emitc::ForOp nest) -> std::pair<std::string, std::string> {
    llvm::SmallVector<std::string> labels = getSourceLabels(nest.getLoc());
    if (!labels.empty()) {
      // "node 1 'x' (Expand, opset 14): sonnx.expand; checked at ...": the
      // op's version is the opset of the ONNX domain the model imports.
      const std::string &label = labels.front();
      std::optional<ONNXNodeAttr> node = getONNXNode(nest.getLoc());
      std::string text = node ? commentSafe(formatONNXNodeLabel(
                                    node->getIndex(), node->getName(),
                                    (node->getOpType() + ", opset " +
                                     llvm::Twine(node->getOpset()))
                                        .str()))
                              : commentSafe(label);
      // The compiled node of the nest: by its ONNX node, or else (a
      // hand-written module) by its label.
      const CompiledNode *compiled =
          llvm::find_if(nodes, [&](const CompiledNode &n) {
            return node ? n.node == node : n.label == label;
          });
      if (compiled != nodes.end())
        text += commentSafe(": " + compiled->opName) + "; " +
                commentSafe(compiled->getCheckedLines());
      // The node's name, or node1 for an unnamed node.
      std::string base =
          !node ? sanitizeCIdentifier(label)
          : node->getName().empty()
              ? sanitizeCIdentifier("node " + std::to_string(node->getIndex()))
              : sanitizeCIdentifier(node->getName().str());
      return {text, base};
    }
    std::optional<unsigned> written;
    nest.walk([&](emitc::SubscriptOp subscript) {
      if (auto argument = dyn_cast<BlockArgument>(subscript.getValue()))
        if (argument.getOwner()->getParentOp() == func &&
            signature.isOutput[argument.getArgNumber()])
          written = argument.getArgNumber();
    });
    if (!written)
      return {"", "loop"};
    const std::string &producer = signature.producers[*written];
    std::string text = "output '" + signature.identifiers[*written] + "'";
    if (!producer.empty())
      text += ": the value of " + commentSafe(producer) + ", copied";
    return {text, signature.identifiers[*written]};
  };

  llvm::StringMap<std::string> bounds; // macro name -> value
  auto nameBound = [&](const std::string &base, unsigned depth,
                       llvm::StringRef value) {
    std::string stem =
        (macroPrefix + "_" + base + "_D" + llvm::Twine(depth)).str();
    std::string name = stem;
    for (int k = 2;; ++k) {
      auto [it, inserted] = bounds.try_emplace(name, value.str());
      if (inserted) {
        macros += "#define " + name + " " + value.str() + "U\n";
        return name;
      }
      if (it->second == value)
        return name;
      name = stem + "_" + std::to_string(k);
    }
  };

  std::optional<std::string> previous;
  for (Operation &op : llvm::make_early_inc_range(func.getBody().front())) {
    auto nest = dyn_cast<emitc::ForOp>(op);
    if (!nest)
      continue;
    // Not a structured binding: the lambda below captures `base`.
    std::pair<std::string, std::string> described = describeNest(nest);
    const std::string &comment = described.first;
    const std::string &base = described.second;
    if (!comment.empty() && comment != previous) {
      builder.setInsertionPoint(nest);
      emitc::VerbatimOp::create(builder, nest.getLoc(),
                                "/* " + comment + " */");
    }
    previous = comment;
    // Before the bounds become macros: the copy that the nest makes, which
    // its invariants state (a nest that is not one copy assigns what the
    // function may, and the function gets no functional contract).
    std::string why;
    std::optional<NestCopy> copy =
        analyzeNest(nest, func, names, index, constants, why);
    if (!copy && notFunctional.empty())
      notFunctional = why;
    nest.walk<WalkOrder::PreOrder>([&](emitc::ForOp loop) {
      unsigned depth = 0;
      for (Operation *parent = loop->getParentOp(); parent != func;
           parent = parent->getParentOp())
        depth += isa<emitc::ForOp>(parent);
      std::optional<llvm::StringRef> lower = getLiteral(loop.getLowerBound());
      std::optional<llvm::StringRef> upper = getLiteral(loop.getUpperBound());
      std::optional<llvm::StringRef> step = getLiteral(loop.getStep());
      if (!lower || !upper || !step || step->rtrim('U') != "1")
        return;
      builder.setInsertionPoint(loop);
      std::string bound = nameBound(base, depth, upper->rtrim('U'));
      loop.getUpperBoundMutable().assign(emitc::LiteralOp::create(
          builder, loop.getLoc(), loop.getUpperBound().getType(), bound));
      // The emitter indents each line of the text as the loop.
      std::string iv = names.getLoopVariable(depth).str();
      // What the iterations before this one have written, and what the
      // loop assigns: the nest's destination.
      std::string functional, assigns = loopAssigns.str();
      if (copy) {
        functional = "    loop invariant " +
                     copy->holds(copy->writtenBefore(names, depth)) + ";\n";
        assigns = copy->destination + "[0 .. " +
                  std::to_string(copy->destinationSize - 1) + "]";
      }
      emitc::VerbatimOp::create(
          builder, loop.getLoc(),
          ("/*@ loop invariant " + lower->rtrim('U') + " <= " + iv +
           " <= " + bound + ";\n" + functional + "    loop assigns " + iv +
           (assigns.empty() ? "" : ", ") + assigns + ";\n" +
           "    loop variant " + bound + " - " + iv + "; */")
              .str());
    });
    // What the nest has written.
    if (copy) {
      builder.setInsertionPointAfter(nest);
      emitc::VerbatimOp::create(
          builder, nest.getLoc(),
          "/*@ assert " + copy->holds(std::to_string(copy->count)) + "; */");
    }
  }
}
